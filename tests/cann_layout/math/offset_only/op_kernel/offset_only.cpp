// y[i] = x[i] + offset over t.len halves. Its tiling struct is another op's kernel struct,
// reached as ops-math's pad reaches slice's: "../mul_helper/arch35/offset_add.h" includes
// "../../scaled_table/arch35/offset_struct.h", which resolves only in CANN's ascendc/ tree.
#include "kernel_operator.h"
#include "../mul_helper/arch35/offset_add.h"

extern "C" __global__ __aicore__ void offset_only(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(OffsetTilingData, t, tiling);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * t.len * sizeof(half));
    AscendC::GlobalTensor<half> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, t.len);
    yGm.SetGlobalBuffer((__gm__ half*)y, t.len);
    AscendC::LocalTensor<half> xLocal = buf.Get<half>();
    AscendC::LocalTensor<half> yLocal = xLocal[t.len];
    AscendC::DataCopy(xLocal, xGm, t.len);
    AscendC::PipeBarrier<PIPE_ALL>();
    OffsetTile(yLocal, xLocal, t);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, yLocal, t.len);
}
