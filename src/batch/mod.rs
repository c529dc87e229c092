//! `ascstep test` (docs/format.md §9): everything runnable under some paths — RON programs,
//! binding programs and C++ files with a host `main` — run and judged, one line each in a
//! stable order, a summary, and a JUnit XML report for CI. `-j N` runs N at a time;
//! `--partition K/N` keeps one of N stable shares of the set, so that N machines split it.
//!
//! `collect` finds the cases, `share` partitions them, `run_all` runs them on threads, and
//! `judge` decides each one's result.

mod judge;
pub mod junit;
mod ut;

pub use judge::run_one;
pub use junit::{junit, JUNIT_ROOT};

use crate::sim::Product;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// How one case ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Result {
    /// Finished and passed; `note` says what passed (`3 expectations`, `main returned 0`).
    Passed { note: String },
    /// Finished, and an expectation (or `main`'s own check) failed.
    Failed { message: String, details: String },
    /// Did not load or compile, or stopped on an error; `io` when a file could not be read.
    Invalid {
        message: String,
        details: String,
        io: bool,
    },
}

/// One case of the batch.
#[derive(Clone, Debug)]
pub struct Case {
    pub path: PathBuf,
    /// The googletest case (`Suite.Case`) of a kernel unit test file.
    pub test: Option<String>,
    pub product: Option<Product>,
    pub result: Result,
    pub seconds: f64,
}

/// What every case runs with.
#[derive(Clone, Debug)]
pub struct Options {
    /// `--product`: overrides each program's own.
    pub product: Option<Product>,
    /// How C++ kernels are compiled and bounded (its product and output are the case's).
    pub kernel: crate::kernel::Options,
}

/// Whether `path` is a C++ file `ascstep test` runs: one with a host `main`, or a kernel
/// unit test (docs/format.md §13).
fn runnable_cpp(path: &Path) -> bool {
    crate::kernel::is_cpp(path)
        && (crate::kernel::ut::is_ut(path)
            || std::fs::read(path)
                .is_ok_and(|b| crate::kernel::source::has_main(&String::from_utf8_lossy(&b))))
}

/// Every runnable file under `paths` (directories recursively, sorted): `.ron` programs and
/// C++ files with a host `main` (a kernel source without one is what a binding program
/// runs). A file named on the command line is taken whatever it is. Or the first path that
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
    } else if named || p.extension().is_some_and(|x| x == "ron") || runnable_cpp(p) {
        out.push(p.to_path_buf());
    }
    Ok(())
}

/// `--partition`: the K-th (from 1) of N shares, by a hash of each path (a file keeps its
/// share when others come and go) or by count (every N-th file of the sorted set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    pub k: u32,
    pub n: u32,
    pub by_count: bool,
}

/// `K/N`, `hash:K/N` or `count:K/N` with 1 ≤ K ≤ N.
pub fn parse_partition(s: &str) -> std::result::Result<Partition, String> {
    let t = s.trim();
    let (by_count, rest) = match t.split_once(':') {
        Some(("count", r)) => (true, r),
        Some(("hash", r)) => (false, r),
        Some(_) => {
            return Err(format!(
                "`{s}` is not a partition; write K/N, hash:K/N or count:K/N, e.g. 2/4"
            ))
        }
        None => (false, t),
    };
    let parsed = rest
        .split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse::<u32>().ok()?, n.trim().parse::<u32>().ok()?)));
    match parsed {
        Some((k, n)) if n >= 1 && (1..=n).contains(&k) => Ok(Partition { k, n, by_count }),
        _ => Err(format!(
            "`{s}` is not a partition; write K/N with 1 ≤ K ≤ N (share K of N), e.g. 2/4, or hash:K/N, count:K/N"
        )),
    }
}

/// FNV-1a of a path's text: the same on every machine and every run.
pub(crate) fn path_hash(p: &Path) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in p.to_string_lossy().bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The files of share `part` (all of them without one), in their order.
pub fn share(files: Vec<PathBuf>, part: Option<Partition>) -> Vec<PathBuf> {
    let Some(p) = part else { return files };
    files
        .into_iter()
        .enumerate()
        .filter(|(i, f)| {
            let slot = if p.by_count { *i as u64 } else { path_hash(f) };
            slot % u64::from(p.n) == u64::from(p.k - 1)
        })
        .map(|(_, f)| f)
        .collect()
}

