// The library's SoftmaxGrad (adv_api/activation/softmaxgrad.h; DK:高阶API/激活函数/SoftmaxGrad)
// on Atlas A2/A3 with CANN's steps (membase/common/softmax_grad_nd_impl.h; docs/semantics.md
// §27.1): per piece of splitM rows, y·dy, each row's sum of it (the older slice-by-slice row sum,
// softmax_steps.h), and unless isFront, that sum spread over the row and dx = (dy − sum) · y;
// isFront gives the sums (a block a row). half is computed in float and cast back with
// CAST_ROUND.
#pragma once
#include "adv_api/activation/softmax_steps.h"
#include "kernel_tiling/library_tiling.h"

namespace AscendC {
namespace detail {
namespace softmax {
// The tiling of `shape` for a work buffer of `workFloats` floats, as the library's kernel side
// computes it for SoftmaxGrad when the shape differs from the tiling's (SoftMaxGradTilingFunc).
inline SoftMaxTiling grad_tiling_for(uint32_t workFloats, uint32_t m, uint32_t k, uint32_t perBlock, bool isFront, Pos p) {
    uint32_t rows;
    if (perBlock != F_BLK)  // half
        rows = workFloats / (perBlock * 2 + k * 3 + FLOAT_REPEAT_SIZE);
    else if (isFront)
        rows = workFloats / (perBlock + k + FLOAT_REPEAT_SIZE);
    else
        rows = workFloats / (k + perBlock * 2 + FLOAT_REPEAT_SIZE);
    if (rows < m && rows > F_BLK) rows = rows / F_BLK * F_BLK;
    rows = rows < m ? rows : m;
    if (rows == 0)
        ascstep_rt::stop(p, ascstep_rt::fmt("SoftmaxGrad: the temporary buffer of %u floats holds no row of %u", workFloats, k));
    return tiling_of(m, k, m, perBlock, rows);
}

inline void grad_piece(const LocalTensor<float>& dst, const LocalTensor<float>& grad, const LocalTensor<float>& src,
                       const LocalTensor<float>& work, const SoftMaxTiling& t, const ReduceLastND& r, uint32_t at,
                       uint32_t reduceAt, uint32_t size, bool isFront, Pos p) {
    if (isFront) {
        const LocalTensor<float> prod = work;
        const LocalTensor<float> sums = work[t.splitSize];
        Mul(prod, grad[at], src[at], size, p);
        PipeBarrier<PIPE_V>(p);
        sum_rows_by_slices(dst[reduceAt], prod, sums, r, p);
        PipeBarrier<PIPE_V>(p);
        return;
    }
    const LocalTensor<float> prod = work;
    const LocalTensor<float> sums = work[t.splitSize];
    const LocalTensor<float> rowSum = work[t.splitSize + t.reduceSize];
    Mul(prod, src[at], grad[at], size, p);
    PipeBarrier<PIPE_V>(p);
    sum_rows_by_slices(rowSum, prod, sums, r, p);
    PipeBarrier<PIPE_V>(p);
    spread_rows(prod, rowSum, t.reduceM, t.srcK, F_BLK, p);
    PipeBarrier<PIPE_V>(p);
    Sub(prod, grad[at], prod, size, p);
    PipeBarrier<PIPE_V>(p);
    Mul(dst[at], src[at], prod, size, p);
}

inline void grad_piece(const LocalTensor<half>& dst, const LocalTensor<half>& grad, const LocalTensor<half>& src,
                       const LocalTensor<float>& work, const SoftMaxTiling& t, const ReduceLastND& r, uint32_t at,
                       uint32_t reduceAt, uint32_t size, uint32_t reduceSize, bool isFront, Pos p) {
    const LocalTensor<float> y = work;
    const LocalTensor<float> dy = work[t.splitSize];
    const LocalTensor<float> prod = work[t.splitSize * 2];
    const LocalTensor<float> sums = work[t.splitSize * 3];
    const LocalTensor<float> rowSum = work[t.splitSize * 3 + t.reduceSize];
    Cast(y, src[at], RoundMode::CAST_NONE, size, p);
    Cast(dy, grad[at], RoundMode::CAST_NONE, size, p);
    PipeBarrier<PIPE_V>(p);
    Mul(prod, y, dy, size, p);
    PipeBarrier<PIPE_V>(p);
    sum_rows_by_slices(rowSum, prod, sums, r, p);
    PipeBarrier<PIPE_V>(p);
    if (isFront) {
        Cast(dst[reduceAt], rowSum, RoundMode::CAST_ROUND, reduceSize, p);
        return;
    }
    spread_rows(prod, rowSum, t.reduceM, t.srcK, t.reduceK, p);
    PipeBarrier<PIPE_V>(p);
    Sub(prod, dy, prod, size, p);
    PipeBarrier<PIPE_V>(p);
    Mul(prod, prod, y, size, p);
    PipeBarrier<PIPE_V>(p);
    Cast(dst[at], prod, RoundMode::CAST_ROUND, size, p);
}

template <typename T>
void softmax_grad(const LocalTensor<T>& dst, const LocalTensor<T>& grad, const LocalTensor<T>& src,
                  const LocalTensor<float>& work, const SoftMaxTiling& given, bool isFront, const SoftMaxShapeInfo& givenShape,
                  Pos p, const char* api = "SoftmaxGrad") {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value, "SoftmaxGrad supports half and float");
    check_product(api, p);
    const SoftMaxShapeInfo shape = shape_of(api, src, givenShape, p);
    const uint32_t perBlock = ONE_BLK_SIZE / sizeof(T);
    const SoftMaxTiling t = shape.srcK != given.srcK || shape.srcM != given.srcM
                                ? grad_tiling_for(work.GetSize(), shape.srcM, shape.srcK, perBlock, isFront, p)
                                : given;
    ReduceLastND r = {t.splitM, shape.oriSrcK, t.splitM, t.splitK, t.reduceM, t.reduceK};
    if constexpr (std::is_same<T, float>::value) {
        if (isFront) {
            SetMaskNorm(p);
            ResetMask(p);
        }
    }
    for (uint32_t i = 0; i < t.rangeM; i++) {
        if constexpr (std::is_same<T, half>::value)
            grad_piece(dst, grad, src, work, t, r, i * t.splitSize, i * t.reduceSize, t.splitSize, t.reduceSize, isFront, p);
        else
            grad_piece(dst, grad, src, work, t, r, i * t.splitSize, i * t.reduceSize, t.splitSize, isFront, p);
    }
    if (t.tailM != 0) {
        r.originalSrcM = r.srcM = r.dstM = t.tailM;
        if constexpr (std::is_same<T, half>::value)
            grad_piece(dst, grad, src, work, t, r, t.rangeM * t.splitSize, t.rangeM * t.reduceSize, t.tailSplitSize,
                       t.tailReduceSize, isFront, p);
        else
            grad_piece(dst, grad, src, work, t, r, t.rangeM * t.splitSize, t.rangeM * t.reduceSize, t.tailSplitSize, isFront, p);
    }
}
}  // namespace softmax
}  // namespace detail

