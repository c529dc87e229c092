// The library's Floor (adv_api/math/floor.h), made as CANN's floor_common_impl.h and
// floor_v220_impl.h make it on Atlas A2, so its steps are the device's (docs/semantics.md
// §21.2): in counter mode, pieces of `splitCount` elements (the temporary buffer's bytes / 4,
// rounded down to a multiple of 32); float: a float→float Cast with CAST_FLOOR; half: Cast to
// float in the temporary buffer, the float floor there, Cast back to half (CAST_NONE: exact,
// a floored half is a half). Without a temporary buffer, the stack buffer (PopStackBuffer:
// the UB after the TPipe's buffers) serves, as in CANN.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
inline void floor_piece(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<uint8_t>&,
                        Pos p) {
    Cast<float, float, false>(dst, src, RoundMode::CAST_FLOOR, MASK_PLACEHOLDER, 1,
                              {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
    PipeBarrier<PIPE_V>(p);
}
inline void floor_piece(const LocalTensor<half>& dst, const LocalTensor<half>& src, const LocalTensor<uint8_t>& tmp,
                        Pos p) {
    via_float(dst, src, tmp.ReinterpretCast<float>(), [&](const LocalTensor<float>& f) { floor_piece(f, f, tmp, p); }, p);
}
}  // namespace detail

template <typename T, bool isReuseSource = false>
void Floor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
           const uint32_t calCount, Pos p = Pos::current()) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
    uint32_t splitCount = sharedTmpBuffer.GetSize() / sizeof(float) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (splitCount == 0) {
        ascstep_rt::stop(p, "Floor: the temporary buffer holds " + std::to_string(sharedTmpBuffer.GetSize()) +
                                " bytes; it needs at least 128 (32 floats)");
    }
    detail::counter_pieces<T>(calCount, splitCount, [&](uint32_t at) {
        detail::floor_piece(dstTensor[at], srcTensor[at], sharedTmpBuffer, p);
    }, p);
}

template <typename T, bool isReuseSource = false>
void Floor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,
           Pos p = Pos::current()) {
    Floor<T, isReuseSource>(dstTensor, srcTensor, detail::stack_buffer(p), calCount, p);
}
}  // namespace AscendC
