// Another op's copy of shift's header that has drifted from it (ops-nn's dequant_swiglu_quant
// keeps such a copy of swi_glu's): not shift_grad's struct.
#ifndef SHIFT_COPY_TILING_H
#define SHIFT_COPY_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ShiftTilingData)
TILING_DATA_FIELD_DEF(uint32_t, len);
TILING_DATA_FIELD_DEF(uint32_t, groups);
TILING_DATA_FIELD_DEF(float, offset);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ShiftCopy, ShiftTilingData)
} // namespace optiling
#endif
