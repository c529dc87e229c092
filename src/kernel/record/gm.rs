//! The recorder's global memory: where allocations go (GmFree's memory used again), and a
//! kernel unit test's cut between launches, each recorded on a machine of its own over the
//! memory the last one left (docs/format.md §13).

use super::{blank_machine, Alloc, Recorder};
use crate::base::diag::Diagnostic;
use crate::base::ir::{Origins, GM_BASE, MAX_GM};
use crate::program::Calls;
use crate::sim::Machine;
use std::path::PathBuf;
use std::sync::Arc;

/// The global memory an allocation of `size` bytes takes: aclrtMalloc rounds up to 32 bytes and
/// adds 32 (docs/format.md §12.2).
fn padded(size: u64) -> u64 {
    size.next_multiple_of(32) + 32
}

impl Recorder {
    /// Where a new allocation of `bytes` (padded) goes in global memory (an offset from
    /// GM_BASE, 512-aligned): the lowest gap the live allocations leave (GmFree's memory is
    /// used again), else after the last.
    pub(super) fn gm_place(&self, bytes: u64) -> u64 {
        let mut live: Vec<(u64, u64)> = self
            .allocs
            .values()
            .filter(|a| a.away.is_none())
            .map(|a| {
                let from = (a.addr - GM_BASE) as u64;
                (from, from + padded(a.size))
            })
            .collect();
        live.sort_unstable();
        let mut at = 0u64;
        for (from, to) in live {
            if at + bytes <= from {
                return at;
            }
            at = at.max(to.next_multiple_of(512));
        }
        at
    }

    /// Room for an allocation of `size` bytes (aclrtMalloc's padding added) in global memory:
    /// its offset from GM_BASE, or the error when the allocations in the machine would pass
    /// MAX_GM.
    pub(super) fn gm_room(&self, size: u64) -> Result<u64, Diagnostic> {
        let at = self.gm_place(padded(size));
        if at + padded(size) > MAX_GM as u64 {
            let whose = if self.last_store.is_some() {
                "ascstep's limit for the allocations one launch of a unit test uses and those made since the last launch"
            } else {
                "ascstep's limit for all allocations together"
            };
            return Err(Diagnostic::error(
                "value-out-of-range",
                format!(
                    "aclrtMalloc of {size} bytes: global memory would exceed {MAX_GM} bytes, {whose} (docs/format.md §12.4)"
                ),
            ));
        }
        Ok(at)
    }

    /// Brings allocation `id` into the machine's global memory if it is away (in a store since
    /// the last cut): placed as a new allocation is, its bytes and initialised bits copied.
    pub(super) fn bring_in(&mut self, id: u32) -> Result<(), Diagnostic> {
        let Some((size, from, store)) = self
            .allocs
            .get(&id)
            .and_then(|a| Some((a.size, a.addr - GM_BASE, a.away.clone()?)))
        else {
            return Ok(());
        };
        let at = self.gm_room(size)?;
        self.machine
            .place_gm(&store, from, at as u32, padded(size) as u32);
        if let Some(a) = self.allocs.get_mut(&id) {
            a.addr = GM_BASE + at as u32;
            a.away = None;
        }
        Ok(())
    }

    /// Ends the recording so far and starts another on the same global memory (a kernel unit
    /// test records each launch on a machine of its own, docs/format.md §13): returns the
    /// machine of the recording so far, its origins filled in. The allocations, files and
    /// functions stay; the views, scalars and tensors go with the old machine.
    pub fn cut(&mut self) -> Machine {
        let old = &self.machine;
        let p = old.program();
        let next = blank_machine(&p.path, p.source.clone(), old.product());
        // What the host and the kernels left in global memory: the allocations the launch had
        // stay in its store, those away before stay where they are; each comes into a later
        // machine when a launch (or the host) uses it, so a launch's global memory holds only
        // what it uses (docs/format.md §13).
        let store = Arc::new(old.gm_store());
        for a in self.allocs.values_mut() {
            a.tensors.clear();
            if a.away.is_none() {
                a.away = Some(store.clone());
            }
        }
        self.last_store = Some(store);
        self.calls = Calls::new(PathBuf::new());
        self.views.clear();
        self.before.clear();
        self.scalar_sites.clear();
        self.parsed.clear();
        self.last.clear();
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
    /// range cut to the allocations it overlaps; after a cut, those of the launch it ended.
    pub fn gm_parts(&self, ranges: &[std::ops::Range<u64>]) -> Vec<(u32, u64, u64)> {
        let mut out = Vec::new();
        let last = |a: &&Alloc| match (&a.away, &self.last_store) {
            (Some(s), Some(l)) => Arc::ptr_eq(s, l),
            (None, _) => true,
            (Some(_), None) => false,
        };
        for r in ranges {
            for (&id, a) in self.allocs.iter().filter(|(_, a)| last(a)) {
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
