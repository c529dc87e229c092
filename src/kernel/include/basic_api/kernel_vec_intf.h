// basic_api/kernel_vec_intf.h: the vector calls are those of kernel_operator.h.
#pragma once
#include "../kernel_operator.h"
