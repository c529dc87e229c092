// The library's Swish and Silu (adv_api/activation/swish.h, silu.h; DK:高阶API/激活函数/Swish,
// Silu): x / (1 + e^(−βx)) (Silu: β = 1), made as CANN's swish_common_impl.h and
// silu_common_impl.h make them on Atlas A2 (docs/semantics.md §21.24): Muls by −β, Exp, Adds 1,
// Div of the source by that, a barrier after each; first once in counter mode over the whole
// count, then again in normal mode from the source by runs of up to 255 repeats and a tail
// under a mask of its length (the second pass recomputes the same values from the source). The
// pages forbid dst and src to overlap ("不支持源操作数与目的操作数地址重叠": the steps would divide dst
// by itself): an overlapping call stops the kernel.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
template <class T>
void swish_steps(const LocalTensor<T>& dst, const LocalTensor<T>& src, T negBeta, uint8_t repeat, Pos p) {
    ASCSTEP_V((Muls<T, false>(dst, src, negBeta, MASK_PLACEHOLDER, repeat, UnaryRepeatParams(), p)));
    ASCSTEP_V((Exp<T, false>(dst, dst, MASK_PLACEHOLDER, repeat, UnaryRepeatParams(), p)));
    ASCSTEP_V((Adds<T, false>(dst, dst, T(1), MASK_PLACEHOLDER, repeat, UnaryRepeatParams(), p)));
    ASCSTEP_V((Div<T, false>(dst, src, dst, MASK_PLACEHOLDER, repeat, BinaryRepeatParams(), p)));
}
// Both passes; `fullMask`: Swish sets the normal-mode mask to a whole repeat before the second
// pass (Silu leaves ResetMask's).
template <class T>
void swish_passes(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count, T negBeta, bool fullMask, Pos p) {
    static_assert(std::is_same<T, half>::value || std::is_same<T, float>::value, "type must be half or float");
#if __NPU_ARCH__ != 2201 && __NPU_ARCH__ != 2002
    ascstep_rt::stop(p, "Swish and Silu are simulated with CANN's Atlas A2 steps (swish_common_impl.h, silu_common_impl.h); on this product the library's steps differ and are not simulated yet (docs/semantics.md §21.24)");
#endif
    forbid_overlap("Swish/Silu", dst, "src", src, count, p);
    SetMaskCount(p);
    SetVectorMask<T, MaskMode::COUNTER>(0, count, p);
    swish_steps(dst, src, negBeta, 1, p);
    SetMaskNorm(p);
    ResetMask(p);
    const uint32_t perRepeat = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    if (fullMask) SetVectorMask<T, MaskMode::NORMAL>(int32_t(perRepeat), p);
    const uint32_t tail = count % perRepeat, repeats = count / perRepeat;
    uint32_t at = 0;
    for (uint32_t i = 0; i < repeats / MAX_REPEAT_TIMES; i++) {
        swish_steps(dst[at], src[at], negBeta, uint8_t(MAX_REPEAT_TIMES), p);
        at += MAX_REPEAT_TIMES * perRepeat;
    }
    if (repeats % MAX_REPEAT_TIMES != 0) swish_steps(dst[at], src[at], negBeta, uint8_t(repeats % MAX_REPEAT_TIMES), p);
    if (tail != 0) {
        SetVectorMask<T>(int32_t(tail), p);
        swish_steps(dst[count - tail], src[count - tail], negBeta, 1, p);
    }
    ResetMask(p);
}
}  // namespace detail

template <typename T, bool isReuseSource = false>
void Swish(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize, const T scalarValue,
           Pos p = Pos::current()) {
    detail::swish_passes(dstLocal, srcLocal, dataSize, T(-1.0f * float(scalarValue)), true, p);
}
template <typename T, bool isReuseSource = false>
void Silu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize, Pos p = Pos::current()) {
    detail::swish_passes(dstLocal, srcLocal, dataSize, T(-1), false, p);
}
}  // namespace AscendC
