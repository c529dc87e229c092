//! Cast and the composite casts (docs/format.md §7, docs/semantics.md §4.7).

use super::*;
use crate::base::catalog::Op;
use crate::base::convert::RoundMode;
use crate::base::diag::Diagnostic;
use crate::base::dtype::{DType, Value};
use crate::base::ir::Args;
use crate::base::spans::Lit;
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
/// operands of their own types (the pair is the simulator's to check, docs/semantics.md §4.7).
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

pub(super) const SET_DEQ_SCALE: &[&str] = &["scale", "offset", "sign_mode"];

/// SetDeqScale(scale) (a half) or SetDeqScale(scale, offset, sign_mode) (a float, an int16 of
/// which 9 bits count, a bool: the CastDequant form) (DK:类型转换/SetDeqScale).
pub(super) fn set_deq_scale(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let float_form = f.has("offset") || f.has("sign_mode");
    let dtype = if float_form {
        DType::Float
    } else {
        DType::Half
    };
    let scale = ctx
        .require(f, "scale", "SetDeqScale")
        .and_then(|n| scalar(ctx, n, Some(dtype), ins));
    let (mut offset, mut sign_mode) = (None, None);
    if float_form {
        let o = ctx.require(f, "offset", "SetDeqScale")?;
        offset = match ctx.lit(o, "offset")? {
            Lit::Int(v) if (-256..=255).contains(&v) => Some(v as i16),
            v => {
                ctx.report(
                    Diagnostic::error(
                        "value-out-of-range",
                        format!("SetDeqScale offset {v} does not fit its 9 bits"),
                    )
                    .at(o.span)
                    .note("valid -256..=255 (an int16_t of which only the low 9 bits count)"),
                );
                return None;
            }
        };
        let s = ctx.require(f, "sign_mode", "SetDeqScale")?;
        sign_mode = Some(ctx.boolean(s, "sign_mode")?);
    }
    let scale = match scale? {
        Value::Float(v) => v,
        Value::Int(v) => v as f64,
    };
    Some(Args::DeqScale {
        scale,
        offset,
        sign_mode,
    })
}
