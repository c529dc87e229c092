// Ascend 950's address registers and unaligned moves (DK:Reg矢量计算/寄存器数据类型/AddrReg,
// UnalignRegForLoad-UnalignRegForStore; Reg数据搬入/连续非对齐搬入（LoadUnAlign）; Reg数据搬出/
// 连续非对齐搬出（StoreUnAlign）; docs/semantics.md §29).
//
// An AddrReg holds the offset CreateAddrReg<T> computes (Σ index·stride elements of T); a move
// given one moves at its pointer plus that offset. LoadUnAlign reads VL bytes at any element
// address; StoreUnAlign writes its count (the post-update stride) of the register's first
// elements there, at once: the device keeps the bytes past the last 32-byte boundary in the
// UnalignRegForStore until the next StoreUnAlign or StoreUnAlignPost writes them, which a kernel
// that ends with StoreUnAlignPost, as the pages require, cannot tell apart. The Pre and Post
// calls move the pointer only. Also the mask register's moves (MaskReg搬入/搬出（LoadAlign,
// StoreAlign）), whose pointer forms take AddrReg or a post-update in bytes.
#pragma once
#include "kernel_reg_compute_intf.h"

namespace AscendC {
namespace MicroAPI {
struct AddrReg {
    int64_t bytes = 0;
};
// One type for loads and stores, as CANN's (both are its vector_align); UnalignReg the earlier
// name.
struct UnalignReg {};
using UnalignRegForLoad = UnalignReg;
using UnalignRegForStore = UnalignReg;

template <class T>
__simd_callee__ inline AddrReg CreateAddrReg(uint16_t i0, uint32_t s0) {
    return AddrReg{int64_t(uint64_t(i0) * s0 * sizeof(T))};
}
template <class T>
__simd_callee__ inline AddrReg CreateAddrReg(uint16_t i0, uint32_t s0, uint16_t i1, uint32_t s1) {
    return AddrReg{int64_t((uint64_t(i0) * s0 + uint64_t(i1) * s1) * sizeof(T))};
}
template <class T>
__simd_callee__ inline AddrReg CreateAddrReg(uint16_t i0, uint32_t s0, uint16_t i1, uint32_t s1, uint16_t i2,
                                             uint32_t s2) {
    return AddrReg{int64_t((uint64_t(i0) * s0 + uint64_t(i1) * s1 + uint64_t(i2) * s2) * sizeof(T))};
}
template <class T>
__simd_callee__ inline AddrReg CreateAddrReg(uint16_t i0, uint32_t s0, uint16_t i1, uint32_t s1, uint16_t i2,
                                             uint32_t s2, uint16_t i3, uint32_t s3) {
    return AddrReg{
        int64_t((uint64_t(i0) * s0 + uint64_t(i1) * s1 + uint64_t(i2) * s2 + uint64_t(i3) * s3) * sizeof(T))};
}

namespace detail {
template <class T>
__ubuf__ T* at(__ubuf__ T* p, const AddrReg& a) {
    return reinterpret_cast<__ubuf__ T*>(reinterpret_cast<uintptr_t>(p) + a.bytes);
}
}  // namespace detail

// LoadAlign / StoreAlign / DataCopy at a pointer plus an AddrReg.
template <class T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, class U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr, AddrReg offset, Pos p = Pos::current()) {
    LoadAlign<T, dist>(dstReg, detail::at(srcAddr, offset), p);
}
template <class T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, class U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, AddrReg offset, MaskReg& mask,
                                       Pos p = Pos::current()) {
    StoreAlign<T, dist>(detail::at(dstAddr, offset), srcReg, mask, p);
}
template <class T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, class U,
          class = std::enable_if_t<!std::is_pointer_v<U>>>
