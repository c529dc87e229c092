//! Hand-made programs for the fast path's special runs (bitwise masks, masked runs of repeats,
//! compares, reductions, GatherMask, atomic moves), each against block stepping.

use super::*;

/// Bitwise masks on the fast path (`exec_masked`: every lane computed, the active ones stored):
/// the same bytes and shadows as block stepping, for half, float and int16, unary, binary and
/// vector–scalar, in place and not, and reading an uninitialised source (the warning is the
/// same too).
#[test]
fn bitwise_masks_on_the_fast_path_equal_stepping() {
    let cases = [
        ("half", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: [0x5555555555555555, 0xf0f0f0f0f0f0f0f0], repeat_times: 3, params: [1, 1, 1, 8, 8, 8])"),
        ("float", "Adds(dst: \"x\", src: \"x\", scalar: 2.5, mask: [0x00ff00ff00ff00ff, 0], repeat_times: 4, params: [1, 1, 8, 8])"),
        ("int16", "Max(dst: \"z\", src0: \"x\", src1: \"y\", mask: [0x8000000000000001, 0x1], repeat_times: 2, params: [1, 1, 1, 8, 8, 8])"),
        ("half", "Exp(dst: \"z\", src: \"w\", mask: [0xaaaaaaaaaaaaaaaa, 0xaaaaaaaaaaaaaaaa], repeat_times: 2, params: [1, 1, 8, 8])"),
        // Strided blocks (gathered block by block): block stride 2, repeat stride 16.
        ("half", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: [0x5555555555555555, 0x5555555555555555], repeat_times: 3, params: [2, 2, 2, 16, 16, 16])"),
        // A source block broadcast (block stride 0) to a full mask, and dst block stride 0 (the
        // last block wins, as when stepping).
        ("float", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: 64, repeat_times: 2, params: [1, 0, 1, 8, 1, 8])"),
        ("int16", "Adds(dst: \"z\", src: \"x\", scalar: 3, mask: [0xffff0000ffff0000, 0x1], repeat_times: 2, params: [0, 1, 1, 8])"),
        // In place with interleaved repeats: repeat 1 reads what repeat 0 wrote.
        ("half", "Adds(dst: \"x\", src: \"x\", scalar: 1, mask: [0x0f0f0f0f0f0f0f0f, 0x0f0f0f0f0f0f0f0f], repeat_times: 4, params: [2, 2, 1, 1])"),
        ("float", "Muls(dst: \"x\", src: \"x\", scalar: 2, mask: 64, repeat_times: 3, params: [0, 0, 8, 8])"),
    ];
    for (dt, code) in cases {
        let text = format!(
            r#"Program(tensors: {{
                "x": (dtype: {dt}, addr: 0x0000, len: 512, init: Ramp(start: 1, step: 1)),
                "y": (dtype: {dt}, addr: 0x1000, len: 512, init: Fill(3)),
                "z": (dtype: {dt}, addr: 0x2000, len: 512),
                "w": (dtype: {dt}, addr: 0x3000, len: 512),
            }}, code: [ {code} ])"#
        );
        let p = Arc::new(ascstep::program::load_str(std::path::Path::new("m.ron"), &text).unwrap());
        let mut fast = Machine::new(p.clone(), Product::AtlasA2);
        fast.run();
        let slow = stepped(&p, Product::AtlasA2, Granularity::Block);
        assert_eq!(diff(&fast, &slow), None, "{code}");
        assert_eq!(fast.diagnostics(), slow.diagnostics(), "{code}");
    }
}

/// Loads `text`, runs it whole on `product` (the fast path where it applies) and block by
/// block, and asserts the same bytes, shadows, registers, returned values, diagnostics and
/// status; returns the run machine.
fn run_equals_block_stepping(text: &str, product: Product, what: &str) -> Machine {
    let p = ascstep::program::load_str(std::path::Path::new("m.ron"), text)
        .unwrap_or_else(|e| panic!("{what}: {e:?}"));
    let p = Arc::new(p);
    let mut fast = Machine::new(p.clone(), product);
    fast.run();
    let slow = stepped(&p, product, Granularity::Block);
    assert_eq!(diff(&fast, &slow), None, "{product:?} {what}");
    assert_eq!(fast.diagnostics(), slow.diagnostics(), "{product:?} {what}");
    assert_eq!(fast.status(), slow.status(), "{product:?} {what}");
    fast
}

/// `run_equals_block_stepping` for a program that must finish.
fn finishes_like_block_stepping(text: &str, product: Product, what: &str) {
    let fast = run_equals_block_stepping(text, product, what);
    assert_eq!(
        fast.status(),
        ascstep::sim::machine::Status::Finished,
        "{what}"
    );
}

