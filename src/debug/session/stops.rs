//! Stop records and the text that names a position.

use super::*;
use crate::sim::plan::AccessKind;
use crate::sim::{Pos, Status};
use std::fmt::Write as _;

impl Session {
    // ------------------------------------------------------------------ stops

    pub(super) fn end_stop(&self) -> Stop {
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

    pub(super) fn make_stop(&self, reason: StopReason, id: Option<u32>, message: String) -> Stop {
        Stop {
            reason,
            id,
            position: self.position(),
            message,
            operand: None,
            access: None,
            elements: Vec::new(),
            source: self.cpp_at(),
        }
    }

    pub(super) fn hit_stop(&self, h: Hit) -> Stop {
        match h {
            Hit::Instr(id) => {
                self.make_stop(StopReason::Breakpoint, Some(id), format!("breakpoint {id}"))
            }
            Hit::Diagnostic(id, msg) => self.make_stop(StopReason::Diagnostic, Some(id), msg),
            Hit::Scalar(id, msg) => self.make_stop(StopReason::Watchpoint, Some(id), msg),
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

    pub(super) fn describe_event_pos(&self) -> String {
        match &self.last_event {
            Some(ev) => self.describe(ev.pos),
            None => self.describe_pos(),
        }
    }

    pub(super) fn describe_pos(&self) -> String {
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
                let k = p.instruction as usize;
                let at = match self.origins() {
                    Some(o) => match (o.position(k), o.sites.get(k)) {
                        (Some(at), Some(s)) => {
                            format!("{at} in {}, launch block {}", o.function(s), s.block)
                        }
                        _ => String::new(),
                    },
                    None => format!("line {}", i.span.line),
                };
                format!(
                    "{} `{}` ({at}), repeat {}{repeats}, block {}",
                    p.instruction,
                    i.op.name(),
                    p.repeat,
                    p.block
                )
            }
            None => format!("{} (end of program)", p.instruction),
        }
    }
}
