// adv_api/math/acos.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
