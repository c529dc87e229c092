// The older CANN path of the library's math header (lib/math/kernel_operator_erf_intf.h): adv_api/math/erf.h.
#pragma once
#include "adv_api/math/erf.h"
