// The kernel of dual_entry. CANN's unit-test build (__CCE_KT_TEST__) defines the tiling struct
// here with another layout; the device build takes the one generated from op_host.
#ifndef DUAL_ENTRY_H
#define DUAL_ENTRY_H
#include "kernel_operator.h"

#ifdef __CCE_KT_TEST__
struct DualEntryTilingData {
    uint64_t unused;
    uint32_t len;
    float scale;
};
#endif

// Used by the split schedule only (not this test's): it needs the second struct to compile.
__aicore__ inline float SplitBias(const DualEntrySplitTilingData* s)
{
    return s->bias * static_cast<float>(s->pieces);
}

// y = scale * x over len floats.
__aicore__ inline void ScaleAll(GM_ADDR x, GM_ADDR y, const DualEntryTilingData* t)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, t->len * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t->len);
    yGm.SetGlobalBuffer((__gm__ float*)y, t->len);
    AscendC::LocalTensor<float> l = buf.Get<float>();
    AscendC::DataCopy(l, xGm, t->len);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Muls(l, l, t->scale, t->len);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, l, t->len);
}
#endif
