// The library's SoftMax family (adv_api/activation/softmax.h, softmaxgrad.h, simplesoftmax.h,
// logsoftmax.h, softmaxflashv2.h; DK:高阶API/激活函数/SoftMax接口): the configuration and shape
// types with CANN's fields and defaults, and the APIs with CANN's template parameters. SoftMax
// (dst[, sumTensor, maxTensor], src[, sharedTmpBuffer], tiling[, shapeInfo]), AdjustSoftMaxRes,
// SoftmaxGrad and SoftmaxGradFront (softmax_grad.h), LogSoftMax (logsoftmax.h) and SimpleSoftMax (simplesoftmax.h) are simulated on Atlas A2/A3 with CANN's steps (softmax_steps.h;
// docs/semantics.md §27); a call of
// another member stops the compile
// with a message naming it: ascstep does not simulate it yet (docs/format.md §12.4). Their
// tiling structs are in kernel_tiling/library_tiling.h.
#pragma once
#include "kernel_operator.h"
#include "adv_api/unsimulated.h"
#include "adv_api/activation/softmax_steps.h"
#include "kernel_tiling/library_tiling.h"

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

namespace detail {
namespace softmax {
// The tiling of `shape` for a work buffer of `workFloats` floats, as the library's kernel side
// computes it when the shape differs from the tiling's (softmax_tiling_func.h): splitM rows per
// piece, those that fit beside their reduction blocks (a block of the sum and max type,
// `sumSize` bytes an element) and 64 lanes each (half: and their floats).
inline SoftMaxTiling tiling_for(const char* api, uint32_t workFloats, const SoftMaxShapeInfo& shape, uint32_t typeSize,
                                uint32_t sumSize, bool basicBlock, Pos p) {
    const uint32_t perBlock = ONE_BLK_SIZE / sumSize;
    uint32_t m = typeSize == sizeof(half) ? workFloats / (perBlock + shape.srcK + FLOAT_REPEAT_SIZE)
                                          : workFloats / (perBlock + FLOAT_REPEAT_SIZE);
    m = m < shape.srcM ? m : shape.srcM;
    if (basicBlock && m > F_BLK && shape.srcM % F_BLK == 0) {  // basic blocks: m a multiple of 8 dividing srcM
        m = m / F_BLK * F_BLK;
        while (shape.srcM % m != 0) m -= F_BLK;
        while (m * shape.srcK >= FLOAT_REPEAT_SIZE * DEFAULT_BLOCK_SIZE) m /= HALF_FACTOR;
    }
    if (m < shape.oriSrcM && m > F_BLK) m = m / F_BLK * F_BLK;
    m = m < shape.oriSrcM ? m : shape.oriSrcM;
    if (m == 0)
        ascstep_rt::stop(p, ascstep_rt::fmt("%s: the temporary buffer of %u floats holds no row of %u (softmax need min tmpbuffer is not enough)",
                                            api, workFloats, shape.srcK));
    return tiling_of(shape.srcM, shape.srcK, shape.oriSrcM, perBlock, m);
}

// One piece of rows from `at`: max, x − max, Exp, sum, x / sum.
template <bool isReuseSource>
void piece(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& work,
           const SoftMaxTiling& t, uint32_t at, uint32_t size, const ReduceLastND& r, Pos p) {
    const LocalTensor<float> rowValue = work;
    const LocalTensor<float> lanes = work[t.reduceSize];
    reduce_rows<Fold::Max>(rowValue, src[at], lanes, r, p);
    PipeBarrier<PIPE_V>(p);
    row_op<RowOp::Sub>(dst[at], src[at], rowValue, r.originalSrcM, t.srcK, t.reduceK, p);
    PipeBarrier<PIPE_V>(p);
    const LocalTensor<float> e = isReuseSource ? src[at] : dst[at];
    Exp(e, dst[at], size, p);
    PipeBarrier<PIPE_V>(p);
    reduce_rows<Fold::Sum>(rowValue, e, lanes, r, p);
    PipeBarrier<PIPE_V>(p);
    row_op<RowOp::Div>(dst[at], e, rowValue, r.originalSrcM, t.srcK, t.reduceK, p);
}

// Half data in float: x, each row's value and the reduction lanes in the work buffer; after each
// row reduction (and its barrier) `kept(rowValue, fold)` (the sum and max form casts it out), and
// `last(x)` after the division (LogSoftMax's logarithm).
template <class Kept, class Last>
void half_piece(const LocalTensor<half>& dst, const LocalTensor<half>& src, const LocalTensor<float>& work,
                const SoftMaxTiling& t, uint32_t at, uint32_t size, const ReduceLastND& r, Pos p, Kept&& kept,
                Last&& last) {
    const LocalTensor<float> x = work;
    const LocalTensor<float> rowValue = work[t.splitSize];
    const LocalTensor<float> lanes = work[t.splitSize + t.reduceSize];
    Cast(x, src[at], RoundMode::CAST_NONE, size, p);
    PipeBarrier<PIPE_V>(p);
    reduce_rows<Fold::Max>(rowValue, x, lanes, r, p);
    PipeBarrier<PIPE_V>(p);
    kept(rowValue, Fold::Max);
    row_op<RowOp::Sub>(x, x, rowValue, r.originalSrcM, t.srcK, t.reduceK, p);
    PipeBarrier<PIPE_V>(p);
    Exp(x, x, size, p);
    PipeBarrier<PIPE_V>(p);
    reduce_rows<Fold::Sum>(rowValue, x, lanes, r, p);
    PipeBarrier<PIPE_V>(p);
    kept(rowValue, Fold::Sum);
    row_op<RowOp::Div>(x, x, rowValue, r.originalSrcM, t.srcK, t.reduceK, p);
    PipeBarrier<PIPE_V>(p);
    last(x);
    Cast(dst[at], x, RoundMode::CAST_ROUND, size, p);
}
inline void none(const LocalTensor<float>&) {}

template <bool isReuseSource>
void piece(const LocalTensor<half>& dst, const LocalTensor<half>& src, const LocalTensor<float>& work,
           const SoftMaxTiling& t, uint32_t at, uint32_t size, const ReduceLastND& r, Pos p) {
    half_piece(dst, src, work, t, at, size, r, p, [](const LocalTensor<float>&, Fold) {}, none);
}

// One piece of rows from `at` with the sum and max outputs (their rows from `at2`), as
// softmax_generic_nd_impl.h's A2 branch: float (max and sum reduced into the outputs), half with
// float outputs (the same, in float after a Cast), half with half outputs (reduced in the work
// buffer and cast to half with CAST_ROUND).
inline void piece_sum_max(const LocalTensor<float>& dst, const LocalTensor<float>& sum, const LocalTensor<float>& max,
                          const LocalTensor<float>& src, const LocalTensor<float>& work, const SoftMaxTiling& t, uint32_t at,
                          uint32_t at2, uint32_t size, uint32_t, const ReduceLastND& r, Pos p) {
    reduce_rows<Fold::Max>(max[at2], src[at], work, r, p);
    PipeBarrier<PIPE_V>(p);
    row_op<RowOp::Sub>(dst[at], src[at], max[at2], r.originalSrcM, t.srcK, t.reduceK, p);
    PipeBarrier<PIPE_V>(p);
    Exp(dst[at], dst[at], size, p);
    PipeBarrier<PIPE_V>(p);
    reduce_rows<Fold::Sum>(sum[at2], dst[at], work, r, p);
    PipeBarrier<PIPE_V>(p);
    row_op<RowOp::Div>(dst[at], dst[at], sum[at2], r.originalSrcM, t.srcK, t.reduceK, p);
}
inline void piece_sum_max(const LocalTensor<half>& dst, const LocalTensor<float>& sum, const LocalTensor<float>& max,
                          const LocalTensor<half>& src, const LocalTensor<float>& work, const SoftMaxTiling& t, uint32_t at,
                          uint32_t at2, uint32_t size, uint32_t, const ReduceLastND& r, Pos p) {
    const LocalTensor<float> x = work;
    const LocalTensor<float> lanes = work[t.splitSize];
    Cast(x, src[at], RoundMode::CAST_NONE, size, p);
    PipeBarrier<PIPE_V>(p);
    reduce_rows<Fold::Max>(max[at2], x, lanes, r, p);
    PipeBarrier<PIPE_V>(p);
    row_op<RowOp::Sub>(x, x, max[at2], r.originalSrcM, t.srcK, t.reduceK, p);
    PipeBarrier<PIPE_V>(p);
    Exp(x, x, size, p);
    PipeBarrier<PIPE_V>(p);
    reduce_rows<Fold::Sum>(sum[at2], x, lanes, r, p);
    PipeBarrier<PIPE_V>(p);
    row_op<RowOp::Div>(x, x, sum[at2], r.originalSrcM, t.srcK, t.reduceK, p);
    PipeBarrier<PIPE_V>(p);
    Cast(dst[at], x, RoundMode::CAST_ROUND, size, p);
}
template <class Last = decltype(none)&>
void piece_sum_max(const LocalTensor<half>& dst, const LocalTensor<half>& sum, const LocalTensor<half>& max,
                   const LocalTensor<half>& src, const LocalTensor<float>& work, const SoftMaxTiling& t, uint32_t at,
                   uint32_t at2, uint32_t size, uint32_t reduceSize, const ReduceLastND& r, Pos p, Last&& last = none) {
    half_piece(dst, src, work, t, at, size, r, p, [&](const LocalTensor<float>& rowValue, Fold f) {
        Cast((f == Fold::Max ? max : sum)[at2], rowValue, RoundMode::CAST_ROUND, reduceSize, p);
        PipeBarrier<PIPE_V>(p);
    }, last);
}

// The library's A2 steps only: another product stops the call (`api` names it).
inline void check_product(const char* api, Pos p) {
#if __NPU_ARCH__ != 2201
    ascstep_rt::stop(p, std::string("the library's ") + api + " is simulated on Atlas A2 and A3 (CANN's v220 steps); on this product its steps differ and are not simulated yet");
#endif
}

// The shape a call runs on: `given` when it has srcM and srcK, else the source tensor's
// ShapeInfo (SetShapeInfo) as the library takes it (GetLastAxisShapeND): K the last axis, M the
// product of the others, of the shape and of the original shape.
template <class T>
SoftMaxShapeInfo shape_of(const char* api, const LocalTensor<T>& src, const SoftMaxShapeInfo& given, Pos p) {
    if (given.srcM != 0 && given.srcK != 0) return given;
    const ShapeInfo s = src.GetShapeInfo();
    auto last_axis = [](const uint32_t* dims, uint8_t n, uint32_t& m, uint32_t& k) {
        uint64_t all = 1;
        for (uint8_t i = 0; i < n; i++) all *= dims[i];
        k = n == 0 ? 0 : dims[n - 1];
        m = k == 0 ? 0 : uint32_t(all / k);
    };
    SoftMaxShapeInfo out;
    last_axis(s.shape, s.shapeDim, out.srcM, out.srcK);
    last_axis(s.originalShape, s.originalShapeDim, out.oriSrcM, out.oriSrcK);
    if (out.srcM == 0 || out.oriSrcM == 0)
        ascstep_rt::stop(p, std::string(api) + " without a SoftMaxShapeInfo takes the shape from the source tensor's ShapeInfo, and none was set on it: pass SoftMaxShapeInfo{srcM, srcK, oriSrcM, oriSrcK} or call SetShapeInfo on the tensor");
    return out;
}

// The reduction parameters, then `each(t, at, at2, size, reduceSize, r)` for the tiling's rangeM
// pieces and its tailM piece (`at` the first element, `at2` the first row-block element).
template <typename T, const SoftmaxConfig& config, class Each>
void walk(const SoftMaxTiling& t, const SoftMaxShapeInfo& shape, Pos p, Each&& each) {
    SetMaskNorm(p);
    ResetMask(p);
    ReduceLastND r;
    if constexpr (config.oriSrcM == 0 || config.oriSrcK == 0) {
        r = {t.splitM, shape.oriSrcK, t.splitM, t.splitK, t.reduceM, t.reduceK};
    } else {
        const uint32_t splitK = config.oriSrcK % F_BLK == 0 ? config.oriSrcK : AlignUp(config.oriSrcK, F_BLK);
        const uint32_t dstK = std::is_same<T, half>::value ? DEFAULT_REPEAT_STRIDE * HALF_FACTOR : DEFAULT_REPEAT_STRIDE;
        r = {t.splitM, config.oriSrcK, t.splitM, splitK, t.reduceM, dstK};
    }
    PipeBarrier<PIPE_V>(p);
    uint32_t at = 0, at2 = 0;
    uint32_t size = t.splitSize, reduceSize = t.reduceSize;
    for (uint32_t i = 0; i <= t.rangeM; i++) {
        each(t, at, at2, size, reduceSize, r);
        at += t.splitSize;
        at2 += t.reduceSize;
        if (i == t.rangeM - 1) {
            if (t.tailM == 0) break;
            at = t.rangeM * t.splitSize;
            at2 = t.rangeM * t.reduceSize;
            size = t.tailSplitSize;
            reduceSize = t.tailReduceSize;
            r.originalSrcM = r.srcM = r.dstM = t.tailM;
            PipeBarrier<PIPE_V>(p);
        }
    }
}

// The pieces of a SoftMax call (sums and maxima of type S): the tiling it runs with (the shape's
// own when the given one is for another shape, as the library does), then walk.
template <typename T, bool isBasicBlock, const SoftmaxConfig& config, class S = float, class Each>
void pieces(const LocalTensor<float>& work, const SoftMaxTiling& given, const SoftMaxShapeInfo& shape, Pos p, Each&& each) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value, "SoftMax supports half and float");
    check_product("SoftMax", p);
    const SoftMaxTiling t = shape.srcK != given.srcK || shape.srcM != given.srcM
                                ? tiling_for("SoftMax", work.GetSize(), {shape.srcM, shape.srcK, shape.oriSrcM, shape.srcK}, sizeof(T),
                                             sizeof(S), isBasicBlock, p)
                                : given;
    walk<T, config>(t, shape, p, each);
}

