//! Pair, block and repeat reductions (docs/format.md §7, docs/semantics.md §5): the
//! high-dimensional form only, strides as top-level fields; their 9.1.0 alias names.

use super::*;
use crate::base::catalog::Op;
use crate::base::diag::Diagnostic;
use crate::base::ir::{Args, Strides};
use crate::base::product::ReduceOrder;
use crate::program::load::{closest, Ctx, Fields};

pub(super) const REDUCE: &[&str] = &[
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

pub(super) const WHOLE_REDUCE_MAX_MIN: &[&str] = &[
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

pub(super) const REPEAT_REDUCE_SUM: &[&str] = &[
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

pub(super) const REDUCE_PAIR_ELEM: &[&str] = &[
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

pub(super) const REDUCE_DATA_BLOCK: &[&str] = REDUCE_PAIR_ELEM;

pub(super) const REDUCE_REPEAT: &[&str] = &[
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

/// Pair / block / repeat reductions: high-dimensional form only, strides as top-level fields
/// (docs/format.md §7, docs/semantics.md §5).
pub(super) fn reduce(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
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

/// The fields of a pair / block / repeat reduction.
pub(super) fn fields(op: Op) -> &'static [&'static str] {
    match op {
        Op::WholeReduceMax | Op::WholeReduceMin => WHOLE_REDUCE_MAX_MIN,
        Op::RepeatReduceSum => REPEAT_REDUCE_SUM,
        _ => REDUCE,
    }
}

/// The fields of an alias name (`ReduceDataBlock`, …).
pub(super) fn alias_fields(name: &str) -> &'static [&'static str] {
    match name {
        "ReduceRepeat" => REDUCE_REPEAT,
        "ReduceDataBlock" => REDUCE_DATA_BLOCK,
        _ => REDUCE_PAIR_ELEM,
    }
}
