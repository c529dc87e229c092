// The scalar conversion to float (basic_api/kernel_operator_scalar_intf.h, "Cast（多类型转float）"):
// on Atlas A2/A3, `float Cast(const bfloat16_t&)`; ToFloat is its name before the rename (附录
// "接口变更说明": ToFloat became Cast). Scalar C++, not a vector step: it runs as compiled, the
// bfloat16 value widened exactly (every bfloat16 is a float).
#pragma once
#include "kernel_operator.h"

namespace AscendC {
inline float Cast(const bfloat16_t& bVal) { return float(bVal); }
inline float ToFloat(const bfloat16_t& bVal) { return float(bVal); }
// The template form Ascend 950's kernels name (`ToFloat<bfloat16_t>(x)`): the same conversion.
template <class T>
inline float ToFloat(const T& bVal) {
    return float(bVal);
}
// The other way (kernel_scalar_convert.h `ToBfloat16`): float to bfloat16, rounded to nearest
// even as bfloat16_t's conversion rounds.
inline bfloat16_t ToBfloat16(const float& fVal) { return bfloat16_t(fVal); }
// The scalar conversion of a float (DK:标量计算/Cast（float转half/int32_t）): to half with
// CAST_ODD (toward zero, the last bit set when inexact; CAST_RINT/CAST_NONE round to nearest
// even), to int32_t with CAST_ROUND (half away from zero), CAST_CEIL, CAST_FLOOR, CAST_RINT (half
// to even) or CAST_TRUNC; beyond int32_t it saturates, NaN gives 0 (docs/semantics.md §17).
// ScalarCast is its name before the rename. Scalar C++, not a vector step.
template <typename T, typename U, RoundMode roundMode>
inline U Cast(T valueIn) {
    static_assert(std::is_same_v<T, float> && (std::is_same_v<U, half> || std::is_same_v<U, int32_t>),
                  "Cast<T, U, roundMode>(value) takes a float and gives half or int32_t");
    float v = valueIn;
    if constexpr (std::is_same_v<U, half>) {
        static_assert(roundMode == RoundMode::CAST_ODD || roundMode == RoundMode::CAST_RINT ||
                          roundMode == RoundMode::CAST_NONE,
                      "float → half scalar Cast rounds with CAST_ODD (or CAST_RINT, CAST_NONE)");
        half r(v);
        if (roundMode != RoundMode::CAST_ODD || v != v) return r;
        if (std::fabs(float(r)) > std::fabs(v)) r.bits -= 1;
        if (float(r) != v) r.bits |= 1;
        return r;
    } else {
        if (v != v) return 0;
        double d = v;
        switch (roundMode) {
            case RoundMode::CAST_ROUND: d = std::round(d); break;
            case RoundMode::CAST_CEIL: d = std::ceil(d); break;
            case RoundMode::CAST_FLOOR: d = std::floor(d); break;
            case RoundMode::CAST_TRUNC: d = std::trunc(d); break;
            default: d = std::nearbyint(d); break;
        }
        if (d >= 2147483647.0) return INT32_MAX;
        if (d <= -2147483648.0) return INT32_MIN;
        return int32_t(d);
    }
}
template <typename T, typename U, RoundMode roundMode>
inline U ScalarCast(T valueIn) {
    return Cast<T, U, roundMode>(valueIn);
}
// The bit counts of a scalar (DK:标量计算/GetBitCount, CountLeadingZero, CountBitsCntSameAsSignBit,
// GetSFFValue; the Scalar… names are their names before the rename). Scalar C++, not vector steps.
template <int countValue>
inline int64_t GetBitCount(uint64_t valueIn) {
    static_assert(countValue == 0 || countValue == 1, "GetBitCount<countValue>: countValue is 0 or 1");
    const int64_t ones = __builtin_popcountll(valueIn);
    return countValue == 1 ? ones : 64 - ones;
}
template <int countValue>
inline int64_t ScalarGetCountOfValue(uint64_t valueIn) {
    return GetBitCount<countValue>(valueIn);
}
// The zeros above the highest 1; 64 for 0.
inline int64_t CountLeadingZero(uint64_t valueIn) { return valueIn == 0 ? 64 : __builtin_clzll(valueIn); }
inline int64_t ScalarCountLeadingZero(uint64_t valueIn) { return CountLeadingZero(valueIn); }
// The bits below the sign bit equal to it, from the top; -1 for 0 and -1 (约束说明).
inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn) {
    return valueIn == 0 || valueIn == -1 ? -1 : __builtin_clrsbll(valueIn);
}
// The position of the lowest bit equal to countValue; -1 when there is none.
template <int countValue>
inline int64_t GetSFFValue(uint64_t valueIn) {
    static_assert(countValue == 0 || countValue == 1, "GetSFFValue<countValue>: countValue is 0 or 1");
    const uint64_t v = countValue == 1 ? valueIn : ~valueIn;
    return v == 0 ? -1 : __builtin_ctzll(v);
}
template <int countValue>
inline int64_t ScalarGetSFFValue(uint64_t valueIn) {
    return GetSFFValue<countValue>(valueIn);
}
// kernel_utils' CeilDivision: ⌈num1 / num2⌉, 0 for a zero divisor.
constexpr inline int32_t CeilDivision(int32_t num1, int32_t num2) {
    return num2 == 0 ? 0 : (num1 + num2 - 1) / num2;
}
}  // namespace AscendC
