// y[i] = x[i] * scale + table[i % 16] over shape.dims[0] tiles of shape.tileLen halves, with
// `table` the kernel's own global-memory data (a constexpr static __gm__ array, which the
// device build places in GM). The tiling struct comes from op_host/scaled_table_tiling.h as
// CANN's build takes it (GET_TILING_DATA, no include of the header here); the includes below
// resolve only in CANN's ascendc/ layout.
#include "kernel_operator.h"
#include "../inc/table_len.h"
#include "../mul_helper/mul_helper.h"
#include "atvoss/util/add_in_place.h"

constexpr static __gm__ half table[TABLE_LEN] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

extern "C" __global__ __aicore__ void scaled_table(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    uint32_t len = t.shape.tileLen;
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 3 * len * sizeof(half));
    AscendC::GlobalTensor<half> xGm, yGm, tableGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, len * t.shape.dims[0]);
    yGm.SetGlobalBuffer((__gm__ half*)y, len * t.shape.dims[0]);
    tableGm.SetGlobalBuffer((__gm__ half*)table, TABLE_LEN);
    AscendC::LocalTensor<half> xLocal = buf.Get<half>();
    AscendC::LocalTensor<half> yLocal = xLocal[len];
    AscendC::LocalTensor<half> tLocal = xLocal[2 * len];
    AscendC::DataCopy(tLocal, tableGm, len);
    for (uint32_t i = 0; i < t.shape.dims[0]; i++) {
        AscendC::DataCopy(xLocal, xGm[i * len], len);
        AscendC::PipeBarrier<PIPE_ALL>();
        ScaleTile(yLocal, xLocal, half(t.scale), len);
        AddInPlace(yLocal, tLocal, len);
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::DataCopy(yGm[i * len], yLocal, len);
        AscendC::PipeBarrier<PIPE_ALL>();
    }
}
