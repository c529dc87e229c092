//! Binary: Add Sub Mul Div Max Min And Or (semantics.md §4.2, §6, S0, S4)

use super::*;

pub(crate) fn binary_cases() -> Vec<Case> {
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
