//! The atomic-mode instructions (docs/format.md §7, docs/semantics.md §18.3):
//! `SetAtomicAdd(dtype: float)`, `SetAtomicMax`, `SetAtomicMin`, `SetAtomicType` (the C++
//! template argument T as `dtype`), and `DisableDmaAtomic()`, `SetAtomicNone()` without fields.

use super::*;
use crate::base::ir::Args;
use crate::program::load::{Ctx, Fields};

pub(super) const TYPED: &[&str] = &["dtype"];
pub(super) const NO_FIELDS: &[&str] = &[];

/// The atomic mode's element type, or none for the instructions that switch it off.
pub(super) fn atomic(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    if matches!(ins.op, Op::DisableDmaAtomic | Op::SetAtomicNone) {
        return Some(Args::Atomic { dtype: None });
    }
    let n = ctx.require(f, "dtype", ins.op.name())?;
    let d = ctx.dtype(n)?;
    Some(Args::Atomic { dtype: Some(d) })
}
