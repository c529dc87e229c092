// fill_mode's kernel UT, as ops-nn's prelu test writes one: the key from GET_TPL_TILING_KEY,
// the instantiation launched through a lambda. The file starts with a UTF-8 byte-order mark,
// as ops-nn's fused_add_rms_norm test does.
#include <cstdint>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "../../../op_kernel/fill_mode.cpp"
#include "../../../op_kernel/fill_mode_tiling_key.h"

// CANN's encoding: MODE's index in bits 0-1, NEG in bit 2, SPLIT's index in bits 3-4.
TEST(FillModeTest, keys_follow_the_declaration)
{
    EXPECT_EQ(GET_TPL_TILING_KEY(1, 0, 2), 0u);
    EXPECT_EQ(GET_TPL_TILING_KEY(4, 1, 2), 5u);
    EXPECT_EQ(GET_TPL_TILING_KEY(9, 0, 4), 2u + (2u << 3));
    EXPECT_EQ(GET_TPL_TILING_KEY(5, 0, 2), 0xFFFFFFFFFFFFFFFFULL) << "5 is not a declared MODE";
}

TEST(FillModeTest, the_selected_instantiation_runs)
{
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(8 * sizeof(float));
    auto kernel = [](GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
        ::fill_mode<4, true, 3>(y, workspace, tiling);
    };
    ICPU_SET_TILING_KEY(GET_TPL_TILING_KEY(4, 1, 3));
    ICPU_RUN_KF(kernel, 1, y, nullptr, nullptr);
    const float* ys = reinterpret_cast<const float*>(y);
    for (int i = 0; i < 8; i++) {
        EXPECT_EQ(ys[i], -12.0f) << "at " << i;
    }
    AscendC::GmFree(y);
}
