// fill_value's kernel UT: the entry declared as C++ (no extern "C"), the tiling struct from the
// op_kernel header the kernel registers with REGISTER_TILING_DEFAULT.
#include <cstdint>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "../../../op_kernel/fill_value_tiling_data.h"

__global__ __aicore__ void fill_value(GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

TEST(FillValueTest, fills_floats)
{
    constexpr uint32_t kLength = 96;
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(kLength * sizeof(float));
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(FillValueTilingData));
    auto* t = reinterpret_cast<FillValueTilingData*>(tiling);
    t->length = kLength;
    t->value = -2.75f;
    ICPU_SET_TILING_KEY(0);
    ICPU_RUN_KF(fill_value, 1, y, nullptr, tiling);
    const float* ys = reinterpret_cast<const float*>(y);
    for (uint32_t i = 0; i < kLength; i++) {
        EXPECT_EQ(ys[i], -2.75f) << "at " << i;
    }
    AscendC::GmFree(y);
    AscendC::GmFree(tiling);
}
