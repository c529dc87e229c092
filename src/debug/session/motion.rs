//! Moving through a program: forward by any unit, backward through the history, goto,
//! reverse-continue, product switch and the last writer of an address.

use super::breakpoints::scalar_hit;
use super::*;
use crate::base::dtype::value_text;
use crate::sim::trace::{last_writes, Write};
use crate::sim::{Granularity, Machine, Pos, Product, Status, StepEvent};

impl Session {
    // ------------------------------------------------------------------ moving

    /// Steps forward `n` units of `g`; stops early at breakpoints, watchpoints or the end.
    pub fn step(&mut self, g: Granularity, n: u64) -> Option<Stop> {
        self.forward(Mode::Steps(g, n.max(1)))
    }

    /// Runs forward to the next stop.
    pub fn cont(&mut self) -> Option<Stop> {
        self.forward(Mode::Continue(u64::MAX))
    }

    /// Runs forward at most `budget` block steps, so a UI can stay responsive and let the user
    /// interrupt a long continue between calls.
    pub fn cont_for(&mut self, budget: u64) -> Progress {
        match self.forward(Mode::Continue(budget.max(1))) {
            Some(s) => Progress::Stopped(s),
            None => Progress::Running,
        }
    }

    pub(super) fn forward(&mut self, mode: Mode) -> Option<Stop> {
        let aggregate = matches!(mode, Mode::Steps(g, _) if g != Granularity::Block);
        let mut agg: Option<StepEvent> = None;
        let scalars_at_start = self.machine.scalars().to_vec();
        let mut executed = 0u64;
        let mut units = 0u64;
        let stop = loop {
            if self.machine.status() != Status::Running {
                break Some(self.end_stop());
            }
            if executed > 0 {
                if let Some(id) = instr_point_at(&self.points, self.machine.pos()) {
                    let msg = format!(
                        "breakpoint {id}: before instruction {}",
                        self.describe_pos()
                    );
                    break Some(self.make_stop(StopReason::Breakpoint, Some(id), msg));
                }
            }
            let before = self.machine.pos();
            let scalars_before = self
                .watches_scalars()
                .then(|| self.machine.scalars().to_vec());
            let Some(ev) = self.machine.step(Granularity::Block) else {
                break Some(self.end_stop());
            };
            self.history.record(&self.machine);
            executed += 1;
            let hit = check_event(&self.points, &self.program, &self.machine, &ev).or_else(|| {
                let b = scalars_before.as_deref()?;
                scalar_hit(&self.points, &self.program, b, &self.machine)
            });
            if aggregate {
                match agg.as_mut() {
                    None => agg = Some(ev),
                    Some(a) => {
                        if a.accesses.len() < MAX_AGGREGATED_ACCESSES {
                            a.accesses.extend(ev.accesses);
                        }
                        a.diagnostics.extend(ev.diagnostics);
                        a.steps += ev.steps;
                        a.mask_after = ev.mask_after;
                    }
                }
            } else {
                agg = Some(ev);
            }
            if let Some(h) = hit {
                self.last_event = agg.take();
                break Some(self.hit_stop(h));
            }
            if self.machine.status() != Status::Running {
                self.last_event = agg.take();
                break Some(self.end_stop());
            }
            if let Mode::Continue(budget) = mode {
                if executed >= budget {
                    break None;
                }
            }
            if let Mode::Steps(g, n) = mode {
                let after = self.machine.pos();
                let crossed = match g {
                    Granularity::Block => true,
                    Granularity::Repeat => {
                        after.instruction != before.instruction || after.repeat != before.repeat
                    }
                    Granularity::Instruction => after.instruction != before.instruction,
                };
                if crossed {
                    units += 1;
                    if units >= n {
                        break None;
                    }
                }
            }
        };
        if agg.is_some() {
            self.last_event = agg;
        }
        if executed > 0 {
            self.scalars_before = Some(scalars_at_start);
        }
        if let Some(s) = &stop {
            self.stops.push(s.clone());
        }
        stop
    }

    /// Moves back `n` units of `g` (to the start of the previous block, repeat or instruction).
    pub fn back(&mut self, g: Granularity, n: u64) -> Option<Stop> {
        let mut target = self.step_count();
        for _ in 0..n.max(1) {
            if target == 0 {
                break;
            }
            target = self.unit_start_before(g, target);
        }
        self.goto(target);
        if target == 0 {
            let s = self.make_stop(
                StopReason::Start,
                None,
                "at the start of the program (step 0)".into(),
            );
            self.stops.push(s.clone());
            return Some(s);
        }
        None
    }

    /// The step at which the unit of `g` before step `from` starts.
    pub(super) fn unit_start_before(&self, g: Granularity, from: u64) -> u64 {
        let offset = |p: Pos| match g {
            Granularity::Block => 0,
            Granularity::Repeat => p.block as u64,
            Granularity::Instruction => p.repeat as u64 * 8 + p.block as u64,
        };
        let pos_at = |s: u64| {
            if s == self.step_count() {
                self.machine.pos()
            } else {
                self.history.machine_at(s).pos()
            }
        };
        let here = offset(pos_at(from));
        if here > 0 && g != Granularity::Block {
            return from - here;
        }
        let prev = from - 1;
        prev - offset(pos_at(prev)).min(prev)
    }

