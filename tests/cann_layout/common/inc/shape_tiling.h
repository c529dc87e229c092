// A tiling struct shared by several ops of this repository-shaped tree (tests/kernels/),
// nested by scaled_table's: written with CANN's tiling macros, as the repositories' are.
#pragma once
#include "register/tilingdata_base.h"

constexpr uint32_t MAX_DIMS = 4;

namespace optiling {
BEGIN_TILING_DATA_DEF(ShapeTiling)
TILING_DATA_FIELD_DEF(uint32_t, tileLen);
TILING_DATA_FIELD_DEF_ARR(uint32_t, MAX_DIMS, dims);
END_TILING_DATA_DEF;
}  // namespace optiling
