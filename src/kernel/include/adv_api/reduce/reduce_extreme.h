// ReduceMax and ReduceMin (adv_api/reduce/reduce.h): the AR pattern's steps by row length, as
// Atlas A2's library issues them (BlockReduceByLastAxis): rows shorter than a block by masked
// block reductions, a block by one block reduction, shorter than a repeat by Max/Min of each
// row's blocks onto its first, up to 255 blocks by Max/Min of each row's repeats, longer rows
// row by row; then block (float) or whole (half) reductions of what is left. RA folds the
// first axis (reduce.h). docs/semantics.md §25.
#pragma once
#include "adv_api/reduce/reduce.h"

namespace AscendC {
namespace detail {
namespace reduce {
// What is left of each row in `tmp` (one repeat a row, `tmp_row` apart) reduced into dst[row].
template <class T, Mode m>
void finish_rows(const LocalTensor<T>& dst, const LocalTensor<T>& tmp, uint32_t first, uint32_t tmp_row,
                 uint32_t rep_stride, Pos p) {
    constexpr uint32_t per_rep = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const uint32_t loops = DivCeil(first, kMaxRepeat);
    const uint32_t last_rep = first % kMaxRepeat == 0 ? kMaxRepeat : first % kMaxRepeat;
    if constexpr (sizeof(T) == sizeof(half)) {
        SetMaskNorm(p);
        for (uint32_t i = 0; i < loops; ++i) {
            const uint32_t rep = i == loops - 1 ? last_rep : kMaxRepeat;
            ASCSTEP_V((whole<T, m>(dst[i * kMaxRepeat], tmp[i * kMaxRepeat * tmp_row], rep, per_rep, rep_stride, p)));
        }
    } else {
        SetVectorMask<T, MaskMode::COUNTER>(0, first * per_rep, p);
        ASCSTEP_V((block_counted<T, m>(tmp, tmp, 1, rep_stride, p)));
        SetVectorMask<T, MaskMode::COUNTER>(0, first * kBlocks, p);
        block_counted<T, m>(dst, tmp, 1, DEFAULT_REPEAT_STRIDE, p);
    }
}

// Max/Min of each row's units (blocks or repeats) after the first onto the first, `unit`
// elements a unit; the partial unit in normal mode with its lanes (AccValOnBlk/AccValOnRep).
template <class T, Mode m>
void fold_units(const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t first, uint32_t last, uint32_t unit,
                uint32_t tmp_row, uint32_t pad_last, const BinaryRepeatParams& main, const BinaryRepeatParams& tail,
                Pos p) {
    const uint32_t loops = DivCeil(first, kMaxRepeat);
    const uint32_t last_rep = first % kMaxRepeat == 0 ? kMaxRepeat : first % kMaxRepeat;
    const uint32_t units = last / unit;
    const uint32_t rest = last % unit;
    for (uint32_t i = 1; i < units; ++i) {
        SetVectorMask<T, MaskMode::COUNTER>(0, first * unit, p);
        ASCSTEP_V((binary<T, m>(tmp, tmp, src[i * unit], MASK_PLACEHOLDER, 1, main, p)));
    }
    if (rest != 0) {
        SetMaskNorm(p);
        SetVectorMask<T, MaskMode::NORMAL>(rest, p);
        for (uint32_t i = 0; i < loops; ++i) {
            const uint32_t rep = i == loops - 1 ? last_rep : kMaxRepeat;
            ASCSTEP_V((binary<T, m>(tmp[i * kMaxRepeat * tmp_row], tmp[i * kMaxRepeat * tmp_row],
                                    src[i * kMaxRepeat * pad_last + units * unit], rest, rep, tail, p)));
        }
        SetMaskCount(p);
    }
}

template <class T, Mode m>
void rows_shorter_than_block(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t first, uint32_t last,
                             Pos p) {
    constexpr uint32_t per_rep = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const uint32_t reps = DivCeil(first, kBlocks);
    const uint32_t loops = DivCeil(reps, kMaxRepeat);
    const uint32_t last_rep = reps % kMaxRepeat == 0 ? kMaxRepeat : reps % kMaxRepeat;
    uint64_t mask[2];
    block_lanes<T>(last, first < kBlocks ? first : kBlocks, mask);
    const uint32_t tail_blocks = first % kBlocks;
    for (uint32_t i = 0; i < loops; ++i) {
        const uint32_t rep = i == loops - 1 ? last_rep : kMaxRepeat;
        const uint32_t at = i * kMaxRepeat;
        if (tail_blocks == 0 || first < kBlocks || i != loops - 1) {
            ASCSTEP_V((block_masked<T, m>(dst[at * kBlocks], src[at * per_rep], rep, mask, p)));
        } else {
            ASCSTEP_V((block_masked<T, m>(dst[at * kBlocks], src[at * per_rep], rep - 1, mask, p)));
            uint64_t tail_mask[2];
            block_lanes<T>(last, tail_blocks, tail_mask);
            block_masked<T, m>(dst[(at + rep - 1) * kBlocks], src[(at + rep - 1) * per_rep], 1, tail_mask, p);
        }
    }
}

template <class T, Mode m, bool reuse>
void rows_shorter_than_repeat(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp,
                              uint32_t first, uint32_t last, uint32_t pad_last, Pos p) {
    constexpr uint32_t elems = ONE_BLK_SIZE / sizeof(T);
    const uint8_t row = uint8_t(pad_last / elems);
    const uint8_t rep = uint8_t(row * kBlocks);
    SetMaskCount(p);
    if constexpr (!reuse) {
        SetVectorMask<T, MaskMode::COUNTER>(0, first * elems, p);
        ASCSTEP_V((Adds<T, false>(tmp, src, T(0), MASK_PLACEHOLDER, 1, {1, row, DEFAULT_REPEAT_STRIDE, rep}, p)));
        fold_units<T, m>(src, tmp, first, last, elems, elems, pad_last,
                         {1, 1, row, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, rep}, {1, 1, 1, 1, 1, row}, p);
        SetVectorMask<T, MaskMode::COUNTER>(0, first * elems, p);
        block_counted<T, m>(dst, tmp, 1, DEFAULT_REPEAT_STRIDE, p);
    } else {
        fold_units<T, m>(src, src, first, last, elems, pad_last, pad_last, {row, row, row, rep, rep, rep},
                         {1, 1, 1, row, row, row}, p);
        SetVectorMask<T, MaskMode::COUNTER>(0, first * elems, p);
        block_counted<T, m>(dst, src, row, rep, p);
    }
}

template <class T, Mode m, bool reuse>
void rows_of_repeats(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t first,
                     uint32_t last, uint32_t pad_last, Pos p) {
    constexpr uint32_t elems = ONE_BLK_SIZE / sizeof(T);
    constexpr uint32_t per_rep = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const uint8_t row = uint8_t(pad_last / elems);
    SetMaskCount(p);
    if constexpr (!reuse) {
        SetVectorMask<T, MaskMode::COUNTER>(0, first * per_rep, p);
        ASCSTEP_V((Adds<T, false>(tmp, src, T(0), MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, row}, p)));
        const BinaryRepeatParams bp{1, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, row};
        fold_units<T, m>(src, tmp, first, last, per_rep, per_rep, pad_last, bp, bp, p);
        finish_rows<T, m>(dst, tmp, first, per_rep, DEFAULT_REPEAT_STRIDE, p);
    } else {
        const BinaryRepeatParams bp{1, 1, 1, row, row, row};
        fold_units<T, m>(src, src, first, last, per_rep, pad_last, pad_last, bp, bp, p);
        finish_rows<T, m>(dst, src, first, pad_last, row, p);
    }
}

template <class T, Mode m, bool reuse>
void long_rows(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t first,
               uint32_t last, uint32_t pad_last, Pos p) {
    constexpr uint32_t per_rep = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const uint32_t reps = DivCeil(last, per_rep);
    const uint32_t tail = last % per_rep == 0 ? per_rep : last % per_rep;
    const BinaryRepeatParams bp;
    const UnaryRepeatParams up;
    SetMaskCount(p);
    if constexpr (!reuse) {
        SetVectorMask<T, MaskMode::COUNTER>(0, per_rep, p);
        for (uint32_t i = 0; i < first; ++i) {
            ASCSTEP_V((Adds<T, false>(tmp[i * per_rep], src[i * pad_last], T(0), MASK_PLACEHOLDER, 1, up, p)));
        }
        for (uint32_t i = 1; i < reps; ++i) {
            SetVectorMask<T, MaskMode::COUNTER>(0, i == reps - 1 ? tail : per_rep, p);
            for (uint32_t j = 0; j < first; ++j) {
                ASCSTEP_V((binary<T, m>(tmp[j * per_rep], tmp[j * per_rep], src[j * pad_last + i * per_rep],
                                        MASK_PLACEHOLDER, 1, bp, p)));
            }
        }
        finish_rows<T, m>(dst, tmp, first, per_rep, DEFAULT_REPEAT_STRIDE, p);
    } else {
        for (uint32_t i = 0; i < first; ++i) {
            for (uint32_t j = 1; j < reps; ++j) {
                SetVectorMask<T, MaskMode::COUNTER>(0, j == reps - 1 ? tail : per_rep, p);
                const LocalTensor<T> acc = j == 1 ? src[i * pad_last] : src[i * per_rep];
                ASCSTEP_V((binary<T, m>(src[i * per_rep], acc, src[i * pad_last + j * per_rep], MASK_PLACEHOLDER, 1,
                                        bp, p)));
            }
        }
        finish_rows<T, m>(dst, src, first, per_rep, DEFAULT_REPEAT_STRIDE, p);
    }
}

template <class T, class pattern, Mode m, bool reuse>
void extreme(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& shared,
             const uint32_t shape[], bool inner_pad, const char* api, Pos p) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "failed to check the data type, current api supports data type is half/float!");
    static_assert(std::is_same<pattern, Pattern::Reduce::AR>::value || std::is_same<pattern, Pattern::Reduce::RA>::value,
                  "failed to check the reduce pattern, it only supports AR/RA pattern!");
    start(api, inner_pad, p);
    constexpr uint32_t elems = ONE_BLK_SIZE / sizeof(T);
    constexpr uint32_t per_rep = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const uint32_t first = shape[0];
    const uint32_t last = shape[1];
    const uint32_t pad_last = AlignUp(last, elems);
    const LocalTensor<T> tmp = shared.ReinterpretCast<T>();
    if constexpr (std::is_same<pattern, Pattern::Reduce::AR>::value) {
        if (last < elems) {
            rows_shorter_than_block<T, m>(dst, src, first, last, p);
        } else if (last == elems) {
            SetMaskCount(p);
            SetVectorMask<T, MaskMode::COUNTER>(0, first * last, p);
            block_counted<T, m>(dst, src, 1, DEFAULT_REPEAT_STRIDE, p);
        } else if (last < per_rep) {
            rows_shorter_than_repeat<T, m, reuse>(dst, src, tmp, first, last, pad_last, p);
        } else if (last <= kMaxRepeat * elems) {
            rows_of_repeats<T, m, reuse>(dst, src, tmp, first, last, pad_last, p);
        } else {
            long_rows<T, m, reuse>(dst, src, tmp, first, last, pad_last, p);
        }
    } else {
        by_first_axis<T, m, reuse>(dst, src, tmp, first, last, pad_last, p);
    }
    SetMaskNorm(p);
    ResetMask(p);
}
}  // namespace reduce
}  // namespace detail

ASCSTEP_LIBRARY_REDUCE(ReduceMax, detail::reduce::Mode::Max, extreme)
ASCSTEP_LIBRARY_REDUCE(ReduceMin, detail::reduce::Mode::Min, extreme)
}  // namespace AscendC
