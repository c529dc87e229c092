// The older CANN path of the library's math header (lib/math/kernel_operator_atanh_intf.h): adv_api/math/atanh.h.
#pragma once
#include "adv_api/math/atanh.h"
