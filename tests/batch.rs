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
    let d = std::env::temp_dir().join(format!("ascstep-batch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
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
