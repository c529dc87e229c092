//! GatherMask (semantics.md §4.6, DK:比较与选择/GatherMask): keeps the src0 elements whose
//! pattern bit is 1 and writes them one after another into dst; the number kept is the
//! instruction's return value `rsvdCnt`.
//!
//! The pattern is a built-in one (1 = even lanes, 2 = odd lanes, 3–6 = one lane of every four,
//! 7 = every lane, the same in every repeat) or a tensor of bits consumed continuously within
//! a repeat, repeat r starting `src1RepeatStride` blocks after repeat r−1. Where each block
//! step's kept elements land depends on the data, so the plan carries the per-block counts
//! (`Plan::packed`, computed when the instruction is reached).

use crate::base::dtype::DType;
use crate::base::ir::{Instr, Program};
use crate::sim::access::Mem;
use crate::sim::isa::Scratch;
use crate::sim::lanes::Num;
use crate::sim::mask::LaneSource;
use crate::sim::plan::{block_lanes, AccessKind, Indexing, OpAddr, Plan, BLOCKS};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GatherKernel {
    pub dtype: DType,
    /// The built-in pattern 1..=7, or None for a pattern tensor.
    pub builtin: Option<u8>,
}

/// Whether built-in pattern `p` keeps lane `k` of an API repeat.
pub fn builtin_keeps(p: u8, k: u32) -> bool {
    match p {
        1 => k % 2 == 0,
        2 => k % 2 == 1,
        3..=6 => k % 4 == (p - 3) as u32,
        _ => true,
    }
}

/// The operands: the packed dst, src0 (block and repeat strides of GatherMaskParams) and the
/// pattern bits when the pattern is a tensor. `lanes` maps API repeats longer than PAR onto
/// several plan repeats (`LaneSource::Grouped`).
pub fn operands(
    k: &GatherKernel,
    instr: &Instr,
    program: &Program,
    par: u32,
    lanes: &LaneSource,
) -> Vec<OpAddr> {
    let st = &instr.strides;
    let group = lanes.group(par);
    let mut ops = Vec::with_capacity(3);
    let at = |o: &crate::base::ir::Operand| {
        let t = &program.tensors[o.tensor];
        (o.tensor, t.dtype, t.addr + o.offset * t.dtype.size())
    };
    if let Some(d) = &instr.dst {
        let (t, dt, a) = at(d);
        ops.push(OpAddr::sequential(
            "dst",
            t,
            AccessKind::Write,
            dt,
            a,
            Indexing::Packed,
        ));
    }
    if let Some(s) = instr.src.first() {
        let (t, dt, a) = at(s);
        let mut op = OpAddr::standard(
            "src0",
            t,
            AccessKind::Read,
            dt,
            a,
            st.src_blk[0],
            st.src_rep[0],
        );
        op.group = group;
        op.group_elems = par;
        ops.push(op);
    }
    if let (None, Some(p)) = (k.builtin, &instr.aux) {
        let (t, _, a) = at(p);
        let mut op = OpAddr::bits("pattern", t, AccessKind::Read, a, par, 32, false);
        op.rep = st.src_rep[1];
        op.group = group;
        op.group_elems = par / 8;
        ops.push(op);
    }
    ops
}

/// Elements kept by each block step (r·8 + b), given a way to read pattern bit `k` of plan
/// repeat `r` (tensor patterns; built-in ones need none).
pub fn counts(k: &GatherKernel, plan: &Plan, mut bit: impl FnMut(u32, u32) -> bool) -> Vec<u32> {
    let group = plan.lanes.group(plan.par);
    let mut out = Vec::with_capacity(plan.blocks() as usize);
    for r in 0..plan.repeats {
        let lanes = plan.lanes_of(r);
        for b in 0..BLOCKS {
            let ks = block_lanes(plan.par, b);
            let n = lanes
                .iter_in(ks.start, ks.end)
                .filter(|&lane| match k.builtin {
                    Some(p) => builtin_keeps(p, (r % group) * plan.par + lane),
                    None => bit(r, lane),
                })
                .count();
            out.push(n as u32);
        }
    }
    out
}

/// Executes block `b` of repeat `r`: read the block's active src0 lanes and their pattern
/// bits, append the kept ones to dst (at most as many as the plan counted).
pub fn exec_block<T: Num>(
    k: &GatherKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    b: u32,
    scratch: &mut Scratch,
) {
    let lanes = plan.lanes_of(r);
    let ks = block_lanes(plan.par, b);
    if !lanes.any_in(ks.start, ks.end) {
        return;
    }
    let n = (ks.end - ks.start) as usize;
    let mut x = [T::default(); 32];
    mem.read(&plan.operands[1], r, ks.clone(), &lanes, &mut x[..n]);
    let group = plan.lanes.group(plan.par);
    let mut bits = 0u32;
    match k.builtin {
        Some(p) => {
            for lane in lanes.iter_in(ks.start, ks.end) {
                if builtin_keeps(p, (r % group) * plan.par + lane) {
                    bits |= 1 << (lane - ks.start);
                }
            }
        }
        None => {
            let pat = &plan.operands[2];
            let mut es = Vec::with_capacity(4);
            plan.elems_in_block(2, r, b, &lanes, &mut es);
            for &e in &es {
                let byte: u8 = mem.read_one(pat, e, pat.addr(r, e));
                let shift = (e * 8).wrapping_sub(ks.start);
                if shift < 32 {
                    bits |= (byte as u32) << shift;
                }
            }
        }
    }
    let dst = &plan.operands[0];
    let room = plan.packed_range(r, b);
    let mut at = room.start;
    for lane in lanes.iter_in(ks.start, ks.end) {
        let i = lane - ks.start;
        if bits >> i & 1 == 1 && at < room.end {
            mem.write_one(dst, at, dst.addr(r, at), x[i as usize]);
            at += 1;
        }
    }
    scratch.written += (at - room.start) as u64;
}
