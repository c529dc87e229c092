// The library's ArithProgression (adv_api/index/arithprogression.h; Arange is its newer name):
// dst[i] = firstValue + i·diffValue for i < count, made as CANN's arithprogression_common_impl.h
// makes it on Atlas A2, so the steps and the rounding are the device's (docs/semantics.md §21):
// the first block's elements (32 bytes) by scalar SetValue (half computed in float, then
// rounded), each further block of the first repeat by an Adds of 8·diff… to the block before
// (mask: one block), then each further repeat by an Adds of diff·(elements per repeat) to the
// repeat before; a tail repeat takes its count rounded up to whole blocks (the lanes past
// `count` in the last block are written too, as on the device). The step is computed in int64
// for integer types, else in float.
#pragma once
#include "kernel_operator.h"

namespace AscendC {
namespace detail {
template <class T>
T arith_step(T diff, int32_t n) {
    if constexpr (std::is_integral_v<T>) {
        return static_cast<T>(static_cast<int64_t>(diff) * static_cast<int64_t>(n));
    } else {
        return static_cast<T>(static_cast<float>(diff) * static_cast<float>(n));
    }
}
template <class T>
void arith_base(const LocalTensor<T>& dst, T first, T diff, int32_t count, Pos p) {
    for (int32_t i = 0; i < count; i++) {
        if constexpr (std::is_same_v<T, half>) {
            dst.SetValue(i, half(float(first) + float(diff) * float(i)), p);
        } else {
            dst.SetValue(i, static_cast<T>(first + diff * static_cast<T>(i)), p);
        }
    }
}
}  // namespace detail

template <typename T>
void ArithProgression(const LocalTensor<T>& dst, const T firstValue, const T diffValue, const int32_t count,
                      Pos p = Pos::current()) {
    UnaryRepeatParams stride1(1, 1, 1, 1);
    UnaryRepeatParams stride8(1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE);
    constexpr int32_t BLOCK_NUM = ONE_BLK_SIZE / sizeof(T);
    constexpr int32_t REPEAT_NUM = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const uint64_t oneBlock = (uint64_t(1) << uint32_t(BLOCK_NUM)) - 1;
    if (count <= BLOCK_NUM) {
        SetFlag<HardEvent::V_S>(EVENT_ID0, p);
        WaitFlag<HardEvent::V_S>(EVENT_ID0, p);
        detail::arith_base(dst, firstValue, diffValue, count, p);
        SetFlag<HardEvent::S_V>(EVENT_ID0, p);
        WaitFlag<HardEvent::S_V>(EVENT_ID0, p);
        return;
    }
    detail::arith_base(dst, firstValue, diffValue, BLOCK_NUM, p);
    SetFlag<HardEvent::S_V>(EVENT_ID0, p);
    WaitFlag<HardEvent::S_V>(EVENT_ID0, p);
    if (count > REPEAT_NUM) {
        SetVectorMask<T>(0, oneBlock, p);
        PipeBarrier<PIPE_V>(p);
        for (int32_t i = 0; i < DEFAULT_BLK_NUM - 1; i++) {
            Adds<T, false>(dst[(i + 1) * BLOCK_NUM], dst[i * BLOCK_NUM], detail::arith_step(diffValue, BLOCK_NUM),
                           MASK_PLACEHOLDER, uint8_t(1), stride1, p);
            PipeBarrier<PIPE_V>(p);
        }
        int32_t repeat = count / REPEAT_NUM;
        int32_t tail = count % REPEAT_NUM;
        ResetMask(p);
        PipeBarrier<PIPE_V>(p);
        for (int32_t i = 0; i < repeat - 1; i++) {
            Adds<T, false>(dst[(i + 1) * REPEAT_NUM], dst[i * REPEAT_NUM], detail::arith_step(diffValue, REPEAT_NUM),
                           MASK_PLACEHOLDER, uint8_t(1), stride8, p);
            PipeBarrier<PIPE_V>(p);
        }
        if (tail > 0) {
            int32_t aligned = (tail + BLOCK_NUM - 1) / BLOCK_NUM * BLOCK_NUM;
            SetVectorMask<T>(aligned, p);
            PipeBarrier<PIPE_V>(p);
            Adds<T, false>(dst[repeat * REPEAT_NUM], dst[(repeat - 1) * REPEAT_NUM],
                           detail::arith_step(diffValue, REPEAT_NUM), MASK_PLACEHOLDER, uint8_t(1), stride8, p);
            PipeBarrier<PIPE_V>(p);
        }
    } else {
        int32_t repeat = (count + BLOCK_NUM - 1) / BLOCK_NUM;
        SetVectorMask<T>(0, oneBlock, p);
        PipeBarrier<PIPE_V>(p);
        for (int32_t i = 0; i < repeat - 1; i++) {
            Adds<T, false>(dst[(i + 1) * BLOCK_NUM], dst[i * BLOCK_NUM], detail::arith_step(diffValue, BLOCK_NUM),
                           MASK_PLACEHOLDER, uint8_t(1), stride1, p);
            PipeBarrier<PIPE_V>(p);
        }
    }
}

template <typename T>
void Arange(const LocalTensor<T>& dst, const T firstValue, const T diffValue, const int32_t count,
            Pos p = Pos::current()) {
    ArithProgression(dst, firstValue, diffValue, count, p);
}
}  // namespace AscendC
