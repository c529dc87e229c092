//! googletest's results of a kernel unit test file (docs/format.md §13) when its test program
//! does not end by itself: each case's end is told to ascstep as it happens (`UtProgress`,
//! include/ascstep/ut.h), so after a crash ascstep knows which cases ended, how, and which one
//! was running; the cases not started yet run in a new test program (googletest's filter with
//! the started ones excluded), and the programs' results are merged and written back in
//! googletest's own JSON and XML shapes, one entry per case.

use super::child::End;
use std::fmt::Write as _;

/// One googletest case's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// `Suite.Case`.
    pub name: String,
    pub passed: bool,
    /// The failures' text (googletest's `file:line` lines and messages).
    pub failure: String,
    pub seconds: f64,
}

impl Outcome {
    fn suite_and_case(&self) -> (&str, &str) {
        self.name.split_once('.').unwrap_or(("", &self.name))
    }
}

/// googletest's `--gtest_filter` selecting what `filter` selects but the `started` cases.
pub fn without(filter: Option<&str>, started: &[String]) -> String {
    let (pos, neg) = match filter {
        Some(f) => f.split_once('-').map_or((f, None), |(p, n)| (p, Some(n))),
        None => ("*", None),
    };
    let pos = if pos.is_empty() { "*" } else { pos };
    let mut negs: Vec<&str> = neg.into_iter().filter(|n| !n.is_empty()).collect();
    negs.extend(started.iter().map(String::as_str));
    format!("{pos}-{}", negs.join(":"))
}

/// The cases of a googletest JSON report (`GTEST_OUTPUT=json:…`), skipped ones left out.
pub fn from_json(text: &str) -> Option<Vec<Outcome>> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let mut out = Vec::new();
    for s in v["testsuites"].as_array()? {
        let suite = s["name"].as_str().unwrap_or("");
        for t in s["testsuite"].as_array().into_iter().flatten() {
            let result = t["result"].as_str().unwrap_or("");
            if result == "SKIPPED" || result == "SUPPRESSED" {
                continue;
            }
            let failures: Vec<&str> = t["failures"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|f| f["failure"].as_str())
                .collect();
            out.push(Outcome {
                name: format!("{suite}.{}", t["name"].as_str().unwrap_or("")),
                passed: failures.is_empty(),
                failure: failures.join("\n"),
                seconds: t["time"]
                    .as_str()
                    .unwrap_or("0s")
                    .trim_end_matches('s')
                    .parse()
                    .unwrap_or(0.0),
            });
        }
    }
    Some(out)
}

/// The cases grouped by suite, in their order.
fn suites(cases: &[Outcome]) -> Vec<(&str, Vec<&Outcome>)> {
    let mut out: Vec<(&str, Vec<&Outcome>)> = Vec::new();
    for c in cases {
        let (suite, _) = c.suite_and_case();
        match out.iter_mut().find(|(s, _)| *s == suite) {
            Some((_, v)) => v.push(c),
            None => out.push((suite, vec![c])),
        }
    }
    out
}

