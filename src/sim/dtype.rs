//! Element types of the Vector Unit and their arithmetic (semantics.md §6).
//!
//! Owns: `DType` (the 11 element types of program-format.md §3), the `Elem` trait that moves
//! typed values in and out of UB bytes, and `Num`, the per-lane arithmetic every family kernel
//! uses. Must not depend on anything outside `sim`.

use half::{bf16, f16};
use std::fmt;

/// An element type as written in a program (`half`, `f16`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    Half,
    BFloat16,
    Float,
    Int8,
    UInt8,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
}

impl DType {
    pub const ALL: [DType; 11] = [
        DType::Half,
        DType::BFloat16,
        DType::Float,
        DType::Int8,
        DType::UInt8,
        DType::Int16,
        DType::UInt16,
        DType::Int32,
        DType::UInt32,
        DType::Int64,
        DType::UInt64,
    ];

    /// Bytes per element.
    pub const fn size(self) -> u32 {
        match self {
            DType::Int8 | DType::UInt8 => 1,
            DType::Half | DType::BFloat16 | DType::Int16 | DType::UInt16 => 2,
            DType::Float | DType::Int32 | DType::UInt32 => 4,
            DType::Int64 | DType::UInt64 => 8,
        }
    }

    /// Lanes per repeat when this is the widest operand: 256 / sizeof (semantics.md §1.1).
    pub const fn par(self) -> u32 {
        256 / self.size()
    }

    /// Elements per 32-byte data block.
    pub const fn per_block(self) -> u32 {
        32 / self.size()
    }

    pub const fn is_float(self) -> bool {
        matches!(self, DType::Half | DType::BFloat16 | DType::Float)
    }

    pub const fn is_signed(self) -> bool {
        matches!(
            self,
            DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64
        ) || self.is_float()
    }

    /// The canonical name used in programs and reports.
    pub const fn name(self) -> &'static str {
        match self {
            DType::Half => "half",
            DType::BFloat16 => "bfloat16",
            DType::Float => "float",
            DType::Int8 => "int8",
            DType::UInt8 => "uint8",
            DType::Int16 => "int16",
            DType::UInt16 => "uint16",
            DType::Int32 => "int32",
            DType::UInt32 => "uint32",
            DType::Int64 => "int64",
            DType::UInt64 => "uint64",
        }
    }

    pub const fn alias(self) -> &'static str {
        match self {
            DType::Half => "f16",
            DType::BFloat16 => "bf16",
            DType::Float => "f32",
            DType::Int8 => "i8",
            DType::UInt8 => "u8",
            DType::Int16 => "i16",
            DType::UInt16 => "u16",
            DType::Int32 => "i32",
            DType::UInt32 => "u32",
            DType::Int64 => "i64",
            DType::UInt64 => "u64",
        }
    }

    /// Parses a canonical name or its short alias (program-format.md §3).
    pub fn parse(s: &str) -> Option<DType> {
        DType::ALL
            .into_iter()
            .find(|d| d.name() == s || d.alias() == s)
    }

    /// Inclusive integer range of an integer type, as i128.
    pub fn int_range(self) -> Option<(i128, i128)> {
        Some(match self {
            DType::Int8 => (i8::MIN as i128, i8::MAX as i128),
            DType::UInt8 => (0, u8::MAX as i128),
            DType::Int16 => (i16::MIN as i128, i16::MAX as i128),
            DType::UInt16 => (0, u16::MAX as i128),
            DType::Int32 => (i32::MIN as i128, i32::MAX as i128),
            DType::UInt32 => (0, u32::MAX as i128),
            DType::Int64 => (i64::MIN as i128, i64::MAX as i128),
            DType::UInt64 => (0, u64::MAX as i128),
            _ => return None,
        })
    }

    /// Decodes the element at the start of `bytes` (little-endian) into a display value.
    pub fn decode(self, bytes: &[u8]) -> Value {
        match self {
            DType::Half => Value::Float(<f16 as Elem>::load(bytes).to_f64()),
            DType::BFloat16 => Value::Float(<bf16 as Elem>::load(bytes).to_f64()),
            DType::Float => Value::Float(<f32 as Elem>::load(bytes) as f64),
            DType::Int8 => Value::Int(<i8 as Elem>::load(bytes) as i128),
            DType::UInt8 => Value::Int(<u8 as Elem>::load(bytes) as i128),
            DType::Int16 => Value::Int(<i16 as Elem>::load(bytes) as i128),
            DType::UInt16 => Value::Int(<u16 as Elem>::load(bytes) as i128),
            DType::Int32 => Value::Int(<i32 as Elem>::load(bytes) as i128),
            DType::UInt32 => Value::Int(<u32 as Elem>::load(bytes) as i128),
            DType::Int64 => Value::Int(<i64 as Elem>::load(bytes) as i128),
            DType::UInt64 => Value::Int(<u64 as Elem>::load(bytes) as i128),
        }
    }

    /// Raw bits of the element at the start of `bytes`.
    pub fn bits(self, bytes: &[u8]) -> u64 {
        let mut b = [0u8; 8];
        let n = self.size() as usize;
        b[..n].copy_from_slice(&bytes[..n]);
        u64::from_le_bytes(b)
    }
}

