//! The rooms of the scalar unit (GetValue, SetValue, Let) and of synchronisation (PipeBarrier,
//! SetFlag, WaitFlag), docs/format.md §10. They touch at most one UB element and take one
//! step; the machine carries them out (`Machine::exec_scalar`) on its `ScalarState`.

use crate::base::catalog::Op;
use crate::base::expr::Expr;
use crate::base::ir::{Args, Instr, Operand, ScalarArg, Sync};
use crate::base::product::MaxMinSpr;
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
    /// scalars `value` (and `index`) = the max/min register (docs/semantics.md §19).
    MaxMinSpr { value: usize, index: Option<usize> },
    /// scalar `dst` = the first bytes of the CmpMask register (as many as its type holds).
    CmpMaskRet { dst: usize },
    /// The 16 bytes of the CmpMask register into `dst` from byte `addr` (uint8 elements).
    CmpMask { dst: OpAddr, addr: u64 },
    /// The 16 bytes of `src` from byte `addr` into the CmpMask register (SetCmpMask).
    SetCmpMask { src: OpAddr, addr: u64 },
    /// SetDeqScale's vector form: 16 uint64 configuration words into `dst` from byte `addr`.
    Words {
        dst: OpAddr,
        addr: u64,
        words: [u64; 16],
    },
}

/// `bytes` bytes of operand `o` from its element: inside its tensor, inside the UB of the
/// product, aligned to `align`; else an error at `field`.
pub fn check_run(c: &mut Ctx, o: &Operand, field: &str, bytes: u64, align: u64) -> Option<()> {
    let t = &c.program.tensors[o.tensor];
    let start = t.addr as u64 + o.offset as u64 * t.dtype.size() as u64;
    let (name, len) = (t.name.clone(), t.len as u64 * t.dtype.size() as u64);
    let room = len.saturating_sub(o.offset as u64 * t.dtype.size() as u64);
    if t.is_gm() {
        let msg = format!(
            "{}'s `{field}` is a UB tensor; \"{name}\" lies in global memory",
            c.name()
        );
        c.err("gm-operand", field, msg);
        return None;
    }
    if room < bytes {
        let msg = format!(
            "{} reaches {bytes} bytes from \"{name}[{}]\", which has {room} bytes from there",
            c.name(),
            o.offset
        );
        let allowed = c.outside_tensor_allowed(t, start, start + bytes);
        c.outside_tensor(allowed, field, msg);
        if !allowed {
            return None;
        }
    }
    if start + bytes > c.ub_size as u64 {
        let msg = format!(
            "{} reaches UB bytes {start:#x}..{:#x}, beyond the {}-byte UB of {}",
            c.name(),
            start + bytes,
            c.ub_size,
            c.product
        );
        c.err("outside-ub", field, msg);
        return None;
    }
    if start % align != 0 {
        let msg = format!(
            "{}'s `{field}` starts at UB address {start:#x}, not {align}-byte aligned",
            c.name()
        );
        c.err("misaligned", field, msg);
        return None;
    }
    Some(())
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
    /// The register reads are product-specific.
    fn unavailable(&self, c: &Ctx) -> String {
        let page = match c.instr.op {
            Op::GetCmpMask => "DK:比较与选择/GetCmpMask 产品支持情况: Atlas A2, A3, inference AI Core and Ascend 950 only",
            Op::SetCmpMask => "DK:比较与选择/SetCmpMask(ISASI) 产品支持情况: Atlas A2, A3, inference AI Core and Ascend 950 only",
            Op::GetReduceRepeatMaxMinSpr => "DK:归约计算/寄存器辅助接口/GetReduceRepeatMaxMinSpr 产品支持情况: Atlas A2, A3 and inference AI Core only",
            _ => "DK:归约计算/寄存器辅助接口/GetReduceRepeatSumSpr 产品支持情况: Atlas A2, A3 and Ascend 950 only",
        };
        format!("{} is not available on {} ({page})", c.name(), c.product)
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
            Args::GetCmpMask { dst } => {
                // DK:比较与选择/GetCmpMask: b8, b16 or b32 elements, 16-byte aligned; the
                // 128-bit register fills 16 bytes (docs/semantics.md §19).
                let d = c.program.tensors[dst.tensor].dtype;
                if d.size() > 4 {
                    let msg = format!("GetCmpMask writes b8, b16 or b32 elements, not {d}");
                    c.err("unsupported-dtype", "dst", msg);
                    return None;
                }
                check_run(c, &dst, "dst", 16, 16)?;
                return no_lanes();
            }
            Args::SetCmpMask { src } => {
                // DK:比较与选择/SetCmpMask(ISASI): b8…b64, 16-byte aligned; 16 bytes read.
                check_run(c, &src, "src", 16, 16)?;
                return no_lanes();
            }
            Args::MaxMinSpr { value, index } => {
                let p = c.product.profile().max_min_spr;
                if index.is_some() && p != MaxMinSpr::ValueIndex {
                    let msg = format!("GetReduceRepeatMaxMinSpr on {} has only the one-argument form (the value): drop `index` (DK:归约计算/寄存器辅助接口/GetReduceRepeatMaxMinSpr 函数原型)", c.product);
                    c.err("unsupported-form", "index", msg);
                    return None;
                }
                let _ = value;
                return no_lanes();
            }
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
        // Only a recorded kernel's `t[i]` can lie past its tensor (the loader refuses it).
        if o.offset >= t.len {
            let msg = format!(
                "{} `{}[{}]` lies past the tensor ({} × {})",
                c.name(),
                t.name,
                o.offset,
                t.len,
                t.dtype
            );
            let field = if matches!(c.instr.args, Args::GetValue { .. }) {
                "src"
            } else {
                "dst"
            };
            let allowed = c.outside_tensor_allowed(t, end - t.dtype.size() as u64, end);
            c.outside_tensor(allowed, field, msg);
            if !allowed {
                return None;
            }
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
            Args::MaxMinSpr { value, index } => ScalarStep::MaxMinSpr {
                value: *value,
                index: *index,
            },
            Args::CmpMaskRet { ret } => ScalarStep::CmpMaskRet { dst: *ret },
            Args::GetCmpMask { dst } => {
                let op = OpAddr::of(c.program, dst, "dst", AccessKind::Write, 1, 8);
                ScalarStep::CmpMask {
                    dst: OpAddr {
                        dtype: crate::base::dtype::DType::UInt8,
                        ..op
                    },
                    addr: op.base as u64,
                }
            }
            Args::SetCmpMask { src } => {
                let op = OpAddr::of(c.program, src, "src", AccessKind::Read, 1, 8);
                ScalarStep::SetCmpMask {
                    src: OpAddr {
                        dtype: crate::base::dtype::DType::UInt8,
                        ..op
                    },
                    addr: op.base as u64,
                }
            }
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
