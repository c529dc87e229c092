// The older CANN path of the library's math header (lib/math/tanh.h): adv_api/math/tanh.h.
#pragma once
#include "adv_api/math/tanh.h"
