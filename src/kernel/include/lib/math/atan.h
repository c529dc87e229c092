// The older CANN path of the library's math header (lib/math/atan.h): adv_api/math/atan.h.
#pragma once
#include "adv_api/math/atan.h"
