//! Operands (`"x"`, `"x[64]"`, docs/format.md §5), their dtype rules, scalars
//! (docs/semantics.md §10) and enumerated fields: the readers every family shares.

use super::*;
use crate::base::diag::Diagnostic;
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Operand, Slot};
use crate::base::spans::Node;
use crate::program::data::{quantize, range_text, EncodeError};
use crate::program::load::{closest, Ctx, Fields};

/// The scalar a `ret` field names (`ret: "cnt"`, docs/format.md §10): `Some(None)` without one,
/// None (reported) when the field is not a name.
pub(super) fn ret_scalar(ctx: &mut Ctx, f: &Fields, example: &str) -> Option<Option<usize>> {
    let Some(n) = f.get("ret") else {
        return Some(None);
    };
    match n.str_value() {
        Some(name) => Some(Some(ctx.scalar_index(name, n.span)?)),
        None => {
            let msg = format!(
                "`ret` names a scalar, like \"{example}\"; found {}",
                n.describe()
            );
            ctx.error("wrong-type", n.span, msg);
            None
        }
    }
}

/// An enumerated field written as its C++ enumerator name (docs/format.md §7): one of
/// `names`, else `code` with the valid names and a suggestion.
pub(super) fn enum_value<T: Copy>(
    ctx: &mut Ctx,
    node: &Node,
    field: &str,
    code: &'static str,
    names: &[(&'static str, T)],
    example: &str,
) -> Option<T> {
    let all: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
    let Some(s) = node.ident() else {
        let hint = match node.str_value() {
            Some(v) if all.contains(&v) => format!(" (write {v} without quotes)"),
            _ => String::new(),
        };
        ctx.error(
            "wrong-type",
            node.span,
            format!(
                "`{field}` is one of {}, found {}{hint}",
                all.join(", "),
                node.describe()
            ),
        );
        return None;
    };
    let s = s.rsplit("::").next().unwrap_or(s);
    if let Some((_, v)) = names.iter().find(|(n, _)| *n == s) {
        return Some(*v);
    }
    let mut d = Diagnostic::error(
        code,
        format!("unknown {field} `{s}`, expected one of {}", all.join(", ")),
    )
    .at(node.span)
    .note(format!("e.g. `{field}: {example}`"));
    if let Some(c) = closest(s, all.iter().copied()) {
        d = d.note(format!("did you mean `{c}`?"));
    }
    ctx.report(d);
    None
}

/// A boolean field, if given.
pub(super) fn flag(ctx: &mut Ctx, f: &Fields, field: &str) -> Option<bool> {
    f.get(field).and_then(|n| ctx.boolean(n, field))
}

/// Reads `dst` (its dtype may differ: mixed-type ops) and the sources `srcs`, which must all share
/// one dtype; returns that dtype.
pub(super) fn dst_and_same_type_sources(
    ctx: &mut Ctx,
    f: &Fields,
    ins: &mut Draft,
    srcs: &[&str],
) -> Option<DType> {
    let what = ins.op.name();
    if let Some(d) = operand(ctx, f, "dst", what) {
        ins.dst = Some(d.0);
    }
    let mut first: Option<(Operand, DType, String)> = None;
    for s in srcs {
        let Some(o) = operand(ctx, f, s, what) else {
            continue;
        };
        ins.src.push(o.0);
        match &first {
            None => first = Some(o),
            Some(a) => same_type(ctx, what, &o, s, (a.1, &a.2, "src0")),
        }
    }
    first.map(|a| a.1)
}

/// `dtype-mismatch` at `o` when a source's type differs from `want`.
pub(super) fn same_type(
    ctx: &mut Ctx,
    what: &str,
    (o, dt, tname): &(Operand, DType, String),
    field: &str,
    (want, wname, wfield): (DType, &str, &str),
) {
    if *dt != want {
        ctx.report(
            Diagnostic::error(
                "dtype-mismatch",
                format!(
                    "{field} \"{tname}\" is {dt} but {wfield} \"{wname}\" is {want}; {what} needs them of one element type"
                ),
            )
            .at(o.span),
        );
    }
}

/// `dtype-mismatch` at `o` unless its type is one of `allowed`.
pub(super) fn type_in(
    ctx: &mut Ctx,
    what: &str,
    (o, dt, tname): &(Operand, DType, String),
    field: &str,
    allowed: &[DType],
    why: &str,
) {
    if !allowed.contains(dt) {
        let list: Vec<&str> = allowed.iter().map(|d| d.name()).collect();
        ctx.report(
            Diagnostic::error(
                "dtype-mismatch",
                format!(
                    "{field} \"{tname}\" of {what} is {dt}; it must be {} ({why})",
                    list.join(" or ")
                ),
            )
            .at(o.span),
        );
    }
}

/// The destination and the sources: their operands, the dst's dtype (None when unusable), and
/// `dtype-mismatch` for a source whose type differs from the dst's (docs/format.md §5).
pub(super) fn operands(ctx: &mut Ctx, f: &Fields, ins: &mut Draft, srcs: &[&str]) -> Option<DType> {
    let what = ins.op.name();
    let dst = operand(ctx, f, "dst", what);
    if let Some((o, _, _)) = &dst {
        ins.dst = Some(*o);
    }
    for s in srcs {
        let Some((o, dt, tname)) = operand(ctx, f, s, what) else {
            continue;
        };
        ins.src.push(o);
        if let Some((_, ddt, dname)) = &dst {
            if dt != *ddt {
                ctx.report(
                    Diagnostic::error(
                        "dtype-mismatch",
                        format!(
                            "{s} \"{tname}\" is {dt} but dst \"{dname}\" is {ddt}; {what} needs every operand of one element type"
                        ),
                    )
                    .at(o.span),
                );
            }
        }
    }
    dst.map(|(_, d, _)| d)
}

/// The APIs whose operands may be global-memory tensors.
const GM_APIS: [&str; 4] = ["DataCopy", "DataCopyPad", "GetValue", "SetValue"];

/// A required operand field: `"x"` or `"x[64]"` (docs/format.md §5). Returns the operand,
/// its tensor's dtype and the tensor's name.
pub(super) fn operand(
    ctx: &mut Ctx,
    f: &Fields,
    field: &str,
    instr: &str,
) -> Option<(Operand, DType, String)> {
    let node = ctx.require(f, field, instr)?;
    operand_node(ctx, node, field, instr)
}

/// An operand written at `node` of field `field` (one element of a list field, such as
/// TransDataTo5HD's address lists).
pub(super) fn operand_node(
    ctx: &mut Ctx,
    node: &Node,
    field: &str,
    instr: &str,
) -> Option<(Operand, DType, String)> {
    let Some(text) = node.str_value() else {
        ctx.error(
            "wrong-type",
            node.span,
            format!(
                "`{field}` is an operand string like \"x\" or \"x[64]\", found {}",
                node.describe()
            ),
        );
        return None;
    };
    let parsed = match parse_operand(text) {
        Ok(p) => p,
        Err(why) => {
            ctx.report(
                Diagnostic::error("bad-operand", format!("malformed operand {text:?}: {why}"))
                    .at(node.span)
                    .note("an operand is a tensor name, optionally with an element offset: \"x\" or \"x[64]\" (decimal or 0x hex)"),
            );
            return None;
        }
    };
    let idx = ctx.tensor(parsed.name, node.span)??;
    let t = &ctx.tensors[idx];
    // Vector instructions compute on LocalTensors; only the moves and the scalar unit reach
    // global memory (docs/format.md §11).
    if t.is_gm() && !GM_APIS.contains(&instr) {
        let name = t.name.clone();
        ctx.report(
            Diagnostic::error(
                "gm-operand",
                format!("`{name}` is a global-memory tensor (GlobalTensor); {instr} computes on UB tensors (LocalTensor) only"),
            )
            .at(node.span)
            .note(format!("copy it into the UB first, e.g. `DataCopy(dst: \"{name}Local\", src: \"{name}\", count: …)` (docs/format.md §11)")),
        );
        return None;
    }
    let (tlen, dtype, tname) = (t.len, t.dtype, t.name.clone());
    let offset = match parsed.offset {
        None => 0,
        Some(off)
            if off.value.is_none()
                && off
                    .text
                    .starts_with(|c: char| c.is_alphabetic() || c == '_') =>
        {
            let i = ctx.scalar_index(off.text, node.char_span(off.char_index))?;
            let Some(slot) = Slot::offset_of(field) else {
                ctx.report(
                    Diagnostic::error(
                        "bad-operand",
                        format!(
                            "operand {text:?}: a scalar offset is not accepted in `{field}` yet"
                        ),
                    )
                    .at(node.char_span(off.char_index))
                    .note("scalar offsets work in dst, src, src0, src1, sel_mask, pattern, work and offset"),
                );
                return None;
            };
            ctx.bindings.push((slot, i));
            0
        }
        Some(off) => match off.value {
            Some(v) if v < tlen as u128 => v as u32,
            Some(v) if ctx.offsets_past_tensor && v <= u32::MAX as u128 => v as u32,
            v => {
                // An index a kernel computed below zero arrives as its unsigned 64-bit value.
                let shown = match v {
                    Some(v) if v >= 1 << 63 && v <= u64::MAX as u128 => format!(
                        "{v} (that is {} as a signed 64-bit index: before the tensor's start)",
                        v as u64 as i64
                    ),
                    Some(v) => v.to_string(),
                    None => off.text.to_string(),
                };
                ctx.report(
                    Diagnostic::error(
                        "operand-out-of-tensor",
                        format!(
                            "operand {text:?}: offset {shown} is beyond tensor \"{tname}\" (len {tlen})"
                        ),
                    )
                    .at(node.char_span(off.char_index))
                    .note(format!("valid offsets are 0..={}", tlen - 1)),
                );
                return None;
            }
        },
    };
    Some((
        Operand {
            tensor: idx,
            offset,
            span: node.span,
        },
        dtype,
        tname,
    ))
}

pub(super) struct ParsedOperand<'a> {
    pub(super) name: &'a str,
    offset: Option<ParsedOffset<'a>>,
}

pub(super) struct ParsedOffset<'a> {
    text: &'a str,
    /// None when the number is too large for 128 bits.
    value: Option<u128>,
    /// Character index of the offset within the operand string.
    char_index: usize,
}

