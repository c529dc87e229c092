// adv_api/math/acosh.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
