//! Instructions and operands (program-format.md §5–§7): which fields each family takes, the
//! three API forms of §6, masks, repeat parameters and strides (semantics.md §1.3), scalars
//! (semantics.md §10) and `"x[64]"` operands.
//!
//! Owns: turning one item of `code` into an `ir::Instr`, recording where each field was
//! written (`Instr::field_spans`) so that the simulator can point at it. Range rules that
//! depend on the product or on the mask register (mask ≤ PAR, repeat_times ≤ 255, zero
//! strides, UB bounds) are the simulator's.

use super::data::{quantize, range_text, EncodeError};
use super::load::{closest, Ctx, Fields};
use super::spans::{Delim, Kind, Lit, Node};
use crate::diag::Diagnostic;
use crate::program::ir::{Form, Instr, MaskArg, Operand, SetMaskArg, Strides};
use crate::sim::dtype::{DType, Value};
use crate::sim::isa::catalog::{Family, Op};
use crate::sim::product::ReduceOrder;

/// API names program-format.md §7 lists that the simulator does not model yet.
const NOT_YET: [&str; 23] = [
    "AddRelu",
    "SubRelu",
    "FusedMulAdd",
    "MulAddDst",
    "MulAddRelu",
    "Axpy",
    "ReducePairElem",
    "ReduceDataBlock",
    "ReduceRepeat",
    "ReduceSum",
    "ReduceMax",
    "ReduceMin",
    "Brcb",
    "CreateVecIndex",
    "Compare",
    "Compares",
    "Select",
    "GatherMask",
    "Cast",
    "AddReluCast",
    "SubReluCast",
    "MulCast",
    "CastDequant",
];

const UNARY: &[&str] = &["dst", "src", "count", "mask", "repeat_times", "params"];
const BINARY: &[&str] = &[
    "dst",
    "src0",
    "src1",
    "count",
    "mask",
    "repeat_times",
    "params",
];
const SCALAR: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "count",
    "mask",
    "repeat_times",
    "params",
];
const SHIFT_RIGHT: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "round_en",
    "count",
    "mask",
    "repeat_times",
    "params",
];
// `count` and `params` are listed for reductions only to answer them with `bad-form`.
const REDUCE: &[&str] = &[
    "dst",
    "src",
    "mask",
    "repeat_times",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "count",
    "params",
];
const WHOLE_REDUCE_MAX_MIN: &[&str] = &[
    "dst",
    "src",
    "mask",
    "repeat_times",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "order",
    "count",
    "params",
];
const REPEAT_REDUCE_SUM: &[&str] = &[
    "dst",
    "src",
    "mask",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "count",
    "params",
];
const DUPLICATE: &[&str] = &[
    "dst",
    "scalar",
    "count",
    "mask",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];
const SET_VECTOR_MASK: &[&str] = &["high", "low", "len", "dtype"];

/// The fields `op` takes (program-format.md §7). `count`/`params` of reductions are listed
/// only so that they are answered with `bad-form` rather than `unknown-field`.
fn fields_of(op: Op) -> &'static [&'static str] {
    match op.family() {
        Family::Unary => UNARY,
        Family::Binary => BINARY,
        Family::Scalar if op == Op::ShiftRight => SHIFT_RIGHT,
        Family::Scalar => SCALAR,
        Family::Reduce => match op {
            Op::WholeReduceMax | Op::WholeReduceMin => WHOLE_REDUCE_MAX_MIN,
            Op::RepeatReduceSum => REPEAT_REDUCE_SUM,
            _ => REDUCE,
        },
        Family::Duplicate => DUPLICATE,
        Family::MaskReg if op == Op::SetVectorMask => SET_VECTOR_MASK,
        Family::MaskReg => &[],
    }
}

/// One stride field: its snake_case name, the C++ field and type it mirrors, its maximum and
/// its default (semantics.md §1.3).
struct StrideField {
    name: &'static str,
    ctype: &'static str,
    max: u32,
    default: u32,
}

const fn sf(name: &'static str, ctype: &'static str, max: u32, default: u32) -> StrideField {
    StrideField {
        name,
        ctype,
        max,
        default,
    }
}

