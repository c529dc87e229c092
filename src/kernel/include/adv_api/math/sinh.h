// The library's Sinh and Cosh (adv_api/math/sinh.h, cosh.h), made as CANN's sinh_common_impl.h
// and cosh_common_impl.h make them on Atlas A2 and Atlas 200I/500 A2, so their steps and
// roundings are the device's (docs/semantics.md §21.15): in float (half Cast to float and back:
// Sinh with CAST_NONE; Cosh with CAST_ROUND on Atlas A2, CAST_NONE on Atlas 200I/500 A2), a
// barrier after every step. Sinh = e^(x − ln 2) − e^(−x − ln 2); Cosh = e + 0.25/e with
// e = e^(x − ln 2).
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "sin.h"

namespace AscendC {
namespace detail {
constexpr float neg_ln2 = -0.69314718055994530941723212145818;
// Sinh of x into dst, t a float part of the piece.
inline void sinh_piece(const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& t, bool half_path,
                       Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    if (half_path) {  // SinhCompute<half>: e^(x − ln 2) first, then x := −x
        ASCSTEP_V((Adds<float, false>(dst, x, neg_ln2, MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Exp<float, false>(dst, dst, MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Muls<float, false>(t, x, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Adds<float, false>(t, t, neg_ln2, MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Exp<float, false>(t, t, MASK_PLACEHOLDER, 1, u, p)));
    } else {
        ASCSTEP_V((Muls<float, false>(t, x, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Adds<float, false>(t, t, neg_ln2, MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Exp<float, false>(t, t, MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Adds<float, false>(dst, x, neg_ln2, MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Exp<float, false>(dst, dst, MASK_PLACEHOLDER, 1, u, p)));
    }
    ASCSTEP_V((Sub<float, false>(dst, dst, t, MASK_PLACEHOLDER, 1, b, p)));
}
// Cosh of x into dst (which may be x), e and t float parts of the piece.
inline void cosh_piece(const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& e,
                       const LocalTensor<float>& t, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    ASCSTEP_V((Adds<float, false>(t, x, neg_ln2, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Exp<float, false>(e, t, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Duplicate<float, false>(dst, 0.25f, MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p)));
    ASCSTEP_V((Div<float, false>(t, dst, e, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Add<float, false>(dst, e, t, MASK_PLACEHOLDER, 1, b, p)));
}
// Sinh (cosh false) or Cosh over the pieces of the temporary buffer.
template <class T>
void sinh_pieces(bool cosh, const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                 uint32_t count, Pos p) {
    const uint32_t procedures = sizeof(T) == sizeof(half) ? (cosh ? 6 : 4) : (cosh ? 2 : 1);
    const uint32_t split = library_split<T>(cosh ? "Cosh" : "Sinh", "§21.15", tmp, sizeof(T), procedures, p);
    const LocalTensor<float> buf = tmp.ReinterpretCast<float>();
    counter_pieces<T>(count, split, [&](uint32_t at) {
        if constexpr (std::is_same<T, float>::value) {
            if (cosh) {
                cosh_piece(dst[at], src[at], buf, buf[split], p);
            } else {
                sinh_piece(dst[at], src[at], buf, false, p);
            }
        } else {
            const LocalTensor<float> x = cosh ? buf[2 * split] : buf;
            const LocalTensor<float> res = cosh ? x : buf[split];
            ASCSTEP_V((Cast<float, half, false>(x, src[at], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                                {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
            if (cosh) {
                cosh_piece(x, x, buf, buf[split], p);
            } else {
                sinh_piece(res, x, x, true, p);
            }
#if __NPU_ARCH__ == 2201
            const RoundMode back = cosh ? RoundMode::CAST_ROUND : RoundMode::CAST_NONE;
#else
            const RoundMode back = RoundMode::CAST_NONE;
#endif
            ASCSTEP_V((Cast<half, float, false>(dst[at], res, back, MASK_PLACEHOLDER, 1,
                                                {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
        }
    }, p);
}
}  // namespace detail

namespace detail {
template <class T>
void sinh_impl(const LocalTensor<T>& d, const LocalTensor<T>& s, const LocalTensor<uint8_t>& t, uint32_t n, Pos p) {
    sinh_pieces<T>(false, d, s, t, n, p);
}
template <class T>
void cosh_impl(const LocalTensor<T>& d, const LocalTensor<T>& s, const LocalTensor<uint8_t>& t, uint32_t n, Pos p) {
    sinh_pieces<T>(true, d, s, t, n, p);
}
}  // namespace detail
ASCSTEP_LIBRARY_UNARY(Sinh, , , detail::sinh_impl)
ASCSTEP_LIBRARY_UNARY(Cosh, , , detail::cosh_impl)
}  // namespace AscendC
