// DataCopy, DataCopyPad, SetPadValue and Copy (DK:数据搬运).
#pragma once
#include "kernel_operator_vec_brcb_intf.h"

namespace AscendC {
// SetPadValue (DK:数据搬运/SetPadValue(ISASI); A2, A3 and 950): the value DataCopyPad pads
// with where isPad is false, until set again; the DataCopyPad steps after it carry it as
// their padding value (docs/semantics.md §18).
namespace detail {
inline std::string& pad_value() {
    thread_local std::string v;  // the RON text; empty until SetPadValue (one per block)
    return v;
}
}  // namespace detail
template <class T, TPosition pos = TPosition::MAX>
void SetPadValue(T paddingValue, Pos p = Pos::current()) {
#if __NPU_ARCH__ == 3002 || __NPU_ARCH__ == 2002 || __NPU_ARCH__ == 1001
    ascstep_rt::stop(p, "SetPadValue is not available on this product (DK:数据搬运/SetPadValue(ISASI): Atlas A2, A3 and Ascend 950 only)");
#endif
    detail::pad_value() = ascstep_rt::value<T>(paddingValue);
}

namespace detail {
// The loop mode of each direction (SetLoopModePara; per core): off, or its parameters.
struct LoopMode {
    bool on = false;
    LoopModeParams p;
};
inline LoopMode& loop_mode(DataCopyMVType type) {
    thread_local LoopMode modes[2];
    return modes[type == DataCopyMVType::OUT_TO_UB ? 1 : 0];
}
// Each iteration of the direction's loop mode (one when off): `move(gm, ub)` with the element
// offsets of the GM and the UB side; the strides in bytes (GM any multiple of sizeof(T), UB
// 32-byte aligned, DK:数据搬运/SetLoopModePara 表2).
template <class T, class F>
void each_loop(DataCopyMVType type, F&& move, Pos p) {
    const LoopMode& m = loop_mode(type);
    if (!m.on) {
        move(uint64_t(0), uint64_t(0));
        return;
    }
    const bool in = type == DataCopyMVType::OUT_TO_UB;
    const uint64_t strides[4] = {m.p.loop1SrcStride, m.p.loop1DstStride, m.p.loop2SrcStride, m.p.loop2DstStride};
    for (int i = 0; i < 4; ++i) {
        const bool ub = (i % 2 == 1) == in;
        if (ub ? strides[i] % 32 != 0 : strides[i] % sizeof(T) != 0) {
            ascstep_rt::stop(p, ascstep_rt::fmt("SetLoopModePara: a stride of %llu bytes: the UB side's strides must be 32-byte aligned, the GM side's a multiple of the %u-byte element (DK:数据搬运/SetLoopModePara 表2)",
                                                (unsigned long long)strides[i], unsigned(sizeof(T))));
        }
    }
    for (uint32_t j = 0; j < m.p.loop2Size; ++j) {
        for (uint32_t i = 0; i < m.p.loop1Size; ++i) {
            const uint64_t src = (i * m.p.loop1SrcStride + j * m.p.loop2SrcStride) / sizeof(T);
            const uint64_t dst = (i * m.p.loop1DstStride + j * m.p.loop2DstStride) / sizeof(T);
            in ? move(src, dst) : move(dst, src);
        }
    }
}
}  // namespace detail

// DataCopy: GM → UB, UB → GM, UB → UB; the count form and DataCopyParams.
// GM ↔ UB under SetLoopModePara's loop mode: one move per loop iteration (as DataCopyPad).
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count, Pos p = Pos::current()) {
    detail::each_loop<T>(DataCopyMVType::OUT_TO_UB, [&](uint64_t gm, uint64_t ub) {
        ascstep_rt::call(p, "DataCopy(dst: " + dst[ub].ron() + ", src: " + src[gm].ron() + ", count: " + num(count) + ")");
    }, p);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, Pos p = Pos::current()) {
    detail::each_loop<T>(DataCopyMVType::UB_TO_OUT, [&](uint64_t gm, uint64_t ub) {
        ascstep_rt::call(p, "DataCopy(dst: " + dst[gm].ron() + ", src: " + src[ub].ron() + ", count: " + num(count) + ")");
    }, p);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopy(dst: " + dst.ron() + ", src: " + src.ron() + ", count: " + num(count) + ")");
}
// Slice DataCopy (DK:数据搬运/GM与UB切片数据搬运(DataCopy)): in each dimension i, slices of
// burstLen·32/sizeof(T) elements (1 above the first dimension) from startIndex, `stride`
// elements apart, up to endIndex; the src and dst slices paired in row-major order. Recorded
// as one count-form DataCopy per slice, each with the call's position.
constexpr uint32_t K_MAX_DIM = 8;
struct SliceInfo {
    uint32_t startIndex = 0, endIndex = 0, stride = 0, burstLen = 1, shapeValue = 0;
};
namespace detail {
// The element offset of each slice, in order, and the slice length in elements.
inline std::vector<uint64_t> slices(const SliceInfo* info, uint32_t dims, uint32_t elem, uint32_t& len) {
    std::vector<uint64_t> out{0};
    uint64_t pitch = 1;
    len = info[0].burstLen * 32 / elem;
    for (uint32_t d = 0; d < dims; d++) {
        uint32_t burst = d == 0 ? len : 1;
        std::vector<uint64_t> next;
        std::vector<uint64_t> here;
        for (uint64_t i = info[d].startIndex; i + burst <= uint64_t(info[d].endIndex) + 1; i += burst + info[d].stride) here.push_back(i * pitch);
        // Higher dimensions are outer: each of their positions repeats every lower slice.
        for (uint64_t h : here)
            for (uint64_t o : out) next.push_back(h + o);
        out = next;
        pitch *= info[d].shapeValue;
    }
    return out;
}
template <class D, class S>
void slice_copy(const D& dst, const S& src, const SliceInfo* di, const SliceInfo* si, uint32_t dims, uint32_t elem, const Pos& p) {
    if (dims == 0 || dims > K_MAX_DIM) ascstep_rt::stop(p, "DataCopy with SliceInfo: dimValue must be 1 to 8");
    uint32_t dl = 0, sl = 0;
    std::vector<uint64_t> d = slices(di, dims, elem, dl), s = slices(si, dims, elem, sl);
    if (dl != sl || d.size() != s.size())
        ascstep_rt::stop(p, "DataCopy with SliceInfo: the src and dst slices differ in number or burstLen");
    for (size_t k = 0; k < d.size(); k++)
        ascstep_rt::call(p, "DataCopy(dst: " + dst[d[k]].ron() + ", src: " + src[s[k]].ron() + ", count: " + num(dl) + ")");
}
}  // namespace detail
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1, Pos p = Pos::current()) {
    detail::slice_copy(dst, src, dstSliceInfo, srcSliceInfo, dimValue, sizeof(T), p);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1, Pos p = Pos::current()) {
    detail::slice_copy(dst, src, dstSliceInfo, srcSliceInfo, dimValue, sizeof(T), p);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& params, Pos p = Pos::current()) {
    detail::each_loop<T>(DataCopyMVType::OUT_TO_UB, [&](uint64_t gm, uint64_t ub) {
        ascstep_rt::call(p, "DataCopy(dst: " + dst[ub].ron() + ", src: " + src[gm].ron() + ", params: " + params.ron() + ")");
    }, p);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params, Pos p = Pos::current()) {
    detail::each_loop<T>(DataCopyMVType::UB_TO_OUT, [&](uint64_t gm, uint64_t ub) {
        ascstep_rt::call(p, "DataCopy(dst: " + dst[gm].ron() + ", src: " + src[ub].ron() + ", params: " + params.ron() + ")");
    }, p);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopy(dst: " + dst.ron() + ", src: " + src.ron() + ", params: " + params.ron() + ")");
}
namespace detail {
inline std::string& pad_value();
}  // namespace detail
namespace detail {
inline const char* compact_text(PaddingMode mode) { return mode == PaddingMode::Compact ? ", compact: true" : ""; }
// DataCopyPad from GM into the UB, its operands as RON.
template <class T>
void data_copy_pad_in(const std::string& dst, const std::string& src, const DataCopyExtParams& params,
                      const DataCopyPadExtParams<T>& pad, Pos p, PaddingMode mode = PaddingMode::Normal) {
    // isPad false after SetPadValue: the padding holds SetPadValue's value.
    std::string padding = pad.ron();
    if (!pad.isPad && !detail::pad_value().empty() && (pad.leftPadding || pad.rightPadding))
        padding = ascstep_rt::fmt("[true, %u, %u, ", pad.leftPadding, pad.rightPadding) + detail::pad_value() + "]";
    ascstep_rt::call(p, "DataCopyPad(dst: " + dst + ", src: " + src + ", params: " + params.ron() + ", pad: " + padding +
                            compact_text(mode) + ")");
}
}  // namespace detail
// SetLoopModePara / ResetLoopModePara (Ascend 950): the DataCopyPads of that direction between
// them run as loop2Size × loop1Size DataCopyPad steps, each at its offsets (docs/semantics.md
// §18.1).
inline void SetLoopModePara(const LoopModeParams& loopParams, DataCopyMVType type, Pos p = Pos::current()) {
#if __NPU_ARCH__ != 3510
    ascstep_rt::stop(p, "SetLoopModePara is not available on this product: Ascend 950 only (DK:数据搬运/SetLoopModePara)");
#endif
    (void)p;
    detail::loop_mode(type) = {true, loopParams};
}
inline void ResetLoopModePara(DataCopyMVType type, Pos = Pos::current()) { detail::loop_mode(type) = {}; }
template <class T, PaddingMode mode = PaddingMode::Normal>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& params, const DataCopyPadExtParams<T>& pad,
                 Pos p = Pos::current()) {
    detail::each_loop<T>(DataCopyMVType::OUT_TO_UB, [&](uint64_t gm, uint64_t ub) {
        detail::data_copy_pad_in<T>(dst[ub].ron(), src[gm].ron(), params, pad, p, mode);
    }, p);
}
template <class T, PaddingMode mode = PaddingMode::Normal>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& params, Pos p = Pos::current()) {
    detail::each_loop<T>(DataCopyMVType::UB_TO_OUT, [&](uint64_t gm, uint64_t ub) {
        ascstep_rt::call(p, "DataCopyPad(dst: " + dst[gm].ron() + ", src: " + src[ub].ron() + ", params: " + params.ron() +
                                detail::compact_text(mode) + ")");
    }, p);
}
// DataCopyParams with DataCopyPad: the same units as DataCopyExtParams (bytes on the GM side).
template <class T, PaddingMode mode = PaddingMode::Normal>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& params, const DataCopyPadParams& pad,
                 Pos p = Pos::current()) {
    DataCopyPad<T, mode>(dst, src, DataCopyExtParams(params.blockCount, params.blockLen, params.srcStride, params.dstStride, 0),
                         DataCopyPadExtParams<T>(pad.isPad, pad.leftPadding, pad.rightPadding, T(pad.paddingValue)), p);
}
template <class T, PaddingMode mode = PaddingMode::Normal>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params, Pos p = Pos::current()) {
    DataCopyPad<T, mode>(dst, src, DataCopyExtParams(params.blockCount, params.blockLen, params.srcStride, params.dstStride, 0), p);
}

