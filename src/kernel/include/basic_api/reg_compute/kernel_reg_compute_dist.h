// LoadAlign's and StoreAlign's distributions made of the register instructions they move as
// (DK:Reg矢量计算/Reg数据搬入/连续对齐搬入（LoadAlign）, Reg数据搬出/连续对齐搬出（StoreAlign）; docs/semantics.md
// §29.1), each a few steps through registers of ascstep's own (`ascstep_lo`, `ascstep_hi`, …):
// - DIST_BRC_B8/B16/B32: one element at any element address, to every lane: LoadUnAlign, then
//   Duplicate of its lowest element under a mask of every lane;
// - DIST_US_B8/B16: VL/2 bytes, each element twice: LoadAlign, then Interleave of it with itself;
// - DIST_DS_B8/B16: 2·VL bytes, every other element: two LoadAligns, then DeInterleave;
// - DIST_UNPACK4_B8: VL/4 bytes, each byte zero-extended to 32 bits: an unpacking load to 16 bits,
//   then UnPack of the lower half;
// - the double load DIST_DINTLV_B8/B16/B32 (2·VL bytes, the even elements to dstReg0, the odd to
//   dstReg1): two LoadAligns, then DeInterleave;
// - DIST_FIRST_ELEMENT_B8/B16/B32 (the first element, at any element address, the mask ignored):
//   a StoreUnAlign of one element;
// - the double store DIST_INTLV_B8/B16/B32 (2·VL bytes interleaving srcReg0 and srcReg1, the
//   mask ignored): Interleave, then two StoreAligns under a mask of every lane.
#pragma once
#include "kernel_reg_compute_vec_interleave_intf.h"

namespace AscendC {
namespace MicroAPI {
namespace detail {
template <class U>
using RegOf = RegTensor<typename U::ActualT>;

template <class T, LoadDist dist, class U>
void load_dist(U& dst, __ubuf__ T* src, const Pos& p) {
    using E = typename U::ActualT;
    constexpr uint32_t n = GetVecLen() / sizeof(T);
    if constexpr (dist == LoadDist::DIST_BRC_B8 || dist == LoadDist::DIST_BRC_B16 || dist == LoadDist::DIST_BRC_B32) {
        RegOf<U> ascstep_lo(p);
        ascstep_rt::call(p, "LoadUnAlign(dst: " + ascstep_lo.ron() + ", src: " + ub_at<T>(ub_addr(src), p) + ")");
        MaskReg all = CreateMask<E, MaskPattern::ALL>(p);
        Duplicate<E>(dst, ascstep_lo, all, p);
    } else if constexpr (dist == LoadDist::DIST_US_B8 || dist == LoadDist::DIST_US_B16) {
        RegOf<U> ascstep_lo(p), ascstep_hi(p);
        LoadAlign<T>(ascstep_lo, src, p);
        Interleave(dst, ascstep_hi, ascstep_lo, ascstep_lo, p);
    } else if constexpr (dist == LoadDist::DIST_DS_B8 || dist == LoadDist::DIST_DS_B16) {
        RegOf<U> ascstep_lo(p), ascstep_hi(p), ascstep_odd(p);
        LoadAlign<T>(ascstep_lo, src, p);
        LoadAlign<T>(ascstep_hi, src + n, p);
        DeInterleave(dst, ascstep_odd, ascstep_lo, ascstep_hi, p);
    } else {  // DIST_UNPACK4_B8
        // The unpacking load's register holds bytes, each in the low half of a 16-bit group.
        RegTensor<uint8_t> ascstep_half(p);
        LoadAlign<T, LoadDist::DIST_UNPACK_B8>(ascstep_half, src, p);
        UnPack<E, uint16_t>(dst, ascstep_half, p);
    }
}

template <class T, StoreDist dist, class U>
void store_dist(__ubuf__ T* dst, U& src, const Pos& p) {
    ascstep_rt::call(p, "StoreUnAlign(dst: " + ub_at<T>(ub_addr(dst), p) + ", src: " + src.ron() + ", count: 1)");
}

constexpr bool double_load(LoadDist d) {
    return d == LoadDist::DIST_DINTLV_B8 || d == LoadDist::DIST_DINTLV_B16 || d == LoadDist::DIST_DINTLV_B32;
}
constexpr bool double_store(StoreDist d) {
    return d == StoreDist::DIST_INTLV_B8 || d == StoreDist::DIST_INTLV_B16 || d == StoreDist::DIST_INTLV_B32;
}
}  // namespace detail

// The double load (双搬入): DIST_DINTLV_B8/B16/B32.
template <class T = DefaultType, LoadDist dist, class U, class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ T* srcAddr, Pos p = Pos::current()) {
    if constexpr (!detail::double_load(dist)) {
        ascstep_rt::stop(p, "LoadAlign into two registers takes DIST_DINTLV_B8, DIST_DINTLV_B16 or DIST_DINTLV_B32");
    } else {
        detail::RegOf<U> ascstep_lo(p), ascstep_hi(p);
        LoadAlign<T>(ascstep_lo, srcAddr, p);
        LoadAlign<T>(ascstep_hi, srcAddr + GetVecLen() / sizeof(T), p);
        DeInterleave(dstReg0, dstReg1, ascstep_lo, ascstep_hi, p);
    }
}
template <class T = DefaultType, PostLiteral postMode, LoadDist dist, class U,
          class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ T*& srcAddr, int32_t postUpdateStride,
                                      Pos p = Pos::current()) {
    if constexpr (postMode != PostLiteral::POST_MODE_UPDATE) ascstep_rt::stop(p, "LoadAlign with a stride and POST_MODE_NORMAL: the page has no such form");
    LoadAlign<T, dist>(dstReg0, dstReg1, (__ubuf__ T*)srcAddr, p);
    srcAddr += postUpdateStride;
}
template <class T = DefaultType, LoadDist dist, class U, class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ T* srcAddr, AddrReg offset, Pos p = Pos::current()) {
    LoadAlign<T, dist>(dstReg0, dstReg1, detail::at(srcAddr, offset), p);
}

