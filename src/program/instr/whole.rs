//! ReduceSum, ReduceMax and ReduceMin (docs/format.md §7, docs/semantics.md §5.4).

use super::*;
use crate::base::ir::Args;
use crate::program::load::{Ctx, Fields};

pub(super) const REDUCE_SUM: &[&str] = &[
    "dst",
    "src",
    "work",
    "count",
    "mask",
    "repeat_times",
    "src_rep_stride",
    "is_set_mask",
];

pub(super) const REDUCE_MAX_MIN: &[&str] = &[
    "dst",
    "src",
    "work",
    "count",
    "mask",
    "repeat_times",
    "src_rep_stride",
    "calc_index",
];

/// ReduceSum / ReduceMax / ReduceMin: `dst, src, work`, then `count` or `mask` +
/// `repeat_times` + `src_rep_stride`; ReduceSum `is_set_mask`, ReduceMax/Min `calc_index`
/// (docs/format.md §7, docs/semantics.md §5.4). dst, src and work share T.
pub(super) fn whole(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let dtype = operands(ctx, f, ins, &["src"]);
    let mut work = None;
    if let Some(w) = operand(ctx, f, "work", what) {
        work = Some(w.0);
        if let (Some(dt), Some(d)) = (dtype, ins.dst) {
            let dname = ctx
                .tensors
                .get(d.tensor)
                .map(|t| t.name.clone())
                .unwrap_or_default();
            same_type(ctx, what, &w, "work", (dt, &dname, "dst"));
        }
    }
    let is_set_mask = flag(ctx, f, "is_set_mask").unwrap_or(true);
    let calc_index = flag(ctx, f, "calc_index").unwrap_or(false);
    choose_form(ctx, f, ins, &["repeat_times", "src_rep_stride"]);
    if !f.has("count") {
        ins.strides.src_rep[0] = match f.get("src_rep_stride") {
            Some(n) => stride(ctx, n, &WHOLE_SRC_REP).unwrap_or(WHOLE_SRC_REP.default),
            None => WHOLE_SRC_REP.default,
        };
    }
    Some(Args::Whole {
        v: ins.vector()?,
        work,
        calc_index,
        is_set_mask,
    })
}
