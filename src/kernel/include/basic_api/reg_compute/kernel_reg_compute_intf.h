// Ascend 950's register API (DK:Reg矢量计算; docs/format.md §12.5): masks, LoadAlign and
// StoreAlign, and the computing calls ascstep simulates (docs/semantics.md §29). Each call is
// recorded as the RON text of its instruction; a form ascstep does not simulate stops the
// kernel at the call, named.
#pragma once
#include "kernel_reg_compute_utils.h"

namespace AscendC {
namespace MicroAPI {
namespace detail {
// The element type of a register call: T when given, else the register's.
template <class T, class U>
using Elem = std::conditional_t<std::is_same_v<T, DefaultType>, typename U::ActualT, T>;
inline std::string merge(MaskMergeMode m) { return m == MaskMergeMode::MERGING ? ", merge: MERGING" : ""; }
// A SpecificMode's algorithm as RON (INTRINSIC, the default: nothing); Div's precisionMode is
// its difference-compensation algorithm.
template <class A>
const char* algo_name(A a) {
    static const char* names[] = {"", "PRECISION_1ULP_FTZ_TRUE", "PRECISION_1ULP_FTZ_FALSE"};
    return names[int(a) % 3];
}
inline const char* algo_name(DivAlgo a) {
    static const char* names[] = {"", "DIFF_COMPENSATION", "PRECISION_1ULP_FTZ_TRUE", "PRECISION_0ULP_FTZ_TRUE",
                                  "PRECISION_0ULP_FTZ_FALSE", "PRECISION_1ULP_FTZ_FALSE"};
    return names[int(a) % 6];
}
inline const char* algo_name(SqrtAlgo a) {
    static const char* names[] = {"", "FAST_INVERSE", "PRECISION_1ULP_FTZ_TRUE", "PRECISION_0ULP_FTZ_FALSE",
                                  "PRECISION_1ULP_FTZ_FALSE"};
    return names[int(a) % 5];
}
template <class M>
bool precision(const M&) {
    return false;
}
inline bool precision(const DivSpecificMode& m) { return m.precisionMode; }
// A call's `mode`: a MaskMergeMode, or the address of a SpecificMode.
template <auto mode>
std::string modes() {
    if constexpr (std::is_same_v<decltype(mode), MaskMergeMode>) {
        return merge(mode);
    } else {
        std::string a = algo_name(mode->algo);
        if (a.empty() && precision(*mode)) a = "DIFF_COMPENSATION";
        return merge(mode->mrgMode) + (a.empty() ? "" : ", algo: " + a);
    }
}
template <class T>
std::string dtype() {
    return ascstep_rt::Dtype<T>::name;
}
inline const char* pattern(MaskPattern p) {
    static const char* names[] = {"ALL", "VL1", "VL2", "VL3", "VL4", "VL8", "VL16", "VL32",
                                  "VL64", "VL128", "M3", "M4", "H", "Q", "ALLF", "ALLF"};
    return names[int(p) & 15];
}
}  // namespace detail

// DK:Reg矢量计算/寄存器数据类型/MaskReg: CreateMask<T, pattern>() and UpdateMask<T>(count), which
// takes VL / sizeof(T) from count (to 0).
template <class T, MaskPattern mode = MaskPattern::ALL, const RegTrait& regTrait = RegTraitNumOne>
__simd_callee__ inline MaskReg CreateMask(Pos p = Pos::current()) {
    return MaskReg("CreateMask(dst: \x1f, dtype: " + detail::dtype<T>() + ", pattern: " + detail::pattern(mode) + ")", p);
}
template <class T, const RegTrait& regTrait = RegTraitNumOne>
__simd_callee__ inline MaskReg UpdateMask(uint32_t& scalarValue, Pos p = Pos::current()) {
    MaskReg m("UpdateMask(dst: \x1f, dtype: " + detail::dtype<T>() + ", count: " + ascstep_rt::num(scalarValue) + ")", p);
    constexpr uint32_t n = GetVecLen() / sizeof(T);
    scalarValue = scalarValue < n ? 0 : scalarValue - n;
    return m;
}

// DK:Reg矢量计算/Reg数据搬入/连续对齐搬入（LoadAlign）: DIST_NORM, plain and POST_MODE_UPDATE.
namespace detail {
// The distributions ascstep simulates besides DIST_NORM (docs/format.md §7.1), as RON.
constexpr const char* dist(LoadDist d) {
    return d == LoadDist::DIST_UNPACK_B8    ? ", dist: DIST_UNPACK_B8"
           : d == LoadDist::DIST_UNPACK_B16 ? ", dist: DIST_UNPACK_B16"
           : d == LoadDist::DIST_UNPACK_B32 ? ", dist: DIST_UNPACK_B32"
           : d == LoadDist::DIST_NORM       ? ""
                                            : nullptr;
}
constexpr const char* dist(StoreDist d) {
    return d == StoreDist::DIST_PACK_B16   ? ", dist: DIST_PACK_B16"
           : d == StoreDist::DIST_PACK_B32 ? ", dist: DIST_PACK_B32"
           : d == StoreDist::DIST_PACK_B64 ? ", dist: DIST_PACK_B64"
           : d == StoreDist::DIST_NORM || d == StoreDist::DIST_NORM_B8 || d == StoreDist::DIST_NORM_B16 ||
                   d == StoreDist::DIST_NORM_B32
               ? ""
               : nullptr;
}
// The distributions made of other register instructions (kernel_reg_compute_dist.h): a
// broadcast, up- or down-sampling or four-fold unpacking load, a first-element store.
constexpr bool composed(LoadDist d) {
    return d == LoadDist::DIST_BRC_B8 || d == LoadDist::DIST_BRC_B16 || d == LoadDist::DIST_BRC_B32 ||
           d == LoadDist::DIST_US_B8 || d == LoadDist::DIST_US_B16 || d == LoadDist::DIST_DS_B8 ||
           d == LoadDist::DIST_DS_B16 || d == LoadDist::DIST_UNPACK4_B8;
}
constexpr bool composed(StoreDist d) {
    return d == StoreDist::DIST_FIRST_ELEMENT_B8 || d == StoreDist::DIST_FIRST_ELEMENT_B16 ||
           d == StoreDist::DIST_FIRST_ELEMENT_B32;
}
template <class T, LoadDist dist, class U>
void load_dist(U& dst, __ubuf__ T* src, const Pos& p);
template <class T, StoreDist dist, class U>
void store_dist(__ubuf__ T* dst, U& src, const Pos& p);
}  // namespace detail
template <class T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, class U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr, Pos p = Pos::current()) {
    if constexpr (detail::composed(dist)) {
        detail::load_dist<T, dist>(dstReg, srcAddr, p);
    } else if constexpr (detail::dist(dist) == nullptr) {
        ascstep_rt::stop(p, "LoadAlign with this LoadDist (DIST_BLK, DIST_E2B or a double load's) is not simulated yet (docs/format.md §12.5)");
    } else {
        ascstep_rt::call(p, "LoadAlign(dst: " + dstReg.ron() + ", src: " + detail::ub_at<T>(detail::ub_addr(srcAddr), p) +
                                detail::dist(dist) + ")");
    }
}
template <class T = DefaultType, PostLiteral postMode, LoadDist dist = LoadDist::DIST_NORM, class U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T*& srcAddr, int32_t postUpdateStride, Pos p = Pos::current()) {
    if constexpr (postMode != PostLiteral::POST_MODE_UPDATE) ascstep_rt::stop(p, "LoadAlign with a stride and POST_MODE_NORMAL: the page has no such form");
    LoadAlign<T, dist>(dstReg, srcAddr, p);
    srcAddr += postUpdateStride;
}

