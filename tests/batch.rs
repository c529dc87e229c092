//! `ascstep test` through the binary (program-format.md §9): a sample-style directory of
//! programs (tests/batch_project: one passing, one whose expectation fails, one invalid, and a
//! file that is not a program), its lines, summary and exit codes, and the JUnit XML report
//! parsed back with an XML reader as a CI system would.

mod common;

use common::{ascstep, root, s};
use quick_xml::events::Event;
use quick_xml::Reader;
use std::collections::HashMap;

/// One `<testcase>` of the report: its attributes and the child element (`failure`/`error`)
/// with that element's attributes and text.
#[derive(Debug, Default)]
struct TestCase {
    attrs: HashMap<String, String>,
    outcome: Option<(String, HashMap<String, String>, String)>,
}

/// The root element's attributes, the suite's, and every test case, parsed with quick-xml.
fn parse_junit(
    xml: &str,
) -> (
    HashMap<String, String>,
    HashMap<String, String>,
    Vec<TestCase>,
) {
    let mut r = Reader::from_str(xml);
    let attrs = |e: &quick_xml::events::BytesStart| -> HashMap<String, String> {
        e.attributes()
            .map(|a| {
                let a = a.expect("well-formed attribute");
                (
                    String::from_utf8(a.key.as_ref().to_vec()).unwrap(),
                    a.unescape_value().expect("escaped value").into_owned(),
                )
            })
            .collect()
    };
    let (mut root_attrs, mut suite, mut cases) = (HashMap::new(), HashMap::new(), Vec::new());
    let mut open: Option<TestCase> = None;
    let mut child: Option<(String, HashMap<String, String>, String)> = None;
    loop {
        match r.read_event().expect("well-formed XML") {
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == b"testsuites" => {
                root_attrs = attrs(&e)
            }
            Event::Start(e) if e.name().as_ref() == b"testsuite" => suite = attrs(&e),
            Event::Empty(e) if e.name().as_ref() == b"testcase" => cases.push(TestCase {
                attrs: attrs(&e),
                outcome: None,
            }),
            Event::Start(e) if e.name().as_ref() == b"testcase" => {
                open = Some(TestCase {
                    attrs: attrs(&e),
                    outcome: None,
                })
            }
            Event::Start(e) if matches!(e.name().as_ref(), b"failure" | b"error") => {
                let name = String::from_utf8(e.name().as_ref().to_vec()).unwrap();
                child = Some((name, attrs(&e), String::new()));
            }
            Event::Text(t) => {
                if let Some(c) = child.as_mut() {
                    c.2.push_str(&t.decode().expect("text"));
                }
            }
            Event::GeneralRef(g) => {
                if let Some(c) = child.as_mut() {
                    let name = String::from_utf8(g.to_vec()).unwrap();
                    c.2.push_str(match name.as_str() {
                        "lt" => "<",
                        "gt" => ">",
                        "amp" => "&",
                        "quot" => "\"",
                        "apos" => "'",
                        other => panic!("unknown entity {other}"),
                    });
                }
            }
            Event::End(e) if matches!(e.name().as_ref(), b"failure" | b"error") => {
                if let Some(o) = open.as_mut() {
                    o.outcome = child.take();
                }
            }
            Event::End(e) if e.name().as_ref() == b"testcase" => {
                cases.extend(open.take());
            }
            Event::Eof => break,
            _ => {}
        }
    }
    (root_attrs, suite, cases)
}

fn temp(name: &str) -> std::path::PathBuf {
    common::scratch(&format!("batch_{name}"))
}

