// The library's SimpleSoftMax (adv_api/activation/simplesoftmax.h; DK:高阶API/激活函数/SimpleSoftMax):
// SoftMax with each row's max and sum given (as SoftMax's sum-and-max form wrote them), made as
// CANN's membase/common/simple_softmax_common_impl.h makes it on Atlas A2 (docs/semantics.md
// §27.3): x − max, Exp, x / sum, by softmax_steps.h's row operations; float over the whole tensor
// at once, half through float in the work buffer per piece of the tiling's rows (the tiling
// recomputed for the buffer when the shape differs from it, as SoftMax does). ND only;
// isBasicBlock runs the same generic steps (as ascstep's SoftMax does, §27).
#pragma once
#include "adv_api/activation/softmax.h"

namespace AscendC {
namespace detail {
namespace softmax {
// The row length and row-block size the row operations take: the tiling's, or with a
// configured original shape splitK and a fixed block (8 floats, 16 for half sums).
template <const SoftmaxConfig& config, class S>
void simple_dims(const SoftMaxTiling& t, uint32_t& k, uint32_t& blk) {
    if constexpr (config.oriSrcM == 0 || config.oriSrcK == 0) {
        k = t.srcK, blk = t.reduceK;
    } else {
        k = t.splitK, blk = std::is_same<S, half>::value ? DEFAULT_REPEAT_STRIDE * HALF_FACTOR : DEFAULT_REPEAT_STRIDE;
    }
}

// Half data, `rows` rows from `at` (their blocks from `at2`): x in float at the work buffer's
// start; half sums and maxima cast into the floats after a piece, float ones read in place.
template <const SoftmaxConfig& config, class S>
void simple_half(const LocalTensor<half>& dst, const LocalTensor<S>& sum, const LocalTensor<S>& max,
                 const LocalTensor<half>& src, const LocalTensor<float>& work, const SoftMaxTiling& t, uint32_t at,
                 uint32_t at2, uint32_t rows, Pos p) {
    uint32_t k, blk;
    simple_dims<config, S>(t, k, blk);
    const uint32_t size = rows * t.splitK, reduceSize = rows * t.reduceK;
    const LocalTensor<float> x = work, v = work[t.splitSize];
    Cast(x, src[at], RoundMode::CAST_NONE, size, p);
    if constexpr (std::is_same<S, half>::value) {
        Cast(v, max[at2], RoundMode::CAST_NONE, reduceSize, p);
        PipeBarrier<PIPE_V>(p);
        row_op<RowOp::Sub>(x, x, v, rows, k, blk, p);
        PipeBarrier<PIPE_V>(p);
        Exp(x, x, size, p);
        Cast(v, sum[at2], RoundMode::CAST_NONE, reduceSize, p);
        PipeBarrier<PIPE_V>(p);
        row_op<RowOp::Div>(x, x, v, rows, k, blk, p);
    } else {
        PipeBarrier<PIPE_V>(p);
        row_op<RowOp::Sub>(x, x, max[at2], rows, k, blk, p);
        PipeBarrier<PIPE_V>(p);
        Exp(x, x, t.splitSize, p);  // CANN's: a whole piece's elements, also for the tail piece
        PipeBarrier<PIPE_V>(p);
        row_op<RowOp::Div>(x, x, sum[at2], rows, k, blk, p);
    }
    PipeBarrier<PIPE_V>(p);
    Cast(dst[at], x, RoundMode::CAST_ROUND, size, p);
}
}  // namespace softmax
}  // namespace detail

// SimpleSoftMax(dst, inSumTensor, inMaxTensor, src[, sharedTmpBuffer], tiling[, shapeInfo]): each
// row as e^(x − max) / sum with the row's max and sum given, all of type T, or half data with
// float sums and maxima.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG, class S>
void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<S>& inSumTensor, const LocalTensor<S>& inMaxTensor,
                   const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                   const SoftMaxShapeInfo& softmaxShapeInfo = {}, Pos p = Pos::current()) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value, "SimpleSoftMax supports half and float");
    static_assert(std::is_same<S, T>::value || (std::is_same<T, half>::value && std::is_same<S, float>::value),
                  "SimpleSoftMax: inSumTensor and inMaxTensor are of the data's type, or float for half data");
    static_assert(!isDataFormatNZ, "ascstep does not simulate AscendC::SimpleSoftMax on NZ data yet (docs/format.md §12.4)");
    namespace sm = detail::softmax;
    sm::check_product("SimpleSoftMax", p);
    const LocalTensor<float> work = sharedTmpBuffer.ReinterpretCast<float>(p);
    const SoftMaxShapeInfo s = sm::shape_of("SimpleSoftMax", srcTensor, softmaxShapeInfo, p);
    const SoftMaxTiling t = s.srcK != tiling.srcK || s.srcM != tiling.srcM
                                ? sm::tiling_for("SimpleSoftMax", work.GetSize(), {s.srcM, s.srcK, s.oriSrcM, s.srcK}, sizeof(T),
                                                 sizeof(S), isBasicBlock, p)
                                : tiling;
    SetMaskNorm(p);
    ResetMask(p);
    if constexpr (std::is_same<T, float>::value) {
        uint32_t k, blk;
        sm::simple_dims<config, S>(t, k, blk);
        sm::row_op<sm::RowOp::Sub>(dstTensor, srcTensor, inMaxTensor, t.srcM, k, blk, p);
        PipeBarrier<PIPE_V>(p);
        Exp(dstTensor, dstTensor, t.srcM * t.splitK, p);
        PipeBarrier<PIPE_V>(p);
        sm::row_op<sm::RowOp::Div>(dstTensor, dstTensor, inSumTensor, t.srcM, k, blk, p);
    } else {
        PipeBarrier<PIPE_V>(p);
        for (uint32_t i = 0; i < t.rangeM; i++) {
            sm::simple_half<config>(dstTensor, inSumTensor, inMaxTensor, srcTensor, work, t, i * t.splitSize,
                                    i * t.reduceSize, t.splitM, p);
        }
        PipeBarrier<PIPE_V>(p);
        if (t.tailM != 0) {
            sm::simple_half<config>(dstTensor, inSumTensor, inMaxTensor, srcTensor, work, t, t.rangeM * t.splitSize,
                                    t.rangeM * t.reduceSize, t.tailM, p);
        }
    }
}
// SimpleSoftMax(dst, inSumTensor, inMaxTensor, src, tiling[, shapeInfo]): the stack buffer as the
// work buffer (PopStackBuffer).
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG, class S>
void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<S>& inSumTensor, const LocalTensor<S>& inMaxTensor,
                   const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                   Pos p = Pos::current()) {
    SimpleSoftMax<T, isReuseSource, isBasicBlock, isDataFormatNZ, config>(dstTensor, inSumTensor, inMaxTensor, srcTensor,
                                                                          detail::stack_buffer(p), tiling, softmaxShapeInfo, p);
}
}  // namespace AscendC