// DK:Reg矢量计算/Reg数据搬出/连续对齐搬出（StoreAlign）: the mask's lanes, DIST_NORM.
template <class T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, class U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, MaskReg& mask, Pos p = Pos::current()) {
    if constexpr (detail::composed(dist)) {
        detail::store_dist<T, dist>(dstAddr, srcReg, p);
    } else if constexpr (detail::dist(dist) == nullptr) {
        ascstep_rt::stop(p, "StoreAlign with this StoreDist (DIST_PACK4_B32 or a double store's) is not simulated yet (docs/format.md §12.5)");
    } else {
        ascstep_rt::call(p, "StoreAlign(dst: " + detail::ub_at<T>(detail::ub_addr(dstAddr), p) + ", src: " + srcReg.ron() +
                                ", mask_reg: " + mask.ron() + detail::dist(dist) + ")");
    }
}
template <class T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM, class U>
__simd_callee__ inline void StoreAlign(__ubuf__ T*& dstAddr, U& srcReg, int32_t postUpdateStride, MaskReg& mask,
                                       Pos p = Pos::current()) {
    if constexpr (postMode != PostLiteral::POST_MODE_UPDATE) ascstep_rt::stop(p, "StoreAlign with a stride and POST_MODE_NORMAL: the page has no such form");
    StoreAlign<T, dist>(dstAddr, srcReg, mask, p);
    dstAddr += postUpdateStride;
}

