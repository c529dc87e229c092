// The older CANN path of the library's math header (lib/math/ceil.h): adv_api/math/ceil.h.
#pragma once
#include "adv_api/math/ceil.h"
