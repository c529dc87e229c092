// The older CANN path of the library's math header (lib/math/kernel_operator_cosh_intf.h): adv_api/math/cosh.h.
#pragma once
#include "adv_api/math/cosh.h"
