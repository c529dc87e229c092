//! Kernel unit test files under `ascstep test` (docs/format.md §9, §13): the file is run as
//! `ascstep ut` runs it, googletest's JSON report read back, and each googletest case is a
//! case of the batch (`path Suite.Case`), failed with googletest's failure messages (a
//! launch's error among them). A file that does not compile is one invalid case; a case the
//! test program died in fails with what ended it, the cases after it run in a new program and
//! the reports are merged (`kernel::gtest`); a program that dies outside any case fails the
//! cases it reported nothing of as one case naming the last launch's test.

use super::{Case, Result};
use std::path::Path;

/// googletest's JSON report: the cases run, each with its failures.
#[derive(serde::Deserialize)]
struct Report {
    #[serde(default)]
    testsuites: Vec<Suite>,
}

#[derive(serde::Deserialize)]
struct Suite {
    name: String,
    #[serde(default)]
    testsuite: Vec<TestCase>,
}

#[derive(serde::Deserialize)]
struct TestCase {
    name: String,
    #[serde(default)]
    result: String,
    #[serde(default)]
    time: String,
    #[serde(default)]
    failures: Vec<Failure>,
}

#[derive(serde::Deserialize)]
struct Failure {
    #[serde(default)]
    failure: String,
}

/// googletest's JSON escapes each byte of UTF-8 text as a character of its own: the text again.
fn utf8(s: &str) -> String {
    if s.chars().all(|c| (c as u32) < 0x100) {
        let bytes: Vec<u8> = s.chars().map(|c| c as u32 as u8).collect();
        if let Ok(t) = String::from_utf8(bytes) {
            return t;
        }
    }
    s.to_string()
}

/// The cases of one kernel unit test file.
pub fn cases(path: &Path, kopts: crate::kernel::Options) -> Vec<Case> {
    let start = std::time::Instant::now();
    let product = Some(kopts.product);
    let one = |result: Result| {
        vec![Case {
            path: path.to_path_buf(),
            test: None,
            product,
            result,
            seconds: start.elapsed().as_secs_f64(),
        }]
    };
    let json = std::env::temp_dir().join(format!(
        "ascstep-ut-{}-{:x}.json",
        std::process::id(),
        super::path_hash(path)
    ));
    let _ = std::fs::remove_file(&json);
    let ut = crate::kernel::ut::UtOptions {
        json: Some(json.clone()),
        ..Default::default()
    };
    let run = match crate::kernel::ut::run(path, &kopts, &ut) {
        Ok(r) => r,
        Err(e) => return one(super::judge::not_compiled(e)),
    };
    let report: Option<Report> = std::fs::read_to_string(&json)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok());
    let _ = std::fs::remove_file(&json);
    let Some(report) = report else {
        let last = run
            .launches
            .last()
            .map(|l| format!(" (the last launch was made by {})", l.test))
            .unwrap_or_default();
        let message = match &run.end {
            crate::kernel::End::Crashed(sig) => format!("the test program died from {sig}{last}"),
            crate::kernel::End::TimedOut => format!("the test program ran past --timeout{last}"),
            e => format!("the test program ended without googletest's report ({e:?}){last}"),
        };
        return one(Result::Failed {
            details: run.output.clone(),
            message,
        });
    };
    let mut out = Vec::new();
    for s in report.testsuites {
        for t in s.testsuite {
            if t.result == "SKIPPED" || t.result == "SUPPRESSED" {
                continue;
            }
            let name = format!("{}.{}", s.name, t.name);
            let launches: Vec<_> = run.launches.iter().filter(|l| l.test == name).collect();
            let result = if t.failures.is_empty() {
                let calls: usize = launches.iter().map(|l| l.calls).sum();
                Result::Passed {
                    note: format!(
                        "{} launch{}, {}",
                        launches.len(),
                        if launches.len() == 1 { "" } else { "es" },
                        crate::report::count(calls, "API call")
                    ),
                }
            } else {
                let details: Vec<String> = t.failures.iter().map(|f| utf8(&f.failure)).collect();
                let details = details.join("\n");
                // A launch's error, else the failure's first line after googletest's own
                // `file:line` header.
                let lines: Vec<&str> = details.lines().filter(|l| !l.trim().is_empty()).collect();
                let message = lines
                    .iter()
                    .find(|l| l.contains(": error["))
                    .or_else(|| lines.get(1))
                    .or_else(|| lines.first())
                    .map_or("failed".to_string(), |l| l.trim().to_string());
                Result::Failed { message, details }
            };
            let seconds = t.time.trim_end_matches('s').parse().unwrap_or(0.0);
            out.push(Case {
                path: path.to_path_buf(),
                test: Some(name),
                product,
                result,
                seconds,
            });
        }
    }
    if out.is_empty() {
        return one(Result::Passed {
            note: "no googletest case selected".into(),
        });
    }
    out
}
