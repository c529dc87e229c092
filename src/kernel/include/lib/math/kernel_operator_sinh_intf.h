// The older CANN path of the library's math header (lib/math/kernel_operator_sinh_intf.h): adv_api/math/sinh.h.
#pragma once
#include "adv_api/math/sinh.h"
