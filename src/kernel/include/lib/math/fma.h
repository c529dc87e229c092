// The older CANN path of the library's Fma (lib/math/fma.h): adv_api/math/fma.h.
#pragma once
#include "adv_api/math/fma.h"
