//! Gather (DK:离散与聚合/Gather): `dst[i] = src[(srcBaseAddr + srcOffset[i]) / sizeof(T)]`,
//! the offsets in bytes from a uint32 tensor, one per destination element. Count form: element
//! i of dst and of the offsets for i < n; high-dimensional form: the mask and repeatTime over
//! dst (dstRepStride between repeats) with the offsets contiguous, PAR of them per repeat.
//!
//! The source addresses depend on the data, so the source is not a plan operand: the kernel
//! reads each element with `Mem::read_one` (recorded as an access, so events and watchpoints
//! see it), and the room checks every offset against the source tensor and the element width
//! when the instruction is reached (`plan`, with the UB). 8-bit data gathers 4 blocks per
//! repeat (950, 200I/500 A2; docs/semantics.md §9 row 30), i.e. 128 lanes: the lanes are counted
//! as 16-bit.

use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, Instr, Operand};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room};
use crate::sim::lanes::Num;
use crate::sim::mask::{LaneSource, MaskReg};
use crate::sim::plan::{
    block_lanes, intersection, AccessKind, BlockStep, Indexing, OpAddr, Plan, BLOCKS,
};
use crate::sim::ub::Ub;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IndexKernel {
    pub dtype: DType,
    /// The source tensor (its start, dtype, tensor index) and the byte base added to offsets.
    pub src: OpAddr,
    pub base_addr: u32,
    /// Where the source tensor ends (its bytes are `src.base..src_end`).
    pub src_end: u64,
}

fn parts(instr: &Instr) -> Option<(Operand, u32)> {
    match instr.args {
        Args::Gather {
            offset, base_addr, ..
        } => Some((offset, base_addr)),
        _ => None,
    }
}

/// Executes block `b` of repeat `r`: plan operand 0 is dst, 1 the offsets.
pub fn exec_block<T: Num>(k: &IndexKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let Some(BlockStep { lanes, ks, n }) = plan.active_block(r, b) else {
        return;
    };
    let mut offs = [0u32; 32];
    mem.read(&plan.operands[1], r, ks.clone(), &lanes, &mut offs[..n]);
    let size = std::mem::size_of::<T>();
    let mut bytes = [0u8; 256];
    for (i, lane) in ks.clone().enumerate() {
        if lanes.has(lane) {
            let a = k.src.base as u64 + k.base_addr as u64 + offs[i] as u64;
            let v: T = mem.read_one(&k.src, lane, a);
            v.store(&mut bytes[i * size..(i + 1) * size]);
        }
    }
    mem.write_bytes(&plan.operands[0], r, ks, &lanes, &bytes[..n * size]);
}

/// The fast path of Gather (`Machine::run_fast`): `n` lanes from lane 0 of repeat `r`, dst and
/// the offsets each one run of bytes and apart (`sim::reach`), elements of 2 bytes or more:
/// every element picked from src, then dst stored in one piece. The same bytes as
/// `exec_block`: the room has checked every offset, and src lies apart from dst.
pub fn exec_run<T: Num>(k: &IndexKernel, plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    let size = std::mem::size_of::<T>();
    let n = n as usize;
    let (d, o) = (plan.operands[0].addr(r, 0), plan.operands[1].addr(r, 0));
    let Some(offs) = mem.ub.get(o..o + 4 * n as u64) else {
        return;
    };
    let base = k.src.base as u64 + k.base_addr as u64;
    let off = |c: &[u8]| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as usize;
    // The source tensor from the base on, in one piece (the room has kept every offset in it;
    // an element outside reads 0, as `read_one` does).
    let src = mem.ub.get(base..k.src_end.max(base)).unwrap_or(&[]);
    let mut out = vec![0u8; n * size];
    for (c, e) in offs.chunks_exact(4).zip(out.chunks_exact_mut(size)) {
        let a = off(c);
        match src.get(a..a + size) {
            Some(v) => e.copy_from_slice(v),
            None => {
                let at = base + a as u64;
                if let Some(v) = mem.ub.get(at..at + size as u64) {
                    e.copy_from_slice(v);
                }
            }
        }
    }
    let end = d + (n * size) as u64;
    if end > u32::MAX as u64 {
        return;
    }
    if let Some((bytes, at, _)) = mem.ub.run_mut(d as u32..end as u32) {
        bytes[at..at + n * size].copy_from_slice(&out);
    }
}