impl serde::Serialize for DType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A decoded element, for reports, expectations and display.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Int(i128),
    Float(f64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Float(v) if v.is_nan() => f.write_str("nan"),
            Value::Float(v) if v.is_infinite() => f.write_str(if v > 0.0 { "inf" } else { "-inf" }),
            Value::Float(v) => {
                if v == 0.0 && v.is_sign_negative() {
                    f.write_str("-0")
                } else {
                    write!(f, "{v}")
                }
            }
        }
    }
}

/// A typed element that lives in the UB as little-endian bytes.
pub trait Elem: Copy + Default + PartialEq + fmt::Debug + bytemuck::Pod + 'static {
    const DTYPE: DType;
    fn load(b: &[u8]) -> Self;
    fn store(self, out: &mut [u8]);
}

macro_rules! elem_int {
    ($t:ty, $d:ident) => {
        impl Elem for $t {
            const DTYPE: DType = DType::$d;
            #[inline(always)]
            fn load(b: &[u8]) -> Self {
                <$t>::from_le_bytes(b[..std::mem::size_of::<$t>()].try_into().unwrap())
            }
            #[inline(always)]
            fn store(self, out: &mut [u8]) {
                out[..std::mem::size_of::<$t>()].copy_from_slice(&self.to_le_bytes());
            }
        }
    };
}
elem_int!(i8, Int8);
elem_int!(u8, UInt8);
elem_int!(i16, Int16);
elem_int!(u16, UInt16);
elem_int!(i32, Int32);
elem_int!(u32, UInt32);
elem_int!(i64, Int64);
elem_int!(u64, UInt64);
elem_int!(f32, Float);

impl Elem for f16 {
    const DTYPE: DType = DType::Half;
    #[inline(always)]
    fn load(b: &[u8]) -> Self {
        f16::from_bits(u16::from_le_bytes([b[0], b[1]]))
    }
    #[inline(always)]
    fn store(self, out: &mut [u8]) {
        out[..2].copy_from_slice(&self.to_bits().to_le_bytes());
    }
}

impl Elem for bf16 {
    const DTYPE: DType = DType::BFloat16;
    #[inline(always)]
    fn load(b: &[u8]) -> Self {
        bf16::from_bits(u16::from_le_bytes([b[0], b[1]]))
    }
    #[inline(always)]
    fn store(self, out: &mut [u8]) {
        out[..2].copy_from_slice(&self.to_bits().to_le_bytes());
    }
}

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

