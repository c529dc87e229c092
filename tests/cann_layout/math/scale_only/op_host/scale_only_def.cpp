// The op's host side: it registers another op's tiling struct (host code, never compiled by
// ascstep).
#include "../../scaled_table/op_host/scaled_table_tiling.h"
namespace optiling {
REGISTER_TILING_DATA_CLASS(ScaleOnly, ScaledTableTilingData)
}
