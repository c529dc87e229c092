//! GatherMask (docs/semantics.md §4.6, DK:比较与选择/GatherMask): keeps the src0 elements whose
//! pattern bit is 1 and writes them one after another into dst; the number kept is the
//! instruction's return value `rsvdCnt`.
//!
//! The pattern is a built-in one (1 = even lanes, 2 = odd lanes, 3–6 = one lane of every four,
//! 7 = every lane, the same in every repeat) or a tensor of bits consumed continuously within
//! a repeat, repeat r starting `src1RepeatStride` blocks after repeat r−1. Where each block
//! step's kept elements land depends on the data, so the plan carries the per-block counts
//! (`Plan::packed`, computed when the instruction is reached).

use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, GatherPattern, Instr, MaskArg, Program};
use crate::base::product::Product;
use crate::sim::access::Mem;
use crate::sim::checks::{lanes, Ctx, Types};
use crate::sim::family::Scratch;
use crate::sim::family::{Exec, Room};
use crate::sim::lanes::Num;
use crate::sim::mask::LaneSource;
use crate::sim::mask::{Lanes, MaskMode, MaskReg};
use crate::sim::plan::{AccessKind, BlockStep, Indexing, OpAddr, Plan, BLOCKS};
use crate::sim::ub::Ub;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GatherKernel {
    pub dtype: DType,
    /// The built-in pattern 1..=7, or None for a pattern tensor.
    pub builtin: Option<u8>,
}

/// The lanes built-in pattern `p` keeps among 64 lanes that start at a multiple of 4
/// (`builtin_keeps`, which repeats every 4 lanes).
pub fn keep_bits(p: u8) -> u64 {
    (0..64)
        .filter(|&k| builtin_keeps(p, k))
        .fold(0, |m, k| m | 1 << k)
}

/// Whether a GatherMask may run a repeat at a time without events (`exec_repeat`): plan
/// repeats that are API repeats, src0 indexed by lane, a pattern tensor (if any) that dst does
/// not overlap, and dst apart from src0 or packing it into itself from the same start with its
/// repeats one run of bytes after another (the documented usage: kept elements never overtake
/// the reads, so reading a whole repeat first changes nothing).
pub fn fast_ok(k: &GatherKernel, plan: &Plan) -> bool {
    let operands = if k.builtin.is_some() { 2 } else { 3 };
    if plan.lanes.group(plan.par) != 1 || plan.operands.len() != operands {
        return false;
    }
    let (dst, src) = (&plan.operands[0], &plan.operands[1]);
    let apart_from = |j: usize| match (plan.extent(0), plan.extent(j)) {
        (Some(d), Some(e)) => e.end <= d.start || e.start >= d.end,
        _ => true,
    };
    if operands == 3 && !apart_from(2) {
        return false;
    }
    let apart = apart_from(1);
    let in_place = src.base == dst.base
        && src.repeat_contiguous(plan.par)
        && src.rep as u64 * src.rep_unit as u64 == (plan.par * src.size()) as u64;
    src.index == Indexing::Lanes && (apart || in_place)
}

