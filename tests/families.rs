//! Table-driven tests of every instruction family through the library (no binary).
//!
//! Each case is a small RON program (program-format.md), the product it runs on, and the
//! element values expected afterwards, derived by hand from /work/shared/docs/semantics.md and
//! the seed pages (S0…S4); every case says where its numbers come from. A case runs with
//! `Machine::run` and is compared element by element: integers exactly, floats bit-exactly
//! (so +0 and −0 differ) except that any NaN equals any NaN, and an uninitialised element
//! (`Machine::element` = None) only matches `U`.
//!
//! A case also states how the run ends: finished with exactly the listed warning codes (none
//! by default), or failed with a given error code. The divergence table (§9) runs the same
//! program text on two or more products.

#[path = "common/table.rs"]
mod table;
use table::*;

// ---------------------------------------------------------------------------------------------
// Unary: Exp Ln Abs Reciprocal Sqrt Rsqrt Not Relu (semantics.md §4.1, §6)

fn unary_cases() -> Vec<Case> {
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

// ---------------------------------------------------------------------------------------------
// Binary: Add Sub Mul Div Max Min And Or (semantics.md §4.2, §6, S0, S4)

fn binary_cases() -> Vec<Case> {
    let mut v = Vec::new();
    let int16_ramps = r#""a": (dtype: int16, addr: 0x000, len: 128, init: Ramp(start: 1, step: 1)),
                         "b": (dtype: int16, addr: 0x100, len: 128, init: Ramp(start: 1, step: 1)),
                         "d": (dtype: int16, addr: 0x200, len: 128),"#;
    let int32_ramps = r#""a": (dtype: int32, addr: 0x000, len: 64, init: Ramp(start: 1, step: 1)),
                         "b": (dtype: int32, addr: 0x100, len: 64, init: Ramp(start: 1, step: 1)),
                         "d": (dtype: int32, addr: 0x200, len: 64),"#;
    // S0: int16, mask = 64, repeat 1 → [2 4 6 … 128 undefined … undefined].
    v.push(
        case(
            "Add int16, S0 contiguous mask 64",
            A2,
            int16_ramps,
            r#"Add(dst: "d", src0: "a", src1: "b", mask: 64, repeat_times: 1, params: [1, 1, 1, 8, 8, 8]),"#,
        )
        .at("d", 0, ramp_i(2, 2, 64))
        .at("d", 64, unset(64)),
    );
    // S0: int32, mask = 64 → [2 4 6 … 128].
    v.push(
        case(
            "Add int32, S0 contiguous mask 64",
            A2,
            int32_ramps,
            r#"Add(dst: "d", src0: "a", src1: "b", mask: 64, repeat_times: 1, params: [1, 1, 1, 8, 8, 8]),"#,
        )
        .at("d", 0, ramp_i(2, 2, 64)),
    );
    // S0: int16, mask = {6148914691236517205, 6148914691236517205} (0b0101…01) →
    // [2 undefined 6 … 254 undefined]: lane 2k holds 2(2k + 1) = 4k + 2.
    let alternate = |n: usize| -> Vec<E> {
        (0..n)
            .map(|k| {
                if k % 2 == 0 {
                    I(2 * (k as i128 + 1))
                } else {
                    U
                }
            })
            .collect()
    };
    v.push(
        case(
            "Add int16, S0 bitwise mask 0x5555…, both words",
            A2,
            int16_ramps,
            r#"Add(dst: "d", src0: "a", src1: "b", mask: [6148914691236517205, 6148914691236517205], repeat_times: 1,
                   params: [1, 1, 1, 8, 8, 8]),"#,
        )
        .at("d", 0, alternate(128)),
    );
    // S0: int32, mask = {6148914691236517205, 0} → [2 undefined 6 … 126 undefined].
    v.push(
        case(
            "Add int32, S0 bitwise mask {0x5555…, 0}",
            A2,
            int32_ramps,
            r#"Add(dst: "d", src0: "a", src1: "b", mask: [6148914691236517205, 0], repeat_times: 1,
                   params: [1, 1, 1, 8, 8, 8]),"#,
        )
        .at("d", 0, alternate(64)),
    );
    // §6 integer wrap, int16: MIN+MIN = 0, MAX+MAX = −2, MIN·MIN = 0, MAX·MAX = 1;
    // MIN − 1 = MAX, 100 + 300 = 400, −100·400 = −40000 → −40000 + 65536 = 25536.
    let wrap16 = r#""a": (dtype: int16, addr: 0x000, len: 8, init: Values([-32768, 32767, -32768, 32767, 100, -100, 0, 5])),
                    "b": (dtype: int16, addr: 0x020, len: 8, init: Values([-32768, 32767, 1, 1, 300, 400, 0, -5])),
                    "add": (dtype: int16, addr: 0x040, len: 8),
                    "sub": (dtype: int16, addr: 0x060, len: 8),
                    "mul": (dtype: int16, addr: 0x080, len: 8),"#;
    v.push(
        case(
            "Add / Sub / Mul int16 wrap (§6)",
            A2,
            wrap16,
            r#"Add(dst: "add", src0: "a", src1: "b", count: 8),
               Sub(dst: "sub", src0: "a", src1: "b", count: 8),
               Mul(dst: "mul", src0: "a", src1: "b", count: 8),"#,
        )
        .at("add", 0, ints(&[0, -2, -32767, -32768, 400, 300, 0, 0]))
        .at("sub", 0, ints(&[0, 0, 32767, 32766, -200, -500, 0, 10]))
        .at("mul", 0, ints(&[0, 1, -32768, 32767, 30000, 25536, 0, -25])),
    );
    // §6 integer wrap, int32: MAX + 1 = MIN, MIN + (−1) = MAX, 2^16·2^16 = 2^32 → 0,
    // MIN·MIN = 2^62 → 0, MIN·(−1) = 2^31 → MIN.
    v.push(
        case(
            "Add / Mul int32 wrap (§6)",
            A2,
            r#""a": (dtype: int32, addr: 0x000, len: 8, init: Values([2147483647, -2147483648, 65536, -2147483648, 2147483647, -2147483648, 3, -3])),
               "b": (dtype: int32, addr: 0x020, len: 8, init: Values([1, -1, 65536, -2147483648, 2147483647, -1, 4, 4])),
               "add": (dtype: int32, addr: 0x040, len: 8),
               "mul": (dtype: int32, addr: 0x060, len: 8),"#,
            r#"Add(dst: "add", src0: "a", src1: "b", count: 8),
               Mul(dst: "mul", src0: "a", src1: "b", mask: 8, repeat_times: 1),"#,
        )
        .at("add", 0, ints(&[-2147483648, 2147483647, 131072, 0, -2, 2147483647, 7, 1]))
        .at("mul", 0, ints(&[2147483647, -2147483648, 0, 0, 1, -2147483648, 12, -12])),
    );
    // §6: half overflow gives ±inf (65504 + 65504 = inf); 60000 + 10000 = 70000 ≥ 65520 → inf;
    // 300·300 = 90000 → inf. Below the overflow threshold results round to nearest even (§6):
    // ±65503 and −65505 round to ±65504 (ulp 32), 60000 − 10000 = 50000 is a tie between
    // 49984 and 50016 and goes to the even mantissa, 49984.
    v.push(
        case(
            "Add / Sub / Mul half overflow to inf (§6)",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 16, init: Values([65504, -65504, 60000, 1, 300, -300, 65504, -1,
                                                                     65504, -65504, 60000, 1, 300, -300, 65504, -1])),
               "b": (dtype: half, addr: 0x020, len: 16, init: Values([65504, -65504, 10000, 2, 300, 300, -65504, 65504,
                                                                     65504, -65504, 10000, 2, 300, 300, -65504, 65504])),
               "add": (dtype: half, addr: 0x040, len: 16),
               "sub": (dtype: half, addr: 0x060, len: 16),
               "mul": (dtype: half, addr: 0x080, len: 16),"#,
            r#"Add(dst: "add", src0: "a", src1: "b", count: 16),
               Sub(dst: "sub", src0: "a", src1: "b", count: 8),
               Mul(dst: "mul", src0: "a", src1: "b", count: 6),"#,
        )
        // lanes 5, 6: −300 + 300 and 65504 + (−65504) are +0 (x + (−x) = +0 under
        // round-to-nearest); lane 7: −1 + 65504 = 65503 → 65504. Lanes 8..15 repeat 0..7.
        .at("add", 0, fl(&[f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, 3.0, 600.0, 0.0, 0.0, 65504.0]))
        .at("add", 8, fl(&[f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, 3.0, 600.0, 0.0, 0.0, 65504.0]))
        .at("sub", 0, fl(&[0.0, 0.0, 49984.0, -1.0, 0.0, -600.0, f64::INFINITY, -65504.0]))
        .at("mul", 0, fl(&[f64::INFINITY, f64::INFINITY, f64::INFINITY, 2.0, f64::INFINITY, f64::NEG_INFINITY]))
        .at("mul", 6, unset(10)),
    );
    // §6: division by ±0 gives a signed inf, 0/0 = NaN; 6/3 = 2, 1/4 = 0.25, −8/2 = −4.
    // Pairs: 1/+0, −1/+0, 1/−0, 0/0, −1/−0, 6/3, 1/4, −8/2.
    v.push(
        case(
            "Div float and half: x/±0 = signed inf, 0/0 = NaN (§6)",
            A2,
            r#""fa": (dtype: float, addr: 0x000, len: 8, init: Values([1, -1, 1, 0, -1, 6, 1, -8])),
               "fb": (dtype: float, addr: 0x020, len: 8, init: Bits([0x00000000, 0x00000000, 0x80000000, 0x00000000,
                                                                     0x80000000, 0x40400000, 0x40800000, 0x40000000])),
               "fd": (dtype: float, addr: 0x040, len: 8),
               "ha": (dtype: half, addr: 0x060, len: 16, init: Values([1, -1, 1, 0, -1, 6, 1, -8, 0, 0, 0, 0, 0, 0, 0, 0])),
               "hb": (dtype: half, addr: 0x080, len: 16, init: Bits([0x0000, 0x0000, 0x8000, 0x0000, 0x8000, 0x4200, 0x4400, 0x4000,
                                                                     0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00])),
               "hd": (dtype: half, addr: 0x0a0, len: 16),"#,
            r#"Div(dst: "fd", src0: "fa", src1: "fb", count: 8),
               Div(dst: "hd", src0: "ha", src1: "hb", mask: 8, repeat_times: 1),"#,
        )
        .at("fd", 0, fl(&[f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY, f64::NAN, f64::INFINITY, 2.0, 0.25, -4.0]))
        .at("hd", 0, fl(&[f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY, f64::NAN, f64::INFINITY, 2.0, 0.25, -4.0]))
        .at("hd", 8, unset(8)),
    );
    // §6: Max/Min order signed zeros (max(0, −0) = 0, min(0, −0) = −0) and propagate NaN.
    // Lanes (a, b): (+0,−0) (−0,+0) (NaN,1) (1,NaN) (inf,NaN) (−inf,1) (−0,−0) (+0,+0).
    let max_e = [
        0x0000u16, 0x0000, 0x7E00, 0x7E00, 0x7E00, 0x3C00, 0x8000, 0x0000,
    ];
    let min_e = [
        0x8000u16, 0x8000, 0x7E00, 0x7E00, 0x7E00, 0xFC00, 0x8000, 0x0000,
    ];
    v.push(
        case(
            "Max / Min half: signed zero and NaN (§6)",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 8, init: Bits([0x0000, 0x8000, 0x7E00, 0x3C00, 0x7C00, 0xFC00, 0x8000, 0x0000])),
               "b": (dtype: half, addr: 0x020, len: 8, init: Bits([0x8000, 0x0000, 0x3C00, 0x7E00, 0x7E00, 0x3C00, 0x8000, 0x0000])),
               "mx": (dtype: half, addr: 0x040, len: 8),
               "mn": (dtype: half, addr: 0x060, len: 8),"#,
            r#"Max(dst: "mx", src0: "a", src1: "b", count: 8),
               Min(dst: "mn", src0: "a", src1: "b", mask: 8, repeat_times: 1),"#,
        )
        .at("mx", 0, hb(&max_e))
        .at("mn", 0, hb(&min_e)),
    );
    v.push(
        case(
            "Max / Min float: signed zero and NaN (§6)",
            A2,
            r#""a": (dtype: float, addr: 0x000, len: 8, init: Bits([0x00000000, 0x80000000, 0x7FC00000, 0x3F800000,
                                                                    0x7F800000, 0xFF800000, 0x80000000, 0x00000000])),
               "b": (dtype: float, addr: 0x020, len: 8, init: Bits([0x80000000, 0x00000000, 0x3F800000, 0x7FC00000,
                                                                    0x7FC00000, 0x3F800000, 0x80000000, 0x00000000])),
               "mx": (dtype: float, addr: 0x040, len: 8),
               "mn": (dtype: float, addr: 0x060, len: 8),"#,
            r#"Max(dst: "mx", src0: "a", src1: "b", count: 8),
               Min(dst: "mn", src0: "a", src1: "b", count: 8),"#,
        )
        .at("mx", 0, fb(&[0x00000000, 0x00000000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x3F800000, 0x80000000, 0x00000000]))
        .at("mn", 0, fb(&[0x80000000, 0x80000000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0xFF800000, 0x80000000, 0x00000000])),
    );
    // §4.2 ordinary float values, all results exact.
    v.push(
        case(
            "Sub / Mul / Div / Max / Min float, exact values",
            A2,
            r#""a": (dtype: float, addr: 0x000, len: 8, init: Values([1.5, -2, 10, 0.25, 7, -7, 1000, 3])),
               "b": (dtype: float, addr: 0x020, len: 8, init: Values([0.5, 4, -4, 0.25, 2, -0.5, 0.001, 3])),
               "sub": (dtype: float, addr: 0x040, len: 8),
               "mul": (dtype: float, addr: 0x060, len: 8),
               "div": (dtype: float, addr: 0x080, len: 8),
               "max": (dtype: float, addr: 0x0a0, len: 8),
               "min": (dtype: float, addr: 0x0c0, len: 8),"#,
            r#"Sub(dst: "sub", src0: "a", src1: "b", count: 6),
               Mul(dst: "mul", src0: "a", src1: "b", count: 6),
               Div(dst: "div", src0: "a", src1: "b", count: 6),
               Max(dst: "max", src0: "a", src1: "b", count: 8),
               Min(dst: "min", src0: "a", src1: "b", count: 8),"#,
        )
        .at("sub", 0, fl(&[1.0, -6.0, 14.0, 0.0, 5.0, -6.5]))
        .at("sub", 6, unset(2))
        .at("mul", 0, fl(&[0.75, -8.0, -40.0, 0.0625, 14.0, 3.5]))
        .at("div", 0, fl(&[3.0, -0.5, -2.5, 1.0, 3.5, 14.0]))
        .at("max", 0, fl(&[1.5, 4.0, 10.0, 0.25, 7.0, -0.5, 1000.0, 3.0]))
        .at("min", 0, fl(&[0.5, -2.0, -4.0, 0.25, 2.0, -7.0, 0.001f32 as f64, 3.0])),
    );
    // §4.2: Max / Min on int16 and int32 (A2 supports both).
    v.push(
        case(
            "Max / Min int16 and int32",
            A2,
            r#""a16": (dtype: int16, addr: 0x000, len: 8, init: Values([-5, 7, 32767, -32768, 0, -1, 100, -100])),
               "b16": (dtype: int16, addr: 0x020, len: 8, init: Values([3, 7, -1, 0, -32768, 1, -100, 100])),
               "mx16": (dtype: int16, addr: 0x040, len: 8),
               "mn16": (dtype: int16, addr: 0x060, len: 8),
               "a32": (dtype: int32, addr: 0x080, len: 8, init: Values([-5, 7, 2147483647, -2147483648, 0, -1, 100000, -100000])),
               "b32": (dtype: int32, addr: 0x0a0, len: 8, init: Values([3, 7, -1, 0, -2147483648, 1, -100000, 100000])),
               "mx32": (dtype: int32, addr: 0x0c0, len: 8),
               "mn32": (dtype: int32, addr: 0x0e0, len: 8),"#,
            r#"Max(dst: "mx16", src0: "a16", src1: "b16", count: 8),
               Min(dst: "mn16", src0: "a16", src1: "b16", count: 8),
               Max(dst: "mx32", src0: "a32", src1: "b32", mask: 8, repeat_times: 1),
               Min(dst: "mn32", src0: "a32", src1: "b32", mask: 8, repeat_times: 1),"#,
        )
        .at("mx16", 0, ints(&[3, 7, 32767, 0, 0, 1, 100, 100]))
        .at("mn16", 0, ints(&[-5, 7, -1, -32768, -32768, -1, -100, -100]))
        .at("mx32", 0, ints(&[3, 7, 2147483647, 0, 0, 1, 100000, 100000]))
        .at("mn32", 0, ints(&[-5, 7, -1, -2147483648, -2147483648, -1, -100000, -100000])),
    );
    // §4.2 And / Or on int16 and uint16: bitwise.
    // int16: 0x0F0F & 0x00FF = 0x000F, −1 & 0x1234 = 0x1234, 0x5555 & 0xAAAA = 0, MIN & −1 = MIN;
    // |: 0x0FFF, −1, −1 (0xFFFF), −1.
    v.push(
        case(
            "And / Or int16 and uint16",
            A2,
            r#""a": (dtype: int16, addr: 0x000, len: 16, init: Values([0x0F0F, -1, 0x5555, -32768, 0, 1, 2, 3,
                                                                      0x0F0F, -1, 0x5555, -32768, 0, 1, 2, 3])),
               "b": (dtype: int16, addr: 0x020, len: 16, init: Values([0x00FF, 0x1234, -21846, -1, 0, 3, 3, 4,
                                                                      0x00FF, 0x1234, -21846, -1, 0, 3, 3, 4])),
               "and": (dtype: int16, addr: 0x040, len: 16),
               "or": (dtype: int16, addr: 0x060, len: 16),
               "ua": (dtype: uint16, addr: 0x080, len: 16, init: Values([0xF0F0, 0xFFFF, 0x8000, 0x0001, 0, 0, 0, 0,
                                                                        0, 0, 0, 0, 0, 0, 0, 0])),
               "ub": (dtype: uint16, addr: 0x0a0, len: 16, init: Values([0x0FF0, 0x8001, 0x8000, 0x0002, 0, 0, 0, 0,
                                                                        0, 0, 0, 0, 0, 0, 0, 0])),
               "uand": (dtype: uint16, addr: 0x0c0, len: 16),
               "uor": (dtype: uint16, addr: 0x0e0, len: 16),"#,
            r#"And(dst: "and", src0: "a", src1: "b", count: 16),
               Or(dst: "or", src0: "a", src1: "b", mask: 16, repeat_times: 1),
               And(dst: "uand", src0: "ua", src1: "ub", count: 4),
               Or(dst: "uor", src0: "ua", src1: "ub", count: 4),"#,
        )
        .at("and", 0, ints(&[0x000F, 0x1234, 0, -32768, 0, 1, 2, 0]))
        .at("and", 8, ints(&[0x000F, 0x1234, 0, -32768, 0, 1, 2, 0]))
        .at("or", 0, ints(&[0x0FFF, -1, -1, -1, 0, 3, 3, 7]))
        .at("or", 8, ints(&[0x0FFF, -1, -1, -1, 0, 3, 3, 7]))
        .at("uand", 0, ints(&[0x00F0, 0x8001, 0x8000, 0x0000]))
        .at("uand", 4, unset(12))
        .at("uor", 0, ints(&[0xFFF0, 0xFFFF, 0x8000, 0x0003])),
    );
    // §1.2 and DK 更多样例-9: Add(mask 128, repeat 2, {1, 2, 1, 8, 16, 8}) on half. The brace
    // order is {dstBlk, src0Blk, src1Blk, dstRep, src0Rep, src1Rep}; element (r, b, i) of src0
    // sits at 16·(16r + 2b) + i, of dst and src1 at 16·(8r + b) + i. With src0[j] = j and
    // src1 = 1000: dst[128r + 16b + i] = 256r + 32b + i + 1000 (all below 2048, exact in half).
    v.push(
        case(
            "Add half, mask 128, repeat 2, {1, 2, 1, 8, 16, 8} (§1.2)",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 512, init: Ramp(start: 0, step: 1)),
               "b": (dtype: half, addr: 0x400, len: 256, init: Fill(1000)),
               "d": (dtype: half, addr: 0x600, len: 256),"#,
            r#"Add(dst: "d", src0: "a", src1: "b", mask: 128, repeat_times: 2, params: [1, 2, 1, 8, 16, 8]),"#,
        )
        .at(
            "d",
            0,
            (0..256)
                .map(|j: usize| {
                    let (r, b, i) = (j / 128, j % 128 / 16, j % 16);
                    F((256 * r + 32 * b + i + 1000) as f64)
                })
                .collect(),
        ),
    );
    // S4 (And): src0 = [1 2 3 … 512], src1 = [513 512 511 … 2], count 512 →
    // [1 0 3 … 0], i.e. dst[i] = (i + 1) & (513 − i); the same through the S4 high-dim
    // examples (mask 128 and {UINT64_MAX, UINT64_MAX}, repeat 4, {1, 1, 1, 8, 8, 8}).
    let and_s4: Vec<E> = (0..512i128).map(|i| I((i + 1) & (513 - i))).collect();
    v.push(
        case(
            "And int16, seed S4: count 512 and both high-dim forms",
            A2,
            r#""a":  (dtype: int16, addr: 0x0000, len: 512, init: Ramp(start: 1, step: 1)),
               "b":  (dtype: int16, addr: 0x0400, len: 512, init: Ramp(start: 513, step: -1)),
               "d":  (dtype: int16, addr: 0x0800, len: 512),
               "d2": (dtype: int16, addr: 0x0c00, len: 512),
               "d3": (dtype: int16, addr: 0x1000, len: 512),"#,
            r#"And(dst: "d", src0: "a", src1: "b", count: 512),
               And(dst: "d2", src0: "a", src1: "b", mask: 128, repeat_times: 4, params: [1, 1, 1, 8, 8, 8]),
               And(dst: "d3", src0: "a", src1: "b", mask: [0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF], repeat_times: 4,
                   params: [1, 1, 1, 8, 8, 8]),"#,
        )
        // the seed's printed values
        .at("d", 0, ints(&[1, 0, 3]))
        .at("d", 511, ints(&[0]))
        .at("d", 0, and_s4.clone())
        .at("d2", 0, and_s4.clone())
        .at("d3", 0, and_s4),
    );
    // §2.3 (32-bit: only mask[0]; a one-word array means mask[1] = 0) and §2.4: lanes 0, 2, 5, 7
    // of 0xA5 are written, the others keep −9. a = 10, 11, …; b = 1 → a − 1.
    v.push(
        case(
            "Sub float, bitwise mask [0xA5]: masked lanes keep dst",
            A2,
            r#""a": (dtype: float, addr: 0x000, len: 8, init: Ramp(start: 10, step: 1)),
               "b": (dtype: float, addr: 0x020, len: 8, init: Fill(1)),
               "d": (dtype: float, addr: 0x040, len: 8, init: Fill(-9)),"#,
            r#"Sub(dst: "d", src0: "a", src1: "b", mask: [0xA5], repeat_times: 1),"#,
        )
        .at("d", 0, fl(&[9.0, -9.0, 11.0, -9.0, -9.0, 14.0, -9.0, 16.0])),
    );
    v
}