/// UnaryRepeatParams in C++ brace order: block strides uint16_t, repeat strides uint8_t.
const UNARY_PARAMS: [StrideField; 4] = [
    sf(
        "dst_blk_stride",
        "UnaryRepeatParams.dstBlkStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "src_blk_stride",
        "UnaryRepeatParams.srcBlkStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "dst_rep_stride",
        "UnaryRepeatParams.dstRepStride (uint8_t)",
        255,
        8,
    ),
    sf(
        "src_rep_stride",
        "UnaryRepeatParams.srcRepStride (uint8_t)",
        255,
        8,
    ),
];

/// BinaryRepeatParams in C++ brace order: every field uint8_t.
const BINARY_PARAMS: [StrideField; 6] = [
    sf(
        "dst_blk_stride",
        "BinaryRepeatParams.dstBlkStride (uint8_t)",
        255,
        1,
    ),
    sf(
        "src0_blk_stride",
        "BinaryRepeatParams.src0BlkStride (uint8_t)",
        255,
        1,
    ),
    sf(
        "src1_blk_stride",
        "BinaryRepeatParams.src1BlkStride (uint8_t)",
        255,
        1,
    ),
    sf(
        "dst_rep_stride",
        "BinaryRepeatParams.dstRepStride (uint8_t)",
        255,
        8,
    ),
    sf(
        "src0_rep_stride",
        "BinaryRepeatParams.src0RepStride (uint8_t)",
        255,
        8,
    ),
    sf(
        "src1_rep_stride",
        "BinaryRepeatParams.src1RepStride (uint8_t)",
        255,
        8,
    ),
];

/// Reduction strides: int32_t arguments documented in [0, 65535] (semantics.md §1.3).
const REDUCE_STRIDES: [StrideField; 3] = [
    sf("dst_rep_stride", "the reduction's dstRepStride", 65535, 1),
    sf("src_blk_stride", "the reduction's srcBlkStride", 65535, 1),
    sf("src_rep_stride", "the reduction's srcRepStride", 65535, 8),
];
const REPEAT_REDUCE_DST_BLK: StrideField =
    sf("dst_blk_stride", "RepeatReduceSum's dstBlkStride", 65535, 1);

/// Duplicate's stride arguments: dstBlockStride uint16_t, dstRepeatStride uint8_t.
const DUPLICATE_STRIDES: [StrideField; 2] = [
    sf(
        "dst_blk_stride",
        "Duplicate's dstBlockStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "dst_rep_stride",
        "Duplicate's dstRepeatStride (uint8_t)",
        255,
        8,
    ),
];

/// Reads one item of `code`.
pub(crate) fn read(ctx: &mut Ctx, node: &Node) -> Option<Instr> {
    let name = match &node.kind {
        Kind::Ident(n) => n.as_str(),
        Kind::Group(g) if g.delim == Delim::Paren && g.name.is_some() => {
            g.name.as_deref().unwrap_or_default()
        }
        _ => {
            ctx.error(
                "wrong-type",
                node.span,
                format!(
                    "expected an instruction such as `Add(dst: \"z\", src0: \"x\", src1: \"y\", count: 64)`, found {}",
                    node.describe()
                ),
            );
            return None;
        }
    };
    let Some(op) = Op::parse(name) else {
        let mut d = Diagnostic::error(
            "unknown-instruction",
            format!("unknown instruction `{name}`"),
        )
        .at(node.span);
        if NOT_YET.contains(&name) {
            d = d.note(format!(
                "`{name}` is an Ascend C API that ascstep does not simulate yet"
            ));
        } else if let Some(s) = closest(name, Op::ALL.iter().map(|o| o.name())) {
            d = d.note(format!("did you mean `{s}`?"));
        }
        d = d.note(format!(
            "instructions: {}",
            Op::ALL
                .iter()
                .map(|o| o.name())
                .collect::<Vec<_>>()
                .join(" ")
        ));
        ctx.report(d);
        return None;
    };
    let before = ctx.error_count();
    let f = ctx.fields(node, name, &[name], fields_of(op))?;
    let mut ins = Instr::new(op, node.span);
    for (field, _, value) in &f.entries {
        ins.field_spans.push((field, value.span));
    }
    match op.family() {
        Family::Unary | Family::Binary | Family::Scalar => elementwise(ctx, &f, &mut ins),
        Family::Reduce => reduce(ctx, &f, &mut ins),
        Family::Duplicate => duplicate(ctx, &f, &mut ins),
        Family::MaskReg => mask_reg(ctx, &f, &mut ins),
    }
    (ctx.error_count() == before).then_some(ins)
}

