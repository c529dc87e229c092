// NumericLimits<T> (DK:工具接口/NumericLimits工具类; Ascend 950 only): each value by its bits as
// CANN's kernel_operator_limits_intf.h gives them, and the vector forms filling a tensor's
// first `count` elements with a Duplicate, as CANN's do. ascstep's scalars carry no NaN payload
// (docs/semantics.md §6): the vector SignalingNaN fills the quiet NaN.
#pragma once
#include <bit>
#include <limits>
#include "kernel_operator_vec_duplicate_intf.h"

namespace AscendC {
namespace detail {
template <class T, class B>
constexpr T from_bits(B b) {
    if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
        T t{};
        t.bits = uint16_t(b);
        return t;
    } else {
        return std::bit_cast<T>(b);
    }
}
template <class T>
constexpr bool limits_int = std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> || std::is_same_v<T, int16_t> ||
                            std::is_same_v<T, uint16_t> || std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>;
template <class T>
constexpr bool limits_float = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float>;
// The bits of a float type's value: half, bfloat16_t, float.
template <class T>
constexpr T float_bits(uint16_t h, uint16_t b, uint32_t f) {
    if constexpr (std::is_same_v<T, half>) return from_bits<T>(h);
    else if constexpr (std::is_same_v<T, bfloat16_t>) return from_bits<T>(b);
    else return from_bits<T>(f);
}
}  // namespace detail

template <typename T>
struct NumericLimits {
#if __NPU_ARCH__ != 3510
    static_assert(std::is_void_v<T> && !std::is_void_v<T>, "NumericLimits is an Ascend 950 API (DK:工具接口/NumericLimits工具类)");
#endif
    static_assert(detail::limits_int<T> || detail::limits_float<T>,
                  "NumericLimits takes int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, bfloat16_t or float");
    static constexpr T Max() {
        if constexpr (detail::limits_float<T>) return detail::float_bits<T>(0x7BFF, 0x7F7F, 0x7F7FFFFFu);
        else return std::numeric_limits<T>::max();
    }
    static constexpr T Lowest() {
        if constexpr (detail::limits_float<T>) return detail::float_bits<T>(0xFBFF, 0xFF7F, 0xFF7FFFFFu);
        else return std::numeric_limits<T>::lowest();
    }
    static constexpr T Min() {
        if constexpr (detail::limits_float<T>) return detail::float_bits<T>(0x0400, 0x0080, 0x00800000u);
        else return std::numeric_limits<T>::min();
    }
    static constexpr T Infinity() {
        static_assert(detail::limits_float<T>, "Infinity takes half, bfloat16_t or float");
        return detail::float_bits<T>(0x7C00, 0x7F80, 0x7F800000u);
    }
    static constexpr T NegativeInfinity() {
        static_assert(detail::limits_float<T>, "NegativeInfinity takes half, bfloat16_t or float");
        return detail::float_bits<T>(0xFC00, 0xFF80, 0xFF800000u);
    }
    static constexpr T QuietNaN() {
        static_assert(detail::limits_float<T>, "QuietNaN takes half, bfloat16_t or float");
        return detail::float_bits<T>(0x7E00, 0x7FC0, 0x7FC00000u);
    }
    static constexpr T SignalingNaN() {
        static_assert(detail::limits_float<T>, "SignalingNaN takes half, bfloat16_t or float");
        return detail::float_bits<T>(0x7D00, 0x7FA0, 0x7FA00000u);
    }
    static constexpr T DeNormMin() {
        static_assert(detail::limits_float<T>, "DeNormMin takes half, bfloat16_t or float");
        return detail::float_bits<T>(0x0001, 0x0001, 0x00000001u);
    }
    // The vector forms: the value over dst's first `count` elements.
#define ASCSTEP_LIMITS_FILL(NAME) \
    static void NAME(const LocalTensor<T>& dst, uint32_t count, Pos p = Pos::current()) { Duplicate(dst, NAME(), int32_t(count), p); }
    ASCSTEP_LIMITS_FILL(Max)
    ASCSTEP_LIMITS_FILL(Lowest)
    ASCSTEP_LIMITS_FILL(Min)
    ASCSTEP_LIMITS_FILL(Infinity)
    ASCSTEP_LIMITS_FILL(NegativeInfinity)
    ASCSTEP_LIMITS_FILL(QuietNaN)
    ASCSTEP_LIMITS_FILL(SignalingNaN)
    ASCSTEP_LIMITS_FILL(DeNormMin)
#undef ASCSTEP_LIMITS_FILL
};
}  // namespace AscendC
