// adv_api/math/erfc.h: Erfc is made beside Erf (erf.h).
#pragma once
#include "erf.h"
