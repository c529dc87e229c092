//! Unary, binary and vector–scalar instructions (docs/format.md §7): operands, the scalar
//! and ShiftRight's `round_en`, in the count or the high-dimensional form.

use super::*;
use crate::base::catalog::{Family, Op};
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::Args;
use crate::program::load::{Ctx, Fields};

pub(super) const UNARY: &[&str] = &["dst", "src", "count", "mask", "repeat_times", "params"];

pub(super) const BINARY: &[&str] = &[
    "dst",
    "src0",
    "src1",
    "count",
    "mask",
    "repeat_times",
    "params",
];

pub(super) const SCALAR: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "count",
    "mask",
    "repeat_times",
    "params",
];

/// The vector–scalar calls with a flexible scalar on 950 (docs/format.md §7): `scalar` may name
/// a tensor element, `scalar_first` puts it on the left.
pub(super) const FLEX_SCALAR: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "scalar_first",
    "count",
    "mask",
    "repeat_times",
    "params",
];

/// The instructions that take FLEX_SCALAR.
pub(super) fn flexible(op: Op) -> bool {
    matches!(
        op,
        Op::Adds | Op::Muls | Op::Maxs | Op::Mins | Op::Subs | Op::Divs | Op::Ands | Op::Ors
    )
}

pub(super) const SHIFT_RIGHT: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "round_en",
    "count",
    "mask",
    "repeat_times",
    "params",
];

/// Unary, binary and vector–scalar instructions: operands, scalar, `round_en`, and the form.
pub(super) fn elementwise(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let family = ins.op.family();
    let srcs: &[&str] = match family {
        Family::Binary => &["src0", "src1"],
        _ => &["src"],
    };
    // MulAddDst and Axpy also exist as half → float (docs/semantics.md §4.2, §4.3): their sources
    // need not match dst (the simulator checks the pair), and Axpy's scalar has the source type
    // (§10).
    let dtype = if matches!(ins.op, Op::MulAddDst | Op::Axpy) {
        dst_and_same_type_sources(ctx, f, ins, srcs)
    } else if matches!(ins.op, Op::ShiftLeftV | Op::ShiftRightV) {
        // The shift amounts: signed integers as wide as src0's elements (the pages' U).
        let d = operands(ctx, f, ins, &["src0"]);
        if let Some((o, dt, name)) = operand(ctx, f, "src1", ins.op.name()) {
            ins.src.push(o);
            let ok = d.is_none_or(|d| dt.size() == d.size())
                && matches!(dt, DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64);
            if !ok {
                ctx.report(
                    Diagnostic::error(
                        "dtype-mismatch",
                        format!("src1 \"{name}\" is {dt}: {}'s shift amounts are int8, int16, int32 or int64 as wide as src0's elements", ins.op.name()),
                    )
                    .at(o.span),
                );
            }
        }
        d
    } else {
        operands(ctx, f, ins, srcs)
    };
    let mut scalar_arg = None;
    let mut elem = None;
    if family == Family::Scalar {
        if let Some(n) = ctx.require(f, "scalar", ins.op.name()) {
            (scalar_arg, elem) = scalar_or_elem(ctx, f, n, dtype, ins, flexible(ins.op));
        }
    }
    let scalar_first = flag(ctx, f, "scalar_first").unwrap_or(false);
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
            elem,
            scalar_first,
        }
    } else {
        Args::Elementwise(v)
    })
}
