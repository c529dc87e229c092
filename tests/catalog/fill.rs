//! Fill: Brcb, CreateVecIndex (§4.5)

use super::*;

pub(crate) fn fill_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:数据填充/Brcb 结果示例: half src [1 … 16], repeat 2, {1, 8} → each value fills one 32-byte
    // block (16 halves): [1×16, 2×16, …, 16×16].
    let brcb: Vec<E> = (1..=16).flat_map(|x| rep(F(x as f64), 16)).collect();
    v.push(
        case(
            "Brcb half: DK example, contiguous",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 16, init: Ramp(start: 1, step: 1)),
               "d": (dtype: half, addr: 0x020, len: 256, init: Fill(0)),"#,
            r#"Brcb(dst: "d", src: "s", repeat_times: 2, dst_blk_stride: 1, dst_rep_stride: 8),"#,
        )
        .at("d", 0, brcb),
    );
    // DK:数据填充/Brcb 关键特性说明 "目的操作数非连续": dstBlkStride 2, dstRepStride 16: element j
    // of repeat r fills block 16r + 2j; the odd blocks keep their 0 (and stay unwritten).
    let mut strided = Vec::new();
    for blk in 0..32u32 {
        let e = if blk % 2 == 0 {
            F((blk / 2 + 1) as f64)
        } else {
            F(0.0)
        };
        strided.extend(rep(e, 16));
    }
    v.push(
        case(
            "Brcb half: DK non-contiguous destination {2, 16}",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 16, init: Ramp(start: 1, step: 1)),
               "d": (dtype: half, addr: 0x020, len: 512, init: Fill(0)),"#,
            r#"Brcb(dst: "d", src: "s", repeat_times: 2, dst_blk_stride: 2, dst_rep_stride: 16),"#,
        )
        .at("d", 0, strided),
    );
    // Brcb on float: 8 per block; one repeat fills 64 floats from src[0..8].
    v.push(
        case(
            "Brcb float, one repeat",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 8, init: Values([-1, 2.5, 3, 4, 5, 6, 7, 8])),
               "d": (dtype: float, addr: 0x020, len: 64),"#,
            r#"Brcb(dst: "d", src: "s", repeat_times: 1, dst_blk_stride: 1, dst_rep_stride: 8),"#,
        )
        .at("d", 0, rep(F(-1.0), 8))
        .at("d", 8, rep(F(2.5), 8))
        .at("d", 56, rep(F(8.0), 8)),
    );
    // Brcb dstBlkStride 0 is undefined behaviour (semantics.md §1.3, §7 item 7).
    v.push(
        case(
            "Brcb dst_blk_stride 0 is rejected",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 16, init: Ramp(start: 1, step: 1)),
               "d": (dtype: half, addr: 0x020, len: 256),"#,
            r#"Brcb(dst: "d", src: "s", repeat_times: 1, dst_blk_stride: 0, dst_rep_stride: 8),"#,
        )
        .fails("zero-dst-block-stride"),
    );
    // §9 row 29, DK:数据填充/Brcb 产品支持情况: Brcb does not exist on training or 200I/500 A2, and
    // inference has no bfloat16 Brcb.
    let brcb16 = case(
        "§9 row 29: Brcb int16",
        A2,
        r#""s": (dtype: int16, addr: 0x000, len: 8, init: Ramp(start: 1, step: 1)),
           "d": (dtype: int16, addr: 0x020, len: 128),"#,
        r#"Brcb(dst: "d", src: "s", repeat_times: 1, dst_blk_stride: 1, dst_rep_stride: 8),"#,
    );
    v.push(
        brcb16
            .on(INFER)
            .at("d", 0, rep(I(1), 16))
            .at("d", 112, rep(I(8), 16)),
    );
    v.push(brcb16.on(I200).fails("unsupported-instruction"));
    v.push(brcb16.on(TRAIN).fails("unsupported-instruction"));
    let brcbbf = case(
        "Brcb bfloat16: A2 yes, inference no",
        A2,
        r#""s": (dtype: bfloat16, addr: 0x000, len: 8, init: Ramp(start: 1, step: 1)),
           "d": (dtype: bfloat16, addr: 0x020, len: 128),"#,
        r#"Brcb(dst: "d", src: "s", repeat_times: 1, dst_blk_stride: 1, dst_rep_stride: 8),"#,
    );
    v.push(brcbbf.on(A2).at("d", 0, rep(F(1.0), 16)));
    v.push(brcbbf.on(INFER).fails("unsupported-dtype"));
    // CreateVecIndex does not exist on training; the inference page lists no dtype (§11 item
    // 14), so it is not offered there either.
    let cvi = case(
        "§9 row 29: CreateVecIndex half",
        A2,
        r#""d": (dtype: half, addr: 0x000, len: 16),"#,
        r#"CreateVecIndex(dst: "d", first_value: 1.5, count: 16),"#,
    );
    v.push(cvi.on(I200).at("d", 0, ramp_f(1.5, 1.0, 16)));
    v.push(cvi.on(TRAIN).fails("unsupported-instruction"));
    v.push(cvi.on(INFER).fails("unsupported-instruction"));
    // DK:数据填充/CreateVecIndex 结果示例: int16, firstValue 0, 128 elements → [0 1 2 … 127], in the
    // count form and the high-dimensional form (mask 128, repeat 1).
    v.push(
        case(
            "CreateVecIndex int16: DK example, both forms",
            A2,
            r#""a": (dtype: int16, addr: 0x000, len: 128),
               "b": (dtype: int16, addr: 0x100, len: 128),"#,
            r#"CreateVecIndex(dst: "a", first_value: 0, count: 128),
               CreateVecIndex(dst: "b", first_value: 0, mask: 128, repeat_times: 1, dst_blk_stride: 1, dst_rep_stride: 8),"#,
        )
        .at("a", 0, ramp_i(0, 1, 128))
        .at("b", 0, ramp_i(0, 1, 128)),
    );
    // Repeat r continues the sequence (each repeat adds PAR to the previous one, IMPL
    // dav_c220): float first 10, mask 64, repeat 2 → 10 … 137; a bitwise mask writes only its
    // lanes, with their lane numbers (mask [0b101, 0] → lanes 0 and 2: −5, −3).
    v.push(
        case(
            "CreateVecIndex float: repeats continue the sequence; bitwise mask",
            A2,
            r#""a": (dtype: float, addr: 0x000, len: 128),
               "b": (dtype: float, addr: 0x200, len: 8),"#,
            r#"CreateVecIndex(dst: "a", first_value: 10.0, mask: 64, repeat_times: 2, dst_blk_stride: 1, dst_rep_stride: 8),
               CreateVecIndex(dst: "b", first_value: -5.0, mask: [5, 0], repeat_times: 1, dst_blk_stride: 1, dst_rep_stride: 8),"#,
        )
        .at("a", 0, ramp_f(10.0, 1.0, 128))
        .at("b", 0, vec![F(-5.0), U, F(-3.0), U, U, U, U, U]),
    );
    v
}
