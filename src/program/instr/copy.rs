//! The UB → UB moves (docs/format.md §7): Copy (mask, repeat_times, CopyRepeatParams) and
//! DataCopy between two UB tensors (`count`, or DataCopyParams in 32-byte blocks).

use super::*;
use crate::base::diag::Diagnostic;
use crate::base::ir::{Args, CopyBlocks, Form};
use crate::program::load::{Ctx, Fields};

pub(super) const COPY: &[&str] = &["dst", "src", "mask", "repeat_times", "params"];

pub(super) const DATA_COPY: &[&str] = &["dst", "src", "count", "params"];

/// Copy: the high-dimensional form only (the API has no `count`), CopyRepeatParams in C++
/// brace order `[dst_stride, src_stride, dst_repeat_size, src_repeat_size]` or named.
pub(super) fn copy(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    operands(ctx, f, ins, &["src"]);
    choose_form(ctx, f, ins, &["repeat_times", "params"]);
    if let Some(p) = f.get("params") {
        repeat_params(ctx, p, &COPY_PARAMS, ins);
    }
    Some(Args::Elementwise(ins.vector()?))
}

/// DataCopy between two UB tensors: `count` (elements; `count·sizeof(T)` is taken down to a
/// multiple of 32 bytes, DK:数据搬运/DataCopy) or `params: [block_count, block_len, src_stride,
/// dst_stride]` (DataCopyParams, 32-byte blocks; the strides are the gaps between bursts).
pub(super) fn data_copy(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    operands(ctx, f, ins, &["src"]);
    let blocks = match (f.get("count"), f.get("params")) {
        (Some(_), Some(_)) | (None, None) => {
            let span = f.key("params").unwrap_or(ins.span);
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    "DataCopy takes either `count` or `params` (DataCopyParams)",
                )
                .at(span)
                .note("e.g. `count: 512`, or `params: [block_count, block_len, src_stride, dst_stride]` in 32-byte blocks"),
            );
            return None;
        }
        (Some(c), None) => {
            let n = ctx.uint(c, "count", u64::MAX as u128)?;
            ins.form = Form::Count(n as u64);
            None
        }
        (None, Some(p)) => {
            let v = params_values(ctx, p, &DATA_COPY_PARAMS, ins)?;
            Some(CopyBlocks {
                count: v[0],
                len: v[1],
                src_gap: v[2],
                dst_gap: v[3],
            })
        }
    };
    Some(Args::DataCopy {
        v: ins.vector()?,
        blocks,
    })
}
