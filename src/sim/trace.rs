//! The one last-writer query: which block step last wrote a UB byte, found by replaying a
//! machine with events (the hot path keeps no per-byte writer map). Used by the reports of
//! failing expectations and by the debugger's `last-writer`.

use crate::sim::machine::WriteRec;
use crate::sim::plan::AccessKind;
use crate::sim::{Access, Granularity, Machine, Pos, Status};

fn writes(k: AccessKind) -> bool {
    k == AccessKind::Write
}

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
                && !addrs
                    .iter()
                    .any(|&x| pv.may_touch(writes, x as u64, x as u64 + 1))
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

/// For each of `addrs`, the instruction that last wrote that byte in a run of `m` to its end.
/// One pass without events notes, per byte, the last few instructions that may write it (by
/// `Machine::preview`); each is then replayed block by block, latest first, until one really
/// writes it (a masked lane inside an operand's extent does not). A byte whose last candidates
/// all miss is found by the block-by-block replay of `last_writes`.
pub fn last_writer_instructions(m: Machine, addrs: &[u32]) -> Vec<Option<u32>> {
    const KEEP: usize = 8;
    let start = m.clone();
    let mut cands: Vec<Vec<(u32, u64)>> = vec![Vec::new(); addrs.len()];
    let mut dropped = vec![false; addrs.len()];
    let mut run = m;
    while run.status() == Status::Running {
        let Some(pv) = run.preview() else {
            run.run_until(u64::MAX, |_| true);
            continue;
        };
        let here = (run.pos().instruction, run.step_count());
        for ((c, d), &x) in cands.iter_mut().zip(dropped.iter_mut()).zip(addrs) {
            let may = !pv.quiet || pv.may_touch(writes, x as u64, x as u64 + 1);
            if may {
                if c.len() == KEEP {
                    c.remove(0);
                    *d = true;
                }
                c.push(here);
            }
        }
        run.run_until(u64::MAX, |_| true);
    }
    let mut out: Vec<Option<u32>> = vec![None; addrs.len()];
    let mut settled = vec![false; addrs.len()];
    let mut steps: Vec<(u32, u64)> = cands.iter().flatten().copied().collect();
    steps.sort_unstable();
    steps.dedup();
    for &(instr, step) in steps.iter().rev() {
        let waiting: Vec<usize> = (0..addrs.len())
            .filter(|&k| !settled[k] && cands[k].contains(&(instr, step)))
            .collect();
        if waiting.is_empty() {
            continue;
        }
        let mut mm = start.clone();
        mm.run_to(step);
        let mut hit = vec![false; waiting.len()];
        while mm.status() == Status::Running && mm.pos().instruction == instr {
            let Some(ev) = mm.step(Granularity::Block) else {
                break;
            };
            for a in ev.accesses.iter().filter(|a| a.kind == AccessKind::Write) {
                for (h, &k) in hit.iter_mut().zip(&waiting) {
                    *h |= a.touches(addrs[k], addrs[k] + 1);
                }
            }
        }
        for (h, &k) in hit.iter().zip(&waiting) {
            if *h {
                out[k] = Some(instr);
                settled[k] = true;
            } else if cands[k].first() == Some(&(instr, step)) {
                // Every candidate missed: never written, unless older candidates were
                // dropped, which the slow, certain way then searches.
                if dropped[k] {
                    let w = last_writes(start.clone(), u64::MAX, &[addrs[k]]);
                    out[k] = w.into_iter().flatten().next().map(|w| w.pos.instruction);
                }
                settled[k] = true;
            }
        }
    }
    out
}

/// `last_writer_instructions` from the write log a run kept (`Machine::keep_write_log`), so
/// that a failing run costs about what a passing one does: for each of `addrs`, the log is
/// searched backwards; an exact extent (every byte written) answers at once, the instructions
/// with inexact extents after it (masked, strided, data-dependent writes) are replayed block by
/// block in one forward pass from `start`, and the latest that really wrote the byte wins. A
/// byte with more inexact candidates than are kept is searched the slow, certain way.
pub fn last_writers_from_log(start: Machine, log: &[WriteRec], addrs: &[u32]) -> Vec<Option<u32>> {
    const KEEP: usize = 8;
    let n = addrs.len();
    let mut floor: Vec<Option<u32>> = vec![None; n];
    let mut cands: Vec<Vec<(u32, u64)>> = vec![Vec::new(); n];
    let mut exhausted = vec![false; n];
    for (k, &x) in addrs.iter().enumerate() {
        let x = x as u64;
        for rec in log
            .iter()
            .rev()
            .filter(|r| r.bytes.start <= x && x < r.bytes.end)
        {
            if rec.exact {
                floor[k] = Some(rec.instruction);
                break;
            }
            let c = (rec.instruction, rec.step);
            if cands[k].last() == Some(&c) {
                continue;
            }
            if cands[k].len() == KEEP {
                exhausted[k] = true;
                break;
            }
            cands[k].push(c);
        }
    }
    let mut steps: Vec<(u32, u64)> = cands.iter().flatten().copied().collect();
    steps.sort_unstable_by_key(|&(i, s)| (s, i));
    steps.dedup();
    let mut hit: Vec<Option<u32>> = vec![None; n];
    let mut mm = start.clone();
    for &(instr, step) in &steps {
        mm.run_to(step);
        if mm.step_count() != step || mm.pos().instruction != instr {
            continue;
        }
        let waiting: Vec<usize> = (0..n)
            .filter(|&k| cands[k].contains(&(instr, step)))
            .collect();
        while mm.status() == Status::Running && mm.pos().instruction == instr {
            let Some(ev) = mm.step(Granularity::Block) else {
                break;
            };
            for a in ev.accesses.iter().filter(|a| a.kind == AccessKind::Write) {
                for &k in &waiting {
                    if a.touches(addrs[k], addrs[k] + 1) {
                        hit[k] = Some(instr);
                    }
                }
            }
        }
    }
    (0..n)
        .map(|k| match (hit[k], exhausted[k]) {
            (Some(i), _) => Some(i),
            (None, false) => floor[k],
            (None, true) => last_writes(start.clone(), u64::MAX, &[addrs[k]])
                .into_iter()
                .flatten()
                .next()
                .map(|w| w.pos.instruction),
        })
        .collect()
}
