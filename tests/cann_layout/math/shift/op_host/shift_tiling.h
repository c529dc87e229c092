// shift's tiling struct, which shift_grad's host build shares (DEPENDENCIES shift).
#ifndef SHIFT_TILING_H
#define SHIFT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ShiftTilingData)
TILING_DATA_FIELD_DEF(float, offset);
TILING_DATA_FIELD_DEF(uint32_t, len);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(Shift, ShiftTilingData)
} // namespace optiling
#endif
