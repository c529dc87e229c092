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
use crate::base::catalog::{Family, Op};
use crate::base::convert::RoundMode;
use crate::base::diag::{Diagnostic, Span};
use crate::base::dtype::{DType, Value};
use crate::base::ir::{
    Args, Form, GatherPattern, Instr, MaskArg, Operand, SetMaskArg, Strides, Vector,
};
use crate::base::modes::CmpMode;
use crate::base::modes::SelMode;
use crate::base::product::ReduceOrder;
use crate::base::spans::{Delim, Kind, Lit, Node};

/// Ascend C APIs near the modelled ones that the simulator does not model.
const NOT_YET: [&str; 1] = ["CastDequant"];

/// The new reduction names (9.1.0, semantics.md §4.4) and what each maps to.
const ALIASES: [&str; 3] = ["ReducePairElem", "ReduceDataBlock", "ReduceRepeat"];

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
const COMPARE: &[&str] = &[
    "dst",
    "src0",
    "src1",
    "cmp",
    "count",
    "mask",
    "repeat_times",
    "params",
];
const COMPARES: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "cmp",
    "count",
    "mask",
    "repeat_times",
    "params",
];
const SELECT: &[&str] = &[
    "dst",
    "sel_mask",
    "src0",
    "src1",
    "scalar",
    "sel_mode",
    "count",
    "mask",
    "repeat_times",
    "params",
];
const GATHER_MASK: &[&str] = &["dst", "src0", "pattern", "reduce_mode", "mask", "params"];
const CAST: &[&str] = &[
    "dst",
    "src",
    "round",
    "count",
    "mask",
    "repeat_times",
    "params",
];
const BRCB: &[&str] = &[
    "dst",
    "src",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];
const CREATE_VEC_INDEX: &[&str] = &[
    "dst",
    "first_value",
    "count",
    "mask",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];
const REDUCE_SUM: &[&str] = &[
    "dst",
    "src",
    "work",
    "count",
    "mask",
    "repeat_times",
    "src_rep_stride",
    "is_set_mask",
];
const REDUCE_MAX_MIN: &[&str] = &[
    "dst",
    "src",
    "work",
    "count",
    "mask",
    "repeat_times",
    "src_rep_stride",
    "calc_index",
];
const REDUCE_PAIR_ELEM: &[&str] = &[
    "dst",
    "src",
    "op",
    "mask",
    "repeat_times",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "count",
    "params",
];
const REDUCE_DATA_BLOCK: &[&str] = REDUCE_PAIR_ELEM;
const REDUCE_REPEAT: &[&str] = &[
    "dst",
    "src",
    "op",
    "order",
    "mask",
    "repeat_times",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "count",
    "params",
];

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
        Family::Compare if op == Op::Compare => COMPARE,
        Family::Compare => COMPARES,
        Family::Select => SELECT,
        Family::Gather => GATHER_MASK,
        Family::Cast => CAST,
        Family::CastBinary => BINARY,
        Family::Brcb => BRCB,
        Family::VecIndex => CREATE_VEC_INDEX,
        Family::Whole if op == Op::ReduceSum => REDUCE_SUM,
        Family::Whole => REDUCE_MAX_MIN,
    }
}

/// The fields of an alias name (`ReduceDataBlock`, …).
fn alias_fields(name: &str) -> &'static [&'static str] {
    match name {
        "ReduceRepeat" => REDUCE_REPEAT,
        "ReduceDataBlock" => REDUCE_DATA_BLOCK,
        _ => REDUCE_PAIR_ELEM,
    }
}

/// GatherMaskParams in C++ brace order (semantics.md §1.3): src0BlockStride uint8,
/// repeatTimes uint16, src0RepeatStride uint16, src1RepeatStride uint8.
const GATHER_PARAMS: [StrideField; 4] = [
    sf(
        "src0_block_stride",
        "GatherMaskParams.src0BlockStride (uint8_t)",
        255,
        1,
    ),
    sf(
        "repeat_times",
        "GatherMaskParams.repeatTimes (uint16_t)",
        65535,
        1,
    ),
    sf(
        "src0_repeat_stride",
        "GatherMaskParams.src0RepeatStride (uint16_t)",
        65535,
        8,
    ),
    sf(
        "src1_repeat_stride",
        "GatherMaskParams.src1RepeatStride (uint8_t)",
        255,
        0,
    ),
];

