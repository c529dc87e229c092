// The library's Sign (adv_api/math/sign.h; DK:高阶API/数学计算/Sign接口/Sign), made with the
// steps of CANN's Atlas A2 implementation (sign_common_impl.h), so a user steps through what the
// device runs (docs/semantics.md §21.7): in counter mode, pieces of `splitCount` elements (the
// temporary buffer's bytes / sizeof(T) / 3, rounded down to a multiple of 32); per piece dst is
// zeroed, two Compares against it give the bits of x < 0 and x > 0, then two Selects by the
// CmpMask register (SetCmpMask of a block of 1, then of -1: a set bit keeps 0) and an Add give
// (x < 0 ? 0 : 1) + (x > 0 ? 0 : -1): 1, 0 or -1, and 0 for NaN. Without a temporary buffer the
// stack buffer serves, as in CANN.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
template <class T>
void sign_piece(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& lt,
                const LocalTensor<uint8_t>& gt, const LocalTensor<T>& value, const LocalTensor<T>& low,
                uint32_t count, Pos p) {
    const uint8_t repeats = uint8_t((count * sizeof(T) + ONE_REPEAT_BYTE_SIZE - 1) / ONE_REPEAT_BYTE_SIZE);
    BinaryRepeatParams params;
    Duplicate<T, false>(dst, T(0), MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
    PipeBarrier<PIPE_V>(p);
    Compare<T, uint8_t, false>(lt, src, dst, CMPMODE::LT, MASK_PLACEHOLDER, repeats, params, p);
    Compare<T, uint8_t, false>(gt, src, dst, CMPMODE::GT, MASK_PLACEHOLDER, repeats, params, p);
    Duplicate<T, false>(value, T(1), MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
    PipeBarrier<PIPE_V>(p);
    SetCmpMask<T>(value, p);
    Select<T, uint8_t>(low, lt, dst, 1, params, p);
    PipeBarrier<PIPE_V>(p);
    Duplicate<T, false>(value, T(-1), MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
    PipeBarrier<PIPE_V>(p);
    SetCmpMask<T>(value, p);
    Select<T, uint8_t>(dst, gt, dst, 1, params, p);
    PipeBarrier<PIPE_V>(p);
    Add<T, false>(dst, low, dst, MASK_PLACEHOLDER, 1, params, p);
    PipeBarrier<PIPE_V>(p);
}
}  // namespace detail

template <typename T, bool isReuseSource = false>
void Sign(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
          const uint32_t calCount, Pos p = Pos::current()) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
    const uint32_t bytes = sharedTmpBuffer.GetSize();
    const uint32_t split = bytes / sizeof(T) / 3 / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (split == 0) {
        ascstep_rt::stop(p, "Sign: the temporary buffer holds " + std::to_string(bytes) + " bytes; it needs at least " +
                                std::to_string(3 * ONE_BLK_SIZE * sizeof(T)));
    }
    const uint32_t bitsLen = (split / 8 + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    LocalTensor<uint8_t> lt = sharedTmpBuffer, gt = sharedTmpBuffer[bitsLen];
    LocalTensor<T> value = sharedTmpBuffer[2 * bitsLen].ReinterpretCast<T>(p);
    LocalTensor<T> low = value[split];
    detail::counter_pieces<T>(calCount, split, [&](uint32_t at) {
        uint32_t n = calCount - at < split ? calCount - at : split;
        detail::sign_piece(dstTensor[at], srcTensor[at], lt, gt, value, low, n, p);
    }, p);
}
template <typename T, bool isReuseSource = false>
void Sign(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
          Pos p = Pos::current()) {
    Sign<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), p);
}
template <typename T, bool isReuseSource = false>
void Sign(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,
          Pos p = Pos::current()) {
    Sign<T, isReuseSource>(dstTensor, srcTensor, detail::stack_buffer(p), calCount, p);
}
template <typename T, bool isReuseSource = false>
void Sign(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, Pos p = Pos::current()) {
    Sign<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize(), p);
}
}  // namespace AscendC
