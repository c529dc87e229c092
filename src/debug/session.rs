//! A debugging session over one program: the machine, breakpoints and watchpoints, history
//! for reverse execution, and the command interpreter shared by the UI prompt, replay scripts
//! and library users. Reads made to show state never count as accesses.

use crate::base::dtype::{DType, Value};
use crate::base::ir::Program;
use crate::debug::command::{CmpOp, Command, Condition, Format, WatchKind, WatchTarget};
use crate::debug::history::History;
use crate::program::{self, LoadError};
use crate::report::value_text;
use crate::sim::plan::AccessKind;
use crate::sim::{Access, Granularity, Machine, Pos, Product, Status, StepEvent};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

/// What a breakpoint reacts to.
#[derive(Clone, Debug, PartialEq)]
pub enum PointKind {
    /// Before instruction `instruction` (or its repeat `repeat`) executes.
    Instr {
        instruction: u32,
        repeat: Option<u32>,
    },
    /// After a block step whose active lanes read or write UB bytes `start..end`.
    Watch {
        start: u32,
        end: u32,
        kind: WatchKind,
        label: String,
    },
    /// After a block step that writes the element and makes the condition true.
    Cond {
        tensor: usize,
        index: u32,
        cond: Condition,
        label: String,
    },
    /// After a block step that raised a diagnostic.
    Diagnostics,
}

/// A breakpoint, watchpoint or condition, with its id (from 1, never reused).
#[derive(Clone, Debug, PartialEq)]
pub struct Breakpoint {
    pub id: u32,
    pub enabled: bool,
    pub kind: PointKind,
}

impl Breakpoint {
    pub fn describe(&self) -> String {
        let what = match &self.kind {
            PointKind::Instr {
                instruction,
                repeat: None,
            } => format!("break instr {instruction}"),
            PointKind::Instr {
                instruction,
                repeat: Some(r),
            } => {
                format!("break instr {instruction} repeat {r}")
            }
            PointKind::Watch { kind, label, .. } => format!("watch {label} {}", kind.name()),
            PointKind::Cond { label, .. } => format!("break-if {label}"),
            PointKind::Diagnostics => "break-on diagnostics".into(),
        };
        let state = if self.enabled { "" } else { " (disabled)" };
        format!("{}: {what}{state}", self.id)
    }
}

/// Where the session is: the step number and the next block to execute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Position {
    pub step: u64,
    pub instruction: u32,
    pub repeat: u32,
    pub block: u32,
}

/// Why execution stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    Breakpoint,
    Watchpoint,
    Condition,
    Diagnostic,
    /// The program finished.
    End,
    /// An instruction was rejected.
    Error,
    /// Reverse execution reached step 0.
    Start,
}

/// One element an access touched, for stop reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ElementChange {
    pub tensor: String,
    pub index: u32,
    pub addr: u32,
    pub lane: u32,
    pub old: String,
    pub new: String,
    /// The element's bytes differ after the step.
    pub changed: bool,
}

/// A stop: why, which point, where, and what the triggering step touched.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stop {
    pub reason: StopReason,
    pub id: Option<u32>,
    pub position: Position,
    pub message: String,
    /// For watchpoints and conditions: the operand, access kind and elements.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operand: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access: Option<AccessKind>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub elements: Vec<ElementChange>,
}

/// The most recent write to an address.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LastWrite {
    /// Step number of the block step that wrote it.
    pub step: u64,
    pub instruction: u32,
    pub repeat: u32,
    pub block: u32,
    pub operand: String,
    pub tensor: String,
    pub dtype: DType,
    pub addr: u32,
    pub value: String,
}

/// What a command printed, and the stop it caused.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    pub text: Vec<String>,
    pub stop: Option<Stop>,
}

/// A debugging session.
#[derive(Clone, Debug)]
pub struct Session {
    program: Arc<Program>,
    product: Product,
    machine: Machine,
    history: History,
    points: Vec<Breakpoint>,
    next_id: u32,
    last_event: Option<StepEvent>,
    stops: Vec<Stop>,
}

enum Mode {
    Steps(Granularity, u64),
    /// Continue for at most this many block steps.
    Continue(u64),
}

/// The result of a bounded continue.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress {
    /// Something stopped execution (or the program ended).
    Stopped(Stop),
    /// The step budget ran out first; call again to go on.
    Running,
}

/// Accesses kept in the last event of a multi-step command (a whole repeat or instruction).
const MAX_AGGREGATED_ACCESSES: usize = 8192;

