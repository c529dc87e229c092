// The library's Axpy (adv_api/math/axpy.h, DK:高阶API/数学计算/Axpy): dst += scalar · src with a
// temporary buffer, made as CANN's axpy_common_impl.h makes it (docs/semantics.md §21.21). A
// float source is the vector Axpy of the count. A half source runs in counter mode over pieces
// of the temporary buffer's floats, rounded down to a multiple of 32 (halved for a half
// destination, whose float copy shares the buffer), each piece in float:
//   half → half:  Cast src and dst to float (CAST_NONE), Muls by the scalar as float, Add,
//                 Cast back to half (CAST_NONE);
//   half → float: Cast src to float, Muls, Add into dst.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
inline void axpy_piece(const LocalTensor<half>& dst, const LocalTensor<half>& src, half scalar, const LocalTensor<float>& tmp,
                       uint32_t piece, Pos p) {
    LocalTensor<float> s = tmp[0], d = tmp[piece];
    ASCSTEP_V((Cast<float, half, false>(s, src, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
    ASCSTEP_V((Cast<float, half, false>(d, dst, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
    ASCSTEP_V((Muls<float, false>(s, s, float(scalar), MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
    ASCSTEP_V((Add<float, false>(d, s, d, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
    ASCSTEP_V((Cast<half, float, false>(dst, d, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
}
inline void axpy_piece(const LocalTensor<float>& dst, const LocalTensor<half>& src, half scalar, const LocalTensor<float>& tmp,
                       uint32_t, Pos p) {
    ASCSTEP_V((Cast<float, half, false>(tmp, src, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                        {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
    ASCSTEP_V((Muls<float, false>(tmp, tmp, float(scalar), MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)));
    ASCSTEP_V((Add<float, false>(dst, tmp, dst, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)));
}
}  // namespace detail

template <typename T, typename U, bool isReuseSource = false>
void Axpy(const LocalTensor<T>& dstTensor, const LocalTensor<U>& srcTensor, const U scalarValue,
          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, Pos p = Pos::current()) {
    static_assert((std::is_same<T, half>::value && std::is_same<U, half>::value) ||
                      (std::is_same<T, float>::value && std::is_same<U, float>::value) ||
                      (std::is_same<T, float>::value && std::is_same<U, half>::value) ||
                      (std::is_same<T, half>::value && std::is_same<U, float>::value),
                  "Failed to check the data types, current api support data types are T: half, U: half / T: float, "
                  "U: float / T: float, U: half / T: half, U: float.");
    if constexpr (sizeof(U) == sizeof(float)) {
        Axpy(dstTensor, srcTensor, scalarValue, int32_t(calCount), p);
    } else {
        LocalTensor<float> tmp = sharedTmpBuffer.ReinterpretCast<float>();
        const uint32_t floats = tmp.GetSize();
        const uint32_t piece = (sizeof(T) == sizeof(half) ? floats / 2 : floats) / ONE_BLK_SIZE * ONE_BLK_SIZE;
        if (piece == 0) {
            ascstep_rt::stop(p, "Axpy: the temporary buffer holds " + std::to_string(sharedTmpBuffer.GetSize()) +
                                    " bytes, too few for one piece of 32 elements (GetAxpyMaxMinTmpSize gives the least)");
        }
        detail::counter_pieces<T>(calCount, piece, [&](uint32_t at) {
            detail::axpy_piece(dstTensor[at], srcTensor[at], scalarValue, tmp, piece, p);
        }, p);
    }
}
}  // namespace AscendC
