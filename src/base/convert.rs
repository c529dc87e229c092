//! Conversion and rounding between element types (docs/semantics.md §4.7): the one correctly
//! rounded conversion (`round_exact_mode`), the Cast round modes, and `convert` between any two
//! element types with saturating integer targets. Used by the loader for literals and by every
//! kernel. Ground floor.

use crate::base::dtype::{DType, Value};
use half::{bf16, f16};
/// Precision and exponent range of a binary floating-point format.
/// Binary floating-point formats: significand bits (with the hidden bit) and the exponent
/// range of normal numbers.
#[derive(Clone, Copy)]
pub struct FloatFmt {
    pub p: u32,
    pub emin: i32,
    pub emax: i32,
}

pub fn float_fmt(d: DType) -> Option<FloatFmt> {
    match d {
        DType::Half => Some(FloatFmt {
            p: 11,
            emin: -14,
            emax: 15,
        }),
        DType::BFloat16 => Some(FloatFmt {
            p: 8,
            emin: -126,
            emax: 127,
        }),
        DType::Float => Some(FloatFmt {
            p: 24,
            emin: -126,
            emax: 127,
        }),
        _ => None,
    }
}

/// A Cast round mode (docs/semantics.md §4.7, DK `precision_conversion`): how the part of a value
/// that the target cannot hold is dropped. `None` is RINT when precision is lost and exact
/// otherwise, which is RINT in effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RoundMode {
    None,
    /// Nearest, ties to even.
    #[default]
    Rint,
    /// Toward −∞.
    Floor,
    /// Toward +∞.
    Ceil,
    /// Nearest, ties away from zero.
    Round,
    /// Toward zero.
    Trunc,
    /// Von Neumann: truncate, and set the last kept bit when anything was dropped.
    Odd,
}

impl RoundMode {
    pub const ALL: [RoundMode; 7] = [
        RoundMode::None,
        RoundMode::Rint,
        RoundMode::Floor,
        RoundMode::Ceil,
        RoundMode::Round,
        RoundMode::Trunc,
        RoundMode::Odd,
    ];

    /// The C++ enumerator name.
    pub const fn name(self) -> &'static str {
        match self {
            RoundMode::None => "CAST_NONE",
            RoundMode::Rint => "CAST_RINT",
            RoundMode::Floor => "CAST_FLOOR",
            RoundMode::Ceil => "CAST_CEIL",
            RoundMode::Round => "CAST_ROUND",
            RoundMode::Trunc => "CAST_TRUNC",
            RoundMode::Odd => "CAST_ODD",
        }
    }

    pub fn parse(s: &str) -> Option<RoundMode> {
        RoundMode::ALL.into_iter().find(|m| m.name() == s)
    }

    /// One bit per mode, for per-product tables of allowed modes.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// `m >> shift` rounded by `mode` for a value of sign `neg` (the magnitude that stays).
#[inline(always)]
pub(crate) fn round_shifted(m: u128, shift: u32, neg: bool, mode: RoundMode) -> u128 {
    if shift == 0 {
        return m;
    }
    let (kept, rem) = if shift >= 128 {
        (0, m)
    } else {
        (m >> shift, m & ((1u128 << shift) - 1))
    };
    if rem == 0 {
        return kept;
    }
    // Where the dropped part lies against one half of the last kept place.
    let half = match shift {
        s if s > 128 => std::cmp::Ordering::Less,
        128 => rem.cmp(&(1u128 << 127)),
        s => rem.cmp(&(1u128 << (s - 1))),
    };
    use std::cmp::Ordering::*;
    let up = match mode {
        RoundMode::Rint | RoundMode::None => half == Greater || (half == Equal && kept & 1 == 1),
        RoundMode::Round => half != Less,
        RoundMode::Trunc => false,
        RoundMode::Floor => neg,
        RoundMode::Ceil => !neg,
        RoundMode::Odd => return kept | 1,
    };
    kept + u128::from(up)
}

/// Whether a value too large for the target becomes ±inf (IEEE 754 for the mode) rather than
/// the largest finite value.
#[inline(always)]
pub(crate) fn overflow_to_inf(mode: RoundMode, neg: bool) -> bool {
    match mode {
        RoundMode::Rint | RoundMode::None | RoundMode::Round => true,
        RoundMode::Trunc | RoundMode::Odd => false,
        RoundMode::Floor => neg,
        RoundMode::Ceil => !neg,
    }
}

