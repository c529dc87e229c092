//! Cast and the composite casts (§4.7, §6)

use super::*;

/// A Cast of `src` values (`sdt`) to `ddt` with `mode`, count form, on A2.
pub(crate) fn cast(name: &str, sdt: &str, ddt: &str, mode: &str, src: &str, n: usize) -> Case {
    case(
        name,
        A2,
        &format!(
            r#""s": (dtype: {sdt}, addr: 0x000, len: {n}, init: Values([{src}])),
               "d": (dtype: {ddt}, addr: 0x400, len: {n}),"#
        ),
        &format!(r#"Cast(dst: "d", src: "s", round: {mode}, count: {n}),"#),
    )
}

pub(crate) fn cast_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:类型转换/Cast 调用示例, half → int32 on [1.4 1.5 1.6 2.4 2.5 2.6]: CEIL [2 2 2 3 3 3],
    // RINT and NONE [1 2 2 2 2 3] (ties to even), FLOOR and TRUNC [1 1 1 2 2 2], ROUND
    // [1 2 2 2 3 3] (ties away). With the negatives of precision_conversion "half → int32"
    // (−1.5: RINT −2, FLOOR −2, CEIL −1, ROUND −2, TRUNC −1) and −2.5 (RINT −2, ROUND −3).
    let src = "1.4, 1.5, 1.6, 2.4, 2.5, 2.6, -1.5, -2.5";
    for (mode, want) in [
        ("CAST_CEIL", [2, 2, 2, 3, 3, 3, -1, -2]),
        ("CAST_RINT", [1, 2, 2, 2, 2, 3, -2, -2]),
        ("CAST_FLOOR", [1, 1, 1, 2, 2, 2, -2, -3]),
        ("CAST_TRUNC", [1, 1, 1, 2, 2, 2, -1, -2]),
        ("CAST_ROUND", [1, 2, 2, 2, 3, 3, -2, -3]),
    ] {
        v.push(
            cast(
                &format!("Cast half → int32 {mode}: DK ties example"),
                "half",
                "int32",
                mode,
                src,
                8,
            )
            .at("d", 0, ints(&want)),
        );
    }
    // The same page's text shows CAST_NONE for half → int32 ("has precision loss, so as
    // CAST_RINT"), but its table of allowed modes lists half → int32 without CAST_NONE on every
    // product; ascstep follows the table (README, "Choices").
    v.push(
        cast(
            "Cast half → int32 CAST_NONE: not in the pair table",
            "half",
            "int32",
            "CAST_NONE",
            src,
            8,
        )
        .fails("unsupported-round-mode"),
    );
    // DK-ds:precision_conversion worked examples, one per pair, every round mode:
    // int16 → half 2^12 + 2 (a tie between 4096 and 4100): RINT 4096, FLOOR 4096, CEIL 4100,
    // ROUND 4100, TRUNC 4096.
    for (mode, want) in [
        ("CAST_RINT", 4096.0),
        ("CAST_FLOOR", 4096.0),
        ("CAST_CEIL", 4100.0),
        ("CAST_ROUND", 4100.0),
        ("CAST_TRUNC", 4096.0),
    ] {
        v.push(
            cast(
                &format!("Cast int16 → half {mode}: 4098 (precision_conversion)"),
                "int16",
                "half",
                mode,
                "4098, -4098",
                2,
            )
            .at(
                "d",
                0,
                fl(&[
                    want,
                    if mode == "CAST_FLOOR" {
                        -4100.0
                    } else if mode == "CAST_CEIL" {
                        -4096.0
                    } else {
                        -want
                    },
                ]),
            ),
        );
    }
    // float → half 0.5 + 2^-12 (a tie): RINT 0.5, FLOOR 0.5, CEIL 0.5 + 2^-11, ROUND 0.5 + 2^-11,
    // TRUNC 0.5, ODD 0.5 + 2^-11 (inexact → odd last bit).
    let x = 0.5 + 2f64.powi(-12);
    let up = 0.5 + 2f64.powi(-11);
    for (mode, want) in [
        ("CAST_RINT", 0.5),
        ("CAST_FLOOR", 0.5),
        ("CAST_CEIL", up),
        ("CAST_ROUND", up),
        ("CAST_TRUNC", 0.5),
        ("CAST_ODD", up),
        ("CAST_NONE", 0.5),
    ] {
        v.push(
            cast(
                &format!("Cast float → half {mode}: 0.5 + 2^-12 (precision_conversion)"),
                "float",
                "half",
                mode,
                &list(&[x]),
                1,
            )
            .at("d", 0, fl(&[want])),
        );
    }
    // CAST_ODD (von Neumann, DK-ds:precision_conversion): truncate, then set the last kept bit
    // if anything was dropped. Half's last place at 1 is 2^-10: 1 + 2^-9 + 2^-11 truncates to
    // 1 + 2^-9 (even) → 1 + 3·2^-10, where CAST_RINT gives 1 + 2^-9 (a tie to even);
    // 1 + 2^-12 → 1 + 2^-10; 1 + 2^-10 + 2^-12 truncates to an odd 1 + 2^-10 and stays; exact
    // 1.5 stays.
    let u = 2f64.powi(-10);
    let odd_in = [
        1.0 + 2.0 * u + u / 2.0,
        1.0 + u / 4.0,
        1.0 + u + u / 4.0,
        1.5,
    ];
    v.push(
        cast(
            "Cast float → half CAST_ODD: von Neumann rounding",
            "float",
            "half",
            "CAST_ODD",
            &list(&odd_in),
            4,
        )
        .at("d", 0, fl(&[1.0 + 3.0 * u, 1.0 + u, 1.0 + u, 1.5])),
    );
    v.push(
        cast(
            "Cast float → half CAST_RINT on the CAST_ODD inputs",
            "float",
            "half",
            "CAST_RINT",
            &list(&odd_in),
            4,
        )
        .at("d", 0, fl(&[1.0 + 2.0 * u, 1.0, 1.0 + u, 1.5])),
    );
    // float → bfloat16 0.5 + 2^-9 + 2^-11: RINT, CEIL, ROUND 0.5 + 2^-8; FLOOR, TRUNC 0.5.
    let y = 0.5 + 2f64.powi(-9) + 2f64.powi(-11);
    let yu = 0.5 + 2f64.powi(-8);
    for (mode, want) in [
        ("CAST_RINT", yu),
        ("CAST_FLOOR", 0.5),
        ("CAST_CEIL", yu),
        ("CAST_ROUND", yu),
        ("CAST_TRUNC", 0.5),
    ] {
        v.push(
            cast(
                &format!("Cast float → bfloat16 {mode} (precision_conversion)"),
                "float",
                "bfloat16",
                mode,
                &list(&[y]),
                1,
            )
            .at("d", 0, fl(&[want])),
        );
    }
    // float → int32 2^22 + 0.5: RINT 2^22, FLOOR 2^22, CEIL 2^22 + 1, ROUND 2^22 + 1, TRUNC 2^22;
    // float → int16 of the same value saturates to 32767 in every mode (§4.7).
    for (mode, want) in [
        ("CAST_RINT", 0),
        ("CAST_FLOOR", 0),
        ("CAST_CEIL", 1),
        ("CAST_ROUND", 1),
        ("CAST_TRUNC", 0),
    ] {
        v.push(
            cast(
                &format!("Cast float → int32 {mode}: 2^22 + 0.5 (precision_conversion)"),
                "float",
                "int32",
                mode,
                "4194304.5",
                1,
            )
            .at("d", 0, ints(&[4194304 + want])),
        );
        v.push(
            cast(
                &format!("Cast float → int16 {mode}: 2^22 + 0.5 saturates (§4.7)"),
                "float",
                "int16",
                mode,
                "4194304.5",
                1,
            )
            .at("d", 0, ints(&[32767])),
        );
    }
    // half → int8 127.5 (2^7 − 0.5): 127 in every mode, saturating where it rounds to 128;
    // half → int16 of the same: RINT 128, FLOOR 127, CEIL 128, ROUND 128, TRUNC 127;
    // half → uint8 1.75: RINT 2, FLOOR 1, CEIL 2, ROUND 2, TRUNC 1.
    for (mode, i16w, u8w) in [
        ("CAST_RINT", 128, 2),
        ("CAST_FLOOR", 127, 1),
        ("CAST_CEIL", 128, 2),
        ("CAST_ROUND", 128, 2),
        ("CAST_TRUNC", 127, 1),
    ] {
        v.push(
            cast(
                &format!("Cast half → int8 {mode}: 127.5 (precision_conversion)"),
                "half",
                "int8",
                mode,
                "127.5",
                1,
            )
            .at("d", 0, ints(&[127])),
        );
        v.push(
            cast(
                &format!("Cast half → int16 {mode}: 127.5 (precision_conversion)"),
                "half",
                "int16",
                mode,
                "127.5",
                1,
            )
            .at("d", 0, ints(&[i16w])),
        );
        v.push(
            cast(
                &format!("Cast half → uint8 {mode}: 1.75 (precision_conversion)"),
                "half",
                "uint8",
                mode,
                "1.75",
                1,
            )
            .at("d", 0, ints(&[u8w])),
        );
    }
    // bfloat16 → int32 64.5: RINT 64, FLOOR 64, CEIL 65, ROUND 65, TRUNC 64; int32 → float
    // 2^25 + 3: RINT, CEIL, ROUND 2^25 + 4, FLOOR, TRUNC 2^25; int64 → float 2^35 + 2^12 + 2^11:
    // RINT, CEIL, ROUND 2^35 + 2^13, FLOOR, TRUNC 2^35 + 2^12.
    for (mode, b, i, l) in [
        ("CAST_RINT", 64, 4.0, 8192.0),
        ("CAST_FLOOR", 64, 0.0, 4096.0),
        ("CAST_CEIL", 65, 4.0, 8192.0),
        ("CAST_ROUND", 65, 4.0, 8192.0),
        ("CAST_TRUNC", 64, 0.0, 4096.0),
    ] {
        v.push(
            cast(
                &format!("Cast bfloat16 → int32 {mode}: 64.5"),
                "bfloat16",
                "int32",
                mode,
                "64.5",
                1,
            )
            .at("d", 0, ints(&[b])),
        );
        v.push(
            cast(
                &format!("Cast int32 → float {mode}: 2^25 + 3"),
                "int32",
                "float",
                mode,
                "33554435",
                1,
            )
            .at("d", 0, fl(&[33554432.0 + i])),
        );
        v.push(
            cast(
                &format!("Cast int64 → float {mode}: 2^35 + 2^12 + 2^11"),
                "int64",
                "float",
                mode,
                "34359744512",
                1,
            )
            .at("d", 0, fl(&[34359738368.0 + l])),
        );
    }
    // float → float rounds to an integral value: 0.5 → RINT 0, FLOOR 0, CEIL 1, ROUND 1,
    // TRUNC 0 (precision_conversion); −0 becomes +0 (DK-appx 表32 note); −2.5 RINT → −2.
    for (mode, a, b) in [
        ("CAST_RINT", 0.0, -2.0),
        ("CAST_FLOOR", 0.0, -3.0),
        ("CAST_CEIL", 1.0, -2.0),
        ("CAST_ROUND", 1.0, -3.0),
        ("CAST_TRUNC", 0.0, -2.0),
    ] {
        v.push(
            case(
                &format!("Cast float → float {mode}: integral rounding, −0 → +0"),
                A2,
                r#""s": (dtype: float, addr: 0x000, len: 3, init: Bits([0x3F000000, 0x80000000, 0xC0200000])),
                   "d": (dtype: float, addr: 0x020, len: 3),"#,
                &format!(r#"Cast(dst: "d", src: "s", round: {mode}, count: 3),"#),
            )
            .at("d", 0, vec![F(a), F(0.0), F(b)]),
        );
    }
    // Saturation and specials (DK-appx 表32): float → int16 MAX 32767, −MAX −32768, NaN 0,
    // +inf 32767; half → int32 +inf 2147483647, −inf −2147483648, NaN 0; float → half MAX → +inf
    // and NaN stays NaN; int32 → int16 MAX → 32767 (§4.7); int16 → half MAX → 32768.
    v.push(
        cast(
            "Cast float → int16 saturation (DK-appx 表32)",
            "float",
            "int16",
            "CAST_RINT",
            "3.4028235e38, -3.4028235e38, NaN, inf, -inf",
            5,
        )
        .at("d", 0, ints(&[32767, -32768, 0, 32767, -32768])),
    );
    v.push(
        cast(
            "Cast half → int32 specials (DK-appx 表32)",
            "half",
            "int32",
            "CAST_RINT",
            "inf, -inf, NaN, 65504",
            4,
        )
        .at("d", 0, ints(&[2147483647, -2147483648, 0, 65504])),
    );
    v.push(
        cast(
            "Cast float → half overflow and NaN (DK-appx 表32)",
            "float",
            "half",
            "CAST_RINT",
            "3.4028235e38, -3.4028235e38, NaN, 65504",
            4,
        )
        .at(
            "d",
            0,
            fl(&[f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 65504.0]),
        ),
    );
    v.push(
        cast(
            "Cast int32 → int16 saturation (§4.7)",
            "int32",
            "int16",
            "CAST_NONE",
            "2147483647, -2147483648, 1000",
            3,
        )
        .at("d", 0, ints(&[32767, -32768, 1000])),
    );
    v.push(
        cast(
            "Cast int16 → half MAX (DK-appx 表32)",
            "int16",
            "half",
            "CAST_NONE",
            "32767, -32768, 0",
            3,
        )
        .at("d", 0, fl(&[32768.0, -32768.0, 0.0])),
    );
    // Widening pairs are exact: half → float, int8 → half.
    v.push(
        cast(
            "Cast half → float exact",
            "half",
            "float",
            "CAST_NONE",
            "0.0009765625, -65504, 1.5",
            3,
        )
        .at("d", 0, fl(&[0.0009765625, -65504.0, 1.5])),
    );
    // DK:类型转换/Cast 更多样例: half → int32 CEIL, mask 32, repeat 8, {1, 1, 8, 4}: each repeat
    // converts its first 32 lanes (src 64 halves apart, dst 64 int32 apart); lanes 32..63 of
    // every repeat stay uninitialised. First values 37.4 → 38, 7.11 → 8, 53.5 → 54, 19.44 → 20.
    let vals = [37.4, 7.11, 53.5, 19.44, 22.66, 43.0, 43.16, 5.316];
    let ceil = [38, 8, 54, 20, 23, 43, 44, 6];
    let mut want = Vec::new();
    for _ in 0..8 {
        want.extend(ints(
            &ceil.iter().cycle().take(32).copied().collect::<Vec<i128>>(),
        ));
        want.extend(unset(32));
    }
    v.push(
        case(
            "Cast half → int32 CEIL, mask 32: DK 更多样例",
            A2,
            &format!(
                r#""s": (dtype: half, addr: 0x000, len: 512, init: Values([{}])),
                   "d": (dtype: int32, addr: 0x400, len: 512),"#,
                list(&cycle(&vals, 512))
            ),
            r#"Cast(dst: "d", src: "s", round: CAST_CEIL, mask: 32, repeat_times: 8, params: [1, 1, 8, 4]),"#,
        )
        .at("d", 0, want),
    );
    // §9 row 26: half → int8 CAST_RINT exists on A2 and not on training or inference (there
    // FLOOR/CEIL/ROUND/TRUNC/NONE); inference has half → int16 RINT only; training has no half →
    // int16; float → half is ODD/NONE only on inference.
    let h2i8 = cast(
        "§9 row 26: Cast half → int8 CAST_RINT",
        "half",
        "int8",
        "CAST_RINT",
        "1.5, 2.5, -1.5, 100.4",
        4,
    );
    v.push(h2i8.on(A2).at("d", 0, ints(&[2, 2, -2, 100])));
    v.push(h2i8.on(INFER).fails("unsupported-round-mode"));
    v.push(h2i8.on(TRAIN).fails("unsupported-round-mode"));
    // §4.7, 950: CAST_NONE on int32 → float runs as CAST_RINT (CANN's 950 Cast). 2^24 + 1 and
    // 2^24 + 3 are ties between floats: to even, 16777216 and 16777220; 7 is exact.
    let i2f = cast(
        "§4.7: Cast int32 → float CAST_NONE on 950 is RINT",
        "int32",
        "float",
        "CAST_NONE",
        "16777217, 16777219, 7, -16777217",
        4,
    );
    v.push(
        i2f.on(A950)
            .at("d", 0, fl(&[16777216.0, 16777220.0, 7.0, -16777216.0])),
    );
    let h2i8t = cast(
        "§9 row 26: Cast half → int8 CAST_TRUNC",
        "half",
        "int8",
        "CAST_TRUNC",
        "1.5, 2.5, -1.5, 100.4",
        4,
    );
    v.push(h2i8t.on(INFER).at("d", 0, ints(&[1, 2, -1, 100])));
    v.push(h2i8t.on(TRAIN).at("d", 0, ints(&[1, 2, -1, 100])));
    let h2i16 = cast(
        "§9 row 26: Cast half → int16 CAST_FLOOR",
        "half",
        "int16",
        "CAST_FLOOR",
        "1.5, -1.5",
        2,
    );
    v.push(h2i16.on(A2).at("d", 0, ints(&[1, -2])));
    v.push(h2i16.on(INFER).fails("unsupported-round-mode"));
    v.push(h2i16.on(TRAIN).fails("unsupported-cast"));
    let f2h = cast(
        "§9 row 26: Cast float → half CAST_RINT",
        "float",
        "half",
        "CAST_RINT",
        "0.1",
        1,
    );
    v.push(f2h.on(A2).at("d", 0, hs(&[0.1])));
    v.push(f2h.on(INFER).fails("unsupported-round-mode"));
    // int32 → half takes its scale from SetDeqScale (DK:类型转换/SetDeqScale): without one, scale
    // 1.0 with a warning; on 200I/500 A2 it is an ordinary CAST_NONE conversion.
    let deq = cast(
        "Cast int32 → half: no SetDeqScale before it",
        "int32",
        "half",
        "CAST_NONE",
        "1000, -3, 2049",
        3,
    );
    v.push(
        deq.on(A2)
            .warns("deq-scale-unset")
            .at("d", 0, fl(&[1000.0, -3.0, 2048.0])),
    );
    v.push(deq.on(I200).at("d", 0, fl(&[1000.0, -3.0, 2048.0])));
    // src·2^-17·scale·2^17 in float, then to half (RINT): scale 0.5 gives 500, −1.5 and
    // 1024.5 → 1024 (a tie, to even); scale 2.0 gives 2000, −6 and 4098 → 4096 (a tie
    // between 4096 and 4100, to even).
    let with_scale = |scale: &str, want: [f64; 3]| {
        case(
            &format!("Cast int32 → half after SetDeqScale({scale})"),
            A2,
            r#""s": (dtype: int32, addr: 0x000, len: 3, init: Values([1000, -3, 2049])),
               "d": (dtype: half, addr: 0x400, len: 3),"#,
            &format!(
                r#"SetDeqScale(scale: {scale}),
                   Cast(dst: "d", src: "s", round: CAST_NONE, count: 3),"#
            ),
        )
        .at("d", 0, fl(&want))
    };
    v.push(with_scale("0.5", [500.0, -1.5, 1024.0]));
    let two = with_scale("2.0", [2000.0, -6.0, 4096.0]);
    v.push(two.on(A950).at("d", 0, fl(&[2000.0, -6.0, 4096.0])));
    v.push(two.on(I200).fails("unsupported-instruction"));
    v.push(two);
    // AddDeqRelu (DK:复合计算/AddDeqRelu): relu(Cast((src0 + src1) · scale)) with RINT; sums
    // 11, −9, 3, 4098. Scale 0.5: 5.5, −4.5 → 0, 1.5, 2049 → 2048 (a tie, to even); without a
    // SetDeqScale, scale 1.0 with a warning: 11, 0, 3, 4098 → 4096 (a tie, to even).
    let deq_relu = |name: &str, code: &str| {
        case(
            name,
            A2,
            r#""a": (dtype: int32, addr: 0x000, len: 4, init: Values([10, -10, 3, 4098])),
               "b": (dtype: int32, addr: 0x020, len: 4, init: Values([1, 1, 0, 0])),
               "d": (dtype: half, addr: 0x400, len: 4),"#,
            code,
        )
    };
    let scaled = deq_relu(
        "AddDeqRelu int32 → half, scale 0.5",
        r#"SetDeqScale(scale: 0.5),
           AddDeqRelu(dst: "d", src0: "a", src1: "b", count: 4),"#,
    );
    v.push(scaled.clone().at("d", 0, fl(&[5.5, 0.0, 1.5, 2048.0])));
    v.push(scaled.on(I200).fails("unsupported-instruction"));
    v.push(
        deq_relu(
            "AddDeqRelu int32 → half without SetDeqScale",
            r#"AddDeqRelu(dst: "d", src0: "a", src1: "b", count: 4),"#,
        )
        .warns("deq-scale-unset")
        .at("d", 0, fl(&[11.0, 0.0, 3.0, 4096.0])),
    );
    // The CastDequant form sets no half scale for Cast.
    v.push(
        case(
            "Cast int32 → half after the CastDequant form of SetDeqScale",
            A2,
            r#""s": (dtype: int32, addr: 0x000, len: 3, init: Values([1000, -3, 2049])),
               "d": (dtype: half, addr: 0x400, len: 3),"#,
            r#"SetDeqScale(scale: 0.5, offset: 0, sign_mode: true),
               Cast(dst: "d", src: "s", round: CAST_NONE, count: 3),"#,
        )
        .warns("deq-scale-unset")
        .at("d", 0, fl(&[1000.0, -3.0, 2048.0])),
    );
    // A pair no product has.
    v.push(
        cast(
            "Cast half → uint16 is not a pair",
            "half",
            "uint16",
            "CAST_RINT",
            "1",
            1,
        )
        .fails("unsupported-cast"),
    );
    // Ascend 950's truncation mode of conversions to integers (CTRL[59] = 1, DK:特殊寄存器访问/
    // SetCtrlSpr(ISASI) 表3: "溢出值按目标数据类型位数截断，保留低位，舍弃高位"): the rounded value's
    // low bits, numpy's `np.trunc(x).astype(np.int64).astype(np.int16)`: 40000.7 → 40000 →
    // −25536, −40000.2 → 25536, 1e10 → −7168, −70000.5 → −4464; in range as before (32767.9 →
    // 32767); NaN and +inf give 0 (ascstep's choice, docs/semantics.md §4.7). float → int32
    // CAST_RINT: 3e9 → −1294967296, 5e9 → 705032704. float → half is not affected. The same
    // values saturate without it, and A2 has no such mode.
    let big = "40000.7, -40000.2, 1e10, 32767.9, -70000.5, NaN, inf, 0";
    let wraps = |ddt: &str, mode: &str, src: &str, sat: &str| {
        case(
            &format!("Cast float → {ddt} {mode} saturate: {sat}"),
            A950,
            &format!(
                r#""s": (dtype: float, addr: 0x000, len: 8, init: Values([{src}])),
                   "d": (dtype: {ddt}, addr: 0x400, len: 8),"#
            ),
            &format!(r#"Cast(dst: "d", src: "s", round: {mode}, saturate: {sat}, count: 8),"#),
        )
    };
    v.push(wraps("int16", "CAST_TRUNC", big, "false").at(
        "d",
        0,
        ints(&[-25536, 25536, -7168, 32767, -4464, 0, 0, 0]),
    ));
    v.push(wraps("int16", "CAST_TRUNC", big, "true").at(
        "d",
        0,
        ints(&[32767, -32768, 32767, 32767, -32768, 0, 32767, 0]),
    ));
    v.push(
        wraps(
            "int32",
            "CAST_RINT",
            "3e9, 5e9, -3e9, 2.5, -1, 0, 0, 0",
            "false",
        )
        .at(
            "d",
            0,
            ints(&[-1294967296, 705032704, 1294967296, 2, -1, 0, 0, 0]),
        ),
    );
    v.push(
        wraps("half", "CAST_RINT", "1e10, 1, 0, 0, 0, 0, 0, 0", "false").at(
            "d",
            0,
            fl(&[f64::INFINITY, 1.0]),
        ),
    );
    v.push(
        wraps("int16", "CAST_TRUNC", big, "false")
            .on(A2)
            .fails("unsupported-saturate"),
    );
    v
}

pub(crate) fn composite_cast_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:复合计算/AddReluCast 结果示例 (half → int8): [1 1 3 … 512] + [0 0.5 −4 … −513] → [1 2 0 … 0]
    // (1.5 rounds to 2). SubReluCast: [1 2 3 … 512] − [0 0.5 4 … 513] → [1 2 0 … 0]. MulCast
    // (half → int8): [1 −2 3 … −6]·[1 3 −4 … 5] → [1 −6 −12 … −30].
    v.push(
        case(
            "AddReluCast / SubReluCast / MulCast half → int8: DK examples",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 4, init: Values([1, 1, 3, 512])),
               "b": (dtype: half, addr: 0x020, len: 4, init: Values([0, 0.5, -4, -513])),
               "c": (dtype: half, addr: 0x040, len: 4, init: Values([1, 2, 3, 512])),
               "e": (dtype: half, addr: 0x060, len: 4, init: Values([0, 0.5, 4, 513])),
               "m0": (dtype: half, addr: 0x080, len: 4, init: Values([1, -2, 3, -6])),
               "m1": (dtype: half, addr: 0x0a0, len: 4, init: Values([1, 3, -4, 5])),
               "add": (dtype: int8, addr: 0x0c0, len: 4),
               "sub": (dtype: int8, addr: 0x0e0, len: 4),
               "mul": (dtype: int8, addr: 0x100, len: 4),"#,
            r#"AddReluCast(dst: "add", src0: "a", src1: "b", count: 4),
               SubReluCast(dst: "sub", src0: "c", src1: "e", count: 4),
               MulCast(dst: "mul", src0: "m0", src1: "m1", count: 4),"#,
        )
        .at("add", 0, ints(&[1, 2, 0, 0]))
        .at("sub", 0, ints(&[1, 2, 0, 0]))
        .at("mul", 0, ints(&[1, -6, -12, -30])),
    );
    // The composite casts under Ascend 950's truncation mode (CTRL[59] = 1, `saturate: false`):
    // half products 300, −300, 400 keep their low 8 bits as int8 (44, −44, −112, numpy's
    // `np.int64(x).astype(np.int8)`), where saturation gives 127, −128, 127; int16 AddReluCast
    // 200 + 100 → 300 → 44.
    v.push(
        case(
            "MulCast / AddReluCast → int8 saturate: false (CTRL[59] = 1)",
            A950,
            r#""a": (dtype: half, addr: 0x000, len: 4, init: Values([100, -100, 20, 3])),
               "b": (dtype: half, addr: 0x020, len: 4, init: Values([3, 3, 20, 1])),
               "x": (dtype: int16, addr: 0x040, len: 2, init: Values([200, -5])),
               "y": (dtype: int16, addr: 0x060, len: 2, init: Values([100, 2])),
               "w": (dtype: int8, addr: 0x080, len: 4),
               "s": (dtype: int8, addr: 0x0a0, len: 4),
               "r": (dtype: int8, addr: 0x0c0, len: 2),"#,
            r#"MulCast(dst: "w", src0: "a", src1: "b", saturate: false, count: 4),
               MulCast(dst: "s", src0: "a", src1: "b", count: 4),
               AddReluCast(dst: "r", src0: "x", src1: "y", saturate: false, count: 2),"#,
        )
        .at("w", 0, ints(&[44, -44, -112, 3]))
        .at("s", 0, ints(&[127, -128, 127, 3]))
        .at("r", 0, ints(&[44, 0])),
    );
    // DK-appx 表26/表28: half MAX + MAX → +inf → int8 127; NaN → 0; int16 MAX + MAX → MAX (the
    // intermediate does not wrap) → 127, MIN + MIN → relu 0; float → half: NaN → +0, +inf stays;
    // MulCast half → uint8: MAX·MAX → +inf → 255, NaN → 0.
    v.push(
        case(
            "AddReluCast / MulCast boundary values (DK-appx 表26, 表28)",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 4, init: Values([65504, NaN, 1, -1])),
               "b": (dtype: half, addr: 0x020, len: 4, init: Values([65504, 1, 1, -1])),
               "d8": (dtype: int8, addr: 0x040, len: 4),
               "ia": (dtype: int16, addr: 0x060, len: 4, init: Values([32767, -32768, 100, 5])),
               "ib": (dtype: int16, addr: 0x080, len: 4, init: Values([32767, -32768, 27, -9])),
               "i8": (dtype: int8, addr: 0x0a0, len: 4),
               "fa": (dtype: float, addr: 0x0c0, len: 4, init: Values([NaN, inf, 1, 0.1])),
               "fb": (dtype: float, addr: 0x0e0, len: 4, init: Values([1, 1, -3, 0])),
               "fh": (dtype: half, addr: 0x100, len: 4),
               "u8": (dtype: uint8, addr: 0x120, len: 4),"#,
            r#"AddReluCast(dst: "d8", src0: "a", src1: "b", count: 4),
               AddReluCast(dst: "i8", src0: "ia", src1: "ib", count: 4),
               AddReluCast(dst: "fh", src0: "fa", src1: "fb", count: 4),
               MulCast(dst: "u8", src0: "a", src1: "b", count: 4),"#,
        )
        .at("d8", 0, ints(&[127, 0, 2, 0]))
        .at("i8", 0, ints(&[127, 0, 127, 0]))
        .at("fh", 0, vec![F(0.0), F(f64::INFINITY), F(0.0), h(0.1)])
        .at("u8", 0, ints(&[255, 0, 1, 1])),
    );
    // §9 row 24: int16 → int8 AddReluCast / SubReluCast exist on A2 and not on 200I/500 A2.
    let row24 = case(
        "§9 row 24: SubReluCast int16 → int8",
        A2,
        r#""a": (dtype: int16, addr: 0x000, len: 4, init: Values([10, 300, -5, 0])),
           "b": (dtype: int16, addr: 0x020, len: 4, init: Values([3, 1, 1, 0])),
           "d": (dtype: int8, addr: 0x040, len: 4),"#,
        r#"SubReluCast(dst: "d", src0: "a", src1: "b", count: 4),"#,
    );
    v.push(row24.on(A2).at("d", 0, ints(&[7, 127, 0, 0])));
    v.push(row24.on(I200).fails("unsupported-dtype"));
    v.push(row24.on(TRAIN).fails("unsupported-instruction"));
    // §9 row 24: MulAddDst half → float exists on A2 and not on 200I/500 A2, which has the
    // integer MulAddDst instead.
    let mad = case(
        "§9 row 24: MulAddDst half → float",
        A2,
        r#""a": (dtype: half, addr: 0x000, len: 4, init: Values([2, 3, 0.5, -1])),
           "b": (dtype: half, addr: 0x020, len: 4, init: Values([4, 5, 0.5, 1])),
           "d": (dtype: float, addr: 0x040, len: 4, init: Values([1, 1, 1, 1])),"#,
        r#"MulAddDst(dst: "d", src0: "a", src1: "b", count: 4),"#,
    );
    v.push(mad.on(A2).at("d", 0, fl(&[9.0, 16.0, 1.25, 0.0])));
    v.push(mad.on(I200).fails("unsupported-dtype"));
    let madi = case(
        "§9 row 24: MulAddDst int16",
        I200,
        r#""a": (dtype: int16, addr: 0x000, len: 4, init: Values([2, 3, -4, 300])),
           "b": (dtype: int16, addr: 0x020, len: 4, init: Values([4, 5, 5, 300])),
           "d": (dtype: int16, addr: 0x040, len: 4, init: Values([1, 1, 1, 1])),"#,
        r#"MulAddDst(dst: "d", src0: "a", src1: "b", count: 4),"#,
    );
    // 300·300 = 90000 wraps to 90000 − 65536 = 24464, + 1 (§6 integer wrap).
    v.push(madi.on(I200).at("d", 0, ints(&[9, 16, -19, 24465])));
    v.push(madi.on(A2).fails("unsupported-dtype"));
    // §9 row 29: the compound instructions do not exist on the training series.
    let row29 = case(
        "§9 row 29: AddRelu half",
        A2,
        r#""a": (dtype: half, addr: 0x000, len: 4, init: Values([1, -2, 3, -6])),
           "b": (dtype: half, addr: 0x020, len: 4, init: Values([1, 3, -4, 5])),
           "d": (dtype: half, addr: 0x040, len: 4),"#,
        r#"AddRelu(dst: "d", src0: "a", src1: "b", count: 4),"#,
    );
    v.push(row29.on(INFER).at("d", 0, fl(&[2.0, 1.0, 0.0, 0.0])));
    v.push(row29.on(TRAIN).fails("unsupported-instruction"));
    let relu16 = case(
        "AddRelu int16 on 200I/500 A2 (half and float only there)",
        A2,
        r#""a": (dtype: int16, addr: 0x000, len: 4, init: Values([1, -2, 3, -6])),
           "b": (dtype: int16, addr: 0x020, len: 4, init: Values([1, 3, -4, 5])),
           "d": (dtype: int16, addr: 0x040, len: 4),"#,
        r#"AddRelu(dst: "d", src0: "a", src1: "b", count: 4),"#,
    );
    v.push(relu16.on(A2).at("d", 0, ints(&[2, 1, 0, 0])));
    v.push(relu16.on(I200).fails("unsupported-dtype"));
    v
}
