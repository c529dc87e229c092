// The op's host tiling header: the tiling struct written with CANN's macros, beside host-only
// includes and code that a kernel build never compiles.
#ifndef SCALED_ADD_TILING_H
#define SCALED_ADD_TILING_H
#include "register/tilingdata_base.h"
#include "register/op_def_registry.h"
#include "log/log.h"

namespace optiling {
constexpr uint32_t SCALED_ADD_MAX_BLOCKS = 8;

BEGIN_TILING_DATA_DEF(ScaledAddTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
TILING_DATA_FIELD_DEF(float, scale);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ScaledAdd, ScaledAddTilingData)

ge::graphStatus ScaledAddTiling(gert::TilingContext* context);
}  // namespace optiling
#endif
