// row_scale's tiling through CANN's context builders used directly, as the operator
// repositories' fakers use them (a builder subclass adding attributes through
// OpContextBuilderBase, the parse context filling the compile info), with a platform that
// names its vector cores.
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "op_tiling_context_builder.h"
#include "op_tiling_parse_context_builder.h"
#include "base/registry/op_impl_space_registry_v2.h"
#include "platform/platform_infos_def.h"
#include "../../../op_host/row_scale_tiling.h"
#include "../../../op_kernel/row_scale_tiling_data.h"

extern "C" __global__ __aicore__ void row_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

namespace {
class Faker : public gert::OpTilingContextBuilder {
public:
    template <typename T>
    Faker& Attr(T v)
    {
        OpContextBuilderBase::AppendAttr(v);
        return *this;
    }
};

// A platform of 3 AI cores with 6 vector cores and 64 KiB of UB.
void Describe(fe::PlatFormInfos& p)
{
    std::map<std::string, std::string> soc = {{"ai_core_cnt", "3"}, {"vector_core_cnt", "6"}};
    std::map<std::string, std::string> spec = {{"ub_size", "65536"}};
    p.SetPlatformRes("SoCInfo", soc);
    p.SetPlatformRes("AICoreSpec", spec);
    p.SetCoreNumByCoreType("AICore");
}

const gert::OpImplFunctions* RowScale()
{
    return gert::DefaultOpImplSpaceRegistryV2::GetInstance().GetSpaceRegistry()->GetOpImpl("RowScale");
}
}  // namespace

TEST(RowScaleBuilders, the_parse_fills_the_compile_info_with_the_vector_cores)
{
    fe::PlatFormInfos platform;
    Describe(platform);
    optiling::RowScaleCompileInfo info;
    auto holder = gert::OpTilingParseContextBuilder().CompileInfo(&info).PlatformInfo(&platform).Build();
    ASSERT_NE(RowScale(), nullptr);
    ASSERT_EQ(RowScale()->tiling_parse(holder.GetContext()), ge::GRAPH_SUCCESS);
    EXPECT_EQ(info.coreNum, 6u);
}

TEST(RowScaleBuilders, a_faker_of_the_builder_runs_the_tiling_and_the_launch)
{
    fe::PlatFormInfos platform;
    Describe(platform);
    gert::Tensor x({{4, 8}, {4, 8}}, gert::StorageFormat(ge::FORMAT_ND, ge::FORMAT_ND), gert::kOnHost, ge::DT_FLOAT,
                   nullptr);
    gert::Tensor y = x;
    auto tiling = gert::TilingData::CreateCap(256);
    auto workspace = gert::ContinuousVector::Create<size_t>(8);
    optiling::RowScaleCompileInfo info{6};
    Faker faker;
    faker.OpType("RowScale").OpName("row_scale_1");
    faker.InputTensors({&x}).OutputTensors({&y});
    faker.Attr(3.0f);
    auto holder = faker.CompileInfo(&info)
                      .PlatformInfo(&platform)
                      .TilingData(reinterpret_cast<gert::TilingData*>(tiling.get()))
                      .Workspace(reinterpret_cast<gert::ContinuousVector*>(workspace.get()))
                      .Build();
    gert::TilingContext* context = holder.GetContext();
    EXPECT_STREQ(context->GetNodeName(), "row_scale_1");
    ASSERT_EQ(RowScale()->tiling(context), ge::GRAPH_SUCCESS);
    // 4 rows over 6 vector cores: one row a block; a 32-byte row, UB for them all.
    EXPECT_EQ(context->GetBlockDim(), 4u);
    EXPECT_EQ(context->GetTilingKey(), 1u);
    auto* t = static_cast<RowScaleTilingData*>(context->GetRawTilingData()->GetData());
    EXPECT_EQ(context->GetRawTilingData()->GetDataSize(), sizeof(RowScaleTilingData));
    EXPECT_EQ(t->formerRows, 1u);
    EXPECT_EQ(t->scale, 3.0f);

    float* xs = (float*)AscendC::GmAlloc(32 * sizeof(float));
    float* ys = (float*)AscendC::GmAlloc(32 * sizeof(float));
    for (int i = 0; i < 32; i++) {
        xs[i] = static_cast<float>(i) - 10.5f;
    }
    uint8_t* td = (uint8_t*)AscendC::GmAlloc(sizeof(RowScaleTilingData));
    std::memcpy(td, t, sizeof(RowScaleTilingData));
    ICPU_SET_TILING_KEY(context->GetTilingKey());
    ICPU_RUN_KF(row_scale, context->GetBlockDim(), (uint8_t*)xs, (uint8_t*)ys, nullptr, td);
    for (int i = 0; i < 32; i++) {
        EXPECT_EQ(ys[i], xs[i] * 3.0f) << "at " << i;
    }
    AscendC::GmFree(xs);
    AscendC::GmFree(ys);
    AscendC::GmFree(td);
}
