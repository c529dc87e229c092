//! Every multi-step command as a job run in slices: forward by units or to the next stop,
//! goto (and back, which is a goto to a step computed at once), and reverse-continue. One
//! loop for all of them: [`Session::run_job`] does at most a budget of block steps of work and
//! says whether the command ended, so a UI stays responsive, shows progress and can interrupt
//! any of them; headless callers run a job to its end with an unlimited budget.

use super::*;
use crate::debug::session::breakpoints::point_before;
use crate::sim::{Granularity, Machine, Pos, Status, StepEvent};
use std::time::Instant;

/// A forward motion in progress.
#[derive(Clone, Debug)]
pub struct Forward {
    pub(super) mode: Mode,
    pub(super) units: u64,
    pub(super) executed: u64,
    pub(super) agg: Option<StepEvent>,
    pub(super) scalars_at_start: Vec<Option<Value>>,
}

/// A reverse-continue in progress: checkpoints are scanned latest first, each up to `end`.
#[derive(Clone, Debug)]
pub struct Reverse {
    pub(super) cur: u64,
    pub(super) end: u64,
    /// The next checkpoint to scan (index into the history), None when all are done.
    pub(super) next: Option<usize>,
}

/// A multi-step command being carried out.
#[derive(Clone, Debug)]
pub enum Job {
    Forward(Forward),
    /// To step `target`; `back` when it came from `back` (a stop at step 0 is reported).
    Goto {
        target: u64,
        back: bool,
        restored: bool,
    },
    Reverse(Reverse),
}

/// Where a job is, after a slice.
#[derive(Clone, Debug, PartialEq)]
pub enum JobProgress {
    /// The budget ran out; run another slice.
    Running,
    /// The command ended, with the stop it caused.
    Done(Option<Stop>),
}

impl Session {
    /// The job of a motion command (step, back, continue, reverse-continue, goto, and a
    /// product switch, which goes to the same step), or None for the other commands.
    pub fn start_job(&mut self, cmd: &Command) -> Option<Job> {
        Some(match cmd {
            Command::Step(g, n) => self.forward_job(Mode::Steps(*g, (*n).max(1))),
            Command::StepLine(n) => {
                let k = self.line_steps(*n);
                self.forward_job(Mode::Steps(Granularity::Instruction, k))
            }
            Command::BackLine(n) => {
                let p = self.line_back_target(*n);
                Job::Goto {
                    target: self.step_of(p).unwrap_or(0),
                    back: true,
                    restored: false,
                }
            }
            Command::Continue => self.forward_job(Mode::Continue),
            Command::Back(g, n) => Job::Goto {
                target: self.back_target(*g, (*n).max(1)),
                back: true,
                restored: false,
            },
            Command::Goto(s) => Job::Goto {
                target: *s,
                back: false,
                restored: false,
            },
            // Another product, run to the same step (or as far as it gets).
            Command::Product(p) => {
                let at = self.step_count();
                self.set_product(*p);
                Job::Goto {
                    target: at,
                    back: false,
                    restored: false,
                }
            }
            Command::GotoPos(p) => Job::Goto {
                // A position the run never reaches: as far as it goes, and the end reported.
                target: self.step_of(*p).unwrap_or(u64::MAX),
                back: false,
                restored: false,
            },
            Command::ReverseContinue => {
                let cur = self.step_count();
                let next = (cur > 0).then(|| self.history.index_before(cur - 1));
                Job::Reverse(Reverse {
                    cur,
                    end: cur,
                    next,
                })
            }
            _ => return None,
        })
    }

    pub(super) fn forward_job(&self, mode: Mode) -> Job {
        Job::Forward(Forward {
            mode,
            units: 0,
            executed: 0,
            agg: None,
            scalars_at_start: self.machine.scalars().to_vec(),
        })
    }

