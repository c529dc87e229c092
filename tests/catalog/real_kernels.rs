//! What real kernels call most (issue "Real kernels compute right"): the count form of the
//! mixed-width instructions (semantics.md §3: each operand steps 8·sizeof(operand)/sizeof(widest)
//! blocks per repeat, so element i of every operand for i < n), and 950's fused multiply–adds
//! (semantics.md §9 row 32). Every value is derived by hand from the inputs.

use super::*;

/// A mixed-width count-form program: `s`/`s1` sources of `sdt`, `d` of `ddt` (256 elements
/// each), `code` with `{n}` replaced by the count.
fn mixed(name: &str, tensors: &str, code: &str, n: usize) -> Case {
    case(
        &format!("{name}, count {n}"),
        A2,
        tensors,
        &code.replace("{n}", &n.to_string()),
    )
}

/// `v[i]` for i < n, then uninitialised up to `len`.
fn first(n: usize, len: usize, f: impl Fn(usize) -> E) -> Vec<E> {
    (0..len).map(|i| if i < n { f(i) } else { U }).collect()
}

pub(crate) fn mixed_count_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // Cast half → float: float is the widest (PAR 64), dst steps 8 blocks, src 4. With src = i,
    // dst[i] = i; with a src repeat stride of 8, dst[64] would read src[128] (the old bug).
    let cast_hf = r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
                     "d": (dtype: float, addr: 0x400, len: 256),"#;
    for n in [1, 70, 130, 256] {
        v.push(
            mixed(
                "Cast half → float",
                cast_hf,
                r#"Cast(dst: "d", src: "s", round: CAST_NONE, count: {n}),"#,
                n,
            )
            .at("d", 0, first(n, 256, |i| F(i as f64))),
        );
    }
    // Cast float → half: float widest, dst steps 4 blocks, src 8.
    let cast_fh = r#""s": (dtype: float, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
                     "d": (dtype: half, addr: 0x400, len: 256),"#;
    for n in [1, 100, 256] {
        v.push(
            mixed(
                "Cast float → half",
                cast_fh,
                r#"Cast(dst: "d", src: "s", round: CAST_RINT, count: {n}),"#,
                n,
            )
            .at("d", 0, first(n, 256, |i| F(i as f64))),
        );
    }
    // Cast half → int32, the DK page's count of 512 (int32 widest: src steps 4 blocks).
    v.push(
        case(
            "Cast half → int32, count 512 (DK:类型转换/Cast example size)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 512, init: Ramp(start: 0, step: 1)),
               "d": (dtype: int32, addr: 0x400, len: 512),"#,
            r#"Cast(dst: "d", src: "s", round: CAST_RINT, count: 512),"#,
        )
        .at("d", 0, ramp_i(0, 1, 512)),
    );
    // MulAddDst half → float, DK:复合计算/MulAddDst's count of 256: dst = src0·src1 + dst with
    // src0 = i, src1 = 2, dst = 1: 2i + 1 (exact in float). With 70: a partial second repeat,
    // the rest of dst keeps 1.
    let mad = r#""a": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
                 "b": (dtype: half, addr: 0x200, len: 256, init: Fill(2)),
                 "d": (dtype: float, addr: 0x400, len: 256, init: Fill(1)),"#;
    for n in [1, 70, 256] {
        v.push(
            mixed(
                "MulAddDst half → float",
                mad,
                r#"MulAddDst(dst: "d", src0: "a", src1: "b", count: {n}),"#,
                n,
            )
            .at(
                "d",
                0,
                (0..256)
                    .map(|i| F(if i < n { 2.0 * i as f64 + 1.0 } else { 1.0 }))
                    .collect(),
            ),
        );
    }
    // Axpy half → float: dst = scalar·src + dst, scalar 0.5 (half), src = i, dst = 1.
    let axpy = r#""s": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
                  "d": (dtype: float, addr: 0x400, len: 256, init: Fill(1)),"#;
    for n in [1, 129] {
        v.push(
            mixed(
                "Axpy half → float",
                axpy,
                r#"Axpy(dst: "d", src: "s", scalar: 0.5, count: {n}),"#,
                n,
            )
            .at(
                "d",
                0,
                (0..256)
                    .map(|i| F(if i < n { 0.5 * i as f64 + 1.0 } else { 1.0 }))
                    .collect(),
            ),
        );
    }
    // AddReluCast float → half: dst = relu(src0 + src1) = max(i − 10, 0); dst steps 4 blocks.
    let arc = r#""a": (dtype: float, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
                 "b": (dtype: float, addr: 0x400, len: 256, init: Fill(-10)),
                 "d": (dtype: half, addr: 0x800, len: 256),"#;
    for n in [1, 200] {
        v.push(
            mixed(
                "AddReluCast float → half",
                arc,
                r#"AddReluCast(dst: "d", src0: "a", src1: "b", count: {n}),"#,
                n,
            )
            .at("d", 0, first(n, 256, |i| F((i as f64 - 10.0).max(0.0)))),
        );
    }
    // SubReluCast half → int8: half widest (PAR 128), dst steps 4 blocks; relu(i − 0) saturates
    // at int8 127.
    let src = r#""a": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
                 "b": (dtype: half, addr: 0x200, len: 256, init: Fill(0)),
                 "d": (dtype: int8, addr: 0x400, len: 256),"#;
    for n in [1, 130] {
        v.push(
            mixed(
                "SubReluCast half → int8",
                src,
                r#"SubReluCast(dst: "d", src0: "a", src1: "b", count: {n}),"#,
                n,
            )
            .at("d", 0, first(n, 256, |i| I(i.min(127) as i128))),
        );
    }
    // MulCast half → int8: src0·src1 = i·1, saturating at 127.
    let mc = r#""a": (dtype: half, addr: 0x000, len: 256, init: Ramp(start: 0, step: 1)),
                "b": (dtype: half, addr: 0x200, len: 256, init: Fill(1)),
                "d": (dtype: int8, addr: 0x400, len: 256),"#;
    for n in [1, 200] {
        v.push(
            mixed(
                "MulCast half → int8",
                mc,
                r#"MulCast(dst: "d", src0: "a", src1: "b", count: {n}),"#,
                n,
            )
            .at("d", 0, first(n, 256, |i| I(i.min(127) as i128))),
        );
    }
    v
}

