// y = x + offset over len floats, with the tiling struct of the op its host build depends on.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void shift_grad(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, t.len * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.len);
    yGm.SetGlobalBuffer((__gm__ float*)y, t.len);
    AscendC::LocalTensor<float> l = buf.Get<float>();
    AscendC::DataCopy(l, xGm, t.len);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Adds(l, l, t.offset, t.len);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, l, t.len);
}
