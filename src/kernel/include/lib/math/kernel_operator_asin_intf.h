// The older CANN path of the library's math header (lib/math/kernel_operator_asin_intf.h): adv_api/math/asin.h.
#pragma once
#include "adv_api/math/asin.h"
