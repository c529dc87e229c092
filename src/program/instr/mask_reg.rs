//! The mask-register instructions (docs/format.md §6, docs/semantics.md §2.5).

use super::*;
use crate::base::catalog::Op;
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Args, SetMaskArg, Slot};
use crate::base::spans::Node;
use crate::program::load::{Ctx, Fields};

pub(super) const SET_VECTOR_MASK: &[&str] = &["high", "low", "len", "dtype"];

/// SetVectorMask(high, low) / SetVectorMask(len) [+ dtype]; SetMaskCount, SetMaskNorm,
/// ResetMask take nothing (docs/format.md §6, docs/semantics.md §2.5).
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
            let high = high.and_then(|n| word(ctx, n, "high", 0));
            let low = low.and_then(|n| word(ctx, n, "low", 1));
            if let (Some(high), Some(low)) = (high, low) {
                set = Some(SetMaskArg::Words {
                    high: high as u64,
                    low: low as u64,
                });
            }
        }
        (false, Some(n)) => {
            let len = match ctx.bind(n, Slot::MaskLen) {
                Some(true) => Some(0),
                Some(false) => ctx.uint(n, "len", u64::MAX as u128),
                None => None,
            };
            if let Some(len) = len {
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

/// A mask word: a number, or a scalar's name bound to `Slot::MaskWord(k)` (0 until bound).
fn word(ctx: &mut Ctx, n: &Node, what: &str, k: u8) -> Option<u128> {
    match ctx.bind(n, Slot::MaskWord(k))? {
        true => Some(0),
        false => ctx.uint(n, what, u64::MAX as u128),
    }
}