/// Brcb's BrcbRepeatParams {dstBlkStride, dstRepStride}: both uint16_t.
const BRCB_STRIDES: [StrideField; 2] = [
    sf(
        "dst_blk_stride",
        "BrcbRepeatParams.dstBlkStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "dst_rep_stride",
        "BrcbRepeatParams.dstRepStride (uint16_t)",
        65535,
        8,
    ),
];

/// ReduceSum/Max/Min srcRepStride: int32_t documented in [0, 2^16 − 1].
const WHOLE_SRC_REP: StrideField = sf("src_rep_stride", "the reduction's srcRepStride", 65535, 8);

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

/// An instruction being read: its identity and the vector part every family shares, filled by
/// the shared readers (operands, form, params); each family's reader adds its own arguments
/// and builds the typed `Args`.
struct Draft {
    op: Op,
    span: Span,
    field_spans: Vec<(&'static str, Span)>,
    dst: Option<Operand>,
    src: Vec<Operand>,
    form: Form,
    strides: Strides,
}

impl Draft {
    fn new(op: Op, span: Span, f: &Fields) -> Draft {
        Draft {
            op,
            span,
            field_spans: f.entries.iter().map(|(n, _, v)| (*n, v.span)).collect(),
            dst: None,
            src: Vec::new(),
            form: Form::Bare,
            strides: Strides::default(),
        }
    }

    /// The vector part, once `dst` was read (else an error was reported).
    fn vector(&self) -> Option<Vector> {
        Some(Vector {
            dst: self.dst?,
            src: self.src.clone(),
            form: self.form.clone(),
            strides: self.strides,
        })
    }

    fn finish(self, args: Option<Args>, alias: Option<&'static str>) -> Option<Instr> {
        Some(Instr {
            op: self.op,
            args: args?,
            alias,
            span: self.span,
            field_spans: self.field_spans,
        })
    }
}

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
    if let Some(alias) = ALIASES.iter().copied().find(|a| *a == name) {
        return read_alias(ctx, node, alias);
    }
    let Some(op) = Op::parse(name) else {
        let mut d = Diagnostic::error(
            "unknown-instruction",
            format!("unknown instruction `{name}`"),
        )
        .at(node.span);
        if NOT_YET.contains(&name) {
            d = d.note(format!(
                "`{name}` is an Ascend C API that ascstep does not model"
            ));
        } else if let Some(s) = closest(
            name,
            Op::ALL
                .iter()
                .map(|o| o.name())
                .chain(ALIASES.iter().copied()),
        ) {
            d = d.note(format!("did you mean `{s}`?"));
        }
        d = d.note(format!(
            "instructions: {} {}",
            Op::ALL
                .iter()
                .map(|o| o.name())
                .collect::<Vec<_>>()
                .join(" "),
            ALIASES.join(" ")
        ));
        ctx.report(d);
        return None;
    };
    let before = ctx.error_count();
    let f = ctx.fields(node, name, &[name], fields_of(op))?;
    let mut ins = Draft::new(op, node.span, &f);
    let args = match op.family() {
        Family::Unary | Family::Binary | Family::Scalar => elementwise(ctx, &f, &mut ins),
        Family::Reduce => reduce(ctx, &f, &mut ins),
        Family::Duplicate | Family::VecIndex => duplicate(ctx, &f, &mut ins),
        Family::MaskReg => mask_reg(ctx, &f, &mut ins),
        Family::Compare => compare(ctx, &f, &mut ins),
        Family::Select => select(ctx, &f, &mut ins),
        Family::Gather => gather_mask(ctx, &f, &mut ins),
        Family::Cast | Family::CastBinary => cast(ctx, &f, &mut ins),
        Family::Brcb => brcb(ctx, &f, &mut ins),
        Family::Whole => whole(ctx, &f, &mut ins),
    };
    ins.finish(args, None)
        .filter(|_| ctx.error_count() == before)
}

/// The reduction operation of the new names: `SUM`, `MAX`, `MIN` (ReduceType).
#[derive(Clone, Copy, PartialEq, Eq)]
enum ReduceOp {
    Sum,
    Max,
    Min,
}

