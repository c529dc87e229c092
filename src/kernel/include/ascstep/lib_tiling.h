// The host side of the Ascend C library's math and activation functions, as CANN's
// tiling/tiling_api.h declares them for a program's host code (a sample's `main` asks how much
// temporary UB a kernel-side Exp or Sigmoid needs, then passes it to the kernel): ge::Shape and
// the Get*MaxMinTmpSize functions of the library functions ascstep simulates (docs/format.md
// §12.1). The sizes are the library's own (CANN's host tiling of each function: its temporary
// float buffers of one 256-byte repeat at least), so a kernel given the minimum runs the library's
// steps in the same pieces as on the device.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>
#include "ascstep/host_types.h"
#include "kernel_tiling/library_tiling.h"

namespace ge {
// A tensor's shape as the graph API gives it (CANN's graph/tensor.h ge::Shape).
class Shape {
public:
    Shape() = default;
    explicit Shape(const std::vector<int64_t>& dims) : dims_(dims) {}
    size_t GetDimNum() const { return dims_.size(); }
    int64_t GetDim(size_t i) const { return i < dims_.size() ? dims_[i] : 0; }
    std::vector<int64_t> GetDims() const { return dims_; }
    graphStatus SetDim(size_t i, int64_t v) {
        if (i >= dims_.size()) return GRAPH_FAILED;
        dims_[i] = v;
        return GRAPH_SUCCESS;
    }
    // The element count; 0 for a shape without dimensions.
    int64_t GetShapeSize() const {
        if (dims_.empty()) return 0;
        int64_t n = 1;
        for (int64_t d : dims_) n *= d;
        return n;
    }

private:
    std::vector<int64_t> dims_;
};
}  // namespace ge

namespace AscendC {
using TensorShape = ge::Shape;
namespace detail {
constexpr uint32_t kRepeatBytes = 256;  // one repeat: the least a temporary buffer holds
inline uint32_t elements(const ge::Shape& s) { return uint32_t(s.GetShapeSize() > 0 ? s.GetShapeSize() : 0); }
// `factor` temporary buffers of the source's bytes (one repeat at least) at most, of one
// repeat at least: the pattern of most of the library's elementwise functions.
inline void per_repeat(const ge::Shape& s, uint32_t typeSize, uint32_t factor, uint32_t& maxValue, uint32_t& minValue) {
    minValue = factor * kRepeatBytes;
    maxValue = factor * std::max(elements(s) * typeSize, kRepeatBytes);
}
}  // namespace detail

// Exp: three float buffers for float (two reusing the source), four for half.
inline bool GetExpMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                uint32_t& minValue) {
    // Float buffers whatever the source's type.
    detail::per_repeat(srcShape, sizeof(float), typeSize == sizeof(float) ? (isReuseSource ? 2 : 3) : 4, maxValue, minValue);
    return true;
}
inline void GetExpTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    extraBuffer = 0;
    maxLiveNodeCount = typeSize == sizeof(float) ? 3 : 8;
}

// Sigmoid: one buffer of the source's bytes at most, one repeat at least.
inline void GetSigmoidMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, bool, uint32_t& maxValue, uint32_t& minValue) {
    detail::per_repeat(srcShape, typeSize, 1, maxValue, minValue);
}

// Xor: one buffer of the source's bytes (one repeat at least).
inline void GetXorMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue, uint32_t& minValue) {
    detail::per_repeat(srcShape, typeSize, 1, maxValue, minValue);
}
inline void GetXorTmpBufferFactorSize(const uint32_t, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    extraBuffer = 0;
    maxLiveNodeCount = 1;
}

// Ceil: one buffer for float, two for half.
inline void GetCeilMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue, uint32_t& minValue) {
    detail::per_repeat(srcShape, typeSize, typeSize == sizeof(float) ? 1 : 2, maxValue, minValue);
}
inline void GetCeilTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    extraBuffer = 0;
    maxLiveNodeCount = typeSize == sizeof(float) ? 1 : 2;
}

// ClampMax, ClampMin: a byte per element (64 floats' or 128 halves' worth at least); the
// library's kernel side uses none.
inline void GetClampMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue, uint32_t& minValue) {
    minValue = typeSize == sizeof(float) ? 64 : 128;
    maxValue = std::max(detail::elements(srcShape), minValue);
}

