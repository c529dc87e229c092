// The library's RmsNorm (adv_api/normalization/rmsnorm.h; DK:高阶API/归一化/RmsNorm): y = x ·
// (Σx²/H + ε)^(−1/2) · γ over the last axis of a [B, S, H] tensor, made as CANN's
// rmsnorm_common_impl.h and rmsnorm_v220_impl.h make it on Atlas A2 (docs/semantics.md §28): in
// counter mode, per piece of the tiling's rows (its loopRound pieces of mainBsLength rows, then
// the tail), float (half: cast to float first, the result cast back with CAST_NONE): x², each
// row's sum by repeated RepeatReduceSums (basic block: Adds of the 64-column blocks first), a
// Muls by the tiling's 1/H, Adds ε, the reciprocal square root as Exp(−½·Ln(·)), each row scaled
// by its factor (a scalar read per row; basic block with many rows: Brcb and Adds), then a Mul by
// γ. The temporary buffer: the rows' sums (mainBsLengthAlign floats), x² (mainBshLength floats),
// for half x in float after them. Other products' libraries differ: the call stops there.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "kernel_tiling/library_tiling.h"

namespace AscendC {
namespace detail {
namespace rmsnorm {
constexpr uint32_t BLK_H = 64;     // CANN's BASIC_BLK_HLENGTH
constexpr uint32_t BLK_BS = 8;     // BASIC_BLK_BSLENGTH
constexpr uint32_t F_PER_BLK = 8;  // FLOAT_PER_BLOCK

// Each of `rows` rows of src (h apart, originalH of them data) summed into dst[row]: repeated
// RepeatReduceSums of the row in place until one value is left, the last into dst.
inline void sum_rows(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t rows, uint32_t h,
                     uint32_t originalH, Pos p) {
    for (uint32_t i = 0; i < rows; i++) {
        uint32_t total = originalH;
        const LocalTensor<float> s = src[i * h];
        LocalTensor<float> d = s;
        while (total > 1) {
            if (total <= ONE_REPEAT_BYTE_SIZE / sizeof(float)) d = dst[i];
            SetVectorMask<float>(0, total, p);
            RepeatReduceSum<float, false>(d, s, 1, MASK_PLACEHOLDER, 1, 1, 1, DEFAULT_REPEAT_STRIDE, p);
            PipeBarrier<PIPE_V>(p);
            total = (total + ONE_REPEAT_BYTE_SIZE / sizeof(float) - 1) / (ONE_REPEAT_BYTE_SIZE / sizeof(float));
        }
    }
}

// Basic block (h a multiple of 64): each row's 64-column blocks added into its first, then one
// RepeatReduceSum of all rows (a repeat a row).
inline void sum_rows_basic(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t rows, uint32_t h, Pos p) {
    SetVectorMask<float>(0, rows * BLK_H, p);
    const uint8_t rep = uint8_t(h / F_PER_BLK);
    const BinaryRepeatParams params(1, 1, 1, rep, rep, rep);
    for (uint32_t i = 1; i < h / BLK_H; i++) {
        Add<float, false>(src, src, src[i * BLK_H], MASK_PLACEHOLDER, 1, params, p);
        PipeBarrier<PIPE_V>(p);
    }
    RepeatReduceSum<float, false>(dst, src, 1, MASK_PLACEHOLDER, 1, 1, 1, rep, p);
    PipeBarrier<PIPE_V>(p);
}

// dst row i = src row i · factor[i]: each factor read by the scalar unit after a V → S sync, a
// Muls per row over h; the mask left at the piece's bsh.
inline void scale_rows(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& factor,
                       uint32_t bsh, uint32_t rows, uint32_t h, Pos p) {
    SetVectorMask<float>(0, h, p);
    SetFlag<HardEvent::V_S>(0, p);
    WaitFlag<HardEvent::V_S>(0, p);
    for (uint32_t i = 0; i < rows; i++) {
        Muls<float, false>(dst[i * h], src[i * h], factor.GetValue(i, p), MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p);
    }
    PipeBarrier<PIPE_V>(p);
    SetVectorMask<float>(0, bsh, p);
}

// Basic block with more than 8 rows (and more than h / 64): each factor spread over its row by a
// Brcb (8 rows a repeat) into the row's first 8 floats, then over the row by Adds of 0.
inline void spread_rows(const LocalTensor<float>& dst, const LocalTensor<float>& factor, uint32_t h, uint32_t rows, Pos p) {
    const uint16_t blk = uint16_t(h / F_PER_BLK);
    SetMaskNorm(p);
    ResetMask(p);
    Brcb(dst, factor, uint8_t(rows / BLK_BS), BrcbRepeatParams(blk, uint16_t(blk * BLK_BS)), p);
    PipeBarrier<PIPE_V>(p);
    SetMaskCount(p);
    SetVectorMask<float>(0, rows * BLK_H, p);
    const uint8_t rep = uint8_t(h / F_PER_BLK);
    for (uint32_t i = 0; i < h / BLK_H; i++) {
        Adds<float, false>(dst[i * BLK_H], dst, 0.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams(1, 0, rep, rep), p);
    }
    PipeBarrier<PIPE_V>(p);
}

// dst row i = src row i · gamma (h floats) for `rows` rows.
template <bool isBasicBlock>
void times_gamma(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& gamma, uint32_t rows,
                 uint32_t h, Pos p) {
    auto by_columns = [&]() {
        const uint32_t loop = h / BLK_H;
        if (loop >= rows) {
            SetVectorMask<float>(0, h, p);
            for (uint32_t i = 0; i < rows; ++i) {
                Mul<float, false>(dst[i * h], src[i * h], gamma, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p);
            }
            return;
        }
        SetVectorMask<float>(0, rows * BLK_H, p);
        const uint8_t rep = uint8_t(h / F_PER_BLK);
        const BinaryRepeatParams params(1, 1, 1, rep, rep, 0);
        for (uint32_t i = 0; i < loop; ++i) {
            Mul<float, false>(dst[i * BLK_H], src[i * BLK_H], gamma[i * BLK_H], MASK_PLACEHOLDER, 1, params, p);
        }
        if (h % BLK_H != 0) {
            const uint32_t at = loop * BLK_H, tail = h - at;
            SetMaskNorm(p);
            SetVectorMask<float>(0, (uint64_t(1) << tail) - 1, p);
            Mul<float, false>(dst[at], src[at], gamma[at], MASK_PLACEHOLDER, uint8_t(rows), params, p);
            SetMaskCount(p);
        }
    };
    if (isBasicBlock || h > BLK_H) {
        by_columns();
    } else if (h == BLK_H) {
        BinaryRepeatParams params;
        params.src1RepStride = 0;
        SetVectorMask<float>(0, rows * h, p);
        Mul<float, false>(dst, src, gamma, MASK_PLACEHOLDER, 1, params, p);
    } else {
        SetMaskNorm(p);
        SetVectorMask<float>(0, (uint64_t(1) << h) - 1, p);
        const uint8_t rep = uint8_t(h / F_PER_BLK);
        Mul<float, false>(dst, src, gamma, MASK_PLACEHOLDER, uint8_t(rows), BinaryRepeatParams(1, 1, 1, rep, rep, 0), p);
        SetMaskCount(p);
    }
    PipeBarrier<PIPE_V>(p);
}

// One piece: `rows` rows, bsh elements, from dst/src as given.
template <class T, bool isBasicBlock>
void piece(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& gamma, T epsilon,
           const RmsNormTiling& t, const LocalTensor<float>& tmp, uint32_t rows, uint32_t bsh, Pos p) {
    const LocalTensor<float> sums = tmp, sq = tmp[t.mainBsLengthAlign];
    LocalTensor<float> x;
    SetVectorMask<T>(0, bsh, p);
    if constexpr (std::is_same<T, half>::value) {
        x = tmp[t.mainBshLength + t.mainBsLengthAlign];
        Cast<float, half, false>(x, src, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                 {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p);
        PipeBarrier<PIPE_V>(p);
    } else {
        x = src;
    }
    Mul<float, false>(sq, x, x, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p);
    PipeBarrier<PIPE_V>(p);
    if constexpr (isBasicBlock)
        sum_rows_basic(sums, sq, rows, t.hLength, p);
    else
        sum_rows(sums, sq, rows, t.hLength, t.originalHLength, p);
    SetVectorMask<T>(0, rows, p);
    const UnaryRepeatParams unary;
    ASCSTEP_V((Muls<float, false>(sums, sums, t.reciprocalOfHLength, MASK_PLACEHOLDER, 1, unary, p)));
    ASCSTEP_V((Adds<float, false>(sums, sums, float(epsilon), MASK_PLACEHOLDER, 1, unary, p)));
    ASCSTEP_V((Ln<float, false>(sums, sums, MASK_PLACEHOLDER, 1, unary, p)));
    ASCSTEP_V((Muls<float, false>(sums, sums, -0.5f, MASK_PLACEHOLDER, 1, unary, p)));
    ASCSTEP_V((Exp<float, false>(sums, sums, MASK_PLACEHOLDER, 1, unary, p)));
    if (isBasicBlock && rows > BLK_BS && rows > t.hLength / BLK_H) {
        spread_rows(sq, sums, t.hLength, rows, p);
        SetVectorMask<float>(0, bsh, p);
        ASCSTEP_V((Mul<float, false>(sq, sq, x, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
    } else {
        scale_rows(sq, x, sums, bsh, rows, t.hLength, p);
    }
    PipeBarrier<PIPE_V>(p);
    if constexpr (std::is_same<T, half>::value) {
        SetVectorMask<T>(0, t.hLength, p);
        Cast<float, half, false>(x, gamma, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                 {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p);
        PipeBarrier<PIPE_V>(p);
        times_gamma<isBasicBlock>(sq, sq, x, rows, t.hLength, p);
        SetVectorMask<T>(0, bsh, p);
        Cast<half, float, false>(dst, sq, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                 {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
    } else {
        times_gamma<isBasicBlock>(dst, sq, gamma, rows, t.hLength, p);
    }
    PipeBarrier<PIPE_V>(p);
}
}  // namespace rmsnorm
}  // namespace detail

template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon, const RmsNormTiling& tiling, Pos p = Pos::current()) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value, "RmsNorm only support data type: float/half");
#if __NPU_ARCH__ != 2201
    ascstep_rt::stop(p, "RmsNorm is simulated with CANN's Atlas A2 steps (rmsnorm_common_impl.h, rmsnorm_v220_impl.h); on this product the library's steps differ and are not simulated yet (docs/semantics.md §28)");
#endif
    if (tiling.hLength == 0 || tiling.mainBshLength == 0)
        ascstep_rt::stop(p, "RmsNorm: the tiling has no rows (hLength or mainBshLength is 0); fill it with the host's GetRmsNormTilingInfo");
    const LocalTensor<float> tmp = sharedTmpBuffer.ReinterpretCast<float>(p);
    SetMaskCount(p);
    for (uint32_t i = 0; i < tiling.loopRound; ++i) {
        const uint32_t at = i * tiling.mainBshLength;
        detail::rmsnorm::piece<T, isBasicBlock>(dstLocal[at], srcLocal[at], gammaLocal, epsilon, tiling, tmp,
                                                tiling.mainBsLength, tiling.mainBshLength, p);
    }
    if (tiling.tailBsLength != 0) {
        detail::rmsnorm::piece<T, isBasicBlock>(dstLocal[tiling.inputTailPos], srcLocal[tiling.inputTailPos], gammaLocal,
                                                epsilon, tiling, tmp, tiling.tailBsLength, tiling.tailBshLength, p);
    }
    SetMaskNorm(p);
    ResetMask(p);
}
template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal,
             const T epsilon, const RmsNormTiling& tiling, Pos p = Pos::current()) {
    RmsNorm<T, isBasicBlock>(dstLocal, srcLocal, gammaLocal, detail::stack_buffer(p), epsilon, tiling, p);
}
}  // namespace AscendC