/// The largest finite value of `f`.
pub fn float_max(f: FloatFmt) -> f64 {
    ((1u64 << f.p) - 1) as f64 * 2f64.powi(f.emax - f.p as i32 + 1)
}

/// Rounds (−1)^neg · m · 2^e to the nearest value of `f`, ties to even, subnormals included.
/// Returns ±inf when the rounded magnitude reaches 2^(emax+1). The result is exact in f64.
pub fn round_exact(neg: bool, m: u128, e: i32, f: FloatFmt) -> f64 {
    round_exact_mode(neg, m, e, f, RoundMode::Rint)
}

/// Rounds (−1)^neg · m · 2^e to a value of `f` by `mode`, subnormals included: the one
/// correctly rounded conversion of the crate. Overflow follows IEEE 754 for the mode: nearest
/// modes give ±inf, truncation and CAST_ODD the largest finite value, FLOOR/CEIL whichever of
/// the two lies in their direction (the A2 boundary table: float MAX → half is +inf under
/// CAST_RINT, docs/semantics.md §6). The result is exact in f64.
pub fn round_exact_mode(neg: bool, m: u128, e: i32, f: FloatFmt, mode: RoundMode) -> f64 {
    let signed = |v: f64| if neg { -v } else { v };
    if m == 0 {
        return signed(0.0);
    }
    let top = e + (128 - m.leading_zeros() as i32) - 1; // exponent of the leading bit
    let q = top.max(f.emin) - (f.p as i32 - 1); // exponent of the target's last place
    let (mm, qq) = if e >= q {
        (m, e)
    } else {
        (round_shifted(m, (q - e) as u32, neg, mode), q)
    };
    if mm == 0 {
        return signed(0.0);
    }
    let mag_top = qq + (128 - mm.leading_zeros() as i32) - 1;
    if mag_top > f.emax {
        return signed(if overflow_to_inf(mode, neg) {
            f64::INFINITY
        } else {
            float_max(f)
        });
    }
    // mm ≤ 2^p ≤ 2^24 and −149 ≤ qq ≤ 127 here, so both factors and the product are exact.
    signed(mm as f64 * 2f64.powi(qq))
}

/// An element decoded exactly: NaN, ±inf, or (−1)^neg · m · 2^e.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Exact {
    Nan,
    Inf { neg: bool },
    Finite { neg: bool, m: u128, e: i32 },
}

/// The exact value of the element with raw bits `bits` of type `d`.
pub fn exact(d: DType, bits: u64) -> Exact {
    let float = |bits: u64, frac_bits: u32, exp_bits: u32| {
        let neg = bits >> (frac_bits + exp_bits) & 1 == 1;
        let exp = ((bits >> frac_bits) & ((1 << exp_bits) - 1)) as i32;
        let frac = (bits & ((1 << frac_bits) - 1)) as u128;
        let bias = (1 << (exp_bits - 1)) - 1;
        if exp == (1 << exp_bits) - 1 {
            if frac == 0 {
                Exact::Inf { neg }
            } else {
                Exact::Nan
            }
        } else if exp == 0 {
            Exact::Finite {
                neg,
                m: frac,
                e: 1 - bias - frac_bits as i32,
            }
        } else {
            Exact::Finite {
                neg,
                m: frac | 1 << frac_bits,
                e: exp - bias - frac_bits as i32,
            }
        }
    };
    let int = |v: i128| Exact::Finite {
        neg: v < 0,
        m: v.unsigned_abs(),
        e: 0,
    };
    match d {
        DType::Half => float(bits & 0xffff, 10, 5),
        DType::BFloat16 => float(bits & 0xffff, 7, 8),
        DType::Float => float(bits & 0xffff_ffff, 23, 8),
        DType::Int8 => int(bits as u8 as i8 as i128),
        DType::UInt8 => int(bits as u8 as i128),
        DType::Int16 => int(bits as u16 as i16 as i128),
        DType::UInt16 => int(bits as u16 as i128),
        DType::Int32 => int(bits as u32 as i32 as i128),
        DType::UInt32 => int(bits as u32 as i128),
        DType::Int64 => int(bits as i64 as i128),
        DType::UInt64 => int(bits as i128),
        DType::Int4 => int(crate::base::dtype::nibble(bits as u8, false) as i128),
    }
}

