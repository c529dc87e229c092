// The library's LogSoftMax (adv_api/activation/logsoftmax.h; DK:高阶API/激活函数/LogSoftMax), made as
// CANN's membase/common/logsoftmax_common_impl.h makes it on Atlas A2 (docs/semantics.md §27.2):
// SoftMax with its sum and max outputs (softmax.h's pieces, all of type T), then the base-10
// logarithm of each piece as Ln and a Muls by log10(e). The tiling argument is not read: the
// library computes one for the temporary buffer on the kernel side, as SoftMax does for a
// changed shape. ND only.
#pragma once
#include "adv_api/activation/softmax.h"

namespace AscendC {
namespace detail {
namespace softmax {
constexpr float LOG10_E = 0.4342944819f;  // CANN's SCALAR_NATURE_LOG_10

// GenericLogNDImpl: dst = log10(src) over `rows` rows of k floats, in counter mode. k < 192: one
// Ln and one Muls per 8-float column of all rows (block stride k / 8, repeat stride k blocks:
// 8 rows a repeat); else one Ln and one Muls per row over k, the Muls with CANN's arguments as
// they are (mask 1 and repeat 0, both ignored in counter mode). The Muls reads src, as CANN's
// does (LogSoftMax passes dst as src).
inline void log10_rows(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t rows, uint32_t k, Pos p) {
    SetMaskCount(p);
    if (k < 192) {
        const uint8_t blockStride = uint8_t(k / F_BLK);
        const UnaryRepeatParams columns(blockStride, blockStride, uint8_t(k), uint8_t(k));
        SetVectorMask<float>(0, rows * F_BLK, p);
        for (uint8_t j = 0; j < blockStride; j++) {
            Ln<float, false>(dst[j * F_BLK], src[j * F_BLK], MASK_PLACEHOLDER, 1, columns, p);
            PipeBarrier<PIPE_V>(p);
            Muls<float, false>(dst[j * F_BLK], src[j * F_BLK], LOG10_E, MASK_PLACEHOLDER, 1, columns, p);
            PipeBarrier<PIPE_V>(p);
        }
    } else {
        const UnaryRepeatParams row(1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE);
        SetVectorMask<float>(0, k, p);
        for (uint32_t j = 0; j < rows; j++) {
            Ln<float, false>(dst[j * k], src[j * k], MASK_PLACEHOLDER, 1, row, p);
            PipeBarrier<PIPE_V>(p);
            Muls<float, false>(dst[j * k], src[j * k], LOG10_E, uint64_t(1), uint8_t(MASK_PLACEHOLDER), row, p);
            PipeBarrier<PIPE_V>(p);
        }
    }
    SetMaskNorm(p);
    ResetMask(p);
}
}  // namespace softmax
}  // namespace detail

// LogSoftMax(dst, sumTensor, maxTensor, src, sharedTmpBuffer, tiling[, shapeInfo]): each row of the
// last axis as log10(e^(x − max) / Σ e^(x − max)), its max and sum also written to a block of its
// own, half or float.
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
                const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer, const LogSoftMaxTiling& tiling,
                const SoftMaxShapeInfo& softmaxShapeInfo = {}, Pos p = Pos::current()) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value, "LogSoftMax supports half and float");
    static_assert(!isDataFormatNZ, "ascstep does not simulate AscendC::LogSoftMax on NZ data yet (docs/format.md §12.4)");
    (void)tiling;
    namespace sm = detail::softmax;
    sm::check_product("LogSoftMax", p);
    const LocalTensor<float> work = sharedTmpBuffer.ReinterpretCast<float>(p);
    const SoftMaxShapeInfo s = sm::shape_of("LogSoftMax", src, softmaxShapeInfo, p);
    const SoftMaxTiling t = sm::tiling_for("LogSoftMax", work.GetSize(), {s.srcM, s.srcK, s.oriSrcM, s.srcK}, sizeof(T),
                                           sizeof(T), false, p);
    sm::walk<T, SOFTMAX_DEFAULT_CFG>(t, s, p, [&](const SoftMaxTiling& t, uint32_t at, uint32_t at2, uint32_t size,
                                                  uint32_t reduceSize, const ReduceLastND& r) {
        auto log10 = [&](const LocalTensor<float>& x) { sm::log10_rows(x, x, r.originalSrcM, t.srcK, p); };
        if constexpr (std::is_same<T, float>::value) {
            sm::piece_sum_max(dst, sumTensor, maxTensor, src, work, t, at, at2, size, reduceSize, r, p);
            PipeBarrier<PIPE_V>(p);
            log10(dst[at]);
        } else {
            sm::piece_sum_max(dst, sumTensor, maxTensor, src, work, t, at, at2, size, reduceSize, r, p, log10);
        }
    });
}
}  // namespace AscendC
