// The Memory API's Interleave and DeInterleave of LocalTensors (Ascend 950; CANN declares them in
// basic_api/kernel_operator_vec_duplicate_intf.h, Level 2, `count` even), stepped as the register
// API's Interleave/DeInterleave they are made of (docs/semantics.md §29): Interleave zips src0 and
// src1 (count elements each) into the 2·count-long src0[0], src1[0], src0[1], …, whose first count
// elements are dst0 and the rest dst1; DeInterleave writes the even elements of src0 then src1
// into dst0 and the odd ones into dst1 (count elements each source), the one-source form those of
// src (srcCount elements). Each register's result is stored by StoreUnAlign of the elements left,
// so no byte past a destination's part is written.
#pragma once
#include "reg_compute/kernel_reg_compute_unsimulated.h"

namespace AscendC {
namespace detail {
template <class T>
__ubuf__ T* ub_ptr(const LocalTensor<T>& t) {
    return (__ubuf__ T*)t.GetPhyAddr();
}
// Stops a call this product lacks or whose count is odd; the count's half.
inline uint32_t checked_half(const char* api, int32_t count, const Pos& p) {
#if __NPU_ARCH__ != 3510
    ascstep_rt::stop(p, std::string(api) + " of LocalTensors is an Ascend 950 API (basic_api/kernel_operator_vec_duplicate_intf.h)");
#endif
    if (count % 2 != 0) ascstep_rt::stop(p, ascstep_rt::fmt("%s's count is %d: it must be even", api, int(count)));
    return uint32_t(count) / 2;
}
// Stores the first `n` (at most a register's) elements of `r` at `dst`.
template <class T, class R>
void store_first(__ubuf__ T* dst, R& r, uint32_t n, const Pos& p) {
    MicroAPI::UnalignRegForStore u;
    if (n > 0) MicroAPI::StoreUnAlign<T, MicroAPI::PostLiteral::POST_MODE_UPDATE>(dst, r, u, n, p);
}
// The zipped src0[from..from+half), src1[from..from+half) into dst (2·half elements).
template <class T>
void zip_into(__ubuf__ T* dst, __ubuf__ T* s0, __ubuf__ T* s1, uint32_t half, const Pos& p) {
    constexpr uint32_t n = GetVecLen() / sizeof(T);
    MicroAPI::RegTensor<T> a(p), b(p), z0(p), z1(p);
    MicroAPI::UnalignRegForLoad u;
    for (uint32_t i = 0; i * n < half; i++) {
        __ubuf__ T* x = s0 + i * n;
        __ubuf__ T* y = s1 + i * n;
        MicroAPI::LoadUnAlign(a, u, x, p);
        MicroAPI::LoadUnAlign(b, u, y, p);
        MicroAPI::Interleave(z0, z1, a, b, p);
        uint32_t left = 2 * (half - i * n);
        store_first(dst + 2 * i * n, z0, left < n ? left : n, p);
        store_first(dst + 2 * i * n + n, z1, left > n ? (left - n < n ? left - n : n) : 0, p);
    }
}
// The even and odd elements of src[0..count) into dst0 and dst1 (count / 2 each).
template <class T>
void unzip_into(__ubuf__ T* d0, __ubuf__ T* d1, __ubuf__ T* src, uint32_t count, const Pos& p) {
    constexpr uint32_t n = GetVecLen() / sizeof(T);
    MicroAPI::RegTensor<T> a(p), b(p), e(p), o(p);
    MicroAPI::UnalignRegForLoad u;
    uint32_t half = count / 2;
    for (uint32_t i = 0; i * n < half; i++) {
        __ubuf__ T* x = src + 2 * i * n;
        __ubuf__ T* y = src + 2 * i * n + n;
        MicroAPI::LoadUnAlign(a, u, x, p);
        MicroAPI::LoadUnAlign(b, u, y, p);
        MicroAPI::DeInterleave(e, o, a, b, p);
        uint32_t left = half - i * n;
        store_first(d0 + i * n, e, left < n ? left : n, p);
        store_first(d1 + i * n, o, left < n ? left : n, p);
    }
}
}  // namespace detail

template <typename T>
__aicore__ inline void Interleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src0,
                                  const LocalTensor<T>& src1, const int32_t count, Pos p = Pos::current()) {
    uint32_t half = detail::checked_half("Interleave", count, p);
    detail::zip_into(detail::ub_ptr(dst0), detail::ub_ptr(src0), detail::ub_ptr(src1), half, p);
    detail::zip_into(detail::ub_ptr(dst1), detail::ub_ptr(src0) + half, detail::ub_ptr(src1) + half, half, p);
}
template <typename T>
__aicore__ inline void DeInterleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src0,
                                    const LocalTensor<T>& src1, const int32_t count, Pos p = Pos::current()) {
    uint32_t half = detail::checked_half("DeInterleave", count, p);
    detail::unzip_into(detail::ub_ptr(dst0), detail::ub_ptr(dst1), detail::ub_ptr(src0), uint32_t(count), p);
    detail::unzip_into(detail::ub_ptr(dst0) + half, detail::ub_ptr(dst1) + half, detail::ub_ptr(src1), uint32_t(count), p);
}
template <typename T>
__aicore__ inline void DeInterleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src,
                                    const int32_t srcCount, Pos p = Pos::current()) {
    detail::checked_half("DeInterleave", srcCount, p);
    detail::unzip_into(detail::ub_ptr(dst0), detail::ub_ptr(dst1), detail::ub_ptr(src), uint32_t(srcCount), p);
}
}  // namespace AscendC