// The double store (双搬出): DIST_INTLV_B8/B16/B32, the mask ignored.
template <class T = DefaultType, StoreDist dist, class U, class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg0, U& srcReg1, MaskReg& mask, Pos p = Pos::current()) {
    (void)mask;
    if constexpr (!detail::double_store(dist)) {
        ascstep_rt::stop(p, "StoreAlign of two registers takes DIST_INTLV_B8, DIST_INTLV_B16 or DIST_INTLV_B32");
    } else {
        using E = typename U::ActualT;
        detail::RegOf<U> ascstep_lo(p), ascstep_hi(p);
        Interleave(ascstep_lo, ascstep_hi, srcReg0, srcReg1, p);
        MaskReg all = CreateMask<E, MaskPattern::ALL>(p);
        StoreAlign<T>(dstAddr, ascstep_lo, all, p);
        StoreAlign<T>(dstAddr + GetVecLen() / sizeof(T), ascstep_hi, all, p);
    }
}
template <class T = DefaultType, StoreDist dist, class U, class = std::enable_if_t<detail::is_vreg<U>>>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg0, U& srcReg1, AddrReg offset, MaskReg& mask,
                                       Pos p = Pos::current()) {
    StoreAlign<T, dist>(detail::at(dstAddr, offset), srcReg0, srcReg1, mask, p);
}
}  // namespace MicroAPI

// The Memory API's Duplicate of a LocalTensor's first element (DK:Memory矢量计算/数据填充/Duplicate,
// Ascend 950 only: "tensor前n个数据计算，源操作数为LocalTensor"), which the device builds of
// register calls ("通过VF调用Reg矢量计算API实现"): ascstep's are a broadcast load of the element
// (DIST_BRC, above) and a StoreAlign of it per VL under UpdateMask(count).
template <class T, class = std::enable_if_t<sizeof(T) <= 4>>
void Duplicate(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, Pos p = Pos::current()) {
#if __NPU_ARCH__ != 3510
    ascstep_rt::stop(p, "Duplicate of a LocalTensor's first element is Ascend 950's only (DK:Memory矢量计算/数据填充/Duplicate)");
#else
    using namespace MicroAPI;
    constexpr LoadDist brc = sizeof(T) == 1   ? LoadDist::DIST_BRC_B8
                             : sizeof(T) == 2 ? LoadDist::DIST_BRC_B16
                                              : LoadDist::DIST_BRC_B32;
    RegTensor<T> ascstep_value(p);
    LoadAlign<T, brc>(ascstep_value, (__ubuf__ T*)src.GetPhyAddr(), p);
    __ubuf__ T* out = (__ubuf__ T*)dst.GetPhyAddr();
    uint32_t left = count > 0 ? uint32_t(count) : 0;
    for (uint32_t at = 0; at < uint32_t(count > 0 ? count : 0); at += GetVecLen() / sizeof(T)) {
        MaskReg m = UpdateMask<T>(left, p);
        StoreAlign<T>(out + at, ascstep_value, m, p);
    }
#endif
}
}  // namespace AscendC