#[test]
fn a_project_directory_gives_one_line_each_a_summary_and_exit_3() {
    let dir = temp("project");
    let junit = dir.join("report.xml");
    let r = ascstep([
        "test",
        s(&root("tests/batch_project")),
        "--junit",
        s(&junit),
    ]);
    assert_eq!(r.code, 3, "an invalid program makes exit 3:\n{}", r.dump());
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines.len(),
        4,
        "three programs (notes.txt skipped) and a summary:\n{}",
        r.dump()
    );
    assert!(lines[0].starts_with("ok ") && lines[0].contains("add_ok.ron (1 expectation)"));
    // z = x + y = 3, 5, …; the expectation said 2, 4, …: every element differs.
    assert!(lines[1].starts_with("FAILED ") && lines[1].contains("add_wrong.ron"));
    assert!(lines[1].contains("16 of 16 elements differ (z[0]: expected 2, got 3)"));
    assert!(lines[2].starts_with("INVALID ") && lines[2].contains("error[misaligned-operand]"));
    assert_eq!(lines[3], "1 passed, 1 failed, 1 invalid");

    let xml = std::fs::read_to_string(&junit).expect("the JUnit file is written");
    let (top, suite, cases) = parse_junit(&xml);
    for a in [&top, &suite] {
        assert_eq!(a["tests"], "3");
        assert_eq!(a["failures"], "1");
        assert_eq!(a["errors"], "1");
    }
    let by_name: HashMap<&str, &TestCase> = cases
        .iter()
        .map(|c| (c.attrs["name"].as_str(), c))
        .collect();
    assert_eq!(by_name.len(), 3, "{cases:?}");
    assert!(by_name["add_ok.ron"].outcome.is_none());
    assert!(by_name["add_ok.ron"].attrs["classname"].ends_with("add"));
    let (kind, attrs, text) = by_name["add_wrong.ron"].outcome.as_ref().unwrap();
    assert_eq!(kind, "failure");
    assert!(attrs["message"].contains("expected 2, got 3"), "{attrs:?}");
    // The body lists the kept mismatches with their UB addresses: z[1] at 0x40 + 2.
    assert!(text.contains("z[1] @ 0x42: expected 4, got 5"), "{text}");
    let (kind, attrs, text) = by_name["misaligned.ron"].outcome.as_ref().unwrap();
    assert_eq!(kind, "error");
    assert!(attrs["message"].contains("misaligned-operand"), "{attrs:?}");
    assert!(
        text.contains("^"),
        "the rendered diagnostic with its caret: {text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn exit_codes_follow_the_worst_program() {
    let ok = root("tests/batch_project/add/add_ok.ron");
    let wrong = root("tests/batch_project/add/add_wrong.ron");
    let r = ascstep(["test", s(&ok)]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.ends_with("1 passed, 0 failed\n"), "{}", r.dump());
    let r = ascstep(["test", s(&ok), s(&wrong)]);
    assert_eq!(r.code, 1, "{}", r.dump());
    assert!(r.stdout.ends_with("1 passed, 1 failed\n"), "{}", r.dump());
    // --product applies to every program: the training series has no int16 Add
    // (semantics.md §7 item 8), so the passing program becomes invalid there.
    let r = ascstep(["test", s(&ok), "--product", "atlas_training"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stdout.contains("error[unsupported-dtype]"),
        "{}",
        r.dump()
    );
    let r = ascstep(["test", s(&root("tests/batch_project/no_such_dir"))]);
    assert_eq!(r.code, 4, "{}", r.dump());
    let empty = temp("empty");
    let r = ascstep(["test", s(&empty)]);
    assert_eq!(r.code, 2, "no programs is a usage error:\n{}", r.dump());
    std::fs::remove_dir_all(&empty).unwrap();
}

/// --junit never replaces a file ascstep did not write, unless --force; its own report it
/// replaces (CI reruns).
#[test]
fn junit_does_not_overwrite_user_files_unasked() {
    let dir = temp("overwrite");
    let junit = dir.join("results.xml");
    let ok = root("tests/batch_project/add/add_ok.ron");
    std::fs::write(&junit, "my notes\n").unwrap();
    let r = ascstep(["test", s(&ok), "--junit", s(&junit)]);
    assert_eq!(r.code, 4, "{}", r.dump());
    assert!(r.stderr.contains("--force"), "{}", r.dump());
    assert_eq!(std::fs::read_to_string(&junit).unwrap(), "my notes\n");
    let r = ascstep(["test", s(&ok), "--junit", s(&junit), "--force"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(
        parse_junit(&std::fs::read_to_string(&junit).unwrap())
            .2
            .len(),
        1
    );
    let wrong = root("tests/batch_project/add/add_wrong.ron");
    let r = ascstep(["test", s(&ok), s(&wrong), "--junit", s(&junit)]);
    assert_eq!(r.code, 1, "its own report is replaced:\n{}", r.dump());
    assert_eq!(
        parse_junit(&std::fs::read_to_string(&junit).unwrap())
            .2
            .len(),
        2
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A copy of tests/batch_kernels in a scratch directory (the cases write files beside them).
fn kernel_suite(name: &str) -> std::path::PathBuf {
    fn copy(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let p = e.unwrap().path();
            let dst = to.join(p.file_name().unwrap());
            if p.is_dir() {
                copy(&p, &dst);
            } else {
                std::fs::copy(&p, &dst).unwrap();
            }
        }
    }
    let dir = temp(name).join("suite");
    copy(&root("tests/batch_kernels"), &dir);
    dir
}

/// `ascstep test` in `dir` with the kernel cache the other kernel tests share.
fn test_in(dir: &std::path::Path, args: &[&str]) -> common::Run {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ascstep"))
        .arg("test")
        .args(args)
        .current_dir(dir)
        .env(
            "ASCSTEP_CACHE",
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("kernel-cache"),
        )
        .output()
        .expect("cannot start the ascstep binary");
    common::Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Every runnable kind under the paths (format.md §9): a binding program (its kernel .cpp,
/// which has no main, is not a case of its own), files with a host main (run in their own
/// directory: they read ./factor.txt), judged by main's return; one line each in path order
/// whatever -j, the same JUnit cases; a process the kernel detached does not keep the run
/// going (main returns at once, the case passes within --timeout) nor outlive it.
#[test]
fn binding_programs_and_host_mains_run_in_order_at_any_job_count() {
    let dir = kernel_suite("kernels");
    let mut outs = Vec::new();
    for jobs in ["1", "2"] {
        let junit = format!("report-{jobs}.xml");
        let r = test_in(
            &dir,
            &[".", "-j", jobs, "--timeout", "60", "--junit", &junit],
        );
        assert_eq!(r.code, 1, "main's failed check is exit 1:\n{}", r.dump());
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 5, "{}", r.dump());
        assert!(
            lines[0].starts_with("ok ") && lines[0].contains("binding/add_one.ron (1 expectation)")
        );
        assert!(
            lines[1].starts_with("ok ") && lines[1].contains("forks/forks.asc (main returned 0")
        );
        // y = 2x with x = 0, 1, …: y[1] = 2 where main expected 3.
        assert!(
            lines[2].starts_with("FAILED ")
                && lines[2].contains(
                    "scale/thrice.asc: main returned 1 (it printed last: y[1] = 2, expected 3)"
                ),
            "{}",
            r.dump()
        );
        // DataCopy, PipeBarrier, Muls, PipeBarrier, DataCopy.
        assert!(
            lines[3].starts_with("ok ")
                && lines[3]
                    .contains("scale/twice.asc (main returned 0; 5 API calls from 1 launch)")
        );
        assert_eq!(lines[4], "3 passed, 1 failed");
        let xml = std::fs::read_to_string(dir.join(&junit)).unwrap();
        let (_, suite, cases) = parse_junit(&xml);
        assert_eq!(
            (suite["tests"].as_str(), suite["failures"].as_str()),
            ("4", "1")
        );
        let (kind, _, text) = cases
            .iter()
            .find(|c| c.attrs["name"] == "thrice.asc")
            .unwrap()
            .outcome
            .clone()
            .unwrap();
        assert_eq!(kind, "failure");
        assert!(
            text.contains("y[1] = 2, expected 3"),
            "what main printed: {text}"
        );
        outs.push(r.stdout);
        // The detached sleeper is gone.
        let pid = std::fs::read_to_string(dir.join("forks/sleeper.pid"))
            .expect("the sleeper wrote its pid");
        let pid = pid.trim();
        assert!(
            !std::path::Path::new(&format!("/proc/{pid}")).exists(),
            "process {pid} outlived ascstep"
        );
        std::fs::remove_file(dir.join("forks/sleeper.pid")).unwrap();
    }
    assert_eq!(outs[0], outs[1], "-j 2 prints what -j 1 does");
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

/// `--partition K/N`: the shares are disjoint, cover the set, and their JUnit files merge by
/// concatenating their testcases into the whole run's.
#[test]
fn partitions_split_a_suite_and_their_junit_files_merge() {
    let dir = temp("partition");
    let project = root("tests/batch_project");
    let whole = ascstep(["test", s(&project)]);
    let mut lines: Vec<String> = Vec::new();
    let mut cases = 0;
    for k in 1..=3 {
        let junit = dir.join(format!("share-{k}.xml"));
        let part = format!("{k}/3");
        let r = ascstep([
            "test",
            s(&project),
            "--partition",
            &part,
            "--junit",
            s(&junit),
        ]);
        assert!(
            r.stderr.contains(&format!("share {k}/3 of 3")),
            "{}",
            r.dump()
        );
        let mine: Vec<&str> = r
            .stdout
            .lines()
            .filter(|l| !l.contains(" passed, "))
            .collect();
        lines.extend(mine.iter().map(|l| l.to_string()));
        let (_, _, c) = parse_junit(&std::fs::read_to_string(&junit).unwrap());
        assert_eq!(c.len(), mine.len());
        cases += c.len();
    }
    let mut want: Vec<String> = whole
        .stdout
        .lines()
        .filter(|l| !l.contains(" passed, "))
        .map(str::to_string)
        .collect();
    lines.sort();
    want.sort();
    assert_eq!(lines, want);
    assert_eq!(cases, 3);
    for bad in ["0/3", "4/3", "x"] {
        let r = ascstep(["test", s(&project), "--partition", bad]);
        assert_eq!(r.code, 2, "{}", r.dump());
        assert!(r.stderr.contains("K/N"), "{}", r.dump());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