impl Session {
    /// A session at step 0 of `program` on `product`.
    pub fn new(program: Arc<Program>, product: Product) -> Session {
        let machine = Machine::new(program.clone(), product);
        Session {
            history: History::new(&machine),
            program,
            product,
            machine,
            points: Vec::new(),
            next_id: 1,
            last_event: None,
            stops: Vec::new(),
        }
    }

    /// A session whose history starts with a checkpoint every `interval` steps and keeps at
    /// most `budget` of them (tests use small values to exercise thinning).
    pub fn with_history(
        program: Arc<Program>,
        product: Product,
        interval: u64,
        budget: usize,
    ) -> Session {
        let mut s = Session::new(program, product);
        s.history = History::with(&s.machine, interval, budget);
        s
    }

    /// Loads a program file and starts a session on its own product.
    pub fn load(path: &Path) -> Result<Session, LoadError> {
        let p = Arc::new(program::load(path)?);
        let product = p.product;
        Ok(Session::new(p, product))
    }

    pub fn program(&self) -> &Arc<Program> {
        &self.program
    }
    pub fn product(&self) -> Product {
        self.product
    }
    /// The machine, for read-only inspection (reads never trigger watchpoints).
    pub fn machine(&self) -> &Machine {
        &self.machine
    }
    pub fn history(&self) -> &History {
        &self.history
    }
    pub fn breakpoints(&self) -> &[Breakpoint] {
        &self.points
    }
    /// Every stop so far, oldest first.
    pub fn stops(&self) -> &[Stop] {
        &self.stops
    }
    /// What the most recent step (or multi-step command) did.
    pub fn last_event(&self) -> Option<&StepEvent> {
        self.last_event.as_ref()
    }
    pub fn step_count(&self) -> u64 {
        self.machine.step_count()
    }
    pub fn position(&self) -> Position {
        position(&self.machine)
    }

    /// Index of a tensor by name.
    pub fn tensor_index(&self, name: &str) -> Option<usize> {
        self.program.tensors.iter().position(|t| t.name == name)
    }

    /// A tensor's elements in the current state (None = uninitialised).
    pub fn tensor(&self, name: &str) -> Option<Vec<Option<Value>>> {
        self.tensor_index(name)
            .map(|t| self.machine.tensor_values(t))
    }

    /// One element of a tensor in the current state.
    pub fn element(&self, name: &str, i: u32) -> Option<Value> {
        self.machine.element(self.tensor_index(name)?, i)
    }

    // ------------------------------------------------------------------ breakpoints

