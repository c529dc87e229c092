// z = x + 1 over `n` halves on one block: an operator kernel without a host main, which
// `ascstep test` does not run itself (it is what add_one.ron binds).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void add_one(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * 128 * sizeof(half));
    AscendC::GlobalTensor<half> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, 128);
    zGm.SetGlobalBuffer((__gm__ half*)z, 128);
    AscendC::LocalTensor<half> in = buf.Get<half>();
    AscendC::LocalTensor<half> out = in[128];
    AscendC::DataCopy(in, xGm, 128);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Adds(out, in, half(1.0f), 128);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(zGm, out, 128);
}
