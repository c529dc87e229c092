// ascstep: CANN's base/registry/op_impl_space_registry_v2.h, for host code (docs/format.md §13, host tiling): the declarations are in ascstep/host_tiling.h.
#pragma once
#include "ascstep/host_tiling.h"
