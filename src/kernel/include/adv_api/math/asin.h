// adv_api/math/asin.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
