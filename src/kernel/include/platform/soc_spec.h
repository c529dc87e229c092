// ascstep: CANN's platform/soc_spec.h, for host code (docs/format.md §13, host tiling): the declarations are in ascstep/host_tiling.h.
#pragma once
#include "ascstep/host_tiling.h"
