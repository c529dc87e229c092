//! Float Ln over a run of lanes, bit for bit the lane function's `(x as f64).ln()` rounded to
//! f32 (`Num::unary_f`), with exp.rs's two passes.
//!
//! First pass, for a positive normal finite x: x = m·2^e with m in [√½, √2), s = (m − 1)/(m + 1),
//! ln m = 2s·(1 + s²/3 + s⁴/5 + … + s¹⁶/17) (the atanh series; |s| ≤ 0.1716, so the terms left
//! out are below 2^-50 of the sum), ln x = e·ln 2 + ln m; relative error below 2^-47 (for e ≠ 0
//! the two terms have one sign or |ln m| ≤ ln 2 / 2 < |e·ln 2| / 2, so nothing cancels). Every
//! other input (zero, negative, subnormal, infinite, NaN), x = 1 (ln x = 0), and a result whose
//! rounding to f32 is not certain go to the library's `ln`.

use super::exp::{rounding_certain, two_pass_best};

#[inline(always)]
fn first_pass(v: f32) -> (f32, bool) {
    let bits = v.to_bits();
    // A positive normal finite float.
    let normal = bits.wrapping_sub(0x0080_0000) < 0x7f00_0000;
    let biased = ((bits >> 23) & 0xff) as i32;
    // m in [1, 2) from the fraction bits; halved (e one more) when above √2.
    let m1 = f64::from_bits(0x3ff0_0000_0000_0000 | (((bits & 0x007f_ffff) as u64) << 29));
    let high = m1 > std::f64::consts::SQRT_2;
    let m = if high { m1 * 0.5 } else { m1 };
    let e = (biased - 127 + high as i32) as f64;
    let s = (m - 1.0) / (m + 1.0);
    let z = s * s;
    const C: [f64; 9] = [
        1.0,
        1.0 / 3.0,
        1.0 / 5.0,
        1.0 / 7.0,
        1.0 / 9.0,
        1.0 / 11.0,
        1.0 / 13.0,
        1.0 / 15.0,
        1.0 / 17.0,
    ];
    // Estrin's scheme in z.
    let z2 = z * z;
    let z4 = z2 * z2;
    let q = |i: usize| C[i] + C[i + 1] * z;
    let p = (q(0) + q(2) * z2) + (q(4) + q(6) * z2) * z4 + C[8] * (z4 * z4);
    let y = e * std::f64::consts::LN_2 + 2.0 * s * p;
    let f = y as f32;
    (f, normal & (y != 0.0) & rounding_certain(y, f))
}

/// `out[i]` = the bits of `(x[i] as f64).ln()` rounded to f32, a NaN made the canonical one.
pub fn ln_f32(x: &[u32], out: &mut [u32]) {
    two_pass_best(x, out, first_pass, f64::ln)
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
