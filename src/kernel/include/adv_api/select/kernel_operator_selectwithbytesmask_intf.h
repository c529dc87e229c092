// The older CANN path of the library's Select by a byte mask: adv_api/select/selectwithbytesmask.h.
#pragma once
#include "adv_api/select/selectwithbytesmask.h"
