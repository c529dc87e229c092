// The older CANN path of the library's math header (lib/math/kernel_operator_sin_intf.h): adv_api/math/sin.h.
#pragma once
#include "adv_api/math/sin.h"
