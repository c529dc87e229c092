// The older CANN path of the library's math header (lib/math/kernel_operator_atan_intf.h): adv_api/math/atan.h.
#pragma once
#include "adv_api/math/atan.h"