template <typename T, bool isReuseSource, bool isBasicBlock, const SoftmaxConfig& config>
void softmax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<float>& work,
             const SoftMaxTiling& given, const SoftMaxShapeInfo& shape, Pos p) {
    pieces<T, isBasicBlock, config>(work, given, shape, p,
                                    [&](const SoftMaxTiling& t, uint32_t at, uint32_t, uint32_t size, uint32_t, const ReduceLastND& r) {
                                        piece<isReuseSource>(dst, src, work, t, at, size, r, p);
                                    });
}
}  // namespace softmax
}  // namespace detail

// SoftMax(dst, src, sharedTmpBuffer, tiling[, shapeInfo]): each row of the last axis as
// e^(x − max) / Σ e^(x − max), made with CANN's Atlas A2 steps (docs/semantics.md §27).
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
             const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, Pos p = Pos::current()) {
    detail::softmax::softmax<T, isReuseSource, isBasicBlock, config>(dstTensor, srcTensor, sharedTmpBuffer.ReinterpretCast<float>(p), tiling,
                                                       detail::softmax::shape_of("SoftMax", srcTensor, softmaxShapeInfo, p), p);
}
// SoftMax(dst, src, tiling[, shapeInfo]): the stack buffer as the temporary (PopStackBuffer).
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}, Pos p = Pos::current()) {
    detail::softmax::softmax<T, isReuseSource, isBasicBlock, config>(dstTensor, srcTensor, detail::stack_buffer(p).ReinterpretCast<float>(p), tiling,
                                                       detail::softmax::shape_of("SoftMax", srcTensor, softmaxShapeInfo, p), p);
}
// SoftMax(dst, sumTensor, maxTensor, src[, sharedTmpBuffer], tiling[, shapeInfo]): the same rows,
// each row's max and sum also written to a block of its own (docs/semantics.md §27), with CANN's
// template parameters: all of type T, or half data with float sums and maxima (T named). ND only.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG, class S>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<S>& sumTensor, const LocalTensor<S>& maxTensor,
             const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}, Pos p = Pos::current()) {
    static_assert(std::is_same<S, T>::value || (std::is_same<T, half>::value && std::is_same<S, float>::value),
                  "SoftMax: sumTensor and maxTensor are of the data's type, or float for half data");
    static_assert(!isDataFormatNZ, "ascstep does not simulate AscendC::SoftMax on NZ data yet (docs/format.md §12.4)");
    const LocalTensor<float> work = sharedTmpBuffer.ReinterpretCast<float>(p);
    detail::softmax::pieces<T, isBasicBlock, config, S>(
        work, tiling, detail::softmax::shape_of("SoftMax", srcTensor, softmaxShapeInfo, p), p,
        [&](const SoftMaxTiling& t, uint32_t at, uint32_t at2, uint32_t size, uint32_t reduceSize, const ReduceLastND& r) {
            detail::softmax::piece_sum_max(dstTensor, sumTensor, maxTensor, srcTensor, work, t, at, at2, size, reduceSize, r, p);
        });
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG, class S>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<S>& sumTensor, const LocalTensor<S>& maxTensor,
             const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
             Pos p = Pos::current()) {
    SoftMax<T, isReuseSource, isBasicBlock, isDataFormatNZ, config>(dstTensor, sumTensor, maxTensor, srcTensor, detail::stack_buffer(p),
                                                                    tiling, softmaxShapeInfo, p);
}

