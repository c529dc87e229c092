// The library's Atan (adv_api/math/atan.h), made as CANN's atan_common_impl.h makes it on Atlas
// A2 and Atlas 200I/500 A2, so its steps and roundings are the device's (docs/semantics.md
// §21.11): in float (half Cast to float and back, CAST_NONE), counter-mode pieces of the
// temporary buffer's floats / 5 (half: / 6), rounded down to 32; x clipped to ±10000; the
// least of three Taylor expansions of atan on |x| (directly; reduced by tan(π/8); reduced by
// |x−1|/|x+1| and π/4, then by tan(π/8)), times sign(x) computed as 2^62·x / (2^−62 + |2^62·x|).
// Ascend 950's: atan_950.h.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "sin.h"
#include "atan_950.h"

namespace AscendC {
namespace detail {
// dst = src·(1 + f1·s + … + f_level·s^level), s = src², f_k = (−1)^k/(2k+1) as float
// (TaylorExpand).
inline void atan_taylor(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& square,
                        uint32_t level, Pos p) {
    // The library's double literals, each rounded to float as its constexpr float array does.
    static constexpr float f[7] = {1, -0.3333333333333333, 0.2, -0.14285714285714285, 0.1111111111111111,
                                   -0.09090909090909091, 0.07692307692307693};
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    Mul<float, false>(square, src, src, MASK_PLACEHOLDER, 1, b, p);
    ASCSTEP_V((Mul<float, false>(dst, src, src, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<float, false>(dst, dst, f[level], MASK_PLACEHOLDER, 1, u, p)));
    for (uint32_t i = level - 1; i > 0; --i) {
        ASCSTEP_V((Adds<float, false>(dst, dst, f[i], MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Mul<float, false>(dst, dst, square, MASK_PLACEHOLDER, 1, b, p)));
    }
    ASCSTEP_V((Adds<float, false>(dst, dst, f[0], MASK_PLACEHOLDER, 1, u, p)));
    Mul<float, false>(dst, dst, src, MASK_PLACEHOLDER, 1, b, p);
}
// dst = |(src − y) / (1 + src·y)| (AtanTransform).
inline void atan_transform(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& tmp,
                           float y, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    ASCSTEP_V((Muls<float, false>(dst, src, y, MASK_PLACEHOLDER, 1, u, p)));
    Adds<float, false>(dst, dst, 1.0f, MASK_PLACEHOLDER, 1, u, p);
    ASCSTEP_V((Adds<float, false>(tmp, src, 0.0f - y, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Div<float, false>(dst, tmp, dst, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Abs<float, false>(dst, dst, MASK_PLACEHOLDER, 1, u, p)));
}
// One piece (AtanFormulaImpl): the five float buffers of `split` elements from `buf`.
inline void atan_piece(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& buf,
                       uint32_t split, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    const float pi4 = 0.78539816339744830961566084581988;
    const float pi8 = 0.39269908169872415480783042290994;
    const float tan_pi8 = 0.4142135623730950;
    const LocalTensor<float> tmp = buf;
    const LocalTensor<float> clip = buf[split];
    const LocalTensor<float> abs = buf[2 * split];
    const LocalTensor<float> tmp2 = buf[3 * split];
    const LocalTensor<float> square = buf[4 * split];
    ASCSTEP_V((Mins<float, false>(clip, src, 10000.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Maxs<float, false>(clip, clip, -10000.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Abs<float, false>(abs, clip, MASK_PLACEHOLDER, 1, u, p)));
    atan_taylor(dst, abs, square, 4, p);
    atan_transform(tmp, abs, tmp2, tan_pi8, p);
    atan_taylor(tmp2, tmp, square, 4, p);
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Adds<float, false>(tmp2, tmp2, pi8, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Min<float, false>(dst, dst, tmp2, MASK_PLACEHOLDER, 1, b, p)));
    Adds<float, false>(tmp2, abs, 1.0f, MASK_PLACEHOLDER, 1, u, p);
    ASCSTEP_V((Adds<float, false>(tmp, abs, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Div<float, false>(tmp, tmp, tmp2, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Abs<float, false>(tmp, tmp, MASK_PLACEHOLDER, 1, u, p)));
    atan_taylor(tmp2, tmp, square, 4, p);
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Adds<float, false>(tmp2, tmp2, pi4, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Min<float, false>(dst, dst, tmp2, MASK_PLACEHOLDER, 1, b, p)));
    atan_transform(tmp2, tmp, square, tan_pi8, p);
    atan_taylor(tmp, tmp2, square, 6, p);
    PipeBarrier<PIPE_V>(p);
    ASCSTEP_V((Adds<float, false>(tmp, tmp, pi8, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(tmp, tmp, pi4, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Min<float, false>(dst, dst, tmp, MASK_PLACEHOLDER, 1, b, p)));
    // sign(clip) into tmp (the library's Sign, in float: 2^62 and 2^−62), tmp2 its denominator.
    ASCSTEP_V((Muls<float, false>(tmp, clip, 4611686018427387904.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Abs<float, false>(tmp2, tmp, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(tmp2, tmp2, float(2.168404344971009e-19), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Div<float, false>(tmp, tmp, tmp2, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Mul<float, false>(dst, dst, tmp, MASK_PLACEHOLDER, 1, b, p)));
}
// Atan over the pieces of the temporary buffer; on Ascend 950 its configuration's algorithm
// (atan_950.h).
template <class T, AtanConfig config = defaultAtanConfig>
void atan_impl(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
               const uint32_t calCount, Pos p) {
#if __NPU_ARCH__ == 3510
    if constexpr (config.algo == AtanAlgo::TAYLOR_EXPANSION) {
        return atan_taylor_950_pieces<T>(dstTensor, srcTensor, sharedTmpBuffer, calCount, p);
    } else {
        static_assert(std::is_same<T, float>::value,
                      "Atan with POLYNOMIAL_APPROXIMATION algorithm only support float data type on current device!!");
        return atan_polynomial_950(dstTensor, srcTensor, sharedTmpBuffer, calCount, p);
    }
#endif
    const uint32_t split =
        library_split<T>("Atan", "§21.11", sharedTmpBuffer, sizeof(float), sizeof(T) == sizeof(half) ? 6 : 5, p);
    const LocalTensor<float> buf = sharedTmpBuffer.ReinterpretCast<float>();
    counter_pieces<T>(calCount, split, [&](uint32_t at) {
        if constexpr (std::is_same<T, float>::value) {
            atan_piece(dstTensor[at], srcTensor[at], buf, split, p);
        } else {
            via_float(dstTensor[at], srcTensor[at], buf[5 * split],
                              [&](const LocalTensor<float>& f) { atan_piece(f, f, buf, split, p); }, p);
        }
    }, p);
}
}  // namespace detail
#define ASCSTEP_ATAN_TPARAMS , AtanConfig config = defaultAtanConfig
#define ASCSTEP_ATAN_TARGS , config
ASCSTEP_LIBRARY_UNARY(Atan, ASCSTEP_ATAN_TPARAMS, ASCSTEP_ATAN_TARGS, detail::atan_impl)
#undef ASCSTEP_ATAN_TPARAMS
#undef ASCSTEP_ATAN_TARGS
}  // namespace AscendC
