// fill_mode: y[i] = MODE * SPLIT, negated when NEG, for 8 floats; the instantiation is the one
// the tiling key selects (fill_mode_tiling_key.h).
#include "kernel_operator.h"
#include "fill_mode_tiling_key.h"

template <uint32_t MODE, bool NEG, uint32_t SPLIT>
__global__ __aicore__ void fill_mode(GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 8);
    float v = float(MODE * SPLIT);
    for (int i = 0; i < 8; i++) {
        g.SetValue(i, NEG ? -v : v);
    }
}
