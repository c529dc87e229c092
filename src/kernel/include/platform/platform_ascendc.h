// ascstep: CANN's platform/platform_ascendc.h. In host code (a kernel unit test's own unit and the op_host tiling
// sources its build links, docs/format.md §13, host tiling) the declarations of ascstep/host_tiling.h; in
// a kernel's unit nothing (including it is harmless; using what it declares is a compile error
// that names it).
#pragma once
#if defined(ASCSTEP_TPL_HOST) || defined(ASCSTEP_HOST_UNIT)
#include "ascstep/host_tiling.h"
#endif
