//! `ascstep ut TEST.cpp` (docs/format.md §13): a kernel unit test written for CANN's CPU debug
//! library, built as its repository's UT build does and run with every launch simulated.
//! googletest prints its own report; each launch adds its line and diagnostics there; this
//! prints the build found and how the run ended.

use crate::cli::{compile_failure, emit, EXIT_EXPECT, EXIT_INVALID, EXIT_IO, EXIT_OK};
use crate::kernel::ut::{UtOptions, UtRun};
use crate::kernel::End;
use std::path::Path;

/// Runs the test file; returns the exit code (0 every selected test passed, 1 one failed, 3
/// the file does not compile, 4 a file, directory or googletest is missing).
pub fn ut(
    file: &Path,
    opts: &crate::kernel::Options,
    ut: &UtOptions,
    report_format: crate::cli::ReportFormat,
) -> i32 {
    if !file.is_file() {
        eprintln!(
            "ascstep ut: error[io-error]: cannot read {}: no such file",
            file.display()
        );
        return EXIT_IO;
    }
    // googletest's XML goes to a file of ours first, then replaces FILE in one step.
    let junit_tmp = ut.junit.as_ref().map(|j| {
        let name = j.file_name().unwrap_or_default().to_string_lossy();
        j.with_file_name(format!(".{name}.ascstep-{}", std::process::id()))
    });
    let mut ut_opts = ut.clone();
    if let Some(t) = &junit_tmp {
        ut_opts.junit = Some(std::path::absolute(t).unwrap_or_else(|_| t.clone()));
    }
    // --report json: googletest's own output goes to standard error, its results into the
    // report.
    let json = report_format == crate::cli::ReportFormat::Json;
    let gtest_json = std::env::temp_dir().join(format!("ascstep-ut-{}.json", std::process::id()));
    let mut opts = opts.clone();
    if json {
        opts.output = crate::kernel::Output::ToStderr;
        if ut_opts.junit.is_none() {
            ut_opts.json = Some(gtest_json.clone());
        }
    }
    let opts = &opts;
    let run = match crate::kernel::ut::run(file, opts, &ut_opts) {
        Ok(r) => r,
        Err(e) => return compile_failure(e),
    };
    if let (Some(t), Some(j)) = (&junit_tmp, &ut.junit) {
        if t.is_file() {
            if let Err(e) = std::fs::rename(t, j) {
                eprintln!(
                    "ascstep ut: error[io-error]: cannot write {}: {e}",
                    j.display()
                );
                let _ = std::fs::remove_file(t);
                return EXIT_IO;
            }
        }
    }
    let code = report(&run);
    if json {
        let tests = std::fs::read_to_string(&gtest_json)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok());
        let _ = std::fs::remove_file(&gtest_json);
        crate::cli::out(&format!(
            "{}\n",
            report_json(&run, code, opts.product, tests)
        ));
    }
    code
}

/// The `--report json` object: the status, googletest's cases (when it reported them) and each
/// launch with its diagnostics (docs/format.md §9's diagnostic objects).
fn report_json(
    run: &UtRun,
    code: i32,
    product: crate::base::product::Product,
    tests: Option<serde_json::Value>,
) -> serde_json::Value {
    use serde_json::json;
    let status = match code {
        EXIT_OK => "ok",
        EXIT_EXPECT => "failed",
        _ => "invalid",
    };
    let cases: Vec<serde_json::Value> = tests
        .as_ref()
        .and_then(|t| t["testsuites"].as_array())
        .into_iter()
        .flatten()
        .flat_map(|s| {
            let suite = s["name"].as_str().unwrap_or("").to_string();
            s["testsuite"]
                .as_array()
                .into_iter()
                .flatten()
                .map(move |t| {
                    json!({
                        "name": format!("{suite}.{}", t["name"].as_str().unwrap_or("")),
                        "passed": t["failures"].as_array().is_none_or(|f| f.is_empty()),
                        "result": t["result"],
                    })
                })
        })
        .collect();
    let launches: Vec<serde_json::Value> = run
        .launches
        .iter()
        .map(|l| {
            json!({
                "test": l.test,
                "entry": l.entry,
                "blocks": l.blocks,
                "api_calls": l.calls,
                "warnings": l.warnings,
                "errors": usize::from(l.error.is_some()),
                "diagnostics": l
                    .diagnostics
                    .iter()
                    .map(|d| crate::report::diag_json(d, &l.file))
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "version": crate::report::VERSION,
        "status": status,
        "product": product.key(),
        "file": run.build.test.display().to_string(),
        "tests": cases,
        "launches": launches,
    })
}

/// The summary line and the exit code.
fn report(run: &UtRun) -> i32 {
    let file = run.build.test.display().to_string();
    let n = run.launches.len();
    let errors = run.launches.iter().filter(|l| l.error.is_some()).count();
    let warnings: usize = run.launches.iter().map(|l| l.warnings).sum();
    eprintln!(
        "ascstep: {} launch{} simulated ({} with an error, {} warning{}){}",
        n,
        if n == 1 { "" } else { "es" },
        errors,
        warnings,
        if warnings == 1 { "" } else { "s" },
        if run.cached {
            ", compiled test from the cache"
        } else {
            ""
        }
    );
    for c in &run.crashes {
        let then = format!(
            "in test {}; the cases not started yet ran in a new test program",
            c.test
        );
        match &c.end {
            // The kernel's own stop, at the position it names.
            End::Rejected(d) => emit(&d.clone().note(then).render(&file, "")),
            end => eprintln!(
                "{file}: error[{}]: {} {then}",
                crate::kernel::gtest::code(end),
                crate::kernel::gtest::ended(end),
            ),
        }
    }
    let failed = if run.crashes.is_empty() {
        EXIT_OK
    } else {
        EXIT_EXPECT
    };
    let last_test = run
        .launches
        .last()
        .map(|l| format!("; the last launch was made by {}", l.test))
        .unwrap_or_default();
    match &run.end {
        End::Exited(0) => failed,
        // googletest exits 1 when a test failed; any other status is the program's own end.
        End::Exited(1) => EXIT_EXPECT,
        End::Exited(c) => {
            eprintln!(
                "{file}: error[test-program-exited]: the test program exited with status {c} before googletest finished{last_test}"
            );
            EXIT_EXPECT
        }
        End::Rejected(d) => {
            emit(&d.render(&file, ""));
            EXIT_EXPECT
        }
        End::Crashed(sig) => {
            eprintln!("{file}: error[kernel-crashed]: the test program died from {sig}{last_test}");
            EXIT_EXPECT
        }
        End::TimedOut => {
            eprintln!(
                "{file}: error[timeout]: the test program ran past --timeout and was stopped{last_test}"
            );
            EXIT_EXPECT
        }
        End::Broken(e) => {
            eprintln!("{file}: error[kernel-protocol]: {e}");
            EXIT_INVALID
        }
        End::OutOfMemory(limit) => {
            eprintln!(
                "{file}: error[kernel-out-of-memory]: the test program ran out of memory: it may use {} (--memory-limit) and was stopped{last_test}",
                crate::kernel::ending::bytes_text(*limit)
            );
            EXIT_EXPECT
        }
        End::RecordingTooLarge(limit) => {
            eprintln!(
                "{file}: error[recording-too-large]: a launch made more API calls than ascstep can record within {} (--memory-limit){last_test}",
                crate::kernel::ending::bytes_text(*limit)
            );
            EXIT_EXPECT
        }
    }
}
