// y = x - mean(x) over the whole input, on several blocks: each block sums its slice into a
// workspace slot, SyncAll, then every block reads all the partial sums, takes the mean and
// centres its slice. An operator kernel with a tiling struct and no host main: center.ron
// binds it (docs/format.md §12.2). Written for ascstep, in the style of the CANN operators.
#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"

struct CenterTilingData {
    uint32_t totalLength;  // elements of x in all blocks
    uint32_t blockLength;  // elements per block
    uint32_t tileLength;   // elements per tile (the last tile of a block may be shorter)
};

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t SLOT = 8;  // floats per block in the workspace: one 32-byte block

class KernelCenter {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const CenterTilingData& t)
    {
        tiling_ = t;
        uint32_t start = t.blockLength * AscendC::GetBlockIdx();
        xGm.SetGlobalBuffer((__gm__ float*)x + start, t.blockLength);
        yGm.SetGlobalBuffer((__gm__ float*)y + start, t.blockLength);
        wsGm.SetGlobalBuffer((__gm__ float*)workspace, SLOT * AscendC::GetBlockNum());
        pipe.InitBuffer(inQueue, BUFFER_NUM, t.tileLength * sizeof(float));
        pipe.InitBuffer(outQueue, BUFFER_NUM, t.tileLength * sizeof(float));
        pipe.InitBuffer(accBuf, SLOT * sizeof(float));
        pipe.InitBuffer(sumBuf, SLOT * sizeof(float));
        pipe.InitBuffer(workBuf, t.tileLength * sizeof(float));
        pipe.InitBuffer(partsBuf, SLOT * AscendC::GetBlockNum() * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        uint32_t tiles = (tiling_.blockLength + tiling_.tileLength - 1) / tiling_.tileLength;
        // 1. This block's sum, into its workspace slot.
        AscendC::LocalTensor<float> acc = accBuf.Get<float>();
        AscendC::LocalTensor<float> tileSum = sumBuf.Get<float>();
        AscendC::LocalTensor<float> work = workBuf.Get<float>();
        AscendC::Duplicate(acc, 0.0f, SLOT);
        for (uint32_t i = 0; i < tiles; i++) {
            uint32_t n = Length(i, tiles);
            CopyIn(i, n);
            AscendC::LocalTensor<float> xLocal = inQueue.DeQue<float>();
            AscendC::ReduceSum(tileSum, xLocal, work, n);
            AscendC::Add(acc, acc, tileSum, 1);
            inQueue.FreeTensor(xLocal);
        }
        AscendC::DataCopy(wsGm[SLOT * AscendC::GetBlockIdx()], acc, SLOT);
        AscendC::SyncAll();
        // 2. Every block's sum: the mean.
        uint32_t slots = SLOT * AscendC::GetBlockNum();
        AscendC::LocalTensor<float> parts = partsBuf.Get<float>();
        AscendC::DataCopy(parts, wsGm, slots);
        AscendC::ReduceSum(tileSum, parts, work, slots);
        AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
        AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
        float total = tileSum.GetValue(0);
        float mean = total / tiling_.totalLength;
        // 3. Centre the slice.
        for (uint32_t i = 0; i < tiles; i++) {
            uint32_t n = Length(i, tiles);
            CopyIn(i, n);
            AscendC::LocalTensor<float> xLocal = inQueue.DeQue<float>();
            AscendC::LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
            AscendC::Adds(yLocal, xLocal, -mean, n);
            outQueue.EnQue(yLocal);
            inQueue.FreeTensor(xLocal);
            yLocal = outQueue.DeQue<float>();
            AscendC::DataCopy(yGm[i * tiling_.tileLength], yLocal, n);
            outQueue.FreeTensor(yLocal);
        }
    }

private:
    __aicore__ inline uint32_t Length(uint32_t i, uint32_t tiles) const
    {
        return i == tiles - 1 ? tiling_.blockLength - i * tiling_.tileLength : tiling_.tileLength;
    }

    __aicore__ inline void CopyIn(uint32_t i, uint32_t n)
    {
        AscendC::LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
        AscendC::DataCopy(xLocal, xGm[i * tiling_.tileLength], n);
        inQueue.EnQue(xLocal);
    }

    CenterTilingData tiling_{};
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, BUFFER_NUM> inQueue;
    AscendC::TQue<AscendC::TPosition::VECOUT, BUFFER_NUM> outQueue;
    AscendC::TBuf<AscendC::TPosition::VECCALC> accBuf, sumBuf, workBuf, partsBuf;
    AscendC::GlobalTensor<float> xGm, yGm, wsGm;
};

extern "C" __global__ __aicore__ void center(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelCenter op;
    op.Init(x, y, workspace, tilingData);
    op.Process();
}