// Frac: none for float; four buffers of the source's bytes (one repeat at least) for half.
inline void GetFracMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue, uint32_t& minValue) {
    detail::per_repeat(srcShape, typeSize, typeSize == sizeof(float) ? 0 : 4, maxValue, minValue);
}

// Trunc: Ceil's (the same steps with another rounding).
inline void GetTruncMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
    GetCeilMaxMinTmpSize(srcShape, typeSize, isReuseSource, maxValue, minValue);
}
inline void GetTruncTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    GetCeilTmpBufferFactorSize(typeSize, maxLiveNodeCount, extraBuffer);
}

// Fmod: Trunc's buffers, and for half three float buffers more (two halves' bytes each).
inline void GetFmodMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue, uint32_t& minValue) {
    detail::per_repeat(srcShape, typeSize, typeSize == sizeof(float) ? 1 : 2 + 3 * 2, maxValue, minValue);
}
inline void GetFmodTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    GetTruncTmpBufferFactorSize(typeSize, maxLiveNodeCount, extraBuffer);
    maxLiveNodeCount += typeSize == sizeof(float) ? 0 : 3 * 2;
}

// Gelu (FasterGelu and FasterGeluV2 ask the same): three floats an element, three repeats at least.
inline uint32_t GetGeluMinTmpSize(const ge::Shape&, const uint32_t) { return 3 * detail::kRepeatBytes; }
inline uint32_t GetGeluMaxTmpSize(const ge::Shape& srcShape, const uint32_t typeSize) {
    return std::max(GetGeluMinTmpSize(srcShape, typeSize), 3 * detail::elements(srcShape) * uint32_t(sizeof(float)));
}
inline void GetGeluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = GetGeluMaxTmpSize(srcShape, typeSize);
    minValue = GetGeluMinTmpSize(srcShape, typeSize);
}

// RmsNorm over [B, S, H]: the rows' sums (a block at least) and x² (for half also x in float),
// all rows at most, one row at least; the tiling takes as many rows a piece as the buffer
// holds (at most 255; for the basic block a multiple of 8). False for a shape the library refuses.
namespace detail {
// [B, S, H] (H of whole blocks when `aligned` is asked; for the basic block H a multiple of 64
// under 2048 and B·S of 8).
inline bool rms_shape(const ge::Shape& s, uint32_t typeSize, bool basic, bool aligned, uint32_t& b, uint32_t& sl, uint32_t& h) {
    if (s.GetDimNum() != 3) return false;
    b = uint32_t(s.GetDim(0)), sl = uint32_t(s.GetDim(1)), h = uint32_t(s.GetDim(2));
    return !(basic && (h % 64 != 0 || b * sl % 8 != 0 || h >= 2048)) && (!aligned || h * typeSize % 32 == 0);
}
}  // namespace detail
inline bool GetRmsNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue,
                                    const bool isBasicBlock = false) {
    uint32_t b, sl, h;
    if (!detail::rms_shape(srcShape, typeSize, isBasicBlock, false, b, sl, h)) return false;
    const uint32_t coeff = typeSize == sizeof(float) ? 1 : 2, perBlk = 32 / typeSize;
    maxValue = (b * sl * h * coeff + (b * sl + perBlk - 1) / perBlk * perBlk) * 4;
    minValue = (h * coeff + 8) * 4;
    return true;
}
inline bool GetRmsNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape, const uint32_t stackBufferByteSize,
                                 const uint32_t typeSize, RmsNormTiling& tiling, const bool isBasicBlock = false) {
    uint32_t b, sl, h, ob, os, oh;
    if (!detail::rms_shape(srcShape, typeSize, isBasicBlock, true, b, sl, h) ||
        !detail::rms_shape(originSrcShape, typeSize, false, false, ob, os, oh) || ob != b || os != sl || oh > h || oh == 0)
        return false;
    tiling.bLength = b, tiling.sLength = sl, tiling.hLength = h, tiling.originalHLength = oh;
    tiling.reciprocalOfHLength = 1.0f / float(oh);
    const uint32_t total = stackBufferByteSize / 4, coeff = typeSize == sizeof(float) ? 1 : 2;
    uint32_t rows = 1;
    while (total >= (rows + 1) * h * coeff + (rows + 8) / 8 * 8) rows++;
    const uint32_t all = b * sl * h;
    rows = std::min(rows * h, all) / h;
    rows = isBasicBlock ? (rows < 8 ? rows : rows / 8 * 8) : std::min(rows, 255u);
    const uint32_t piece = rows * h;
    tiling.mainBshLength = piece, tiling.mainBsLength = rows, tiling.mainBsLengthAlign = (rows + 7) / 8 * 8;
    tiling.loopRound = all / piece;
    tiling.tailBshLength = all % piece, tiling.inputTailPos = all - all % piece, tiling.tailBsLength = all % piece / h;
    return true;
}

