// CANN's kernel_basic_intf.h, which kernels include by this name alone: ascstep's Ascend C is one set of
// headers, all brought by kernel_operator.h.
#pragma once
#include "kernel_operator.h"
