// CANN's kernel_utils.h (impl/basic_api/kernel_utils.h, on the SDK's include path), which kernels
// include by this name alone for the API's utility macros, constants and parameter structs:
// ascstep's Ascend C is one set of headers, all brought by kernel_operator.h.
#pragma once
#include "kernel_operator.h"
