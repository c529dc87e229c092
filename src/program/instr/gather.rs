//! GatherMask (docs/format.md §7, docs/semantics.md §4.6).

use super::*;
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, GatherPattern, MaskArg, Strides};
use crate::base::spans::{Delim, Kind, Lit};
use crate::program::load::{Ctx, Fields};

pub(super) const GATHER_MASK: &[&str] = &[
    "dst",
    "src0",
    "pattern",
    "reduce_mode",
    "mask",
    "params",
    "ret",
];

/// GatherMask: `dst, src0, pattern` (1..=7 or a tensor of bits), `reduce_mode`, `mask`,
/// `params` (GatherMaskParams, docs/semantics.md §4.6). The pattern tensor is uint16 for 16-bit T,
/// uint32 for 32-bit T (uint8 for 8-bit T on 950).
pub(super) fn gather_mask(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = "GatherMask";
    let dst = operand(ctx, f, "dst", what);
    if let Some(d) = &dst {
        ins.dst = Some(d.0);
    }
    if let Some(o) = operand(ctx, f, "src0", what) {
        ins.src.push(o.0);
        if let Some(d) = &dst {
            same_type(ctx, what, &o, "src0", (d.1, &d.2, "dst"));
        }
    }
    let mut pattern = None;
    if let Some(n) = ctx.require(f, "pattern", what) {
        match &n.kind {
            Kind::Number(_) => {
                if let Some(v) = ctx.lit(n, "pattern") {
                    match v {
                        Lit::Int(p) if (1..=7).contains(&p) => {
                            pattern = Some(GatherPattern::Builtin(p as u8))
                        }
                        _ => ctx.report(
                            Diagnostic::error(
                                "value-out-of-range",
                                format!("built-in pattern {v} is out of range"),
                            )
                            .at(n.span)
                            .note("src1Pattern takes 1..=7: 1 even lanes, 2 odd lanes, 3..6 one of every four, 7 all; or a tensor name"),
                        ),
                    }
                }
            }
            _ if n.str_value().is_some() => {
                if let Some(p) = operand(ctx, f, "pattern", what) {
                    pattern = Some(GatherPattern::Tensor(p.0));
                    if let Some(d) = &dst {
                        let want = match d.1.size() {
                            1 => DType::UInt8,
                            2 => DType::UInt16,
                            _ => DType::UInt32,
                        };
                        type_in(
                            ctx,
                            what,
                            &p,
                            "pattern",
                            &[want],
                            &format!("a {}-bit pattern tensor goes with {}", want.size() * 8, d.1),
                        );
                    }
                }
            }
            _ => ctx.error(
                "wrong-type",
                n.span,
                format!(
                    "`pattern` is a built-in pattern 1..=7 or a tensor name like \"mask\", found {}",
                    n.describe()
                ),
            ),
        }
    }
    let reduce_mode = flag(ctx, f, "reduce_mode").unwrap_or(false);
    let mask = match f.get("mask") {
        Some(n) => ctx.uint(n, "mask", u32::MAX as u128).map(|v| v as i128),
        None => Some(0),
    };
    if reduce_mode && !f.has("mask") {
        ctx.report(
            Diagnostic::error(
                "missing-field",
                "missing field `mask` in GatherMask with reduce_mode: true",
            )
            .at(f.owner)
            .note("in counter mode `mask` is the element count (1..=4294967295)"),
        );
    }
    let mut v: Vec<u32> = GATHER_PARAMS.iter().map(|s| s.default).collect();
    if let Some(p) = f.get("params") {
        let names: Vec<&'static str> = GATHER_PARAMS.iter().map(|s| s.name).collect();
        match p.group() {
            Some(g)
                if g.delim == Delim::Bracket
                    || g.items.iter().all(|i| i.key.is_none()) && !g.items.is_empty() =>
            {
                if g.items.len() != GATHER_PARAMS.len() {
                    ctx.report(
                        Diagnostic::error(
                            "bad-params",
                            format!("positional params of GatherMask have {} values, GatherMaskParams takes 4", g.items.len()),
                        )
                        .at(p.span)
                        .note(format!("the C++ brace order is [{}]", names.join(", "))),
                    );
                } else {
                    for (i, item) in g.items.iter().enumerate() {
                        ins.field_spans
                            .push((GATHER_PARAMS[i].name, item.value.span));
                        if let Some(x) = stride(ctx, &item.value, &GATHER_PARAMS[i]) {
                            v[i] = x;
                        }
                    }
                }
            }
            _ => {
                if let Some(pf) = ctx.fields(p, "GatherMaskParams", &["GatherMaskParams"], &names) {
                    for (name, _, value) in &pf.entries {
                        ins.field_spans.push((name, value.span));
                        if let Some(i) = names.iter().position(|n| n == name) {
                            if let Some(x) = stride(ctx, value, &GATHER_PARAMS[i]) {
                                v[i] = x;
                            }
                        }
                    }
                }
            }
        }
    }
    ins.strides = Strides {
        src_blk: [v[0], 1],
        src_rep: [v[2], v[3]],
        ..Strides::default()
    };
    ins.form = Form::Masked {
        mask: MaskArg::Contiguous(mask?),
        repeat_times: v[1] as u64,
    };
    let ret = super::operand::ret_scalar(ctx, f, "cnt")?;
    Some(Args::GatherMask {
        v: ins.vector()?,
        pattern: pattern?,
        reduce_mode,
        ret,
    })
}
