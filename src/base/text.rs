//! Element values as text: the one place that decides how a number looks, for the reports,
//! `print`, the watch messages and the panes.
//!
//! - [`value_text`]: the shortest decimal that reads back as the same value **in the element's
//!   own type** (half, bfloat16, float: what numpy's `repr` shows for float16 and float32),
//!   integers in full;
//! - [`value_short`]: at most `sig` significant digits for the panes (the shortest round-trip
//!   form when it is that short), in a width known per element type ([`short_width`]).
//!
//! Plain notation where it is short (`0.7505`, `130`, `65500`), otherwise `1.235e5`,
//! `-5.96e-8`: never a one-digit mantissa where more digits fit, never a cut value.

use crate::base::dtype::{DType, Value};
use half::{bf16, f16};

/// The value of `x` rounded to `dtype` (float types only).
fn in_type(x: f64, dtype: DType) -> f64 {
    match dtype {
        DType::Half => f16::from_f64(x).to_f64(),
        DType::BFloat16 => bf16::from_f64(x).to_f64(),
        DType::Float => x as f32 as f64,
        _ => x,
    }
}

/// Significant digits that always suffice to read a value of `dtype` back.
fn max_digits(dtype: DType) -> usize {
    match dtype {
        DType::Half => 5,
        DType::BFloat16 => 4,
        DType::Float => 9,
        _ => 17,
    }
}

/// The decimal digits (no sign, no dot) and the power of ten of the first one: the fewest
/// digits, up to `sig`, that read back as `f` in `dtype`; `f` rounded to `sig` digits when
/// more are needed. `f` is finite and non-zero.
fn digits(f: f64, dtype: DType, sig: usize) -> (String, i32) {
    let a = f.abs();
    let most = max_digits(dtype).min(sig).max(1);
    let mut s = format!("{:.*e}", most - 1, a);
    for p in 1..most {
        let t = format!("{:.*e}", p - 1, a);
        if t.parse::<f64>().is_ok_and(|b| in_type(b, dtype) == a) {
            s = t;
            break;
        }
    }
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let mut d: String = m.chars().filter(char::is_ascii_digit).collect();
    while d.len() > 1 && d.ends_with('0') {
        d.pop();
    }
    (d, e.parse().unwrap_or(0))
}

/// `digits` × 10^`exp` in plain notation when `plain` holds for the exponent, else as
/// `d.ddde±x`.
fn render(neg: bool, d: &str, exp: i32, plain: bool) -> String {
    let sign = if neg { "-" } else { "" };
    let n = d.len() as i32;
    if !plain {
        let (first, rest) = d.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        return format!("{sign}{first}{dot}{rest}e{exp}");
    }
    if exp >= n - 1 {
        format!("{sign}{d}{}", "0".repeat((exp - n + 1) as usize))
    } else if exp >= 0 {
        let (i, f) = d.split_at(exp as usize + 1);
        format!("{sign}{i}.{f}")
    } else {
        format!("{sign}0.{}{d}", "0".repeat((-exp - 1) as usize))
    }
}

fn special(v: f64) -> Option<String> {
    if v.is_nan() {
        Some("nan".into())
    } else if v.is_infinite() {
        Some(if v > 0.0 { "inf" } else { "-inf" }.into())
    } else if v == 0.0 {
        Some(if v.is_sign_negative() { "-0" } else { "0" }.into())
    } else {
        None
    }
}

/// An element in its type, exactly: the shortest round-trip decimal (plain from 1e-4 to
/// below 1e16, as numpy), integers in full, `·` uninitialised.
pub fn value_text(v: Option<Value>, dtype: DType) -> String {
    match v {
        None => "·".into(),
        Some(Value::Int(i)) => i.to_string(),
        Some(Value::Float(f)) => special(f).unwrap_or_else(|| {
            let (d, e) = digits(f, dtype, 17);
            render(f < 0.0, &d, e, (-4..16).contains(&e))
        }),
    }
}

/// An element for a pane: at most `sig` significant digits (plain from 1e-3 to below 1e5),
/// integers in full, `·` uninitialised. Never longer than `short_width(dtype)` for sig ≤ 4.
pub fn value_short(v: Option<Value>, dtype: DType, sig: usize) -> String {
    match v {
        None => "·".into(),
        Some(Value::Int(i)) => i.to_string(),
        Some(Value::Float(f)) => special(f).unwrap_or_else(|| {
            let (d, e) = digits(f, dtype, sig);
            render(f < 0.0, &d, e, (-3..5).contains(&e))
        }),
    }
}

