// The library's Power (adv_api/math/power.h; DK:高阶API/数学计算/Power接口/Power) for float and half, made
// with the steps of CANN's Atlas A2 implementation (power_common_impl.h, power_float_impl.h,
// power_v220_impl.h, power_common_utils.h), so a user steps through what the device runs
// (docs/semantics.md §21.8): in counter mode, pieces of splitSize elements ((temporary bytes −
// 256) / 4 / 4, or / 5 with a scalar operand, rounded down to a multiple of 32); per piece
// |x|^y as Exp(y · Ln|x|), a sign of ±1 where x's sign bit is set and y is an integer (its
// parity by Cast rint/floor), 1 where y = 0, x = 1, or x = −1 with |y| = inf, and NaN where x < 0
// with a finite non-integer y, each chosen by Compares and a register-scalar Select; half through
// float ((bytes − 256) / 4 / 7 a piece). int32_t is declared, not simulated yet (a call stops the
// kernel).
#pragma once
#include "trig.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
// The temporary buffer's parts: a repeat of scalars (1.0 ×8, NaN ×8), three float tensors and
// four byte masks of `split` each.
struct PowerParts {
    LocalTensor<float> scalars, t1, t2, t3;
    LocalTensor<uint8_t> m1, m2, m3, integerY;
};

inline PowerParts power_parts(const LocalTensor<uint8_t>& tmp, uint32_t at, uint32_t split, Pos p) {
    PowerParts q;
    q.scalars = tmp.ReinterpretCast<float>(p);
    q.t1 = tmp[at].ReinterpretCast<float>(p);
    q.t2 = q.t1[split];
    q.t3 = q.t2[split];
    q.m1 = q.t3[split].ReinterpretCast<uint8_t>(p);
    q.m2 = q.m1[split];
    q.m3 = q.m2[split];
    q.integerY = q.m3[split];
    return q;
}

