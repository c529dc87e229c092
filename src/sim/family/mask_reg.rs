//! The mask-register instructions (docs/semantics.md §2.5): SetVectorMask (words or `len`),
//! SetMaskCount, SetMaskNorm, ResetMask. They touch no UB: reaching one updates the register.

use crate::base::catalog::Op;
use crate::base::ir::{Args, Instr, SetMaskArg};
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room};
use crate::sim::mask::{expand_len, LaneSource, Lanes, MaskMode, MaskReg};
use crate::sim::plan::OpAddr;

/// Applies a mask-register instruction (docs/semantics.md §2.5).
fn apply(c: &mut Ctx, reg: &mut MaskReg) {
    let instr = c.instr;
    let Args::MaskReg { set, dtype } = instr.args else {
        return;
    };
    match instr.op {
        Op::SetVectorMask => match set {
            Some(SetMaskArg::Words { high, low }) => {
                if reg.mode == MaskMode::Counter && high != 0 {
                    c.err("mask-out-of-range", "high", format!("in counter mode SetVectorMask's high word must be 0, got {high:#x} (docs/semantics.md §2.5)"));
                    return;
                }
                reg.low = low;
                reg.high = high;
            }
            Some(SetMaskArg::Len(n)) => {
                if reg.mode == MaskMode::Counter {
                    reg.low = n;
                    reg.high = 0;
                } else {
                    let (lo, hi) = expand_len(n, dtype.par());
                    reg.low = lo;
                    reg.high = hi;
                }
            }
            None => {}
        },
        Op::SetMaskCount => reg.mode = MaskMode::Counter,
        Op::SetMaskNorm => reg.mode = MaskMode::Normal,
        Op::ResetMask => {
            reg.low = u64::MAX;
            reg.high = u64::MAX;
        }
        _ => {}
    }
}

/// The room of the mask-register instructions.
pub struct MaskRegRoom;

impl Room for MaskRegRoom {
    fn structure(&self, _instr: &Instr) -> Result<(), String> {
        Ok(())
    }

    fn unavailable(&self, c: &Ctx) -> String {
        format!(
            "{} is not available on {}: the training series has no counter mode (docs/semantics.md §9 row 8)",
            c.instr.op.name(),
            c.product
        )
    }

    fn types(&self, _c: &mut Ctx) -> Option<Types> {
        None
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn operands(&self, _c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        (Vec::new(), 32)
    }

    /// No lanes: the instruction only changes the register.
    fn lanes(&self, c: &mut Ctx, _t: &Types, _par: u32, reg: &mut MaskReg) -> Option<LaneSource> {
        apply(c, reg);
        Some(LaneSource::Fixed {
            lanes: Lanes::NONE,
            repeats: 0,
        })
    }

    fn exec(&self, _c: &Ctx, _t: &Types, _lanes: &LaneSource) -> Exec {
        Exec::None
    }
}
