// The older CANN path of the library's Trunc (lib/math/trunc.h): adv_api/math/trunc.h.
#pragma once
#include "adv_api/math/trunc.h"