// DataCopy, the earlier name of LoadAlign and StoreAlign (CANN's kernels and opbase call it so):
// the same forms.
template <class T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, class U,
          class = std::enable_if_t<!std::is_pointer_v<U>>>
__simd_callee__ inline void DataCopy(U& dstReg, __ubuf__ T* srcAddr, Pos p = Pos::current()) {
    LoadAlign<T, dist>(dstReg, srcAddr, p);
}
template <class T = DefaultType, PostLiteral postMode, LoadDist dist = LoadDist::DIST_NORM, class U,
          class = std::enable_if_t<!std::is_pointer_v<U>>>
__simd_callee__ inline void DataCopy(U& dstReg, __ubuf__ T*& srcAddr, int32_t postUpdateStride, Pos p = Pos::current()) {
    LoadAlign<T, postMode, dist>(dstReg, srcAddr, postUpdateStride, p);
}
template <class T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, class U>
__simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, U& srcReg, MaskReg& mask, Pos p = Pos::current()) {
    StoreAlign<T, dist>(dstAddr, srcReg, mask, p);
}
template <class T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM, class U>
__simd_callee__ inline void DataCopy(__ubuf__ T*& dstAddr, U& srcReg, int32_t postUpdateStride, MaskReg& mask,
                                     Pos p = Pos::current()) {
    StoreAlign<T, postMode, dist>(dstAddr, srcReg, postUpdateStride, mask, p);
}

// The computing calls (DK:Reg矢量计算/基础算术, 逻辑计算, 数据填充): `NAME(dst, src…, mask)`.
#define ASCSTEP_REG_UNARY(NAME)                                                                                   \
    template <class T = DefaultType, auto mode = MaskMergeMode::ZEROING, class U>                                \
    __simd_callee__ inline void NAME(U& dstReg, U& srcReg, MaskReg& mask, Pos p = Pos::current()) {             \
        ascstep_rt::call(p, #NAME "(dst: " + dstReg.ron() + ", src: " + srcReg.ron() + ", mask_reg: " +          \
                                mask.ron() + detail::modes<mode>() + ")");                                      \
    }
ASCSTEP_REG_UNARY(Exp)
ASCSTEP_REG_UNARY(Ln)
ASCSTEP_REG_UNARY(Abs)
ASCSTEP_REG_UNARY(Sqrt)
ASCSTEP_REG_UNARY(Relu)
ASCSTEP_REG_UNARY(Not)
ASCSTEP_REG_UNARY(Neg)
ASCSTEP_REG_UNARY(Log)
ASCSTEP_REG_UNARY(Log2)
ASCSTEP_REG_UNARY(Log10)
#undef ASCSTEP_REG_UNARY

#define ASCSTEP_REG_BINARY(NAME)                                                                                  \
    template <class T = DefaultType, auto mode = MaskMergeMode::ZEROING, class U>                                \
    __simd_callee__ inline void NAME(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask, Pos p = Pos::current()) { \
        ascstep_rt::call(p, #NAME "(dst: " + dstReg.ron() + ", src0: " + srcReg0.ron() + ", src1: " +            \
                                srcReg1.ron() + ", mask_reg: " + mask.ron() + detail::modes<mode>() + ")");      \
    }
ASCSTEP_REG_BINARY(Add)
ASCSTEP_REG_BINARY(Sub)
ASCSTEP_REG_BINARY(Mul)
ASCSTEP_REG_BINARY(Div)
ASCSTEP_REG_BINARY(Max)
ASCSTEP_REG_BINARY(Min)
ASCSTEP_REG_BINARY(And)
ASCSTEP_REG_BINARY(Or)
ASCSTEP_REG_BINARY(Xor)
ASCSTEP_REG_BINARY(Prelu)
ASCSTEP_REG_BINARY(AbsSub)
ASCSTEP_REG_BINARY(MulAddDst)
ASCSTEP_REG_BINARY(MulDstAdd)
#undef ASCSTEP_REG_BINARY
// Mula: MulAddDst's other name (CANN's kernel_reg_compute_vec_binary_intf_impl.h).
template <class T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, class U>
__simd_callee__ inline void Mula(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask, Pos p = Pos::current()) {
    MulAddDst<T, mode>(dstReg, srcReg0, srcReg1, mask, p);
}
// FusedMulDstAdd: MulDstAdd's other name (CANN's kernel_reg_compute_vec_fused_intf_impl.h).
template <class T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, class U>
__simd_callee__ inline void FusedMulDstAdd(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask, Pos p = Pos::current()) {
    MulDstAdd<T, mode>(dstReg, srcReg0, srcReg1, mask, p);
}

