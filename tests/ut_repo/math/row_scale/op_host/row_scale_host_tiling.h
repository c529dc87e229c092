// row_scale's tiling as a host tiling class (CANN's tiling macros in optiling), with the same
// fields in the same order as the kernel's RowScaleTilingData, for a test that fills it with
// its set_ accessors. A host header: it includes opbase's log.h.
#ifndef ROW_SCALE_HOST_TILING_H
#define ROW_SCALE_HOST_TILING_H
#include "log/log.h"
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RowScaleHostTilingData)
TILING_DATA_FIELD_DEF(uint32_t, cols);
TILING_DATA_FIELD_DEF(uint32_t, formerRows);
TILING_DATA_FIELD_DEF(uint32_t, lastRows);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);
TILING_DATA_FIELD_DEF(float, scale);
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