/// The cases as googletest's JSON report (what `from_json` and `ascstep test` read).
pub fn to_json(cases: &[Outcome]) -> String {
    use serde_json::json;
    let failed = |v: &[&Outcome]| v.iter().filter(|c| !c.passed).count();
    let suites: Vec<serde_json::Value> = suites(cases)
        .into_iter()
        .map(|(suite, v)| {
            json!({
                "name": suite,
                "tests": v.len(),
                "failures": failed(&v),
                "testsuite": v.iter().map(|c| json!({
                    "name": c.suite_and_case().1,
                    "classname": suite,
                    "status": "RUN",
                    "result": "COMPLETED",
                    "time": format!("{:.3}s", c.seconds),
                    "failures": if c.passed { vec![] } else { vec![json!({"failure": c.failure, "type": ""})] },
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let all: Vec<&Outcome> = cases.iter().collect();
    json!({
        "tests": cases.len(),
        "failures": failed(&all),
        "name": "AllTests",
        "testsuites": suites,
    })
    .to_string()
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The cases as googletest's XML report (JUnit's schema, as `--gtest_output=xml` writes it).
pub fn to_xml(cases: &[Outcome]) -> String {
    let failed = |v: &[&Outcome]| v.iter().filter(|c| !c.passed).count();
    let all: Vec<&Outcome> = cases.iter().collect();
    let time: f64 = cases.iter().map(|c| c.seconds).sum();
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        x,
        "<testsuites tests=\"{}\" failures=\"{}\" disabled=\"0\" errors=\"0\" time=\"{time:.3}\" name=\"AllTests\">",
        cases.len(),
        failed(&all)
    );
    for (suite, v) in suites(cases) {
        let _ = writeln!(
            x,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" disabled=\"0\" skipped=\"0\" errors=\"0\">",
            esc(suite),
            v.len(),
            failed(&v)
        );
        for c in v {
            let _ = write!(
                x,
                "    <testcase name=\"{}\" status=\"run\" result=\"completed\" time=\"{:.3}\" classname=\"{}\"",
                esc(c.suite_and_case().1),
                c.seconds,
                esc(suite)
            );
            if c.passed {
                x.push_str(" />\n");
            } else {
                let first = c.failure.lines().nth(1).or(c.failure.lines().next());
                let _ = writeln!(
                    x,
                    ">\n      <failure message=\"{}\" type=\"\">{}</failure>\n    </testcase>",
                    esc(first.unwrap_or("failed")),
                    esc(&c.failure)
                );
            }
        }
        x.push_str("  </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}

/// The diagnostic code of such an end (docs/format.md §13).
pub fn code(end: &End) -> &'static str {
    match end {
        End::Crashed(_) => "kernel-crashed",
        End::TimedOut => "timeout",
        End::Exited(_) => "test-program-exited",
        End::OutOfMemory(_) => "kernel-out-of-memory",
        End::RecordingTooLarge(_) => "recording-too-large",
        End::Rejected(_) => "kernel-stopped",
        End::Broken(_) => "kernel-protocol",
    }
}

/// How a test program that did not end by itself ended, as a failure's text.
pub fn ended(end: &End) -> String {
    match end {
        End::Crashed(sig) => format!("the test program died from {sig}"),
        End::TimedOut => "the test program ran past --timeout and was stopped".into(),
        End::Exited(c) => {
            format!("the test program exited with status {c} before googletest finished")
        }
        End::OutOfMemory(l) => format!(
            "the test program ran out of memory: it may use {} (--memory-limit)",
            super::ending::bytes_text(*l)
        ),
        End::RecordingTooLarge(l) => format!(
            "a launch made more API calls than ascstep can record within {} (--memory-limit)",
            super::ending::bytes_text(*l)
        ),
        End::Rejected(d) => d.message.clone(),
        End::Broken(e) => e.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(name: &str, passed: bool) -> Outcome {
        Outcome {
            name: name.into(),
            passed,
            failure: if passed {
                String::new()
            } else {
                "t.cpp:3\nboom & <x>".into()
            },
            seconds: 0.25,
        }
    }

    /// googletest's filter syntax: `POSITIVE[-NEGATIVE]`, patterns joined by `:`.
    #[test]
    fn the_rerun_filter_excludes_the_started_cases_and_keeps_the_users() {
        let started = vec!["S.a".to_string(), "S.b".to_string()];
        assert_eq!(without(None, &started), "*-S.a:S.b");
        assert_eq!(without(Some("S.*"), &started), "S.*-S.a:S.b");
        assert_eq!(without(Some("S.*-S.z"), &started), "S.*-S.z:S.a:S.b");
        assert_eq!(without(Some("-S.z"), &started), "*-S.z:S.a:S.b");
    }

    /// What `to_json` writes `from_json` reads back whole, grouped by suite in order.
    #[test]
    fn the_merged_json_reads_back_as_written() {
        let cases = vec![case("S.a", true), case("T.x", false), case("S.b", false)];
        let back = from_json(&to_json(&cases)).unwrap();
        assert_eq!(back.len(), 3);
        assert_eq!(back[0], cases[0]);
        assert_eq!(back[1], cases[2]);
        assert_eq!(back[2], cases[1]);
    }

    #[test]
    fn the_merged_xml_has_a_testcase_per_case_with_its_failure_escaped() {
        let x = to_xml(&[case("S.a", true), case("S.b", false)]);
        assert_eq!(x.matches("<testcase ").count(), 2, "{x}");
        assert!(x.contains("<testsuites tests=\"2\" failures=\"1\""), "{x}");
        assert!(x.contains("name=\"b\" status=\"run\""), "{x}");
        assert!(x.contains("message=\"boom &amp; &lt;x&gt;\""), "{x}");
    }
}
