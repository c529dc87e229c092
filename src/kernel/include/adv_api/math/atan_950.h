// Ascend 950's Atan (asc-devkit atan_3510_impl.h; docs/semantics.md §21.11), stepped as the
// Memory API instructions its register steps are, in float, count form, one piece at a time.
// TAYLOR_EXPANSION (the default): Atlas A2's least of four expansions and sign, with the 950
// TaylorExpand's own order (an f_n term added twice, and for T_6 f5 and f4 summed unmultiplied);
// POLYNOMIAL_APPROXIMATION (float): xc = |x| ≥ 1 ? 1/|x| : |x|, y by fused multiply–adds of
// xc², y' = b1·b2 − y where |x| ≥ 1, x's sign bit OR'd on.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
// dst = the 950 TaylorExpand of src at `level` (4 or 6); square written.
inline void atan_taylor_950(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                            const LocalTensor<float>& square, uint32_t level, int32_t n, Pos p) {
    static constexpr float f[7] = {1, -0.3333333333333333, 0.2, -0.14285714285714285, 0.1111111111111111,
                                   -0.09090909090909091, 0.07692307692307693};
    ASCSTEP_V(Mul(square, src, src, n, p));
    ASCSTEP_V(Mul(dst, src, src, n, p));
    ASCSTEP_V(Muls(dst, dst, f[level], n, p));
    if (level == 6) {
        ASCSTEP_V(Adds(dst, dst, f[6], n, p));
        ASCSTEP_V(Mul(dst, dst, square, n, p));
        ASCSTEP_V(Adds(dst, dst, f[5], n, p));
    }
    ASCSTEP_V(Adds(dst, dst, f[4], n, p));
    for (int i = 3; i >= 0; --i) {
        ASCSTEP_V(Mul(dst, dst, square, n, p));
        ASCSTEP_V(Adds(dst, dst, f[i], n, p));
    }
    ASCSTEP_V(Mul(dst, dst, src, n, p));
}
// dst = |(src − y) / (1 + src·y)|; tmp written (AtanTransform).
inline void atan_transform_950(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                               const LocalTensor<float>& tmp, float y, int32_t n, Pos p) {
    ASCSTEP_V(Muls(dst, src, y, n, p));
    ASCSTEP_V(Adds(dst, dst, 1.0f, n, p));
    ASCSTEP_V(Adds(tmp, src, -y, n, p));
    ASCSTEP_V(Div(dst, tmp, dst, n, p));
    ASCSTEP_V(Abs(dst, dst, n, p));
}
// AtanCompute on one piece: x read (before acc is written: they may be one), acc the result;
// clip, abs, tmp, tmp2, square written.
inline void atan_taylor_piece_950(const LocalTensor<float>& acc, const LocalTensor<float>& x,
                                  const LocalTensor<float>& clip, const LocalTensor<float>& abs,
                                  const LocalTensor<float>& tmp, const LocalTensor<float>& tmp2,
                                  const LocalTensor<float>& square, uint32_t len, Pos p) {
    const float pi4 = 0.78539816339744830961566084581988;
    const float pi8 = 0.39269908169872415480783042290994;
    const float tan_pi8 = 0.4142135623730950;
    const int32_t n = int32_t(len);
    ASCSTEP_V(Mins(clip, x, 10000.0f, n, p));
    ASCSTEP_V(Maxs(clip, clip, -10000.0f, n, p));
    ASCSTEP_V(Abs(abs, clip, n, p));
    atan_taylor_950(acc, abs, square, 4, n, p);
    atan_transform_950(tmp, abs, tmp2, tan_pi8, n, p);
    atan_taylor_950(tmp2, tmp, square, 4, n, p);
    ASCSTEP_V(Adds(tmp2, tmp2, pi8, n, p));
    ASCSTEP_V(Min(acc, acc, tmp2, n, p));
    ASCSTEP_V(Adds(tmp2, abs, 1.0f, n, p));
    ASCSTEP_V(Adds(tmp, abs, -1.0f, n, p));
    ASCSTEP_V(Div(tmp, tmp, tmp2, n, p));
    ASCSTEP_V(Abs(tmp, tmp, n, p));
    atan_taylor_950(tmp2, tmp, square, 4, n, p);
    ASCSTEP_V(Adds(tmp2, tmp2, pi4, n, p));
    ASCSTEP_V(Min(acc, acc, tmp2, n, p));
    atan_transform_950(tmp2, tmp, square, tan_pi8, n, p);
    atan_taylor_950(tmp, tmp2, square, 6, n, p);
    ASCSTEP_V(Adds(tmp, tmp, pi8, n, p));
    ASCSTEP_V(Adds(tmp, tmp, pi4, n, p));
    ASCSTEP_V(Min(acc, acc, tmp, n, p));
    // The library's Sign in float: 2^62·x / (2^−62 + |2^62·x|).
    ASCSTEP_V(Muls(tmp, clip, 4611686018427387904.0f, n, p));
    ASCSTEP_V(Abs(tmp2, tmp, n, p));
    ASCSTEP_V(Adds(tmp2, tmp2, float(2.168404344971009e-19), n, p));
    ASCSTEP_V(Div(tmp, tmp, tmp2, n, p));
    ASCSTEP_V(Mul(acc, acc, tmp, n, p));
}
// Taylor over pieces of the temporary buffer (floats: / 5, halves: / 12, as the host sizes say):
// floats with five scratch pieces; halves with four, the float copy of x the fifth once read.
template <class T>
void atan_taylor_950_pieces(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                            uint32_t count, Pos p) {
    constexpr bool is_float = std::is_same<T, float>::value;
    pieces_950<T>("Atan", "§21.11", dst, src, tmp, count, is_float ? 5 : 12, 4,
                  [&](const LocalTensor<float>& acc, const LocalTensor<float>& x, const LocalTensor<float>& buf,
                      uint32_t split, uint32_t, uint32_t len) {
                      const LocalTensor<float> square = is_float ? buf[4 * split] : x;
                      atan_taylor_piece_950(acc, x, buf, buf[split], buf[2 * split], buf[3 * split], square, len, p);
                  }, p);
}
// AtanPolynomialVFImpl on one piece of floats: x read first (acc may be x); a, b, k of `len`
// floats, the sign bits s and the mask bits m written.
inline void atan_polynomial_piece_950(const LocalTensor<float>& acc, const LocalTensor<float>& x,
                                      const LocalTensor<float>& a, const LocalTensor<float>& b,
                                      const LocalTensor<float>& k, const LocalTensor<float>& s,
                                      const LocalTensor<uint8_t>& m, uint32_t len, Pos p) {
    static constexpr float A[8] = {-0.333329409, 0.199887753, -0.141718030, 0.105184801,
                                   -0.0725297481, 0.0398497507, -0.0143969795, 0.00245002890};
    const int32_t n = int32_t(len);
    ASCSTEP_V(Duplicate(s.ReinterpretCast<uint32_t>(), uint32_t(0x80000000u), n, p));
    ASCSTEP_V(And(s.ReinterpretCast<uint16_t>(), x.ReinterpretCast<uint16_t>(), s.ReinterpretCast<uint16_t>(), 2 * n, p));
    ASCSTEP_V(Abs(a, x, n, p));
    ASCSTEP_V(Duplicate(b, 1.0f, n, p));
    ASCSTEP_V(Div(b, b, a, n, p));
    compare_950(m, a, 1.0f, CMPMODE::GE, len, p);
    ASCSTEP_V(Select(b, m, b, a, SELMODE::VSEL_TENSOR_TENSOR_MODE, len, p));  // xc
    ASCSTEP_V(Mul(a, b, b, n, p));                                             // xc²
    ASCSTEP_V(Duplicate(acc, A[6], n, p));
    ASCSTEP_V(Duplicate(k, A[7], n, p));
    ASCSTEP_V(MulAddDst(acc, k, a, n, p));
    for (int i = 5; i >= 0; --i) {
        ASCSTEP_V(Duplicate(k, A[i], n, p));
        ASCSTEP_V(FusedMulAdd(acc, a, k, n, p));
    }
    ASCSTEP_V(Mul(k, acc, a, n, p));
    ASCSTEP_V(FusedMulAdd(k, b, b, n, p));  // y = (y·xc²)·xc + xc
    ASCSTEP_V(Muls(b, k, -1.0f, n, p));
    ASCSTEP_V(Duplicate(a, 1.68325555f, n, p));
    ASCSTEP_V(Duplicate(acc, 0.933189452f, n, p));
    ASCSTEP_V(MulAddDst(b, a, acc, n, p));  // b1·b2 − y
    ASCSTEP_V(Select(acc, m, b, k, SELMODE::VSEL_TENSOR_TENSOR_MODE, len, p));
    ASCSTEP_V(Or(acc.ReinterpretCast<uint16_t>(), s.ReinterpretCast<uint16_t>(), acc.ReinterpretCast<uint16_t>(), 2 * n, p));
}
// The polynomial over pieces of the buffer's floats / 5.
inline void atan_polynomial_950(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                                const LocalTensor<uint8_t>& tmp, uint32_t count, Pos p) {
    pieces_950<float>("Atan", "§21.11", dst, src, tmp, count, 5, 0,
                      [&](const LocalTensor<float>& acc, const LocalTensor<float>& x, const LocalTensor<float>& buf,
                          uint32_t split, uint32_t, uint32_t len) {
                          atan_polynomial_piece_950(acc, x, buf, buf[split], buf[2 * split], buf[3 * split],
                                                    buf[4 * split].ReinterpretCast<uint8_t>(), len, p);
                      }, p);
}
}  // namespace detail
}  // namespace AscendC