// AdjustSoftMaxRes (DK:高阶API/激活函数/SoftMax接口/AdjustSoftMaxRes): each row of softMaxRes whose max
// (the first element of its block in maxTensor; stepSizeMode 1: the row's element) has the bits
// `from` becomes `to`, as softmax_common_impl.h's A2 steps: each max read by the scalar unit
// after a V → S sync, the row filled by a counter-mode Duplicate of srcK. True when a row changed.
template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>
bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes, const LocalTensor<T2>& maxTensor, const uint32_t from, const T1 to,
                      const SoftMaxShapeInfo& softmaxShapeInfo, Pos p = Pos::current()) {
    static_assert((std::is_same<T1, half>::value || std::is_same<T1, float>::value) &&
                      (std::is_same<T2, half>::value || std::is_same<T2, float>::value),
                  "AdjustSoftMaxRes supports half and float");
    static_assert(!isDataFormatNZ, "ascstep does not simulate AscendC::AdjustSoftMaxRes on NZ data yet (docs/format.md §12.4)");
    using Bits = std::conditional_t<sizeof(T2) == sizeof(float), uint32_t, uint16_t>;
    const uint32_t step = stepSizeMode != 0 ? 1 : ONE_BLK_SIZE / sizeof(T2);
    SetMaskNorm(p);
    ResetMask(p);
    SetFlag<HardEvent::V_S>(0, p);
    WaitFlag<HardEvent::V_S>(0, p);
    bool changed = false;
    SetMaskCount(p);
    SetVectorMask<float, MaskMode::COUNTER>(0, softmaxShapeInfo.srcK, p);
    for (uint32_t j = 0; j < softmaxShapeInfo.srcM; j++) {
        const LocalTensor<Bits> bits = maxTensor.template ReinterpretCast<Bits>(p);
        if (uint32_t(bits.GetValue(j * step, p)) == Bits(from)) {
            Duplicate<T1, false>(softMaxRes[j * softmaxShapeInfo.srcK], to, MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
            changed = true;
        }
    }
    SetMaskNorm(p);
    ResetMask(p);
    return changed;
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG, class... A>
void SoftmaxFlashV2(const LocalTensor<T>&, A&&...) {
    ASCSTEP_SOFTMAX_UNSIMULATED(SoftmaxFlashV2);
}
#undef ASCSTEP_SOFTMAX_UNSIMULATED
}  // namespace AscendC

#include "adv_api/activation/softmax_grad.h"
#include "adv_api/activation/logsoftmax.h"
#include "adv_api/activation/simplesoftmax.h"