// DK:Reg矢量计算/逻辑计算/ShiftLeft, ShiftRight: each lane by src1's lane (src1 of the signed type
// of the same width, taken as the data's type: the page leaves a negative amount undefined).
#define ASCSTEP_REG_SHIFT(NAME)                                                                                   \
    template <class T = DefaultType, class U = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, class S, \
              class V, class = std::enable_if_t<std::is_base_of_v<detail::Reg<'r'>, V>>>                        \
    __simd_callee__ inline void NAME(S& dstReg, S& srcReg0, V& srcReg1, MaskReg& mask, Pos p = Pos::current()) { \
        using E = detail::Elem<T, S>;                                                                             \
        ascstep_rt::call(p, #NAME "(dst: " + dstReg.ron() + ", src0: " + srcReg0.ron() + ", src1: " +            \
                                srcReg1.template ron_as<E>(p) + ", mask_reg: " + mask.ron() + detail::merge(mode) + \
                                ")");                                                                             \
    }
ASCSTEP_REG_SHIFT(ShiftLeft)
ASCSTEP_REG_SHIFT(ShiftRight)
#undef ASCSTEP_REG_SHIFT

#define ASCSTEP_REG_SCALAR(NAME)                                                                                      \
    template <class T = DefaultType, class V, MaskMergeMode mode = MaskMergeMode::ZEROING, class S>                  \
    __simd_callee__ inline void NAME(S& dstReg, S& srcReg, V scalarValue, MaskReg& mask, Pos p = Pos::current()) { \
        using E = detail::Elem<T, S>;                                                                                \
        ascstep_rt::call(p, #NAME "(dst: " + dstReg.ron() + ", src: " + srcReg.ron() + ", scalar: " +              \
                                ascstep_rt::value<E>(scalarValue) + ", mask_reg: " + mask.ron() +                    \
                                detail::merge(mode) + ")");                                                          \
    }
ASCSTEP_REG_SCALAR(Adds)
ASCSTEP_REG_SCALAR(Muls)
ASCSTEP_REG_SCALAR(Maxs)
ASCSTEP_REG_SCALAR(Mins)
ASCSTEP_REG_SCALAR(LeakyRelu)
ASCSTEP_REG_SCALAR(ShiftLefts)
ASCSTEP_REG_SCALAR(ShiftRights)
ASCSTEP_REG_SCALAR(Axpy)
#undef ASCSTEP_REG_SCALAR

// DK:Reg矢量计算/类型转换/Cast: the trait's layout, saturation, merge and round mode (a round mode
// ascstep does not simulate is left out: a pair that rounds then stops at its RON). The trait is
// taken by value (CANN: `const CastTrait&`), which accepts every constant the reference does: g++
// 12 crashes binding the reference to a `constexpr static` member of a class template (ops-math's
// pow, ops-nn's quantizers).
template <class T = DefaultType, class U = DefaultType, CastTrait trait = castTrait, class S, class V>
__simd_callee__ inline void Cast(S& dstReg, V& srcReg, MaskReg& mask, Pos p = Pos::current()) {
    static const char* layouts[] = {"ZERO", "ONE", "TWO", "THREE"};
    std::string text = "Cast(dst: " + dstReg.ron() + ", src: " + srcReg.ron() + ", mask_reg: " + mask.ron();
    if (int(trait.layoutMode) > 0) text += std::string(", layout: ") + layouts[int(trait.layoutMode) & 3];
    if (trait.satMode == SatMode::NO_SAT) text += ", saturate: false";
    if (uint8_t(trait.roundMode) < 7) text += std::string(", round: ") + AscendC::name(trait.roundMode);
    if (trait.mrgMode == MaskMergeMode::MERGING) text += ", merge: MERGING";
    ascstep_rt::call(p, text + ")");
}

