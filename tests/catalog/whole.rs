//! ReduceSum / ReduceMax / ReduceMin over a whole tensor (§4.4, §5.4) and the new reduction names

use super::*;

pub(crate) fn whole_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:归约计算/ReduceSum 示例: 8320 halves of 1, mask 128, repeat 65, srcRepStride 8 → 8320
    // (every partial sum is a multiple of 128 below 8320, exact in half); the count form over
    // 288 ones → 288. The work buffer of the high-dimensional form needs DivCeil(65, 16)·16 = 80
    // halves (关键特性说明).
    v.push(
        case(
            "ReduceSum half: DK examples (high-dim 65 repeats, count 288)",
            A2,
            r#""s": (dtype: half, addr: 0x0000, len: 8320, init: Fill(1)),
               "w": (dtype: half, addr: 0x4100, len: 80),
               "d": (dtype: half, addr: 0x41a0, len: 16),
               "d2": (dtype: half, addr: 0x41c0, len: 16),"#,
            r#"ReduceSum(dst: "d", src: "s", work: "w", mask: 128, repeat_times: 65, src_rep_stride: 8),
               ReduceSum(dst: "d2", src: "s", work: "w", count: 288),"#,
        )
        .at("d", 0, fl(&[8320.0]))
        .at("d", 1, unset(15))
        .at("d2", 0, fl(&[288.0])),
    );
    // §5.4, §9 row 9: four half repeats whose sums are 2048 (128 lanes of 16) and 1, 1, 1.
    // Scheme 1 (A2/A3 count form, sequential): 2048 + 1 → 2048 (tie to even), three times →
    // 2048. Scheme 2 (A2/A3 high-dim form, 200I/500 A2, inference, training): a tree over
    // [2048, 1, 1, 1]: (2048 + 1) → 2048, (1 + 1) = 2, → 2050. Scheme 3 (950, counter mode over
    // 1024 bytes): lane 0 adds up to 16 + 1 + 1 + 1 = 19, the other 127 lanes hold 16; the tree
    // gives 19 + 16 = 35, … 1027 + 1024 = 2051 → 2052 (tie to even).
    let mut data = vec![16.0; 128];
    for _ in 0..3 {
        data.push(1.0);
        data.extend([0.0; 127]);
    }
    let order = |form: &str| {
        case(
            &format!("§9 row 9: ReduceSum half accumulation order, {form}"),
            A2,
            &format!(
                r#""s": (dtype: half, addr: 0x000, len: 512, init: Values([{}])),
                   "w": (dtype: half, addr: 0x400, len: 16),
                   "d": (dtype: half, addr: 0x420, len: 16),"#,
                list(&data)
            ),
            &format!(r#"ReduceSum(dst: "d", src: "s", work: "w", {form}),"#),
        )
    };
    let count = order("count: 512");
    let high = order("mask: 128, repeat_times: 4, src_rep_stride: 8");
    v.push(count.on(A2).at("d", 0, fl(&[2048.0])));
    v.push(count.on(A3).at("d", 0, fl(&[2048.0])));
    v.push(high.on(A2).at("d", 0, fl(&[2050.0])));
    v.push(count.on(I200).at("d", 0, fl(&[2050.0])));
    v.push(count.on(INFER).at("d", 0, fl(&[2050.0])));
    v.push(count.on(TRAIN).at("d", 0, fl(&[2050.0])));
    v.push(count.on(A950).at("d", 0, fl(&[2052.0])));
    v.push(high.on(A950).at("d", 0, fl(&[2050.0])));
    // §2.5, §9 row 10: ReduceSum's isSetMask is honoured on A2/A3: with is_set_mask false the
    // element count comes from the register (SetMaskCount + SetVectorMask(len: 256): 256 ones
    // → 256) and `count` (1, as the docs recommend) is ignored. Elsewhere isSetMask has no
    // effect: `count` is used (1 → 1). §2.5: on A2/A3 such a ReduceSum sets no mask after
    // either (CANN's ReduceSumImpl<T, false>), so a second one still counts 256; elsewhere the
    // count form left all ones in normal mode and the second uses its `count` again.
    let row10 = case(
        "§9 row 10: ReduceSum is_set_mask: false",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 512, init: Fill(1)),
           "w": (dtype: half, addr: 0x400, len: 16),
           "d": (dtype: half, addr: 0x420, len: 16),
           "e": (dtype: half, addr: 0x440, len: 16),"#,
        r#"SetMaskCount,
           SetVectorMask(len: 256),
           ReduceSum(dst: "d", src: "s", work: "w", count: 1, is_set_mask: false),
           ReduceSum(dst: "e", src: "s", work: "w", count: 1, is_set_mask: false),"#,
    );
    v.push(
        row10
            .on(A2)
            .at("d", 0, fl(&[256.0]))
            .at("e", 0, fl(&[256.0])),
    );
    v.push(
        row10
            .on(INFER)
            .warns("is-set-mask-ignored")
            .warns("mask-register-reset")
            .at("d", 0, fl(&[1.0]))
            .at("e", 0, fl(&[1.0])),
    );
    v.push(
        case(
            "ReduceSum is_set_mask: false needs counter mode on A2",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 512, init: Fill(1)),
               "d": (dtype: half, addr: 0x420, len: 16),"#,
            r#"ReduceSum(dst: "d", src: "s", work: "s", count: 1, is_set_mask: false),"#,
        )
        .fails("mask-out-of-range"),
    );
    // DK:归约计算/ReduceMax 约束: the smallest index among equal maxima, stored as the raw bits
    // of T (a half holding 130 reads as the subnormal 130·2^-24). 0..255 with 300 at 130 and
    // 200, mask 128, repeat 2: index 1·128 + 2 = 130. The work buffer with index: 4 → 16 +
    // DivCeil(4, 128)·2 = 2 → 16: 32 halves.
    let mut mx: Vec<f64> = (0..256).map(|x| x as f64).collect();
    mx[130] = 300.0;
    mx[200] = 300.0;
    v.push(
        case(
            "ReduceMax half with calc_index: first of equal maxima, index as raw bits",
            A2,
            &format!(
                r#""s": (dtype: half, addr: 0x000, len: 256, init: Values([{}])),
                   "w": (dtype: half, addr: 0x200, len: 32),
                   "d": (dtype: half, addr: 0x240, len: 16),"#,
                list(&mx)
            ),
            r#"ReduceMax(dst: "d", src: "s", work: "w", mask: 128, repeat_times: 2, src_rep_stride: 8, calc_index: true),"#,
        )
        .at("d", 0, vec![F(300.0)])
        .at("d", 1, hb(&[130]))
        .at("d", 2, unset(14)),
    );
    // ReduceMin float, count form: −3 at 1 and 3 → index 1 (float bits 1 = 2^-149); without
    // calc_index only the value is written.
    let mn: Vec<f64> = cycle(&[5.0, -3.0, 7.0, -3.0], 64);
    v.push(
        case(
            "ReduceMin float count form, with and without calc_index",
            A2,
            &format!(
                r#""s": (dtype: float, addr: 0x000, len: 64, init: Values([{}])),
                   "w": (dtype: float, addr: 0x100, len: 16),
                   "d": (dtype: float, addr: 0x140, len: 8),
                   "e": (dtype: float, addr: 0x160, len: 8),"#,
                list(&mn)
            ),
            r#"ReduceMin(dst: "d", src: "s", work: "w", count: 64, calc_index: true),
               ReduceMin(dst: "e", src: "s", work: "w", count: 64),"#,
        )
        .at("d", 0, fb(&[0xC0400000, 1]))
        .at("e", 0, fl(&[-3.0]))
        .at("e", 1, unset(7)),
    );
    // §9 row 13 (DK:归约计算/ReduceMax): the work buffer is required outside 950 — 2 repeats
    // with index need 32 halves, 16 is too small — and 950 does not use it.
    let row13 = case(
        "§9 row 13: ReduceMax work buffer too small",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
           "w": (dtype: half, addr: 0x200, len: 16),
           "d": (dtype: half, addr: 0x240, len: 16),"#,
        r#"ReduceMax(dst: "d", src: "s", work: "w", mask: 128, repeat_times: 2, src_rep_stride: 8, calc_index: true),"#,
    );
    v.push(row13.on(A2).fails("work-too-small"));
    v.push(
        row13
            .on(A950)
            .at("d", 0, vec![F(255.0)])
            .at("d", 1, hb(&[255])),
    );
    // §8: one repeat of ReduceMin with calc_index writes dst directly in CANN's A2
    // implementation, so a source reused as its own work buffer, smaller than the page's formula
    // (16 floats), is a warning and the minimum (−1) and its index (1) land in dst; one element
    // of work without calc_index, which uses two, stays an error.
    let one = case(
        "ReduceMin of one repeat in place",
        A2,
        r#""s": (dtype: float, addr: 0x000, len: 8, init: Values([5.0, -1.0, 2.0, 7.0, -9.0, 0.0, 0.0, 0.0])),
           "w": (dtype: float, addr: 0x040, len: 1),
           "d": (dtype: float, addr: 0x060, len: 8),"#,
        r#"ReduceMin(dst: "s", src: "s", work: "s", count: 3, calc_index: true),"#,
    );
    v.push(
        one.on(A2)
            .warns("work-below-documented-size")
            .warns("partial-overlap")
            .at("s", 0, fb(&[0xBF800000, 1])),
    );
    v.push(
        case(
            "ReduceMin of one repeat without calc_index: work of one element",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 8, init: Fill(1)),
               "w": (dtype: float, addr: 0x040, len: 1),
               "d": (dtype: float, addr: 0x060, len: 8),"#,
            r#"ReduceMin(dst: "d", src: "s", work: "w", count: 3),"#,
        )
        .on(A2)
        .fails("work-too-small"),
    );
    // ReduceMax on int16 exists on 950 only (DK:归约计算/ReduceMax 数据类型).
    let imax = case(
        "ReduceMax int16: 950 only",
        A950,
        r#""s": (dtype: int16, addr: 0x000, len: 128, init: Ramp(start: -64, step: 1)),
           "d": (dtype: int16, addr: 0x100, len: 16),"#,
        r#"ReduceMax(dst: "d", src: "s", work: "s", count: 128, calc_index: true),"#,
    );
    v.push(imax.on(A950).at("d", 0, ints(&[63, 127])));
    v.push(imax.on(A2).fails("unsupported-dtype"));
    // Half indices stop at 65535: 513 repeats of 128 (re-reading one repeat) are refused.
    v.push(
        case(
            "ReduceMax half with calc_index over more than 65536 elements",
            A950,
            r#""s": (dtype: half, addr: 0x000, len: 128, init: Fill(1)),
               "d": (dtype: half, addr: 0x100, len: 16),"#,
            r#"ReduceMax(dst: "d", src: "s", work: "s", mask: 128, repeat_times: 513, src_rep_stride: 0, calc_index: true),"#,
        )
        .fails("count-out-of-range"),
    );
    v
}