/// The room of Gather.
pub struct GatherRoom;

impl Room for GatherRoom {
    /// A pattern tensor / offsets are read from the UB.
    fn plan_reads_data(&self) -> bool {
        true
    }

    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let d = c.dtype_of(c.instr.dst()?);
        // 8-bit data: 4 blocks (128 elements) per repeat.
        let lane = if d.size() == 1 { DType::UInt16 } else { d };
        Some(Types {
            src: d,
            dst: d,
            lane,
        })
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let instr = c.instr;
        let Some((offset, _)) = parts(instr) else {
            return (Vec::new(), 32);
        };
        let count = matches!(instr.form(), Form::Count(_));
        let lane = t.lane.size();
        let rep = |d: DType| 8 * d.size() / lane;
        let mut ops = Vec::with_capacity(2);
        if let Some(d) = instr.dst() {
            let dt = c.dtype_of(d);
            let dst_rep = if count {
                rep(dt)
            } else {
                instr.strides().dst_rep
            };
            ops.push(OpAddr::of(
                c.program,
                d,
                "dst",
                AccessKind::Write,
                1,
                dst_rep,
            ));
        }
        ops.push(OpAddr::of(
            c.program,
            &offset,
            "offset",
            AccessKind::Read,
            1,
            rep(DType::UInt32),
        ));
        (ops, 32)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let instr = c.instr;
        let base_addr = parts(instr).map_or(0, |p| p.1);
        let src = instr
            .src()
            .first()
            .map(|s| OpAddr::of(c.program, s, "src", AccessKind::Read, 1, 8))
            .unwrap_or_else(|| OpAddr::standard("src", 0, AccessKind::Read, t.src, 0, 1, 8));
        let src_end = instr
            .src()
            .first()
            .map_or(0, |s| c.program.tensors[s.tensor].end());
        Exec::Gather(IndexKernel {
            dtype: t.src,
            src,
            base_addr,
            src_end,
        })
    }

    /// Every offset a block step will use, checked against the element width and the source
    /// tensor when the UB holds them (errors `misaligned-gather-offset` and
    /// `gather-offset-out-of-range`, with the lane), and the first source element they pick
    /// that is uninitialised (warning `uninitialised-read`).
    fn plan(&self, c: &mut Ctx, exec: &Exec, plan: &mut Plan, ub: Option<&Ub>) {
        let (Exec::Gather(k), Some(s)) = (exec, c.instr.src().first().copied()) else {
            return;
        };
        let src_t = &c.program.tensors[s.tensor];
        let (lo, hi) = (k.src.base as u64, src_t.end());
        let size = k.dtype.size() as u64;
        // The offsets are data: checked only when the UB holds them.
        let Some(ub) = ub else {
            return;
        };
        if plan
            .extent(0)
            .is_some_and(|d| intersection(&d, &(lo..hi)).is_some())
        {
            // In place: a warning where no element reads one that another element writes
            // (docs/semantics.md §15), else refused.
            if in_place_order_free(plan, ub, lo + k.base_addr as u64) {
                in_place_warning(c, plan, lo..hi, &src_t.name);
            } else {
                refuse_overlap(c, plan, ("Gather", "Gather"), lo..hi, &src_t.name);
                return;
            }
        }
        // The product's offset range for this element width.
        let max = match size {
            1 => c.product.profile().gather_offset_max[0],
            2 => c.product.profile().gather_offset_max[1],
            _ => u32::MAX as u64,
        };
        let product = c.product;
        let mut bad: Option<Diagnostic> = None;
        let mut uninit: Option<(u32, u32, u32, u64)> = None;
        // A source all initialised needs no check per element.
        let src_init = hi <= u32::MAX as u64 && ub.all_init(lo as u32..hi as u32);
        // Offsets in a row that all pass (one pass over them): nothing to report.
        if src_init {
            if let Some((top, mis)) = offsets_in_a_row(plan, ub, k.base_addr as u64, size) {
                if top <= max && mis == 0 && lo + k.base_addr as u64 + top + size <= hi {
                    return;
                }
            }
        }
        each_offset(plan, ub, |r, b, lane, o| {
            let at = k.base_addr as u64 + o;
            let msg = if o > max {
                Some((
                    "gather-offset-out-of-range",
                    format!(
                        "Gather offset[{lane}] of repeat {r} is {o} bytes: {} offsets of {}-bit data range over 0..={max} (DK:离散与聚合/Gather 约束说明)",
                        product,
                        size * 8
                    ),
                ))
            } else if at & (size - 1) != 0 {
                Some((
                    "misaligned-gather-offset",
                    format!(
                        "Gather offset[{lane}] of repeat {r} is {o} bytes (+ base_addr {}): not a multiple of {size}, the size of {} (DK:离散与聚合/Gather 约束说明)",
                        k.base_addr, k.dtype
                    ),
                ))
            } else if lo + at + size > hi {
                Some((
                    "gather-offset-out-of-range",
                    format!(
                        "Gather offset[{lane}] of repeat {r} is {o} bytes (+ base_addr {}): it reads byte {:#x}, outside src `{}` ({:#x}..{:#x})",
                        k.base_addr,
                        lo + at,
                        src_t.name,
                        lo,
                        hi
                    ),
                ))
            } else {
                if uninit.is_none()
                    && !src_init
                    && !ub.all_init((lo + at) as u32..(lo + at + size) as u32)
                {
                    uninit = Some((r, b, lane, lo + at));
                }
                None
            };
            if let Some((code, m)) = msg {
                bad = Some(refusal(c, code, m, r, b));
                return false;
            }
            true
        });
        if let Some(d) = bad {
            c.errors.push(d);
        } else if let Some((r, b, lane, a)) = uninit {
            // The first uninitialised source element the offsets pick (the source is not a
            // plan operand, so the machine's own uninitialised-read walk does not see it).
            let elem = (a - lo) / size;
            let msg = format!(
                "src `{}` reads uninitialised UB at {a:#x} (lane {lane} of repeat {r}, element {elem} of `{}`, picked by its offset)",
                src_t.name, src_t.name
            );
            c.warnings.push(
                Diagnostic::warning("uninitialised-read", msg)
                    .at(c.instr.span_of("src"))
                    .in_instr(c.idx)
                    .in_block(r, Some(b)),
            );
        }
    }
}

