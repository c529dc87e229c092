//! A kernel unit test's launches (docs/format.md §13). Each `ICPU_RUN_KF` is recorded on a
//! machine of its own over the global memory the test's host code and earlier launches left
//! (`Recorder::cut`). A launch with an error stops being simulated but not being run: its
//! further calls are skipped (reads answered as uninitialised), and its end is answered with the
//! error, so that googletest fails the test that made it and goes on with the next. Every
//! launch's end is answered with its report line and diagnostics (printed by the test, in
//! order with googletest's output) and the global memory it wrote, which the test reads back.

use super::msg::Msg;
use super::record::{Answer, Recorder};
use crate::base::diag::Diagnostic;
use crate::sim::Machine;

/// What handles a running kernel's messages (`child::run`).
pub trait Handler {
    fn handle(&mut self, m: Msg) -> Result<Answer, Diagnostic>;
}

impl Handler for Recorder {
    fn handle(&mut self, m: Msg) -> Result<Answer, Diagnostic> {
        Recorder::handle(self, m)
    }
}

/// One launch of a kernel unit test.
#[derive(Debug)]
pub struct Launch {
    /// The googletest case that made it (`Suite.Case`).
    pub test: String,
    /// The entry as the test names it.
    pub entry: String,
    pub blocks: u32,
    /// API calls simulated.
    pub calls: usize,
    pub warnings: usize,
    /// The error that stopped it.
    pub error: Option<Diagnostic>,
    /// Its diagnostics pointed into their C++ files (the first `KEPT_DIAGNOSTICS`), and the
    /// file those without a file of their own are in (the test's).
    pub diagnostics: Vec<Diagnostic>,
    pub file: String,
    /// Its recording, when kept (`Ut::keep`).
    pub machine: Option<Machine>,
}

/// The recorder of a kernel unit test.
pub struct Ut {
    pub rec: Recorder,
    test: String,
    current: Option<Launch>,
    /// The launch (counted from 0) whose recording is kept; `None` keeps none.
    keep: Option<usize>,
    /// A launch with a warning fails (`--deny-warnings`).
    deny_warnings: bool,
    pub launches: Vec<Launch>,
    /// The googletest cases started, in order, and those ended.
    pub started: Vec<String>,
    pub ended: Vec<super::gtest::Outcome>,
}

impl Ut {
    /// `keep`: the launch whose recording to keep.
    pub fn new(rec: Recorder, keep: Option<usize>, deny_warnings: bool) -> Ut {
        Ut {
            rec,
            test: String::new(),
            current: None,
            keep,
            deny_warnings,
            launches: Vec::new(),
            started: Vec::new(),
            ended: Vec::new(),
        }
    }

    /// The case that was running when the test program ended: started, not ended.
    pub fn running(&self) -> Option<&String> {
        self.started
            .last()
            .filter(|t| !self.ended.iter().any(|e| &e.name == *t))
    }

    fn end_launch(&mut self) -> Vec<u8> {
        let machine = self.rec.cut();
        let Some(mut l) = self.current.take() else {
            return b"0 0 0\n".to_vec();
        };
        let p = machine.program();
        l.calls = p.code.len();
        let diags = machine.diagnostics();
        l.warnings = diags.iter().filter(|d| !d.is_error()).count();
        let mut shown = crate::base::shown::shown(p, diags);
        // An error met before the machine (a call ascstep could not read) is not among them.
        if let Some(e) = &l.error {
            if !diags.iter().any(|d| d == e) {
                shown.push(e.render(&p.path.display().to_string(), &p.source));
            }
        }
        l.file = p.path.display().to_string();
        l.diagnostics = diags
            .iter()
            .take(KEPT_DIAGNOSTICS)
            .map(|d| p.locate(d).unwrap_or_else(|| d.clone()))
            .collect();
        if let Some(e) = &l.error {
            if !diags.iter().any(|d| d == e) {
                l.diagnostics.push(e.clone());
            }
        }
        // The recorder's own warnings of this launch (a call read with a warning, an operand
        // indexed before its allocation), pointed at their calls already.
        for w in std::mem::take(&mut self.rec.warnings) {
            l.warnings += 1;
            shown.push(w.render(&p.path.display().to_string(), &p.source));
            if l.diagnostics.len() < KEPT_DIAGNOSTICS {
                l.diagnostics.push(w);
            }
        }
        let errors = usize::from(l.error.is_some());
        let mut text = format!(
            "[ ascstep  ] {} launch {}: {} block{}, {} API call{}, {} warning{}, {} error{}\n",
            l.test,
            l.entry,
            l.blocks,
            plural(l.blocks as usize),
            l.calls,
            plural(l.calls),
            l.warnings,
            plural(l.warnings),
            errors,
            plural(errors),
        );
        for s in shown {
            text.push_str(&s);
        }
        // The global memory the launch wrote, read back by the test.
        let written: Vec<std::ops::Range<u64>> = machine
            .write_log()
            .unwrap_or(&[])
            .iter()
            .map(|w| w.bytes.clone())
            .filter(|r| r.start >= crate::base::ir::GM_BASE as u64)
            .collect();
        let parts = merge(self.rec.gm_parts(&written));
        let failed = errors > 0 || (self.deny_warnings && l.warnings > 0);
        let mut answer =
            format!("{} {} {}\n", u8::from(failed), text.len(), parts.len()).into_bytes();
        answer.extend_from_slice(text.as_bytes());
        for (id, off, n) in parts {
            answer.extend_from_slice(format!("{id} {off} {n}\n").as_bytes());
        }
        if self.keep == Some(self.launches.len()) {
            l.machine = Some(machine);
        }
        self.launches.push(l);
        answer
    }
}

