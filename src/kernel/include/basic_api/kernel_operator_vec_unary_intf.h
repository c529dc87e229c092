// The one-source elementwise calls (DK:基础算术/Exp … Relu): count and mask forms, each also in CANN's exact
// signature (ASCSTEP_EXACT).
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
    }                                                                                                                      \
    template <class T, ASCSTEP_EXACT(I, int32_t)>                                                                          \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const I& count) {                                     \
        NAME(dst, src, int32_t(count), Pos::current());                                                                    \
    }                                                                                                                      \
    template <class T, bool isSetMask = true, ASCSTEP_EXACT(M, uint64_t)>                                                  \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, M mask, const uint8_t repeatTimes,                    \
              const UnaryRepeatParams& params) {                                                                           \
        NAME<T, isSetMask>(dst, src, uint64_t(mask), repeatTimes, params, Pos::current());                                 \
    }                                                                                                                      \
    template <class T, bool isSetMask = true, ASCSTEP_EXACT(M, const uint64_t*)>                                           \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, M mask, const uint8_t repeatTimes,                    \
              const UnaryRepeatParams& params) {                                                                           \
        NAME<T, isSetMask>(dst, src, (const uint64_t*)mask, repeatTimes, params, Pos::current());                          \
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
