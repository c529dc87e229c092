//! Float Exp over a run of lanes, bit for bit the lane function's `(x as f64).exp()` rounded to
//! f32 (`Num::unary_f`), faster than calling the library's `exp` for every value.
//!
//! Each value is first computed in f64 by a short branch-free evaluation the compiler
//! vectorises (`x = k·ln 2 + r`, `|r| ≤ ln 2 / 2`, Taylor to r¹² by Estrin's scheme, then
//! ·2^k), relative error
//! below 2^-45. The library's `exp` is within 2^-52 of the true value, so the two round to the
//! same f32 unless the value lies within 2^-44 (relative) of a point halfway between two
//! floats: such values, and every input outside [−87, 88] (zero, subnormal and infinite
//! results, NaN), are then computed by the library's `exp` itself. About one value in 2^16 takes
//! that second pass.

/// ln 2 in two parts (Cody and Waite): `k · LN2_HI` is exact for |k| < 2^11.
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// A value's f64 exp and whether its f32 rounding is certain (else the second pass decides).
#[inline(always)]
fn first_pass(v: f32) -> (f32, bool) {
    let x = v as f64;
    let in_range = x > -87.0 && x < 88.0;
    let x = if in_range { x } else { 0.0 };
    // k = round(x / ln 2) by the 1.5·2^52 trick (no branch, no library call).
    const SHIFT: f64 = 6_755_399_441_055_744.0;
    let shifted = x * std::f64::consts::LOG2_E + SHIFT;
    let k = shifted - SHIFT;
    let r = (x - k * LN2_HI) - k * LN2_LO;
    // Taylor to r¹² by Estrin's scheme (short dependency chains, so the lanes pipeline).
    const A: [f64; 13] = [
        1.0,
        1.0,
        0.5,
        1.0 / 6.0,
        1.0 / 24.0,
        1.0 / 120.0,
        1.0 / 720.0,
        1.0 / 5_040.0,
        1.0 / 40_320.0,
        1.0 / 362_880.0,
        1.0 / 3_628_800.0,
        1.0 / 39_916_800.0,
        1.0 / 479_001_600.0,
    ];
    let (r2, q) = (r * r, |i: usize| A[i] + A[i + 1] * r);
    let r4 = r2 * r2;
    let t0 = (q(0) + q(2) * r2) + (q(4) + q(6) * r2) * r4;
    let t1 = (q(8) + q(10) * r2) + A[12] * r4;
    let p = t0 + t1 * (r4 * r4);
    // 2^k from the integer k in the low bits of `shifted` (integer lanes: no conversion).
    let scale = f64::from_bits(
        shifted
            .to_bits()
            .wrapping_sub(SHIFT.to_bits())
            .wrapping_add(1023)
            << 52,
    );
    let y = p * scale;
    let f = y as f32;
    // f is a positive normal float here.
    (f, in_range & rounding_certain(y, f))
}

/// `out[i]` = the bits of `(x[i] as f64).exp()` rounded to f32, a NaN made the canonical one.
pub fn exp_f32(x: &[u32], out: &mut [u32]) {
    two_pass_best(x, out, first_pass, f64::exp)
}

/// `two_pass` compiled for AVX2 and FMA where the host has them (the first pass inlined and
/// vectorised four f64 lanes at a time), else for the baseline.
pub(super) fn two_pass_best<F: Fn(f32) -> (f32, bool)>(
    x: &[u32],
    out: &mut [u32],
    first: F,
    exact: fn(f64) -> f64,
) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has AVX2 and FMA (checked just above).
        unsafe { two_pass_avx2(x, out, first, exact) };
        return;
    }
    two_pass(x, out, first, exact)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn two_pass_avx2<F: Fn(f32) -> (f32, bool)>(
    x: &[u32],
    out: &mut [u32],
    first: F,
    exact: fn(f64) -> f64,
) {
    two_pass(x, out, first, exact)
}

