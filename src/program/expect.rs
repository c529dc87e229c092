//! The `expect` section (docs/format.md §8): one entry per run of elements, exact,
//! tolerant or `unwritten`.

use super::data::{self, Run, Target};
use super::load::*;
use crate::base::diag::Diagnostic;
use crate::base::ir::{Expect, ExpectCheck};
use crate::base::spans::{Lit, Node};

/// One `expect` entry (docs/format.md §8).
pub(super) fn expect_entry(ctx: &mut Ctx, node: &Node) -> Option<Expect> {
    let f = ctx.fields(node, "the expect entry", &[], &EXPECT_FIELDS)?;
    let before = ctx.error_count();
    // Each field is checked on its own first, so that every problem of the entry is reported.
    let tensor_node = ctx.require(&f, "tensor", "the expect entry");
    let tname = tensor_node.and_then(|n| ctx.string(n, "the tensor name"));
    let idx = match (tname, tensor_node) {
        (Some(name), Some(n)) => ctx.tensor(name, n.span).flatten(),
        _ => None,
    };
    let at_node = f.get("at").and_then(opt);
    let at = match at_node {
        Some(n) => ctx.uint(n, "at", u32::MAX as u128).map(|v| v as u32),
        None => Some(0),
    };
    let len_node = f.get("len").and_then(opt);
    let explicit_len = match len_node {
        Some(n) => ctx.uint(n, "len", u32::MAX as u128).map(|v| Some(v as u32)),
        None => Some(None),
    };
    let unwritten = match f.get("unwritten").and_then(opt) {
        Some(n) => ctx.boolean(n, "unwritten"),
        None => Some(false),
    };
    let unwritten = unwritten.unwrap_or(true); // an invalid flag: skip the `values` checks
    let tolerance = ["rel", "abs"].map(|k| f.get(k).and_then(opt).map(|n| (k, n)));
    let ratio = match f.get("max_mismatch_ratio").and_then(opt) {
        None => Some(None),
        Some(n) => tol(ctx, Some(("max_mismatch_ratio", n))).and_then(|r| {
            if r <= 1.0 {
                Some(Some(r))
            } else {
                ctx.error(
                    "value-out-of-range",
                    n.span,
                    format!("`max_mismatch_ratio` is {r}, expected a fraction in 0..=1"),
                );
                None
            }
        }),
    };
    if unwritten {
        for k in ["values", "rel", "abs", "max_mismatch_ratio"] {
            if let Some(span) = f.key(k) {
                ctx.error(
                    "bad-expect",
                    span,
                    format!("`{k}` cannot be combined with `unwritten: true`, which checks that the run was never written"),
                );
            }
        }
    } else if !f.has("values") {
        ctx.report(
            Diagnostic::error(
                "missing-field",
                "missing field `values` in the expect entry".to_string(),
            )
            .at(f.owner)
            .note("give `values: <data form>`, or `unwritten: true` to check that nothing was written"),
        );
    }
    if ctx.error_count() > before {
        return None;
    }
    let (tname, idx, at, explicit_len, max_mismatch_ratio) =
        (tname?, idx?, at?, explicit_len?, ratio?);
    let (tdtype, tlen) = {
        let t = &ctx.tensors[idx];
        (t.dtype, t.len)
    };
    let what = format!("tensor \"{tname}\" (len {tlen})");
    if at > tlen {
        ctx.error(
            "expect-out-of-tensor",
            at_node.map_or(f.owner, |n| n.span),
            format!("at {at} is beyond the end of {what}"),
        );
        return None;
    }
    let target = Target {
        name: tname,
        dtype: tdtype,
    };
    let form = match f.get("values") {
        Some(v) if !unwritten => Some(data::parse(ctx, v, &target, at)?),
        _ => None,
    };
    let len = explicit_len
        .or_else(|| form.as_ref().and_then(|fm| fm.natural_len()))
        .unwrap_or(tlen - at);
    if len == 0 {
        ctx.error(
            "bad-expect",
            len_node.map_or(f.owner, |n| n.span),
            format!("the expect entry for {what} covers no elements"),
        );
        return None;
    }
    if at as u64 + len as u64 > tlen as u64 {
        let span = len_node
            .or(at_node)
            .map_or_else(|| form.as_ref().map_or(f.owner, |fm| fm.span), |n| n.span);
        ctx.report(
            Diagnostic::error(
                "expect-out-of-tensor",
                format!(
                    "the expect entry covers elements {at}..{} but {what} ends at {tlen}",
                    at as u64 + len as u64
                ),
            )
            .at(span),
        );
        return None;
    }
    let check = match form {
        None => ExpectCheck::Unwritten,
        Some(form) => {
            let run = Run {
                at,
                len,
                cyclic: explicit_len.is_some(),
                what: format!("the expect run {at}..{} of {what}", at as u64 + len as u64),
            };
            let bytes = form.materialize(ctx, &target, &run)?;
            match tolerance {
                [None, None] => ExpectCheck::Exact(bytes),
                [rel, abs] => {
                    let rel = tol(ctx, rel)?;
                    let abs = tol(ctx, abs)?;
                    ExpectCheck::Close {
                        values: bytes,
                        rel,
                        abs,
                    }
                }
            }
        }
    };
    Some(Expect {
        tensor: idx,
        at,
        len,
        check,
        max_mismatch_ratio,
        span: node.span,
    })
}

/// A tolerance `rel` / `abs`: a finite number ≥ 0, default 0.
fn tol(ctx: &mut Ctx, field: Option<(&str, &Node)>) -> Option<f64> {
    let Some((name, node)) = field else {
        return Some(0.0);
    };
    let v = match ctx.lit(node, name)? {
        Lit::Int(v) => v as f64,
        Lit::Float(v) => v,
    };
    if !(v.is_finite() && v >= 0.0) {
        ctx.error(
            "value-out-of-range",
            node.span,
            format!("`{name}` is {v}, expected a finite tolerance ≥ 0"),
        );
        return None;
    }
    Some(v)
}
