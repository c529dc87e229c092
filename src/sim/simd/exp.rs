//! Float Exp over a run of lanes, bit for bit the lane function's `(x as f64).exp()` rounded to
//! f32 (`Num::unary_f`), faster than calling the library's `exp` for every value.
//!
//! Each value is first computed in f64 by a short branch-free evaluation (`x = k·ln 2 + r`,
//! `|r| ≤ ln 2 / 2`, Taylor to r¹⁰ by Estrin's scheme (the first term left out is below 2^-42),
//! times 2^k), relative error below 2^-41. The library's `exp` is within 2^-52 of the true
//! value, so the two round to the same f32 unless the value lies within 2^-36 (relative) of a
//! point halfway between two floats (`rounding_certain`): such values, and every input outside
//! (−87, 87) (zero, subnormal and infinite results, NaN), are then computed by the library's
//! `exp` itself. About one value in 2^12 takes that second pass. On x86-64 hosts with AVX2 and
//! FMA the first pass runs four lanes at a time (`exp_ln_x86.rs`); the answers are the same
//! bits either way.

/// ln 2 in two parts (Cody and Waite): `k · LN2_HI` is exact for |k| < 2^11.
pub(super) const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
pub(super) const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// x / ln 2 rounded to an integer by adding this (1.5·2^52): the integer is in the low bits.
pub(super) const SHIFT: f64 = 6_755_399_441_055_744.0;

/// The Taylor coefficients 1/i!, i = 0..=10.
pub(super) const TAYLOR: [f64; 11] = [
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
];

/// Whether a float's bits are those of an x with |x| < 87, where the first pass answers.
#[inline(always)]
pub(super) fn exp_domain(bits: u32) -> bool {
    bits & 0x7fff_ffff < 87.0f32.to_bits()
}

/// A value's f64 exp and whether its f32 rounding is certain (else the second pass decides).
#[inline(always)]
fn first_pass(v: f32) -> (f32, bool) {
    let in_range = exp_domain(v.to_bits());
    let x = if in_range { v as f64 } else { 0.0 };
    let shifted = x * std::f64::consts::LOG2_E + SHIFT;
    let k = shifted - SHIFT;
    let r = (x - k * LN2_HI) - k * LN2_LO;
    let (r2, a) = (r * r, TAYLOR);
    let (r4, q) = (r2 * r2, |i: usize| a[i] + a[i + 1] * r);
    let p = ((q(0) + q(2) * r2) + (q(4) + q(6) * r2) * r4) + (q(8) + a[10] * r2) * (r4 * r4);
    // 2^k: k + 1023 from the low bits of `shifted`, moved to the exponent.
    let scale = f64::from_bits(shifted.to_bits().wrapping_sub(SHIFT.to_bits() - 1023) << 52);
    let y = p * scale;
    // y is a positive normal f64 here.
    (y as f32, in_range & rounding_certain(y))
}

/// `out[i]` = the bits of `(x[i] as f64).exp()` rounded to f32, a NaN made the canonical one.
pub fn exp_f32(x: &[u32], out: &mut [u32]) {
    let done = super::exp_ln_x86::exp_f32(x, out);
    two_pass(&x[done..], &mut out[done..], first_pass, f64::exp)
}

/// The exact answer for one value: `exact` of it rounded to f32, a NaN made canonical.
#[inline]
pub(super) fn exact_bits(v: u32, exact: fn(f64) -> f64) -> u32 {
    crate::sim::lanes::canon_f32(exact(f32::from_bits(v) as f64) as f32).to_bits()
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
                *o = exact_bits(v, exact);
            }
        }
    }
}

/// Whether `y` (a positive or negative normal f64 within 2^-37·|y| of the true value) rounds
/// to the same f32 as the true value: the 29 bits the rounding drops lie farther than 2^16 of
/// their units (at least 2^-37·|y|) from the midpoint 2^28. Crossing a float on the way does
/// not change the nearest one; only the midpoint does. About one value in 2^12 fails it.
#[inline(always)]
pub(super) fn rounding_certain(y: f64) -> bool {
    (y.to_bits().wrapping_sub(MIDPOINT - MARGIN) & DROPPED) > 2 * MARGIN
}

/// The bits an f64 loses when rounded to f32, their midpoint, and the margin kept from it.
pub(super) const DROPPED: u64 = (1 << 29) - 1;
pub(super) const MIDPOINT: u64 = 1 << 28;
pub(super) const MARGIN: u64 = 1 << 16;

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
