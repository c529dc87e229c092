//! The Cast pairs real kernels use most, in fixed-width integer and float arithmetic: float →
//! half and float → bfloat16 in every round mode, half, float and bfloat16 → integers, and
//! small integers → half and float. Each gives the bits `convert`'s exact arithmetic gives
//! (docs/semantics.md §4.7; the tests compare them over every rounding boundary), and says
//! `None` where it does not apply (NaN, CAST_ODD, an integer a float cannot hold exactly): the
//! caller then takes the exact path.

use crate::base::convert::{overflow_to_inf, round_shifted, RoundMode};
use crate::base::dtype::DType;

/// A narrow float format as bits: fraction bits and exponent bits.
#[derive(Clone, Copy)]
pub struct Narrow {
    frac: u32,
    exp: u32,
}

pub const HALF: Narrow = Narrow { frac: 10, exp: 5 };
pub const BF16: Narrow = Narrow { frac: 7, exp: 8 };

/// The float with bits `x` as `to` rounded by `mode`; None for NaN.
#[inline(always)]
pub fn f32_narrow(x: u32, mode: RoundMode, to: Narrow) -> Option<u16> {
    let neg = x >> 31 == 1;
    let sign = if neg { 1u32 << (to.frac + to.exp) } else { 0 };
    let inf = ((1u32 << to.exp) - 1) << to.frac;
    let exp = (x >> 23 & 0xff) as i32;
    let frac = x & 0x7f_ffff;
    if exp == 0xff {
        return (frac == 0).then_some((sign | inf) as u16);
    }
    let (m, e) = if exp == 0 {
        (frac, -149)
    } else {
        (frac | 0x80_0000, exp - 150)
    };
    if m == 0 {
        return Some(sign as u16);
    }
    let bias = (1i32 << (to.exp - 1)) - 1;
    let (emin, emax) = (1 - bias, bias);
    // Exponent of the leading bit, and of the target's last place there.
    let top = e + 31 - m.leading_zeros() as i32;
    let overflow = || {
        let mag = if overflow_to_inf(mode, neg) {
            inf
        } else {
            inf - 1
        };
        Some((sign | mag) as u16)
    };
    if top > emax {
        return overflow();
    }
    let q = top.max(emin) - to.frac as i32;
    let mm = if e >= q {
        (m as u64) << (e - q)
    } else {
        round_shifted(m as u128, (q - e) as u32, neg, mode) as u64
    };
    // The last place of the subnormals is q_min; a normal's hidden bit carries into the
    // exponent field, as does a rounding carry (up to infinity).
    let q_min = emin - to.frac as i32;
    let mag = (((q - q_min) as u64) << to.frac) + mm;
    if mag >= inf as u64 {
        return overflow();
    }
    Some((sign as u64 | mag) as u16)
}

/// A finite or infinite float value (exact in f64) as the integer type `to`, rounded by
/// `mode` and saturated; NaN gives 0. None for CAST_ODD, 64-bit types and int4b_t.
#[inline(always)]
pub fn float_to_int(v: f64, to: DType, mode: RoundMode) -> Option<u64> {
    if to.size() > 4 || to == DType::Int4 {
        return None;
    }
    let (lo, hi) = to.int_range()?;
    let (lo, hi) = (lo as f64, hi as f64);
    let r = match mode {
        RoundMode::Rint | RoundMode::None => v.round_ties_even(),
        // Ties away from zero (`f64::round` is a library call; this stays in registers).
        // Ties away from zero without a branch (random data would mispredict one half the
        // time) and without `f64::round`, a library call: v ± 0.5 is exact in f64 for every
        // half and float value below 2^52, and those above are even integers.
        RoundMode::Round => (v + 0.5f64.copysign(v)).trunc(),
        RoundMode::Floor => v.floor(),
        RoundMode::Ceil => v.ceil(),
        RoundMode::Trunc => v.trunc(),
        RoundMode::Odd => return None,
    };
    if v.is_nan() {
        return Some(0);
    }
    let i = r.max(lo).min(hi) as i64;
    let bits = 8 * to.size();
    Some(i as u64 & (u64::MAX >> (64 - bits)))
}

