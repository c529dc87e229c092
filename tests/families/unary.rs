//! Unary: Exp Ln Abs Reciprocal Sqrt Rsqrt Not Relu (semantics.md §4.1, §6)

use super::*;

pub(crate) fn unary_cases() -> Vec<Case> {
    let mut v = Vec::new();

    // §6: the printed Exp examples (1 → 2.719, 2 → 7.391, 3 → 20.08 in half) are the
    // round-to-nearest-even halves 2.71875, 7.390625, 20.078125; e^0 = 1; exp(−inf) = +0.
    // count 5: elements 5.. are never written.
    v.push(
        case(
            "Exp half: §6 printed examples, exp(-inf) = +0",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 16, init: Values([0, 1, 2, 3, -inf, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
               "d": (dtype: half, addr: 0x020, len: 16),"#,
            r#"Exp(dst: "d", src: "s", count: 5),"#,
        )
        .at("d", 0, fl(&[1.0, 2.71875, 7.390625, 20.078125]))
        .at("d", 4, hb(&[0x0000]))
        .at("d", 5, unset(11)),
    );
    // §6: exp(−inf) = 0 (+0 bits), e^0 = 1; ln(±0) = −inf, ln 1 = +0.
    v.push(
        case(
            "Exp / Ln float: exp(-inf) = +0, ln(+-0) = -inf",
            A2,
            r#""es": (dtype: float, addr: 0x000, len: 8, init: Values([-inf, 0, -inf, 0, -inf, 0, -inf, 0])),
               "ed": (dtype: float, addr: 0x020, len: 8),
               "ls": (dtype: float, addr: 0x040, len: 8, init: Bits([0x00000000, 0x80000000, 0x3F800000, 0x00000000,
                                                                     0x80000000, 0x3F800000, 0x00000000, 0x80000000])),
               "ld": (dtype: float, addr: 0x060, len: 8),"#,
            r#"Exp(dst: "ed", src: "es", count: 8),
               Ln(dst: "ld", src: "ls", mask: 8, repeat_times: 1),"#,
        )
        .at("ed", 0, fb(&[0, 0x3F800000, 0, 0x3F800000, 0, 0x3F800000, 0, 0x3F800000]))
        .at("ld", 0, fl(&[f64::NEG_INFINITY, f64::NEG_INFINITY, 0.0]))
        .at("ld", 3, fl(&[f64::NEG_INFINITY, f64::NEG_INFINITY, 0.0]))
        .at("ld", 6, fl(&[f64::NEG_INFINITY, f64::NEG_INFINITY])),
    );
    // §6 in half: ln(+0) = ln(−0) = −inf (0xFC00); ln 1 = +0.
    v.push(
        case(
            "Ln half: ln(+-0) = -inf",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 16, init: Bits([0x0000, 0x8000, 0x3C00, 0x0000, 0x8000, 0x3C00, 0x0000, 0x8000,
                                                                    0x0000, 0x8000, 0x3C00, 0x0000, 0x8000, 0x3C00, 0x0000, 0x8000])),
               "d": (dtype: half, addr: 0x020, len: 16),"#,
            r#"Ln(dst: "d", src: "s", count: 3),"#,
        )
        .at("d", 0, hb(&[0xFC00, 0xFC00, 0x0000]))
        .at("d", 3, unset(13)),
    );
    // §6: sqrt(−0) = −0 (IEEE keeps the sign), sqrt(+0) = +0; exact roots √4 = 2, √2.25 = 1.5;
    // √inf = inf.
    v.push(
        case(
            "Sqrt float and half: sqrt(-0) = -0",
            A2,
            r#""fs": (dtype: float, addr: 0x000, len: 8, init: Bits([0x00000000, 0x80000000, 0x40800000, 0x40100000,
                                                                     0x7F800000, 0x3F800000, 0x41100000, 0x80000000])),
               "fd": (dtype: float, addr: 0x020, len: 8),
               "hs": (dtype: half, addr: 0x040, len: 16, init: Bits([0x0000, 0x8000, 0x4400, 0x4080, 0x7C00, 0x3C00, 0x4880, 0x8000,
                                                                     0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000])),
               "hd": (dtype: half, addr: 0x060, len: 16),"#,
            r#"Sqrt(dst: "fd", src: "fs", count: 8),
               Sqrt(dst: "hd", src: "hs", count: 8),"#,
        )
        // +0, −0, √4, √2.25, √inf, √1, √9, √−0
        .at("fd", 0, fb(&[0x00000000, 0x80000000, 0x40000000, 0x3FC00000, 0x7F800000, 0x3F800000, 0x40400000, 0x80000000]))
        .at("hd", 0, hb(&[0x0000, 0x8000, 0x4000, 0x3E00, 0x7C00, 0x3C00, 0x4200, 0x8000]))
        .at("hd", 8, unset(8)),
    );
    // §6: rsqrt(−0) = −inf; rsqrt(+0) = 1/+0 = +inf (division by +0 gives +inf, §6);
    // exact values 1/√4 = 0.5, 1/√0.25 = 2, 1/√inf = +0.
    v.push(
        case(
            "Rsqrt float and half: rsqrt(-0) = -inf",
            A2,
            r#""fs": (dtype: float, addr: 0x000, len: 8, init: Bits([0x80000000, 0x00000000, 0x40800000, 0x3E800000,
                                                                     0x7F800000, 0x3F800000, 0x80000000, 0x41800000])),
               "fd": (dtype: float, addr: 0x020, len: 8),
               "hs": (dtype: half, addr: 0x040, len: 16, init: Bits([0x8000, 0x0000, 0x4400, 0x3400, 0x7C00, 0x3C00, 0x8000, 0x4C00,
                                                                     0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000])),
               "hd": (dtype: half, addr: 0x060, len: 16),"#,
            r#"Rsqrt(dst: "fd", src: "fs", count: 8),
               Rsqrt(dst: "hd", src: "hs", count: 8),"#,
        )
        // −inf, +inf, 0.5, 2, +0, 1, −inf, 1/√16 = 0.25
        .at("fd", 0, fb(&[0xFF800000, 0x7F800000, 0x3F000000, 0x40000000, 0x00000000, 0x3F800000, 0xFF800000, 0x3E800000]))
        .at("hd", 0, hb(&[0xFC00, 0x7C00, 0x3800, 0x4000, 0x0000, 0x3C00, 0xFC00, 0x3400])),
    );
    // §6: reciprocal(±inf) = ±0; exact values 1/2 = 0.5, 1/−4 = −0.25, 1/0.5 = 2; 1/±0 = ±inf.
    v.push(
        case(
            "Reciprocal float and half: 1/(+-inf) = +-0",
            A2,
            r#""fs": (dtype: float, addr: 0x000, len: 8, init: Values([inf, -inf, 2, -4, 0.5, 1, -1, 8])),
               "fd": (dtype: float, addr: 0x020, len: 8),
               "hs": (dtype: half, addr: 0x040, len: 16, init: Bits([0x7C00, 0xFC00, 0x4000, 0xC400, 0x3800, 0x0000, 0x8000, 0x4800,
                                                                     0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000])),
               "hd": (dtype: half, addr: 0x060, len: 16),"#,
            r#"Reciprocal(dst: "fd", src: "fs", count: 8),
               Reciprocal(dst: "hd", src: "hs", count: 8),"#,
        )
        .at("fd", 0, fb(&[0x00000000, 0x80000000]))
        .at("fd", 2, fl(&[0.5, -0.25, 2.0, 1.0, -1.0, 0.125]))
        // +0, −0, 0.5, −0.25, 2, 1/+0 = +inf, 1/−0 = −inf, 1/8
        .at("hd", 0, hb(&[0x0000, 0x8000, 0x3800, 0xB400, 0x4000, 0x7C00, 0xFC00, 0x3000])),
    );
    // §4.1 Abs = |x|: clears the sign (−0 → +0, −inf → inf), NaN stays NaN.
    v.push(
        case(
            "Abs float and half",
            A2,
            r#""fs": (dtype: float, addr: 0x000, len: 8, init: Bits([0xC0200000, 0x40200000, 0x80000000, 0xFF800000,
                                                                     0x7FC00000, 0x00000000, 0xBF800000, 0xC2C80000])),
               "fd": (dtype: float, addr: 0x020, len: 8),
               "hs": (dtype: half, addr: 0x040, len: 16, init: Values([-2.5, 2.5, -65504, -inf, NaN, 0, -1, -100,
                                                                       -0.5, 0.5, -3, 3, -7, 7, -1024, 1024])),
               "hd": (dtype: half, addr: 0x060, len: 16),"#,
            r#"Abs(dst: "fd", src: "fs", count: 8),
               Abs(dst: "hd", src: "hs", mask: 16, repeat_times: 1, params: [1, 1, 8, 8]),"#,
        )
        // |−2.5|, |2.5|, |−0| = +0, |−inf|, NaN, +0, 1, 100
        .at("fd", 0, fb(&[0x40200000, 0x40200000, 0x00000000, 0x7F800000, 0x7FC00000, 0x00000000, 0x3F800000, 0x42C80000]))
        .at("hd", 0, fl(&[2.5, 2.5, 65504.0, f64::INFINITY, f64::NAN, 0.0, 1.0, 100.0]))
        .at("hd", 8, fl(&[0.5, 0.5, 3.0, 3.0, 7.0, 7.0, 1024.0, 1024.0])),
    );
    // S3 (Not, int16): input [9 −2 8 … 9 0] gives [−10 1 −9 … −10 −1], i.e. ~x = −x − 1;
    // plus the extremes ~32767 = −32768, ~−32768 = 32767.
    v.push(
        case(
            "Not int16: seed S3 values (count form)",
            A2,
            r#""s": (dtype: int16, addr: 0x000, len: 16, init: Values([9, -2, 8, 9, 0, 32767, -32768, 1, 9, -2, 8, 9, 0, 32767, -32768, 1])),
               "d": (dtype: int16, addr: 0x020, len: 16),"#,
            r#"Not(dst: "d", src: "s", count: 16),"#,
        )
        .at("d", 0, ints(&[-10, 1, -9, -10, -1, -32768, 32767, -2]))
        .at("d", 8, ints(&[-10, 1, -9, -10, -1, -32768, 32767, -2])),
    );
    // S3 high-dim examples: mask 128 (contiguous) and {UINT64_MAX, UINT64_MAX} (bitwise),
    // repeat 4, {1, 1, 8, 8}: 512 elements. src[i] = i − 256 → ~src[i] = 255 − i.
    v.push(
        case(
            "Not int16: seed S3 high-dim forms, mask 128 and bitwise all-ones, repeat 4",
            A2,
            r#""s":  (dtype: int16, addr: 0x000, len: 512, init: Ramp(start: -256, step: 1)),
               "d1": (dtype: int16, addr: 0x400, len: 512),
               "d2": (dtype: int16, addr: 0x800, len: 512),"#,
            r#"Not(dst: "d1", src: "s", mask: 128, repeat_times: 4, params: [1, 1, 8, 8]),
               Not(dst: "d2", src: "s", mask: [0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF], repeat_times: 4, params: [1, 1, 8, 8]),"#,
        )
        .at("d1", 0, ramp_i(255, -1, 512))
        .at("d2", 0, ramp_i(255, -1, 512)),
    );
    // §4.1: Not is bitwise on uint16 too.
    v.push(
        case(
            "Not uint16",
            A2,
            r#""s": (dtype: uint16, addr: 0x000, len: 16, init: Values([0, 0xFFFF, 0x00FF, 0xAAAA, 1, 0x8000, 0x1234, 0xF0F0,
                                                                     0, 0xFFFF, 0x00FF, 0xAAAA, 1, 0x8000, 0x1234, 0xF0F0])),
               "d": (dtype: uint16, addr: 0x020, len: 16),"#,
            r#"Not(dst: "d", src: "s", count: 8),"#,
        )
        .at("d", 0, ints(&[0xFFFF, 0, 0xFF00, 0x5555, 0xFFFE, 0x7FFF, 0xEDCB, 0x0F0F]))
        .at("d", 8, unset(8)),
    );
    // §4.1 Relu = max(0, x) on int32.
    v.push(
        case(
            "Relu int32",
            A2,
            r#""s": (dtype: int32, addr: 0x000, len: 8, init: Values([-5, 0, 7, -2147483648, 2147483647, -1, 1, 100])),
               "d": (dtype: int32, addr: 0x020, len: 8),"#,
            r#"Relu(dst: "d", src: "s", mask: 8, repeat_times: 1, params: [1, 1, 8, 8]),"#,
        )
        .at("d", 0, ints(&[0, 0, 7, 0, 2147483647, 0, 1, 100])),
    );
    // Relu = max(0, x) (§4.1) with the §6 Max rules: signed zero ordered, so
    // max(+0, −0) = +0; negatives and −inf → +0; inf and 65504 kept.
    v.push(
        case(
            "Relu half",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 16, init: Bits([0xBE00, 0x4100, 0x8000, 0x0000, 0xFC00, 0x7C00, 0x7BFF, 0xFBFF,
                                                                    0x3C00, 0xBC00, 0x0001, 0x8001, 0x5640, 0xD640, 0x3800, 0xB800])),
               "d": (dtype: half, addr: 0x020, len: 16),"#,
            r#"Relu(dst: "d", src: "s", count: 16),"#,
        )
        // −1.5 → +0, 2.5, −0 → +0, +0, −inf → +0, inf, 65504, −65504 → +0,
        // 1, −1 → +0, smallest subnormal kept, its negative → +0, 100, −100 → +0, 0.5, −0.5 → +0
        .at("d", 0, hb(&[0x0000, 0x4100, 0x0000, 0x0000, 0x0000, 0x7C00, 0x7BFF, 0x0000]))
        .at("d", 8, hb(&[0x3C00, 0x0000, 0x0001, 0x0000, 0x5640, 0x0000, 0x3800, 0x0000])),
    );
    // Relu float, including NaN: max(0, NaN) = NaN (§6: NaN propagates through Max).
    v.push(
        case(
            "Relu float, NaN propagates",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 8, init: Values([-3.5, 3.5, NaN, -inf, inf, 0, -0.25, 1000000])),
               "d": (dtype: float, addr: 0x020, len: 8),"#,
            r#"Relu(dst: "d", src: "s", count: 8),"#,
        )
        .at("d", 0, fl(&[0.0, 3.5, f64::NAN, 0.0, f64::INFINITY, 0.0, 0.0, 1000000.0])),
    );
    // §2.3 bitwise mode, §2.4: masked-off lanes keep the destination. mask[0] = 0x5555:
    // lanes 0, 2, …, 14 active; src[k] = −(k + 1) → dst[2j] = 2j + 1, odd lanes keep 7.
    v.push(
        case(
            "Abs half, bitwise mask: masked lanes keep dst",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 16, init: Ramp(start: -1, step: -1)),
               "d": (dtype: half, addr: 0x020, len: 16, init: Fill(7)),"#,
            r#"Abs(dst: "d", src: "s", mask: [0x5555, 0], repeat_times: 1),"#,
        )
        .at(
            "d",
            0,
            (0..16)
                .map(|k| {
                    if k % 2 == 0 {
                        F(k as f64 + 1.0)
                    } else {
                        F(7.0)
                    }
                })
                .collect(),
        ),
    );
    // §2.2 contiguous mask 5 and §2.4: lanes 5..7 keep −1; e^0 = 1.
    v.push(
        case(
            "Exp float, contiguous mask 5: masked lanes keep dst",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 8, init: Fill(0)),
               "d": (dtype: float, addr: 0x020, len: 8, init: Fill(-1)),"#,
            r#"Exp(dst: "d", src: "s", mask: 5, repeat_times: 1),"#,
        )
        .at("d", 0, fl(&[1.0, 1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0])),
    );
    // §2.4: a masked lane of an uninitialised dst stays uninitialised.
    v.push(
        case(
            "Sqrt float, mask 3: masked lanes of an uninitialised dst stay uninitialised",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 8, init: Values([4, 9, 16, 25, 36, 49, 64, 81])),
               "d": (dtype: float, addr: 0x020, len: 8),"#,
            r#"Sqrt(dst: "d", src: "s", mask: 3, repeat_times: 1),"#,
        )
        .at("d", 0, fl(&[2.0, 3.0, 4.0]))
        .at("d", 3, unset(5)),
    );
    // §1.2: float, 8 per block; src_blk_stride 2 → block b of the repeat reads src block 2b,
    // i.e. dst[8b + i] = |src[16b + i]| with src[j] = j − 64.
    v.push(
        case(
            "Abs float, src_blk_stride 2 (§1.2)",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: -64, step: 1)),
               "d": (dtype: float, addr: 0x200, len: 64),"#,
            r#"Abs(dst: "d", src: "s", mask: 64, repeat_times: 1, params: [1, 2, 8, 8]),"#,
        )
        .at(
            "d",
            0,
            (0..64)
                .map(|k| F(((16 * (k / 8) + k % 8) as f64 - 64.0).abs()))
                .collect(),
        ),
    );
    // §1.2: half, dst_rep_stride 16 (one repeat of gap), src_rep_stride 8: repeat 1 writes
    // dst[256..384] from src[128..256]; dst[128..256] is never written. relu(j − 100).
    v.push(
        case(
            "Relu half, dst_rep_stride 16 (§1.2)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: -100, step: 1)),
               "d": (dtype: half, addr: 0x200, len: 384),"#,
            r#"Relu(dst: "d", src: "s", mask: 128, repeat_times: 2, params: [1, 1, 16, 8]),"#,
        )
        .at(
            "d",
            0,
            (0..128).map(|j| F((j as f64 - 100.0).max(0.0))).collect(),
        )
        .at("d", 128, unset(128))
        .at(
            "d",
            256,
            (128..256).map(|j| F((j as f64 - 100.0).max(0.0))).collect(),
        ),
    );
    v
}
