// Ascend 950's Erfc (asc-devkit erfc_3510_impl.h) and Erf by
// ErfAlgo::SUBSECTION_POLYNOMIAL_APPROXIMATION (asc-devkit erf_3510_impl.h,
// ErfSubsectionCompute and ErfSpecialCaseCompute; docs/semantics.md §21.14), stepped as the
// Memory API instructions its register steps are, in float, count form, one piece at a time:
// p2 = |x| ≥ 0x3F8060FE; f7 = p2 ? |x| : x²; f20 by six fused multiply–adds (MulAddDst, one
// rounding on 950) of coefficients chosen by p2; f22 = p2 ? −|x| : x; f26 = fma(f20, f22, f22);
// the result f26 where |x| < 0x3F8060FE, else x's sign bit OR'd onto 1 − exp(f26·ln 2) (ln 2 as
// the vector Ln gives it for 2). Erfc: x clipped to ±10, xa = |x| + 2^−62, the result
// exp(−xa²)·(x/xa)·R(z)/S(z) + (1 − x/xa) with z = min(xa, 10), in the register steps' order.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
// The library's constants, by their bits.
constexpr float erf_bits(uint32_t b) { return __builtin_bit_cast(float, b); }
// One piece of `len` floats: x read; acc, f7, c of `len` floats and m of `len` bits written (acc
// ends holding the result).
inline void erf_subsection_piece(const LocalTensor<float>& acc, const LocalTensor<float>& x, const LocalTensor<float>& f7,
                                 const LocalTensor<float>& c, const LocalTensor<uint8_t>& m, uint32_t len, Pos p) {
    static constexpr uint32_t P1[7] = {0x38EB4C3A, 0xBAAE005B, 0x3C09919F, 0xBD24D99A,
                                       0x3E235519, 0x3F69B4F9, 0x3F210A14};
    static constexpr uint32_t P2[7] = {0x38B1E96A, 0xBA574D20, 0x3BAAD5EA, 0xBCDC1BE7,
                                       0x3DE718AF, 0xBEC093AC, 0x3E0375D3};
    const float c0 = erf_bits(0x3F8060FE);
    const int32_t n = int32_t(len);
    // |x| against c0 into m.
    auto compare = [&](CMPMODE mode) { compare_950(m, c, c0, mode, len, p); };
    ASCSTEP_V(Abs(c, x, n, p));
    compare(CMPMODE::GE);
    ASCSTEP_V(Mul(acc, x, x, n, p));
    ASCSTEP_V(Select(f7, m, c, acc, SELMODE::VSEL_TENSOR_TENSOR_MODE, len, p));
    // f8 into acc; then f9 … f19 alternately into c and acc, each fma'd onto the last.
    ASCSTEP_V(Duplicate(acc, erf_bits(P1[0]), n, p));
    ASCSTEP_V(Select(acc, m, acc, erf_bits(P2[0]), SELMODE::VSEL_TENSOR_SCALAR_MODE, len, p));
    LocalTensor<float> last = acc, next = c;
    for (int i = 1; i < 7; ++i) {
        ASCSTEP_V(Duplicate(next, erf_bits(P1[i]), n, p));
        ASCSTEP_V(Select(next, m, next, erf_bits(P2[i]), SELMODE::VSEL_TENSOR_SCALAR_MODE, len, p));
        ASCSTEP_V(MulAddDst(next, last, f7, n, p));
        std::swap(last, next);
    }
    // f20 is in `last` (acc: six swaps); f22 into f7, f26 = f20·f22 + f22 into f7.
    ASCSTEP_V(Abs(c, x, n, p));
    ASCSTEP_V(Muls(c, c, -1.0f, n, p));
    ASCSTEP_V(Select(f7, m, c, x, SELMODE::VSEL_TENSOR_TENSOR_MODE, len, p));
    ASCSTEP_V(MulAddDst(f7, last, f7, n, p));
    // The special case: r4 = sign(x) | bits(1 − exp(f26·ln 2)) where |x| ≥ c0.
    ASCSTEP_V(Abs(c, x, n, p));
    compare(CMPMODE::LT);
    ASCSTEP_V(Duplicate(c, 2.0f, n, p));
    ASCSTEP_V(Ln(c, c, n, p));
    ASCSTEP_V(Mul(c, f7, c, n, p));
    ASCSTEP_V(Exp(c, c, n, p));
    ASCSTEP_V(Duplicate(acc, 1.0f, n, p));
    ASCSTEP_V(Sub(acc, acc, c, n, p));
    ASCSTEP_V(Duplicate(c.ReinterpretCast<uint32_t>(), uint32_t(0x80000000u), n, p));
    ASCSTEP_V(And(c.ReinterpretCast<uint16_t>(), x.ReinterpretCast<uint16_t>(), c.ReinterpretCast<uint16_t>(), 2 * n, p));
    ASCSTEP_V(Or(c.ReinterpretCast<uint16_t>(), c.ReinterpretCast<uint16_t>(), acc.ReinterpretCast<uint16_t>(), 2 * n, p));
    ASCSTEP_V(Select(acc, m, f7, c, SELMODE::VSEL_TENSOR_TENSOR_MODE, len, p));
}
// Erf by the subsection polynomial: f7 and c from the buffer; the bits after them for floats, in
// dst's piece for halves (until the result is Cast back over them).
template <class T>
void erf_subsection(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                    uint32_t count, Pos p) {
    pieces_950<T>("Erf", "§21.14", dst, src, tmp, count, sizeof(T) == sizeof(half) ? 8 : 3, 2,
                  [&](const LocalTensor<float>& acc, const LocalTensor<float>& x, const LocalTensor<float>& buf,
                      uint32_t split, uint32_t at, uint32_t len) {
                      const LocalTensor<uint8_t> m = std::is_same<T, float>::value
                                                         ? buf[2 * split].ReinterpretCast<uint8_t>()
                                                         : dst[at].template ReinterpretCast<uint8_t>();
                      erf_subsection_piece(acc, x, buf, buf[split], m, len, p);
                  }, p);
}
// Erfc on one piece of `len` floats: x read (src's piece, or half's float copy); acc ends holding
// the result; a, b, c of `len` floats written.
inline void erfc_950_piece(const LocalTensor<float>& acc, const LocalTensor<float>& x, const LocalTensor<float>& a,
                           const LocalTensor<float>& b, const LocalTensor<float>& c, uint32_t len, Pos p) {
    static constexpr float R[9] = {0.1735313680e-7, -0.9856738394e-6, 0.2517003236e-4, -0.3848015171e-3, 0.5681528564e0,
                                   0.5245623129e1,  0.2107740710e2,   0.4212761755e2,  0.4380524149e2};
    static constexpr float S[5] = {0.9349684299e1, 0.3756930664e2, 0.8058268949e2, 0.9155653738e2, 0.4380524152e2};
    const int32_t n = int32_t(len);
    ASCSTEP_V(Mins(acc, x, 10.0f, n, p));
    ASCSTEP_V(Maxs(acc, acc, -10.0f, n, p));  // x' = clip(x)
    ASCSTEP_V(Abs(a, acc, n, p));
    ASCSTEP_V(Adds(a, a, float(2.168404344971009e-19), n, p));  // xa
    ASCSTEP_V(Mul(b, a, a, n, p));
    ASCSTEP_V(Muls(b, b, -1.0f, n, p));
    ASCSTEP_V(Exp(b, b, n, p));  // exp(−xa²)
    ASCSTEP_V(Mins(c, a, 10.0f, n, p));  // z
    ASCSTEP_V(Div(a, acc, a, n, p));  // xb = x'/xa
    ASCSTEP_V(Mul(b, b, a, n, p));
    ASCSTEP_V(Duplicate(acc, R[0], n, p));
    ASCSTEP_V(Mul(acc, c, acc, n, p));
    ASCSTEP_V(Adds(acc, acc, R[1], n, p));
    for (int i = 2; i < 9; ++i) {
        ASCSTEP_V(Mul(acc, acc, c, n, p));
        ASCSTEP_V(Adds(acc, acc, R[i], n, p));
    }
    ASCSTEP_V(Mul(b, b, acc, n, p));
    ASCSTEP_V(Adds(acc, c, S[0], n, p));
    for (int i = 1; i < 5; ++i) {
        ASCSTEP_V(Mul(acc, acc, c, n, p));
        ASCSTEP_V(Adds(acc, acc, S[i], n, p));
    }
    ASCSTEP_V(Div(b, b, acc, n, p));
    ASCSTEP_V(Duplicate(acc, 1.0f, n, p));
    ASCSTEP_V(Sub(acc, acc, a, n, p));
    ASCSTEP_V(Add(acc, b, acc, n, p));
}
// Erfc over pieces of the temporary buffer (floats: / 5, halves: / 12, as Atlas A2's): a, b, c
// from the buffer.
template <class T>
void erfc_950(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp, uint32_t count,
              Pos p) {
    pieces_950<T>("Erfc", "§21.14", dst, src, tmp, count, sizeof(T) == sizeof(half) ? 12 : 5, 3,
                  [&](const LocalTensor<float>& acc, const LocalTensor<float>& x, const LocalTensor<float>& buf,
                      uint32_t split, uint32_t, uint32_t len) {
                      erfc_950_piece(acc, x, buf, buf[split], buf[2 * split], len, p);
                  }, p);
}
}  // namespace detail
}  // namespace AscendC
