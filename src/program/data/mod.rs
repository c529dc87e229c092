//! Data forms (docs/format.md §4): `Values`, `Ramp`, `Fill`, `Bits`, `Random`, `File`, and
//! the encoding of a literal into little-endian bytes of an element type.
//!
//! Owns: reading a form from the position index, the range rules of literals (integer range,
//! no float literal for an integer type, a finite literal must not overflow a float type), the
//! correctly rounded conversion of literals to half / bfloat16 / float (round to nearest, ties
//! to even, from the exact value of the literal as ron reads it into f64), the deterministic
//! `Random` generator, and the length rules of `init` and `expect` runs.

use super::load::Ctx;
use crate::base::diag::{Diagnostic, Span};
use crate::base::dtype::{DType, Value};
use crate::base::rng::SplitMix64;
use crate::base::spans::{Delim, Key, Kind, Lit, Node};
use half::{bf16, f16};

mod elements;
use elements::lit_f64;
#[cfg(test)]
mod tests;

/// The tensor a form fills or describes.
pub(super) struct Target<'a> {
    pub name: &'a str,
    pub dtype: DType,
}

/// Why a literal does not encode into an element type.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum EncodeError {
    /// A float literal for an integer type.
    FloatForInteger,
    /// Outside the type's range; the text says what is valid.
    OutOfRange(String),
}

use crate::base::convert::{float_fmt, round_exact, round_f64, FloatFmt};

/// What a type holds, for messages.
pub(super) fn range_text(d: DType) -> String {
    match d.int_range() {
        Some((lo, hi)) => format!("{d} holds {lo}..={hi}"),
        None => {
            let max = match d {
                DType::Half => "65504",
                DType::BFloat16 => "3.3895314e38",
                _ => "3.4028235e38",
            };
            format!("the largest finite {d} is {max}; write inf for infinity")
        }
    }
}

fn round_int(v: i128, f: FloatFmt) -> f64 {
    round_exact(v < 0, v.unsigned_abs(), 0, f)
}

/// The value a literal takes in `d`: integers range-checked, floats rounded to nearest even.
/// A finite literal that rounds to infinity is out of range; `inf` and `NaN` are kept.
pub(super) fn quantize(d: DType, lit: Lit) -> Result<Value, EncodeError> {
    match (d.int_range(), float_fmt(d), lit) {
        (Some((lo, hi)), _, Lit::Int(v)) => {
            if (lo..=hi).contains(&v) {
                Ok(Value::Int(v))
            } else {
                Err(EncodeError::OutOfRange(range_text(d)))
            }
        }
        (Some(_), _, Lit::Float(_)) => Err(EncodeError::FloatForInteger),
        (None, Some(f), lit) => {
            let (finite, r) = match lit {
                Lit::Int(v) => (true, round_int(v, f)),
                Lit::Float(v) => (v.is_finite(), round_f64(v, f)),
            };
            if finite && r.is_infinite() {
                Err(EncodeError::OutOfRange(range_text(d)))
            } else {
                Ok(Value::Float(r))
            }
        }
        (None, None, _) => Err(EncodeError::OutOfRange(range_text(d))),
    }
}

/// Writes a value produced by `quantize(d, …)` as little-endian bytes of `d` into `out`.
pub(super) fn store(d: DType, v: Value, out: &mut [u8]) {
    let n = d.size() as usize;
    let bits: u64 = match (d, v) {
        // Exactly representable after `quantize`, so these conversions do not round.
        (DType::Half, Value::Float(x)) => f16::from_f64(x).to_bits() as u64,
        (DType::BFloat16, Value::Float(x)) => bf16::from_f64(x).to_bits() as u64,
        (DType::Float, Value::Float(x)) => (x as f32).to_bits() as u64,
        (_, Value::Int(i)) => i as u64, // two's complement, truncated to the width below
        (_, Value::Float(x)) => x as i128 as u64,
    };
    out[..n].copy_from_slice(&bits.to_le_bytes()[..n]);
}

/// Encodes one literal of `t`'s element `index` and reports a diagnostic at `span` on failure.
fn encode_lit(ctx: &mut Ctx, t: &Target, index: u64, lit: Lit, span: Span, out: &mut [u8]) -> bool {
    match quantize(t.dtype, lit) {
        Ok(v) => {
            store(t.dtype, v, out);
            true
        }
        Err(e) => {
            ctx.report(lit_error(e, t, index, lit, span));
            false
        }
    }
}

