// CANN's lib/pad/kernel_operator_pad_intf.h: the library's Pad and UnPad (adv_api/pad/pad.h).
#pragma once
#include "adv_api/pad/pad.h"
