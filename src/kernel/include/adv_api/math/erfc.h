// adv_api/math/erfc.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
