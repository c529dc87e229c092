// ascstep's utils/debug/asc_printf.h: CANN's header of the kernel's printf calls (AscendC::printf,
// PRINTF, DumpTensor); ascstep's are in kernel_operator.h (docs/format.md §12.3).
#pragma once
#include "../../kernel_operator.h"
