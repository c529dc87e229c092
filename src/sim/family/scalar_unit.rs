//! The rooms of the scalar unit (GetValue, SetValue, Let) and of synchronisation (PipeBarrier,
//! SetFlag, WaitFlag), docs/format.md §10. They touch at most one UB element and take one
//! step; the machine carries them out (`Machine::exec_scalar`) on its `ScalarState`.

use crate::base::expr::Expr;
use crate::base::ir::{Args, Instr, Operand, ScalarArg, Sync};
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room};
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::{AccessKind, OpAddr};

/// A step of the scalar unit, ready to run.
#[derive(Clone, Debug, PartialEq)]
pub enum ScalarStep {
    /// scalar `dst` = the element of `src` at byte `addr`.
    Get { dst: usize, src: OpAddr, addr: u64 },
    /// the element of `dst` at byte `addr` = `src`.
    Set {
        dst: OpAddr,
        addr: u64,
        src: ScalarArg,
    },
    /// scalar `dst` = `expr`.
    Let { dst: usize, expr: Expr },
    /// scalar `dst` = the ReduceSum result register.
    ReduceSumSpr { dst: usize },
}

/// The operand's element address and an `OpAddr` naming its tensor.
fn element(c: &Ctx, o: &Operand, role: &'static str, kind: AccessKind) -> (OpAddr, u64) {
    let op = OpAddr::of(c.program, o, role, kind, 1, 8);
    (op, op.base as u64)
}

/// A step that touches no vector lanes.
fn no_lanes() -> Option<LaneSource> {
    Some(LaneSource::Fixed {
        lanes: Lanes::NONE,
        repeats: 0,
    })
}

/// The room of GetValue, SetValue, Let and GetReduceRepeatSumSpr.
pub struct ScalarUnitRoom;

impl Room for ScalarUnitRoom {
    fn structure(&self, _instr: &Instr) -> Result<(), String> {
        Ok(())
    }
    /// Only GetReduceRepeatSumSpr is product-specific.
    fn unavailable(&self, c: &Ctx) -> String {
        format!(
            "{} is not available on {} (DK:归约计算/寄存器辅助接口/GetReduceRepeatSumSpr 产品支持情况: Atlas A2, A3 and Ascend 950 only)",
            c.name(),
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
    /// The element must lie inside the UB of the product (a GM tensor lies in global memory).
    fn lanes(&self, c: &mut Ctx, _t: &Types, _par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        let o = match c.instr.args {
            Args::GetValue { src, .. } => src,
            Args::SetValue { dst, .. } => dst,
            _ => return no_lanes(),
        };
        let t = &c.program.tensors[o.tensor];
        let end = t.addr as u64 + (o.offset as u64 + 1) * t.dtype.size() as u64;
        if !t.is_gm() && end > c.ub_size as u64 {
            let msg = format!(
                "{} `{}[{}]` lies at UB address {:#x}, beyond the {}-byte UB of {}",
                c.name(),
                t.name,
                o.offset,
                end - t.dtype.size() as u64,
                c.ub_size,
                c.product
            );
            c.err("outside-ub", "", msg);
            return None;
        }
        no_lanes()
    }
    fn exec(&self, c: &Ctx, _t: &Types, _lanes: &LaneSource) -> Exec {
        Exec::Scalar(match &c.instr.args {
            Args::GetValue { dst, src } => {
                let (op, addr) = element(c, src, "src", AccessKind::Read);
                ScalarStep::Get {
                    dst: *dst,
                    src: op,
                    addr,
                }
            }
            Args::SetValue { dst, src } => {
                let (op, addr) = element(c, dst, "dst", AccessKind::Write);
                ScalarStep::Set {
                    dst: op,
                    addr,
                    src: *src,
                }
            }
            Args::Let { dst, expr } => ScalarStep::Let {
                dst: *dst,
                expr: expr.clone(),
            },
            Args::ReduceSumSpr { ret } => ScalarStep::ReduceSumSpr { dst: *ret },
            _ => return Exec::None,
        })
    }
}

/// The room of PipeBarrier, SetFlag and WaitFlag.
pub struct SyncRoom;

impl Room for SyncRoom {
    fn structure(&self, _instr: &Instr) -> Result<(), String> {
        Ok(())
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
    fn lanes(&self, _c: &mut Ctx, _t: &Types, _par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        no_lanes()
    }
    fn exec(&self, c: &Ctx, _t: &Types, _lanes: &LaneSource) -> Exec {
        match c.instr.args {
            Args::Sync(s) => Exec::Sync(s),
            _ => Exec::None,
        }
    }
}

/// Whether `s` is a WaitFlag (for messages).
pub fn is_wait(s: &Sync) -> bool {
    matches!(s, Sync::WaitFlag(..))
}