__simd_callee__ inline void DataCopy(U& dstReg, __ubuf__ T* srcAddr, AddrReg offset, Pos p = Pos::current()) {
    LoadAlign<T, dist>(dstReg, detail::at(srcAddr, offset), p);
}
template <class T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, class U>
__simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, U& srcReg, AddrReg offset, MaskReg& mask,
                                     Pos p = Pos::current()) {
    StoreAlign<T, dist>(detail::at(dstAddr, offset), srcReg, mask, p);
}

// LoadUnAlign: VL bytes at any element address (the Pre call primes the device's buffer).
template <class T>
__simd_callee__ inline void LoadUnAlignPre(UnalignRegForLoad&, __ubuf__ T*, Pos = Pos::current()) {}
template <class T>
__simd_callee__ inline void LoadUnAlignPre(UnalignRegForLoad&, __ubuf__ T*, AddrReg&, Pos = Pos::current()) {}
template <class T = DefaultType, class U>
__simd_callee__ inline void LoadUnAlign(U& dstReg, UnalignRegForLoad&, __ubuf__ T* srcAddr, Pos p = Pos::current()) {
    ascstep_rt::call(p, "LoadUnAlign(dst: " + dstReg.ron() + ", src: " +
                            detail::ub_at<T>(detail::ub_addr(srcAddr), p) + ")");
}
template <class T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, class U>
__simd_callee__ inline void LoadUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ T*& srcAddr,
                                        uint32_t postUpdateStride, Pos p = Pos::current()) {
    LoadUnAlign<T>(dstReg, ureg, (__ubuf__ T*)srcAddr, p);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) srcAddr += postUpdateStride;
}
template <class T = DefaultType, class U>
__simd_callee__ inline void LoadUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ T*& srcAddr, AddrReg& areg,
                                        uint32_t inc, Pos p = Pos::current()) {
    LoadUnAlign<T>(dstReg, ureg, detail::at((__ubuf__ T*)srcAddr, areg), p);
    srcAddr += inc;
}

// StoreUnAlign: the register's first postUpdateStride elements (an AddrReg: all of them).
template <class T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, class U>
__simd_callee__ inline void StoreUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore&,
                                         uint32_t postUpdateStride, Pos p = Pos::current()) {
    using E = typename U::ActualT;
    uint32_t n = postUpdateStride < GetVecLen() / sizeof(E) ? postUpdateStride : GetVecLen() / sizeof(E);
    if (n > 0)
        ascstep_rt::call(p, "StoreUnAlign(dst: " + detail::ub_at<T>(detail::ub_addr(dstAddr), p) + ", src: " +
                                srcReg.ron() + ", count: " + ascstep_rt::num(n) + ")");
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) dstAddr += postUpdateStride;
}
template <class T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, class U>
__simd_callee__ inline void StoreUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore&, AddrReg& areg,
                                         Pos p = Pos::current()) {
    ascstep_rt::call(p, "StoreUnAlign(dst: " + detail::ub_at<T>(detail::ub_addr(detail::at(dstAddr, areg)), p) +
                            ", src: " + srcReg.ron() + ")");
}
// The AR form: what the last STORE_REG Squeeze kept, at the pointer plus what AR held before it
// (kernel_reg_compute_gather_mask_intf.h).
namespace detail {
inline int64_t& squeezed();
}
template <class T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, class U>
__simd_callee__ inline void StoreUnAlign(__ubuf__ T* const& dstAddr, U& srcReg, UnalignRegForStore&, Pos p = Pos::current()) {
    using E = typename U::ActualT;
    const int64_t bytes = detail::squeezed();
    detail::squeezed() = 0;
    const int64_t before = AscendC::detail::spr_ar() - bytes;
    if (bytes > 0) {
        auto at = reinterpret_cast<__ubuf__ T*>(reinterpret_cast<uintptr_t>(dstAddr) + before);
        ascstep_rt::call(p, "StoreUnAlign(dst: " + detail::ub_at<T>(detail::ub_addr(at), p) + ", src: " + srcReg.ron() +
                                ", count: " + ascstep_rt::num(uint64_t(bytes) / sizeof(E)) + ")");
    }
}
template <class T, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE>
__simd_callee__ inline void StoreUnAlignPost(__ubuf__ T*& dstAddr, UnalignRegForStore&, int32_t postUpdateStride,
                                             Pos = Pos::current()) {
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) dstAddr += postUpdateStride;
}
template <class T>
__simd_callee__ inline void StoreUnAlignPost(__ubuf__ T*&, UnalignRegForStore&, AddrReg&, Pos = Pos::current()) {}
template <class T>
__simd_callee__ inline void StoreUnAlignPost(__ubuf__ T* const&, UnalignRegForStore&, Pos = Pos::current()) {}

