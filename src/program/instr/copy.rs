//! The moves (docs/format.md §7, §11): Copy (mask, repeat_times, CopyRepeatParams), DataCopy
//! (`count`, or DataCopyParams in 32-byte blocks) between UB tensors or between GM and the UB,
//! and DataCopyPad (DataCopyExtParams, padding) between GM and the UB.

use super::*;
use crate::base::diag::Diagnostic;
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Args, CopyBlocks, Form, NdLoop, NdPad, Padding};
use crate::base::spans::Delim;
use crate::program::load::{Ctx, Fields};

pub(super) const COPY: &[&str] = &["dst", "src", "count", "mask", "repeat_times", "params"];

pub(super) const DATA_COPY: &[&str] = &[
    "dst",
    "src",
    "count",
    "params",
    "loops",
    "pad_value",
    "nearest",
];

/// The fields of one NdDmaLoopInfo dimension.
const LOOP_FIELDS: [&str; 5] = ["size", "src_stride", "dst_stride", "left", "right"];

pub(super) const DATA_COPY_PAD: &[&str] = &["dst", "src", "params", "pad", "compact"];

/// The fields of DataCopyPadExtParams, in C++ brace order.
const PAD_FIELDS: [&str; 4] = ["is_pad", "left_padding", "right_padding", "padding_value"];

/// Copy: the high-dimensional form, CopyRepeatParams in C++ brace order `[dst_stride,
/// src_stride, dst_repeat_size, src_repeat_size]` or named; or (Ascend 950) `count`.
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
    let dtype = operands(ctx, f, ins, &["src"]);
    let gm = |ctx: &Ctx, o: Option<Operand>| o.map(|o| ctx.tensors[o.tensor].is_gm());
    let (dst_gm, src_gm) = (gm(ctx, ins.dst), gm(ctx, ins.src.first().copied()));
    let name = ins.op.name();
    match (dst_gm, src_gm) {
        (Some(true), Some(true)) => {
            let span = f.key("dst").unwrap_or(ins.span);
            ctx.report(
                Diagnostic::error(
                    "gm-to-gm",
                    format!("{name} moves GM → UB, UB → GM or UB → UB; here dst and src are both GM tensors"),
                )
                .at(span)
                .note("stage the data through a UB tensor (docs/format.md §11)"),
            );
            return None;
        }
        (Some(false), Some(false)) if ins.op == Op::DataCopyPad => {
            let span = f.key("dst").unwrap_or(ins.span);
            ctx.report(
                Diagnostic::error(
                    "ub-to-ub",
                    "DataCopyPad moves between GM and the UB; here dst and src are both UB tensors",
                )
                .at(span)
                .note("between UB tensors use DataCopy (docs/format.md §11)"),
            );
            return None;
        }
        (Some(a), Some(b)) if (a || b) && ins.op == Op::DataCopy => ins.op = Op::DataCopyGm,
        _ => {}
    }
    if ins.op == Op::DataCopyPad {
        return data_copy_pad(ctx, f, ins, dtype, src_gm == Some(true));
    }
    if let Some(loops) = f.get("loops") {
        return data_copy_nd(ctx, f, ins, loops, dtype, (dst_gm, src_gm));
    }
    for extra in ["pad_value", "nearest"] {
        if let Some(n) = f.get(extra) {
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    format!("`{extra}` belongs to the multi-dimensional DataCopy, which takes `loops`"),
                )
                .at(n.span)
                .note("e.g. `loops: [(size: 32, src_stride: 1, dst_stride: 1, left: 0, right: 0)], pad_value: 0`"),
            );
            return None;
        }
    }
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
                compact: false,
            })
        }
    };
    Some(Args::DataCopy {
        v: ins.vector()?,
        blocks,
        pad: None,
    })
}

/// DataCopyPad (docs/format.md §11): `params: [block_count, block_len, src_stride,
/// dst_stride]` (DataCopyExtParams: `block_len` and the GM-side stride in bytes, the UB-side
/// stride in 32-byte blocks) and, GM → UB, `pad: [is_pad, left_padding, right_padding,
/// padding_value]` (DataCopyPadExtParams; default: no padding).
fn data_copy_pad(
    ctx: &mut Ctx,
    f: &Fields,
    ins: &mut Draft,
    dtype: Option<DType>,
    gm_to_ub: bool,
) -> Option<Args> {
    let p = ctx.require(f, "params", "DataCopyPad")?;
    let v = params_values(ctx, p, &DATA_COPY_EXT_PARAMS, ins)?;
    let compact = match f.get("compact") {
        Some(n) => ctx.boolean(n, "compact")?,
        None => false,
    };
    let blocks = CopyBlocks {
        count: v[0],
        len: v[1],
        src_gap: v[2],
        dst_gap: v[3],
        compact,
    };
    let pad = match f.get("pad") {
        None if gm_to_ub => Some(Padding {
            is_pad: false,
            left: 0,
            right: 0,
            value: Value::Int(0),
        }),
        None => None,
        Some(n) if !gm_to_ub => {
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    "`pad` belongs to GM → UB DataCopyPad; UB → GM has no DataCopyPadExtParams",
                )
                .at(n.span)
                .note("UB → GM drops the dummy bytes of each burst itself (DK:数据搬运/UBToGM非对齐数据搬运(DataCopyPad))"),
            );
            return None;
        }
        Some(n) => Some(padding(ctx, n, dtype, ins)?),
    };
    Some(Args::DataCopy {
        v: ins.vector()?,
        blocks: Some(blocks),
        pad,
    })
}

