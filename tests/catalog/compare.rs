//! Compare, Compares, Select (§4.6)

use super::*;

/// The inputs of the DK:比较与选择/Compare examples (float, 64 elements).
pub(crate) const CMP_SRC0: &str = "2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 7, 7, 7, 7, 7, 7, 7, 7, 11, 11, 11, 11, 11, 11, 11, 11, 13, 13, 13, 13, 13, 13, 13, 13, 17, 17, 17, 17, 17, 17, 17, 17, 19, 19, 19, 19, 19, 19, 19, 19";
pub(crate) const CMP_SRC1: &str = "2, 2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 6, 6, 6, 8, 8, 8, 8, 8, 8, 8, 8, 10, 10, 10, 10, 10, 10, 10, 10, 12, 12, 12, 12, 12, 12, 12, 12, 14, 14, 14, 14, 14, 14, 14, 14, 16, 16, 16, 16, 16, 16, 16, 16";
/// The scalar examples' inputs: [2 3 5 7 11 13 17 19] against [2 4 6 8 10 12 14 16].
pub(crate) const CMP8_SRC0: &str = "2, 3, 5, 7, 11, 13, 17, 19";
pub(crate) const CMP8_SRC1: &str = "2, 4, 6, 8, 10, 12, 14, 16";

pub(crate) fn cmp_tensors() -> String {
    format!(
        r#""a": (dtype: float, addr: 0x000, len: 64, init: Values([{CMP_SRC0}])),
           "b": (dtype: float, addr: 0x100, len: 64, init: Values([{CMP_SRC1}])),
           "d": (dtype: uint8, addr: 0x200, len: 32, init: Fill(0)),"#
    )
}

/// The Compares example input of DK:比较与选择/Compares (256 floats).
pub(crate) const CMPS_SRC: &str = "16.604824, 45.069473, 65.108345, -59.68792, 21.043684, 75.90726, -27.046307, -40.10546, -5.933778, 83.56574, 58.87062, -12.77814, 28.17882, 62.549377, -22.310246, -67.69001, 81.06072, 69.988945, 69.10082, -6.667376, 96.20256, 18.532446, -66.56364, -32.531246, 49.980835, 35.668995, -16.847628, 1.3236234, 10.0143795, 43.878166, 26.628105, 31.774637, 47.9279, 79.7291, -54.09651, 95.49459, -18.404795, -86.84594, 9.406091, -79.54437, 0.49116692, -48.151714, -12.97062, -99.89055, 23.475513, -27.366564, -69.229675, 83.613304, 52.14729, 40.98426, -23.422009, -53.386215, 1.6576616, -62.36946, 54.693733, 66.2058, -4.0042257, -25.351263, 1.0000885, -6.458584, 25.447659, 71.647316, 82.31162, -7.7359715, 28.107353, -79.22045, 20.292479, 67.7434, -76.054085, -7.754251, 38.632687, -4.8460293, -69.791954, -57.574455, -99.96178, -73.29611, -68.57477, 98.200035, -55.30482, -55.590027, 79.53274, -1.862139, -37.60953, -12.225406, -35.2875, -24.047668, -66.07609, 21.9362, 80.603516, 28.928387, 26.579298, 97.6649, 78.94723, -89.86824, 73.29788, 18.957182, -73.87053, -23.508097, -51.02931, 39.158726, -96.61422, -41.192455, 54.973663, 47.58695, -3.9818003, -81.05088, -67.62415, -17.491713, -34.916042, -95.993744, -3.4719822, -55.956417, 6.223455, 12.240832, 15.055512, 94.70584, -13.33949, -50.46866, 54.612816, -28.521824, -87.63997, 59.53054, 41.000504, -31.266075, -31.419422, -32.940186, 53.449913, 50.012768, -13.663364, 40.931725, -68.80396, -86.63726, 76.866585, -83.76385, 3.7227867, 58.443035, -74.333046, -92.52674, 24.249512, -7.935491, 24.197245, -34.85033, 67.854645, 72.65312, 13.622443, -70.94266, 15.401667, -9.332295, -86.61463, 72.659676, -83.63352, 9.279887, 81.037964, 46.285606, -12.967846, -48.72901, 69.07614, -40.355286, -94.257034, -45.514374, 24.966864, -9.657219, 61.803864, -83.09603, 77.769035, -97.44226, -89.71987, -53.969315, 43.892918, 73.88798, 67.23104, 36.65282, -93.70069, -87.48934, -27.679005, -36.825226, -30.117033, -41.579655, -97.325325, 77.1972, -49.883194, 33.061394, -63.844925, 89.74327, 64.549416, 80.16943, 73.26347, -87.307175, -96.62777, 81.8532, 7.5365276, 28.357092, 59.896378, -15.95738, -77.42723, 0.03529428, -20.263502, 45.59324, -90.160835, 89.478004, 57.608685, 60.71819, 45.8125, 39.94484, -48.77375, -56.897358, 5.2580256, -6.937905, -49.80309, -42.527523, 72.91772, 89.53271, -62.181187, 18.490683, -69.40782, 6.141204, 13.938042, 75.312515, 21.766457, -8.157599, 55.53147, -30.789118, -12.087165, 82.435684, 23.4884, 82.73172, -2.026827, -8.124383, -10.707488, -74.32759, -54.702602, 14.209252, 93.73145, 98.93554, 52.803623, 32.200726, 41.823833, 90.193756, -34.512424, -85.64022, 97.47763, 33.353424, 94.84875, 23.03139, 99.97347, -72.47978, 19.51753, -88.28579, -88.70721, -18.659292, -79.5277, 62.90431, 21.837631, 45.989056, -9.62086, 11.4855795";

