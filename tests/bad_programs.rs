//! One small invalid program per error class (`tests/bad_programs/`) and one program per
//! warning class (`tests/warn_programs/`), run through the real binary. The first line of each
//! fixture says which stable code it must raise and where: `// expect: CODE LINE:COL`
//! (`-` for a diagnostic without a position).

mod common;

use common::{ascstep, codes, ron_files, root, s, Expected};

fn bad() -> Vec<Expected> {
    ron_files("tests/bad_programs")
        .iter()
        .map(|p| Expected::read(p))
        .collect()
}

fn warn() -> Vec<Expected> {
    ron_files("tests/warn_programs")
        .iter()
        .map(|p| Expected::read(p))
        .collect()
}

/// Every error class the loader and the simulator document has a fixture.
const ERROR_CLASSES: &[&str] = &[
    // loader
    "parse-error",
    "unknown-field",
    "duplicate-field",
    "missing-field",
    "wrong-type",
    "unknown-product",
    "duplicate-tensor",
    "unknown-dtype",
    "float-for-integer",
    "value-out-of-range",
    "length-mismatch",
    "file-error",
    "unknown-data-form",
    "bad-random",
    "unknown-tensor",
    "operand-out-of-tensor",
    "bad-operand",
    "unknown-instruction",
    "bad-form",
    "bad-params",
    "stride-out-of-range",
    "dtype-mismatch",
    "unknown-order",
    "unknown-cmp-mode",
    "unknown-sel-mode",
    "unknown-round-mode",
    "unknown-reduce-op",
    "bad-expect",
    "expect-out-of-tensor",
    // simulator
    "tensor-outside-ub",
    "bad-ub-size",
    "misaligned-operand",
    "outside-ub",
    "outside-tensor",
    "mask-out-of-range",
    "repeat-out-of-range",
    "zero-dst-block-stride",
    "unsupported-dtype",
    "unsupported-instruction",
    "reduce-dst-rep-stride-zero",
    "unsupported-order",
    "shift-out-of-range",
    "round-en-unsupported",
    "count-out-of-range",
    "unsupported-cast",
    "unsupported-round-mode",
    "unsupported-cmp-mode",
    "unsupported-sel-mode",
    "unsupported-pattern",
    "work-too-small",
    "misaligned-gather-offset",
    "gather-src-dst-overlap",
    "sort-src-dst-overlap",
    "nd-dst-overlap",
    "gather-offset-out-of-range",
    "unknown-scalar",
    "bad-expr",
    "bad-sync",
    "division-by-zero",
    "scalar-out-of-range",
    "atomic-type",
    // the register API (docs/format.md §7.1)
    "operand-memory",
    "unsupported-merge-mode",
    "unknown-merge-mode",
    "unknown-mask-pattern",
    "uninitialised-mask",
    "unknown-part",
    "unknown-dist",
    "unknown-layout",
    "unknown-algo",
    "unknown-order",
];

const WARNING_CLASSES: &[&str] = &[
    "uninitialised-read",
    "partial-overlap",
    "cross-repeat-dependency",
    "counter-mode-hazard",
    "mask-zero",
    "mask-clamped",
    "repeat-zero",
    "mask-high-word-ignored",
    "mask-register-reset",
    "and-or-int32-reinterpreted",
    "compare-mask-ignored",
    "compare-count-partial",
    "deq-scale-unset",
    "is-set-mask-ignored",
    "data-copy-truncated",
    "uninitialised-scalar",
    "scalar-read-without-sync",
    "vector-read-without-sync",
    "unpaired-wait-flag",
    "reduce-sum-spr-unset",
    "atomic-type",
    "dtype-not-documented",
];

#[test]
fn every_error_class_has_a_fixture() {
    let have: Vec<String> = bad().into_iter().map(|e| e.code).collect();
    for c in ERROR_CLASSES {
        assert!(have.iter().any(|h| h == c), "no fixture for error[{c}]");
    }
    let have: Vec<String> = warn().into_iter().map(|e| e.code).collect();
    for c in WARNING_CLASSES {
        assert!(have.iter().any(|h| h == c), "no fixture for warning[{c}]");
    }
}

