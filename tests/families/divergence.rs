//! Divergences (semantics.md §9): the same program text on two or more products, both sides.

use super::*;

pub(crate) fn divergence_cases() -> Vec<Case> {
    let mut v = Vec::new();

    // Row 1 (§5.3, S2 precaution): float, 64 elements, mask 62 → the pair (62, 63) is fully
    // masked. src = 1..64: dst[q] = (2q + 1) + (2q + 2) = 4q + 3 for q < 31; dst[31] keeps −7 on
    // atlas_a2 and becomes 0 on atlas_200i_500_a2 and ascend_950.
    let row1 = case(
        "§9 row 1: PairReduceSum float mask 62, both lanes of the last pair masked",
        A2,
        r#""s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 1, step: 1)),
           "d": (dtype: float, addr: 0x100, len: 32, init: Fill(-7)),"#,
        r#"PairReduceSum(dst: "d", src: "s", repeat_times: 1, mask: 62, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
    );
    v.push(
        row1.on(A2)
            .at("d", 0, ramp_f(3.0, 4.0, 31))
            .at("d", 31, fl(&[-7.0])),
    );
    v.push(
        row1.on(I200)
            .at("d", 0, ramp_f(3.0, 4.0, 31))
            .at("d", 31, fl(&[0.0])),
    );
    v.push(
        row1.on(A950)
            .at("d", 0, ramp_f(3.0, 4.0, 31))
            .at("d", 31, fl(&[0.0])),
    );

    // Row 2 (§1.3, §5): reduction dst_rep_stride 0. Training rejects it; elsewhere every
    // repeat targets slot 0 and the last wins: sum of 128..255 = 24512 (exact in half).
    let row2 = case(
        "§9 row 2: WholeReduceSum half, dst_rep_stride 0",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
           "d": (dtype: half, addr: 0x200, len: 4),"#,
        r#"WholeReduceSum(dst: "d", src: "s", repeat_times: 2, mask: 128, dst_rep_stride: 0, src_blk_stride: 1, src_rep_stride: 8),"#,
    );
    v.push(
        row2.on(TRAIN)
            .fails("reduce-dst-rep-stride-zero")
            .at("d", 0, unset(4)),
    );
    v.push(row2.on(A2).at("d", 0, [fl(&[24512.0]), unset(3)].concat()));
    v.push(
        row2.on(INFER)
            .at("d", 0, [fl(&[24512.0]), unset(3)].concat()),
    );

    // Row 3 (§5.1): BlockReduce with only block 0 active (mask 16 for half, 8 for float).
    // Block 0: half 1..16 → sum 136, max 16, min 1; float 1..8 → sum 36, max 8, min 1.
    // Blocks 1..7: atlas_a2 leaves dst (5); atlas_200i_500_a2 writes 0 / −65504 / +65504 for
    // half and 0 / −inf / +inf for float; ascend_950 writes 0 / −inf / +inf for both.
    let row3 = case(
        "§9 row 3: BlockReduce with fully masked blocks",
        A2,
        r#""hs": (dtype: half, addr: 0x000, len: 128, init: Ramp(start: 1, step: 1)),
           "hsum": (dtype: half, addr: 0x100, len: 8, init: Fill(5)),
           "hmax": (dtype: half, addr: 0x120, len: 8, init: Fill(5)),
           "hmin": (dtype: half, addr: 0x140, len: 8, init: Fill(5)),
           "fs": (dtype: float, addr: 0x200, len: 64, init: Ramp(start: 1, step: 1)),
           "fsum": (dtype: float, addr: 0x300, len: 8, init: Fill(5)),
           "fmax": (dtype: float, addr: 0x320, len: 8, init: Fill(5)),
           "fmin": (dtype: float, addr: 0x340, len: 8, init: Fill(5)),"#,
        r#"BlockReduceSum(dst: "hsum", src: "hs", repeat_times: 1, mask: 16, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
           BlockReduceMax(dst: "hmax", src: "hs", repeat_times: 1, mask: 16, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
           BlockReduceMin(dst: "hmin", src: "hs", repeat_times: 1, mask: 16, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
           BlockReduceSum(dst: "fsum", src: "fs", repeat_times: 1, mask: 8, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
           BlockReduceMax(dst: "fmax", src: "fs", repeat_times: 1, mask: 8, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
           BlockReduceMin(dst: "fmin", src: "fs", repeat_times: 1, mask: 8, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
    );
    let (inf, ninf) = (f64::INFINITY, f64::NEG_INFINITY);
    for (p, fill) in [
        (A2, [5.0, 5.0, 5.0, 5.0, 5.0, 5.0]),
        (I200, [0.0, -65504.0, 65504.0, 0.0, ninf, inf]),
        (A950, [0.0, ninf, inf, 0.0, ninf, inf]),
    ] {
        v.push(
            row3.on(p)
                .at("hsum", 0, [fl(&[136.0]), rep(F(fill[0]), 7)].concat())
                .at("hmax", 0, [fl(&[16.0]), rep(F(fill[1]), 7)].concat())
                .at("hmin", 0, [fl(&[1.0]), rep(F(fill[2]), 7)].concat())
                .at("fsum", 0, [fl(&[36.0]), rep(F(fill[3]), 7)].concat())
                .at("fmax", 0, [fl(&[8.0]), rep(F(fill[4]), 7)].concat())
                .at("fmin", 0, [fl(&[1.0]), rep(F(fill[5]), 7)].concat()),
        );
    }

    // Row 7 (§2.2): mask 0 is a documented NOP on atlas_a2 (warning, dst kept, the next
    // instruction runs) and out of range on atlas_inference (error before anything runs).
    let row7 = case(
        "§9 row 7: Add int16 with mask 0",
        A2,
        r#""a": (dtype: int16, addr: 0x000, len: 16, init: Ramp(start: 1, step: 1)),
           "b": (dtype: int16, addr: 0x020, len: 16, init: Fill(1)),
           "d": (dtype: int16, addr: 0x040, len: 16, init: Fill(9)),
           "after": (dtype: int16, addr: 0x060, len: 16),"#,
        r#"Add(dst: "d", src0: "a", src1: "b", mask: 0, repeat_times: 1),
           Adds(dst: "after", src: "a", scalar: 1, count: 16),"#,
    );
    v.push(row7.on(A2).warns("mask-zero").at("d", 0, rep(I(9), 16)).at(
        "after",
        0,
        ramp_i(2, 1, 16),
    ));
    v.push(
        row7.on(INFER)
            .fails("mask-out-of-range")
            .at("d", 0, rep(I(9), 16))
            .at("after", 0, unset(16)),
    );

    // Row 8 (§2.5): SetMaskCount does not exist on the training series; on atlas_a2 the
    // Placeholder call then runs N = 20 lanes.
    let row8 = case(
        "§9 row 8: SetMaskCount",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
           "d": (dtype: half, addr: 0x100, len: 128),"#,
        r#"SetMaskCount(),
           SetVectorMask(high: 0, low: 20),
           Adds(dst: "d", src: "s", scalar: 1, mask: Placeholder, repeat_times: 1),
           SetMaskNorm(),
           ResetMask(),"#,
    );
    v.push(
        row8.on(TRAIN)
            .fails("unsupported-instruction")
            .at("d", 0, unset(128)),
    );
    v.push(
        row8.on(A2)
            .at("d", 0, [ramp_f(1.0, 1.0, 20), unset(108)].concat()),
    );

    // Row 11 (§5.2): ORDER_INDEX_VALUE exists on atlas_a2 and atlas_inference, not on
    // atlas_200i_500_a2 or atlas_training. src = 0..255, mask 100 → index 99, values 99, 227.
    let row11 = case(
        "§9 row 11: WholeReduceMax ORDER_INDEX_VALUE",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
           "d": (dtype: half, addr: 0x200, len: 4),"#,
        r#"WholeReduceMax(dst: "d", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_INDEX_VALUE),"#,
    );
    let iv = hb(&[0x0063, 0x5630, 0x0063, 0x5B18]);
    v.push(row11.on(A2).at("d", 0, iv.clone()));
    v.push(row11.on(INFER).at("d", 0, iv));
    v.push(
        row11
            .on(I200)
            .fails("unsupported-order")
            .at("d", 0, unset(4)),
    );
    v.push(
        row11
            .on(TRAIN)
            .fails("unsupported-order")
            .at("d", 0, unset(4)),
    );
    // …and ORDER_ONLY_VALUE the other way round: atlas_200i_500_a2 yes, atlas_inference no.
    let row11b = case(
        "§9 row 11: WholeReduceMax ORDER_ONLY_VALUE",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
           "d": (dtype: half, addr: 0x200, len: 4),"#,
        r#"WholeReduceMax(dst: "d", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_VALUE),"#,
    );
    v.push(
        row11b
            .on(I200)
            .at("d", 0, [fl(&[99.0, 227.0]), unset(2)].concat()),
    );
    v.push(
        row11b
            .on(INFER)
            .fails("unsupported-order")
            .at("d", 0, unset(4)),
    );

    // Row 17 (§4.3): ShiftRight round_en = true on atlas_a2 (17 >> 5 = 1, 48 >> 5 = 2) versus
    // atlas_200i_500_a2 and ascend_950, which allow only false.
    let row17 = case(
        "§9 row 17: ShiftRight int16 round_en",
        A2,
        r#""s": (dtype: int16, addr: 0x000, len: 8, init: Values([17, 48, 15, 16, -48, 31, 32, 1008])),
           "d": (dtype: int16, addr: 0x020, len: 8),"#,
        r#"ShiftRight(dst: "d", src: "s", scalar: 5, round_en: true, count: 8),"#,
    );
    v.push(row17.on(A2).at("d", 0, ints(&[1, 2, 0, 1, -1, 1, 1, 32])));
    v.push(
        row17
            .on(I200)
            .fails("round-en-unsupported")
            .at("d", 0, unset(8)),
    );
    v.push(
        row17
            .on(A950)
            .fails("round-en-unsupported")
            .at("d", 0, unset(8)),
    );

    // Row 18 (§4.3): shift amounts above the bit width. atlas_a2 / atlas_200i_500_a2 limit
    // them to [0, 16] / [0, 32]; ascend_950 gives 0 for left shifts and logical right shifts,
    // and 0 / −1 for arithmetic right shifts of non-negative / negative values. (Negative
    // int16 left-shifted on ascend_950: see `shift_left_negative_beyond_width_on_950`.)
    let row18l = case(
        "§9 row 18: ShiftLeft int16 by 17, uint32 by 40",
        A2,
        r#""s": (dtype: int16, addr: 0x000, len: 4, init: Values([1, 16384, 32767, 0])),
           "d": (dtype: int16, addr: 0x020, len: 4),
           "u": (dtype: uint32, addr: 0x040, len: 2, init: Values([1, 0xFFFFFFFF])),
           "du": (dtype: uint32, addr: 0x060, len: 2),"#,
        r#"ShiftLeft(dst: "d", src: "s", scalar: 17, count: 4),
           ShiftLeft(dst: "du", src: "u", scalar: 40, count: 2),"#,
    );
    v.push(
        row18l
            .on(A2)
            .fails("shift-out-of-range")
            .at("d", 0, unset(4)),
    );
    v.push(
        row18l
            .on(I200)
            .fails("shift-out-of-range")
            .at("d", 0, unset(4)),
    );
    v.push(
        row18l
            .on(A950)
            .at("d", 0, ints(&[0, 0, 0, 0]))
            .at("du", 0, ints(&[0, 0])),
    );
    let row18r = case(
        "§9 row 18: ShiftRight int16 / uint16 by 20",
        A2,
        r#""s": (dtype: int16, addr: 0x000, len: 6, init: Values([5, -5, 32767, -32768, 0, -1])),
           "d": (dtype: int16, addr: 0x020, len: 6),
           "u": (dtype: uint16, addr: 0x040, len: 2, init: Values([0xFFFF, 1])),
           "du": (dtype: uint16, addr: 0x060, len: 2),"#,
        r#"ShiftRight(dst: "d", src: "s", scalar: 20, count: 6),
           ShiftRight(dst: "du", src: "u", scalar: 20, count: 2),"#,
    );
    v.push(
        row18r
            .on(A2)
            .fails("shift-out-of-range")
            .at("d", 0, unset(6)),
    );
    v.push(
        row18r
            .on(A950)
            .at("d", 0, ints(&[0, -1, 0, -1, 0, -1]))
            .at("du", 0, ints(&[0, 0])),
    );

    // Row 19 (§6): 1/3.4028235e38 = 2^-128 (subnormal 0x00200000) and 1/2^127 = 2^-127
    // (subnormal 0x00400000) are kept on atlas_a2 and flushed to +0 on ascend_950 (default
    // INTRINSIC config); normal results (1/2, 1/4) agree.
    let row19 = case(
        "§9 row 19: Reciprocal float with subnormal results",
        A2,
        r#""s": (dtype: float, addr: 0x000, len: 4, init: Bits([0x7F7FFFFF, 0x40000000, 0x7F000000, 0x40800000])),
           "d": (dtype: float, addr: 0x020, len: 4),"#,
        r#"Reciprocal(dst: "d", src: "s", count: 4),"#,
    );
    v.push(row19.on(A2).at(
        "d",
        0,
        fb(&[0x00200000, 0x3F000000, 0x00400000, 0x3E800000]),
    ));
    v.push(row19.on(A950).at(
        "d",
        0,
        fb(&[0x00000000, 0x3F000000, 0x00000000, 0x3E800000]),
    ));

    // Row 23 (§4.2): int16 Add is not on the training series; atlas_inference has it.
    let row23 = case(
        "§9 row 23: Add int16",
        A2,
        r#""a": (dtype: int16, addr: 0x000, len: 16, init: Ramp(start: 1, step: 1)),
           "b": (dtype: int16, addr: 0x020, len: 16, init: Fill(1)),
           "d": (dtype: int16, addr: 0x040, len: 16),"#,
        r#"Add(dst: "d", src0: "a", src1: "b", count: 16),"#,
    );
    v.push(
        row23
            .on(TRAIN)
            .fails("unsupported-dtype")
            .at("d", 0, unset(16)),
    );
    v.push(row23.on(INFER).at("d", 0, ramp_i(2, 1, 16)));

    // Row 24 (§4.1): Abs int16 only on atlas_200i_500_a2 (of the non-950 products).
    let row24 = case(
        "§9 row 24: Abs int16",
        A2,
        r#""s": (dtype: int16, addr: 0x000, len: 8, init: Values([-5, 0, 7, -32767, 32767, -1, 1, -100])),
           "d": (dtype: int16, addr: 0x020, len: 8),"#,
        r#"Abs(dst: "d", src: "s", count: 8),"#,
    );
    v.push(
        row24
            .on(I200)
            .at("d", 0, ints(&[5, 0, 7, 32767, 32767, 1, 1, 100])),
    );
    v.push(row24.on(A2).fails("unsupported-dtype").at("d", 0, unset(8)));

    // Row 25 (§4.1): Relu float is not on the training series (half only there).
    let row25 = case(
        "§9 row 25: Relu float",
        A2,
        r#""s": (dtype: float, addr: 0x000, len: 4, init: Values([-1, 2, -3, 4])),
           "d": (dtype: float, addr: 0x020, len: 4),"#,
        r#"Relu(dst: "d", src: "s", count: 4),"#,
    );
    v.push(row25.on(A2).at("d", 0, fl(&[0.0, 2.0, 0.0, 4.0])));
    v.push(
        row25
            .on(TRAIN)
            .fails("unsupported-dtype")
            .at("d", 0, unset(4)),
    );

    // Row 29 (§4.3): Maxs is unavailable on the training series.
    let row29 = case(
        "§9 row 29: Maxs half",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 4, init: Values([-1, 2, -3, 4])),
           "d": (dtype: half, addr: 0x020, len: 4),"#,
        r#"Maxs(dst: "d", src: "s", scalar: 0, count: 4),"#,
    );
    v.push(row29.on(A2).at("d", 0, fl(&[0.0, 2.0, 0.0, 4.0])));
    v.push(
        row29
            .on(TRAIN)
            .fails("unsupported-instruction")
            .at("d", 0, unset(4)),
    );
    v
}
