//! Snapshots of a machine: its memory frozen in shared pages, so that a debugger's checkpoints
//! cost the pages written between them.

use super::*;

/// A machine kept for later (a debugger's checkpoint): its memory frozen in shared pages
/// (`Machine::snapshot`), so that snapshots of one run cost the pages written between them.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Everything but the memory (an empty UB there).
    pub(super) head: Machine,
    pub(super) ub: crate::sim::ub::FrozenUb,
}

impl Snapshot {
    /// The machine, to run or inspect.
    pub fn machine(&self) -> Machine {
        Machine {
            ub: Ub::thaw(&self.ub),
            ..self.head.clone()
        }
    }

    /// Makes `m` this snapshot's machine (what [`Snapshot::machine`] gives), reusing `m`'s
    /// memory: only the pages that may differ are copied (`Ub::rewind`), so going back to a
    /// recent checkpoint costs the pages written since.
    pub fn restore(&self, m: &mut Machine) {
        let mut ub = std::mem::replace(&mut m.ub, Ub::new(0));
        ub.rewind(&self.ub);
        *m = Machine {
            ub,
            ..self.head.clone()
        };
    }

    /// The machine's registers, position, counts, status and diagnostics without its memory
    /// (an empty UB): for questions about where it is, never about data.
    pub fn head(&self) -> &Machine {
        &self.head
    }

    pub fn step_count(&self) -> u64 {
        self.head.step
    }

    pub fn status(&self) -> Status {
        self.head.status
    }

    /// This snapshot as `product`'s run reaches it (`Machine::rehome`): its pages shared when
    /// the UB keeps its size.
    pub fn rehome(&self, product: Product) -> Snapshot {
        if ub_size_on(&self.head.program, product) != self.ub.size() {
            let mut m = self.machine().rehome(product);
            return m.snapshot();
        }
        Snapshot {
            head: Machine {
                product,
                ..self.head.clone()
            },
            ub: self.ub.clone(),
        }
    }

    pub fn set_divergence_log(&mut self, log: Option<DivergenceLog>) {
        self.head.divergence = log;
    }

    /// The memory pages it holds (`FrozenUb::pages`).
    pub fn pages(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.ub.pages()
    }

    /// The sizes of its UB and of its global memory, in bytes.
    pub fn memory_sizes(&self) -> (u32, u32) {
        (self.ub.size(), self.ub.gm_size())
    }
}

impl Machine {
    /// This machine as a snapshot (`Snapshot`): its memory frozen by page, sharing every page
    /// no write reached since this machine's last snapshot (or the one it was thawed from).
    /// The run's logs (write and entry logs) stay with this machine: a snapshot has none.
    pub fn snapshot(&mut self) -> Snapshot {
        let ub = self.ub.freeze();
        let live = std::mem::replace(&mut self.ub, Ub::new(0));
        let (writes, entries) = (self.write_log.take(), self.entry_log.take());
        let head = self.clone();
        (self.ub, self.write_log, self.entry_log) = (live, writes, entries);
        Snapshot { head, ub }
    }
}
