//! How a compiled kernel's run ended, told to a person (docs/format.md §12.4): shared by the
//! commands that run one kernel and by `ascstep test`, which runs many.

use super::{End, Run};

/// What went wrong, when something did.
pub enum Ending {
    /// `main` returned this non-zero code: its own check failed.
    MainFailed(i32),
    /// The run stopped on an error: the text to show (a rendered diagnostic, or a line
    /// `file: error[code]: …`), and whether the machine's diagnostics already hold it.
    Error { text: String, shown: bool },
}

/// Bytes as a person reads them: `512 MiB`, `12.0 GiB`.
pub fn bytes_text(n: u64) -> String {
    const GIB: u64 = 1 << 30;
    if n >= GIB {
        format!("{:.1} GiB", n as f64 / GIB as f64)
    } else {
        format!("{} MiB", n.div_ceil(1 << 20))
    }
}

/// `None` when `main` returned 0; else what to say. `file` is the name diagnostics use.
pub fn ending(run: &Run, file: &str) -> Option<Ending> {
    let program = run.machine.program();
    let last = program
        .origins
        .as_ref()
        .and_then(|o| {
            let i = o.sites.len().checked_sub(1)?;
            let s = o.sites[i];
            let f = &o.files.get(s.file as usize)?.path;
            Some(format!(
                "; the last API call recorded: {}:{}:{} in {} `{}`",
                f.display(),
                s.line,
                s.col,
                o.function(&s),
                o.calls.get(i).map_or("", |c| &**c)
            ))
        })
        .unwrap_or_else(|| "; no API call was recorded".into());
    let error = |code: &str, what: String| Ending::Error {
        text: format!("{file}: error[{code}]: {what}{last}\n"),
        shown: false,
    };
    Some(match &run.end {
        End::Exited(0) => return None,
        End::Exited(c) => Ending::MainFailed(*c),
        End::Rejected(d) => Ending::Error {
            text: program.locate(d).as_ref().unwrap_or(d).render(file, &program.source),
            shown: run.machine.diagnostics().contains(d),
        },
        End::Crashed(sig) => error(
            "kernel-crashed",
            format!("the compiled program died from {sig}"),
        ),
        End::TimedOut => error(
            "timeout",
            "the compiled program ran past --timeout and was stopped".into(),
        ),
        End::Broken(e) => error("kernel-protocol", e.clone()),
        End::RecordingTooLarge(limit) => error(
            "recording-too-large",
            format!(
                "the kernel made more API calls than ascstep can record within {} (--memory-limit) and was stopped",
                bytes_text(*limit)
            ),
        ),
        End::OutOfMemory(limit) => error(
            "kernel-out-of-memory",
            format!(
                "the compiled program ran out of memory: it may use {} (--memory-limit) and was stopped",
                bytes_text(*limit)
            ),
        ),
    })
}
