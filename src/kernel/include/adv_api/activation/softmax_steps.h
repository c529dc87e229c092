// ascstep: the steps of the library's SoftMax on Atlas A2 (CANN's membase/v220 SoftMax and the
// common reductions, broadcasts and row operations it is made of; docs/semantics.md §27), each
// a simulated vector instruction at the caller's position, so that a user steps through what the
// device runs and gets its roundings:
// - a row reduction (max or sum of each of M rows of K floats, the rows srcK apart) first folds
//   each row into 64 lanes (K < 64: a WholeReduce per row with a mask of K; 64 ≤ K < 128: a copy
//   of the first 64; 128 ≤ K < 512: the second 64 combined into the first by one instruction of M
//   repeats, then each further 64; K ≥ 512: 8 BlockReduces of the first 512, then the rest
//   combined 64 at a time), then the K mod 64 tail under a mask of its length, then the 64 lanes
//   by two counter-mode BlockReduces (one row: a WholeReduce repeated into 8 lanes), and
//   broadcasts each row's value to a 32-byte block (Brcb, then a counter-mode Copy);
// - a row operation (x − max, x / sum) takes each row's block as its second operand: for K < 192
//   one instruction per block column over all rows, else one per row;
// - SoftMax per piece of splitM rows: max, x − max, Exp, sum, x / sum, in float (half: cast to
//   float first and back with CAST_ROUND at the end).
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "kernel_tiling/library_tiling.h"

