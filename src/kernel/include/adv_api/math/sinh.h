// adv_api/math/sinh.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
