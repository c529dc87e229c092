// The library's Fmod (adv_api/math/fmod.h; DK:高阶API/数学计算/Fmod): x − trunc(x / y)·y, made
// as CANN's fmod_common_impl.h makes it on Atlas A2 (docs/semantics.md §21.27). Float: Div, Trunc
// (with the whole temporary buffer), Mul, Sub, each over the count in the API's count form, a
// barrier between them. Half: pieces of bytes / 2 / 8 halves (rounded down to 32, at most the
// source's size); each piece is Cast to float into the buffer's second and third quarters-of-
// eight, computed as float into its first with Trunc using the rest, and Cast back (CAST_NONE).
// Without a temporary buffer the stack buffer serves; without a count, src0's size. dst
// overlapping a source, which the page forbids, stops the kernel. Ascend 950's
// library computes it otherwise (fmod_3510_impl.h, with FmodConfig): the call stops there.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "adv_api/math/trig.h"
#include "adv_api/math/trunc.h"

namespace AscendC {
namespace detail {
inline void fmod_float(const LocalTensor<float>& dst, const LocalTensor<float>& x, const LocalTensor<float>& y,
                       const LocalTensor<uint8_t>& tmp, uint32_t count, Pos p) {
    const int32_t n = int32_t(count);
    PipeBarrier<PIPE_V>(p);
    Div(dst, x, y, n, p);
    PipeBarrier<PIPE_V>(p);
    Trunc<float>(dst, dst, tmp, count, p);
    PipeBarrier<PIPE_V>(p);
    Mul(dst, dst, y, n, p);
    PipeBarrier<PIPE_V>(p);
    Sub(dst, x, dst, n, p);
    PipeBarrier<PIPE_V>(p);
}

template <class T>
void fmod_impl(const LocalTensor<T>& dst, const LocalTensor<T>& x, const LocalTensor<T>& y,
               const LocalTensor<uint8_t>& tmp, uint32_t count, Pos p) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
#if __NPU_ARCH__ != 2201
    ascstep_rt::stop(p, "Fmod is simulated with CANN's Atlas A2 steps (fmod_common_impl.h); on this product the library's steps differ and are not simulated yet (docs/semantics.md §21.27)");
#endif
    forbid_overlap("Fmod", dst, "src0", x, count, p);
    forbid_overlap("Fmod", dst, "src1", y, count, p);
    if constexpr (std::is_same<T, float>::value) {
        fmod_float(dst, x, y, tmp, count, p);
    } else {
        constexpr uint32_t live = 8;  // CANN's maxLiveNodeCount for half: 3 float buffers and Trunc's 2
        uint32_t piece = tmp.GetSize() / sizeof(half) / live / ONE_BLK_SIZE * ONE_BLK_SIZE;
        if (piece == 0) {
            ascstep_rt::stop(p, "Fmod: the temporary buffer holds " + std::to_string(tmp.GetSize()) +
                                    " bytes, too few for one piece of 32 halves (GetFmodMaxMinTmpSize gives the least: 2048)");
        }
        piece = std::min<uint32_t>(piece, x.GetSize());
        const LocalTensor<float> f = tmp.ReinterpretCast<float>();
        const LocalTensor<float> fx = f[piece], fy = f[2 * piece];
        const LocalTensor<uint8_t> rest = tmp[3 * piece * sizeof(float)];
        auto one = [&](uint32_t at, uint32_t n) {
            PipeBarrier<PIPE_V>(p);
            Cast<float, half>(fx, x[at], RoundMode::CAST_NONE, n, p);
            Cast<float, half>(fy, y[at], RoundMode::CAST_NONE, n, p);
            PipeBarrier<PIPE_V>(p);
            fmod_float(f, fx, fy, rest, n, p);
            Cast<half, float>(dst[at], f, RoundMode::CAST_NONE, n, p);
            PipeBarrier<PIPE_V>(p);
        };
        const uint32_t rounds = count / piece, tail = count % piece;
        for (uint32_t i = 0; i < rounds; ++i) one(i * piece, piece);
        if (tail > 0) one(rounds * piece, tail);
    }
}
}  // namespace detail

template <typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG>
void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, Pos p = Pos::current()) {
    detail::fmod_impl<T>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer, calCount, p);
}
template <typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG>
void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
          const LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {
    detail::fmod_impl<T>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer, src0Tensor.GetSize(), p);
}
template <typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG>
void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
          const uint32_t calCount, Pos p = Pos::current()) {
    detail::fmod_impl<T>(dstTensor, src0Tensor, src1Tensor, detail::stack_buffer(p), calCount, p);
}
template <typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG>
void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
          Pos p = Pos::current()) {
    detail::fmod_impl<T>(dstTensor, src0Tensor, src1Tensor, detail::stack_buffer(p), src0Tensor.GetSize(), p);
}
}  // namespace AscendC
