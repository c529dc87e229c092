//! The register API's gather from the UB (Ascend 950, docs/semantics.md §29;
//! DK:Reg矢量计算/Reg数据搬入/离散搬入（Gather）, DataCopyGather its other name): lane i of the
//! destination register is the source element `index[i]` elements past the UB address `src`,
//! for the lanes the mask selects; the others are 0 (ZEROING, ascstep's choice). A b8 source
//! fills b16 lanes, zero-extended (the page's 高8位自动补0); b16 and b8 take uint16 indices, b32
//! uint32, b64 uint32 or uint64.
//!
//! The source addresses are data, so the source is not a plan operand: the kernel reads each
//! element with `Mem::read_one` (recorded as an access), and the room checks every index
//! against the UB when the instruction is reached (`plan`). As a register load, an
//! uninitialised source element leaves its lane uninitialised.

use super::reg::{read_bits, write_bits};
use super::{Exec, Room};
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, Instr};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::plan::{AccessKind, OpAddr, Plan};
use crate::sim::ub::Ub;

/// What a register gather reads: the source's start, its element size and its tensor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RegGatherKernel {
    pub src: OpAddr,
}

pub struct RegGatherRoom;

/// (dst, source, index) element types of the instruction.
fn parts(c: &Ctx) -> Option<(DType, DType, DType)> {
    let i = c.instr;
    let (d, s) = (i.dst()?, i.src());
    match (&i.args, s) {
        (Args::RegGather { .. }, [src, index, ..]) => {
            Some((c.dtype_of(d), c.dtype_of(src), c.dtype_of(index)))
        }
        _ => None,
    }
}

/// The index type the page gives a (dst, source) pair of these widths, or None.
fn index_ok(dst: DType, src: DType, index: DType) -> bool {
    match (dst.size(), src.size()) {
        (2, 1) | (2, 2) => index == DType::UInt16,
        (4, 4) => index == DType::UInt32,
        (8, 8) => matches!(index, DType::UInt32 | DType::UInt64),
        _ => false,
    }
}

