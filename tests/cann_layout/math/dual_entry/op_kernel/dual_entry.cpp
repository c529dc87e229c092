// An entry defined twice, as ops-nn's chamfer_distance_grad and ops-math's roll define theirs:
// Ascend 950's build takes a tiling-key template (with other parameter names), every other
// build the plain extern "C" entry, which names no template arguments.
#include "dual_entry.h"
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 310
#include "arch35/dual_entry_regbase.h"
template <uint32_t schMode>
__global__ __aicore__ void dual_entry(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(DualEntryTilingData);
    GET_TILING_DATA_WITH_STRUCT(DualEntryTilingData, t, tiling);
    ScaleAll(x, y, &t);
}
#else
extern "C" __global__ __aicore__ void dual_entry(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling_data)
{
    GET_TILING_DATA(t, tiling_data);
    ScaleAll(x, y, &t);
}
#endif
