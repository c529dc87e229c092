//! Instructions and operands (docs/format.md §5–§7): which fields each family takes, the
//! three API forms of §6, masks, repeat parameters and strides (docs/semantics.md §1.3), scalars
//! (docs/semantics.md §10) and `"x[64]"` operands.
//!
//! Owns: turning one item of `code` into an `ir::Instr`, recording where each field was
//! written (`Instr::field_spans`) so that the simulator can point at it. Range rules that
//! depend on the product or on the mask register (mask ≤ PAR, repeat_times ≤ 255, zero
//! strides, UB bounds) are the simulator's.

mod atomic;
mod cast;
mod compare;
mod copy;
mod elementwise;
mod fill;
mod gather;
mod gather_index;
mod mask_reg;
mod operand;
mod params;
mod reduce;
mod reg;
mod scalar_unit;
mod sort;
mod transdata;
mod whole;

use operand::*;
use params::*;

/// The new reduction names (9.1.0, docs/semantics.md §4.4) and what each maps to.
const ALIASES: [&str; 3] = ["ReducePairElem", "ReduceDataBlock", "ReduceRepeat"];

/// Old API names that are another instruction (docs/format.md §7): the name, what it is,
/// and the fields it takes (None: the target's).
const OLD_NAMES: [(&str, Op, Option<&[&str]>); 3] = [
    ("CompareScalar", Op::Compares, None),
    ("GetAccVal", Op::GetReduceRepeatSumSpr, None),
    // AscendCUtils::SetMask<T>(n): SetVectorMask(len) with T's lanes.
    ("SetMask", Op::SetVectorMask, Some(&["len", "dtype"])),
];

/// A family's reader: the fields of one item to the family's typed arguments.
type Reader = fn(&mut Ctx, &Fields, &mut Draft) -> Option<Args>;

/// The registration table of the front end: the fields `op` takes (docs/format.md §7) and
/// the reader of its family. `count`/`params` of reductions are listed only so that they are
/// answered with `bad-form` rather than `unknown-field`.
fn family(op: Op) -> (&'static [&'static str], Reader) {
    if op.is_reg() && op.lane_op() != Op::Copy {
        let reader: Reader = match op {
            Op::CreateMask | Op::UpdateMask => reg::mask_set,
            Op::RegCast => reg::cast,
            Op::RegCompare | Op::RegCompares | Op::RegSelect => reg::cmp_sel,
            _ if op.family() == Family::RegMaskLogic => reg::mask_logic,
            _ if op.family() == Family::RegReduce => reg::reduce,
            Op::RegGather => reg::gather,
            _ => reg::compute,
        };
        return (reg::fields(op), reader);
    }
    match op.family() {
        Family::Unary => (elementwise::UNARY, elementwise::elementwise),
        Family::Binary => (elementwise::BINARY, elementwise::elementwise),
        Family::Scalar if op == Op::ShiftRight => {
            (elementwise::SHIFT_RIGHT, elementwise::elementwise)
        }
        Family::Scalar if elementwise::flexible(op) => {
            (elementwise::FLEX_SCALAR, elementwise::elementwise)
        }
        Family::Scalar => (elementwise::SCALAR, elementwise::elementwise),
        Family::Reduce => (reduce::fields(op), reduce::reduce),
        Family::Duplicate => (fill::DUPLICATE, fill::duplicate),
        Family::VecIndex => (fill::CREATE_VEC_INDEX, fill::duplicate),
        Family::Brcb => (fill::BRCB, fill::brcb),
        Family::MaskReg if op == Op::SetVectorMask => {
            (mask_reg::SET_VECTOR_MASK, mask_reg::mask_reg)
        }
        Family::MaskReg => (&[], mask_reg::mask_reg),
        Family::Compare if op == Op::Compare => (compare::COMPARE, compare::compare),
        Family::Compare => (compare::COMPARES, compare::compare),
        Family::Select => (compare::SELECT, compare::select),
        Family::GatherMask => (gather::GATHER_MASK, gather::gather_mask),
        Family::Cast if op == Op::CastDequant => (cast::CAST_DEQUANT, cast::cast_dequant),
        Family::Cast => (cast::CAST, cast::cast),
        Family::CastBinary => (cast::CAST_BINARY, cast::cast),
        Family::Whole if op == Op::ReduceSum => (whole::REDUCE_SUM, whole::whole),
        Family::Whole => (whole::REDUCE_MAX_MIN, whole::whole),
        Family::Copy => (copy::COPY, copy::copy),
        Family::DataCopy => (copy::DATA_COPY, copy::data_copy),
        Family::DataCopyPad => (copy::DATA_COPY_PAD, copy::data_copy),
        Family::NdCopy => (copy::DATA_COPY, copy::data_copy),
        Family::Gather => (gather_index::GATHER, gather_index::gather),
        Family::GatherBlock => (gather_index::GATHERB, gather_index::gatherb),
        Family::TransData => (transdata::TRANS_DATA, transdata::trans_data),
        Family::Sort if op == Op::Sort32 => (sort::SORT32, sort::sort32),
        Family::Sort => (sort::MRG_SORT, sort::mrg_sort),
        Family::DeqScale => (cast::SET_DEQ_SCALE, cast::set_deq_scale),
        Family::ScalarUnit => match op {
            Op::GetValue => (scalar_unit::GET_VALUE, scalar_unit::get_value),
            Op::SetValue => (scalar_unit::SET_VALUE, scalar_unit::set_value),
            Op::GetReduceRepeatSumSpr => (scalar_unit::RET, scalar_unit::reduce_sum_spr),
            Op::GetReduceRepeatMaxMinSpr => (scalar_unit::MAX_MIN, scalar_unit::max_min_spr),
            Op::GetCmpMask => (compare::GET_CMP_MASK, compare::get_cmp_mask),
            Op::SetCmpMask => (compare::SET_CMP_MASK, compare::set_cmp_mask),
            _ => (scalar_unit::LET, scalar_unit::let_),
        },
        Family::Sync if op == Op::SyncAll => (scalar_unit::NO_FIELDS, scalar_unit::sync_all),
        Family::Sync if op == Op::PipeBarrier => {
            (scalar_unit::PIPE_BARRIER, scalar_unit::pipe_barrier)
        }
        Family::Sync => (scalar_unit::FLAG, scalar_unit::flag_op),
        Family::Atomic if matches!(op, Op::DisableDmaAtomic | Op::SetAtomicNone) => {
            (atomic::NO_FIELDS, atomic::atomic)
        }
        Family::Atomic => (atomic::TYPED, atomic::atomic),
        Family::RegMove => (reg::fields(op), reg::move_),
        Family::RegMask => (reg::fields(op), reg::mask_set),
        Family::RegCast => (reg::fields(op), reg::cast),
        Family::RegCmpSel => (reg::fields(op), reg::cmp_sel),
        Family::RegMaskLogic => (reg::fields(op), reg::mask_logic),
        Family::RegReduce => (reg::fields(op), reg::reduce),
        Family::RegGather => (reg::fields(op), reg::gather),
    }
}

