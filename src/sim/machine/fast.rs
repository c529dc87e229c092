//! The fast path: whole repeats of an instruction at a time, no events, bit-identical to
//! block stepping (`sim::checks::overlap::fast_ok` and the families' `fast_ok` decide when).

use super::*;

/// The kernels the fast path runs a repeat at a time (block by block where they decline).
#[derive(Clone, Copy)]
enum RepeatKernel {
    Compare(compare::CmpKernel),
    Reduce(reduce::ReduceKernel),
    Whole(whole::WholeKernel),
    GatherMask(gather::GatherKernel),
}

/// The kernels the fast path runs over whole runs of lanes only (prefix lanes, every operand's
/// repeat one run of bytes: `sim::reach` admits no other plan for them).
#[derive(Clone, Copy)]
enum RunKernel {
    Cast(cast::CastKernel),
    Gather(crate::sim::family::gather_index::IndexKernel),
    Select(crate::sim::family::select::SelKernel),
    Brcb(crate::sim::family::fill::BrcbKernel),
    VecIndex(crate::sim::family::fill::VecIndexKernel),
    Gatherb(crate::sim::family::gather_index::BlockGatherKernel),
}

impl RepeatKernel {
    fn dtype(&self) -> crate::base::dtype::DType {
        match self {
            RepeatKernel::Compare(k) => k.dtype,
            RepeatKernel::Reduce(k) => k.dtype,
            RepeatKernel::Whole(k) => k.dtype,
            RepeatKernel::GatherMask(k) => k.dtype,
        }
    }
}

