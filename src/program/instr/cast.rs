//! Cast and the composite casts (docs/format.md §7, docs/semantics.md §4.7).

use super::*;
use crate::base::catalog::Op;
use crate::base::convert::RoundMode;
use crate::base::diag::Diagnostic;
use crate::base::dtype::{DType, Value};
use crate::base::ir::Args;
use crate::base::spans::{Lit, Node};
use crate::program::load::{Ctx, Fields};

pub(super) const CAST: &[&str] = &[
    "dst",
    "src",
    "round",
    "saturate",
    "count",
    "mask",
    "repeat_times",
    "params",
];

/// AddReluCast, SubReluCast, MulCast: a two-source call's fields and CTRL[59]'s `saturate`.
pub(super) const CAST_BINARY: &[&str] = &[
    "dst",
    "src0",
    "src1",
    "saturate",
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
    // CTRL[59] (Ascend 950): false is its truncation mode (docs/format.md §7).
    let saturate = flag(ctx, f, "saturate").unwrap_or(true);
    Some(Args::Cast {
        v: ins.vector()?,
        round: round?,
        saturate,
    })
}

pub(super) const CAST_DEQUANT: &[&str] = &[
    "dst",
    "src",
    "vec_deq",
    "half_block",
    "count",
    "mask",
    "repeat_times",
    "params",
];

/// CastDequant (`dst, src`, the template flags `vec_deq` and `half_block`, both true by
/// default as in C++) (DK:复合计算/CastDequant).
pub(super) fn cast_dequant(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    dst_and_same_type_sources(ctx, f, ins, &["src"]);
    let vec_deq = flag(ctx, f, "vec_deq").unwrap_or(true);
    let half_block = flag(ctx, f, "half_block").unwrap_or(true);
    form_and_params(ctx, f, ins, &UNARY_PARAMS);
    Some(Args::Dequant {
        v: ins.vector()?,
        vec_deq,
        half_block,
    })
}

pub(super) const SET_DEQ_SCALE: &[&str] = &["scale", "offset", "sign_mode", "vdeq"];

/// An offset: an int16_t of which only the low 9 bits count.
fn deq_offset(ctx: &mut Ctx, o: &Node) -> Option<i16> {
    match ctx.lit(o, "offset")? {
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
            None
        }
    }
}

/// `SetDeqScale(vdeq: "q", scale: [16 floats], offset: [16], sign_mode: [16 bools])`: the
/// vector form, which writes 16 configuration words into the uint64 tensor `vdeq`.
fn vec_deq_scale(ctx: &mut Ctx, f: &Fields, vdeq: &Node) -> Option<Args> {
    let dst = operand(ctx, f, "vdeq", "SetDeqScale");
    const WHAT: (&str, &str) = ("the vector form of SetDeqScale", "values (VdeqInfo)");
    let scales = sixteen(ctx, f, "scale", WHAT.0, WHAT.1, |ctx, _, n| {
        match ctx.lit(n, "scale")? {
            Lit::Int(v) => Some(v as f32),
            Lit::Float(v) => Some(v as f32),
        }
    });
    let offsets = sixteen(ctx, f, "offset", WHAT.0, WHAT.1, |ctx, _, n| {
        deq_offset(ctx, n)
    });
    let signs = sixteen(ctx, f, "sign_mode", WHAT.0, WHAT.1, |ctx, _, n| {
        ctx.boolean(n, "sign_mode")
    });
    let dst = dst?;
    if dst.1 != DType::UInt64 {
        ctx.report(
            Diagnostic::error(
                "wrong-dtype",
                format!(
                    "SetDeqScale's `vdeq` is uint64_t (16 configuration words), but \"{}\" is {}",
                    dst.2, dst.1
                ),
            )
            .at(vdeq.span),
        );
        return None;
    }
    let (scales, offsets, signs) = (scales?, offsets?, signs?);
    let mut words = [0u64; 16];
    for i in 0..16 {
        words[i] = crate::base::ir::deq_config(scales[i], offsets[i], signs[i]);
    }
    Some(Args::VecDeqScale { vdeq: dst.0, words })
}

/// SetDeqScale(scale) (a half) or SetDeqScale(scale, offset, sign_mode) (a float, an int16 of
/// which 9 bits count, a bool: the CastDequant form) (DK:类型转换/SetDeqScale).
pub(super) fn set_deq_scale(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    if let Some(v) = f.get("vdeq") {
        return vec_deq_scale(ctx, f, v);
    }
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
        offset = Some(deq_offset(ctx, o)?);
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