// The earlier names (DataCopyUnAlign…), as CANN keeps them.
template <class T>
__simd_callee__ inline void DataCopyUnAlignPre(UnalignRegForLoad& u, __ubuf__ T* a, Pos p = Pos::current()) {
    LoadUnAlignPre<T>(u, a, p);
}
template <class T>
__simd_callee__ inline void DataCopyUnAlignPre(UnalignRegForLoad& u, __ubuf__ T* a, AddrReg& r, Pos p = Pos::current()) {
    LoadUnAlignPre<T>(u, a, r, p);
}
template <class T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, class U,
          class = std::enable_if_t<!std::is_pointer_v<U>>>
__simd_callee__ inline void DataCopyUnAlign(U& dstReg, UnalignRegForLoad& u, __ubuf__ T*& srcAddr, uint32_t stride,
                                            Pos p = Pos::current()) {
    LoadUnAlign<T, postMode>(dstReg, u, srcAddr, stride, p);
}
template <class T = DefaultType, class U, class = std::enable_if_t<!std::is_pointer_v<U>>>
__simd_callee__ inline void DataCopyUnAlign(U& dstReg, UnalignRegForLoad& u, __ubuf__ T*& srcAddr, AddrReg& r,
                                            uint32_t inc, Pos p = Pos::current()) {
    LoadUnAlign<T>(dstReg, u, srcAddr, r, inc, p);
}
template <class T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, class U>
__simd_callee__ inline void DataCopyUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore& u, uint32_t stride,
                                            Pos p = Pos::current()) {
    StoreUnAlign<T, postMode>(dstAddr, srcReg, u, stride, p);
}
template <class T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, class U>
__simd_callee__ inline void DataCopyUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore& u, AddrReg& r,
                                            Pos p = Pos::current()) {
    StoreUnAlign<T, postMode>(dstAddr, srcReg, u, r, p);
}
template <class T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, class U,
          class = std::enable_if_t<!std::is_pointer_v<U>>>