/// Raw bits of the float type `d` holding `v` (which `d` represents exactly, or is ±inf/NaN;
/// NaN becomes the type's positive quiet NaN).
fn float_bits(d: DType, v: f64) -> u64 {
    match d {
        DType::Half if v.is_nan() => 0x7e00,
        DType::Half => f16::from_f64(v).to_bits() as u64,
        DType::BFloat16 if v.is_nan() => 0x7fc0,
        DType::BFloat16 => bf16::from_f64(v).to_bits() as u64,
        _ if v.is_nan() => 0x7fc0_0000,
        _ => (v as f32).to_bits() as u64,
    }
}

/// `v` saturated into the integer type `d`, as raw bits.
fn int_bits(d: DType, v: i128) -> u64 {
    let (lo, hi) = d.int_range().unwrap_or((0, 0));
    v.clamp(lo, hi) as u64 & mask_bits(d)
}

fn mask_bits(d: DType) -> u64 {
    if d.size() == 8 {
        u64::MAX
    } else {
        (1u64 << (8 * d.size())) - 1
    }
}

/// Converts the element `bits` of type `from` to type `to` by `mode` (docs/semantics.md §4.7, DK
/// `precision_conversion` and the A2 boundary table `DK-appx`):
/// - float targets round by `mode`; overflow as in [`round_exact_mode`]; NaN stays NaN;
/// - integer targets round to an integer by `mode` and **saturate**; NaN gives 0, ±inf the
///   extremes; negative values saturate to 0 in unsigned targets ("treated as exceptions");
/// - float → float of the same type rounds to an integral value (DK: float→float 0.5 →
///   CAST_RINT 0.0), and −0 becomes +0 (A2 boundary table note).
pub fn convert(bits: u64, from: DType, to: DType, mode: RoundMode) -> u64 {
    // The common pairs of real kernels without the exact arithmetic below (float → half and
    // bfloat16, floats → integers, small integers → floats: `typed_convert`, which agrees
    // with it bit for bit; NaNs and the rest take the general path).
    crate::base::typed_convert::convert(bits, from, to, mode)
        .unwrap_or_else(|| convert_general(bits, from, to, mode))
}

/// `convert` under Ascend 950's truncation mode for conversions (CTRL[59] = 1 with CTRL[60] = 1,
/// DK:特殊寄存器访问/SetCtrlSpr(ISASI) 表3, docs/semantics.md §4.7): an integer target keeps the
/// low bits of the value rounded by `mode` ("溢出值按目标数据类型位数截断，保留低位，舍弃高位")
/// instead of saturating. The page says nothing of NaN and ±inf: ascstep gives 0 for them, as
/// for a magnitude of 2^127 or more (whose low bits are all 0). Float targets convert as
/// [`convert`].
pub fn convert_wrapping(bits: u64, from: DType, to: DType, mode: RoundMode) -> u64 {
    if float_fmt(to).is_some() || to.int_range().is_none() {
        return convert(bits, from, to, mode);
    }
    let v: i128 = match exact(from, bits) {
        Exact::Finite { neg, m, e } => match round_to_int(neg, m, e, mode) {
            // Below 2^127: fits.
            Some(mag) if neg => -(mag as i128),
            Some(mag) => mag as i128,
            None => 0,
        },
        Exact::Nan | Exact::Inf { .. } => 0,
    };
    wrap_int(v, to)
}

/// The low bits of `v` in the integer type `to` (its values are 2^bits consecutive integers),
/// as stored: truncation mode's result (`convert_wrapping`).
pub fn wrap_int(v: i128, to: DType) -> u64 {
    let (lo, hi) = to.int_range().unwrap_or((0, 0));
    let span = (hi - lo) as u128 + 1;
    (v as u128 & (span - 1)) as u64
}

