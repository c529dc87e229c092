// DK:Reg矢量计算/比较与选择/Squeeze (GatherMask its earlier name; docs/semantics.md §29): the lanes
// the mask selects, in order, packed from lane 0, the rest 0. With GatherMaskMode::STORE_REG the
// byte count of those elements goes to the AR register, which StoreUnAlign's AR form (no count:
// the pointer stays, the device keeps the offset) then stores: ascstep reads the count back from
// the simulation, adds it to AR (which ClearSpr zeroes) and the next StoreUnAlign writes that many
// elements at the pointer plus what AR held before (the pages require the two to alternate).
#pragma once
#include "kernel_reg_compute_unalign_intf.h"

namespace AscendC {
namespace MicroAPI {
enum class GatherMaskMode { NO_STORE_REG, STORE_REG };
namespace detail {
// The bytes the last STORE_REG Squeeze kept, for the StoreUnAlign that follows it.
inline int64_t& squeezed() {
    thread_local int64_t n = 0;
    return n;
}
}  // namespace detail
template <class T = DefaultType, GatherMaskMode store = GatherMaskMode::NO_STORE_REG, class U,
          class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void Squeeze(U& dstReg, U& srcReg, MaskReg& mask, Pos p = Pos::current()) {
    using E = detail::Elem<T, U>;
    std::string ron = "Squeeze(dst: " + dstReg.ron() + ", src: " + srcReg.ron() + ", mask_reg: " + mask.ron();
    if constexpr (store == GatherMaskMode::STORE_REG) {
        const int64_t bytes = int64_t(AscendC::detail::returning<uint64_t>(p, ron + ", ret: \"$\")")) * int64_t(sizeof(E));
        AscendC::detail::spr_ar() += bytes;
        detail::squeezed() = bytes;
    } else {
        ascstep_rt::call(p, ron + ")");
    }
}
template <class T = DefaultType, GatherMaskMode store = GatherMaskMode::NO_STORE_REG, class U,
          class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void GatherMask(U& dstReg, U& srcReg, MaskReg& mask, Pos p = Pos::current()) {
    Squeeze<T, store>(dstReg, srcReg, mask, p);
}
}  // namespace MicroAPI
}  // namespace AscendC
