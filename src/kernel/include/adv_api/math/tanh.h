// The library's Tanh (adv_api/math/tanh.h), made as CANN's tanh_common_impl.h makes it on
// Atlas A2, so its steps and roundings are the device's (docs/semantics.md §21.4): in float
// (half is Cast to float first and back after, CAST_NONE), x clipped to [−8.8, 8.8] (Mins,
// Maxs), then (e^2x − 1) / (e^2x + 1) by Muls 2, Exp, Adds −1, Adds 1, Div; in counter-mode
// pieces of the temporary buffer (of the stack buffer, PopStackBuffer, when none is given):
// float pieces of its floats rounded down to 32, half pieces of half that (a float copy of the
// source and the clip share it). The TanhConfig's algorithm is not used on Atlas A2.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
enum class TanhAlgo {
    INTRINSIC = 0,
    SUBSECTION_COMPENSATION,
};
struct TanhConfig {
    TanhAlgo algo = TanhAlgo::INTRINSIC;
};
constexpr TanhConfig DEFAULT_TANH_CONFIG = {TanhAlgo::INTRINSIC};

namespace detail {
inline void tanh_formula(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& clip,
                         Pos p) {
    const UnaryRepeatParams unary;
    const BinaryRepeatParams binary;
    Mins<float, false>(clip, src, 8.8f, MASK_PLACEHOLDER, 1, unary, p);
    PipeBarrier<PIPE_V>(p);
    Maxs<float, false>(clip, clip, -8.8f, MASK_PLACEHOLDER, 1, unary, p);
    PipeBarrier<PIPE_V>(p);
    Muls<float, false>(clip, clip, 2.0f, MASK_PLACEHOLDER, 1, unary, p);
    PipeBarrier<PIPE_V>(p);
    Exp<float, false>(clip, clip, MASK_PLACEHOLDER, 1, unary, p);
    PipeBarrier<PIPE_V>(p);
    Adds<float, false>(dst, clip, -1.0f, MASK_PLACEHOLDER, 1, unary, p);
    PipeBarrier<PIPE_V>(p);
    Adds<float, false>(clip, clip, 1.0f, MASK_PLACEHOLDER, 1, unary, p);
    PipeBarrier<PIPE_V>(p);
    Div<float, false>(dst, dst, clip, MASK_PLACEHOLDER, 1, binary, p);
    PipeBarrier<PIPE_V>(p);
}
inline void tanh_piece(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>&,
                       const LocalTensor<float>& clip, Pos p) {
    tanh_formula(dst, src, clip, p);
}
inline void tanh_piece(const LocalTensor<half>& dst, const LocalTensor<half>& src, const LocalTensor<float>& conv,
                       const LocalTensor<float>& clip, Pos p) {
    via_float(dst, src, conv, [&](const LocalTensor<float>& f) { tanh_formula(f, f, clip, p); }, p);
}
}  // namespace detail

template <typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG>
void Tanh(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
          const uint32_t calCount, Pos p = Pos::current()) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value, "Tanh supports half and float");
    LocalTensor<float> tmp = sharedTmpBuffer.ReinterpretCast<float>();
    uint32_t floats = sharedTmpBuffer.GetSize() / sizeof(float);
    uint32_t procedures = sizeof(T) == sizeof(half) ? 2 : 1;
    uint32_t stackSize = floats / procedures / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (stackSize == 0) {
        ascstep_rt::stop(p, "Tanh: the temporary buffer holds " + std::to_string(sharedTmpBuffer.GetSize()) +
                                " bytes; it needs at least " + std::to_string(128 * procedures));
    }
    LocalTensor<float> conv = tmp;
    LocalTensor<float> clip = sizeof(T) == sizeof(half) ? tmp[stackSize] : tmp;
    detail::counter_pieces<T>(calCount, stackSize, [&](uint32_t at) {
        detail::tanh_piece(dstTensor[at], srcTensor[at], conv, clip, p);
    }, p);
}

template <typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG>
void Tanh(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,
          Pos p = Pos::current()) {
    Tanh<T, isReuseSource, config>(dstTensor, srcTensor, detail::stack_buffer(p), calCount, p);
}

template <typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG>
void Tanh(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
          Pos p = Pos::current()) {
    Tanh<T, isReuseSource, config>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), p);
}

template <typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG>
void Tanh(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, Pos p = Pos::current()) {
    Tanh<T, isReuseSource, config>(dstTensor, srcTensor, srcTensor.GetSize(), p);
}
// CANN's exact count form, for code that takes Tanh by address (ASCSTEP_EXACT).
template <typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG, ASCSTEP_EXACT(C, uint32_t)>
void Tanh(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const C calCount) {
    Tanh<T, isReuseSource, config>(dstTensor, srcTensor, uint32_t(calCount), Pos::current());
}
}  // namespace AscendC
