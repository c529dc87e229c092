// The library's Round (adv_api/math/round.h), made as CANN's round_common_impl.h and
// round_v220_impl.h make it on Atlas A2 (docs/semantics.md §21.17): to the nearest integer, ties
// to even. Float: one counter-mode float→float Cast with CAST_RINT over the whole count (no
// temporary buffer used); half: pieces of the temporary buffer's floats (rounded down to 32), each
// Cast to float, rounded, Cast back (CAST_NONE), a barrier after each.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
template <class T>
void round_impl(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp, uint32_t count,
                Pos p) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
    if constexpr (std::is_same<T, float>::value) {
        trig_product("Round", p, "§21.17");  // the half path checks it in library_split
        SetMaskCount(p);
        SetVectorMask<float, MaskMode::COUNTER>(0, count, p);
        Cast<float, float, false>(dst, src, RoundMode::CAST_RINT, MASK_PLACEHOLDER, 1,
                                  {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
    } else {
        const uint32_t split = library_split<T>("Round", "§21.17", tmp, sizeof(float), 1, p);
        SetMaskCount(p);
        const LocalTensor<float> f = tmp.ReinterpretCast<float>();
        const uint32_t loops = count / split, tail = count % split;
        SetVectorMask<half, MaskMode::COUNTER>(0, split, p);
        for (uint32_t i = 0; i <= loops; ++i) {
            if (i == loops) {
                if (tail == 0) break;
                SetVectorMask<half, MaskMode::COUNTER>(0, tail, p);
            }
            ASCSTEP_V((Cast<float, half, false>(f, src[i * split], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                                {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
            ASCSTEP_V((Cast<float, float, false>(f, f, RoundMode::CAST_RINT, MASK_PLACEHOLDER, 1,
                                                 {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
            ASCSTEP_V((Cast<half, float, false>(dst[i * split], f, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                                {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
        }
    }
    SetMaskNorm(p);
    ResetMask(p);
}
}  // namespace detail
ASCSTEP_LIBRARY_UNARY(Round, , , detail::round_impl)
}  // namespace AscendC