/// The two passes over `x`: `first` for every value (the compiler vectorises it when it is
/// inlined here), then `exact` (the lane function's f64 function, rounded to f32, a NaN made
/// canonical) for the values whose rounding `first` did not make certain.
#[inline(always)]
pub(super) fn two_pass(
    x: &[u32],
    out: &mut [u32],
    first: impl Fn(f32) -> (f32, bool),
    exact: fn(f64) -> f64,
) {
    const L: usize = 256;
    let mut sure = [false; L];
    for (xs, os) in x.chunks(L).zip(out.chunks_mut(L)) {
        for ((o, s), &v) in os.iter_mut().zip(sure.iter_mut()).zip(xs) {
            let (f, ok) = first(f32::from_bits(v));
            *o = f.to_bits();
            *s = ok;
        }
        for ((o, s), &v) in os.iter_mut().zip(&sure).zip(xs) {
            if !s {
                let r = exact(f32::from_bits(v) as f64) as f32;
                *o = crate::sim::lanes::canon_f32(r).to_bits();
            }
        }
    }
}

/// Whether `y` (an f64 result with relative error below 2^-46) rounds to `f = y as f32` for
/// certain: `y` lies farther than 2^-44 · |y| from both midpoints to `f`'s neighbours (`f` a
/// nonzero normal float).
#[inline(always)]
pub(super) fn rounding_certain(y: f64, f: f32) -> bool {
    let fb = f.to_bits();
    let fd = f as f64;
    let below = (f32::from_bits(fb.wrapping_sub(1)) as f64 + fd) * 0.5;
    let above = (f32::from_bits(fb.wrapping_add(1)) as f64 + fd) * 0.5;
    let room = (y - below).abs().min((above - y).abs());
    room > y.abs() * (1.0 / 17_592_186_044_416.0)
}

/// Test support shared by exp.rs's and ln.rs's tests: random 32-bit words, and the check of
/// a two-pass function against its lane function with and without AVX2.
#[cfg(test)]
pub(super) mod check {
    /// `n` words from a linear congruential generator started at `seed`, each given its index.
    pub fn words(seed: u64, n: usize, mut f: impl FnMut(usize, u32) -> u32) -> Vec<u32> {
        let mut s = seed;
        (0..n)
            .map(|i| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                f(i, (s >> 32) as u32)
            })
            .collect()
    }

    /// `best` (the dispatched function) and `two_pass` with `first` give, for every `x`, the
    /// bits of `exact` rounded to f32 (a NaN canonical).
    pub fn equals_lane_function(
        name: &str,
        x: &[u32],
        best: fn(&[u32], &mut [u32]),
        first: fn(f32) -> (f32, bool),
        exact: fn(f64) -> f64,
    ) {
        let mut out = vec![0u32; x.len()];
        best(x, &mut out);
        let mut plain = vec![0u32; x.len()];
        super::two_pass(x, &mut plain, first, exact);
        for (i, &v) in x.iter().enumerate() {
            let want =
                crate::sim::lanes::canon_f32(exact(f32::from_bits(v) as f64) as f32).to_bits();
            assert_eq!(out[i], want, "{name}({:e}) ({v:#010x})", f32::from_bits(v));
            assert_eq!(
                plain[i],
                out[i],
                "{name}({:e}) without AVX2",
                f32::from_bits(v)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random floats of every exponent, the range's ends, exact cases and special values,
    /// against the library's exp rounded to f32.
    #[test]
    fn exp_equals_the_library_rounded_to_float() {
        let mut x = check::words(0x1234_5678_9abc_def0, 400_000, |i, r| {
            // Half of them in the range where the first pass answers.
            if i % 2 == 0 {
                (((r as f64 / u32::MAX as f64) * 175.0 - 87.0) as f32).to_bits()
            } else {
                r
            }
        });
        for v in [
            0.0f32,
            -0.0,
            1.0,
            -1.0,
            88.0,
            -87.0,
            88.72283,
            88.72284,
            -103.97208,
            -87.33654,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MIN_POSITIVE,
            1e-30,
            -1e-30,
        ] {
            x.push(v.to_bits());
            x.push(v.to_bits() + 1);
        }
        x.push(0xffc0_1234);
        x.push(0x7f80_0001);
        check::equals_lane_function("exp", &x, exp_f32, first_pass, f64::exp);
    }
}
