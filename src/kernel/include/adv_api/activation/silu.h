// adv_api/activation/silu.h: the library's Silu is in swish.h.
#pragma once
#include "adv_api/activation/swish.h"
