// The older CANN path of the library's math header (lib/math/kernel_operator_acos_intf.h): adv_api/math/acos.h.
#pragma once
#include "adv_api/math/acos.h"
