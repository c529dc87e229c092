// adv_api/math/cosh.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
