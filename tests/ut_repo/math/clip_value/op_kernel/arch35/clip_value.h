// y = min(max(x, low), high) over `length` floats in one tile, as Ascend 950's kernels of the
// repositories are laid out: the entry in op_kernel/<op>_apt.cpp, the body in arch35/, a common
// header reached through CANN's layout ("../inc/…", "../../other_op/…").
#ifndef CLIP_VALUE_H
#define CLIP_VALUE_H
#include "kernel_operator.h"
#include "../inc/clip_util.h"
#include "clip_value_tiling_data.h"
// Another op's kernel header, reached as CANN's ascendc/ layout places it beside this op
// (ascendc/clip_value/arch35/../../fill_value/), not as the checkout does.
#include "../../fill_value/fill_value_tiling_data.h"
static_assert(sizeof(FillValueTilingData) == 8, "fill_value's tiling struct");

inline void ClipValue(GM_ADDR x, GM_ADDR y, const ClipValueTilingData& t)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, ClipAlignedBytes(t.length, sizeof(float)));
    AscendC::LocalTensor<float> local = buf.Get<float>();
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.length);
    yGm.SetGlobalBuffer((__gm__ float*)y, t.length);
    AscendC::DataCopy(local, xGm, t.length);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Maxs(local, local, t.low, t.length);
    AscendC::Mins(local, local, t.high, t.length);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, local, t.length);
#ifdef __CCE_KT_TEST__
    // CPU-mode logging through securec, as hicann/opbase's atvoss/util/log.h does.
    char line[32];
    if (snprintf_s(line, sizeof(line), sizeof(line) - 1, "clipped %u", t.length) > 0) {
        AscendC::PRINTF("%s\n", line);
    }
#endif
}
#endif