/// Masked repeats whose operands follow one another are computed eight at a time
/// (`exec_masked`): the same bytes, shadows and diagnostics as block stepping over 19 and 11
/// repeats (two whole pieces and a part), with an uninitialised source first read in repeat
/// 13, in place, and with a counter-mode last repeat of fewer lanes; and whole contiguous runs
/// of the scalar forms.
#[test]
fn masked_runs_of_repeats_equal_stepping() {
    let cases = [
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 1700), Add(dst: \"z\", src0: \"x\", src1: \"w\", mask: [0x5555555555555555, 0x00ff00ff00ff00ff], repeat_times: 19, params: [1, 1, 1, 8, 8, 8])"),
        ("float", "Adds(dst: \"x\", src: \"x\", scalar: 2.5, mask: [0x0f0f0f0f0f0f0f0f, 0], repeat_times: 11, params: [1, 1, 8, 8])"),
        ("int16", "SetMaskCount(), SetVectorMask(high: 0, low: 1000), Max(dst: \"z\", src0: \"x\", src1: \"y\", mask: Placeholder, repeat_times: 1, params: [1, 1, 1, 8, 8, 8]), SetMaskNorm()"),
        // Strided operands apart (eight repeats read before any is stored): block stride 2,
        // a destination whose repeat r + 2 writes where repeat r did (rep stride 1 block, so
        // the last writer is the later repeat), broadcast sources (stride 0), an
        // uninitialised source block reached in repeat 9.
        ("half", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: 128, repeat_times: 15, params: [2, 2, 2, 16, 16, 16])"),
        ("half", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: [0x5555555555555555, 0x00ff00ff00ff00ff], repeat_times: 21, params: [2, 1, 3, 1, 8, 10])"),
        ("float", "Mul(dst: \"z\", src0: \"x\", src1: \"y\", mask: 40, repeat_times: 13, params: [3, 0, 1, 9, 0, 0])"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 1152), Sub(dst: \"z\", src0: \"w\", src1: \"y\", mask: 128, repeat_times: 12, params: [2, 1, 1, 16, 8, 8])"),
        // In place with strides: a repeat at a time.
        ("half", "Adds(dst: \"x\", src: \"x\", scalar: 1, mask: 100, repeat_times: 10, params: [2, 2, 1, 1])"),
        // Whole blocks active (computed block by block in memory): three of eight with a
        // scalar, in place on strided blocks, and a broadcast second source.
        ("half", "Muls(dst: \"z\", src: \"x\", scalar: 0.5, mask: 48, repeat_times: 9, params: [2, 3, 16, 24])"),
        ("half", "Adds(dst: \"x\", src: \"x\", scalar: 1, mask: 128, repeat_times: 10, params: [2, 2, 16, 16])"),
        ("float", "Sub(dst: \"z\", src0: \"x\", src1: \"y\", mask: 64, repeat_times: 10, params: [1, 2, 0, 8, 16, 0])"),
        // Contiguous scalar forms longer than one splat of lanes (computed 128 lanes at a
        // time against the scalar), in place and not, ending in a part of a repeat.
        ("float", "Adds(dst: \"z\", src: \"x\", scalar: 2.5, count: 3001)"),
        ("half", "Muls(dst: \"x\", src: \"x\", scalar: 0.5, count: 1500)"),
    ];
    for (dt, code) in cases {
        let text = format!(
            r#"Program(tensors: {{
                "x": (dtype: {dt}, addr: 0x0000, len: 4096, init: Ramp(start: 1, step: 1)),
                "y": (dtype: {dt}, addr: 0x8000, len: 4096, init: Fill(3)),
                "z": (dtype: {dt}, addr: 0x10000, len: 4096),
                "w": (dtype: {dt}, addr: 0x18000, len: 4096),
            }}, code: [ {code} ])"#
        );
        finishes_like_block_stepping(&text, Product::AtlasA2, code);
    }
}

/// Compare and Compares to memory run a repeat at a time (`compare::exec_repeat`): the same
/// packed bytes, shadows and diagnostics as block stepping, with a bitwise mask where the
/// product honours it (ascend_950: inactive lanes give 0 bits, every byte written) and where it
/// does not (atlas_a2), strided sources, the scalar on the left, the count form, and an
/// uninitialised source first read in repeat 5.
#[test]
fn compare_repeats_equal_stepping() {
    let cases = [
        ("half", "Compare(dst: \"m\", src0: \"x\", src1: \"y\", cmp: LT, mask: [0x5555555555555555, 0x00ff00ff00ff00ff], repeat_times: 9, params: [1, 1, 1, 8, 8, 8])"),
        ("float", "Compare(dst: \"m\", src0: \"x\", src1: \"y\", cmp: NE, mask: 64, repeat_times: 6, params: [1, 2, 1, 8, 16, 8])"),
        ("half", "Compares(dst: \"m\", src: \"x\", scalar: 100, cmp: GE, mask: [0xf0f0f0f0f0f0f0f0, 0x1], repeat_times: 12, params: [1, 1, 8, 8])"),
        ("float", "Compare(dst: \"m\", src0: \"x\", src1: \"y\", cmp: EQ, count: 1024)"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 700), Compare(dst: \"m\", src0: \"w\", src1: \"y\", cmp: GT, mask: 128, repeat_times: 8, params: [1, 1, 1, 8, 8, 8])"),
    ];
    for product in [Product::AtlasA2, Product::Ascend950] {
        for (dt, code) in cases {
            let text = format!(
                r#"Program(tensors: {{
                    "x": (dtype: {dt}, addr: 0x0000, len: 4096, init: Ramp(start: 1, step: 1)),
                    "y": (dtype: {dt}, addr: 0x8000, len: 4096, init: Random(seed: 2, min: 0, max: 300)),
                    "m": (dtype: uint8, addr: 0x10000, len: 512),
                    "w": (dtype: {dt}, addr: 0x18000, len: 4096),
                }}, code: [ {code} ])"#
            );
            finishes_like_block_stepping(&text, product, code);
        }
    }
}