/// The little-endian half or float elements `x` as the integer type `to` into `out` (one
/// element per `to.size()` bytes), by `float_to_int`; CAST_ODD and int4b_t are not taken
/// (`out` is left as it is). Where the host has SSE4.1 the rounding is one instruction.
pub fn floats_to_ints(x: &[u8], from: DType, out: &mut [u8], to: DType, mode: RoundMode) {
    // Half sources of a run: every half's result read from a table.
    if from == DType::Half && x.len() >= 512 {
        if let Some(t) = half_int_table(to, mode) {
            match to.size() {
                1 => from_table::<1>(t, x, out),
                2 => from_table::<2>(t, x, out),
                _ => from_table::<4>(t, x, out),
            }
            return;
        }
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("sse4.1") {
        // SAFETY: the feature was detected just above.
        unsafe { floats_to_ints_sse41(x, from, out, to, mode) };
        return;
    }
    floats_to_ints_plain(x, from, out, to, mode)
}

/// `float_to_int` of every half for `to` and `mode`, built once per pair and kept for the
/// process (at most one per integer type and round mode); None where `float_to_int` takes no
/// value for the pair.
fn half_int_table(to: DType, mode: RoundMode) -> Option<&'static [u32; 1 << 16]> {
    type Tables = Vec<((DType, RoundMode), &'static [u32; 1 << 16])>;
    static TABLES: std::sync::Mutex<Tables> = std::sync::Mutex::new(Vec::new());
    let mut tables = TABLES.lock().ok()?;
    if let Some(&(_, t)) = tables.iter().find(|(k, _)| *k == (to, mode)) {
        return Some(t);
    }
    float_to_int(0.0, to, mode)?;
    let mut t = Box::new([0u32; 1 << 16]);
    for (h, r) in t.iter_mut().enumerate() {
        let v = crate::base::convert::half_to_f32(h as u16) as f64;
        *r = float_to_int(v, to, mode).unwrap_or(0) as u32;
    }
    let t: &'static [u32; 1 << 16] = Box::leak(t);
    tables.push(((to, mode), t));
    Some(t)
}

/// The half lanes `x` converted through `t` into D-byte integers.
fn from_table<const D: usize>(t: &[u32; 1 << 16], x: &[u8], out: &mut [u8]) {
    for (xi, oi) in x.chunks_exact(2).zip(out.chunks_exact_mut(D)) {
        let r = t[u16::from_le_bytes([xi[0], xi[1]]) as usize].to_le_bytes();
        oi.copy_from_slice(&r[..D]);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse4.1")]
unsafe fn floats_to_ints_sse41(x: &[u8], from: DType, out: &mut [u8], to: DType, mode: RoundMode) {
    floats_to_ints_plain(x, from, out, to, mode)
}

#[inline(always)]
fn floats_to_ints_plain(x: &[u8], from: DType, out: &mut [u8], to: DType, mode: RoundMode) {
    match (from.size(), to.size()) {
        (2, 1) => sized::<2, 1>(x, out, to, mode),
        (2, 2) => sized::<2, 2>(x, out, to, mode),
        (2, 4) => sized::<2, 4>(x, out, to, mode),
        (4, 1) => sized::<4, 1>(x, out, to, mode),
        (4, 2) => sized::<4, 2>(x, out, to, mode),
        (4, 4) => sized::<4, 4>(x, out, to, mode),
        _ => {}
    }
}

/// `floats_to_ints` for S-byte floats (half or float) into D-byte integers.
#[inline(always)]
fn sized<const S: usize, const D: usize>(x: &[u8], out: &mut [u8], to: DType, mode: RoundMode) {
    for (xi, oi) in x.chunks_exact(S).zip(out.chunks_exact_mut(D)) {
        let v = match S {
            2 => crate::base::convert::half_to_f32(u16::from_le_bytes([xi[0], xi[1]])),
            _ => f32::from_bits(u32::from_le_bytes([xi[0], xi[1], xi[2], xi[3]])),
        };
        if let Some(r) = float_to_int(v as f64, to, mode) {
            let b = r.to_le_bytes();
            oi.copy_from_slice(&b[..D]);
        }
    }
}

/// The integer `v` as float or half when the target holds it exactly (|v| ≤ 2^24, 2^11);
/// None otherwise.
#[inline(always)]
pub fn int_to_float(v: i64, to: DType) -> Option<u64> {
    match to {
        DType::Float if v.unsigned_abs() <= 1 << 24 => Some((v as f32).to_bits() as u64),
        DType::Half if v.unsigned_abs() <= 1 << 11 => {
            Some(crate::base::convert::f32_to_half(v as f32) as u64)
        }
        _ => None,
    }
}

/// The integer value of the bits `bits` of the integer type `d` (not int4b_t).
#[inline(always)]
fn int_value(d: DType, bits: u64) -> Option<i64> {
    Some(match d {
        DType::Int8 => bits as u8 as i8 as i64,
        DType::UInt8 => bits as u8 as i64,
        DType::Int16 => bits as u16 as i16 as i64,
        DType::UInt16 => bits as u16 as i64,
        DType::Int32 => bits as u32 as i32 as i64,
        DType::UInt32 => bits as u32 as i64,
        _ => return None,
    })
}

/// `convert` for the pairs above; None where the exact path decides.
#[inline(always)]
/// `v` rounded to an integral float by `mode`, a zero result +0 (`convert`'s float → float of
/// the same type); None for NaN, ±inf and CAST_ODD, which the exact path takes.
fn float_integral(v: f32, mode: RoundMode) -> Option<f32> {
    if !v.is_finite() {
        return None;
    }
    let r = match mode {
        RoundMode::Rint | RoundMode::None => v.round_ties_even(),
        RoundMode::Round => v.round(),
        RoundMode::Floor => v.floor(),
        RoundMode::Ceil => v.ceil(),
        RoundMode::Trunc => v.trunc(),
        RoundMode::Odd => return None,
    };
    Some(if r == 0.0 { 0.0 } else { r })
}

pub fn convert(bits: u64, from: DType, to: DType, mode: RoundMode) -> Option<u64> {
    use crate::base::convert::half_to_f32;
    match (from, to) {
        (DType::Half, DType::Float) if bits as u16 & 0x7fff <= 0x7c00 => {
            Some(half_to_f32(bits as u16).to_bits() as u64)
        }
        (DType::BFloat16, DType::Float) if bits as u16 & 0x7fff <= 0x7f80 => {
            Some(((bits as u32 & 0xffff) << 16) as u64)
        }
        (DType::Float, DType::Float) => {
            float_integral(f32::from_bits(bits as u32), mode).map(|r| r.to_bits() as u64)
        }
        (DType::Float, DType::Half) => f32_narrow(bits as u32, mode, HALF).map(u64::from),
        (DType::Float, DType::BFloat16) => f32_narrow(bits as u32, mode, BF16).map(u64::from),
        (DType::Half | DType::Float | DType::BFloat16, _) => {
            let v = match from {
                DType::Half => half_to_f32(bits as u16),
                DType::BFloat16 => f32::from_bits((bits as u32) << 16),
                _ => f32::from_bits(bits as u32),
            };
            float_to_int(v as f64, to, mode)
        }
        _ => int_to_float(int_value(from, bits)?, to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::convert::convert_general;
    use crate::base::rng::SplitMix64;

    /// Every mode but CAST_ODD (which the typed conversions leave to the exact path).
    fn modes() -> impl Iterator<Item = RoundMode> {
        RoundMode::ALL.into_iter().filter(|&m| m != RoundMode::Odd)
    }

    /// f32 bit patterns at every rounding boundary of a 16-bit target whose value `of` decodes
    /// a bit pattern: each target value, the f32 values next to it, the midpoints between
    /// neighbours and one f32 ulp either side, each negated; then `random` random patterns.
    fn probes(of: impl Fn(u16) -> f32, random: usize) -> Vec<u32> {
        let mut v = Vec::new();
        for h in 0..=u16::MAX {
            let x = of(h);
            let next = of(h.wrapping_add(1));
            for y in [x, next] {
                v.extend([
                    y.to_bits(),
                    y.to_bits().wrapping_add(1),
                    y.to_bits().wrapping_sub(1),
                ]);
            }
            if x.is_finite() && next.is_finite() {
                let mid = ((x as f64 + next as f64) / 2.0) as f32;
                v.extend([mid.to_bits(), mid.to_bits() + 1, mid.to_bits() - 1]);
            }
        }
        v.extend([
            0x7f7f_ffff,
            0x7f80_0000,
            0x0000_0001,
            0x0080_0000,
            0x4f00_0000,
            0x4effffff,
        ]);
        let mut rng = SplitMix64::new(17);
        v.extend((0..random).map(|_| rng.next_u64() as u32));
        let neg: Vec<u32> = v.iter().map(|b| b ^ 0x8000_0000).collect();
        v.extend(neg);
        v
    }

    /// float → half and float → bfloat16 in every mode but CAST_ODD: the exact path's bits at
    /// every rounding boundary of the target and on 100,000 random floats.
    #[test]
    fn float_to_narrow_floats_equal_the_exact_path() {
        let half = |h: u16| half::f16::from_bits(h).to_f32();
        let bf = |h: u16| half::bf16::from_bits(h).to_f32();
        for (to, of) in [
            (DType::Half, &half as &dyn Fn(u16) -> f32),
            (DType::BFloat16, &bf),
        ] {
            for x in probes(of, 100_000) {
                for mode in modes() {
                    let want = convert_general(x as u64, DType::Float, to, mode);
                    let got = convert(x as u64, DType::Float, to, mode);
                    if f32::from_bits(x).is_nan() {
                        assert_eq!(got, None);
                    } else {
                        assert_eq!(
                            got,
                            Some(want),
                            "{:e} ({x:#010x}) → {to:?} {mode:?}",
                            f32::from_bits(x)
                        );
                    }
                }
            }
        }
    }

    /// bfloat16 → float for every bfloat16 but the NaNs (exact: its bits widened), and float →
    /// float (an integral value by the mode, zero as +0) at every half's rounding boundary and
    /// on 100,000 random floats, in every mode but CAST_ODD: the exact path's bits.
    #[test]
    fn bfloat16_to_float_and_float_to_float_equal_the_exact_path() {
        for b in 0..=u16::MAX as u64 {
            for mode in modes() {
                let got = convert(b, DType::BFloat16, DType::Float, mode);
                if half::bf16::from_bits(b as u16).is_nan() {
                    assert_eq!(got, None);
                } else {
                    let want = convert_general(b, DType::BFloat16, DType::Float, mode);
                    assert_eq!(got, Some(want), "{b:#06x} {mode:?}");
                }
            }
        }
        let mut floats = probes(|h| half::f16::from_bits(h).to_f32(), 100_000);
        floats.extend([
            0x4b00_0000,
            0x4b00_0001,
            0x4aff_ffff,
            0x3f00_0000,
            0x3fc0_0000,
            0x4020_0000,
        ]);
        for x in floats {
            for mode in modes() {
                let got = convert(x as u64, DType::Float, DType::Float, mode);
                if f32::from_bits(x).is_finite() {
                    let want = convert_general(x as u64, DType::Float, DType::Float, mode);
                    assert_eq!(
                        got,
                        Some(want),
                        "{:e} ({x:#010x}) {mode:?}",
                        f32::from_bits(x)
                    );
                } else {
                    assert_eq!(got, None);
                }
            }
        }
    }

    /// half, float and bfloat16 → every integer type but 64-bit and int4b_t, in every mode but
    /// CAST_ODD: the exact path's bits for every half and bfloat16, and for floats at the
    /// integer types' edges, the halves' and bfloat16s' values and random patterns.
    #[test]
    fn floats_to_integers_equal_the_exact_path() {
        let ints = DType::ALL
            .into_iter()
            .filter(|d| d.int_range().is_some() && d.size() <= 4 && *d != DType::Int4);
        let mut floats: Vec<u32> = probes(|h| half::f16::from_bits(h).to_f32(), 20_000);
        for edge in [
            128.0f64,
            256.0,
            32768.0,
            65536.0,
            2147483648.0,
            4294967296.0,
        ] {
            for v in [
                edge,
                edge - 0.5,
                edge - 1.0,
                edge + 0.5,
                edge + 1.0,
                -edge,
                -edge - 1.0,
                -edge + 0.5,
            ] {
                let f = v as f32;
                floats.extend([f.to_bits(), f.to_bits() + 1, f.to_bits() - 1]);
            }
        }
        for to in ints {
            for mode in modes() {
                for h in 0..=u16::MAX as u64 {
                    for from in [DType::Half, DType::BFloat16] {
                        let want = convert_general(h, from, to, mode);
                        assert_eq!(
                            convert(h, from, to, mode),
                            Some(want),
                            "{from:?} {h:#06x} → {to:?} {mode:?}"
                        );
                    }
                }
                for &x in &floats {
                    let want = convert_general(x as u64, DType::Float, to, mode);
                    assert_eq!(
                        convert(x as u64, DType::Float, to, mode),
                        Some(want),
                        "{:e} → {to:?} {mode:?}",
                        f32::from_bits(x)
                    );
                }
            }
        }
    }

    /// A run of every half through `floats_to_ints` (the table path) gives the exact path's
    /// bits for every integer type and mode.
    #[test]
    fn half_runs_to_integers_equal_the_exact_path() {
        let x: Vec<u8> = (0..=u16::MAX).flat_map(|h| h.to_le_bytes()).collect();
        for to in DType::ALL
            .into_iter()
            .filter(|d| d.int_range().is_some() && d.size() <= 4 && *d != DType::Int4)
        {
            for mode in modes() {
                let d = to.size() as usize;
                let mut out = vec![0u8; (1 << 16) * d];
                floats_to_ints(&x, DType::Half, &mut out, to, mode);
                for h in 0..=u16::MAX as usize {
                    let mut want = [0u8; 8];
                    want[..8].copy_from_slice(
                        &convert_general(h as u64, DType::Half, to, mode).to_le_bytes(),
                    );
                    assert_eq!(
                        out[h * d..(h + 1) * d],
                        want[..d],
                        "half {h:#06x} → {to:?} {mode:?}"
                    );
                }
            }
        }
    }

    /// Integers → float and half where exact, in every mode: the exact path's bits; None past
    /// 2^24 and 2^11.
    #[test]
    fn small_integers_to_floats_equal_the_exact_path() {
        let mut rng = SplitMix64::new(5);
        let mut vals: Vec<i64> = (-70_000..70_000).collect();
        vals.extend((0..50_000).map(|_| rng.next_u64() as i32 as i64));
        vals.extend([
            1 << 24,
            -(1 << 24),
            (1 << 24) + 1,
            i32::MIN as i64,
            i32::MAX as i64,
        ]);
        for (from, lo, hi) in [
            (DType::Int16, i16::MIN as i64, i16::MAX as i64),
            (DType::Int32, i32::MIN as i64, i32::MAX as i64),
            (DType::UInt8, 0, 255),
            (DType::Int8, -128, 127),
        ] {
            for &v in vals.iter().filter(|&&v| v >= lo && v <= hi) {
                let bits = v as u64 & (u64::MAX >> (64 - 8 * from.size()));
                for to in [DType::Float, DType::Half] {
                    for mode in modes() {
                        let got = convert(bits, from, to, mode);
                        let exact = match to {
                            DType::Float => v.unsigned_abs() <= 1 << 24,
                            _ => v.unsigned_abs() <= 1 << 11,
                        };
                        let want = exact.then(|| convert_general(bits, from, to, mode));
                        assert_eq!(got, want, "{v} {from:?} → {to:?} {mode:?}");
                    }
                }
            }
        }
    }
}
