// The older CANN path of the library's math header (lib/math/sign.h): adv_api/math/sign.h.
#pragma once
#include "adv_api/math/sign.h"
