// adv_api/math/atanh.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
