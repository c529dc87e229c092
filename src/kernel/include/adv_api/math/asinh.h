// adv_api/math/asinh.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
