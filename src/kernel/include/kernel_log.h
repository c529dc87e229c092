// CANN's kernel_log.h (KERNEL_LOG, ASCENDC_ASSERT), which kernels and UT tiling headers include
// by this name: ascstep's Ascend C is one set of headers, all brought by kernel_operator.h.
#pragma once
#include "kernel_operator.h"
