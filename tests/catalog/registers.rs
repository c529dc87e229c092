//! The registers the scalar unit reads back and the DEQSCALE conversions (docs/semantics.md
//! §16, §19): Compare into the CmpMask register and GetCmpMask, GetReduceRepeatMaxMinSpr,
//! CastDequant with SetDeqScale's scalar and vector forms.

use super::*;

/// The inputs and output of the worked example of DK:比较与选择/Compare（结果存入寄存器）.
const CMP_SRC0: &str = "86.72287, 9.413112, 17.033222, -64.10005, -66.2691, -65.57659, 15.898049, 94.61241, -68.920685, -36.16883, 15.62852, 68.078514, -59.724575, -9.4302225, -64.770935, 66.55523, -84.60122, 57.331, 60.42026, -86.78856, 37.25265, 8.356797, -48.544407, 16.73616, 15.28083, -21.889254, -67.93181, -41.01825, -68.79465, 20.169441, 44.11346, -27.419518, 30.452742, -89.30283, -18.590672, 32.45831, 8.392082, -57.198048, 98.76846, -81.73067, -38.274437, -83.84363, 64.30617, 6.028703, -20.77164, 93.71867, 54.190437, 94.98172, -47.447758, -65.77461, 82.21715, 59.953922, 23.599781, -77.29708, 26.963976, -63.468987, 79.97712, -70.47842, 39.00433, 52.36555, -63.94925, -65.77033, 26.17237, -71.904884";
const CMP_SRC1: &str = "2.2989323, 51.8879, -81.49718, 41.189415, 6.4081917, 92.566666, 53.205498, -94.47063, -75.38387, 36.464787, 85.60772, -28.70681, 42.58504, -76.15293, 38.723816, 10.006577, 74.53035, -78.38537, 71.945404, -4.060528, -14.501523, 28.229202, 96.87876, 41.558033, -92.623215, 43.318684, 35.387154, -16.029816, 61.544827, 3.3527017, 55.806778, -93.242096, 22.86275, -87.506584, 35.29523, 8.405956, 91.03445, -85.29485, 34.30078, -3.8019252, 93.40503, 15.459968, -57.99712, -74.39948, -59.900818, -43.132637, -13.123036, 41.246174, -93.01083, 75.476875, -45.437893, -99.19293, 13.543604, 76.23386, 46.192528, -39.23934, 75.9787, -38.38979, 9.807722, -60.610104, -23.062874, 48.1669, 89.913376, 73.78631";

