// BilinearInterpolation (DK:基础算术/BilinearInterpolation(ISASI)), the compatibility API made of
// vector calls as CANN's Atlas A2 implementation makes it (impl/basic_api/dav_c220/
// kernel_operator_vec_bilinearinterpolation_impl.h; docs/semantics.md §23): Gatherb of
// hRepeat·vRepeat repeats of src0's blocks at src0Offset into the temporary buffer, Brcb of src1
// behind them, one counter-mode Mul of the two (repeatMode false: each repeat's 8 blocks by one
// src1 value; true: each block by its own), per vertical repeat an Add of its hRepeat − 1 later
// horizontal repeats into the first, and an Adds of 0 copying the sums to dst (blocks
// dstBlkStride apart, vertical repeats vROffset elements apart).
#pragma once
#include "kernel_operator_vec_gather_intf.h"
#include "kernel_operator_vec_brcb_intf.h"

namespace AscendC {
namespace detail {
template <class T, class M>
void bilinear_interpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
                            const LocalTensor<T>& src1, M mask, uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride,
                            uint16_t vROffset, uint8_t vRepeat, const LocalTensor<uint8_t>& sharedTmpBuffer, Pos p) {
    static_assert(sizeof(T) == 2, "BilinearInterpolation supports half");
    const LocalTensor<T> tmp = sharedTmpBuffer.ReinterpretCast<T>();
    const uint8_t inner = uint8_t(hRepeat * vRepeat);
    constexpr uint32_t per_repeat = DEFAULT_REPEAT_STRIDE * ONE_BLK_SIZE / sizeof(T);
    Gatherb(tmp.template ReinterpretCast<uint16_t>(), src0.template ReinterpretCast<uint16_t>(), src0Offset, inner,
            GatherRepeatParams(), p);
    const uint32_t brcb_at = uint32_t(hRepeat) * vRepeat * per_repeat;
    Brcb(tmp[brcb_at], src1, uint8_t(src1.GetSize() / 8), BrcbRepeatParams(), p);
    PipeBarrier<PIPE_V>(p);
    BinaryRepeatParams mul;
    if (!repeatMode) {
        mul.src0RepStride = 1;
        mul.src0BlkStride = 0;
    }
    SetMaskCount(p);
    SetVectorMask<T, MaskMode::COUNTER>(0, uint64_t(inner) * per_repeat, p);
    Mul<T, false>(tmp, tmp[brcb_at], tmp, mask, inner, mul, p);
    SetMaskNorm(p);
    ResetMask(p);
    PipeBarrier<PIPE_V>(p);
    BinaryRepeatParams add;
    add.dstRepStride = 0;
    add.src1RepStride = 0;
    for (int i = 0; i < vRepeat; i++) {
        if (hRepeat > 1) {
            Add(tmp[i * hRepeat * per_repeat], tmp[(i * hRepeat + 1) * per_repeat], tmp[i * hRepeat * per_repeat], mask,
                uint8_t(hRepeat - 1), add, p);
        }
    }
    PipeBarrier<PIPE_V>(p);
    UnaryRepeatParams copy;
    copy.srcRepStride = uint8_t(hRepeat * DEFAULT_REPEAT_STRIDE);
    copy.dstBlkStride = dstBlkStride;
    copy.dstRepStride = uint8_t(vROffset * sizeof(T) / ONE_BLK_SIZE);
    Adds(dst, tmp, T(0), mask, vRepeat, copy, p);
}
}  // namespace detail

template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
                           const LocalTensor<T>& src1, uint64_t mask[], uint8_t hRepeat, bool repeatMode,
                           uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {
    detail::bilinear_interpolation(dst, src0, src0Offset, src1, (const uint64_t*)mask, hRepeat, repeatMode, dstBlkStride,
                                   vROffset, vRepeat, sharedTmpBuffer, p);
}
template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
                           const LocalTensor<T>& src1, uint64_t mask, uint8_t hRepeat, bool repeatMode,
                           uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {
    detail::bilinear_interpolation(dst, src0, src0Offset, src1, mask, hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat,
                                   sharedTmpBuffer, p);
}
}  // namespace AscendC