// SwiGLU: none for float; six buffers of the source's bytes (one repeat at least) for half (its
// own parameter order: the sizes before isReuseSource).
inline void GetSwiGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue,
                                   const bool = false) {
    detail::per_repeat(srcShape, typeSize, typeSize == sizeof(float) ? 0 : 6, maxValue, minValue);
}

// GeGLU: none for float; four buffers of the source's bytes (one repeat at least) for half.
inline void GetGeGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue, uint32_t& minValue) {
    detail::per_repeat(srcShape, typeSize, typeSize == sizeof(float) ? 0 : 4, maxValue, minValue);
}

// Swish, Silu: no temporary buffer.
inline void GetSwishTmpSize(const ge::Shape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = minValue = 0;
}
inline void GetSiluTmpSize(const ge::Shape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = minValue = 0;
}

// Acosh: one buffer's worth of elements for float, two for half, one repeat at least.
inline void GetAcoshMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue, uint32_t& minValue) {
    uint32_t n = typeSize == sizeof(float) ? 1 : 2;
    minValue = n * detail::kRepeatBytes;
    maxValue = std::max(n * detail::elements(srcShape), detail::kRepeatBytes) * typeSize;
}
inline void GetAcoshTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    extraBuffer = 0;
    maxLiveNodeCount = typeSize == sizeof(float) ? 1 : 2;
}

// Axpy: none for float; four float buffers for half.
inline void GetAxpyMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue, uint32_t& minValue) {
    if (typeSize == sizeof(float)) {
        maxValue = minValue = 0;
        return;
    }
    detail::per_repeat(srcShape, typeSize, 4, maxValue, minValue);
}

// CumSum of a two-dimensional [outer, inner] source (inner 32-byte aligned): along the first
// axis half needs a float copy; along the last, the two TransDataTo5HD transposes of 16 rows at
// least (all rows, 16-aligned, at most), plus half's float copy.
inline void GetCumSumMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isLastAxis, const bool,
                                   uint32_t& maxValue, uint32_t& minValue) {
    maxValue = minValue = 0;
    if (srcShape.GetDimNum() != 2 || (typeSize != 2 && typeSize != 4)) return;
    uint32_t outer = uint32_t(srcShape.GetDim(0)), inner = uint32_t(srcShape.GetDim(1));
    if (!isLastAxis) {
        if (typeSize == 2) maxValue = minValue = outer * inner * uint32_t(sizeof(float));
        return;
    }
    uint32_t aligned = (outer + 15) / 16 * 16;
    uint32_t castMin = typeSize == 2 ? inner * 16 * 2 : 0;
    uint32_t castMax = typeSize == 2 ? inner * aligned * 2 : 0;
    minValue = castMin + 16 * inner * typeSize * 2;
    maxValue = castMax + aligned * inner * typeSize * 2;
}

