//! Table-driven tests of the instructions added with issue 5 (semantics.md §4.2–§4.7, §5.4),
//! through the library, in the style of `tests/families.rs`.
//!
//! Each case is a small RON program, the product it runs on and the element values expected
//! afterwards, derived by hand from the Ascend C documentation's worked examples (DK:<chapter>/
//! <page>, DK-ds:precision_conversion, the A2 boundary-value appendix DK-appx) and from
//! semantics.md; every case says where its numbers come from. Where a printed example
//! contradicts its own inputs (semantics.md §11 item 3) the value derived from the inputs is
//! used and the case says so. Divergences (§9) run the same program on the products of both
//! sides. A case may also require the values instructions return (GatherMask's rsvd_cnt).

#[path = "common/table.rs"]
mod table;
use table::*;

fn h(x: f64) -> E {
    F(f16::from_f32(x as f32).to_f64())
}
fn hs(v: &[f64]) -> Vec<E> {
    v.iter().map(|&x| h(x)).collect()
}
fn fs(v: &[f64]) -> Vec<E> {
    v.iter().map(|&x| F(x as f32 as f64)).collect()
}
/// A RON list of numbers.
fn list(v: &[f64]) -> String {
    v.iter()
        .map(|x| format!("{x:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}
/// `v` repeated to `n` elements.
fn cycle(v: &[f64], n: usize) -> Vec<f64> {
    v.iter().copied().cycle().take(n).collect()
}

const A3: Product = Product::AtlasA3;

// ---------------------------------------------------------------------------------------------
// Compound arithmetic: AddRelu SubRelu FusedMulAdd MulAddRelu MulAddDst Axpy (§4.2, §4.3)

// One commented case per push reads better than one long vec![…].
#[allow(clippy::vec_init_then_push)]
fn compound_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:复合计算/AddRelu 结果示例: src0 [1 -2 3 … -6] + src1 [1 3 -4 … 5] → [2 1 0 … 0]
    // (relu(2), relu(1), relu(−1), relu(−1)), here in int16 and half.
    v.push(
        case(
            "AddRelu int16 and half: DK example",
            A2,
            r#""a": (dtype: int16, addr: 0x000, len: 16, init: Values([1, -2, 3, -6, 1, -2, 3, -6, 1, -2, 3, -6, 1, -2, 3, -6])),
               "b": (dtype: int16, addr: 0x020, len: 16, init: Values([1, 3, -4, 5, 1, 3, -4, 5, 1, 3, -4, 5, 1, 3, -4, 5])),
               "d": (dtype: int16, addr: 0x040, len: 16),
               "ha": (dtype: half, addr: 0x060, len: 16, init: Values([1, -2, 3, -6, 1, -2, 3, -6, 1, -2, 3, -6, 1, -2, 3, -6])),
               "hb": (dtype: half, addr: 0x080, len: 16, init: Values([1, 3, -4, 5, 1, 3, -4, 5, 1, 3, -4, 5, 1, 3, -4, 5])),
               "hd": (dtype: half, addr: 0x0a0, len: 16),"#,
            r#"AddRelu(dst: "d", src0: "a", src1: "b", count: 4),
               AddRelu(dst: "hd", src0: "ha", src1: "hb", mask: 16, repeat_times: 1, params: [1, 1, 1, 8, 8, 8]),"#,
        )
        .at("d", 0, ints(&[2, 1, 0, 0]))
        .at("d", 4, unset(12))
        .at("hd", 0, fl(&[2.0, 1.0, 0.0, 0.0, 2.0, 1.0, 0.0, 0.0]))
        .at("hd", 8, fl(&[2.0, 1.0, 0.0, 0.0, 2.0, 1.0, 0.0, 0.0])),
    );
    // DK:复合计算/SubRelu 结果示例: [1 2 3 … 512] − [0 1 4 … 513] → [1 1 0 … 0].
    v.push(
        case(
            "SubRelu half: DK example",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 16, init: Values([1, 2, 3, 512, 1, 2, 3, 512, 1, 2, 3, 512, 1, 2, 3, 512])),
               "b": (dtype: half, addr: 0x020, len: 16, init: Values([0, 1, 4, 513, 0, 1, 4, 513, 0, 1, 4, 513, 0, 1, 4, 513])),
               "d": (dtype: half, addr: 0x040, len: 16),"#,
            r#"SubRelu(dst: "d", src0: "a", src1: "b", count: 16),"#,
        )
        .at("d", 0, fl(&cycle(&[1.0, 1.0, 0.0, 0.0], 16))),
    );
    // DK-appx 表24/表25 (A2 boundary values, INF/NAN mode): +0 + −0 = +0; −0 + −0 = −0 → relu
    // +0; +inf + MAX = +inf; −inf + MAX = −inf → +0; NaN + 1 = NaN (relu keeps NaN);
    // +inf + −inf = NaN; MAX + MAX overflows to +inf. SubRelu: −0 − +0 = −0 → +0;
    // +inf − (−inf) = +inf; −inf − 1 → +0.
    v.push(
        case(
            "AddRelu / SubRelu half boundary values (DK-appx 表24, 表25)",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 8, init: Bits([0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x7C00, 0x7BFF, 0x3C00])),
               "b": (dtype: half, addr: 0x020, len: 8, init: Bits([0x8000, 0x8000, 0x7BFF, 0x7BFF, 0x3C00, 0xFC00, 0x7BFF, 0x3C00])),
               "add": (dtype: half, addr: 0x040, len: 8),
               "sa": (dtype: half, addr: 0x060, len: 8, init: Bits([0x8000, 0x7C00, 0xFC00, 0x4000, 0x0000, 0x0000, 0x0000, 0x0000])),
               "sb": (dtype: half, addr: 0x080, len: 8, init: Bits([0x0000, 0xFC00, 0x3C00, 0x3C00, 0x0000, 0x0000, 0x0000, 0x0000])),
               "sub": (dtype: half, addr: 0x0a0, len: 8),"#,
            r#"AddRelu(dst: "add", src0: "a", src1: "b", count: 8),
               SubRelu(dst: "sub", src0: "sa", src1: "sb", count: 4),"#,
        )
        .at("add", 0, hb(&[0x0000, 0x0000, 0x7C00, 0x0000, 0x7E00, 0x7E00, 0x7C00, 0x4000]))
        .at("sub", 0, hb(&[0x0000, 0x7C00, 0x0000, 0x3C00])),
    );
    // DK:复合计算/FusedMulAdd 结果示例 (half), lanes 0..11: dst = src0·dst + src1. The printed
    // outputs are the halves of the product rounded to half and then the sum rounded (lane 7:
    // 21.02·61.4 → 1290.0, + 94.4 → 1384, where a fused multiply–add gives 1385; lane 11:
    // 4.74·14.92 → 70.69, − 70.6 → 0.0625).
    v.push(
        case(
            "FusedMulAdd half: DK example lanes 0..11 (product rounded, then sum)",
            A2,
            r#""s0": (dtype: half, addr: 0x000, len: 16, init: Values([51.4, 25.92, 28.3, 26.62, -4.523, -93.6, 8.71, 21.02, -49.8, -80.4, 95.94, 4.74, 0, 0, 0, 0])),
               "s1": (dtype: half, addr: 0x020, len: 16, init: Values([-43.1, -90.0, -0.7295, 49.28, -52.12, -55.53, 99.6, 94.4, 62.56, 20.67, -25.4, -70.6, 0, 0, 0, 0])),
               "d": (dtype: half, addr: 0x040, len: 16, init: Values([-18.36, 44.94, 32.34, -50.0, -99.5, 89.4, 1.568, 61.4, -36.0, -46.28, 54.88, 14.92, 7, 7, 7, 7])),"#,
            r#"FusedMulAdd(dst: "d", src0: "s0", src1: "s1", count: 12),"#,
        )
        .at("d", 0, hs(&[-987.0, 1075.0, 914.5, -1282.0, 398.0, -8424.0, 113.3, 1384.0, 1856.0, 3740.0, 5240.0, 0.0625]))
        .at("d", 12, fl(&[7.0, 7.0, 7.0, 7.0])),
    );
    // DK:复合计算/MulAddRelu 结果示例 (half), lanes 0..11: dst = relu(src0·dst + src1).
    v.push(
        case(
            "MulAddRelu half: DK example lanes 0..11",
            A2,
            r#""s0": (dtype: half, addr: 0x000, len: 16, init: Values([77.25, 59.84, -39.5, 19.3, -45.88, 11.81, -60.75, -99.6, -12.164, 25.75, 100.0, -68.0, 0, 0, 0, 0])),
               "s1": (dtype: half, addr: 0x020, len: 16, init: Values([-20.95, -1.547, -46.25, 27.14, 43.16, 21.44, 65.6, 78.25, -72.9, 25.39, 2.133, 76.3, 0, 0, 0, 0])),
               "d": (dtype: half, addr: 0x040, len: 16, init: Values([-69.5, -8.8, -38.3, 19.9, -70.0, 71.75, -23.17, -13.48, 70.0, -31.16, 29.6, -2.914, 0, 0, 0, 0])),"#,
            r#"MulAddRelu(dst: "d", src0: "s0", src1: "s1", mask: 12, repeat_times: 1, params: [1, 1, 1, 8, 8, 8]),"#,
        )
        .at("d", 0, hs(&[0.0, 0.0, 1467.0, 411.5, 3256.0, 869.0, 1474.0, 1421.0, 0.0, 0.0, 2962.0, 274.5])),
    );
    // DK:复合计算/MulAddDst 结果示例, half → float (PAR 64, {1,1,1,8,4,4}): dst = src0·src1 + dst;
    // the product of two halves is exact in float, the sum rounds once (lane 0: −83·−57.97 =
    // 4811.51, − 97.94773 = 4713.4585).
    v.push(
        case(
            "MulAddDst half → float: DK example lanes 0..7",
            A2,
            r#""s0": (dtype: half, addr: 0x000, len: 64, init: Values([-83.0, 58.2, -14.28, -43.12, 20.72, -79.9, 54.16, 31.56, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
               "s1": (dtype: half, addr: 0x080, len: 64, init: Values([-57.97, 43.5, 8.08, 72.4, -81.44, -52.0, 69.1, -84.25, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
               "d": (dtype: float, addr: 0x100, len: 64, init: Values([-97.94773, -61.303955, 32.56878, -87.50743, -78.92147, 59.20739, 50.336506, 49.039738, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])),"#,
            r#"MulAddDst(dst: "d", src0: "s0", src1: "s1", mask: 64, repeat_times: 1, params: [1, 1, 1, 8, 4, 4]),"#,
        )
        .at("d", 0, fs(&[4713.4585, 2469.85229, -82.7969437, -3208.6792, -1766.20471, 4212.70752, 3793.88721, -2610.10083]))
        .at("d", 8, rep(F(1.0), 56)),
    );
    // MulAddDst same-type float: 2·3 + 4 = 10 (dst read and written, §4.2).
    v.push(
        case(
            "MulAddDst float same type",
            A2,
            r#""a": (dtype: float, addr: 0x000, len: 8, init: Values([2, -1, 0.5, 3, 2, -1, 0.5, 3])),
               "b": (dtype: float, addr: 0x020, len: 8, init: Values([3, 4, 8, -2, 3, 4, 8, -2])),
               "d": (dtype: float, addr: 0x040, len: 8, init: Values([4, 4, 4, 4, 4, 4, 4, 4])),"#,
            r#"MulAddDst(dst: "d", src0: "a", src1: "b", count: 8),"#,
        )
        .at("d", 0, fl(&[10.0, 0.0, 8.0, -2.0, 10.0, 0.0, 8.0, -2.0])),
    );
    // DK:复合计算/Axpy 结果示例: src [1 2 3 … 512], scalar 2.0, dst 0 → [2 4 6 … 1024]; the half →
    // float form runs 64 lanes per repeat with {1, 1, 8, 4} (DK example `Axpy(dst, src, 2.0, 64,
    // 8, {1,1,8,4})`).
    v.push(
        case(
            "Axpy half and half → float: DK example",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 512, init: Ramp(start: 1, step: 1)),
               "d": (dtype: half, addr: 0x400, len: 512, init: Fill(0)),
               "df": (dtype: float, addr: 0x800, len: 512, init: Fill(0)),"#,
            r#"Axpy(dst: "d", src: "s", scalar: 2.0, count: 512),
               Axpy(dst: "df", src: "s", scalar: 2.0, mask: 64, repeat_times: 8, params: [1, 1, 8, 4]),"#,
        )
        .at("d", 0, ramp_f(2.0, 2.0, 512))
        .at("df", 0, ramp_f(2.0, 2.0, 512)),
    );
    // DK-appx 表20: with a half source and float dst the product is not formed in half, so
    // 65504·2 does not overflow (131008); the same in half gives +inf (+ dst 1 → inf).
    v.push(
        case(
            "Axpy half → float: the product does not overflow half (DK-appx 表20)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 64, init: Fill(65504)),
               "df": (dtype: float, addr: 0x080, len: 64, init: Fill(1)),
               "dh": (dtype: half, addr: 0x180, len: 64, init: Fill(1)),"#,
            r#"Axpy(dst: "df", src: "s", scalar: 2.0, count: 64),
               Axpy(dst: "dh", src: "s", scalar: 2.0, count: 64),"#,
        )
        .at("df", 0, rep(F(131009.0), 64))
        .at("dh", 0, rep(F(f64::INFINITY), 64)),
    );
    v
}

// ---------------------------------------------------------------------------------------------
// Fill: Brcb, CreateVecIndex (§4.5)

fn fill_cases() -> Vec<Case> {
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

// ---------------------------------------------------------------------------------------------
// Compare, Compares, Select (§4.6)

/// The inputs of the DK:比较与选择/Compare examples (float, 64 elements).
const CMP_SRC0: &str = "2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 7, 7, 7, 7, 7, 7, 7, 7, 11, 11, 11, 11, 11, 11, 11, 11, 13, 13, 13, 13, 13, 13, 13, 13, 17, 17, 17, 17, 17, 17, 17, 17, 19, 19, 19, 19, 19, 19, 19, 19";
const CMP_SRC1: &str = "2, 2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 6, 6, 6, 8, 8, 8, 8, 8, 8, 8, 8, 10, 10, 10, 10, 10, 10, 10, 10, 12, 12, 12, 12, 12, 12, 12, 12, 14, 14, 14, 14, 14, 14, 14, 14, 16, 16, 16, 16, 16, 16, 16, 16";
/// The scalar examples' inputs: [2 3 5 7 11 13 17 19] against [2 4 6 8 10 12 14 16].
const CMP8_SRC0: &str = "2, 3, 5, 7, 11, 13, 17, 19";
const CMP8_SRC1: &str = "2, 4, 6, 8, 10, 12, 14, 16";

fn cmp_tensors() -> String {
    format!(
        r#""a": (dtype: float, addr: 0x000, len: 64, init: Values([{CMP_SRC0}])),
           "b": (dtype: float, addr: 0x100, len: 64, init: Values([{CMP_SRC1}])),
           "d": (dtype: uint8, addr: 0x200, len: 32, init: Fill(0)),"#
    )
}

/// The Compares example input of DK:比较与选择/Compares (256 floats).
const CMPS_SRC: &str = "16.604824, 45.069473, 65.108345, -59.68792, 21.043684, 75.90726, -27.046307, -40.10546, -5.933778, 83.56574, 58.87062, -12.77814, 28.17882, 62.549377, -22.310246, -67.69001, 81.06072, 69.988945, 69.10082, -6.667376, 96.20256, 18.532446, -66.56364, -32.531246, 49.980835, 35.668995, -16.847628, 1.3236234, 10.0143795, 43.878166, 26.628105, 31.774637, 47.9279, 79.7291, -54.09651, 95.49459, -18.404795, -86.84594, 9.406091, -79.54437, 0.49116692, -48.151714, -12.97062, -99.89055, 23.475513, -27.366564, -69.229675, 83.613304, 52.14729, 40.98426, -23.422009, -53.386215, 1.6576616, -62.36946, 54.693733, 66.2058, -4.0042257, -25.351263, 1.0000885, -6.458584, 25.447659, 71.647316, 82.31162, -7.7359715, 28.107353, -79.22045, 20.292479, 67.7434, -76.054085, -7.754251, 38.632687, -4.8460293, -69.791954, -57.574455, -99.96178, -73.29611, -68.57477, 98.200035, -55.30482, -55.590027, 79.53274, -1.862139, -37.60953, -12.225406, -35.2875, -24.047668, -66.07609, 21.9362, 80.603516, 28.928387, 26.579298, 97.6649, 78.94723, -89.86824, 73.29788, 18.957182, -73.87053, -23.508097, -51.02931, 39.158726, -96.61422, -41.192455, 54.973663, 47.58695, -3.9818003, -81.05088, -67.62415, -17.491713, -34.916042, -95.993744, -3.4719822, -55.956417, 6.223455, 12.240832, 15.055512, 94.70584, -13.33949, -50.46866, 54.612816, -28.521824, -87.63997, 59.53054, 41.000504, -31.266075, -31.419422, -32.940186, 53.449913, 50.012768, -13.663364, 40.931725, -68.80396, -86.63726, 76.866585, -83.76385, 3.7227867, 58.443035, -74.333046, -92.52674, 24.249512, -7.935491, 24.197245, -34.85033, 67.854645, 72.65312, 13.622443, -70.94266, 15.401667, -9.332295, -86.61463, 72.659676, -83.63352, 9.279887, 81.037964, 46.285606, -12.967846, -48.72901, 69.07614, -40.355286, -94.257034, -45.514374, 24.966864, -9.657219, 61.803864, -83.09603, 77.769035, -97.44226, -89.71987, -53.969315, 43.892918, 73.88798, 67.23104, 36.65282, -93.70069, -87.48934, -27.679005, -36.825226, -30.117033, -41.579655, -97.325325, 77.1972, -49.883194, 33.061394, -63.844925, 89.74327, 64.549416, 80.16943, 73.26347, -87.307175, -96.62777, 81.8532, 7.5365276, 28.357092, 59.896378, -15.95738, -77.42723, 0.03529428, -20.263502, 45.59324, -90.160835, 89.478004, 57.608685, 60.71819, 45.8125, 39.94484, -48.77375, -56.897358, 5.2580256, -6.937905, -49.80309, -42.527523, 72.91772, 89.53271, -62.181187, 18.490683, -69.40782, 6.141204, 13.938042, 75.312515, 21.766457, -8.157599, 55.53147, -30.789118, -12.087165, 82.435684, 23.4884, 82.73172, -2.026827, -8.124383, -10.707488, -74.32759, -54.702602, 14.209252, 93.73145, 98.93554, 52.803623, 32.200726, 41.823833, 90.193756, -34.512424, -85.64022, 97.47763, 33.353424, 94.84875, 23.03139, 99.97347, -72.47978, 19.51753, -88.28579, -88.70721, -18.659292, -79.5277, 62.90431, 21.837631, 45.989056, -9.62086, 11.4855795";

fn compare_cases() -> Vec<Case> {
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
    v.push(cmps16.on(TRAIN).fails("unsupported-instruction"));
    v
}

fn select_cases() -> Vec<Case> {
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

// ---------------------------------------------------------------------------------------------
// GatherMask (§4.6)

fn gather_cases() -> Vec<Case> {
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

// ---------------------------------------------------------------------------------------------
// Cast and the composite casts (§4.7, §6)

/// A Cast of `src` values (`sdt`) to `ddt` with `mode`, count form, on A2.
fn cast(name: &str, sdt: &str, ddt: &str, mode: &str, src: &str, n: usize) -> Case {
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

fn cast_cases() -> Vec<Case> {
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
    // int32 → half with SetDeqScale (not modelled): scale 1.0 assumed, with a warning; on
    // 200I/500 A2 it is an ordinary CAST_NONE conversion.
    let deq = cast(
        "Cast int32 → half: SetDeqScale not modelled",
        "int32",
        "half",
        "CAST_NONE",
        "1000, -3, 2049",
        3,
    );
    v.push(
        deq.on(A2)
            .warns("deq-scale-not-modelled")
            .at("d", 0, fl(&[1000.0, -3.0, 2048.0])),
    );
    v.push(deq.on(I200).at("d", 0, fl(&[1000.0, -3.0, 2048.0])));
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
    v
}

fn composite_cast_cases() -> Vec<Case> {
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

// ---------------------------------------------------------------------------------------------
// ReduceSum / ReduceMax / ReduceMin over a whole tensor (§4.4, §5.4) and the new reduction names

fn whole_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:归约计算/ReduceSum 示例: 8320 halves of 1, mask 128, repeat 65, srcRepStride 8 → 8320
    // (every partial sum is a multiple of 128 below 8320, exact in half); the count form over
    // 288 ones → 288. The work buffer of the high-dimensional form needs DivCeil(65, 16)·16 = 80
    // halves (关键特性说明).
    v.push(
        case(
            "ReduceSum half: DK examples (high-dim 65 repeats, count 288)",
            A2,
            r#""s": (dtype: half, addr: 0x0000, len: 8320, init: Fill(1)),
               "w": (dtype: half, addr: 0x4100, len: 80),
               "d": (dtype: half, addr: 0x41a0, len: 16),
               "d2": (dtype: half, addr: 0x41c0, len: 16),"#,
            r#"ReduceSum(dst: "d", src: "s", work: "w", mask: 128, repeat_times: 65, src_rep_stride: 8),
               ReduceSum(dst: "d2", src: "s", work: "w", count: 288),"#,
        )
        .at("d", 0, fl(&[8320.0]))
        .at("d", 1, unset(15))
        .at("d2", 0, fl(&[288.0])),
    );
    // §5.4, §9 row 9: four half repeats whose sums are 2048 (128 lanes of 16) and 1, 1, 1.
    // Scheme 1 (A2/A3 count form, sequential): 2048 + 1 → 2048 (tie to even), three times →
    // 2048. Scheme 2 (A2/A3 high-dim form, 200I/500 A2, inference, training): a tree over
    // [2048, 1, 1, 1]: (2048 + 1) → 2048, (1 + 1) = 2, → 2050. Scheme 3 (950, counter mode over
    // 1024 bytes): lane 0 adds up to 16 + 1 + 1 + 1 = 19, the other 127 lanes hold 16; the tree
    // gives 19 + 16 = 35, … 1027 + 1024 = 2051 → 2052 (tie to even).
    let mut data = vec![16.0; 128];
    for _ in 0..3 {
        data.push(1.0);
        data.extend([0.0; 127]);
    }
    let order = |form: &str| {
        case(
            &format!("§9 row 9: ReduceSum half accumulation order, {form}"),
            A2,
            &format!(
                r#""s": (dtype: half, addr: 0x000, len: 512, init: Values([{}])),
                   "w": (dtype: half, addr: 0x400, len: 16),
                   "d": (dtype: half, addr: 0x420, len: 16),"#,
                list(&data)
            ),
            &format!(r#"ReduceSum(dst: "d", src: "s", work: "w", {form}),"#),
        )
    };
    let count = order("count: 512");
    let high = order("mask: 128, repeat_times: 4, src_rep_stride: 8");
    v.push(count.on(A2).at("d", 0, fl(&[2048.0])));
    v.push(count.on(A3).at("d", 0, fl(&[2048.0])));
    v.push(high.on(A2).at("d", 0, fl(&[2050.0])));
    v.push(count.on(I200).at("d", 0, fl(&[2050.0])));
    v.push(count.on(INFER).at("d", 0, fl(&[2050.0])));
    v.push(count.on(TRAIN).at("d", 0, fl(&[2050.0])));
    v.push(count.on(A950).at("d", 0, fl(&[2052.0])));
    v.push(high.on(A950).at("d", 0, fl(&[2050.0])));
    // §2.5, §9 row 10: ReduceSum's isSetMask is honoured on A2/A3: with is_set_mask false the
    // element count comes from the register (SetMaskCount + SetVectorMask(len: 256): 256 ones
    // → 256) and `count` (1, as the docs recommend) is ignored. Elsewhere isSetMask has no
    // effect: `count` is used (1 → 1).
    let row10 = case(
        "§9 row 10: ReduceSum is_set_mask: false",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 512, init: Fill(1)),
           "w": (dtype: half, addr: 0x400, len: 16),
           "d": (dtype: half, addr: 0x420, len: 16),"#,
        r#"SetMaskCount,
           SetVectorMask(len: 256),
           ReduceSum(dst: "d", src: "s", work: "w", count: 1, is_set_mask: false),"#,
    );
    v.push(row10.on(A2).at("d", 0, fl(&[256.0])));
    v.push(
        row10
            .on(INFER)
            .warns("is-set-mask-ignored")
            .warns("mask-register-reset")
            .at("d", 0, fl(&[1.0])),
    );
    v.push(
        case(
            "ReduceSum is_set_mask: false needs counter mode on A2",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 512, init: Fill(1)),
               "d": (dtype: half, addr: 0x420, len: 16),"#,
            r#"ReduceSum(dst: "d", src: "s", work: "s", count: 1, is_set_mask: false),"#,
        )
        .fails("mask-out-of-range"),
    );
    // DK:归约计算/ReduceMax 约束: the smallest index among equal maxima, stored as the raw bits
    // of T (a half holding 130 reads as the subnormal 130·2^-24). 0..255 with 300 at 130 and
    // 200, mask 128, repeat 2: index 1·128 + 2 = 130. The work buffer with index: 4 → 16 +
    // DivCeil(4, 128)·2 = 2 → 16: 32 halves.
    let mut mx: Vec<f64> = (0..256).map(|x| x as f64).collect();
    mx[130] = 300.0;
    mx[200] = 300.0;
    v.push(
        case(
            "ReduceMax half with calc_index: first of equal maxima, index as raw bits",
            A2,
            &format!(
                r#""s": (dtype: half, addr: 0x000, len: 256, init: Values([{}])),
                   "w": (dtype: half, addr: 0x200, len: 32),
                   "d": (dtype: half, addr: 0x240, len: 16),"#,
                list(&mx)
            ),
            r#"ReduceMax(dst: "d", src: "s", work: "w", mask: 128, repeat_times: 2, src_rep_stride: 8, calc_index: true),"#,
        )
        .at("d", 0, vec![F(300.0)])
        .at("d", 1, hb(&[130]))
        .at("d", 2, unset(14)),
    );
    // ReduceMin float, count form: −3 at 1 and 3 → index 1 (float bits 1 = 2^-149); without
    // calc_index only the value is written.
    let mn: Vec<f64> = cycle(&[5.0, -3.0, 7.0, -3.0], 64);
    v.push(
        case(
            "ReduceMin float count form, with and without calc_index",
            A2,
            &format!(
                r#""s": (dtype: float, addr: 0x000, len: 64, init: Values([{}])),
                   "w": (dtype: float, addr: 0x100, len: 16),
                   "d": (dtype: float, addr: 0x140, len: 8),
                   "e": (dtype: float, addr: 0x160, len: 8),"#,
                list(&mn)
            ),
            r#"ReduceMin(dst: "d", src: "s", work: "w", count: 64, calc_index: true),
               ReduceMin(dst: "e", src: "s", work: "w", count: 64),"#,
        )
        .at("d", 0, fb(&[0xC0400000, 1]))
        .at("e", 0, fl(&[-3.0]))
        .at("e", 1, unset(7)),
    );
    // §9 row 13 (DK:归约计算/ReduceMax): the work buffer is required outside 950 — 2 repeats
    // with index need 32 halves, 16 is too small — and 950 does not use it.
    let row13 = case(
        "§9 row 13: ReduceMax work buffer too small",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
           "w": (dtype: half, addr: 0x200, len: 16),
           "d": (dtype: half, addr: 0x240, len: 16),"#,
        r#"ReduceMax(dst: "d", src: "s", work: "w", mask: 128, repeat_times: 2, src_rep_stride: 8, calc_index: true),"#,
    );
    v.push(row13.on(A2).fails("work-too-small"));
    v.push(
        row13
            .on(A950)
            .at("d", 0, vec![F(255.0)])
            .at("d", 1, hb(&[255])),
    );
    // ReduceMax on int16 exists on 950 only (DK:归约计算/ReduceMax 数据类型).
    let imax = case(
        "ReduceMax int16: 950 only",
        A950,
        r#""s": (dtype: int16, addr: 0x000, len: 128, init: Ramp(start: -64, step: 1)),
           "d": (dtype: int16, addr: 0x100, len: 16),"#,
        r#"ReduceMax(dst: "d", src: "s", work: "s", count: 128, calc_index: true),"#,
    );
    v.push(imax.on(A950).at("d", 0, ints(&[63, 127])));
    v.push(imax.on(A2).fails("unsupported-dtype"));
    // Half indices stop at 65535: 513 repeats of 128 (re-reading one repeat) are refused.
    v.push(
        case(
            "ReduceMax half with calc_index over more than 65536 elements",
            A950,
            r#""s": (dtype: half, addr: 0x000, len: 128, init: Fill(1)),
               "d": (dtype: half, addr: 0x100, len: 16),"#,
            r#"ReduceMax(dst: "d", src: "s", work: "s", mask: 128, repeat_times: 513, src_rep_stride: 0, calc_index: true),"#,
        )
        .fails("count-out-of-range"),
    );
    v
}

fn alias_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // §4.4: ReduceDataBlock(op: SUM|MAX|MIN), ReduceRepeat(op, order) and ReducePairElem are
    // the 9.1.0 names of BlockReduce*, WholeReduce* and PairReduceSum. Half 1..128: block b sums
    // 16b+1 … 16b+16 = 256b + 136; its max is 16b + 16.
    v.push(
        case(
            "ReduceDataBlock SUM / MAX = BlockReduceSum / Max",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 128, init: Ramp(start: 1, step: 1)),
               "a": (dtype: half, addr: 0x100, len: 8),
               "b": (dtype: half, addr: 0x120, len: 8),
               "c": (dtype: half, addr: 0x140, len: 8),"#,
            r#"ReduceDataBlock(dst: "a", src: "s", op: SUM, mask: 128, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               BlockReduceSum(dst: "b", src: "s", mask: 128, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               ReduceDataBlock(dst: "c", src: "s", op: MAX, mask: 128, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("a", 0, ramp_f(136.0, 256.0, 8))
        .at("b", 0, ramp_f(136.0, 256.0, 8))
        .at("c", 0, ramp_f(16.0, 16.0, 8)),
    );
    // ReduceRepeat(op: MAX, order: ORDER_INDEX_VALUE) on float 0..63: [index 63 as raw bits,
    // 63]; op: SUM → 0 + … + 63 = 2016.
    v.push(
        case(
            "ReduceRepeat MAX (ORDER_INDEX_VALUE) and SUM",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 0, step: 1)),
               "a": (dtype: float, addr: 0x100, len: 2),
               "b": (dtype: float, addr: 0x120, len: 1),"#,
            r#"ReduceRepeat(dst: "a", src: "s", op: MAX, order: ORDER_INDEX_VALUE, mask: 64, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
               ReduceRepeat(dst: "b", src: "s", op: SUM, mask: 64, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
        )
        .at("a", 0, fb(&[63, 0x427C0000]))
        .at("b", 0, fl(&[2016.0])),
    );
    // ReducePairElem is PairReduceSum: the seed S2 mask-62 example and §9 row 1 on both sides.
    let pair = case(
        "ReducePairElem float mask 62 (S2, §9 row 1)",
        A2,
        r#""s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 1, step: 1)),
           "d": (dtype: float, addr: 0x100, len: 32, init: Fill(-1)),"#,
        r#"ReducePairElem(dst: "d", src: "s", mask: 62, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),"#,
    );
    v.push(
        pair.on(A2)
            .at("d", 0, ramp_f(3.0, 4.0, 31))
            .at("d", 31, fl(&[-1.0])),
    );
    v.push(
        pair.on(I200)
            .at("d", 0, ramp_f(3.0, 4.0, 31))
            .at("d", 31, fl(&[0.0])),
    );
    v
}

// ---------------------------------------------------------------------------------------------
// Repeat 0 and mask 0 (§1.4, §2.2, §9 rows 6 and 7) for the new families

fn zero_cases() -> Vec<Case> {
    let mut v = Vec::new();
    let cast0 = case(
        "§9 row 7: Cast with mask 0",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 64, init: Fill(1)),
           "d": (dtype: float, addr: 0x080, len: 64),"#,
        r#"Cast(dst: "d", src: "s", round: CAST_NONE, mask: 0, repeat_times: 1, params: [1, 1, 8, 4]),"#,
    );
    v.push(cast0.on(A2).warns("mask-zero").at("d", 0, unset(64)));
    v.push(cast0.on(I200).fails("mask-out-of-range"));
    let cmp0 = case(
        "§9 row 6: Compare with repeat_times 0",
        A2,
        &cmp_tensors(),
        r#"Compare(dst: "d", src0: "a", src1: "b", cmp: LT, mask: 64, repeat_times: 0, params: [1, 1, 1, 8, 8, 8]),"#,
    );
    v.push(cmp0.on(A2).warns("repeat-zero").at("d", 0, rep(I(0), 32)));
    v.push(cmp0.on(A950).warns("repeat-zero").at("d", 0, rep(I(0), 32)));
    v.push(
        case(
            "§9 row 6: Select, Brcb, GatherMask, ReduceSum with nothing to do",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 128, init: Fill(1)),
               "m": (dtype: uint8, addr: 0x100, len: 32, init: Fill(255)),
               "d": (dtype: half, addr: 0x200, len: 128),"#,
            r#"Select(dst: "d", sel_mask: "m", src0: "s", src1: "s", sel_mode: VSEL_TENSOR_TENSOR_MODE, count: 0),
               Brcb(dst: "d", src: "s", repeat_times: 0, dst_blk_stride: 1, dst_rep_stride: 8),
               GatherMask(dst: "d", src0: "s", pattern: 7, reduce_mode: false, mask: 0, params: [1, 0, 8, 0]),
               ReduceSum(dst: "d", src: "s", work: "s", count: 0),"#,
        )
        .warns("repeat-zero")
        .at("d", 0, unset(128))
        .returns(vec![(2, "rsvd_cnt", 0)]),
    );
    v
}

// ---------------------------------------------------------------------------------------------
// The tests

#[test]
fn compound_arithmetic() {
    run_table("compound", compound_cases());
}

#[test]
fn brcb_and_create_vec_index() {
    run_table("fill", fill_cases());
}

#[test]
fn compare_and_compares() {
    run_table("compare", compare_cases());
}

#[test]
fn select() {
    run_table("select", select_cases());
}

#[test]
fn gather_mask() {
    run_table("gather", gather_cases());
}

#[test]
fn cast_round_modes_and_pairs() {
    run_table("cast", cast_cases());
}

#[test]
fn composite_casts() {
    run_table("composite casts", composite_cast_cases());
}

#[test]
fn whole_tensor_reductions() {
    run_table("whole reductions", whole_cases());
}

#[test]
fn reduction_aliases() {
    run_table("aliases", alias_cases());
}

#[test]
fn zero_repeats_and_masks() {
    run_table("zero", zero_cases());
}

/// Every instruction of the issue appears in some case, and case names are unique.
#[test]
fn tables_cover_the_catalog() {
    let all: Vec<Case> = [
        compound_cases(),
        fill_cases(),
        compare_cases(),
        select_cases(),
        gather_cases(),
        cast_cases(),
        composite_cast_cases(),
        whole_cases(),
        alias_cases(),
        zero_cases(),
    ]
    .concat();
    for op in [
        "AddRelu(",
        "SubRelu(",
        "FusedMulAdd(",
        "MulAddDst(",
        "MulAddRelu(",
        "Axpy(",
        "Brcb(",
        "CreateVecIndex(",
        "Compare(",
        "Compares(",
        "Select(",
        "GatherMask(",
        "Cast(",
        "AddReluCast(",
        "SubReluCast(",
        "MulCast(",
        "ReduceSum(",
        "ReduceMax(",
        "ReduceMin(",
        "ReducePairElem(",
        "ReduceDataBlock(",
        "ReduceRepeat(",
    ] {
        assert!(
            all.iter().any(|c| c
                .code
                .match_indices(op)
                .any(|(i, _)| !c.code[..i].ends_with(|ch: char| ch.is_alphanumeric()))),
            "no case uses {op}"
        );
    }
    let mut names = std::collections::HashSet::new();
    for c in &all {
        assert!(
            names.insert(format!("{} [{}]", c.name, c.product.key())),
            "duplicate case {} [{}]",
            c.name,
            c.product.key()
        );
    }
}
