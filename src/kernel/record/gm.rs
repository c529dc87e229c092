//! The recorder's global memory: where allocations go (GmFree's memory used again), and a
//! kernel unit test's cut between launches, each recorded on a machine of its own over the
//! memory the last one left (docs/format.md §13).

use super::{blank_machine, Recorder};
use crate::base::ir::{Origins, GM_BASE};
use crate::program::Calls;
use crate::sim::Machine;
use std::path::PathBuf;

impl Recorder {
    /// Where a new allocation of `padded` bytes goes in global memory (an offset from
    /// GM_BASE, 512-aligned): the lowest gap the live allocations leave (GmFree's memory is
    /// used again), else after the last.
    pub(super) fn gm_place(&self, padded: u64) -> u64 {
        let mut live: Vec<(u64, u64)> = self
            .allocs
            .values()
            .map(|a| {
                let from = (a.addr - GM_BASE) as u64;
                (from, from + a.size.next_multiple_of(32) + 32)
            })
            .collect();
        live.sort_unstable();
        let mut at = 0u64;
        for (from, to) in live {
            if at + padded <= from {
                return at;
            }
            at = at.max(to.next_multiple_of(512));
        }
        at
    }

    /// Ends the recording so far and starts another on the same global memory (a kernel unit
    /// test records each launch on a machine of its own, docs/format.md §13): returns the
    /// machine of the recording so far, its origins filled in. The allocations, files and
    /// functions stay; the views, scalars and tensors go with the old machine.
    pub fn cut(&mut self) -> Machine {
        let old = &self.machine;
        let p = old.program();
        let mut next = blank_machine(&p.path, p.source.clone(), old.product());
        // What the host and the kernels left in global memory.
        next.copy_gm_from(old);
        for a in self.allocs.values_mut() {
            a.tensors.clear();
        }
        self.calls = Calls::new(PathBuf::new());
        self.views.clear();
        self.before.clear();
        self.scalar_sites.clear();
        self.parsed.clear();
        let mut origins = Origins {
            files: self.origins.files.clone(),
            functions: self.origins.functions.clone(),
            ..Origins::default()
        };
        std::mem::swap(&mut origins, &mut self.origins);
        let mut old = std::mem::replace(&mut self.machine, next);
        old.set_origins(origins);
        old
    }

    /// The allocations global-memory byte ranges fall in: (allocation, offset, bytes), each
    /// range cut to the allocations it overlaps.
    pub fn gm_parts(&self, ranges: &[std::ops::Range<u64>]) -> Vec<(u32, u64, u64)> {
        let mut out = Vec::new();
        for r in ranges {
            for (&id, a) in &self.allocs {
                let (from, to) = (a.addr as u64, a.addr as u64 + a.size);
                let (s, e) = (r.start.max(from), r.end.min(to));
                if s < e {
                    out.push((id, s - from, e - s));
                }
            }
        }
        out.sort_unstable();
        out
    }
}
