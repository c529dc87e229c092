// A second struct the op registers, from another header of its op_host/: the kernel's header
// names it, so the build's tiling header must hold it too.
#ifndef DUAL_ENTRY_SPLIT_TILING_H
#define DUAL_ENTRY_SPLIT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(DualEntrySplitTilingData)
TILING_DATA_FIELD_DEF(uint32_t, pieces);
TILING_DATA_FIELD_DEF(float, bias);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(DualEntry_2, DualEntrySplitTilingData)
} // namespace optiling
#endif
