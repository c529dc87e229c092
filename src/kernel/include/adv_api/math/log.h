// The library's Log, Log2 and Log10 (adv_api/math/log.h): composites of the vector Ln, and for
// Log2/Log10 a Muls by 1/ln 2 or 1/ln 10 in float (docs/semantics.md §21). Each
// records as the vector calls it is made of, at the caller's position. A temporary buffer
// argument is accepted and not used; calCount absent is the source's size.
#pragma once
#include "kernel_operator.h"

namespace AscendC {
namespace detail {
template <class T>
void log_scaled(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t n, float scale, Pos p) {
    Ln(dst, src, int32_t(n), p);
    if (scale != 1.0f) Muls(dst, dst, T(scale), int32_t(n), p);
}
}  // namespace detail

template <class T, bool isReuseSource = false>
__aicore__ inline void Log(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t calCount, Pos p = Pos::current()) {
    detail::log_scaled(dst, src, calCount, 1.0f, p);
}
template <class T, bool isReuseSource = false>
__aicore__ inline void Log(const LocalTensor<T>& dst, const LocalTensor<T>& src, Pos p = Pos::current()) {
    detail::log_scaled(dst, src, src.GetSize(), 1.0f, p);
}
template <class T, bool isReuseSource = false>
__aicore__ inline void Log(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&, uint32_t calCount,
                           Pos p = Pos::current()) {
    detail::log_scaled(dst, src, calCount, 1.0f, p);
}
#define ASCSTEP_LOG_BASE(NAME, SCALE)                                                                                        \
    template <class T, bool isReuseSource = false>                                                                           \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t calCount, Pos p = Pos::current()) { \
        detail::log_scaled(dst, src, calCount, SCALE, p);                                                                    \
    }                                                                                                                        \
    template <class T, bool isReuseSource = false>                                                                           \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, Pos p = Pos::current()) {              \
        detail::log_scaled(dst, src, src.GetSize(), SCALE, p);                                                               \
    }                                                                                                                        \
    template <class T, bool isReuseSource = false>                                                                           \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,           \
                                uint32_t calCount, Pos p = Pos::current()) {                                                 \
        detail::log_scaled(dst, src, calCount, SCALE, p);                                                                    \
    }
// 1/ln 2 and 1/ln 10, rounded to float.
ASCSTEP_LOG_BASE(Log2, 1.44269504088896340736f)
ASCSTEP_LOG_BASE(Log10, 0.434294481903251827651f)
#undef ASCSTEP_LOG_BASE
}  // namespace AscendC