/// How many diagnostics of one launch are kept for the JSON report.
const KEPT_DIAGNOSTICS: usize = 1000;

/// The answer to a read of a stopped launch: its value (or two) unknown, as uninitialised.
fn unknown(two: bool) -> Vec<u8> {
    if two {
        b"? ?\n".to_vec()
    } else {
        b"?\n".to_vec()
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Sorted (allocation, offset, bytes) parts with overlapping or touching ones joined.
fn merge(parts: Vec<(u32, u64, u64)>) -> Vec<(u32, u64, u64)> {
    let mut out: Vec<(u32, u64, u64)> = Vec::new();
    for (id, off, n) in parts {
        match out.last_mut() {
            Some((lid, loff, ln)) if *lid == id && off <= *loff + *ln => {
                *ln = (*ln).max(off + n - *loff);
            }
            _ => out.push((id, off, n)),
        }
    }
    out
}

impl Handler for Ut {
    fn handle(&mut self, m: Msg) -> Result<Answer, Diagnostic> {
        let stopped = self.current.as_ref().is_some_and(|l| l.error.is_some());
        match m {
            Msg::Test(name) => {
                if self.started.last() != Some(&name) {
                    self.started.push(name.clone());
                }
                self.test = name;
                Ok(None)
            }
            Msg::TestEnd {
                passed,
                seconds,
                name,
                failure,
            } => {
                self.ended.push(super::gtest::Outcome {
                    name,
                    passed,
                    failure,
                    seconds,
                });
                Ok(None)
            }
            // The machine is already a fresh one: the last launch's end cut it (before the
            // first, the recorder's own), holding only the host's writes.
            Msg::Launch { blocks, name } => {
                self.current = Some(Launch {
                    test: self.test.clone(),
                    entry: name.clone(),
                    blocks,
                    calls: 0,
                    warnings: 0,
                    error: None,
                    diagnostics: Vec::new(),
                    file: String::new(),
                    machine: None,
                });
                self.rec.handle(Msg::Launch { blocks, name })
            }
            Msg::LaunchEnd => Ok(Some(self.end_launch())),
            // A stopped launch runs on unsimulated: its reads are answered as uninitialised.
            Msg::Call { .. } | Msg::UbView { .. } | Msg::GmView { .. } if stopped => Ok(None),
            Msg::GetValue { .. } if stopped => Ok(Some(unknown(false))),
            Msg::Returning { text, .. } if stopped => Ok(Some(unknown(text.contains("\"$2\"")))),
            m @ (Msg::Call { .. }
            | Msg::UbView { .. }
            | Msg::GmView { .. }
            | Msg::GetValue { .. }
            | Msg::Returning { .. })
                if self.current.is_some() =>
            {
                let read = matches!(m, Msg::GetValue { .. } | Msg::Returning { .. });
                let two = matches!(&m, Msg::Returning { text, .. } if text.contains("\"$2\""));
                match self.rec.handle(m) {
                    Ok(a) => Ok(a),
                    Err(d) => {
                        if let Some(l) = self.current.as_mut() {
                            l.error = Some(d);
                        }
                        Ok(read.then(|| unknown(two)))
                    }
                }
            }
            m => self.rec.handle(m),
        }
    }
}
