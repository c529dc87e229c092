// adv_api/math/atanh.h: see inverse_hyperbolic.h.
#pragma once
#include "inverse_hyperbolic.h"