// DK:Reg矢量计算/比较与选择: Compare and Compares (CompareScalar, its earlier name) into a mask
// register; Select by one.
template <class T = DefaultType, CMPMODE mode = CMPMODE::EQ, class U>
__simd_callee__ inline void Compare(MaskReg& dst, U& srcReg0, U& srcReg1, MaskReg& mask, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compare(dst: " + dst.ron() + ", src0: " + srcReg0.ron() + ", src1: " + srcReg1.ron() +
                            ", cmp: " + AscendC::name(mode) + ", mask_reg: " + mask.ron() + ")");
}
template <class T = DefaultType, CMPMODE mode = CMPMODE::EQ, class U, class S>
__simd_callee__ inline void Compares(MaskReg& dst, U& srcReg, S scalarValue, MaskReg& mask, Pos p = Pos::current()) {
    using E = detail::Elem<T, U>;
    ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", src: " + srcReg.ron() + ", scalar: " +
                            ascstep_rt::value<E>(scalarValue) + ", cmp: " + AscendC::name(mode) +
                            ", mask_reg: " + mask.ron() + ")");
}
template <class T = DefaultType, CMPMODE mode = CMPMODE::EQ, class U, class S>
__simd_callee__ inline void CompareScalar(MaskReg& dst, U& srcReg, S scalarValue, MaskReg& mask, Pos p = Pos::current()) {
    Compares<T, mode>(dst, srcReg, scalarValue, mask, p);
}
template <class T = DefaultType, class U>
__simd_callee__ inline void Select(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dstReg.ron() + ", src0: " + srcReg0.ron() + ", src1: " + srcReg1.ron() +
                            ", mask_reg: " + mask.ron() + ")");
}

// DK:Reg矢量计算/数据填充/Duplicate: a scalar into the mask's lanes; without a mask, every lane
// (a mask of every lane is made first, one more step).
template <class T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, class U, class S,
          class = std::enable_if_t<std::is_arithmetic_v<U> || std::is_same_v<U, half> || std::is_same_v<U, bfloat16_t>>>
__simd_callee__ inline void Duplicate(S& dstReg, U scalarValue, MaskReg& mask, Pos p = Pos::current()) {
    using E = detail::Elem<T, S>;
    ascstep_rt::call(p, "Duplicate(dst: " + dstReg.ron() + ", scalar: " + ascstep_rt::value<E>(scalarValue) +
                            ", mask_reg: " + mask.ron() + detail::merge(mode) + ")");
}
// The lowest element of srcReg into the mask's lanes (HighLowPart::LOWEST, the page's only one).
template <class T = DefaultType, HighLowPart pos = HighLowPart::LOWEST, MaskMergeMode mode = MaskMergeMode::ZEROING,
          class S, class = std::enable_if_t<std::is_base_of_v<detail::Reg<'r'>, S>>>
__simd_callee__ inline void Duplicate(S& dstReg, S& srcReg, MaskReg& mask, Pos p = Pos::current()) {
    if constexpr (pos != HighLowPart::LOWEST) ascstep_rt::stop(p, "Duplicate of a register's HIGHEST element: the page has LOWEST only");
    ascstep_rt::call(p, "Duplicate(dst: " + dstReg.ron() + ", src: " + srcReg.ron() + ", mask_reg: " + mask.ron() +
                            detail::merge(mode) + ")");
}
template <class T = DefaultType, class U, class S,
          class = std::enable_if_t<std::is_arithmetic_v<U> || std::is_same_v<U, half> || std::is_same_v<U, bfloat16_t>>>
__simd_callee__ inline void Duplicate(S& dstReg, U scalarValue, Pos p = Pos::current()) {
    using E = detail::Elem<T, S>;
    MaskReg all = CreateMask<E, MaskPattern::ALL>(p);
    Duplicate<T>(dstReg, scalarValue, all, p);
}
}  // namespace MicroAPI
}  // namespace AscendC
#include "kernel_reg_compute_maskreg_intf.h"
#include "kernel_reg_compute_unalign_intf.h"