/// The destination and the sources: their operands, the dst's dtype (None when unusable), and
/// `dtype-mismatch` for a source whose type differs from the dst's (program-format.md §5).
fn operands(ctx: &mut Ctx, f: &Fields, ins: &mut Instr, srcs: &[&str]) -> Option<DType> {
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

/// A required operand field: `"x"` or `"x[64]"` (program-format.md §5). Returns the operand,
/// its tensor's dtype and the tensor's name.
fn operand(
    ctx: &mut Ctx,
    f: &Fields,
    field: &str,
    instr: &str,
) -> Option<(Operand, DType, String)> {
    let node = ctx.require(f, field, instr)?;
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
    let (tlen, dtype, tname) = (t.len, t.dtype, t.name.clone());
    let offset = match parsed.offset {
        None => 0,
        Some(off) => match off.value {
            Some(v) if v < tlen as u128 => v as u32,
            v => {
                let shown = v.map_or_else(|| off.text.to_string(), |v| v.to_string());
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

struct ParsedOperand<'a> {
    name: &'a str,
    offset: Option<ParsedOffset<'a>>,
}

struct ParsedOffset<'a> {
    text: &'a str,
    /// None when the number is too large for 128 bits.
    value: Option<u128>,
    /// Character index of the offset within the operand string.
    char_index: usize,
}

fn parse_operand(s: &str) -> Result<ParsedOperand<'_>, String> {
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
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(format!(
            "offset `{text}` is not a decimal or 0x-hex element index"
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

/// Unary, binary and vector–scalar instructions: operands, scalar, `round_en`, and the form.
fn elementwise(ctx: &mut Ctx, f: &Fields, ins: &mut Instr) {
    let family = ins.op.family();
    let srcs: &[&str] = match family {
        Family::Binary => &["src0", "src1"],
        _ => &["src"],
    };
    let dtype = operands(ctx, f, ins, srcs);
    if family == Family::Scalar {
        if let Some(n) = ctx.require(f, "scalar", ins.op.name()) {
            ins.scalar = scalar(ctx, n, dtype, ins);
        }
    }
    if let Some(n) = f.get("round_en") {
        if let Some(b) = ctx.boolean(n, "round_en") {
            ins.round_en = b;
        }
    }
    let params: &[StrideField] = match family {
        Family::Binary => &BINARY_PARAMS,
        _ => &UNARY_PARAMS,
    };
    choose_form(ctx, f, ins, &["repeat_times", "params"]);
    // Checked whenever the high-dimensional form is meant, even if the mask was bad.
    if let (Some(p), None) = (f.get("params"), f.get("count")) {
        repeat_params(ctx, p, params, ins);
    }
}

/// program-format.md §6: `count: n` (first-n form) or `mask` + `repeat_times` (high-dimensional
/// form); `extra` are the other fields of the high-dimensional form. Sets `ins.form`; None
/// when the fields do not make one valid form (reported as `bad-form`, `missing-field`, …).
fn choose_form(ctx: &mut Ctx, f: &Fields, ins: &mut Instr, extra: &[&str]) -> Option<()> {
    let name = ins.op.name();
    let high_dim_fields: Vec<&str> = extra.iter().copied().filter(|k| f.has(k)).collect();
    match (f.get("count"), f.get("mask")) {
        (Some(_), Some(_)) => {
            let span = f.key("mask").unwrap_or(ins.span);
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    format!(
                        "{name} has both `count` (first-n form) and `mask` (high-dimensional form)"
                    ),
                )
                .at(span)
                .note(if high_dim_fields.is_empty() {
                    "probably the first-n form was meant: drop `mask`".to_string()
                } else {
                    format!(
                        "probably the high-dimensional form was meant ({} given): drop `count`",
                        and_list(&high_dim_fields)
                    )
                }),
            );
            None
        }
        (None, None) => {
            let d = if high_dim_fields.is_empty() {
                Diagnostic::error("bad-form", format!("{name} has no form: give `count` or `mask`"))
                    .note("first-n form: `count: 256`; high-dimensional form: `mask: 128, repeat_times: 2`")
            } else {
                Diagnostic::error(
                    "bad-form",
                    format!(
                        "{name} gives {} but no `mask`: the high-dimensional form needs `mask`",
                        and_list(&high_dim_fields)
                    ),
                )
                .note("add e.g. `mask: 128`, or `mask: Placeholder` to use the mask register as last set")
            };
            ctx.report(d.at(ins.span));
            None
        }
        (Some(c), None) => {
            let mut ok = true;
            for k in &high_dim_fields {
                ctx.report(
                    Diagnostic::error(
                        "bad-form",
                        format!("`{k}` belongs to the high-dimensional form, but `count` selects the first-n form"),
                    )
                    .at(f.key(k).unwrap_or(ins.span))
                    .note("drop it, or replace `count` with `mask` to use the high-dimensional form"),
                );
                ok = false;
            }
            let count = ctx.uint(c, "count", u64::MAX as u128)?;
            ins.form = Form::Count(count as u64);
            ok.then_some(())
        }
        (None, Some(m)) => {
            let mask = mask_arg(ctx, m);
            let rep = match f.get("repeat_times") {
                Some(r) => ctx.uint(r, "repeat_times", u64::MAX as u128),
                None => {
                    ctx.report(
                        Diagnostic::error(
                            "missing-field",
                            format!("missing field `repeat_times` in {name}"),
                        )
                        .at(ins.span)
                        .note("the high-dimensional form (`mask`) needs `repeat_times`; for the first n elements use `count: n` instead"),
                    );
                    None
                }
            };
            ins.form = Form::Masked {
                mask: mask?,
                repeat_times: rep? as u64,
            };
            Some(())
        }
    }
}

/// "`a` and `b`".
fn and_list(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// `mask: 64`, `mask: [low, high, …]` (1 to 4 words, low word first) or `mask: Placeholder`
/// (program-format.md §6, semantics.md §2). `MASK_PLACEHOLDER`, the C++ spelling, is accepted
/// too. Negative contiguous masks are kept for the simulator to reject.
fn mask_arg(ctx: &mut Ctx, node: &Node) -> Option<MaskArg> {
    const HELP: &str =
        "mask is a lane count (`mask: 64`), a list of 1 to 4 64-bit words, low word first (`mask: [0x5555555555555555, 0]`), or `Placeholder`";
    match &node.kind {
        Kind::Number(_) => match ctx.lit(node, "mask")? {
            Lit::Int(v) => Some(MaskArg::Contiguous(v)),
            Lit::Float(_) => {
                ctx.report(
                    Diagnostic::error(
                        "wrong-type",
                        format!("expected an integer mask, found {}", node.describe()),
                    )
                    .at(node.span)
                    .note(HELP),
                );
                None
            }
        },
        Kind::Ident(s) if s == "Placeholder" || s == "MASK_PLACEHOLDER" => {
            Some(MaskArg::Placeholder)
        }
        Kind::Group(g) if g.delim == Delim::Bracket && (1..=4).contains(&g.items.len()) => {
            let mut words = Vec::with_capacity(g.items.len());
            let mut ok = true;
            for item in &g.items {
                match ctx.uint(&item.value, "a mask word", u64::MAX as u128) {
                    Some(w) => words.push(w as u64),
                    None => ok = false,
                }
            }
            ok.then_some(MaskArg::Bits(words))
        }
        _ => {
            let found = match node.group() {
                Some(g) if g.delim == Delim::Bracket => {
                    format!("a list of {} words", g.items.len())
                }
                _ => node.describe(),
            };
            ctx.report(
                Diagnostic::error("wrong-type", format!("expected a mask, found {found}"))
                    .at(node.span)
                    .note(HELP),
            );
            None
        }
    }
}

/// One stride value: an integer in 0..=field.max, else `stride-out-of-range`.
fn stride(ctx: &mut Ctx, node: &Node, field: &StrideField) -> Option<u32> {
    match ctx.lit(node, field.name)? {
        Lit::Int(v) if (0..=field.max as i128).contains(&v) => Some(v as u32),
        Lit::Int(v) => {
            ctx.report(
                Diagnostic::error(
                    "stride-out-of-range",
                    format!("`{}` is {v}, out of range", field.name),
                )
                .at(node.span)
                .note(format!("{} takes 0..={}", field.ctype, field.max)),
            );
            None
        }
        Lit::Float(_) => {
            ctx.error(
                "wrong-type",
                node.span,
                format!(
                    "`{}` must be an integer, found {}",
                    field.name,
                    node.describe()
                ),
            );
            None
        }
    }
}

/// `params` (program-format.md §6 item 3): named, or positional in C++ brace order. Fields
/// not written keep their defaults (blk 1, rep 8). Each value's position is recorded under
/// its field name in `ins.field_spans`.
fn repeat_params(ctx: &mut Ctx, node: &Node, fields: &[StrideField], ins: &mut Instr) {
    let struct_name = if fields.len() == 6 {
        "BinaryRepeatParams"
    } else {
        "UnaryRepeatParams"
    };
    let names: Vec<&'static str> = fields.iter().map(|f| f.name).collect();
    let mut values: Vec<u32> = fields.iter().map(|f| f.default).collect();
    let positional = match node.group() {
        Some(g) if g.delim == Delim::Bracket => true,
        Some(g) if g.delim == Delim::Paren && g.name.is_none() => {
            !g.items.is_empty() && g.items.iter().all(|i| i.key.is_none())
        }
        _ => false,
    };
    let mut ok = true;
    if positional {
        let items = node.group().map_or(&[][..], |g| &g.items[..]);
        if items.len() != fields.len() {
            ctx.report(
                Diagnostic::error(
                    "bad-params",
                    format!(
                        "positional params of {} have {} values, {struct_name} takes {}",
                        ins.op.name(),
                        items.len(),
                        fields.len()
                    ),
                )
                .at(node.span)
                .note(format!("the C++ brace order is [{}]", names.join(", "))),
            );
            return;
        }
        for (i, item) in items.iter().enumerate() {
            ins.field_spans.push((fields[i].name, item.value.span));
            match stride(ctx, &item.value, &fields[i]) {
                Some(v) => values[i] = v,
                None => ok = false,
            }
        }
    } else {
        let Some(pf) = ctx.fields(node, struct_name, &[struct_name], &names) else {
            return;
        };
        for (name, _, value) in &pf.entries {
            ins.field_spans.push((name, value.span));
            if let Some(i) = names.iter().position(|n| n == name) {
                match stride(ctx, value, &fields[i]) {
                    Some(v) => values[i] = v,
                    None => ok = false,
                }
            }
        }
    }
    if !ok {
        return;
    }
    ins.strides = if fields.len() == 6 {
        Strides {
            dst_blk: values[0],
            src_blk: [values[1], values[2]],
            dst_rep: values[3],
            src_rep: [values[4], values[5]],
        }
    } else {
        Strides {
            dst_blk: values[0],
            src_blk: [values[1], Strides::default().src_blk[1]],
            dst_rep: values[2],
            src_rep: [values[3], Strides::default().src_rep[1]],
        }
    };
}

/// The scalar of a vector–scalar instruction or Duplicate: of the dst's element type
/// (semantics.md §10), range-checked; floats are rounded to that type as C++ converts a
/// literal to T. `dtype` None (dst unusable): only the literal's syntax is checked.
fn scalar(ctx: &mut Ctx, node: &Node, dtype: Option<DType>, ins: &Instr) -> Option<Value> {
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

/// Pair / block / repeat reductions: high-dimensional form only, strides as top-level fields
/// (program-format.md §7, semantics.md §5).
fn reduce(ctx: &mut Ctx, f: &Fields, ins: &mut Instr) {
    operands(ctx, f, ins, &["src"]);
    let name = ins.op.name();
    for k in ["count", "params"] {
        if let Some(span) = f.key(k) {
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    format!("{name} has no `{k}`: reductions take `mask`, `repeat_times` and top-level `dst_rep_stride`, `src_blk_stride`, `src_rep_stride`"),
                )
                .at(span),
            );
        }
    }
    if f.has("count") || f.has("params") {
        return;
    }
    if !f.has("mask") {
        ctx.report(
            Diagnostic::error("missing-field", format!("missing field `mask` in {name}"))
                .at(ins.span)
                .note("reductions have only the high-dimensional form: `mask`, `repeat_times`"),
        );
        return;
    }
    choose_form(ctx, f, ins, &[]);
    let mut v = [0u32; 3];
    for (i, sfield) in REDUCE_STRIDES.iter().enumerate() {
        v[i] = match f.get(sfield.name) {
            Some(n) => match stride(ctx, n, sfield) {
                Some(x) => x,
                None => continue,
            },
            None => sfield.default,
        };
    }
    ins.strides = Strides {
        dst_rep: v[0],
        src_blk: [v[1], 1],
        src_rep: [v[2], 8],
        ..Strides::default()
    };
    if let Some(n) = f.get("dst_blk_stride") {
        // RepeatReduceSum's dstBlkStride is ignored by the API; it is checked, not stored.
        stride(ctx, n, &REPEAT_REDUCE_DST_BLK);
    }
    if let Some(n) = f.get("order") {
        match n.ident() {
            Some(s) => match ReduceOrder::parse(s) {
                Some(o) => ins.order = o,
                None => {
                    let all: Vec<&str> = ReduceOrder::ALL.iter().map(|o| o.name()).collect();
                    let mut d = Diagnostic::error(
                        "unknown-order",
                        format!("unknown order `{s}`, expected one of {}", all.join(", ")),
                    )
                    .at(n.span);
                    if let Some(c) = closest(s, all.iter().copied()) {
                        d = d.note(format!("did you mean `{c}`?"));
                    }
                    ctx.report(d);
                }
            },
            None => ctx.error(
                "wrong-type",
                n.span,
                format!(
                    "expected an order such as `ORDER_VALUE_INDEX`, found {}",
                    n.describe()
                ),
            ),
        }
    }
}

/// Duplicate: `dst`, `scalar`, and `count` or `mask` + `repeat_times` + dst strides.
fn duplicate(ctx: &mut Ctx, f: &Fields, ins: &mut Instr) {
    let dtype = operands(ctx, f, ins, &[]);
    if let Some(n) = ctx.require(f, "scalar", "Duplicate") {
        ins.scalar = scalar(ctx, n, dtype, ins);
    }
    choose_form(
        ctx,
        f,
        ins,
        &["repeat_times", "dst_blk_stride", "dst_rep_stride"],
    );
    if !f.has("count") {
        let mut v = [0u32; 2];
        for (i, sfield) in DUPLICATE_STRIDES.iter().enumerate() {
            v[i] = match f.get(sfield.name) {
                Some(n) => stride(ctx, n, sfield).unwrap_or(sfield.default),
                None => sfield.default,
            };
        }
        ins.strides.dst_blk = v[0];
        ins.strides.dst_rep = v[1];
    }
}

/// SetVectorMask(high, low) / SetVectorMask(len) [+ dtype]; SetMaskCount, SetMaskNorm,
/// ResetMask take nothing (program-format.md §6, semantics.md §2.5).
fn mask_reg(ctx: &mut Ctx, f: &Fields, ins: &mut Instr) {
    ins.form = Form::Bare;
    if ins.op != Op::SetVectorMask {
        return;
    }
    let words = f.has("high") || f.has("low");
    match (words, f.get("len")) {
        (true, Some(_)) => {
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    "SetVectorMask has both `high`/`low` and `len`",
                )
                .at(f.key("len").unwrap_or(ins.span))
                .note("give either `high` and `low` (C++ SetVectorMask(maskHigh, maskLow)) or `len` (SetVectorMask(len))"),
            );
        }
        (false, None) => {
            ctx.report(
                Diagnostic::error("bad-form", "SetVectorMask needs `high` and `low`, or `len`")
                    .at(ins.span)
                    .note("e.g. SetVectorMask(high: 0, low: 0xff) or SetVectorMask(len: 130)"),
            );
        }
        (true, None) => {
            let high = ctx.require(f, "high", "SetVectorMask");
            let low = ctx.require(f, "low", "SetVectorMask");
            let high = high.and_then(|n| ctx.uint(n, "high", u64::MAX as u128));
            let low = low.and_then(|n| ctx.uint(n, "low", u64::MAX as u128));
            if let (Some(high), Some(low)) = (high, low) {
                ins.set_mask = Some(SetMaskArg::Words {
                    high: high as u64,
                    low: low as u64,
                });
            }
        }
        (false, Some(n)) => {
            if let Some(len) = ctx.uint(n, "len", u64::MAX as u128) {
                ins.set_mask = Some(SetMaskArg::Len(len as u64));
            }
        }
    }
    if let Some(n) = f.get("dtype") {
        if let Some(d) = ctx.dtype(n) {
            ins.mask_dtype = d;
        }
    }
}
