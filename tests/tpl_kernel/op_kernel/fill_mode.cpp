// fill_mode: y[i] = MODE (negated when NEG) for 8 floats; the instantiation comes from the
// tiling key (fill_mode_tiling_key.h).
#include "kernel_operator.h"
#include "fill_mode_tiling_key.h"

template <uint32_t MODE, bool NEG, int D_T>
__global__ __aicore__ void fill_mode(GM_ADDR y)
{
    static_assert(D_T == C_DT_FLOAT, "only float is selected");
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 8);
    for (int i = 0; i < 8; i++) {
        g.SetValue(i, NEG ? -float(MODE) : float(MODE));
    }
}
