// adv_api/math/fmod.h: see trig.h (declared, not simulated yet).
#pragma once
#include "trig.h"
