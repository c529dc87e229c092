// y[0..length) = value, in the element type the build's ORIG_DTYPE_Y names (compared with the
// DT_* values of graph/c_types.h), the tiling struct the one REGISTER_TILING_DEFAULT names.
#include "kernel_operator.h"
#include "graph/c_types.h"
#include "fill_value_tiling_data.h"
// A kernel including <climits> itself after kernel_operator.h has its macros (ops-nn's
// deep_norm_grad uses INT_MAX so).
#include <climits>
static_assert(INT_MAX == 2147483647 && CHAR_BIT == 8 && LLONG_MIN < 0, "<climits>");

#if ORIG_DTYPE_Y == DT_FLOAT
using FillType = float;
#else
using FillType = half;
#endif

__global__ __aicore__ void fill_value(GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(FillValueTilingData);
    GET_TILING_DATA(t, tiling);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, t.length * sizeof(FillType));
    AscendC::LocalTensor<FillType> local = buf.Get<FillType>();
    AscendC::Duplicate(local, static_cast<FillType>(t.value), t.length);
    AscendC::GlobalTensor<FillType> yGm;
    yGm.SetGlobalBuffer((__gm__ FillType*)y, t.length);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, local, t.length);
}
