// row_scale's host tiling: the rows split over the vector cores the platform has (at most one
// block a row), as many rows in UB at once as a quarter of the UB holds (rows of 32-byte
// multiples), the scale from attribute 0, the workspace the library APIs need, tiling key 1
// for float and 2 for half; any other element type fails the tiling.
#include "log/log.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "graph/utils/type_utils.h"
#include "row_scale_tiling.h"
#include "../op_kernel/row_scale_tiling_data.h"

namespace optiling {

static ge::graphStatus RowScaleTiling(gert::TilingContext* context)
{
    const gert::StorageShape* shape = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, shape);
    const gert::Shape& x = shape->GetStorageShape();
    OP_CHECK_IF(x.GetDimNum() != 2, OP_LOGE(context, "x must have 2 dimensions, has %zu", x.GetDimNum()),
                return ge::GRAPH_FAILED);
    ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    uint64_t key = dtype == ge::DT_FLOAT ? 1 : dtype == ge::DT_FLOAT16 ? 2 : 0;
    OP_CHECK_IF(key == 0,
                OP_LOGE(context, "x's type %s is not DT_FLOAT or DT_FLOAT16",
                        ge::TypeUtils::DataTypeToSerialString(dtype).c_str()),
                return ge::GRAPH_FAILED);
    uint32_t size = 0;
    ge::TypeUtils::GetDataTypeLength(dtype, size);
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ub = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    uint32_t cores = platform.GetCoreNumAiv();
    uint32_t rows = static_cast<uint32_t>(x.GetDim(0));
    uint32_t cols = static_cast<uint32_t>(x.GetDim(1));
    OP_CHECK_IF(cores == 0 || rows == 0 || cols * size % 32 != 0,
                OP_LOGE(context, "cores %u, rows %u, a row of %u bytes", cores, rows, cols * size),
                return ge::GRAPH_FAILED);
    uint32_t blocks = rows < cores ? rows : cores;
    uint32_t former = (rows + blocks - 1) / blocks;
    blocks = (rows + former - 1) / former;

    RowScaleTilingData* t = context->GetTilingData<RowScaleTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, t);
    t->cols = cols;
    t->formerRows = former;
    t->lastRows = rows - former * (blocks - 1);
    uint32_t fit = static_cast<uint32_t>(ub / 4 / (cols * size));
    t->tileRows = fit == 0 ? 1 : (fit < former ? fit : former);
    t->scale = *context->GetAttrs()->GetFloat(0);
    context->SetBlockDim(blocks);
    context->SetTilingKey(key);
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = platform.GetLibApiWorkSpaceSize();
    OP_LOGD(context, "blocks %u, former rows %u, tile rows %u", blocks, former, t->tileRows);
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus RowScaleTilingParse(gert::TilingParseContext* context)
{
    auto info = context->GetCompiledInfo<RowScaleCompileInfo>();
    info->coreNum = platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCoreNumAiv();
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(RowScale).Tiling(RowScaleTiling).TilingParse<RowScaleCompileInfo>(RowScaleTilingParse);
}  // namespace optiling
