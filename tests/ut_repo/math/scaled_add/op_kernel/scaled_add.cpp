// z = x * scale + y (tiling key 1) or z = x * scale - y (tiling key 2), each block over its
// blockLength elements in tiles of tileLength, double-buffered through queues.
#include "kernel_operator.h"

template <typename T>
class ScaledAdd {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t blockLength, uint32_t tileLength, float scale)
    {
        blockLength_ = blockLength;
        tileLength_ = tileLength;
        scale_ = static_cast<T>(scale);
        uint64_t start = static_cast<uint64_t>(AscendC::GetBlockIdx()) * blockLength;
        xGm.SetGlobalBuffer((__gm__ T*)x + start, blockLength);
        yGm.SetGlobalBuffer((__gm__ T*)y + start, blockLength);
        zGm.SetGlobalBuffer((__gm__ T*)z + start, blockLength);
        pipe.InitBuffer(inX, 2, tileLength * sizeof(T));
        pipe.InitBuffer(inY, 2, tileLength * sizeof(T));
        pipe.InitBuffer(outZ, 2, tileLength * sizeof(T));
    }
    __aicore__ inline void Process(bool subtract)
    {
        for (uint32_t i = 0; i < blockLength_ / tileLength_; i++) {
            AscendC::LocalTensor<T> xLocal = inX.AllocTensor<T>();
            AscendC::LocalTensor<T> yLocal = inY.AllocTensor<T>();
            AscendC::DataCopy(xLocal, xGm[i * tileLength_], tileLength_);
            AscendC::DataCopy(yLocal, yGm[i * tileLength_], tileLength_);
            inX.EnQue(xLocal);
            inY.EnQue(yLocal);
            xLocal = inX.DeQue<T>();
            yLocal = inY.DeQue<T>();
            AscendC::LocalTensor<T> zLocal = outZ.AllocTensor<T>();
            AscendC::Muls(zLocal, xLocal, scale_, tileLength_);
            if (subtract) {
                AscendC::Sub(zLocal, zLocal, yLocal, tileLength_);
            } else {
                AscendC::Add(zLocal, zLocal, yLocal, tileLength_);
            }
            outZ.EnQue(zLocal);
            inX.FreeTensor(xLocal);
            inY.FreeTensor(yLocal);
            zLocal = outZ.DeQue<T>();
            AscendC::DataCopy(zGm[i * tileLength_], zLocal, tileLength_);
            outZ.FreeTensor(zLocal);
        }
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 2> inX, inY;
    AscendC::TQue<AscendC::TPosition::VECOUT, 2> outZ;
    AscendC::GlobalTensor<T> xGm, yGm, zGm;
    uint32_t blockLength_ = 0;
    uint32_t tileLength_ = 0;
    T scale_;
};

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    ScaledAdd<DTYPE_X> op;
    op.Init(x, y, z, t.blockLength, t.tileLength, t.scale);
    if (TILING_KEY_IS(1)) {
        op.Process(false);
    } else if (TILING_KEY_IS(2)) {
        op.Process(true);
    }
}

// A kernel constant named as a <climits> macro, as ops-nn's gather_elements_v2 has one: CANN's
// kernel_operator.h brings no <climits>, nor may ascstep's.
constexpr int64_t INT_MAX = 2147483647;
