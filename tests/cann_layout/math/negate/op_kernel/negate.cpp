// y[i] = −x[i] over `total` floats. The kernel includes no tiling header: its struct is
// declared with the tiling macros in op_kernel/negate_tiling_data.h, which only the op's host
// tiling includes, and CANN's build gives the kernel the struct generated from it.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void negate(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, t.total * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.total);
    yGm.SetGlobalBuffer((__gm__ float*)y, t.total);
    AscendC::LocalTensor<float> l = buf.Get<float>();
    AscendC::DataCopy(l, xGm, t.total);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Muls(l, l, -1.0f, t.total);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, l, t.total);
}