/// `pad: [is_pad, left_padding, right_padding, padding_value]` or the same fields by name.
fn padding(ctx: &mut Ctx, node: &Node, dtype: Option<DType>, ins: &mut Draft) -> Option<Padding> {
    let items: Vec<&Node> = match node.group() {
        Some(g) if g.delim == Delim::Bracket && g.items.len() == 4 => {
            g.items.iter().map(|i| &i.value).collect()
        }
        Some(g) if g.delim == Delim::Paren && g.items.iter().all(|i| i.key.is_some()) => {
            let f = ctx.fields(node, "pad", &[], &PAD_FIELDS)?;
            let mut v = Vec::new();
            for name in PAD_FIELDS {
                v.push(ctx.require(&f, name, "pad")?);
            }
            v
        }
        _ => {
            ctx.report(
                Diagnostic::error(
                    "bad-params",
                    format!("`pad` is DataCopyPadExtParams, found {}", node.describe()),
                )
                .at(node.span)
                .note("e.g. `pad: [true, 0, 5, 0]`: [is_pad, left_padding, right_padding, padding_value], or `(is_pad: true, left_padding: 0, right_padding: 5, padding_value: 0)`"),
            );
            return None;
        }
    };
    let is_pad = ctx.boolean(items[0], "is_pad")?;
    let left = ctx.uint(items[1], "left_padding", 32)? as u32;
    let right = ctx.uint(items[2], "right_padding", 32)? as u32;
    let value = scalar(ctx, items[3], dtype, ins)?;
    Some(Padding {
        is_pad,
        left,
        right,
        value,
    })
}

/// The multi-dimensional DataCopy GM → UB (Ascend 950, docs/format.md §11): `loops`, one
/// `(size, src_stride, dst_stride, left, right)` per dimension from the innermost (1 to 5, in
/// elements), and the padding: `pad_value` (default 0) or `nearest: true`.
fn data_copy_nd(
    ctx: &mut Ctx,
    f: &Fields,
    ins: &mut Draft,
    loops: &Node,
    dtype: Option<DType>,
    (dst_gm, src_gm): (Option<bool>, Option<bool>),
) -> Option<Args> {
    ins.op = Op::DataCopyNd;
    for other in ["count", "params"] {
        if let Some(n) = f.get(other) {
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    format!("the multi-dimensional DataCopy takes `loops`, not `{other}`"),
                )
                .at(n.span)
                .note("`loops` describes every dimension; drop `count`/`params`"),
            );
            return None;
        }
    }
    if (dst_gm, src_gm) != (Some(false), Some(true)) && dst_gm.is_some() && src_gm.is_some() {
        let span = f.key("dst").unwrap_or(ins.span);
        ctx.report(
            Diagnostic::error(
                "bad-form",
                "the multi-dimensional DataCopy moves GM → UB only: src a GM tensor, dst a UB tensor",
            )
            .at(span)
            .note("DK:数据搬运/GMToUB多维数据搬运NDDMA(DataCopy): GM → VECIN"),
        );
        return None;
    }
    let items: Vec<&Node> = match loops.group() {
        Some(g) if g.delim == Delim::Bracket && (1..=5).contains(&g.items.len()) => {
            g.items.iter().map(|i| &i.value).collect()
        }
        _ => {
            ctx.report(
                Diagnostic::error(
                    "bad-params",
                    format!("`loops` is a list of 1 to 5 dimensions, found {}", loops.describe()),
                )
                .at(loops.span)
                .note("e.g. `loops: [(size: 32, src_stride: 1, dst_stride: 1, left: 0, right: 0), (size: 4, src_stride: 32, dst_stride: 32, left: 0, right: 0)]`, the innermost first"),
            );
            return None;
        }
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let lf = ctx.fields(item, "loop", &[], &LOOP_FIELDS)?;
        let mut v = [0u128; 5];
        // DK 表5's ranges: loopSize and loopDstStride below 2^20, loopSrcStride below 2^40,
        // the paddings a uint8_t.
        let max = [(1 << 20) - 1, (1 << 40) - 1, (1 << 20) - 1, 255, 255];
        for (i, name) in LOOP_FIELDS.iter().enumerate() {
            v[i] = match lf.get(name) {
                Some(n) => ctx.uint(n, name, max[i])?,
                None if i >= 3 => 0,
                None => {
                    ctx.require(&lf, name, "loop")?;
                    return None;
                }
            };
        }
        out.push(NdLoop {
            size: v[0] as u32,
            src_stride: v[1] as u64,
            dst_stride: v[2] as u32,
            left: v[3] as u8,
            right: v[4] as u8,
        });
    }
    let pad = match (f.get("pad_value"), f.get("nearest")) {
        (Some(n), Some(_)) => {
            ctx.report(
                Diagnostic::error("bad-form", "give either `pad_value` or `nearest: true`, not both")
                    .at(n.span)
                    .note("isNearestValueMode takes the nearest data element; otherwise constantValue pads"),
            );
            return None;
        }
        (None, Some(n)) if ctx.boolean(n, "nearest")? => NdPad::Nearest,
        (Some(n), None) => {
            if let Kind::Str { .. } = n.kind {
                ctx.error(
                    "bad-params",
                    n.span,
                    "`pad_value` is a literal of the element type (a scalar name is not taken here)".to_string(),
                );
                return None;
            }
            NdPad::Value(scalar(ctx, n, dtype, ins)?)
        }
        _ => NdPad::Value(Value::Int(0)),
    };
    Some(Args::NdCopy {
        v: ins.vector()?,
        loops: out,
        pad,
    })
}
