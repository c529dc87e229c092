// The op's tiling struct, kept beside the kernel but included by the host tiling only.
#ifndef NEGATE_TILING_DATA_H
#define NEGATE_TILING_DATA_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(NegateTilingData)
TILING_DATA_FIELD_DEF(uint32_t, total);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Negate, NegateTilingData)
}  // namespace optiling
#endif