pub(crate) fn fused_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // semantics.md §9 row 32: half (1 + 2^-10)·(1 − 2^-10) − 1 = −2^-20 (−9.537e-07) when
    // rounded once (950); the product rounded to half first is 1, so 0 elsewhere.
    let (p, q) = ("1.0009765625", "0.9990234375");
    let fused = -(2f64.powi(-20));
    let tensors = |a: &str, b: &str, d: &str| {
        format!(
            r#""a": (dtype: half, addr: 0x000, len: 128, init: Fill({a})),
               "b": (dtype: half, addr: 0x100, len: 128, init: Fill({b})),
               "d": (dtype: half, addr: 0x200, len: 128, init: Fill({d})),"#
        )
    };
    // FusedMulAdd: dst = src0·dst + src1.
    let fma = case(
        "FusedMulAdd half: one rounding on 950",
        A950,
        &tensors(p, "-1", q),
        r#"FusedMulAdd(dst: "d", src0: "a", src1: "b", count: 128),"#,
    );
    v.push(fma.clone().at("d", 0, rep(F(fused), 128)));
    v.push(fma.on(A2).at("d", 0, rep(F(0.0), 128)));
    // MulAddDst: dst = src0·src1 + dst.
    let mad = case(
        "MulAddDst half: one rounding on 950",
        A950,
        &tensors(p, q, "-1"),
        r#"MulAddDst(dst: "d", src0: "a", src1: "b", count: 128),"#,
    );
    v.push(mad.clone().at("d", 0, rep(F(fused), 128)));
    v.push(mad.on(A2).at("d", 0, rep(F(0.0), 128)));
    // Axpy (same type): dst = scalar·src + dst.
    let axpy = case(
        "Axpy half: one rounding on 950",
        A950,
        &tensors(q, "0", "-1"),
        &format!(r#"Axpy(dst: "d", src: "a", scalar: {p}, count: 128),"#),
    );
    v.push(axpy.clone().at("d", 0, rep(F(fused), 128)));
    v.push(axpy.on(A2).at("d", 0, rep(F(0.0), 128)));
    // MulAddRelu: relu(src0·dst + src1) with (1 + 2^-10)·(1 − 2^-11) − 1 = 2^-11 − 2^-21
    // (exact in half: 2046·2^-22); the product rounded to half first is 1, so 0 elsewhere.
    let mar = case(
        "MulAddRelu half: one rounding on 950",
        A950,
        &tensors(p, "-1", "0.99951171875"),
        r#"MulAddRelu(dst: "d", src0: "a", src1: "b", count: 128),"#,
    );
    v.push(
        mar.clone()
            .at("d", 0, rep(F(2f64.powi(-11) - 2f64.powi(-21)), 128)),
    );
    v.push(mar.on(A2).at("d", 0, rep(F(0.0), 128)));
    // float: (1 + 2^-23)(1 − 2^-23) − 1 = −2^-46 fused; the float product rounds to 1.
    let f = case(
        "FusedMulAdd float: one rounding on 950",
        A950,
        r#""a": (dtype: float, addr: 0x000, len: 64, init: Fill(1.00000011920928955078125)),
           "b": (dtype: float, addr: 0x100, len: 64, init: Fill(-1)),
           "d": (dtype: float, addr: 0x200, len: 64, init: Fill(0.99999988079071044921875)),"#,
        r#"FusedMulAdd(dst: "d", src0: "a", src1: "b", count: 64),"#,
    );
    v.push(f.clone().at("d", 0, rep(F(-(2f64.powi(-46))), 64)));
    v.push(f.on(A2).at("d", 0, rep(F(0.0), 64)));
    v
}

