// A launch that stops on an error fails the test that made it; the file's other tests still
// run. The second launch asks for tiles larger than the UB holds.
#include <cstdint>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "../../../op_host/scaled_add_tiling.h"

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);

namespace {
void Launch(uint32_t blockLength, uint32_t tileLength)
{
    size_t bytes = blockLength * sizeof(float);
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ScaledAddTilingData));
    auto* t = reinterpret_cast<ScaledAddTilingData*>(tiling);
    t->blockLength = blockLength;
    t->tileLength = tileLength;
    t->scale = 2.0f;
    ICPU_SET_TILING_KEY(1);
    ICPU_RUN_KF(scaled_add, 1, x, y, z, nullptr, tiling);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(z);
    AscendC::GmFree(tiling);
}
}  // namespace

TEST(ScaledAddErrors, fits_the_ub) { Launch(256, 64); }

TEST(ScaledAddErrors, tiles_past_the_ub) { Launch(65536, 32768); }
