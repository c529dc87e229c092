// The older CANN path of the library's math header (lib/math/floor.h): adv_api/math/floor.h.
#pragma once
#include "adv_api/math/floor.h"
