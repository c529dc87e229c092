// The one-source elementwise calls (DK:基础算术/Exp … Relu): count and mask forms.
#pragma once
#include "kernel_operator_vec_binary_intf.h"

namespace AscendC {
#define ASCSTEP_UNARY(NAME)                                                                                                \
    template <class T>                                                                                                     \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, Pos p = Pos::current()) {      \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", count: " + num(count) + ")");         \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTimes,             \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                                \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", params: " + params.ron() + ")");                                                      \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const uint8_t repeatTimes,     \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                                \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", params: " + params.ron() + ")");                                                      \
    }
ASCSTEP_UNARY(Exp)
ASCSTEP_UNARY(Ln)
ASCSTEP_UNARY(Abs)
ASCSTEP_UNARY(Reciprocal)
ASCSTEP_UNARY(Sqrt)
ASCSTEP_UNARY(Rsqrt)
ASCSTEP_UNARY(Not)
ASCSTEP_UNARY(Relu)
#undef ASCSTEP_UNARY
}  // namespace AscendC
