// y = x * scale, row by row: block i takes formerRows rows from row i * formerRows (the last
// block lastRows), tileRows rows at a time through UB. Tiling key 1 is float, 2 is half.
#include "kernel_operator.h"
#include "row_scale_tiling_data.h"

template <typename T>
__aicore__ inline void RowScale(GM_ADDR x, GM_ADDR y, const RowScaleTilingData& t)
{
    uint32_t block = AscendC::GetBlockIdx();
    uint32_t rows = block + 1 == AscendC::GetBlockNum() ? t.lastRows : t.formerRows;
    uint64_t start = static_cast<uint64_t>(block) * t.formerRows * t.cols;
    AscendC::GlobalTensor<T> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ T*)x + start, rows * t.cols);
    yGm.SetGlobalBuffer((__gm__ T*)y + start, rows * t.cols);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, t.tileRows * t.cols * sizeof(T));
    AscendC::LocalTensor<T> local = buf.Get<T>();
    for (uint32_t r = 0; r < rows; r += t.tileRows) {
        uint32_t n = (rows - r < t.tileRows ? rows - r : t.tileRows) * t.cols;
        AscendC::DataCopy(local, xGm[r * t.cols], n);
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::Muls(local, local, static_cast<T>(t.scale), n);
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::DataCopy(yGm[r * t.cols], local, n);
        AscendC::PipeBarrier<PIPE_ALL>();
    }
}

extern "C" __global__ __aicore__ void row_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(RowScaleTilingData);
    GET_TILING_DATA(t, tiling);
    if (TILING_KEY_IS(1)) {
        RowScale<float>(x, y, t);
    } else if (TILING_KEY_IS(2)) {
        RowScale<half>(x, y, t);
    }
}
