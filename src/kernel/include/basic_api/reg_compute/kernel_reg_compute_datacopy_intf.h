// DK:Reg矢量计算/Reg数据搬入/离散搬入（Gather） (docs/semantics.md §29): Gather and its other name
// DataCopyGather, each lane of dstReg the element index[i] elements past baseAddr, for the lanes
// the mask selects (the others 0). Recorded as the RON of its instruction; the registers as the
// types the call names (a kernel casts `(RegTensor<uint32_t>&)idx`).
#pragma once
#include "kernel_reg_compute_intf.h"

namespace AscendC {
namespace MicroAPI {
namespace detail {
template <class U>
constexpr bool is_vreg = std::is_base_of_v<Reg<'r'>, U>;
}  // namespace detail

template <class T0 = DefaultType, class T1, class T2 = DefaultType, class T3, class T4,
          class = std::enable_if_t<detail::is_vreg<T3> && detail::is_vreg<T4>>>
__simd_callee__ inline void Gather(T3& dstReg, __ubuf__ T1* baseAddr, T4& index, const MaskReg& mask,
                                   Pos p = Pos::current()) {
    ascstep_rt::call(p, "Gather(dst: " + dstReg.template ron_as<detail::Elem<T0, T3>>(p) +
                            ", src: " + detail::ub_at<T1>(detail::ub_addr(baseAddr), p) +
                            ", index: " + index.template ron_as<detail::Elem<T2, T4>>(p) +
                            ", mask_reg: " + mask.ron() + ")");
}
template <class T0 = DefaultType, class T1, class T2 = DefaultType, class T3, class T4,
          class = std::enable_if_t<detail::is_vreg<T3> && detail::is_vreg<T4>>>
__simd_callee__ inline void DataCopyGather(T3& dstReg, __ubuf__ T1* baseAddr, T4& index, const MaskReg& mask,
                                           Pos p = Pos::current()) {
    Gather<T0, T1, T2>(dstReg, baseAddr, index, mask, p);
}
}  // namespace MicroAPI
}  // namespace AscendC