#[test]
fn run_rejects_every_bad_program_at_its_position() {
    let mut failed = Vec::new();
    for e in bad() {
        let r = ascstep(["run", s(&e.path)]);
        let prefix = e.prefix("error");
        let errors = codes(&r.stderr, "error");
        // A data file that cannot be read is exit 4, not an invalid program (§9).
        let want = if e.code == "file-error" { 4 } else { 3 };
        let problems: Vec<String> = [
            (r.code != want).then(|| format!("exit code {} instead of {want}", r.code)),
            (!r.stderr.contains(&prefix)).then(|| format!("stderr lacks `{prefix}`")),
            errors
                .iter()
                .any(|c| *c != e.code)
                .then(|| format!("other error codes as well: {errors:?}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !problems.is_empty() {
            failed.push(format!(
                "== {}: {}\n{}",
                e.path.display(),
                problems.join("; "),
                r.dump()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} fixture(s) wrong:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn diagnostics_show_the_source_line_and_a_caret() {
    let e = Expected::read(&root("tests/bad_programs/repeat_out_of_range.ron"));
    let (line, col) = e.pos.unwrap();
    let r = ascstep(["run", s(&e.path)]);
    let text = std::fs::read_to_string(&e.path).unwrap();
    let src_line = text.lines().nth(line as usize - 1).unwrap();
    assert!(r.stderr.contains(src_line), "{}", r.dump());
    // The caret line: `  | ` followed by spaces up to the column.
    let caret = format!("| {}^", " ".repeat(col as usize - 1));
    assert!(
        r.stderr.contains(&caret),
        "no caret `{caret}`:\n{}",
        r.dump()
    );
}

#[test]
fn check_rejects_every_bad_program() {
    let mut failed = Vec::new();
    for e in bad() {
        let r = ascstep(["check", s(&e.path)]);
        let want = if e.code == "file-error" { 4 } else { 3 };
        if r.code != want || !r.stderr.contains(&e.prefix("error")) {
            failed.push(format!("== {}\n{}", e.path.display(), r.dump()));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Programs rejected by the simulator (they load) still give a JSON report: status
/// "invalid", the diagnostic with its position, and every tensor (program-format.md §9).
#[test]
fn json_report_of_programs_rejected_while_running() {
    let mut seen = 0;
    for e in bad() {
        if ascstep::program::load(&e.path).is_err() {
            continue;
        }
        seen += 1;
        let r = ascstep(["run", s(&e.path), "--report", "json"]);
        assert_eq!(r.code, 3, "{}\n{}", e.path.display(), r.dump());
        let j = r.json();
        assert_eq!(j["status"], "invalid", "{}", e.path.display());
        let diags = j["diagnostics"].as_array().expect("diagnostics");
        let d = diags
            .iter()
            .find(|d| d["code"] == e.code.as_str())
            .unwrap_or_else(|| panic!("{}: no {} in {diags:?}", e.path.display(), e.code));
        assert_eq!(d["severity"], "error");
        match e.pos {
            Some((l, c)) => {
                assert_eq!(d["line"], l, "{}", e.path.display());
                assert_eq!(d["column"], c, "{}", e.path.display());
            }
            None => assert!(d["line"].is_null(), "{}", e.path.display()),
        }
        let program = ascstep::program::load(&e.path).unwrap();
        let tensors = j["tensors"].as_object().expect("tensors");
        for t in &program.tensors {
            assert!(
                tensors.contains_key(&t.name),
                "{}: tensor {} missing",
                e.path.display(),
                t.name
            );
        }
    }
    assert!(seen >= 10, "only {seen} fixtures load");
}

#[test]
fn warnings_fail_only_under_deny_warnings() {
    let mut failed = Vec::new();
    for e in warn() {
        let prefix = e.prefix("warning");
        let denied = ascstep(["run", s(&e.path), "--deny-warnings"]);
        if denied.code != 3 || !denied.stderr.contains(&prefix) {
            failed.push(format!(
                "== {} with --deny-warnings (want exit 3 and `{prefix}`)\n{}",
                e.path.display(),
                denied.dump()
            ));
        }
        let allowed = ascstep(["run", s(&e.path)]);
        if allowed.code != 0 || !allowed.stderr.contains(&prefix) {
            failed.push(format!(
                "== {} without --deny-warnings (want exit 0 and `{prefix}`)\n{}",
                e.path.display(),
                allowed.dump()
            ));
        }
        if !codes(&allowed.stderr, "error").is_empty() {
            failed.push(format!(
                "== {}: unexpected errors\n{}",
                e.path.display(),
                allowed.dump()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} case(s) wrong:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn warnings_appear_in_the_json_report() {
    for e in warn() {
        let r = ascstep(["run", s(&e.path), "--report", "json"]);
        assert_eq!(r.code, 0, "{}\n{}", e.path.display(), r.dump());
        let j = r.json();
        assert_eq!(j["status"], "ok");
        let diags = j["diagnostics"].as_array().expect("diagnostics");
        let (l, c) = e.pos.expect("warnings have positions");
        assert!(
            diags.iter().any(|d| d["code"] == e.code.as_str()
                && d["severity"] == "warning"
                && d["line"] == l
                && d["column"] == c),
            "{}: {diags:?}",
            e.path.display()
        );
        let denied = ascstep(["run", s(&e.path), "--report", "json", "--deny-warnings"]);
        assert_eq!(denied.code, 3, "{}", denied.dump());
        assert_eq!(denied.json()["status"], "invalid");
    }
}

#[test]
fn an_unreadable_program_file_is_an_io_error() {
    let missing = root("tests/bad_programs/does_not_exist.ron");
    let r = ascstep(["run", s(&missing)]);
    assert_eq!(r.code, 4, "{}", r.dump());
    assert!(r.stderr.contains("error[io-error]"), "{}", r.dump());
    assert!(r.stderr.contains(s(&missing)), "{}", r.dump());
}