pub(crate) fn cmp_mask_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // The page's example: 64 floats, LT, mask 64; its printed register is [122 86 237 94 150
    // 3 226 242]. A float compare fills 8 of the register's 16 bytes: GetCmpMask leaves the
    // other 8 unspecified (uninitialised), and writes nothing past 16 bytes (§19).
    let doc = case(
        "Compare(LT) into the CmpMask register, GetCmpMask (the page's example)",
        A2,
        &format!(
            r#""a": (dtype: float, addr: 0x000, len: 64, init: Values([{CMP_SRC0}])),
               "b": (dtype: float, addr: 0x100, len: 64, init: Values([{CMP_SRC1}])),
               "m": (dtype: uint8, addr: 0x200, len: 32, init: Fill(0)),"#
        ),
        r#"Compare(src0: "a", src1: "b", cmp: LT, mask: 64, params: [1, 1, 1, 8, 8, 8]),
           PipeBarrier(pipe: PIPE_V),
           GetCmpMask(dst: "m"),"#,
    )
    .at("m", 0, ints(&[122, 86, 237, 94, 150, 3, 226, 242]))
    .at("m", 8, unset(8))
    .at("m", 16, rep(I(0), 16));
    v.push(doc.clone());
    // `ret: "s"` (docs/format.md §10): the register's first bytes as the scalar's type, little
    // endian: the page's 8 bytes as a uint64, the first 4 as a uint32; a float compare leaves
    // bytes 8..15 unwritten, so a 16-byte read is not possible and 8 bytes are all a uint64 gets.
    v.push(
        case(
            "GetCmpMask(ret) into scalars",
            A2,
            &format!(
                r#""a": (dtype: float, addr: 0x000, len: 64, init: Values([{CMP_SRC0}])),
                   "b": (dtype: float, addr: 0x100, len: 64, init: Values([{CMP_SRC1}])),"#
            ),
            r#"GetCmpMask(ret: "u"),
               Compare(src0: "a", src1: "b", cmp: LT, mask: 64, params: [1, 1, 1, 8, 8, 8]),
               GetCmpMask(ret: "w"),
               GetCmpMask(ret: "k"),"#,
        )
        .scalars(r#""u": (dtype: uint64), "w": (dtype: uint64), "k": (dtype: uint32),"#)
        .warns("cmp-mask-unset")
        .scalar("u", U)
        .scalar("w", I(17501555046287758970))
        .scalar("k", I(1592612474)),
    );
    v.push(doc.on(A3));
    v.push(doc.on(INFER));
    v.push(doc.on(A950));
    v.push(doc.on(TRAIN).fails("unsupported-instruction"));
    v.push(doc.on(I200).fails("unsupported-instruction"));
    // half, contiguous mask 100: lanes 0..99 compared, 100..127 inactive (0 bits). src0 =
    // 0, 1, …, 127 < 50 for lanes 0..49: bytes 0..5 all ones, byte 6 = lanes 48, 49 = 0b11,
    // the rest 0. A half compare fills all 16 bytes.
    v.push(
        case(
            "half Compare(LT) into the register with mask 100",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
               "b": (dtype: half, addr: 0x100, len: 128, init: Fill(50)),
               "m": (dtype: uint16, addr: 0x200, len: 16, init: Fill(7)),"#,
            r#"Compare(src0: "a", src1: "b", cmp: LT, mask: 100, params: [1, 1, 1, 8, 8, 8]),
               GetCmpMask(dst: "m"),"#,
        )
        .at("m", 0, ints(&[0xffff, 0xffff, 0xffff, 0x0003, 0, 0, 0, 0]))
        .at("m", 8, rep(I(7), 8)),
    );
    // A bitwise mask: only the even lanes of the first word (0x5555…), all true (GE on equal).
    v.push(
        case(
            "Compare(GE) into the register with a bitwise mask",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 128, init: Fill(1)),
               "m": (dtype: uint8, addr: 0x100, len: 16),"#,
            r#"Compare(src0: "a", src1: "a", cmp: GE, mask: [0x5555555555555555, 0], params: [1, 1, 1, 8, 8, 8]),
               GetCmpMask(dst: "m"),"#,
        )
        .at("m", 0, [rep(I(0x55), 8), rep(I(0), 8)].concat()),
    );
    v.push(
        case(
            "GetCmpMask before any Compare into the register",
            A2,
            r#""m": (dtype: uint8, addr: 0x000, len: 16, init: Fill(9)),"#,
            r#"GetCmpMask(dst: "m"),"#,
        )
        .warns("cmp-mask-unset")
        .at("m", 0, unset(16)),
    );
    // The loader's errors (`bad-form` for count or repeat_times, `wrong-dtype` for vdeq) are
    // fixtures in tests/bad_programs.
    let tensors = r#""m": (dtype: uint8, addr: 0x100, len: 64),
                     "k": (dtype: uint8, addr: 0x200, len: 8),
                     "q": (dtype: int64, addr: 0x300, len: 4),"#;
    for (name, code, fails) in [
        (
            "GetCmpMask 16-byte alignment",
            r#"GetCmpMask(dst: "m[8]"),"#,
            "misaligned",
        ),
        (
            "GetCmpMask needs 16 bytes",
            r#"GetCmpMask(dst: "k"),"#,
            "outside-tensor",
        ),
        (
            "GetCmpMask writes b8, b16 or b32",
            r#"GetCmpMask(dst: "q"),"#,
            "unsupported-dtype",
        ),
    ] {
        v.push(case(name, A2, tensors, code).fails(fails));
    }
    v
}