pub(crate) fn compare_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:比较与选择/Compare, count form (64 floats = 256 bytes). By hand from the inputs: LT is
    // true for elements 8..31 (3<4, 5<6, 7<8) → bytes [0 255 255 255 0 0 0 0]. The page prints
    // [0 127 127 127 …], which the inputs do not give (semantics.md §11 item 3).
    v.push(
        case(
            "Compare LT float, count form: DK example (by hand, §11 item 3)",
            A2,
            &cmp_tensors(),
            r#"Compare(dst: "d", src0: "a", src1: "b", cmp: LT, count: 64),"#,
        )
        .at("d", 0, ints(&[0, 255, 255, 255, 0, 0, 0, 0]))
        .at("d", 8, rep(I(0), 24)),
    );
    // The per-mode examples of the same page on [2 3 5 7 11 13 17 19] vs [2 4 6 8 10 12 14 16],
    // LSB first: GT 0b11110000 = 240, GE 0b11110001 = 241, LE 0b00001111 = 15, EQ 1, NE
    // 0b11111110 = 254 (printed "126(0b11111110)", §11 item 3). 64 elements: 8 bytes each.
    for (mode, byte) in [
        ("GT", 240),
        ("GE", 241),
        ("LE", 15),
        ("EQ", 1),
        ("NE", 254),
        ("LT", 14),
    ] {
        let src0 = list(&cycle(
            &CMP8_SRC0
                .split(", ")
                .map(|x| x.parse().unwrap())
                .collect::<Vec<f64>>(),
            64,
        ));
        let src1 = list(&cycle(
            &CMP8_SRC1
                .split(", ")
                .map(|x| x.parse().unwrap())
                .collect::<Vec<f64>>(),
            64,
        ));
        v.push(
            case(
                &format!("Compare {mode} float: DK per-mode example"),
                A2,
                &format!(
                    r#""a": (dtype: float, addr: 0x000, len: 64, init: Values([{src0}])),
                       "b": (dtype: float, addr: 0x100, len: 64, init: Values([{src1}])),
                       "d": (dtype: uint8, addr: 0x200, len: 8),"#
                ),
                &format!(r#"Compare(dst: "d", src0: "a", src1: "b", cmp: {mode}, mask: 64, repeat_times: 1, params: [1, 1, 1, 1, 8, 8]),"#),
            )
            .at("d", 0, rep(I(byte), 8)),
        );
    }
    // §9 row 5 with the page's bitwise example (mask {0x33333333, 0}, LE): the mask is honoured on
    // 200I/500 A2 and 950 → [51 51 51 51 0 0 0 0] (the page's output, §11 item 3); on A2, A3,
    // inference and training it is reserved and every lane is compared → [255 255 255 255 0 …].
    let row5 = case(
        "§9 row 5: Compare LE with bitwise mask 0x33333333",
        A2,
        &cmp_tensors(),
        r#"Compare(dst: "d", src0: "a", src1: "b", cmp: LE, mask: [858993459, 0], repeat_times: 1, params: [1, 1, 1, 1, 8, 8]),"#,
    );
    for p in [I200, A950] {
        v.push(
            row5.on(p)
                .at("d", 0, ints(&[51, 51, 51, 51, 0, 0, 0, 0]))
                .at("d", 8, rep(I(0), 24)),
        );
    }
    for p in [A2, A3, INFER, TRAIN] {
        v.push(row5.on(p).warns("compare-mask-ignored").at(
            "d",
            0,
            ints(&[255, 255, 255, 255, 0, 0, 0, 0]),
        ));
    }
    // The page's contiguous mask 28 (LE): honoured → lanes 0..27 → [255 255 255 15 0 0 0 0]
    // (the page prints [127 127 127 16 …], which no reading gives, §11 item 3); reserved on A2 →
    // all 64 lanes.
    let m28 = case(
        "§9 row 5: Compare LE with contiguous mask 28",
        A2,
        &cmp_tensors(),
        r#"Compare(dst: "d", src0: "a", src1: "b", cmp: LE, mask: 28, repeat_times: 1, params: [1, 1, 1, 1, 8, 8]),"#,
    );
    v.push(
        m28.on(A950)
            .at("d", 0, ints(&[255, 255, 255, 15, 0, 0, 0, 0])),
    );
    v.push(m28.on(A2).warns("compare-mask-ignored").at(
        "d",
        0,
        ints(&[255, 255, 255, 255, 0, 0, 0, 0]),
    ));
    // Packed output (§4.6): half, 2 repeats → 16 + 16 bytes back to back although the dst
    // strides say otherwise. src0 = 0..255, src1 = 100 → GT true from element 101 on: byte 12
    // = lanes 96..103 → 0b11100000 = 224, bytes 13..31 = 255.
    v.push(
        case(
            "Compare GT half, 2 repeats: bits packed regardless of dst strides (§4.6, §11 item 15)",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
               "b": (dtype: half, addr: 0x200, len: 256, init: Fill(100)),
               "d": (dtype: uint8, addr: 0x400, len: 64, init: Fill(7)),"#,
            r#"Compare(dst: "d", src0: "a", src1: "b", cmp: GT, mask: 128, repeat_times: 2, params: [1, 1, 1, 8, 8, 8]),"#,
        )
        .at("d", 0, rep(I(0), 12))
        .at("d", 12, ints(&[224]))
        .at("d", 13, rep(I(255), 19))
        .at("d", 32, rep(I(7), 32)),
    );
    // §3, §8: the count form needs whole 256-byte repeats; 72 floats compare 64, the tail is
    // skipped (A2's floor division).
    v.push(
        case(
            "Compare count form with a partial repeat: tail not compared (§3)",
            A2,
            r#""a": (dtype: float, addr: 0x000, len: 72, init: Fill(1)),
               "b": (dtype: float, addr: 0x200, len: 72, init: Fill(2)),
               "d": (dtype: uint8, addr: 0x400, len: 16, init: Fill(9)),"#,
            r#"Compare(dst: "d", src0: "a", src1: "b", cmp: LT, count: 72),"#,
        )
        .warns("compare-count-partial")
        .at("d", 0, rep(I(255), 8))
        .at("d", 8, rep(I(9), 8)),
    );
    // §9 row 27: int32 Compare is EQ only on A2/A3; LT is rejected there; inference has no int32.
    let i32cmp = |mode: &str| {
        case(
            &format!("§9 row 27: Compare {mode} int32"),
            A2,
            r#""a": (dtype: int32, addr: 0x000, len: 64, init: Ramp(start: 0, step: 1)),
               "b": (dtype: int32, addr: 0x100, len: 64, init: Fill(3)),
               "d": (dtype: uint8, addr: 0x200, len: 8),"#,
            &format!(r#"Compare(dst: "d", src0: "a", src1: "b", cmp: {mode}, count: 64),"#),
        )
    };
    v.push(i32cmp("EQ").at("d", 0, ints(&[8, 0, 0, 0, 0, 0, 0, 0])));
    v.push(i32cmp("LT").fails("unsupported-cmp-mode"));
    v.push(i32cmp("EQ").on(INFER).fails("unsupported-dtype"));
    // DK-appx 表30 note: on A2, NE with a NaN operand gives 0 (IEEE: 1); other products
    // follow IEEE (undocumented there). Lanes: (NaN, 1), (1, NaN), (NaN, NaN), (1, 2), …
    let ne = case(
        "Compare NE with NaN: A2 boundary table vs IEEE",
        A2,
        r#""a": (dtype: float, addr: 0x000, len: 64, init: Values([NaN, 1, NaN, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])),
           "b": (dtype: float, addr: 0x100, len: 64, init: Values([1, NaN, NaN, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])),
           "d": (dtype: uint8, addr: 0x200, len: 8),"#,
        r#"Compare(dst: "d", src0: "a", src1: "b", cmp: NE, count: 64),"#,
    );
    v.push(ne.on(A2).at("d", 0, ints(&[0b1000, 0, 0, 0, 0, 0, 0, 0])));
    v.push(ne.on(A950).at("d", 0, ints(&[0b1111, 0, 0, 0, 0, 0, 0, 0])));
    // DK:比较与选择/Compares 结果示例: 256 floats LT the scalar −95.16087 (mask 64, repeat 4):
    // elements 43, 74, 100, 109, 165, 178, 188 are below it → bytes 5 = 8, 9 = 4, 12 = 16,
    // 13 = 32, 20 = 32, 22 = 4, 23 = 16, the page's output.
    let mut want = vec![0i128; 32];
    for (i, b) in [
        (5, 8),
        (9, 4),
        (12, 16),
        (13, 32),
        (20, 32),
        (22, 4),
        (23, 16),
    ] {
        want[i] = b;
    }
    v.push(
        case(
            "Compares LT float: DK example",
            A2,
            &format!(
                r#""s": (dtype: float, addr: 0x000, len: 256, init: Values([{CMPS_SRC}])),
                   "d": (dtype: uint8, addr: 0x400, len: 32),"#
            ),
            r#"Compares(dst: "d", src: "s", scalar: -95.16087, cmp: LT, mask: 64, repeat_times: 4, params: [1, 1, 8, 8]),"#,
        )
        .at("d", 0, ints(&want)),
    );
    // §9 row 5 for Compares: with mask 8 (float GT 0 on 1..64) the mask is honoured on 950 and
    // 200I/500 A2 (byte 0 = 255, the rest 0) and reserved on A2 (all 8 bytes 255).
    let cmps5 = case(
        "§9 row 5: Compares GT with contiguous mask 8",
        A2,
        r#""s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 1, step: 1)),
           "d": (dtype: uint8, addr: 0x100, len: 8),"#,
        r#"Compares(dst: "d", src: "s", scalar: 0.0, cmp: GT, mask: 8, repeat_times: 1, params: [1, 1, 8, 8]),"#,
    );
    v.push(cmps5.on(A950).at("d", 0, ints(&[255, 0, 0, 0, 0, 0, 0, 0])));
    v.push(cmps5.on(I200).at("d", 0, ints(&[255, 0, 0, 0, 0, 0, 0, 0])));
    v.push(
        cmps5
            .on(A2)
            .warns("compare-mask-ignored")
            .at("d", 0, rep(I(255), 8)),
    );
    v.push(
        cmps5
            .on(INFER)
            .warns("compare-mask-ignored")
            .at("d", 0, rep(I(255), 8)),
    );
    // §9 row 27: 200I/500 A2's Compares takes int16 (all modes); A2's does not.
    let cmps16 = case(
        "§9 row 27: Compares int16 GE",
        I200,
        r#""s": (dtype: int16, addr: 0x000, len: 128, init: Ramp(start: -64, step: 1)),
           "d": (dtype: uint8, addr: 0x100, len: 16),"#,
        r#"Compares(dst: "d", src: "s", scalar: 0, cmp: GE, count: 128),"#,
    );
    v.push(
        cmps16
            .on(I200)
            .at("d", 0, rep(I(0), 8))
            .at("d", 8, rep(I(255), 8)),
    );
    v.push(cmps16.on(A2).fails("unsupported-dtype"));
    // DK:比较与选择/Compares (Ascend 950 types): int64 in the count form only. −20..43 ≥ 0 sets
    // bits 20..63: byte 2 = 0xF0, bytes 3–7 = 255; 64 int64 are two repeats of 32 lanes.
    let cmps64 = case(
        "950: Compares int64 GE, count form",
        A950,
        r#""s": (dtype: int64, addr: 0x000, len: 64, init: Ramp(start: -20, step: 1)),
           "d": (dtype: uint8, addr: 0x200, len: 8),"#,
        r#"Compares(dst: "d", src: "s", scalar: 0, cmp: GE, count: 64),"#,
    );
    v.push(
        cmps64
            .clone()
            .at("d", 0, ints(&[0, 0, 240, 255, 255, 255, 255, 255])),
    );
    v.push(cmps64.on(A2).fails("unsupported-dtype"));
    // DK:比较与选择/Select (Ascend 950 types): int64 in the count form only; selMask byte 0 = 0x0F
    // picks lanes 0–3 from src0 (7), lanes 4–7 from src1 (−1).
    let sel64 = case(
        "950: Select int64 mode 2, count form",
        A950,
        r#""s0": (dtype: int64, addr: 0x000, len: 8, init: Fill(7)),
           "s1": (dtype: int64, addr: 0x100, len: 8, init: Fill(-1)),
           "m": (dtype: uint8, addr: 0x200, len: 32, init: Fill(15)),
           "d": (dtype: int64, addr: 0x300, len: 8),"#,
        r#"Select(dst: "d", sel_mask: "m", src0: "s0", src1: "s1", sel_mode: VSEL_TENSOR_TENSOR_MODE, count: 8),"#,
    );
    v.push(
        sel64
            .clone()
            .at("d", 0, ints(&[7, 7, 7, 7, -1, -1, -1, -1])),
    );
    v.push(sel64.on(A2).fails("unsupported-dtype"));
    v.push(
        case(
            "950: Compares int64 has no mask form",
            A950,
            r#""s": (dtype: int64, addr: 0x000, len: 32, init: Fill(1)),
               "d": (dtype: uint8, addr: 0x200, len: 8),"#,
            r#"Compares(dst: "d", src: "s", scalar: 0, cmp: GE, mask: 32, repeat_times: 1, params: [1, 1, 8, 8]),"#,
        )
        .fails("unsupported-dtype"),
    );
    v.push(cmps16.on(TRAIN).fails("unsupported-instruction"));
    v
}

pub(crate) fn select_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:比较与选择/Select 模式2示例, lanes 0..15: selMask byte 0 = 60 = 0b00111100 (lanes 2–5 from
    // src0), byte 1 = 32 = 0b00100000 (lane 13 from src0); every other lane from src1. The
    // page's output starts [35.8789 44.0334 −50.6124 −72.3737 −33.7107 −83.4001 −59.8013 …].
    v.push(
        case(
            "Select mode 2 float: DK example lanes 0..15",
            A2,
            r#""s0": (dtype: float, addr: 0x000, len: 16, init: Values([-80.4933, 52.2499, -50.6124, -72.3737, -33.7107, -83.4001, 34.3954, 61.3188, 96.5484, 27.1321, -56.8153, 9.80549, 9.11199, -53.1848, -77.2548, -0.0681466])),
               "s1": (dtype: float, addr: 0x040, len: 16, init: Values([35.8789, 44.0334, 54.9997, 44.8567, -30.8579, -53.714, -59.8013, 71.1663, 46.3484, 8.56818, -59.4716, 6.07412, -39.0137, 64.5595, 17.0849, 45.2641])),
               "m": (dtype: uint8, addr: 0x080, len: 32, init: Values([60, 32, 10, 7, 42, 52, 38, 26, 19, 15, 18, 83, 41, 43, 91, 30, 45, 77, 80, 58, 34, 76, 44, 4, 64, 45, 48, 31, 30, 56, 43, 88])),
               "d": (dtype: float, addr: 0x0a0, len: 16),"#,
            r#"Select(dst: "d", sel_mask: "m", src0: "s0", src1: "s1", sel_mode: VSEL_TENSOR_TENSOR_MODE, count: 16),"#,
        )
        .at("d", 0, fs(&[35.8789, 44.0334, -50.6124, -72.3737, -33.7107, -83.4001, -59.8013, 71.1663, 46.3484, 8.56818, -59.4716, 6.07412, -39.0137, -53.1848, 17.0849, 45.2641])),
    );
    // §4.6, ascstep's choice: a signed selMask is the same bits. int8 −4 = 0xFC selects lanes
    // 2–7 from src0, 1 = 0x01 lane 8; the other lanes come from src1.
    v.push(
        case(
            "Select mode 2: an int8 selMask is read as bits",
            A2,
            r#""s0": (dtype: half, addr: 0x000, len: 16, init: Ramp(start: 0, step: 1)),
               "s1": (dtype: half, addr: 0x020, len: 16, init: Fill(-1)),
               "m": (dtype: int8, addr: 0x040, len: 2, init: Values([-4, 1])),
               "d": (dtype: half, addr: 0x060, len: 16),"#,
            r#"Select(dst: "d", sel_mask: "m", src0: "s0", src1: "s1", sel_mode: VSEL_TENSOR_TENSOR_MODE, count: 16),"#,
        )
        .at(
            "d",
            0,
            fl(&[-1.0, -1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0]),
        ),
    );
    // §4.6 modes on two float repeats: selMask byte 0 = 0x0F, byte 8 = 0xF0. Mode 0 reads the
    // first 64 bits in every repeat (lanes 0–3 of both repeats from src0); mode 2 consumes them
    // continuously (repeat 1 reads byte 8: its lanes 4–7); mode 1 as mode 2 with the scalar 0.
    let sel = |mode: &str, src1: &str| {
        case(
            &format!("Select {mode}: selMask reuse vs continuous consumption"),
            A2,
            r#""s0": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
               "s1": (dtype: float, addr: 0x200, len: 128, init: Fill(-1)),
               "m": (dtype: uint8, addr: 0x400, len: 32, init: Values([15, 0, 0, 0, 0, 0, 0, 0, 240, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
               "d": (dtype: float, addr: 0x420, len: 128),"#,
            &format!(
                r#"Select(dst: "d", sel_mask: "m", src0: "s0", {src1}, sel_mode: {mode}, mask: 64, repeat_times: 2, params: [1, 1, 1, 8, 8, 8]),"#
            ),
        )
    };
    let lanes = |sel: &[usize], other: f64| -> Vec<E> {
        (0..128)
            .map(|k| {
                if sel.contains(&k) {
                    F(k as f64)
                } else {
                    F(other)
                }
            })
            .collect()
    };
    v.push(sel("VSEL_CMPMASK_SPR", r#"src1: "s1""#).at(
        "d",
        0,
        lanes(&[0, 1, 2, 3, 64, 65, 66, 67], -1.0),
    ));
    v.push(sel("VSEL_TENSOR_TENSOR_MODE", r#"src1: "s1""#).at(
        "d",
        0,
        lanes(&[0, 1, 2, 3, 68, 69, 70, 71], -1.0),
    ));
    v.push(sel("VSEL_TENSOR_SCALAR_MODE", "scalar: 0.0").at(
        "d",
        0,
        lanes(&[0, 1, 2, 3, 68, 69, 70, 71], 0.0),
    ));
    // §4.6: in the high-dimensional form the vector mask also gates the writes: mask 4 writes
    // lanes 0..3, the others keep 9.
    v.push(
        case(
            "Select: the vector mask gates which lanes are written",
            A2,
            r#""s0": (dtype: half, addr: 0x000, len: 16, init: Ramp(start: 1, step: 1)),
               "s1": (dtype: half, addr: 0x020, len: 16, init: Fill(-1)),
               "m": (dtype: uint16, addr: 0x040, len: 16, init: Fill(0xFFFF)),
               "d": (dtype: half, addr: 0x060, len: 16, init: Fill(9)),"#,
            r#"Select(dst: "d", sel_mask: "m", src0: "s0", src1: "s1", sel_mode: VSEL_CMPMASK_SPR, mask: 4, repeat_times: 1, params: [1, 1, 1, 8, 8, 8]),"#,
        )
        .at("d", 0, fl(&[1.0, 2.0, 3.0, 4.0]))
        .at("d", 4, rep(F(9.0), 12)),
    );
    // §9 row 16: the training series has mode 0 only.
    let row16 = sel("VSEL_TENSOR_SCALAR_MODE", "scalar: 0.0");
    v.push(row16.on(TRAIN).fails("unsupported-sel-mode"));
    v.push(
        row16
            .on(INFER)
            .at("d", 0, lanes(&[0, 1, 2, 3, 68, 69, 70, 71], 0.0)),
    );
    v.push(sel("VSEL_CMPMASK_SPR", r#"src1: "s1""#).on(TRAIN).at(
        "d",
        0,
        lanes(&[0, 1, 2, 3, 64, 65, 66, 67], -1.0),
    ));
    v
}
