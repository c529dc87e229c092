// A stand-in for CANN's internal impl/dav_c220/kernel_operator_reg_others_impl.h, which some
// kernels include directly: its public calls are those of kernel_operator.h.
#pragma once
#include "../../kernel_operator.h"
