// The library's Sin (adv_api/math/sin.h), made as CANN's sin_common_impl.h makes it, so its
// steps and roundings are the device's (docs/semantics.md §21.9): in float (half Cast to float
// and back, CAST_NONE); k = round(x/π) (Muls 1/π, a Cast with CAST_ROUND), x0 = x − kπ with π in
// four parts (Muls, Sub each); the sign (−1)^k from floor(k/2)·4 − 2k + 1; x0·P(x0²), P the
// library's degree-4 polynomial (Muls, Adds, Mul); in counter-mode pieces of the temporary
// buffer (of the stack buffer, PopStackBuffer, when none is given): float pieces of a third of
// its floats (half of them with isReuseSource, which computes in src), half pieces of a
// quarter, rounded down to 32. The float→float rounding Cast is Atlas A2's (v220); Atlas
// 200I/500 A2's library rounds through int32 (v200). Cos (cos.h) shares the pieces.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "trig.h"

namespace AscendC {
namespace detail {
// SinCast/CosCast: a rounding of floats to whole floats, per product as the library does it.
inline void trig_round(const LocalTensor<float>& dst, const LocalTensor<float>& src, RoundMode mode, Pos p) {
#if __NPU_ARCH__ == 2002
    const LocalTensor<int32_t> ints = dst.ReinterpretCast<int32_t>();
    Cast<int32_t, float, false>(ints, src, mode, MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
    PipeBarrier<PIPE_V>(p);
    Cast<float, int32_t, false>(dst, ints, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
#else
    Cast<float, float, false>(dst, src, mode, MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
#endif
    PipeBarrier<PIPE_V>(p);
}
// One masked vector step over the piece, then the library's barrier.
// dst = (−1)^k as floor(k/2)·4 − 2k + 1 (k in `round`, which becomes −2k); kpi = x0².
inline void trig_sign(const LocalTensor<float>& dst, const LocalTensor<float>& x0, const LocalTensor<float>& round,
                      const LocalTensor<float>& kpi, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    ASCSTEP_V((Mul<float, false>(kpi, x0, x0, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<float, false>(dst, round, 0.5f, MASK_PLACEHOLDER, 1, u, p)));
    trig_round(dst, dst, RoundMode::CAST_FLOOR, p);
    ASCSTEP_V((Muls<float, false>(dst, dst, 4.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Muls<float, false>(round, round, -2.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Add<float, false>(dst, dst, round, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Adds<float, false>(dst, dst, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
}
// dst = sign · x0·P(x0²), P(t) = (((2.604926501e-6·t − 1.980894471e-4)·t + 8.333049340e-3)·t
// − 0.1666665792)·t + 1 (the library's SinPolynomialApproximation / CosPolynomialApproximation).
inline void trig_polynomial(const LocalTensor<float>& dst, const LocalTensor<float>& x0, const LocalTensor<float>& round,
                            const LocalTensor<float>& kpi, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    trig_sign(dst, x0, round, kpi, p);
    ASCSTEP_V((Muls<float, false>(round, kpi, 2.604926501e-6f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(round, round, -0.0001980894471f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(round, round, kpi, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Adds<float, false>(round, round, 0.008333049340f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(round, round, kpi, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Adds<float, false>(round, round, -0.1666665792f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(round, round, kpi, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Adds<float, false>(round, round, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(round, round, x0, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Mul<float, false>(dst, round, dst, MASK_PLACEHOLDER, 1, b, p)));
}
// x0 = x − k·π with π as the library splits it: `parts` (multiplier, then an Adds after it or 0).
struct PiPart {
    float mul;
    float add_after;
};
template <size_t N>
void trig_reduce(const LocalTensor<float>& x0, const LocalTensor<float>& x, const LocalTensor<float>& round,
                 const LocalTensor<float>& kpi, const PiPart (&parts)[N], Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    for (size_t i = 0; i < N; ++i) {
        ASCSTEP_V((Muls<float, false>(kpi, round, parts[i].mul, MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Sub<float, false>(x0, i == 0 ? x : x0, kpi, MASK_PLACEHOLDER, 1, b, p)));
        if (parts[i].add_after != 0.0f) {
            ASCSTEP_V((Adds<float, false>(x0, x0, parts[i].add_after, MASK_PLACEHOLDER, 1, u, p)));
        }
    }
}
// The library's pieces: (float: 3, or 2 reusing the source; half: 4) float buffers of the
// piece's length in the temporary buffer; `piece(dst, src, x0, round, kpi)` computes one.
template <class T, bool isReuseSource, class F>
void trig_pieces(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                 uint32_t count, F&& piece, Pos p) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
    trig_product(api, p);
    const uint32_t floats = tmp.GetSize() / sizeof(float);
    const uint32_t procedures = sizeof(T) == sizeof(half) ? 4 : (isReuseSource ? 2 : 3);
    const uint32_t split = floats / procedures / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (split == 0) {
        ascstep_rt::stop(p, std::string(api) + ": the temporary buffer holds " + std::to_string(tmp.GetSize()) +
                                " bytes; it needs at least " + std::to_string(procedures * 32 * 4));
    }
    const LocalTensor<float> buf = tmp.ReinterpretCast<float>();
    counter_pieces<T>(count, split, [&](uint32_t at) {
        if constexpr (std::is_same<T, float>::value) {
            const LocalTensor<float> x0 = isReuseSource ? src[at] : buf[2 * split];
            piece(dst[at], src[at], x0, buf, buf[split]);
        } else {
            via_float(dst[at], src[at], buf, [&](const LocalTensor<float>& f) { piece(f, f, buf[3 * split], buf[split], buf[2 * split]); }, p);
        }
    }, p);
}
}  // namespace detail

template <typename T, bool isReuseSource = false, SinConfig config = defaultSinConfig>
void Sin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const uint32_t calCount, Pos p = Pos::current()) {
    static constexpr detail::PiPart pi[] = {{3.140625f, 0.0f},
                                            {0.0009670257568359375f, 0.0f},
                                            {6.2771141529083251953125e-7f, 0.0f},
                                            {1.21644916362129151821136474609375e-10f, 0.0f}};
    auto piece = [&](const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& x0,
                     const LocalTensor<float>& round, const LocalTensor<float>& kpi) {
        Muls<float, false>(round, x, 0.3183098733425140380859375f, MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p);
        PipeBarrier<PIPE_V>(p);
        detail::trig_round(round, round, RoundMode::CAST_ROUND, p);
        detail::trig_reduce(x0, x, round, kpi, pi, p);
        detail::trig_polynomial(dst, x0, round, kpi, p);
    };
    detail::trig_pieces<T, isReuseSource>("Sin", dstTensor, srcTensor, sharedTmpBuffer, calCount, piece, p);
}
template <typename T, bool isReuseSource = false, SinConfig config = defaultSinConfig>
void Sin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount, Pos p = Pos::current()) {
    Sin<T, isReuseSource, config>(dstTensor, srcTensor, detail::stack_buffer(p), calCount, p);
}
template <typename T, bool isReuseSource = false, SinConfig config = defaultSinConfig>
void Sin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
         Pos p = Pos::current()) {
    Sin<T, isReuseSource, config>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), p);
}
template <typename T, bool isReuseSource = false, SinConfig config = defaultSinConfig>
void Sin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, Pos p = Pos::current()) {
    Sin<T, isReuseSource, config>(dstTensor, srcTensor, srcTensor.GetSize(), p);
}
// CANN's exact count form, for code that takes Sin by address (ASCSTEP_EXACT).
template <typename T, bool isReuseSource = false, SinConfig config = defaultSinConfig, ASCSTEP_EXACT(C, uint32_t)>
void Sin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const C calCount) {
    Sin<T, isReuseSource, config>(dstTensor, srcTensor, uint32_t(calCount), Pos::current());
}
}  // namespace AscendC
