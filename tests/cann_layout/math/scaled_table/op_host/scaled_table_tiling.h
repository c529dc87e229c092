// The host side of scaled_table's tiling, as an op_host header of the operator repositories
// is written: its tiling struct with the tiling macros, then host-only code (headers that exist
// only in CANN's host build, ge:: and gert:: types, registration). ascstep takes only the
// struct; nothing else here could compile without CANN.
#ifndef SCALED_TABLE_TILING_H
#define SCALED_TABLE_TILING_H
#include "register/op_def_registry.h"
#include "log/log.h"
#include "tiling_base/tiling_templates_registry.h"
#include "../../../common/inc/shape_tiling.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScaledTableTilingData)
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF_STRUCT(ShapeTiling, shape);
END_TILING_DATA_DEF

REGISTER_TILING_DATA_CLASS(ScaledTable, ScaledTableTilingData)

ge::graphStatus TilingScaledTable(gert::TilingContext* context)
{
    OP_LOGD(context, "host only");
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling
#endif
