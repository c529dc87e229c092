// The older CANN path of the library's math header (lib/math/kernel_operator_tan_intf.h): adv_api/math/tan.h.
#pragma once
#include "adv_api/math/tan.h"
