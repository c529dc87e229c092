// ascstep's utils/debug/asc_dump.h: CANN's header of the kernel's dump calls (AscendC::printf,
// PRINTF, DumpTensor); ascstep's are in kernel_operator.h (docs/format.md §12.3).
#pragma once
#include "../../kernel_operator.h"