/// Block and whole-repeat reductions run a repeat at a time (`reduce::exec_repeat`, the eight
/// block trees side by side for full half repeats, PairReduceSum's pairs side by side, over whole
/// runs of full repeats at once, block by block otherwise): the same bytes,
/// shadows and diagnostics as block stepping, with full and partial masks, counter mode, random
/// data with NaNs and infinities, an uninitialised source first read in repeat 3, and floats.
#[test]
fn reduction_repeats_equal_stepping() {
    let cases = [
        ("half", "WholeReduceSum(dst: \"d\", src: \"x\", repeat_times: 12, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "BlockReduceSum(dst: \"d\", src: \"x\", repeat_times: 9, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "RepeatReduceSum(dst: \"d\", src: \"x\", repeat_times: 5, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "WholeReduceSum(dst: \"d\", src: \"x\", repeat_times: 6, mask: [0xffff0000ffffffff, 0xffffffffffffffff], dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "BlockReduceMax(dst: \"d\", src: \"x\", repeat_times: 4, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        // The extremes by bits (full repeats): NaNs, ±0 and ties among the data, every order.
        ("half", "BlockReduceMin(dst: \"d\", src: \"x\", repeat_times: 30, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("float", "BlockReduceMax(dst: \"d\", src: \"x\", repeat_times: 30, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "WholeReduceMax(dst: \"d\", src: \"x\", repeat_times: 30, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_VALUE_INDEX), GetReduceRepeatMaxMinSpr(value: \"s0\", index: \"n\")"),
        ("half", "WholeReduceMin(dst: \"d\", src: \"t\", repeat_times: 30, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_INDEX_VALUE), GetReduceRepeatMaxMinSpr(value: \"s0\", index: \"n\")"),
        ("float", "WholeReduceMin(dst: \"d\", src: \"x\", repeat_times: 30, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_VALUE_INDEX)"),
        ("float", "WholeReduceMax(dst: \"d\", src: \"t\", repeat_times: 30, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8, order: ORDER_ONLY_VALUE), GetReduceRepeatMaxMinSpr(value: \"s0\", index: \"n\")"),
        ("half", "PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 12, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 6, mask: [0xffff0000fff0ffff, 0x0fffffffffffffff], dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 5, mask: 128, dst_rep_stride: 1, src_blk_stride: 2, src_rep_stride: 16)"),
        ("float", "PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 9, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "SetMaskCount(), SetVectorMask(high: 0, low: 1000), PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 1, mask: Placeholder, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8), SetMaskNorm()"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 400), PairReduceSum(dst: \"d\", src: \"w\", repeat_times: 6, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("float", "Duplicate(dst: \"w\", scalar: 1, count: 200), PairReduceSum(dst: \"d\", src: \"w\", repeat_times: 6, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 400), WholeReduceSum(dst: \"d\", src: \"w\", repeat_times: 6, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("float", "WholeReduceSum(dst: \"d\", src: \"x\", repeat_times: 7, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "ReduceSum(dst: \"d\", src: \"f\", work: \"w\", count: 4096)"),
        ("half", "ReduceSum(dst: \"d\", src: \"f\", work: \"w\", count: 1000)"),
        ("half", "ReduceSum(dst: \"d\", src: \"f\", work: \"w\", mask: 128, repeat_times: 12, src_rep_stride: 8)"),
        ("half", "ReduceSum(dst: \"d\", src: \"x\", work: \"w\", count: 4096)"),
        ("half", "ReduceMax(dst: \"d\", src: \"x\", work: \"w\", count: 2048, calc_index: true)"),
        ("float", "ReduceSum(dst: \"d\", src: \"x\", work: \"w\", count: 2048)"),
        ("half", "SetMaskCount(), SetVectorMask(high: 0, low: 1000), BlockReduceSum(dst: \"d\", src: \"x\", repeat_times: 1, mask: Placeholder, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8), SetMaskNorm()"),
    ];
    // Ordinary values that round at every level, and once in 300 lanes a NaN with a payload,
    // +inf, −inf, the largest half, a subnormal or −0 (most blocks finite, some not).
    let special = [0x7e01, 0x7c00, 0xfc00, 0x7bff, 0x0001, 0x8000];
    let bits: Vec<String> = (0..4096u32)
        .map(|i| {
            let v = if i % 50 == 7 {
                special[(i / 50) as usize % 6]
            } else {
                (0x3000 + (i.wrapping_mul(2_654_435_761) >> 20) % 0x1800)
                    | ((i % 3 == 0) as u32 * 0x8000)
            };
            format!("{v:#x}")
        })
        .collect();
    let bits = bits.join(", ");
    // The same ordinary values without the special ones (a whole-tensor sum stays finite).
    let finite: Vec<String> = (0..4096u32)
        .map(|i| {
            format!(
                "{:#x}",
                (0x2000 + (i.wrapping_mul(2_654_435_761) >> 20) % 0x1000)
                    | ((i % 3 == 0) as u32 * 0x8000)
            )
        })
        .collect();
    let finite = finite.join(", ");
    // Few distinct values (ties everywhere), ±0 side by side: the first lane must win.
    let ties = (0..4096u32)
        .map(|i| {
            format!(
                "{:#x}",
                [0x0000, 0x8000, 0x3c00, 0xbc00, 0x3c00, 0x0000][(i % 6) as usize]
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    for product in [Product::AtlasA2, Product::Atlas200I500A2] {
        for (dt, code) in cases {
            // 200I/500 A2 has no GetReduceRepeatMaxMinSpr.
            if product == Product::Atlas200I500A2 && code.contains("Spr") {
                continue;
            }
            let text = format!(
                r#"Program(tensors: {{
                    "x": (dtype: {dt}, addr: 0x0000, len: 4096, init: Bits([{bits}])),
                    "d": (dtype: {dt}, addr: 0x10000, len: 2048),
                    "f": (dtype: {dt}, addr: 0x20000, len: 4096, init: Bits([{finite}])),
                    "w": (dtype: {dt}, addr: 0x18000, len: 4096),
                    "t": (dtype: {dt}, addr: 0x28000, len: 4096, init: Bits([{ties}])),
                }}, scalars: {{ "s0": (dtype: {dt}), "n": (dtype: int32) }}, code: [ {code} ])"#
            );
            finishes_like_block_stepping(&text, product, code);
        }
    }
}

/// GatherMask runs a repeat at a time (`gather::exec_repeat`): the same packed bytes, shadows,
/// returned count and diagnostics as block stepping, for every built-in pattern and pattern
/// tensors, in place (the documented usage) and apart, with bitwise masks, strided sources,
/// the counter form and an uninitialised source or pattern.
#[test]
fn gather_mask_repeats_equal_stepping() {
    let cases = [
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: 1, reduce_mode: false, mask: 0, params: [1, 9, 8, 0])"),
        ("half", "GatherMask(dst: \"x\", src0: \"x\", pattern: 2, reduce_mode: false, mask: 0, params: [1, 9, 8, 0])"),
        ("float", "GatherMask(dst: \"d\", src0: \"x\", pattern: 3, reduce_mode: false, mask: 0, params: [1, 5, 8, 0])"),
        ("float", "GatherMask(dst: \"x\", src0: \"x\", pattern: 6, reduce_mode: false, mask: 0, params: [1, 5, 8, 0])"),
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: 7, reduce_mode: true, mask: 100, params: [1, 4, 8, 0])"),
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: 4, reduce_mode: false, mask: 0, params: [2, 4, 16, 0])"),
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: 1, reduce_mode: true, mask: 70, params: [1, 3, 8, 0])"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 500), GatherMask(dst: \"d\", src0: \"w\", pattern: 5, reduce_mode: false, mask: 0, params: [1, 6, 8, 0])"),
        // Pattern tensors: random bits, repeats 0, 1 and 2 blocks apart, in place, masked.
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: \"p\", reduce_mode: false, mask: 0, params: [1, 9, 8, 1])"),
        ("half", "GatherMask(dst: \"x\", src0: \"x\", pattern: \"p\", reduce_mode: false, mask: 0, params: [1, 9, 8, 2])"),
        ("float", "GatherMask(dst: \"d\", src0: \"x\", pattern: \"p\", reduce_mode: false, mask: 0, params: [1, 5, 8, 0])"),
        ("float", "GatherMask(dst: \"d\", src0: \"x\", pattern: \"p\", reduce_mode: true, mask: 50, params: [2, 5, 16, 1])"),
        // A pattern whose bytes from repeat 3 on were never written: reported where stepping
        // reports it.
        ("half", "Duplicate(dst: \"q\", scalar: 0x5a5a, count: 24), GatherMask(dst: \"d\", src0: \"x\", pattern: \"q\", reduce_mode: false, mask: 0, params: [1, 6, 8, 1])"),
        ("float", "Duplicate(dst: \"q\", scalar: 0x5a5a, count: 12), GatherMask(dst: \"d\", src0: \"x\", pattern: \"q\", reduce_mode: true, mask: 40, params: [1, 6, 8, 1])"),
    ];
    for product in [
        Product::AtlasA2,
        Product::AtlasInference,
        Product::Ascend950,
    ] {
        for (dt, code) in cases {
            let (bits, max) = if dt == "half" {
                ("uint16", "65535")
            } else {
                ("uint32", "4294967295")
            };
            let text = format!(
                r#"Program(tensors: {{
                    "x": (dtype: {dt}, addr: 0x0000, len: 4096, init: Ramp(start: 1, step: 1)),
                    "d": (dtype: {dt}, addr: 0x10000, len: 4096),
                    "w": (dtype: {dt}, addr: 0x18000, len: 4096),
                    "p": (dtype: {bits}, addr: 0x1c000, len: 256, init: Random(seed: 5, min: 0, max: {max})),
                    "q": (dtype: {bits}, addr: 0x1e000, len: 256),
                }}, code: [ {code} ])"#
            );
            // (Pattern 7 is beyond the inference products' built-in patterns: both reject it.)
            run_equals_block_stepping(&text, product, code);
        }
    }
}

