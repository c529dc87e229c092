//! Float Ln over a run of lanes, bit for bit the lane function's `(x as f64).ln()` rounded to
//! f32 (`Num::unary_f`), with exp.rs's two passes.
//!
//! First pass, for a positive normal finite x ≠ 1: x = m·2^e with m in [√½, √2) (split on the
//! bits, exactly), s = (m − 1)/(m + 1), ln m = 2s·(1 + s²/3 + s⁴/5 + … + s¹²/13) (the atanh
//! series; |s| ≤ 0.1716, so the terms left out are below 2^-39 of the sum), ln x = e·ln 2 +
//! ln m; relative error below 2^-39 (for e ≠ 0 the two terms have one sign or |ln m| ≤ ln 2 / 2
//! < |e·ln 2| / 2, so nothing cancels). Every other input (zero, negative, subnormal, infinite,
//! NaN), x = 1 (ln x = 0) and a result whose rounding to f32 is not certain go to the
//! library's `ln`.

use super::exp::{rounding_certain, two_pass};

/// The atanh series' coefficients doubled, 2/(2i + 1): ln m = s·Σ C[i]·s^2i.
pub(super) const C: [f64; 7] = [
    2.0,
    2.0 / 3.0,
    2.0 / 5.0,
    2.0 / 7.0,
    2.0 / 9.0,
    2.0 / 11.0,
    2.0 / 13.0,
];

/// The bits of √½ (rounded down): x's bits minus these split x into m·2^e, m in [√½, √2).
pub(super) const SPLIT: u32 = 0x3f35_04f3;

/// Whether the first pass answers for these bits: a positive normal finite float other than 1.
#[inline(always)]
pub(super) fn ln_domain(bits: u32) -> bool {
    bits.wrapping_sub(0x0080_0000) < 0x7f00_0000 && bits != 1.0f32.to_bits()
}

#[inline(always)]
fn first_pass(v: f32) -> (f32, bool) {
    let bits = v.to_bits();
    let t = bits.wrapping_sub(SPLIT);
    let e = (t as i32 >> 23) as f64;
    let m = f32::from_bits(bits.wrapping_sub(t & 0xff80_0000)) as f64;
    let s = (m - 1.0) / (m + 1.0);
    let z = s * s;
    // Estrin's scheme in z.
    let (z2, q) = (z * z, |i: usize| C[i] + C[i + 1] * z);
    let p = (q(0) + q(2) * z2) + (q(4) + C[6] * z2) * (z2 * z2);
    let y = e * std::f64::consts::LN_2 + s * p;
    (y as f32, ln_domain(bits) & rounding_certain(y))
}

/// `out[i]` = the bits of `(x[i] as f64).ln()` rounded to f32, a NaN made the canonical one.
pub fn ln_f32(x: &[u32], out: &mut [u32]) {
    let done = super::exp_ln_x86::ln_f32(x, out);
    two_pass(&x[done..], &mut out[done..], first_pass, f64::ln)
}

#[cfg(test)]
mod tests {
    use super::super::exp::check;
    use super::*;

    /// Random bit patterns (every sign, exponent and class), floats near 1 and √2, and special
    /// values, against the library's ln rounded to f32, with and without AVX2.
    #[test]
    fn ln_equals_the_library_rounded_to_float() {
        let mut x = check::words(0x0fed_cba9_8765_4321, 400_000, |i, r| match i % 4 {
            // Positive normal floats of every exponent.
            0 | 1 => r & 0x7fff_ffff,
            // Within 2^-10 of 1 (the smallest results) and of √2 (the halving point).
            2 => (1.0f32 + ((r >> 9) as f32 / 8_388_608.0 - 0.5) / 512.0).to_bits(),
            _ => {
                (std::f32::consts::SQRT_2 + ((r >> 9) as f32 / 8_388_608.0 - 0.5) / 512.0).to_bits()
            }
        });
        for v in [
            0.0f32,
            -0.0,
            1.0,
            -1.0,
            2.0,
            0.5,
            std::f32::consts::E,
            f32::MAX,
            f32::MIN_POSITIVE,
            1e-40,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
        ] {
            x.push(v.to_bits());
            x.push(v.to_bits().wrapping_add(1));
            x.push(v.to_bits().wrapping_sub(1));
        }
        x.push(0xffc0_1234);
        x.push(0x7f80_0001);
        check::equals_lane_function("ln", &x, ln_f32, first_pass, f64::ln);
    }
}
