// ascstep: CANN's exe_graph/runtime/continuous_vector.h, for host code (docs/format.md §13, host tiling): the declarations are in ascstep/host_tiling.h.
#pragma once
#include "ascstep/host_tiling.h"