fn lit_error(e: EncodeError, t: &Target, index: u64, lit: Lit, span: Span) -> Diagnostic {
    match e {
        EncodeError::FloatForInteger => Diagnostic::error(
            "float-for-integer",
            format!(
                "element {index} of tensor \"{}\" is the float {lit}, but {} is an integer type",
                t.name, t.dtype
            ),
        )
        .at(span)
        .note("write an integer literal (without a decimal point or exponent)"),
        EncodeError::OutOfRange(valid) => Diagnostic::error(
            "value-out-of-range",
            format!(
                "element {index} of tensor \"{}\" is {lit}, which does not fit {}",
                t.name, t.dtype
            ),
        )
        .at(span)
        .note(valid),
    }
}

/// At most this many element diagnostics per form; the rest are summarised in one note.
const MAX_ELEMENT_ERRORS: usize = 8;

#[derive(Debug)]
enum FormKind {
    /// Values / Bits: the encoded elements of the list, in order.
    List {
        bytes: Vec<u8>,
        n: u32,
    },
    Ramp {
        start: Lit,
        step: Lit,
    },
    Fill {
        bytes: Vec<u8>,
    },
    Random {
        seed: u64,
        min: Lit,
        max: Lit,
    },
    /// A raw little-endian file (numpy `tofile`); `at`: read from that element on (the file
    /// may be longer than the run).
    File {
        path: std::path::PathBuf,
        n: u32,
        at: Option<u32>,
    },
}

/// Whether `File(...)` may name files outside the program's directory (`--allow-files
/// anywhere` on the command line, docs/format.md §4).
static FILES_ANYWHERE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Lets `File(...)` read files outside the program's directory (absolute paths, `..`).
pub fn allow_files_anywhere(yes: bool) {
    FILES_ANYWHERE.store(yes, std::sync::atomic::Ordering::Relaxed);
}

/// The `len` elements of `size` bytes from element `at` of the file at `path`: only those
/// bytes are read.
fn read_range(
    path: &std::path::Path,
    at: u64,
    len: usize,
    size: usize,
) -> std::io::Result<Vec<u8>> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = std::fs::File::open(path)?;
    f.seek(SeekFrom::Start(at * size as u64))?;
    let mut out = vec![0u8; len * size];
    f.read_exact(&mut out)?;
    Ok(out)
}

/// A data form, read and checked against its tensor's element type.
#[derive(Debug)]
pub(super) struct DataForm {
    /// `Values`, `Ramp`, … as written.
    pub name: &'static str,
    /// Position of the form's name.
    pub span: Span,
    kind: FormKind,
}

/// The run of elements a form must produce.
pub(super) struct Run {
    /// First element index in the tensor (for messages).
    pub at: u32,
    pub len: u32,
    /// `expect` with an explicit `len`: a shorter Values/Bits list repeats cyclically.
    pub cyclic: bool,
    /// "tensor \"x\" (len 128)" or "the expected run (len 64)", for messages.
    pub what: String,
}

pub(super) const FORMS: [&str; 6] = ["Values", "Ramp", "Fill", "Bits", "Random", "File"];

