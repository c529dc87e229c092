// clip_value's kernel UT, written as the repositories' Ascend 950 UTs are: the test includes the
// kernel's _apt.cpp itself (no op_kernel/<op>.cpp exists), the op tested only on ascend950.
#include <cstdint>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "../../../op_kernel/clip_value_apt.cpp"

class ClipValueTest : public testing::Test {};

TEST_F(ClipValueTest, clips_to_the_range)
{
    constexpr uint32_t kLength = 64;
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(kLength * sizeof(float));
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(kLength * sizeof(float));
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ClipValueTilingData));
    float* xs = reinterpret_cast<float*>(x);
    for (uint32_t i = 0; i < kLength; i++) {
        xs[i] = static_cast<float>(i) - 32.0f;
    }
    auto* t = reinterpret_cast<ClipValueTilingData*>(tiling);
    t->length = kLength;
    t->low = -4.5f;
    t->high = 10.0f;
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(clip_value, 1, x, y, nullptr, tiling);
    const float* ys = reinterpret_cast<const float*>(y);
    for (uint32_t i = 0; i < kLength; i++) {
        float want = xs[i] < -4.5f ? -4.5f : (xs[i] > 10.0f ? 10.0f : xs[i]);
        EXPECT_EQ(ys[i], want) << "at " << i;
    }
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(tiling);
}
