// The library's Power (adv_api/math/power.h; DK:高阶API/数学计算/Power接口/Power) for float and half, made
// with the steps of CANN's Atlas A2 implementation (power_common_impl.h, power_float_impl.h,
// power_v220_impl.h, power_common_utils.h), so a user steps through what the device runs
// (docs/semantics.md §21.8): in counter mode, pieces of splitSize elements ((temporary bytes −
// 256) / 4 / 4, or / 5 with a scalar operand, rounded down to a multiple of 32); per piece
// |x|^y as Exp(y · Ln|x|), a sign of ±1 where x's sign bit is set and y is an integer (its
// parity by Cast rint/floor), 1 where y = 0, x = 1, or x = −1 with |y| = inf, and NaN where x < 0
// with a finite non-integer y, each chosen by Compares and a register-scalar Select; half through
// float ((bytes − 256) / 4 / 7 a piece). int32_t by the library's square-and-multiply
// (power_int_impl.h): pieces of bytes / 4 / 6 (/ 7 with a scalar), int32 products wrapping, a
// negative exponent as trunc(1 / x^|y|) (docs/semantics.md §21.8).
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

// Calls piece(at, n) for each piece of `count` elements, `split` at a time, the last one's
// counter-mode mask set to its length (the library's loopCount/calcTail loops).
template <class T, class F>
void power_each_piece(uint32_t count, uint32_t split, Pos p, F&& piece) {
    const uint32_t loops = count / split, tail = count % split;
    for (uint32_t i = 0; i <= loops; ++i) {
        const uint32_t at = i * split, n = i < loops ? split : tail;
        if (n == 0) break;
        if (i == loops) SetVectorMask<T, MaskMode::COUNTER>(0, n, p);
        piece(at, n);
    }
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
    power_each_piece<T>(count, split, p, [&](uint32_t at, uint32_t n) {
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
    });
    SetMaskNorm(p);
    ResetMask(p);
}

// int32_t, the library's integer algorithm (power_int_impl.h, power_v220_impl.h): the buffer's
// parts, five int32 tensors and two byte masks of `split` each, then the 32-byte scalar the sums
// land in and ReduceSum's work (the library's Atlas A2 ReduceSum is one accumulating vcadd and
// uses no work tensor; ascstep's ReduceSum takes one, placed in the buffer's unused tail).
struct PowerIParts {
    LocalTensor<int32_t> expIt, oriAbsExp, record, t1, t2;
    LocalTensor<uint8_t> negMask, mask;
    LocalTensor<float> scalar, work;
};

inline PowerIParts power_int_parts(const LocalTensor<uint8_t>& tmp, uint32_t at, uint32_t split, Pos p) {
    PowerIParts q;
    q.expIt = tmp[at].ReinterpretCast<int32_t>(p);
    q.oriAbsExp = q.expIt[split];
    q.record = q.oriAbsExp[split];
    q.t1 = q.record[split];
    q.t2 = q.t1[split];
    q.negMask = q.t2[split].ReinterpretCast<uint8_t>(p);
    q.mask = q.negMask[split];
    q.scalar = q.mask[split].ReinterpretCast<float>(p);
    q.work = q.scalar[ONE_BLK_SIZE / sizeof(float)];
    return q;
}

// dst = sel ? a : b, element by element (the library's VselPowerTensorTensor, VSEL_TENSOR_TENSOR_MODE
// on the float view; its CPU build passes sel's address through the CmpMask register).
inline void power_int_select(const LocalTensor<int32_t>& dst, const LocalTensor<uint8_t>& sel,
                             const LocalTensor<int32_t>& a, const LocalTensor<int32_t>& b, Pos p) {
    Select<float, uint8_t, false>(dst.ReinterpretCast<float>(p), sel, a.ReinterpretCast<float>(p),
                                  b.ReinterpretCast<float>(p), SELMODE::VSEL_TENSOR_TENSOR_MODE, MASK_PLACEHOLDER, 1,
                                  BinaryRepeatParams(), p);
}

// Whether any of v's n elements is non-zero: their float sum (Cast, ReduceSum), read back.
inline bool power_int_any(const LocalTensor<int32_t>& v, const PowerIParts& q, uint32_t n, Pos p) {
    const LocalTensor<float> f = q.t1.ReinterpretCast<float>(p);
    Cast<float, int32_t, false>(f, v, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p);
    PipeBarrier<PIPE_V>(p);
    ReduceSum<float, false>(q.scalar, f, q.work, int32_t(n), p);
    // The library's ReduceSum ends with its own V→S synchronisation before the scalar read.
    SetFlag<HardEvent::V_S>(0, p);
    WaitFlag<HardEvent::V_S>(0, p);
    const bool any = q.scalar.GetValue(0, p) != 0.0f;
    PipeBarrier<PIPE_V>(p);
    return any;
}

