// The older CANN path of the library's math header (lib/math/kernel_operator_cos_intf.h): adv_api/math/cos.h.
#pragma once
#include "adv_api/math/cos.h"