/// Moves into global memory under the atomic mode (docs/semantics.md §18.3) give the same
/// bytes and diagnostics run whole (the fast path over the old dst) as stepped block by block:
/// the count form, DataCopyParams bursts with gaps, DataCopyPad bursts, and old GM values
/// partly uninitialised.
#[test]
fn atomic_moves_step_like_they_run() {
    let cases = [
        ("float", "SetAtomicAdd(dtype: float), DataCopy(dst: \"g\", src: \"x\", count: 512)"),
        ("half", "SetAtomicMax(dtype: half), DataCopy(dst: \"g[16]\", src: \"x\", params: [3, 2, 1, 4])"),
        ("int16", "SetAtomicMin(dtype: int16), DataCopyPad(dst: \"g[3]\", src: \"x\", params: [4, 70, 6, 1])"),
        ("half", "SetAtomicAdd(dtype: half), DataCopy(dst: \"u\", src: \"x\", count: 512), SetAtomicType(dtype: half), DataCopy(dst: \"g\", src: \"x\", count: 300)"),
    ];
    for (dt, code) in cases {
        let text = format!(
            r#"Program(tensors: {{
                "x": (dtype: {dt}, addr: 0x0000, len: 512, init: Random(seed: 3, min: -100, max: 100)),
                "y": (dtype: {dt}, addr: 0x1000, len: 512, init: Fill(3)),
            }}, gm: {{
                "g": (dtype: {dt}, len: 512, init: Random(seed: 5, min: -100, max: 100)),
                "u": (dtype: {dt}, len: 512),
            }}, code: [ {code} ])"#
        );
        let p = Arc::new(ascstep::program::load_str(std::path::Path::new("m.ron"), &text).unwrap());
        let mut fast = Machine::new(p.clone(), Product::AtlasA2);
        fast.run();
        assert_eq!(
            fast.status(),
            ascstep::sim::machine::Status::Finished,
            "{code}: {:?}",
            fast.diagnostics()
        );
        for g in [Granularity::Block, Granularity::Repeat] {
            let slow = stepped(&p, Product::AtlasA2, g);
            assert_eq!(diff(&fast, &slow), None, "{code}");
            assert_eq!(fast.diagnostics(), slow.diagnostics(), "{code}");
        }
    }
}

