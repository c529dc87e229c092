// The library's Trunc (adv_api/math/trunc.h), made as CANN's trunc_common_impl.h and
// trunc_v220_impl.h make it on Atlas A2 (docs/semantics.md §21.5): counter-mode pieces of the
// temporary buffer (the stack buffer without one), a float→float Cast with CAST_TRUNC, half
// through float.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
template <typename T, bool isReuseSource = false>
void Trunc(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
          const uint32_t calCount, Pos p = Pos::current()) {
    detail::rounded(dstTensor, srcTensor, sharedTmpBuffer, calCount, RoundMode::CAST_TRUNC, "Trunc", p);
}

template <typename T, bool isReuseSource = false>
void Trunc(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,
          Pos p = Pos::current()) {
    Trunc<T, isReuseSource>(dstTensor, srcTensor, detail::stack_buffer(p), calCount, p);
}
}  // namespace AscendC
