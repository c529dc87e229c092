// The older CANN path of the library's math header (lib/math/power.h): adv_api/math/power.h.
#pragma once
#include "adv_api/math/power.h"
