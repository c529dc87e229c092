//! `ascstep test` (docs/format.md §9): every program under some paths run to the end and
//! judged by its `expect` entries, one line each, a summary, and a JUnit XML report for CI.

use crate::outcome::{self, ExpectResult, Verdict};
use crate::program;
use crate::report::count;
use crate::sim::Product;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// How one program ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Result {
    /// Finished with every expectation met (`expectations` of them).
    Passed { expectations: usize },
    /// Finished, and an expectation failed.
    Failed { message: String, details: String },
    /// Did not load, or an instruction was rejected; `io` when a file could not be read.
    Invalid {
        message: String,
        details: String,
        io: bool,
    },
}

/// One program of the batch.
#[derive(Clone, Debug)]
pub struct Case {
    pub path: PathBuf,
    pub product: Option<Product>,
    pub result: Result,
    pub seconds: f64,
}

/// Every `.ron` file under `paths` (directories recursively, sorted), or the first path that
/// cannot be read.
pub fn collect(paths: &[PathBuf]) -> std::result::Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        walk(p, true, &mut out)?;
    }
    Ok(out)
}

fn walk(p: &Path, named: bool, out: &mut Vec<PathBuf>) -> std::result::Result<(), String> {
    let meta = std::fs::metadata(p).map_err(|e| format!("{}: {e}", p.display()))?;
    if meta.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
            .map_err(|e| format!("{}: {e}", p.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            walk(&e, false, out)?;
        }
    } else if named || p.extension().is_some_and(|x| x == "ron") {
        // A file named on the command line is taken whatever its extension.
        out.push(p.to_path_buf());
    }
    Ok(())
}

