// ascstep: what the library's composites share on Atlas A2 (asc-devkit impl/adv_api/detail/…):
// the stack buffer as the temporary when none is given, counter mode over pieces of it (SetMaskCount, the piece's count in the mask,
// each piece, the tail's count, SetMaskNorm, ResetMask), and half computed in float (Cast to
// float into a buffer, the float computation, Cast back with CAST_NONE).
#pragma once
#include "kernel_operator.h"

namespace AscendC {
namespace detail {
// The temporary buffer a composite takes when none is given: the stack buffer (PopStackBuffer).
inline LocalTensor<uint8_t> stack_buffer(Pos p) {
    LocalTensor<uint8_t> stack;
    PopStackBuffer<uint8_t, TPosition::LCM>(stack, p);
    return stack;
}

template <class T, class F>
void counter_pieces(uint32_t count, uint32_t piece, F&& each, Pos p) {
    uint32_t loops = count / piece;
    uint32_t tail = count % piece;
    SetMaskCount(p);
    SetVectorMask<T, MaskMode::COUNTER>(0, piece, p);
    for (uint32_t i = 0; i < loops; ++i) {
        each(i * piece);
    }
    if (tail > 0) {
        SetVectorMask<T, MaskMode::COUNTER>(0, tail, p);
        each(loops * piece);
    }
    SetMaskNorm(p);
    ResetMask(p);
}

template <class F>
void via_float(const LocalTensor<half>& dst, const LocalTensor<half>& src, const LocalTensor<float>& conv, F&& f,
               Pos p) {
    Cast<float, half, false>(conv, src, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                             {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p);
    PipeBarrier<PIPE_V>(p);
    f(conv);
    Cast<half, float, false>(dst, conv, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                             {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
    PipeBarrier<PIPE_V>(p);
}
}  // namespace detail
}  // namespace AscendC
