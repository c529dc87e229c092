//! The scalar unit and synchronisation (docs/format.md §10, §7): GetValue, SetValue, Let,
//! PipeBarrier, SetFlag, WaitFlag.

use super::*;
use crate::base::diag::Diagnostic;
use crate::base::ir::{Args, Event, Pipe, ScalarArg, Sync};
use crate::program::data::quantize;
use crate::program::expr;
use crate::program::load::{Ctx, Fields};

pub(super) const GET_VALUE: &[&str] = &["dst", "src"];
pub(super) const SET_VALUE: &[&str] = &["dst", "src"];
pub(super) const LET: &[&str] = &["dst", "expr"];
pub(super) const RET: &[&str] = &["ret"];
pub(super) const MAX_MIN: &[&str] = &["value", "index"];
pub(super) const PIPE_BARRIER: &[&str] = &["pipe"];
pub(super) const FLAG: &[&str] = &["event", "id"];
pub(super) const NO_FIELDS: &[&str] = &[];

/// A scalar named by a field (`dst: "s"`).
fn scalar_field(ctx: &mut Ctx, f: &Fields, field: &str, what: &str) -> Option<usize> {
    let n = ctx.require(f, field, what)?;
    let Some(name) = n.str_value() else {
        ctx.error(
            "wrong-type",
            n.span,
            format!(
                "`{field}` names a scalar, like \"s\"; found {}",
                n.describe()
            ),
        );
        return None;
    };
    ctx.scalar_index(name, n.span)
}

/// `GetValue(dst: "s", src: "x[3]")`: s = x.GetValue(3).
pub(super) fn get_value(ctx: &mut Ctx, f: &Fields, _ins: &mut Draft) -> Option<Args> {
    let dst = scalar_field(ctx, f, "dst", "GetValue");
    let src = operand(ctx, f, "src", "GetValue");
    Some(Args::GetValue {
        dst: dst?,
        src: src?.0,
    })
}

/// `GetReduceRepeatSumSpr(ret: "s")` (or `GetAccVal`): s = GetReduceRepeatSumSpr<T>().
pub(super) fn reduce_sum_spr(ctx: &mut Ctx, f: &Fields, _ins: &mut Draft) -> Option<Args> {
    let ret = scalar_field(ctx, f, "ret", "GetReduceRepeatSumSpr")?;
    Some(Args::ReduceSumSpr { ret })
}

/// `GetReduceRepeatMaxMinSpr(value: "v", index: "i")` (index optional: the one-argument
/// overload of inference AI Core).
pub(super) fn max_min_spr(ctx: &mut Ctx, f: &Fields, _ins: &mut Draft) -> Option<Args> {
    let what = "GetReduceRepeatMaxMinSpr";
    let value = scalar_field(ctx, f, "value", what);
    let index = match f.has("index") {
        true => Some(scalar_field(ctx, f, "index", what)?),
        false => None,
    };
    Some(Args::MaxMinSpr {
        value: value?,
        index,
    })
}

/// `SetValue(dst: "y[0]", src: "s")` or `src: 1.5`: y.SetValue(0, v).
pub(super) fn set_value(ctx: &mut Ctx, f: &Fields, _ins: &mut Draft) -> Option<Args> {
    let dst = operand(ctx, f, "dst", "SetValue");
    let n = ctx.require(f, "src", "SetValue")?;
    let src = match n.str_value() {
        Some(name) => ScalarArg::Scalar(ctx.scalar_index(name, n.span)?),
        None => {
            let d = dst.as_ref()?.1;
            let lit = ctx.lit(n, "src")?;
            match quantize(d, lit) {
                Ok(v) => ScalarArg::Lit(v),
                Err(_) => {
                    ctx.report(
                        Diagnostic::error(
                            "value-out-of-range",
                            format!("SetValue's value {lit} does not fit {d}, the tensor's type"),
                        )
                        .at(n.span),
                    );
                    return None;
                }
            }
        }
    };
    Some(Args::SetValue { dst: dst?.0, src })
}