/// Gatherb (DK:离散与聚合/Gatherb(ISASI)): block b of repeat r of dst is the 32-byte block of
/// src at byte offset `offset[8r + b]` (relative to src's start). The offsets are read one per
/// block as Brcb reads its source (`fill::brcb_operands`' per-block indexing); the source
/// blocks they pick are read element by element through `Mem::read_one`, as Gather's are. A
/// dstBlkStride of 0 is taken as 1 (the page's pseudo-code, docs/semantics.md §9 row 31).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlockGatherKernel {
    pub dtype: DType,
    pub src: OpAddr,
}

/// Executes block `b` of repeat `r`: plan operand 0 is dst, 1 the offsets.
pub fn exec_block_gatherb<T: Num>(
    k: &BlockGatherKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    b: u32,
) {
    let (dst, off) = (&plan.operands[0], &plan.operands[1]);
    let o: u32 = mem.read_one(off, b, off.addr(r, b));
    let ks = block_lanes(plan.par, b);
    let size = std::mem::size_of::<T>();
    let mut bytes = [0u8; 32];
    for (i, lane) in ks.clone().enumerate() {
        let a = k.src.base as u64 + o as u64 + (i * size) as u64;
        let v: T = mem.read_one(&k.src, lane, a);
        v.store(&mut bytes[i * size..(i + 1) * size]);
    }
    let n = ks.len();
    mem.write_bytes(dst, r, ks, &plan.lanes_of(r), &bytes[..n * size]);
}