/// Repeat `r` of a GatherMask (`fast_ok`): src0's active lanes read, the kept ones appended to
/// dst in block order within each block's room, as block stepping does, in one store; false
/// (nothing done) when a source block or the repeat's pattern bytes are not in memory.
pub fn exec_repeat<T: Num>(
    k: &GatherKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    scratch: &mut Scratch,
) -> bool {
    let (dst, src) = (&plan.operands[0], &plan.operands[1]);
    let (par, per) = (plan.par, (plan.par / BLOCKS) as usize);
    // The kept lanes: a built-in pattern's bits (the same in every 64 lanes), or the
    // repeat's pattern bytes, lane k at bit k % 8 of byte k / 8 (bits of inactive lanes are
    // never looked at).
    if let (None, Some(pat)) = (k.builtin, plan.operands.get(2)) {
        let (a, z) = (pat.addr(r, 0), pat.addr(r, par / 8 - 1));
        if !mem.ub.holds(a.min(z)..a.max(z) + 1) {
            return false;
        }
    }
    let keep = keep_of(k, plan, mem.ub, r);
    let lanes = plan.lanes_of(r);
    let mut x = [T::default(); 256];
    if !mem.read_repeat(src, r, par, &lanes, &mut x) {
        return false;
    }
    let mut kept = [T::default(); 256];
    let mut m = 0usize;
    // Each block's kept lanes in order, up to its room (a block's lanes lie in one word).
    let own = if per >= 64 { u64::MAX } else { (1 << per) - 1 };
    for b in 0..BLOCKS as usize {
        let k0 = b * per;
        let (w, shift) = (k0 / 64, k0 % 64);
        let mut bits = (lanes.0[w] & keep[w]) >> shift & own;
        let mut room = plan.packed_range(r, b as u32).len();
        while bits != 0 && room > 0 {
            kept[m] = x[k0 + bits.trailing_zeros() as usize];
            m += 1;
            room -= 1;
            bits &= bits - 1;
        }
    }
    if m > 0 {
        let start = plan.packed_range(r, 0).start;
        mem.write_run(dst, start, dst.addr(r, start), &kept[..m]);
    }
    scratch.written += m as u64;
    true
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
    let st = &instr.strides();
    let group = lanes.group(par);
    let mut ops = Vec::with_capacity(3);
    let at = |o: &crate::base::ir::Operand| {
        let t = &program.tensors[o.tensor];
        (o.tensor, t.dtype, t.addr + o.offset * t.dtype.size())
    };
    if let Some(d) = &instr.dst().copied() {
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
    if let Some(s) = instr.src().first() {
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
    if let (None, Some(p)) = (k.builtin, &instr.aux()) {
        let (t, _, a) = at(p);
        let mut op = OpAddr::bits("pattern", t, AccessKind::Read, a, par, 32, false);
        op.rep = st.src_rep[1];
        op.group = group;
        op.group_elems = par / 8;
        ops.push(op);
    }
    ops
}

/// The lanes of plan repeat `r` the pattern keeps (lane k at bit k % 64 of word k / 64): a
/// built-in pattern's bits (they repeat every 4 lanes, so they are the same in every group of
/// a grouped repeat), or the repeat's pattern bytes, lane k at bit k % 8 of byte k / 8 (a byte
/// outside the UB keeps none).
pub fn keep_of(k: &GatherKernel, plan: &Plan, ub: &Ub, r: u32) -> [u64; 4] {
    let Some(pat) = plan.operands.get(2).filter(|_| k.builtin.is_none()) else {
        return [keep_bits(k.builtin.unwrap_or(7)); 4];
    };
    let mut keep = [0u64; 4];
    // The repeat's bytes in a row (the usual layout): read at once, eight to a word.
    let (n, a0) = ((plan.par / 8) as usize, pat.addr(r, 0));
    if pat.addr(r, n as u32 - 1) == a0 + n as u64 - 1 {
        // (Inside the UB: bytes beyond it keep none, below.)
        if let Some(bytes) = ub
            .get(a0..a0 + n as u64)
            .filter(|_| a0 + n as u64 <= ub.size() as u64)
        {
            for (w, c) in keep.iter_mut().zip(bytes.chunks(8)) {
                let mut le = [0u8; 8];
                le[..c.len()].copy_from_slice(c);
                *w = u64::from_le_bytes(le);
            }
            return keep;
        }
    }
    for i in 0..plan.par / 8 {
        let a = pat.addr(r, i);
        if a < ub.size() as u64 {
            keep[(i / 8) as usize] |= (ub.bytes()[a as usize] as u64) << (i % 8 * 8);
        }
    }
    keep
}

/// Elements kept by each block step (r·8 + b): the block's active lanes under the lanes
/// `keep(r)` says plan repeat `r` keeps.
pub fn counts(plan: &Plan, mut keep: impl FnMut(u32) -> [u64; 4]) -> Vec<u32> {
    let mut out = Vec::with_capacity(plan.blocks() as usize);
    let per = plan.par / BLOCKS;
    let own = if per >= 64 {
        u64::MAX
    } else {
        (1u64 << per) - 1
    };
    for r in 0..plan.repeats {
        let (lanes, keep) = (plan.lanes_of(r), keep(r));
        for b in 0..BLOCKS {
            let (w, k0) = (((b * per) / 64) as usize, (b * per) % 64);
            out.push(((lanes.0[w] & keep[w]) >> k0 & own).count_ones());
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
    let Some(BlockStep { lanes, ks, n }) = plan.active_block(r, b) else {
        return;
    };
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
    // The kept elements, packed: consecutive elements of dst.
    let mut kept = [T::default(); 32];
    let mut m = 0usize;
    for lane in lanes.iter_in(ks.start, ks.end) {
        let i = lane - ks.start;
        if bits >> i & 1 == 1 && room.start + (m as u32) < room.end {
            kept[m] = x[i as usize];
            m += 1;
        }
    }
    if m > 0 {
        mem.write_run(dst, room.start, dst.addr(r, room.start), &kept[..m]);
    }
    scratch.written += m as u64;
}

fn reduce_mode(instr: &Instr) -> bool {
    matches!(
        instr.args,
        Args::GatherMask {
            reduce_mode: true,
            ..
        }
    )
}

fn kernel(c: &Ctx, t: &Types) -> GatherKernel {
    let builtin = match c.instr.args {
        Args::GatherMask {
            pattern: GatherPattern::Builtin(p),
            ..
        } => Some(p),
        _ => None,
    };
    GatherKernel {
        dtype: t.src,
        builtin,
    }
}

/// GatherMask's lanes (docs/semantics.md §4.6): normal mode, every lane of `repeat_times` repeats
/// (the mask is ignored); counter mode, `mask` elements per repeat ("configuration 1") or
/// `mask` in total ("configuration 2", inference).
fn source(instr: &Instr, par: u32, product: Product) -> LaneSource {
    let Form::Masked { mask, repeat_times } = instr.form() else {
        return LaneSource::Fixed {
            lanes: Lanes::NONE,
            repeats: 0,
        };
    };
    let repeats = (*repeat_times).min(u32::MAX as u64) as u32;
    let m = match mask {
        MaskArg::Contiguous(m) => (*m).clamp(0, u32::MAX as i128) as u64,
        _ => 0,
    };
    if !reduce_mode(instr) {
        LaneSource::Fixed {
            lanes: Lanes::first(par),
            repeats,
        }
    } else if product.profile().gather_counter_total {
        LaneSource::Counted { count: m }
    } else if m <= par as u64 {
        LaneSource::Fixed {
            lanes: Lanes::first(m as u32),
            repeats,
        }
    } else {
        LaneSource::Grouped {
            per: m,
            groups: repeats,
        }
    }
}

/// The room of GatherMask.
pub struct GatherRoom;

impl Room for GatherRoom {
    /// A pattern tensor / offsets are read from the UB.
    fn plan_reads_data(&self) -> bool {
        true
    }

    fn structure(&self, instr: &Instr) -> Result<(), String> {
        if instr.src().is_empty() {
            return Err(format!("{} needs dst and src0", instr.name()));
        }
        if let Args::GatherMask {
            pattern: GatherPattern::Builtin(p),
            ..
        } = instr.args
        {
            if !(1..=7).contains(&p) {
                return Err("GatherMask's built-in pattern is 1..=7".into());
            }
        }
        Ok(())
    }

    /// GatherMaskParams.repeatTimes is a uint16_t (docs/semantics.md §1.3).
    fn max_repeat(&self) -> (u64, &'static str) {
        (u16::MAX as u64, "GatherMaskParams.repeatTimes, a uint16_t")
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        let instr = c.instr;
        let p = c.product;
        let prof = p.profile();
        if let Args::GatherMask {
            pattern: GatherPattern::Builtin(pat),
            ..
        } = instr.args
        {
            if pat > prof.gather_max_pattern {
                c.err(
                    "unsupported-pattern",
                    "pattern",
                    format!(
                        "GatherMask built-in pattern {pat} is not available on {p}: patterns 1..={} (docs/semantics.md §4.6, §9 row 15)",
                        prof.gather_max_pattern
                    ),
                );
            }
        }
        if reduce_mode(instr) {
            if let Form::Masked {
                mask: MaskArg::Contiguous(m),
                ..
            } = instr.form()
            {
                if !(1..=u32::MAX as i128).contains(m) {
                    c.err(
                        "mask-out-of-range",
                        "mask",
                        format!("GatherMask mask {m} is out of range in counter mode (reduce_mode: true): valid 1..=4294967295 (docs/semantics.md §8)"),
                    );
                }
            }
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, par: u32) -> (Vec<OpAddr>, u32) {
        let lanes = source(c.instr, par, c.product);
        (operands(&kernel(c, t), c.instr, c.program, par, &lanes), 32)
    }

    fn lanes(&self, c: &mut Ctx, _t: &Types, par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        let counts_total = reduce_mode(c.instr) && c.product.profile().gather_counter_total;
        if let Form::Masked { repeat_times, .. } = c.instr.form() {
            if !counts_total {
                lanes::warn_repeat_zero(c, "params", *repeat_times);
            }
        }
        Some(source(c.instr, par, c.product))
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        Exec::GatherMask(kernel(c, t))
    }

    /// Where the kept elements land: built-in patterns are known now, tensor patterns are read
    /// from the UB when there is one (else every active lane counts, the most dst can
    /// receive).
    fn plan(&self, _c: &mut Ctx, exec: &Exec, plan: &mut Plan, ub: Option<&Ub>) {
        let Exec::GatherMask(k) = exec else { return };
        let counts = match (k.builtin, ub) {
            (None, Some(ub)) => counts(plan, |r| keep_of(k, plan, ub, r)),
            (None, None) => counts(plan, |_| [u64::MAX; 4]),
            (Some(p), _) => counts(plan, |_| [keep_bits(p); 4]),
        };
        plan.set_packed(&counts);
    }

    /// Packing src0 into itself from the same start is the documented usage
    /// (DK:比较与选择/GatherMask example): kept elements never overtake the reads.
    fn overlap_allowed(&self, _instr: &Instr, dst: &OpAddr, src: &OpAddr) -> bool {
        src.role == "src0" && src.base == dst.base
    }

    /// GatherMask ends in normal mode with its count (or all lanes) in the register (IMPL
    /// dav_c220 GatherMaskImpl: SetMaskNorm after vreducev2).
    fn mask_at_end(&self, c: &Ctx, _reg_now: MaskReg) -> MaskReg {
        match c.instr.form() {
            Form::Masked {
                mask: MaskArg::Contiguous(m),
                ..
            } if reduce_mode(c.instr) => MaskReg {
                low: (*m).clamp(0, u64::MAX as i128) as u64,
                high: 0,
                mode: MaskMode::Normal,
            },
            _ => MaskReg::default(),
        }
    }
}
