// ascstep: CANN's kernel_operator_intf.h, the interface half of kernel_operator.h.
#pragma once
#include "kernel_operator.h"