/// Reads a data form and checks its literals against `t`'s element type. `at` is the tensor
/// index of the form's first element (0 for `init`), used in messages.
pub(super) fn parse(ctx: &mut Ctx, node: &Node, t: &Target, at: u32) -> Option<DataForm> {
    let name = match &node.kind {
        Kind::Group(g) if g.delim == Delim::Paren && g.name.is_some() => {
            g.name.as_deref().unwrap_or_default()
        }
        Kind::Ident(n) => {
            // A bare `Values` etc. is a form without its arguments.
            if let Some(f) = FORMS.iter().find(|f| *f == n) {
                ctx.report(
                    Diagnostic::error("wrong-type", format!("`{f}` needs its arguments"))
                        .at(node.span)
                        .note(FORM_HELP),
                );
            } else {
                unknown_form(ctx, n, node.span);
            }
            return None;
        }
        _ => {
            ctx.report(
                Diagnostic::error(
                    "wrong-type",
                    format!("expected a data form, found {}", node.describe()),
                )
                .at(node.span)
                .note(FORM_HELP),
            );
            return None;
        }
    };
    let Some(&form) = FORMS.iter().find(|f| **f == name) else {
        unknown_form(ctx, name, node.span);
        return None;
    };
    let kind = match form {
        "Values" | "Bits" => {
            let list = single_arg(ctx, node, form)?;
            let elems = match list.group() {
                Some(g) if g.delim == Delim::Bracket => &g.items,
                _ => {
                    ctx.report(
                        Diagnostic::error(
                            "wrong-type",
                            format!("`{form}` takes a list `[…]`, found {}", list.describe()),
                        )
                        .at(list.span),
                    );
                    return None;
                }
            };
            let size = t.dtype.size() as usize;
            let mut bytes = vec![0u8; elems.len() * size];
            let mut errors = 0usize;
            for (j, item) in elems.iter().enumerate() {
                if errors == MAX_ELEMENT_ERRORS {
                    ctx.note_last(format!(
                        "the remaining elements of this {form} list were not checked"
                    ));
                    break;
                }
                let index = at as u64 + j as u64;
                let out = &mut bytes[j * size..];
                let ok = if form == "Values" {
                    match ctx.lit(&item.value, "a Values element") {
                        Some(lit) => encode_lit(ctx, t, index, lit, item.value.span, out),
                        None => false,
                    }
                } else {
                    bits_elem(ctx, t, index, &item.value, out)
                };
                errors += usize::from(!ok);
            }
            if errors > 0 {
                return None;
            }
            let n = u32::try_from(elems.len()).ok()?;
            FormKind::List { bytes, n }
        }
        "Fill" => {
            let v = single_arg(ctx, node, form)?;
            let lit = ctx.lit(v, "the Fill value")?;
            let mut bytes = vec![0u8; t.dtype.size() as usize];
            if !encode_lit(ctx, t, at as u64, lit, v.span, &mut bytes) {
                return None;
            }
            FormKind::Fill { bytes }
        }
        "Ramp" => {
            let f = ctx.fields(node, "Ramp", &["Ramp"], &["start", "step"])?;
            let start_node = ctx.require(&f, "start", "Ramp")?;
            let step_node = ctx.require(&f, "step", "Ramp")?;
            let start = ctx.lit(start_node, "Ramp start")?;
            let step = ctx.lit(step_node, "Ramp step")?;
            if t.dtype.int_range().is_some() {
                let mut ok = true;
                for (lit, n) in [(start, start_node), (step, step_node)] {
                    if let Lit::Float(_) = lit {
                        ctx.report(lit_error(
                            EncodeError::FloatForInteger,
                            t,
                            at as u64,
                            lit,
                            n.span,
                        ));
                        ok = false;
                    }
                }
                if !ok {
                    return None;
                }
            }
            FormKind::Ramp { start, step }
        }
        "Random" => random(ctx, node, t)?,
        _ if t.dtype.is_nibble() => {
            ctx.report(
                Diagnostic::error(
                    "unknown-data-form",
                    format!("File data for the int4b_t tensor `{}` is not supported", t.name),
                )
                .at(node.span)
                .note("give Values, Ramp, Fill, Bits or Random; or declare the data int8 (two int4b_t per byte, as numpy writes them) and reinterpret it"),
            );
            return None;
        }
        _ => {
            // "File": File("x.bin") or File("x.bin", at: N)
            let (p, at) = file_args(ctx, node)?;
            let Some(rel) = p.str_value() else {
                ctx.report(
                    Diagnostic::error(
                        "wrong-type",
                        format!("`File` takes a path string, found {}", p.describe()),
                    )
                    .at(p.span),
                );
                return None;
            };
            let path = ctx.base_dir.join(rel);
            let fail = |ctx: &mut Ctx, code: &'static str, msg: String, note: &str| {
                ctx.report(
                    Diagnostic::error(code, msg)
                        .at(p.span)
                        .note(note.to_string()),
                );
            };
            // Only regular files (not /dev/zero, not a FIFO that would block), and only under
            // the program's directory unless the user allows more.
            let meta = match std::fs::metadata(&path) {
                Ok(m) => m,
                Err(e) => {
                    let msg = format!("cannot read data file \"{}\": {e}", path.display());
                    fail(
                        ctx,
                        "file-error",
                        msg,
                        "File paths are relative to the program file's directory",
                    );
                    return None;
                }
            };
            if !meta.is_file() {
                let msg = format!("data file \"{}\" is not a regular file", path.display());
                fail(
                    ctx,
                    "file-not-allowed",
                    msg,
                    "File reads regular files only (not devices, pipes or directories)",
                );
                return None;
            }
            if !FILES_ANYWHERE.load(std::sync::atomic::Ordering::Relaxed) {
                let inside = match (path.canonicalize(), ctx.base_dir.canonicalize()) {
                    (Ok(f), Ok(d)) => f.starts_with(d),
                    (Ok(f), Err(_)) => std::env::current_dir()
                        .ok()
                        .and_then(|c| c.canonicalize().ok())
                        .is_some_and(|c| f.starts_with(c)),
                    _ => false,
                };
                if !inside {
                    let msg = format!(
                        "data file \"{}\" is outside the program's directory",
                        path.display()
                    );
                    fail(ctx, "file-not-allowed", msg, "a program from elsewhere could read any file into a report; pass --allow-files-anywhere to allow it (docs/format.md §4)");
                    return None;
                }
            }
            let size = t.dtype.size() as usize;
            let len = meta.len();
            if len % size as u64 != 0 {
                ctx.report(
                    Diagnostic::error(
                        "length-mismatch",
                        format!(
                            "data file \"{}\" has {} bytes, not a whole number of {} elements ({size} bytes each)",
                            path.display(),
                            len,
                            t.dtype
                        ),
                    )
                    .at(p.span),
                );
                return None;
            }
            let Ok(n) = u32::try_from(len / size as u64) else {
                ctx.report(
                    Diagnostic::error(
                        "length-mismatch",
                        format!("data file \"{}\" is too large", path.display()),
                    )
                    .at(p.span),
                );
                return None;
            };
            if let Some(a) = at {
                if a > n {
                    ctx.report(
                        Diagnostic::error(
                            "length-mismatch",
                            format!(
                                "File \"{}\" has {n} elements; `at: {a}` starts beyond its end",
                                path.display()
                            ),
                        )
                        .at(p.span),
                    );
                    return None;
                }
            }
            FormKind::File { path, n, at }
        }
    };
    Some(DataForm {
        name: form,
        span: node.span,
        kind,
    })
}

