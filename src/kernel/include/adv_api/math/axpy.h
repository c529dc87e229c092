// adv_api/math/axpy.h: the library's Axpy is the vector Axpy of kernel_operator.h.
#pragma once
#include "kernel_operator.h"
