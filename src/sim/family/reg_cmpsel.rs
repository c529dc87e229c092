//! The register API's Compare, Compares and Select (Ascend 950, docs/semantics.md §29;
//! DK:Reg矢量计算/比较与选择): Compare writes a mask register, bit i·sizeof(T) for element i
//! (the mask's unselected elements 0), 4 bytes a data block; Select takes each element of src0
//! where its selecting mask register's bit is set, else of src1, in every lane.

use super::{Exec, Room};
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Args, Form, Instr};
use crate::base::modes::CmpMode;
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::mask::{LaneSource, MaskReg};
use crate::sim::plan::{AccessKind, Indexing, OpAddr, Plan};

/// What a register Compare / Compares / Select computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CmpSelKernel {
    pub dtype: DType,
    /// None: Select.
    pub cmp: Option<CmpMode>,
    pub scalar: Option<Value>,
    pub ne_nan_false: bool,
}

pub struct RegCmpSelRoom;

impl Room for RegCmpSelRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        let n = instr.src().len();
        let ok = instr.dst().is_some()
            && match &instr.args {
                Args::RegCompare {
                    scalar: Some(_), ..
                } => n >= 1,
                Args::RegCompare { scalar: None, .. } => n >= 2,
                Args::Elementwise(_) => instr.op == crate::base::catalog::Op::RegSelect && n >= 2,
                _ => false,
            };
        if ok {
            Ok(())
        } else {
            Err(format!(
                "{} needs dst, two sources (Compares: one and a scalar) and a mask register",
                instr.name()
            ))
        }
    }

    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let o = c.instr.src().first()?;
        Some(Types::same(c.dtype_of(o)))
    }

    fn dtype_field(&self, c: &Ctx) -> &'static str {
        if c.instr.src().len() > 1 {
            "src0"
        } else {
            "src"
        }
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let instr = c.instr;
        let mut ops = Vec::new();
        if let Some(d) = instr.dst() {
            let dst = OpAddr::of(c.program, d, "dst", AccessKind::Write, 1, 8);
            ops.push(if is_compare(instr) {
                // The mask register: 4 bytes (32 bits) per data block of the sources.
                OpAddr {
                    dtype: DType::UInt32,
                    blk: 1,
                    rep: 0,
                    blk_unit: 4,
                    rep_unit: 32,
                    per_block: 1,
                    index: Indexing::PerBlock { all: true },
                    ..dst
                }
            } else {
                dst
            });
        }
        let roles = ["src0", "src1"];
        for (j, s) in instr.src().iter().enumerate().take(2) {
            let role = if instr.src().len() == 1 {
                "src"
            } else {
                roles[j]
            };
            let o = OpAddr::of(c.program, s, role, AccessKind::Read, 1, 8);
            ops.push(OpAddr::standard(
                role, o.tensor, o.kind, t.dst, o.base, 1, 8,
            ));
        }
        (ops, 32)
    }

    /// Select writes every lane: its mask register selects the source, not the lanes.
    fn lanes(&self, c: &mut Ctx, t: &Types, par: u32, reg: &mut MaskReg) -> Option<LaneSource> {
        crate::sim::checks::lanes::resolve(c, par, t.lane, reg)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let (cmp, scalar) = match c.instr.args {
            Args::RegCompare { cmp, scalar, .. } => (Some(cmp), scalar),
            _ => (None, None),
        };
        Exec::RegCmpSel(CmpSelKernel {
            dtype: t.dst,
            cmp,
            scalar,
            ne_nan_false: c.product.profile().cmp_ne_nan_false,
        })
    }
}

fn is_compare(instr: &Instr) -> bool {
    matches!(instr.args, Args::RegCompare { .. })
}

/// Block step `(r, b)`.
pub fn exec_block(k: &CmpSelKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let s = plan.block_step(r, b);
    let size = k.dtype.size();
    let read = |mem: &mut Mem, op: &OpAddr, lane: u32| -> Value {
        let bits = super::reg::read_bits(mem, op, lane, r);
        k.dtype.decode(&bits.to_le_bytes()[..size as usize])
    };
    let dst = plan.operands[0];
    match k.cmp {
        Some(cmp) => {
            let mut word = 0u32;
            for (j, lane) in s.ks.clone().enumerate() {
                if !s.lanes.has(lane) {
                    continue;
                }
                let x = read(mem, &plan.operands[1], lane);
                let y = match (k.scalar, plan.operands.get(2)) {
                    (Some(v), _) => v,
                    (None, Some(src1)) => read(mem, src1, lane),
                    (None, None) => Value::Int(0),
                };
                if cmp.holds(x, y, k.ne_nan_false) {
                    word |= 1 << (j as u32 * size);
                }
            }
            mem.write_one::<u32>(&dst, b, dst.addr(r, b), word);
        }
        None => {
            for lane in s.ks.clone() {
                let from = if s.lanes.has(lane) { 1 } else { 2 };
                let v = super::reg::read_bits(mem, &plan.operands[from], lane, r);
                super::reg::write_bits(mem, &dst, lane, r, v);
            }
        }
    }
}

/// Whether an instruction's inactive lanes are its own business (Compare writes 0 bits, Select
/// takes src1): not the plan's ZEROING.
pub fn is_reg_cmp_sel(instr: &Instr) -> bool {
    matches!(instr.args, Args::RegCompare { .. })
        || matches!(instr.form(), Form::Reg { .. })
            && instr.op == crate::base::catalog::Op::RegSelect
}
