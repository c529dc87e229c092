//! History for reverse execution: periodic checkpoints (machine snapshots whose memory
//! pages are shared with the previous one where no write reached them, `Machine::snapshot`)
//! plus deterministic re-execution. Memory stays bounded at any depth: when there are more than
//! `budget` checkpoints, every other one is dropped and the interval doubles, so a run of any
//! length keeps at most `budget + 1` snapshots, and reaching any step replays fewer than
//! `interval` steps from the nearest one.

use crate::sim::{Machine, Snapshot};

#[derive(Clone, Debug)]
pub struct History {
    interval: u64,
    budget: usize,
    /// `checkpoints[i]` is the machine at step `i · interval`.
    checkpoints: Vec<Snapshot>,
}

/// Default number of snapshots kept: each one a run takes costs the pages written since the
/// previous one (copied, and new memory the first time), so a `continue` over a program pays
/// for this many; reaching a step replays at most 1/BUDGET of the run from the nearest one
/// (README "Speed" measures both sides of this choice).
pub const BUDGET: usize = 32;
/// Default initial distance between snapshots, in steps.
pub const INTERVAL: u64 = 256;
/// Instructions a run passes before its pace predicts its length (`History::record`).
const PACE_AFTER: u64 = 2;
/// Bytes the snapshots may hold together: a program with a large global memory keeps fewer
/// (at least 4), so its history stays within this.
pub const BYTES: usize = 256 << 20;

impl History {
    /// A history whose first checkpoint is `start` (a machine at step 0).
    pub fn new(start: &mut Machine) -> History {
        let mut h = History::with(start, INTERVAL, BUDGET);
        h.budget = (BYTES / snapshot_bytes(&h.checkpoints[0]).max(1)).clamp(4, BUDGET);
        h
    }

    pub fn with(start: &mut Machine, interval: u64, budget: usize) -> History {
        History {
            interval: interval.max(1),
            budget: budget.max(2),
            checkpoints: vec![start.snapshot()],
        }
    }

    /// The checkpoints before step `upto` (and at it, still running) as runs on `product`, each sharing `log`
    /// (`Machine::rehome`: every instruction before `upto` prepares alike on both products).
    pub fn rehome(
        &self,
        product: crate::base::product::Product,
        upto: u64,
        log: &crate::sim::machine::DivergenceLog,
    ) -> History {
        History {
            checkpoints: self
                .checkpoints
                .iter()
                // At `upto` itself only a machine still running (not one stopped by the
                // differing instruction's rejection).
                .take_while(|m| {
                    m.step_count() < upto
                        || m.step_count() == upto
                            && m.status() == crate::sim::machine::Status::Running
                })
                .map(|m| {
                    let mut m = m.rehome(product);
                    m.set_divergence_log(Some(log.clone()));
                    m
                })
                .collect(),
            ..*self
        }
    }

    /// Offers the machine after a step; it is kept when it falls on the next checkpoint.
    ///
    /// A snapshot is a copy of the whole memory, and a long run would make many that a later
    /// doubling drops: once the run has passed enough instructions to tell its pace, the
    /// interval doubles ahead of time while the steps the program will take at that pace
    /// (`m`'s steps per instruction so far, times its instructions) would still make more
    /// checkpoints than the budget. A run that stops early keeps fewer, farther apart.
    pub fn record(&mut self, m: &mut Machine) {
        let s = m.step_count();
        if s % self.interval == 0 && s / self.interval == self.checkpoints.len() as u64 {
            let done = m.pos().instruction as u64;
            if done >= PACE_AFTER {
                let total = s / done * m.program().code.len() as u64;
                while total / self.interval > self.budget as u64 && s % (2 * self.interval) == 0 {
                    self.thin();
                }
            }
            self.checkpoints.push(m.snapshot());
            if self.checkpoints.len() > self.budget {
                self.thin();
            }
        }
    }

    /// Every other checkpoint dropped, the interval doubled.
    fn thin(&mut self) {
        let mut i = 0;
        self.checkpoints.retain(|_| {
            i += 1;
            (i - 1) % 2 == 0
        });
        self.interval *= 2;
    }

    /// The latest checkpoint at or before `step`.
    pub fn nearest(&self, step: u64) -> &Snapshot {
        let i = ((step / self.interval) as usize).min(self.checkpoints.len() - 1);
        &self.checkpoints[i]
    }

