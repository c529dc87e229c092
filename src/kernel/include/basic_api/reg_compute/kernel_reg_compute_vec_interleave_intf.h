// DK:Reg矢量计算/数据重排/Interleave, DeInterleave (docs/semantics.md §29): the vector registers'
// (the MaskReg overloads are kernel_reg_compute_maskreg_intf.h's). Two instructions, dst0's then
// dst1's (`part: HIGHEST`); a dst0 that is also a source is written through a register of its
// own first, so dst1's instruction still reads the sources as they were.
#pragma once
#include <optional>
#include "kernel_reg_compute_datacopy_intf.h"

namespace AscendC {
namespace MicroAPI {
namespace detail {
template <class U>
inline void reg_pair(const char* name, U& d0, U& d1, U& s0, U& s1, const Pos& p) {
    std::string rest = ", src0: " + s0.ron() + ", src1: " + s1.ron();
    std::optional<U> tmp;
    if (&d0 == &s0 || &d0 == &s1) tmp.emplace(p);
    U& first = tmp ? *tmp : d0;
    ascstep_rt::call(p, std::string(name) + "(dst: " + first.ron() + rest + ")");
    ascstep_rt::call(p, std::string(name) + "(dst: " + d1.ron() + rest + ", part: HIGHEST)");
    if (tmp) Move(d0, *tmp, p);
}
}  // namespace detail
template <class T = DefaultType, class U, class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void Interleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1, Pos p = Pos::current()) {
    detail::reg_pair("Interleave", dstReg0, dstReg1, srcReg0, srcReg1, p);
}
template <class T = DefaultType, class U, class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void DeInterleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1, Pos p = Pos::current()) {
    detail::reg_pair("DeInterleave", dstReg0, dstReg1, srcReg0, srcReg1, p);
}
}  // namespace MicroAPI
}  // namespace AscendC