// Select by a byte mask (SelectWithBytesMask; one of src0/src1 may be a scalar): the source's
// elements as halves, 32-aligned, plus 512 bytes (1024 at least); at least (min) the first 4096
// elements; plus the mask's bytes where its last axis differs from the source's and it is not
// reused.
namespace detail {
inline uint32_t select_bytes(const ge::Shape& s0, const ge::Shape& s1, const ge::Shape& mask, uint32_t maskTypeSize, bool reuseMask,
                             bool least) {
    auto scalar = [](const ge::Shape& s) { return s.GetDimNum() == 0 || s.GetShapeSize() == 1; };
    auto pad = [](uint32_t a) { return (a + 31) / 32 * 32; };
    bool s0Scalar = scalar(s0);
    const ge::Shape& src = s0Scalar ? s1 : s0;
    uint32_t n = uint32_t(src.GetShapeSize());
    int64_t maskLast = mask.GetDim(mask.GetDimNum() - 1), srcLast = src.GetDim(src.GetDimNum() - 1);
    uint32_t counted = least && n > 4096 ? 4096 : n;
    uint32_t bytes = std::max(1024u, pad(counted) * 2 + 512);
    if (maskLast != srcLast && !reuseMask && maskLast > 1) bytes += pad(n * maskTypeSize);
    return bytes;
}
}  // namespace detail
inline void GetSelectMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape, const uint32_t, const ge::Shape& maskShape,
                                   const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = detail::select_bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, false);
    minValue = detail::select_bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, true);
}
inline void GetSelectWithBytesMaskMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape, const uint32_t srcTypeSize,
                                                const ge::Shape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask,
                                                uint32_t& maxValue, uint32_t& minValue) {
    GetSelectMaxMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask, maxValue, minValue);
}

// Sum of n elements: one element per repeat of the source, rounded up to whole blocks.
inline void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool, uint32_t& maxSize, uint32_t& minSize) {
    maxSize = minSize = 0;
    if (typeSize == 0 || typeSize > 32 || n == 0) return;
    uint32_t perBlock = 32 / typeSize, perRepeat = 256 / typeSize;
    uint32_t repeats = (n + perRepeat - 1) / perRepeat;
    maxSize = minSize = (repeats + perBlock - 1) / perBlock * perBlock * typeSize;
}

