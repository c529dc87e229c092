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
pub fn ut(file: &Path, opts: &crate::kernel::Options, ut: &UtOptions) -> i32 {
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
    report(&run)
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
    let last_test = run
        .launches
        .last()
        .map(|l| format!("; the last launch was made by {}", l.test))
        .unwrap_or_default();
    match &run.end {
        End::Exited(0) => EXIT_OK,
        End::Exited(_) => EXIT_EXPECT,
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
