// adv_api/math/sin.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