/// Runs every file, `jobs` at a time, and calls `each` with each case in the files' order as
/// soon as it and every case before it have finished.
pub fn run_all(
    files: &[PathBuf],
    opts: &Options,
    jobs: usize,
    mut each: impl FnMut(&Case),
) -> Vec<Case> {
    let jobs = jobs.clamp(1, files.len().max(1));
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Vec<Case>)>();
    let mut cases = Vec::with_capacity(files.len());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(f) = files.get(i) else { return };
                if tx.send((i, run_one(f, opts))).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut done = 0;
        for (i, c) in rx {
            waiting.insert(i, c);
            while let Some(file_cases) = waiting.remove(&done) {
                done += 1;
                for c in file_cases {
                    each(&c);
                    cases.push(c);
                }
            }
        }
    });
    cases
}

/// The line `ascstep test` prints for a case.
pub fn line(c: &Case) -> String {
    let path = match &c.test {
        Some(t) => format!("{} {t}", c.path.display()),
        None => c.path.display().to_string(),
    };
    match &c.result {
        Result::Passed { note } => format!("ok       {path} ({note})"),
        Result::Failed { message, .. } => format!("FAILED   {path}: {message}"),
        Result::Invalid { message, .. } => format!("INVALID  {path}: {message}"),
    }
}

/// How many cases passed, failed and were invalid.
pub fn counts(cases: &[Case]) -> (usize, usize, usize) {
    let of = |f: fn(&Result) -> bool| cases.iter().filter(|c| f(&c.result)).count();
    let passed = of(|r| matches!(r, Result::Passed { .. }));
    let invalid = of(|r| matches!(r, Result::Invalid { .. }));
    (passed, cases.len() - passed - invalid, invalid)
}

/// `N passed, N failed[, N invalid]`.
pub fn summary(cases: &[Case]) -> String {
    let (passed, failed, invalid) = counts(cases);
    let mut s = format!("{passed} passed, {failed} failed");
    if invalid > 0 {
        s.push_str(&format!(", {invalid} invalid"));
    }
    s
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_code_ranks_io_over_invalid_over_failed() {
        let case = |r: Result| Case {
            test: None,
            path: "x.ron".into(),
            product: None,
            result: r,
            seconds: 0.0,
        };
        let pass = case(Result::Passed {
            note: String::new(),
        });
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

    #[test]
    fn partitions_are_disjoint_stable_and_cover_the_set() {
        let files: Vec<PathBuf> = (0..200).map(|i| format!("k/{i}.ron").into()).collect();
        for by_count in [false, true] {
            let mut all: Vec<PathBuf> = Vec::new();
            for k in 1..=3 {
                let s = share(files.clone(), Some(Partition { k, n: 3, by_count }));
                // Each share is a real part of the set (neither empty nor everything).
                assert!(!s.is_empty() && s.len() < files.len());
                all.extend(s);
            }
            all.sort();
            let mut want = files.clone();
            want.sort();
            assert_eq!(all, want, "the shares are disjoint and cover the set");
        }
        // By hash, a file keeps its share when another file joins the set.
        let p = Some(Partition {
            k: 2,
            n: 3,
            by_count: false,
        });
        let before = share(files.clone(), p);
        let mut more = files.clone();
        more.insert(0, "a/new.ron".into());
        let after: Vec<PathBuf> = share(more, p)
            .into_iter()
            .filter(|f| f != Path::new("a/new.ron"))
            .collect();
        assert_eq!(before, after);
        // By count, every third file from the second.
        let c = share(
            files.clone(),
            Some(Partition {
                k: 2,
                n: 3,
                by_count: true,
            }),
        );
        assert_eq!(c[0], files[1]);
        assert_eq!(c[1], files[4]);
    }

    #[test]
    fn partition_text_is_k_of_n() {
        assert_eq!(
            parse_partition("2/4"),
            Ok(Partition {
                k: 2,
                n: 4,
                by_count: false
            })
        );
        assert!(parse_partition("count:1/1").is_ok_and(|p| p.by_count));
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "slice:1/2", "-1/2"] {
            let e = parse_partition(bad).unwrap_err();
            assert!(e.contains(bad) && e.contains("K/N"), "{e}");
        }
    }
}
