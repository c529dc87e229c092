// The library's Select by a byte mask (adv_api/select/selectwithbytesmask.h; its older name
// SelectWithBytesMask; DK:高阶API/数据过滤/Select): dst = mask == 0 ? src : scalar, made with
// the steps of CANN's Atlas A2 implementation (selectwithbytesmask_impl.h, _common_impl.h,
// _v220_impl.h, _v200_impl.h), so a user steps through what the device runs (docs/semantics.md
// §26): in counter mode, the scalar duplicated into the CmpMask register; when the mask's rows
// are longer than the source's, a GatherMask drops their tails (into the mask itself,
// isReuseMask, or the temporary buffer; on Atlas inference the rows are walked one by one); then
// per piece of the temporary buffer's size the mask cast to half (a
// 4-byte mask through its bits read as float, CAST_ODD), Compares with 0 (EQ; NE for the scalar
// first form) into bits, and a Select between the source and the register.
#pragma once
#include "kernel_operator.h"

namespace AscendC {
struct SelectWithBytesMaskShapeInfo {
    SelectWithBytesMaskShapeInfo() {}
    uint32_t firstAxis = 0;
    uint32_t srcLastAxis = 0;
    uint32_t maskLastAxis = 0;
};

namespace detail {
template <class U>
void bytes_mask_to_half(const LocalTensor<half>& out, const LocalTensor<U>& mask, Pos p) {
    if constexpr (sizeof(U) == 4) {
        Cast<half, float, false>(out, mask.template ReinterpretCast<float>(p), RoundMode::CAST_ODD, MASK_PLACEHOLDER, 1,
                                 {1, 1, DEFAULT_REPEAT_STRIDE / 2, DEFAULT_REPEAT_STRIDE}, p);
    } else if constexpr (sizeof(U) == 2) {
        Cast<half, int16_t, false>(out, mask.template ReinterpretCast<int16_t>(p), RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                   {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
    } else {
        Cast<half, uint8_t, false>(out, mask.template ReinterpretCast<uint8_t>(p), RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                   {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE / 2}, p);
    }
}

template <class T, class U, bool reverse>
void select_bytes_piece(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<U>& mask,
                        const LocalTensor<uint8_t>& tmp, uint32_t len, Pos p) {
    LocalTensor<half> asHalf = tmp.template ReinterpretCast<half>(p);
    SetVectorMask<half, MaskMode::COUNTER>(0, len, p);
    bytes_mask_to_half<U>(asHalf, mask, p);
    PipeBarrier<PIPE_V>(p);
    const uint8_t repeats = uint8_t(DivCeil(len, ONE_REPEAT_BYTE_SIZE / sizeof(half)));
    UnaryRepeatParams unary;
    CompareScalar<half, uint8_t, false>(tmp, asHalf, half(0), reverse ? CMPMODE::NE : CMPMODE::EQ, MASK_PLACEHOLDER, repeats,
                                        unary, p);
    PipeBarrier<PIPE_V>(p);
    BinaryRepeatParams binary;
    Select(dst, tmp, src, 1, binary, p);
}

template <class T, class U, bool isReuseMask, bool reverse>
void select_with_bytes_mask(const LocalTensor<T>& dst, const LocalTensor<T>& src, T scalar, const LocalTensor<U>& mask,
                            const LocalTensor<uint8_t>& tmp, const SelectWithBytesMaskShapeInfo& info, Pos p) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Select by a byte mask takes half or float");
    static_assert(sizeof(U) == 1 || sizeof(U) == 2 || sizeof(U) == 4,
                  "the byte mask is bool, int8_t, uint8_t, int16_t, uint16_t, int32_t or uint32_t");
#if __NPU_ARCH__ != 2201 && __NPU_ARCH__ != 2002
    ascstep_rt::stop(p, "the library's Select by a byte mask (SelectWithBytesMask) is simulated on Atlas A2, A3 and inference only (its Ascend 950 implementation uses the register-based API)");
#endif
    PipeBarrier<PIPE_V>(p);
    uint32_t bufferSize = tmp.GetSize();
    if (bufferSize < 1024)
        ascstep_rt::stop(p, "the temporary buffer of Select by a byte mask must hold at least 1024 bytes (DK:高阶API/数据过滤/Select; GetSelectMaxMinTmpSize)");
    LocalTensor<U> tmpMask = mask;
    uint32_t tmpOffset = 0;
    // Atlas inference (v200): no GatherMask of the rows (its pattern 7 is not on that core, §4.6):
    // longer mask rows are walked one row at a time instead, and no extra buffer is taken.
    constexpr bool perRow = __NPU_ARCH__ == 2002;
    if constexpr (!isReuseMask && !perRow) {
        if (info.srcLastAxis != info.maskLastAxis) {
            const uint32_t extra = AlignUp(src.GetSize() * sizeof(U), ONE_BLK_SIZE);
            if (bufferSize < 1024 + extra)
                ascstep_rt::stop(p, ascstep_rt::fmt("with isReuseMask false and rows of another length the temporary buffer must hold %u bytes", 1024 + extra));
            tmpMask = tmp.template ReinterpretCast<U>(p);
            tmpMask.SetSize(extra / sizeof(U));
            bufferSize -= extra;
            tmpOffset = extra;
        }
    }
    bufferSize -= 256;
    uint32_t loopSize = bufferSize / sizeof(half) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (loopSize > 255 * ONE_REPEAT_BYTE_SIZE / sizeof(half)) loopSize = 255 * ONE_REPEAT_BYTE_SIZE / sizeof(half);
    SetMaskCount(p);
    // The scalar into the CmpMask register.
    LocalTensor<T> scalarBlock = tmp.template ReinterpretCast<T>(p);
    SetVectorMask<half, MaskMode::COUNTER>(0, ONE_REPEAT_BYTE_SIZE / sizeof(T), p);
    Duplicate<T, false>(scalarBlock, scalar, MASK_PLACEHOLDER, 1, 1, 8, p);
    PipeBarrier<PIPE_V>(p);
    SetCmpMask(scalarBlock, p);
    PipeBarrier<PIPE_V>(p);
    if (info.srcLastAxis != info.maskLastAxis && !perRow) {
        // The rows' tails dropped: pattern 7 over srcLastAxis elements of each row, as uint16.
        GatherMaskParams params{DEFAULT_BLK_STRIDE, uint16_t(info.firstAxis), uint16_t(info.maskLastAxis * sizeof(U) / ONE_BLK_SIZE), 0};
        ascstep_rt::call(p, "GatherMask(dst: " + tmpMask.template ReinterpretCast<uint16_t>(p).ron() +
                                ", src0: " + mask.template ReinterpretCast<uint16_t>(p).ron() + ", pattern: 7, reduce_mode: true, mask: " +
                                num(info.srcLastAxis * sizeof(U) / sizeof(uint16_t)) + ", params: " + params.ron() + ")");
        SetMaskCount(p);
        PipeBarrier<PIPE_V>(p);
    }
    // The pieces of `total` elements from src/dst `at` and mask `maskAt`.
    auto pieces = [&](uint32_t total, uint32_t at, uint32_t maskAt) {
        for (uint32_t off = 0; off < total; off += loopSize) {
            const uint32_t len = off + loopSize > total ? total - off : loopSize;
            select_bytes_piece<T, U, reverse>(dst[at + off], src[at + off], tmpMask[maskAt + off], tmp[tmpOffset], len, p);
            PipeBarrier<PIPE_V>(p);
        }
    };
    if (perRow && info.srcLastAxis != info.maskLastAxis) {
        for (uint32_t row = 0; row < info.firstAxis; row++) pieces(info.srcLastAxis, row * info.srcLastAxis, row * info.maskLastAxis);
    } else {
        pieces(src.GetSize(), 0, 0);
    }
    SetMaskNorm(p);
    ResetMask(p);
}
}  // namespace detail

template <typename T, typename U, bool isReuseMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1, const LocalTensor<U>& mask,
            const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info, Pos p = Pos::current()) {
    detail::select_with_bytes_mask<T, U, isReuseMask, false>(dst, src0, src1, mask, sharedTmpBuffer, info, p);
}
template <typename T, typename U, bool isReuseMask = true>
void Select(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1, const LocalTensor<U>& mask,
            const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info, Pos p = Pos::current()) {
    detail::select_with_bytes_mask<T, U, isReuseMask, true>(dst, src1, src0, mask, sharedTmpBuffer, info, p);
}
template <typename T, typename U, bool isReuseMask = true>
void SelectWithBytesMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1, const LocalTensor<U>& mask,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info,
                         Pos p = Pos::current()) {
    detail::select_with_bytes_mask<T, U, isReuseMask, false>(dst, src0, src1, mask, sharedTmpBuffer, info, p);
}
template <typename T, typename U, bool isReuseMask = true>
void SelectWithBytesMask(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1, const LocalTensor<U>& mask,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info,
                         Pos p = Pos::current()) {
    detail::select_with_bytes_mask<T, U, isReuseMask, true>(dst, src1, src0, mask, sharedTmpBuffer, info, p);
}
}  // namespace AscendC
