// The scalar conversion to float (basic_api/kernel_operator_scalar_intf.h, "Cast（多类型转float）"):
// on Atlas A2/A3, `float Cast(const bfloat16_t&)`; ToFloat is its name before the rename (附录
// "接口变更说明": ToFloat became Cast). Scalar C++, not a vector step: it runs as compiled, the
// bfloat16 value widened exactly (every bfloat16 is a float).
#pragma once
#include "kernel_operator.h"

namespace AscendC {
inline float Cast(const bfloat16_t& bVal) { return float(bVal); }
inline float ToFloat(const bfloat16_t& bVal) { return float(bVal); }
// The other way (kernel_scalar_convert.h `ToBfloat16`): float to bfloat16, rounded to nearest
// even as bfloat16_t's conversion rounds.
inline bfloat16_t ToBfloat16(const float& fVal) { return bfloat16_t(fVal); }
// kernel_utils' CeilDivision: ⌈num1 / num2⌉, 0 for a zero divisor.
constexpr inline int32_t CeilDivision(int32_t num1, int32_t num2) {
    return num2 == 0 ? 0 : (num1 + num2 - 1) / num2;
}
}  // namespace AscendC
