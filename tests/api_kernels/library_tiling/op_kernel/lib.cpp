#include "kernel_operator.h"
using namespace AscendC;
// Reads fields of the library structs its tiling nests: y[0] = softmax.srcK,
// y[1] = layerNorm.rLength, y[2] = layerNorm.k2Rec (a float field), y[3] = rows.
extern "C" __global__ __aicore__ void lib(GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    GET_TILING_DATA(t, tiling);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 32);
    GlobalTensor<float> yg;
    yg.SetGlobalBuffer((__gm__ float*)y, 8);
    LocalTensor<float> v = buf.Get<float>();
    Duplicate(v, 0.0f, 8);
    PipeBarrier<PIPE_ALL>();
    v.SetValue(0, float(t.softmax.srcK));
    v.SetValue(1, float(t.layerNorm.rLength));
    v.SetValue(2, t.layerNorm.k2Rec);
    v.SetValue(3, float(t.rows));
    SetFlag<HardEvent::S_MTE3>(0);
    WaitFlag<HardEvent::S_MTE3>(0);
    DataCopy(yg, v, 8);
}
