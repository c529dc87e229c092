//! Every family's fast path per element, beside the half Add of the same run.

use super::*;

/// Per-element costs off the contiguous fast path (issue 14 item 2): one instruction of 128
/// half repeats (16,384 lanes of footprint) per case on atlas_a2, the machine with its inputs
/// placed cloned as setup. `add_contiguous` is the reference the masked and strided forms are
/// compared with; the others are measured against 2 ns per element.
pub(crate) fn bench_families(c: &mut Criterion) {
    let t = |name: &str, dt: &str, addr: u32, len: u32, init: bool| {
        let init = if init {
            ", init: Random(seed: 7, min: -4, max: 4)"
        } else {
            ""
        };
        format!("\"{name}\": (dtype: {dt}, addr: {addr:#x}, len: {len}{init}),")
    };
    let n = 16384;
    let bin = |params: &str, mask: &str, reps: u32, lanes: u32| {
        (
            format!(
                "{}{}{}",
                t("d", "half", 0, lanes, false),
                t("a", "half", 0x10000, lanes, true),
                t("b", "half", 0x20000, lanes, true)
            ),
            format!("Add(dst: \"d\", src0: \"a\", src1: \"b\", mask: {mask}, repeat_times: {reps}, params: {params})"),
        )
    };
    let bitwise = "[0x5555555555555555, 0x5555555555555555]";
    let cases: Vec<(&str, (String, String))> = vec![
        ("add_contiguous", bin("[1, 1, 1, 8, 8, 8]", "128", 128, n)),
        ("add_bitwise", bin("[1, 1, 1, 8, 8, 8]", bitwise, 128, n)),
        ("add_strided", bin("[2, 2, 2, 16, 16, 16]", "128", 128, 2 * n)),
        (
            "compare_lt",
            (
                format!("{}{}{}", t("d", "uint8", 0, n / 8, false), t("a", "half", 0x10000, n, true), t("b", "half", 0x20000, n, true)),
                "Compare(dst: \"d\", src0: \"a\", src1: \"b\", cmp: LT, mask: 128, repeat_times: 128, params: [1, 1, 1, 8, 8, 8])".into(),
            ),
        ),
        (
            "cast_half_to_float",
            (
                format!("{}{}", t("d", "float", 0, n, false), t("a", "half", 0x10000, n, true)),
                format!("Cast(dst: \"d\", src: \"a\", round: CAST_NONE, count: {n})"),
            ),
        ),
        (
            "cast_float_to_half",
            (
                format!("{}{}", t("d", "half", 0x10000, n, false), t("a", "float", 0, n, true)),
                format!("Cast(dst: \"d\", src: \"a\", round: CAST_ROUND, count: {n})"),
            ),
        ),
        (
            "cast_float_to_half_none",
            (
                format!("{}{}", t("d", "half", 0x10000, n, false), t("a", "float", 0, n, true)),
                format!("Cast(dst: \"d\", src: \"a\", round: CAST_NONE, count: {n})"),
            ),
        ),
        (
            "cast_float_to_int32_round",
            (
                format!("{}{}", t("d", "int32", 0x10000, n, false), t("a", "float", 0, n, true)),
                format!("Cast(dst: \"d\", src: \"a\", round: CAST_ROUND, count: {n})"),
            ),
        ),
        (
            "whole_reduce_sum",
            (
                format!("{}{}", t("d", "half", 0, 128, false), t("a", "half", 0x10000, n, true)),
                "WholeReduceSum(dst: \"d\", src: \"a\", repeat_times: 128, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into(),
            ),
        ),
        (
            "pair_reduce_sum",
            (
                format!("{}{}", t("d", "half", 0, n / 2, false), t("a", "half", 0x10000, n, true)),
                "PairReduceSum(dst: \"d\", src: \"a\", repeat_times: 128, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into(),
            ),
        ),
        (
            "pair_reduce_sum_float",
            (
                format!("{}{}", t("d", "float", 0, n / 4, false), t("a", "float", 0x10000, n / 2, true)),
                "PairReduceSum(dst: \"d\", src: \"a\", repeat_times: 128, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into(),
            ),
        ),
        (
            "block_reduce_sum",
            (
                format!("{}{}", t("d", "half", 0, 1024, false), t("a", "half", 0x10000, n, true)),
                "BlockReduceSum(dst: \"d\", src: \"a\", repeat_times: 128, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into(),
            ),
        ),
        (
            "reduce_sum",
            (
                format!("{}{}{}", t("d", "half", 0, 16, false), t("w", "half", 0x100, 256, false), t("a", "half", 0x10000, n, true)),
                format!("ReduceSum(dst: \"d\", src: \"a\", work: \"w\", count: {n})"),
            ),
        ),
        (
            "reduce_sum_float",
            (
                format!("{}{}{}", t("d", "float", 0, 16, false), t("w", "float", 0x100, 256, false), t("a", "float", 0x10000, n, true)),
                format!("ReduceSum(dst: \"d\", src: \"a\", work: \"w\", count: {n})"),
            ),
        ),
        (
            "gather_mask",
            (
                format!("{}{}", t("d", "half", 0, n, false), t("a", "half", 0x10000, n, true)),
                "GatherMask(dst: \"d\", src0: \"a\", pattern: 1, reduce_mode: false, mask: 0, params: [1, 128, 8, 0])".into(),
            ),
        ),
        (
            "gather_mask_tensor",
            (
                format!("{}{}{}", t("d", "half", 0, n, false), t("a", "half", 0x10000, n, true), "\"p\": (dtype: uint16, addr: 0x20000, len: 2048, init: Random(seed: 3, min: 0, max: 65535)),"),
                "GatherMask(dst: \"d\", src0: \"a\", pattern: \"p\", reduce_mode: false, mask: 0, params: [1, 128, 8, 1])".into(),
            ),
        ),
    ];
    // The elementwise families off Add's own kernel (issue 35), count form over n lanes:
    // dst d, sources a, b (random in [-4, 4]; d initialised for the ones that read it).
    let ew = |dt: &str, code: &str| {
        (
            format!(
                "{}{}{}",
                t("d", dt, 0, n, true),
                t("a", dt, 0x10000, n, true),
                t("b", dt, 0x20000, n, true)
            ),
            code.replace("{n}", &n.to_string()),
        )
    };
    let mut cases = cases;
    for (name, dt, code) in [
        ("max_half", "half", "Max(dst: \"d\", src0: \"a\", src1: \"b\", count: {n})"),
        ("max_float", "float", "Max(dst: \"d\", src0: \"a\", src1: \"b\", count: {n})"),
        ("relu_half", "half", "Relu(dst: \"d\", src: \"a\", count: {n})"),
        ("leaky_relu_half", "half", "LeakyRelu(dst: \"d\", src: \"a\", scalar: 0.01, count: {n})"),
        ("add_relu_half", "half", "AddRelu(dst: \"d\", src0: \"a\", src1: \"b\", count: {n})"),
        ("fused_mul_add_half", "half", "FusedMulAdd(dst: \"d\", src0: \"a\", src1: \"b\", count: {n})"),
        ("fused_mul_add_half_bitwise", "half", "FusedMulAdd(dst: \"d\", src0: \"a\", src1: \"b\", mask: [0x5555555555555555, 0x5555555555555555], repeat_times: 128, params: [1, 1, 1, 8, 8, 8])"),
        ("axpy_float", "float", "Axpy(dst: \"d\", src: \"a\", scalar: 0.5, count: {n})"),
        ("div_float", "float", "Div(dst: \"d\", src0: \"a\", src1: \"b\", count: {n})"),
        ("exp_half", "half", "Exp(dst: \"d\", src: \"a\", count: {n})"),
        ("exp_float", "float", "Exp(dst: \"d\", src: \"a\", count: {n})"),
        ("sqrt_float", "float", "Sqrt(dst: \"d\", src: \"a\", count: {n})"),
        ("abs_half", "half", "Abs(dst: \"d\", src: \"a\", count: {n})"),
        ("duplicate_half", "half", "Duplicate(dst: \"d\", scalar: 1.5, count: {n})"),
        ("add_count_half", "half", "Add(dst: \"d\", src0: \"a\", src1: \"b\", count: {n})"),
    ] {
        cases.push((name, ew(dt, code)));
    }
    // The other families of issue 35 item 1.
    let sp = |name: &str, dt: &str, addr: u32, len: u32, init: &str| {
        format!("\"{name}\": (dtype: {dt}, addr: {addr:#x}, len: {len}, init: {init}),")
    };
    let rnd = "Random(seed: 5, min: -4, max: 4)";
    for (name, tensors, code) in [
        ("shift_left_int16", format!("{}{}", t("d", "int16", 0, n, false), t("a", "int16", 0x10000, n, true)), format!("ShiftLeft(dst: \"d\", src: \"a\", scalar: 1, count: {n})")),
        ("select_half", format!("{}{}{}{}", t("d", "half", 0, n, false), t("a", "half", 0x10000, n, true), t("b", "half", 0x20000, n, true), sp("m", "uint8", 0x28000, n / 8, "Random(seed: 9, min: 0, max: 255)")), format!("Select(dst: \"d\", sel_mask: \"m\", src0: \"a\", src1: \"b\", sel_mode: VSEL_TENSOR_TENSOR_MODE, count: {n})")),
        ("brcb_half", format!("{}{}", t("d", "half", 0, n, false), t("a", "half", 0x10000, n / 16, true)), "Brcb(dst: \"d\", src: \"a\", repeat_times: 128, dst_blk_stride: 1, dst_rep_stride: 8)".into()),
        ("create_vec_index_half", t("d", "half", 0, n, false), format!("CreateVecIndex(dst: \"d\", first_value: 0, count: {n})")),
        ("add_relu_cast_half_int8", format!("{}{}{}", t("d", "int8", 0, n, false), t("a", "half", 0x10000, n, true), t("b", "half", 0x20000, n, true)), format!("AddReluCast(dst: \"d\", src0: \"a\", src1: \"b\", count: {n})")),
        ("block_reduce_max_half", format!("{}{}", t("d", "half", 0, 1024, false), t("a", "half", 0x10000, n, true)), "BlockReduceMax(dst: \"d\", src: \"a\", repeat_times: 128, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into()),
        ("whole_reduce_max_half", format!("{}{}", t("d", "half", 0, 256, false), t("a", "half", 0x10000, n, true)), "WholeReduceMax(dst: \"d\", src: \"a\", repeat_times: 128, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into()),
        ("ln_float", format!("{}{}", t("d", "float", 0, n, false), sp("a", "float", 0x10000, n, "Random(seed: 5, min: 0.01, max: 4)")), format!("Ln(dst: \"d\", src: \"a\", count: {n})")),
        ("gather_half", format!("{}{}{}", t("d", "half", 0, n, false), t("a", "half", 0x10000, n, true), sp("o", "uint32", 0x20000, n, "Ramp(start: 0, step: 2)")), format!("Gather(dst: \"d\", src: \"a\", offset: \"o\", count: {n})")),
        ("gatherb_uint16", format!("{}{}{}", t("d", "uint16", 0, n, false), sp("a", "uint16", 0x10000, n, "Ramp(start: 0, step: 1)"), sp("o", "uint32", 0x20000, 1024, "Ramp(start: 0, step: 32)")), "Gatherb(dst: \"d\", src: \"a\", offset: \"o\", repeat_times: 128)".into()),
        ("copy_half", format!("{}{}", t("d", "half", 0, n, false), t("a", "half", 0x10000, n, true)), "Copy(dst: \"d\", src: \"a\", mask: 128, repeat_times: 128, params: [1, 1, 8, 8])".into()),
    ] {
        let _ = rnd;
        cases.push((name, (tensors, code)));
    }
    let mut g = c.benchmark_group("families_16k_lanes");
    g.throughput(Throughput::Elements(n as u64));
    // The host's limit for the contiguous and the strided Add of the same lanes: a bare
    // F16C/AVX loop over the lanes in a row, and over 16 half lanes (a block) of every 32
    // (block stride 2).
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("f16c") && is_x86_feature_detected!("avx") {
        let x: Vec<u16> = (0..2 * n).map(|i| (i % 1000) as u16 + 0x3c00).collect();
        let y: Vec<u16> = (0..2 * n).map(|i| (i % 7) as u16 + 0x3800).collect();
        let mut o = vec![0u16; 2 * n as usize];
        let len = n as usize;
        g.bench_function("f16c_avx_loop_contiguous", |b| {
            b.iter(|| {
                // SAFETY: the features were detected above.
                unsafe { f16c_add(black_box(&x[..len]), black_box(&y[..len]), &mut o[..len]) };
                black_box(&o);
            })
        });
        g.bench_function("f16c_avx_loop_strided", |b| {
            b.iter(|| {
                // SAFETY: the features were detected above.
                unsafe { f16c_add_blocks(black_box(&x), black_box(&y), &mut o, 32) };
                black_box(&o);
            })
        });
    }
    for (name, (tensors, instr)) in cases {
        let src = format!("Program(product: atlas_a2, tensors: {{ {tensors} }}, code: [{instr}])");
        let p = Arc::new(
            ascstep::program::load_str(std::path::Path::new("family.ron"), &src)
                .unwrap_or_else(|e| panic!("{name}: {e:?}")),
        );
        let template = Machine::new(p, Product::AtlasA2);
        // The machine dropped untimed, as in `bench_add`.
        g.bench_function(name, |b| {
            b.iter_batched_ref(
                || template.clone(),
                |m| {
                    m.run();
                    assert!(
                        m.diagnostics().iter().all(|d| !d.is_error()),
                        "{name} raised an error"
                    );
                    black_box(m.counts())
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}
