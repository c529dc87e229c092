// ascstep: CANN's exe_graph/runtime/storage_shape.h, for host code (docs/format.md §13, host tiling): the declarations are in ascstep/host_types.h.
#pragma once
#include "ascstep/host_types.h"
