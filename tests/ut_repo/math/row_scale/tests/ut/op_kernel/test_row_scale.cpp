// row_scale's kernel UT: the tiling computed by the op's own host tiling function through the
// repository's tiling executor (ExecuteTiling), then the launch with what it computed.
#include <cstdint>
#include <cstring>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "tiling_case_executor.h"
#include "../../../op_host/row_scale_tiling.h"
#include "../../../op_kernel/row_scale_tiling_data.h"

extern "C" __global__ __aicore__ void row_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

class RowScaleTest : public testing::Test {};

TEST_F(RowScaleTest, float_rows_split_over_the_tests_cores)
{
    optiling::RowScaleCompileInfo compileInfo = {4};
    gert::TilingContextPara para("RowScale", {{{{6, 40}, {6, 40}}, ge::DT_FLOAT, ge::FORMAT_ND}},
                                 {{{{6, 40}, {6, 40}}, ge::DT_FLOAT, ge::FORMAT_ND}}, {2.5f}, &compileInfo, 4, 8192);
    TilingInfo info;
    ASSERT_TRUE(ExecuteTiling(para, info));
    EXPECT_EQ(info.blockNum, 3u);
    EXPECT_EQ(info.tilingKey, 1);
    ASSERT_EQ(info.workspaceSizes.size(), 1u);
    EXPECT_EQ(info.workspaceSizes[0], 16 * 1024 * 1024);
    ASSERT_EQ(info.tilingDataSize, sizeof(RowScaleTilingData));
    RowScaleTilingData t;
    std::memcpy(&t, info.tilingData.get(), sizeof(t));
    EXPECT_EQ(t.cols, 40u);
    EXPECT_EQ(t.formerRows, 2u);
    EXPECT_EQ(t.lastRows, 2u);
    EXPECT_EQ(t.tileRows, 2u);
    EXPECT_EQ(t.scale, 2.5f);

    constexpr size_t kCount = 6 * 40;
    float* x = (float*)AscendC::GmAlloc(kCount * sizeof(float));
    float* y = (float*)AscendC::GmAlloc(kCount * sizeof(float));
    for (size_t i = 0; i < kCount; i++) {
        x[i] = 0.5f * static_cast<float>(i) - 7.0f;
    }
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(info.workspaceSizes[0]);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(info.tilingDataSize);
    std::memcpy(tiling, info.tilingData.get(), info.tilingDataSize);
    ICPU_SET_TILING_KEY(info.tilingKey);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(row_scale, info.blockNum, (uint8_t*)x, (uint8_t*)y, workspace, tiling);
    for (size_t i = 0; i < kCount; i++) {
        EXPECT_EQ(y[i], x[i] * 2.5f) << "at " << i;
    }
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
}

TEST_F(RowScaleTest, half_one_row_a_block)
{
    optiling::RowScaleCompileInfo compileInfo = {8};
    gert::TilingContextPara para("RowScale", {{{{5, 64}, {5, 64}}, ge::DT_FLOAT16, ge::FORMAT_ND}},
                                 {{{{5, 64}, {5, 64}}, ge::DT_FLOAT16, ge::FORMAT_ND}}, {2.0f}, &compileInfo, 8, 1024);
    TilingInfo info;
    ASSERT_TRUE(ExecuteTiling(para, info));
    EXPECT_EQ(info.blockNum, 5u);
    EXPECT_EQ(info.tilingKey, 2);
    RowScaleTilingData t;
    std::memcpy(&t, info.tilingData.get(), sizeof(t));
    EXPECT_EQ(t.formerRows, 1u);
    EXPECT_EQ(t.lastRows, 1u);
    EXPECT_EQ(t.tileRows, 1u);

    constexpr size_t kCount = 5 * 64;
    half* x = (half*)AscendC::GmAlloc(kCount * sizeof(half));
    half* y = (half*)AscendC::GmAlloc(kCount * sizeof(half));
    for (size_t i = 0; i < kCount; i++) {
        x[i] = static_cast<half>(0.25f * static_cast<float>(i));
    }
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(info.tilingDataSize);
    std::memcpy(tiling, info.tilingData.get(), info.tilingDataSize);
    ICPU_SET_TILING_KEY(info.tilingKey);
    ICPU_RUN_KF(row_scale, info.blockNum, (uint8_t*)x, (uint8_t*)y, nullptr, tiling);
    for (size_t i = 0; i < kCount; i++) {
        EXPECT_EQ(static_cast<float>(y[i]), 0.5f * static_cast<float>(i)) << "at " << i;
    }
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(tiling);
}

TEST_F(RowScaleTest, an_int8_input_fails_the_tiling)
{
    optiling::RowScaleCompileInfo compileInfo = {4};
    gert::TilingContextPara para("RowScale", {{{{4, 32}, {4, 32}}, ge::DT_INT8, ge::FORMAT_ND}},
                                 {{{{4, 32}, {4, 32}}, ge::DT_INT8, ge::FORMAT_ND}}, {1.0f}, &compileInfo);
    TilingInfo info;
    EXPECT_FALSE(ExecuteTiling(para, info));
}

TEST_F(RowScaleTest, an_op_with_no_registered_tiling_fails_its_test)
{
    gert::TilingContextPara para("RowScal", {{{{4, 32}, {4, 32}}, ge::DT_FLOAT, ge::FORMAT_ND}},
                                 {{{{4, 32}, {4, 32}}, ge::DT_FLOAT, ge::FORMAT_ND}}, {1.0f});
    TilingInfo info;
    ExecuteTiling(para, info);
}

TEST_F(RowScaleTest, the_next_test_still_runs)
{
    EXPECT_EQ(sizeof(RowScaleTilingData), 20u);
}
