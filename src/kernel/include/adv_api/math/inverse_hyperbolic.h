// The library's Asinh, Acosh and Atanh (adv_api/math/asinh.h, acosh.h, atanh.h), made as CANN's
// asinh_common_impl.h, acosh_common_impl.h and atanh_common_impl.h make them on Atlas A2 and
// Atlas 200I/500 A2, so their steps and roundings are the device's (docs/semantics.md §21.16):
// in float (half Cast to float and back, CAST_NONE), a barrier after every step; counter-mode
// pieces of the temporary buffer, the tail's float parts its count rounded up to 32 apart.
// Asinh = sign(x)·ln(|x| + √(x² + 1)); Acosh = ln(t·(t/t)) with t = x + √(x² − 1) (t/t makes
// inf and 0 NaN as the library's steps do); Atanh = ½·ln((1 + x)/(1 − x)).
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "sin.h"

namespace AscendC {
namespace detail {
enum class InvHyp { Asinh, Acosh, Atanh };
// One piece in float: x the input, dst the result (Asinh leaves its logarithm in t[1] for the
// sign's product), t[0..2] float parts (Asinh's t1, t2, t3; the others use t[0]).
inline void inv_hyp_piece(InvHyp f, const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float> (&t)[3],
                          Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    switch (f) {
        case InvHyp::Asinh:  // t0 = |x|, t1 = ln(t0 + √(t0² + 1)); t2 is the sign's denominator
            ASCSTEP_V((Abs<float, false>(t[0], x, MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Mul<float, false>(t[1], t[0], t[0], MASK_PLACEHOLDER, 1, b, p)));
            ASCSTEP_V((Adds<float, false>(t[1], t[1], 1.0f, MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Sqrt<float, false>(t[1], t[1], MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Add<float, false>(t[1], t[1], t[0], MASK_PLACEHOLDER, 1, b, p)));
            ASCSTEP_V((Ln<float, false>(t[1], t[1], MASK_PLACEHOLDER, 1, u, p)));
            break;
        case InvHyp::Acosh:  // dst = t/t, then ln(t·dst), t = x + √(x² − 1) in t0
            ASCSTEP_V((Mul<float, false>(t[0], x, x, MASK_PLACEHOLDER, 1, b, p)));
            ASCSTEP_V((Adds<float, false>(t[0], t[0], -1.0f, MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Sqrt<float, false>(t[0], t[0], MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Add<float, false>(t[0], x, t[0], MASK_PLACEHOLDER, 1, b, p)));
            ASCSTEP_V((Div<float, false>(dst, t[0], t[0], MASK_PLACEHOLDER, 1, b, p)));
            ASCSTEP_V((Mul<float, false>(t[0], t[0], dst, MASK_PLACEHOLDER, 1, b, p)));
            ASCSTEP_V((Ln<float, false>(dst, t[0], MASK_PLACEHOLDER, 1, u, p)));
            break;
        case InvHyp::Atanh:  // t0 = 1 + x, dst = ½·ln(t0 / (1 − x))
            ASCSTEP_V((Adds<float, false>(t[0], x, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Muls<float, false>(dst, x, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Adds<float, false>(dst, dst, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Div<float, false>(dst, t[0], dst, MASK_PLACEHOLDER, 1, b, p)));
            ASCSTEP_V((Ln<float, false>(dst, dst, MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Muls<float, false>(dst, dst, 0.5f, MASK_PLACEHOLDER, 1, u, p)));
            break;
    }
}
// Asinh's sign(x) (AsinhGetSign, in float): dst = 2^62·x / (2^−62 + |2^62·x|).
inline void asinh_sign(const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& den, Pos p) {
    const UnaryRepeatParams u;
    ASCSTEP_V((Muls<float, false>(dst, x, 4611686018427387904.0f, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Abs<float, false>(den, dst, MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(den, den, float(2.168404344971009e-19), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Div<float, false>(dst, dst, den, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
}
template <class T>
void inv_hyp_pieces(InvHyp f, const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                    const LocalTensor<uint8_t>& tmp, uint32_t count, Pos p) {
    const bool is_half = sizeof(T) == sizeof(half);
    // The library's split: Asinh floats / 3; Acosh floats / 1 (half: / 2); Atanh elements / 1
    // (half: / 4).
    const uint32_t piece = f == InvHyp::Asinh   ? library_split<T>(api, "§21.16", tmp, 4, 3, p)
                           : f == InvHyp::Acosh ? library_split<T>(api, "§21.16", tmp, 4, is_half ? 2 : 1, p)
                                                : library_split<T>(api, "§21.16", tmp, sizeof(T), is_half ? 4 : 1, p);
    const LocalTensor<float> buf = tmp.ReinterpretCast<float>();
    const UnaryRepeatParams u;
    counter_pieces<T>(count, piece, [&](uint32_t at) {
        const uint32_t rest = count - at;
        const uint32_t parts = rest >= piece ? piece : (rest + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE;
        if constexpr (std::is_same<T, float>::value) {
            // Asinh's t1, t2, t3 lie at parts 0, 2, 1; the others use part 0.
            const LocalTensor<float> t[3] = {buf, buf[2 * parts], buf[parts]};
            inv_hyp_piece(f, dst[at], src[at], t, p);
            if (f == InvHyp::Asinh) {
                asinh_sign(t[0], src[at], t[2], p);
                ASCSTEP_V((Mul<float, false>(dst[at], t[1], t[0], MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
            }
        } else {
            const UnaryRepeatParams to_float{1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE};
            const LocalTensor<float> x = buf;
            ASCSTEP_V((Cast<float, half, false>(x, src[at], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, to_float, p)));
            LocalTensor<float> res = x;
            if (f == InvHyp::Asinh) {
                const LocalTensor<float> t[3] = {buf, buf[2 * parts], buf[parts]};
                inv_hyp_piece(f, x, x, t, p);
                ASCSTEP_V((Cast<float, half, false>(x, src[at], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, to_float, p)));
                asinh_sign(x, x, t[2], p);
                ASCSTEP_V((Mul<float, false>(t[1], t[1], x, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
                res = t[1];
            } else if (f == InvHyp::Acosh) {  // t2 = x + √(x² − 1) … in the second part
                const LocalTensor<float> t2 = buf[parts];
                ASCSTEP_V((Mul<float, false>(t2, x, x, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
                ASCSTEP_V((Adds<float, false>(t2, t2, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
                ASCSTEP_V((Sqrt<float, false>(t2, t2, MASK_PLACEHOLDER, 1, u, p)));
                ASCSTEP_V((Add<float, false>(t2, t2, x, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
                ASCSTEP_V((Div<float, false>(x, t2, t2, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
                ASCSTEP_V((Mul<float, false>(t2, t2, x, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
                ASCSTEP_V((Ln<float, false>(t2, t2, MASK_PLACEHOLDER, 1, u, p)));
                res = t2;
            } else {  // Atanh: t2 = 1 + x, x := ½·ln(t2 / (1 − x))
                const LocalTensor<float> t2 = buf[parts];
                ASCSTEP_V((Adds<float, false>(t2, x, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
                ASCSTEP_V((Muls<float, false>(x, x, -1.0f, MASK_PLACEHOLDER, 1, u, p)));
                ASCSTEP_V((Adds<float, false>(x, x, 1.0f, MASK_PLACEHOLDER, 1, u, p)));
                ASCSTEP_V((Div<float, false>(x, t2, x, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
                ASCSTEP_V((Ln<float, false>(x, x, MASK_PLACEHOLDER, 1, u, p)));
                ASCSTEP_V((Muls<float, false>(x, x, 0.5f, MASK_PLACEHOLDER, 1, u, p)));
            }
            ASCSTEP_V((Cast<half, float, false>(dst[at], res, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                                {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
        }
    }, p);
}
}  // namespace detail

namespace detail {
#define ASCSTEP_INV_HYP_IMPL(NAME, F)                                                                      \
    template <class T>                                                                                     \
    void F(const LocalTensor<T>& d, const LocalTensor<T>& s, const LocalTensor<uint8_t>& t, uint32_t n, Pos p) { \
        inv_hyp_pieces<T>(InvHyp::NAME, #NAME, d, s, t, n, p);                                              \
    }
ASCSTEP_INV_HYP_IMPL(Asinh, asinh_impl)
ASCSTEP_INV_HYP_IMPL(Acosh, acosh_impl)
ASCSTEP_INV_HYP_IMPL(Atanh, atanh_impl)
#undef ASCSTEP_INV_HYP_IMPL
}  // namespace detail
ASCSTEP_LIBRARY_UNARY(Asinh, , , detail::asinh_impl)
ASCSTEP_LIBRARY_UNARY(Acosh, , , detail::acosh_impl)
ASCSTEP_LIBRARY_UNARY(Atanh, , , detail::atanh_impl)
}  // namespace AscendC
