// The older CANN path of the library's math header (lib/math/cos.h): adv_api/math/cos.h.
#pragma once
#include "adv_api/math/cos.h"