/// `src` = 0, 1, 2, … as int32 in a tensor of `n`.
fn ramp_i32(name: &str, addr: u32, n: usize) -> String {
    format!(
        r#""{name}": (dtype: int32, addr: {addr:#x}, len: {n}, init: Ramp(start: 0, step: 1)),"#
    )
}

pub(crate) fn move_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:数据搬运/UB与UB数据搬运/Copy 调用示例, scenario 1: [1, 512] int32, mask 64, repeat 8,
    // {1, 1, 8, 8}: a plain copy.
    v.push(
        case(
            "Copy scenario 1: 512 int32, mask 64, 8 repeats",
            A2,
            &format!(
                "{}\n\"d\": (dtype: int32, addr: 0x800, len: 512),",
                ramp_i32("s", 0, 512)
            ),
            r#"Copy(dst: "d", src: "s", mask: 64, repeat_times: 8, params: [1, 1, 8, 8]),"#,
        )
        .at("d", 0, ramp_i(0, 1, 512)),
    );
    // Scenario 2: [18, 8] out of [18, 64]: mask 8, 18 repeats, {1, 1, 1, 8}: repeat r reads
    // src[64r .. 64r + 8] (srcRepeatSize 8 blocks) and writes d[8r .. 8r + 8] (dstRepeatSize 1).
    let rows: Vec<E> = (0..144).map(|i| I((i / 8 * 64 + i % 8) as i128)).collect();
    let two = case(
        "Copy scenario 2: [18, 8] of [18, 64], mask 8, 18 repeats",
        A2,
        &format!(
            "{}\n\"d\": (dtype: int32, addr: 0x1200, len: 144),",
            ramp_i32("s", 0, 1152)
        ),
        r#"Copy(dst: "d", src: "s", mask: 8, repeat_times: 18, params: [1, 1, 1, 8]),"#,
    );
    v.push(two.clone().at("d", 0, rows.clone()));
    // Not on the training or inference series (the page's product list).
    v.push(two.on(TRAIN).fails("unsupported-instruction"));
    // Scenario 3: the same in counter mode, where `mask` counts the elements of each repeat and
    // repeatTime stays in effect: 144 int32 = 18 blocks in one repeat, srcStride 8 picks the
    // first block of each row.
    v.push(
        case(
            "Copy scenario 3: counter mode, 144 elements in one repeat, srcStride 8",
            A2,
            &format!(
                "{}\n\"d\": (dtype: int32, addr: 0x1200, len: 144),",
                ramp_i32("s", 0, 1152)
            ),
            r#"SetMaskCount,
               SetVectorMask(len: 144, dtype: int32),
               Copy(dst: "d", src: "s", mask: Placeholder, repeat_times: 1, params: [1, 8, 8, 8]),
               SetMaskNorm,
               ResetMask,"#,
        )
        .at("d", 0, rows),
    );
    // DK:数据搬运/UB与UB数据搬运/UBToUB连续数据搬运 example: DataCopy(dst, src, 512) of half.
    let half_src = r#""s": (dtype: half, addr: 0x000, len: 512, init: Ramp(start: 1, step: 1)),"#;
    v.push(
        case(
            "DataCopy count 512 half (DK example)",
            A2,
            &format!("{half_src}\n\"d\": (dtype: half, addr: 0x400, len: 512),"),
            r#"DataCopy(dst: "d", src: "s", count: 512),"#,
        )
        .at("d", 0, ramp_f(1.0, 1.0, 512)),
    );
    // count·sizeof(T) is taken down to a multiple of 32 bytes: 20 halves are 40 bytes, 16 move.
    v.push(
        case(
            "DataCopy count 20 half: truncated to 16",
            A2,
            &format!("{half_src}\n\"d\": (dtype: half, addr: 0x400, len: 32),"),
            r#"DataCopy(dst: "d", src: "s", count: 20),"#,
        )
        .warns("data-copy-truncated")
        .at("d", 0, [ramp_f(1.0, 1.0, 16), unset(16)].concat()),
    );
    // UBToUB高维切分数据搬运 示例2: half, blockCount 2, blockLen 3, srcGap 1, dstGap 2: burst 0
    // moves src[0..48) to d[0..48); burst 1 starts 3 + 1 blocks into src (element 64) and
    // 3 + 2 blocks into d (element 80).
    let gaps = case(
        "DataCopy params [2, 3, 1, 2] half (DK example 2)",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 112, init: Ramp(start: 0, step: 1)),
           "d": (dtype: half, addr: 0x400, len: 128),"#,
        r#"DataCopy(dst: "d", src: "s", params: [2, 3, 1, 2]),"#,
    );
    v.push(gaps.clone().at(
        "d",
        0,
        [ramp_f(0.0, 1.0, 48), unset(32), ramp_f(64.0, 1.0, 48)].concat(),
    ));
    // The page lists 200I/500 A2 as not supporting UB → UB DataCopy.
    v.push(gaps.on(I200).fails("unsupported-instruction"));
    // Bursts longer than a repeat: blockLen 10 (160 halves), dstGap 1: burst 1 reads src from
    // element 160 and writes d from block 11 (element 176).
    v.push(
        case(
            "DataCopy params [2, 10, 0, 1] half: bursts longer than 8 blocks",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 320, init: Ramp(start: 0, step: 1)),
               "d": (dtype: half, addr: 0x400, len: 336),"#,
            r#"DataCopy(dst: "d", src: "s", params: (block_count: 2, block_len: 10, src_stride: 0, dst_stride: 1)),"#,
        )
        .at(
            "d",
            0,
            [ramp_f(0.0, 1.0, 160), unset(16), ramp_f(160.0, 1.0, 160)].concat(),
        ),
    );
    // blockCount 0: a NOP (documented on A2/A3/950).
    v.push(
        case(
            "DataCopy block_count 0: NOP",
            A2,
            &format!("{half_src}\n\"d\": (dtype: half, addr: 0x400, len: 16),"),
            r#"DataCopy(dst: "d", src: "s", params: [0, 1, 0, 0]),"#,
        )
        .warns("repeat-zero")
        .at("d", 0, unset(16)),
    );
    // A move, not vector lanes: int8 moves on A2 (no 8-bit lanes there).
    v.push(
        case(
            "DataCopy count 64 int8 on atlas_a2",
            A2,
            r#""s": (dtype: int8, addr: 0x000, len: 64, init: Ramp(start: -32, step: 1)),
               "d": (dtype: int8, addr: 0x100, len: 64),"#,
            r#"DataCopy(dst: "d", src: "s", count: 64),"#,
        )
        .at("d", 0, ramp_i(-32, 1, 64)),
    );
    v
}

