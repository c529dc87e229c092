// ascstep: CANN's basic_api/kernel_operator_set_atomic_intf.h, the header the atomic pages name
// (DK:原子操作/SetAtomicAdd); the definitions are in ../kernel_operator.h.
#pragma once
#include "../kernel_operator.h"
