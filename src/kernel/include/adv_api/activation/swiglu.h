// The library's SwiGLU (adv_api/activation/swiglu.h, DK:高阶API/激活函数/SwiGLU):
// dst = src0 · src1 / (1 + e^(−β·src1)), made as CANN's swiglu_common_impl.h makes it on Atlas A2
// (docs/semantics.md §21.25): in counter mode over pieces (float: the count rounded down to whole
// blocks; half: a third of the temporary buffer's floats, rounded down to whole blocks of halves)
// and a tail; float: Swish of src1 into dst (Muls by −β, Exp, Adds 1, Div), then Mul by src0;
// half: src1 cast to float, its Swish in a second float buffer, src0 cast to float in a third,
// the Mul, and the cast back (CAST_NONE), a barrier after each step. The tail piece places its
// float buffers at its count rounded up to a block, as CANN's does.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
inline void swiglu_swish(const LocalTensor<float>& dst, const LocalTensor<float>& src, float negBeta, Pos p) {
    ASCSTEP_V((Muls<float, false>(dst, src, negBeta, MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
    ASCSTEP_V((Exp<float, false>(dst, dst, MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
    ASCSTEP_V((Adds<float, false>(dst, dst, 1.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
    ASCSTEP_V((Div<float, false>(dst, src, dst, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
}
inline void swiglu_piece(const LocalTensor<float>& dst, const LocalTensor<float>& src0, const LocalTensor<float>& src1, float negBeta,
                         const LocalTensor<float>&, uint32_t, Pos p) {
    swiglu_swish(dst, src1, negBeta, p);
    ASCSTEP_V((Mul<float, false>(dst, src0, dst, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
}
inline void swiglu_piece(const LocalTensor<half>& dst, const LocalTensor<half>& src0, const LocalTensor<half>& src1, float negBeta,
                         const LocalTensor<float>& tmp, uint32_t count, Pos p) {
    const LocalTensor<float> b1 = tmp, b2 = tmp[count], b0 = tmp[2 * count];
    ASCSTEP_V((Cast<float, half, false>(b1, src1, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
    swiglu_swish(b2, b1, negBeta, p);
    ASCSTEP_V((Cast<float, half, false>(b0, src0, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
    ASCSTEP_V((Mul<float, false>(b2, b0, b2, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
    ASCSTEP_V((Cast<half, float, false>(dst, b2, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
}
}  // namespace detail

template <typename T, bool isReuseSource = false>
void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1, const float& scalarValue,
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, Pos p = Pos::current()) {
    static_assert(std::is_same<T, half>::value || std::is_same<T, float>::value, "SwiGLU supports half and float");
#if __NPU_ARCH__ != 2201 && __NPU_ARCH__ != 2002
    ascstep_rt::stop(p, "SwiGLU is simulated with CANN's Atlas A2 steps (swiglu_common_impl.h); on this product the library's steps differ and are not simulated yet (docs/semantics.md §21.25)");
#endif
    const LocalTensor<float> tmp = sharedTmpBuffer.ReinterpretCast<float>();
    uint32_t piece = sizeof(T) == sizeof(half) ? uint32_t(sharedTmpBuffer.GetSize() / sizeof(float) / 3) : calCount;
    piece = piece * sizeof(T) / ONE_BLK_SIZE * ONE_BLK_SIZE / sizeof(T);
    if (piece == 0) piece = ONE_BLK_SIZE / sizeof(T);
    const float negBeta = -1.0f * scalarValue;
    const uint32_t loops = calCount / piece, tail = calCount % piece;
    SetMaskCount(p);
    SetVectorMask<T>(0, piece, p);
    for (uint32_t i = 0; i < loops; i++) {
        detail::swiglu_piece(dstTensor[i * piece], srcTensor0[i * piece], srcTensor1[i * piece], negBeta, tmp, piece, p);
    }
    if (tail != 0) {
        const uint32_t perBlock = ONE_BLK_SIZE / sizeof(T);
        SetVectorMask<T>(0, tail, p);
        detail::swiglu_piece(dstTensor[loops * piece], srcTensor0[loops * piece], srcTensor1[loops * piece], negBeta, tmp,
                             (tail + perBlock - 1) / perBlock * perBlock, p);
    }
    SetMaskNorm(p);
    ResetMask(p);
}
template <typename T, bool isReuseSource = false>
void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1, const float& scalarValue,
            const uint32_t calCount, Pos p = Pos::current()) {
    SwiGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, detail::stack_buffer(p), calCount, p);
}
template <typename T, bool isReuseSource = false>
void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1, const float& scalarValue,
            const LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {
    SwiGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, sharedTmpBuffer, srcTensor0.GetSize(), p);
}
template <typename T, bool isReuseSource = false>
void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1, const float& scalarValue,
            Pos p = Pos::current()) {
    SwiGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, detail::stack_buffer(p), srcTensor0.GetSize(), p);
}
}  // namespace AscendC
