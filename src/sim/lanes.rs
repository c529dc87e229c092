//! Per-lane arithmetic of the Vector Unit (docs/semantics.md §6): `Num`, implemented for every
//! element type and used by every family kernel.

use crate::base::convert::*;
use crate::base::convert::{f32_to_half, half_to_f32};
use crate::base::dtype::{DType, Elem, Value};
use half::{bf16, f16};

/// Per-lane arithmetic in the Vector Unit's default "INF/NAN" mode (docs/semantics.md §6):
/// integers wrap, floats follow IEEE with round-to-nearest-even, NaN propagates and signed
/// zero is ordered in Max/Min. Operations a type does not support are never reached: the
/// dtype tables of the catalog reject them before execution.
pub trait Num: Elem + PartialOrd {
    fn vadd(self, o: Self) -> Self;
    fn vsub(self, o: Self) -> Self;
    fn vmul(self, o: Self) -> Self;
    fn vdiv(self, o: Self) -> Self;
    /// Max with NaN propagation and +0 > −0 (docs/semantics.md §6).
    fn vmax(self, o: Self) -> Self;
    fn vmin(self, o: Self) -> Self;
    fn vabs(self) -> Self;
    fn zero() -> Self;
    fn is_neg(self) -> bool;
    fn is_nan(self) -> bool {
        false
    }
    /// Flushes a subnormal result to a zero of the same sign (950 FTZ, docs/semantics.md §6);
    /// identity on integers.
    fn ftz(self) -> Self {
        self
    }
    /// Float-only transcendental / root functions; identity on integers (never reached).
    fn unary_f(self, f: fn(f64) -> f64) -> Self;
    /// `self · b + c` rounded once (a fused multiply–add, docs/semantics.md §9 row 32); integers
    /// wrap as the unfused form does.
    fn vfma(self, b: Self, c: Self) -> Self {
        self.vmul(b).vadd(c)
    }
    /// The binary tree over adjacent pairs of `v` (non-empty), rounding to the type at each
    /// step (docs/semantics.md §5.1); the odd last element of a level passes up unchanged.
    fn sum_tree(v: &mut [Self]) -> Self {
        pair_tree(v)
    }
    fn bit_not(self) -> Self;
    fn bit_and(self, o: Self) -> Self;
    fn bit_or(self, o: Self) -> Self;
    /// Shift left by `n`; signed types keep the sign bit (docs/semantics.md §4.3).
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
                // (docs/semantics.md §4.3, §9 row 18).
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
/// ordered, max(0, −0) = 0 and min(0, −0) = −0 (docs/semantics.md §6). Returns the selected input
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

/// The 16-bit floats' conversions to and from f32 in the lane arithmetic, inlined: for half
/// ascstep's own (`half_to_f32`, `f32_to_half`: exact, and round-to-nearest-even with the
/// `half` crate's NaN encoding, checked against it in the tests); for bfloat16 the `half`
/// crate's (a shift).
trait Widen: Sized {
    fn widen(self) -> f32;
    fn narrow(x: f32) -> Self;
}

impl Widen for f16 {
    #[inline(always)]
    fn widen(self) -> f32 {
        half_to_f32(self.to_bits())
    }
    #[inline(always)]
    fn narrow(x: f32) -> Self {
        f16::from_bits(f32_to_half(x))
    }
}

impl Widen for bf16 {
    #[inline(always)]
    fn widen(self) -> f32 {
        self.to_f32()
    }
    #[inline(always)]
    fn narrow(x: f32) -> Self {
        bf16::from_f32(x)
    }
}

/// The half tree of `Num::sum_tree` with the F16C conversion instructions (one instruction
/// each way instead of ascstep's portable conversions); bit-identical (tested against
/// `pair_tree`). `w` holds the halves widened to f32; a NaN sum is canonical, as `vadd`'s.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "f16c")]
fn half_tree_f16c(w: &mut [f32]) -> u16 {
    use std::arch::x86_64::{
        _mm_cvtph_ps, _mm_cvtps_ph, _mm_cvtsi128_si32, _mm_cvtsi32_si128, _mm_cvtss_f32,
        _mm_set_ss, _MM_FROUND_TO_NEAREST_INT,
    };
    let narrow = |x: f32| -> u16 {
        if x.is_nan() {
            0x7e00
        } else {
            _mm_cvtsi128_si32(_mm_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(_mm_set_ss(x))) as u16
        }
    };
    let widen = |h: u16| -> f32 { _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(h as i32))) };
    narrow(tree(w, |a, b| widen(narrow(a + b))))
}

/// The binary tree over adjacent pairs of `v` (non-empty), in place, with `add`: each level
/// adds pairs (0, 1), (2, 3), …; an odd last element passes up unchanged.
#[inline(always)]
fn tree<X: Copy>(v: &mut [X], mut add: impl FnMut(X, X) -> X) -> X {
    let mut n = v.len();
    while n > 1 {
        let half = n / 2;
        for i in 0..half {
            v[i] = add(v[2 * i], v[2 * i + 1]);
        }
        if n % 2 == 1 {
            v[half] = v[n - 1];
        }
        n = n.div_ceil(2);
    }
    v[0]
}

/// `Num::sum_tree` by `vadd`, in place.
pub fn pair_tree<T: Num>(v: &mut [T]) -> T {
    tree(v, T::vadd)
}