pub(crate) fn old_name_cases() -> Vec<Case> {
    vec![
        // CompareScalar is the old name of Compares: half LT against 2.0 over one repeat of 128
        // lanes: src = 0, 1, 2, 3, … so only lanes 0 and 1 hold; bit k of byte k/8, LSB first.
        case(
            "CompareScalar = Compares",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
               "d": (dtype: uint8, addr: 0x100, len: 32),"#,
            r#"CompareScalar(dst: "d", src: "s", scalar: 2.0, cmp: LT, count: 128),"#,
        )
        .at("d", 0, [vec![I(3)], rep(I(0), 15)].concat()),
        // SetMask(len: n) is AscendCUtils::SetMask<T>(n), SetVectorMask(len: n): the first 20
        // half lanes, then an Add taking the register (mask: Placeholder).
        case(
            "SetMask(len) = SetVectorMask(len)",
            A2,
            r#""a": (dtype: half, addr: 0x000, len: 128, init: Fill(1)),
               "d": (dtype: half, addr: 0x100, len: 128),"#,
            r#"SetMask(len: 20),
               Adds(dst: "d", src: "a", scalar: 1.0, mask: Placeholder, repeat_times: 1),"#,
        )
        .at("d", 0, [rep(F(2.0), 20), unset(108)].concat()),
    ]
}

