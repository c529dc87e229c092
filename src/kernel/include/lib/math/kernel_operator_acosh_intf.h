// The older CANN path of the library's math header (lib/math/kernel_operator_acosh_intf.h): adv_api/math/acosh.h.
#pragma once
#include "adv_api/math/acosh.h"
