// The library's Sum (adv_api/reduce/sum.h, DK:高阶API/归约操作/Sum), made as CANN's
// sum_common_impl.h makes it on Atlas A2, so its steps and roundings are the device's
// (docs/semantics.md §21.10): each of `outter` rows of `inner` elements (the first `n` of them
// summed) in counter mode: one RepeatReduceSum when n fits one repeat, else a RepeatReduceSum of
// the row into the temporary buffer (one partial sum per repeat), then RepeatReduceSums of the
// partial sums until one is left, the last into dst[row].
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
struct SumParams {
    uint32_t outter = 1;
    uint32_t inner;  // n rounded up to 32 bytes
    uint32_t n;      // the elements of a row summed
};

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const SumParams& sumParams, Pos p = Pos::current()) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
    const uint32_t perRepeat = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const uint32_t firstRepeats = (sumParams.n + perRepeat - 1) / perRepeat;
    SetMaskCount(p);
    if (firstRepeats == 1) {
        SetVectorMask<T>(0, sumParams.n, p);
        for (uint32_t row = 0; row < sumParams.outter; ++row) {
            RepeatReduceSum<T, false>(dstTensor[row], srcTensor[row * sumParams.inner], 1, MASK_PLACEHOLDER,
                                      DEFAULT_BLK_STRIDE, DEFAULT_BLK_STRIDE, DEFAULT_BLK_STRIDE, DEFAULT_REPEAT_STRIDE, p);
        }
        SetMaskNorm(p);
        ResetMask(p);
        return;
    }
    uint32_t total = 1;
    for (uint32_t size = firstRepeats; size > 1; size = (size + perRepeat - 1) / perRepeat) {
        ++total;
    }
    const LocalTensor<T> tmp = sharedTmpBuffer.ReinterpretCast<T>();
    for (uint32_t row = 0; row < sumParams.outter; ++row) {
        uint64_t count = sumParams.n;
        SetVectorMask<T>(0, count, p);
        RepeatReduceSum<T, false>(tmp, srcTensor[row * sumParams.inner], 1, MASK_PLACEHOLDER, DEFAULT_BLK_STRIDE,
                                  DEFAULT_BLK_STRIDE, DEFAULT_BLK_STRIDE, DEFAULT_REPEAT_STRIDE, p);
        PipeBarrier<PIPE_V>(p);
        count = (count + perRepeat - 1) / perRepeat;
        for (uint32_t left = total - 1; left != 0; --left) {
            SetVectorMask<T>(0, count, p);
            RepeatReduceSum<T, false>(left == 1 ? dstTensor[row] : tmp, tmp, 1, MASK_PLACEHOLDER, DEFAULT_BLK_STRIDE,
                                      DEFAULT_BLK_STRIDE, DEFAULT_BLK_STRIDE, DEFAULT_REPEAT_STRIDE, p);
            PipeBarrier<PIPE_V>(p);
            count = (count + perRepeat - 1) / perRepeat;
        }
    }
    SetMaskNorm(p);
}

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SumParams& sumParams,
         Pos p = Pos::current()) {
    Sum<T, reduceDim, isReuseSource, isBasicBlock>(dstTensor, srcTensor, detail::stack_buffer(p), sumParams, p);
}
}  // namespace AscendC
