// The Ascend C library APIs ascstep declares but does not simulate yet: each is declared with
// CANN's template parameters, so that code which names it without calling it compiles (a
// header such as opbase's atvoss/util/vec.h refers to every math API), and a call stops the
// compile with a message naming the API (docs/format.md §12.4).
#pragma once
#include "kernel_operator.h"

namespace ascstep_rt {
template <class T>
inline constexpr bool unsimulated = false;
}  // namespace ascstep_rt

// NAME(…) with template parameters <T, isReuseSource, CONFIG_TYPE config = DEFAULT>, and its
// exact count form, so that taking its address (ASCSTEP_EXACT) is told the same.
#define ASCSTEP_UNSIMULATED_CONFIG(NAME, CONFIG, DEFAULT)                                                  \
    template <class T, bool isReuseSource = false, const CONFIG& config = DEFAULT, class... A>                \
    __aicore__ inline void NAME(const LocalTensor<T>&, A&&...) {                                                                    \
        static_assert(ascstep_rt::unsimulated<T>, "ascstep does not simulate AscendC::" #NAME " yet (docs/format.md §12.4)"); \
    }                                                                                                         \
    template <class T, bool isReuseSource = false, const CONFIG& config = DEFAULT, ASCSTEP_EXACT(C, uint32_t)> \
    __aicore__ inline void NAME(const LocalTensor<T>&, const LocalTensor<T>&, const C) {                     \
        static_assert(ascstep_rt::unsimulated<T>, "ascstep does not simulate AscendC::" #NAME " yet (docs/format.md §12.4)"); \
    }
// NAME(…) with template parameters <T, isReuseSource>, and its exact count form.
#define ASCSTEP_UNSIMULATED(NAME)                                                                            \
    template <class T, bool isReuseSource = false, class... A>                                               \
    __aicore__ inline void NAME(const LocalTensor<T>&, A&&...) {                                                                    \
        static_assert(ascstep_rt::unsimulated<T>, "ascstep does not simulate AscendC::" #NAME " yet (docs/format.md §12.4)"); \
    }                                                                                                         \
    template <class T, bool isReuseSource = false, ASCSTEP_EXACT(C, uint32_t)>                                \
    __aicore__ inline void NAME(const LocalTensor<T>&, const LocalTensor<T>&, const C) {                     \
        static_assert(ascstep_rt::unsimulated<T>, "ascstep does not simulate AscendC::" #NAME " yet (docs/format.md §12.4)"); \
    }
