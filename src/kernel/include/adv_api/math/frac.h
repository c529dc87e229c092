// The library's Frac (adv_api/math/frac.h, DK:高阶API/数学计算/Frac): x − trunc(x), made as CANN's
// frac_common_impl.h and frac_v220_impl.h make it on Atlas A2 (docs/semantics.md §21.23). Float:
// one counter-mode pass over the whole count, a float→float Cast with CAST_TRUNC into dst, then
// dst = src − dst (no temporary buffer used); half: pieces of half the temporary buffer's floats
// (rounded down to 32), each Cast to float (CAST_NONE), truncated and subtracted in float, Cast
// back (CAST_NONE), a barrier after each step. Other products' libraries compute it otherwise:
// the call stops.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
inline void frac_float(const LocalTensor<float>& dst, const LocalTensor<float>& src, Pos p) {
    ASCSTEP_V((Cast<float, float, false>(dst, src, RoundMode::CAST_TRUNC, MASK_PLACEHOLDER, 1,
                                         {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
    ASCSTEP_V((Sub<float, false>(dst, src, dst, MASK_PLACEHOLDER, 1,
                                 {1, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
}
template <class T>
void frac_impl(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp, uint32_t count, Pos p) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
#if __NPU_ARCH__ != 2201
    ascstep_rt::stop(p, "Frac is simulated with CANN's Atlas A2 steps (frac_v220_impl.h); on this product the library's steps differ and are not simulated yet (docs/semantics.md §21.23)");
#endif
    if constexpr (std::is_same<T, float>::value) {
        SetMaskCount(p);
        SetVectorMask<half, MaskMode::COUNTER>(0, count, p);
        frac_float(dst, src, p);
        SetMaskNorm(p);
        ResetMask(p);
    } else {
        const LocalTensor<float> f = tmp.ReinterpretCast<float>();
        const uint32_t split = f.GetSize() / 2 / ONE_BLK_SIZE * ONE_BLK_SIZE;
        if (split == 0) {
            ascstep_rt::stop(p, "Frac: the temporary buffer holds " + std::to_string(tmp.GetSize()) +
                                    " bytes, too few for one piece of 32 halves (GetFracMaxMinTmpSize gives the least: 1024)");
        }
        const LocalTensor<float> s = f, d = f[split];
        counter_pieces<half>(count, split, [&](uint32_t at) {
            ASCSTEP_V((Cast<float, half, false>(s, src[at], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                                {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
            ASCSTEP_V((Cast<float, float, false>(d, s, RoundMode::CAST_TRUNC, MASK_PLACEHOLDER, 1,
                                                 {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
            ASCSTEP_V((Sub<float, false>(d, s, d, MASK_PLACEHOLDER, 1,
                                         {1, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
            ASCSTEP_V((Cast<half, float, false>(dst[at], d, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                                {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
        }, p);
    }
}
}  // namespace detail
ASCSTEP_LIBRARY_UNARY(Frac, , , detail::frac_impl)
}  // namespace AscendC
