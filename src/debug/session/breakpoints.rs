//! Breakpoints and watchpoints: adding, enabling, deleting, and how a step event hits them.

use super::*;
use crate::base::dtype::{value_text, Value};
use crate::base::ir::Program;
use crate::debug::command::{CmpOp, Condition, WatchKind, WatchTarget};
use crate::sim::plan::AccessKind;
use crate::sim::{Access, Machine, Pos, StepEvent};

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
    /// After a step that changes scalar `index` (docs/format.md §10).
    Scalar { index: usize, label: String },
    /// After a block step that raised a diagnostic.
    Diagnostics,
    /// Before each pass over a source line (`break FILE:LINE`): its first instructions, sorted.
    Line { label: String, instrs: Vec<u32> },
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
            PointKind::Scalar { label, .. } => format!("watch {label} (scalar)"),
            PointKind::Diagnostics => "break-on diagnostics".into(),
            PointKind::Line { label, .. } => format!("break {label}"),
        };
        let state = if self.enabled { "" } else { " (disabled)" };
        format!("{}: {what}{state}", self.id)
    }
}

impl Session {
    // ------------------------------------------------------------------ breakpoints

    pub(super) fn add(&mut self, kind: PointKind) -> u32 {
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
        if let WatchTarget::Name(name) = target {
            if let Some(index) = self.program.scalars.iter().position(|s| &s.name == name) {
                return Ok(self.add(PointKind::Scalar {
                    index,
                    label: name.clone(),
                }));
            }
            if self.program.tensors.iter().any(|t| &t.name == name) {
                return Err(format!(
                    "watch needs an element or a range of tensor \"{name}\", e.g. {name}[5] or {name}[0..8]"
                ));
            }
            return Err(format!("no scalar or tensor named \"{name}\""));
        }
        let (start, end, label) = self.resolve(target)?;
        Ok(self.add(PointKind::Watch {
            start,
            end,
            kind,
            label,
        }))
    }

    pub(super) fn resolve(&self, target: &WatchTarget) -> Result<(u32, u32, String), String> {
        let ub = self.machine.ub().size();
        match target {
            WatchTarget::Bytes { start, end } => {
                if start >= end || !self.machine.ub().holds(*start as u64..*end as u64) {
                    return Err(format!(
                        "UB range {start:#x}..{end:#x} is empty or beyond the {ub}-byte UB (global memory: from {:#x})",
                        crate::sim::ub::GM_BASE
                    ));
                }
                Ok((*start, *end, format!("{start:#x}..{end:#x}")))
            }
            WatchTarget::Name(name) => Err(format!("\"{name}\" needs an element or a range")),
            WatchTarget::Elements { tensor, start, end } => {
                let t = self.tensor_by_name(tensor)?;
                let t = &self.program.tensors[t];
                if start >= end || *end > t.len {
                    return Err(format!(
                        "`{tensor}[{start}..{end}]` is outside `{tensor}` (0..{})",
                        t.len
                    ));
                }
                let label = if end - start == 1 {
                    format!("{tensor}[{start}]")
                } else {
                    format!("{tensor}[{start}..{end}]")
                };
                let hi = t.addr as u64 + t.dtype.bytes_for(*end as u64);
                Ok((t.elem_addr(*start) as u32, hi as u32, label))
            }
        }
    }

    pub(super) fn tensor_by_name(&self, name: &str) -> Result<usize, String> {
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
}

/// What stopped an event-checked step.
pub(super) enum Hit {
    Instr(u32),
    Diagnostic(u32, String),
    /// A watched scalar changed: the message says from what to what.
    Scalar(u32, String),
    Access {
        id: u32,
        reason: StopReason,
        label: String,
        access: Access,
        elements: Vec<ElementChange>,
    },
}

pub(super) fn cmp_text(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Lt => "<",
        CmpOp::Le => "<=",
        CmpOp::Gt => ">",
        CmpOp::Ge => ">=",
    }
}

/// The breakpoint before instruction `instruction` as a whole (at its first block).
pub(super) fn point_before(points: &[Breakpoint], instruction: u32) -> Option<u32> {
    let p = Pos {
        instruction,
        repeat: 0,
        block: 0,
    };
    instr_point_at(points, p)
}

/// The enabled instruction breakpoint at position `p`, if any.
pub(super) fn instr_point_at(points: &[Breakpoint], p: Pos) -> Option<u32> {
    points
        .iter()
        .filter(|b| b.enabled)
        .find_map(|b| match &b.kind {
            PointKind::Instr {
                instruction,
                repeat,
            } if *instruction == p.instruction && p.block == 0 => match repeat {
                None if p.repeat == 0 => Some(b.id),
                Some(r) if *r == p.repeat => Some(b.id),
                _ => None,
            },
            PointKind::Line { instrs, .. }
                if p.block == 0
                    && p.repeat == 0
                    && instrs.binary_search(&p.instruction).is_ok() =>
            {
                Some(b.id)
            }
            _ => None,
        })
}

/// The elements of `a` whose bytes intersect `lo..hi`, with old and new values.
pub(super) fn touched(program: &Program, a: &Access, lo: u32, hi: u32) -> Vec<ElementChange> {
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
                index: t.map_or(0, |t| t.elem_at(e as u64)),
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

pub(super) fn holds(v: Option<Value>, cond: &Condition) -> bool {
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
pub(super) fn check_event(
    points: &[Breakpoint],
    program: &Program,
    m: &Machine,
    ev: &StepEvent,
) -> Option<Hit> {
    for b in points.iter().filter(|b| b.enabled) {
        match &b.kind {
            PointKind::Instr { .. } | PointKind::Scalar { .. } | PointKind::Line { .. } => {}
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
                let lo = t.elem_addr(*index) as u32;
                let hi = lo + t.dtype.size();
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

/// The first enabled scalar watchpoint whose scalar differs between `before` and `m`.
pub(super) fn scalar_hit(
    points: &[Breakpoint],
    program: &Program,
    before: &[Option<Value>],
    m: &Machine,
) -> Option<Hit> {
    points
        .iter()
        .filter(|b| b.enabled)
        .find_map(|b| match &b.kind {
            PointKind::Scalar { index, label } => {
                let (old, new) = (before.get(*index).copied().flatten(), m.scalar(*index));
                (old != new).then(|| {
                    let d = program.scalars[*index].dtype;
                    Hit::Scalar(
                        b.id,
                        format!(
                            "watchpoint {}: scalar {label} changed {} → {}",
                            b.id,
                            value_text(old, d),
                            value_text(new, d)
                        ),
                    )
                })
            }
            _ => None,
        })
}
