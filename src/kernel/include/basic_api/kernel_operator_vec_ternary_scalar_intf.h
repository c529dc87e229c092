// Axpy (DK:复合计算/Axpy; CANN's kernel_operator_vec_ternary_scalar_intf.h).
#pragma once
#include "kernel_operator_vec_binary_scalar_intf.h"

namespace AscendC {
template <class T, class U, class S>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const S& scalarValue, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Axpy(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<U>(scalarValue) + ", count: " + num(count) + ")");
}
template <class T, class U, bool isSetMask = true, class S>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const S& scalarValue, uint64_t mask, const uint8_t repeatTimes,
          const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Axpy(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<U>(scalarValue) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
template <class T, class U, bool isSetMask = true, class S>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const S& scalarValue, const uint64_t mask[], const uint8_t repeatTimes,
          const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Axpy(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<U>(scalarValue) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
}  // namespace AscendC