/// ReducePairElem / ReduceDataBlock(op) / ReduceRepeat(op, order): the 9.1.0 names of
/// PairReduceSum, BlockReduce* and WholeReduce* (semantics.md §4.4), with the same fields.
fn read_alias(ctx: &mut Ctx, node: &Node, alias: &'static str) -> Option<Instr> {
    let before = ctx.error_count();
    let f = ctx.fields(node, alias, &[alias], alias_fields(alias))?;
    let names: [(&str, ReduceOp); 3] = [
        ("SUM", ReduceOp::Sum),
        ("MAX", ReduceOp::Max),
        ("MIN", ReduceOp::Min),
    ];
    let rop = match (alias, f.get("op")) {
        ("ReducePairElem", None) => Some(ReduceOp::Sum),
        (_, None) => {
            ctx.report(
                Diagnostic::error("missing-field", format!("missing field `op` in {alias}"))
                    .at(f.owner)
                    .note("the reduction: `op: SUM`, `op: MAX` or `op: MIN` (ReduceType)"),
            );
            None
        }
        (_, Some(n)) => enum_value(ctx, n, "op", "unknown-reduce-op", &names, "SUM"),
    };
    let op = match (alias, rop?) {
        ("ReducePairElem", ReduceOp::Sum) => Op::PairReduceSum,
        ("ReducePairElem", _) => {
            let n = f.get("op").map_or(f.owner, |n| n.span);
            ctx.report(
                Diagnostic::error(
                    "unknown-reduce-op",
                    "ReducePairElem supports only `op: SUM`",
                )
                .at(n)
                .note("DK:归约计算/ReducePairElem: 当前仅支持求和操作 (only the sum is supported)"),
            );
            return None;
        }
        ("ReduceDataBlock", ReduceOp::Sum) => Op::BlockReduceSum,
        ("ReduceDataBlock", ReduceOp::Max) => Op::BlockReduceMax,
        ("ReduceDataBlock", ReduceOp::Min) => Op::BlockReduceMin,
        (_, ReduceOp::Sum) => Op::WholeReduceSum,
        (_, ReduceOp::Max) => Op::WholeReduceMax,
        (_, ReduceOp::Min) => Op::WholeReduceMin,
    };
    let mut ins = Draft::new(op, node.span, &f);
    let args = reduce(ctx, &f, &mut ins);
    ins.finish(args, Some(alias))
        .filter(|_| ctx.error_count() == before)
}