use super::load::{closest, Ctx, Fields};
use crate::base::catalog::{Family, Op};
use crate::base::diag::{Diagnostic, Span};
use crate::base::ir::{Args, Form, Instr, Operand, Strides, Vector};
use crate::base::spans::{Delim, Key, Kind, Node};

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
        if self.dst.is_none() && self.op != Op::CompareReg {
            return None;
        }
        Some(Vector {
            dst: self.dst,
            src: self.src.clone(),
            form: self.form.clone(),
            strides: self.strides,
        })
    }

    fn finish(
        self,
        ctx: &mut Ctx,
        args: Option<Args>,
        alias: Option<&'static str>,
    ) -> Option<Instr> {
        let bindings = std::mem::take(&mut ctx.bindings);
        Some(Instr {
            op: self.op,
            args: args?,
            alias,
            span: self.span,
            field_spans: crate::base::ir::FieldSpans::new(&self.field_spans),
            bindings: bindings.into_boxed_slice(),
            core: 0,
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
    // ShiftLeft/ShiftRight with `src1` are the shift-by-tensor pages (docs/format.md §7); a
    // call with `mask_reg` is the register API's (§7.1), ReduceDataBlock's too.
    let has = |field: &str| {
        node.group().is_some_and(|g| {
            g.items
                .iter()
                .any(|i| matches!(&i.key, Some(Key::Field { name, .. }) if name == field))
        })
    };
    if let Some(alias) = ALIASES.iter().copied().find(|a| *a == name) {
        if !has("mask_reg") {
            return read_alias(ctx, node, alias);
        }
    }
    let old = OLD_NAMES.iter().find(|(n, _, _)| *n == name);
    let Some(op) = old.map(|o| o.1).or_else(|| Op::parse(name)) else {
        let mut d = Diagnostic::error(
            "unknown-instruction",
            format!("unknown instruction `{name}`"),
        )
        .at(node.span);
        if let Some(s) = closest(
            name,
            Op::ALL
                .iter()
                .map(|o| o.name())
                .chain(ALIASES.iter().copied())
                .chain(OLD_NAMES.iter().map(|o| o.0)),
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
            ALIASES
                .iter()
                .chain(OLD_NAMES.iter().map(|o| &o.0))
                .copied()
                .collect::<Vec<_>>()
                .join(" ")
        ));
        ctx.report(d);
        return None;
    };
    let op = match op {
        Op::ShiftLeft if has("src1") => Op::ShiftLeftV,
        Op::ShiftRight if has("src1") => Op::ShiftRightV,
        // Duplicate of a register's lowest element (`src`, not `scalar`).
        Op::Duplicate if has("mask_reg") && has("src") => Op::RegBroadcast,
        op => op,
    };
    // With a mask register, the register form (a shift by a register: RegShiftLeft/Right).
    let op = match op.reg_form() {
        Some(r) if has("mask_reg") => r,
        _ => op,
    };
    let before = ctx.error_count();
    let (mut fields, reader) = family(op);
    if let Some(Some(own)) = old.map(|o| o.2) {
        fields = own;
    }
    let f = ctx.fields(node, name, &[name], fields)?;
    let mut ins = Draft::new(op, node.span, &f);
    let args = reader(ctx, &f, &mut ins);
    if args.is_some() {
        reg::spaces(ctx, &ins);
    }
    ins.finish(ctx, args, old.map(|o| o.0))
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
/// PairReduceSum, BlockReduce* and WholeReduce* (docs/semantics.md §4.4), with the same fields.
fn read_alias(ctx: &mut Ctx, node: &Node, alias: &'static str) -> Option<Instr> {
    let before = ctx.error_count();
    let f = ctx.fields(node, alias, &[alias], reduce::alias_fields(alias))?;
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
    let args = reduce::reduce(ctx, &f, &mut ins);
    ins.finish(ctx, args, Some(alias))
        .filter(|_| ctx.error_count() == before)
}
