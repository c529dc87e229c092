// The scalar conversion to float (basic_api/kernel_operator_scalar_intf.h, "Cast（多类型转float）"):
// on Atlas A2/A3, `float Cast(const bfloat16_t&)`; ToFloat is its name before the rename (附录
// "接口变更说明": ToFloat became Cast). Scalar C++, not a vector step: it runs as compiled, the
// bfloat16 value widened exactly (every bfloat16 is a float).
#pragma once
#include "kernel_operator.h"

namespace AscendC {
inline float Cast(const bfloat16_t& bVal) { return float(bVal); }
inline float ToFloat(const bfloat16_t& bVal) { return float(bVal); }
}  // namespace AscendC