/// `read_range`, reporting a failure (the file changed since it was checked) as `file-error`.
fn read_file(
    ctx: &mut Ctx,
    path: &std::path::Path,
    at: u64,
    len: usize,
    size: usize,
    span: Span,
) -> Option<Vec<u8>> {
    match read_range(path, at, len, size) {
        Ok(b) => Some(b),
        Err(e) => {
            ctx.report(
                Diagnostic::error(
                    "file-error",
                    format!("cannot read data file \"{}\": {e}", path.display()),
                )
                .at(span),
            );
            None
        }
    }
}

const FORM_HELP: &str = "data forms: Values([1, 2.5, -3]), Ramp(start: 1, step: 1), Fill(0), Bits([0x3c00]), Random(seed: 7, min: -1.0, max: 1.0), File(\"data/x.bin\")";

fn unknown_form(ctx: &mut Ctx, name: &str, span: Span) {
    let mut d = Diagnostic::error(
        "unknown-data-form",
        format!(
            "unknown data form `{name}`; expected one of {}",
            FORMS.map(|f| format!("`{f}`")).join(", ")
        ),
    )
    .at(span);
    if let Some(s) = super::load::closest(name, FORMS.iter().copied()) {
        d = d.note(format!("did you mean `{s}`?"));
    }
    ctx.report(d);
}

/// The one positional argument of `Values(…)`, `Fill(…)`, `Bits(…)`, `File(…)`.
/// `File("path")` or `File("path", at: N)`: the path node and the start element.
fn file_args<'n>(ctx: &mut Ctx, node: &'n Node) -> Option<(&'n Node, Option<u32>)> {
    let g = node.group()?;
    let bad = |ctx: &mut Ctx, span: Span, what: String| {
        ctx.report(
            Diagnostic::error("wrong-type", what)
                .at(span)
                .note("File(\"data/x.bin\") or File(\"data/x.bin\", at: 2048): the path, then optionally the element to start from"),
        );
        None
    };
    match g.items.as_slice() {
        [p] if p.key.is_none() => Some((&p.value, None)),
        [p, a] if p.key.is_none() => match &a.key {
            Some(Key::Field { name, .. }) if name == "at" => {
                let at = ctx.uint(&a.value, "at", u32::MAX as u128)? as u32;
                Some((&p.value, Some(at)))
            }
            Some(Key::Field { name, span }) => bad(
                ctx,
                *span,
                format!("`File` has no field `{name}`; it takes the path and `at`"),
            ),
            _ => bad(
                ctx,
                a.value.span,
                "`File` takes the path and `at: N`".into(),
            ),
        },
        items => bad(
            ctx,
            node.span,
            format!(
                "`File` takes the path and optionally `at: N`, found {} arguments",
                items.len()
            ),
        ),
    }
}