impl Room for RegGatherRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        let masked = matches!(instr.form(), Form::Reg { mask: Some(_), .. });
        match instr.args {
            Args::RegGather { .. } if instr.dst().is_some() && instr.src().len() == 2 && masked => {
                Ok(())
            }
            _ => Err(format!(
                "{} needs dst, src, index and a mask register",
                instr.name()
            )),
        }
    }

    /// The source addresses and the indices are read from the UB.
    fn plan_reads_data(&self) -> bool {
        true
    }

    /// Lanes are the destination's elements (its mask is read for them).
    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let (dst, ..) = parts(c)?;
        Some(Types::same(dst))
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        let Some((dst, src, index)) = parts(c) else {
            return;
        };
        let same_kind = dst.is_float() == src.is_float();
        if !index_ok(dst, src, index) || !same_kind {
            let msg = format!(
                "{} of {src} into {dst} by {index} indices is not a row of the page's table: int16/uint16 from 8- or 16-bit elements and half/bfloat16 from their own (uint16 indices), 32-bit elements (uint32), 64-bit (uint32 or uint64) (DK:Reg矢量计算/Reg数据搬入/离散搬入（Gather）)",
                c.name()
            );
            c.err("unsupported-dtype", "index", msg);
        }
    }

    /// The destination register (its lanes) and the index register, each as its own type.
    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let i = c.instr;
        let mut ops = Vec::new();
        if let Some(d) = i.dst() {
            let base = OpAddr::of(c.program, d, "dst", AccessKind::Write, 1, 8).base;
            ops.push(OpAddr::standard(
                "dst",
                d.tensor,
                AccessKind::Write,
                t.dst,
                base,
                1,
                8,
            ));
        }
        if let Some(x) = i.src().get(1) {
            ops.push(OpAddr::of(c.program, x, "index", AccessKind::Read, 1, 8));
        }
        (ops, 32)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &crate::sim::mask::LaneSource) -> Exec {
        let src = c
            .instr
            .src()
            .first()
            .map(|s| OpAddr::of(c.program, s, "src", AccessKind::Read, 1, 8))
            .unwrap_or_else(|| OpAddr::standard("src", 0, AccessKind::Read, t.src, 0, 1, 8));
        Exec::RegGather(RegGatherKernel { src })
    }

    /// The source's address, 32-byte aligned, and every element the indices pick inside the UB,
    /// checked when the UB holds the indices (`gather-offset-out-of-range` with the lane).
    fn plan(&self, c: &mut Ctx, exec: &Exec, plan: &mut Plan, ub: Option<&Ub>) {
        let Exec::RegGather(k) = exec else {
            return;
        };
        if k.src.base % 32 != 0 {
            let t = &c.program.tensors[k.src.tensor].name;
            let msg = format!(
                "src `{t}` starts at UB address {:#x}, which is not 32-byte aligned (DK:Reg矢量计算/Reg数据搬入/离散搬入（Gather）约束说明)",
                k.src.base
            );
            c.err("misaligned-operand", "src", msg);
            return;
        }
        let Some(ub) = ub else {
            return;
        };
        let (index, size) = (plan.operands[1], k.src.size() as u64);
        let lanes = plan.lanes_of(0);
        for lane in lanes.iter_in(0, plan.par) {
            let a = index.addr(0, lane);
            let Some(bytes) = ub.get(a..a + index.size() as u64) else {
                continue;
            };
            let i = u64::from_le_bytes(widen(bytes));
            let at = k.src.base as u64 + i * size;
            if at + size > c.ub_size as u64 {
                let msg = format!(
                    "{} index[{lane}] is {i}: it reads UB byte {at:#x}, past the UB's {:#x} bytes (the page: the data an index picks must lie in the UB)",
                    c.name(),
                    c.ub_size
                );
                c.errors.push(
                    Diagnostic::error("gather-offset-out-of-range", msg)
                        .at(c.instr.span_of("index"))
                        .in_instr(c.idx),
                );
                return;
            }
        }
    }
}

/// `bytes` (1 to 8, little-endian) zero-extended to 8.
fn widen(bytes: &[u8]) -> [u8; 8] {
    let mut b = [0u8; 8];
    b[..bytes.len()].copy_from_slice(bytes);
    b
}

/// Block step `(r, b)`: each active lane's element picked by its index (zero-extended into a
/// wider lane); an uninitialised element leaves the lane uninitialised.
pub fn exec_block(k: &RegGatherKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let Some(s) = plan.active_block(r, b) else {
        return;
    };
    let (dst, index) = (plan.operands[0], plan.operands[1]);
    let size = k.src.size() as u64;
    for lane in s.lanes.iter_in(s.ks.start, s.ks.end) {
        let i = read_bits(mem, &index, lane, r);
        let a = k.src.base as u64 + i * size;
        let v = src_bits(mem, &k.src, lane, a);
        write_bits(mem, &dst, lane, r, v);
        if !mem.is_init(a, size as u32) {
            let d = dst.addr(r, lane) as u32;
            mem.ub.mark_undefined(d..d + dst.size());
        }
    }
}

/// The source element at `a`, as bits.
fn src_bits(mem: &mut Mem, src: &OpAddr, lane: u32, a: u64) -> u64 {
    match src.size() {
        1 => mem.read_one::<u8>(src, lane, a) as u64,
        2 => mem.read_one::<u16>(src, lane, a) as u64,
        4 => mem.read_one::<u32>(src, lane, a) as u64,
        _ => mem.read_one::<u64>(src, lane, a),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_types_follow_the_page() {
        use DType::*;
        assert!(index_ok(Int16, Int8, UInt16));
        assert!(index_ok(Half, Half, UInt16));
        assert!(index_ok(Float, Float, UInt32));
        assert!(index_ok(Int64, Int64, UInt64));
        assert!(!index_ok(Float, Float, UInt16));
        assert!(!index_ok(Int32, Int16, UInt16));
    }
}
