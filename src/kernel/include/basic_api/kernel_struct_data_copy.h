// The DataCopy and DataCopyPad parameter structs (CANN's kernel_struct_data_copy.h).
#pragma once
#include "kernel_struct_binary.h"

namespace AscendC {
struct DataCopyParams {
    uint16_t blockCount = 1, blockLen = 0, srcStride = 0, dstStride = 0;
    DataCopyParams() = default;
    DataCopyParams(uint16_t a, uint16_t b, uint16_t c, uint16_t d) : blockCount(a), blockLen(b), srcStride(c), dstStride(d) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", blockCount, blockLen, srcStride, dstStride); }
};
struct DataCopyExtParams {
    uint16_t blockCount = 1;
    uint32_t blockLen = 0, srcStride = 0, dstStride = 0;
    uint32_t rsv = 0;
    DataCopyExtParams() = default;
    DataCopyExtParams(uint16_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e) : blockCount(a), blockLen(b), srcStride(c), dstStride(d), rsv(e) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", blockCount, blockLen, srcStride, dstStride); }
};
// The older DataCopyPad padding (DK:数据搬运/DataCopyPad): the value as an integer.
struct DataCopyPadParams {
    bool isPad = false;
    uint8_t leftPadding = 0, rightPadding = 0;
    uint64_t paddingValue = 0;
    DataCopyPadParams() = default;
    DataCopyPadParams(bool a, uint8_t b, uint8_t c, uint64_t d) : isPad(a), leftPadding(b), rightPadding(c), paddingValue(d) {}
};
template <class T>
struct DataCopyPadExtParams {
    bool isPad = false;
    uint8_t leftPadding = 0, rightPadding = 0;
    T paddingValue = T();
    DataCopyPadExtParams() = default;
    DataCopyPadExtParams(bool a, uint8_t b, uint8_t c, T d) : isPad(a), leftPadding(b), rightPadding(c), paddingValue(d) {}
    std::string ron() const {
        return std::string("[") + (isPad ? "true" : "false") + ascstep_rt::fmt(", %u, %u, ", leftPadding, rightPadding) + ascstep_rt::value<T>(paddingValue) + "]";
    }
};
// DataCopyPad's layout in the UB (DK:数据搬运/DataCopyPad; Compact on Ascend 950 only).
enum class PaddingMode : uint8_t { Normal = 0, Compact };
// The loop mode of the GM ↔ UB moves (DK:数据搬运/SetLoopModePara; Ascend 950): the next
// DataCopyPads of that direction run loop2Size × loop1Size times, the strides in bytes.
enum class DataCopyMVType : uint8_t { UB_TO_OUT = 0, OUT_TO_UB = 1 };
struct LoopModeParams {
    LoopModeParams() = default;
    LoopModeParams(uint32_t l1, uint32_t l2, uint64_t l1Src, uint64_t l1Dst, uint64_t l2Src, uint64_t l2Dst)
        : loop1Size(l1), loop2Size(l2), loop1SrcStride(l1Src), loop1DstStride(l1Dst), loop2SrcStride(l2Src),
          loop2DstStride(l2Dst) {}
    uint32_t loop1Size = 0;
    uint32_t loop2Size = 0;
    uint64_t loop1SrcStride = 0;
    uint64_t loop1DstStride = 0;
    uint64_t loop2SrcStride = 0;
    uint64_t loop2DstStride = 0;
};
// The multi-dimensional DataCopy's parameters (DK:数据搬运/GMToUB多维数据搬运NDDMA(DataCopy) 表3–表5;
// Ascend 950): index 0 the innermost dimension; MultiCopy… are the old names.
struct NdDmaConfig {
    static constexpr uint16_t unsetPad = 0xffff;
    bool isNearestValueMode = false;
    uint16_t loopLpSize = unsetPad;  // every dimension's left padding when set
    uint16_t loopRpSize = unsetPad;  // every dimension's right padding when set
    bool ascOptimize = false;
};
using MultiCopyConfig = NdDmaConfig;
constexpr NdDmaConfig kDefaultNdDmaConfig = {false, NdDmaConfig::unsetPad, NdDmaConfig::unsetPad, false};
constexpr NdDmaConfig kDefaultMultiCopyConfig = {false, NdDmaConfig::unsetPad, NdDmaConfig::unsetPad, false};
template <uint8_t dim>
struct MultiCopyLoopInfo {
    static_assert(dim >= 1 && dim <= 5, "MultiCopy Dims must be between 1 and 5.");
    uint64_t loopSrcStride[dim] = {0};
    uint32_t loopDstStride[dim] = {0};
    uint32_t loopSize[dim] = {0};
    uint8_t loopLpSize[dim] = {0};
    uint8_t loopRpSize[dim] = {0};
};
template <uint8_t dim>
using NdDmaLoopInfo = MultiCopyLoopInfo<dim>;
template <typename T, uint8_t dim>
struct MultiCopyParams {
    MultiCopyLoopInfo<dim> loopInfo;
    T constantValue;
};
template <typename T, uint8_t dim>
using NdDmaParams = MultiCopyParams<T, dim>;
}  // namespace AscendC
