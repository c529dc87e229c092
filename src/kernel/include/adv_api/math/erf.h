// adv_api/math/erf.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