/// `convert` by exact arithmetic, for every pair and mode.
pub(crate) fn convert_general(bits: u64, from: DType, to: DType, mode: RoundMode) -> u64 {
    let x = exact(from, bits);
    match (float_fmt(to), x) {
        (Some(f), Exact::Finite { neg, m, e }) if from == to => {
            // Integral rounding within the type; every result is representable.
            let v = match round_to_int(neg, m, e, mode) {
                Some(0) => 0.0,
                Some(mag) => round_exact(neg, mag, 0, f),
                None => round_exact(neg, m, e, f),
            };
            float_bits(to, v)
        }
        _ => from_exact(x, to, mode),
    }
}

/// The exact value `x` in type `to`, rounded by `mode` (the rules of [`convert`]).
pub fn from_exact(x: Exact, to: DType, mode: RoundMode) -> u64 {
    match float_fmt(to) {
        Some(f) => {
            let v = match x {
                Exact::Nan => f64::NAN,
                Exact::Inf { neg } => {
                    if neg {
                        f64::NEG_INFINITY
                    } else {
                        f64::INFINITY
                    }
                }
                Exact::Finite { neg, m, e } => round_exact_mode(neg, m, e, f, mode),
            };
            float_bits(to, v)
        }
        None => {
            let v: i128 = match x {
                Exact::Nan => 0,
                Exact::Inf { neg } => {
                    if neg {
                        i128::MIN
                    } else {
                        i128::MAX
                    }
                }
                Exact::Finite { neg, m, e } => match round_to_int(neg, m, e, mode) {
                    Some(mag) if neg => -(mag.min(i128::MAX as u128) as i128),
                    Some(mag) => mag.min(i128::MAX as u128) as i128,
                    None if neg => i128::MIN,
                    None => i128::MAX,
                },
            };
            int_bits(to, v)
        }
    }
}

/// The magnitude of (−1)^neg · m · 2^e rounded to an integer by `mode`; None when it does not
/// fit 127 bits.
fn round_to_int(neg: bool, m: u128, e: i32, mode: RoundMode) -> Option<u128> {
    if e >= 0 {
        let bits = 128 - m.leading_zeros() as i32;
        if m != 0 && bits + e > 127 {
            return None;
        }
        return Some(m << e);
    }
    Some(round_shifted(m, e.unsigned_abs(), neg, mode))
}

pub fn round_f64(v: f64, f: FloatFmt) -> f64 {
    if !v.is_finite() {
        return v;
    }
    let bits = v.to_bits();
    let neg = bits >> 63 == 1;
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = (bits & ((1u64 << 52) - 1)) as u128;
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | 1u128 << 52, exp - 1075)
    };
    round_exact(neg, m, e, f)
}

/// `v` rounded to nearest-even in `d` (for float types), as an f64 that the type holds
/// exactly. The `half` crate's own f64 conversion truncates low bits before rounding.
pub fn round_to(d: DType, v: f64) -> f64 {
    match float_fmt(d) {
        Some(f) => round_f64(v, f),
        None => v,
    }
}

/// `a·b + c` rounded once to the float type `d`, to nearest even (a fused multiply–add,
/// docs/semantics.md §9 row 32). The inputs are values of `d` (half, bfloat16 or float), so the
/// product is exact in f64 (at most 2·24 significant bits); the sum's rounding error in f64 is
/// recovered exactly (TwoSum), and decides the one case where rounding the f64 sum to `d`
/// would differ from rounding the exact sum: an f64 sum that lies exactly halfway between two
/// values of `d`.
pub fn fused_mul_add(a: f64, b: f64, c: f64, d: DType) -> f64 {
    let p = a * b;
    let s = p + c;
    let Some(f) = float_fmt(d) else {
        return s;
    };
    if !s.is_finite() {
        return s;
    }
    let bv = s - p;
    let err = (p - (s - bv)) + (c - bv);
    let (neg, m, e) = f64_parts(s);
    let r = round_exact_mode(neg, m, e, f, RoundMode::Rint);
    if err == 0.0 || r == s {
        return r;
    }
    let lo = round_exact_mode(neg, m, e, f, RoundMode::Floor);
    let hi = round_exact_mode(neg, m, e, f, RoundMode::Ceil);
    if s - lo == hi - s {
        if err > 0.0 {
            hi
        } else {
            lo
        }
    } else {
        r
    }
}

