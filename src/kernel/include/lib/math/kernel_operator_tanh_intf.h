// The older CANN path of the library's math header (lib/math/kernel_operator_tanh_intf.h): adv_api/math/tanh.h.
#pragma once
#include "adv_api/math/tanh.h"