    /// Runs at most about `budget` block steps of `job`.
    pub fn run_job(&mut self, job: &mut Job, budget: u64) -> JobProgress {
        let budget = budget.max(1);
        match job {
            Job::Forward(f) => match self.forward_slice(f, budget) {
                Some(stop) => JobProgress::Done(stop),
                None => JobProgress::Running,
            },
            Job::Goto {
                target,
                back,
                restored,
            } => {
                if !*restored {
                    *restored = true;
                    // From the nearest checkpoint before the target, backward or forward (one
                    // already passed when the session went there before and came back): the
                    // target's last block step is replayed, so its event is the last event
                    // even where a checkpoint falls on the target itself.
                    let cp = self.history.nearest(target.saturating_sub(1));
                    if *target < self.step_count() || cp.step_count() > self.step_count() {
                        cp.restore(&mut self.machine);
                    }
                }
                if !self.goto_slice(*target, budget) {
                    return JobProgress::Running;
                }
                // A goto past the end says where the program ends.
                if self.step_count() < *target && self.machine.status() != Status::Running {
                    let s = self.end_stop();
                    self.stops.push(s.clone());
                    return JobProgress::Done(Some(s));
                }
                if *back && *target == 0 {
                    let s = self.make_stop(
                        StopReason::Start,
                        None,
                        "at the start of the program (step 0)".into(),
                    );
                    self.stops.push(s.clone());
                    return JobProgress::Done(Some(s));
                }
                JobProgress::Done(None)
            }
            Job::Reverse(r) => match self.reverse_slice(r, budget) {
                Some(s) => JobProgress::Done(Some(s)),
                None => JobProgress::Running,
            },
        }
    }

    /// Ends an interrupted job: what it did so far becomes the last event.
    pub fn abandon(&mut self, job: Job) {
        if let Job::Forward(f) = job {
            if f.agg.is_some() {
                self.last_event = f.agg;
            }
            if f.executed > 0 {
                self.scalars_before = Some(f.scalars_at_start);
            }
        }
    }

    /// A short description of where `job` is, for a status bar.
    pub fn job_progress(&self, job: &Job) -> String {
        let at = self.step_count();
        match job {
            Job::Forward(f) => match f.mode {
                Mode::Steps(g, n) => format!("{} of {n} {}s · step {at}", f.units, unit(g)),
                Mode::Continue => format!("continue · step {at}"),
            },
            Job::Goto { target, .. } => format!("to step {target} · at {at}"),
            Job::Reverse(r) => format!(
                "reverse-continue from step {} · searched back to step {}",
                r.cur, r.end
            ),
        }
    }

    /// Runs `job` to its end.
    pub(super) fn finish_job(&mut self, job: Job) -> Option<Stop> {
        self.finish_job_by(job, None).unwrap_or(None)
    }

    /// Runs `job` to its end, or, once `deadline` has passed, abandons it where it is and
    /// says so.
    pub(super) fn finish_job_by(
        &mut self,
        mut job: Job,
        deadline: Option<Instant>,
    ) -> Result<Option<Stop>, String> {
        // With a deadline, slices of at most some 100 ms (65,536 block steps with events).
        let slice = if deadline.is_some() {
            1 << 16
        } else {
            u64::MAX
        };
        loop {
            if let JobProgress::Done(s) = self.run_job(&mut job, slice) {
                return Ok(s);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                let at = self.job_progress(&job);
                self.abandon(job);
                return Err(format!("{TIMED_OUT} ({at})"));
            }
        }
    }

    /// Whether every enabled point is a breakpoint before a whole instruction (a continue then
    /// needs no events to find its stop).
    fn only_instruction_points(&self) -> bool {
        self.points.iter().filter(|b| b.enabled).all(|b| {
            matches!(
                b.kind,
                PointKind::Instr { repeat: None, .. } | PointKind::Line { .. }
            )
        })
    }

