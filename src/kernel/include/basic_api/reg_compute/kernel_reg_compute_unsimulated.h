// The register API's calls ascstep does not simulate yet (docs/format.md §12.5): each compiles
// with CANN's signature and stops the kernel at its call, named, instead of failing the build
// with a compiler error about a form ascstep lacks.
#pragma once
#include "kernel_reg_compute_vec_reduce_intf.h"
#include "kernel_reg_compute_datacopy_intf.h"
#include "kernel_reg_compute_vec_interleave_intf.h"
#include "kernel_reg_compute_dist.h"
#include "kernel_reg_compute_gather_mask_intf.h"

namespace AscendC {
namespace MicroAPI {
namespace detail {
[[noreturn]] inline void unsimulated(const char* name, const Pos& p) {
    ascstep_rt::stop(p, std::string("MicroAPI::") + name +
                            " is not simulated yet: Ascend 950's register API is simulated in part (docs/format.md §12.5)");
}
}  // namespace detail

// The vector registers' Gather by an index register (DK:Reg矢量计算/离散操作/Gather).
template <class T = DefaultType, class U = DefaultType, class S, class V,
          class = std::enable_if_t<detail::is_vreg<S> && detail::is_vreg<V>>>
__simd_callee__ inline void Gather(S&, S&, V&, Pos p = Pos::current()) {
    detail::unsimulated("Gather (of a register by an index register)", p);
}
#define ASCSTEP_REG_SCATTER(NAME)                                                                              \
    template <class T = DefaultType, class U = DefaultType, class S, class V,                                  \
              class = std::enable_if_t<detail::is_vreg<S>>>                                                   \
    __simd_callee__ inline void NAME(__ubuf__ T*, S&, V&, const MaskReg&, Pos p = Pos::current()) {           \
        detail::unsimulated(#NAME, p);                                                                         \
    }
ASCSTEP_REG_SCATTER(Scatter)
ASCSTEP_REG_SCATTER(DataCopyScatter)
#undef ASCSTEP_REG_SCATTER
}  // namespace MicroAPI
}  // namespace AscendC
