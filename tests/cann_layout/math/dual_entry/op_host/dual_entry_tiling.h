// The host's tiling struct of dual_entry; CANN's build makes the kernel's from these macros.
#ifndef DUAL_ENTRY_TILING_H
#define DUAL_ENTRY_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(DualEntryTilingData)
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF(uint32_t, len);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(DualEntry, DualEntryTilingData)
} // namespace optiling
#endif
