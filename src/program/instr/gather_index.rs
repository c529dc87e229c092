//! Gather (docs/format.md §7, DK:离散与聚合/Gather): `dst, src, offset` (a uint32 tensor of
//! byte offsets), `base_addr` (bytes, default 0), and `count`, or `mask, repeat_times,
//! dst_rep_stride`.

use super::*;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Slot};
use crate::program::load::{Ctx, Fields};

pub(super) const GATHER: &[&str] = &[
    "dst",
    "src",
    "offset",
    "base_addr",
    "count",
    "mask",
    "repeat_times",
    "dst_rep_stride",
];

/// dst.rep stride of the high-dimensional form: a uint16_t in 32-byte blocks.
const DST_REP: StrideField = StrideField {
    name: "dst_rep_stride",
    ctype: "Gather's dstRepStride (uint16_t)",
    max: 65535,
    default: 8,
};

pub(super) fn gather(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = "Gather";
    operands(ctx, f, ins, &["src"]);
    let offset = operand(ctx, f, "offset", what);
    if let Some(o) = &offset {
        type_in(
            ctx,
            what,
            o,
            "offset",
            &[DType::UInt32],
            "srcOffset is a LocalTensor<uint32_t> of byte offsets",
        );
    }
    let base_addr = match f.get("base_addr") {
        Some(n) if ctx.bind(n, Slot::Stride("base_addr"))? => 0,
        Some(n) => ctx.uint(n, "base_addr", u32::MAX as u128)? as u32,
        None => 0,
    };
    choose_form(ctx, f, ins, &["repeat_times", "dst_rep_stride"]);
    if !f.has("count") {
        if let Some(n) = f.get("dst_rep_stride") {
            ins.strides.dst_rep = stride(ctx, n, &DST_REP)?;
        }
    }
    Some(Args::Gather {
        v: ins.vector()?,
        offset: offset?.0,
        base_addr,
    })
}
