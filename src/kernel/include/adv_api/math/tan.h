// The library's Tan (adv_api/math/tan.h), made as CANN's tan_common_impl.h makes it on Atlas A2
// and Atlas 200I/500 A2, so its steps and roundings are the device's (docs/semantics.md
// §21.13): in float; k = rint(x/π), x0 = x − kπ with π in five parts, (π/2 ± x0) carried
// beside it; tan = x0·P(x0²) / ((x0² + R3)·(π/2 + x0)·(x0 − π/2)).
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "sin.h"

namespace AscendC {
namespace detail {
// TanRound: x := x − kπ (π in five parts), down1 = x + π/2 and down2 = x − π/2 reduced with it.
inline void tan_round(const LocalTensor<float>& kpi, const LocalTensor<float>& x, const LocalTensor<float>& round,
                      const LocalTensor<float>& down1, const LocalTensor<float>& down2, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    static constexpr float parts[5] = {3.140625, 0.0009670257568359375, 6.2771141529083251953125e-7,
                                       1.21644916362129151821136474609375e-10,
                                       -1.0291767438275201129727065563201904296875e-13};
    const float pi_down = 1.57079637050628662109375;
    const float res_down = 0.00000004371139000189375;
    ASCSTEP_V((Muls<float, false>(round, x, 0.3183098733425140380859375f, MASK_PLACEHOLDER, 1, u, p)));
    trig_round(round, round, RoundMode::CAST_RINT, p);
    for (int i = 0; i < 5; ++i) {
        ASCSTEP_V((Muls<float, false>(kpi, round, parts[i], MASK_PLACEHOLDER, 1, u, p)));
        ASCSTEP_V((Sub<float, false>(x, x, kpi, MASK_PLACEHOLDER, 1, b, p)));
        if (i == 1) {
            ASCSTEP_V((Adds<float, false>(down1, x, pi_down, MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Adds<float, false>(down2, x, -pi_down, MASK_PLACEHOLDER, 1, u, p)));
        } else if (i > 1) {
            ASCSTEP_V((Sub<float, false>(down1, down1, kpi, MASK_PLACEHOLDER, 1, b, p)));
            ASCSTEP_V((Sub<float, false>(down2, down2, kpi, MASK_PLACEHOLDER, 1, b, p)));
        }
        if (i == 2) {
            ASCSTEP_V((Adds<float, false>(down1, down1, -res_down, MASK_PLACEHOLDER, 1, u, p)));
            ASCSTEP_V((Adds<float, false>(down2, down2, res_down, MASK_PLACEHOLDER, 1, u, p)));
        }
    }
}
// TanPolynomialApproximation: dst = x·((x²·R0 + R1)·x² + R2) / ((x² + R3)·down1·down2).
inline void tan_polynomial(const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& sq,
                           const LocalTensor<float>& down1, const LocalTensor<float>& down2, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    ASCSTEP_V((Mul<float, false>(sq, x, x, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Muls<float, false>(dst, sq, float(0.0698520831551998762793), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Adds<float, false>(dst, dst, float(-6.8711573651634203789), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(dst, dst, sq, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Adds<float, false>(dst, dst, float(61.20362572811089435388), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(dst, dst, x, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Adds<float, false>(sq, sq, float(-24.8048928861126769186219), MASK_PLACEHOLDER, 1, u, p)));
    ASCSTEP_V((Mul<float, false>(sq, sq, down1, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Mul<float, false>(sq, sq, down2, MASK_PLACEHOLDER, 1, b, p)));
    ASCSTEP_V((Div<float, false>(dst, dst, sq, MASK_PLACEHOLDER, 1, b, p)));
}
// One piece (TanCompute); `parts` apart in the temporary buffer (the tail's rounded up to 32).
template <class T>
void tan_piece(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<float>& buf, uint32_t parts,
               Pos p) {
    if constexpr (std::is_same<T, float>::value) {
        const LocalTensor<float> x = buf[3 * parts];
        ASCSTEP_V((Adds<float, false>(x, src, 0.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
        tan_round(dst, x, buf, buf[parts], buf[2 * parts], p);
        tan_polynomial(dst, x, buf, buf[parts], buf[2 * parts], p);
    } else {
        const LocalTensor<float> x = buf[parts];
        ASCSTEP_V((Cast<float, half, false>(x, src, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                            {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
        tan_round(buf, x, buf[2 * parts], buf[3 * parts], buf[4 * parts], p);
        tan_polynomial(buf, x, buf[2 * parts], buf[3 * parts], buf[4 * parts], p);
        ASCSTEP_V((Cast<half, float, false>(dst, buf, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                            {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
    }
}
// Tan over the pieces of the temporary buffer.
template <class T>
void tan_impl(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
              const uint32_t calCount, Pos p) {
    const uint32_t split =
        library_split<T>("Tan", "§21.13", sharedTmpBuffer, sizeof(T), sizeof(T) == sizeof(half) ? 10 : 4, p);
    const LocalTensor<float> buf = sharedTmpBuffer.ReinterpretCast<float>();
    const uint32_t tail = calCount % split;
    counter_pieces<T>(calCount, split, [&](uint32_t at) {
        // The tail's parts lie its count rounded up to 32 apart, as the library places them.
        const uint32_t parts = at + split <= calCount ? split : (tail + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE;
        tan_piece<T>(dstTensor[at], srcTensor[at], buf, parts, p);
    }, p);
}
}  // namespace detail
ASCSTEP_LIBRARY_UNARY(Tan, , , detail::tan_impl)
}  // namespace AscendC
