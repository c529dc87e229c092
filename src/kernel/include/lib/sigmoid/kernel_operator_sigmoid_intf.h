// The older CANN path of the library's Sigmoid (lib/sigmoid/kernel_operator_sigmoid_intf.h): adv_api/activation/sigmoid.h.
#pragma once
#include "adv_api/activation/sigmoid.h"