/// The families computed from bits and with the host's SIMD (`elementwise_bulk`: Max/Min,
/// Relu, LeakyRelu, AddRelu/SubRelu, Div, the multiply–adds that read dst, the transcendental
/// family) on data full of special values (±0, ±inf, quiet and signalling NaNs of both signs,
/// subnormals, the largest finite values, ones): the same bytes, shadows and diagnostics as
/// block stepping, contiguous, with a bitwise mask, strided and in place, on Atlas A2 and on
/// Ascend 950 (fused multiply–adds, flushed subnormals).
#[test]
fn special_values_on_every_elementwise_fast_path_equal_stepping() {
    let mut seed = 0x5eed_u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 16
    };
    let specials16 = [
        0x0000u64, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe00, 0x0001, 0x83ff, 0x7bff, 0x3c00,
        0xbc00,
    ];
    let specials32 = [
        0u64,
        0x8000_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x7f80_0001,
        0xffc0_0000,
        1,
        0x807f_ffff,
        0x7f7f_ffff,
        0x3f80_0000,
        0xbf80_0000,
    ];
    let mut bits = |dt: &str| {
        let (sp, width): (&[u64], u32) = if dt == "half" {
            (&specials16, 16)
        } else {
            (&specials32, 32)
        };
        (0..2048)
            .map(|i| {
                let r = next();
                let v = if i % 3 == 0 {
                    sp[(r % sp.len() as u64) as usize]
                } else {
                    r & ((1u64 << width) - 1)
                };
                format!("{v:#x}")
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let ops = [
        "Max(dst: \"z\", src0: \"x\", src1: \"y\", {m})",
        "Min(dst: \"z\", src0: \"y\", src1: \"x\", {m})",
        "AddRelu(dst: \"z\", src0: \"x\", src1: \"y\", {m})",
        "SubRelu(dst: \"z\", src0: \"x\", src1: \"y\", {m})",
        "Div(dst: \"z\", src0: \"x\", src1: \"y\", {m})",
        "FusedMulAdd(dst: \"z\", src0: \"x\", src1: \"y\", {m})",
        "MulAddDst(dst: \"z\", src0: \"x\", src1: \"y\", {m})",
        "MulAddRelu(dst: \"z\", src0: \"x\", src1: \"y\", {m})",
        "Relu(dst: \"z\", src: \"x\", {m1})",
        "Exp(dst: \"z\", src: \"x\", {m1})",
        "Ln(dst: \"z\", src: \"x\", {m1})",
        "Sqrt(dst: \"z\", src: \"x\", {m1})",
        "Rsqrt(dst: \"z\", src: \"x\", {m1})",
        "Reciprocal(dst: \"z\", src: \"x\", {m1})",
        "LeakyRelu(dst: \"z\", src: \"x\", scalar: -0.75, {m1})",
        "Maxs(dst: \"z\", src: \"x\", scalar: 0.5, {m1})",
        "Mins(dst: \"z\", src: \"x\", scalar: -0.0, {m1})",
        "Axpy(dst: \"z\", src: \"x\", scalar: 1.5, {m1})",
        // In place.
        "FusedMulAdd(dst: \"x\", src0: \"y\", src1: \"z\", {m})",
        "Relu(dst: \"x\", src: \"x\", {m1})",
    ];
    let forms = [
        ("count: 1000", "count: 1000"),
        ("mask: [0x5555555555555555, 0xf0f0f0f0f0f0f0f0], repeat_times: 5, params: [1, 1, 1, 8, 8, 8]",
         "mask: [0x5555555555555555, 0xf0f0f0f0f0f0f0f0], repeat_times: 5, params: [1, 1, 8, 8]"),
        ("mask: 128, repeat_times: 3, params: [2, 2, 2, 16, 16, 16]", "mask: 128, repeat_times: 3, params: [2, 2, 16, 16]"),
    ];
    for dt in ["half", "float"] {
        let (x, y, z) = (bits(dt), bits(dt), bits(dt));
        for product in [Product::AtlasA2, Product::Ascend950] {
            for (m, m1) in forms {
                for op in ops {
                    let mut code = op.replace("{m}", m).replace("{m1}", m1);
                    if dt == "float" {
                        code = code
                            .replace("mask: 128", "mask: 64")
                            .replace("0xf0f0f0f0f0f0f0f0]", "0]");
                    }
                    let text = format!(
                        r#"Program(tensors: {{
                            "x": (dtype: {dt}, addr: 0x0000, len: 2048, init: Bits([{x}])),
                            "y": (dtype: {dt}, addr: 0x2000, len: 2048, init: Bits([{y}])),
                            "z": (dtype: {dt}, addr: 0x4000, len: 2048, init: Bits([{z}])),
                        }}, code: [ {code} ])"#
                    );
                    finishes_like_block_stepping(&text, product, &format!("{dt} {code}"));
                }
            }
        }
    }
}

