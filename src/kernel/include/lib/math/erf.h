// The older CANN path of the library's math header (lib/math/erf.h): adv_api/math/erf.h.
#pragma once
#include "adv_api/math/erf.h"
