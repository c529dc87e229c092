// An op_host tiling header nesting two of the library's tiling structs, as ops-nn's norm ops
// do (ada_layer_norm: LayerNormSeparateTiling); host code the kernel never sees.
#pragma once
#include "register/tilingdata_base.h"
#include "log/log.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(LibTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);
TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmax);
TILING_DATA_FIELD_DEF_STRUCT(LayerNormSeparateTiling, layerNorm);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(Lib, LibTilingData)
}
