//! Reductions: PairReduceSum, BlockReduce*, WholeReduce*, RepeatReduceSum (semantics.md §5, S2)

use super::*;

pub(crate) fn reduce_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // S2 / §5.3: half, repeat 2, dst_rep_stride 1 (unit 64 halves), src = 0..255:
    // dst[64r + q] = src[128r + 2q] + src[128r + 2q + 1] = 256r + 4q + 1, i.e. dst[j] = 4j + 1.
    let s2 = r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
                "d": (dtype: half, addr: 0x200, len: 128),"#;
    v.push(
        case(
            "PairReduceSum half, S2 contiguous mask 128, repeat 2",
            A2,
            s2,
            r#"PairReduceSum(dst: "d", src: "s", repeat_times: 2, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("d", 0, ramp_f(1.0, 4.0, 128)),
    );
    v.push(
        case(
            "PairReduceSum half, S2 bitwise mask [UINT64_MAX, UINT64_MAX], repeat 2",
            A2,
            s2,
            r#"PairReduceSum(dst: "d", src: "s", repeat_times: 2, mask: [0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF],
                             dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("d", 0, ramp_f(1.0, 4.0, 128)),
    );
    // §5.3: float, PAR 64, 32 sums per repeat; dst_rep_stride 2 → repeat r writes
    // dst[64r + q] = (64r + 2q) + (64r + 2q + 1) = 128r + 4q + 1; dst[32..64] never written.
    v.push(
        case(
            "PairReduceSum float, dst_rep_stride 2 layout (§5.3)",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
               "d": (dtype: float, addr: 0x200, len: 96),"#,
            r#"PairReduceSum(dst: "d", src: "s", repeat_times: 2, mask: 64, dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("d", 0, ramp_f(1.0, 4.0, 32))
        .at("d", 32, unset(32))
        .at("d", 64, ramp_f(129.0, 4.0, 32)),
    );
    // §5.1: dst[r·dstRepStride·8 + b]; src = 0..255 half, block j = 8r + b holds 16j..16j+15,
    // sum 256j + 120 (every tree partial sum exact in half).
    v.push(
        case(
            "BlockReduceSum half, mask 128, repeat 2 (§5.1 layout)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
               "d": (dtype: half, addr: 0x200, len: 16),"#,
            r#"BlockReduceSum(dst: "d", src: "s", repeat_times: 2, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("d", 0, ramp_f(120.0, 256.0, 16)),
    );
    // §5.1 tree: pairs (0,1), (2,3), … then pairs of partial sums, rounding to T each step.
    // half block [2048, 1, 1, 1, 0 …]: 2048 + 1 = 2049 → 2048 (tie to even), 1 + 1 = 2,
    // 2048 + 2 = 2050. A left-to-right sum would give 2048. float [2^24, 1, 1, 1, 0 …] likewise
    // gives 2^24 + 2 = 16777218 (sequential: 16777216). Only block 0 is active (mask 16 / 8);
    // on atlas_a2 the empty blocks are not written (§5.1).
    v.push(
        case(
            "BlockReduceSum tree order, half and float (§5.1)",
            A2,
            r#""hs": (dtype: half, addr: 0x000, len: 16, init: Values([2048, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
               "hd": (dtype: half, addr: 0x020, len: 8),
               "fs": (dtype: float, addr: 0x040, len: 8, init: Values([16777216, 1, 1, 1, 0, 0, 0, 0])),
               "fd": (dtype: float, addr: 0x060, len: 8),"#,
            r#"BlockReduceSum(dst: "hd", src: "hs", repeat_times: 1, mask: 16, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               BlockReduceSum(dst: "fd", src: "fs", repeat_times: 1, mask: 8, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("hd", 0, fl(&[2050.0]))
        .at("hd", 1, unset(7))
        .at("fd", 0, fl(&[16777218.0]))
        .at("fd", 1, unset(7)),
    );
    // §5.1 over the active lanes: src = 255, 254, …, 0; block j holds 255 − 16j (max) down to
    // 240 − 16j (min). mask 120: block 7 has lanes 112..119 only, so its min is
    // 255 − 128r − 119 = 136 − 128r; its max is unchanged.
    v.push(
        case(
            "BlockReduceMax / Min half, mask 120 (§5.1)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 255, step: -1)),
               "mx": (dtype: half, addr: 0x200, len: 16),
               "mn": (dtype: half, addr: 0x220, len: 16),"#,
            r#"BlockReduceMax(dst: "mx", src: "s", repeat_times: 2, mask: 120, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               BlockReduceMin(dst: "mn", src: "s", repeat_times: 2, mask: 120, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("mx", 0, ramp_f(255.0, -16.0, 16))
        .at("mn", 0, fl(&[240.0, 224.0, 208.0, 192.0, 176.0, 160.0, 144.0, 136.0]))
        .at("mn", 8, fl(&[112.0, 96.0, 80.0, 64.0, 48.0, 32.0, 16.0, 8.0])),
    );
    // §5.1 dst_rep_stride > 1: float src = 0..127, block (r, b) = 64r + 8b .. +7, sum
    // 512r + 64b + 28; dst_rep_stride 2 → dst[16r + b]; dst[8..16] keeps −1.
    // half BlockReduceMax with dst_rep_stride 3 → dst[24r + b] (unit 8 halves = 16 B);
    // src = 0..255, block max 16j + 15.
    // BlockReduceMin float with src_blk_stride 2: block b reads elements 16b .. 16b + 7, min 16b.
    v.push(
        case(
            "BlockReduce dst_rep_stride 2 / 3 and src_blk_stride 2 (§5.1)",
            A2,
            r#""fs": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
               "fsum": (dtype: float, addr: 0x200, len: 24, init: Fill(-1)),
               "hs": (dtype: half, addr: 0x260, len: 256, init: Ramp(start: 0, step: 1)),
               "hmax": (dtype: half, addr: 0x460, len: 32),
               "fmin": (dtype: float, addr: 0x4a0, len: 8),"#,
            r#"BlockReduceSum(dst: "fsum", src: "fs", repeat_times: 2, mask: 64, dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8),
               BlockReduceMax(dst: "hmax", src: "hs", repeat_times: 2, mask: 128, dst_rep_stride: 3, src_blk_stride: 1, src_rep_stride: 8),
               BlockReduceMin(dst: "fmin", src: "fs", repeat_times: 1, mask: 64, dst_rep_stride: 1, src_blk_stride: 2, src_rep_stride: 8),"#,
        )
        .at("fsum", 0, ramp_f(28.0, 64.0, 8))
        .at("fsum", 8, rep(F(-1.0), 8))
        .at("fsum", 16, ramp_f(540.0, 64.0, 8))
        .at("hmax", 0, ramp_f(15.0, 16.0, 8))
        .at("hmax", 8, unset(16))
        .at("hmax", 24, ramp_f(143.0, 16.0, 8))
        .at("fmin", 0, ramp_f(0.0, 16.0, 8)),
    );
    // §5.2 SUM over the active lanes: float 0..127, mask 64 → 2016, 6112; mask 10 →
    // 0+…+9 = 45 and 64+…+73 = 685. RepeatReduceSum half 0..255, mask 128 → 8128, 24512
    // (every tree partial sum exact in half).
    v.push(
        case(
            "WholeReduceSum float, RepeatReduceSum half (§5.2)",
            A2,
            r#""fs": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
               "w64": (dtype: float, addr: 0x200, len: 8, init: Fill(-1)),
               "w10": (dtype: float, addr: 0x220, len: 8),
               "hs": (dtype: half, addr: 0x240, len: 256, init: Ramp(start: 0, step: 1)),
               "rs": (dtype: half, addr: 0x440, len: 8),"#,
            r#"WholeReduceSum(dst: "w64", src: "fs", repeat_times: 2, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               WholeReduceSum(dst: "w10", src: "fs", repeat_times: 2, mask: 10, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               RepeatReduceSum(dst: "rs", src: "hs", repeat_times: 2, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("w64", 0, fl(&[2016.0, 6112.0]))
        .at("w64", 2, rep(F(-1.0), 6))
        .at("w10", 0, fl(&[45.0, 685.0]))
        .at("w10", 2, unset(6))
        .at("rs", 0, fl(&[8128.0, 24512.0]))
        .at("rs", 2, unset(6)),
    );
    // §5.2 orders; the index is the raw bits of T (half slot = uint16), ORDER_ONLY_INDEX a
    // uint32 (two half slots, low first). The `*_u16` / `*_u32` tensors alias the same bytes to
    // read indices as integers. src = 0..255, mask 100 → max at lane 99 in both repeats:
    // 99 (0x5630) and 227 (0x5B18), index 99 (0x0063).
    v.push(
        case(
            "WholeReduceMax half, all four orders (§5.2)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
               "vi": (dtype: half, addr: 0x200, len: 4),
               "vi_u16": (dtype: uint16, addr: 0x200, len: 4),
               "iv": (dtype: half, addr: 0x220, len: 4),
               "iv_u16": (dtype: uint16, addr: 0x220, len: 4),
               "ov": (dtype: half, addr: 0x240, len: 4),
               "oi": (dtype: half, addr: 0x260, len: 4),
               "oi_u32": (dtype: uint32, addr: 0x260, len: 2),"#,
            r#"WholeReduceMax(dst: "vi", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_VALUE_INDEX),
               WholeReduceMax(dst: "iv", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_INDEX_VALUE),
               WholeReduceMax(dst: "ov", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_VALUE),
               WholeReduceMax(dst: "oi", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_INDEX),"#,
        )
        .at("vi", 0, hb(&[0x5630, 0x0063, 0x5B18, 0x0063]))
        .at("vi_u16", 0, ints(&[0x5630, 99, 0x5B18, 99]))
        .at("iv", 0, hb(&[0x0063, 0x5630, 0x0063, 0x5B18]))
        .at("iv_u16", 0, ints(&[99, 0x5630, 99, 0x5B18]))
        .at("ov", 0, fl(&[99.0, 227.0]))
        .at("ov", 2, unset(2))
        .at("oi", 0, hb(&[0x0063, 0x0000, 0x0063, 0x0000]))
        .at("oi_u32", 0, ints(&[99, 99])),
    );
    // §5.2 MIN with each order: src = 50, 49, …, −205, mask 100 → min at lane 99:
    // 50 − 99 = −49 and 50 − 128 − 99 = −177, index 99.
    v.push(
        case(
            "WholeReduceMin half, all four orders (§5.2)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 50, step: -1)),
               "vi": (dtype: half, addr: 0x200, len: 4),
               "iv": (dtype: half, addr: 0x220, len: 4),
               "ov": (dtype: half, addr: 0x240, len: 4),
               "oi": (dtype: half, addr: 0x260, len: 4),
               "oi_u32": (dtype: uint32, addr: 0x260, len: 2),"#,
            r#"WholeReduceMin(dst: "vi", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_VALUE_INDEX),
               WholeReduceMin(dst: "iv", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_INDEX_VALUE),
               WholeReduceMin(dst: "ov", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_VALUE),
               WholeReduceMin(dst: "oi", src: "s", repeat_times: 2, mask: 100, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_INDEX),"#,
        )
        .at("vi", 0, [fl(&[-49.0]), hb(&[0x0063]), fl(&[-177.0]), hb(&[0x0063])].concat())
        .at("iv", 0, [hb(&[0x0063]), fl(&[-49.0]), hb(&[0x0063]), fl(&[-177.0])].concat())
        .at("ov", 0, fl(&[-49.0, -177.0]))
        .at("ov", 2, unset(2))
        .at("oi_u32", 0, ints(&[99, 99])),
    );
    // §5.2 on float: a float slot holds the index as a uint32 bit pattern. [1, 5, 3, 9, 9, −2,
    // 0, 4], mask 8: max 9 (0x41100000) first at lane 3 (ties → smallest index). Min of
    // [4, −2, 7, −2, 0, 1, 1, 8]: −2 first at lane 1.
    v.push(
        case(
            "WholeReduceMax / Min float: orders, ties pick the smallest index (§5.2)",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 8, init: Values([1, 5, 3, 9, 9, -2, 0, 4])),
               "t": (dtype: float, addr: 0x020, len: 8, init: Values([4, -2, 7, -2, 0, 1, 1, 8])),
               "vi": (dtype: float, addr: 0x040, len: 2),
               "vi_u32": (dtype: uint32, addr: 0x040, len: 2),
               "iv": (dtype: float, addr: 0x060, len: 2),
               "ov": (dtype: float, addr: 0x080, len: 2),
               "oi": (dtype: float, addr: 0x0a0, len: 2),
               "oi_u32": (dtype: uint32, addr: 0x0a0, len: 2),
               "mn": (dtype: float, addr: 0x0c0, len: 2),
               "mn_u32": (dtype: uint32, addr: 0x0c0, len: 2),"#,
            r#"WholeReduceMax(dst: "vi", src: "s", repeat_times: 1, mask: 8, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               WholeReduceMax(dst: "iv", src: "s", repeat_times: 1, mask: 8, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_INDEX_VALUE),
               WholeReduceMax(dst: "ov", src: "s", repeat_times: 1, mask: 8, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_VALUE),
               WholeReduceMax(dst: "oi", src: "s", repeat_times: 1, mask: 8, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_INDEX),
               WholeReduceMin(dst: "mn", src: "t", repeat_times: 1, mask: [0xFF], dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("vi", 0, fb(&[0x41100000, 0x00000003]))
        .at("vi_u32", 0, ints(&[0x41100000, 3]))
        .at("iv", 0, fb(&[0x00000003, 0x41100000]))
        .at("ov", 0, [fl(&[9.0]), unset(1)].concat())
        .at("oi_u32", 0, [ints(&[3]), unset(1)].concat())
        .at("mn", 0, fl(&[-2.0]))
        .at("mn_u32", 1, ints(&[1])),
    );
    // §5.2 ties: a constant half 3.0 (0x4200) → index 0.
    v.push(
        case(
            "WholeReduceMax half on a constant: index 0 (§5.2)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 128, init: Fill(3)),
               "d": (dtype: half, addr: 0x100, len: 2),"#,
            r#"WholeReduceMax(dst: "d", src: "s", repeat_times: 1, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("d", 0, hb(&[0x4200, 0x0000])),
    );
    // §5.2 dst_rep_stride > 1; the unit is one repeat's output:
    //  - WholeReduceMin half VALUE_INDEX (4 B), stride 2: repeat 1 at byte 8 = elements 4, 5;
    //    src = 50, 49, …: min at lane 127, −77 and −205, index 127 (0x007F).
    //  - WholeReduceSum float (4 B), stride 3: dst[3r] = 2016, 6112.
    //  - WholeReduceMax half ONLY_VALUE (2 B), stride 2: dst[2r] = 127, 255.
    //  - WholeReduceMax half ONLY_INDEX (uint32, 4 B), stride 2: uint32 slot 2r = 127.
    //  - RepeatReduceSum half (2 B), stride 2: dst[2r] = 8128, 24512.
    v.push(
        case(
            "WholeReduce / RepeatReduceSum dst_rep_stride > 1 layouts (§5.2)",
            A2,
            r#""down": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 50, step: -1)),
               "up": (dtype: half, addr: 0x200, len: 256, init: Ramp(start: 0, step: 1)),
               "f": (dtype: float, addr: 0x400, len: 128, init: Ramp(start: 0, step: 1)),
               "mn": (dtype: half, addr: 0x600, len: 6),
               "fs": (dtype: float, addr: 0x620, len: 4),
               "ov": (dtype: half, addr: 0x640, len: 3),
               "oi": (dtype: half, addr: 0x660, len: 6),
               "oi_u32": (dtype: uint32, addr: 0x660, len: 3),
               "rs": (dtype: half, addr: 0x680, len: 3),"#,
            r#"WholeReduceMin(dst: "mn", src: "down", repeat_times: 2, mask: 128, dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8),
               WholeReduceSum(dst: "fs", src: "f", repeat_times: 2, mask: 64, dst_rep_stride: 3, src_blk_stride: 1, src_rep_stride: 8),
               WholeReduceMax(dst: "ov", src: "up", repeat_times: 2, mask: 128, dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_VALUE),
               WholeReduceMax(dst: "oi", src: "up", repeat_times: 2, mask: 128, dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_INDEX),
               RepeatReduceSum(dst: "rs", src: "up", repeat_times: 2, mask: 128, dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("mn", 0, [fl(&[-77.0]), hb(&[0x007F]), unset(2), fl(&[-205.0]), hb(&[0x007F])].concat())
        .at("fs", 0, [fl(&[2016.0]), unset(2), fl(&[6112.0])].concat())
        .at("ov", 0, [fl(&[127.0]), unset(1), fl(&[255.0])].concat())
        .at("oi_u32", 0, [ints(&[127]), unset(1), ints(&[127])].concat())
        .at("rs", 0, [fl(&[8128.0]), unset(1), fl(&[24512.0])].concat()),
    );
    v
}
