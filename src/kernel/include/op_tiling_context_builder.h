// ascstep: CANN's op_tiling_context_builder.h, for host code (docs/format.md §13, host tiling): the declarations are in ascstep/host_builders.h.
#pragma once
#include "ascstep/host_builders.h"