/// AddReluCast, SubReluCast and MulCast from half and float on the fast path (the source-type
/// result through the elementwise lanes, then a plain Cast's conversion): the same bytes as
/// block stepping on data full of special values (NaNs give 0, ±inf and large values
/// saturate, −0 and ties round as CAST_RINT does), contiguous and with a prefix mask.
#[test]
fn composite_casts_on_the_fast_path_equal_stepping() {
    let mut seed = 0xca57_u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 16
    };
    let sp16 = [
        0x0000u64, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x0001, 0x5bf8, 0xd800, 0x3800, 0x3e00,
        0x57f0,
    ];
    let sp32 = [
        0u64,
        0x8000_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        1,
        0x477f_f000,
        0x477f_f100,
        0x3f00_0000,
        0x3fc0_0000,
    ];
    let mut bits = |half: bool| {
        (0..1024)
            .map(|i| {
                let r = next();
                let v = match (half, i % 3) {
                    (true, 0) => sp16[(r % sp16.len() as u64) as usize],
                    (false, 0) => sp32[(r % sp32.len() as u64) as usize],
                    (true, 1) => (0x4000 + (r & 0x1fff)) ^ (r & 0x8000),
                    (false, 1) => {
                        (0x4200_0000 + (r as u32 & 0x07ff_ffff) as u64) ^ (r & 0x8000_0000)
                    }
                    (true, _) => r & 0xffff,
                    (false, _) => r & 0xffff_ffff,
                };
                format!("{v:#x}")
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (h0, h1, f0, f1) = (bits(true), bits(true), bits(false), bits(false));
    let cases = [
        ("half", "int8", "AddReluCast"),
        ("half", "int8", "SubReluCast"),
        ("half", "int8", "MulCast"),
        ("half", "uint8", "MulCast"),
        ("float", "half", "AddReluCast"),
        ("float", "half", "SubReluCast"),
    ];
    for product in [Product::AtlasA2, Product::Ascend950] {
        for (src, dst, op) in cases {
            let (x, y) = if src == "half" {
                (&h0, &h1)
            } else {
                (&f0, &f1)
            };
            for form in [
                "count: 1000",
                "mask: 100, repeat_times: 3, params: [1, 1, 1, 4, 8, 8]",
            ] {
                let form = if src == "float" {
                    form.replace("mask: 100", "mask: 50")
                } else {
                    form.to_string()
                };
                let code = format!("{op}(dst: \"z\", src0: \"x\", src1: \"y\", {form})");
                let text = format!(
                    r#"Program(tensors: {{
                        "x": (dtype: {src}, addr: 0x0000, len: 1024, init: Bits([{x}])),
                        "y": (dtype: {src}, addr: 0x1000, len: 1024, init: Bits([{y}])),
                        "z": (dtype: {dst}, addr: 0x2000, len: 1024),
                    }}, code: [ {code} ])"#
                );
                finishes_like_block_stepping(&text, product, &format!("{src} → {dst} {code}"));
            }
        }
    }
}

