// DK:Reg矢量计算/归约计算 (docs/semantics.md §29): Reduce, ReduceDataBlock and PairReduceElem with
// CANN's signatures, and the names CANN's kernel_reg_compute_vec_reduce_intf_impl.h also offers
// (ReduceSum/Max/Min, Reduce{Sum,Max,Min}WithDataBlock, PairReduceSum). Each call is recorded as
// the RON of its instruction; `op` is the ReduceType.
#pragma once
#include "kernel_reg_compute_datacopy_intf.h"

namespace AscendC {
namespace MicroAPI {
using ReduceType = AscendC::ReduceType;
enum class PairReduce { SUM = 0 };
namespace detail {
template <class S, class V>
inline void reduce(const char* name, ReduceType type, S& dstReg, V& srcReg, const MaskReg& mask, const Pos& p) {
    ascstep_rt::call(p, std::string(name) + "(dst: " + dstReg.ron() + ", src: " + srcReg.ron() + ", mask_reg: " +
                            mask.ron() + (type == ReduceType::SUM ? "" : std::string(", op: ") + AscendC::name(type)) +
                            ")");
}
}  // namespace detail

template <ReduceType type = ReduceType::SUM, class T = DefaultType, class U = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, class S, class V,
          class = std::enable_if_t<detail::is_vreg<S> && detail::is_vreg<V>>>
__simd_callee__ inline void Reduce(S& dstReg, V& srcReg, const MaskReg& mask, Pos p = Pos::current()) {
    detail::reduce("Reduce", type, dstReg, srcReg, mask, p);
}
template <ReduceType type = ReduceType::SUM, class T = DefaultType, class U = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, class S, class V,
          class = std::enable_if_t<detail::is_vreg<S> && detail::is_vreg<V>>>
__simd_callee__ inline void ReduceDataBlock(S& dstReg, V& srcReg, const MaskReg& mask, Pos p = Pos::current()) {
    detail::reduce("ReduceDataBlock", type, dstReg, srcReg, mask, p);
}
template <PairReduce type = PairReduce::SUM, class T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING,
          class U, class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void PairReduceElem(U& dstReg, U& srcReg, const MaskReg& mask, Pos p = Pos::current()) {
    detail::reduce("PairReduceElem", ReduceType::SUM, dstReg, srcReg, mask, p);
}

// The names of one ReduceType each.
template <class T = DefaultType, class U = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, class S, class V,
          class = std::enable_if_t<detail::is_vreg<S> && detail::is_vreg<V>>>
__simd_callee__ inline void ReduceSum(S& dstReg, V& srcReg, const MaskReg& mask, Pos p = Pos::current()) {
    detail::reduce("Reduce", ReduceType::SUM, dstReg, srcReg, mask, p);
}
#define ASCSTEP_REG_REDUCE_ONE(NAME, RON, TYPE)                                                                  \
    template <class T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, class U,                      \
              class = std::enable_if_t<detail::is_vreg<U>>>                                                     \
    __simd_callee__ inline void NAME(U& dstReg, U& srcReg, const MaskReg& mask, Pos p = Pos::current()) {        \
        detail::reduce(RON, ReduceType::TYPE, dstReg, srcReg, mask, p);                                          \
    }
ASCSTEP_REG_REDUCE_ONE(ReduceMax, "Reduce", MAX)
ASCSTEP_REG_REDUCE_ONE(ReduceMin, "Reduce", MIN)
ASCSTEP_REG_REDUCE_ONE(ReduceMaxWithDataBlock, "ReduceDataBlock", MAX)
ASCSTEP_REG_REDUCE_ONE(ReduceMinWithDataBlock, "ReduceDataBlock", MIN)
ASCSTEP_REG_REDUCE_ONE(PairReduceSum, "PairReduceElem", SUM)
#undef ASCSTEP_REG_REDUCE_ONE
template <class T = DefaultType, class U = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, class S, class V,
          class = std::enable_if_t<detail::is_vreg<S> && detail::is_vreg<V>>>
__simd_callee__ inline void ReduceSumWithDataBlock(S& dstReg, V& srcReg, const MaskReg& mask, Pos p = Pos::current()) {
    detail::reduce("ReduceDataBlock", ReduceType::SUM, dstReg, srcReg, mask, p);
}
}  // namespace MicroAPI
}  // namespace AscendC
