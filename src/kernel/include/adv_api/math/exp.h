// The library's Exp (adv_api/math/exp.h): Exp<T, taylorExpandLevel, isReuseSource>. ascstep
// computes it as the vector Exp (docs/semantics.md §21: the library's Taylor
// expansion is not reproduced). A temporary buffer argument is accepted and not used.
#pragma once
#include "kernel_operator.h"

namespace AscendC {
template <class T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount, Pos p = Pos::current()) {
    Exp(dst, src, int32_t(calCount), p);
}
template <class T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&, const uint32_t calCount,
                           Pos p = Pos::current()) {
    Exp(dst, src, int32_t(calCount), p);
}
}  // namespace AscendC