    fn add(&mut self, kind: PointKind) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.points.push(Breakpoint {
            id,
            enabled: true,
            kind,
        });
        id
    }

    /// Breaks before instruction `instruction` (or its repeat `repeat`) executes.
    pub fn break_instr(&mut self, instruction: u32, repeat: Option<u32>) -> Result<u32, String> {
        let n = self.program.code.len();
        if instruction as usize >= n {
            return Err(format!(
                "there is no instruction {instruction}; the program has {n} (0..{n})"
            ));
        }
        Ok(self.add(PointKind::Instr {
            instruction,
            repeat,
        }))
    }

    /// Watches UB bytes or tensor elements for reads, writes or both.
    pub fn watch(&mut self, target: &WatchTarget, kind: WatchKind) -> Result<u32, String> {
        let (start, end, label) = self.resolve(target)?;
        Ok(self.add(PointKind::Watch {
            start,
            end,
            kind,
            label,
        }))
    }

    fn resolve(&self, target: &WatchTarget) -> Result<(u32, u32, String), String> {
        let ub = self.machine.ub().size();
        match target {
            WatchTarget::Bytes { start, end } => {
                if start >= end || *end > ub {
                    return Err(format!(
                        "UB range {start:#x}..{end:#x} is empty or beyond the {ub}-byte UB"
                    ));
                }
                Ok((*start, *end, format!("{start:#x}..{end:#x}")))
            }
            WatchTarget::Elements { tensor, start, end } => {
                let t = self.tensor_by_name(tensor)?;
                let t = &self.program.tensors[t];
                if start >= end || *end > t.len {
                    return Err(format!(
                        "`{tensor}[{start}..{end}]` is outside `{tensor}` (0..{})",
                        t.len
                    ));
                }
                let s = t.dtype.size();
                let label = if end - start == 1 {
                    format!("{tensor}[{start}]")
                } else {
                    format!("{tensor}[{start}..{end}]")
                };
                Ok((t.addr + start * s, t.addr + end * s, label))
            }
        }
    }

    fn tensor_by_name(&self, name: &str) -> Result<usize, String> {
        self.tensor_index(name).ok_or_else(|| {
            let names: Vec<&str> = self
                .program
                .tensors
                .iter()
                .map(|t| t.name.as_str())
                .collect();
            format!("no tensor `{name}`; tensors: {}", names.join(", "))
        })
    }

    /// Breaks after a step that writes `tensor[index]` and makes `cond` true.
    pub fn break_if(&mut self, tensor: &str, index: u32, cond: Condition) -> Result<u32, String> {
        let t = self.tensor_by_name(tensor)?;
        let len = self.program.tensors[t].len;
        if index >= len {
            return Err(format!(
                "`{tensor}[{index}]` is outside `{tensor}` (0..{len})"
            ));
        }
        let text = match &cond {
            Condition::Compare(op, v) => format!("{} {v}", cmp_text(*op)),
            Condition::IsNan => "is nan".into(),
            Condition::IsInf => "is inf".into(),
            Condition::Changed => "changed".into(),
        };
        let label = format!("{tensor}[{index}] {text}");
        Ok(self.add(PointKind::Cond {
            tensor: t,
            index,
            cond,
            label,
        }))
    }

    /// Breaks after any step that raises a diagnostic.
    pub fn break_on_diagnostics(&mut self) -> u32 {
        self.add(PointKind::Diagnostics)
    }

    pub fn set_enabled(&mut self, id: u32, enabled: bool) -> Result<(), String> {
        let p = self
            .points
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or(format!("no breakpoint {id}"))?;
        p.enabled = enabled;
        Ok(())
    }

    pub fn delete(&mut self, id: u32) -> Result<(), String> {
        let n = self.points.len();
        self.points.retain(|p| p.id != id);
        if self.points.len() == n {
            return Err(format!("no breakpoint {id}"));
        }
        Ok(())
    }

    /// Toggles an instruction breakpoint (the UI's `b`): removes one at `instruction` (without a
    /// repeat) if present, else adds it. Returns the new id when added.
    pub fn toggle_breakpoint(&mut self, instruction: u32) -> Result<Option<u32>, String> {
        let found = self.points.iter().position(|p| {
            p.kind
                == PointKind::Instr {
                    instruction,
                    repeat: None,
                }
        });
        match found {
            Some(i) => {
                self.points.remove(i);
                Ok(None)
            }
            None => self.break_instr(instruction, None).map(Some),
        }
    }

    // ------------------------------------------------------------------ moving

    /// Steps forward `n` units of `g`; stops early at breakpoints, watchpoints or the end.
    pub fn step(&mut self, g: Granularity, n: u64) -> Option<Stop> {
        self.forward(Mode::Steps(g, n.max(1)))
    }

    /// Runs forward to the next stop.
    pub fn cont(&mut self) -> Option<Stop> {
        self.forward(Mode::Continue(u64::MAX))
    }

    /// Runs forward at most `budget` block steps, so a UI can stay responsive and let the user
    /// interrupt a long continue between calls.
    pub fn cont_for(&mut self, budget: u64) -> Progress {
        match self.forward(Mode::Continue(budget.max(1))) {
            Some(s) => Progress::Stopped(s),
            None => Progress::Running,
        }
    }

    fn forward(&mut self, mode: Mode) -> Option<Stop> {
        let aggregate = matches!(mode, Mode::Steps(g, _) if g != Granularity::Block);
        let mut agg: Option<StepEvent> = None;
        let mut executed = 0u64;
        let mut units = 0u64;
        let stop = loop {
            if self.machine.status() != Status::Running {
                break Some(self.end_stop());
            }
            if executed > 0 {
                if let Some(id) = instr_point_at(&self.points, self.machine.pos()) {
                    let msg = format!(
                        "breakpoint {id}: before instruction {}",
                        self.describe_pos()
                    );
                    break Some(self.make_stop(StopReason::Breakpoint, Some(id), msg));
                }
            }
            let before = self.machine.pos();
            let Some(ev) = self.machine.step(Granularity::Block) else {
                break Some(self.end_stop());
            };
            self.history.record(&self.machine);
            executed += 1;
            let hit = check_event(&self.points, &self.program, &self.machine, &ev);
            if aggregate {
                match agg.as_mut() {
                    None => agg = Some(ev),
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
                agg = Some(ev);
            }
            if let Some(h) = hit {
                self.last_event = agg.take();
                break Some(self.hit_stop(h));
            }
            if self.machine.status() != Status::Running {
                self.last_event = agg.take();
                break Some(self.end_stop());
            }
            if let Mode::Continue(budget) = mode {
                if executed >= budget {
                    break None;
                }
            }
            if let Mode::Steps(g, n) = mode {
                let after = self.machine.pos();
                let crossed = match g {
                    Granularity::Block => true,
                    Granularity::Repeat => {
                        after.instruction != before.instruction || after.repeat != before.repeat
                    }
                    Granularity::Instruction => after.instruction != before.instruction,
                };
                if crossed {
                    units += 1;
                    if units >= n {
                        break None;
                    }
                }
            }
        };
        if agg.is_some() {
            self.last_event = agg;
        }
        if let Some(s) = &stop {
            self.stops.push(s.clone());
        }
        stop
    }

    /// Moves back `n` units of `g` (to the start of the previous block, repeat or instruction).
    pub fn back(&mut self, g: Granularity, n: u64) -> Option<Stop> {
        let mut target = self.step_count();
        for _ in 0..n.max(1) {
            if target == 0 {
                break;
            }
            target = self.unit_start_before(g, target);
        }
        self.goto(target);
        if target == 0 {
            let s = self.make_stop(
                StopReason::Start,
                None,
                "at the start of the program (step 0)".into(),
            );
            self.stops.push(s.clone());
            return Some(s);
        }
        None
    }

    /// The step at which the unit of `g` before step `from` starts.
    fn unit_start_before(&self, g: Granularity, from: u64) -> u64 {
        let offset = |p: Pos| match g {
            Granularity::Block => 0,
            Granularity::Repeat => p.block as u64,
            Granularity::Instruction => p.repeat as u64 * 8 + p.block as u64,
        };
        let pos_at = |s: u64| {
            if s == self.step_count() {
                self.machine.pos()
            } else {
                self.history.machine_at(s).pos()
            }
        };
        let here = offset(pos_at(from));
        if here > 0 && g != Granularity::Block {
            return from - here;
        }
        let prev = from - 1;
        prev - offset(pos_at(prev)).min(prev)
    }

    /// Puts the machine before step `target` (clamped to the last reachable step), without
    /// stopping at breakpoints. The last event becomes that of step `target − 1`.
    pub fn goto(&mut self, target: u64) {
        if target < self.step_count() {
            self.machine = self.history.nearest(target).clone();
        }
        if target > 0 {
            self.advance_to(target - 1);
            if self.machine.step_count() == target - 1 && self.machine.status() == Status::Running {
                self.last_event = self.machine.step(Granularity::Block);
                self.history.record(&self.machine);
            } else {
                self.last_event = None;
            }
        } else {
            self.last_event = None;
        }
    }

    /// Runs forward without events to `target`, leaving checkpoints on the way.
    fn advance_to(&mut self, target: u64) {
        while self.machine.step_count() < target && self.machine.status() == Status::Running {
            let s = self.machine.step_count();
            let next_cp = (s / self.history.interval() + 1) * self.history.interval();
            self.machine.run_to(next_cp.min(target));
            if self.machine.step_count() == s {
                break;
            }
            self.history.record(&self.machine);
        }
    }

    /// Goes back to the most recent earlier position where going forward would have stopped,
    /// or to step 0.
    pub fn reverse_continue(&mut self) -> Option<Stop> {
        let cur = self.step_count();
        let mut end = cur;
        let starts: Vec<Machine> = self
            .history
            .before(cur.saturating_sub(1))
            .cloned()
            .collect();
        for cp in starts {
            let cp_step = cp.step_count();
            if cp_step >= end {
                continue;
            }
            let mut m = cp;
            let mut best: Option<(u64, Hit)> = None;
            while m.step_count() < end && m.status() == Status::Running {
                let p = m.step_count();
                if let Some(id) = instr_point_at(&self.points, m.pos()) {
                    if p < cur {
                        best = Some((p, Hit::Instr(id)));
                    }
                }
                let Some(ev) = m.step(Granularity::Block) else {
                    break;
                };
                if let Some(h) = check_event(&self.points, &self.program, &m, &ev) {
                    if m.step_count() < cur {
                        best = Some((m.step_count(), h));
                    }
                }
            }
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
            end = cp_step;
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

    /// Back to step 0, keeping breakpoints.
    pub fn restart(&mut self) {
        self.goto(0);
    }

    /// Restarts the program on another product, keeping breakpoints.
    pub fn set_product(&mut self, product: Product) {
        let keep = (
            self.points.clone(),
            self.next_id,
            std::mem::take(&mut self.stops),
        );
        *self = Session::new(self.program.clone(), product);
        (self.points, self.next_id, self.stops) = keep;
    }

    /// The most recent write to UB byte `addr` before the current position.
    pub fn last_writer(&self, addr: u32) -> Option<LastWrite> {
        let cur = self.step_count();
        let mut end = cur;
        for cp in self.history.before(cur.saturating_sub(1)) {
            if cp.step_count() >= end {
                continue;
            }
            let mut m = cp.clone();
            let mut found = None;
            while m.step_count() < end && m.status() == Status::Running {
                let Some(ev) = m.step(Granularity::Block) else {
                    break;
                };
                for a in ev
                    .accesses
                    .iter()
                    .filter(|a| a.kind == AccessKind::Write && a.touches(addr, addr + 1))
                {
                    found = Some(self.last_write_of(&ev, a, addr));
                }
            }
            if found.is_some() {
                return found;
            }
            end = cp.step_count();
        }
        None
    }

    fn last_write_of(&self, ev: &StepEvent, a: &Access, addr: u32) -> LastWrite {
        let s = a.elem_size();
        let (i, &ea) = a
            .addrs
            .iter()
            .enumerate()
            .find(|(_, &e)| e <= addr && addr < e + s)
            .unwrap_or((0, &a.addrs[0]));
        let bytes = &a.after[i * s as usize..(i + 1) * s as usize];
        LastWrite {
            step: ev.first_step,
            instruction: ev.pos.instruction,
            repeat: ev.pos.repeat,
            block: ev.pos.block,
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

    // ------------------------------------------------------------------ stops

    fn end_stop(&self) -> Stop {
        match self.machine.status() {
            Status::Failed => {
                let d = self
                    .machine
                    .diagnostics()
                    .iter()
                    .rev()
                    .find(|d| d.is_error());
                let msg = d.map_or("the program is invalid".into(), |d| {
                    format!("error[{}]: {}", d.code, d.message)
                });
                self.make_stop(StopReason::Error, None, msg)
            }
            _ => {
                let c = self.machine.counts();
                let msg = format!(
                    "program finished: {} instructions, {} repeats, {} blocks",
                    c.instructions, c.repeats, c.blocks
                );
                self.make_stop(StopReason::End, None, msg)
            }
        }
    }

    fn make_stop(&self, reason: StopReason, id: Option<u32>, message: String) -> Stop {
        Stop {
            reason,
            id,
            position: self.position(),
            message,
            operand: None,
            access: None,
            elements: Vec::new(),
        }
    }

    fn hit_stop(&self, h: Hit) -> Stop {
        match h {
            Hit::Instr(id) => {
                self.make_stop(StopReason::Breakpoint, Some(id), format!("breakpoint {id}"))
            }
            Hit::Diagnostic(id, msg) => self.make_stop(StopReason::Diagnostic, Some(id), msg),
            Hit::Access {
                id,
                reason,
                label,
                access,
                elements,
            } => {
                let what = match access.kind {
                    AccessKind::Read => "read",
                    AccessKind::Write => "wrote",
                };
                let kind = if reason == StopReason::Watchpoint {
                    "watchpoint"
                } else {
                    "condition"
                };
                let lanes: Vec<String> = elements.iter().map(|e| e.lane.to_string()).collect();
                let mut msg = format!(
                    "{kind} {id} ({label}): {} `{}` {what} lane{} {} at {}",
                    access.role,
                    self.program
                        .tensors
                        .get(access.tensor)
                        .map_or("?", |t| t.name.as_str()),
                    if lanes.len() == 1 { "" } else { "s" },
                    lanes.join(","),
                    self.describe_event_pos(),
                );
                for e in elements.iter().take(8) {
                    let _ = write!(msg, "; {}[{}] {} → {}", e.tensor, e.index, e.old, e.new);
                }
                Stop {
                    operand: Some(access.role.to_string()),
                    access: Some(access.kind),
                    elements,
                    ..self.make_stop(reason, Some(id), msg)
                }
            }
        }
    }

    fn describe_event_pos(&self) -> String {
        match &self.last_event {
            Some(ev) => self.describe(ev.pos),
            None => self.describe_pos(),
        }
    }

    fn describe_pos(&self) -> String {
        self.describe(self.machine.pos())
    }

    /// "2 `Add` (line 14), repeat 1 of 4, block 3"
    pub fn describe(&self, p: Pos) -> String {
        match self.program.code.get(p.instruction as usize) {
            Some(i) => {
                let repeats = self
                    .machine
                    .current_plan()
                    .filter(|_| self.machine.pos().instruction == p.instruction)
                    .map(|pl| format!(" of {}", pl.repeats))
                    .unwrap_or_default();
                format!(
                    "{} `{}` (line {}), repeat {}{repeats}, block {}",
                    p.instruction,
                    i.op.name(),
                    i.span.line,
                    p.repeat,
                    p.block
                )
            }
            None => format!("{} (end of program)", p.instruction),
        }
    }

    // ------------------------------------------------------------------ commands

    /// Carries out one command. Errors are messages for the user (bad tensor, bad id, …).
    pub fn apply(&mut self, cmd: &Command) -> Result<Reply, String> {
        let mut r = Reply::default();
        match cmd {
            Command::Step(g, n) => r.stop = self.step(*g, *n),
            Command::Back(g, n) => r.stop = self.back(*g, *n),
            Command::Continue => r.stop = self.cont(),
            Command::ReverseContinue => r.stop = self.reverse_continue(),
            Command::Goto(s) => self.goto(*s),
            Command::Restart => self.restart(),
            Command::BreakInstr {
                instruction,
                repeat,
            } => {
                let id = self.break_instr(*instruction, *repeat)?;
                r.text.push(format!(
                    "breakpoint {id} at instruction {instruction}{}",
                    repeat.map(|x| format!(" repeat {x}")).unwrap_or_default()
                ));
            }
            Command::Watch(t, k) => {
                let id = self.watch(t, *k)?;
                r.text.push(
                    self.points
                        .last()
                        .map(|p| format!("watchpoint {}", p.describe()))
                        .unwrap_or(format!("watchpoint {id}")),
                );
            }
            Command::BreakIf {
                tensor,
                index,
                cond,
            } => {
                let id = self.break_if(tensor, *index, cond.clone())?;
                r.text.push(
                    self.points
                        .last()
                        .map(|p| format!("condition {}", p.describe()))
                        .unwrap_or(format!("condition {id}")),
                );
            }
            Command::BreakOnDiagnostics => {
                let id = self.break_on_diagnostics();
                r.text.push(format!("breakpoint {id} on diagnostics"));
            }
            Command::Enable(id) => self.set_enabled(*id, true)?,
            Command::Disable(id) => self.set_enabled(*id, false)?,
            Command::Delete(id) => self.delete(*id)?,
            Command::InfoBreakpoints => {
                if self.points.is_empty() {
                    r.text.push("no breakpoints".into());
                }
                r.text.extend(self.points.iter().map(|p| p.describe()));
            }
            Command::Where => r.text.extend(self.where_text()),
            Command::Print {
                tensor,
                range,
                format,
            } => r.text.extend(self.print_text(tensor, *range, *format)?),
            Command::Examine { addr, len, format } => {
                r.text.extend(self.examine_text(*addr, *len, *format)?)
            }
            Command::LastWriter(addr) => {
                if *addr >= self.machine.ub().size() {
                    return Err(format!(
                        "address {addr:#x} is beyond the {}-byte UB",
                        self.machine.ub().size()
                    ));
                }
                r.text.push(match self.last_writer(*addr) {
                    Some(w) => format!(
                        "{addr:#x} last written at step {} by instruction {}: {} `{}` element at {:#x} = {} ({})",
                        w.step,
                        self.describe(Pos { instruction: w.instruction, repeat: w.repeat, block: w.block }),
                        w.operand,
                        w.tensor,
                        w.addr,
                        w.value,
                        w.dtype
                    ),
                    None => format!("{addr:#x} has not been written by an instruction before step {}", self.step_count()),
                });
            }
            Command::Product(p) => {
                self.set_product(*p);
                r.text.push(format!("restarted on {p}"));
            }
            Command::Key(_) => {}
        }
        if let Some(s) = &r.stop {
            r.text.push(format!(
                "stopped at step {}: {}",
                s.position.step, s.message
            ));
        }
        Ok(r)
    }

    /// The `where` lines.
    pub fn where_text(&self) -> Vec<String> {
        let m = &self.machine;
        let mut out = Vec::new();
        let head = match m.status() {
            Status::Finished => format!("step {}: program finished", m.step_count()),
            Status::Failed => format!(
                "step {}: stopped by an error before instruction {}",
                m.step_count(),
                self.describe_pos()
            ),
            Status::Running => format!(
                "step {}: before instruction {}",
                m.step_count(),
                self.describe_pos()
            ),
        };
        out.push(format!("{head} on {}", self.product));
        let mask = m.mask();
        out.push(format!(
            "mask register: {} mode, high {:#018x}, low {:#018x}",
            match mask.mode {
                crate::sim::mask::MaskMode::Normal => "normal",
                crate::sim::mask::MaskMode::Counter => "counter",
            },
            mask.high,
            mask.low
        ));
        out
    }

    /// The `print` lines.
    pub fn print_text(
        &self,
        tensor: &str,
        range: Option<(u32, u32)>,
        format: Format,
    ) -> Result<Vec<String>, String> {
        let t = self.tensor_by_name(tensor)?;
        let t = &self.program.tensors[t];
        let (a, b) = range.unwrap_or((0, t.len));
        if a >= b || b > t.len {
            return Err(format!(
                "`{tensor}[{a}..{b}]` is outside `{tensor}` (0..{})",
                t.len
            ));
        }
        let s = t.dtype.size();
        let (start, end) = (t.addr + a * s, t.addr + b * s);
        let dt = match format {
            Format::As(d) => d,
            _ => t.dtype,
        };
        let head = format!(
            "{tensor}[{a}..{b}] as {}:",
            if format == Format::Hex {
                "hex".to_string()
            } else {
                dt.to_string()
            }
        );
        let mut out = vec![head];
        out.extend(self.dump(
            start,
            end,
            if format == Format::Hex {
                None
            } else {
                Some(dt)
            },
        ));
        Ok(out)
    }

    /// The `x` lines.
    pub fn examine_text(&self, addr: u32, len: u32, format: Format) -> Result<Vec<String>, String> {
        let ub = self.machine.ub().size();
        let end = addr
            .checked_add(len)
            .filter(|&e| e <= ub)
            .ok_or(format!("{addr:#x}+{len} is beyond the {ub}-byte UB"))?;
        let dt = match format {
            Format::As(d) => Some(d),
            _ => None,
        };
        Ok(self.dump(addr, end, dt))
    }

    /// Rows of bytes (hex, `..` uninitialised) or typed values (`·` uninitialised), each led
    /// by its address.
    fn dump(&self, start: u32, end: u32, dt: Option<DType>) -> Vec<String> {
        let ub = self.machine.ub();
        let mut out = Vec::new();
        match dt {
            None => {
                let mut a = start;
                while a < end {
                    let row_end = (a + 16).min(end);
                    let mut line = format!("  {a:#07x}:");
                    for x in a..row_end {
                        if ub.is_init(x) {
                            let _ = write!(line, " {:02x}", ub.bytes()[x as usize]);
                        } else {
                            line.push_str(" ..");
                        }
                    }
                    out.push(line);
                    a = row_end;
                }
            }
            Some(d) => {
                let s = d.size();
                let n = (end - start) / s;
                let per_row = (32 / s).max(8);
                let mut i = 0;
                while i < n {
                    let row = (i + per_row).min(n);
                    let a0 = start + i * s;
                    let mut line = format!("  {a0:#07x}:");
                    for j in i..row {
                        let a = start + j * s;
                        let v = ub.all_init(a..a + s).then(|| d.decode(ub.slice(a..a + s)));
                        let _ = write!(line, " {}", value_text(v, d));
                    }
                    out.push(line);
                    i = row;
                }
            }
        }
        out
    }
}

/// What stopped an event-checked step.
enum Hit {
    Instr(u32),
    Diagnostic(u32, String),
    Access {
        id: u32,
        reason: StopReason,
        label: String,
        access: Access,
        elements: Vec<ElementChange>,
    },
}

fn position(m: &Machine) -> Position {
    let p = m.pos();
    Position {
        step: m.step_count(),
        instruction: p.instruction,
        repeat: p.repeat,
        block: p.block,
    }
}

fn cmp_text(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Lt => "<",
        CmpOp::Le => "<=",
        CmpOp::Gt => ">",
        CmpOp::Ge => ">=",
    }
}

/// The enabled instruction breakpoint at position `p`, if any.
fn instr_point_at(points: &[Breakpoint], p: Pos) -> Option<u32> {
    points
        .iter()
        .filter(|b| b.enabled)
        .find_map(|b| match b.kind {
            PointKind::Instr {
                instruction,
                repeat,
            } if instruction == p.instruction && p.block == 0 => match repeat {
                None if p.repeat == 0 => Some(b.id),
                Some(r) if r == p.repeat => Some(b.id),
                _ => None,
            },
            _ => None,
        })
}

/// The elements of `a` whose bytes intersect `lo..hi`, with old and new values.
fn touched(program: &Program, a: &Access, lo: u32, hi: u32) -> Vec<ElementChange> {
    let s = a.elem_size();
    let t = program.tensors.get(a.tensor);
    a.addrs
        .iter()
        .enumerate()
        .filter(|(_, &e)| e < hi && e + s > lo)
        .map(|(i, &e)| {
            let (b0, b1) = (i * s as usize, (i + 1) * s as usize);
            ElementChange {
                tensor: t.map_or(String::new(), |t| t.name.clone()),
                index: t.map_or(0, |t| (e.saturating_sub(t.addr)) / t.dtype.size().max(1)),
                addr: e,
                lane: a.lanes.get(i).copied().unwrap_or(0),
                old: value_text(
                    a.init_before
                        .get(i)
                        .copied()
                        .unwrap_or(true)
                        .then(|| a.dtype.decode(&a.before[b0..b1])),
                    a.dtype,
                ),
                new: value_text(Some(a.dtype.decode(&a.after[b0..b1])), a.dtype),
                changed: a.before[b0..b1] != a.after[b0..b1],
            }
        })
        .collect()
}

fn holds(v: Option<Value>, cond: &Condition) -> bool {
    let Some(v) = v else { return false };
    let x = match v {
        Value::Int(i) => i as f64,
        Value::Float(f) => f,
    };
    match cond {
        Condition::IsNan => x.is_nan(),
        Condition::IsInf => x.is_infinite(),
        Condition::Changed => true,
        // `== nan` matches any NaN and `!= nan` any other value, as exact expectations do.
        Condition::Compare(CmpOp::Eq, y) if y.is_nan() => x.is_nan(),
        Condition::Compare(CmpOp::Ne, y) if y.is_nan() => !x.is_nan(),
        Condition::Compare(op, y) => match op {
            CmpOp::Eq => x == *y,
            CmpOp::Ne => x != *y,
            CmpOp::Lt => x < *y,
            CmpOp::Le => x <= *y,
            CmpOp::Gt => x > *y,
            CmpOp::Ge => x >= *y,
        },
    }
}

/// The first enabled event point (in id order) that the step `ev` triggers.
fn check_event(
    points: &[Breakpoint],
    program: &Program,
    m: &Machine,
    ev: &StepEvent,
) -> Option<Hit> {
    for b in points.iter().filter(|b| b.enabled) {
        match &b.kind {
            PointKind::Instr { .. } => {}
            PointKind::Diagnostics => {
                if let Some(d) = ev.diagnostics.first() {
                    let msg = format!(
                        "breakpoint {} on diagnostics: {}[{}]: {}",
                        b.id,
                        if d.is_error() { "error" } else { "warning" },
                        d.code,
                        d.message
                    );
                    return Some(Hit::Diagnostic(b.id, msg));
                }
            }
            PointKind::Watch {
                start,
                end,
                kind,
                label,
            } => {
                for a in ev.accesses.iter().filter(|a| kind.matches(a.kind)) {
                    let elements = touched(program, a, *start, *end);
                    if !elements.is_empty() {
                        return Some(Hit::Access {
                            id: b.id,
                            reason: StopReason::Watchpoint,
                            label: label.clone(),
                            access: a.clone(),
                            elements,
                        });
                    }
                }
            }
            PointKind::Cond {
                tensor,
                index,
                cond,
                label,
            } => {
                let Some(t) = program.tensors.get(*tensor) else {
                    continue;
                };
                let s = t.dtype.size();
                let (lo, hi) = (t.addr + index * s, t.addr + (index + 1) * s);
                for a in ev.accesses.iter().filter(|a| a.kind == AccessKind::Write) {
                    let elements = touched(program, a, lo, hi);
                    if elements.is_empty() {
                        continue;
                    }
                    let fire = match cond {
                        Condition::Changed => elements.iter().any(|e| e.changed),
                        c => holds(m.element(*tensor, *index), c),
                    };
                    if fire {
                        return Some(Hit::Access {
                            id: b.id,
                            reason: StopReason::Condition,
                            label: label.clone(),
                            access: a.clone(),
                            elements,
                        });
                    }
                }
            }
        }
    }
    None
}
