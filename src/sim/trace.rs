//! The one last-writer query: which block step last wrote a UB byte, found by replaying a
//! machine with events (the hot path keeps no per-byte writer map). Used by the reports of
//! failing expectations and by the debugger's `last-writer`.

use crate::sim::plan::AccessKind;
use crate::sim::{Access, Granularity, Machine, Pos, Status};

/// A write found by replaying: the block step that made it and the access that touched the
/// byte.
#[derive(Clone, Debug)]
pub struct Write {
    /// The step number of the block step and its position.
    pub step: u64,
    pub pos: Pos,
    pub access: Access,
}

/// Replays `m` block by block until its step count reaches `end` (or the program stops) and
/// returns, for each of `addrs`, the last write that touched that byte.
pub fn last_writes(mut m: Machine, end: u64, addrs: &[u32]) -> Vec<Option<Write>> {
    let mut out: Vec<Option<Write>> = vec![None; addrs.len()];
    while m.step_count() < end && m.status() == Status::Running {
        // An instruction whose writes (all in its plan: a quiet one) miss the addresses runs
        // without events.
        let skip = m.preview().is_some_and(|pv| {
            pv.quiet
                && !pv.ranges.iter().any(|(k, r)| {
                    *k == AccessKind::Write
                        && addrs
                            .iter()
                            .any(|&x| r.start <= x as u64 && (x as u64) < r.end)
                })
        });
        if skip {
            m.run_until(end, |_| true);
            continue;
        }
        let Some(ev) = m.step(Granularity::Block) else {
            break;
        };
        for a in ev.accesses.iter().filter(|a| a.kind == AccessKind::Write) {
            for (slot, &x) in out.iter_mut().zip(addrs) {
                if a.touches(x, x + 1) {
                    *slot = Some(Write {
                        step: ev.first_step,
                        pos: ev.pos,
                        access: a.clone(),
                    });
                }
            }
        }
    }
    out
}