pub(crate) fn max_min_spr_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:C-API/asc_get_reduce_max_cnt 结果示例: 256 halves 1 … 256 in two repeats; the value is
    // 256 and the index of the first maximum 255. GetReduceRepeatMaxMinSpr<half> stores the
    // index bit-wise as half (its 约束说明): bits(i) = 255. Into uint32 scalars (the uint32_t
    // overload) the value is its bits, 256 = 0x5C00 as half, and the index a number.
    let max = case(
        "ReduceRepeat MAX: value and index over all repeats",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 1, step: 1)),
           "d": (dtype: half, addr: 0x200, len: 16, init: Fill(0)),"#,
        r#"ReduceRepeat(op: MAX, dst: "d", src: "s", mask: 128, repeat_times: 2, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
           GetReduceRepeatMaxMinSpr(value: "v", index: "i"),
           Let(dst: "k", expr: "bits(i)"),
           GetReduceRepeatMaxMinSpr(value: "w", index: "n"),"#,
    )
    .scalars(r#""v": (dtype: half), "i": (dtype: half), "k": (dtype: uint32), "w": (dtype: uint32), "n": (dtype: int32),"#);
    v.push(
        max.clone()
            .scalar("v", F(256.0))
            .scalar("k", I(255))
            .scalar("w", I(0x5c00))
            .scalar("n", I(255)),
    );
    v.push(max.on(A3).scalar("v", F(256.0)).scalar("k", I(255)));
    v.push(max.on(INFER).fails("unsupported-form"));
    v.push(max.on(A950).fails("unsupported-instruction"));
    v.push(max.on(I200).fails("unsupported-instruction"));
    v.push(max.on(TRAIN).fails("unsupported-instruction"));
    // DK:C-API/asc_get_reduce_min_cnt 结果示例: 256, 255, …, 1: min 1 at index 255. Inference AI
    // Core has the one-argument form (the value).
    let min = case(
        "ReduceRepeat MIN: the value only",
        INFER,
        r#""s": (dtype: float, addr: 0x000, len: 256, init: Ramp(start: 256, step: -1)),
           "d": (dtype: float, addr: 0x400, len: 16, init: Fill(0)),"#,
        r#"WholeReduceMin(dst: "d", src: "s", mask: 64, repeat_times: 4, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
           GetReduceRepeatMaxMinSpr(value: "v"),"#,
    )
    .scalars(r#""v": (dtype: float),"#);
    v.push(min.clone().scalar("v", F(1.0)));
    v.push(min.on(A2).scalar("v", F(1.0)));
    // A partial mask: lanes 0..63 of each repeat; repeat 1's maximum 192 sits at lane 63, index
    // 128 + 63 = 191. Ties keep the first: all equal gives index 0.
    v.push(
        case(
            "ReduceRepeat MAX with mask 64; ties keep the first index",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 1, step: 1)),
               "e": (dtype: half, addr: 0x200, len: 256, init: Fill(7)),
               "d": (dtype: half, addr: 0x400, len: 16, init: Fill(0)),"#,
            r#"WholeReduceMax(dst: "d", src: "s", mask: 64, repeat_times: 2, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               GetReduceRepeatMaxMinSpr(value: "v", index: "n"),
               WholeReduceMax(dst: "d", src: "e", mask: 128, repeat_times: 2, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               GetReduceRepeatMaxMinSpr(value: "w", index: "m"),"#,
        )
        .scalars(r#""v": (dtype: half), "n": (dtype: uint32), "w": (dtype: half), "m": (dtype: uint32),"#)
        .scalar("v", F(192.0))
        .scalar("n", I(191))
        .scalar("w", F(7.0))
        .scalar("m", I(0)),
    );
    // Outside the documented cases the register is not specified: not contiguous, ReduceMax's
    // index ("不能获取对应的准确索引"), and before any reduction.
    v.push(
        case(
            "not contiguous: value and index unspecified",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 512, init: Fill(1)),
               "d": (dtype: half, addr: 0x400, len: 16, init: Fill(0)),"#,
            r#"WholeReduceMax(dst: "d", src: "s", mask: 128, repeat_times: 2, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 16),
               GetReduceRepeatMaxMinSpr(value: "v", index: "n"),"#,
        )
        .scalars(r#""v": (dtype: half), "n": (dtype: uint32),"#)
        .warns("max-min-spr-unspecified")
        .scalar("v", U)
        .scalar("n", U),
    );
    v.push(
        case(
            "ReduceMax: the value, no index",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 200, init: Ramp(start: -50, step: 0.5)),
               "d": (dtype: float, addr: 0x400, len: 8, init: Fill(0)),
               "w": (dtype: float, addr: 0x600, len: 64),"#,
            r#"ReduceMax(dst: "d", src: "s", work: "w", count: 200),
               GetReduceRepeatMaxMinSpr(value: "v", index: "n"),"#,
        )
        .scalars(r#""v": (dtype: float), "n": (dtype: uint32),"#)
        .warns("max-min-spr-unspecified")
        .scalar("v", F(49.5))
        .scalar("n", U),
    );
    v.push(
        case(
            "GetReduceRepeatMaxMinSpr before any reduction",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 16),"#,
            r#"GetReduceRepeatMaxMinSpr(value: "v"),"#,
        )
        .scalars(r#""v": (dtype: half),"#)
        .warns("max-min-spr-unset")
        .scalar("v", U),
    );
    v
}

pub(crate) fn dequant_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // Per tensor: dst = sat(rint(x·0.5 + 10)) into int8 (signMode true). By hand:
    // 0→10, 1→10.5→10, 2→11, 3→11.5→12, -1→9.5→10, -3→8.5→8, 300→160→127, -300→-140→-128,
    // 5→12.5→12, 7→13.5→14, 100→60, -100→-40, 237→128.5→127, -500→-240→-128, 9→14.5→14,
    // 11→15.5→16. halfBlock false: the lower 16 bytes of the 32-byte block; the upper half
    // keeps its -1.
    let scalar = case(
        "CastDequant int16 → int8, per tensor, halfBlock false",
        A2,
        r#""s": (dtype: int16, addr: 0x000, len: 16, init: Values([0, 1, 2, 3, -1, -3, 300, -300, 5, 7, 100, -100, 237, -500, 9, 11])),
           "d": (dtype: int8, addr: 0x100, len: 32, init: Fill(-1)),"#,
        r#"SetDeqScale(scale: 0.5, offset: 10, sign_mode: true),
           CastDequant(dst: "d", src: "s", vec_deq: false, half_block: false, count: 16),"#,
    );
    let want = ints(&[
        10, 10, 11, 12, 10, 8, 127, -128, 12, 14, 60, -40, 127, -128, 14, 16,
    ]);
    v.push(
        scalar
            .clone()
            .at("d", 0, want.clone())
            .at("d", 16, rep(I(-1), 16)),
    );
    v.push(scalar.on(A950).at("d", 0, want.clone()));
    v.push(scalar.on(INFER).at("d", 0, want));
    v.push(scalar.on(TRAIN).fails("unsupported-instruction"));
    v.push(scalar.on(I200).fails("unsupported-instruction"));
    // The scale as the hardware's (1, 8, 10) float: 0.5·(1 + 2^-11) keeps 0.5. 1021·0.5 − 256
    // = 254.5 → 254 (even); with the full scale it would be 254.749 → 255 (docs/semantics.md §16).
    v.push(
        case(
            "CastDequant uses 10 mantissa bits of the scale",
            A2,
            r#""s": (dtype: int16, addr: 0x000, len: 16, init: Fill(1021)),
               "d": (dtype: uint8, addr: 0x100, len: 32, init: Fill(0)),"#,
            r#"SetDeqScale(scale: 0.500244140625, offset: -256, sign_mode: false),
               CastDequant(dst: "d", src: "s", vec_deq: false, half_block: true, count: 16),"#,
        )
        .at("d", 0, rep(I(0), 16))
        .at("d", 16, rep(I(254), 16)),
    );
    // The vector form: lane j of every block uses set j; scale j + 1, offset 0: 2·(j + 1).
    // Two blocks in the mask form (mask 32 of 128 lanes, one repeat), halfBlock true.
    let scales: Vec<String> = (1..=16).map(|j| format!("{j}.0")).collect();
    v.push(
        case(
            "CastDequant with 16 quantisation sets",
            A2,
            r#""s": (dtype: int16, addr: 0x000, len: 32, init: Fill(2)),
               "d": (dtype: uint8, addr: 0x100, len: 64, init: Fill(0)),
               "q": (dtype: uint64, addr: 0x200, len: 16),"#,
            &format!(
                r#"SetDeqScale(vdeq: "q", scale: [{}], offset: [{}], sign_mode: [{}]),
                   CastDequant(dst: "d", src: "s", mask: 32, repeat_times: 1, params: [1, 1, 8, 8]),"#,
                scales.join(", "),
                ["0"; 16].join(", "),
                ["false"; 16].join(", ")
            ),
        )
        .at("d", 0, rep(I(0), 16))
        .at("d", 16, ints(&(1..=16).map(|j| 2 * j).collect::<Vec<_>>()))
        .at("d", 32, rep(I(0), 16))
        .at("d", 48, ints(&(1..=16).map(|j| 2 * j).collect::<Vec<_>>())),
    );
    // int32 → half: as Cast with SetDeqScale(half): x·0.5 rounded to half; 2049·0.5 = 1024.5
    // → 1024 (even); int16 → b8 is the only pair on inference AI Core.
    let s32 = case(
        "CastDequant int32 → half",
        A2,
        r#""s": (dtype: int32, addr: 0x000, len: 8, init: Values([100, -7, 2049, 0, 1, 3, 65504, -2])),
           "d": (dtype: half, addr: 0x100, len: 16, init: Fill(0)),"#,
        r#"SetDeqScale(scale: 0.5),
           CastDequant(dst: "d", src: "s", count: 8),"#,
    );
    v.push(s32.clone().at(
        "d",
        0,
        hs(&[50.0, -3.5, 1024.0, 0.0, 0.5, 1.5, 32752.0, -1.0]),
    ));
    v.push(s32.on(INFER).fails("unsupported-dtype"));
    v.push(
        case(
            "CastDequant without SetDeqScale; signMode against dst",
            A2,
            r#""s": (dtype: int16, addr: 0x000, len: 16, init: Fill(-3)),
               "d": (dtype: uint8, addr: 0x100, len: 32, init: Fill(0)),"#,
            r#"CastDequant(dst: "d", src: "s", vec_deq: false, count: 16),"#,
        )
        .warns("deq-scale-unset")
        .at("d", 16, rep(I(0), 16)),
    );
    v.push(
        case(
            "SetDeqScale sign_mode true with a uint8 dst",
            A2,
            r#""s": (dtype: int16, addr: 0x000, len: 16, init: Fill(-3)),
               "d": (dtype: uint8, addr: 0x100, len: 32, init: Fill(0)),"#,
            r#"SetDeqScale(scale: 1.0, offset: 0, sign_mode: true),
               CastDequant(dst: "d", src: "s", vec_deq: false, count: 16),"#,
        )
        .warns("deq-sign-mode")
        .at("d", 16, rep(I(253), 16)),
    );
    let t = r#""s": (dtype: int16, addr: 0x000, len: 16, init: Fill(1)),
               "q": (dtype: uint64, addr: 0x100, len: 8),"#;
    let sets = |t: &str| {
        format!(
            r#"SetDeqScale(vdeq: "{t}", scale: [{}], offset: [{}], sign_mode: [{}]),"#,
            ["1.0"; 16].join(", "),
            ["0"; 16].join(", "),
            ["false"; 16].join(", ")
        )
    };
    v.push(case("vdeq needs 128 bytes", A2, t, &sets("q")).fails("outside-tensor"));
    v
}
