//! Literal tokens as values: `Lit` (an integer or a float as ron reads it), and ron asked what
//! a number or string token means (`decode_number`, `decode_string`), so that number and string
//! syntax have one authority.

use serde::de::{self, Deserialize, Deserializer, Visitor};
use std::fmt;

/// A number literal's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lit {
    Int(i128),
    Float(f64),
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Lit::Int(v) => write!(f, "{v}"),
            Lit::Float(v) if v.is_nan() => f.write_str("NaN"),
            Lit::Float(v) if v.is_infinite() => f.write_str(if v > 0.0 { "inf" } else { "-inf" }),
            Lit::Float(v) => write!(f, "{v:?}"),
        }
    }
}

struct LitDe(Lit);

impl<'de> Deserialize<'de> for LitDe {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = LitDe;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<LitDe, E> {
                Ok(LitDe(Lit::Int(v as i128)))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<LitDe, E> {
                Ok(LitDe(Lit::Int(v as i128)))
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<LitDe, E> {
                Ok(LitDe(Lit::Int(v)))
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<LitDe, E> {
                i128::try_from(v)
                    .map(|v| LitDe(Lit::Int(v)))
                    .map_err(|_| E::custom("integer beyond 128 bits"))
            }
            fn visit_f32<E: de::Error>(self, v: f32) -> Result<LitDe, E> {
                Ok(LitDe(Lit::Float(v as f64)))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<LitDe, E> {
                Ok(LitDe(Lit::Float(v)))
            }
        }
        d.deserialize_any(V)
    }
}

/// The value of a number token (or of the identifiers `inf`, `NaN` and their `f32`/`f64`
/// suffixed forms), as ron reads it. ron reads a decimal integer too large for 64 bits as a
/// float; such a literal comes back as `Lit::Int` when it fits in i128, so that range checks
/// report it as out of range rather than as a float.
pub fn decode_number(text: &str) -> Option<Lit> {
    let lit = ron::Options::default().from_str::<LitDe>(text).ok()?.0;
    if let Lit::Float(_) = lit {
        let t = text.replace('_', "");
        let digits = t.trim_start_matches(['+', '-']);
        if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
            if let Ok(v) = t.trim_start_matches('+').parse::<i128>() {
                return Some(Lit::Int(v));
            }
        }
    }
    Some(lit)
}

/// True if a number token is written as an integer (no fraction, exponent, inf or NaN), even
/// if its value is beyond 128 bits.
pub fn is_integer_text(text: &str) -> bool {
    let t = text.trim_start_matches(['+', '-']);
    if t.starts_with("0x") || t.starts_with("0b") || t.starts_with("0o") || t.starts_with("b'") {
        return true;
    }
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == '_')
}

/// A string literal (`"…"` or raw) decoded by ron.
pub fn decode_string(text: &str) -> Option<String> {
    ron::Options::default().from_str::<String>(text).ok()
}
