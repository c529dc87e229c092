//! TransDataTo5HD (docs/format.md §7, DK:数据排布转换/TransDataTo5HD): `dst` and `src`, each a
//! list of 16 operands (the 16 destination and source data blocks, `dstList`/`srcList`),
//! `repeat_times`, `dst_rep_stride`, `src_rep_stride` (TransDataTo5HDParams, in blocks) and,
//! for 8-bit types, `dst_high_half` / `src_high_half`.

use super::*;
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, MaskArg};
use crate::program::load::{Ctx, Fields};

pub(super) const TRANS_DATA: &[&str] = &[
    "dst",
    "src",
    "repeat_times",
    "dst_rep_stride",
    "src_rep_stride",
    "dst_high_half",
    "src_high_half",
];

/// TransDataTo5HDParams' repeat strides: uint16_t, in 32-byte blocks; 0 by default (the
/// struct's default constructor).
const STRIDES: [StrideField; 2] = [
    sf(
        "dst_rep_stride",
        "TransDataTo5HDParams.dstRepStride (uint16_t)",
        65535,
        0,
    ),
    sf(
        "src_rep_stride",
        "TransDataTo5HDParams.srcRepStride (uint16_t)",
        65535,
        0,
    ),
];

pub(super) fn trans_data(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = "TransDataTo5HD";
    let mut dtype: Option<(DType, String, String)> = None;
    let mut list = |ctx: &mut Ctx, field: &'static str| {
        sixteen(
            ctx,
            f,
            field,
            what,
            "operands (its dstList/srcList of data blocks)",
            |ctx, i, n| {
                let name = format!("{field}[{i}]");
                let (o, dt, tname) = operand_node(ctx, n, &name, what)?;
                match &dtype {
                    Some((d, first, _)) if d.size() != dt.size() => {
                        ctx.report(
                        Diagnostic::error(
                            "dtype-mismatch",
                            format!("{name} \"{tname}\" is {dt} but {first} is {d}; the 16 + 16 blocks of {what} hold one element type"),
                        )
                        .at(n.span),
                    );
                        None
                    }
                    Some(_) => Some(o),
                    None => {
                        dtype = Some((dt, name, tname));
                        Some(o)
                    }
                }
            },
        )
    };
    let dst = list(ctx, "dst");
    let src = list(ctx, "src");
    let rep = ctx
        .require(f, "repeat_times", what)
        .and_then(|n| ctx.uint(n, "repeat_times", u64::MAX as u128));
    let [d, s] = STRIDES.map(|st| match f.get(st.name) {
        Some(n) => stride(ctx, n, &st).unwrap_or(st.default),
        None => st.default,
    });
    let dst_high_half = flag(ctx, f, "dst_high_half").unwrap_or(false);
    let src_high_half = flag(ctx, f, "src_high_half").unwrap_or(false);
    let (dst, src, (dt, _, _)) = (dst?, src?, dtype?);
    ins.dst = Some(dst[0]);
    ins.src = src.to_vec();
    ins.strides.dst_rep = d;
    ins.strides.src_rep[0] = s;
    ins.form = Form::Masked {
        mask: MaskArg::Contiguous(dt.par() as i128),
        repeat_times: rep? as u64,
    };
    Some(Args::TransData {
        v: ins.vector()?,
        dst_rest: dst[1..].to_vec(),
        dst_high_half,
        src_high_half,
    })
}