pub(crate) fn alias_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // §4.4: ReduceDataBlock(op: SUM|MAX|MIN), ReduceRepeat(op, order) and ReducePairElem are
    // the 9.1.0 names of BlockReduce*, WholeReduce* and PairReduceSum. Half 1..128: block b sums
    // 16b+1 … 16b+16 = 256b + 136; its max is 16b + 16.
    v.push(
        case(
            "ReduceDataBlock SUM / MAX = BlockReduceSum / Max",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 128, init: Ramp(start: 1, step: 1)),
               "a": (dtype: half, addr: 0x100, len: 8),
               "b": (dtype: half, addr: 0x120, len: 8),
               "c": (dtype: half, addr: 0x140, len: 8),"#,
            r#"ReduceDataBlock(dst: "a", src: "s", op: SUM, mask: 128, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               BlockReduceSum(dst: "b", src: "s", mask: 128, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               ReduceDataBlock(dst: "c", src: "s", op: MAX, mask: 128, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("a", 0, ramp_f(136.0, 256.0, 8))
        .at("b", 0, ramp_f(136.0, 256.0, 8))
        .at("c", 0, ramp_f(16.0, 16.0, 8)),
    );
    // ReduceRepeat(op: MAX, order: ORDER_INDEX_VALUE) on float 0..63: [index 63 as raw bits,
    // 63]; op: SUM → 0 + … + 63 = 2016.
    v.push(
        case(
            "ReduceRepeat MAX (ORDER_INDEX_VALUE) and SUM",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 0, step: 1)),
               "a": (dtype: float, addr: 0x100, len: 2),
               "b": (dtype: float, addr: 0x120, len: 1),"#,
            r#"ReduceRepeat(dst: "a", src: "s", op: MAX, order: ORDER_INDEX_VALUE, mask: 64, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               ReduceRepeat(dst: "b", src: "s", op: SUM, mask: 64, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("a", 0, fb(&[63, 0x427C0000]))
        .at("b", 0, fl(&[2016.0])),
    );
    // ReducePairElem is PairReduceSum: the seed S2 mask-62 example and §9 row 1 on both sides.
    let pair = case(
        "ReducePairElem float mask 62 (S2, §9 row 1)",
        A2,
        r#""s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 1, step: 1)),
           "d": (dtype: float, addr: 0x100, len: 32, init: Fill(-1)),"#,
        r#"ReducePairElem(dst: "d", src: "s", mask: 62, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
    );
    v.push(
        pair.on(A2)
            .at("d", 0, ramp_f(3.0, 4.0, 31))
            .at("d", 31, fl(&[-1.0])),
    );
    v.push(
        pair.on(I200)
            .at("d", 0, ramp_f(3.0, 4.0, 31))
            .at("d", 31, fl(&[0.0])),
    );
    v
}