/// A finite f64 as sign, integer significand and exponent: `v = ±m·2^e`.
fn f64_parts(v: f64) -> (bool, u128, i32) {
    let bits = v.to_bits();
    let neg = bits >> 63 == 1;
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = (bits & ((1u64 << 52) - 1)) as u128;
    if exp == 0 {
        (neg, frac, -1074)
    } else {
        (neg, frac | 1u128 << 52, exp - 1075)
    }
}

/// `v` converted to `to` as a C++ assignment converts (docs/format.md §10): integers wrap
/// modulo 2^bits, floats truncate toward zero into integers (NaN, ±inf or out of range: an
/// error, undefined behaviour in C++), and anything becomes a float type by rounding to
/// nearest even.
pub fn cast_value(v: Value, to: DType) -> Result<Value, String> {
    if let Some(f) = float_fmt(to) {
        return Ok(Value::Float(match v {
            Value::Float(x) if x.is_nan() || x.is_infinite() => x,
            Value::Float(x) => round_f64(x, f),
            Value::Int(i) => round_exact(i < 0, i.unsigned_abs(), 0, f),
        }));
    }
    let Some((lo, hi)) = to.int_range() else {
        return Err(format!("no conversion to {to}"));
    };
    let i = match v {
        Value::Int(i) => i,
        Value::Float(x) => {
            let t = x.trunc();
            if !t.is_finite() || t < lo as f64 || t > hi as f64 {
                return Err(format!(
                    "{x} does not fit {to} (valid {lo}..={hi}); converting it is undefined in C++"
                ));
            }
            t as i128
        }
    };
    // Wrap modulo 2^bits into the type's range.
    let bits = to.size() * 8;
    let m = 1i128 << bits;
    let mut w = i.rem_euclid(m);
    if lo < 0 && w > hi {
        w -= m;
    }
    Ok(Value::Int(w))
}

/// A half's bits as f32, exactly: normal and subnormal values scaled into f32's exponent range
/// by one exact multiplication by 2^112; infinities by bits, NaNs quieted with their payload.
#[inline(always)]
pub fn half_to_f32(h: u16) -> f32 {
    let sign = ((h as u32) & 0x8000) << 16;
    let em = (h as u32) & 0x7fff;
    let mag = if em > 0x7c00 {
        // NaN: quieted, as F16C and the `half` crate do.
        0x7fc0_0000 | ((em & 0x3ff) << 13)
    } else if em == 0x7c00 {
        0x7f80_0000
    } else {
        (f32::from_bits(em << 13) * f32::from_bits(0x7780_0000)).to_bits()
    };
    f32::from_bits(sign | mag)
}

/// f32 to half bits, rounding to nearest, ties to even; overflow to infinity; a NaN keeps the
/// top 10 payload bits with the quiet bit set.
#[inline(always)]
pub fn f32_to_half(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let a = b & 0x7fff_ffff;
    if a >= 0x7f80_0000 {
        let nan = if a > 0x7f80_0000 {
            0x0200 | ((a >> 13) & 0x3ff) as u16
        } else {
            0
        };
        return sign | 0x7c00 | nan;
    }
    if a >= 0x4780_0000 {
        // 65536 and above.
        return sign | 0x7c00;
    }
    if a < 0x3880_0000 {
        // Below 2^-14: a subnormal half (or zero, or the smallest normal after rounding), in
        // units of 2^-24, rounded once (the scaling is exact).
        let units = (f32::from_bits(a) * 16_777_216.0).round_ties_even();
        return sign | units as u16;
    }
    // Normal: rebias the exponent by 112, round the mantissa from 23 to 10 bits; a carry moves
    // into the exponent (and up to infinity).
    let r = a - 0x3800_0000;
    let h = (r + 0x0fff + ((r >> 13) & 1)) >> 13;
    sign | h as u16
}

#[cfg(test)]
mod tests {

