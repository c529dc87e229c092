//! Gather (docs/format.md §7, DK:离散与聚合/Gather): `dst, src, offset` (a uint32 tensor of
//! byte offsets), `base_addr` (bytes, default 0), and `count`, or `mask, repeat_times,
//! dst_rep_stride`.

use super::*;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, MaskArg, Slot};
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
    let offset = offsets(
        ctx,
        f,
        what,
        "srcOffset is a LocalTensor<uint32_t> of byte offsets",
    );
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

pub(super) const GATHERB: &[&str] = &[
    "dst",
    "src",
    "offset",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];

/// Gatherb's GatherRepeatParams {dstBlkStride, dstRepStride} (the other fields are reserved:
/// DK:离散与聚合/Gatherb(ISASI) 表3): uint16_t, in 32-byte blocks.
const GATHERB_STRIDES: [StrideField; 2] = [
    StrideField {
        name: "dst_blk_stride",
        ctype: "GatherRepeatParams.dstBlkStride (uint16_t)",
        max: 65535,
        default: 1,
    },
    StrideField {
        name: "dst_rep_stride",
        ctype: "GatherRepeatParams.dstRepStride (uint16_t)",
        max: 65535,
        default: 8,
    },
];

/// Gatherb (docs/format.md §7, DK:离散与聚合/Gatherb(ISASI)): `dst, src, offset` (a uint32
/// tensor of byte offsets, one per destination block), `repeat_times`, `dst_blk_stride`,
/// `dst_rep_stride`; no mask (every block of a repeat is written).
pub(super) fn gatherb(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = "Gatherb";
    let dtype = operands(ctx, f, ins, &["src"]);
    let offset = offsets(
        ctx,
        f,
        what,
        "offset is a LocalTensor<uint32_t> of byte offsets, one per data block",
    );
    let rep = ctx
        .require(f, "repeat_times", what)
        .and_then(|n| ctx.uint(n, "repeat_times", u64::MAX as u128));
    let [blk, rp] = GATHERB_STRIDES.map(|s| match f.get(s.name) {
        Some(n) => stride(ctx, n, &s).unwrap_or(s.default),
        None => s.default,
    });
    ins.strides.dst_blk = blk;
    ins.strides.dst_rep = rp;
    ins.form = Form::Masked {
        mask: MaskArg::Contiguous(dtype?.par() as i128),
        repeat_times: rep? as u64,
    };
    Some(Args::Gatherb {
        v: ins.vector()?,
        offset: offset?.0,
    })
}

/// The `offset` operand of both gathers: a uint32 tensor of byte offsets (`why` says so).
fn offsets(
    ctx: &mut Ctx,
    f: &Fields,
    what: &str,
    why: &str,
) -> Option<(crate::base::ir::Operand, DType, String)> {
    let offset = operand(ctx, f, "offset", what);
    if let Some(o) = &offset {
        type_in(ctx, what, o, "offset", &[DType::UInt32], why);
    }
    offset
}
