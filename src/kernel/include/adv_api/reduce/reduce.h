// The library's ReduceSum, ReduceMax and ReduceMin over a two-dimensional shape
// (adv_api/reduce/reduce.h, DK:高阶API/归约操作/ReduceSum、ReduceMax、ReduceMin), made of the
// vector instructions Atlas A2's library issues (the steps of its reduce_*_v220_impl.h and
// reduce_common_util_v220_impl.h), so that a call steps, checks and rounds as the device's
// (docs/semantics.md §25):
//
// - `srcShape` is {first, last}; each row is `last` elements padded to 32 bytes (padLast).
// - AR (reduce the last axis): ReduceSum sums rows of at most one block with one BlockReduceSum
//   per 8 rows, rows of at most a repeat with WholeReduceSum, longer rows by adding the part
//   beyond the largest power of two onto the first part, halving with PairReduceSum down to 64
//   elements, then two BlockReduceSums. ReduceMax/Min go by BlockReduceMax/Min (rows up to a
//   block), Max/Min over blocks or repeats into the temporary buffer and BlockReduce or
//   WholeReduce to finish.
// - RA (reduce the first axis): the rows beyond the largest power of two folded onto the first
//   ones, then halving the rows pairwise, the last row copied to dst with Adds of 0.
// - isReuseSource: the source is the working buffer (and is changed), as the library does.
//
// Ascend 950's library computes these with the register API in an order of its own; ascstep
// runs the same steps there (docs/semantics.md §25 says how far a sum may differ).
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace Pattern {
namespace Reduce {
struct R {};
struct RA {};
struct AR {};
struct ARA {};
struct ARAR {};
struct ARARA {};
struct ARARAR {};
struct ARARARA {};
struct ARARARAR {};
struct ARARARARA {};
struct RAR {};
struct RARA {};
struct RARAR {};
struct RARARA {};
struct RARARAR {};
struct RARARARA {};
}  // namespace Reduce
}  // namespace Pattern