// The multi-dimensional DataCopy GM → UB (DK:数据搬运/GMToUB多维数据搬运NDDMA(DataCopy); Ascend
// 950; docs/semantics.md §18.4): every dimension as a RON loop, the config's paddings applied.
template <typename T, uint8_t dim, const NdDmaConfig& config = kDefaultNdDmaConfig>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const MultiCopyParams<T, dim>& params,
              Pos p = Pos::current()) {
    static_assert(sizeof(T) != 8 || !config.isNearestValueMode, "nddma b64 only supports constant value mode");
    const auto& l = params.loopInfo;
    std::string loops;
    for (uint8_t i = 0; i < dim; ++i) {
        const unsigned left = config.loopLpSize == NdDmaConfig::unsetPad ? l.loopLpSize[i] : config.loopLpSize;
        const unsigned right = config.loopRpSize == NdDmaConfig::unsetPad ? l.loopRpSize[i] : config.loopRpSize;
        loops += ascstep_rt::fmt("%s(size: %u, src_stride: %llu, dst_stride: %u, left: %u, right: %u)", i ? ", " : "",
                                 l.loopSize[i], (unsigned long long)l.loopSrcStride[i], l.loopDstStride[i], left, right);
    }
    const std::string pad =
        config.isNearestValueMode ? std::string("nearest: true") : "pad_value: " + ascstep_rt::value<T>(params.constantValue);
    ascstep_rt::call(p, "DataCopy(dst: " + dst.ron() + ", src: " + src.ron() + ", loops: [" + loops + "], " + pad + ")");
}
// NdDmaDci: refreshes the NDDMA cache, which ascstep does not model (its DataCopy reads GM as it
// is): no step.
inline void NdDmaDci(Pos = Pos::current()) {}

struct CopyRepeatParams {
    uint16_t dstStride = 1, srcStride = 1, dstRepeatSize = 8, srcRepeatSize = 8;
    CopyRepeatParams() = default;
    CopyRepeatParams(uint16_t a, uint16_t b, uint16_t c, uint16_t d) : dstStride(a), srcStride(b), dstRepeatSize(c), srcRepeatSize(d) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", dstStride, srcStride, dstRepeatSize, srcRepeatSize); }
};
// Copy's count form (DK:数据搬运/UBToUB连续数据搬运(Copy); Ascend 950).
template <class T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Copy(dst: " + dst.ron() + ", src: " + src.ron() + ", count: " + num(count) + ")");
}
template <class T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTime, const CopyRepeatParams& params,
          Pos p = Pos::current()) {
    ascstep_rt::call(p, "Copy(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}
template <class T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const uint8_t repeatTime, const CopyRepeatParams& params,
          Pos p = Pos::current()) {
    ascstep_rt::call(p, "Copy(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}
}  // namespace AscendC
