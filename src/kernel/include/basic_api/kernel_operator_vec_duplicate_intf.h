// Duplicate and CreateVecIndex (DK:数据填充).
#pragma once
#include "kernel_operator_vec_ternary_scalar_intf.h"

namespace AscendC {
template <class T, class S>
void Duplicate(const LocalTensor<T>& dst, const S& scalarValue, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Duplicate(dst: " + dst.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + ", count: " + num(count) + ")");
}
// CANN's template parameters in CANN's order (`Duplicate<half, true>(…)`): T, isSetMask, then
// the scalar's own type, deduced.
template <class T, bool isSetMask = true, class S>
void Duplicate(const LocalTensor<T>& dst, const S& scalarValue, uint64_t mask, const uint8_t repeatTimes, const uint16_t dstBlockStride,
               const uint8_t dstRepeatStride, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Duplicate(dst: " + dst.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", dst_blk_stride: " + num(dstBlockStride) + ", dst_rep_stride: " + num(dstRepeatStride) + ")");
}
template <class T, bool isSetMask = true, class S>
void Duplicate(const LocalTensor<T>& dst, const S& scalarValue, const uint64_t mask[], const uint8_t repeatTimes,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Duplicate(dst: " + dst.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", dst_blk_stride: " + num(dstBlockStride) + ", dst_rep_stride: " + num(dstRepeatStride) + ")");
}
template <class T, class S>
void CreateVecIndex(const LocalTensor<T>& dst, const S& firstValue, uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "CreateVecIndex(dst: " + dst.ron() + ", first_value: " + ascstep_rt::value<T>(firstValue) + ", count: " + num(count) + ")");
}
}  // namespace AscendC