/// Loads, runs and judges one program.
pub fn run_one(path: &Path, product: Option<Product>) -> Case {
    let start = Instant::now();
    let result = match program::load(path) {
        Err(e) => {
            let details = e.render();
            Result::Invalid {
                message: details.lines().next().unwrap_or_default().to_string(),
                io: e.is_io(),
                details,
            }
        }
        Ok(p) => {
            let p = Arc::new(p);
            let o = outcome::run(p.clone(), product.unwrap_or(p.product), false);
            let file = path.display().to_string();
            match o.verdict {
                Verdict::Ok | Verdict::Paused => Result::Passed {
                    expectations: o.expectations.len(),
                },
                Verdict::ExpectFailed => {
                    let failed: Vec<&ExpectResult> =
                        o.expectations.iter().filter(|e| !e.passed).collect();
                    Result::Failed {
                        message: format!(
                            "{} of {} failed, first {}",
                            failed.len(),
                            count(o.expectations.len(), "expectation"),
                            failed.first().map_or(String::new(), |e| summary(e))
                        ),
                        details: failed.iter().map(|e| detail(e)).collect(),
                    }
                }
                Verdict::Invalid => {
                    let errors: Vec<String> = o
                        .machine
                        .diagnostics()
                        .iter()
                        .filter(|d| d.is_error())
                        .map(|d| d.render(&file, &p.source))
                        .collect();
                    Result::Invalid {
                        message: errors
                            .first()
                            .and_then(|e| e.lines().next())
                            .unwrap_or("invalid")
                            .to_string(),
                        details: errors.concat(),
                        io: false,
                    }
                }
            }
        }
    };
    Case {
        path: path.to_path_buf(),
        product,
        result,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// `y[0..8]: 3 of 8 elements differ (y[2]: expected 4, got 5)`.
fn summary(e: &ExpectResult) -> String {
    let mut s = format!(
        "{}[{}..{}]: {} of {} elements differ",
        e.tensor,
        e.at,
        e.at + e.len,
        e.mismatches,
        e.len
    );
    if let Some(f) = e.failures.first() {
        let got = f.actual.as_deref().unwrap_or("uninitialised");
        let _ = write!(
            s,
            " ({}[{}]: expected {}, got {got})",
            e.tensor, f.index, f.expected
        );
    }
    s
}

/// Every kept mismatch of a failed expectation, a line each.
fn detail(e: &ExpectResult) -> String {
    let mut s = summary(e);
    s.push('\n');
    for f in &e.failures {
        let got = f.actual.as_deref().unwrap_or("uninitialised");
        let _ = writeln!(
            s,
            "  {}[{}] @ {}: expected {}, got {got}",
            e.tensor,
            f.index,
            crate::base::ir::addr_text(f.addr as u64),
            f.expected
        );
    }
    s
}

/// The line `ascstep test` prints for a case.
pub fn line(c: &Case) -> String {
    let path = c.path.display();
    match &c.result {
        Result::Passed { expectations } => {
            format!("ok       {path} ({})", count(*expectations, "expectation"))
        }
        Result::Failed { message, .. } => format!("FAILED   {path}: {message}"),
        Result::Invalid { message, .. } => format!("INVALID  {path}: {message}"),
    }
}

/// The exit code of a batch (docs/format.md §9): 4 a file could not be read, 3 a program is
/// invalid, 1 an expectation failed, 0 all passed.
pub fn exit_code(cases: &[Case]) -> i32 {
    let any = |f: fn(&Result) -> bool| cases.iter().any(|c| f(&c.result));
    if any(|r| matches!(r, Result::Invalid { io: true, .. })) {
        4
    } else if any(|r| matches!(r, Result::Invalid { .. })) {
        3
    } else if any(|r| matches!(r, Result::Failed { .. })) {
        1
    } else {
        0
    }
}

/// The first line of every JUnit report ascstep writes after the XML declaration: `--junit`
/// replaces an existing file only when it starts like this (or with `--force`).
pub const JUNIT_ROOT: &str = "<testsuites name=\"ascstep\"";

/// The batch as JUnit XML (the schema CI systems read: testsuites › testsuite › testcase with
/// `failure` for failed expectations and `error` for invalid programs).
pub fn junit(cases: &[Case]) -> String {
    let failures = cases
        .iter()
        .filter(|c| matches!(c.result, Result::Failed { .. }))
        .count();
    let errors = cases
        .iter()
        .filter(|c| matches!(c.result, Result::Invalid { .. }))
        .count();
    let time: f64 = cases.iter().map(|c| c.seconds).sum();
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        x,
        "{JUNIT_ROOT} tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" time=\"{time:.6}\">",
        cases.len()
    );
    let _ = writeln!(
        x,
        "  <testsuite name=\"ascstep test\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"0\" time=\"{time:.6}\">",
        cases.len()
    );
    for c in cases {
        let class = c
            .path
            .parent()
            .map_or(String::new(), |p| p.display().to_string());
        let name = c
            .path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let _ = write!(
            x,
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.6}\"",
            esc(&class),
            esc(&name),
            c.seconds
        );
        match &c.result {
            Result::Passed { .. } => x.push_str("/>\n"),
            Result::Failed { message, details } => {
                let _ = writeln!(
                    x,
                    ">\n      <failure type=\"expect_failed\" message=\"{}\">{}</failure>\n    </testcase>",
                    esc(message),
                    esc(details)
                );
            }
            Result::Invalid {
                message, details, ..
            } => {
                let _ = writeln!(
                    x,
                    ">\n      <error type=\"invalid\" message=\"{}\">{}</error>\n    </testcase>",
                    esc(message),
                    esc(details)
                );
            }
        }
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}

/// Text as XML character data or attribute value: the five special characters escaped, the
/// control characters XML 1.0 cannot hold dropped.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' => out.push(ch),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_drops_control_characters() {
        assert_eq!(
            esc("a<b & \"c\" 'd'>\u{1b}[1m\n"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;[1m\n"
        );
    }

    #[test]
    fn exit_code_ranks_io_over_invalid_over_failed() {
        let case = |r: Result| Case {
            path: "x.ron".into(),
            product: None,
            result: r,
            seconds: 0.0,
        };
        let pass = case(Result::Passed { expectations: 1 });
        let fail = case(Result::Failed {
            message: String::new(),
            details: String::new(),
        });
        let inv = |io| {
            case(Result::Invalid {
                message: String::new(),
                details: String::new(),
                io,
            })
        };
        assert_eq!(exit_code(std::slice::from_ref(&pass)), 0);
        assert_eq!(exit_code(&[pass.clone(), fail.clone()]), 1);
        assert_eq!(exit_code(&[fail.clone(), inv(false)]), 3);
        assert_eq!(exit_code(&[inv(false), inv(true), fail]), 4);
    }
}
