//! Looking ahead without stepping: what the next instruction would touch (`Preview`, for the
//! debugger's breakpoints on addresses) and the next block step that touches a range.

use super::*;

/// What the next instruction would do (`Machine::preview`).
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// Its block steps touch exactly the elements its plan names and raise nothing (no
    /// warning, no uninitialised read, no scalar written, no data-dependent read).
    pub quiet: bool,
    /// Each operand's kind and the bytes it may touch.
    pub ranges: Vec<(AccessKind, Range<u64>)>,
}

impl Preview {
    /// Whether an operand whose kind `want` accepts may touch a byte of `lo..hi`.
    pub fn may_touch(&self, want: impl Fn(AccessKind) -> bool, lo: u64, hi: u64) -> bool {
        self.ranges
            .iter()
            .any(|(k, r)| want(*k) && r.start < hi && lo < r.end)
    }
}

impl Machine {
    /// At an instruction boundary, what the next instruction would do, without doing it:
    /// whether it is quiet (it can raise no diagnostic and changes no scalar: no warning from
    /// its preparation, every source initialised, a kernel whose accesses are its plan's) and
    /// the byte ranges its operands may touch. None mid-instruction, at the end, or when the
    /// instruction would be rejected.
    pub fn preview(&self) -> Option<Preview> {
        if self.status != Status::Running
            || self.active.is_some()
            || self.pos.instruction as usize >= self.program.code.len()
        {
            return None;
        }
        let (prep, seen) = self.prepare_here(false).ok()?;
        let ops = &prep.plan.operands;
        Some(Preview {
            quiet: quiet(&prep, seen),
            ranges: (0..ops.len())
                .filter_map(|j| prep.plan.extent(j).map(|e| (ops[j].kind, e)))
                .chain(prep.exec.unplanned_writes().map(|e| (AccessKind::Write, e)))
                .collect(),
        })
    }

    /// The step at which the current instruction started (the current step at an
    /// instruction boundary): a vector instruction takes 8 steps per repeat.
    pub fn instruction_start_step(&self) -> u64 {
        let offset = self.pos.repeat as u64 * BLOCKS as u64 + self.pos.block as u64;
        self.step.saturating_sub(offset)
    }

    /// The first block step, from the current one to the end of the current instruction, in
    /// which its plan names an element that `hits(kind, bytes)` accepts (given the operand's
    /// whole extent first, and skipping it when refused); the step after the instruction's
    /// last when none does. Only for a quiet instruction (`Preview::quiet`: its block steps
    /// touch exactly the elements the plan names for them and raise nothing): None for any
    /// other, one that cannot be prepared, and a stopped machine. An instruction of one step
    /// (zero repeats, the scalar unit, a sync) gives the current step.
    pub fn next_block_touching(
        &self,
        hits: impl Fn(AccessKind, Range<u64>) -> bool,
    ) -> Option<u64> {
        if self.status != Status::Running
            || self.pos.instruction as usize >= self.program.code.len()
        {
            return None;
        }
        let fresh;
        let prep = match &self.active {
            Some(a) if a.quiet => &a.prep,
            Some(_) => return None,
            None => {
                fresh = self.prepare_here(false).ok()?;
                if !quiet(&fresh.0, fresh.1) {
                    return None;
                }
                &fresh.0
            }
        };
        let plan = &prep.plan;
        if plan.repeats == 0 || matches!(prep.exec, Exec::None | Exec::Scalar(_) | Exec::Sync(_)) {
            return Some(self.step);
        }
        let blocks = BLOCKS as u64;
        let start = self.instruction_start_step();
        let here = self.step - start;
        let mut first = plan.blocks();
        let mut es = Vec::with_capacity(64);
        for (i, op) in plan.operands.iter().enumerate() {
            if !plan.extent(i).is_some_and(|e| hits(op.kind, e)) {
                continue;
            }
            let size = op.size() as u64;
            // Repeats, then blocks, whose bytes miss are passed over; the elements of the
            // others looked at one by one, in execution order.
            let shift = plan.repeat_shift(i);
            let mut span0: Option<(Lanes, Option<Option<Range<u64>>>)> = None;
            'repeats: for r in self.pos.repeat..plan.repeats {
                let lanes = plan.touched_lanes(i, r);
                if plan.touches_nothing(i, &lanes) {
                    continue;
                }
                // Repeat 0's span for these lanes, shifted (made again only where the lanes
                // change: the last repeat of the counter mode).
                let s0 = match &span0 {
                    Some((l, s)) if *l == lanes => s.clone(),
                    _ => {
                        let s = plan.lane_repeat0_span(i, &lanes);
                        span0 = Some((lanes, s.clone()));
                        s
                    }
                };
                let d = shift * r as u64;
                if s0.is_some_and(|s| !s.is_some_and(|s| hits(op.kind, s.start + d..s.end + d))) {
                    continue;
                }
                for b in 0..BLOCKS {
                    let k = r as u64 * blocks + b as u64;
                    if k >= first {
                        break 'repeats;
                    }
                    if k < here
                        || plan
                            .lane_block_span(i, r, b, &lanes)
                            .is_some_and(|s| !s.is_some_and(|s| hits(op.kind, s)))
                    {
                        continue;
                    }
                    plan.elems_in_block(i, r, b, &lanes, &mut es);
                    if es.iter().any(|&e| {
                        let a = op.addr(r, e);
                        hits(op.kind, a..a + size)
                    }) {
                        first = k;
                        break 'repeats;
                    }
                }
            }
        }
        Some(start + first)
    }
}
