//! Vector–scalar: Adds Muls Maxs Mins LeakyRelu ShiftLeft ShiftRight (semantics.md §4.3, S1)

use super::*;

pub(crate) fn scalar_cases() -> Vec<Case> {
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
