//! Preparations remembered by instruction content: a recorded C++ kernel's loop makes the same
//! call thousands of times, each a new instruction of the program (docs/format.md §12), and
//! preparing one (binding, checks, plan, extents) costs more than running 64 lanes of it.
//!
//! A preparation is a function of its content (`alike::Content`: the instruction with scalars
//! bound, registers, product), the program's tensors (only ever added) and the UB size, except
//! where it reads UB data (`alike::key` gives no key then). Only clean preparations are
//! remembered: warnings name their instruction and position, so a preparation that warns is
//! made again at each instruction.

use crate::base::ir::Instr;
use crate::base::product::Product;
use crate::sim::alike::Content;
use crate::sim::reach::{Prepared, Regs};
use std::sync::Arc;

/// Entries kept; the oldest is replaced.
const ENTRIES: usize = 16;

#[derive(Debug, Default)]
pub struct Memo {
    entries: Vec<(Content, u32, Arc<Prepared>)>,
    next: usize,
}

impl Memo {
    /// The preparation remembered for `instr` (a content key, `alike::key`) reached with `regs`
    /// on `product` with a UB of `ub_size` bytes.
    pub fn get(
        &self,
        instr: &Instr,
        regs: Regs,
        product: Product,
        ub_size: u32,
    ) -> Option<&Arc<Prepared>> {
        self.entries
            .iter()
            .find(|(c, u, _)| *u == ub_size && c.is(instr, regs, product))
            .map(|(_, _, p)| p)
    }

    /// Remembers `prep`, made for `instr` as in [`Memo::get`], when it warns of nothing.
    pub fn put(
        &mut self,
        instr: &Instr,
        regs: Regs,
        product: Product,
        ub_size: u32,
        prep: &Arc<Prepared>,
    ) {
        if !prep.warnings.is_empty() {
            return;
        }
        let e = (Content::new(instr, regs, product), ub_size, prep.clone());
        if self.entries.len() < ENTRIES {
            self.entries.push(e);
        } else {
            self.entries[self.next] = e;
            self.next = (self.next + 1) % ENTRIES;
        }
    }
}
