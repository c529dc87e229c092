//! The Ascend C library's elementwise composites checked against their formulas (ClampMax and
//! ClampMin, Frac, Swish and Silu, SwiGLU, GeGLU): each a small program of ours whose host code
//! computes the formula in double and counts the elements outside the library's steps' rounding.

mod common;

use common::{ascstep_in, scratch};
use std::path::PathBuf;

/// `NAME.asc` in a scratch directory: a host `main` launching one block of `k`, whose body makes
/// a VECCALC `TBuf` `buf` of `ub_bytes` (with its `TPipe pipe`) and then runs `body`, after
/// `acl/acl.h`, `kernel_operator.h`, `<cmath>`, `<cstdio>` and `head` (the host's own helpers).
fn program(name: &str, head: &str, ub_bytes: u32, body: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::write(
        dir.join(format!("{name}.asc")),
        format!(
            "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n#include <cmath>\n#include <cstdio>\n{head}__global__ __vector__ void k(GM_ADDR)\n{{\n    AscendC::TPipe pipe;\n    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;\n    pipe.InitBuffer(buf, {ub_bytes});\n{body}}}\nint main()\n{{\n    uint8_t* x;\n    aclrtMalloc((void**)&x, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    k<<<1, nullptr, nullptr>>>(x);\n    return 0;\n}}\n"
        ),
    )
    .unwrap();
    dir
}

