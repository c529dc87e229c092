// The library's Fma (adv_api/math/fma.h; DK:高阶API/数学计算/Fma接口/Fma, Ascend 950 only):
// dst = src0·src1 + src2 for `count` elements of half or float. CANN's implementation
// (fma_common_impl.h) is one Reg::FusedMulDstAdd per repeat, a multiply-add rounded once; the
// Memory API's MulAddDst is the same instruction on 950 (docs/semantics.md §9 row 32), so
// ascstep steps it as src2 copied into dst (an Adds of −0, exact for every value but a NaN's
// payload) and a MulAddDst (docs/semantics.md §21). The temporary buffer is not used.
#pragma once
#include "kernel_operator.h"

namespace AscendC {
struct FmaConfig {
    bool isReuseSource;
};
constexpr FmaConfig DEFAULT_FMA_CONFIG = {false};

template <const FmaConfig& config = DEFAULT_FMA_CONFIG, typename T>
void Fma(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const LocalTensor<T>& src2,
         const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t count, Pos p = Pos::current()) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Fma takes half or float");
#if __NPU_ARCH__ != 3510
    ascstep_rt::stop(p, "Fma is an Ascend 950 API (DK:高阶API/数学计算/Fma接口/Fma): this product's library has none");
#endif
    (void)sharedTmpBuffer;
    Adds(dst, src2, T(-0.0f), int32_t(count), p);
    PipeBarrier<PIPE_V>(p);
    MulAddDst(dst, src0, src1, int32_t(count), p);
}

template <const FmaConfig& config = DEFAULT_FMA_CONFIG, typename T>
void Fma(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const LocalTensor<T>& src2,
         const uint32_t count, Pos p = Pos::current()) {
    Fma<config, T>(dst, src0, src1, src2, LocalTensor<uint8_t>(p), count, p);
}
}  // namespace AscendC