// SoftMax and SoftmaxGrad (ND, the last axis the reduced one: m rows of k): the float buffers of
// rows of a block's elements of the source type, k and 64 (SoftmaxGrad on half: two blocks, 3k
// and 64; on float two blocks unless the front part), all rows at most, one row at least (Ascend
// 950: its own sizes); the tiling splits the rows into as many as the buffer holds, a multiple of
// 8 when fewer than all, kept a divisor of the rows under 16384 elements where rows and k suit
// the basic block (rows a multiple of 8, k of 64).
namespace detail {
// The shape as m rows of k; false for a shape or type the library refuses (then the sizes are 0
// and a tiling is left as it was).
inline bool softmax_rows(const ge::Shape& s, uint32_t typeSize, uint32_t& m, uint32_t& k) {
    k = s.GetDimNum() == 0 ? 0 : uint32_t(s.GetDim(s.GetDimNum() - 1));
    m = k == 0 ? 0 : detail::elements(s) / k;
    return m != 0 && (typeSize == 2 || typeSize == 4);
}
inline uint32_t softmax_row_floats(uint32_t typeSize, uint32_t k) { return 32 / typeSize + k + 64; }
inline uint32_t softmax_grad_row_floats(uint32_t typeSize, uint32_t k, bool isFront) {
    uint32_t blk = 32 / typeSize;
    if (typeSize == 2) return blk * 2 + k * 3 + 64;
    return isFront ? blk + k + 64 : blk * 2 + k + 64;
}
template <class Tiling>  // SoftMaxTiling or LogSoftMaxTiling (the same fields)
void softmax_fill(Tiling& t, uint32_t m, uint32_t k, uint32_t typeSize, uint32_t baseM) {
    const uint32_t blk = 32 / typeSize;
    baseM = std::min(baseM, m);
    if (baseM < m && baseM > 8) baseM = baseM / 8 * 8;
    if (baseM > 8 && m % 8 == 0 && k % 64 == 0) {
        baseM = baseM / 8 * 8;
        while (m % baseM != 0) baseM -= 8;
        while (baseM * k >= 64 * 256) baseM /= 2;
    }
    t = Tiling{};
    t.srcM = m, t.srcK = k, t.srcSize = m * k;
    t.outMaxM = m, t.outMaxK = blk, t.outMaxSize = m * blk;
    t.splitM = baseM, t.splitK = k, t.splitSize = baseM * k;
    t.reduceM = baseM, t.reduceK = blk, t.reduceSize = baseM * blk;
    uint32_t tail = 0;
    if (baseM != 0) {
        tail = m % baseM;
        t.rangeM = m / baseM;
    }
    t.tailM = tail, t.tailSplitSize = tail * k, t.tailReduceSize = tail * blk;
}
}  // namespace detail
inline uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool) {
    uint32_t m, k;
    if (!detail::softmax_rows(srcShape, dataTypeSize, m, k)) return 0;
    uint32_t n = m * detail::softmax_row_floats(dataTypeSize, k);
#if __NPU_ARCH__ == 3510
    n = std::max(m * (8 + k) + 64 * 4 + (m + 7) / 8 * 8, n);
#endif
    return n * 4;
}
inline uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool) {
    uint32_t m, k;
    if (!detail::softmax_rows(srcShape, dataTypeSize, m, k)) return 0;
#if __NPU_ARCH__ == 3510
    uint32_t n = std::max(m * (8 + k) + 64 * 4 + (m + 7) / 8 * 8, m * (32 / dataTypeSize + k));
#else
    uint32_t n = detail::softmax_row_floats(dataTypeSize, k);
#endif
    return n * 4;
}
inline void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                              SoftMaxTiling& softmaxTiling) {
    uint32_t m, k;
    if (!detail::softmax_rows(srcShape, dataTypeSize, m, k)) return;
    detail::softmax_fill(softmaxTiling, m, k, dataTypeSize, localWorkSpaceSize / 4 / detail::softmax_row_floats(dataTypeSize, k));
}
// LogSoftMax: SoftMax's sizes and tiling (logsoftmax_tiling.cpp computes them alike).
inline uint32_t GetLogSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    return GetSoftMaxMaxTmpSize(srcShape, dataTypeSize, isReuseSource);
}
inline uint32_t GetLogSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    return GetSoftMaxMinTmpSize(srcShape, dataTypeSize, isReuseSource);
}
inline void LogSoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                                 LogSoftMaxTiling& softmaxTiling) {
    uint32_t m, k;
    if (!detail::softmax_rows(srcShape, dataTypeSize, m, k)) return;
    detail::softmax_fill(softmaxTiling, m, k, dataTypeSize, localWorkSpaceSize / 4 / detail::softmax_row_floats(dataTypeSize, k));
}
inline uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront, const bool) {
    uint32_t m, k;
    if (!detail::softmax_rows(srcShape, dataTypeSize, m, k)) return 0;
    return m * detail::softmax_grad_row_floats(dataTypeSize, k, isFront) * 4;
}
inline uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront, const bool) {
    uint32_t m, k;
    if (!detail::softmax_rows(srcShape, dataTypeSize, m, k)) return 0;
#if __NPU_ARCH__ == 3510
    uint32_t n = isFront ? (m + 63) / 64 * 64 : (m * 2 + 127) / 128 * 128;
#else
    uint32_t n = detail::softmax_grad_row_floats(dataTypeSize, k, isFront);
#endif
    return n * 4;
}
inline void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                                  SoftMaxTiling& softmaxGradTiling, const bool isFront = false) {
    uint32_t m, k;
    if (!detail::softmax_rows(srcShape, dataTypeSize, m, k)) return;
    detail::softmax_fill(softmaxGradTiling, m, k, dataTypeSize,
                         localWorkSpaceSize / 4 / detail::softmax_grad_row_floats(dataTypeSize, k, isFront));
}

