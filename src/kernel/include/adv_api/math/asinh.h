// adv_api/math/asinh.h: see inverse_hyperbolic.h.
#pragma once
#include "inverse_hyperbolic.h"