/// Gather on the fast path (every offset checked in one pass when they lie in a row, the
/// elements picked in one piece): the same bytes, shadows and diagnostics as block stepping,
/// in the count and the mask form, with offsets reversed, repeated and past the end, one
/// misaligned, a source partly uninitialised and offsets partly uninitialised, half and float,
/// on Atlas A2 and Ascend 950.
#[test]
fn gather_runs_equal_stepping() {
    let offsets = |dt: &str, kind: &str| -> String {
        let size = if dt == "half" { 2 } else { 4 };
        (0..512u32)
            .map(|i| match kind {
                "reversed" => ((511 - i) * size).to_string(),
                "repeated" => ((i % 7) * size).to_string(),
                "past" if i == 135 => (4096 * size).to_string(),
                "misaligned" if i == 130 => "1".to_string(),
                _ => (i * size).to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    for product in [Product::AtlasA2, Product::Ascend950] {
        for dt in ["half", "float"] {
            for kind in [
                "reversed",
                "repeated",
                "past",
                "misaligned",
                "uninit_src",
                "uninit_offsets",
            ] {
                let src_init = if kind == "uninit_src" {
                    // Only the first 256 elements initialised: the reversed offsets reach the rest.
                    "".to_string()
                } else {
                    ", init: Ramp(start: 1, step: 1)".to_string()
                };
                let prefill = if kind == "uninit_src" {
                    "Duplicate(dst: \"s\", scalar: 2, count: 256), "
                } else {
                    ""
                };
                let offs = if kind == "uninit_offsets" {
                    String::new()
                } else {
                    format!(
                        ", init: Values([{}])",
                        offsets(
                            dt,
                            if kind == "uninit_src" {
                                "reversed"
                            } else {
                                kind
                            }
                        )
                    )
                };
                let offs_prefill = if kind == "uninit_offsets" {
                    "Duplicate(dst: \"o\", scalar: 8, count: 128), "
                } else {
                    ""
                };
                for form in ["count: 500", "mask: 40, repeat_times: 3, dst_rep_stride: 8"] {
                    let code = format!("{prefill}{offs_prefill}Gather(dst: \"d\", src: \"s\", offset: \"o\", {form})");
                    let text = format!(
                        r#"Program(tensors: {{
                            "s": (dtype: {dt}, addr: 0x0000, len: 512{src_init}),
                            "o": (dtype: uint32, addr: 0x1000, len: 512{offs}),
                            "d": (dtype: {dt}, addr: 0x2000, len: 512),
                        }}, code: [ {code} ])"#
                    );
                    let what = format!("{dt} {kind} {code}");
                    let m = run_equals_block_stepping(&text, product, &what);
                    // The offsets' checks are the plan's, shared by both: asserted here.
                    let codes: Vec<&str> = m.diagnostics().iter().map(|d| d.code).collect();
                    let want = match kind {
                        "past" => Some("gather-offset-out-of-range"),
                        "misaligned" => Some("misaligned-gather-offset"),
                        "uninit_src" | "uninit_offsets" => Some("uninitialised-read"),
                        _ => None,
                    };
                    match want {
                        Some(w) => assert!(codes.contains(&w), "{what}: {codes:?}"),
                        None => assert!(codes.is_empty(), "{what}: {codes:?}"),
                    }
                }
            }
        }
    }
}

/// Select on the fast path (whole runs, the selMask bits read in one piece): the same bytes,
/// shadows and diagnostics as block stepping in every mode (0 from a tensor and from the
/// CmpMask register, 1 with the scalar on either side, 2), in the count form with a partial
/// last repeat, a prefix mask over several repeats, in place, and with selMask bits
/// uninitialised, half and float, on Atlas A2 and Ascend 950.
#[test]
fn select_runs_equal_stepping() {
    let forms = [
        "count: 1000",
        "mask: 40, repeat_times: 5, params: [1, 1, 1, 8, 8, 8]",
    ];
    let codes = [
        "Select(dst: \"d\", sel_mask: \"m\", src0: \"x\", src1: \"y\", sel_mode: VSEL_TENSOR_TENSOR_MODE, {f})",
        "Select(dst: \"d\", sel_mask: \"m\", src0: \"x\", scalar: 1.5, sel_mode: VSEL_TENSOR_SCALAR_MODE, {f})",
        "Select(dst: \"d\", sel_mask: \"m\", src0: \"x\", src1: \"y\", sel_mode: VSEL_CMPMASK_SPR, {f})",
        "SetCmpMask(src: \"m\"), PipeBarrier(pipe: PIPE_V), Select(dst: \"d\", src0: \"x\", src1: \"y\", sel_mode: VSEL_CMPMASK_SPR, {f})",
        // In place, and selMask bits past the initialised first 64 bytes.
        "Select(dst: \"x\", sel_mask: \"u\", src0: \"x\", src1: \"y\", sel_mode: VSEL_TENSOR_TENSOR_MODE, {f})",
    ];
    for product in [Product::AtlasA2, Product::Ascend950] {
        for dt in ["half", "float"] {
            let mut all = codes.to_vec();
            let first = "Select(dst: \"d\", sel_mask: \"m\", src0: \"x\", scalar: 1.5, scalar_first: true, sel_mode: VSEL_TENSOR_SCALAR_MODE, {f})";
            if product == Product::Ascend950 {
                all.push(first);
            }
            for form in forms {
                for code in &all {
                    // Mode 0 takes the mask form only.
                    if code.contains("CMPMASK") && form.starts_with("count") {
                        continue;
                    }
                    let code = code.replace("{f}", form);
                    let text = format!(
                        r#"Program(tensors: {{
                            "x": (dtype: {dt}, addr: 0x0000, len: 1024, init: Ramp(start: 1, step: 1)),
                            "y": (dtype: {dt}, addr: 0x1000, len: 1024, init: Ramp(start: -1, step: -1)),
                            "d": (dtype: {dt}, addr: 0x2000, len: 1024),
                            "m": (dtype: uint8, addr: 0x3000, len: 256, init: Random(seed: 4, min: 0, max: 255)),
                            "u": (dtype: uint16, addr: 0x3400, len: 128),
                        }}, code: [ Duplicate(dst: "u", scalar: 42405, count: 32), {code} ])"#
                    );
                    finishes_like_block_stepping(&text, product, &format!("{dt} {code}"));
                }
            }
        }
    }
}