macro_rules! num_small_float {
    ($t:ty) => {
        impl Num for $t {
            // binary32 is wide enough that computing in f32 and rounding once to the 16-bit
            // format is correctly rounded for + − × ÷ √ (p32 ≥ 2·p16 + 2).
            #[inline(always)]
            fn vadd(self, o: Self) -> Self {
                <$t>::narrow(canon_f32(self.widen() + o.widen()))
            }
            /// The same tree as the default, each partial sum widened once.
            fn sum_tree(v: &mut [Self]) -> Self {
                let mut w = [0f32; 32];
                if v.len() == 1 {
                    return v[0];
                }
                if v.len() > w.len() {
                    return pair_tree(v);
                }
                for (a, b) in w.iter_mut().zip(v.iter()) {
                    *a = b.widen();
                }
                #[cfg(target_arch = "x86_64")]
                if <$t as Elem>::DTYPE == crate::base::dtype::DType::Half
                    && std::is_x86_feature_detected!("f16c")
                {
                    // SAFETY: the CPU has F16C (checked just above).
                    let h = unsafe { half_tree_f16c(&mut w[..v.len()]) };
                    return <$t as Elem>::load(&h.to_le_bytes());
                }
                let s = tree(&mut w[..v.len()], |a, b| {
                    <$t>::narrow(canon_f32(a + b)).widen()
                });
                <$t>::narrow(s)
            }
            #[inline(always)]
            fn vsub(self, o: Self) -> Self {
                <$t>::narrow(canon_f32(self.widen() - o.widen()))
            }
            #[inline(always)]
            fn vmul(self, o: Self) -> Self {
                <$t>::narrow(canon_f32(self.widen() * o.widen()))
            }
            #[inline(always)]
            fn vdiv(self, o: Self) -> Self {
                <$t>::narrow(canon_f32(self.widen() / o.widen()))
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
            fn vfma(self, b: Self, c: Self) -> Self {
                let d = <$t as Elem>::DTYPE;
                let r = fused_mul_add(self.to_f64(), b.to_f64(), c.to_f64(), d);
                if r.is_nan() {
                    <$t>::NAN
                } else {
                    <$t>::from_f64(r)
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
///
/// On the bits: the optimiser may treat `if x.is_nan() { f32::NAN } else { x }` as `x` (a NaN's
/// payload is unspecified to it), which left release builds with the host's NaNs.
#[inline(always)]
pub(crate) fn canon_f32(x: f32) -> f32 {
    let b = x.to_bits();
    f32::from_bits(if b & 0x7fff_ffff > 0x7f80_0000 {
        0x7fc0_0000
    } else {
        b
    })
}

impl Num for f32 {
    fn vfma(self, b: Self, c: Self) -> Self {
        let r = fused_mul_add(self as f64, b as f64, c as f64, DType::Float);
        canon_f32(r as f32)
    }
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

/// Calls `$body` with `$T` bound to the Rust type of `$dt`. `int4b_t` binds i8: the catalog
/// admits it only in Cast, whose kernel packs and unpacks the nibbles itself (`cast.rs`).
#[macro_export]
macro_rules! with_dtype {
    ($dt:expr, $T:ident => $body:expr) => {{
        use $crate::base::dtype::DType as __D;
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
            __D::Int8 | __D::Int4 => {
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

    /// The half tree that widens each partial sum once gives the bits `vadd` pair by pair
    /// gives, for every length up to 32 and values drawn from all halves (NaN, ±inf,
    /// subnormals, overflow to inf included).
    #[test]
    fn half_sum_tree_matches_pairwise_vadd() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let n = 1 + (next() % 32) as usize;
            let v: Vec<f16> = (0..n)
                .map(|_| {
                    let r = next();
                    // Mostly moderate values so that sums round; now and then any half.
                    if r % 4 == 0 {
                        f16::from_bits(r as u16 >> 1 | (r as u16 & 1) << 15)
                    } else {
                        f16::from_f32(((r >> 16) % 4096) as f32 / 7.0 - 200.0)
                    }
                })
                .collect();
            let (mut a, mut b) = (v.clone(), v.clone());
            let want = super::pair_tree(&mut a);
            let got = <f16 as Num>::sum_tree(&mut b);
            assert_eq!(got.to_bits(), want.to_bits(), "{v:?}");
        }
    }

    /// Every half converts to the f32 the `half` crate gives (bits, NaN payloads included).
    #[test]
    fn half_to_f32_is_exact_for_all_65536_halves() {
        for h in 0..=u16::MAX {
            let want = f16::from_bits(h).to_f32().to_bits();
            assert_eq!(half_to_f32(h).to_bits(), want, "{h:#06x}");
        }
    }

    use super::*;

    #[test]
    fn signed_shift_left_keeps_sign_bit() {
        // docs/semantics.md §4.3: 0b1010101010101010 << 1 = 0b1101010101010100, << 3 = 0b1101010101010000
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
        // docs/semantics.md §4.3 example: 17 >> 5 with roundEn = 1
        assert_eq!(17i32.shr(5, true), 1);
        assert_eq!(17i32.shr(5, false), 0);
        assert_eq!((-8i16).shr(1, false), -4);
        assert_eq!((-8i16).shr(40, false), -1);
        assert_eq!(8i16.shr(40, false), 0);
        assert_eq!(0x8000u16.shr(15, false), 1);
    }

    #[test]
    fn integer_wraparound_matches_boundary_table() {
        // docs/semantics.md §6: int16 MIN+MIN = 0, MAX+MAX = -2, MIN*MIN = 0, MAX*MAX = 1
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
}
