// The library's Xor (adv_api/math/xor.h; DK:高阶API/数学计算/Xor接口/Xor) for int16_t and uint16_t,
// made with the steps of CANN's Atlas A2 implementation (xor_membase_impl.h): in counter mode,
// pieces of the temporary buffer's bytes / sizeof(T) elements rounded down to a multiple of 32;
// per piece dst = x & y, tmp = x | y, dst = ~dst, dst = tmp & dst, so x ^ y = (x | y) & ~(x & y).
// Without a temporary buffer the stack buffer serves, as in CANN; without a count, src0's size.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
template <typename T, bool isReuseSource = false>
void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
         const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, Pos p = Pos::current()) {
    static_assert(std::is_same<T, int16_t>::value || std::is_same<T, uint16_t>::value,
                  "Failed to check the data types, current api support data types are int16_t/uint16_t.");
    const uint32_t bytes = sharedTmpBuffer.GetSize();
    const uint32_t split = bytes / sizeof(T) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (split == 0) {
        ascstep_rt::stop(p, "Xor: the temporary buffer holds " + std::to_string(bytes) + " bytes; it needs at least " +
                                std::to_string(ONE_BLK_SIZE * sizeof(T)));
    }
    const LocalTensor<T> tmp = sharedTmpBuffer.ReinterpretCast<T>(p);
    const UnaryRepeatParams unary;
    const BinaryRepeatParams binary;
    detail::counter_pieces<T>(calCount, split, [&](uint32_t at) {
        const LocalTensor<T> dst = dstTensor[at], x = src0Tensor[at], y = src1Tensor[at];
        And<T, false>(dst, x, y, MASK_PLACEHOLDER, 1, binary, p);
        Or<T, false>(tmp, x, y, MASK_PLACEHOLDER, 1, binary, p);
        PipeBarrier<PIPE_V>(p);
        Not<T, false>(dst, dst, MASK_PLACEHOLDER, 1, unary, p);
        PipeBarrier<PIPE_V>(p);
        And<T, false>(dst, tmp, dst, MASK_PLACEHOLDER, 1, binary, p);
        PipeBarrier<PIPE_V>(p);
    }, p);
}
template <typename T, bool isReuseSource = false>
void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
         const LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {
    Xor<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer, src0Tensor.GetSize(), p);
}
template <typename T, bool isReuseSource = false>
void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
         const uint32_t calCount, Pos p = Pos::current()) {
    Xor<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, detail::stack_buffer(p), calCount, p);
}
template <typename T, bool isReuseSource = false>
void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
         Pos p = Pos::current()) {
    Xor<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize(), p);
}
}  // namespace AscendC
