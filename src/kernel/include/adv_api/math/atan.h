// adv_api/math/atan.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