    /// One slice of a forward motion: None when the budget ran out, else the motion ended
    /// (with its stop, if any).
    pub(super) fn forward_slice(&mut self, f: &mut Forward, budget: u64) -> Option<Option<Stop>> {
        let aggregate = matches!(f.mode, Mode::Steps(g, _) if g != Granularity::Block);
        let mut done = 0u64;
        let stop = loop {
            if self.machine.status() != Status::Running {
                break Some(self.end_stop());
            }
            if f.executed > 0 {
                if let Some(id) = instr_point_at(&self.points, self.machine.pos()) {
                    let msg = format!(
                        "breakpoint {id}: before instruction {}",
                        self.describe_pos()
                    );
                    break Some(self.make_stop(StopReason::Breakpoint, Some(id), msg));
                }
            }
            if done >= budget {
                // Between slices the screen shows the latest step.
                if !aggregate && f.agg.is_some() {
                    self.last_event = f.agg.take();
                }
                return None;
            }
            // How far a motion may run without events: a continue to its stop, block steps
            // but the last (whose event is shown).
            let unevented = match f.mode {
                Mode::Continue => Some(u64::MAX),
                Mode::Steps(Granularity::Block, n) => Some(n.saturating_sub(f.units + 1)),
                // Instructions but the last 64 (their accesses are what the motion shows).
                Mode::Steps(Granularity::Instruction, n) if n.saturating_sub(f.units) > 64 => {
                    Some(u64::MAX)
                }
                // Repeats likewise; a repeat is at least one step, so as many steps as
                // repeats to go never overshoot.
                Mode::Steps(Granularity::Repeat, n) if n.saturating_sub(f.units) > 64 => {
                    Some(n - f.units - 64)
                }
                Mode::Steps(..) => None,
            };
            let by_instruction = matches!(f.mode, Mode::Steps(Granularity::Instruction, _));
            // Without events: everything when only instruction breakpoints are enabled, else
            // every block step before the first that an enabled point may stop in or before
            // (`next_observed`: the whole instruction when none can): only the steps that may
            // hit are observed.
            let only = self.only_instruction_points();
            let fast = unevented.filter(|&x| x > 0).and_then(|far| {
                if only {
                    return Some(far);
                }
                let gap = self
                    .next_observed(&self.machine)?
                    .saturating_sub(self.machine.step_count());
                Some(far.min(gap)).filter(|&x| x > 0)
            });
            if let Some(far) = fast {
                // Whole stretches without events, up to the next checkpoint (or the end of the
                // instruction), then the last step's event again (one goto) if it stopped.
                let s = self.machine.step_count();
                let cp = (s / self.history.interval() + 1) * self.history.interval();
                let target = cp
                    .min(s.saturating_add(budget - done))
                    .min(s.saturating_add(far));
                let points = &self.points;
                let from = unit_index(&self.machine, Granularity::Instruction);
                let repeats_from = unit_index(&self.machine, Granularity::Repeat);
                self.machine.run_until(target, |i| {
                    !only || by_instruction || point_before(points, i).is_some()
                });
                let ran = self.machine.step_count() - s;
                self.history.record(&mut self.machine);
                f.executed += ran;
                done += ran;
                // An observed step before this stretch is no longer the last one.
                if ran > 0 && !aggregate {
                    f.agg = None;
                }
                match f.mode {
                    Mode::Steps(Granularity::Instruction, _) => {
                        f.units += unit_index(&self.machine, Granularity::Instruction) - from;
                    }
                    Mode::Steps(Granularity::Repeat, _) => {
                        f.units += unit_index(&self.machine, Granularity::Repeat) - repeats_from;
                    }
                    Mode::Steps(..) => f.units += ran,
                    Mode::Continue => {}
                }
                let at = self.machine.pos();
                let stops = self.machine.status() != Status::Running
                    || instr_point_at(&self.points, at).is_some();
                if stops && ran > 0 {
                    // The event of the last step, as goto makes it; a machine that failed
                    // entering the next instruction is kept as it is.
                    let here = self.machine.step_count();
                    let failed =
                        (self.machine.status() == Status::Failed).then(|| self.machine.clone());
                    self.history.nearest(here - 1).restore(&mut self.machine);
                    self.goto_slice(here, u64::MAX);
                    if let Some(m) = failed {
                        self.machine = m;
                    }
                }
                if ran > 0 || self.machine.status() != Status::Running {
                    continue;
                }
            }
            let before = self.machine.pos();
            let scalars_before = self
                .watches_scalars()
                .then(|| self.machine.scalars().to_vec());
            let Some(ev) = self.machine.step(Granularity::Block) else {
                break Some(self.end_stop());
            };
            self.history.record(&mut self.machine);
            f.executed += 1;
            done += 1;
            let hit = check_event(&self.points, &self.program, &self.machine, &ev).or_else(|| {
                let b = scalars_before.as_deref()?;
                super::breakpoints::scalar_hit(&self.points, &self.program, b, &self.machine)
            });
            if aggregate {
                match f.agg.as_mut() {
                    None => f.agg = Some(ev),
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
                f.agg = Some(ev);
            }
            if let Some(h) = hit {
                self.last_event = f.agg.take();
                break Some(self.hit_stop(h));
            }
            if self.machine.status() != Status::Running {
                self.last_event = f.agg.take();
                break Some(self.end_stop());
            }
            if let Mode::Steps(g, n) = f.mode {
                let after = self.machine.pos();
                let crossed = match g {
                    Granularity::Block => true,
                    Granularity::Repeat => {
                        after.instruction != before.instruction || after.repeat != before.repeat
                    }
                    Granularity::Instruction => after.instruction != before.instruction,
                };
                if crossed {
                    f.units += 1;
                    if f.units >= n {
                        break None;
                    }
                }
            }
        };
        if f.agg.is_some() {
            self.last_event = f.agg.take();
        }
        if f.executed > 0 {
            self.scalars_before = Some(f.scalars_at_start.clone());
        }
        if let Some(s) = &stop {
            self.stops.push(s.clone());
        }
        Some(stop)
    }

    /// In a quiet instruction (`Preview::quiet`: it raises nothing, changes no scalar and
    /// touches only what its plan names), the first block step from `m`'s that an enabled
    /// point may stop in or before: one whose plan touches a watched byte with the watched
    /// kind, or writes a conditioned element, or a repeat breakpoint's first block; the step
    /// after the instruction when none does. None when the instruction is not quiet (every
    /// step is then observed).
    fn next_observed(&self, m: &Machine) -> Option<u64> {
        let points: Vec<&Breakpoint> = self.points.iter().filter(|b| b.enabled).collect();
        let watched = |k: AccessKind, bytes: std::ops::Range<u64>| {
            let meets = |lo: u64, hi: u64| bytes.start < hi && lo < bytes.end;
            points.iter().any(|b| match &b.kind {
                PointKind::Watch {
                    start, end, kind, ..
                } => kind.matches(k) && meets(*start as u64, *end as u64),
                PointKind::Cond { tensor, index, .. } => {
                    k == AccessKind::Write
                        && self.program.tensors.get(*tensor).is_some_and(|t| {
                            let lo = t.elem_addr(*index);
                            meets(lo, lo + t.dtype.size() as u64)
                        })
                }
                _ => false,
            })
        };
        let next = m.next_block_touching(watched)?;
        // A repeat breakpoint in this instruction stops before its repeat's first block.
        let p = m.pos();
        let blocks = crate::sim::plan::BLOCKS as u64;
        let start = m.instruction_start_step();
        let repeat_point = points
            .iter()
            .filter_map(|b| match b.kind {
                PointKind::Instr {
                    instruction,
                    repeat: Some(r),
                } if instruction == p.instruction => Some(start + r as u64 * blocks),
                _ => None,
            })
            .filter(|&s| s >= m.step_count())
            .min();
        Some(repeat_point.map_or(next, |s| s.min(next)))
    }

    /// One slice of a goto whose machine is at or before `target`: true when it arrived.
    fn goto_slice(&mut self, target: u64, budget: u64) -> bool {
        if target == 0 {
            self.last_event = None;
            return true;
        }
        let stop_at = (target - 1).min(self.machine.step_count().saturating_add(budget));
        self.advance_to(stop_at);
        if self.machine.step_count() < target - 1 && self.machine.status() == Status::Running {
            return false;
        }
        if self.machine.step_count() == target - 1 && self.machine.status() == Status::Running {
            self.scalars_before = Some(self.machine.scalars().to_vec());
            self.last_event = self.machine.step(Granularity::Block);
            self.history.record(&mut self.machine);
        } else {
            self.last_event = None;
        }
        true
    }

    /// One slice of a reverse-continue: scans checkpoint segments (latest first) until about
    /// `budget` steps were replayed; the stop when it found one or reached step 0.
    fn reverse_slice(&mut self, r: &mut Reverse, budget: u64) -> Option<Stop> {
        let watch_scalars = self.watches_scalars();
        let mut replayed = 0u64;
        while let Some(i) = r.next {
            if replayed >= budget {
                return None;
            }
            r.next = i.checked_sub(1);
            let Some(cp) = self.history.checkpoint(i) else {
                continue;
            };
            let cp_step = cp.step_count();
            if cp_step >= r.end {
                continue;
            }
            let mut m: Machine = cp.machine();
            let mut best: Option<(u64, Hit)> = None;
            if self.only_instruction_points() {
                // Only instruction boundaries can stop it: replay without events, noting the
                // last boundary with a breakpoint before the current step.
                let points = &self.points;
                let at_point = |i: u32| point_before(points, i);
                if m.pos().block == 0 && m.pos().repeat == 0 && cp_step < r.cur {
                    if let Some(id) = instr_point_at(points, m.pos()) {
                        best = Some((cp_step, Hit::Instr(id)));
                    }
                }
                while m.step_count() < r.end.min(r.cur) && m.status() == Status::Running {
                    if !m.run_until(r.end.min(r.cur), |i| at_point(i).is_some()) {
                        break;
                    }
                    match at_point(m.pos().instruction) {
                        Some(id) if m.step_count() < r.cur => {
                            best = Some((m.step_count(), Hit::Instr(id)));
                        }
                        _ => break,
                    }
                }
            }
            while !self.only_instruction_points()
                && m.step_count() < r.end
                && m.status() == Status::Running
            {
                let p = m.step_count();
                if let Some(id) = instr_point_at(&self.points, m.pos()) {
                    if p < r.cur {
                        best = Some((p, Hit::Instr(id)));
                    }
                }
                // The block steps before the first that an enabled point may stop in or
                // before run without events (the whole instruction when none can).
                if let Some(next) = self
                    .next_observed(&m)
                    .filter(|&n| n > p)
                    .map(|n| n.min(r.end))
                {
                    m.run_to(next);
                    continue;
                }
                let scalars_before = watch_scalars.then(|| m.scalars().to_vec());
                let Some(ev) = m.step(Granularity::Block) else {
                    break;
                };
                let hit = check_event(&self.points, &self.program, &m, &ev).or_else(|| {
                    super::breakpoints::scalar_hit(
                        &self.points,
                        &self.program,
                        scalars_before.as_deref()?,
                        &m,
                    )
                });
                if let Some(h) = hit {
                    if m.step_count() < r.cur {
                        best = Some((m.step_count(), h));
                    }
                }
            }
            replayed += r.end - cp_step;
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
            r.end = cp_step;
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

    /// The step `n` units of `g` back from here (the start of the previous block, repeat or
    /// instruction, `n` times), found with at most one replay from a checkpoint: a unit index
    /// that never decreases along the run is compared instead of stepping back unit by unit.
    pub(super) fn back_target(&self, g: Granularity, n: u64) -> u64 {
        let cur = self.step_count();
        let p = self.machine.pos();
        let index = |m: &Machine| unit_index(m, g);
        let mid = match g {
            Granularity::Block => return cur.saturating_sub(n),
            Granularity::Repeat => p.block != 0,
            Granularity::Instruction => p.repeat != 0 || p.block != 0,
        };
        let want = index(&self.machine) as i128 - n as i128 + mid as i128;
        if want <= 0 {
            return 0;
        }
        let want = want as u64;
        // An index rises by at most one per step: `want − index` steps never pass the first
        // step where it reaches `want` (whole repeats of them on the fast path).
        self.replay_to_first(
            |m| index(m) >= want,
            |m| g == Granularity::Instruction && m.pos().instruction < want as u32,
            |m| want.saturating_sub(index(m)),
            cur,
        )
        .step_count()
    }

    /// The first step at or after position `target` (instruction, repeat, block in that
    /// order); None when the run ends before it.
    pub(super) fn step_of(&self, target: Pos) -> Option<u64> {
        let lex = |p: Pos| (p.instruction, p.repeat, p.block);
        let t = lex(target);
        let reached = |m: &Machine| lex(m.pos()) >= t;
        let m = self.replay_to_first(
            reached,
            |m| m.pos().instruction < target.instruction,
            // A step passes at most one repeat's start.
            |m| target.repeat.saturating_sub(m.pos().repeat) as u64,
            u64::MAX,
        );
        reached(&m).then_some(m.step_count())
    }

    /// The machine at the first step where `reached` holds (it holds from some step of the
    /// run on, and not before), or at step `limit`, or where the run ends: one replay from the
    /// latest checkpoint where it does not hold yet, whole instructions at a time (fast path)
    /// while `whole` says the current instruction ends before that step, then `gap` steps at
    /// a time (at least one; never past that step).
    fn replay_to_first(
        &self,
        reached: impl Fn(&Machine) -> bool,
        whole: impl Fn(&Machine) -> bool,
        gap: impl Fn(&Machine) -> u64,
        limit: u64,
    ) -> Machine {
        let mut m = self
            .history
            .before(limit)
            .find(|cp| !reached(cp.head()))
            .unwrap_or_else(|| self.history.nearest(0))
            .machine();
        while m.status() == Status::Running && m.step_count() < limit && whole(&m) {
            m.run_instruction();
        }
        while m.status() == Status::Running && m.step_count() < limit && !reached(&m) {
            let to = m.step_count().saturating_add(gap(&m).max(1));
            m.run_to(to.min(limit));
        }
        m
    }
}

fn unit(g: Granularity) -> &'static str {
    match g {
        Granularity::Block => "block",
        Granularity::Repeat => "repeat",
        Granularity::Instruction => "instruction",
    }
}

/// Units of `g` completed before a machine's position, an index that never decreases along a
/// run: instructions, or repeats plus the one-step instructions (scalar unit, sync, mask
/// register, zero repeats).
fn unit_index(m: &Machine, g: Granularity) -> u64 {
    match g {
        Granularity::Instruction => m.pos().instruction as u64,
        _ => {
            let c = m.counts();
            c.repeats + (m.step_count() - c.blocks)
        }
    }
}
