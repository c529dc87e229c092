// The precision configurations of Div and Sqrt (CANN's basic_api reg_compute utils: DivAlgo,
// DivConfig, SqrtAlgo, SqrtConfig, ExpAlgo … Log10Algo with CANN's enumerators and defaults) and the count forms
// that take them as their second template parameter (`Div<float, config>(…)`). ascstep
// computes them as the plain vector Div and Sqrt whatever the algorithm (docs/semantics.md
// §21). Truncate is declared, not simulated yet. The configuration is taken by value (CANN:
// `const DivConfig&`): the host's g++ 12 crashes on a class template's static constexpr
// member passed as a reference template argument, which kernels do; a kernel passes the same
// constant either way.
#pragma once
#include "../adv_api/unsimulated.h"

namespace AscendC {
enum class DivAlgo {
    INTRINSIC = 0,
    DIFF_COMPENSATION,
    PRECISION_1ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_FALSE,
    PRECISION_1ULP_FTZ_FALSE
};
struct DivConfig {
    DivAlgo algo = DivAlgo::INTRINSIC;
};
constexpr DivConfig DEFAULT_DIV_CONFIG = {DivAlgo::INTRINSIC};
enum class SqrtAlgo { INTRINSIC = 0, FAST_INVERSE, PRECISION_1ULP_FTZ_TRUE, PRECISION_0ULP_FTZ_FALSE, PRECISION_1ULP_FTZ_FALSE };
struct SqrtConfig {
    SqrtAlgo algo = SqrtAlgo::INTRINSIC;
};
constexpr SqrtConfig DEFAULT_SQRT_CONFIG = {SqrtAlgo::INTRINSIC};
// The register API's algorithms of Exp, Ln, Log, Log2 and Log10 (its SpecificMode structs,
// docs/semantics.md §29).
#define ASCSTEP_ALGO(NAME) \
    enum class NAME { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
ASCSTEP_ALGO(ExpAlgo)
ASCSTEP_ALGO(LnAlgo)
ASCSTEP_ALGO(LogAlgo)
ASCSTEP_ALGO(Log2Algo)
ASCSTEP_ALGO(Log10Algo)
#undef ASCSTEP_ALGO

template <class T, DivConfig config, class U = T, class V = T>
__aicore__ inline void Div(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, const int32_t& count,
                           Pos p = Pos::current()) {
    Div(dst, src0, src1, count, p);
}
template <class T, SqrtConfig config>
__aicore__ inline void Sqrt(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, Pos p = Pos::current()) {
    Sqrt(dst, src, count, p);
}

template <class T, RoundMode roundMode, class... A>
__aicore__ inline void Truncate(const LocalTensor<T>&, A&&...) {
    static_assert(ascstep_rt::unsimulated<T>, "ascstep does not simulate AscendC::Truncate yet (docs/format.md §12.4)");
}
}  // namespace AscendC