// ---------------------------------------------------------------------------------------------
// Vector–scalar: Adds Muls Maxs Mins LeakyRelu ShiftLeft ShiftRight (semantics.md §4.3, S1)

fn scalar_cases() -> Vec<Case> {
    let mut v = Vec::new();
    let s1 = r#""s": (dtype: int16, addr: 0x000, len: 512, init: Ramp(start: 1, step: 1)),
                "d": (dtype: int16, addr: 0x400, len: 512),"#;
    // S1 (Adds): src [1 2 3 … 512], scalar 2 → [3 4 5 … 514], in each of the three forms.
    v.push(
        case(
            "Adds int16, S1 contiguous mask 128, repeat 4, {1, 1, 8, 8}",
            A2,
            s1,
            r#"Adds(dst: "d", src: "s", scalar: 2, mask: 128, repeat_times: 4, params: [1, 1, 8, 8]),"#,
        )
        .at("d", 0, ramp_i(3, 1, 512)),
    );
    v.push(
        case(
            "Adds int16, S1 bitwise mask {UINT64_MAX, UINT64_MAX}, repeat 4",
            A2,
            s1,
            r#"Adds(dst: "d", src: "s", scalar: 2, mask: [0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF], repeat_times: 4,
                    params: [1, 1, 8, 8]),"#,
        )
        .at("d", 0, ramp_i(3, 1, 512)),
    );
    v.push(
        case(
            "Adds int16, S1 count 512",
            A2,
            s1,
            r#"Adds(dst: "d", src: "s", scalar: 2, count: 512),"#,
        )
        .at("d", 0, ramp_i(3, 1, 512)),
    );
    // §4.3 Adds on float, half and int32: exact float sums; half 65504 + 65504 = inf and
    // −1 + 65504 = 65503 → 65504 (ulp 32, §6); int32 MAX + 1 wraps to MIN (§6: Adds wraps).
    v.push(
        case(
            "Adds float, half (overflow) and int32 (wrap)",
            A2,
            r#""fs": (dtype: float, addr: 0x000, len: 4, init: Values([1, -2.5, 0.25, -0.5])),
               "fd": (dtype: float, addr: 0x020, len: 4),
               "hs": (dtype: half, addr: 0x040, len: 4, init: Values([65504, -1, -65504, 0])),
               "hd": (dtype: half, addr: 0x060, len: 4),
               "is": (dtype: int32, addr: 0x080, len: 4, init: Values([2147483647, -1, 0, -2147483648])),
               "id": (dtype: int32, addr: 0x0a0, len: 4),"#,
            r#"Adds(dst: "fd", src: "fs", scalar: 0.5, count: 4),
               Adds(dst: "hd", src: "hs", scalar: 65504, count: 4),
               Adds(dst: "id", src: "is", scalar: 1, mask: 4, repeat_times: 1),"#,
        )
        .at("fd", 0, fl(&[1.5, -2.0, 0.75, 0.0]))
        .at("hd", 0, fl(&[f64::INFINITY, 65504.0, 0.0, 65504.0]))
        .at("id", 0, ints(&[-2147483648, 0, 1, -2147483647])),
    );
    // §4.3 Muls; §6: int16 Muls wraps (32767·2 = 65534 → −2, −32768·2 → 0); half 300·300 =
    // 90000 → inf; float 0·(−0.5) = −0 (IEEE sign rule).
    v.push(
        case(
            "Muls int16 (wrap), half (overflow), float",
            A2,
            r#""is": (dtype: int16, addr: 0x000, len: 4, init: Values([32767, -32768, 3, -7])),
               "id": (dtype: int16, addr: 0x020, len: 4),
               "hs": (dtype: half, addr: 0x040, len: 4, init: Values([300, -300, 0.5, 2])),
               "hd": (dtype: half, addr: 0x060, len: 4),
               "fs": (dtype: float, addr: 0x080, len: 4, init: Values([1.5, -2, 0, 8])),
               "fd": (dtype: float, addr: 0x0a0, len: 4),"#,
            r#"Muls(dst: "id", src: "is", scalar: 2, count: 4),
               Muls(dst: "hd", src: "hs", scalar: 300, count: 4),
               Muls(dst: "fd", src: "fs", scalar: -0.5, count: 4),"#,
        )
        .at("id", 0, ints(&[-2, 0, 6, -14]))
        .at(
            "hd",
            0,
            fl(&[f64::INFINITY, f64::NEG_INFINITY, 150.0, 600.0]),
        )
        .at(
            "fd",
            0,
            fb(&[0xBF400000, 0x3F800000, 0x80000000, 0xC0800000]),
        ),
    );
    // §4.3 Maxs / Mins (max/min(src, s)) on int16, int32, half and float.
    v.push(
        case(
            "Maxs / Mins int16, int32, half, float",
            A2,
            r#""i16": (dtype: int16, addr: 0x000, len: 8, init: Values([5, 15, -20, 32767, -32768, 10, 0, 11])),
               "mn16": (dtype: int16, addr: 0x020, len: 8),
               "i32": (dtype: int32, addr: 0x040, len: 8, init: Values([-10, 0, -2147483648, 2147483647, -5, -4, -6, 1])),
               "mx32": (dtype: int32, addr: 0x060, len: 8),
               "h": (dtype: half, addr: 0x080, len: 8, init: Values([-1, 2, -3.5, 4, 0.25, -65504, 65504, -inf])),
               "mxh": (dtype: half, addr: 0x0a0, len: 8),
               "f": (dtype: float, addr: 0x0c0, len: 8, init: Values([3, -inf, inf, 2.5, 2, -100, 100, 2.4])),
               "mnf": (dtype: float, addr: 0x0e0, len: 8),"#,
            r#"Mins(dst: "mn16", src: "i16", scalar: 10, count: 8),
               Maxs(dst: "mx32", src: "i32", scalar: -5, count: 8),
               Maxs(dst: "mxh", src: "h", scalar: 0.5, mask: 8, repeat_times: 1),
               Mins(dst: "mnf", src: "f", scalar: 2.5, count: 8),"#,
        )
        .at("mn16", 0, ints(&[5, 10, -20, 10, -32768, 10, 0, 10]))
        .at("mx32", 0, ints(&[-5, 0, -5, 2147483647, -5, -4, -5, 1]))
        .at("mxh", 0, fl(&[0.5, 2.0, 0.5, 4.0, 0.5, 0.5, 65504.0, 0.5]))
        .at("mnf", 0, fl(&[2.5, f64::NEG_INFINITY, 2.5, 2.5, 2.0, -100.0, 2.5, 2.4f32 as f64])),
    );
    // §4.3 LeakyRelu: src ≥ 0 ? src : s·src.
    v.push(
        case(
            "LeakyRelu half (s = 0.25) and float (s = 0.5)",
            A2,
            r#""h": (dtype: half, addr: 0x000, len: 8, init: Values([-4, 3, -1, 0, 8, -8, 65504, -inf])),
               "hd": (dtype: half, addr: 0x020, len: 8),
               "f": (dtype: float, addr: 0x040, len: 8, init: Values([-2, 2, -inf, inf, -0.5, 0.5, -1000, 1000])),
               "fd": (dtype: float, addr: 0x060, len: 8),"#,
            r#"LeakyRelu(dst: "hd", src: "h", scalar: 0.25, count: 8),
               LeakyRelu(dst: "fd", src: "f", scalar: 0.5, mask: 8, repeat_times: 1),"#,
        )
        .at("hd", 0, fl(&[-1.0, 3.0, -0.25, 0.0, 8.0, -2.0, 65504.0, f64::NEG_INFINITY]))
        .at("fd", 0, fl(&[-1.0, 2.0, f64::NEG_INFINITY, f64::INFINITY, -0.25, 0.5, -500.0, 1000.0])),
    );
    // §2.3, §2.4 on a vector–scalar op: bitwise mask 0b1001 on int32 → lanes 0 and 3 only.
    v.push(
        case(
            "Maxs int32, bitwise mask [0b1001]: masked lanes keep dst",
            A2,
            r#""s": (dtype: int32, addr: 0x000, len: 8, init: Values([-1, -2, 3, 4, -5, 6, 7, 8])),
               "d": (dtype: int32, addr: 0x020, len: 8, init: Fill(55)),"#,
            r#"Maxs(dst: "d", src: "s", scalar: 0, mask: [0b1001], repeat_times: 1),"#,
        )
        .at("d", 0, ints(&[0, 55, 55, 4, 55, 55, 55, 55])),
    );
    // §4.3 signed "arithmetic left shift" keeps the sign bit and drops the bit below it:
    // 0b1010101010101010 << 1 = 0b1101010101010100 (0xD554), << 3 = 0b1101010101010000 (0xD550).
    // Inputs without lost bits shift as usual: 1 → 2 / 8, 3 → 6 / 24, −1 → −2 / −8,
    // 0x0100 → 0x0200 / 0x0800; 0x4001: the bits shifted into the sign position are dropped and
    // the sign (0) kept: << 1 = 0x0002, << 3 = 0x0008. −16 (0xFFF0) → 0xFFE0 / 0xFF80.
    let shl_src = r#""s": (dtype: int16, addr: 0x000, len: 8, init: Bits([0xAAAA, 0x0001, 0x0003, 0xFFFF, 0x0100, 0x4001, 0x0000, 0xFFF0])),
                     "d1": (dtype: int16, addr: 0x020, len: 8),
                     "d3": (dtype: int16, addr: 0x040, len: 8),"#;
    v.push(
        case(
            "ShiftLeft int16 signed: 0xAAAA << 1 = 0xD554, << 3 = 0xD550 (§4.3)",
            A2,
            shl_src,
            r#"ShiftLeft(dst: "d1", src: "s", scalar: 1, count: 8),
               ShiftLeft(dst: "d3", src: "s", scalar: 3, mask: 8, repeat_times: 1),"#,
        )
        .at(
            "d1",
            0,
            i16b(&[
                0xD554, 0x0002, 0x0006, 0xFFFE, 0x0200, 0x0002, 0x0000, 0xFFE0,
            ]),
        )
        .at(
            "d3",
            0,
            i16b(&[
                0xD550, 0x0008, 0x0018, 0xFFF8, 0x0800, 0x0008, 0x0000, 0xFF80,
            ]),
        ),
    );
    // §4.3: unsigned types shift logically; int32 keeps its sign like int16.
    // uint16 << 1: 0xAAAA → 0x5554, 0x8001 → 0x0002, 0xFFFF → 0xFFFE, 1 → 2.
    // int32 << 2: −1 → −4, 3 → 12, 0x40000001 → 4 (bit 30 dropped, sign 0 kept), −8 → −32.
    // uint32 << 1: 0x80000001 → 2, 0x7FFFFFFF → 0xFFFFFFFE.
    v.push(
        case(
            "ShiftLeft uint16 / uint32 logical, int32 signed",
            A2,
            r#""u16": (dtype: uint16, addr: 0x000, len: 4, init: Values([0xAAAA, 0x8001, 0xFFFF, 1])),
               "du16": (dtype: uint16, addr: 0x020, len: 4),
               "i32": (dtype: int32, addr: 0x040, len: 4, init: Values([-1, 3, 0x40000001, -8])),
               "di32": (dtype: int32, addr: 0x060, len: 4),
               "u32": (dtype: uint32, addr: 0x080, len: 2, init: Values([0x80000001, 0x7FFFFFFF])),
               "du32": (dtype: uint32, addr: 0x0a0, len: 2),"#,
            r#"ShiftLeft(dst: "du16", src: "u16", scalar: 1, count: 4),
               ShiftLeft(dst: "di32", src: "i32", scalar: 2, count: 4),
               ShiftLeft(dst: "du32", src: "u32", scalar: 1, count: 2),"#,
        )
        .at("du16", 0, ints(&[0x5554, 0x0002, 0xFFFE, 0x0002]))
        .at("di32", 0, ints(&[-4, 12, 4, -32]))
        .at("du32", 0, ints(&[2, 0xFFFFFFFE])),
    );
    // §4.3: signed right shift is arithmetic (floor), unsigned is logical.
    // int16 >> 1: −21846 → −10923, −17 → −9, 17 → 8, −1 → −1, 32767 → 16383, −32768 → −16384.
    // uint16 >> 4: 0xAAAA → 0x0AAA, 0x8000 → 0x0800, 0xFFFF → 0x0FFF.
    // int32 >> 4: −256 → −16, 256 → 16, −1 → −1, −17 → −2. uint32 >> 31: 0x80000000 → 1.
    v.push(
        case(
            "ShiftRight arithmetic (int16, int32) and logical (uint16, uint32)",
            A2,
            r#""i16": (dtype: int16, addr: 0x000, len: 8, init: Values([-21846, -17, 17, -1, 32767, -32768, 1, 0])),
               "di16": (dtype: int16, addr: 0x020, len: 8),
               "u16": (dtype: uint16, addr: 0x040, len: 4, init: Values([0xAAAA, 0x8000, 0xFFFF, 1])),
               "du16": (dtype: uint16, addr: 0x060, len: 4),
               "i32": (dtype: int32, addr: 0x080, len: 4, init: Values([-256, 256, -1, -17])),
               "di32": (dtype: int32, addr: 0x0a0, len: 4),
               "u32": (dtype: uint32, addr: 0x0c0, len: 2, init: Values([0x80000000, 0xFFFFFFFF])),
               "du32": (dtype: uint32, addr: 0x0e0, len: 2),"#,
            r#"ShiftRight(dst: "di16", src: "i16", scalar: 1, count: 8),
               ShiftRight(dst: "du16", src: "u16", scalar: 4, count: 4),
               ShiftRight(dst: "di32", src: "i32", scalar: 4, mask: 4, repeat_times: 1),
               ShiftRight(dst: "du32", src: "u32", scalar: 31, count: 2),"#,
        )
        .at("di16", 0, ints(&[-10923, -9, 8, -1, 16383, -16384, 0, 0]))
        .at("du16", 0, ints(&[0x0AAA, 0x0800, 0x0FFF, 0]))
        .at("di32", 0, ints(&[-16, 16, -1, -2]))
        .at("du32", 0, ints(&[1, 1])),
    );
    // §4.3 round_en: (x >> n) + ((x >> (n − 1)) & 1); doc example 17 >> 5 = 1.
    // int16 >> 5: 48 → 1 + 1 = 2, 15 → 0, 16 → 0 + 1 = 1, −48 → −2 + ((−3) & 1) = −1,
    // 31 → 0 + 1 = 1, 32 → 1 + 0 = 1, 1008 → 31 + 1 = 32.
    // int32 >> 5: 17 → 1, 1000 → 31 + (62 & 1) = 31, 1008 → 32, −17 → −1 + ((−2) & 1) = −1.
    v.push(
        case(
            "ShiftRight round_en on atlas_a2: 17 >> 5 = 1 (§4.3)",
            A2,
            r#""i16": (dtype: int16, addr: 0x000, len: 8, init: Values([17, 48, 15, 16, -48, 31, 32, 1008])),
               "d16": (dtype: int16, addr: 0x020, len: 8),
               "i32": (dtype: int32, addr: 0x040, len: 4, init: Values([17, 1000, 1008, -17])),
               "d32": (dtype: int32, addr: 0x060, len: 4),"#,
            r#"ShiftRight(dst: "d16", src: "i16", scalar: 5, round_en: true, count: 8),
               ShiftRight(dst: "d32", src: "i32", scalar: 5, round_en: true, mask: 4, repeat_times: 1),"#,
        )
        .at("d16", 0, ints(&[1, 2, 0, 1, -1, 1, 1, 32]))
        .at("d32", 0, ints(&[1, 31, 32, -1])),
    );
    v
}

