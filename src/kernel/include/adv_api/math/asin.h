// The library's Asin and Acos (adv_api/math/asin.h, acos.h), made as CANN's asin_common_impl.h
// and acos_common_impl.h make them on Atlas A2 and Atlas 200I/500 A2, so their steps and
// roundings are the device's (docs/semantics.md §21.12): counter-mode pieces of the temporary
// buffer (float: its floats / 4; half: its halves / 6, two float parts and two half parts),
// rounded down to 32; the 7-term Taylor series of asin on |x| and π/2 minus it on √(1 − x²),
// chosen by −floor(min(|x|, √½) − √½), times sign(x) as 2^62·x / (2^−62 + |2^62·x|) (half:
// 2^15, in half); Acos = −(Asin − π/2).
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "sin.h"

namespace AscendC {
namespace detail {
// The library's constants (math_constant_util.h), double literals rounded to float.
struct AsinConst {
    static constexpr float half_pi = 1.5707963267948966192313216916398;
    static constexpr float boundary = 0.70710678118654752440084436210485;
    static constexpr float coef[8] = {1.0,
                                      0.16666666666666666666666666666667,
                                      0.075,
                                      0.04464285714285714285714285714286,
                                      0.03038194444444444444444444444444,
                                      0.02237215909090909090909090909091,
                                      0.01735276442307692307692307692308,
                                      0.01396484375};
};
// dst = (((c7·s + c6)·s + …)·s + c0), starting from `first` (AsinTaylorCompute: s = src², the
// result times src; AsinTaylorComputeBySquareValue: s = src, then src = √src and the result
// times it).
template <class T>
void asin_taylor(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& square, bool by_square,
                 Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    const LocalTensor<T>& s = by_square ? src : square;
    if (by_square) {
        ASCSTEP_V((Muls<T, false>(dst, src, static_cast<T>(1.0f), MASK_PLACEHOLDER, 1, u, p)));
    } else {
        Mul<T, false>(dst, src, src, MASK_PLACEHOLDER, 1, b, p);
        ASCSTEP_V((Mul<T, false>(square, src, src, MASK_PLACEHOLDER, 1, b, p)));
    }
    ASCSTEP_V((Muls<T, false>(dst, dst, static_cast<T>(AsinConst::coef[7]), MASK_PLACEHOLDER, 1, u, p)));
    for (uint32_t i = 6; i > 0; i--) {
        ASCSTEP_V((Adds<T, false>(dst, dst, static_cast<T>(AsinConst::coef[i]), MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Mul<T, false>(dst, dst, s, MASK_PLACEHOLDER, 1, b, p)));
    }
    ASCSTEP_V((Adds<T, false>(dst, dst, static_cast<T>(AsinConst::coef[0]), MASK_PLACEHOLDER, 1, u, p)));
    if (by_square) {
        ASCSTEP_V((Sqrt<T, false>(src, src, MASK_PLACEHOLDER, 1, u, p)));
    }
    ASCSTEP_V((Mul<T, false>(dst, dst, src, MASK_PLACEHOLDER, 1, b, p)));
}
// dst = sign(src) as 2^62·src / (2^−62 + |2^62·src|) (half: 2^15, 2^−15), den the denominator
// (GetSign).
template <class T>
void asin_sign(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& den, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    constexpr float big = sizeof(T) == sizeof(float) ? 4611686018427387904.0f : 32768.0f;
    constexpr float small = sizeof(T) == sizeof(float) ? float(2.168404344971009e-19) : 3.0517578125e-05f;
    ASCSTEP_V((Muls<T, false>(dst, src, static_cast<T>(big), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Abs<T, false>(den, dst, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<T, false>(den, den, static_cast<T>(small), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Div<T, false>(dst, dst, den, MASK_PLACEHOLDER, 1, b, p)));
}
// One float piece (AsinCompute): tmp and tmp2 the two float parts of `split` elements.
inline void asin_float(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& tmp,
                       uint32_t split, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    const LocalTensor<float> tmp2 = tmp[split];
    ASCSTEP_V((Mul<float, false>(tmp2, src, src, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<float, false>(tmp2, tmp2, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(tmp2, tmp2, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Sqrt<float, false>(dst, tmp2, MASK_PLACEHOLDER, 1, u, p)));
    asin_taylor(tmp2, dst, tmp, false, p);
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Muls<float, false>(tmp2, tmp2, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(tmp2, tmp2, AsinConst::half_pi, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(tmp, src, src, MASK_PLACEHOLDER, 1, b, p)));
    asin_taylor(dst, tmp, tmp, true, p);
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Mins<float, false>(tmp, tmp, AsinConst::boundary, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(tmp, tmp, -AsinConst::boundary, MASK_PLACEHOLDER, 1, u, p)));
    const LocalTensor<int32_t> ints = tmp.ReinterpretCast<int32_t>();
    ASCSTEP_V((Cast<int32_t, float, false>(ints, tmp, RoundMode::CAST_FLOOR, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Cast<float, int32_t, false>(tmp, ints, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, u, p)));
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Muls<float, false>(tmp, tmp, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(dst, dst, tmp, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<float, false>(tmp, tmp, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(tmp, tmp, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(tmp2, tmp2, tmp, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Add<float, false>(dst, dst, tmp2, MASK_PLACEHOLDER, 1, b, p)));
    asin_sign(tmp2, src, tmp, p);
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Mul<float, false>(dst, dst, tmp2, MASK_PLACEHOLDER, 1, b, p)));
}
// One half piece (AsinFp16Compute): the float parts f1, f2 and the half parts h1, h2 of `split`
// elements; the float result stays in f1 (Acos reads it).
inline void asin_half(const LocalTensor<half>& dst, const LocalTensor<half>& src, const LocalTensor<half>& stack,
                      uint32_t split, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    const UnaryRepeatParams to_float{1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE};
    const LocalTensor<float> f1 = stack.ReinterpretCast<float>();
    const LocalTensor<float> f2 = f1[split];
    const LocalTensor<half> h1 = stack[split * 4];
    const LocalTensor<half> h2 = stack[split * 5];
    ASCSTEP_V((Cast<float, half, false>(f2, src, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, to_float, p)));
    ASCSTEP_V((Mul<float, false>(f2, f2, f2, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<float, false>(f2, f2, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(f2, f2, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
    asin_taylor(f1, f2, f2, true, p);
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Muls<float, false>(f1, f1, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(f1, f1, AsinConst::half_pi, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Abs<half, false>(h2, src, MASK_PLACEHOLDER, 1, u, p)));
    asin_taylor(dst, h2, h1, false, p);
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Mins<half, false>(h2, h2, static_cast<half>(AsinConst::boundary), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<half, false>(h2, h2, static_cast<half>(-AsinConst::boundary), MASK_PLACEHOLDER, 1, u, p)));
    const LocalTensor<int8_t> s8 = h1.ReinterpretCast<int8_t>();
    ASCSTEP_V((Cast<int8_t, half, false>(s8, h2, RoundMode::CAST_FLOOR, MASK_PLACEHOLDER, 1,
                                         {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
    ASCSTEP_V((Cast<half, int8_t, false>(h2, s8, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                         {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
    ASCSTEP_V((Muls<half, false>(h2, h2, static_cast<half>(-1.0f), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<half, false>(dst, dst, h2, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<half, false>(h2, h2, static_cast<half>(-1.0f), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<half, false>(h2, h2, static_cast<half>(1.0f), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Cast<float, half, false>(f2, h2, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, to_float, p)));
    ASCSTEP_V((Mul<float, false>(f1, f1, f2, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Cast<float, half, false>(f2, dst, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, to_float, p)));
    ASCSTEP_V((Add<float, false>(f1, f2, f1, MASK_PLACEHOLDER, 1, b, p)));
    asin_sign(h1, src, h2, p);
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Cast<float, half, false>(f2, h1, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, to_float, p)));
    ASCSTEP_V((Mul<float, false>(f1, f1, f2, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Cast<half, float, false>(dst, f1, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
}
// Asin (acos false) or Acos over the pieces of the temporary buffer.
template <class T>
void asin_pieces(const char* api, bool acos, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                 const LocalTensor<uint8_t>& tmp, uint32_t count, Pos p) {
    const uint32_t split = library_split<T>(api, "§21.12", tmp, sizeof(T), sizeof(T) == sizeof(half) ? 6 : 4, p);
    const UnaryRepeatParams u;
    const LocalTensor<T> buf = tmp.ReinterpretCast<T>();
    counter_pieces<T>(count, split, [&](uint32_t at) {
        if constexpr (std::is_same<T, float>::value) {
            asin_float(dst[at], src[at], buf, split, p);
            if (acos) {
                PipeBarrier<PIPE_V>(p);
                ASCSTEP_V((Adds<float, false>(dst[at], dst[at], -AsinConst::half_pi, MASK_PLACEHOLDER, 1, u, p)));
                Muls<float, false>(dst[at], dst[at], -1.0f, MASK_PLACEHOLDER, 1, u, p);
            }
        } else {
            asin_half(dst[at], src[at], buf, split, p);
            if (acos) {
                const LocalTensor<float> f1 = buf.template ReinterpretCast<float>();
                PipeBarrier<PIPE_V>(p);
                ASCSTEP_V((Adds<float, false>(f1, f1, -AsinConst::half_pi, MASK_PLACEHOLDER, 1, u, p)));
                ASCSTEP_V((Muls<float, false>(f1, f1, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
                Cast<half, float, false>(dst[at], f1, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                         {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
            }
        }
    }, p);
}
}  // namespace detail

namespace detail {
template <class T>
void asin_impl(const LocalTensor<T>& d, const LocalTensor<T>& s, const LocalTensor<uint8_t>& t, uint32_t n, Pos p) {
    asin_pieces<T>("Asin", false, d, s, t, n, p);
}
template <class T>
void acos_impl(const LocalTensor<T>& d, const LocalTensor<T>& s, const LocalTensor<uint8_t>& t, uint32_t n, Pos p) {
    asin_pieces<T>("Acos", true, d, s, t, n, p);
}
}  // namespace detail
ASCSTEP_LIBRARY_UNARY(Asin, , , detail::asin_impl)
ASCSTEP_LIBRARY_UNARY(Acos, , , detail::acos_impl)
}  // namespace AscendC
