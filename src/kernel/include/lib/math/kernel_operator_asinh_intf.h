// The older CANN path of the library's math header (lib/math/kernel_operator_asinh_intf.h): adv_api/math/asinh.h.
#pragma once
#include "adv_api/math/asinh.h"
