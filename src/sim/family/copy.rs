//! The UB → UB moves (DK:数据搬运/UB与UB数据搬运): Copy and DataCopy. Both move elements
//! unchanged, so both run on the elementwise kernel with the identity lane function; their
//! rooms differ in how lanes and repeats are chosen.
//!
//! - Copy's count form (`Copy(dst, src, count)`, Ascend 950 only): `count` elements contiguous.
//! - Copy (`Copy(dst, src, mask, repeatTime, CopyRepeatParams)`): a masked high-dimensional
//!   move with the strides of UnaryRepeatParams (dstStride, srcStride, dstRepeatSize,
//!   srcRepeatSize, in 32-byte blocks). In counter mode `mask` is the number of elements of
//!   **each** repeat and repeatTime stays in effect (unlike the other vector APIs, where it is
//!   the total): a repeat then covers ceil(mask·sizeof(T)/32) blocks, more than 8 when mask
//!   exceeds PAR (the page's scenario 3: 144 int32 elements, 18 blocks at srcStride 8).
//! - DataCopy between two UB tensors: `count` elements contiguous (count·sizeof(T) taken down to
//!   a multiple of 32 bytes, with a warning), or DataCopyParams: blockCount bursts of blockLen
//!   blocks, srcStride / dstStride blocks of gap between bursts; blockCount or blockLen 0 is a
//!   NOP. No mask: the register is neither read nor changed.

use crate::base::ir::{Args, Form, Instr};
use crate::sim::checks::{lanes, zero_repeat_msg, Ctx, Types};
use crate::sim::family::elementwise::{operands, MapKernel};
use crate::sim::family::{atomic, Exec, Room};
use crate::sim::mask::{LaneSource, Lanes, MaskMode, MaskReg};
use crate::sim::plan::{OpAddr, Plan};
use crate::sim::ub::Ub;

/// The identity kernel of both moves; a move into global memory under the atomic mode
/// combines with what is there instead (docs/semantics.md §18.3).
fn kernel(c: &Ctx, t: &Types) -> Exec {
    let (op, dtype) = atomic::combining(c, t.dst).unwrap_or((c.instr.op, t.dst));
    Exec::Map(MapKernel {
        op,
        dtype,
        scalar: crate::base::dtype::Value::Int(0),
        round_en: false,
        ftz: false,
        fused: false,
        scalar_first: false,
    })
}

/// `per` elements in each of `repeats` API repeats: one plan repeat each up to PAR, else a
/// group of plan repeats per API repeat.
fn per_repeat(per: u64, repeats: u32, par: u32) -> LaneSource {
    if per <= par as u64 {
        LaneSource::Fixed {
            lanes: Lanes::first(per as u32),
            repeats,
        }
    } else {
        LaneSource::Grouped {
            per,
            groups: repeats,
        }
    }
}

/// Sets the grouping of every operand when an API repeat spans several plan repeats.
fn grouped(mut ops: Vec<OpAddr>, lanes: &LaneSource, par: u32) -> Vec<OpAddr> {
    let group = lanes.group(par);
    if group > 1 {
        for o in ops.iter_mut() {
            o.group = group;
            o.group_elems = par;
        }
    }
    ops
}

/// The room of Copy.
pub struct CopyRoom;

impl CopyRoom {
    /// Copy's lanes: the common mask resolution in normal mode; in counter mode the count is
    /// per repeat and repeatTime stays in effect (DK:数据搬运/Copy 约束说明).
    fn source(&self, c: &mut Ctx, t: &Types, par: u32, reg: &mut MaskReg) -> Option<LaneSource> {
        if let Form::Count(_) = c.instr.form() {
            // UBToUB连续数据搬运(Copy): Ascend 950 only.
            if c.product != crate::base::product::Product::Ascend950 {
                let msg = format!(
                    "Copy's count form (UBToUB连续数据搬运) is not available on {}: Ascend 950 only; use DataCopy or the mask form",
                    c.product
                );
                c.err("unsupported-instruction", "count", msg);
                return None;
            }
            return lanes::resolve(c, par, t.lane, reg);
        }
        let Form::Masked { mask, repeat_times } = c.instr.form().clone() else {
            return None;
        };
        if reg.mode != MaskMode::Counter {
            return lanes::resolve(c, par, t.lane, reg);
        }
        // A mask passed in counter mode is Copy's documented per-repeat count, not a hazard.
        let per = lanes::counter_count(c, &mask, par, reg);
        let repeats = repeat_times.min(u32::MAX as u64) as u32;
        if per == 0 || repeats == 0 {
            let msg = zero_repeat_msg(
                if per == 0 {
                    "the count"
                } else {
                    "repeat_times"
                },
                c.product,
            );
            c.warn("repeat-zero", "mask", msg);
        }
        Some(per_repeat(per, repeats, par))
    }
}

