// adv_api/math/acosh.h: see inverse_hyperbolic.h.
#pragma once
#include "inverse_hyperbolic.h"