    /// The index of the latest checkpoint at or before `step`.
    pub fn index_before(&self, step: u64) -> usize {
        ((step / self.interval) as usize).min(self.checkpoints.len() - 1)
    }

    /// Checkpoint `i` (at step `i · interval`).
    pub fn checkpoint(&self, i: usize) -> Option<&Snapshot> {
        self.checkpoints.get(i)
    }

    /// Checkpoints at or before `step`, latest first, for backward searches.
    pub fn before(&self, step: u64) -> impl Iterator<Item = &Snapshot> {
        let i = ((step / self.interval) as usize).min(self.checkpoints.len() - 1);
        self.checkpoints[..=i].iter().rev()
    }

    /// The machine at `step`: a copy of the nearest checkpoint run forward (no events).
    pub fn machine_at(&self, step: u64) -> Machine {
        let mut m = self.nearest(step).machine();
        m.run_to(step);
        m
    }

    pub fn interval(&self) -> u64 {
        self.interval
    }

    pub fn len(&self) -> usize {
        self.checkpoints.len()
    }

    pub fn is_empty(&self) -> bool {
        self.checkpoints.is_empty()
    }

    /// Approximate bytes held by the snapshots: every memory page once however many share
    /// it (bytes and shadows), and the diagnostics.
    pub fn approx_bytes(&self) -> usize {
        let mut seen = std::collections::HashSet::new();
        let pages: usize = self
            .checkpoints
            .iter()
            .flat_map(|c| c.pages())
            .filter(|(id, _)| seen.insert(*id))
            .map(|(_, bytes)| bytes)
            .sum();
        let rest: usize = self
            .checkpoints
            .iter()
            .map(|c| c.head().diagnostics().len() * 256 + 512)
            .sum();
        pages + rest
    }
}

/// Approximate bytes of one snapshot: every core's UB and global memory with their two
/// shadows, and the diagnostics.
fn snapshot_bytes(s: &Snapshot) -> usize {
    // Each core a program runs on has a UB of its own (docs/semantics.md §20).
    let (ub, gm) = s.memory_sizes();
    let m = s.head();
    let mem = ub as usize * m.program().cores() + gm as usize;
    mem + mem / 4 + m.diagnostics().len() * 256 + 512
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::sync::Arc;

    fn machine(gm_len: u32) -> Machine {
        use crate::base::diag::Span;
        use crate::base::dtype::DType;
        use crate::base::ir::{Program, Space, Tensor, GM_BASE};
        let g = Tensor {
            name: "g".into(),
            dtype: DType::Float,
            addr: GM_BASE,
            len: gm_len,
            init: None,
            span: Span::new(1, 1),
            space: Space::Gm,
        };
        let p = Program {
            path: Path::new("h.ron").into(),
            source: Arc::from(""),
            name: None,
            product: Default::default(),
            ub_size: None,
            tensors: vec![g],
            scalars: Vec::new(),
            code: Vec::new(),
            expect: Vec::new(),
            kernel: None,
            origins: None,
        };
        Machine::new(Arc::new(p), crate::base::product::Product::AtlasA2)
    }

    #[test]
    fn a_large_global_memory_keeps_fewer_snapshots() {
        // 2 Mi floats = 8 MiB of GM (the largest) beside A2's 192 KiB UB: (8,585,216 bytes
        // + a quarter for the shadows + 512) = 10,732,032 bytes per snapshot, so 256 MiB hold
        // 25 of them.
        assert_eq!(History::new(&mut machine(2 << 20)).budget, 25);
        // A small GM leaves the default.
        assert_eq!(History::new(&mut machine(64)).budget, BUDGET);
    }

    #[test]
    fn pages_two_snapshots_share_are_counted_once() {
        let mut m = machine(1 << 12);
        let mut h = History::with(&mut m, 1, 8);
        let one = h.approx_bytes();
        // A2's 192 KiB UB and 16 KiB of GM: 52 pages of 5 KiB (bytes and two shadows).
        assert_eq!(one, 52 * 5 * 1024 + 512);
        // Nothing written since: a second snapshot adds only its own record.
        h.checkpoints.push(m.snapshot());
        assert_eq!(h.approx_bytes(), one + 512);
    }
}
