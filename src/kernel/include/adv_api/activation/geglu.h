// The library's GeGLU (adv_api/activation/geglu.h, DK:高阶API/激活函数/GeGLU): dst = src0 · GELU(src1),
// GELU by its tanh form written as x / (1 + e^(c0·x·(x² + c1))) with CANN's constants c0 =
// −0.0713548162726 and c1 = 22.363860002236, made as CANN's geglu_common_impl.h makes it on Atlas
// A2 (docs/semantics.md §21.26): in counter mode, float over the whole count in place in dst (Mul
// src1², Adds c1, Mul src1, Muls c0, Exp, Adds 1, Div src1 by it, Mul by src0); half in pieces of
// an eighth of the temporary buffer's bytes (rounded down to whole blocks), through two float
// buffers (the second at the piece rounded up to a block), cast back with CAST_NONE. A barrier
// after each step.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
constexpr float GEGLU_C0 = -0.0713548162726f;
constexpr float GEGLU_C1 = 2.2363860002236e1f;
template <class T>
void geglu_gelu(const LocalTensor<T>& d, const LocalTensor<T>& x, Pos p) {
    ASCSTEP_V((Mul<T, false>(d, x, x, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
    ASCSTEP_V((Adds<T, false>(d, d, T(GEGLU_C1), MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
    ASCSTEP_V((Mul<T, false>(d, d, x, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
    ASCSTEP_V((Muls<T, false>(d, d, T(GEGLU_C0), MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
    ASCSTEP_V((Exp<T, false>(d, d, MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
    ASCSTEP_V((Adds<T, false>(d, d, T(1.0f), MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
    ASCSTEP_V((Div<T, false>(d, x, d, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
}
inline void geglu_piece(const LocalTensor<float>& dst, const LocalTensor<float>& src0, const LocalTensor<float>& src1,
                        const LocalTensor<float>&, uint32_t, Pos p) {
    geglu_gelu(dst, src1, p);
    ASCSTEP_V((Mul<float, false>(dst, src0, dst, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
}
inline void geglu_piece(const LocalTensor<half>& dst, const LocalTensor<half>& src0, const LocalTensor<half>& src1,
                        const LocalTensor<float>& tmp, uint32_t size, Pos p) {
    const LocalTensor<float> b1 = tmp, b2 = tmp[size];
    ASCSTEP_V((Cast<float, half, false>(b1, src1, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
    geglu_gelu(b2, b1, p);
    ASCSTEP_V((Cast<float, half, false>(b1, src0, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
    ASCSTEP_V((Mul<float, false>(b2, b1, b2, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
    ASCSTEP_V((Cast<half, float, false>(dst, b2, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
}
}  // namespace detail

template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, Pos p = Pos::current()) {
    static_assert(std::is_same<T, half>::value || std::is_same<T, float>::value, "type must be half or float");
#if __NPU_ARCH__ != 2201 && __NPU_ARCH__ != 2002
    ascstep_rt::stop(p, "GeGLU is simulated with CANN's Atlas A2 steps (geglu_common_impl.h); on this product the library's steps differ and are not simulated yet (docs/semantics.md §21.26)");
#endif
    const LocalTensor<float> tmp = sharedTmpBuffer.ReinterpretCast<float>();
    SetMaskCount(p);
    if constexpr (std::is_same<T, half>::value) {
        const uint32_t perBlock = ONE_BLK_SIZE / sizeof(T);
        const uint32_t piece = sharedTmpBuffer.GetSize() / 8 / perBlock * perBlock;
        if (piece == 0) {
            ascstep_rt::stop(p, "GeGLU: the temporary buffer holds " + std::to_string(sharedTmpBuffer.GetSize()) +
                                    " bytes, too few for one piece of 16 halves (GetGeGLUMaxMinTmpSize gives the least: 1024)");
        }
        for (uint32_t at = 0; at < calCount; at += piece) {
            const uint32_t n = calCount - at > piece ? piece : calCount - at;
            SetVectorMask<T>(0, n, p);
            detail::geglu_piece(dstTensor[at], srcTensor0[at], srcTensor1[at], tmp, (n + perBlock - 1) / perBlock * perBlock, p);
        }
    } else {
        SetVectorMask<T>(0, calCount, p);
        detail::geglu_piece(dstTensor, srcTensor0, srcTensor1, tmp, calCount, p);
    }
    SetMaskNorm(p);
    ResetMask(p);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1, uint32_t calCount,
           Pos p = Pos::current()) {
    GeGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, detail::stack_buffer(p), calCount, p);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           const LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {
    GeGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, sharedTmpBuffer, srcTensor0.GetSize(), p);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1, Pos p = Pos::current()) {
    GeGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, srcTensor0.GetSize(), p);
}
}  // namespace AscendC