inline void power_scalars(const LocalTensor<float>& s, Pos p) {
    const uint32_t nanBits = 0x7fc00000u;
    float nan;
    std::memcpy(&nan, &nanBits, sizeof nan);
    SetVectorMask<float, MaskMode::COUNTER>(0, ONE_BLK_SIZE / sizeof(float), p);
    Duplicate<float, false>(s, 1.0f, MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
    Duplicate<float, false>(s[ONE_BLK_SIZE / sizeof(float)], nan, MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
}

// dst = sel ? src0 : the register's scalar (SetCmpMask of `scalar`).
inline void power_select(const LocalTensor<float>& dst, const LocalTensor<uint8_t>& sel, const LocalTensor<float>& src0,
                         const LocalTensor<float>& scalar, Pos p) {
    SetCmpMask<float>(scalar, p);
    PipeBarrier<PIPE_V>(p);
    Select<float, uint8_t>(dst, sel, src0, 1, BinaryRepeatParams(), p);
}

// a = a OP b over the masks' 16-bit words, then the mask back to `n` elements.
template <class F>
void power_mask_words(F&& op, uint32_t n, Pos p) {
    SetVectorMask<float, MaskMode::COUNTER>(0, (n + 15) / 16, p);
    op();
    SetVectorMask<float, MaskMode::COUNTER>(0, n, p);
}

inline void power_piece(const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& y,
                        const PowerParts& q, uint32_t n, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    const uint8_t repeats = uint8_t((n * sizeof(float) + ONE_REPEAT_BYTE_SIZE - 1) / ONE_REPEAT_BYTE_SIZE);
    const uint32_t infBits = 0x7f800000u, negInfBits = 0xff800000u;
    float inf, negInf;
    std::memcpy(&inf, &infBits, sizeof inf);
    std::memcpy(&negInf, &negInfBits, sizeof negInf);
    auto words = [](const LocalTensor<uint8_t>& m) { return m.ReinterpretCast<uint16_t>(); };
    PipeBarrier<PIPE_V>(p);
    // |x|^y = exp(y · ln|x|).
    Abs<float, false>(dst, x, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Ln<float, false>(dst, dst, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Mul<float, false>(dst, y, dst, MASK_PLACEHOLDER, 1, b, p);
    PipeBarrier<PIPE_V>(p);
    Exp<float, false>(dst, dst, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    // t1 = 1 for an even y, −1 for an odd one: 1 − 2 · (|rint y| − 2 · floor(|rint y| / 2)).
    Abs<float, false>(q.t1, y, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Cast<float, float, false>(q.t1, q.t1, RoundMode::CAST_RINT, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Muls<float, false>(q.t2, q.t1, 0.5f, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Cast<float, float, false>(q.t2, q.t2, RoundMode::CAST_FLOOR, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Muls<float, false>(q.t2, q.t2, 2.0f, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Sub<float, false>(q.t1, q.t1, q.t2, MASK_PLACEHOLDER, 1, b, p);
    PipeBarrier<PIPE_V>(p);
    Muls<float, false>(q.t1, q.t1, -2.0f, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Adds<float, false>(q.t1, q.t1, 1.0f, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Cast<float, float, false>(q.t1, q.t1, RoundMode::CAST_RINT, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    // m1 = x's sign bit set and y an integer (|y − rint y| < 1e-8, also kept in integerY).
    ShiftRight<uint32_t, false>(q.t2.ReinterpretCast<uint32_t>(p), x.ReinterpretCast<uint32_t>(p), uint32_t(31),
                                MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    CompareScalar<int32_t, uint8_t, false>(q.m1, q.t2.ReinterpretCast<int32_t>(p), int32_t(1), CMPMODE::EQ,
                                           MASK_PLACEHOLDER, repeats, u, p);
    PipeBarrier<PIPE_V>(p);
    Abs<float, false>(q.t2, y, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Cast<float, float, false>(q.t3, q.t2, RoundMode::CAST_RINT, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    Sub<float, false>(q.t3, q.t2, q.t3, MASK_PLACEHOLDER, 1, b, p);
    PipeBarrier<PIPE_V>(p);
    Abs<float, false>(q.t3, q.t3, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    CompareScalar<float, uint8_t, false>(q.integerY, q.t3, 0.00000001f, CMPMODE::LT, MASK_PLACEHOLDER, repeats, u, p);
    PipeBarrier<PIPE_V>(p);
    power_mask_words([&] {
        And<uint16_t, false>(words(q.m1), words(q.integerY), words(q.m1), MASK_PLACEHOLDER, 1, b, p);
    }, n, p);
    PipeBarrier<PIPE_V>(p);
    // dst *= (m1 ? t1 : 1).
    power_select(q.t2, q.m1, q.t1, q.scalars, p);
    PipeBarrier<PIPE_V>(p);
    Mul<float, false>(dst, q.t2, dst, MASK_PLACEHOLDER, 1, b, p);
    PipeBarrier<PIPE_V>(p);
    // 1 unless y ≠ 0 and x ≠ 1 and (x ≠ −1 or |y| ≠ inf).
    Abs<float, false>(q.t1, y, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    CompareScalar<float, uint8_t, false>(q.m1, q.t1, 0.0f, CMPMODE::NE, MASK_PLACEHOLDER, repeats, u, p);
    PipeBarrier<PIPE_V>(p);
    CompareScalar<float, uint8_t, false>(q.m2, x, 1.0f, CMPMODE::NE, MASK_PLACEHOLDER, repeats, u, p);
    PipeBarrier<PIPE_V>(p);
    power_mask_words([&] {
        And<uint16_t, false>(words(q.m1), words(q.m2), words(q.m1), MASK_PLACEHOLDER, 1, b, p);
    }, n, p);
    PipeBarrier<PIPE_V>(p);
    CompareScalar<float, uint8_t, false>(q.m2, x, -1.0f, CMPMODE::NE, MASK_PLACEHOLDER, repeats, u, p);
    PipeBarrier<PIPE_V>(p);
    CompareScalar<float, uint8_t, false>(q.m3, q.t1, inf, CMPMODE::NE, MASK_PLACEHOLDER, repeats, u, p);
    PipeBarrier<PIPE_V>(p);
    power_mask_words([&] {
        Or<uint16_t, false>(words(q.m2), words(q.m3), words(q.m2), MASK_PLACEHOLDER, 1, b, p);
        PipeBarrier<PIPE_V>(p);
        And<uint16_t, false>(words(q.m1), words(q.m2), words(q.m1), MASK_PLACEHOLDER, 1, b, p);
    }, n, p);
    PipeBarrier<PIPE_V>(p);
    power_select(dst, q.m1, dst, q.scalars, p);
    PipeBarrier<PIPE_V>(p);
    // NaN unless |y| = inf, y an integer, x ≥ 0 or x = −inf.
    Abs<float, false>(q.t1, y, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    CompareScalar<float, uint8_t, false>(q.m1, q.t1, inf, CMPMODE::EQ, MASK_PLACEHOLDER, repeats, u, p);
    PipeBarrier<PIPE_V>(p);
    power_mask_words([&] {
        Or<uint16_t, false>(words(q.m1), words(q.integerY), words(q.m1), MASK_PLACEHOLDER, 1, b, p);
    }, n, p);
    CompareScalar<float, uint8_t, false>(q.m2, x, 0.0f, CMPMODE::GE, MASK_PLACEHOLDER, repeats, u, p);
    CompareScalar<float, uint8_t, false>(q.m3, x, negInf, CMPMODE::EQ, MASK_PLACEHOLDER, repeats, u, p);
    PipeBarrier<PIPE_V>(p);
    power_mask_words([&] {
        Or<uint16_t, false>(words(q.m2), words(q.m3), words(q.m2), MASK_PLACEHOLDER, 1, b, p);
        PipeBarrier<PIPE_V>(p);
        Or<uint16_t, false>(words(q.m1), words(q.m2), words(q.m1), MASK_PLACEHOLDER, 1, b, p);
    }, n, p);
    PipeBarrier<PIPE_V>(p);
    power_select(dst, q.m1, dst, q.scalars[ONE_BLK_SIZE / sizeof(float)], p);
    PipeBarrier<PIPE_V>(p);
}

// The pieces of one call: `x`/`y` each a tensor indexed with the piece, or (`xs`/`ys`) a scalar
// Duplicated once into the buffer. half goes through float: each piece's tensors Cast into the
// buffer, the float steps there, the result Cast back (CAST_NONE), as the library does.
template <class T>
void power_pieces(const LocalTensor<T>& dst, const LocalTensor<T>* x, const T* xs, const LocalTensor<T>* y,
                  const T* ys, const LocalTensor<uint8_t>& tmp, uint32_t count, Pos p) {
    constexpr bool wide = std::is_same_v<T, half>;
    const bool scalar = xs || ys;
    const uint32_t bytes = tmp.GetSize();
    const uint32_t per = wide ? 7 : (scalar ? 5 : 4);
    const uint32_t split =
        bytes < ONE_REPEAT_BYTE_SIZE ? 0 : (bytes - ONE_REPEAT_BYTE_SIZE) / sizeof(float) / per / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (split == 0) {
        ascstep_rt::stop(p, "Power: the temporary buffer holds " + std::to_string(bytes) + " bytes; it needs at least " +
                                std::to_string(ONE_REPEAT_BYTE_SIZE + ONE_BLK_SIZE * sizeof(float) * per));
    }
    // float: [scalars | the scalar's tensor, if any | parts]; half: [scalars | x | y | dst | parts].
    LocalTensor<float> f0 = tmp[ONE_REPEAT_BYTE_SIZE].ReinterpretCast<float>(p);
    LocalTensor<float> f1 = f0[split], f2 = f1[split];
    const uint32_t partsAt = ONE_REPEAT_BYTE_SIZE + (wide ? 3 : (scalar ? 1 : 0)) * split * sizeof(float);
    PowerParts q = power_parts(tmp, partsAt, split, p);
    const UnaryRepeatParams toFloat(1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE);
    const UnaryRepeatParams toHalf(1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE);
    // Where each operand's float values are: the tensor itself (float), its Cast (half), or the
    // Duplicated scalar.
    LocalTensor<float> fixed = wide ? (xs ? f0 : f1) : f0;
    SetMaskCount(p);
    power_scalars(q.scalars, p);
    SetVectorMask<T, MaskMode::COUNTER>(0, split, p);
    if (scalar) {
        PipeBarrier<PIPE_V>(p);
        Duplicate<float, false>(fixed, float(xs ? *xs : *ys), MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
        PipeBarrier<PIPE_V>(p);
    }
    const uint32_t loops = count / split, tail = count % split;
    for (uint32_t i = 0; i <= loops; ++i) {
        const uint32_t at = i * split, n = i < loops ? split : tail;
        if (n == 0) break;
        if (i == loops) SetVectorMask<T, MaskMode::COUNTER>(0, n, p);
        if constexpr (wide) {
            if (x) Cast<float, half, false>(f0, (*x)[at], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, toFloat, p);
            if (y) Cast<float, half, false>(f1, (*y)[at], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, toFloat, p);
            PipeBarrier<PIPE_V>(p);
            power_piece(f2, f0, f1, q, n, p);
            Cast<half, float, false>(dst[at], f2, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, toHalf, p);
            PipeBarrier<PIPE_V>(p);
        } else {
            power_piece(dst[at], x ? (*x)[at] : fixed, y ? (*y)[at] : fixed, q, n, p);
        }
    }
    SetMaskNorm(p);
    ResetMask(p);
}

template <class T>
constexpr bool power_simulated = std::is_same_v<T, float> || std::is_same_v<T, half>;

template <class T>
void power_only_simulated(Pos p) {
    if constexpr (!power_simulated<T>) {
        ascstep_rt::stop(p, std::string("ascstep simulates Power for float and half; ") + ascstep_rt::Dtype<T>::name +
                                " is not simulated yet (docs/format.md §12.4)");
    }
}
}  // namespace detail

template <typename T, bool isReuseSource = false, PowerConfig config = defaultPowerConfig>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, Pos p = Pos::current()) {
    detail::power_only_simulated<T>(p);
    if constexpr (detail::power_simulated<T>) {
        detail::power_pieces<T>(dstTensor, &src0Tensor, nullptr, &src1Tensor, nullptr, sharedTmpBuffer, calCount, p);
    }
}
template <typename T, bool isReuseSource = false, PowerConfig config = defaultPowerConfig>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, Pos p = Pos::current()) {
    detail::power_only_simulated<T>(p);
    if constexpr (detail::power_simulated<T>) {
        detail::power_pieces<T>(dstTensor, &src0Tensor, nullptr, nullptr, &src1Scalar, sharedTmpBuffer, calCount, p);
    }
}
template <typename T, bool isReuseSource = false, PowerConfig config = defaultPowerConfig>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, Pos p = Pos::current()) {
    detail::power_only_simulated<T>(p);
    if constexpr (detail::power_simulated<T>) {
        detail::power_pieces<T>(dstTensor, nullptr, &src0Scalar, &src1Tensor, nullptr, sharedTmpBuffer, calCount, p);
    }
}
// Without calCount: the whole of the tensor operand; without a buffer: the stack buffer.
template <typename T, bool isReuseSource = false, PowerConfig config = defaultPowerConfig, class A, class B>
void Power(const LocalTensor<T>& dstTensor, const A& src0, const B& src1, const LocalTensor<uint8_t>& sharedTmpBuffer,
           Pos p = Pos::current()) {
    uint32_t n;
    if constexpr (detail::is_local<A>::value) {
        n = src0.GetSize();
    } else {
        n = src1.GetSize();
    }
    Power<T, isReuseSource, config>(dstTensor, src0, src1, sharedTmpBuffer, n, p);
}
template <typename T, bool isReuseSource = false, PowerConfig config = defaultPowerConfig, class A, class B>
void Power(const LocalTensor<T>& dstTensor, const A& src0, const B& src1, uint32_t calCount, Pos p = Pos::current()) {
    Power<T, isReuseSource, config>(dstTensor, src0, src1, detail::stack_buffer(p), calCount, p);
}
template <typename T, bool isReuseSource = false, PowerConfig config = defaultPowerConfig, class A, class B>
void Power(const LocalTensor<T>& dstTensor, const A& src0, const B& src1, Pos p = Pos::current()) {
    uint32_t n;
    if constexpr (detail::is_local<A>::value) {
        n = src0.GetSize();
    } else {
        n = src1.GetSize();
    }
    Power<T, isReuseSource, config>(dstTensor, src0, src1, detail::stack_buffer(p), n, p);
}
}  // namespace AscendC