/// The fast path of Gatherb (`Plan::dst_runs_apart_from_first_source`: the offsets apart from
/// dst; the room keeps src apart from it): `n` lanes (whole repeats) from repeat `r`,
/// each destination block the source block its offset names, dst stored in one piece; the
/// same bytes as `exec_block_gatherb` (the room has checked every offset).
pub fn gatherb_run<T: Num>(k: &BlockGatherKernel, plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    let (dst, off) = (&plan.operands[0], &plan.operands[1]);
    let n = n as usize * std::mem::size_of::<T>();
    let mut out = vec![0u8; n];
    for (blk, c) in out.chunks_mut(32).enumerate() {
        let (rr, b) = (
            r + (blk / BLOCKS as usize) as u32,
            (blk % BLOCKS as usize) as u32,
        );
        // As `read_one` reads: 0 for an offset or element outside memory.
        let oa = off.addr(rr, b);
        let o = mem
            .ub
            .get(oa..oa + 4)
            .map_or(0, |o| u32::from_le_bytes([o[0], o[1], o[2], o[3]]));
        let a = k.src.base as u64 + o as u64;
        match mem.ub.get(a..a + c.len() as u64) {
            Some(v) => c.copy_from_slice(v),
            None => {
                let size = std::mem::size_of::<T>();
                for (i, e) in c.chunks_exact_mut(size).enumerate() {
                    let at = a + (i * size) as u64;
                    if let Some(v) = mem.ub.get(at..at + size as u64) {
                        e.copy_from_slice(v);
                    }
                }
            }
        }
    }
    let d = dst.addr(r, 0);
    let end = d + n as u64;
    if end <= u32::MAX as u64 {
        if let Some((bytes, at, _)) = mem.ub.run_mut(d as u32..end as u32) {
            bytes[at..at + n].copy_from_slice(&out);
        }
    }
}

/// The room of Gatherb: every block of `repeat_times` repeats, the register not involved.
pub struct GatherbRoom;

impl Room for GatherbRoom {
    /// A pattern tensor / offsets are read from the UB.
    fn plan_reads_data(&self) -> bool {
        true
    }

    /// dstBlkStride 0 is taken as 1, not refused.
    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn operands(&self, c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let instr = c.instr;
        let (Some(d), Args::Gatherb { offset, .. }) = (instr.dst(), &instr.args) else {
            return (Vec::new(), 32);
        };
        let st = instr.strides();
        let mut dst = OpAddr::of(
            c.program,
            d,
            "dst",
            AccessKind::Write,
            st.dst_blk.max(1),
            st.dst_rep,
        );
        dst.index = Indexing::Lanes;
        let mut off = OpAddr::of(c.program, offset, "offset", AccessKind::Read, 1, 1);
        off.per_block = 1;
        off.blk_unit = 4;
        off.rep_unit = BLOCKS * 4;
        off.index = Indexing::PerBlock { all: true };
        (vec![dst, off], 32)
    }

    fn lanes(&self, c: &mut Ctx, _t: &Types, par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        crate::sim::family::fill::every_lane(c, par)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let src = c
            .instr
            .src()
            .first()
            .map(|s| OpAddr::of(c.program, s, "src", AccessKind::Read, 1, 8))
            .unwrap_or_else(|| OpAddr::standard("src", 0, AccessKind::Read, t.src, 0, 1, 8));
        Exec::Gatherb(BlockGatherKernel { dtype: t.src, src })
    }

