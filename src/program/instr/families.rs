//! One reader per instruction family: its fields, defaults and validation, turning a
//! `Draft` into the family's typed `Args`.

use super::*;
use crate::base::catalog::{Family, Op};
use crate::base::convert::RoundMode;
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, GatherPattern, MaskArg, Operand, SetMaskArg, Strides};
use crate::base::modes::CmpMode;
use crate::base::modes::SelMode;
use crate::base::product::ReduceOrder;
use crate::base::spans::{Delim, Kind, Lit};
use crate::program::load::{closest, Ctx, Fields};

/// Compare (`dst, src0, src1, cmp`) and Compares (`dst, src, scalar, cmp`): dst holds packed
/// bits (int8/uint8 for Compare, uint8 for Compares, semantics.md §4.6); the sources, and the
/// scalar, share the type T.
pub(super) fn compare(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let dst = operand(ctx, f, "dst", what);
    let srcs: &[&str] = if ins.op == Op::Compare {
        &["src0", "src1"]
    } else {
        &["src"]
    };
    let mut first: Option<(Operand, DType, String)> = None;
    for s in srcs {
        let Some(o) = operand(ctx, f, s, what) else {
            continue;
        };
        ins.src.push(o.0);
        match &first {
            None => first = Some(o),
            Some(a) => same_type(ctx, what, &o, s, (a.1, &a.2, srcs[0])),
        }
    }
    if let Some(d) = &dst {
        ins.dst = Some(d.0);
        let allowed: &[DType] = if ins.op == Op::Compare {
            &[DType::UInt8, DType::Int8]
        } else {
            &[DType::UInt8]
        };
        type_in(
            ctx,
            what,
            d,
            "dst",
            allowed,
            "it receives one bit per compared element",
        );
    }
    let mut scalar_arg = None;
    if ins.op == Op::Compares {
        if let Some(n) = ctx.require(f, "scalar", what) {
            scalar_arg = scalar(ctx, n, first.as_ref().map(|a| a.1), ins);
        }
    }
    let modes: Vec<(&'static str, CmpMode)> = CmpMode::ALL.iter().map(|m| (m.name(), *m)).collect();
    let cmp = ctx
        .require(f, "cmp", what)
        .and_then(|n| enum_value(ctx, n, "cmp", "unknown-cmp-mode", &modes, "LT"));
    let params: &[StrideField] = if ins.op == Op::Compare {
        &BINARY_PARAMS
    } else {
        &UNARY_PARAMS
    };
    form_and_params(ctx, f, ins, params);
    Some(Args::Compare {
        v: ins.vector()?,
        cmp: cmp?,
        scalar: scalar_arg,
    })
}

/// Select: `dst, sel_mask, src0` and `src1` (modes 0, 2) or `scalar` (mode 1), `sel_mode`
/// (semantics.md §4.6). selMask is uint8/16/32/64 bits; the rest share T.
pub(super) fn select(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = "Select";
    let modes: Vec<(&'static str, SelMode)> = SelMode::ALL.iter().map(|m| (m.name(), *m)).collect();
    let sel_mode = ctx.require(f, "sel_mode", what).and_then(|n| {
        enum_value(
            ctx,
            n,
            "sel_mode",
            "unknown-sel-mode",
            &modes,
            "VSEL_TENSOR_TENSOR_MODE",
        )
    });
    let mode = sel_mode.unwrap_or_default();
    let mut sel_mask = None;
    let dst = operand(ctx, f, "dst", what);
    if let Some(d) = &dst {
        ins.dst = Some(d.0);
    }
    if let Some(m) = operand(ctx, f, "sel_mask", what) {
        sel_mask = Some(m.0);
        type_in(
            ctx,
            what,
            &m,
            "sel_mask",
            &[DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64],
            "selMask is read as bits",
        );
    }
    let scalar_mode = mode == SelMode::TensorScalar;
    let srcs: &[&str] = if scalar_mode {
        &["src0"]
    } else {
        &["src0", "src1"]
    };
    for s in srcs {
        let Some(o) = operand(ctx, f, s, what) else {
            continue;
        };
        ins.src.push(o.0);
        if let Some(d) = &dst {
            same_type(ctx, what, &o, s, (d.1, &d.2, "dst"));
        }
    }
    let (needs, extra) = if scalar_mode {
        ("scalar", "src1")
    } else {
        ("src1", "scalar")
    };
    if let Some(span) = f.key(extra) {
        ctx.report(
            Diagnostic::error(
                "bad-form",
                format!(
                    "Select {} takes `{needs}`, not `{extra}`",
                    mode.name()
                ),
            )
            .at(span)
            .note("modes 0 and 2 select between src0 and src1; mode 1 (VSEL_TENSOR_SCALAR_MODE) between src0 and a scalar"),
        );
    }
    let mut scalar_arg = None;
    if scalar_mode {
        if let Some(n) = ctx.require(f, "scalar", what) {
            scalar_arg = scalar(ctx, n, dst.as_ref().map(|d| d.1), ins);
        }
    }
    form_and_params(ctx, f, ins, &BINARY_PARAMS);
    Some(Args::Select {
        v: ins.vector()?,
        mode: sel_mode?,
        sel_mask: sel_mask?,
        scalar: scalar_arg,
    })
}

/// GatherMask: `dst, src0, pattern` (1..=7 or a tensor of bits), `reduce_mode`, `mask`,
/// `params` (GatherMaskParams, semantics.md §4.6). The pattern tensor is uint16 for 16-bit T,
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
    Some(Args::Gather {
        v: ins.vector()?,
        pattern: pattern?,
        reduce_mode,
    })
}

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

/// Brcb: `dst, src, repeat_times, dst_blk_stride, dst_rep_stride` (no mask, no count,
/// semantics.md §4.5). Written as the high-dimensional form with every lane active.
pub(super) fn brcb(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let dtype = operands(ctx, f, ins, &["src"]);
    let rep = ctx
        .require(f, "repeat_times", "Brcb")
        .and_then(|n| ctx.uint(n, "repeat_times", u64::MAX as u128));
    for (i, sfield) in BRCB_STRIDES.iter().enumerate() {
        let v = match f.get(sfield.name) {
            Some(n) => stride(ctx, n, sfield).unwrap_or(sfield.default),
            None => sfield.default,
        };
        if i == 0 {
            ins.strides.dst_blk = v;
        } else {
            ins.strides.dst_rep = v;
        }
    }
    ins.form = Form::Masked {
        mask: MaskArg::Contiguous(dtype?.par() as i128),
        repeat_times: rep? as u64,
    };
    Some(Args::Brcb(ins.vector()?))
}

/// ReduceSum / ReduceMax / ReduceMin: `dst, src, work`, then `count` or `mask` +
/// `repeat_times` + `src_rep_stride`; ReduceSum `is_set_mask`, ReduceMax/Min `calc_index`
/// (program-format.md §7, semantics.md §5.4). dst, src and work share T.
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

/// Unary, binary and vector–scalar instructions: operands, scalar, `round_en`, and the form.
pub(super) fn elementwise(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let family = ins.op.family();
    let srcs: &[&str] = match family {
        Family::Binary => &["src0", "src1"],
        _ => &["src"],
    };
    // MulAddDst and Axpy also exist as half → float (semantics.md §4.2, §4.3): their sources
    // need not match dst (the simulator checks the pair), and Axpy's scalar has the source type
    // (§10).
    let dtype = if matches!(ins.op, Op::MulAddDst | Op::Axpy) {
        dst_and_same_type_sources(ctx, f, ins, srcs)
    } else {
        operands(ctx, f, ins, srcs)
    };
    let mut scalar_arg = None;
    if family == Family::Scalar {
        if let Some(n) = ctx.require(f, "scalar", ins.op.name()) {
            scalar_arg = scalar(ctx, n, dtype, ins);
        }
    }
    let round_en = flag(ctx, f, "round_en").unwrap_or(false);
    let params: &[StrideField] = match family {
        Family::Binary => &BINARY_PARAMS,
        _ => &UNARY_PARAMS,
    };
    choose_form(ctx, f, ins, &["repeat_times", "params"]);
    // Checked whenever the high-dimensional form is meant, even if the mask was bad.
    if let (Some(p), None) = (f.get("params"), f.get("count")) {
        repeat_params(ctx, p, params, ins);
    }
    let v = ins.vector()?;
    Some(if family == Family::Scalar {
        Args::Scalar {
            v,
            scalar: scalar_arg?,
            round_en,
        }
    } else {
        Args::Elementwise(v)
    })
}

/// Pair / block / repeat reductions: high-dimensional form only, strides as top-level fields
/// (program-format.md §7, semantics.md §5).
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

/// Duplicate: `dst`, `scalar`, and `count` or `mask` + `repeat_times` + dst strides.
pub(super) fn duplicate(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let dtype = operands(ctx, f, ins, &[]);
    // CreateVecIndex's `first_value` is a scalar of the dst type like Duplicate's (§10).
    let field = if ins.op == Op::CreateVecIndex {
        "first_value"
    } else {
        "scalar"
    };
    let scalar_arg = ctx
        .require(f, field, ins.op.name())
        .and_then(|n| scalar(ctx, n, dtype, ins));
    choose_form(
        ctx,
        f,
        ins,
        &["repeat_times", "dst_blk_stride", "dst_rep_stride"],
    );
    if !f.has("count") {
        let mut v = [0u32; 2];
        for (i, sfield) in DUPLICATE_STRIDES.iter().enumerate() {
            v[i] = match f.get(sfield.name) {
                Some(n) => stride(ctx, n, sfield).unwrap_or(sfield.default),
                None => sfield.default,
            };
        }
        ins.strides.dst_blk = v[0];
        ins.strides.dst_rep = v[1];
    }
    Some(Args::Fill {
        v: ins.vector()?,
        scalar: scalar_arg?,
    })
}

/// SetVectorMask(high, low) / SetVectorMask(len) [+ dtype]; SetMaskCount, SetMaskNorm,
/// ResetMask take nothing (program-format.md §6, semantics.md §2.5).
pub(super) fn mask_reg(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let mut set = None;
    let mut dtype = DType::Half;
    if ins.op != Op::SetVectorMask {
        return Some(Args::MaskReg { set, dtype });
    }
    let words = f.has("high") || f.has("low");
    match (words, f.get("len")) {
        (true, Some(_)) => {
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    "SetVectorMask has both `high`/`low` and `len`",
                )
                .at(f.key("len").unwrap_or(ins.span))
                .note("give either `high` and `low` (C++ SetVectorMask(maskHigh, maskLow)) or `len` (SetVectorMask(len))"),
            );
        }
        (false, None) => {
            ctx.report(
                Diagnostic::error("bad-form", "SetVectorMask needs `high` and `low`, or `len`")
                    .at(ins.span)
                    .note("e.g. SetVectorMask(high: 0, low: 0xff) or SetVectorMask(len: 130)"),
            );
        }
        (true, None) => {
            let high = ctx.require(f, "high", "SetVectorMask");
            let low = ctx.require(f, "low", "SetVectorMask");
            let high = high.and_then(|n| ctx.uint(n, "high", u64::MAX as u128));
            let low = low.and_then(|n| ctx.uint(n, "low", u64::MAX as u128));
            if let (Some(high), Some(low)) = (high, low) {
                set = Some(SetMaskArg::Words {
                    high: high as u64,
                    low: low as u64,
                });
            }
        }
        (false, Some(n)) => {
            if let Some(len) = ctx.uint(n, "len", u64::MAX as u128) {
                set = Some(SetMaskArg::Len(len as u64));
            }
        }
    }
    if let Some(n) = f.get("dtype") {
        if let Some(d) = ctx.dtype(n) {
            dtype = d;
        }
    }
    Some(Args::MaskReg { set, dtype })
}
