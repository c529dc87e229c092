// ascstep: CANN's basic_api/kernel_operator_list_tensor_intf.h, where operator kernels include
// it from; the definitions are in ../kernel_operator_list_tensor_intf.h.
#pragma once
#include "../kernel_operator_list_tensor_intf.h"
