//! Duplicate, CreateVecIndex and Brcb (docs/format.md §7, docs/semantics.md §4.5).

use super::*;
use crate::base::catalog::Op;
use crate::base::ir::{Args, Form, MaskArg};
use crate::program::load::{Ctx, Fields};

pub(super) const DUPLICATE: &[&str] = &[
    "dst",
    "scalar",
    "count",
    "mask",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];

pub(super) const CREATE_VEC_INDEX: &[&str] = &[
    "dst",
    "first_value",
    "count",
    "mask",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];

pub(super) const BRCB: &[&str] = &[
    "dst",
    "src",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];

/// Duplicate: `dst`, `scalar`, and `count` or `mask` + `repeat_times` + dst strides.
pub(super) fn duplicate(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
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

/// Brcb: `dst, src, repeat_times, dst_blk_stride, dst_rep_stride` (no mask, no count,
/// docs/semantics.md §4.5). Written as the high-dimensional form with every lane active.
pub(super) fn brcb(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
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
