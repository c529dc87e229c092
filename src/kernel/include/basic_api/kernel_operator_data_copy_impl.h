// CANN's internal DataCopy forms that kernels call directly with raw pointers
// (`(__ubuf__ T*)local.GetPhyAddr()`, `(__gm__ T*)global.GetPhyAddr() + n`): DataCopyPadGm2UBImpl
// and DataCopyUB2GMImpl are the public DataCopyPad and DataCopy on the tensors holding those
// addresses (the UB address in a LocalTensor of the launch, the GM pointer in an allocation).
#pragma once
#include "kernel_operator_vec_transpose_intf.h"

namespace AscendC {
namespace detail {
template <class T>
std::string ub_pointer(T* ptr, const char* what, const Pos& p) {
    return ub_operand_at<T>(uint64_t(reinterpret_cast<uintptr_t>(ptr)), what, p);
}
template <class T>
std::string gm_pointer(T* ptr, const Pos& p) {
    GlobalTensor<T> g;
    g.SetGlobalBuffer(ptr, 0, p);
    return g.ron();
}
}  // namespace detail

template <typename T>
void DataCopyPadGm2UBImpl(T* dst, T* src, const DataCopyExtParams& params, const DataCopyPadExtParams<T>& pad,
                          Pos p = Pos::current()) {
    detail::data_copy_pad_in<T>(detail::ub_pointer(dst, "DataCopyPadGm2UBImpl: dst", p), detail::gm_pointer(src, p), params, pad, p);
}
template <typename T>
void DataCopyPadGm2UBImpl(T* dst, T* src, const DataCopyParams& params, const DataCopyPadParams& pad, Pos p = Pos::current()) {
    DataCopyPadGm2UBImpl(dst, src, DataCopyExtParams(params.blockCount, params.blockLen, params.srcStride, params.dstStride, 0),
                         DataCopyPadExtParams<T>(pad.isPad, pad.leftPadding, pad.rightPadding, T(pad.paddingValue)), p);
}
template <typename T>
void DataCopyUB2GMImpl(T* dst, T* src, const DataCopyParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopy(dst: " + detail::gm_pointer(dst, p) + ", src: " + detail::ub_pointer(src, "DataCopyUB2GMImpl: src", p) +
                            ", params: " + params.ron() + ")");
}
}  // namespace AscendC