// One piece: |y| by square-and-multiply (the bulk loop squares while |y| >> k is non-zero,
// recording 2^k; the fine loop multiplies by x once per remaining unit), int32 products
// wrapping; then a negative y gives trunc(1 / float(x^|y|)) and 0 where x^|y| is 0.
inline void power_int_piece(const LocalTensor<int32_t>& dst, const LocalTensor<int32_t>& x,
                            const LocalTensor<int32_t>& y, const PowerIParts& q, uint32_t n, Pos p) {
    const UnaryRepeatParams u;
    const BinaryRepeatParams b;
    const uint8_t repeats = uint8_t((n * sizeof(int32_t) + ONE_REPEAT_BYTE_SIZE - 1) / ONE_REPEAT_BYTE_SIZE);
    auto isZero = [&](const LocalTensor<uint8_t>& m, const LocalTensor<int32_t>& v) {
        CompareScalar<int32_t, uint8_t, false>(m, v, int32_t(0), CMPMODE::EQ, MASK_PLACEHOLDER, repeats, u, p);
    };
    PipeBarrier<PIPE_V>(p);
    // negMask = y < 0; expIt = oriAbsExp = |y|; record = (|y| = 0 ? 0 : 1); dst = (|y| = 0 ? 1 : x).
    Cast<float, int32_t, false>(q.t1.ReinterpretCast<float>(p), y, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    CompareScalar<float, uint8_t, false>(q.negMask, q.t1.ReinterpretCast<float>(p), 0.0f, CMPMODE::LT,
                                         MASK_PLACEHOLDER, repeats, u, p);
    PipeBarrier<PIPE_V>(p);
    Muls<int32_t, false>(q.t1, y, int32_t(-1), MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    power_int_select(q.expIt, q.negMask, q.t1, y, p);
    PipeBarrier<PIPE_V>(p);
    Muls<int32_t, false>(q.oriAbsExp, q.expIt, int32_t(1), MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    isZero(q.mask, q.oriAbsExp);
    Duplicate<int32_t, false>(q.record, 0, MASK_PLACEHOLDER, 1, DEFAULT_BLK_STRIDE, DEFAULT_REPEAT_STRIDE, p);
    PipeBarrier<PIPE_V>(p);
    Duplicate<int32_t, false>(q.t2, 1, MASK_PLACEHOLDER, 1, DEFAULT_BLK_STRIDE, DEFAULT_REPEAT_STRIDE, p);
    PipeBarrier<PIPE_V>(p);
    power_int_select(q.record, q.mask, q.record, q.t2, p);
    power_int_select(dst, q.mask, q.t2, x, p);
    ShiftRight<int32_t, false>(q.expIt, q.expIt, int32_t(1), MASK_PLACEHOLDER, 1, u, false, p);
    PipeBarrier<PIPE_V>(p);
    isZero(q.mask, q.expIt);
    PipeBarrier<PIPE_V>(p);
    // Bulk: while some expIt is non-zero, square dst and double record where it is.
    while (power_int_any(q.expIt, q, n, p)) {
        Mul<int32_t, false>(q.t1, dst, dst, MASK_PLACEHOLDER, 1, b, p);
        Muls<int32_t, false>(q.t2, q.record, int32_t(2), MASK_PLACEHOLDER, 1, u, p);
        PipeBarrier<PIPE_V>(p);
        power_int_select(dst, q.mask, dst, q.t1, p);
        power_int_select(q.record, q.mask, q.record, q.t2, p);
        ShiftRight<int32_t, false>(q.expIt, q.expIt, int32_t(1), MASK_PLACEHOLDER, 1, u, false, p);
        PipeBarrier<PIPE_V>(p);
        isZero(q.mask, q.expIt);
        PipeBarrier<PIPE_V>(p);
    }
    // Fine: record = |y| − record; while some is non-zero, dst *= x and record −= 1 where it is.
    Sub<int32_t, false>(q.record, q.oriAbsExp, q.record, MASK_PLACEHOLDER, 1, b, p);
    PipeBarrier<PIPE_V>(p);
    isZero(q.mask, q.record);
    PipeBarrier<PIPE_V>(p);
    while (power_int_any(q.record, q, n, p)) {
        Mul<int32_t, false>(q.t1, dst, x, MASK_PLACEHOLDER, 1, b, p);
        Adds<int32_t, false>(q.t2, q.record, int32_t(-1), MASK_PLACEHOLDER, 1, u, p);
        PipeBarrier<PIPE_V>(p);
        power_int_select(dst, q.mask, dst, q.t1, p);
        power_int_select(q.record, q.mask, q.record, q.t2, p);
        PipeBarrier<PIPE_V>(p);
        isZero(q.mask, q.record);
        PipeBarrier<PIPE_V>(p);
    }
    // A negative y: trunc(1 / float(dst)) (oriAbsExp and expIt reused as float), 0 where dst is 0.
    isZero(q.mask, dst);
    const LocalTensor<float> res = q.oriAbsExp.ReinterpretCast<float>(p);
    const LocalTensor<float> one = q.expIt.ReinterpretCast<float>(p);
    Cast<float, int32_t, false>(res, dst, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, u, p);
    Duplicate<float, false>(one, 1.0f, MASK_PLACEHOLDER, 1, DEFAULT_BLK_STRIDE, DEFAULT_REPEAT_STRIDE, p);
    PipeBarrier<PIPE_V>(p);
    Div<float, false>(res, one, res, MASK_PLACEHOLDER, 1, b, p);
    PipeBarrier<PIPE_V>(p);
    Cast<int32_t, float, false>(q.t1, res, RoundMode::CAST_TRUNC, MASK_PLACEHOLDER, 1, u, p);
    PipeBarrier<PIPE_V>(p);
    power_int_select(dst, q.negMask, q.t1, dst, p);
    Duplicate<int32_t, false>(q.t2, 0, MASK_PLACEHOLDER, 1, DEFAULT_BLK_STRIDE, DEFAULT_REPEAT_STRIDE, p);
    PipeBarrier<PIPE_V>(p);
    power_int_select(dst, q.mask, q.t2, dst, p);
    PipeBarrier<PIPE_V>(p);
}

// The pieces of an int32 call: splitSize = bytes / 4 / 6 (/ 7 with a scalar operand, Duplicated
// into the buffer's start) rounded down to a multiple of 32.
inline void power_int_pieces(const LocalTensor<int32_t>& dst, const LocalTensor<int32_t>* x, const int32_t* xs,
                             const LocalTensor<int32_t>* y, const int32_t* ys, const LocalTensor<uint8_t>& tmp,
                             uint32_t count, Pos p) {
    const bool scalar = xs || ys;
    const uint32_t bytes = tmp.GetSize();
    const uint32_t split = bytes / sizeof(int32_t) / (scalar ? 7 : 6) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (split == 0) {
        ascstep_rt::stop(p, "Power: the temporary buffer holds " + std::to_string(bytes) + " bytes; int32_t needs at least " +
                                std::to_string(ONE_BLK_SIZE * sizeof(int32_t) * (scalar ? 7 : 6)));
    }
    const LocalTensor<int32_t> fixed = tmp.ReinterpretCast<int32_t>(p);
    PowerIParts q = power_int_parts(tmp, scalar ? split * uint32_t(sizeof(int32_t)) : 0, split, p);
    SetMaskCount(p);
    SetVectorMask<int32_t, MaskMode::COUNTER>(0, split, p);
    if (scalar) {
        PipeBarrier<PIPE_V>(p);
        Duplicate<int32_t, false>(fixed, xs ? *xs : *ys, MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
        PipeBarrier<PIPE_V>(p);
    }
    power_each_piece<int32_t>(count, split, p, [&](uint32_t at, uint32_t n) {
        PipeBarrier<PIPE_V>(p);
        power_int_piece(dst[at], x ? (*x)[at] : fixed, y ? (*y)[at] : fixed, q, n, p);
    });
    SetMaskNorm(p);
    ResetMask(p);
}

template <class T>
constexpr bool power_simulated =
    std::is_same_v<T, float> || std::is_same_v<T, half> || std::is_same_v<T, int32_t>;

template <class T>
void power_only_simulated(Pos p) {
    if constexpr (!power_simulated<T>) {
        ascstep_rt::stop(p, std::string("ascstep simulates Power for float, half and int32_t; ") + ascstep_rt::Dtype<T>::name +
                                " is not simulated yet (docs/format.md §12.4)");
    }
}
}  // namespace detail

template <typename T, bool isReuseSource = false, PowerConfig config = defaultPowerConfig>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, Pos p = Pos::current()) {
    detail::power_only_simulated<T>(p);
    if constexpr (detail::power_simulated<T>) {
        if constexpr (std::is_same_v<T, int32_t>) {
            detail::power_int_pieces(dstTensor, &src0Tensor, nullptr, &src1Tensor, nullptr, sharedTmpBuffer, calCount, p);
        } else {
            detail::power_pieces<T>(dstTensor, &src0Tensor, nullptr, &src1Tensor, nullptr, sharedTmpBuffer, calCount, p);
        }
    }
}
template <typename T, bool isReuseSource = false, PowerConfig config = defaultPowerConfig>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, Pos p = Pos::current()) {
    detail::power_only_simulated<T>(p);
    if constexpr (detail::power_simulated<T>) {
        if constexpr (std::is_same_v<T, int32_t>) {
            detail::power_int_pieces(dstTensor, &src0Tensor, nullptr, nullptr, &src1Scalar, sharedTmpBuffer, calCount, p);
        } else {
            detail::power_pieces<T>(dstTensor, &src0Tensor, nullptr, nullptr, &src1Scalar, sharedTmpBuffer, calCount, p);
        }
    }
}
template <typename T, bool isReuseSource = false, PowerConfig config = defaultPowerConfig>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, Pos p = Pos::current()) {
    detail::power_only_simulated<T>(p);
    if constexpr (detail::power_simulated<T>) {
        if constexpr (std::is_same_v<T, int32_t>) {
            detail::power_int_pieces(dstTensor, nullptr, &src0Scalar, &src1Tensor, nullptr, sharedTmpBuffer, calCount, p);
        } else {
            detail::power_pieces<T>(dstTensor, nullptr, &src0Scalar, &src1Tensor, nullptr, sharedTmpBuffer, calCount, p);
        }
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
