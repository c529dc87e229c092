// adv_api/math/cosh.h: Cosh is made beside Sinh (sinh.h).
#pragma once
#include "sinh.h"
