//! The values a command line holds: granularities, numbers, addresses, element references
//! (`z[3]`, `z[0..8]`) and comparison values, each with a column-precise error.

use super::parse::*;
use super::*;
use crate::sim::Granularity;

pub(super) fn granularity(s: &str) -> Option<Granularity> {
    match s {
        "block" => Some(Granularity::Block),
        "repeat" => Some(Granularity::Repeat),
        "instr" | "instruction" => Some(Granularity::Instruction),
        _ => None,
    }
}

pub(super) fn starts_with_digit(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_digit())
}

pub(super) fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

pub(super) fn is_ident_continue(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Why a word is not a number.
pub(super) enum NumError {
    NotANumber,
    TooLarge,
}

/// Decimal or `0x` hex, nothing else (no sign, no `_`).
pub(super) fn parse_u64(s: &str) -> Result<u64, NumError> {
    let (digits, radix) = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => (h, 16),
        None => (s, 10),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(NumError::NotANumber);
    }
    // The digits are valid, so the only possible failure is overflow.
    u64::from_str_radix(digits, radix).map_err(|_| NumError::TooLarge)
}

/// A number up to `max`; `not_a_number` builds the error for a word that is no number.
pub(super) fn number(
    w: Word,
    max: u64,
    not_a_number: impl FnOnce() -> ParseError,
) -> Result<u64, ParseError> {
    match parse_u64(w.text) {
        Ok(v) if v <= max => Ok(v),
        Ok(_) | Err(NumError::TooLarge) => Err(err(
            w.col,
            format!("number {} is too large; at most {max}", q(w.text)),
        )),
        Err(NumError::NotANumber) => Err(not_a_number()),
    }
}

/// A count: a number ≥ 1.
pub(super) fn count(w: Word, not_a_number: impl FnOnce() -> ParseError) -> Result<u64, ParseError> {
    let n = number(w, u64::MAX, not_a_number)?;
    if n == 0 {
        return Err(err(
            w.col,
            format!("the count must be at least 1, found {}", q(w.text)),
        ));
    }
    Ok(n)
}

/// A UB byte address (u32).
pub(super) fn address(w: Word, prev: Word) -> Result<u32, ParseError> {
    if w.text.is_empty() {
        return Err(end_of_line("an address", prev));
    }
    Ok(number(w, u32::MAX.into(), || {
        expected("an address (decimal or 0x hex)", prev, w)
    })? as u32)
}

/// The index part of `TENSOR[…]`: none, one element, or elements `start..end`.
pub(super) enum Index {
    Whole,
    One(u32),
    Range(u32, u32),
}

impl Index {
    /// Elements `start..end`; `[I]` is `I..I+1` (`elem_ref` made sure `I + 1` fits).
    pub(super) fn range(self) -> Option<(u32, u32)> {
        match self {
            Index::Whole => None,
            Index::One(i) => Some((i, i.saturating_add(1))),
            Index::Range(a, b) => Some((a, b)),
        }
    }
}

