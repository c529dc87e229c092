// ascstep: CANN's exe_graph/runtime/runtime_attrs.h, for host code (docs/format.md §13, host tiling): the declarations are in ascstep/host_tiling.h.
#pragma once
#include "ascstep/host_tiling.h"