__simd_callee__ inline void DataCopyUnAlign(__ubuf__ T* const& dstAddr, U& srcReg, UnalignRegForStore& u,
                                            Pos p = Pos::current()) {
    StoreUnAlign<T, postMode>(dstAddr, srcReg, u, p);
}
template <class T, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE>
__simd_callee__ inline void DataCopyUnAlignPost(__ubuf__ T*& dstAddr, UnalignRegForStore& u, int32_t stride,
                                                Pos p = Pos::current()) {
    StoreUnAlignPost<T, postMode>(dstAddr, u, stride, p);
}
template <class T>
__simd_callee__ inline void DataCopyUnAlignPost(__ubuf__ T*& dstAddr, UnalignRegForStore& u, AddrReg& r,
                                                Pos p = Pos::current()) {
    StoreUnAlignPost<T>(dstAddr, u, r, p);
}
template <class T>
__simd_callee__ inline void DataCopyUnAlignPost(__ubuf__ T* const& dstAddr, UnalignRegForStore& u, Pos p = Pos::current()) {
    StoreUnAlignPost<T>(dstAddr, u, p);
}
// A mask register from the UB: VL/8 bytes (DIST_NORM) or VL/16 bytes each bit twice (DIST_US).
template <class T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void LoadAlign(MaskReg& mask, __ubuf__ T* srcAddr, Pos p = Pos::current()) {
    if constexpr (dist == MaskDist::DIST_DS) {
        ascstep_rt::stop(p, "LoadAlign of a MaskReg with DIST_DS is not simulated yet (docs/format.md §12.5)");
    } else {
        ascstep_rt::call(p, "LoadAlign(dst: " + mask.ron() + ", src: " + detail::ub_at<T>(detail::ub_addr(srcAddr), p) +
                                (dist == MaskDist::DIST_US ? ", dist: DIST_US)" : ")"));
    }
}
template <class T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void LoadAlign(MaskReg& mask, __ubuf__ T*& srcAddr, int32_t offset, Pos p = Pos::current()) {
    LoadAlign<T, dist>(mask, (__ubuf__ T*)srcAddr, p);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE)
        srcAddr = reinterpret_cast<__ubuf__ T*>(reinterpret_cast<uintptr_t>(srcAddr) + offset);
}
template <class T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void LoadAlign(MaskReg& mask, __ubuf__ T* srcAddr, AddrReg offset, Pos p = Pos::current()) {
    LoadAlign<T, dist>(mask, detail::at(srcAddr, offset), p);
}
// A mask register to the UB: VL/8 bytes (DIST_NORM) or its even bits, VL/16 bytes (DIST_PACK).
template <class T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, MaskReg& mask, Pos p = Pos::current()) {
    if constexpr (dist == MaskDist::DIST_DS) {
        ascstep_rt::stop(p, "StoreAlign of a MaskReg takes DIST_NORM or DIST_PACK");
    } else {
        ascstep_rt::call(p, "StoreAlign(dst: " + detail::ub_at<T>(detail::ub_addr(dstAddr), p) + ", src: " + mask.ron() +
                                (dist == MaskDist::DIST_PACK ? ", dist: DIST_PACK)" : ")"));
    }
}
template <class T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void StoreAlign(__ubuf__ T*& dstAddr, MaskReg& mask, int32_t offset, Pos p = Pos::current()) {
    StoreAlign<T, dist>((__ubuf__ T*)dstAddr, mask, p);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE)
        dstAddr = reinterpret_cast<__ubuf__ T*>(reinterpret_cast<uintptr_t>(dstAddr) + offset);
}
template <class T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, MaskReg& mask, AddrReg offset, Pos p = Pos::current()) {
    StoreAlign<T, dist>(detail::at(dstAddr, offset), mask, p);
}
// Their earlier name.
template <class T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void DataCopy(MaskReg& mask, __ubuf__ T* srcAddr, Pos p = Pos::current()) {
    LoadAlign<T, dist>(mask, srcAddr, p);
}
template <class T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void DataCopy(MaskReg& mask, __ubuf__ T* srcAddr, AddrReg offset, Pos p = Pos::current()) {
    LoadAlign<T, dist>(mask, srcAddr, offset, p);
}
template <class T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void DataCopy(MaskReg& mask, __ubuf__ T*& srcAddr, int32_t offset, Pos p = Pos::current()) {
    LoadAlign<T, postMode, dist>(mask, srcAddr, offset, p);
}
template <class T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, MaskReg& mask, Pos p = Pos::current()) {
    StoreAlign<T, dist>(dstAddr, mask, p);
}
template <class T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, MaskReg& mask, AddrReg offset, Pos p = Pos::current()) {
    StoreAlign<T, dist>(dstAddr, mask, offset, p);
}
template <class T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void DataCopy(__ubuf__ T*& dstAddr, MaskReg& mask, int32_t offset, Pos p = Pos::current()) {
    StoreAlign<T, postMode, dist>(dstAddr, mask, offset, p);
}
}  // namespace MicroAPI
}  // namespace AscendC
