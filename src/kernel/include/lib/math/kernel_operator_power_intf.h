// The older CANN path of the library's math header (lib/math/kernel_operator_power_intf.h): adv_api/math/power.h.
#pragma once
#include "adv_api/math/power.h"