/// Splits `NAME`, `NAME[I]` or `NAME[A..B]` off the front of `w`; whatever follows the `]`
/// is returned as the third element.
/// `what` names what was expected when `w` does not start with a name.
pub(super) fn elem_ref<'a>(
    w: Word<'a>,
    prev: Word,
    what: &str,
) -> Result<(String, Index, Option<Word<'a>>), ParseError> {
    if !w.text.starts_with(is_ident_start) {
        return Err(expected(what, prev, w));
    }
    let name_len = w
        .text
        .find(|c: char| !is_ident_continue(c))
        .unwrap_or(w.text.len());
    let name = w.head(name_len).text.to_string();
    let rest = w.tail(name_len);
    if rest.text.is_empty() {
        return Ok((name, Index::Whole, None));
    }
    if !rest.text.starts_with('[') {
        return Err(err(
            rest.col,
            format!(
                "unexpected {} after tensor name {}; a tensor name is letters, digits and _, \
                 optionally followed by [INDEX] or [START..END]",
                q(rest.text),
                q(&name)
            ),
        ));
    }
    let Some(close) = rest.text.find(']') else {
        return Err(err(
            rest.col,
            format!("missing \"]\" after \"[\" in {}", q(w.text)),
        ));
    };
    let inside = rest.tail(1).head(close - 1);
    let after = rest.tail(close + 1);
    let index_what = "an element index (decimal or 0x hex)";
    let index = match inside.text.find("..") {
        None => {
            if inside.text.is_empty() {
                return Err(err(
                    inside.col,
                    format!("expected {index_what} inside \"[]\" in {}", q(w.text)),
                ));
            }
            let i = number(inside, u32::MAX.into(), || {
                err(
                    inside.col,
                    format!(
                        "expected {index_what} inside \"[]\", found {}",
                        q(inside.text)
                    ),
                )
            })? as u32;
            if i == u32::MAX {
                return Err(err(
                    inside.col,
                    format!("index {} is too large; at most 4294967294", q(inside.text)),
                ));
            }
            Index::One(i)
        }
        Some(dots) => {
            let a = inside.head(dots);
            let b = inside.tail(dots + 2);
            let bound = |x: Word, which: &str| -> Result<u32, ParseError> {
                if x.text.is_empty() {
                    return Err(err(
                        x.col,
                        format!("expected {which} index in {}", q(w.text)),
                    ));
                }
                Ok(number(x, u32::MAX.into(), || {
                    err(
                        x.col,
                        format!(
                            "expected {which} index (decimal or 0x hex), found {}",
                            q(x.text)
                        ),
                    )
                })? as u32)
            };
            let start = bound(a, "a start")?;
            let end = bound(b, "an end")?;
            if end <= start {
                return Err(err(
                    b.col,
                    format!(
                        "empty range {}: the end is exclusive and must be greater than the start",
                        q(inside.text)
                    ),
                ));
            }
            Index::Range(start, end)
        }
    };
    let after = (!after.text.is_empty()).then_some(after);
    Ok((name, index, after))
}

/// The value of a `break-if` comparison: an integer (decimal or 0x hex), a float, `nan`,
/// `inf` or `-inf`, with an optional sign.
pub(super) fn value(w: Word, op: Word) -> Result<f64, ParseError> {
    let bad = || {
        err(
            w.col,
            format!(
                "expected a value (an integer, a float, nan, inf or -inf) after {}, found {}",
                q(op.text),
                q(w.text)
            ),
        )
    };
    match w.text {
        "nan" => return Ok(f64::NAN),
        "inf" => return Ok(f64::INFINITY),
        "-inf" => return Ok(f64::NEG_INFINITY),
        _ => {}
    }
    let (negative, body) = match w.text.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, w.text.strip_prefix('+').unwrap_or(w.text)),
    };
    let magnitude = if body.starts_with("0x") || body.starts_with("0X") {
        match parse_u64(body) {
            Ok(v) => v as f64,
            Err(NumError::NotANumber) => return Err(bad()),
            Err(NumError::TooLarge) => f64::INFINITY,
        }
    } else {
        if !is_decimal_float(body) {
            return Err(bad());
        }
        body.parse::<f64>().map_err(|_| bad())?
    };
    if magnitude.is_infinite() {
        return Err(err(
            w.col,
            format!(
                "value {} is out of range (write inf or -inf for infinities)",
                q(w.text)
            ),
        ));
    }
    Ok(if negative { -magnitude } else { magnitude })
}

/// `DIGITS[.DIGITS][e[+-]DIGITS]` or `.DIGITS…`, at least one mantissa digit.
pub(super) fn is_decimal_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    let mut mantissa = digits(&mut i);
    if i < b.len() && b[i] == b'.' {
        i += 1;
        mantissa += digits(&mut i);
    }
    if mantissa == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}
