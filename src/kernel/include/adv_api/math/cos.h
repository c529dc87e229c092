// The library's Cos (adv_api/math/cos.h), made as CANN's cos_common_impl.h makes it, with
// Sin's pieces (sin.h; docs/semantics.md §21.9): k = rint(x/π + 1/2) (Muls, Adds, a Cast with
// CAST_RINT), x0 = x − kπ + π/2 with π in five parts and π/2 added in two (so x0 lies in
// [−π/2, π/2]), (−1)^k·x0·P(x0²) as Sin computes it, clamped to [−1, 1] (Mins, Maxs).
#pragma once
#include "sin.h"

namespace AscendC {
template <typename T, bool isReuseSource = false, const CosConfig& config = defaultCosConfig>
void Cos(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const uint32_t calCount, Pos p = Pos::current()) {
    static constexpr detail::PiPart pi[] = {{3.140625f, 0.0f},
                                            {0.0009670257568359375f, 1.57079637050628662109375f},
                                            {6.2771141529083251953125e-7f, 0.0f},
                                            {1.21644916362129151821136474609375e-10f, 0.0f},
                                            {-1.0290623200529979163359041220560e-13f, -0.00000004371139000189375f}};
    auto piece = [&](const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& x0,
                     const LocalTensor<float>& round, const LocalTensor<float>& kpi) {
        const UnaryRepeatParams u;
        Muls<float, false>(round, x, 0.3183098733425140380859375f, MASK_PLACEHOLDER, 1, u, p);
        PipeBarrier<PIPE_V>(p);
        Adds<float, false>(round, round, 0.5f, MASK_PLACEHOLDER, 1, u, p);
        PipeBarrier<PIPE_V>(p);
        detail::trig_round(round, round, RoundMode::CAST_RINT, p);
        detail::trig_reduce(x0, x, round, kpi, pi, p);
        detail::trig_polynomial(dst, x0, round, kpi, p);
        Mins<float, false>(dst, dst, 1.0f, MASK_PLACEHOLDER, 1, u, p);
        PipeBarrier<PIPE_V>(p);
        Maxs<float, false>(dst, dst, -1.0f, MASK_PLACEHOLDER, 1, u, p);
        PipeBarrier<PIPE_V>(p);
    };
    detail::trig_pieces<T, isReuseSource>("Cos", dstTensor, srcTensor, sharedTmpBuffer, calCount, piece, p);
}
template <typename T, bool isReuseSource = false, const CosConfig& config = defaultCosConfig>
void Cos(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount, Pos p = Pos::current()) {
    Cos<T, isReuseSource, config>(dstTensor, srcTensor, detail::stack_buffer(p), calCount, p);
}
template <typename T, bool isReuseSource = false, const CosConfig& config = defaultCosConfig>
void Cos(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
         Pos p = Pos::current()) {
    Cos<T, isReuseSource, config>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), p);
}
template <typename T, bool isReuseSource = false, const CosConfig& config = defaultCosConfig>
void Cos(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, Pos p = Pos::current()) {
    Cos<T, isReuseSource, config>(dstTensor, srcTensor, srcTensor.GetSize(), p);
}
// CANN's exact count form, for code that takes Cos by address (ASCSTEP_EXACT).
template <typename T, bool isReuseSource = false, const CosConfig& config = defaultCosConfig, ASCSTEP_EXACT(C, uint32_t)>
void Cos(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const C calCount) {
    Cos<T, isReuseSource, config>(dstTensor, srcTensor, uint32_t(calCount), Pos::current());
}
}  // namespace AscendC
