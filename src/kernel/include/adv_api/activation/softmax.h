// The library's SoftMax family (adv_api/activation/softmax.h, softmaxgrad.h, simplesoftmax.h,
// logsoftmax.h, softmaxflashv2.h; DK:高阶API/激活函数/SoftMax接口): the configuration and shape
// types with CANN's fields and defaults, and the APIs with CANN's template parameters, so a
// kernel that names them compiles; a call of one stops the compile with a message naming it:
// ascstep does not simulate the family yet (docs/format.md §12.4). Their tiling structs are in
// kernel_tiling/library_tiling.h.
#pragma once
#include "kernel_operator.h"
#include "adv_api/unsimulated.h"

namespace AscendC {
enum class SoftmaxMode {
    SOFTMAX_NORMAL = 0,
    SOFTMAX_OUTPUT_WITHOUT_BRC = 1,
};

struct SoftmaxConfig {
    constexpr SoftmaxConfig(const bool isCheckTilingIn) : isCheckTiling(isCheckTilingIn) {}
    constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn)
        : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn) {}
    constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn,
                            const SoftmaxMode modeIn)
        : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn), mode(modeIn) {}
    bool isCheckTiling = true;
    uint32_t oriSrcM = 0;
    uint32_t oriSrcK = 0;
    SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};

struct SoftMaxShapeInfo {
    uint32_t srcM{0};
    uint32_t srcK{0};
    uint32_t oriSrcM{0};
    uint32_t oriSrcK{0};
};

struct SoftMaxParams {
    uint32_t srcM{0};
    uint32_t srcK{0};
    uint32_t oriSrcM{0};
    uint32_t oriSrcK{0};
    uint32_t loopCnt{1};
    uint32_t splitMeanCnt{8};
    float alpha{0.9375};
};

#define ASCSTEP_SOFTMAX_UNSIMULATED(NAME) \
    static_assert(ascstep_rt::unsimulated<T>, "ascstep does not simulate AscendC::" #NAME " yet (docs/format.md §12.4)")

// SoftMax(dst, src[, sharedTmpBuffer], tiling[, shapeInfo]).
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG, class... A>
void SoftMax(const LocalTensor<T>&, const LocalTensor<T>&, A&&...) {
    ASCSTEP_SOFTMAX_UNSIMULATED(SoftMax);
}
// SoftMax(dst, sumTensor, maxTensor, src[, sharedTmpBuffer], tiling[, shapeInfo]).
template <typename T1, typename T2, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG, class... A>
void SoftMax(const LocalTensor<T1>&, const LocalTensor<T2>&, const LocalTensor<T2>&, const LocalTensor<T1>&,
             A&&...) {
    using T = T1;
    ASCSTEP_SOFTMAX_UNSIMULATED(SoftMax);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG, class... A>
void SimpleSoftMax(const LocalTensor<T>&, A&&...) {
    ASCSTEP_SOFTMAX_UNSIMULATED(SimpleSoftMax);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false, class... A>
void SoftmaxGrad(const LocalTensor<T>&, A&&...) {
    ASCSTEP_SOFTMAX_UNSIMULATED(SoftmaxGrad);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false, class... A>
void SoftmaxGradFront(const LocalTensor<T>&, A&&...) {
    ASCSTEP_SOFTMAX_UNSIMULATED(SoftmaxGradFront);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false, class... A>
void LogSoftMax(const LocalTensor<T>&, A&&...) {
    ASCSTEP_SOFTMAX_UNSIMULATED(LogSoftMax);
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG, class... A>
void SoftmaxFlashV2(const LocalTensor<T>&, A&&...) {
    ASCSTEP_SOFTMAX_UNSIMULATED(SoftmaxFlashV2);
}
#undef ASCSTEP_SOFTMAX_UNSIMULATED
}  // namespace AscendC
