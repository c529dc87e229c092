// adv_api/math/cos.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
