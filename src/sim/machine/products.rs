//! The run seen from the other products: the divergence log (where another product would
//! prepare an entered instruction differently), the entry log, and a machine moved to another
//! product (`rehome`, `relabel`, `fork_on`).

use super::*;

/// For each instruction a run entered where another product prepares it differently (its
/// plan, kernel, registers or diagnostics), the step it was entered at and those products
/// (bit i: `Product::ALL[i]`). A machine and its clones (a debugger's checkpoints) share one
/// log; every instruction before a machine's step was entered by it or by the run it was
/// cloned from, so a product without a bit before a step reaches the same state there
/// (`Machine::rehome`).
pub type DivergenceLog = Arc<std::sync::Mutex<std::collections::BTreeMap<u64, u8>>>;

impl Machine {
    /// Keeps a divergence log from here on (`DivergenceLog`), shared with this machine's
    /// clones.
    pub fn keep_divergence(&mut self) {
        self.divergence = Some(Default::default());
        self.alike = Some(Default::default());
    }

    /// Keeps a log of the instructions entered from here on (`Entered`): where another
    /// product would first prepare one differently can be found after the run
    /// (`diff`), without preparing anything during it.
    pub fn keep_entry_log(&mut self) {
        self.entry_log.get_or_insert_with(Vec::new);
    }

    pub fn entry_log(&self) -> Option<&[Entered]> {
        self.entry_log.as_deref()
    }

    /// Keeps a divergence log compared afresh at every instruction, none remembered by
    /// content (`sim::alike`): what the remembered comparisons must give.
    pub fn keep_divergence_afresh(&mut self) {
        self.divergence = Some(Default::default());
        self.alike = None;
    }

    pub fn divergence_log(&self) -> Option<&DivergenceLog> {
        self.divergence.as_ref()
    }

    pub fn set_divergence_log(&mut self, log: Option<DivergenceLog>) {
        self.divergence = log;
    }

    /// This machine as `product`'s run reaches it, where every instruction entered so far
    /// prepares alike on both products (no bit of `product` in the divergence log before this
    /// step, and the same start): the same state, in `product`'s UB size (bytes beyond the
    /// smaller UB are never touched then: the bounds checks would have differed).
    pub fn rehome(&self, product: Product) -> Machine {
        let mut m = Machine {
            product,
            ..self.clone()
        };
        // (An invalid `ub_size` fails both runs at step 0: nothing to rehome then.)
        let size = ub_size_on(&self.program, product);
        if size != self.ub.size() {
            m.ub = self.ub.resized(size);
        }
        m
    }

    /// This machine as a run on `product`, which must simulate alike (`Product::same_data`):
    /// its state is what that product's run would reach.
    pub fn relabel(&self, product: Product) -> Machine {
        Machine {
            product,
            ..self.clone()
        }
    }

    /// The same program state (UB contents and shadows, mask register, position) on another
    /// product, at an instruction boundary, to see how that product would continue. Bytes
    /// beyond the smaller of the two UBs are dropped.
    pub fn fork_on(&self, product: Product) -> Machine {
        let mut m = Machine::new(self.program.clone(), product);
        if m.status == Status::Failed {
            return m;
        }
        m.ub.copy_common(&self.ub);
        m.mask = self.mask;
        m.atomic = self.atomic;
        m.parked = self.parked.clone();
        m.scalars = self.scalars.clone();
        m.pos = Pos {
            instruction: self.pos.instruction,
            repeat: 0,
            block: 0,
        };
        m.step = self.step;
        m.counts = self.counts;
        m.status = if m.pos.instruction as usize >= m.program.code.len() {
            Status::Finished
        } else {
            Status::Running
        };
        m
    }
}
