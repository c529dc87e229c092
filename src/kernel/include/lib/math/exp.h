// The older CANN path of the library's math header (lib/math/exp.h): adv_api/math/exp.h.
#pragma once
#include "adv_api/math/exp.h"