    /// Puts the machine before step `target` (clamped to the last reachable step), without
    /// stopping at breakpoints. The last event becomes that of step `target − 1`.
    pub fn goto(&mut self, target: u64) {
        if target < self.step_count() {
            self.machine = self.history.nearest(target).clone();
        }
        if target > 0 {
            self.advance_to(target - 1);
            if self.machine.step_count() == target - 1 && self.machine.status() == Status::Running {
                self.scalars_before = Some(self.machine.scalars().to_vec());
                self.last_event = self.machine.step(Granularity::Block);
                self.history.record(&self.machine);
            } else {
                self.last_event = None;
            }
        } else {
            self.last_event = None;
        }
    }

    /// Runs forward without events to `target`, leaving checkpoints on the way.
    pub(super) fn advance_to(&mut self, target: u64) {
        while self.machine.step_count() < target && self.machine.status() == Status::Running {
            let s = self.machine.step_count();
            let next_cp = (s / self.history.interval() + 1) * self.history.interval();
            self.machine.run_to(next_cp.min(target));
            if self.machine.step_count() == s {
                break;
            }
            self.history.record(&self.machine);
        }
    }

    /// Goes back to the most recent earlier position where going forward would have stopped,
    /// or to step 0.
    pub fn reverse_continue(&mut self) -> Option<Stop> {
        let cur = self.step_count();
        let mut end = cur;
        let starts: Vec<Machine> = self
            .history
            .before(cur.saturating_sub(1))
            .cloned()
            .collect();
        let watch_scalars = self.watches_scalars();
        for cp in starts {
            let cp_step = cp.step_count();
            if cp_step >= end {
                continue;
            }
            let mut m = cp;
            let mut best: Option<(u64, Hit)> = None;
            while m.step_count() < end && m.status() == Status::Running {
                let p = m.step_count();
                if let Some(id) = instr_point_at(&self.points, m.pos()) {
                    if p < cur {
                        best = Some((p, Hit::Instr(id)));
                    }
                }
                let scalars_before = watch_scalars.then(|| m.scalars().to_vec());
                let Some(ev) = m.step(Granularity::Block) else {
                    break;
                };
                let hit = check_event(&self.points, &self.program, &m, &ev).or_else(|| {
                    scalar_hit(&self.points, &self.program, scalars_before.as_deref()?, &m)
                });
                if let Some(h) = hit {
                    if m.step_count() < cur {
                        best = Some((m.step_count(), h));
                    }
                }
            }
            if let Some((p, h)) = best {
                self.goto(p);
                let s = match h {
                    Hit::Instr(id) => {
                        let msg = format!(
                            "breakpoint {id}: before instruction {}",
                            self.describe_pos()
                        );
                        self.make_stop(StopReason::Breakpoint, Some(id), msg)
                    }
                    other => self.hit_stop(other),
                };
                self.stops.push(s.clone());
                return Some(s);
            }
            end = cp_step;
        }
        self.goto(0);
        let s = self.make_stop(
            StopReason::Start,
            None,
            "at the start of the program (step 0)".into(),
        );
        self.stops.push(s.clone());
        Some(s)
    }

    /// Whether an enabled watchpoint watches a scalar (steps then compare the scalars).
    fn watches_scalars(&self) -> bool {
        self.points
            .iter()
            .any(|b| b.enabled && matches!(b.kind, PointKind::Scalar { .. }))
    }

    /// Back to step 0, keeping breakpoints.
    pub fn restart(&mut self) {
        self.goto(0);
    }

    /// Restarts the program on another product, keeping breakpoints.
    pub fn set_product(&mut self, product: Product) {
        let keep = (
            self.points.clone(),
            self.next_id,
            std::mem::take(&mut self.stops),
        );
        *self = Session::new(self.program.clone(), product);
        (self.points, self.next_id, self.stops) = keep;
    }

    /// The most recent write to UB byte `addr` before the current position.
    pub fn last_writer(&self, addr: u32) -> Option<LastWrite> {
        let cur = self.step_count();
        let mut end = cur;
        for cp in self.history.before(cur.saturating_sub(1)) {
            if cp.step_count() >= end {
                continue;
            }
            let found = last_writes(cp.clone(), end, &[addr]).pop().flatten();
            if let Some(w) = found {
                return Some(self.last_write_of(&w, addr));
            }
            end = cp.step_count();
        }
        None
    }

    pub(super) fn last_write_of(&self, w: &Write, addr: u32) -> LastWrite {
        let a = &w.access;
        let s = a.elem_size();
        let (i, &ea) = a
            .addrs
            .iter()
            .enumerate()
            .find(|(_, &e)| e <= addr && addr < e + s)
            .unwrap_or((0, &a.addrs[0]));
        let bytes = &a.after[i * s as usize..(i + 1) * s as usize];
        LastWrite {
            step: w.step,
            instruction: w.pos.instruction,
            repeat: w.pos.repeat,
            block: w.pos.block,
            operand: a.role.to_string(),
            tensor: self
                .program
                .tensors
                .get(a.tensor)
                .map_or(String::new(), |t| t.name.clone()),
            dtype: a.dtype,
            addr: ea,
            value: value_text(Some(a.dtype.decode(bytes)), a.dtype),
        }
    }
}
