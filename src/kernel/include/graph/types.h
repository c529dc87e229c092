// ascstep: CANN's graph/types.h, for host code (docs/format.md §13, host tiling): the declarations are in ascstep/host_types.h.
#pragma once
#include "ascstep/host_types.h"