namespace AscendC {
struct LastAxisShapeND {
    uint32_t m;
    uint32_t k;
};

struct ReduceLastND {
    uint32_t originalSrcM;
    uint32_t originalSrcK;
    uint32_t srcM;
    uint32_t srcK;
    uint32_t dstM;
    uint32_t dstK;
};

namespace detail {
namespace softmax {
constexpr uint32_t F_BLK = ONE_BLK_SIZE / sizeof(float);  // floats in a 32-byte block
constexpr uint32_t F_REP = FLOAT_REPEAT_SIZE;             // floats in a repeat
constexpr uint32_t MAX_RPT = MAX_REPEAT_TIMES;
constexpr uint32_t MAX_RPT_STRIDE = MAX_REPEAT_TIMES * DEFAULT_REPEAT_STRIDE;  // the largest repeat stride
constexpr uint32_t BIG_K = DEFAULT_BLOCK_SIZE * HALF_FACTOR;                    // 512: BlockReduce first
constexpr uint32_t ROW_OP_K = 192;  // below: a row operation by block columns

enum class Fold { Max, Sum };

inline BinaryRepeatParams bin(uint8_t d, uint8_t s0, uint8_t s1, uint8_t dr, uint8_t s0r, uint8_t s1r) {
    return BinaryRepeatParams(d, s0, s1, dr, s0r, s1r);
}

// dst = fold(src0, src1) with the mask register (isSetMask false).
template <Fold F>
void fold_regs(const LocalTensor<float>& dst, const LocalTensor<float>& a, const LocalTensor<float>& b, uint8_t repeat,
               const BinaryRepeatParams& params, Pos p) {
    if constexpr (F == Fold::Max)
        Max<float, false>(dst, a, b, MASK_PLACEHOLDER, repeat, params, p);
    else
        Add<float, false>(dst, a, b, MASK_PLACEHOLDER, repeat, params, p);
}

// dst = fold(src0, src1) with a mask of `mask` lanes.
template <Fold F>
void fold_masked(const LocalTensor<float>& dst, const LocalTensor<float>& a, const LocalTensor<float>& b, uint64_t mask,
                 uint8_t repeat, const BinaryRepeatParams& params, Pos p) {
    if constexpr (F == Fold::Max)
        Max(dst, a, b, mask, repeat, params, p);
    else
        Add(dst, a, b, mask, repeat, params, p);
}

template <Fold F>
void block_reduce(const LocalTensor<float>& dst, const LocalTensor<float>& src, int32_t repeat, int32_t dstRep,
                  int32_t srcBlk, int32_t srcRep, Pos p) {
    if constexpr (F == Fold::Max)
        BlockReduceMax<float, false>(dst, src, repeat, MASK_PLACEHOLDER, dstRep, srcBlk, srcRep, p);
    else
        BlockReduceSum<float, false>(dst, src, repeat, MASK_PLACEHOLDER, dstRep, srcBlk, srcRep, p);
}

// Each of `rows` rows (srcK apart, from column 64·split) reduced under a mask of `mask` lanes
// into one value, the values dstRep apart: 255 rows a WholeReduce.
template <Fold F>
void whole_rows(const LocalTensor<float>& dst, const LocalTensor<float>& src, const ReduceLastND& r, uint64_t mask,
                int32_t dstRep, uint32_t split, Pos p) {
    const uint32_t range = r.srcM / MAX_RPT, tail = r.srcM % MAX_RPT;
    auto one = [&](uint32_t at, int32_t repeat) {
        const LocalTensor<float> s = src[split * F_REP + at * r.srcK];
        if constexpr (F == Fold::Max)
            WholeReduceMax(dst[at], s, mask, repeat, dstRep, 1, int32_t(r.srcK / F_BLK), ReduceOrder::ORDER_ONLY_VALUE, p);
        else
            WholeReduceSum(dst[at], s, mask, repeat, dstRep, 1, int32_t(r.srcK / F_BLK), p);
    };
    for (uint32_t i = 0; i < range; i++) one(i * MAX_RPT, int32_t(MAX_RPT));
    if (tail != 0) one(range * MAX_RPT, int32_t(tail));
}

// 64 ≤ K < 128: each row's first 64 floats to its 64 lanes of dst.
inline void first_block(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t rows, uint32_t srcK,
                        uint16_t dstRep, uint16_t srcRep, Pos p) {
    const uint32_t range = rows / MAX_RPT, tail = rows % MAX_RPT;
    for (uint32_t i = 0; i < range; i++)
        Copy<float, false>(dst[i * MAX_RPT * F_REP], src[i * MAX_RPT * srcK], MASK_PLACEHOLDER, uint8_t(MAX_RPT),
                           CopyRepeatParams(1, 1, dstRep, srcRep), p);
    if (tail != 0)
        Copy<float, false>(dst[range * MAX_RPT * F_REP], src[range * MAX_RPT * srcK], MASK_PLACEHOLDER, uint8_t(tail),
                           CopyRepeatParams(1, 1, dstRep, srcRep), p);
    for (uint32_t i = 0; i < rows; i++) DataCopy(dst[i * F_REP], src[i * srcK], F_REP, p);
}

// 128 ≤ K < 512: the third and further 64s folded into the lanes (dst holds the first two's).
template <Fold F>
void next_blocks(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint8_t rows, uint8_t srcRep,
                 uint32_t splits, uint32_t srcK, Pos p) {
    if (rows > splits) {
        for (uint32_t i = HALF_FACTOR; i < splits; ++i) {
            PipeBarrier<PIPE_V>(p);
            fold_regs<F>(dst, dst, src[F_REP * i], rows, bin(1, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, srcRep), p);
        }
        return;
    }
    if (splits == uint32_t(HALF_FACTOR)) return;
    PipeBarrier<PIPE_V>(p);
    for (uint32_t j = 0; j < rows; ++j)
        fold_regs<F>(dst[j * F_REP], src[HALF_REPEAT_SIZE + j * srcK], dst[j * F_REP], uint8_t(splits - HALF_FACTOR),
                     bin(1, 1, 1, 0, DEFAULT_REPEAT_STRIDE, 0), p);
}

// K ≥ 512: 8 BlockReduces of each row's first 512 into its 64 lanes, then each further 64.
template <Fold F>
void big_blocks(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t splits, uint32_t rows,
                uint32_t srcK, Pos p) {
    for (uint32_t i = 0; i < rows; i++) block_reduce<F>(dst[F_REP * i], src[i * srcK], int32_t(F_BLK), 1, 1, DEFAULT_REPEAT_STRIDE, p);
    const uint8_t remain = uint8_t(splits - F_BLK);
    if (remain == 0) return;
    PipeBarrier<PIPE_V>(p);
    for (uint32_t j = 0; j < rows; ++j)
        fold_regs<F>(dst[j * F_REP], src[BIG_K + j * srcK], dst[j * F_REP], remain, bin(1, 1, 1, 0, DEFAULT_REPEAT_STRIDE, 0), p);
}

// The K mod 64 tail of each row folded into its lanes under a mask of the tail's length.
template <Fold F>
void tail_block(const LocalTensor<float>& dst, const LocalTensor<float>& src, const ReduceLastND& r, uint64_t mask,
                uint8_t srcRep, uint32_t splits, Pos p) {
    const uint32_t start = F_REP * splits;
    if (r.srcK > MAX_RPT_STRIDE) {
        for (uint32_t i = 0; i < r.originalSrcM; i++)
            fold_masked<F>(dst[i * F_REP], dst[i * F_REP], src[start + i * r.srcK], mask, 1,
                           bin(1, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE), p);
        return;
    }
    const uint32_t range = r.originalSrcM / MAX_RPT, tail = r.originalSrcM % MAX_RPT;
    auto one = [&](uint32_t i, uint8_t repeat) {
        fold_masked<F>(dst[i * MAX_RPT * F_REP], dst[i * MAX_RPT * F_REP], src[start + i * MAX_RPT * r.srcK], mask, repeat,
                       bin(1, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, srcRep), p);
    };
    for (uint32_t i = 0; i < range; i++) one(i, uint8_t(MAX_RPT));
    if (tail != 0) one(range, uint8_t(tail));
}

// Each row's 64 lanes (in src, which it overwrites) to one value per row in dst; one row: the
// value in 8 lanes (16 when the row's block is 64 bytes).
template <Fold F>
void lanes_to_rows(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t rows, uint32_t dstK, Pos p) {
    if (rows == 1) {
        if constexpr (F == Fold::Max)
            WholeReduceMax<float, false>(dst, src, MASK_PLACEHOLDER, DEFAULT_REPEAT_STRIDE, 1, 1, 0, ReduceOrder::ORDER_ONLY_VALUE, p);
        else
            WholeReduceSum<float, false>(dst, src, MASK_PLACEHOLDER, DEFAULT_REPEAT_STRIDE, 1, 1, 0, p);
        if (dstK == DEFAULT_REPEAT_STRIDE * HALF_FACTOR) {
            PipeBarrier<PIPE_V>(p);
            DataCopy(dst[DEFAULT_REPEAT_STRIDE], dst, DataCopyParams{1, 1, 0, 0}, p);
        }
        return;
    }
    SetMaskCount(p);
    SetVectorMask<float, MaskMode::COUNTER>(0, rows * F_REP, p);
    block_reduce<F>(src, src, 1, 1, 1, DEFAULT_REPEAT_STRIDE, p);
    PipeBarrier<PIPE_V>(p);
    SetVectorMask<float, MaskMode::COUNTER>(0, rows * F_BLK, p);
    block_reduce<F>(dst, src, 1, 1, 1, DEFAULT_REPEAT_STRIDE, p);
    SetMaskNorm(p);
    ResetMask(p);
}

// One value per row (in dst) to a block per row: Brcb into tmp, a counter-mode Copy back.
inline void broadcast_rows(const LocalTensor<float>& dst, const LocalTensor<float>& tmp, const ReduceLastND& r, Pos p) {
    const uint8_t repeat = uint8_t((r.originalSrcM + BRCB_BROADCAST_NUMBER - 1) / BRCB_BROADCAST_NUMBER);
    if (r.dstK == BRCB_BROADCAST_NUMBER * HALF_FACTOR) {
        if (r.originalSrcM != 1) {
            Brcb(tmp, dst, repeat, BrcbRepeatParams(HALF_FACTOR, BRCB_BROADCAST_NUMBER * HALF_FACTOR), p);
            Brcb(tmp[BRCB_BROADCAST_NUMBER], dst, repeat, BrcbRepeatParams(HALF_FACTOR, BRCB_BROADCAST_NUMBER * HALF_FACTOR), p);
        } else {
            Brcb(tmp, dst, repeat, BrcbRepeatParams(1, BRCB_BROADCAST_NUMBER), p);
            PipeBarrier<PIPE_V>(p);
            DataCopy(tmp[DEFAULT_REPEAT_STRIDE], tmp, DataCopyParams{1, 1, 0, 0}, p);
        }
    } else {
        Brcb(tmp, dst, repeat, BrcbRepeatParams(1, BRCB_BROADCAST_NUMBER), p);
    }
    PipeBarrier<PIPE_V>(p);
    SetMaskCount(p);
    SetVectorMask<float, MaskMode::COUNTER>(0, r.originalSrcM * r.dstK, p);
    Copy<float, false>(dst, tmp, MASK_PLACEHOLDER, 1, CopyRepeatParams(1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE), p);
    SetMaskNorm(p);
    ResetMask(p);
}

// dst (a block per row, dstK floats) = the max or sum of each row of src; tmp: rows × 64 floats.
template <Fold F>
void reduce_rows(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& tmp,
                 const ReduceLastND& r, Pos p) {
    const uint32_t splits = r.originalSrcK / F_REP;
    const uint32_t tail = r.originalSrcK % F_REP;
    const uint16_t srcRep = uint16_t(r.srcK / F_BLK);
    if (r.originalSrcK < F_REP) {
        whole_rows<F>(dst, src, r, r.originalSrcK, 1, 0, p);
        ResetMask(p);
    } else {
        if (r.originalSrcK >= BIG_K) {
            big_blocks<F>(tmp, src, splits, r.originalSrcM, r.srcK, p);
        } else if (r.originalSrcK >= HALF_REPEAT_SIZE) {
            fold_regs<F>(tmp, src, src[F_REP], uint8_t(r.originalSrcM),
                         bin(1, 1, 1, DEFAULT_REPEAT_STRIDE, uint8_t(srcRep), uint8_t(srcRep)), p);
            next_blocks<F>(tmp, src, uint8_t(r.originalSrcM), uint8_t(srcRep), splits, r.srcK, p);
        } else {
            first_block(tmp, src, r.originalSrcM, r.srcK, DEFAULT_REPEAT_STRIDE, srcRep, p);
        }
        if (tail != 0) {
            PipeBarrier<PIPE_V>(p);
            tail_block<F>(tmp, src, r, tail, uint8_t(srcRep), splits, p);
            ResetMask(p);
        }
        PipeBarrier<PIPE_V>(p);
        lanes_to_rows<F>(dst, tmp, r.originalSrcM, r.dstK, p);
    }
    if (r.originalSrcM != 1 || r.originalSrcK <= F_REP) {
        PipeBarrier<PIPE_V>(p);
        broadcast_rows(dst, tmp, r, p);
    }
}

// The tiling the library's kernel-side tiling functions (softmax_tiling_func.h) give an m × k
// shape once they have chosen `rows` rows a piece: `perBlock` floats a row's reduction block,
// rangeM pieces and a tail of the `total` rows.
inline SoftMaxTiling tiling_of(uint32_t m, uint32_t k, uint32_t total, uint32_t perBlock, uint32_t rows) {
    SoftMaxTiling t;
    // Each M × K pair of the struct with its size.
    auto dims = [](uint32_t& fm, uint32_t& fk, uint32_t& size, uint32_t vm, uint32_t vk) {
        fm = vm;
        fk = vk;
        size = vm * vk;
    };
    dims(t.srcM, t.srcK, t.srcSize, m, k);
    dims(t.outMaxM, t.outMaxK, t.outMaxSize, m, perBlock);
    dims(t.reduceM, t.reduceK, t.reduceSize, rows, perBlock);
    dims(t.splitM, t.splitK, t.splitSize, rows, k);
    t.rangeM = total / rows;
    t.tailM = total % rows;
    t.tailSplitSize = t.tailM * k;
    t.tailReduceSize = t.tailM * perBlock;
    return t;
}

enum class RowOp { Sub, Div, Mul };

template <RowOp O>
void row_op_regs(const LocalTensor<float>& dst, const LocalTensor<float>& a, const LocalTensor<float>& b,
                 const BinaryRepeatParams& params, Pos p) {
    if constexpr (O == RowOp::Sub)
        Sub<float, false>(dst, a, b, MASK_PLACEHOLDER, 1, params, p);
    else if constexpr (O == RowOp::Div)
        Div<float, false>(dst, a, b, MASK_PLACEHOLDER, 1, params, p);
    else
        Mul<float, false>(dst, a, b, MASK_PLACEHOLDER, 1, params, p);
}

// dst = a (rows of srcK) op b (a block of reduceK floats per row), in counter mode.
template <RowOp O>
void row_op(const LocalTensor<float>& dst, const LocalTensor<float>& a, const LocalTensor<float>& b, uint32_t rows,
            uint32_t srcK, uint32_t reduceK, Pos p) {
    SetMaskCount(p);
    if (srcK < ROW_OP_K) {
        const uint8_t blocks = uint8_t(srcK / F_BLK);
        const uint8_t bBlocks = uint8_t(reduceK / F_BLK);
        SetVectorMask<float, MaskMode::COUNTER>(0, rows * F_BLK, p);
        for (uint8_t j = 0; j < blocks; j++)
            row_op_regs<O>(dst[j * F_BLK], a[j * F_BLK], b, bin(blocks, blocks, bBlocks, uint8_t(srcK), uint8_t(srcK), uint8_t(reduceK)), p);
    } else {
        SetVectorMask<float, MaskMode::COUNTER>(0, srcK, p);
        for (uint32_t j = 0; j < rows; j++)
            row_op_regs<O>(dst[j * srcK], a[j * srcK], b[j * reduceK], bin(1, 1, 0, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, 0), p);
    }
    SetMaskNorm(p);
    ResetMask(p);
}
// The older row sum SoftmaxGrad takes (ReduceSumLastNDImpl): counter-mode BlockReduceSums of each
// 64-column slice of all rows, added up slice by slice (in `sums`, `scratch` a block per row),
// a BlockReduceSum of each row's 8 partials, then the K mod 64 tail by a WholeReduceSum per row
// added in; `dst` gets each row's sum in a block (Brcb for whole groups of 8 rows, a scalar read
// and a Duplicate for each of the rest).
inline void sum_rows_by_slices(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& sums,
                               const ReduceLastND& r, Pos p) {
    const uint32_t splits = r.originalSrcK / F_REP;
    const uint32_t tail = r.originalSrcK % F_REP;
    const LocalTensor<float>& scratch = dst;
    if (splits > 0) {
        SetMaskCount(p);
        SetVectorMask<float, MaskMode::COUNTER>(0, r.srcM * F_REP, p);
        BlockReduceSum<float, false>(scratch, src, 1, MASK_PLACEHOLDER, 1, 1, int32_t(r.srcK / F_BLK), p);
        SetMaskNorm(p);
        ResetMask(p);
        PipeBarrier<PIPE_V>(p);
        DataCopy(sums, scratch, DataCopyParams{1, uint16_t(r.srcM), 0, 0}, p);
        PipeBarrier<PIPE_V>(p);
        SetMaskCount(p);
        for (uint32_t i = 1; i < splits; i++) {
            SetVectorMask<float, MaskMode::COUNTER>(0, r.srcM * F_REP, p);
            BlockReduceSum<float, false>(scratch, src[i * F_REP], 1, MASK_PLACEHOLDER, 1, 1, int32_t(r.srcK / F_BLK), p);
            PipeBarrier<PIPE_V>(p);
            SetVectorMask<float, MaskMode::COUNTER>(0, r.srcM * F_BLK, p);
            Add<float, false>(sums, sums, scratch, MASK_PLACEHOLDER, 1,
                              bin(1, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE), p);
            PipeBarrier<PIPE_V>(p);
        }
        SetVectorMask<float, MaskMode::COUNTER>(0, r.srcM * F_BLK, p);
        BlockReduceSum<float, false>(sums, sums, 1, MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE, p);
        SetMaskNorm(p);
        ResetMask(p);
    }
    if (tail != 0) {
        whole_rows<Fold::Sum>(dst, src, r, tail, 1, splits, p);
        PipeBarrier<PIPE_V>(p);
        if (splits == 0) {
            DataCopy(sums, dst, DataCopyParams{1, uint16_t(r.srcM), 0, 0}, p);
        } else {
            SetMaskCount(p);
            SetVectorMask<float, MaskMode::COUNTER>(0, r.srcM * F_BLK, p);
            Add<float, false>(sums, sums, dst, MASK_PLACEHOLDER, 1,
                              bin(1, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE), p);
            SetMaskNorm(p);
            ResetMask(p);
        }
    }
    PipeBarrier<PIPE_V>(p);
    // Each row's sum (in sums) to its block of dst.
    const uint32_t groups = r.originalSrcM / BRCB_BROADCAST_NUMBER;
    const uint32_t rest = r.originalSrcM % BRCB_BROADCAST_NUMBER;
    if (groups != 0) {
        if (r.dstK == BRCB_BROADCAST_NUMBER * HALF_FACTOR) {
            Brcb(dst, sums, uint8_t(groups), BrcbRepeatParams(HALF_FACTOR, BRCB_BROADCAST_NUMBER * HALF_FACTOR), p);
            Brcb(dst[BRCB_BROADCAST_NUMBER], sums, uint8_t(groups), BrcbRepeatParams(HALF_FACTOR, BRCB_BROADCAST_NUMBER * HALF_FACTOR), p);
        } else {
            Brcb(dst, sums, uint8_t(groups), BrcbRepeatParams(1, BRCB_BROADCAST_NUMBER), p);
        }
    }
    if (rest != 0) {
        SetFlag<HardEvent::V_S>(0, p);
        WaitFlag<HardEvent::V_S>(0, p);
        float values[BRCB_BROADCAST_NUMBER] = {0};
        for (uint32_t j = 0; j < rest; j++) values[j] = sums[groups * BRCB_BROADCAST_NUMBER + j].GetValue(0, p);
        SetFlag<HardEvent::S_V>(0, p);
        WaitFlag<HardEvent::S_V>(0, p);
        for (uint32_t k = 0; k < rest; k++)
            Duplicate(dst[(groups * BRCB_BROADCAST_NUMBER + k) * r.dstK], values[k], uint64_t(r.dstK), 1, DEFAULT_BLK_STRIDE,
                      DEFAULT_REPEAT_STRIDE, p);
    }
}

// Each row's block of src (blockK floats a row, its first 8 taken) over the row's dstK floats in
// dst: a counter-mode Copy of rows × 8 elements a repeat (Copy's count is per repeat, §14), one
// repeat per 8-float column of the rows (BroadCastLastImpl's device steps).
inline void spread_rows(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t rows, uint32_t dstK,
                        uint32_t blockK, Pos p) {
    const uint64_t mask[2] = {uint64_t(rows) * F_BLK, 0};
    const uint16_t repeat = uint16_t(dstK / F_BLK);
    const uint16_t srcBlk = uint16_t(blockK / F_BLK);
    const uint32_t range = repeat / MAX_RPT, tail = repeat % MAX_RPT;
    SetMaskCount(p);
    for (uint32_t i = 0; i < range; i++)
        Copy(dst[i * F_BLK * MAX_RPT], src, mask, uint8_t(MAX_RPT), CopyRepeatParams(repeat, srcBlk, 1, 0), p);
    if (tail != 0) Copy(dst[range * F_BLK * MAX_RPT], src, mask, uint8_t(tail), CopyRepeatParams(repeat, srcBlk, 1, 0), p);
    SetMaskNorm(p);
    ResetMask(p);
}
}  // namespace softmax
}  // namespace detail
}  // namespace AscendC
