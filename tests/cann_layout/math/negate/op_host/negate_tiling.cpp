// The host tiling (not compiled by ascstep): it includes the struct's header from op_kernel/.
#include "../op_kernel/negate_tiling_data.h"