/// The widest `value_short(…, 4)` of `dtype`, and of the integers in full.
pub fn short_width(dtype: DType) -> usize {
    match dtype {
        // -0.001234, -1.234e-5 (half's smallest: -5.96e-8)
        DType::Half => 9,
        // -1.234e-38
        DType::BFloat16 | DType::Float => 10,
        DType::Int8 => 4,
        DType::UInt8 => 3,
        DType::Int4 => 2,
        DType::Int16 => 6,
        DType::UInt16 => 5,
        DType::Int32 => 11,
        DType::UInt32 => 10,
        DType::Int64 | DType::UInt64 => 20,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(x: f32) -> Option<Value> {
        Some(Value::Float(f16::from_f32(x).to_f64()))
    }

    #[test]
    fn halves_read_back_in_half() {
        // half(0.7505) = 0.75048828125: "0.7505" reads back to it; f32's display would be
        // 0.7504883.
        assert_eq!(value_text(h(0.7505), DType::Half), "0.7505");
        assert_eq!(value_text(h(-3.9355469), DType::Half), "-3.936");
        assert_eq!(value_text(h(130.0), DType::Half), "130");
        // 65504 reads back from 65500 (the spacing there is 32), as numpy prints it.
        assert_eq!(value_text(h(65504.0), DType::Half), "65500");
        // The smallest subnormal, 2^-24.
        assert_eq!(value_text(h(5.960464e-8), DType::Half), "6e-8");
        assert_eq!(value_text(h(0.041046143), DType::Half), "0.04105");
        assert_eq!(value_text(h(1.0 + 1.0 / 1024.0), DType::Half), "1.001");
    }

    #[test]
    fn floats_read_back_in_float() {
        let f = |x: f32| Some(Value::Float(x as f64));
        assert_eq!(value_text(f(0.1), DType::Float), "0.1");
        assert_eq!(value_text(f(16777216.0), DType::Float), "16777216");
        assert_eq!(value_text(f(1e-30), DType::Float), "1e-30");
        assert_eq!(
            value_text(f(-f32::MIN_POSITIVE), DType::Float),
            "-1.1754944e-38"
        );
        assert_eq!(value_text(f(3.4028235e38), DType::Float), "3.4028235e38");
        // bfloat16(π) = 3.140625 (spacing 2^-6 near 3): "3.14" already reads back to it.
        let bf = Some(Value::Float(bf16::from_f32(std::f32::consts::PI).to_f64()));
        assert_eq!(value_text(bf, DType::BFloat16), "3.14");
    }

    #[test]
    fn specials_and_integers() {
        assert_eq!(value_text(Some(Value::Float(f64::NAN)), DType::Half), "nan");
        assert_eq!(value_text(Some(Value::Float(-0.0)), DType::Float), "-0");
        assert_eq!(
            value_text(Some(Value::Float(f64::NEG_INFINITY)), DType::Half),
            "-inf"
        );
        assert_eq!(value_text(Some(Value::Int(-32768)), DType::Int16), "-32768");
        assert_eq!(value_text(None, DType::Int16), "·");
    }

    #[test]
    fn pane_values_have_four_digits_and_fit_their_width() {
        let f = |x: f32| Some(Value::Float(x as f64));
        assert_eq!(value_short(f(123456.0), DType::Float, 4), "1.235e5");
        assert_eq!(value_short(f(0.1), DType::Float, 4), "0.1");
        assert_eq!(value_short(f(-0.0001234), DType::Float, 4), "-1.234e-4");
        assert_eq!(value_short(f(-0.001234), DType::Float, 4), "-0.001234");
        assert_eq!(value_short(h(-3.9355469), DType::Half, 4), "-3.936");
        assert_eq!(value_short(h(130.0), DType::Half, 4), "130");
        assert_eq!(value_short(f(1.0 / 3.0), DType::Float, 4), "0.3333");
        assert_eq!(
            value_short(f(-f32::MIN_POSITIVE), DType::Float, 4),
            "-1.175e-38"
        );
        assert_eq!(
            value_short(Some(Value::Int(-2147483648)), DType::Int32, 4),
            "-2147483648"
        );
        // Every half fits the half width.
        for bits in 0..=u16::MAX {
            let v = Some(Value::Float(f16::from_bits(bits).to_f64()));
            let s = value_short(v, DType::Half, 4);
            assert!(
                s.chars().count() <= short_width(DType::Half),
                "{bits:#x}: {s}"
            );
        }
    }
}