pub(super) fn parse_operand(s: &str) -> Result<ParsedOperand<'_>, String> {
    let Some(open) = s.find('[') else {
        if s.contains(']') {
            return Err("`]` without `[`".into());
        }
        if s.is_empty() {
            return Err("no tensor name".into());
        }
        return Ok(ParsedOperand {
            name: s,
            offset: None,
        });
    };
    let name = &s[..open];
    if name.is_empty() {
        return Err("no tensor name before `[`".into());
    }
    let Some(inner) = s[open + 1..].strip_suffix(']') else {
        return Err("the offset must end with `]`".into());
    };
    if inner.contains(['[', ']']) {
        return Err("more than one `[…]`".into());
    }
    let text = inner.trim();
    if text.is_empty() {
        return Err("empty offset `[]`".into());
    }
    let lead = inner.len() - inner.trim_start().len();
    let char_index = s[..open + 1 + lead].chars().count();
    let (digits, radix) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(h) => (h, 16),
        None => (text, 10),
    };
    let digits = digits.replace('_', "");
    let is_name = text
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_alphanumeric() || c == '_');
    if is_name {
        // A scalar's name (docs/format.md §10): the loader binds it.
        return Ok(ParsedOperand {
            name,
            offset: Some(ParsedOffset {
                text,
                value: None,
                char_index,
            }),
        });
    }
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(format!(
            "offset `{text}` is not a decimal or 0x-hex element index, nor a scalar's name"
        ));
    }
    Ok(ParsedOperand {
        name,
        offset: Some(ParsedOffset {
            text,
            value: u128::from_str_radix(&digits, radix).ok(),
            char_index,
        }),
    })
}