pub(crate) fn gather_index_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // DK:离散与聚合/Gather 调用示例: src = half [0 … 127], srcOffset = [254 252 … 2 0] (bytes),
    // srcBaseAddr 0: dst = [127 126 … 0].
    let rev = r#""s": (dtype: half, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
                 "o": (dtype: uint32, addr: 0x100, len: 128, init: Ramp(start: 254, step: -2)),
                 "d": (dtype: half, addr: 0x300, len: 128),"#;
    let reversed: Vec<E> = (0..128).map(|i| F(127.0 - i as f64)).collect();
    let count = case(
        "Gather half count 128: the DK example",
        A2,
        rev,
        r#"Gather(dst: "d", src: "s", offset: "o", count: 128),"#,
    );
    v.push(count.clone().at("d", 0, reversed.clone()));
    v.push(count.on(TRAIN).fails("unsupported-instruction"));
    v.push(
        case(
            "Gather half mask 128, one repeat, dst_rep_stride 8",
            A2,
            rev,
            r#"Gather(dst: "d", src: "s", offset: "o", mask: 128, repeat_times: 1, dst_rep_stride: 8),"#,
        )
        .at("d", 0, reversed),
    );
    // base_addr 32 bytes (8 floats) plus offsets 4i: dst[i] = src[8 + i]; 56 elements.
    v.push(
        case(
            "Gather float with base_addr 32",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 0, step: 1)),
               "o": (dtype: uint32, addr: 0x100, len: 64, init: Ramp(start: 0, step: 4)),
               "d": (dtype: float, addr: 0x200, len: 64),"#,
            r#"Gather(dst: "d", src: "s", offset: "o", base_addr: 32, count: 56),"#,
        )
        .at("d", 0, [ramp_f(8.0, 1.0, 56), unset(8)].concat()),
    );
    // In place, as ops-nn's add_rms_norm (add_rms_norm_multi_n.h) spreads each row's rstd,
    // the first float of its 32-byte block, over the block: the offsets of block i are all
    // 32·i bytes. No element reads one another element writes (each block's first element is
    // gathered onto itself), so every order gives dst[8i + k] = s[8i]: a warning, not the
    // refusal an order-dependent overlap gets (tests/bad_programs/gather_src_dst_overlap.ron).
    let offs: Vec<String> = (0..32).map(|e| (e / 8 * 32).to_string()).collect();
    v.push(
        case(
            "Gather float in place, each block's first element over its block",
            A2,
            &format!(
                r#""s": (dtype: float, addr: 0x000, len: 32, init: Ramp(start: 10, step: 1)),
                   "o": (dtype: uint32, addr: 0x100, len: 32, init: Values([{}])),"#,
                offs.join(", ")
            ),
            r#"Gather(dst: "s", src: "s", offset: "o", count: 32),"#,
        )
        .at(
            "s",
            0,
            (0..32).map(|e| F(10.0 + (e / 8 * 8) as f64)).collect(),
        )
        .warns("gather-src-dst-overlap"),
    );
    // 8-bit on 200I/500 A2: 128 elements (4 blocks) per repeat; reversed again.
    let i8 = case(
        "Gather int8 on atlas_200i_500_a2",
        I200,
        r#""s": (dtype: int8, addr: 0x000, len: 128, init: Ramp(start: -64, step: 1)),
           "o": (dtype: uint32, addr: 0x100, len: 128, init: Ramp(start: 127, step: -1)),
           "d": (dtype: int8, addr: 0x300, len: 128),"#,
        r#"Gather(dst: "d", src: "s", offset: "o", mask: 128, repeat_times: 1, dst_rep_stride: 4),"#,
    );
    v.push(i8.clone().at("d", 0, (0..128).map(|i| I(63 - i)).collect()));
    v.push(i8.on(A2).fails("unsupported-dtype"));
    // Offsets are checked when the instruction is reached: an odd byte offset for half, and one
    // past the end of the source.
    let bad = |name: &str, o: &str| {
        case(
            name,
            A2,
            &format!(
                r#""s": (dtype: half, addr: 0x000, len: 128, init: Fill(1)),
                   "o": (dtype: uint32, addr: 0x100, len: 16, init: Values([0, 2, 4, {o}, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30])),
                   "d": (dtype: half, addr: 0x200, len: 16),"#
            ),
            r#"Gather(dst: "d", src: "s", offset: "o", count: 16),"#,
        )
    };
    v.push(bad("Gather misaligned offset", "5").fails("misaligned-gather-offset"));
    v.push(bad("Gather offset past the source", "256").fails("gather-offset-out-of-range"));
    // Offset ranges (DK:离散与聚合/Gather 约束说明): on 950 and 200I/500 A2 a 16-bit gather's
    // offsets lie in [0, 2^17 − 1], an 8-bit one's in [0, 2^16 − 1]; A2 takes any uint32
    // offset inside the source. Offset 2^17 = 131072 bytes picks half element 65536 of a
    // 70000-element source (1, by the Fill): valid on A2 only.
    let far = |dt: &str, len: u32, o: u32, product| {
        case(
            &format!("Gather {dt} offset {o}"),
            product,
            &format!(
                r#""s": (dtype: {dt}, addr: 0x0, len: {len}, init: Fill(1)),
                   "o": (dtype: uint32, addr: 0x22800, len: 8, init: Values([{o}, 0, 0, 0, 0, 0, 0, 0])),
                   "d": (dtype: {dt}, addr: 0x22900, len: 32),"#
            ),
            r#"Gather(dst: "d", src: "s", offset: "o", count: 8),"#,
        )
    };
    v.push(far("half", 70000, 1 << 17, A2).at("d", 0, fl(&[1.0; 8])));
    v.push(far("half", 70000, 1 << 17, A950).fails("gather-offset-out-of-range"));
    v.push(far("half", 70000, (1 << 17) - 2, A950).at("d", 0, fl(&[1.0; 8])));
    v.push(far("int8", 70000, 1 << 16, I200).fails("gather-offset-out-of-range"));
    v.push(far("int8", 70000, (1 << 16) - 1, I200).at("d", 0, ints(&[1; 8])));
    // The data-dependent source reads see uninitialised data: s has 16 halves, only s[0..8]
    // written (by an Adds of t + 0); offsets 0, 2, …, 14 pick s[0..8] (no warning), offset 16 picks s[8]
    // (uninitialised-read, and dst[k] stays a copy of whatever the UB held there: the UB's
    // unwritten bytes, read as 0 by the simulator, are not asserted here).
    let partly = |o: &str| {
        case(
            &format!("Gather from a partly written source, offset {o}"),
            A2,
            &format!(
                r#""t": (dtype: half, addr: 0x080, len: 8, init: Values([1, 2, 3, 4, 5, 6, 7, 8])),
                   "s": (dtype: half, addr: 0x000, len: 16),
                   "o": (dtype: uint32, addr: 0x040, len: 8, init: Values([14, 12, 10, 8, 6, 4, 2, {o}])),
                   "d": (dtype: half, addr: 0x060, len: 16),"#
            ),
            r#"Adds(dst: "s", src: "t", scalar: 0, count: 8),
               Gather(dst: "d", src: "s", offset: "o", count: 8),"#,
        )
    };
    v.push(partly("0").at("d", 0, fl(&[8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0])));
    v.push(
        partly("16")
            .at("d", 0, fl(&[8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0]))
            .warns("uninitialised-read"),
    );
    v
}
