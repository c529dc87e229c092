// The library's Sigmoid (adv_api/activation/sigmoid.h), made as CANN's sigmoid_common_impl.h
// and sigmoid_impl.h make it on Atlas A2, so its steps and roundings are the device's
// (docs/semantics.md §21.3): in counter mode, pieces of the temporary buffer's elements; each
// piece dst = Muls(src, −1), Exp, Adds 1, then 1 / that by a Duplicate of 1 into the temporary
// buffer and a Div, every operation in the element type. Without a temporary buffer, the stack
// buffer (PopStackBuffer) serves, as in CANN.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
template <typename T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, Pos p = Pos::current()) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Sigmoid supports half and float");
    uint32_t splitSize = sharedTmpBuffer.GetSize() / sizeof(T);
    if (splitSize == 0) ascstep_rt::stop(p, "Sigmoid: the temporary buffer is empty");
    LocalTensor<T> tmp = sharedTmpBuffer.ReinterpretCast<T>();
    auto piece = [&](const LocalTensor<T>& dst, const LocalTensor<T>& src) {
        UnaryRepeatParams unary;
        BinaryRepeatParams binary;
        PipeBarrier<PIPE_V>(p);
        Muls<T, false>(dst, src, static_cast<T>(-1.0), MASK_PLACEHOLDER, 1, unary, p);
        PipeBarrier<PIPE_V>(p);
        Exp<T, false>(dst, dst, MASK_PLACEHOLDER, 1, unary, p);
        PipeBarrier<PIPE_V>(p);
        Adds<T, false>(dst, dst, static_cast<T>(1), MASK_PLACEHOLDER, 1, unary, p);
        Duplicate<T, false>(tmp, static_cast<T>(1.0), MASK_PLACEHOLDER, 1, DEFAULT_BLK_STRIDE, DEFAULT_REPEAT_STRIDE, p);
        PipeBarrier<PIPE_V>(p);
        Div<T, false>(dst, tmp, dst, MASK_PLACEHOLDER, 1, binary, p);
        PipeBarrier<PIPE_V>(p);
    };
    detail::counter_pieces<T>(calCount, splitSize, [&](uint32_t at) { piece(dstTensor[at], srcTensor[at]); }, p);
}

template <typename T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,
             Pos p = Pos::current()) {
    Sigmoid<T, isReuseSource>(dstTensor, srcTensor, detail::stack_buffer(p), calCount, p);
}

template <typename T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {
    Sigmoid<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), p);
}

template <typename T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, Pos p = Pos::current()) {
    Sigmoid<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize(), p);
}
// CANN's exact count form, for code that takes Sigmoid by address (ASCSTEP_EXACT).
template <typename T, bool isReuseSource = false, ASCSTEP_EXACT(C, uint32_t)>
void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const C calCount) {
    Sigmoid<T, isReuseSource>(dstTensor, srcTensor, uint32_t(calCount), Pos::current());
}
}  // namespace AscendC