/// A Cast round mode (semantics.md §4.7, DK `precision_conversion`): how the part of a value
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
fn round_shifted(m: u128, shift: u32, neg: bool, mode: RoundMode) -> u128 {
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
/// CAST_RINT, semantics.md §6). The result is exact in f64.
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
        let to_inf = match mode {
            RoundMode::Rint | RoundMode::None | RoundMode::Round => true,
            RoundMode::Trunc | RoundMode::Odd => false,
            RoundMode::Floor => neg,
            RoundMode::Ceil => !neg,
        };
        return signed(if to_inf { f64::INFINITY } else { float_max(f) });
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

/// Converts the element `bits` of type `from` to type `to` by `mode` (semantics.md §4.7, DK
/// `precision_conversion` and the A2 boundary table `DK-appx`):
/// - float targets round by `mode`; overflow as in [`round_exact_mode`]; NaN stays NaN;
/// - integer targets round to an integer by `mode` and **saturate**; NaN gives 0, ±inf the
///   extremes; negative values saturate to 0 in unsigned targets ("treated as exceptions");
/// - float → float of the same type rounds to an integral value (DK: float→float 0.5 →
///   CAST_RINT 0.0), and −0 becomes +0 (A2 boundary table note).
pub fn convert(bits: u64, from: DType, to: DType, mode: RoundMode) -> u64 {
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

/// Per-lane arithmetic in the Vector Unit's default "INF/NAN" mode (semantics.md §6):
/// integers wrap, floats follow IEEE with round-to-nearest-even, NaN propagates and signed
/// zero is ordered in Max/Min. Operations a type does not support are never reached: the
/// dtype tables of the catalog reject them before execution.
pub trait Num: Elem {
    fn vadd(self, o: Self) -> Self;
    fn vsub(self, o: Self) -> Self;
    fn vmul(self, o: Self) -> Self;
    fn vdiv(self, o: Self) -> Self;
    /// Max with NaN propagation and +0 > −0 (semantics.md §6).
    fn vmax(self, o: Self) -> Self;
    fn vmin(self, o: Self) -> Self;
    fn vabs(self) -> Self;
    fn zero() -> Self;
    fn is_neg(self) -> bool;
    fn is_nan(self) -> bool {
        false
    }
    /// Flushes a subnormal result to a zero of the same sign (950 FTZ, semantics.md §6);
    /// identity on integers.
    fn ftz(self) -> Self {
        self
    }
    /// Float-only transcendental / root functions; identity on integers (never reached).
    fn unary_f(self, f: fn(f64) -> f64) -> Self;
    fn bit_not(self) -> Self;
    fn bit_and(self, o: Self) -> Self;
    fn bit_or(self, o: Self) -> Self;
    /// Shift left by `n`; signed types keep the sign bit (semantics.md §4.3).
    fn shl(self, n: u32) -> Self;
    /// Shift right by `n` (arithmetic for signed), optionally adding the last bit shifted out.
    fn shr(self, n: u32, round: bool) -> Self;
    /// Converts a program scalar (already range-checked) to this type.
    fn from_value(v: Value) -> Self;
    fn to_value(self) -> Value;
}

macro_rules! num_int {
    ($t:ty, $u:ty, $signed:expr) => {
        impl Num for $t {
            #[inline(always)]
            fn vadd(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            #[inline(always)]
            fn vsub(self, o: Self) -> Self {
                self.wrapping_sub(o)
            }
            #[inline(always)]
            fn vmul(self, o: Self) -> Self {
                self.wrapping_mul(o)
            }
            #[inline(always)]
            fn vdiv(self, o: Self) -> Self {
                // Integer division is only offered on 950's count form; x/0 gives all ones.
                self.checked_div(o).unwrap_or(!0)
            }
            #[inline(always)]
            fn vmax(self, o: Self) -> Self {
                if o > self {
                    o
                } else {
                    self
                }
            }
            #[inline(always)]
            fn vmin(self, o: Self) -> Self {
                if o < self {
                    o
                } else {
                    self
                }
            }
            #[inline(always)]
            fn vabs(self) -> Self {
                #[allow(unused_comparisons)]
                if self < 0 {
                    (0 as $t).wrapping_sub(self)
                } else {
                    self
                }
            }
            fn zero() -> Self {
                0
            }
            #[allow(unused_comparisons)]
            fn is_neg(self) -> bool {
                self < 0
            }
            fn unary_f(self, _f: fn(f64) -> f64) -> Self {
                self
            }
            fn bit_not(self) -> Self {
                !self
            }
            fn bit_and(self, o: Self) -> Self {
                self & o
            }
            fn bit_or(self, o: Self) -> Self {
                self | o
            }
            fn shl(self, n: u32) -> Self {
                let bits = <$t>::BITS;
                // Shifting by the bit width or more gives 0, also for negative values
                // (semantics.md §4.3, §9 row 18).
                if n >= bits {
                    return 0;
                }
                let shifted = self << n;
                if $signed {
                    // "Arithmetic left shift": the sign bit stays, the bit below it is dropped.
                    let sign = (0 as $t).wrapping_sub(1) ^ (<$t>::MAX);
                    (self & sign) | (shifted & !sign)
                } else {
                    shifted
                }
            }
            fn shr(self, n: u32, round: bool) -> Self {
                let bits = <$t>::BITS;
                #[allow(unused_comparisons)]
                let fill: $t = if self < 0 { !0 } else { 0 };
                let sh = |k: u32| -> $t {
                    if k >= bits {
                        fill
                    } else {
                        self >> k
                    }
                };
                let base = sh(n);
                if round && n > 0 {
                    base.wrapping_add(sh(n - 1) & 1)
                } else {
                    base
                }
            }
            fn from_value(v: Value) -> Self {
                match v {
                    Value::Int(i) => i as $t,
                    Value::Float(f) => f as $t,
                }
            }
            fn to_value(self) -> Value {
                Value::Int(self as i128)
            }
        }
        const _: () = assert!(std::mem::size_of::<$t>() == std::mem::size_of::<$u>());
    };
}
num_int!(i8, u8, true);
num_int!(u8, u8, false);
num_int!(i16, u16, true);
num_int!(u16, u16, false);
num_int!(i32, u32, true);
num_int!(u32, u32, false);
num_int!(i64, u64, true);
num_int!(u64, u64, false);

/// Max/Min on floats: NaN propagates (the first NaN operand is returned), and signed zero is
/// ordered, max(0, −0) = 0 and min(0, −0) = −0 (semantics.md §6). Returns the selected input
/// unchanged so NaN payloads and exact bits survive.
#[inline(always)]
fn fmax_sel<T: Copy>(a: T, b: T, fa: f64, fb: f64, want_max: bool) -> T {
    if fa.is_nan() {
        return a;
    }
    if fb.is_nan() {
        return b;
    }
    if fa == fb {
        // Equal values: only ±0 can differ; +0 is the larger.
        let a_neg = fa.is_sign_negative();
        return if want_max != a_neg { a } else { b };
    }
    if (fb > fa) == want_max {
        b
    } else {
        a
    }
}

macro_rules! num_small_float {
    ($t:ty) => {
        impl Num for $t {
            // binary32 is wide enough that computing in f32 and rounding once to the 16-bit
            // format is correctly rounded for + − × ÷ √ (p32 ≥ 2·p16 + 2).
            #[inline(always)]
            fn vadd(self, o: Self) -> Self {
                <$t>::from_f32(canon_f32(self.to_f32() + o.to_f32()))
            }
            #[inline(always)]
            fn vsub(self, o: Self) -> Self {
                <$t>::from_f32(canon_f32(self.to_f32() - o.to_f32()))
            }
            #[inline(always)]
            fn vmul(self, o: Self) -> Self {
                <$t>::from_f32(canon_f32(self.to_f32() * o.to_f32()))
            }
            #[inline(always)]
            fn vdiv(self, o: Self) -> Self {
                <$t>::from_f32(canon_f32(self.to_f32() / o.to_f32()))
            }
            #[inline(always)]
            fn vmax(self, o: Self) -> Self {
                fmax_sel(self, o, self.to_f64(), o.to_f64(), true)
            }
            #[inline(always)]
            fn vmin(self, o: Self) -> Self {
                fmax_sel(self, o, self.to_f64(), o.to_f64(), false)
            }
            fn vabs(self) -> Self {
                <$t>::from_bits(self.to_bits() & 0x7fff)
            }
            fn zero() -> Self {
                <$t>::from_bits(0)
            }
            fn is_neg(self) -> bool {
                self.to_f32() < 0.0
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn ftz(self) -> Self {
                if !self.is_normal()
                    && self.to_bits() & 0x7fff != 0
                    && !<$t>::is_nan(self)
                    && !self.is_infinite()
                {
                    <$t>::from_bits(self.to_bits() & 0x8000)
                } else {
                    self
                }
            }
            fn unary_f(self, f: fn(f64) -> f64) -> Self {
                let r = f(self.to_f64());
                if r.is_nan() {
                    <$t>::NAN
                } else {
                    <$t>::from_f64(round_to(<$t as Elem>::DTYPE, r))
                }
            }
            fn bit_not(self) -> Self {
                <$t>::from_bits(!self.to_bits())
            }
            fn bit_and(self, o: Self) -> Self {
                <$t>::from_bits(self.to_bits() & o.to_bits())
            }
            fn bit_or(self, o: Self) -> Self {
                <$t>::from_bits(self.to_bits() | o.to_bits())
            }
            fn shl(self, _n: u32) -> Self {
                self
            }
            fn shr(self, _n: u32, _r: bool) -> Self {
                self
            }
            fn from_value(v: Value) -> Self {
                let f = match v {
                    Value::Int(i) => i as f64,
                    Value::Float(f) => f,
                };
                <$t>::from_f64(round_to(<$t as Elem>::DTYPE, f))
            }
            fn to_value(self) -> Value {
                Value::Float(self.to_f64())
            }
        }
    };
}
num_small_float!(f16);
num_small_float!(bf16);

/// NaN results are the positive quiet NaN on every host (x86 would give a negative one for
/// invalid operations, ARM a positive one): payloads are not modelled, so results stay
/// reproducible. Max/Min still return their NaN input unchanged.
#[inline(always)]
fn canon_f32(x: f32) -> f32 {
    if x.is_nan() {
        f32::NAN
    } else {
        x
    }
}

impl Num for f32 {
    #[inline(always)]
    fn vadd(self, o: Self) -> Self {
        canon_f32(self + o)
    }
    #[inline(always)]
    fn vsub(self, o: Self) -> Self {
        canon_f32(self - o)
    }
    #[inline(always)]
    fn vmul(self, o: Self) -> Self {
        canon_f32(self * o)
    }
    #[inline(always)]
    fn vdiv(self, o: Self) -> Self {
        canon_f32(self / o)
    }
    #[inline(always)]
    fn vmax(self, o: Self) -> Self {
        fmax_sel(self, o, self as f64, o as f64, true)
    }
    #[inline(always)]
    fn vmin(self, o: Self) -> Self {
        fmax_sel(self, o, self as f64, o as f64, false)
    }
    fn vabs(self) -> Self {
        f32::from_bits(self.to_bits() & 0x7fff_ffff)
    }
    fn zero() -> Self {
        0.0
    }
    fn is_neg(self) -> bool {
        self < 0.0
    }
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
    fn ftz(self) -> Self {
        if self.is_subnormal() {
            f32::from_bits(self.to_bits() & 0x8000_0000)
        } else {
            self
        }
    }
    fn unary_f(self, f: fn(f64) -> f64) -> Self {
        // f64 → f32 by `as` rounds to nearest even; f64 carries ≥ 2·24+2 bits.
        canon_f32(f(self as f64) as f32)
    }
    fn bit_not(self) -> Self {
        f32::from_bits(!self.to_bits())
    }
    fn bit_and(self, o: Self) -> Self {
        f32::from_bits(self.to_bits() & o.to_bits())
    }
    fn bit_or(self, o: Self) -> Self {
        f32::from_bits(self.to_bits() | o.to_bits())
    }
    fn shl(self, _n: u32) -> Self {
        self
    }
    fn shr(self, _n: u32, _r: bool) -> Self {
        self
    }
    fn from_value(v: Value) -> Self {
        match v {
            Value::Int(i) => i as f32,
            Value::Float(f) => f as f32,
        }
    }
    fn to_value(self) -> Value {
        Value::Float(self as f64)
    }
}

/// Calls `$body` with `$T` bound to the Rust type of `$dt`.
#[macro_export]
macro_rules! with_dtype {
    ($dt:expr, $T:ident => $body:expr) => {{
        use $crate::sim::dtype::DType as __D;
        match $dt {
            __D::Half => {
                type $T = half::f16;
                $body
            }
            __D::BFloat16 => {
                type $T = half::bf16;
                $body
            }
            __D::Float => {
                type $T = f32;
                $body
            }
            __D::Int8 => {
                type $T = i8;
                $body
            }
            __D::UInt8 => {
                type $T = u8;
                $body
            }
            __D::Int16 => {
                type $T = i16;
                $body
            }
            __D::UInt16 => {
                type $T = u16;
                $body
            }
            __D::Int32 => {
                type $T = i32;
                $body
            }
            __D::UInt32 => {
                type $T = u32;
                $body
            }
            __D::Int64 => {
                type $T = i64;
                $body
            }
            __D::UInt64 => {
                type $T = u64;
                $body
            }
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_shift_left_keeps_sign_bit() {
        // semantics.md §4.3: 0b1010101010101010 << 1 = 0b1101010101010100, << 3 = 0b1101010101010000
        let x = 0b1010_1010_1010_1010u16 as i16;
        assert_eq!(x.shl(1) as u16, 0b1101_0101_0101_0100);
        assert_eq!(x.shl(3) as u16, 0b1101_0101_0101_0000);
        assert_eq!(
            0x4000i16.shl(1),
            0,
            "positive values lose the bit below the sign"
        );
        assert_eq!(1u16.shl(16), 0);
        assert_eq!((-1i16).shl(17), 0, "beyond the width: 0, not the sign bit");
        assert_eq!((-2i16).shl(16), 0);
    }

    #[test]
    fn shift_right_rounding_and_range() {
        // semantics.md §4.3 example: 17 >> 5 with roundEn = 1
        assert_eq!(17i32.shr(5, true), 1);
        assert_eq!(17i32.shr(5, false), 0);
        assert_eq!((-8i16).shr(1, false), -4);
        assert_eq!((-8i16).shr(40, false), -1);
        assert_eq!(8i16.shr(40, false), 0);
        assert_eq!(0x8000u16.shr(15, false), 1);
    }

    #[test]
    fn integer_wraparound_matches_boundary_table() {
        // semantics.md §6: int16 MIN+MIN = 0, MAX+MAX = -2, MIN*MIN = 0, MAX*MAX = 1
        assert_eq!(i16::MIN.vadd(i16::MIN), 0);
        assert_eq!(i16::MAX.vadd(i16::MAX), -2);
        assert_eq!(i16::MIN.vmul(i16::MIN), 0);
        assert_eq!(i16::MAX.vmul(i16::MAX), 1);
    }

    #[test]
    fn half_overflow_and_signed_zero() {
        let max = f16::from_f32(65504.0);
        assert!(max.vadd(max).is_infinite());
        let z = f16::from_f32(0.0);
        let nz = f16::from_f32(-0.0);
        assert_eq!(z.vmax(nz).to_bits(), z.to_bits());
        assert_eq!(nz.vmax(z).to_bits(), z.to_bits());
        assert_eq!(z.vmin(nz).to_bits(), nz.to_bits());
        assert!(Num::vmax(f16::NAN, z).is_nan());
        assert!(Num::vmin(1.0f32, f32::NAN).is_nan());
        assert_eq!(
            Num::vdiv(1.0f32, -0.0).to_bits(),
            f32::NEG_INFINITY.to_bits()
        );
        // Invalid operations give the positive quiet NaN whatever the host CPU does.
        assert_eq!(Num::vdiv(0.0f32, 0.0).to_bits(), 0x7fc0_0000);
        assert_eq!(Num::vsub(f16::INFINITY, f16::INFINITY).to_bits(), 0x7e00);
        assert_eq!(Num::unary_f(-1.0f32, f64::sqrt).to_bits(), 0x7fc0_0000);
    }

    #[test]
    fn directed_rounding_on_ties_and_overflow() {
        // 1 + 2^-11 is the tie between the halves 1 and 1 + 2^-10 (semantics.md §4.7 modes).
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

    #[test]
    fn names_and_aliases_parse() {
        for d in DType::ALL {
            assert_eq!(DType::parse(d.name()), Some(d));
            assert_eq!(DType::parse(d.alias()), Some(d));
        }
        assert_eq!(DType::parse("float16"), None);
        assert_eq!(DType::Half.par(), 128);
        assert_eq!(DType::Float.par(), 64);
        assert_eq!(DType::Int64.par(), 32);
    }
}
