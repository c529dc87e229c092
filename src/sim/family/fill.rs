//! Brcb and CreateVecIndex (docs/semantics.md §4.5).
//!
//! - Brcb (DK:数据填充/Brcb): repeat r reads the 8 consecutive source elements `src[8r + b]`
//!   (no source strides) and fills destination block b of the repeat with element b. No mask:
//!   every lane is written.
//! - CreateVecIndex (DK:数据填充/CreateVecIndex): lane k of repeat 0 gets `firstValue + k`; each
//!   later repeat adds PAR to the previous repeat's lane in T (the A2 implementation runs Adds
//!   repeat after repeat, `IMPL dav_c220/kernel_operator_vec_createvecindex_impl.h`), so a half
//!   sequence rounds as the hardware's does.

use crate::base::dtype::{DType, Elem, Value};
use crate::base::ir::{Form, Instr, Program};
use crate::sim::access::Mem;
use crate::sim::checks::{lanes, Ctx, Types};
use crate::sim::family::{elementwise, Exec, Room, Scratch};
use crate::sim::lanes::Num;
use crate::sim::mask::{LaneSource, MaskReg};
use crate::sim::plan::{block_lanes, AccessKind, BlockStep, Indexing, OpAddr, Plan, BLOCKS};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BrcbKernel {
    pub dtype: DType,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VecIndexKernel {
    pub dtype: DType,
    pub first: Value,
    /// PAR in the element type, the step from one repeat to the next (its bits).
    pub step: u64,
    /// The register API's decreasing Arange: lane k gets `firstValue + (PAR − 1 − k)`, the
    /// last lane the scalar (docs/semantics.md §29).
    pub desc: bool,
}

/// Brcb's operands: dst with its block and repeat strides, then src read one element per
/// block (`src[8r + b]`).
pub fn brcb_operands(instr: &Instr, program: &Program) -> Vec<OpAddr> {
    let st = &instr.strides();
    let mut ops = Vec::with_capacity(2);
    if let Some(d) = &instr.dst().copied() {
        let t = &program.tensors[d.tensor];
        ops.push(OpAddr::standard(
            "dst",
            d.tensor,
            AccessKind::Write,
            t.dtype,
            t.addr + d.offset * t.dtype.size(),
            st.dst_blk,
            st.dst_rep,
        ));
    }
    if let Some(s) = instr.src().first() {
        let t = &program.tensors[s.tensor];
        let size = t.dtype.size();
        let mut op = OpAddr::standard(
            "src",
            s.tensor,
            AccessKind::Read,
            t.dtype,
            t.addr + s.offset * size,
            1,
            1,
        );
        op.per_block = 1;
        op.blk_unit = size;
        op.rep_unit = BLOCKS * size;
        op.index = Indexing::PerBlock { all: true };
        ops.push(op);
    }
    ops
}

/// Brcb block `b` of repeat `r`: element b of the repeat's 8 fills the block.
pub fn brcb_block<T: Num>(plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let (dst, src) = (&plan.operands[0], &plan.operands[1]);
    let v: T = mem.read_one(src, b, src.addr(r, b));
    let ks = block_lanes(plan.par, b);
    let size = std::mem::size_of::<T>();
    let n = (ks.end - ks.start) as usize;
    let mut bytes = [0u8; 32];
    for c in bytes[..n * size].chunks_exact_mut(size) {
        v.store(c);
    }
    mem.write_bytes(dst, r, ks, &plan.lanes_of(r), &bytes[..n * size]);
}

/// CreateVecIndex block `b` of repeat `r`.
pub fn vec_index_block<T: Num>(
    k: &VecIndexKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    b: u32,
    scratch: &mut Scratch,
) {
    let Some(BlockStep { lanes, ks, .. }) = plan.active_block(r, b) else {
        return;
    };
    if scratch.lanes.len() < plan.par as usize {
        scratch.lanes = vec![None; plan.par as usize];
    }
    let step = from_bits::<T>(k.step);
    let size = std::mem::size_of::<T>();
    let n = (ks.end - ks.start) as usize;
    let mut bytes = [0u8; 256];
    for lane in lanes.iter_in(ks.start, ks.end) {
        let slot = &mut scratch.lanes[lane as usize];
        let v = match (*slot, r) {
            (Some(prev), r) if r > 0 => from_bits::<T>(prev).vadd(step),
            _ => {
                let at = if k.desc { plan.par - 1 - lane } else { lane };
                T::from_value(match k.first {
                    Value::Int(i) => Value::Int(i + at as i128),
                    Value::Float(f) => Value::Float(f + at as f64),
                })
            }
        };
        *slot = Some(to_bits(v));
        let o = (lane - ks.start) as usize * size;
        v.store(&mut bytes[o..o + size]);
    }
    mem.write_bytes(&plan.operands[0], r, ks, &lanes, &bytes[..n * size]);
}

/// The fast path of Brcb (`Plan::dst_runs_apart_from_first_source`): `n` lanes (whole repeats) from repeat `r`, each
/// block filled with its source element, dst stored in one piece.
pub fn brcb_run<T: Num>(plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    let (dst, src) = (&plan.operands[0], &plan.operands[1]);
    let (n, per) = (n as usize, (plan.par / BLOCKS) as usize);
    let size = std::mem::size_of::<T>();
    let mut out = vec![0u8; n * size];
    for (blk, c) in out.chunks_mut(per * size).enumerate() {
        let (rr, b) = (
            r + (blk / BLOCKS as usize) as u32,
            (blk % BLOCKS as usize) as u32,
        );
        let a = src.addr(rr, b);
        let v = mem.ub.get(a..a + size as u64).map_or(T::default(), T::load);
        for e in c.chunks_exact_mut(size) {
            v.store(e);
        }
    }
    let d = dst.addr(r, 0);
    let end = d + (n * size) as u64;
    if end <= u32::MAX as u64 {
        if let Some((bytes, at, _)) = mem.ub.run_mut(d as u32..end as u32) {
            bytes[at..at + n * size].copy_from_slice(&out);
        }
    }
}

/// The fast path of CreateVecIndex (`Machine::run_fast`): `n` lanes from lane 0 of repeat `r`,
/// dst one run of bytes, prefix lanes. Each repeat is the previous one's lanes plus PAR by the
/// Add lane function (`elementwise::lanes`, which takes the host's SIMD where it can), repeat 0
/// and the lanes no earlier repeat wrote `firstValue + k`; `scratch.lanes` carries the last
/// values on as block stepping keeps them.
pub fn vec_index_run<T: Num>(
    k: &VecIndexKernel,
    plan: &Plan,
    mem: &mut Mem,
    (r, n): (u32, u64),
    scratch: &mut Scratch,
) {
    let (n, par) = (n as usize, plan.par as usize);
    if scratch.lanes.len() < par {
        scratch.lanes = vec![None; par];
    }
    if n == 0 {
        return;
    }
    let size = std::mem::size_of::<T>();
    let add = elementwise::MapKernel {
        op: crate::base::catalog::Op::Add,
        dtype: k.dtype,
        scalar: Value::Int(0),
        round_en: false,
        ftz: false,
        fused: false,
        scalar_first: false,
    };
    let step = vec![from_bits::<T>(k.step); par];
    let first = |lane: usize| {
        T::from_value(match k.first {
            Value::Int(i) => Value::Int(i + lane as i128),
            Value::Float(f) => Value::Float(f + lane as f64),
        })
    };
    let mut out = vec![T::default(); n];
    let rows = n.div_ceil(par);
    for i in 0..rows {
        let (done, rest) = out.split_at_mut(i * par);
        let m = (n - i * par).min(par);
        let row = &mut rest[..m];
        if i > 0 {
            // The previous repeat of the run, whole (only the last may be partial).
            elementwise::lanes::<T>(
                &add,
                &done[(i - 1) * par..(i - 1) * par + m],
                &step[..m],
                row,
            );
        } else {
            for (lane, o) in row.iter_mut().enumerate() {
                *o = match scratch.lanes[lane] {
                    Some(v) if r > 0 => from_bits::<T>(v).vadd(step[0]),
                    _ => first(lane),
                };
            }
        }
    }
    // The last value of each lane: the last repeat's, the one before for lanes it leaves.
    for (lane, s) in scratch.lanes.iter_mut().enumerate().take(par) {
        let at = (rows - 1) * par + lane;
        if at < n {
            *s = Some(to_bits(out[at]));
        } else if rows >= 2 {
            *s = Some(to_bits(out[at - par]));
        }
    }
    let d = plan.operands[0].addr(r, 0);
    let end = d + (n * size) as u64;
    if end <= u32::MAX as u64 {
        if let Some((bytes, at, _)) = mem.ub.run_mut(d as u32..end as u32) {
            for (v, c) in out
                .iter()
                .zip(bytes[at..at + n * size].chunks_exact_mut(size))
            {
                v.store(c);
            }
        }
    }
}

pub(crate) fn to_bits<T: Elem>(v: T) -> u64 {
    let mut b = [0u8; 8];
    v.store(&mut b);
    u64::from_le_bytes(b)
}

pub(crate) fn from_bits<T: Elem>(b: u64) -> T {
    T::load(&b.to_le_bytes())
}

/// Every lane of `repeat_times` repeats, the register not involved (Brcb, Gatherb: no mask).
pub(crate) fn every_lane(c: &mut Ctx, par: u32) -> Option<LaneSource> {
    let Form::Masked { repeat_times, .. } = *c.instr.form() else {
        return None;
    };
    lanes::warn_repeat_zero(c, "repeat_times", repeat_times);
    Some(lanes::all_lanes(par, repeat_times))
}

/// The room of Brcb: every lane of `repeat_times` repeats, the register not involved.
pub struct BrcbRoom;

impl Room for BrcbRoom {
    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        Some("dst_blk_stride")
    }

    fn operands(&self, c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        (brcb_operands(c.instr, c.program), 32)
    }

    fn lanes(&self, c: &mut Ctx, _t: &Types, par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        every_lane(c, par)
    }

    fn exec(&self, _c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        Exec::Brcb(BrcbKernel { dtype: t.src })
    }
}

/// The room of CreateVecIndex: dst only, with the fields of Duplicate.
pub struct VecIndexRoom;

impl Room for VecIndexRoom {
    fn structure(&self, _instr: &Instr) -> Result<(), String> {
        Ok(())
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        Some("dst_blk_stride")
    }

    fn operands(&self, c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        (elementwise::operands(c.instr, c.program), 32)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let par = Value::Int(t.lane.par() as i128);
        Exec::VecIndex(VecIndexKernel {
            dtype: t.src,
            first: c.instr.scalar().unwrap_or(Value::Int(0)),
            step: crate::with_dtype!(t.src, T => to_bits(T::from_value(par))),
            desc: c.instr.op == crate::base::catalog::Op::RegArangeDesc,
        })
    }
}
