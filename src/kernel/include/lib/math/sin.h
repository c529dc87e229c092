// The older CANN path of the library's Sin (lib/math/sin.h): adv_api/math/sin.h.
#pragma once
#include "adv_api/math/sin.h"
