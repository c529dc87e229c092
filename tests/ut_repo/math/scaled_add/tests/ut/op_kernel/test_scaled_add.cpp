// Kernel unit tests of scaled_add, written as the operator repositories write theirs for
// CANN's CPU debug library: a fixture, GmAlloc'd global memory, a hand-filled tiling struct,
// ICPU_SET_TILING_KEY, ICPU_RUN_KF with a lambda and with the plain entry, and a data script.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "data_utils.h"
#include "../../../op_host/scaled_add_tiling.h"

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);

class ScaledAddTest : public testing::Test {
protected:
    static void SetUpTestCase() { std::cout << "ScaledAddTest SetUp" << std::endl; }
    static void TearDownTestCase() { std::cout << "ScaledAddTest TearDown" << std::endl; }
};

namespace {
constexpr uint32_t kBlocks = 2;
constexpr uint32_t kTile = 64;
constexpr uint32_t kLength = kBlocks * 4 * kTile;

void FillTiling(uint8_t* tiling, float scale)
{
    auto* t = reinterpret_cast<ScaledAddTilingData*>(tiling);
    t->blockLength = kLength / kBlocks;
    t->tileLength = kTile;
    t->scale = scale;
}
}  // namespace

TEST_F(ScaledAddTest, lambda_launch_adds)
{
    size_t bytes = kLength * sizeof(float);
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(16 * 1024 * 1024);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ScaledAddTilingData));
    float* xs = reinterpret_cast<float*>(x);
    float* ys = reinterpret_cast<float*>(y);
    for (uint32_t i = 0; i < kLength; i++) {
        xs[i] = 0.25f * float(i) - 31.0f;
        ys[i] = 1.0f / float(i + 1);
    }
    FillTiling(tiling, 3.0f);
    auto kernel = [](GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
        ::scaled_add(x, y, z, workspace, tiling);
    };
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_SET_TILING_KEY(1);
    ICPU_RUN_KF(kernel, kBlocks, x, y, z, workspace, (uint8_t*)(tiling));
    const float* zs = reinterpret_cast<const float*>(z);
    for (uint32_t i = 0; i < kLength; i++) {
        // Muls then Add, each rounded to float.
        float scaled = xs[i] * 3.0f;
        EXPECT_EQ(zs[i], scaled + ys[i]) << "at " << i;
    }
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(z);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
}

TEST_F(ScaledAddTest, plain_entry_subtracts_data_from_script)
{
    size_t bytes = kLength * sizeof(float);
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(1024);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ScaledAddTilingData));
    // The test runs in <root>/build/tests/ut/op_kernel, as the repository's UT runner runs it.
    system("mkdir -p ./scaled_add_data");
    std::string cmd = "python3 ../../../../math/scaled_add/tests/ut/op_kernel/gen_data.py ./scaled_add_data " +
                      std::to_string(kLength) + " 0.5";
    ASSERT_EQ(system(cmd.c_str()), 0);
    size_t read = 0;
    ASSERT_TRUE(ReadFile("./scaled_add_data/input_x.bin", read, x, bytes));
    ASSERT_EQ(read, bytes);
    ASSERT_TRUE(ReadFile("./scaled_add_data/input_y.bin", read, y, bytes));
    FillTiling(tiling, 0.5f);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_SET_TILING_KEY(2);
    ICPU_RUN_KF(scaled_add, kBlocks, x, y, z, workspace, tiling);
    std::vector<float> golden(kLength);
    ASSERT_TRUE(ReadFile("./scaled_add_data/golden.bin", read, golden.data(), bytes));
    EXPECT_EQ(std::memcmp(z, golden.data(), bytes), 0);
    ASSERT_TRUE(WriteFile("./scaled_add_data/output_z.bin", z, bytes));
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(z);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
}