    /// Every offset the blocks will use, checked when the UB holds them: the block it picks
    /// 32-byte aligned and inside src (errors `misaligned-gather-offset`,
    /// `gather-offset-out-of-range`), src and dst apart (`gather-src-dst-overlap`), and the
    /// first picked block with an uninitialised byte (warning `uninitialised-read`)
    /// (DK:离散与聚合/Gatherb(ISASI) 约束说明).
    fn plan(&self, c: &mut Ctx, exec: &Exec, plan: &mut Plan, ub: Option<&Ub>) {
        let (Exec::Gatherb(k), Some(s)) = (exec, c.instr.src().first().copied()) else {
            return;
        };
        let src_t = &c.program.tensors[s.tensor];
        let (lo, hi) = (k.src.base as u64, src_t.end());
        if refuse_overlap(c, plan, ("Gatherb", "Gatherb(ISASI)"), lo..hi, &src_t.name) {
            return;
        }
        let Some(ub) = ub else {
            return;
        };
        let mut bad: Option<Diagnostic> = None;
        let mut uninit: Option<(u32, u32, u64)> = None;
        each_offset(plan, ub, |r, b, _lane, o| {
            let at = lo + o;
            let msg = if at % 32 != 0 {
                Some((
                    "misaligned-gather-offset",
                    format!(
                        "Gatherb offset of block {b} of repeat {r} is {o} bytes: src `{}` + {o} = {at:#x} is not 32-byte aligned (DK:离散与聚合/Gatherb(ISASI) 约束说明)",
                        src_t.name
                    ),
                ))
            } else if at + 32 > hi {
                Some((
                    "gather-offset-out-of-range",
                    format!(
                        "Gatherb offset of block {b} of repeat {r} is {o} bytes: it reads {at:#x}..{:#x}, outside src `{}` ({lo:#x}..{hi:#x})",
                        at + 32,
                        src_t.name
                    ),
                ))
            } else {
                if uninit.is_none() && !ub.all_init(at as u32..at as u32 + 32) {
                    uninit = Some((r, b, at));
                }
                None
            };
            if let Some((code, m)) = msg {
                bad = Some(refusal(c, code, m, r, b));
                return false;
            }
            true
        });
        if let Some(d) = bad {
            c.errors.push(d);
        } else if let Some((r, b, a)) = uninit {
            let msg = format!(
                "src `{}` reads uninitialised UB in the block at {a:#x} (block {b} of repeat {r}, picked by its offset)",
                src_t.name
            );
            c.warnings.push(
                Diagnostic::warning("uninitialised-read", msg)
                    .at(c.instr.span_of("src"))
                    .in_instr(c.idx)
                    .in_block(r, Some(b)),
            );
        }
    }
}

/// "不支持源操作数与目的操作数使用同一块内存地址" (DK:离散与聚合/Gather, Gatherb(ISASI) 约束说明):
/// refuses the instruction (`gather-src-dst-overlap`) when dst's extent shares a byte with the
/// source tensor `src` (named `name`); whether it did.
fn refuse_overlap(
    c: &mut Ctx,
    plan: &Plan,
    (api, page): (&str, &str),
    src: std::ops::Range<u64>,
    name: &str,
) -> bool {
    let Some(both) = plan.extent(0).and_then(|d| intersection(&d, &src)) else {
        return false;
    };
    let msg = format!(
        "{api}'s dst writes UB {:#x}..{:#x}, inside its src `{name}` ({:#x}..{:#x}): src and dst may not share memory (DK:离散与聚合/{page} 约束说明)",
        both.start, both.end, src.start, src.end
    );
    c.err("gather-src-dst-overlap", "dst", msg);
    true
}

/// Whether a Gather whose dst shares memory with its source reads nothing another element
/// writes with a new value: each element's source address (`base` + its offset) is written by
/// no element or by one gathered onto its own place (whose write leaves the UB as it was).
/// Then every element reads its source's value before the instruction, whatever the order in
/// which the hardware reads and writes. (ops-nn's add_rms_norm gathers each row's
/// rstd, at the start of its 32-byte block, over that block in place.)
fn in_place_order_free(plan: &Plan, ub: &Ub, base: u64) -> bool {
    let mut written = std::collections::HashMap::new();
    plan.walk(0, |r, _b, e, a| {
        written.insert(a, (r, e));
        true
    });
    let mut reads = Vec::new();
    each_offset(plan, ub, |r, _b, e, o| {
        reads.push(((r, e), base + o));
        true
    });
    // Element addresses are multiples of the element size (misaligned offsets are refused
    // on their own), so a shared element is an equal address. The elements gathered onto
    // their own place: their writes leave the UB as it was.
    let onto_itself: std::collections::HashSet<(u32, u32)> = reads
        .iter()
        .filter(|&&(lane, src)| written.get(&src) == Some(&lane))
        .map(|&(lane, _)| lane)
        .collect();
    reads
        .iter()
        .all(|&(_, src)| written.get(&src).is_none_or(|by| onto_itself.contains(by)))
}