    /// The f32 values where float → half rounding can go wrong, each also negated: every half,
    /// every midpoint between neighbouring finite halves and one f32 ulp either side of it (all
    /// the ties and near-ties of round-to-nearest-even), the overflow and underflow edges, and
    /// `random` random f32 bit patterns.
    fn f32_to_half_probes(random: usize, seed: u64) -> impl Iterator<Item = f32> {
        let mut v = Vec::new();
        for h in 0..=u16::MAX {
            let x = half::f16::from_bits(h).to_f32();
            v.push(x);
            let next = half::f16::from_bits(h.wrapping_add(1)).to_f32();
            if x.is_finite() && next.is_finite() && (h & 0x7fff) < 0x7bff {
                let mid = ((x as f64 + next as f64) / 2.0) as f32;
                v.extend([
                    mid,
                    f32::from_bits(mid.to_bits() + 1),
                    f32::from_bits(mid.to_bits() - 1),
                ]);
            }
        }
        v.extend([
            65504.0f32,
            65519.99,
            65520.0,
            65536.0,
            1e9,
            1e30,
            f32::MAX,
            f32::INFINITY,
            5.96e-8,
            2.98e-8,
            2.9802322e-8,
            1e-45,
            f32::MIN_POSITIVE,
        ]);
        let mut rng = crate::base::rng::SplitMix64::new(seed);
        v.extend((0..random).map(|_| f32::from_bits(rng.next_u64() as u32)));
        v.into_iter().flat_map(|x| [x, -x])
    }

    /// f32 → half agrees with the `half` crate on the probes and a million random f32 bit
    /// patterns.
    #[test]
    fn f32_to_half_rounds_like_the_half_crate() {
        f32_to_half_probes(1_000_000, 11).for_each(|x| {
            let want = half::f16::from_f32(x).to_bits();
            assert_eq!(f32_to_half(x), want, "{x:e} ({:#010x})", x.to_bits());
        });
    }

    /// The shortcuts of `convert` (half → float, float → half RINT) give the general path's
    /// bits: every half, and for float → half the probes and 200,000 random floats.
    #[test]
    fn conversion_shortcuts_equal_the_general_path() {
        for h in 0..=u16::MAX as u64 {
            let want = convert_general(h, DType::Half, DType::Float, RoundMode::None);
            assert_eq!(
                convert(h, DType::Half, DType::Float, RoundMode::None),
                want,
                "{h:#x}"
            );
        }
        let check = |x: f32| {
            let b = x.to_bits() as u64;
            let want = convert_general(b, DType::Float, DType::Half, RoundMode::Rint);
            assert_eq!(
                convert(b, DType::Float, DType::Half, RoundMode::Rint),
                want,
                "{x:e}"
            );
        };
        f32_to_half_probes(200_000, 5).for_each(check);
    }

    use super::*;

    #[test]
    fn directed_rounding_on_ties_and_overflow() {
        // 1 + 2^-11 is the tie between the halves 1 and 1 + 2^-10 (docs/semantics.md §4.7 modes).
        let h = float_fmt(DType::Half).unwrap();
        let tie = |neg, mode| round_exact_mode(neg, (1 << 11) + 1, -11, h, mode);
        let u = 2f64.powi(-10);
        assert_eq!(tie(false, RoundMode::Rint), 1.0);
        assert_eq!(tie(false, RoundMode::Round), 1.0 + u);
        assert_eq!(tie(false, RoundMode::Floor), 1.0);
        assert_eq!(tie(false, RoundMode::Ceil), 1.0 + u);
        assert_eq!(tie(false, RoundMode::Trunc), 1.0);
        assert_eq!(tie(false, RoundMode::Odd), 1.0 + u);
        assert_eq!(tie(true, RoundMode::Floor), -1.0 - u);
        assert_eq!(tie(true, RoundMode::Ceil), -1.0);
        // Overflow: nearest modes give inf, truncation and CAST_ODD the largest finite value.
        let big = |mode| round_exact_mode(false, 1, 20, h, mode);
        assert_eq!(big(RoundMode::Rint), f64::INFINITY);
        assert_eq!(big(RoundMode::Trunc), 65504.0);
        assert_eq!(big(RoundMode::Odd), 65504.0);
        assert_eq!(big(RoundMode::Floor), 65504.0);
        assert_eq!(big(RoundMode::Ceil), f64::INFINITY);
        assert_eq!(float_max(float_fmt(DType::Float).unwrap()), f32::MAX as f64);
    }

