//! Cast and the composite casts (program-format.md §7, semantics.md §4.7).

use super::*;
use crate::base::catalog::Op;
use crate::base::convert::RoundMode;
use crate::base::ir::Args;
use crate::program::load::{Ctx, Fields};

pub(super) const CAST: &[&str] = &[
    "dst",
    "src",
    "round",
    "count",
    "mask",
    "repeat_times",
    "params",
];

/// Cast (`dst, src, round`) and AddReluCast / SubReluCast / MulCast (`dst, src0, src1`):
/// operands of their own types (the pair is the simulator's to check, semantics.md §4.7).
pub(super) fn cast(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let binary = ins.op != Op::Cast;
    let srcs: &[&str] = if binary { &["src0", "src1"] } else { &["src"] };
    dst_and_same_type_sources(ctx, f, ins, srcs);
    // The composite casts round as CAST_RINT (README: documented choices).
    let mut round = Some(RoundMode::Rint);
    if !binary {
        let modes: Vec<(&'static str, RoundMode)> =
            RoundMode::ALL.iter().map(|m| (m.name(), *m)).collect();
        round = ctx
            .require(f, "round", what)
            .and_then(|n| enum_value(ctx, n, "round", "unknown-round-mode", &modes, "CAST_RINT"));
    }
    let params: &[StrideField] = if binary {
        &BINARY_PARAMS
    } else {
        &UNARY_PARAMS
    };
    form_and_params(ctx, f, ins, params);
    Some(Args::Cast {
        v: ins.vector()?,
        round: round?,
    })
}