namespace AscendC {
namespace MicroAPI {
// DK:Reg矢量计算/Reg数据搬入/Move (Copy, its earlier name): src's lanes under the mask, MERGING
// by default; without a mask every lane (a mask of every lane is made first, one more step).
template <class T = DefaultType, MaskMergeMode mode = MaskMergeMode::MERGING, class U,
          class = std::enable_if_t<std::is_base_of_v<detail::Reg<'r'>, U>>>
__simd_callee__ inline void Move(U& dstReg, U& srcReg, const MaskReg& mask, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Move(dst: " + dstReg.ron() + ", src: " + srcReg.ron() + ", mask_reg: " + mask.ron() +
                            detail::merge(mode) + ")");
}
template <class T = DefaultType, class U, class = std::enable_if_t<std::is_base_of_v<detail::Reg<'r'>, U>>>
__simd_callee__ inline void Move(U& dstReg, U& srcReg, Pos p = Pos::current()) {
    MaskReg all = CreateMask<detail::Elem<T, U>, MaskPattern::ALL>(p);
    Move<T, MaskMergeMode::ZEROING>(dstReg, srcReg, all, p);
}
template <class T = DefaultType, MaskMergeMode mode = MaskMergeMode::MERGING, class U,
          class = std::enable_if_t<std::is_base_of_v<detail::Reg<'r'>, U>>>
__simd_callee__ inline void Copy(U& dstReg, U& srcReg, const MaskReg& mask, Pos p = Pos::current()) {
    Move<T, mode>(dstReg, srcReg, mask, p);
}
template <class T = DefaultType, class U, class = std::enable_if_t<std::is_base_of_v<detail::Reg<'r'>, U>>>
__simd_callee__ inline void Copy(U& dstReg, U& srcReg, Pos p = Pos::current()) {
    Move<T>(dstReg, srcReg, p);
}
template <class T, const RegTrait& regTrait>
RegTensor<T, regTrait>::RegTensor(const RegTensor& o, Pos p) : detail::Reg<'r'>(ascstep_rt::Dtype<T>::name, p) {
    Move(*this, const_cast<RegTensor&>(o), p);
}
template <class T, const RegTrait& regTrait>
RegTensor<T, regTrait>& RegTensor<T, regTrait>::operator=(const RegTensor& o) {
    if (this != &o) Move(*this, const_cast<RegTensor&>(o), Pos::current());
    return *this;
}
}  // namespace MicroAPI
}  // namespace AscendC

namespace AscendC {
namespace MicroAPI {
// DK:Reg矢量计算/索引操作/Arange: every lane, from the scalar up, or down to it.
template <class T = DefaultType, IndexOrder order = IndexOrder::INCREASE_ORDER, class U, class S,
          class = std::enable_if_t<std::is_base_of_v<detail::Reg<'r'>, S>>>
__simd_callee__ inline void Arange(S& dstReg, U scalarValue, Pos p = Pos::current()) {
    using E = detail::Elem<T, S>;
    ascstep_rt::call(p, "Arange(dst: " + dstReg.ron() + ", scalar: " + ascstep_rt::value<E>(scalarValue) +
                            (order == IndexOrder::DECREASE_ORDER ? ", order: DECREASE)" : ")"));
}
}  // namespace MicroAPI
}  // namespace AscendC

namespace AscendC {
namespace MicroAPI {
// DK:Reg矢量计算/类型转换/Truncate: each lane's integral value in the round mode.
template <class T = DefaultType, RoundMode roundMode = RoundMode::CAST_NONE, MaskMergeMode mode = MaskMergeMode::ZEROING,
          class S>
__simd_callee__ inline void Truncate(S& dstReg, S& srcReg, MaskReg& mask, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Truncate(dst: " + dstReg.ron() + ", src: " + srcReg.ron() + ", mask_reg: " + mask.ron() +
                            ", round: " + AscendC::name(roundMode) + detail::merge(mode) + ")");
}
}  // namespace MicroAPI
}  // namespace AscendC

namespace AscendC {
namespace MicroAPI {
// DK:Reg矢量计算/数据压缩/Pack, UnPack: each wide element's low half into the narrow register's
// lower or upper half, or each element of one half widened (signed types sign-extended). The
// registers are taken as the types the call names (a kernel casts `(RegTensor<uint32_t>&)x`).
#define ASCSTEP_REG_PACK(NAME)                                                                                \
    template <class T = DefaultType, class U = DefaultType, HighLowPart part = HighLowPart::LOWEST, class S, class V, \
              class = std::enable_if_t<std::is_base_of_v<detail::Reg<'r'>, S>>>                              \
    __simd_callee__ inline void NAME(S& dstReg, V& srcReg, Pos p = Pos::current()) {                          \
        ascstep_rt::call(p, #NAME "(dst: " + dstReg.template ron_as<detail::Elem<T, S>>(p) + ", src: " +    \
                                srcReg.template ron_as<detail::Elem<U, V>>(p) +                              \
                                (part == HighLowPart::HIGHEST ? ", part: HIGHEST)" : ")"));                 \
    }
ASCSTEP_REG_PACK(Pack)
ASCSTEP_REG_PACK(UnPack)
#undef ASCSTEP_REG_PACK
}  // namespace MicroAPI
}  // namespace AscendC
