// The library's Erf and Erfc (adv_api/math/erf.h, erfc.h), made as CANN's erf_common_impl.h and
// erfc_common_impl.h make them on Atlas A2 and Atlas 200I/500 A2, so their steps and roundings
// are the device's (docs/semantics.md §21.14): in float (half Cast to float; the result Cast back
// with CAST_ROUND on Atlas A2, CAST_NONE on Atlas 200I/500 A2), a barrier after every step. Erf:
// x clipped to ±3.92, x·P(x²)/Q(x²) with the library's degree-5 and degree-5 polynomials. Erfc:
// x clipped to ±10, s = x/(|x| + 2^−62), z = |x| + 2^−62, e = exp(−z²)·R(z)/S(z), the result
// s·e + (1 − s). On Ascend 950, Erf's default (Padé) form is the same steps (the half result back
// with CAST_RINT), its subsection form erf_950.h's; Erfc: erf_950.h.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "sin.h"
#include "erf_950.h"

namespace AscendC {
namespace detail {
// The rounding of the half result (GetErfCastType, GetErfcCastType).
constexpr RoundMode erf_half_cast() {
#if __NPU_ARCH__ == 2201
    return RoundMode::CAST_ROUND;
#elif __NPU_ARCH__ == 3510
    return RoundMode::CAST_RINT;  // erf_3510_impl.h's castTraitF322F16
#else
    return RoundMode::CAST_NONE;
#endif
}
// t3 = t2·k1 + k0 style Horner steps as the library writes them: acc = mul·acc', acc' = acc + k.
// Erf on one piece: x (clipped in place) and t1, t2, t3 of `split` floats from `buf`; the result
// in dst.
inline void erf_piece(const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& src,
                      const LocalTensor<float>& buf, uint32_t split, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    static constexpr float P[6] = {0.29639384698e5, 0.50637915060e4, 0.13938061484e4,
                                   0.10162808918e3, 0.75517016694e1, 0.053443748819};
    static constexpr float Q[5] = {0.26267224157e5, 0.13243365831e5, 0.30231248150e4, 0.39856963806e3,
                                   0.31212858877e2};
    const LocalTensor<float> t1 = buf, t2 = buf[split], t3 = buf[2 * split];
    const float clip = 3.92;
    ASCSTEP_V((Mins<float, false>(t1, src, clip, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Maxs<float, false>(x, t1, -clip, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(t1, x, x, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<float, false>(t2, t1, P[5], MASK_PLACEHOLDER, 1, u, p)));
    for (int i = 4; i >= 1; --i) {
        ASCSTEP_V((Adds<float, false>(t3, t2, P[i], MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Mul<float, false>(t2, t1, t3, MASK_PLACEHOLDER, 1, b, p)));
    }
    ASCSTEP_V((Adds<float, false>(t3, t2, P[0], MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(t2, x, t3, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Adds<float, false>(t3, t1, Q[4], MASK_PLACEHOLDER, 1, u, p)));
    for (int i = 3; i >= 0; --i) {
        ASCSTEP_V((Mul<float, false>(x, t1, t3, MASK_PLACEHOLDER, 1, b, p)));
        ASCSTEP_V((Adds<float, false>(t3, x, Q[i], MASK_PLACEHOLDER, 1, u, p)));
    }
    ASCSTEP_V((Div<float, false>(dst, t2, t3, MASK_PLACEHOLDER, 1, b, p)));
}
// Erfc on one piece: x the clipped input's buffer (it becomes the sign), c1 … c5 of `split`
// floats from `buf`; the result in dst. `clipped` is where ErfcClip leaves min(src, 10).
inline void erfc_piece(const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& src,
                       const LocalTensor<float>& clipped, const LocalTensor<float>& buf, uint32_t split, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    static constexpr float R[9] = {0.1735313680e-7, -0.9856738394e-6, 0.2517003236e-4, -0.3848015171e-3, 0.5681528564e0,
                                   0.5245623129e1,  0.2107740710e2,   0.4212761755e2,  0.4380524149e2};
    static constexpr float S[6] = {0, 0.9349684299e1, 0.3756930664e2, 0.8058268949e2, 0.9155653738e2, 0.4380524152e2};
    const LocalTensor<float> c1 = buf, c2 = buf[split], c3 = buf[2 * split], c4 = buf[3 * split], c5 = buf[4 * split];
    const float clip = 10;
    ASCSTEP_V((Mins<float, false>(clipped, src, clip, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Maxs<float, false>(x, clipped, -clip, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Abs<float, false>(c1, x, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(c1, c1, float(2.168404344971009e-19), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Div<float, false>(x, x, c1, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Mins<float, false>(c2, c1, clip, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Muls<float, false>(c3, c1, R[0], MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(c4, c3, R[1], MASK_PLACEHOLDER, 1, u, p)));
    for (int i = 2; i <= 8; ++i) {
        ASCSTEP_V((Mul<float, false>(c3, c1, c4, MASK_PLACEHOLDER, 1, b, p)));
        ASCSTEP_V((Adds<float, false>(c4, c3, R[i], MASK_PLACEHOLDER, 1, u, p)));
    }
    ASCSTEP_V((Adds<float, false>(c3, c1, S[1], MASK_PLACEHOLDER, 1, u, p)));
    for (int i = 2; i <= 5; ++i) {
        ASCSTEP_V((Mul<float, false>(c5, c1, c3, MASK_PLACEHOLDER, 1, b, p)));
        ASCSTEP_V((Adds<float, false>(c3, c5, S[i], MASK_PLACEHOLDER, 1, u, p)));
    }
    ASCSTEP_V((Div<float, false>(c3, c4, c3, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Mul<float, false>(c1, c1, c1, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<float, false>(c1, c1, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Exp<float, false>(c1, c1, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(c3, c1, c3, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<float, false>(c2, x, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(c2, c2, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(c3, c3, x, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Add<float, false>(dst, c3, c2, MASK_PLACEHOLDER, 1, b, p)));
}
// Erf (erfc false) or Erfc over the pieces of the temporary buffer.
template <class T>
void erf_pieces(bool erfc, const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                uint32_t count, Pos p) {
    const uint32_t procedures = sizeof(T) == sizeof(half) ? (erfc ? 12 : 8) : (erfc ? 5 : 3);
    const uint32_t split = library_split<T>(erfc ? "Erfc" : "Erf", "§21.14", tmp, sizeof(T), procedures, p, !erfc);
    const LocalTensor<float> buf = tmp.ReinterpretCast<float>();
    counter_pieces<half>(count, split, [&](uint32_t at) {
        if constexpr (std::is_same<T, float>::value) {
            if (erfc) {
                erfc_piece(dst[at], dst[at], src[at], dst[at], buf, split, p);
            } else {
                erf_piece(dst[at], dst[at], src[at], buf, split, p);
            }
        } else {
            const LocalTensor<float> x = buf[(erfc ? 5 : 3) * split];
            ASCSTEP_V((Cast<float, half, false>(x, src[at], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                                {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE / 2}, p)));
            if (erfc) {
                erfc_piece(buf, x, x, buf, buf, split, p);
            } else {
                erf_piece(buf, x, x, buf, split, p);
            }
            ASCSTEP_V((Cast<half, float, false>(dst[at], buf, erf_half_cast(), MASK_PLACEHOLDER, 1,
                                                {1, 1, DEFAULT_REPEAT_STRIDE / 2, DEFAULT_REPEAT_STRIDE}, p)));
        }
    }, p);
}
}  // namespace detail

namespace detail {
// Ascend 950's Erf (erf_3510_impl.h) by PADE_APPROXIMATION, its default, is these steps on each
// repeat's registers: the same operations in the same order, each rounded to float, so the same
// values (the half result rounded with CAST_RINT); its subsection polynomial: erf_950.h.
template <class T, ErfConfig config = defaultErfConfig>
void erf_impl(const LocalTensor<T>& d, const LocalTensor<T>& s, const LocalTensor<uint8_t>& t, uint32_t n, Pos p) {
#if __NPU_ARCH__ == 3510
    if (config.algo != ErfAlgo::PADE_APPROXIMATION) return erf_subsection<T>(d, s, t, n, p);
#endif
    erf_pieces<T>(false, d, s, t, n, p);
}
template <class T>
void erfc_impl(const LocalTensor<T>& d, const LocalTensor<T>& s, const LocalTensor<uint8_t>& t, uint32_t n, Pos p) {
#if __NPU_ARCH__ == 3510
    return erfc_950<T>(d, s, t, n, p);
#endif
    erf_pieces<T>(true, d, s, t, n, p);
}
}  // namespace detail
// Erf takes ErfConfig as the library's newer headers do (by value, as Div's configuration: g++ 12
// crashes on a reference to a kernel's local static constexpr one, ops-nn's ge_glu_v2); its
// algorithm is used on Ascend 950 only.
#define ASCSTEP_ERF_TPARAMS , ErfConfig config = defaultErfConfig
#define ASCSTEP_ERF_TARGS , config
ASCSTEP_LIBRARY_UNARY(Erf, ASCSTEP_ERF_TPARAMS, ASCSTEP_ERF_TARGS, detail::erf_impl)
#undef ASCSTEP_ERF_TPARAMS
#undef ASCSTEP_ERF_TARGS
ASCSTEP_LIBRARY_UNARY(Erfc, , , detail::erfc_impl)
}  // namespace AscendC