    #[test]
    fn cast_value_follows_cpp_assignment() {
        assert_eq!(cast_value(Value::Int(300), DType::Int8), Ok(Value::Int(44)));
        assert_eq!(
            cast_value(Value::Int(-1), DType::UInt16),
            Ok(Value::Int(65535))
        );
        assert_eq!(
            cast_value(Value::Float(-2.9), DType::Int32),
            Ok(Value::Int(-2))
        );
        assert!(cast_value(Value::Float(3e9), DType::Int32).is_err());
        assert!(cast_value(Value::Float(f64::NAN), DType::Int32).is_err());
        assert_eq!(
            cast_value(Value::Float(0.1), DType::Half),
            Ok(Value::Float(0.0999755859375))
        );
        assert_eq!(
            cast_value(Value::Int(2049), DType::Half),
            Ok(Value::Float(2048.0))
        );
    }

    #[test]
    fn fused_multiply_add_rounds_once() {
        // docs/semantics.md §9 row 32: half 1.0009765625 · 0.9990234375 − 1 = −2^-20 exactly
        // (= −9.5367e-07, a normal half); rounding the product first gives 1 − 1 = 0.
        let (a, b) = (1.0009765625, 0.9990234375);
        assert_eq!(fused_mul_add(a, b, -1.0, DType::Half), -(2f64.powi(-20)));
        assert_eq!(
            round_to(DType::Half, round_to(DType::Half, a * b) - 1.0),
            0.0
        );
        // A tie of the f64 sum broken by the error TwoSum recovers: (1 + 2^-12)² = 1 + 2^-11 +
        // 2^-24 is exactly halfway between two floats (their ulp is 2^-23); adding 2^-100 puts
        // the exact sum just above the midpoint, so it rounds up, where rounding the f64 sum
        // (which is the midpoint itself) would go to the even neighbour 1 + 2^-11.
        let a = 1.0 + 2f64.powi(-12);
        let up = 1.0 + 2f64.powi(-11) + 2f64.powi(-23);
        assert_eq!(fused_mul_add(a, a, 2f64.powi(-100), DType::Float), up);
        assert_eq!(
            fused_mul_add(a, a, -(2f64.powi(-100)), DType::Float),
            1.0 + 2f64.powi(-11)
        );
        // float: (1 + 2^-23)(1 − 2^-23) − 1 = −2^-46 exactly.
        let e = 2f64.powi(-23);
        assert_eq!(
            fused_mul_add(1.0 + e, 1.0 - e, -1.0, DType::Float),
            -(2f64.powi(-46))
        );
        assert_eq!(fused_mul_add(65504.0, 2.0, 0.0, DType::Half), f64::INFINITY);
    }

    #[test]
    fn convert_saturates_integer_targets() {
        let c = |x: f32, to, mode| convert(x.to_bits() as u64, DType::Float, to, mode);
        assert_eq!(c(f32::NAN, DType::Int16, RoundMode::Rint), 0);
        assert_eq!(c(1e10, DType::Int16, RoundMode::Rint) as i16, i16::MAX);
        assert_eq!(
            c(-1e10, DType::Int32, RoundMode::Rint) as u32 as i32,
            i32::MIN
        );
        assert_eq!(c(-2.5, DType::Int32, RoundMode::Rint) as u32 as i32, -2);
        assert_eq!(c(-2.5, DType::Int32, RoundMode::Round) as u32 as i32, -3);
        assert_eq!(
            c(f32::INFINITY, DType::Int64, RoundMode::Trunc),
            i64::MAX as u64
        );
        // Negative values saturate to 0 in unsigned targets ("treated as exceptions", §4.7).
        let neg = convert(
            (-5i16) as u16 as u64,
            DType::Int16,
            DType::UInt8,
            RoundMode::None,
        );
        assert_eq!(neg, 0);
        assert_eq!(
            convert(300, DType::Int16, DType::UInt8, RoundMode::None),
            255
        );
        // Float → float of one type rounds to an integral value, −0 → +0.
        assert_eq!(c(-0.0, DType::Float, RoundMode::Rint), 0);
        assert_eq!(
            f32::from_bits(c(2.5, DType::Float, RoundMode::Rint) as u32),
            2.0
        );
        // NaN stays NaN in a float target.
        assert_eq!(c(f32::NAN, DType::Half, RoundMode::Rint), 0x7e00);
    }
}