/// The scalar field of an instruction that may take 950's flexible scalar (`flexible`): a
/// tensor element `"x[3]"` (its operand, the scalar 0 until it is read), else as [`scalar`].
pub(super) fn scalar_or_elem(
    ctx: &mut Ctx,
    f: &Fields,
    node: &Node,
    dtype: Option<DType>,
    ins: &Draft,
    flexible: bool,
) -> (Option<Value>, Option<Operand>) {
    // A tensor's name (not a scalar of that name), with or without an offset.
    let names_tensor = node.str_value().is_some_and(|t| {
        parse_operand(t).is_ok_and(|p| {
            ctx.names.iter().any(|(n, _, _)| n == p.name)
                && !ctx.scalars.iter().any(|s| s.name == t)
        })
    });
    if !(names_tensor && flexible) {
        return (scalar(ctx, node, dtype, ins), None);
    }
    let elem = operand(ctx, f, "scalar", ins.op.name()).map(|(o, _, _)| o);
    let zero = match dtype {
        Some(d) if d.is_float() => Value::Float(0.0),
        _ => Value::Int(0),
    };
    (elem.map(|_| zero), elem)
}

/// The scalar of a vector–scalar instruction or Duplicate: of the dst's element type
/// (docs/semantics.md §10), range-checked; floats are rounded to that type as C++ converts a
/// literal to T. `dtype` None (dst unusable): only the literal's syntax is checked.
pub(super) fn scalar(
    ctx: &mut Ctx,
    node: &Node,
    dtype: Option<DType>,
    ins: &Draft,
) -> Option<Value> {
    if ctx.bind(node, Slot::Scalar)? {
        return Some(match dtype {
            Some(d) if d.is_float() => Value::Float(0.0),
            _ => Value::Int(0),
        });
    }
    let lit = ctx.lit(node, "scalar")?;
    let d = dtype?;
    match quantize(d, lit) {
        Ok(v) => Some(v),
        Err(EncodeError::FloatForInteger) => {
            ctx.error(
                "float-for-integer",
                node.span,
                format!(
                    "scalar {lit} is a float, but {}'s dst is {d}, an integer type",
                    ins.op.name()
                ),
            );
            None
        }
        Err(EncodeError::OutOfRange(_)) => {
            ctx.report(
                Diagnostic::error(
                    "value-out-of-range",
                    format!(
                        "scalar {lit} does not fit {d}, the element type of {}'s dst",
                        ins.op.name()
                    ),
                )
                .at(node.span)
                .note(range_text(d)),
            );
            None
        }
    }
}
