//! Source lines: where each instruction was written (a recorded C++ kernel's call sites, or a
//! RON instruction's line), `next` by line, and breakpoints on `FILE:LINE` (docs/commands.md,
//! docs/format.md §12.4).

use super::*;
use crate::base::ir::{Origins, Site};

/// An instruction's source position, as reports show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceAt {
    pub file: String,
    pub line: u32,
    pub col: u32,
    /// The C++ function that made the call (empty for a RON program).
    pub function: String,
    /// The launch's block (`GetBlockIdx()`) that made the call; 0 for a RON program.
    pub launch_block: u32,
}

impl std::fmt::Display for SourceAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)?;
        if !self.function.is_empty() {
            write!(f, " in {}", self.function)?;
        }
        Ok(())
    }
}

impl Session {
    /// The call sites of a recorded C++ kernel (None for a RON program).
    pub fn origins(&self) -> Option<&Origins> {
        self.program.origins.as_deref()
    }

    fn site(&self, i: usize) -> Option<Site> {
        self.origins()?.sites.get(i).copied()
    }

    /// Where instruction `i` was written: its C++ call, or its line in the RON file.
    pub fn source_at(&self, i: usize) -> Option<SourceAt> {
        match self.origins() {
            Some(o) => {
                let s = o.sites.get(i)?;
                let path = &o.files.get(s.file as usize)?.path;
                Some(SourceAt {
                    file: path.display().to_string(),
                    line: s.line,
                    col: s.col,
                    function: o.function(s).to_string(),
                    launch_block: s.block,
                })
            }
            None => {
                let ins = self.program.code.get(i)?;
                Some(SourceAt {
                    file: self.program.path.display().to_string(),
                    line: ins.span.line,
                    col: ins.span.col,
                    function: String::new(),
                    launch_block: 0,
                })
            }
        }
    }

    /// A recorded C++ kernel: the C++ call of the instruction at the current position (the
    /// last one at the end).
    pub fn cpp_at(&self) -> Option<SourceAt> {
        let n = self.origins()?.sites.len();
        let i = (self.machine.pos().instruction as usize).min(n.checked_sub(1)?);
        self.source_at(i)
    }

    /// Whether instruction `i` starts a new pass over a source line: the first call of a line
    /// (file, line, launch block) after a call elsewhere, or a call at the same or an earlier
    /// column of the line just called (the line's next loop iteration). In a RON program
    /// every instruction starts one.
    pub fn starts_line(&self, i: usize) -> bool {
        let (Some(s), Some(prev)) = (self.site(i), i.checked_sub(1).and_then(|p| self.site(p)))
        else {
            return true;
        };
        (s.file, s.line, s.block) != (prev.file, prev.line, prev.block) || s.col <= prev.col
    }

    /// How many instructions `next N` runs: to the start of the N-th next line pass, or to
    /// the end.
    pub(super) fn line_steps(&self, n: u64) -> u64 {
        let cur = self.machine.pos().instruction as usize;
        let len = self.program.code.len();
        let mut left = n.max(1);
        for j in cur + 1..len {
            if self.starts_line(j) {
                left -= 1;
                if left == 0 {
                    return (j - cur) as u64;
                }
            }
        }
        (len.saturating_sub(cur)).max(1) as u64
    }

    /// The instruction `back line N` goes to: the start of the current line pass (when the
    /// machine is inside it), else of the one before, N times.
    pub(super) fn line_back_target(&self, n: u64) -> Pos {
        let p = self.machine.pos();
        let len = self.program.code.len();
        let cur = (p.instruction as usize).min(len);
        let at_start = p.repeat == 0 && p.block == 0 && cur < len && self.starts_line(cur);
        // The start of the line pass before instruction j.
        let before = |j: usize| (0..j).rev().find(|&s| self.starts_line(s)).unwrap_or(0);
        let mut i = if at_start { cur } else { (cur + 1).min(len) };
        for _ in 0..n.max(1) {
            if i == 0 {
                break;
            }
            i = before(i);
        }
        Pos {
            instruction: i as u32,
            repeat: 0,
            block: 0,
        }
    }

    /// The file (index into the session's files) that `name` names: a whole path, a path's
    /// tail after a `/`, or a file name.
    fn file_named(&self, name: &str) -> Result<usize, String> {
        let paths: Vec<std::path::PathBuf> = match self.origins() {
            Some(o) => o.files.iter().map(|f| f.path.clone()).collect(),
            None => vec![self.program.path.clone()],
        };
        let hits: Vec<usize> = (0..paths.len())
            .filter(|&k| {
                let p = paths[k].to_string_lossy();
                p == name || p.ends_with(&format!("/{name}"))
            })
            .collect();
        let list = || {
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match hits.as_slice() {
            [k] => Ok(*k),
            [] => Err(format!(
                "no source file \"{name}\" in this program; its files: {}",
                list()
            )),
            _ => Err(format!(
                "\"{name}\" names {} files; give more of the path: {}",
                hits.len(),
                hits.iter()
                    .map(|&k| paths[k].display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }

    /// (file index, line) of instruction `i`.
    fn line_of(&self, i: usize) -> (usize, u32) {
        match self.site(i) {
            Some(s) => (s.file as usize, s.line),
            None => (0, self.program.code[i].span.line),
        }
    }

    /// Breaks before each pass over `FILE:LINE` (a line without an API call: the next line
    /// of that file with one). Returns the id and the line it was set on.
    pub fn break_line(&mut self, file: &str, line: u32) -> Result<(u32, u32), String> {
        let f = self.file_named(file)?;
        let n = self.program.code.len();
        let on = (0..n)
            .map(|i| self.line_of(i))
            .filter(|&(g, l)| g == f && l >= line)
            .map(|(_, l)| l)
            .min()
            .ok_or_else(|| {
                format!("no instruction comes from {file}:{line} or a later line of that file")
            })?;
        let instrs: Vec<u32> = (0..n)
            .filter(|&i| self.line_of(i) == (f, on) && self.starts_line(i))
            .map(|i| i as u32)
            .collect();
        let id = self.add(PointKind::Line {
            label: format!("{file}:{on}"),
            instrs,
        });
        Ok((id, on))
    }
}
