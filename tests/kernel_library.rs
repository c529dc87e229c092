//! The Ascend C library's composites (adv_api: math, select, sort, reduce, SoftMax) through the
//! C++ path, each made with CANN's steps: kernels of our own in `tests/api_kernels/`, each with a
//! binding whose expected values come from numpy.

mod common;

use common::api::{runs_and_passes, variant_stops};
use common::{ascstep_in, scratch};

/// The library's Sin and Cos on Atlas A2 (docs/semantics.md §21.9) give, bit for bit, the
/// library's own steps redone in float32 numpy (within 2e-6 of numpy's sin and cos), for
/// floats in pieces of a given buffer and for halves from the stack buffer.
#[test]
fn sin_and_cos_are_the_librarys_steps() {
    let (dir, _) = runs_and_passes("trig", "trig", "trig.ron", &["yf[0..400]", "yh[0..256]"]);
    // Ascend 950's library computes them otherwise: the call stops, saying so.
    variant_stops(
        &dir,
        "trig.ron",
        ("product: atlas_a2", "product: ascend_950"),
        "trig_950.ron",
        &[
            "trig.asc:26:5: error[kernel-stopped]",
            "Sin on Ascend 950 is not simulated yet",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Atan (docs/semantics.md §21.11) gives, bit for bit, its steps redone in numpy
/// (`tests/api_kernels/atan/gen.py`; within 1e-4 of arctan): floats in pieces of a given buffer
/// (±0, ±1, tan(π/8), the ±10000 clip, 3e38), halves from the stack buffer.
#[test]
fn atan_is_the_librarys_steps() {
    let (dir, _) = runs_and_passes("atan", "atan", "atan.ron", &["yf[0..200]", "yh[0..128]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ascend 950's Atan (docs/semantics.md §21.11) gives, bit for bit, atan_3510_impl.h's steps
/// redone in numpy (`tests/api_kernels/atan/gen.py`): the default TAYLOR_EXPANSION with its own
/// TaylorExpand (unlike Atlas A2's on 159 of the 200 floats; within 2e-4 of arctan), halves from
/// the stack buffer back with CAST_RINT; POLYNOMIAL_APPROXIMATION (hicann/opbase's form) in place,
/// each fused multiply-add rounded once (within 1e-6 of arctan); no warning.
#[test]
fn atan_on_ascend_950_is_the_librarys_steps() {
    let (dir, r) = runs_and_passes(
        "atan",
        "atan950",
        "atan950.ron",
        &["yf[0..200]", "yh[0..128]"],
    );
    assert!(!r.stderr.contains("warning"), "{}", r.dump());
    let r = ascstep_in(&dir, &["run", "atan950p.ron"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("pass  yf[0..200]"), "{}", r.dump());
    assert!(!r.stderr.contains("warning"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Asin and Acos (docs/semantics.md §21.12) give, bit for bit, their steps redone
/// in numpy (`tests/api_kernels/asin/gen.py`; within 1e-4 of arcsin/arccos for floats): ±0, ±1,
/// both sides of the √½ boundary, floats in pieces of a given buffer, halves from the stack
/// buffer through the library's mixed half/float path.
#[test]
fn asin_and_acos_are_the_librarys_steps() {
    let (dir, _) = runs_and_passes("asin", "asin", "asin.ron", &["yf[0..320]", "yh[0..192]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Tan (docs/semantics.md §21.13) gives, bit for bit, its steps redone in numpy
/// (`tests/api_kernels/tan/gen.py`; within 1e-4 of tan): ±0, ±1, π/4, near π/2, 1000; floats in
/// pieces of a given buffer with a tail whose parts lie closer, halves from the stack buffer.
#[test]
fn tan_is_the_librarys_steps() {
    let (dir, _) = runs_and_passes("tan", "tan", "tan.ron", &["yf[0..200]", "yh[0..128]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Erf and Erfc (docs/semantics.md §21.14) give, bit for bit, their steps redone in
/// numpy (`tests/api_kernels/erf/gen.py`; within 1e-6 of erf): the ±3.92 and ±10 clips, floats in
/// pieces of a given buffer (Erfc's with a tail), halves from the stack buffer, rounded back with
/// Atlas A2's CAST_ROUND. The float Erf is called with a configuration a function template
/// declares `static constexpr` (the form of ops-nn's ge_glu_v2, on which g++ 12 crashed while
/// Erf took its configuration by reference; that crash needs ge_glu_v2's class template).
#[test]
fn erf_and_erfc_are_the_librarys_steps() {
    let (dir, _) = runs_and_passes("erf", "erf", "erf.ron", &["yf[0..320]", "yh[0..192]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ascend 950's Erf and Erfc (docs/semantics.md §21.14) give, bit for bit, their steps redone in
/// numpy (`tests/api_kernels/erf/gen.py`): Erf's default PADE_APPROXIMATION as Atlas A2's float
/// steps, its subsection polynomial (hicann/opbase's form; within 2e-7 of erf, and unlike the
/// Padé form on 79 of the 160 floats) with each fused multiply-add rounded once, Erfc in its 950
/// order (unlike A2's on 34 floats), every half rounded to nearest even as erf_3510_impl.h's and
/// erfc_3510_impl.h's CAST_RINT; no warning.
#[test]
fn erf_and_erfc_on_ascend_950_are_the_librarys_steps() {
    let (dir, _) = runs_and_passes("erf", "erf950", "erf950.ron", &["yf[0..160]", "yh[0..96]"]);
    for ron in ["erf950s.ron", "erfc950.ron"] {
        let r = ascstep_in(&dir, &["run", ron]);
        assert_eq!(r.code, 0, "{ron}\n{}", r.dump());
        for p in ["pass  yf[0..160]", "pass  yh[0..96]"] {
            assert!(r.stdout.contains(p), "{ron} {p}\n{}", r.dump());
        }
        assert!(!r.stderr.contains("warning"), "{ron}\n{}", r.dump());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Sinh and Cosh (docs/semantics.md §21.15) give, bit for bit, their steps redone
/// in numpy (`tests/api_kernels/sinh/gen.py`; within 1e-5 of sinh): ±0, the overflow to ±inf past
/// x ≈ 89.4, floats in pieces of a given buffer (Cosh's with a tail), halves from the stack
/// buffer (Cosh's rounded back with Atlas A2's CAST_ROUND, Sinh's to nearest).
#[test]
fn sinh_and_cosh_are_the_librarys_steps() {
    let (dir, _) = runs_and_passes("sinh", "sinh", "sinh.ron", &["yf[0..320]", "yh[0..192]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Asinh, Acosh and Atanh (docs/semantics.md §21.16) give, bit for bit, their steps
/// redone in numpy (`tests/api_kernels/inverse_hyperbolic/gen.py`; within 1e-4 of numpy's):
/// ±0, acosh below 1 and of inf NaN, atanh(±1) ±inf, Asinh's floats in a piece and a tail whose
/// parts lie closer, halves from the stack buffer.
#[test]
fn asinh_acosh_and_atanh_are_the_librarys_steps() {
    let (dir, _) = runs_and_passes(
        "inverse_hyperbolic",
        "inverse_hyperbolic",
        "inverse_hyperbolic.ron",
        &["yf[0..288]", "yh[0..192]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Sum (docs/semantics.md §21.10): rows of floats through partial sums in a given
/// buffer and rows of halves in one repeat each give numpy's row sums of their first n elements
/// (the padding up to `inner` not counted), within the device's rounding.
#[test]
fn library_sum_gives_numpys_row_sums() {
    let (dir, _) = runs_and_passes("sum", "sum", "sum.ron", &["yf[0..8]", "yh[0..16]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's sorting (docs/semantics.md §24): Concat, Sort<T, true> and Extract give numpy's
/// stable descending order and its indices for floats (seven runs: a four-way merge, a three-way
/// tail, a second round) and halves (five runs: a tail of one copied); a suspended MrgSort stops
/// when its short list is used up and GetMrgSortResult says how many each list gave
/// (`tests/api_kernels/sort/gen.py`); CANN's half Extract reads past the sorted tensor (twice the
/// repeats for the indices), which the run reports.
#[test]
fn library_sort_gives_numpys_stable_descending_order() {
    let (dir, r) = runs_and_passes(
        "sort",
        "sort",
        "sort.ron",
        &[
            "vf[0..224]",
            "idf[0..224]",
            "vh[0..160]",
            "idh[0..160]",
            "taken[0..5]",
        ],
    );
    assert!(r.stderr.contains("warning[outside-tensor]"), "{}", r.dump());
    assert!(r.stderr.contains("sort.asc:74:5"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's ReduceSum/ReduceMax/ReduceMin (adv_api/reduce/reduce.h) over every row-length
/// class of AR and RA, with and without isReuseSource, float and half, give numpy's results
/// (`tests/api_kernels/reduce/gen.py`; the rows padded with NaN, which no result may read), on
/// Atlas A2 and on Ascend 950; Atlas 200I/500 A2 has no such library function, and A2 takes
/// srcInnerPad true only, each said at the call.
#[test]
fn library_reduce_gives_numpys_sums_and_extremes() {
    let (dir, r) = runs_and_passes(
        "reduce",
        "reduce",
        "reduce.ron",
        &["yf[0..548]", "yh[0..87]"],
    );
    // The library's in-place compaction of isReuseSource rows (a UB → UB DataCopy).
    assert!(
        r.stderr.contains("warning[partial-overlap]"),
        "{}",
        r.dump()
    );
    let r = ascstep_in(&dir, &["run", "reduce.ron", "--product", "ascend_950"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout.contains("pass  yf[0..548]") && r.stdout.contains("pass  yh[0..87]"),
        "{}",
        r.dump()
    );
    let r = ascstep_in(
        &dir,
        &["run", "reduce.ron", "--product", "atlas_200i_500_a2"],
    );
    assert_ne!(r.code, 0, "{}", r.dump());
    assert!(
        r.stderr.contains("reduce.asc:26:9")
            && r.stderr.contains(
                "AscendC::ReduceSum (adv_api/reduce/reduce.h) is not available on this product"
            ),
        "{}",
        r.dump()
    );
    let src = std::fs::read_to_string(dir.join("reduce.asc")).unwrap();
    let unpadded = "ReduceSum<T, P, reuse>(dst, src, tmp, shape, false);";
    std::fs::write(
        dir.join("reduce.asc"),
        src.replace(
            "ReduceSum<T, P, reuse>(dst, src, tmp, shape, true);",
            unpadded,
        ),
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "reduce.ron"]);
    assert_ne!(r.code, 0, "{}", r.dump());
    assert!(
        r.stderr
            .contains("srcInnerPad is false; Atlas A2/A3 support only true"),
        "{}",
        r.dump()
    );
    let r = ascstep_in(&dir, &["run", "reduce.ron", "--product", "ascend_950"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Xor (ops-math's sim_thread_exponential calls it), as CANN's A2 steps make it,
/// against numpy's bitwise_xor: a buffer of 256 bytes (pieces of 128 and a tail) and the stack
/// buffer with src0's size.
#[test]
fn library_xor_is_or_and_not_and() {
    let (dir, _) = runs_and_passes("xor", "xor", "xor.ron", &["y[0..320]", "z[0..96]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's CumSum (apply_top_k_top_p_with_sorted calls it) through every path of CANN's
/// A2 steps, against numpy's float32 cumsum: along the last axis with the rows the transposes'
/// repeat and with inner the repeat (float), in two groups of rows (half, the last row out);
/// along the first axis (float with its last row, half). A temporary buffer too small for 16
/// rows stops the kernel at the call, saying how much it needs.
#[test]
fn library_cumsum_sums_rows_as_numpy() {
    let (dir, run) = runs_and_passes(
        "cumsum",
        "cumsum",
        "cumsum.ron",
        &[
            "ya[0..256]",
            "yb[0..520]",
            "yc[0..640]",
            "lc[0..16]",
            "yd[0..144]",
            "ld[0..24]",
            "ye[0..128]",
        ],
    );
    // Not even the padding rows read uninitialised data.
    assert!(!run.stderr.contains("warning"), "{}", run.dump());
    let r = ascstep_in(&dir, &["run", "cumsum.ron", "-D", "TB_BYTES=4096"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    for want in [
        "cumsum.asc:",
        "CumSum: the temporary buffer holds 4096 bytes; along the last axis it needs at least 5120",
    ] {
        assert!(r.stderr.contains(want), "{want}\n{}", r.dump());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Select by a byte mask (DK:高阶API/数据过滤/Select, its older name
/// SelectWithBytesMask) with CANN's Atlas A2 steps, against numpy's where(mask == 0, …): a uint8
/// mask with longer rows (their tails dropped by a GatherMask), an int32 mask in the scalar-first
/// form (read through its bits as floats, so -0.0's and NaNs' bits select as 0 does, §26), an
/// int16 mask with isReuseMask false (left unchanged); the same on Atlas inference, whose steps
/// walk longer mask rows one by one and whose NE is IEEE's. The steps' own warnings (the in-place
/// Compares into the temporary buffer, A2's unmasked Compares reading past the piece) stay.
#[test]
fn select_by_a_byte_mask_matches_numpy_with_the_librarys_steps() {
    let (dir, _) = runs_and_passes(
        "select_bytes",
        "select_bytes",
        "select_bytes.ron",
        &["y1[0..64]", "y2[0..32]", "y3[0..32]", "m16out[0..64]"],
    );
    // Atlas inference's steps walk longer mask rows one by one (no GatherMask pattern 7 there),
    // and its Compares NE is IEEE's.
    let r = ascstep_in(&dir, &["run", "select_bytes_inference.ron"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    for t in ["y1[0..64]", "y2[0..32]", "y3[0..32]", "m16out[0..64]"] {
        assert!(
            r.stdout.contains(&format!("pass  {t}")),
            "{t}\n{}",
            r.dump()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's SoftMax with CANN's Atlas A2 steps (docs/semantics.md §27), against numpy's
/// softmax of each row: rows under 64, between 128 and 512 with a tail (a host tiling of two
/// pieces and a tail row), of 512 or more (isReuseSource: the source keeps e^(x − max)), half
/// rows through float, one row (the stack buffer), and half with the host's 64-byte row blocks.
/// Rows are offset by up to ±100, so a step that skipped the max would give NaN.
#[test]
fn softmax_matches_numpy_with_the_librarys_steps() {
    let (dir, r) = runs_and_passes(
        "softmax",
        "softmax",
        "softmax.ron",
        &[
            "y1[0..120]",
            "y2[0..1000]",
            "y3[0..1280]",
            "x3after[0..1280]",
            "y4[0..384]",
            "y5[0..128]",
            "y6[0..96]",
        ],
    );
    // Each step is an instruction at the call's line: the 3×40 call's row max is one
    // WholeReduceMax of 3 repeats, its sum one WholeReduceSum.
    assert!(!r.stderr.contains("error["), "{}", r.dump());
    let t = ascstep_in(&dir, &["import", "softmax.ron"]);
    assert_eq!(t.code, 0, "{}", t.dump());
    for want in [
        "WholeReduceMax(",
        "WholeReduceSum(",
        "BlockReduceMax(",
        "BlockReduceSum(",
        "Brcb(",
        "Exp(",
    ] {
        assert!(t.stdout.contains(want), "{want}\n{}", t.dump());
    }
    // On Atlas inference the library's steps differ: the kernel stops naming SoftMax.
    let text = std::fs::read_to_string(dir.join("softmax.ron")).unwrap();
    std::fs::write(
        dir.join("inference.ron"),
        text.replace("product: atlas_a2", "product: atlas_inference"),
    )
    .unwrap();
    let i = ascstep_in(&dir, &["run", "inference.ron"]);
    assert_ne!(i.code, 0, "{}", i.dump());
    assert!(
        i.stdout
            .contains("the library's SoftMax is simulated on Atlas A2 and A3")
            || i.stderr
                .contains("the library's SoftMax is simulated on Atlas A2 and A3"),
        "{}",
        i.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's SoftmaxGrad with CANN's Atlas A2 steps (docs/semantics.md §27.1), against
/// numpy's (dy − Σ y·dy) · y and, with isFront, Σ y·dy in each lane of a row's block: rows under
/// 64 (fewer than 8: sums spread by scalar reads and Duplicates), three slices and a tail with a
/// host tiling of two pieces and a tail piece, half through float. Its spread of the row sums
/// is a counter-mode Copy passing its mask, Copy's documented per-repeat count (§14), which is
/// no counter-mode hazard.
#[test]
fn softmax_grad_matches_numpy_with_the_librarys_steps() {
    let (dir, r) = runs_and_passes(
        "softmax",
        "softmax_grad",
        "softmax_grad.ron",
        &[
            "dx1[0..120]",
            "dx2[0..2000]",
            "s3[0..40]",
            "dx4[0..384]",
            "s5[0..48]",
        ],
    );
    assert!(!r.stderr.contains("error["), "{}", r.dump());
    assert!(!r.stderr.contains("counter-mode-hazard"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's SoftMax with sum and max outputs (docs/semantics.md §27) against numpy
/// (`tests/api_kernels/softmax/gen.py`): float in host-tiled pieces with a tail row, half data
/// with float and with half outputs (16-element row blocks); each row's max exact and its sum
/// within 1e-5 (half 1e-3); then AdjustSoftMaxRes sets the two rows whose max is 100.0 to −1.
#[test]
fn softmax_with_sum_and_max_outputs_and_adjust_match_numpy() {
    let (dir, r) = runs_and_passes(
        "softmax",
        "softmax_sum_max",
        "softmax_sum_max.ron",
        &[
            "y1[0..1000]",
            "max1[0..40]",
            "sum1[0..40]",
            "y2[0..384]",
            "max2[0..32]",
            "sum2[0..32]",
            "y3[0..96]",
            "max3[0..48]",
            "sum3[0..48]",
        ],
    );
    assert!(!r.stderr.contains("error["), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Axpy with a temporary buffer (docs/semantics.md §21.21), as CANN's A2 steps make
/// it, against its steps redone in float32 numpy (`tests/api_kernels/axpy/gen.py`): half → half in
/// pieces of 32 (the buffer halved), half → float in pieces of 64, float → float the vector Axpy.
#[test]
fn library_axpy_is_the_librarys_steps() {
    let (dir, _) = runs_and_passes(
        "axpy",
        "axpy",
        "axpy.ron",
        &["y[0..128]", "z[0..128]", "w[0..128]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A program's host code asks tiling/tiling_api.h how much temporary UB the library's functions
/// need (docs/format.md §12.1): ge::Shape and the Get*MaxMinTmpSize of CANN's host tiling, whose
/// sizes are its live float buffers of one 256-byte repeat at least: Exp float 3 (768 bytes; at
/// most 3 × 8192 floats), half 4 float buffers; Sigmoid one buffer of the source's bytes; Xor
/// one; Ceil two for half; Acosh two elements' worth for half; Axpy four float buffers for half,
/// none for float; CumSum of [4, 32] halves along the last axis 16 rows cast and transposed twice
/// (1024 + 2048 bytes); Power tensor–tensor float on A2, 4 buffers and a repeat (1280; at most 4
/// × 4096 + 256) and on Ascend 950 three float buffers of the source (12288, both); Select by a
/// byte mask the source as 32-aligned halves and 512 bytes (1024 at least; the first 4096
/// elements for the least), plus the mask's bytes when its last axis differs; Sum one element
/// per repeat in whole blocks (1000 halves: 8 repeats, one block); SoftMax a row's block, srcK
/// and 64 floats (5×200 float: 272 floats, 1088 bytes; all rows 5440) and its tiling for a buffer
/// of 2 rows: pieces of 2, two of them and a tail row, the kernel test's own (half 3×32: one
/// piece of 3 rows, 16-element row blocks); the two-dimensional ReduceMax/Min a repeat of each
/// row (4×100 floats: 1024) or a block (4×30: 128), along the first axis the largest power of two
/// below the rows, halved at an exact one, of whole-block rows (8×30: 4 × 128); ReduceSum 64 of
/// each row (4×100) or 4 padded rows (5×30: 512), none reusing the source; ClampMax/Min a byte
/// an element, 128 halves' or 64 floats' worth at least; Frac four buffers for half, none for
/// float; Fmod Trunc's (two buffers for half, one for float) and three float buffers more for
/// half; RmsNorm over 2×10×64 half x² and x in float (two floats an element) and the rows'
/// sums (20 rounded up to 16s: 32; (2·1280 + 32)·4 = 10368; a row: (2·64 + 8)·4 = 544), its tiling for
/// 3·128 + 8 floats three rows a piece (3·2·64 + 8 ≤ 392 < 4·2·64 + 8): 6 pieces and a tail of 2
/// rows at element 1152; SwiGLU six for half, none for float.
#[test]
fn host_tiling_gives_the_librarys_temporary_sizes() {
    let dir = scratch("host_tmp_sizes");
    std::fs::write(
        dir.join("sizes.asc"),
        r#"#include "acl/acl.h"
#include "kernel_operator.h"
#include "tiling/tiling_api.h"
#include <cstdio>
__global__ __vector__ void k(GM_ADDR) {}
int main()
{
    uint32_t mx = 0, mn = 0;
    ge::Shape n8192({8192}), n1024{{1024}}, n512(std::vector<int64_t>{512}), rows({4, 32});
    AscendC::GetExpMaxMinTmpSize(n8192, 4, false, mx, mn);
    std::printf("exp %u %u", mn, mx);
    AscendC::GetExpMaxMinTmpSize(n8192, 2, false, mx, mn);
    std::printf(" %u %u\n", mn, mx);
    AscendC::GetSigmoidMaxMinTmpSize(n8192, 4, false, mx, mn);
    std::printf("sigmoid %u %u\n", mn, mx);
    AscendC::GetXorMaxMinTmpSize(n1024, 2, false, mx, mn);
    std::printf("xor %u %u\n", mn, mx);
    AscendC::GetCeilMaxMinTmpSize(n1024, 2, false, mx, mn);
    std::printf("ceil %u %u\n", mn, mx);
    AscendC::GetAcoshMaxMinTmpSize(n1024, 2, false, mx, mn);
    std::printf("acosh %u %u\n", mn, mx);
    AscendC::GetAxpyMaxMinTmpSize(n512, 2, false, mx, mn);
    std::printf("axpy %u %u", mn, mx);
    AscendC::GetAxpyMaxMinTmpSize(n512, 4, false, mx, mn);
    std::printf(" %u %u\n", mn, mx);
    AscendC::GetCumSumMaxMinTmpSize(rows, 2, true, false, mx, mn);
    std::printf("cumsum %u %u\n", mn, mx);
    ge::Shape s0({4, 64}), one({1}), m96({4, 96}), big({8, 1024});
    AscendC::GetSelectMaxMinTmpSize(s0, one, 2, s0, 1, false, mx, mn);
    std::printf("select %u %u", mn, mx);
    AscendC::GetSelectMaxMinTmpSize(s0, one, 2, m96, 1, false, mx, mn);
    std::printf(" %u %u", mn, mx);
    AscendC::GetSelectMaxMinTmpSize(big, one, 2, big, 1, false, mx, mn);
    std::printf(" %u %u\n", mn, mx);
    AscendC::GetSumMaxMinTmpSize(1000, 2, false, mx, mn);
    std::printf("sum %u %u", mn, mx);
    AscendC::GetSumMaxMinTmpSize(1000, 4, false, mx, mn);
    std::printf(" %u %u\n", mn, mx);
    ge::Shape rows5({5, 200}), rows3({3, 32});
    SoftMaxTiling t;
    AscendC::SoftMaxTilingFunc(rows5, 4, 2176, t);
    std::printf("softmax %u %u %u %u %u %u", AscendC::GetSoftMaxMinTmpSize(rows5, 4, false),
                AscendC::GetSoftMaxMaxTmpSize(rows5, 4, false), t.splitM, t.rangeM, t.tailM, t.reduceSize);
    AscendC::SoftMaxTilingFunc(rows3, 2, 3 * AscendC::GetSoftMaxMinTmpSize(rows3, 2, false), t);
    std::printf(" %u %u %u %u\n", t.splitM, t.rangeM, t.reduceK, t.tailReduceSize);
    using AscendC::ReducePattern;
    ge::Shape r100({4, 100}), r30({4, 30}), c8({8, 30}), c5({5, 30});
    AscendC::GetReduceMaxMaxMinTmpSize(r100, ge::DT_FLOAT, ReducePattern::AR, true, false, mx, mn);
    std::printf("reduce %u", mn);
    AscendC::GetReduceMinMaxMinTmpSize(r30, ge::DT_FLOAT, ReducePattern::AR, true, false, mx, mn);
    std::printf(" %u", mn);
    AscendC::GetReduceMaxMaxMinTmpSize(c8, ge::DT_FLOAT, ReducePattern::RA, true, false, mx, mn);
    std::printf(" %u", mn);
    AscendC::GetReduceSumMaxMinTmpSize(r100, ge::DT_FLOAT, ReducePattern::AR, true, false, mx, mn);
    std::printf(" %u", mn);
    AscendC::GetReduceSumMaxMinTmpSize(c5, ge::DT_FLOAT, ReducePattern::RA, true, false, mx, mn);
    std::printf(" %u", mn);
    AscendC::GetReduceSumMaxMinTmpSize(c5, ge::DT_FLOAT, ReducePattern::RA, true, true, mx, mn);
    std::printf(" %u\n", mn);
    AscendC::GetClampMaxMinTmpSize(n1024, 2, false, mx, mn);
    std::printf("clamp %u %u", mn, mx);
    AscendC::GetClampMaxMinTmpSize(ge::Shape({32}), 4, false, mx, mn);
    std::printf(" %u %u\n", mn, mx);
    AscendC::GetFracMaxMinTmpSize(n1024, 2, false, mx, mn);
    std::printf("frac %u %u", mn, mx);
    AscendC::GetFracMaxMinTmpSize(n1024, 4, false, mx, mn);
    std::printf(" %u %u\n", mn, mx);
    AscendC::GetFmodMaxMinTmpSize(n1024, 2, false, mx, mn);
    std::printf("fmod %u %u", mn, mx);
    AscendC::GetFmodMaxMinTmpSize(n1024, 4, false, mx, mn);
    std::printf(" %u %u", mn, mx);
    AscendC::GetTruncMaxMinTmpSize(n1024, 2, false, mx, mn);
    std::printf(" trunc %u %u\n", mn, mx);
    ge::Shape bsh({2, 10, 64});
    RmsNormTiling rt;
    bool ok = AscendC::GetRmsNormMaxMinTmpSize(bsh, 2, mx, mn) && AscendC::GetRmsNormTilingInfo(bsh, bsh, 4 * (3 * 128 + 8), 2, rt);
    std::printf("rmsnorm %d %u %u %u %u %u %u %u\n", ok, mn, mx, rt.mainBsLength, rt.mainBsLengthAlign, rt.loopRound, rt.tailBsLength,
                rt.inputTailPos);
    AscendC::GetSwiGLUMaxMinTmpSize(n1024, 2, mx, mn, false);
    std::printf("swiglu %u %u", mn, mx);
    AscendC::GetSwiGLUMaxMinTmpSize(n1024, 4, mx, mn, false);
    std::printf(" %u %u\n", mn, mx);
    AscendC::GetPowerMaxMinTmpSize(n1024, n1024, false, 4, false, mx, mn);
    std::printf("power %u %u\n", mn, mx);
    uint8_t* x;
    aclrtMalloc((void**)&x, 32, ACL_MEM_MALLOC_HUGE_FIRST);
    k<<<1, nullptr, nullptr>>>(x);
    return 0;
}
"#,
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "sizes.asc", "--product", "atlas_a2"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(
        r.stdout,
        "exp 768 98304 1024 131072\nsigmoid 256 32768\nxor 256 2048\nceil 512 4096\nacosh 512 4096\naxpy 1024 4096 0 0\ncumsum 3072 3072\nselect 1024 1024 1280 1280 8704 16896\nsum 32 32 64 64\nsoftmax 1088 5440 2 2 1 16 3 1 16 0\nreduce 1024 128 512 1024 512 0\nclamp 128 1024 64 64\nfrac 1024 8192 0 0\nfmod 2048 16384 256 4096 trunc 512 4096\nrmsnorm 1 544 10368 3 8 6 2 1152\nswiglu 1536 12288 0 0\npower 1280 16640\n",
        "{}",
        r.dump()
    );
    let r = ascstep_in(&dir, &["run", "sizes.asc", "--product", "ascend_950"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.ends_with("power 12288 12288\n"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Pad and UnPad with CANN's Atlas A2 steps (docs/semantics.md §30), their tilings
/// from the host's GetPadMaxMinTmpSize, PadTilingFunc and UnPadTilingFunc: main checks each
/// output against the pages' definition (tests/api_kernels/pad/pad_cases.h): the page's 16×15
/// half example, both sides, several pieces a row on the least buffer, the stack buffer, the
/// sample's 16×31 float on the largest buffer, aligned rows with spare columns (over 255 rows:
/// two Duplicate calls), and UnPad of half and float.
#[test]
fn pad_and_unpad_give_the_pages_rows() {
    for (file, cases) in [("pad_half.asc", 5), ("pad_float.asc", 4)] {
        let dir = common::api::api_kernel("pad", &format!("pad_{file}"));
        let r = ascstep_in(&dir, &["run", file]);
        assert_eq!(r.code, 0, "{}", r.dump());
        assert!(
            r.stdout
                .contains(&format!("pad: {cases} cases match the pages' definition")),
            "{}",
            r.dump()
        );
        // The in-place transposition is the library's own (CANN transposes tmp2 onto itself).
        assert!(!r.stderr.contains("error["), "{}", r.dump());
        let _ = std::fs::remove_dir_all(&dir);
    }
    // Ascend 950's library builds Pad of its register API: not simulated, said at the call.
    let dir = common::api::api_kernel("pad", "pad_950");
    let r = ascstep_in(&dir, &["run", "pad_half.asc", "--product", "ascend_950"]);
    assert!(
        r.stderr.contains("pad_cases.h:66:13: error[kernel-stopped]: the kernel stopped: AscendC::Pad is simulated on Atlas A2/A3 only"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
