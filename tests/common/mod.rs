//! Shared helpers of the integration tests that drive the real `ascstep` binary.
#![allow(dead_code)]

pub mod api;
pub mod ut_repo;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The result of one run of the binary.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// A compact dump for assertion messages.
    pub fn dump(&self) -> String {
        format!(
            "exit code {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.code, self.stdout, self.stderr
        )
    }

    /// The stdout parsed as one JSON object.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.dump()))
    }
}

/// Runs `ascstep` with `args`.
pub fn ascstep<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    finish(Command::new(env!("CARGO_BIN_EXE_ascstep")).args(args))
}

/// Runs `ascstep` with `args` in `dir`, compiled kernels cached in the tests' own cache.
pub fn ascstep_in(dir: &Path, args: &[&str]) -> Run {
    finish(
        Command::new(env!("CARGO_BIN_EXE_ascstep"))
            .args(args)
            .current_dir(dir)
            .env(
                "ASCSTEP_CACHE",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("kernel-cache"),
            ),
    )
}

fn finish(c: &mut Command) -> Run {
    let out = c.output().expect("cannot start the ascstep binary");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A fresh, empty scratch directory for test `name` under cargo's `target/tmp` (never the
/// system's temporary directory), per process so parallel runs do not meet; the test removes
/// it at the end, and one left by a test process that has ended (a failed test) goes when
/// the same test next makes its own.
pub fn scratch(name: &str) -> PathBuf {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scratch");
    let pid = std::process::id();
    if let Ok(entries) = std::fs::read_dir(&base) {
        for e in entries.flatten() {
            let file = e.file_name();
            let other = file
                .to_str()
                .and_then(|f| f.strip_prefix(name)?.strip_prefix('_'));
            let ended = other
                .and_then(|p| p.parse::<u32>().ok())
                .is_some_and(|p| p != pid && !Path::new(&format!("/proc/{p}")).exists());
            if ended {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    let d = base.join(format!("{name}_{pid}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

/// A path relative to the crate root.
pub fn root(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// A path as `&str` (the test paths are plain ASCII).
pub fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Every `.ron` file of a directory relative to the crate root, sorted.
pub fn ron_files(dir: &str) -> Vec<PathBuf> {
    let dir = root(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    v.sort();
    v
}

/// A fixture's first line: `// expect: CODE LINE:COL`, or `// expect: CODE -` for a
/// diagnostic without a source position.
pub struct Expected {
    pub path: PathBuf,
    pub code: String,
    pub pos: Option<(u32, u32)>,
}

impl Expected {
    pub fn read(path: &Path) -> Expected {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let first = text.lines().next().unwrap_or_default();
        let rest = first
            .strip_prefix("// expect:")
            .unwrap_or_else(|| {
                panic!(
                    "{}: the first line must be `// expect: CODE LINE:COL`",
                    path.display()
                )
            })
            .trim();
        let (code, pos) = rest
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}: `// expect: CODE LINE:COL`", path.display()));
        let pos = pos.trim();
        let pos = if pos == "-" {
            None
        } else {
            let (l, c) = pos
                .split_once(':')
                .unwrap_or_else(|| panic!("{}: position must be LINE:COL", path.display()));
            Some((
                l.parse().expect("line number"),
                c.parse().expect("column number"),
            ))
        };
        Expected {
            path: path.to_path_buf(),
            code: code.to_string(),
            pos,
        }
    }

    /// The `file:line:col: SEVERITY[code]` prefix the diagnostic must be printed with.
    pub fn prefix(&self, severity: &str) -> String {
        match self.pos {
            Some((l, c)) => format!("{}:{l}:{c}: {severity}[{}]", self.path.display(), self.code),
            None => format!("{}: {severity}[{}]", self.path.display(), self.code),
        }
    }
}

/// The codes of every `severity[code]` diagnostic printed in `stderr`, in order.
pub fn codes(stderr: &str, severity: &str) -> Vec<String> {
    let open = format!("{severity}[");
    let mut out = Vec::new();
    let mut rest = stderr;
    while let Some(i) = rest.find(&open) {
        rest = &rest[i + open.len()..];
        if let Some(j) = rest.find(']') {
            out.push(rest[..j].to_string());
            rest = &rest[j..];
        }
    }
    out
}
