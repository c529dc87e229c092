//! A debugging session over one program: the machine, breakpoints and watchpoints, history
//! for reverse execution, and the command interpreter shared by the UI prompt, replay scripts
//! and library users. Reads made to show state never count as accesses.
//!
//! The parts: this file (the session, its accessors and the command dispatch), `breakpoints`
//! (breakpoints, watchpoints and how a step event hits them), `motion` (forward, backward,
//! goto, reverse-continue, product switch, last writer), `stops` (stop records and position
//! text), `views` (text views for `where`, `print`, `x` and the UI's plan preview).
mod breakpoints;
mod job;
mod lines;
mod motion;
mod stops;
mod views;

use breakpoints::{check_event, instr_point_at, Hit};
pub use breakpoints::{Breakpoint, PointKind};
pub use job::{Job, JobProgress};
pub use lines::SourceAt;

use crate::base::dtype::{DType, Value};
use crate::base::ir::Program;
use crate::debug::command::Command;
use crate::debug::history::History;
use crate::sim::plan::AccessKind;
use crate::sim::{Granularity, Machine, Pos, Product, StepEvent};
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

/// The start of the error of a command stopped by the deadline ([`Session::set_deadline`]).
pub const TIMED_OUT: &str = "ran out of time";

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
    /// A recorded C++ kernel: the C++ call of the instruction at the stop (docs/format.md
    /// §12.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<SourceAt>,
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
    /// The scalars before the steps of `last_event` (what they changed is marked).
    scalars_before: Option<Vec<Option<Value>>>,
    stops: Vec<Stop>,
    /// Headless commands stop when this instant passes (`replay --timeout`).
    deadline: Option<Instant>,
    /// The run on the product before the last `product` switch, kept so that switching back
    /// costs one goto (`set_product`).
    parked: Option<Box<Parked>>,
}

/// A product's run set aside by a product switch: its machine and history.
#[derive(Clone, Debug)]
pub(super) struct Parked {
    pub product: Product,
    pub machine: Machine,
    pub history: History,
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Mode {
    Steps(Granularity, u64),
    /// To the next stop.
    Continue,
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
        let mut machine = Machine::new(program.clone(), product);
        // What a switch to another product can take over from this run (`set_product`).
        machine.keep_divergence();
        Session {
            history: History::new(&mut machine),
            program,
            product,
            machine,
            points: Vec::new(),
            next_id: 1,
            last_event: None,
            scalars_before: None,
            stops: Vec::new(),
            deadline: None,
            parked: None,
        }
    }

    /// Motion commands run by [`Session::apply`] stop where they are once `at` has passed,
    /// and the command fails with [`TIMED_OUT`] (`replay --timeout`).
    pub fn set_deadline(&mut self, at: Option<Instant>) {
        self.deadline = at;
    }

    /// Whether the deadline set with [`Session::set_deadline`] has passed.
    pub fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
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
        s.history = History::with(&mut s.machine, interval, budget);
        s
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

    // ------------------------------------------------------------------ commands

    /// Carries out one command. Errors are messages for the user (bad tensor, bad id, …).
    pub fn apply(&mut self, cmd: &Command) -> Result<Reply, String> {
        let mut r = Reply::default();
        // The motion commands are jobs (`job.rs`), here run to their end.
        let job = self.start_job(cmd);
        match cmd {
            Command::Step(..)
            | Command::Back(..)
            | Command::StepLine(_)
            | Command::BackLine(_)
            | Command::Continue
            | Command::ReverseContinue
            | Command::Goto(_)
            | Command::GotoPos(_) => {
                r.stop = job
                    .map(|j| self.finish_job_by(j, self.deadline))
                    .transpose()?
                    .flatten()
            }
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
            Command::BreakLine { file, line } => {
                let (id, on) = self.break_line(file, *line)?;
                let moved = if on != *line {
                    format!(" (line {line} makes no API call)")
                } else {
                    String::new()
                };
                r.text
                    .push(format!("breakpoint {id} at {file}:{on}{moved}"));
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
                if !self.machine.ub().holds(*addr as u64..*addr as u64 + 1) {
                    return Err(format!(
                        "address {addr:#x} is beyond the {}-byte UB and outside global memory",
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
                r.stop = job
                    .map(|j| self.finish_job_by(j, self.deadline))
                    .transpose()?
                    .flatten();
                r.text.push(format!("on {p} at step {}", self.step_count()));
            }
        }
        if let Some(s) = &r.stop {
            r.text.push(format!(
                "stopped at step {}: {}",
                s.position.step, s.message
            ));
        }
        Ok(r)
    }
}

pub(super) fn position(m: &Machine) -> Position {
    let p = m.pos();
    Position {
        step: m.step_count(),
        instruction: p.instruction,
        repeat: p.repeat,
        block: p.block,
    }
}
