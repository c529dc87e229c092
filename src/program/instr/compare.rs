//! Compare, Compares and Select (docs/format.md §7, docs/semantics.md §4.6): packed bits out
//! and in.

use super::*;
use crate::base::catalog::Op;
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, Operand};
use crate::base::modes::CmpMode;
use crate::base::modes::SelMode;
use crate::program::load::{Ctx, Fields};

pub(super) const COMPARE: &[&str] = &[
    "dst",
    "src0",
    "src1",
    "cmp",
    "count",
    "mask",
    "repeat_times",
    "params",
];

pub(super) const COMPARES: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "scalar_first",
    "cmp",
    "count",
    "mask",
    "repeat_times",
    "params",
];

pub(super) const GET_CMP_MASK: &[&str] = &["dst", "ret"];
pub(super) const SET_CMP_MASK: &[&str] = &["src"];

pub(super) const SELECT: &[&str] = &[
    "dst",
    "sel_mask",
    "src0",
    "src1",
    "scalar",
    "scalar_first",
    "sel_mode",
    "count",
    "mask",
    "repeat_times",
    "params",
];

/// Compare (`dst, src0, src1, cmp`) and Compares (`dst, src, scalar, cmp`): dst holds packed
/// bits (int8/uint8 for Compare, uint8 for Compares, docs/semantics.md §4.6); the sources, and the
/// scalar, share the type T.
pub(super) fn compare(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    // Compare without dst writes the CmpMask register (DK:比较与选择/Compare（结果存入寄存器）).
    if ins.op == Op::Compare && !f.has("dst") {
        ins.op = Op::CompareReg;
    }
    let dst = if ins.op == Op::CompareReg {
        None
    } else {
        operand(ctx, f, "dst", what)
    };
    let srcs: &[&str] = if ins.op != Op::Compares {
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
    let (mut scalar_arg, mut elem) = (None, None);
    if ins.op == Op::Compares {
        if let Some(n) = ctx.require(f, "scalar", what) {
            (scalar_arg, elem) = scalar_or_elem(ctx, f, n, first.as_ref().map(|a| a.1), ins, true);
        }
    }
    let scalar_first = flag(ctx, f, "scalar_first").unwrap_or(false);
    let modes: Vec<(&'static str, CmpMode)> = CmpMode::ALL.iter().map(|m| (m.name(), *m)).collect();
    let cmp = ctx
        .require(f, "cmp", what)
        .and_then(|n| enum_value(ctx, n, "cmp", "unknown-cmp-mode", &modes, "LT"));
    let params: &[StrideField] = if ins.op != Op::Compares {
        &BINARY_PARAMS
    } else {
        &UNARY_PARAMS
    };
    if ins.op == Op::CompareReg {
        register_form(ctx, f, ins)?;
    } else {
        form_and_params(ctx, f, ins, params);
    }
    Some(Args::Compare {
        v: ins.vector()?,
        cmp: cmp?,
        scalar: scalar_arg,
        elem,
        scalar_first,
    })
}

/// The one form of Compare into the CmpMask register: `mask` and BinaryRepeatParams, one
/// repeat of 256 bytes ("本接口没有repeat输入，repeat默认为1").
fn register_form(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<()> {
    for k in ["count", "repeat_times"] {
        if let Some(at) = f.key(k) {
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    format!("Compare without `dst` (into the CmpMask register) takes no `{k}`: it compares one repeat of 256 bytes"),
                )
                .at(at)
                .note("give `mask` and `params`, e.g. `Compare(src0: \"a\", src1: \"b\", cmp: LT, mask: 64, params: [1, 1, 1, 8, 8, 8])`; or give `dst` to compare into memory (DK:比较与选择/Compare（结果存入寄存器）)"),
            );
            return None;
        }
    }
    let Some(m) = f.get("mask") else {
        ctx.report(
            Diagnostic::error(
                "missing-field",
                "missing field `mask` in Compare without `dst` (into the CmpMask register)"
                    .to_string(),
            )
            .at(ins.span)
            .note("e.g. `mask: 64`; or give `dst` to compare into memory"),
        );
        return None;
    };
    let mask = mask_arg(ctx, m)?;
    ins.form = Form::Masked {
        mask,
        repeat_times: 1,
    };
    if let Some(p) = f.get("params") {
        repeat_params(ctx, p, &BINARY_PARAMS, ins);
    }
    Some(())
}

/// `GetCmpMask(dst: "m")`: the CmpMask register into a b8/b16/b32 tensor; or `ret: "s"`: its
/// first bytes into a scalar (docs/format.md §10).
pub(super) fn get_cmp_mask(ctx: &mut Ctx, f: &Fields, _ins: &mut Draft) -> Option<Args> {
    if let Some(n) = f.get("ret") {
        if let Some(at) = f.key("dst") {
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    "GetCmpMask takes `dst` (a tensor) or `ret` (a scalar), not both".to_string(),
                )
                .at(at),
            );
            return None;
        }
        let Some(name) = n.str_value() else {
            ctx.error(
                "wrong-type",
                n.span,
                format!("`ret` names a scalar, like \"m\"; found {}", n.describe()),
            );
            return None;
        };
        return Some(Args::CmpMaskRet {
            ret: ctx.scalar_index(name, n.span)?,
        });
    }
    let dst = operand(ctx, f, "dst", "GetCmpMask")?;
    Some(Args::GetCmpMask { dst: dst.0 })
}

/// `SetCmpMask(src: "x")`: 16 bytes of a b8…b64 tensor into the CmpMask register (docs/format.md
/// §7, DK:比较与选择/SetCmpMask(ISASI)).
pub(super) fn set_cmp_mask(ctx: &mut Ctx, f: &Fields, _ins: &mut Draft) -> Option<Args> {
    let src = operand(ctx, f, "src", "SetCmpMask")?;
    Some(Args::SetCmpMask { src: src.0 })
}

/// Select: `dst, sel_mask, src0` and `src1` (modes 0, 2) or `scalar` (mode 1), `sel_mode`
/// (docs/semantics.md §4.6). selMask is 8/16/32/64-bit integers read as bits; the rest share T.
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
    // Mode 0 may leave `sel_mask` out: the CmpMask register then holds the bits.
    let from_register = mode == SelMode::CmpMaskSpr && f.key("sel_mask").is_none();
    if let Some(m) = (!from_register)
        .then(|| operand(ctx, f, "sel_mask", what))
        .flatten()
    {
        sel_mask = Some(m.0);
        type_in(
            ctx,
            what,
            &m,
            "sel_mask",
            &[
                DType::UInt8,
                DType::UInt16,
                DType::UInt32,
                DType::UInt64,
                DType::Int8,
                DType::Int16,
                DType::Int32,
                DType::Int64,
            ],
            "selMask is read as bits; docs/semantics.md §4.6",
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
    let (mut scalar_arg, mut elem) = (None, None);
    // Mode 1 without `scalar`: the scalar is the CmpMask register's first element (SetCmpMask).
    if scalar_mode && f.key("scalar").is_some() {
        if let Some(n) = ctx.require(f, "scalar", what) {
            (scalar_arg, elem) = scalar_or_elem(ctx, f, n, dst.as_ref().map(|d| d.1), ins, true);
        }
    }
    let scalar_first = flag(ctx, f, "scalar_first").unwrap_or(false);
    form_and_params(ctx, f, ins, &BINARY_PARAMS);
    if sel_mask.is_none() && !from_register {
        return None;
    }
    Some(Args::Select {
        v: ins.vector()?,
        mode: sel_mode?,
        sel_mask,
        scalar: scalar_arg,
        elem,
        scalar_first,
    })
}
