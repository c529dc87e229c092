// CANN's CPU debug library header of the half type (tikicpulib's kernel_fp16.h), which
// kernel unit tests include: ascstep's half and bfloat16_t.
#pragma once
#include "ascstep/types.h"