/// The library's ClampMax and ClampMin (docs/semantics.md §21.22): the count-form Mins and Maxs
/// of the scalar, from the page's definition (each element capped at, or raised to, 1.5: −2, 0.5,
/// 3, 7 → −2, 0.5, 1.5, 1.5 and 1.5, 1.5, 3, 7), with a temporary buffer and from the stack.
#[test]
fn library_clamp_caps_and_raises_to_the_scalar() {
    let dir = program(
        "clamp",
        "",
        1024,
        r#"    AscendC::LocalTensor<float> t = buf.Get<float>();
    float v[8] = {-2.0f, 0.5f, 3.0f, 7.0f, 0, 0, 0, 0};
    for (int i = 0; i < 8; i++) t.SetValue(i, v[i]);
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    AscendC::ClampMax(t[8], t, t[64].ReinterpretCast<uint8_t>(), 1.5f, 4);
    AscendC::ClampMin<float>(t[16], t, 1.5f, 4);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    for (int i = 8; i < 20; i++) if (i < 12 || i >= 16) std::printf("%g ", t.GetValue(i));
    std::printf("\n");
"#,
    );
    let r = ascstep_in(&dir, &["run", "clamp.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "-2 0.5 1.5 1.5 1.5 1.5 3 7 \n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "clamp.asc"]);
    assert!(
        imp.stdout
            .contains("Mins(dst: \"t[8]\", src: \"t\", scalar: 1.5, count: 4)"),
        "{}",
        imp.dump()
    );
    assert!(
        imp.stdout
            .contains("Maxs(dst: \"t[16]\", src: \"t\", scalar: 1.5, count: 4)"),
        "{}",
        imp.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Frac (docs/semantics.md §21.23), x − trunc(x), exact in float (numpy's
/// `x - np.trunc(x)`): float in one counter-mode pass (−2.75 → −0.75, 3.5 → 0.5, 1e10 → 0,
/// 0.125), half in pieces of a 256-byte buffer (32 halves: one whole piece and a tail of 8; 40
/// values −5 + 0.3·i rounded to half, their fractions in half).
#[test]
fn library_frac_is_x_minus_trunc_x() {
    let dir = program(
        "frac",
        "",
        2048,
        r#"    AscendC::LocalTensor<float> f = buf.Get<float>();
    AscendC::LocalTensor<half> h = f[64].ReinterpretCast<half>();
    AscendC::LocalTensor<uint8_t> tmp = f[256].ReinterpretCast<uint8_t>();
    tmp.SetSize(256);
    float v[4] = {-2.75f, 3.5f, 1e10f, 0.125f};
    for (int i = 0; i < 4; i++) f.SetValue(i, v[i]);
    for (int i = 0; i < 40; i++) h.SetValue(i, half(-5.0f + 0.3f * i));
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    AscendC::Frac(f[8], f, 4);
    AscendC::Frac(h[64], h, tmp, 40);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    for (int i = 8; i < 12; i++) std::printf("%g ", f.GetValue(i));
    int wrong = 0;
    for (int i = 0; i < 40; i++) {
        float x = float(h.GetValue(i));
        if (float(h.GetValue(64 + i)) != float(half(x - std::trunc(x)))) wrong++;
    }
    std::printf("wrong %d\n", wrong);
"#,
    );
    let r = ascstep_in(&dir, &["run", "frac.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "-0.75 0.5 0 0.125 wrong 0\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "frac.asc"]);
    assert!(imp.stdout.contains("round: CAST_TRUNC"), "{}", imp.dump());
    assert_eq!(imp.stdout.matches("Sub(").count(), 3, "{}", imp.dump());
    let a950 = ascstep_in(&dir, &["run", "frac.asc", "--product", "ascend_950"]);
    assert_eq!(a950.code, 3, "{}", a950.dump());
    assert!(
        a950.stderr
            .contains("Frac is simulated with CANN's Atlas A2 steps"),
        "{}",
        a950.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Swish and Silu (docs/semantics.md §21.24), x / (1 + e^(−βx)), against the
/// formula in double on the host: float over 300 elements (the counter-mode pass, then a run of 4
/// repeats and a tail of 44 under a mask), half over 200 (within half's rounding), Silu (β = 1),
/// each within a few float roundings of the steps (Muls, Exp, Adds, Div); Swish in place, which
/// the page forbids, stops the kernel saying so.
#[test]
fn library_swish_and_silu_follow_the_formula_and_the_librarys_two_passes() {
    let dir = program(
        "swish",
        r#"static double sw(double x, double b) { return x / (1.0 + std::exp(-b * x)); }
"#,
        8192,
        r#"    AscendC::LocalTensor<float> x = buf.Get<float>();
    AscendC::LocalTensor<float> y = x[320], s = x[640], q = x[960];
    AscendC::LocalTensor<half> hx = x[1088].ReinterpretCast<half>(), hy = hx[256];
    for (int i = 0; i < 300; i++) x.SetValue(i, -8.0f + 0.053f * i);
    for (int i = 0; i < 200; i++) hx.SetValue(i, half(-6.0f + 0.06f * i));
    for (int i = 0; i < 70; i++) q.SetValue(i, -3.0f + 0.09f * i);
#ifdef IN_PLACE
    AscendC::Swish(q, q, 70, 1.0f);
#endif
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    AscendC::Swish(y, x, 300, 1.702f);
    AscendC::Silu<float>(s, x, 100);
    AscendC::Swish(hy, hx, 200, half(1.702f));
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    int bad = 0, badh = 0;
    for (int i = 0; i < 300; i++) {
        double want = sw(x.GetValue(i), double(1.702f));
        if (std::fabs(y.GetValue(i) - want) > 2e-6 * std::fabs(want) + 1e-30) bad++;
        if (i < 100 && std::fabs(s.GetValue(i) - sw(x.GetValue(i), 1.0)) > 2e-6 * std::fabs(sw(x.GetValue(i), 1.0)) + 1e-30) bad++;
    }
    for (int i = 0; i < 200; i++) {
        double want = sw(float(hx.GetValue(i)), double(float(half(1.702f))));
        if (std::fabs(float(hy.GetValue(i)) - want) > 4e-3 * std::fabs(want) + 1e-4) badh++;
    }
    std::printf("%d %d\n", bad, badh);
"#,
    );
    let r = ascstep_in(&dir, &["run", "swish.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0 0\n", "{}", r.dump());
    let r = ascstep_in(&dir, &["run", "swish.asc", "-D", "IN_PLACE"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("swish.asc:18:5: error[kernel-stopped]"),
        "{}",
        r.dump()
    );
    assert!(
        r.stderr.contains("overlap over 70 elements"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's SwiGLU (docs/semantics.md §21.25), src0 · src1 / (1 + e^(−β·src1)), against the
/// formula in double on the host: float over 100 (a piece of 96 and a tail of 4), half over 100
/// with a 384-byte buffer (pieces of 32 halves and a tail of 4, computed in float and rounded to
/// half once), each within the steps' roundings.
#[test]
fn library_swiglu_follows_the_formula() {
    let dir = program(
        "swiglu",
        r#"static double g(double a, double b, double beta) { return a * b / (1.0 + std::exp(-beta * b)); }
"#,
        8192,
        r#"    AscendC::LocalTensor<float> a = buf.Get<float>();
    AscendC::LocalTensor<float> b = a[128], y = a[256];
    AscendC::LocalTensor<half> ha = a[384].ReinterpretCast<half>(), hb = ha[128], hy = ha[256];
    AscendC::LocalTensor<uint8_t> tmp = a[768].ReinterpretCast<uint8_t>();
    tmp.SetSize(384);
    for (int i = 0; i < 100; i++) {
        a.SetValue(i, -2.0f + 0.041f * i);
        b.SetValue(i, 4.5f - 0.093f * i);
        ha.SetValue(i, half(1.5f - 0.03f * i));
        hb.SetValue(i, half(-3.0f + 0.061f * i));
    }
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    AscendC::SwiGLU<float>(y, a, b, 1.3f, 100);
    AscendC::SwiGLU<half>(hy, ha, hb, 0.8f, tmp, 100);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    int bad = 0, badh = 0;
    for (int i = 0; i < 100; i++) {
        double want = g(a.GetValue(i), b.GetValue(i), 1.3);
        if (std::fabs(y.GetValue(i) - want) > 2e-6 * std::fabs(want) + 1e-7) bad++;
        double wh = g(float(ha.GetValue(i)), float(hb.GetValue(i)), double(0.8f));
        if (std::fabs(float(hy.GetValue(i)) - wh) > 1e-3 * std::fabs(wh) + 1e-4) badh++;
    }
    std::printf("%d %d\n", bad, badh);
"#,
    );
    let r = ascstep_in(&dir, &["run", "swiglu.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0 0\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "swiglu.asc"]);
    // Float: a piece of 96 and a tail of 4; half: three pieces of 32 and a tail.
    assert_eq!(
        imp.stdout
            .matches("SetVectorMask(high: 0, low: 96)")
            .count(),
        1,
        "{}",
        imp.dump()
    );
    assert_eq!(imp.stdout.matches("Mul(").count(), 2 + 4, "{}", imp.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's GeGLU (docs/semantics.md §21.26), src0 · GELU(src1) by the tanh form (x / (1 +
/// e^(c0·x·(x² + c1))), c0 = −2·√(2/π)·0.044715, c1 = 1/0.044715), against the formula in double
/// on the host: float over 100 in one counter-mode pass, half over 70 with a 256-byte buffer
/// (pieces of 32, 32 and 6 halves), each within the steps' roundings.
#[test]
fn library_geglu_follows_the_tanh_gelu() {
    let dir = program(
        "geglu",
        r#"static double gelu(double x) { return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x))); }
"#,
        8192,
        r#"    AscendC::LocalTensor<float> a = buf.Get<float>();
    AscendC::LocalTensor<float> b = a[128], y = a[256];
    AscendC::LocalTensor<half> ha = a[384].ReinterpretCast<half>(), hb = ha[128], hy = ha[256];
    AscendC::LocalTensor<uint8_t> tmp = a[768].ReinterpretCast<uint8_t>();
    tmp.SetSize(256);
    for (int i = 0; i < 100; i++) {
        a.SetValue(i, 1.5f - 0.031f * i);
        b.SetValue(i, -4.0f + 0.081f * i);
    }
    for (int i = 0; i < 70; i++) {
        ha.SetValue(i, half(0.5f + 0.02f * i));
        hb.SetValue(i, half(-3.0f + 0.09f * i));
    }
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    AscendC::GeGLU<float>(y, a, b, 100);
    AscendC::GeGLU<half>(hy, ha, hb, tmp, 70);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    int bad = 0, badh = 0;
    for (int i = 0; i < 100; i++) {
        double want = a.GetValue(i) * gelu(b.GetValue(i));
        if (std::fabs(y.GetValue(i) - want) > 4e-6 * std::fabs(want) + 1e-6) bad++;
    }
    for (int i = 0; i < 70; i++) {
        double want = float(ha.GetValue(i)) * gelu(float(hb.GetValue(i)));
        if (std::fabs(float(hy.GetValue(i)) - want) > 1e-3 * std::fabs(want) + 1e-4) badh++;
    }
    std::printf("%d %d\n", bad, badh);
"#,
    );
    let r = ascstep_in(&dir, &["run", "geglu.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0 0\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "geglu.asc"]);
    for n in [100, 32, 6] {
        assert!(
            imp.stdout
                .contains(&format!("SetVectorMask(high: 0, low: {n})")),
            "{n}\n{}",
            imp.dump()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Fmod (docs/semantics.md §21.27), x − trunc(x / y)·y: the page's examples
/// (Fmod(2.0, 1.5) = 0.5, Fmod(−3.0, 1.1) = −0.8) and float over 100 elements with divisors of
/// both signs, each result equal to the library's four float roundings (x / y,
/// trunc, ·y, x −) and within one rounding of C's `fmod` in double; half over 40 with a 512-byte
/// buffer (pieces of 32 halves and a tail of 8, computed in float and rounded to half once). A
/// 256-byte buffer holds no piece of half and stops the kernel, as does Ascend 950 (its library
/// computes Fmod otherwise), as does dst overlapping a source (the page forbids it).
#[test]
fn library_fmod_is_x_minus_the_truncated_quotient_times_y() {
    let dir = program(
        "fmod",
        r#"static float steps(float x, float y) {
    volatile float q = x / y;
    volatile float m = std::trunc(q) * y;
    return x - m;
}
"#,
        8192,
        r#"    AscendC::LocalTensor<float> x = buf.Get<float>();
    AscendC::LocalTensor<float> y = x[128], r = x[256];
    AscendC::LocalTensor<half> hx = x[384].ReinterpretCast<half>(), hy = hx[64], hr = hx[128];
    AscendC::LocalTensor<uint8_t> tmp = x[640].ReinterpretCast<uint8_t>();
    tmp.SetSize(TMP);
    for (int i = 0; i < 100; i++) {
        x.SetValue(i, -7.3f + 0.173f * i);
        y.SetValue(i, (i % 2 ? -1.0f : 1.0f) * (0.7f + 0.031f * i));
    }
    x.SetValue(100, 2.0f);
    y.SetValue(100, 1.5f);
    x.SetValue(101, -3.0f);
    y.SetValue(101, 1.1f);
    for (int i = 0; i < 40; i++) {
        hx.SetValue(i, half(-9.0f + 0.47f * i));
        hy.SetValue(i, half(1.25f + 0.1f * (i % 7)));
    }
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
#ifdef IN_PLACE
    AscendC::Fmod(x, x, y, 100);
#endif
    AscendC::Fmod(r, x, y, 102);
    AscendC::Fmod(hr, hx, hy, tmp, 40);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    int bad = 0, far = 0, badh = 0;
    for (int i = 0; i < 102; i++) {
        float a = x.GetValue(i), b = y.GetValue(i), got = r.GetValue(i);
        if (got != steps(a, b)) bad++;
        if (std::fabs(got - std::fmod(double(a), double(b))) > 1e-6 * std::fabs(a) + 1e-7) far++;
    }
    for (int i = 0; i < 40; i++) {
        float want = float(half(steps(float(hx.GetValue(i)), float(hy.GetValue(i)))));
        if (float(hr.GetValue(i)) != want) badh++;
    }
    std::printf("%d %d %d %g %g %g\n", bad, far, badh, r.GetValue(3), r.GetValue(100), r.GetValue(101));
"#,
    );
    let r = ascstep_in(&dir, &["run", "fmod.asc", "-D", "TMP=512"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    // x[3] = −7.3 + 0.519 = −6.781, y[3] = −0.793: −6.781 − 8·(−0.793) = −0.437 (float steps).
    let got: Vec<&str> = r.stdout.split_whitespace().collect();
    assert_eq!(&got[..3], ["0", "0", "0"], "{}", r.dump());
    let r3: f64 = got[3].parse().unwrap();
    assert!((r3 + 0.437).abs() < 1e-5, "{}", r.dump());
    assert_eq!(&got[4..], ["0.5", "-0.8"], "{}", r.dump());
    let in_place = ascstep_in(
        &dir,
        &["run", "fmod.asc", "-D", "TMP=512", "-D", "IN_PLACE"],
    );
    assert_eq!(in_place.code, 3, "{}", in_place.dump());
    assert!(
        in_place
            .stderr
            .contains("Fmod: dst (UB 0x0) and src0 (UB 0x0) overlap over 100 elements"),
        "{}",
        in_place.dump()
    );
    let small = ascstep_in(&dir, &["run", "fmod.asc", "-D", "TMP=256"]);
    assert_eq!(small.code, 3, "{}", small.dump());
    assert!(
        small
            .stderr
            .contains("Fmod: the temporary buffer holds 256 bytes"),
        "{}",
        small.dump()
    );
    let a950 = ascstep_in(
        &dir,
        &[
            "run",
            "fmod.asc",
            "-D",
            "TMP=512",
            "--product",
            "ascend_950",
        ],
    );
    assert_eq!(a950.code, 3, "{}", a950.dump());
    assert!(
        a950.stderr
            .contains("Fmod is simulated with CANN's Atlas A2 steps"),
        "{}",
        a950.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Gelu, FasterGelu and FasterGeluV2 (docs/semantics.md §21.28) against their
/// formulas in double: Gelu's tanh form x / (1 + e^(−1.5957691216057308·(x + 0.044715·x³))),
/// FasterGelu's x / (1 + e^(−1.702·x)), FasterGeluV2's x·(sign(x)·(−0.1444·(min(|0.7071·x|,
/// 1.769) − 1.769)² + 0.5) + 0.5). Float over 300 elements (Gelu in place, which the page allows,
/// with a 1 KiB buffer: pieces of 128 and a tail of 44; FasterGelu with highPerformance, its
/// division a Reciprocal and a Mul; FasterGeluV2 from the stack buffer) within a few float
/// roundings; half over 200 computed in half (Gelu) and in float (highPrecision, rounded once).
#[test]
fn library_gelu_family_follows_its_formulas() {
    let dir = program(
        "gelu",
        r#"static double gelu(double x) { return x / (1.0 + std::exp(-1.5957691216057308 * (x + 0.044715 * x * x * x))); }
static double faster(double x) { return x / (1.0 + std::exp(-1.702 * x)); }
static double v2(double x) {
    double c = std::fmin(std::fabs(0.7071 * x), 1.769) - 1.769;
    return x * ((x >= 0 ? 1.0 : -1.0) * (-0.1444 * c * c + 0.5) + 0.5);
}
static int off(double got, double want, double rel, double abs) { return std::fabs(got - want) > rel * std::fabs(want) + abs; }
"#,
        16384,
        r#"    AscendC::LocalTensor<float> x = buf.Get<float>();
    AscendC::LocalTensor<float> g = x[320], f = x[640], v = x[960];
    AscendC::LocalTensor<half> hx = x[1280].ReinterpretCast<half>(), hg = hx[256], hp = hx[512];
    AscendC::LocalTensor<uint8_t> tmp = x[2048].ReinterpretCast<uint8_t>();
    tmp.SetSize(TMP);
    for (int i = 0; i < 300; i++) {
        x.SetValue(i, -6.0f + 0.04f * i);
        g.SetValue(i, -6.0f + 0.04f * i);
    }
    for (int i = 0; i < 200; i++) hx.SetValue(i, half(-4.0f + 0.04f * i));
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    AscendC::Gelu(g, g, tmp, 300);
    AscendC::FasterGelu<float, false, true>(f, x, tmp, 300);
    AscendC::FasterGeluV2(v, x, 300);
    AscendC::Gelu(hg, hx, tmp, 200);
    AscendC::Gelu<half, true>(hp, hx, tmp, 200);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    int bad[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 300; i++) {
        double a = x.GetValue(i);
        bad[0] += off(g.GetValue(i), gelu(a), 1e-5, 1e-30);
        bad[1] += off(f.GetValue(i), faster(a), 1e-5, 1e-30);
        bad[2] += off(v.GetValue(i), v2(a), 1e-5, 1e-6);
    }
    for (int i = 0; i < 200; i++) {
        double a = float(hx.GetValue(i));
        bad[3] += off(float(hg.GetValue(i)), gelu(a), 1e-2, 2e-3);
        bad[4] += off(float(hp.GetValue(i)), gelu(a), 1e-3, 1e-4);
    }
    std::printf("%d %d %d %d %d\n", bad[0], bad[1], bad[2], bad[3], bad[4]);
"#,
    );
    let r = ascstep_in(&dir, &["run", "gelu.asc", "-D", "TMP=1024"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0 0 0 0 0\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "gelu.asc", "-D", "TMP=1024"]);
    // Gelu float: 3 pieces (128, 128, 44) of 13 steps; FasterGelu's one Reciprocal per piece (1 KiB /
    // 4 B = 256 floats: 256 and 44); half Gelu's pieces of 256 halves (one), highPrecision's of
    // 1 KiB / 4 B / 3 = 85 → 64 floats (4 pieces), each between two Casts.
    assert_eq!(
        imp.stdout.matches("Reciprocal(").count(),
        2,
        "{}",
        imp.dump()
    );
    assert_eq!(imp.stdout.matches("Cast(").count(), 8, "{}", imp.dump());
    let small = ascstep_in(&dir, &["run", "gelu.asc", "-D", "TMP=128"]);
    assert_eq!(small.code, 3, "{}", small.dump());
    assert!(
        small
            .stderr
            .contains("Gelu: the temporary buffer holds 128 bytes"),
        "{}",
        small.dump()
    );
    let a950 = ascstep_in(
        &dir,
        &[
            "run",
            "gelu.asc",
            "-D",
            "TMP=1024",
            "--product",
            "ascend_950",
        ],
    );
    assert_eq!(a950.code, 3, "{}", a950.dump());
    assert!(
        a950.stderr
            .contains("Gelu is simulated with CANN's Atlas A2 steps"),
        "{}",
        a950.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's LogSoftMax (docs/semantics.md §27.2): each row as log10(e^(x − max) / Σ e^(x −
/// max)) against the formula in double, its max and Σ e^(x − max) over the row's block (8 floats,
/// 16 halves). Float 5 rows of 40 with a 576-byte buffer (2 rows a piece: two pieces and a tail;
/// the logarithm by 8-float columns of all rows), half 3 rows of 256 with 2688 bytes (2 rows and a
/// tail; the logarithm row by row), both with a default LogSoftMaxTiling, which the library does
/// not read (it tiles for the buffer itself). Without a SoftMaxShapeInfo the shape is the source
/// tensor's ShapeInfo (SetShapeInfo; the same 200 results), and a tensor without one stops the
/// kernel saying so.
#[test]
fn library_log_softmax_is_log10_of_the_softmax() {
    let dir = program(
        "logsoftmax",
        r#"// Counts the elements of m rows of k (row r's block: blk elements from r·blk) off the formula.
template <class T>
static int check(const AscendC::LocalTensor<T>& x, const AscendC::LocalTensor<T>& y, const AscendC::LocalTensor<T>& mx,
                 const AscendC::LocalTensor<T>& sm, int m, int k, int blk, double rel, double abs) {
    int bad = 0;
    for (int r = 0; r < m; r++) {
        double big = -1e300, s = 0;
        for (int i = 0; i < k; i++) big = std::fmax(big, double(float(x.GetValue(r * k + i))));
        for (int i = 0; i < k; i++) s += std::exp(double(float(x.GetValue(r * k + i))) - big);
        for (int i = 0; i < k; i++) {
            double want = std::log10(std::exp(double(float(x.GetValue(r * k + i))) - big) / s);
            bad += std::fabs(double(float(y.GetValue(r * k + i))) - want) > rel * std::fabs(want) + abs;
        }
        for (int i = 0; i < blk; i++) {
            bad += double(float(mx.GetValue(r * blk + i))) != big;
            bad += std::fabs(double(float(sm.GetValue(r * blk + i))) - s) > rel * s;
        }
    }
    return bad;
}
"#,
        16384,
        r#"    AscendC::LocalTensor<float> x = buf.Get<float>();
    AscendC::LocalTensor<float> y = x[256], mx = x[512], sm = x[576];
    AscendC::LocalTensor<half> hx = x[640].ReinterpretCast<half>(), hy = hx[768], hm = hx[1536], hs = hx[1600];
    AscendC::LocalTensor<uint8_t> fw = x[2048].ReinterpretCast<uint8_t>(), hw = x[2304].ReinterpretCast<uint8_t>();
    fw.SetSize(576);
    hw.SetSize(2688);
    for (int i = 0; i < 200; i++) x.SetValue(i, float((i * 37) % 101) / 7.0f - 6.0f);
    for (int i = 0; i < 768; i++) hx.SetValue(i, half(float((i * 53) % 97) / 11.0f - 4.0f));
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    LogSoftMaxTiling tiling;
    AscendC::LogSoftMax<float>(y, sm, mx, x, fw, tiling, {5, 40, 5, 40});
    AscendC::LogSoftMax<half>(hy, hs, hm, hx, hw, tiling, {3, 256, 3, 256});
    // The shape from the tensor instead: 5 × 40 as a ShapeInfo of two dimensions.
    AscendC::LocalTensor<float> x2 = x, y2 = x[3072], mx2 = x[3328], sm2 = x[3392];
    uint32_t dims[2] = {5, 40};
#ifndef NO_SHAPE
    x2.SetShapeInfo(AscendC::ShapeInfo(2, dims, AscendC::DataFormat::ND));
#endif
    AscendC::LogSoftMax<float>(y2, sm2, mx2, x2, fw, tiling);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    int same = 0;
    for (int i = 0; i < 200; i++) same += y2.GetValue(i) == y.GetValue(i);
    std::printf("%d %d %d\n", check(x, y, mx, sm, 5, 40, 8, 1e-5, 1e-6), check(hx, hy, hm, hs, 3, 256, 16, 4e-3, 2e-3), same);
"#,
    );
    let r = ascstep_in(&dir, &["run", "logsoftmax.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0 0 200\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "logsoftmax.asc"]);
    // Float: 3 pieces, each 5 column-wise Ln (40 / 8), twice; half: 2 pieces of 2 rows and 1,
    // one Ln a row.
    assert_eq!(
        imp.stdout.matches("Ln(").count(),
        2 * 3 * 5 + 3,
        "{}",
        imp.dump()
    );
    let none = ascstep_in(&dir, &["run", "logsoftmax.asc", "-D", "NO_SHAPE"]);
    assert_eq!(none.code, 3, "{}", none.dump());
    assert!(
        none.stderr.contains("LogSoftMax without a SoftMaxShapeInfo takes the shape from the source tensor's ShapeInfo, and none was set on it"),
        "{}",
        none.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's RmsNorm (docs/semantics.md §28): y = x · (Σx²/H + ε)^(−½) · γ per row, against
/// the formula in double, with tilings as the host makes them: float 5 rows of 40 in pieces of 2
/// (two pieces and a tail; γ by a masked Mul of 5-block repeats), float 3 rows of 96 in one piece
/// (γ by 64-column Muls and a 32-lane tail), half 16 rows of 64 with isBasicBlock (the factors
/// spread by Brcb and Adds) — each row's factor read by the scalar unit otherwise.
#[test]
fn library_rms_norm_scales_rows_by_their_root_mean_square() {
    let dir = program(
        "rmsnorm",
        r#"static RmsNormTiling tiling(uint32_t rows, uint32_t h, uint32_t per) {
    RmsNormTiling t;
    t.bLength = 1, t.sLength = rows, t.hLength = h, t.originalHLength = h;
    t.reciprocalOfHLength = 1.0f / h;
    t.mainBsLength = per, t.mainBshLength = per * h, t.mainBsLengthAlign = (per + 7) / 8 * 8;
    t.loopRound = rows / per, t.tailBsLength = rows % per, t.tailBshLength = rows % per * h;
    t.inputTailPos = rows / per * per * h;
    return t;
}
template <class T>
static int check(const AscendC::LocalTensor<T>& x, const AscendC::LocalTensor<T>& g, const AscendC::LocalTensor<T>& y,
                 int rows, int h, double eps, double rel) {
    int bad = 0;
    for (int r = 0; r < rows; r++) {
        double s = 0;
        for (int i = 0; i < h; i++) s += double(float(x.GetValue(r * h + i))) * double(float(x.GetValue(r * h + i)));
        double f = 1.0 / std::sqrt(s / h + eps);
        for (int i = 0; i < h; i++) {
            double want = double(float(x.GetValue(r * h + i))) * f * double(float(g.GetValue(i)));
            bad += std::fabs(double(float(y.GetValue(r * h + i))) - want) > rel * std::fabs(want) + 1e-6;
        }
    }
    return bad;
}
"#,
        32768,
        r#"    AscendC::LocalTensor<float> a = buf.Get<float>();
    AscendC::LocalTensor<float> ga = a[256], ya = a[320], b = a[576], gb = a[896], yb = a[1024];
    AscendC::LocalTensor<half> c = a[1344].ReinterpretCast<half>(), gc = c[1024], yc = c[1088];
    AscendC::LocalTensor<uint8_t> tmp = a[3072].ReinterpretCast<uint8_t>();
    for (int i = 0; i < 200; i++) a.SetValue(i, float((i * 29) % 83) / 9.0f - 4.0f);
    for (int i = 0; i < 40; i++) ga.SetValue(i, 0.5f + 0.03f * i);
    for (int i = 0; i < 288; i++) b.SetValue(i, float((i * 31) % 71) / 13.0f - 2.5f);
    for (int i = 0; i < 96; i++) gb.SetValue(i, 1.5f - 0.01f * i);
    for (int i = 0; i < 1024; i++) c.SetValue(i, half(float((i * 17) % 61) / 10.0f - 3.0f));
    for (int i = 0; i < 64; i++) gc.SetValue(i, half(0.25f + 0.02f * i));
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    AscendC::RmsNorm(ya, a, ga, tmp, 1e-5f, tiling(5, 40, 2));
    AscendC::RmsNorm(yb, b, gb, tmp, 1e-5f, tiling(3, 96, 3));
    AscendC::RmsNorm<half, true>(yc, c, gc, tmp, half(1e-3f), tiling(16, 64, 16));
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    std::printf("%d %d %d\n", check(a, ga, ya, 5, 40, 1e-5, 1e-5), check(b, gb, yb, 3, 96, 1e-5, 1e-5),
                check(c, gc, yc, 16, 64, double(float(half(1e-3f))), 2e-3));
"#,
    );
    let r = ascstep_in(&dir, &["run", "rmsnorm.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0 0 0\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "rmsnorm.asc"]);
    // One Brcb (the half basic block's 16 rows: 2 repeats); the float rows' factors as scalars:
    // a Muls per row (5 + 3), besides the five of 1/H and −½ in each of the 5 pieces.
    assert_eq!(imp.stdout.matches("Brcb(").count(), 1, "{}", imp.dump());
    assert_eq!(
        imp.stdout.matches("Muls(").count(),
        8 + 2 * 5,
        "{}",
        imp.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's SimpleSoftMax (docs/semantics.md §27.3), e^(x − max) / sum with the rows' max and
/// sum given: fed SoftMax's own sum and max outputs it repeats SoftMax's last three steps, so its
/// result is SoftMax's bit for bit (float 5 rows of 40, the whole tensor at once; half data with
/// float sums, 3 rows of 256 in pieces of 2 and a tail); with half sums (cast to float first)
/// within half's rounding of the formula in double.
#[test]
fn library_simple_softmax_repeats_softmax_from_its_sums_and_maxima() {
    let dir = program(
        "simple_softmax",
        "",
        32768,
        r#"    AscendC::LocalTensor<float> x = buf.Get<float>();
    AscendC::LocalTensor<float> y = x[256], y2 = x[512], mx = x[768], sm = x[832], fm = x[896], fs = x[928];
    AscendC::LocalTensor<half> hx = x[1024].ReinterpretCast<half>(), hy = hx[768], hy2 = hx[1536], hm = hx[2304], hs = hx[2368];
    AscendC::LocalTensor<uint8_t> tmp = x[4096].ReinterpretCast<uint8_t>();
    tmp.SetSize(2688);
    for (int i = 0; i < 200; i++) x.SetValue(i, float((i * 37) % 101) / 7.0f - 6.0f);
    for (int i = 0; i < 768; i++) hx.SetValue(i, half(float((i * 53) % 97) / 11.0f - 4.0f));
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    SoftMaxTiling tiling;
    AscendC::SoftMaxShapeInfo a{5, 40, 5, 40}, b{3, 256, 3, 256};
    AscendC::SoftMax<float>(y, sm, mx, x, tmp, tiling, a);
    AscendC::SimpleSoftMax<float>(y2, sm, mx, x, tmp, tiling, a);
    AscendC::SoftMax<half>(hy, fs, fm, hx, tmp, tiling, b);
    AscendC::SimpleSoftMax<half>(hy2, fs, fm, hx, tmp, tiling, b);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    int hsame = 0;
    for (int i = 0; i < 768; i++) hsame += float(hy2.GetValue(i)) == float(hy.GetValue(i));
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    AscendC::SoftMax<half>(hy, hs, hm, hx, tmp, tiling, b);
    AscendC::SimpleSoftMax<half>(hy2, hs, hm, hx, tmp, tiling, b);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    int same = 0, near = 0;
    for (int i = 0; i < 200; i++) same += y2.GetValue(i) == y.GetValue(i);
    for (int r = 0; r < 3; r++) {
        double big = -1e300, s = 0;
        for (int i = 0; i < 256; i++) big = std::fmax(big, double(float(hx.GetValue(r * 256 + i))));
        for (int i = 0; i < 256; i++) s += std::exp(double(float(hx.GetValue(r * 256 + i))) - big);
        for (int i = 0; i < 256; i++) {
            double want = std::exp(double(float(hx.GetValue(r * 256 + i))) - big) / s;
            near += std::fabs(double(float(hy2.GetValue(r * 256 + i))) - want) <= 2e-3 * want + 1e-6;
        }
    }
    std::printf("%d %d %d\n", same, hsame, near);
"#,
    );
    let r = ascstep_in(&dir, &["run", "simple_softmax.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "200 768 768\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "simple_softmax.asc"]);
    // Float: one piece each (SoftMax's tiling fits the 5 rows), SimpleSoftMax one Exp of the
    // whole tensor; half: pieces of 2 rows and a tail of 1 (2688 bytes hold two rows beside
    // their blocks and lanes), each an Exp, in all four half calls.
    assert_eq!(
        imp.stdout.matches("Exp(").count(),
        1 + 1 + 4 * 2,
        "{}",
        imp.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's SoftmaxGradFront (docs/semantics.md §27.1): each row's Σ y·dy in its block, the
/// steps SoftmaxGrad takes with isFront, so the same values bit for bit (half, 3 rows of 64 in
/// pieces), and within half's rounding of the sum in double.
#[test]
fn library_softmax_grad_front_is_softmax_grads_front_part() {
    let dir = program(
        "grad_front",
        "",
        16384,
        r#"    AscendC::LocalTensor<half> y = buf.Get<half>();
    AscendC::LocalTensor<half> dy = y[192], a = y[384], b = y[448];
    AscendC::LocalTensor<uint8_t> tmp = y[1024].ReinterpretCast<uint8_t>();
    for (int i = 0; i < 192; i++) {
        y.SetValue(i, half(float((i * 13) % 29) / 64.0f));
        dy.SetValue(i, half(float((i * 7) % 31) / 8.0f - 2.0f));
    }
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
    SoftMaxTiling tiling;
    AscendC::SoftMaxShapeInfo shape{3, 64, 3, 64};
    AscendC::SoftmaxGradFront<half>(a, dy, y, tmp, tiling, shape);
    AscendC::SoftmaxGrad<half>(b, dy, y, tmp, tiling, true, shape);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    int same = 0, near = 0;
    for (int r = 0; r < 3; r++) {
        double s = 0;
        for (int i = 0; i < 64; i++) s += double(float(y.GetValue(r * 64 + i))) * double(float(dy.GetValue(r * 64 + i)));
        for (int i = 0; i < 16; i++) {
            same += float(a.GetValue(r * 16 + i)) == float(b.GetValue(r * 16 + i));
            near += std::fabs(double(float(a.GetValue(r * 16 + i))) - s) <= 1e-3 * std::fabs(s) + 1e-3;
        }
    }
    std::printf("%d %d\n", same, near);
"#,
    );
    let r = ascstep_in(&dir, &["run", "grad_front.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "48 48\n", "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}
