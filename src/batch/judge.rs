//! Judging one case of `ascstep test`: a RON program by its `expect` entries; a binding
//! program by its `expect` entries on the recorded run; a file with a host `main` by `main`
//! returning 0 with no launch stopped on an error (docs/format.md §9, §12).

use super::{Case, Options, Result};
use crate::kernel::ending::{ending, Ending};
use crate::outcome::{self, ExpectResult, Outcome, Verdict};
use crate::program;
use crate::report::count;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// Runs and judges one file: one case, or one per googletest case of a kernel unit test.
pub fn run_one(path: &Path, opts: &Options) -> Vec<Case> {
    if crate::kernel::ut::is_ut(path) {
        let product = opts
            .product
            .unwrap_or_else(|| crate::kernel::ut::product_of(path));
        let kopts = kernel_options(opts, product, Path::new("."));
        return super::ut::cases(path, kopts);
    }
    let start = Instant::now();
    let result = if crate::kernel::is_cpp(path) {
        host_main(path, opts)
    } else {
        match program::load(path) {
            Err(e) => {
                let details = e.render();
                Result::Invalid {
                    message: first_line(&details),
                    io: e.is_io(),
                    details,
                }
            }
            Ok(p) if p.kernel.is_some() => binding(&p, opts),
            Ok(p) => {
                let p = Arc::new(p);
                let o = outcome::run(p.clone(), opts.product.unwrap_or(p.product), false);
                judged(&o, &path.display().to_string())
            }
        }
    };
    vec![Case {
        path: path.to_path_buf(),
        test: None,
        product: opts.product,
        result,
        seconds: start.elapsed().as_secs_f64(),
    }]
}

fn first_line(text: &str) -> String {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("invalid")
        .to_string()
}

/// A run's verdict: its expectations, or its first errors.
fn judged(o: &Outcome, file: &str) -> Result {
    match o.verdict {
        Verdict::Ok | Verdict::Paused => Result::Passed {
            note: count(o.expectations.len(), "expectation"),
        },
        Verdict::ExpectFailed => {
            let failed: Vec<&ExpectResult> = o.expectations.iter().filter(|e| !e.passed).collect();
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
            let p = o.machine.program();
            let errors: Vec<String> = o
                .machine
                .diagnostics()
                .iter()
                .filter(|d| d.is_error())
                .map(|d| p.locate(d).as_ref().unwrap_or(d).render(file, &p.source))
                .collect();
            Result::Invalid {
                message: errors
                    .first()
                    .map_or_else(|| "invalid".to_string(), |e| first_line(e)),
                details: errors.concat(),
                io: false,
            }
        }
    }
}

/// The kernel options of one case: its product, its output captured, `main` in `dir`.
fn kernel_options(
    opts: &Options,
    product: crate::sim::Product,
    dir: &Path,
) -> crate::kernel::Options {
    let mut k = opts.kernel.clone();
    k.product = product;
    k.output = crate::kernel::Output::Capture;
    k.cwd = Some(if dir.as_os_str().is_empty() {
        Path::new(".").to_path_buf()
    } else {
        dir.to_path_buf()
    });
    k
}

/// A compile that failed, as a result.
pub(super) fn not_compiled(e: crate::kernel::CompileError) -> Result {
    use crate::kernel::CompileError;
    let (message, details, io) = match e {
        CompileError::NoCompiler(m) => (format!("error[no-compiler]: {m}"), String::new(), true),
        CompileError::Io(m) => (format!("error[io-error]: {m}"), String::new(), true),
        CompileError::Binding(m) => (format!("error[binding]: {m}"), String::new(), false),
        CompileError::Usage(m) => (format!("error[usage]: {m}"), String::new(), false),
        CompileError::Rejected { compiler, output } => (
            format!(
                "error[compile-error]: {}",
                crate::kernel::explain::explain(&output)
            ),
            format!("--- {compiler} said:\n{output}"),
            false,
        ),
    };
    Result::Invalid {
        details: format!("{message}\n{details}"),
        message: first_line(&message),
        io,
    }
}

/// A recorded run that stopped short, as a result; None when `main` returned 0.
fn stopped(run: &crate::kernel::Run, file: &str) -> Option<Result> {
    let output = |r: &crate::kernel::Run| {
        if r.output.is_empty() {
            String::new()
        } else {
            format!("--- the program printed:\n{}", r.output)
        }
    };
    Some(match ending(run, file)? {
        Ending::MainFailed(c) => Result::Failed {
            message: match run.output.lines().rev().find(|l| !l.trim().is_empty()) {
                Some(l) => format!("main returned {c} (it printed last: {})", l.trim()),
                None => format!("main returned {c}"),
            },
            details: output(run),
        },
        Ending::Error { text, .. } => Result::Invalid {
            message: first_line(&text),
            details: format!("{text}{}", output(run)),
            io: false,
        },
    })
}

/// A binding program: its kernel compiled and run, judged by its `expect` entries.
fn binding(p: &crate::base::ir::Program, opts: &Options) -> Result {
    let dir = p.path.parent().unwrap_or(Path::new("."));
    let kopts = kernel_options(opts, opts.product.unwrap_or(p.product), dir);
    let run = match crate::kernel::run_binding(p, &kopts) {
        Ok(r) => r,
        Err(e) => return not_compiled(e),
    };
    let file = run.machine.program().path.display().to_string();
    if let Some(r) = stopped(&run, &file) {
        return r;
    }
    judged(&outcome::judge(run.machine, false), &file)
}

/// A file with a host `main`, run in its own directory: passed when `main` returns 0 and no
/// launch stopped on an error.
fn host_main(path: &Path, opts: &Options) -> Result {
    let dir = path.parent().unwrap_or(Path::new("."));
    let kopts = kernel_options(opts, opts.product.unwrap_or_default(), dir);
    let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let run = match crate::kernel::run(&abs, &kopts) {
        Ok(r) => r,
        Err(e) => return not_compiled(e),
    };
    let file = path.display().to_string();
    if let Some(r) = stopped(&run, &file) {
        return r;
    }
    let calls = run.machine.program().code.len();
    let launches = run.launches;
    match judged(&outcome::judge(run.machine, false), &file) {
        Result::Passed { .. } => Result::Passed {
            note: format!(
                "main returned 0; {} from {} launch{}",
                count(calls, "API call"),
                launches,
                if launches == 1 { "" } else { "es" }
            ),
        },
        other => other,
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