fn single_arg<'n>(ctx: &mut Ctx, node: &'n Node, form: &str) -> Option<&'n Node> {
    let g = node.group()?;
    match g.items.as_slice() {
        [item] if item.key.is_none() => Some(&item.value),
        _ => {
            ctx.report(
                Diagnostic::error(
                    "wrong-type",
                    format!(
                        "`{form}` takes exactly one argument, found {}",
                        if g.items.iter().any(|i| i.key.is_some()) {
                            "named fields".to_string()
                        } else {
                            format!("{}", g.items.len())
                        }
                    ),
                )
                .at(node.span)
                .note(FORM_HELP),
            );
            None
        }
    }
}

fn bits_elem(ctx: &mut Ctx, t: &Target, index: u64, node: &Node, out: &mut [u8]) -> bool {
    let Some(lit) = ctx.lit(node, "a Bits element") else {
        return false;
    };
    let width = if t.dtype.is_nibble() {
        4
    } else {
        t.dtype.size() * 8
    };
    let max: u128 = (1u128 << width) - 1;
    match lit {
        Lit::Int(v) if v >= 0 && (v as u128) <= max => {
            let n = t.dtype.size() as usize;
            out[..n].copy_from_slice(&(v as u64).to_le_bytes()[..n]);
            true
        }
        Lit::Int(v) => {
            ctx.report(
                Diagnostic::error(
                    "value-out-of-range",
                    format!(
                        "element {index} of tensor \"{}\" has the bit pattern {v}, wider than {width}-bit {}",
                        t.name, t.dtype
                    ),
                )
                .at(node.span)
                .note(format!("Bits elements are raw patterns 0..={max:#x}")),
            );
            false
        }
        Lit::Float(_) => {
            ctx.report(
                Diagnostic::error(
                    "wrong-type",
                    format!(
                        "element {index} of Bits for tensor \"{}\" is the float {lit}; Bits takes raw integer bit patterns",
                        t.name
                    ),
                )
                .at(node.span),
            );
            false
        }
    }
}

fn random(ctx: &mut Ctx, node: &Node, t: &Target) -> Option<FormKind> {
    let f = ctx.fields(node, "Random", &["Random"], &["seed", "min", "max"])?;
    let seed_node = ctx.require(&f, "seed", "Random");
    let min_node = ctx.require(&f, "min", "Random");
    let max_node = ctx.require(&f, "max", "Random");
    let (seed_node, min_node, max_node) = (seed_node?, min_node?, max_node?);
    let seed = ctx.uint(seed_node, "the Random seed", u64::MAX as u128);
    let min = ctx.lit(min_node, "Random min");
    let max = ctx.lit(max_node, "Random max");
    let (seed, mut min, mut max) = (seed? as u64, min?, max?);
    let mut ok = true;
    if t.dtype.int_range().is_some() {
        // Integral floats (`-1.0`) are accepted as bounds of an integer tensor.
        for (lit, n) in [(&mut min, min_node), (&mut max, max_node)] {
            if let Lit::Float(v) = *lit {
                if v.is_finite() && v.fract() == 0.0 && v.abs() < 2f64.powi(127) {
                    *lit = Lit::Int(v as i128);
                } else {
                    ctx.report(
                        Diagnostic::error(
                            "float-for-integer",
                            format!(
                                "Random bound {lit} for tensor \"{}\" is not an integer, but {} is an integer type",
                                t.name, t.dtype
                            ),
                        )
                        .at(n.span),
                    );
                    ok = false;
                }
            }
        }
    } else {
        for (lit, n) in [(min, min_node), (max, max_node)] {
            if let Lit::Float(v) = lit {
                if !v.is_finite() {
                    ctx.report(
                        Diagnostic::error(
                            "bad-random",
                            format!("Random bound {lit} must be finite"),
                        )
                        .at(n.span),
                    );
                    ok = false;
                }
            }
        }
    }
    if !ok {
        return None;
    }
    for (lit, n) in [(min, min_node), (max, max_node)] {
        if let Err(EncodeError::OutOfRange(valid)) = quantize(t.dtype, lit) {
            ctx.report(
                Diagnostic::error(
                    "value-out-of-range",
                    format!(
                        "Random bound {lit} for tensor \"{}\" does not fit {}",
                        t.name, t.dtype
                    ),
                )
                .at(n.span)
                .note(valid),
            );
            ok = false;
        }
    }
    if !ok {
        return None;
    }
    if lit_f64(min) > lit_f64(max) || matches!((min, max), (Lit::Int(a), Lit::Int(b)) if a > b) {
        ctx.report(
            Diagnostic::error(
                "bad-random",
                format!("Random min {min} is greater than max {max}"),
            )
            .at(min_node.span),
        );
        return None;
    }
    Some(FormKind::Random { seed, min, max })
}
