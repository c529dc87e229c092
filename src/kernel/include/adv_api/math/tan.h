// adv_api/math/tan.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