// ---------------------------------------------------------------------------------------------
// Reductions: PairReduceSum, BlockReduce*, WholeReduce*, RepeatReduceSum (semantics.md §5, S2)

fn reduce_cases() -> Vec<Case> {
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

// ---------------------------------------------------------------------------------------------
// Duplicate and the mask register (semantics.md §4.5, §2.2–§2.5)

fn fill_mask_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // §4.5 / §3: count 32 writes exactly dst[0..32].
    v.push(
        case(
            "Duplicate int16, count 32",
            A2,
            r#""d": (dtype: int16, addr: 0x000, len: 48),"#,
            r#"Duplicate(dst: "d", scalar: 7, count: 32),"#,
        )
        .at("d", 0, rep(I(7), 32))
        .at("d", 32, unset(16)),
    );
    // §4.5 high-dim + §1.2: mask 64, repeat 2, rep 8 → dst[128r .. 128r + 63].
    v.push(
        case(
            "Duplicate half, mask 64, repeat 2",
            A2,
            r#""d": (dtype: half, addr: 0x000, len: 256),"#,
            r#"Duplicate(dst: "d", scalar: 1.5, mask: 64, repeat_times: 2, dst_blk_stride: 1, dst_rep_stride: 8),"#,
        )
        .at("d", 0, rep(F(1.5), 64))
        .at("d", 64, unset(64))
        .at("d", 128, rep(F(1.5), 64))
        .at("d", 192, unset(64)),
    );
    // §1.2: float, dst_blk_stride 2 → block b (8 floats) at element 16b; the odd blocks stay
    // uninitialised.
    v.push(
        case(
            "Duplicate float, dst_blk_stride 2",
            A2,
            r#""d": (dtype: float, addr: 0x000, len: 128),"#,
            r#"Duplicate(dst: "d", scalar: -2.5, mask: 64, repeat_times: 1, dst_blk_stride: 2, dst_rep_stride: 16),"#,
        )
        .at(
            "d",
            0,
            (0..128)
                .map(|j| if (j / 8) % 2 == 0 { F(-2.5) } else { U })
                .collect(),
        ),
    );
    // §2.3: int32 uses mask[0] only: 0x0F → lanes 0..3; the rest keep 0.
    // uint16 both words: bit 0 of each → lanes 0 and 64.
    v.push(
        case(
            "Duplicate bitwise masks: int32 [0x0F], uint16 [1, 1]",
            A2,
            r#""d32": (dtype: int32, addr: 0x000, len: 8, init: Fill(0)),
               "d16": (dtype: uint16, addr: 0x020, len: 128),"#,
            r#"Duplicate(dst: "d32", scalar: -9, mask: [0x0F, 0], repeat_times: 1, dst_blk_stride: 1, dst_rep_stride: 8),
               Duplicate(dst: "d16", scalar: 0xBEEF, mask: [1, 1], repeat_times: 1, dst_blk_stride: 1, dst_rep_stride: 8),"#,
        )
        .at("d32", 0, ints(&[-9, -9, -9, -9, 0, 0, 0, 0]))
        .at("d16", 0, [ints(&[0xBEEF]), unset(63), ints(&[0xBEEF]), unset(63)].concat()),
    );
    let add16 = r#""a": (dtype: int16, addr: 0x000, len: 128, init: Ramp(start: 1, step: 1)),
                   "b": (dtype: int16, addr: 0x100, len: 128, init: Fill(100)),
                   "d": (dtype: int16, addr: 0x200, len: 128),
                   "e": (dtype: int16, addr: 0x300, len: 128),
                   "t": (dtype: int16, addr: 0x400, len: 16),
                   "g": (dtype: int16, addr: 0x500, len: 128),"#;
    // §2.5 SetVectorMask(maskHigh, maskLow): high word first. high 1, low 0xFF → lanes 0..7
    // and 64. A written lane k holds (k + 1) + 100.
    v.push(
        case(
            "SetVectorMask(high: 1, low: 0xFF) + Placeholder",
            A2,
            add16,
            r#"SetVectorMask(high: 1, low: 0xFF),
               Add(dst: "d", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .at(
            "d",
            0,
            [ramp_i(101, 1, 8), unset(56), ints(&[165]), unset(63)].concat(),
        ),
    );
    // §2.2 / §2.5 SetVectorMask(len) in normal mode = SetMask(len): 20 → lanes 0..19.
    v.push(
        case(
            "SetVectorMask(len: 20) + Placeholder",
            A2,
            add16,
            r#"SetVectorMask(len: 20),
               Add(dst: "d", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .at("d", 0, [ramp_i(101, 1, 20), unset(108)].concat()),
    );
    // §2.2 SetMask<float>(len): 40 → lanes 0..39. len 70 sets the high word too, which is
    // meaningless for b32 (only 64 lanes exist) [inferred in §2.2] → all 64 lanes.
    v.push(
        case(
            "SetVectorMask(len, dtype: float): 40 and 70",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 0, step: 1)),
               "d40": (dtype: float, addr: 0x100, len: 64),
               "d70": (dtype: float, addr: 0x200, len: 64),"#,
            r#"SetVectorMask(len: 40, dtype: float),
               Adds(dst: "d40", src: "s", scalar: 0.5, mask: Placeholder, repeat_times: 1),
               SetVectorMask(len: 70, dtype: float),
               Adds(dst: "d70", src: "s", scalar: 0.5, mask: Placeholder, repeat_times: 1),"#,
        )
        .at("d40", 0, [ramp_f(0.5, 1.0, 40), unset(24)].concat())
        .at("d70", 0, ramp_f(0.5, 1.0, 64)),
    );
    // §2.5 counter mode, the doc example: N = 130 half with {2, 2, 16, 16}. Repeat 0 runs 128
    // lanes, block b at blocks 2b (dst[32b .. 32b + 15]); repeat 1 runs 2 lanes 16 blocks in
    // (dst[256], dst[257]). Adds +1 on src[j] = j → j + 1. After SetMaskNorm + ResetMask a
    // Placeholder call covers all 128 lanes.
    v.push(
        case(
            "SetMaskCount + Placeholder, N = 130, {2, 2, 16, 16} (§2.5)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 512, init: Ramp(start: 0, step: 1)),
               "d": (dtype: half, addr: 0x400, len: 512),
               "after": (dtype: half, addr: 0x800, len: 128),"#,
            r#"SetMaskCount(),
               SetVectorMask(high: 0, low: 130),
               Adds(dst: "d", src: "s", scalar: 1, mask: Placeholder, repeat_times: 1, params: [2, 2, 16, 16]),
               SetMaskNorm(),
               ResetMask(),
               Adds(dst: "after", src: "s", scalar: 1, mask: Placeholder, repeat_times: 1, params: [1, 1, 8, 8]),"#,
        )
        .at(
            "d",
            0,
            (0..512)
                .map(|j: usize| {
                    if (j < 256 && (j / 16) % 2 == 0) || j == 256 || j == 257 {
                        F(j as f64 + 1.0)
                    } else {
                        U
                    }
                })
                .collect(),
        )
        .at("after", 0, ramp_f(1.0, 1.0, 128)),
    );
    // §2.5 counter mode with float (PAR 64): N = 100 → repeat 0 with 64 lanes, repeat 1 with
    // 36; repeat_times (1) is ignored.
    v.push(
        case(
            "SetMaskCount, float N = 100: repeat_times ignored (§2.5)",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
               "d": (dtype: float, addr: 0x200, len: 128),"#,
            r#"SetMaskCount(),
               SetVectorMask(high: 0, low: 100),
               Muls(dst: "d", src: "s", scalar: 2, mask: Placeholder, repeat_times: 1),
               SetMaskNorm(),
               ResetMask(),"#,
        )
        .at("d", 0, [ramp_f(0.0, 2.0, 100), unset(28)].concat()),
    );
    // §2.5: the count form leaves the register all ones in normal mode, so a later
    // Placeholder call processes all 128 lanes despite the earlier SetVectorMask(0, 0xF).
    v.push(
        case(
            "count form leaves the register all ones (§2.5)",
            A2,
            add16,
            r#"SetVectorMask(high: 0, low: 0xF),
               Adds(dst: "t", src: "a", scalar: 1, count: 16),
               Add(dst: "d", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .at("t", 0, ramp_i(2, 1, 16))
        .at("d", 0, ramp_i(101, 1, 128)),
    );
    // §2.5 / §7 item 9: a count form after SetMaskCount resets the register to all ones in
    // normal mode (warning), so the following Placeholder call runs all 128 lanes.
    v.push(
        case(
            "count form in counter mode resets the register (warning)",
            A2,
            add16,
            r#"SetMaskCount(),
               SetVectorMask(high: 0, low: 5),
               Adds(dst: "t", src: "a", scalar: 1, count: 16),
               Add(dst: "d", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .warns("mask-register-reset")
        .at("t", 0, ramp_i(2, 1, 16))
        .at("d", 0, ramp_i(101, 1, 128)),
    );
    // §2.5 isSetMask = true programs the register from the argument: after Add(mask: 64)
    // a Placeholder call uses lanes 0..63 too. ResetMask restores all ones.
    v.push(
        case(
            "an explicit mask programs the register; ResetMask restores all ones (§2.5)",
            A2,
            add16,
            r#"Add(dst: "d", src0: "a", src1: "b", mask: 64, repeat_times: 1),
               Add(dst: "e", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),
               ResetMask(),
               Add(dst: "g", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .at("d", 0, [ramp_i(101, 1, 64), unset(64)].concat())
        .at("e", 0, [ramp_i(101, 1, 64), unset(64)].concat())
        .at("g", 0, ramp_i(101, 1, 128)),
    );
    v
}

// ---------------------------------------------------------------------------------------------
// Divergences (semantics.md §9): the same program text on two or more products, both sides.

fn divergence_cases() -> Vec<Case> {
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

// ---------------------------------------------------------------------------------------------
// The tests

#[test]
fn unary() {
    run_table("unary", unary_cases());
}

#[test]
fn binary() {
    run_table("binary", binary_cases());
}

#[test]
fn vector_scalar() {
    run_table("vector-scalar", scalar_cases());
}

#[test]
fn reductions() {
    run_table("reductions", reduce_cases());
}

#[test]
fn duplicate_and_mask_register() {
    run_table("duplicate / mask register", fill_mask_cases());
}

#[test]
fn divergences() {
    run_table("divergences", divergence_cases());
}

/// Every instruction of each family appears in its table, and case names are unique.
#[test]
fn tables_cover_their_families() {
    let families: [(&str, Vec<Case>, &[&str]); 6] = [
        (
            "unary",
            unary_cases(),
            &[
                "Exp(",
                "Ln(",
                "Abs(",
                "Reciprocal(",
                "Sqrt(",
                "Rsqrt(",
                "Not(",
                "Relu(",
            ],
        ),
        (
            "binary",
            binary_cases(),
            &[
                "Add(", "Sub(", "Mul(", "Div(", "Max(", "Min(", "And(", "Or(",
            ],
        ),
        (
            "vector-scalar",
            scalar_cases(),
            &[
                "Adds(",
                "Muls(",
                "Maxs(",
                "Mins(",
                "LeakyRelu(",
                "ShiftLeft(",
                "ShiftRight(",
            ],
        ),
        (
            "reductions",
            reduce_cases(),
            &[
                "PairReduceSum(",
                "BlockReduceSum(",
                "BlockReduceMax(",
                "BlockReduceMin(",
                "WholeReduceSum(",
                "WholeReduceMax(",
                "WholeReduceMin(",
                "RepeatReduceSum(",
            ],
        ),
        (
            "duplicate / mask",
            fill_mask_cases(),
            &[
                "Duplicate(",
                "SetVectorMask(",
                "SetMaskCount(",
                "SetMaskNorm(",
                "ResetMask(",
            ],
        ),
        ("divergences", divergence_cases(), &[]),
    ];
    let mut names = std::collections::HashSet::new();
    for (family, cases, ops) in families {
        for op in ops {
            assert!(
                cases.iter().any(|c| c
                    .code
                    .match_indices(op)
                    .any(|(i, _)| { !c.code[..i].ends_with(|ch: char| ch.is_alphanumeric()) })),
                "{family}: no case uses {op}"
            );
        }
        for c in &cases {
            assert!(
                names.insert(format!("{} [{}]", c.name, c.product.key())),
                "duplicate case {}",
                c.name
            );
        }
    }
}

/// §4.3 / §9 row 18: on ascend_950 "an amount larger than the bit width gives 0 (left shift,
/// logical right shift)"; only the arithmetic right shift distinguishes negative inputs (−1).
/// So int16 −1 << 17 and −32768 << 17 are 0 there.
#[test]
fn shift_left_negative_beyond_width_on_950() {
    run_table(
        "divergences (ascend_950 negative ShiftLeft)",
        vec![case(
            "§9 row 18: ShiftLeft negative int16 by 17 on ascend_950",
            A950,
            r#""s": (dtype: int16, addr: 0x000, len: 4, init: Values([-1, -32768, -2, -16384])),
               "d": (dtype: int16, addr: 0x020, len: 4),"#,
            r#"ShiftLeft(dst: "d", src: "s", scalar: 17, count: 4),"#,
        )
        .at("d", 0, ints(&[0, 0, 0, 0]))],
    );
}
