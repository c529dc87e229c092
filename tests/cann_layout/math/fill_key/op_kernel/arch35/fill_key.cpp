// fill_key: a tiling-key template entry (not extern "C") whose templates are declared by another
// op's header, reached as CANN's layout places it (`../../fill_impl/…` from ascendc/fill_key/arch35/).
#include "../../fill_impl/fill_impl.h"

template <uint32_t MODE>
__global__ __aicore__ void fill_key(GM_ADDR y)
{
    fill_impl<MODE>(y);
}
