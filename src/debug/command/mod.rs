//! The one command language of the debugger: typed at the `:` prompt, read from replay
//! scripts, or built by Rust tests. `parse_line` turns one line into a `Command`; the grammar is
//! documented in docs/commands.md. UI-only lines (`key KEY`) are the terminal UI's.
//!
//! The parts: this file (the `Command` enum and its argument types), `parse` (the parser),
//! `tests`.
mod complete;
mod parse;
#[cfg(test)]
mod tests;
mod values;

pub use complete::{common_prefix, complete};
pub use parse::{parse_line, split_words};

use crate::base::dtype::DType;
use crate::sim::plan::AccessKind;
use crate::sim::{Granularity, Pos, Product};

/// What a watchpoint reacts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchKind {
    Read,
    Write,
    Any,
}

impl WatchKind {
    pub fn matches(self, k: AccessKind) -> bool {
        match self {
            WatchKind::Any => true,
            WatchKind::Read => k == AccessKind::Read,
            WatchKind::Write => k == AccessKind::Write,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            WatchKind::Read => "read",
            WatchKind::Write => "write",
            WatchKind::Any => "any",
        }
    }
}

/// What a watchpoint covers: raw UB bytes, or elements of a named tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchTarget {
    /// UB bytes `start..end`.
    Bytes { start: u32, end: u32 },
    /// Elements `start..end` of a tensor.
    Elements {
        tensor: String,
        start: u32,
        end: u32,
    },
    /// A bare name: a scalar of the scalar unit (docs/format.md §10), watched for changes.
    Name(String),
}

/// A comparison in `break-if`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// The condition of `break-if TENSOR[I] …`.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    /// `z[5] == 3` (any of `== != < <= > >=`); the value is parsed as a number (`nan`, `inf`,
    /// `-inf` allowed).
    Compare(CmpOp, f64),
    /// `z[5] is nan`
    IsNan,
    /// `z[5] is inf` (either sign)
    IsInf,
    /// `z[5] changed`: the element's bytes differ after a step.
    Changed,
}

/// How `print` and `x` show bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The tensor's own dtype (`print`) or bytes as hex (`x` default).
    Natural,
    Hex,
    As(DType),
}

/// One debugger command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `step [block|repeat|instr] [N]`
    Step(Granularity, u64),
    /// `back [block|repeat|instr] [N]`
    Back(Granularity, u64),
    /// `step line [N]` (`next`): to the start of the N-th next source-line pass.
    StepLine(u64),
    /// `back line [N]`: to the start of the current source-line pass, or N−1 before it.
    BackLine(u64),
    /// `continue`
    Continue,
    /// `reverse-continue`
    ReverseContinue,
    /// `goto STEP`
    Goto(u64),
    /// `goto instr N [repeat R [block B]]`: the step at that position.
    GotoPos(Pos),
    /// `break instr N [repeat R]`
    BreakInstr {
        instruction: u32,
        repeat: Option<u32>,
    },
    /// `break FILE:LINE`: before each pass over that source line.
    BreakLine {
        file: String,
        line: u32,
    },
    /// `watch ADDR[..END] [read|write|any]` or `watch TENSOR[I] [read|write|any]`
    Watch(WatchTarget, WatchKind),
    /// `break-if TENSOR[I] OP VALUE` / `is nan` / `is inf` / `changed`
    BreakIf {
        tensor: String,
        index: u32,
        cond: Condition,
    },
    /// `break-on diagnostics`
    BreakOnDiagnostics,
    /// `enable ID`, `disable ID`, `delete ID`
    Enable(u32),
    Disable(u32),
    Delete(u32),
    /// `print TENSOR[A..B] [as TYPE|hex]` (no range: the whole tensor)
    Print {
        tensor: String,
        range: Option<(u32, u32)>,
        format: Format,
    },
    /// `x ADDR LEN [as TYPE|hex]`
    Examine {
        addr: u32,
        len: u32,
        format: Format,
    },
    /// `where`
    Where,
    /// `last-writer ADDR`
    LastWriter(u32),
    /// `product KEY`
    Product(Product),
    /// `restart`
    Restart,
    /// `info breakpoints`: list breakpoints and watchpoints.
    InfoBreakpoints,
}

impl Command {
    /// The motion commands (a product switch included: it runs to the same step): they may
    /// take many steps and run as jobs (`Session::start_job`).
    pub fn is_motion(&self) -> bool {
        matches!(
            self,
            Command::Step(..)
                | Command::Back(..)
                | Command::StepLine(_)
                | Command::BackLine(_)
                | Command::Continue
                | Command::ReverseContinue
                | Command::Goto(_)
                | Command::GotoPos(_)
                | Command::Product(_)
        )
    }
}

/// A line that is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based column, in characters, of the offending word (or of the part of a word at
    /// fault, such as the index in `z[…]`); just past the last word when a word is missing.
    pub col: u32,
    pub message: String,
}

/// The command words, in the order error messages list them.
pub(crate) const COMMANDS: [&str; 19] = [
    "step",
    "back",
    "continue",
    "reverse-continue",
    "goto",
    "restart",
    "where",
    "info",
    "break",
    "watch",
    "break-if",
    "break-on",
    "enable",
    "disable",
    "delete",
    "print",
    "x",
    "last-writer",
    "product",
];

/// gdb's short names (docs/commands.md): each stands for a command and its first words.
pub(crate) const ABBREVIATIONS: [(&str, &str); 14] = [
    ("s", "step"),
    ("n", "step line"),
    ("next", "step line"),
    ("c", "continue"),
    ("rc", "reverse-continue"),
    ("rs", "back"),
    ("rn", "back line"),
    ("b", "break"),
    ("p", "print"),
    ("i", "info"),
    ("d", "delete"),
    ("bt", "where"),
    ("r", "restart"),
    ("run", "restart"),
];

pub(crate) const GRANULARITIES: [&str; 5] = ["block", "repeat", "instr", "instruction", "line"];
pub(crate) const WATCH_KINDS: [&str; 3] = ["read", "write", "any"];
pub(crate) const CMP_OPS: [(&str, CmpOp); 6] = [
    ("==", CmpOp::Eq),
    ("!=", CmpOp::Ne),
    ("<=", CmpOp::Le),
    (">=", CmpOp::Ge),
    ("<", CmpOp::Lt),
    (">", CmpOp::Gt),
];
