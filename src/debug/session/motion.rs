//! Moving through a program: forward by any unit, backward through the history, goto,
//! reverse-continue, product switch and the last writer of an address.

use super::*;
use crate::base::dtype::value_text;
use crate::sim::trace::{last_writes, Write};
use crate::sim::{Granularity, Product, Status};

impl Session {
    // ------------------------------------------------------------------ moving

    /// Steps forward `n` units of `g`; stops early at breakpoints, watchpoints or the end.
    pub fn step(&mut self, g: Granularity, n: u64) -> Option<Stop> {
        let job = self.forward_job(Mode::Steps(g, n.max(1)));
        self.finish_job(job)
    }

    /// Runs forward to the next stop.
    pub fn cont(&mut self) -> Option<Stop> {
        let job = self.forward_job(Mode::Continue);
        self.finish_job(job)
    }

    /// Runs forward at most `budget` block steps, so a UI can stay responsive and let the user
    /// interrupt a long continue between calls.
    pub fn cont_for(&mut self, budget: u64) -> Progress {
        let Job::Forward(mut f) = self.forward_job(Mode::Continue) else {
            return Progress::Running;
        };
        match self.forward_slice(&mut f, budget.max(1)) {
            Some(Some(s)) => Progress::Stopped(s),
            _ => Progress::Running,
        }
    }

    /// Moves back `n` units of `g` (to the start of the previous block, repeat or instruction,
    /// `n` times) at the cost of one goto.
    pub fn back(&mut self, g: Granularity, n: u64) -> Option<Stop> {
        let job = Job::Goto {
            target: self.back_target(g, n.max(1)),
            back: true,
            restored: false,
        };
        self.finish_job(job)
    }

    /// Puts the machine before step `target` (clamped to the last reachable step), without
    /// stopping at breakpoints. The last event becomes that of step `target − 1`.
    pub fn goto(&mut self, target: u64) {
        let job = Job::Goto {
            target,
            back: false,
            restored: false,
        };
        self.finish_job(job);
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
            self.history.record(&mut self.machine);
        }
    }

    /// Goes back to the most recent earlier position where going forward would have stopped,
    /// or to step 0.
    pub fn reverse_continue(&mut self) -> Option<Stop> {
        let job = self.start_job(&Command::ReverseContinue)?;
        self.finish_job(job)
    }

    /// Whether an enabled watchpoint watches a scalar (steps then compare the scalars).
    pub(super) fn watches_scalars(&self) -> bool {
        self.points
            .iter()
            .any(|b| b.enabled && matches!(b.kind, PointKind::Scalar { .. }))
    }

    /// Back to step 0, keeping breakpoints.
    pub fn restart(&mut self) {
        self.goto(0);
    }

    /// Restarts the program on another product, keeping breakpoints. The product switched
    /// away from last time takes its run back (then one goto reaches the same step); any other
    /// takes this run up to the first instruction it prepares differently (the divergence
    /// log, `Machine::rehome`; a diagnostic naming the product counts as a difference): all of
    /// it when there is none before the current step, else the checkpoints before that
    /// instruction, from which one goto runs on. The run left behind is kept for a switch back
    /// when its history is small enough to keep twice.
    pub fn set_product(&mut self, product: Product) {
        /// History two runs may hold together.
        const PARK_BYTES: usize = 256 << 20;
        if product == self.product {
            return;
        }
        let keep = (
            self.points.clone(),
            self.next_id,
            std::mem::take(&mut self.stops),
            self.deadline,
        );
        let leaving = Parked {
            product: self.product,
            machine: self.machine.clone(),
            history: self.history.clone(),
        };
        let back = self.parked.take().filter(|p| p.product == product);
        let mut next = Session::new(self.program.clone(), product);
        if let Some(p) = back {
            next.machine = p.machine;
            next.history = p.history;
        } else if let Some((upto, log)) = self.shared_prefix(product, &next.machine) {
            next.history = self.history.rehome(product, upto, &log);
            next.machine = if upto > self.step_count() {
                let mut m = self.machine.rehome(product);
                m.set_divergence_log(Some(log));
                m
            } else {
                next.history.nearest(upto).machine()
            };
        }
        if leaving.history.approx_bytes() <= PARK_BYTES / 2 {
            next.parked = Some(Box::new(leaving));
        }
        *self = next;
        (self.points, self.next_id, self.stops, self.deadline) = keep;
    }

    /// How far this run is `product`'s too: the step at which the first instruction that
    /// `product` prepares differently was entered (u64::MAX for none), with the divergence log
    /// `product`'s run starts from (this one's entries before that step: there the two runs
    /// are one, so the other products differ from both alike). None when the two start
    /// differently (`fresh` is `product`'s machine at step 0) or no log is kept.
    fn shared_prefix(
        &self,
        product: Product,
        fresh: &Machine,
    ) -> Option<(u64, crate::sim::machine::DivergenceLog)> {
        let start = self.history.checkpoint(0)?.head();
        if start.diagnostics() != fresh.diagnostics() || start.status() != fresh.status() {
            return None;
        }
        let log = self.machine.divergence_log()?.lock().ok()?;
        let bit = 1u8 << Product::ALL.iter().position(|&p| p == product)?;
        let upto = log
            .iter()
            .find(|(_, b)| *b & bit != 0)
            .map_or(u64::MAX, |(s, _)| *s);
        let carried: std::collections::BTreeMap<u64, u8> =
            log.range(..upto).map(|(s, b)| (*s, *b)).collect();
        Some((upto, std::sync::Arc::new(std::sync::Mutex::new(carried))))
    }

    /// The most recent write to UB byte `addr` before the current position.
    pub fn last_writer(&self, addr: u32) -> Option<LastWrite> {
        let cur = self.step_count();
        let mut end = cur;
        for cp in self.history.before(cur.saturating_sub(1)) {
            if cp.step_count() >= end {
                continue;
            }
            let found = last_writes(cp.machine(), end, &[addr]).pop().flatten();
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