impl Machine {
    /// Repeats `pos.repeat..end` of the current instruction (from the start of repeat
    /// `pos.repeat`) on the fast path (see `check::fast_ok`); the instruction finishes when
    /// `end` is its last.
    pub(super) fn run_fast(&mut self, end: u32) {
        let Some(mut active) = self.active.take() else {
            return;
        };
        let idx = self.pos.instruction;
        let plan = &active.prep.plan;
        // Elementwise kernels, the kernels of whole runs (`RunKernel`, whose plans `reach`
        // admits only with every operand's repeat one run of bytes and prefix lanes, so never
        // `masked` below), and the kernels that run a repeat at a time (`RepeatKernel`).
        let (map, cast, per_repeat) = match &active.prep.exec {
            Exec::Map(k) => (Some(*k), None, None),
            Exec::Cast(k) => (None, Some(RunKernel::Cast(*k)), None),
            Exec::Gather(k) => (None, Some(RunKernel::Gather(*k)), None),
            Exec::Select(k) => (None, Some(RunKernel::Select(*k)), None),
            Exec::Brcb(k) => (None, Some(RunKernel::Brcb(*k)), None),
            Exec::VecIndex(k) => (None, Some(RunKernel::VecIndex(*k)), None),
            Exec::Gatherb(k) => (None, Some(RunKernel::Gatherb(*k)), None),
            Exec::Compare(k) => (None, None, Some(RepeatKernel::Compare(*k))),
            Exec::Reduce(k) => (None, None, Some(RepeatKernel::Reduce(*k))),
            Exec::Whole(k) => (None, None, Some(RepeatKernel::Whole(*k))),
            Exec::GatherMask(k) => (None, None, Some(RepeatKernel::GatherMask(*k))),
            _ => {
                self.active = Some(active);
                return;
            }
        };
        let par = plan.par;
        // Operands whose repeat is one run of bytes take `exec_run` over whole runs of
        // repeats; any other layout (block strides, gaps) goes block by block in one call
        // (`exec_masked`).
        // (Operands not indexed by lane, Select's bits, GatherMask's pattern, are the
        // kernels' own business.)
        let contiguous = plan
            .operands
            .iter()
            .all(|o| o.index != Indexing::Lanes || o.repeat_contiguous(par));
        let merge = contiguous
            && plan.operands.iter().all(|o| {
                o.index != Indexing::Lanes
                    || o.rep as u64 * o.rep_unit as u64 == (par * o.size()) as u64
            });
        let mut r = self.pos.repeat;
        let mut found: Vec<(u32, u32, usize, u32, u32)> = Vec::new();
        let (mut mask, mut mask_of) = (ByteMask::new([0; 4]), None);
        let mut bufs: Vec<u64> = Vec::new();
        let end = end.min(plan.repeats);
        // A PairReduceSum over whole runs of full repeats: one scan of its source, one pass.
        if let Some(RepeatKernel::Reduce(k)) = &per_repeat {
            let r1 = plan.lanes.same_lanes_until(r, end, par);
            if r < end && reduce::pair_run_applies(k, plan, r, r1) {
                let op = &plan.operands[1];
                if active.uninit_seen >> 1 & 1 == 0 {
                    let elems = (r1 - r) as u64 * par as u64;
                    if let Some((rr, b, lane, a)) = first_uninit_run(&self.ub, op, r, elems, par) {
                        let d = uninit_diag(&self.program, idx, op, rr, b, lane, a);
                        self.diagnostics.push(d);
                        active.uninit_seen |= 1 << 1;
                    }
                }
                let mut mem = Mem {
                    ub: &mut self.ub,
                    rec: None,
                };
                if reduce::pair_run(k, plan, &mut mem, r, r1) {
                    r = r1;
                }
            }
        }
        while r < end {
            let lanes_r = plan.lanes_of(r);
            let n = lanes_r.count();
            // A mask that is not a prefix (bitwise): the whole repeat is computed, the active
            // lanes stored (`exec_masked`).
            let masked = per_repeat.is_some()
                || !contiguous
                || n < par && lanes_r != crate::sim::mask::Lanes::first(n);
            // Masked repeats go together while their lanes are the same, and so do full
            // repeats whose operands follow one another.
            let r1 = if masked || merge && n == par {
                plan.lanes.same_lanes_until(r, end, par)
            } else {
                r + 1
            };
            let elems = if n == par || masked {
                (r1 - r) as u64 * par as u64
            } else {
                n as u64
            };
            // The bytes each block's active lanes cover: one element size for every operand
            // of an elementwise kernel, so one set of masks for the checks and the kernel.
            let size = match (&map, &per_repeat) {
                (Some(k), _) => k.dtype.size() as usize,
                (_, Some(k)) => k.dtype().size() as usize,
                _ => 1,
            };
            // Repeats usually share their lanes: the byte mask is computed when they change.
            if masked && mask_of != Some(lanes_r) {
                mask = ByteMask::new(elementwise::byte_mask(&lanes_r, par as usize, size));
                mask_of = Some(lanes_r);
            }
            // Uninitialised source bytes, mapped back to the block step that would read them.
            for (j, op) in plan.operands.iter().enumerate() {
                if op.kind != AccessKind::Read || active.uninit_seen >> j & 1 == 1 || elems == 0 {
                    continue;
                }
                if op.index != Indexing::Lanes {
                    // Elements other than lanes (GatherMask's pattern bits): block by block.
                    let mem = Mem {
                        ub: &mut self.ub,
                        rec: None,
                    };
                    let hit = (r..r1).find_map(|rr| {
                        let lanes = plan.lanes_of(rr);
                        (0..BLOCKS).find_map(|b| {
                            block_uninit(&mem, plan, j, rr, b, &lanes).map(|(e, a)| (rr, b, e, a))
                        })
                    });
                    if let Some((rr, b, e, a)) = hit {
                        found.push((rr, b, j, e, a));
                        active.uninit_seen |= 1 << j;
                    }
                    continue;
                }
                if masked {
                    // Each repeat in one piece where it is one run of bytes, else block by
                    // block as stepping reads them.
                    let per = par / BLOCKS;
                    let ub = &self.ub;
                    let hit = (r..r1).find_map(|rr| {
                        let whole = op.addr(rr, 0)..op.addr(rr, 0) + (par as usize * size) as u64;
                        let lane = if op.repeat_contiguous(par) && ub.holds(whole.clone()) {
                            let start = whole.start as u32;
                            ub.first_uninit_masked(start, (par as usize) * size, &mask.bits)
                                .map(|byte| (byte / size) as u32)
                        } else {
                            (0..BLOCKS).find_map(|b| {
                                let m = elementwise::block_bits(&mask.bits, b as usize);
                                let start = op.addr(rr, b * per) as u32;
                                (m != 0)
                                    .then(|| ub.first_uninit_masked(start, 32, &[m, 0, 0, 0]))
                                    .flatten()
                                    .map(|byte| b * per + (byte / size) as u32)
                            })
                        };
                        lane.map(|l| (rr, l))
                    });
                    if let Some((rr, lane)) = hit {
                        found.push((rr, lane / per, j, lane, op.addr(rr, lane) as u32));
                        active.uninit_seen |= 1 << j;
                    }
                    continue;
                }
                if let Some((rr, b, lane, a)) = first_uninit_run(&self.ub, op, r, elems, par) {
                    found.push((rr, b, j, lane, a));
                    active.uninit_seen |= 1 << j;
                }
            }
            found.sort_unstable();
            for &(rr, bb, j, lane, addr) in &found {
                let d = uninit_diag(&self.program, idx, &plan.operands[j], rr, bb, lane, addr);
                self.diagnostics.push(d);
            }
            found.clear();
            let mut mem = Mem {
                ub: &mut self.ub,
                rec: None,
            };
            if let Some(k) = &per_repeat {
                if bufs.is_empty() {
                    bufs = vec![0; compare::BUF_WORDS];
                }
                for rr in r..r1 {
                    let done = match k {
                        RepeatKernel::Compare(k) => {
                            with_dtype!(k.dtype, T => compare::exec_repeat::<T>(k, plan, &mut mem, rr, &mut bufs))
                        }
                        RepeatKernel::Reduce(k) => {
                            reduce::exec_repeat(k, plan, &mut mem, rr, &mut active.scratch)
                        }
                        RepeatKernel::Whole(k) => {
                            whole::exec_repeat(k, plan, &mut mem, rr, &mut active.scratch)
                        }
                        RepeatKernel::GatherMask(k) => {
                            with_dtype!(k.dtype, T => gather::exec_repeat::<T>(k, plan, &mut mem, rr, &mut active.scratch))
                        }
                    };
                    if !done {
                        for b in 0..BLOCKS {
                            let scratch = &mut active.scratch;
                            active.prep.exec.exec_block(plan, &mut mem, rr, b, scratch);
                        }
                    }
                }
            }
            match (&map, &cast) {
                (Some(k), _) if masked => {
                    if bufs.is_empty() {
                        bufs = vec![0; elementwise::MASKED_BUF_WORDS];
                    }
                    with_dtype!(k.dtype, T => elementwise::exec_masked::<T>(k, plan, &mut mem, (r, r1 - r), &mask, &mut bufs))
                }
                (Some(k), _) => {
                    with_dtype!(k.dtype, T => elementwise::exec_run::<T>(k, plan, &mut mem, r, elems))
                }
                (None, Some(RunKernel::Cast(k))) => cast::exec_run(k, plan, &mut mem, r, elems),
                (None, Some(RunKernel::Select(k))) => {
                    with_dtype!(k.dtype, T => crate::sim::family::select::exec_run::<T>(k, plan, &mut mem, r, elems))
                }
                (None, Some(RunKernel::Brcb(k))) => {
                    with_dtype!(k.dtype, T => crate::sim::family::fill::brcb_run::<T>(plan, &mut mem, r, elems))
                }
                (None, Some(RunKernel::VecIndex(k))) => {
                    let scratch = &mut active.scratch;
                    with_dtype!(k.dtype, T => crate::sim::family::fill::vec_index_run::<T>(k, plan, &mut mem, (r, elems), scratch))
                }
                (None, Some(RunKernel::Gatherb(k))) => {
                    with_dtype!(k.dtype, T => crate::sim::family::gather_index::gatherb_run::<T>(k, plan, &mut mem, r, elems))
                }
                (None, Some(RunKernel::Gather(k))) => {
                    with_dtype!(k.dtype, T => crate::sim::family::gather_index::exec_run::<T>(k, plan, &mut mem, r, elems))
                }
                (None, None) => {}
            }
            r = r1;
        }
        let done = (end - self.pos.repeat) as u64;
        self.step += done * BLOCKS as u64;
        self.counts.blocks += done * BLOCKS as u64;
        self.counts.repeats += done;
        if end == plan.repeats {
            self.finish(active);
        } else {
            self.pos.repeat = end;
            self.active = Some(active);
        }
    }
}

/// The first uninitialised element of `elems` elements of `op` that follow one another from
/// repeat `r` on (repeats one run of bytes after another): its repeat, block, lane and address.
fn first_uninit_run(
    ub: &Ub,
    op: &OpAddr,
    r: u32,
    elems: u64,
    par: u32,
) -> Option<(u32, u32, u32, u32)> {
    let s = op.addr(r, 0);
    let a = ub.first_uninit(s as u32..(s + elems * op.size() as u64) as u32)?;
    let el = (a as u64 - s) / op.size() as u64;
    let (rr, lane) = (r + (el / par as u64) as u32, (el % par as u64) as u32);
    Some((rr, lane / (par / BLOCKS), lane, op.addr(rr, lane) as u32))
}