/// Brcb and CreateVecIndex on the fast path: the same bytes and diagnostics as block stepping,
/// CreateVecIndex over many repeats whose half sums round (first values near 2048 and 60000),
/// float, int16 and int32, a partial last repeat and a prefix mask; Brcb with a destination in
/// a row and with gaps between repeats, a partly uninitialised source.
#[test]
fn fills_run_like_they_step() {
    let cases = [
        ("half", "CreateVecIndex(dst: \"d\", first_value: 1900, count: 3000)"),
        ("half", "CreateVecIndex(dst: \"d\", first_value: 60000, count: 1000)"),
        ("half", "CreateVecIndex(dst: \"d\", first_value: -5, mask: 100, repeat_times: 20, dst_blk_stride: 1, dst_rep_stride: 8)"),
        ("float", "CreateVecIndex(dst: \"d\", first_value: 16777000, count: 3000)"),
        ("int16", "CreateVecIndex(dst: \"d\", first_value: 32000, count: 3000)"),
        ("int32", "CreateVecIndex(dst: \"d\", first_value: 7, count: 1001)"),
        ("half", "Brcb(dst: \"d\", src: \"s\", repeat_times: 20, dst_blk_stride: 1, dst_rep_stride: 8)"),
        ("float", "Brcb(dst: \"d\", src: \"s\", repeat_times: 20, dst_blk_stride: 1, dst_rep_stride: 10)"),
        ("half", "Brcb(dst: \"d\", src: \"u\", repeat_times: 20, dst_blk_stride: 1, dst_rep_stride: 8)"),
    ];
    for product in [Product::AtlasA2, Product::Ascend950] {
        for (dt, code) in cases {
            let text = format!(
                r#"Program(tensors: {{
                    "s": (dtype: {dt}, addr: 0x0000, len: 512, init: Ramp(start: 3, step: 7)),
                    "u": (dtype: {dt}, addr: 0x1000, len: 512),
                    "d": (dtype: {dt}, addr: 0x4000, len: 4096),
                }}, code: [ Duplicate(dst: "u", scalar: 1, count: 100), {code} ])"#
            );
            finishes_like_block_stepping(&text, product, &format!("{dt} {code}"));
        }
    }
}

/// Gatherb on the fast path (whole repeats, each block copied from where its offset points):
/// the same bytes, shadows and diagnostics as block stepping, with offsets reversed and
/// repeated, a destination with gaps between repeats, a misaligned offset and one past the
/// source (refused), a picked block uninitialised.
#[test]
fn gatherb_runs_equal_stepping() {
    let offsets = |kind: &str| -> String {
        (0..64u32)
            .map(|i| match kind {
                "misaligned" if i == 9 => "4".to_string(),
                "past" if i == 9 => "8192".to_string(),
                "reversed" | "uninit" => ((63 - i) * 32).to_string(),
                _ => ((i % 5) * 32).to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    for product in [Product::AtlasA2, Product::Ascend950] {
        for dt in ["uint16", "uint32"] {
            for kind in ["reversed", "repeated", "misaligned", "past", "uninit"] {
                for rep in [8, 12] {
                    let init = if kind == "uninit" {
                        ""
                    } else {
                        ", init: Ramp(start: 1, step: 1)"
                    };
                    let code = format!("Gatherb(dst: \"d\", src: \"s\", offset: \"o\", repeat_times: 8, dst_blk_stride: 1, dst_rep_stride: {rep})");
                    let text = format!(
                        r#"Program(tensors: {{
                            "s": (dtype: {dt}, addr: 0x0000, len: 1024{init}),
                            "o": (dtype: uint32, addr: 0x1000, len: 64, init: Values([{offs}])),
                            "d": (dtype: {dt}, addr: 0x2000, len: 2048),
                        }}, code: [ Duplicate(dst: "s", scalar: 1, count: 256), {code} ])"#,
                        offs = offsets(kind)
                    );
                    let what = format!("{dt} {kind} {code}");
                    let m = run_equals_block_stepping(&text, product, &what);
                    let codes: Vec<&str> = m.diagnostics().iter().map(|d| d.code).collect();
                    let want = match kind {
                        "misaligned" => Some("misaligned-gather-offset"),
                        "past" => Some("gather-offset-out-of-range"),
                        "uninit" => Some("uninitialised-read"),
                        _ => None,
                    };
                    match want {
                        Some(w) => assert!(codes.contains(&w), "{what}: {codes:?}"),
                        None => assert!(codes.is_empty(), "{what}: {codes:?}"),
                    }
                }
            }
        }
    }
}