impl Room for CopyRoom {
    fn operands(&self, c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        (operands(c.instr, c.program), 32)
    }

    fn lanes(&self, c: &mut Ctx, t: &Types, par: u32, reg: &mut MaskReg) -> Option<LaneSource> {
        self.source(c, t, par, reg)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        kernel(c, t)
    }

    /// A counter-mode repeat longer than PAR spans several plan repeats; the grouping is known
    /// once the register gave the lanes.
    fn plan(&self, _c: &mut Ctx, _exec: &Exec, plan: &mut Plan, _ub: Option<&Ub>) {
        if plan.lanes.group(plan.par) > 1 {
            let ops = grouped(plan.operands.clone(), &plan.lanes, plan.par);
            plan.set_operands(ops);
        }
    }
}

/// The room of DataCopy between two UB tensors.
pub struct DataCopyRoom;

impl DataCopyRoom {
    fn blocks(instr: &Instr) -> Option<crate::base::ir::CopyBlocks> {
        match instr.args {
            Args::DataCopy { blocks, .. } => blocks,
            _ => None,
        }
    }
}

impl Room for DataCopyRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        match (&instr.args, instr.form()) {
            (Args::DataCopy { blocks: None, .. }, Form::Count(_))
            | (
                Args::DataCopy {
                    blocks: Some(_), ..
                },
                _,
            ) if !instr.src().is_empty() => Ok(()),
            _ => Err("DataCopy needs dst, src and `count` or DataCopyParams".into()),
        }
    }

    /// A DMA move, not vector lanes: 8-bit types move on every product that has DataCopy.
    fn vector_lanes(&self) -> bool {
        false
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn check(&self, c: &mut Ctx, t: &Types) {
        atomic::check(c, t.dst);
    }

    fn operands(&self, c: &Ctx, t: &Types, par: u32) -> (Vec<OpAddr>, u32) {
        let mut ops = operands(c.instr, c.program);
        let combines = atomic::combining(c, t.dst).is_some();
        if let Some(b) = Self::blocks(c.instr) {
            // One burst per API repeat: blockLen blocks, then the gap to the next burst.
            let per = b.len as u64 * t.dst.per_block() as u64;
            let lanes = per_repeat(per, b.count, par);
            for (o, gap) in ops.iter_mut().zip([b.dst_gap, b.src_gap]) {
                *o = OpAddr::standard(o.role, o.tensor, o.kind, o.dtype, o.base, 1, b.len + gap);
            }
            if combines {
                atomic::dst_read(&mut ops);
            }
            ops = grouped(ops, &lanes, par);
        } else if combines {
            atomic::dst_read(&mut ops);
        }
        (ops, 32)
    }

    fn lanes(&self, c: &mut Ctx, t: &Types, par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        if let Some(b) = Self::blocks(c.instr) {
            if b.count == 0 || b.len == 0 {
                let what = if b.count == 0 {
                    "block_count"
                } else {
                    "block_len"
                };
                let msg = format!(
                    "DataCopy with {what} 0 moves nothing: a NOP (DK:数据搬运/DataCopy 约束说明)"
                );
                c.warn("repeat-zero", "params", msg);
                return Some(per_repeat(0, 0, par));
            }
            let per = b.len as u64 * t.dst.per_block() as u64;
            return Some(per_repeat(per, b.count, par));
        }
        let Form::Count(n) = *c.instr.form() else {
            return None;
        };
        let size = t.dst.size() as u64;
        let whole = n.saturating_mul(size) / 32 * 32 / size;
        if whole != n {
            let msg = format!(
                "DataCopy count {n} is {} bytes, not a multiple of 32: only the first {whole} elements are moved (DK:数据搬运/DataCopy 约束说明)",
                n.saturating_mul(size)
            );
            c.warn("data-copy-truncated", "count", msg);
        }
        if whole == 0 {
            c.warn("repeat-zero", "count", zero_repeat_msg("count", c.product));
        }
        Some(LaneSource::Counted { count: whole })
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        kernel(c, t)
    }

    /// DataCopy does not use the mask register.
    fn mask_at_end(&self, _c: &Ctx, reg_now: MaskReg) -> MaskReg {
        reg_now
    }
}
