// A test whose host code crashes: the file's other tests still run, those after it in a new
// test program, and the crashed test fails with the signal and its line. A launch on more
// blocks than its data covers (as ops-nn's mse_loss_grad_v2 test makes one) stops the kernel
// where the first block past the data sets its GlobalTensor.
#include <cstdint>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "../../../op_host/scaled_add_tiling.h"

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);

namespace {
// z = 2x + y over 256 floats; returns z[5] for x = 1, y = 3.
float Launch(uint32_t blocks = 1)
{
    size_t bytes = 256 * sizeof(float);
    float* x = (float*)AscendC::GmAlloc(bytes);
    float* y = (float*)AscendC::GmAlloc(bytes);
    float* z = (float*)AscendC::GmAlloc(bytes);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ScaledAddTilingData));
    for (int i = 0; i < 256; i++) {
        x[i] = 1.0f;
        y[i] = 3.0f;
    }
    auto* t = reinterpret_cast<ScaledAddTilingData*>(tiling);
    t->blockLength = 256;
    t->tileLength = 64;
    t->scale = 2.0f;
    ICPU_SET_TILING_KEY(1);
    ICPU_RUN_KF(scaled_add, blocks, (uint8_t*)x, (uint8_t*)y, (uint8_t*)z, nullptr, tiling);
    float r = z[5];
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(z);
    AscendC::GmFree(tiling);
    return r;
}
}  // namespace

TEST(ScaledAddCrash, before) { EXPECT_EQ(Launch(), 5.0f); }

TEST(ScaledAddCrash, dies)
{
    volatile uint8_t* golden = nullptr;
    *golden = 1;
}

TEST(ScaledAddCrash, after) { EXPECT_EQ(Launch(), 5.0f); }

TEST(ScaledAddCrash, past_its_gm) { EXPECT_EQ(Launch(64), 5.0f); }

TEST(ScaledAddCrash, fails_after) { EXPECT_EQ(Launch(), 6.0f) << "z = 2x + y is 5"; }
