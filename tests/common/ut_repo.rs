//! The repository-shaped tree of the kernel unit-test tests (`tests/ut_repo`, docs/format.md
//! §13): a fresh copy of it per test, `ascstep ut` run in it with the test venv's python first
//! on PATH, and the tests' edits of their copies.

use super::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh copy of the repository-shaped tree.
pub fn repo(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("ut_repo_{name}"));
    let _ = std::fs::remove_dir_all(&d);
    copy(&root("tests/ut_repo"), &d);
    d
}

pub fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        let t = to.join(e.file_name());
        if p.is_dir() {
            if e.file_name() != "build" {
                copy(&p, &t);
            }
        } else {
            std::fs::copy(&p, &t).unwrap();
        }
    }
}

/// Runs `ascstep ut` in `dir` with the test venv's python first on PATH.
pub fn ut(dir: &Path, args: &[&str]) -> Run {
    let mut all = vec!["ut"];
    all.extend_from_slice(args);
    ascstep_venv(dir, &all)
}

/// Runs `ascstep` with `args` in `dir`, the test venv first on PATH.
pub fn ascstep_venv(dir: &Path, args: &[&str]) -> Run {
    let venv = root("target/venv/bin");
    let path = format!(
        "{}:{}",
        venv.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ascstep"))
        .args(args)
        .current_dir(dir)
        .env("PATH", path)
        .env(
            "ASCSTEP_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("kernel-cache"),
        )
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Appends `text` to the file at `path` (a test's edit of a copied repository tree).
pub fn append(path: &Path, text: &str) {
    let old = std::fs::read_to_string(path).unwrap();
    std::fs::write(path, old + text).unwrap();
}

/// Replaces `from` (which must be there) with `to` in the file at `path`.
pub fn replace_in(path: &Path, from: &str, to: &str) {
    let old = std::fs::read_to_string(path).unwrap();
    assert!(old.contains(from), "{} has no `{from}`", path.display());
    std::fs::write(path, old.replace(from, to)).unwrap();
}
