// fill_impl: the shared body of fill_key's entry, y[i] = MODE for 8 floats; its tiling-key
// templates are declared in arch35/fill_impl_tiling_key.h with `#define`d values.
#ifndef FILL_IMPL_H
#define FILL_IMPL_H
#include "kernel_operator.h"
#include "arch35/fill_impl_tiling_key.h"

template <uint32_t MODE>
__aicore__ inline void fill_impl(GM_ADDR y)
{
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 8);
    for (int i = 0; i < 8; i++) {
        g.SetValue(i, float(MODE));
    }
}
#endif