// SoftmaxGrad(dst, grad, src, sharedTmpBuffer, tiling, isFront, shapeInfo): for each row of the
// last axis dx = (dy − Σ y·dy) · y (isFront: Σ y·dy, a block a row), with CANN's Atlas A2 steps.
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling, bool isFront = false,
                 const SoftMaxShapeInfo& softmaxShapeInfo = {}, Pos p = Pos::current()) {
    static_assert(!isDataFormatNZ, "ascstep simulates SoftmaxGrad on ND data (isDataFormatNZ false) only");
    detail::softmax::softmax_grad<T>(dstTensor, gradTensor, srcTensor, sharedTmpBuffer.ReinterpretCast<float>(p), tiling, isFront,
                                     softmaxShapeInfo, p);
}
// SoftmaxGrad(dst, grad, src, tiling, isFront, shapeInfo): the stack buffer as the temporary.
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                 const SoftMaxTiling& tiling, bool isFront = false, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                 Pos p = Pos::current()) {
    static_assert(!isDataFormatNZ, "ascstep simulates SoftmaxGrad on ND data (isDataFormatNZ false) only");
    detail::softmax::softmax_grad<T>(dstTensor, gradTensor, srcTensor, detail::stack_buffer(p).ReinterpretCast<float>(p), tiling,
                                     isFront, softmaxShapeInfo, p);
}

// SoftmaxGradFront(dst, grad, src[, sharedTmpBuffer], tiling[, shapeInfo]): each row's Σ y·dy in
// a block a row, by the steps of CANN's SoftmaxGradFrontNDImpl (those SoftmaxGrad with isFront
// runs: docs/semantics.md §27.1); isBasicBlock runs the same generic steps.
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                      const SoftMaxShapeInfo& softmaxShapeInfo = {}, Pos p = Pos::current()) {
    static_assert(!isDataFormatNZ, "ascstep simulates SoftmaxGradFront on ND data (isDataFormatNZ false) only");
    detail::softmax::softmax_grad<T>(dstTensor, gradTensor, srcTensor, sharedTmpBuffer.ReinterpretCast<float>(p), tiling, true,
                                     softmaxShapeInfo, p, "SoftmaxGradFront");
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                      const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, Pos p = Pos::current()) {
    SoftmaxGradFront<T, isBasicBlock, isDataFormatNZ>(dstTensor, gradTensor, srcTensor, detail::stack_buffer(p), tiling,
                                                      softmaxShapeInfo, p);
}
}  // namespace AscendC
