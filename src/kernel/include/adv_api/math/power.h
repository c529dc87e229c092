// adv_api/math/power.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
