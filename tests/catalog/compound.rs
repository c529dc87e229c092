//! Compound arithmetic: AddRelu SubRelu FusedMulAdd MulAddRelu MulAddDst Axpy (§4.2, §4.3)

use super::*;

// One commented case per push reads better than one long vec![…].
#[allow(clippy::vec_init_then_push)]
pub(crate) fn compound_cases() -> Vec<Case> {
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
