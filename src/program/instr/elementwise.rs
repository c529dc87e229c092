//! Unary, binary and vector–scalar instructions (docs/format.md §7): operands, the scalar
//! and ShiftRight's `round_en`, in the count or the high-dimensional form.

use super::*;
use crate::base::catalog::{Family, Op};
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
