// The library's ClampMax and ClampMin (adv_api/math/clamp.h, DK:高阶API/数学计算/ClampMax,
// ClampMin): each element capped at (raised to) the scalar: CANN's clamp_common_impl.h (A2/A3)
// is the count-form Mins (Maxs) of the scalar, clamp_3510_impl.h (Ascend 950) the register Mins
// (Maxs) of each repeat, stepped here as that count-form call; the temporary buffer is unused
// (docs/semantics.md §21.22). Clamp (min and max, tensors or scalars; Ascend 950
// only) is declared, not simulated yet: a call stops the compile naming it.
#pragma once
#include "kernel_operator.h"
#include "adv_api/unsimulated.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
template <class T>
void clamp_product(const char* api, Pos p) {
    static_assert(std::is_same<T, half>::value || std::is_same<T, float>::value,
                  "Failed to check the data types, current api support data types are half/float.");
#if __NPU_ARCH__ != 2002 && __NPU_ARCH__ != 2201 && __NPU_ARCH__ != 3510
    ascstep_rt::stop(p, std::string(api) + " is not available on this product (adv_api/math/clamp.h: Atlas A2/A3, inference and Ascend 950)");
#else
    (void)api;
    (void)p;
#endif
}
}  // namespace detail

namespace detail {
// ClampMax (`cap`): Mins; ClampMin: Maxs.
template <class T>
void clamp(const LocalTensor<T>& dst, const LocalTensor<T>& src, T scalar, uint32_t count, bool cap, Pos p) {
    clamp_product<T>(cap ? "ClampMax" : "ClampMin", p);
    if (cap)
        Mins(dst, src, scalar, int32_t(count), p);
    else
        Maxs(dst, src, scalar, int32_t(count), p);
}
}  // namespace detail

template <typename T, bool isReuseSource = false>
void ClampMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>&, const T scalar,
              const uint32_t calCount, Pos p = Pos::current()) {
    detail::clamp(dstTensor, srcTensor, scalar, calCount, true, p);
}
template <typename T, bool isReuseSource = false>
void ClampMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar, const uint32_t calCount,
              Pos p = Pos::current()) {
    ClampMax<T, isReuseSource>(dstTensor, srcTensor, detail::stack_buffer(p), scalar, calCount, p);
}
template <typename T, bool isReuseSource = false>
void ClampMin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>&, const T scalar,
              const uint32_t calCount, Pos p = Pos::current()) {
    detail::clamp(dstTensor, srcTensor, scalar, calCount, false, p);
}
template <typename T, bool isReuseSource = false>
void ClampMin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar, const uint32_t calCount,
              Pos p = Pos::current()) {
    ClampMin<T, isReuseSource>(dstTensor, srcTensor, detail::stack_buffer(p), scalar, calCount, p);
}

struct ClampConfig {
    bool isReuseSource = false;
};
constexpr ClampConfig DEFAULT_CLAMP_CONFIG = {};
template <const ClampConfig& config = DEFAULT_CLAMP_CONFIG, typename T, typename U, typename S>
void Clamp(const LocalTensor<T>&, const LocalTensor<T>&, const U&, const S&, const uint32_t) {
    static_assert(ascstep_rt::unsimulated<T>, "ascstep does not simulate AscendC::Clamp yet (docs/format.md §12.4)");
}
}  // namespace AscendC