// The library's two-dimensional reductions (ReduceMax, ReduceMin, ReduceSum over [first, last]
// with `pattern` AR, the last axis reduced, or RA, the first; docs/semantics.md §25): none when
// the source may be reused; ReduceMax/Min AR a block of each row (last under a repeat) or a
// repeat of each row (last of a repeat or more), none for a row within a block; RA and ReduceSum
// (in float) the largest power of two below the reduced axis (halved at an exact power) times
// the kept axis (RA: in whole blocks; ReduceSum AR: none for rows of 64 floats or fewer).
#ifndef ASCC_ENUM_REDUCEPATTERN
#define ASCC_ENUM_REDUCEPATTERN
enum class ReducePattern : uint32_t {
    AR = 0, RA = 1, R, ARA, ARAR, ARARA, ARARAR, ARARARA, ARARARAR, ARARARARA,
    RAR, RARA, RARAR, RARARA, RARARAR, RARARARA,
};
#endif
namespace detail {
inline uint32_t power_below(uint32_t n) {
    uint32_t k = 1;
    while (n > 1) k <<= 1, n >>= 1;
    return k;
}
inline uint32_t type_bytes(ge::DataType t) { return t == ge::DT_FLOAT || t == ge::DT_INT32 ? 4 : t == ge::DT_FLOAT16 ? 2 : 1; }
inline void reduce_extreme(const ge::Shape& s, ge::DataType t, ReducePattern pattern, bool reuse, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = minValue = 0;
    if (s.GetDimNum() != 2 || reuse) return;
    const uint32_t first = uint32_t(s.GetDim(0)), last = uint32_t(s.GetDim(1)), size = type_bytes(t);
    if (pattern == ReducePattern::AR) {
        const uint32_t perBlk = 32 / size, perRep = 256 / size;
        maxValue = minValue = last <= perBlk ? 0 : first * (last < perRep ? perBlk : perRep) * size;
        return;
    }
    uint32_t k = power_below(first);
    if (k == first && first > 1) k >>= 1;
    maxValue = minValue = k * ((last * size + 31) / 32 * 32);
}
}  // namespace detail
inline void GetReduceMaxMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType, ReducePattern pattern, bool, bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
    detail::reduce_extreme(srcShape, dataType, pattern, isReuseSource, maxValue, minValue);
}
inline void GetReduceMinMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType, ReducePattern pattern, bool, bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
    detail::reduce_extreme(srcShape, dataType, pattern, isReuseSource, maxValue, minValue);
}
inline void GetReduceSumMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType, ReducePattern pattern, bool, bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
    maxValue = minValue = 0;
    if (srcShape.GetDimNum() != 2 || isReuseSource) return;
    const uint32_t first = uint32_t(srcShape.GetDim(0)), last = uint32_t(srcShape.GetDim(1));
    if (pattern == ReducePattern::AR) {
        uint32_t k = detail::power_below(last);
        if (k == last && first > 1) k >>= 1;
        maxValue = minValue = last <= 64 ? 0 : first * k * 4;
        return;
    }
    uint32_t k = detail::power_below(first);
    if (k == first && first > 1) k >>= 1;
    maxValue = minValue = k * ((last + 7) / 8 * 8) * 4;
}

// Power (A2 and A3: buffers counted per form, base and exponent both tensors or one a scalar,
// a shape of one element being a scalar; Ascend 950: three float buffers of the source, none for
// integers).
inline void GetPowerMaxMinTmpSize(const ge::Shape& srcShape1, const ge::Shape& srcShape2, const bool typeIsInt, const uint32_t typeSize,
                                  const bool, uint32_t& maxValue, uint32_t& minValue) {
    auto tensor = [](const ge::Shape& s) { return !(s.GetDimNum() == 1 && s.GetDim(0) == 1); };
    bool t1 = tensor(srcShape1), t2 = tensor(srcShape2), tt = t1 && t2;
    uint32_t n = detail::elements(t1 ? srcShape1 : srcShape2);
#if __NPU_ARCH__ == 3510
    maxValue = minValue = typeIsInt ? 0 : uint32_t(sizeof(float)) * (t1 || t2 ? n : 1) * 3;
#else
    // Live buffers of (half, int, float) × (tensor–tensor, tensor–scalar).
    uint32_t halfN = 14, intN = tt ? 6 : 7, floatN = tt ? 4 : 5;
    const uint32_t r = detail::kRepeatBytes;
    if (typeIsInt) {
        minValue = r * intN;
    } else if (typeSize == sizeof(float)) {
        minValue = r * floatN + r;
    } else {
        minValue = r * halfN / 2 + r;
    }
    uint32_t per = typeSize == sizeof(float) ? std::max(n * typeSize, r) : std::max(n * typeSize, r / 2);
    if (typeIsInt) {
        maxValue = per * intN;
    } else if (typeSize == sizeof(float)) {
        maxValue = per * floatN + r;
    } else {
        maxValue = per * halfN + r;
    }
#endif
}
}  // namespace AscendC
