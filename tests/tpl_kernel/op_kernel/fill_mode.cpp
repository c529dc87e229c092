// fill_mode: y[i] = MODE (negated when NEG) for 8 elements of type D_T (a native data type
// parameter: CANN's build passes its C++ type); the instantiation comes from the
// tiling key (fill_mode_tiling_key.h).
#include "kernel_operator.h"
#include "fill_mode_tiling_key.h"

template <uint32_t MODE, bool NEG, typename D_T>
__global__ __aicore__ void fill_mode(GM_ADDR y)
{
    AscendC::GlobalTensor<D_T> g;
    g.SetGlobalBuffer((__gm__ D_T*)y, 8);
    for (int i = 0; i < 8; i++) {
        g.SetValue(i, NEG ? -D_T(MODE) : D_T(MODE));
    }
}
