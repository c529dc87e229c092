// row_scale's kernel UT with its tiling filled through the op_host header's host tiling class
// (set_ accessors, SaveToBuffer), as tests written for the host build's TilingDef do.
#include <cstdint>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "../../../op_host/row_scale_host_tiling.h"

extern "C" __global__ __aicore__ void row_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

TEST(RowScaleHostClass, the_host_class_fills_the_kernels_tiling)
{
    optiling::RowScaleHostTilingData t;
    t.set_cols(16);
    t.set_formerRows(2);
    t.set_lastRows(1);
    t.set_tileRows(1);
    t.set_scale(-2.0f);
    EXPECT_EQ(t.get_formerRows(), 2u);
    ASSERT_EQ(t.GetDataSize(), 5 * sizeof(uint32_t));
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(t.GetDataSize());
    t.SaveToBuffer(tiling, t.GetDataSize());

    constexpr int kCount = 3 * 16;
    float* x = (float*)AscendC::GmAlloc(kCount * sizeof(float));
    float* y = (float*)AscendC::GmAlloc(kCount * sizeof(float));
    for (int i = 0; i < kCount; i++) {
        x[i] = 0.75f * static_cast<float>(i) - 4.0f;
    }
    ICPU_SET_TILING_KEY(1);
    ICPU_RUN_KF(row_scale, 2, (uint8_t*)x, (uint8_t*)y, nullptr, tiling);
    for (int i = 0; i < kCount; i++) {
        EXPECT_EQ(y[i], x[i] * -2.0f) << "at " << i;
    }
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(tiling);
}
