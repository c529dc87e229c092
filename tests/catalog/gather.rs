//! GatherMask (§4.6)

use super::*;

pub(crate) fn gather_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:比较与选择/GatherMask 内置固定模式示例 (uint32, in place): [1 … 256], pattern 2 (odd lanes),
    // normal mode, {1, 4, 8, 0} → [2 4 6 … 256 …], rsvdCnt 128. Elements 128.. keep their
    // values (the example's golden zeroes them; the instruction does not write them).
    v.push(
        case(
            "GatherMask built-in pattern 2, in place: DK example",
            A2,
            r#""s": (dtype: uint32, addr: 0x000, len: 256, init: Ramp(start: 1, step: 1)),"#,
            r#"GatherMask(dst: "s", src0: "s", pattern: 2, reduce_mode: false, mask: 0, params: [1, 4, 8, 0]),"#,
        )
        .at("s", 0, ramp_i(2, 2, 128))
        .at("s", 128, ramp_i(129, 1, 128))
        .returns(vec![(0, "rsvd_cnt", 128)]),
    );
    // DK:比较与选择/GatherMask 用户自定义示例 (examples/…/gather scenario 2): uint32, pattern words
    // 0x7E7C00A5 (bits 0 2 5 7 18–22 25–30 of every 32), reduce_mode, mask 70, {1, 2, 4, 0}.
    // Configuration 1 (A2, A3, 200I/500 A2, 950): each of the 2 repeats takes 70 elements,
    // repeat r from src0 + 32r, pattern bits 0..69 (src1RepeatStride 0): 33 kept per repeat
    // (15 + 15 + bits 64, 66, 69), rsvdCnt 66. Configuration 2 (inference): 70 in total — 64
    // in repeat 0 (30 kept), 6 in repeat 1 from src0 + 32 with bits 0..5 (elements 32, 34, 37):
    // rsvdCnt 33 (§9 row 14).
    let sel: Vec<i128> = [0, 2, 5, 7, 18, 19, 20, 21, 22, 25, 26, 27, 28, 29, 30]
        .iter()
        .flat_map(|&p| [p, p + 32])
        .chain([64, 66, 69])
        .collect();
    let mut sel = sel;
    sel.sort_unstable();
    let cfg1: Vec<i128> = sel
        .iter()
        .map(|p| p + 1)
        .chain(sel.iter().map(|p| p + 33))
        .collect();
    let mut cfg2: Vec<i128> = sel.iter().filter(|&&p| p < 64).map(|p| p + 1).collect();
    cfg2.extend([33, 35, 38]);
    let row14 = case(
        "§9 row 14: GatherMask pattern tensor, counter mode, mask 70: DK example",
        A2,
        r#""s": (dtype: uint32, addr: 0x000, len: 256, init: Ramp(start: 1, step: 1)),
           "p": (dtype: uint32, addr: 0x400, len: 32, init: Fill(0x7E7C00A5)),
           "d": (dtype: uint32, addr: 0x480, len: 256, init: Fill(0)),"#,
        r#"GatherMask(dst: "d", src0: "s", pattern: "p", reduce_mode: true, mask: 70, params: (src0_block_stride: 1, repeat_times: 2, src0_repeat_stride: 4, src1_repeat_stride: 0)),"#,
    );
    for p in [A2, I200, A950] {
        v.push(
            row14
                .on(p)
                .at("d", 0, ints(&cfg1))
                .at("d", 66, rep(I(0), 190))
                .returns(vec![(0, "rsvd_cnt", 66)]),
        );
    }
    v.push(
        row14
            .on(INFER)
            .at("d", 0, ints(&cfg2))
            .at("d", 33, rep(I(0), 223))
            .returns(vec![(0, "rsvd_cnt", 33)]),
    );
    // Counter mode with mask ≤ PAR: configuration 1 takes 10 lanes in each of 3 repeats (src0
    // + 64r, even lanes with pattern 1: 5 each, rsvdCnt 15); configuration 2 takes 10 in all.
    let small = case(
        "§9 row 14: GatherMask pattern 1, counter mode, mask 10, 3 repeats",
        A2,
        r#""s": (dtype: float, addr: 0x000, len: 192, init: Ramp(start: 0, step: 1)),
           "d": (dtype: float, addr: 0x400, len: 16),"#,
        r#"GatherMask(dst: "d", src0: "s", pattern: 1, reduce_mode: true, mask: 10, params: [1, 3, 8, 0]),"#,
    );
    v.push(
        small
            .on(A2)
            .at(
                "d",
                0,
                fl(&[
                    0.0, 2.0, 4.0, 6.0, 8.0, 64.0, 66.0, 68.0, 70.0, 72.0, 128.0, 130.0, 132.0,
                    134.0, 136.0,
                ]),
            )
            .at("d", 15, unset(1))
            .returns(vec![(0, "rsvd_cnt", 15)]),
    );
    v.push(
        small
            .on(INFER)
            .at("d", 0, fl(&[0.0, 2.0, 4.0, 6.0, 8.0]))
            .at("d", 5, unset(11))
            .returns(vec![(0, "rsvd_cnt", 5)]),
    );
    // §4.6 built-in patterns 3–6 keep one lane of every four: pattern 4 keeps lanes 1, 5, 9, …
    // (32 of each half repeat): 2 repeats of 0..255 → 1, 5, …, 253, rsvdCnt 64.
    v.push(
        case(
            "GatherMask built-in pattern 4, half, 2 repeats",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
               "d": (dtype: half, addr: 0x200, len: 64),"#,
            r#"GatherMask(dst: "d", src0: "s", pattern: 4, reduce_mode: false, mask: 0, params: [1, 2, 8, 0]),"#,
        )
        .at("d", 0, ramp_f(1.0, 4.0, 64))
        .returns(vec![(0, "rsvd_cnt", 64)]),
    );
    // §9 row 15: pattern 7 (every lane) exists on A2 and not on inference AI Core; GatherMask
    // does not exist on training (row 29).
    let row15 = case(
        "§9 row 15: GatherMask built-in pattern 7, int16",
        A2,
        r#""s": (dtype: int16, addr: 0x000, len: 128, init: Ramp(start: -64, step: 1)),
           "d": (dtype: int16, addr: 0x100, len: 128),"#,
        r#"GatherMask(dst: "d", src0: "s", pattern: 7, reduce_mode: false, mask: 0, params: [1, 1, 8, 0]),"#,
    );
    v.push(
        row15
            .on(A2)
            .at("d", 0, ramp_i(-64, 1, 128))
            .returns(vec![(0, "rsvd_cnt", 128)]),
    );
    v.push(row15.on(INFER).fails("unsupported-pattern"));
    v.push(row15.on(TRAIN).fails("unsupported-instruction"));
    v
}
