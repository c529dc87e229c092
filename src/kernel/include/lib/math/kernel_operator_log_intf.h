// The older CANN path of the library's math header (lib/math/kernel_operator_log_intf.h): adv_api/math/log.h.
#pragma once
#include "adv_api/math/log.h"