/// `Let(dst: "r", expr: "1 / sqrt(s / n + eps)")`: errors point inside the string.
pub(super) fn let_(ctx: &mut Ctx, f: &Fields, _ins: &mut Draft) -> Option<Args> {
    let dst = scalar_field(ctx, f, "dst", "Let");
    let n = ctx.require(f, "expr", "Let")?;
    let Some(text) = n.str_value() else {
        ctx.error(
            "wrong-type",
            n.span,
            format!(
                "`expr` is a C expression in quotes, like \"s / n\"; found {}",
                n.describe()
            ),
        );
        return None;
    };
    let names: Vec<String> = ctx.scalars.iter().map(|s| s.name.clone()).collect();
    let lookup = |name: &str, at: usize| -> Result<usize, expr::ExprError> {
        names
            .iter()
            .position(|s| s == name)
            .ok_or_else(|| expr::ExprError {
                at,
                message: match crate::base::suggest::closest(name, names.iter().map(|s| s.as_str()))
                {
                    Some(c) => format!("no scalar named \"{name}\" (did you mean \"{c}\"?)"),
                    None => format!("no scalar named \"{name}\""),
                },
            })
    };
    match expr::parse(text, &lookup) {
        Ok(e) => Some(Args::Let { dst: dst?, expr: e }),
        Err(e) => {
            let code = if e.message.starts_with("no scalar named") {
                "unknown-scalar"
            } else {
                "bad-expr"
            };
            ctx.report(
                Diagnostic::error(code, format!("in `expr`: {}", e.message)).at(n.char_span(e.at)),
            );
            None
        }
    }
}

fn pipe(s: &str) -> Option<Pipe> {
    Some(match s {
        "V" => Pipe::V,
        "S" => Pipe::S,
        "MTE2" => Pipe::Mte2,
        "MTE3" => Pipe::Mte3,
        "ALL" => Pipe::All,
        _ => return None,
    })
}

/// `PipeBarrier(pipe: PIPE_V)`.
pub(super) fn pipe_barrier(ctx: &mut Ctx, f: &Fields, _ins: &mut Draft) -> Option<Args> {
    let n = ctx.require(f, "pipe", "PipeBarrier")?;
    let names = [
        ("PIPE_V", Pipe::V),
        ("PIPE_S", Pipe::S),
        ("PIPE_MTE2", Pipe::Mte2),
        ("PIPE_MTE3", Pipe::Mte3),
        ("PIPE_ALL", Pipe::All),
    ];
    let p = enum_value(ctx, n, "pipe", "bad-sync", &names, "PIPE_V")?;
    Some(Args::Sync(Sync::Barrier(p)))
}

/// `SyncAll()`: the barrier across the launch's blocks (docs/format.md §12.2).
pub(super) fn sync_all(_ctx: &mut Ctx, _f: &Fields, _ins: &mut Draft) -> Option<Args> {
    Some(Args::Sync(Sync::AllBlocks))
}

/// `SetFlag(event: V_S, id: 0)` / `WaitFlag(…)`: a HardEvent `FROM_TO`.
pub(super) fn flag_op(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let n = ctx.require(f, "event", what)?;
    let name = n.ident().map(|s| s.rsplit("::").next().unwrap_or(s));
    let ev = name.and_then(|s| {
        let (a, b) = s.split_once('_')?;
        Some(Event {
            from: pipe(a)?,
            to: pipe(b)?,
        })
    });
    let Some(ev) = ev else {
        ctx.report(
            Diagnostic::error(
                "bad-sync",
                format!(
                    "`event` is a HardEvent such as V_S, S_V, MTE2_V, V_MTE3; found {}",
                    n.describe()
                ),
            )
            .at(n.span),
        );
        return None;
    };
    let id = match f.get("id") {
        Some(i) => ctx.uint(i, "id", 7)? as u32,
        None => 0,
    };
    Some(Args::Sync(if ins.op == Op::SetFlag {
        Sync::SetFlag(ev, id)
    } else {
        Sync::WaitFlag(ev, id)
    }))
}