namespace detail {
namespace reduce {
enum class Mode { Sum, Min, Max };
constexpr uint32_t kMaxRepeat = 255;
constexpr uint32_t kBlocks = 8;

// The exponent of the largest power of two not above n (n > 0).
inline uint32_t log2_floor(uint32_t n) { return 31 - uint32_t(__builtin_clz(n)); }

// Add, Min or Max with the mask register's lanes (isSetMask false).
template <class T, Mode m>
void binary(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>& b, uint64_t mask, uint8_t repeat,
            const BinaryRepeatParams& rp, Pos p) {
    if constexpr (m == Mode::Sum) {
        Add<T, false>(d, a, b, mask, repeat, rp, p);
    } else if constexpr (m == Mode::Min) {
        Min<T, false>(d, a, b, mask, repeat, rp, p);
    } else {
        Max<T, false>(d, a, b, mask, repeat, rp, p);
    }
}

// BlockReduceSum/Min/Max: normal mode with a mask (strides 1, 1, 8), counter mode with the
// register's count and the given block and repeat strides.
template <class T, Mode m>
void block_masked(const LocalTensor<T>& d, const LocalTensor<T>& s, int32_t repeat, const uint64_t mask[], Pos p) {
    if constexpr (m == Mode::Sum) {
        BlockReduceSum(d, s, repeat, mask, 1, 1, DEFAULT_REPEAT_STRIDE, p);
    } else if constexpr (m == Mode::Min) {
        BlockReduceMin(d, s, repeat, mask, 1, 1, DEFAULT_REPEAT_STRIDE, p);
    } else {
        BlockReduceMax(d, s, repeat, mask, 1, 1, DEFAULT_REPEAT_STRIDE, p);
    }
}
template <class T, Mode m>
void block_counted(const LocalTensor<T>& d, const LocalTensor<T>& s, int32_t blk, int32_t rep, Pos p) {
    if constexpr (m == Mode::Sum) {
        BlockReduceSum<T, false>(d, s, 1, MASK_PLACEHOLDER, 1, blk, rep, p);
    } else if constexpr (m == Mode::Min) {
        BlockReduceMin<T, false>(d, s, 1, MASK_PLACEHOLDER, 1, blk, rep, p);
    } else {
        BlockReduceMax<T, false>(d, s, 1, MASK_PLACEHOLDER, 1, blk, rep, p);
    }
}
template <class T, Mode m>
void whole(const LocalTensor<T>& d, const LocalTensor<T>& s, int32_t repeat, int32_t mask, int32_t rep, Pos p) {
    if constexpr (m == Mode::Min) {
        WholeReduceMin(d, s, mask, repeat, 1, 1, rep, ReduceOrder::ORDER_ONLY_VALUE, p);
    } else {
        WholeReduceMax(d, s, mask, repeat, 1, 1, rep, ReduceOrder::ORDER_ONLY_VALUE, p);
    }
}

// The mask of the first `per` lanes of each of `blocks` blocks.
template <class T>
void block_lanes(uint32_t per, uint32_t blocks, uint64_t mask[2]) {
    constexpr uint32_t elems = ONE_BLK_SIZE / sizeof(T);
    mask[0] = mask[1] = 0;
    const uint64_t bits = per >= 64 ? ~0ull : (1ull << per) - 1;
    const uint32_t low_blocks = sizeof(T) == 2 ? (blocks > 4 ? 4 : blocks) : blocks;
    for (uint32_t k = 0; k < low_blocks; ++k) mask[0] += bits << (k * elems);
    for (uint32_t k = low_blocks; k < blocks; ++k) mask[1] += bits << ((k - low_blocks) * elems);
}

// Rows of at most one block reduced by block reductions, 8 rows a repeat (BlkReduceForLoop; the
// library's loop over full 255-repeat groups does not advance its offsets, and ascstep does
// as it does: docs/semantics.md §25).
template <class T, Mode m>
void rows_by_block(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t first, uint32_t last, Pos p) {
    constexpr uint32_t elems = ONE_BLK_SIZE / sizeof(T);
    const uint32_t groups = first / (kMaxRepeat * kBlocks);
    const uint32_t rest = first % (kMaxRepeat * kBlocks);
    const uint32_t full = rest / kBlocks;
    const uint32_t tail = rest % kBlocks;
    const uint32_t per = last > elems ? elems : last;
    uint64_t mask[2];
    block_lanes<T>(per, kBlocks, mask);
    for (uint32_t k = 0; k < groups; ++k) {
        ASCSTEP_V((block_masked<T, m>(dst, src, kMaxRepeat, mask, p)));
    }
    const uint32_t done = groups * kMaxRepeat;
    if (full > 0) {
        ASCSTEP_V((block_masked<T, m>(dst[done * kBlocks], src[done * kBlocks * elems], full, mask, p)));
    }
    if (tail > 0) {
        uint64_t tail_mask[2];
        block_lanes<T>(per, tail, tail_mask);
        const uint32_t at = (done + full) * kBlocks;
        ASCSTEP_V((block_masked<T, m>(dst[at], src[at * elems], 1, tail_mask, p)));
    }
}

// RA: the first axis folded by halves (BinaryReduceByFirstAxis).
template <class T, Mode m, bool reuse>
void by_first_axis(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t first,
                   uint32_t last, uint32_t pad_last, Pos p) {
    const BinaryRepeatParams bp;
    const UnaryRepeatParams up;
    uint32_t split = 1u << log2_floor(first);
    const uint32_t remain = first - split;
    SetMaskCount(p);
    if constexpr (reuse) {
        if (remain != 0) {
            SetVectorMask<T, MaskMode::COUNTER>(0, pad_last * remain, p);
            ASCSTEP_V((binary<T, m>(src, src, src[split * pad_last], MASK_PLACEHOLDER, 1, bp, p)));
        }
    } else {
        if (remain != 0) {
            SetVectorMask<T, MaskMode::COUNTER>(0, split * pad_last, p);
            ASCSTEP_V((Adds<T, false>(tmp, src, T(0), MASK_PLACEHOLDER, 1, up, p)));
            SetVectorMask<T, MaskMode::COUNTER>(0, pad_last * remain, p);
            ASCSTEP_V((binary<T, m>(tmp, tmp, src[split * pad_last], MASK_PLACEHOLDER, 1, bp, p)));
        } else if (split > 1) {
            split >>= 1;
            SetVectorMask<T, MaskMode::COUNTER>(0, pad_last * split, p);
            ASCSTEP_V((binary<T, m>(tmp, src, src[split * pad_last], MASK_PLACEHOLDER, 1, bp, p)));
        } else {
            SetVectorMask<T, MaskMode::COUNTER>(0, last, p);
            ASCSTEP_V((Adds<T, false>(dst, src, T(0), MASK_PLACEHOLDER, 1, up, p)));
            return;
        }
    }
    const LocalTensor<T>& cur = reuse ? src : tmp;
    while (split > 1) {
        split >>= 1;
        SetVectorMask<T, MaskMode::COUNTER>(0, pad_last * split, p);
        ASCSTEP_V((binary<T, m>(cur, cur, cur[split * pad_last], MASK_PLACEHOLDER, 1, bp, p)));
    }
    SetVectorMask<T, MaskMode::COUNTER>(0, last, p);
    ASCSTEP_V((Adds<T, false>(dst, cur, T(0), MASK_PLACEHOLDER, 1, up, p)));
}
// The start of every call: the products whose library has these functions, and srcInnerPad:
// Atlas A2/A3 take only true (rows are padded to 32 bytes either way); Ascend 950 ignores it.
inline void start(const char* api, bool inner_pad, Pos p) {
#if __NPU_ARCH__ == 2201
    if (!inner_pad) {
        ascstep_rt::stop(p, std::string("AscendC::") + api +
                                ": srcInnerPad is false; Atlas A2/A3 support only true (rows padded to 32 bytes)");
    }
#elif __NPU_ARCH__ != 3510
    ascstep_rt::stop(p, std::string("AscendC::") + api +
                            " (adv_api/reduce/reduce.h) is not available on this product: Atlas A2/A3 and Ascend 950 only");
#endif
    (void)api;
    (void)inner_pad;
    (void)p;
}
}  // namespace reduce
}  // namespace detail
}  // namespace AscendC

// NAME<T, pattern, isReuseSource>(dst, src[, sharedTmpBuffer], srcShape, srcInnerPad), the
// temporary buffer the stack buffer when not given; IMPL<T, pattern, MODE, isReuseSource>
// computes it.
#define ASCSTEP_LIBRARY_REDUCE(NAME, MODE, IMPL)                                                                     \
    template <class T, class pattern, bool isReuseSource = false>                                                  \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                    \
              const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t srcShape[], bool srcInnerPad,           \
              Pos p = Pos::current()) {                                                                            \
        detail::reduce::IMPL<T, pattern, MODE, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcShape,    \
                                                              srcInnerPad, #NAME, p);                             \
    }                                                                                                              \
    template <class T, class pattern, bool isReuseSource = false>                                                  \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t srcShape[],        \
              bool srcInnerPad, Pos p = Pos::current()) {                                                          \
        NAME<T, pattern, isReuseSource>(dstTensor, srcTensor, detail::stack_buffer(p), srcShape, srcInnerPad, p); \
    }

#include "adv_api/reduce/reduce_extreme.h"
#include "adv_api/reduce/reduce_sum.h"
