// clip_value's Ascend 950 entry: GET_TILING_DATA before REGISTER_TILING_DEFAULT, as ops-nn's
// hardtanh_grad has it (CANN's build takes the registration wherever it stands).
#include "arch35/clip_value.h"

__global__ __aicore__ void clip_value(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    REGISTER_TILING_DEFAULT(ClipValueTilingData);
    ClipValue(x, y, t);
}