/// The warning for an in-place Gather that `in_place_order_free` accepts.
fn in_place_warning(c: &mut Ctx, plan: &Plan, src: std::ops::Range<u64>, name: &str) {
    let Some(both) = plan.extent(0).and_then(|d| intersection(&d, &src)) else {
        return;
    };
    let msg = format!(
        "Gather's dst writes UB {:#x}..{:#x}, inside its src `{name}` ({:#x}..{:#x}): the page says src and dst may not share memory (DK:离散与聚合/Gather 约束说明); no element here reads one that another element changes, so ascstep computes the one result any order gives (docs/semantics.md §15)",
        both.start, both.end, src.start, src.end
    );
    c.warn("gather-src-dst-overlap", "dst", msg);
}

/// Each offset (plan operand 1, uint32) a block step will use, as `f(repeat, block, lane,
/// offset)` until `f` says stop; an offset not initialised or past the UB is skipped (the
/// read of `offset` reports it).
fn each_offset(plan: &Plan, ub: &Ub, mut f: impl FnMut(u32, u32, u32, u64) -> bool) {
    let op = &plan.operands[1];
    // Offsets all initialised (the usual case): no per-offset shadow check.
    let all_init = plan
        .extent(1)
        .is_some_and(|e| e.end <= u32::MAX as u64 && ub.all_init(e.start as u32..e.end as u32));
    let bytes = ub.bytes();
    let mut read = |r: u32, b: u32, lane: u32, a: u64| {
        if a + 4 > ub.size() as u64 || !all_init && !ub.all_init(a as u32..a as u32 + 4) {
            return true;
        }
        let at = a as usize;
        let o = u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        f(r, b, lane, o as u64)
    };
    // Lanes per block, a power of two: a lane's block by a shift.
    let shift = (plan.par / BLOCKS).trailing_zeros();
    let mut es = Vec::with_capacity(32);
    for r in 0..plan.repeats {
        let lanes = plan.lanes_of(r);
        let n = lanes.count();
        // A repeat of prefix lanes over offsets in a row: lane by lane in block order.
        if op.index == Indexing::Lanes
            && op.repeat_contiguous(plan.par)
            && lanes == crate::sim::mask::Lanes::first(n)
        {
            let a0 = op.addr(r, 0);
            if !(0..n).all(|e| read(r, e >> shift, e, a0 + 4 * e as u64)) {
                return;
            }
        } else if !plan.walk_repeat(1, r, &mut es, &mut read) {
            return;
        }
    }
}

/// When every repeat has prefix lanes over offsets in a row, all initialised: the largest
/// offset and the OR of `(base + offset) & (size - 1)` (non-zero when one is misaligned).
fn offsets_in_a_row(plan: &Plan, ub: &Ub, base: u64, size: u64) -> Option<(u64, u64)> {
    let op = &plan.operands[1];
    if op.index != Indexing::Lanes || !op.repeat_contiguous(plan.par) {
        return None;
    }
    let e = plan.extent(1)?;
    if e.end > ub.size() as u64 || !ub.all_init(e.start as u32..e.end as u32) {
        return None;
    }
    // In 32 bits (offsets are uint32; only the low bits of base + offset matter for `mis`).
    let (mut top, mut mis) = (0u32, 0u32);
    let (base, mask) = (base as u32, (size - 1) as u32);
    for r in 0..plan.repeats {
        let lanes = plan.lanes_of(r);
        let n = lanes.count();
        if lanes != crate::sim::mask::Lanes::first(n) {
            return None;
        }
        let a = op.addr(r, 0) as usize;
        for c in ub.bytes().get(a..a + 4 * n as usize)?.chunks_exact(4) {
            let o = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            top = top.max(o);
            mis |= base.wrapping_add(o) & mask;
        }
    }
    Some((top as u64, mis as u64))
}

/// An offset's error at field `offset`, in block `b` of repeat `r`.
fn refusal(c: &Ctx, code: &'static str, msg: String, r: u32, b: u32) -> Diagnostic {
    Diagnostic::error(code, msg)
        .at(c.instr.span_of("offset"))
        .in_instr(c.idx)
        .in_block(r, Some(b))
}
