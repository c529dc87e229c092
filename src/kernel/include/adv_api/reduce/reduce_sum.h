// ReduceSum (adv_api/reduce/reduce.h), float, as Atlas A2's library issues it
// (reduce_sum_v220_impl.h): AR rows of at most a block by masked BlockReduceSum, of at most a
// repeat by WholeReduceSum (248 rows a call); longer rows 248 at a time: the part beyond the
// largest power of two not above the row length (splitK; half of it when the row is a power
// of two) added onto the first part, by rows or, when the tail is short and rows many, by
// repeats across rows; the first parts halved with PairReduceSum down to 64 elements; two
// BlockReduceSums to one. RA folds the first axis (reduce.h). docs/semantics.md §25.
#pragma once
#include "adv_api/reduce/reduce.h"

namespace AscendC {
namespace detail {
namespace reduce {
constexpr uint32_t kSumRows = 248;  // rows a pass of the long-row sum
constexpr uint32_t kF32Block = 8;
constexpr uint32_t kF32Repeat = 64;

struct SumShape {
    uint32_t first, last, pad_last, split, tail;
};

// The compacting copy: each row's first `per_row` elements, rows `pad_last` apart, to rows
// `per_row` apart.
template <class T>
void compact(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t rows, uint32_t per_row, uint32_t pad_last,
             Pos p) {
    DataCopy(dst, src,
             DataCopyParams{uint16_t(rows), uint16_t(per_row / kF32Block), uint16_t((pad_last - per_row) / kF32Block),
                            0},
             p);
    PipeBarrier<PIPE_V>(p);
}

// The tail of each row added onto its first part.
template <class T, bool reuse>
void add_tails(const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t rows, uint32_t per_row,
               const SumShape& s, Pos p) {
    const uint32_t tail = s.tail == 0 && per_row > 0 ? s.pad_last - per_row : s.tail;
    const uint32_t reps = tail / kF32Repeat;
    const uint32_t rest = tail % kF32Repeat;
    const bool many_rows = reps + (rest > 0 ? 1 : 0) < rows;
    const BinaryRepeatParams plain;
    if (many_rows && s.last > kF32Repeat && per_row / kF32Block <= 255) {
        // By repeats across the rows.
        SetMaskNorm(p);
        const uint8_t tmp_row = uint8_t((reuse ? s.pad_last : per_row) / kF32Block);
        const uint8_t src_row = uint8_t(s.pad_last / kF32Block);
        const BinaryRepeatParams bp{1, 1, 1, tmp_row, tmp_row, src_row};
        SetVectorMask<T, MaskMode::NORMAL>(kF32Repeat, p);
        for (uint32_t i = 0; i < reps; ++i) {
            Add<T, false>(tmp[i * kF32Repeat], tmp[i * kF32Repeat], src[per_row + i * kF32Repeat], MASK_PLACEHOLDER,
                          rows, bp, p);
        }
        if (rest > 0) {
            SetVectorMask<T, MaskMode::NORMAL>(rest, p);
            Add<T, false>(tmp[reps * kF32Repeat], tmp[reps * kF32Repeat], src[per_row + reps * kF32Repeat],
                          MASK_PLACEHOLDER, rows, bp, p);
        }
        PipeBarrier<PIPE_V>(p);
        if constexpr (reuse) {
            compact(tmp, tmp, rows, per_row, s.pad_last, p);
        }
    } else if constexpr (reuse) {
        // Row by row, in place, then compacted.
        SetVectorMask<T, MaskMode::COUNTER>(tail, p);
        for (uint32_t i = 0; i < rows; ++i) {
            const uint32_t at = i * s.pad_last;
            Add<T, false>(tmp[at], tmp[at], src[at + per_row], MASK_PLACEHOLDER, 1, plain, p);
        }
        PipeBarrier<PIPE_V>(p);
        compact(tmp, tmp, rows, per_row, s.pad_last, p);
    } else {
        // Row by row onto the compacted first parts.
        for (uint32_t i = 0; i < rows; ++i) {
            SetVectorMask<T, MaskMode::COUNTER>(tail, p);
            Add<T, false>(tmp[i * per_row], tmp[i * per_row], src[i * s.pad_last + per_row], MASK_PLACEHOLDER, 1, plain,
                          p);
        }
        PipeBarrier<PIPE_V>(p);
    }
}

// Up to 248 rows longer than a repeat (ReduceSumInLargeLast).
template <class T, bool reuse>
void sum_long_rows(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t rows,
                   uint32_t per_row, const SumShape& s, Pos p) {
    if constexpr (!reuse) {
        compact(tmp, src, rows, per_row, s.pad_last, p);
    }
    add_tails<T, reuse>(src, tmp, rows, per_row, s, p);
    ResetMask(p);
    SetMaskCount(p);
    for (uint32_t k = per_row; k > kF32Repeat; k >>= 1) {
        SetVectorMask<T, MaskMode::COUNTER>(rows * k, p);
        ASCSTEP_V((PairReduceSum<T, false>(tmp, tmp, 1, MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p)));
    }
    SetVectorMask<T, MaskMode::COUNTER>(rows * kF32Repeat, p);
    ASCSTEP_V((BlockReduceSum<T, false>(tmp, tmp, 1, MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p)));
    SetVectorMask<T, MaskMode::COUNTER>(rows * kF32Block, p);
    BlockReduceSum<T, false>(dst, tmp, 1, MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
}

template <class T, bool reuse>
void sum_rows(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t per_row,
              const SumShape& s, Pos p) {
    const uint32_t passes = s.first / kSumRows;
    const uint32_t rest = s.first % kSumRows;
    if (s.last <= kF32Repeat) {
        SetMaskNorm(p);
        SetVectorMask<T, MaskMode::NORMAL>(s.last, p);
        const int32_t rep = int32_t(s.pad_last / kF32Block);
        for (uint32_t i = 0; i < passes; ++i) {
            WholeReduceSum<T, false>(dst[kSumRows * i], src[kSumRows * i * s.pad_last], MASK_PLACEHOLDER, kSumRows, 1, 1,
                                     rep, p);
        }
        if (rest > 0) {
            const uint32_t at = s.first - rest;
            SetVectorMask<T, MaskMode::NORMAL>(s.last, p);
            WholeReduceSum<T, false>(dst[at], src[at * s.pad_last], MASK_PLACEHOLDER, rest, 1, 1, rep, p);
        }
    } else {
        SetMaskCount(p);
        for (uint32_t i = 0; i < passes; ++i) {
            const uint32_t at = kSumRows * i;
            sum_long_rows<T, reuse>(dst[at], src[at * s.pad_last], tmp[at * kF32Repeat], kSumRows, per_row, s, p);
        }
        if (rest > 0) {
            const uint32_t at = s.first - rest;
            sum_long_rows<T, reuse>(dst[at], src[at * s.pad_last], tmp[at * kF32Repeat], rest, per_row, s, p);
        }
        SetMaskNorm(p);
    }
    PipeBarrier<PIPE_V>(p);
    ResetMask(p);
}

template <class T, class pattern, Mode m, bool reuse>
void sum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& shared,
         const uint32_t shape[], bool inner_pad, const char* api, Pos p) {
    static_assert(std::is_same<T, float>::value,
                  "failed to check the data type, current api supports data type is float!");
    static_assert(std::is_same<pattern, Pattern::Reduce::AR>::value || std::is_same<pattern, Pattern::Reduce::RA>::value,
                  "failed to check the reduce pattern, it only supports AR/RA pattern!");
    start(api, inner_pad, p);
    SumShape s{shape[0], shape[1], AlignUp(shape[1], kF32Block), 0, 0};
    const LocalTensor<T> tmp = shared.ReinterpretCast<T>();
    if constexpr (std::is_same<pattern, Pattern::Reduce::AR>::value) {
        s.split = s.last <= kF32Block ? 0 : 1u << log2_floor(s.last);
        s.tail = s.last - s.split;
        if (s.last <= kF32Block) {
            rows_by_block<T, m>(dst, src, s.first, s.last, p);
        } else {
            uint32_t per_row = s.split > kF32Block ? s.split : kF32Block;
            if (s.last == s.split) {
                per_row >>= 1;
            }
            sum_rows<T, reuse>(dst, src, reuse ? src : tmp, per_row, s, p);
        }
    } else {
        by_first_axis<T, m, reuse>(dst, src, tmp, s.first, s.last, s.pad_last, p);
    }
    SetMaskNorm(p);
    ResetMask(p);
}
}  // namespace reduce
}  // namespace detail

ASCSTEP_LIBRARY_REDUCE(ReduceSum, detail::reduce::Mode::Sum, sum)
}  // namespace AscendC