/// An enumerated field written as its C++ enumerator name (program-format.md §7): one of
/// `names`, else `code` with the valid names and a suggestion.
fn enum_value<T: Copy>(
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
fn flag(ctx: &mut Ctx, f: &Fields, field: &str) -> Option<bool> {
    f.get(field).and_then(|n| ctx.boolean(n, field))
}

/// Reads `dst` (its dtype may differ: mixed-type ops) and the sources `srcs`, which must all share
/// one dtype; returns that dtype.
fn dst_and_same_type_sources(
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
fn same_type(
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
fn type_in(
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

/// The high-dimensional form's strides (`params` in C++ brace order or named), checked when the
/// high-dimensional form is meant.
fn form_and_params(ctx: &mut Ctx, f: &Fields, ins: &mut Draft, params: &[StrideField]) {
    choose_form(ctx, f, ins, &["repeat_times", "params"]);
    if let (Some(p), None) = (f.get("params"), f.get("count")) {
        repeat_params(ctx, p, params, ins);
    }
}

/// Compare (`dst, src0, src1, cmp`) and Compares (`dst, src, scalar, cmp`): dst holds packed
/// bits (int8/uint8 for Compare, uint8 for Compares, semantics.md §4.6); the sources, and the
/// scalar, share the type T.
fn compare(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let dst = operand(ctx, f, "dst", what);
    let srcs: &[&str] = if ins.op == Op::Compare {
        &["src0", "src1"]
    } else {
        &["src"]
    };
    let mut first: Option<(Operand, DType, String)> = None;
    for s in srcs {
        let Some(o) = operand(ctx, f, s, what) else {
            continue;
        };
        ins.src.push(o.0);
        match &first {
            None => first = Some(o),
            Some(a) => same_type(ctx, what, &o, s, (a.1, &a.2, srcs[0])),
        }
    }
    if let Some(d) = &dst {
        ins.dst = Some(d.0);
        let allowed: &[DType] = if ins.op == Op::Compare {
            &[DType::UInt8, DType::Int8]
        } else {
            &[DType::UInt8]
        };
        type_in(
            ctx,
            what,
            d,
            "dst",
            allowed,
            "it receives one bit per compared element",
        );
    }
    let mut scalar_arg = None;
    if ins.op == Op::Compares {
        if let Some(n) = ctx.require(f, "scalar", what) {
            scalar_arg = scalar(ctx, n, first.as_ref().map(|a| a.1), ins);
        }
    }
    let modes: Vec<(&'static str, CmpMode)> = CmpMode::ALL.iter().map(|m| (m.name(), *m)).collect();
    let cmp = ctx
        .require(f, "cmp", what)
        .and_then(|n| enum_value(ctx, n, "cmp", "unknown-cmp-mode", &modes, "LT"));
    let params: &[StrideField] = if ins.op == Op::Compare {
        &BINARY_PARAMS
    } else {
        &UNARY_PARAMS
    };
    form_and_params(ctx, f, ins, params);
    Some(Args::Compare {
        v: ins.vector()?,
        cmp: cmp?,
        scalar: scalar_arg,
    })
}

/// Select: `dst, sel_mask, src0` and `src1` (modes 0, 2) or `scalar` (mode 1), `sel_mode`
/// (semantics.md §4.6). selMask is uint8/16/32/64 bits; the rest share T.
fn select(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = "Select";
    let modes: Vec<(&'static str, SelMode)> = SelMode::ALL.iter().map(|m| (m.name(), *m)).collect();
    let sel_mode = ctx.require(f, "sel_mode", what).and_then(|n| {
        enum_value(
            ctx,
            n,
            "sel_mode",
            "unknown-sel-mode",
            &modes,
            "VSEL_TENSOR_TENSOR_MODE",
        )
    });
    let mode = sel_mode.unwrap_or_default();
    let mut sel_mask = None;
    let dst = operand(ctx, f, "dst", what);
    if let Some(d) = &dst {
        ins.dst = Some(d.0);
    }
    if let Some(m) = operand(ctx, f, "sel_mask", what) {
        sel_mask = Some(m.0);
        type_in(
            ctx,
            what,
            &m,
            "sel_mask",
            &[DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64],
            "selMask is read as bits",
        );
    }
    let scalar_mode = mode == SelMode::TensorScalar;
    let srcs: &[&str] = if scalar_mode {
        &["src0"]
    } else {
        &["src0", "src1"]
    };
    for s in srcs {
        let Some(o) = operand(ctx, f, s, what) else {
            continue;
        };
        ins.src.push(o.0);
        if let Some(d) = &dst {
            same_type(ctx, what, &o, s, (d.1, &d.2, "dst"));
        }
    }
    let (needs, extra) = if scalar_mode {
        ("scalar", "src1")
    } else {
        ("src1", "scalar")
    };
    if let Some(span) = f.key(extra) {
        ctx.report(
            Diagnostic::error(
                "bad-form",
                format!(
                    "Select {} takes `{needs}`, not `{extra}`",
                    mode.name()
                ),
            )
            .at(span)
            .note("modes 0 and 2 select between src0 and src1; mode 1 (VSEL_TENSOR_SCALAR_MODE) between src0 and a scalar"),
        );
    }
    let mut scalar_arg = None;
    if scalar_mode {
        if let Some(n) = ctx.require(f, "scalar", what) {
            scalar_arg = scalar(ctx, n, dst.as_ref().map(|d| d.1), ins);
        }
    }
    form_and_params(ctx, f, ins, &BINARY_PARAMS);
    Some(Args::Select {
        v: ins.vector()?,
        mode: sel_mode?,
        sel_mask: sel_mask?,
        scalar: scalar_arg,
    })
}

/// GatherMask: `dst, src0, pattern` (1..=7 or a tensor of bits), `reduce_mode`, `mask`,
/// `params` (GatherMaskParams, semantics.md §4.6). The pattern tensor is uint16 for 16-bit T,
/// uint32 for 32-bit T (uint8 for 8-bit T on 950).
fn gather_mask(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = "GatherMask";
    let dst = operand(ctx, f, "dst", what);
    if let Some(d) = &dst {
        ins.dst = Some(d.0);
    }
    if let Some(o) = operand(ctx, f, "src0", what) {
        ins.src.push(o.0);
        if let Some(d) = &dst {
            same_type(ctx, what, &o, "src0", (d.1, &d.2, "dst"));
        }
    }
    let mut pattern = None;
    if let Some(n) = ctx.require(f, "pattern", what) {
        match &n.kind {
            Kind::Number(_) => {
                if let Some(v) = ctx.lit(n, "pattern") {
                    match v {
                        Lit::Int(p) if (1..=7).contains(&p) => {
                            pattern = Some(GatherPattern::Builtin(p as u8))
                        }
                        _ => ctx.report(
                            Diagnostic::error(
                                "value-out-of-range",
                                format!("built-in pattern {v} is out of range"),
                            )
                            .at(n.span)
                            .note("src1Pattern takes 1..=7: 1 even lanes, 2 odd lanes, 3..6 one of every four, 7 all; or a tensor name"),
                        ),
                    }
                }
            }
            _ if n.str_value().is_some() => {
                if let Some(p) = operand(ctx, f, "pattern", what) {
                    pattern = Some(GatherPattern::Tensor(p.0));
                    if let Some(d) = &dst {
                        let want = match d.1.size() {
                            1 => DType::UInt8,
                            2 => DType::UInt16,
                            _ => DType::UInt32,
                        };
                        type_in(
                            ctx,
                            what,
                            &p,
                            "pattern",
                            &[want],
                            &format!("a {}-bit pattern tensor goes with {}", want.size() * 8, d.1),
                        );
                    }
                }
            }
            _ => ctx.error(
                "wrong-type",
                n.span,
                format!(
                    "`pattern` is a built-in pattern 1..=7 or a tensor name like \"mask\", found {}",
                    n.describe()
                ),
            ),
        }
    }
    let reduce_mode = flag(ctx, f, "reduce_mode").unwrap_or(false);
    let mask = match f.get("mask") {
        Some(n) => ctx.uint(n, "mask", u32::MAX as u128).map(|v| v as i128),
        None => Some(0),
    };
    if reduce_mode && !f.has("mask") {
        ctx.report(
            Diagnostic::error(
                "missing-field",
                "missing field `mask` in GatherMask with reduce_mode: true",
            )
            .at(f.owner)
            .note("in counter mode `mask` is the element count (1..=4294967295)"),
        );
    }
    let mut v: Vec<u32> = GATHER_PARAMS.iter().map(|s| s.default).collect();
    if let Some(p) = f.get("params") {
        let names: Vec<&'static str> = GATHER_PARAMS.iter().map(|s| s.name).collect();
        match p.group() {
            Some(g)
                if g.delim == Delim::Bracket
                    || g.items.iter().all(|i| i.key.is_none()) && !g.items.is_empty() =>
            {
                if g.items.len() != GATHER_PARAMS.len() {
                    ctx.report(
                        Diagnostic::error(
                            "bad-params",
                            format!("positional params of GatherMask have {} values, GatherMaskParams takes 4", g.items.len()),
                        )
                        .at(p.span)
                        .note(format!("the C++ brace order is [{}]", names.join(", "))),
                    );
                } else {
                    for (i, item) in g.items.iter().enumerate() {
                        ins.field_spans
                            .push((GATHER_PARAMS[i].name, item.value.span));
                        if let Some(x) = stride(ctx, &item.value, &GATHER_PARAMS[i]) {
                            v[i] = x;
                        }
                    }
                }
            }
            _ => {
                if let Some(pf) = ctx.fields(p, "GatherMaskParams", &["GatherMaskParams"], &names) {
                    for (name, _, value) in &pf.entries {
                        ins.field_spans.push((name, value.span));
                        if let Some(i) = names.iter().position(|n| n == name) {
                            if let Some(x) = stride(ctx, value, &GATHER_PARAMS[i]) {
                                v[i] = x;
                            }
                        }
                    }
                }
            }
        }
    }
    ins.strides = Strides {
        src_blk: [v[0], 1],
        src_rep: [v[2], v[3]],
        ..Strides::default()
    };
    ins.form = Form::Masked {
        mask: MaskArg::Contiguous(mask?),
        repeat_times: v[1] as u64,
    };
    Some(Args::Gather {
        v: ins.vector()?,
        pattern: pattern?,
        reduce_mode,
    })
}

/// Cast (`dst, src, round`) and AddReluCast / SubReluCast / MulCast (`dst, src0, src1`):
/// operands of their own types (the pair is the simulator's to check, semantics.md §4.7).
fn cast(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let binary = ins.op != Op::Cast;
    let srcs: &[&str] = if binary { &["src0", "src1"] } else { &["src"] };
    dst_and_same_type_sources(ctx, f, ins, srcs);
    // The composite casts round as CAST_RINT (README: documented choices).
    let mut round = Some(RoundMode::Rint);
    if !binary {
        let modes: Vec<(&'static str, RoundMode)> =
            RoundMode::ALL.iter().map(|m| (m.name(), *m)).collect();
        round = ctx
            .require(f, "round", what)
            .and_then(|n| enum_value(ctx, n, "round", "unknown-round-mode", &modes, "CAST_RINT"));
    }
    let params: &[StrideField] = if binary {
        &BINARY_PARAMS
    } else {
        &UNARY_PARAMS
    };
    form_and_params(ctx, f, ins, params);
    Some(Args::Cast {
        v: ins.vector()?,
        round: round?,
    })
}

/// Brcb: `dst, src, repeat_times, dst_blk_stride, dst_rep_stride` (no mask, no count,
/// semantics.md §4.5). Written as the high-dimensional form with every lane active.
fn brcb(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let dtype = operands(ctx, f, ins, &["src"]);
    let rep = ctx
        .require(f, "repeat_times", "Brcb")
        .and_then(|n| ctx.uint(n, "repeat_times", u64::MAX as u128));
    for (i, sfield) in BRCB_STRIDES.iter().enumerate() {
        let v = match f.get(sfield.name) {
            Some(n) => stride(ctx, n, sfield).unwrap_or(sfield.default),
            None => sfield.default,
        };
        if i == 0 {
            ins.strides.dst_blk = v;
        } else {
            ins.strides.dst_rep = v;
        }
    }
    ins.form = Form::Masked {
        mask: MaskArg::Contiguous(dtype?.par() as i128),
        repeat_times: rep? as u64,
    };
    Some(Args::Brcb(ins.vector()?))
}

/// ReduceSum / ReduceMax / ReduceMin: `dst, src, work`, then `count` or `mask` +
/// `repeat_times` + `src_rep_stride`; ReduceSum `is_set_mask`, ReduceMax/Min `calc_index`
/// (program-format.md §7, semantics.md §5.4). dst, src and work share T.
fn whole(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let dtype = operands(ctx, f, ins, &["src"]);
    let mut work = None;
    if let Some(w) = operand(ctx, f, "work", what) {
        work = Some(w.0);
        if let (Some(dt), Some(d)) = (dtype, ins.dst) {
            let dname = ctx
                .tensors
                .get(d.tensor)
                .map(|t| t.name.clone())
                .unwrap_or_default();
            same_type(ctx, what, &w, "work", (dt, &dname, "dst"));
        }
    }
    let is_set_mask = flag(ctx, f, "is_set_mask").unwrap_or(true);
    let calc_index = flag(ctx, f, "calc_index").unwrap_or(false);
    choose_form(ctx, f, ins, &["repeat_times", "src_rep_stride"]);
    if !f.has("count") {
        ins.strides.src_rep[0] = match f.get("src_rep_stride") {
            Some(n) => stride(ctx, n, &WHOLE_SRC_REP).unwrap_or(WHOLE_SRC_REP.default),
            None => WHOLE_SRC_REP.default,
        };
    }
    Some(Args::Whole {
        v: ins.vector()?,
        work,
        calc_index,
        is_set_mask,
    })
}

/// The destination and the sources: their operands, the dst's dtype (None when unusable), and
/// `dtype-mismatch` for a source whose type differs from the dst's (program-format.md §5).
fn operands(ctx: &mut Ctx, f: &Fields, ins: &mut Draft, srcs: &[&str]) -> Option<DType> {
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
fn elementwise(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let family = ins.op.family();
    let srcs: &[&str] = match family {
        Family::Binary => &["src0", "src1"],
        _ => &["src"],
    };
    // MulAddDst and Axpy also exist as half → float (semantics.md §4.2, §4.3): their sources
    // need not match dst (the simulator checks the pair), and Axpy's scalar has the source type
    // (§10).
    let dtype = if matches!(ins.op, Op::MulAddDst | Op::Axpy) {
        dst_and_same_type_sources(ctx, f, ins, srcs)
    } else {
        operands(ctx, f, ins, srcs)
    };
    let mut scalar_arg = None;
    if family == Family::Scalar {
        if let Some(n) = ctx.require(f, "scalar", ins.op.name()) {
            scalar_arg = scalar(ctx, n, dtype, ins);
        }
    }
    let round_en = flag(ctx, f, "round_en").unwrap_or(false);
    let params: &[StrideField] = match family {
        Family::Binary => &BINARY_PARAMS,
        _ => &UNARY_PARAMS,
    };
    choose_form(ctx, f, ins, &["repeat_times", "params"]);
    // Checked whenever the high-dimensional form is meant, even if the mask was bad.
    if let (Some(p), None) = (f.get("params"), f.get("count")) {
        repeat_params(ctx, p, params, ins);
    }
    let v = ins.vector()?;
    Some(if family == Family::Scalar {
        Args::Scalar {
            v,
            scalar: scalar_arg?,
            round_en,
        }
    } else {
        Args::Elementwise(v)
    })
}

/// program-format.md §6: `count: n` (first-n form) or `mask` + `repeat_times` (high-dimensional
/// form); `extra` are the other fields of the high-dimensional form. Sets `ins.form`; None
/// when the fields do not make one valid form (reported as `bad-form`, `missing-field`, …).
fn choose_form(ctx: &mut Ctx, f: &Fields, ins: &mut Draft, extra: &[&str]) -> Option<()> {
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
fn repeat_params(ctx: &mut Ctx, node: &Node, fields: &[StrideField], ins: &mut Draft) {
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
fn scalar(ctx: &mut Ctx, node: &Node, dtype: Option<DType>, ins: &Draft) -> Option<Value> {
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
fn reduce(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
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
        return None;
    }
    if !f.has("mask") {
        ctx.report(
            Diagnostic::error("missing-field", format!("missing field `mask` in {name}"))
                .at(ins.span)
                .note("reductions have only the high-dimensional form: `mask`, `repeat_times`"),
        );
        return None;
    }
    let mut order = ReduceOrder::ValueIndex;
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
                Some(o) => order = o,
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
    Some(Args::Reduce {
        v: ins.vector()?,
        order,
    })
}

/// Duplicate: `dst`, `scalar`, and `count` or `mask` + `repeat_times` + dst strides.
fn duplicate(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let dtype = operands(ctx, f, ins, &[]);
    // CreateVecIndex's `first_value` is a scalar of the dst type like Duplicate's (§10).
    let field = if ins.op == Op::CreateVecIndex {
        "first_value"
    } else {
        "scalar"
    };
    let scalar_arg = ctx
        .require(f, field, ins.op.name())
        .and_then(|n| scalar(ctx, n, dtype, ins));
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
    Some(Args::Fill {
        v: ins.vector()?,
        scalar: scalar_arg?,
    })
}

/// SetVectorMask(high, low) / SetVectorMask(len) [+ dtype]; SetMaskCount, SetMaskNorm,
/// ResetMask take nothing (program-format.md §6, semantics.md §2.5).
fn mask_reg(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let mut set = None;
    let mut dtype = DType::Half;
    if ins.op != Op::SetVectorMask {
        return Some(Args::MaskReg { set, dtype });
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
                set = Some(SetMaskArg::Words {
                    high: high as u64,
                    low: low as u64,
                });
            }
        }
        (false, Some(n)) => {
            if let Some(len) = ctx.uint(n, "len", u64::MAX as u128) {
                set = Some(SetMaskArg::Len(len as u64));
            }
        }
    }
    if let Some(n) = f.get("dtype") {
        if let Some(d) = ctx.dtype(n) {
            dtype = d;
        }
    }
    Some(Args::MaskReg { set, dtype })
}
