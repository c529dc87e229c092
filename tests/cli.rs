//! The command-line contract of program-format.md §9: exit codes (0 ok, 1 expectation failed,
//! 2 usage error, 3 invalid program), the JSON report shape, `check` with several files and
//! `--product` overriding the program's product.

mod common;

use common::{ascstep, codes, root, s};

const GOOD: &str = "programs/seed_add_int16_mask64.ron";
const MASK62_A2: &str = "programs/seed_pair_reduce_sum_mask62_a2.ron";
const MASK62_200I: &str = "programs/seed_pair_reduce_sum_mask62_200i.ron";
const EXPECT_FAIL: &str = "tests/cli_programs/expect_fail.ron";

fn p(rel: &str) -> String {
    s(&root(rel)).to_string()
}

// ---------------------------------------------------------------- usage errors: exit 2

#[test]
fn unknown_flag_is_a_usage_error() {
    let r = ascstep(["run", &p(GOOD), "--bogus"]);
    assert_eq!(r.code, 2, "{}", r.dump());
    assert!(r.stdout.is_empty(), "{}", r.dump());
}

#[test]
fn unknown_product_value_is_a_usage_error() {
    let r = ascstep(["run", &p(GOOD), "--product", "atlas_a5"]);
    assert_eq!(r.code, 2, "{}", r.dump());
    assert!(r.stderr.contains("atlas_a5"), "{}", r.dump());
}

#[test]
fn missing_program_argument_is_a_usage_error() {
    let r = ascstep(["run"]);
    assert_eq!(r.code, 2, "{}", r.dump());
    let r = ascstep(["check"]);
    assert_eq!(r.code, 2, "{}", r.dump());
}

#[test]
fn unknown_report_format_and_subcommand_are_usage_errors() {
    let r = ascstep(["run", &p(GOOD), "--report", "yaml"]);
    assert_eq!(r.code, 2, "{}", r.dump());
    let r = ascstep(["frobnicate", &p(GOOD)]);
    assert_eq!(r.code, 2, "{}", r.dump());
}

#[test]
fn help_and_version_succeed() {
    let r = ascstep(["--help"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("run"), "{}", r.dump());
    let r = ascstep(["--version"]);
    assert_eq!(r.code, 0, "{}", r.dump());
}

// ---------------------------------------------------------------- exit 0 / 1

#[test]
fn a_passing_program_exits_0() {
    let r = ascstep(["run", &p(GOOD)]);
    assert_eq!(r.code, 0, "{}", r.dump());
}

#[test]
fn a_failing_expectation_exits_1() {
    let r = ascstep(["run", &p(EXPECT_FAIL)]);
    assert_eq!(r.code, 1, "{}", r.dump());
    // The failure names the tensor, the element, its UB address, expected and actual values
    // and the instruction that wrote it (program-format.md §8).
    let out = format!("{}{}", r.stdout, r.stderr);
    assert!(out.contains("dst"), "{}", r.dump());
    assert!(out.contains("99"), "expected value missing:\n{}", r.dump());
    assert!(out.contains('7'), "actual value missing:\n{}", r.dump());
    assert!(
        out.contains("0x20a") || out.contains("522"),
        "UB address of dst[5] (0x200 + 5*2) missing:\n{}",
        r.dump()
    );
    assert!(out.contains("Add"), "last writer missing:\n{}", r.dump());
}

#[test]
fn json_report_of_a_failing_expectation() {
    let r = ascstep(["run", &p(EXPECT_FAIL), "--report", "json"]);
    assert_eq!(r.code, 1, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["status"], "expect_failed");
    assert_eq!(j["product"], "atlas_a2");
    assert_eq!(j["steps"]["instructions"], 1);
    assert!(j["steps"]["repeats"].is_u64() && j["steps"]["blocks"].is_u64());
    assert_eq!(j["diagnostics"].as_array().map(Vec::len), Some(0));
    assert!(j["returns"].is_array());
    let exps = j["expectations"].as_array().expect("expectations");
    assert_eq!(exps.len(), 3);
    let passed: Vec<bool> = exps.iter().map(|e| e["passed"] == true).collect();
    assert_eq!(passed, [true, false, true]);
    assert_eq!(exps[1]["tensor"], "dst");
    assert_eq!(exps[1]["at"], 5);
    assert_eq!(exps[1]["len"], 1);
    // The tensors still show the final state: dst = 2..17.
    let dst = &j["tensors"]["dst"];
    assert_eq!(dst["dtype"], "int16");
    assert_eq!(dst["addr"], 0x200);
    assert_eq!(dst["len"], 16);
    let values: Vec<i64> = dst["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(values, (2..18).collect::<Vec<i64>>());
    assert_eq!(j["tensors"].as_object().unwrap().len(), 3);
}

#[test]
fn json_values_use_null_and_strings_for_special_elements() {
    // Uninitialised elements are null (seed_add_int16_mask64: dst[64..] never written).
    let r = ascstep(["run", &p(GOOD), "--report", "json"]);
    let j = r.json();
    let dst = j["tensors"]["dst"]["values"].as_array().unwrap();
    assert_eq!(dst[0], 2);
    assert_eq!(dst[63], 128);
    assert!(
        dst[64].is_null() && dst[127].is_null(),
        "{:?}",
        &dst[60..68]
    );
    // Infinities are "inf" / "-inf".
    let r = ascstep([
        "run",
        &p("programs/numerics_half_overflow.ron"),
        "--report",
        "json",
    ]);
    let j = r.json();
    let add = j["tensors"]["add_dst"]["values"].as_array().unwrap();
    assert_eq!(add[0], "inf");
    assert_eq!(add[1], "-inf");
    assert_eq!(add[2], 512.0);
    // NaN is "nan".
    let r = ascstep([
        "run",
        &p("programs/numerics_max_min_nan_zero.ron"),
        "--report",
        "json",
    ]);
    let j = r.json();
    assert_eq!(j["tensors"]["hmax"]["values"][2], "nan");
    assert_eq!(j["tensors"]["fmin"]["values"][5], "-inf");
}

// ---------------------------------------------------------------- --product

#[test]
fn product_override_changes_the_outcome() {
    // On atlas_a2 the masked-off last pair keeps -1; on 200I/500 A2 it becomes 0, so the
    // atlas_a2 expectation fails (semantics.md §9 row 1).
    let r = ascstep(["run", &p(MASK62_A2)]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let r = ascstep(["run", &p(MASK62_A2), "--product", "atlas_200i_500_a2"]);
    assert_eq!(r.code, 1, "{}", r.dump());
    let r = ascstep([
        "run",
        &p(MASK62_A2),
        "--product",
        "atlas_200i_500_a2",
        "--report",
        "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["status"], "expect_failed");
    assert_eq!(j["product"], "atlas_200i_500_a2");
    assert_eq!(j["tensors"]["dst"]["values"][31], 0.0);
    assert_eq!(j["tensors"]["dst"]["values"][30], 123.0);
    let failed: Vec<u64> = j["expectations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["passed"] == false)
        .map(|e| e["at"].as_u64().unwrap())
        .collect();
    assert_eq!(
        failed,
        [31, 31],
        "the value and the unwritten check of dst[31] fail"
    );

    // And the other way round: the 200I program on atlas_a2 keeps -1 at dst[31].
    let r = ascstep([
        "run",
        &p(MASK62_200I),
        "--product",
        "atlas_a2",
        "--report",
        "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["product"], "atlas_a2");
    assert_eq!(j["tensors"]["dst"]["values"][31], -1.0);
    // The A3 shares A2's vector ISA: the atlas_a2 program passes there too.
    let r = ascstep(["run", &p(MASK62_A2), "--product", "atlas_a3"]);
    assert_eq!(r.code, 0, "{}", r.dump());
}

#[test]
fn product_override_can_make_a_program_invalid() {
    // int16 Add does not exist on the training series (semantics.md §9 row 23).
    let r = ascstep(["run", &p(GOOD), "--product", "atlas_training"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("error[unsupported-dtype]"),
        "{}",
        r.dump()
    );
    let r = ascstep(["check", &p(GOOD), "--product", "atlas_training"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("error[unsupported-dtype]"),
        "{}",
        r.dump()
    );
}

#[test]
fn product_override_rejects_a_dtype_the_product_lacks() {
    // Abs on int16 exists only on atlas_200i_500_a2 (semantics.md §9 row 24).
    let f = p("programs/divergence_abs_int16_200i.ron");
    let r = ascstep(["run", &f]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let r = ascstep(["run", &f, "--product", "atlas_a2", "--report", "json"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("error[unsupported-dtype]"),
        "{}",
        r.dump()
    );
    let j = r.json();
    assert_eq!(j["status"], "invalid");
    assert_eq!(j["product"], "atlas_a2");
    // The report still lists every tensor, in the state before the rejected instruction.
    assert_eq!(j["tensors"]["src"]["values"][0], -5);
    assert!(j["tensors"]["dst"]["values"][0].is_null());
}

// ---------------------------------------------------------------- check

#[test]
fn check_validates_several_files() {
    let files = [p(GOOD), p(MASK62_A2), p("programs/family_reduce_whole.ron")];
    let r = ascstep(["check", &files[0], &files[1], &files[2]]);
    assert_eq!(r.code, 0, "{}", r.dump());
    for f in &files {
        assert!(
            r.stdout.contains(f.as_str()),
            "{f} not reported:\n{}",
            r.dump()
        );
    }
    assert!(codes(&r.stderr, "error").is_empty(), "{}", r.dump());
}

#[test]
fn check_reports_every_file_and_fails_if_one_is_invalid() {
    let bad_load = p("tests/bad_programs/unknown_instruction.ron");
    let bad_run = p("tests/bad_programs/repeat_out_of_range.ron");
    let good = p(GOOD);
    let r = ascstep(["check", &bad_load, &good, &bad_run]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("error[unknown-instruction]"),
        "{}",
        r.dump()
    );
    assert!(
        r.stderr.contains("error[repeat-out-of-range]"),
        "{}",
        r.dump()
    );
    assert!(r.stdout.contains(good.as_str()), "{}", r.dump());
}

#[test]
fn check_does_not_judge_expectations() {
    // `check` loads and validates only: a wrong expectation is not an error.
    let r = ascstep(["check", &p(EXPECT_FAIL)]);
    assert_eq!(r.code, 0, "{}", r.dump());
}

#[test]
fn check_prints_warnings_but_succeeds() {
    let f = p("tests/cli_programs/warns.ron");
    let r = ascstep(["check", &f]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stderr.contains("warning[uninitialised-read]"),
        "{}",
        r.dump()
    );
}

// ---------------------------------------------------------------- JSON for unloadable programs

#[test]
fn json_report_is_printed_for_a_program_that_does_not_load() {
    // program-format.md §9: `--report json` prints one JSON object, also when invalid.
    let r = ascstep([
        "run",
        &p("tests/bad_programs/unknown_field.ron"),
        "--report",
        "json",
    ]);
    assert_eq!(r.code, 3, "{}", r.dump());
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("one JSON object");
    assert_eq!(v["status"], "invalid");
    assert_eq!(v["product"], "atlas_a2");
    assert_eq!(v["diagnostics"][0]["code"], "unknown-field");
    assert_eq!(v["diagnostics"][0]["line"], 11);
    assert!(v["tensors"].as_object().is_some_and(|t| t.is_empty()));
}

// ---------------------------------------------------------------- terminal conventions

/// Bare `ascstep` prints the help with its subcommands (a usage error, exit 2).
#[test]
fn bare_ascstep_prints_help_with_the_subcommands() {
    let r = ascstep(Vec::<&str>::new());
    assert_eq!(r.code, 2, "{}", r.dump());
    let all = format!("{}{}", r.stdout, r.stderr);
    for sub in ["run", "check", "replay", "diff", "tui", "completions"] {
        assert!(
            all.contains(&format!("\n  {sub} ")),
            "no `{sub}` in:\n{}",
            r.dump()
        );
    }
}

/// `--product` help names every product key.
#[test]
fn product_help_lists_every_key() {
    for args in [
        vec!["--help"],
        vec!["run", "--help"],
        vec!["check", "--help"],
    ] {
        let r = ascstep(&args);
        assert_eq!(r.code, 0, "{}", r.dump());
        for p in ascstep::sim::Product::ALL {
            assert!(r.stdout.contains(p.key()), "{args:?}: no {}", p.key());
        }
    }
}

/// `ascstep completions SHELL` prints a script that names the subcommands.
#[test]
fn completions_for_bash_zsh_and_fish() {
    for shell in ["bash", "zsh", "fish"] {
        let r = ascstep(["completions", shell]);
        assert_eq!(r.code, 0, "{}", r.dump());
        assert!(r.stdout.contains("ascstep"), "{shell}: {}", r.dump());
        assert!(r.stdout.contains("replay"), "{shell}: {}", r.dump());
        assert!(r.stdout.contains("deny-warnings"), "{shell}: {}", r.dump());
    }
    let r = ascstep(["completions", "tcsh"]);
    assert_eq!(r.code, 2, "{}", r.dump());
}

/// `-` reads the program from standard input; diagnostics name it `<stdin>`.
#[test]
fn dash_reads_the_program_from_stdin() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let run = |text: String| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ascstep"))
            .args(["run", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start ascstep");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
        let out = child.wait_with_output().expect("wait");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let good = std::fs::read_to_string(root(GOOD)).expect("read program");
    let (code, out, err) = run(good);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("(<stdin>)"), "{out}");
    let (code, _, err) = run("Program(tensors: {}, code: [Bogus()])".into());
    assert_eq!(code, Some(3), "{err}");
    assert!(err.starts_with("<stdin>:1:"), "{err}");
}

/// Exit 4: a program file, a data file or a script that cannot be read (§9), distinct from 3.
#[test]
fn unreadable_files_exit_4() {
    let r = ascstep(["check", &p("tests/cli_programs/no_such_program.ron")]);
    assert_eq!(r.code, 4, "{}", r.dump());
    let r = ascstep(["run", &p("tests/bad_programs/file_error.ron")]);
    assert_eq!(r.code, 4, "{}", r.dump());
    let r = ascstep([
        "replay",
        &p(GOOD),
        "--script",
        &p("tests/scripts/no_such.script"),
    ]);
    assert_eq!(r.code, 4, "{}", r.dump());
    let r = ascstep(["diff", &p("tests/cli_programs/no_such_program.ron")]);
    assert_eq!(r.code, 4, "{}", r.dump());
}

/// One warning is "1 warning"; diagnostics piped (as here) or under NO_COLOR carry no escapes;
/// every JSON report has the version.
#[test]
fn singular_counts_no_colour_when_piped_and_a_version_in_json() {
    let warns = p("tests/cli_programs/warns.ron");
    let r = ascstep(["run", &warns]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout
            .contains("diagnostics: 0 errors, 1 warning (details on stderr)"),
        "{}",
        r.dump()
    );
    assert!(!r.stderr.contains('\x1b'), "{}", r.dump());
    let r = ascstep(["check", &warns]);
    assert!(r.stdout.contains(": 0 errors, 1 warning\n"), "{}", r.dump());
    let version = env!("CARGO_PKG_VERSION");
    let r = ascstep(["run", &warns, "--report", "json"]);
    assert_eq!(r.json()["version"], version, "{}", r.dump());
    let r = ascstep(["diff", &warns, "--report", "json"]);
    assert_eq!(r.json()["version"], version, "{}", r.dump());
    let r = ascstep([
        "run",
        &p("tests/bad_programs/file_error.ron"),
        "--report",
        "json",
    ]);
    assert_eq!(r.json()["version"], version, "{}", r.dump());
}

/// `check` validates; it must not look like a pass when the expectations fail.
#[test]
fn check_says_when_expectations_would_fail() {
    let r = ascstep(["check", &p(EXPECT_FAIL)]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout
            .contains("but 1 of 3 expectations fail (`ascstep run` exits 1)"),
        "{}",
        r.dump()
    );
    let r = ascstep(["check", &p(GOOD)]);
    assert!(!r.stdout.contains("fail"), "{}", r.dump());
}

/// What a C++ author types first gets a diagnostic that says how ascstep spells it.
#[test]
fn cpp_spellings_get_notes() {
    let dir = common::scratch("cpp_spellings");
    let check = |name: &str, text: &str| {
        let f = dir.join(name);
        std::fs::write(&f, text).unwrap();
        ascstep(["check", s(&f)])
    };
    let prog = |dtype: &str, call: &str| {
        format!(
            "Program(tensors: {{\"a\": (dtype: {dtype}, addr: 0, len: 128)}},\n code: [\n  {call},\n])\n"
        )
    };
    let r = check("dtype.ron", &prog("float16", "ResetMask()"));
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("note: `float16` is written `half` here"),
        "{}",
        r.dump()
    );
    let r = check(
        "braces.ron",
        &prog("half", "Adds(dst: \"a\", src: \"a\", scalar: 1, mask: 8, repeat_times: 1, params: {1, 1, 8, 8})"),
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains(
            "`params` is a list: RON writes the C++ brace initialiser {1, 1, 8, 8} as [1, 1, 8, 8]"
        ),
        "{}",
        r.dump()
    );
    let r = check(
        "qualified.ron",
        &prog("half", "WholeReduceMax(dst: \"a\", src: \"a\", mask: 8, repeat_times: 1, order: ReduceOrder::ORDER_ONLY_VALUE)"),
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr
            .contains("write the enumerator alone: `ORDER_ONLY_VALUE`"),
        "{}",
        r.dump()
    );
    // A mask written in hex is echoed in hex, one written in decimal in decimal.
    let adds = |m: &str| {
        format!("Adds(dst: \"a\", src: \"a\", scalar: 1, mask: {m}, repeat_times: 1, params: [1, 1, 8, 8])")
    };
    let r = check("hex.ron", &prog("half", &adds("0x1ff")));
    assert!(
        r.stderr
            .contains("warning[mask-clamped]: mask 0x1ff exceeds the 128 lanes"),
        "{}",
        r.dump()
    );
    let r = check("dec.ron", &prog("half", &adds("511")));
    assert!(
        r.stderr
            .contains("warning[mask-clamped]: mask 511 exceeds the 128 lanes"),
        "{}",
        r.dump()
    );
    // CJK text in a comment before the error does not shift the caret: "中文" is 4 cells.
    let r = check(
        "cjk.ron",
        "Program(tensors: {}, code: [ /* 中文 */ Bogus() ])\n",
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    let caret = r
        .stderr
        .lines()
        .find(|l| l.trim_end().ends_with('^'))
        .unwrap();
    let source = r.stderr.lines().find(|l| l.starts_with("1 | ")).unwrap();
    // Byte offsets: a CJK character is 3 bytes of UTF-8 but 2 cells, so 1 more each.
    let want = source.find("Bogus").unwrap();
    let cells = caret.find('^').unwrap();
    assert_eq!(cells + 2, want, "{}", r.dump());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file with thousands of mistakes gets the first 100 diagnostics and one line for the rest,
/// and every "did you mean" and name list stays short (the suggester used to make this
/// quadratic in time and output).
#[test]
fn thousands_of_mistakes_give_a_bounded_report() {
    let ts: Vec<String> = (0..1500)
        .map(|i| {
            format!(
                "\"tensor_number_{i}\": (dtype: half, addr: {}, len: 16)",
                i * 32
            )
        })
        .collect();
    let code: Vec<String> = (0..1500)
        .map(|i| {
            format!(
                "Adds(dst: \"tensr_numbr_{i}\", src: \"tensr_numbr_{i}\", scalar: 1, count: 16)"
            )
        })
        .collect();
    let text = format!(
        "Program(tensors: {{ {} }}, code: [ {} ])",
        ts.join(",\n"),
        code.join(",\n")
    );
    let dir = common::scratch("many");
    let f = dir.join("many.ron");
    std::fs::write(&f, text).unwrap();
    let r = ascstep(["check", s(&f)]);
    assert_eq!(r.code, 3, "{}", &r.stderr[..r.stderr.len().min(2000)]);
    assert!(
        r.stderr.contains(
            "error[too-many-diagnostics]: 2900 more diagnostics are not shown (the first 100 are)"
        ),
        "{}",
        &r.stderr[r.stderr.len().saturating_sub(2000)..]
    );
    assert_eq!(r.stderr.matches("error[unknown-tensor]").count(), 100);
    assert!(r.stderr.contains("… and 1480 more"));
    assert!(
        r.stderr.len() < 200_000,
        "{} bytes of diagnostics",
        r.stderr.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ascstep run P | head -1`: the closed pipe ends the command quietly (no panic, no backtrace).
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    // A report far longer than a pipe's buffer: 40,000 floats in JSON.
    let dir = common::scratch("pipe");
    let prog = dir.join("big.ron");
    std::fs::write(
        &prog,
        r#"Program(tensors: { "x": (dtype: float, addr: 0, len: 40000, init: Ramp(start: 0.5, step: 1)) }, code: [])"#,
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ascstep"))
        .args(["run", s(&prog), "--report", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read 16 bytes of ~700 KB, then close the pipe.
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    out.read_exact(&mut first).unwrap();
    assert_eq!(first[0], b'{');
    drop(out);
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !err.contains("panicked") && !err.contains("Broken pipe"),
        "{err}"
    );
    assert_ne!(o.status.code(), Some(101), "not a panic");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Control characters from a file never reach the terminal raw: a raw ESC in a comment on a
/// line with a diagnostic is shown escaped, and names with control characters are refused.
#[test]
fn control_characters_from_files_are_escaped() {
    let dir = common::scratch("esc");
    let f = dir.join("esc.ron");
    std::fs::write(
        &f,
        "Program(tensors: {}, code: [ Frob() ]) // \u{1b}]0;pwned\u{7}\u{1b}c\n",
    )
    .unwrap();
    for args in [vec!["check"], vec!["run"]] {
        let mut a = args.clone();
        a.push(s(&f));
        let r = ascstep(a);
        assert_eq!(r.code, 3, "{}", r.dump());
        assert!(
            !r.stderr.contains('\u{1b}') && !r.stderr.contains('\u{7}'),
            "{:?}",
            r.stderr
        );
        assert!(r.stderr.contains("\\u{1b}]0;pwned\\u{7}"), "{}", r.stderr);
        assert!(!r.stdout.contains('\u{1b}'));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Text that is not UTF-8 gets `bad-encoding` at the line and column of the first bad byte
/// (program: exit 3, theme: exit 2, script: exit 3); a theme or script that cannot be read is
/// an I/O failure (exit 4) like a program.
#[test]
fn bad_encoding_has_a_position_and_unreadable_files_exit_4() {
    let dir = common::scratch("utf");
    let prog = dir.join("p.ron");
    std::fs::write(
        &prog,
        b"Program(tensors: {}, code: [\n  Adds(dst: \"\xff\xfe\") ])\n",
    )
    .unwrap();
    let r = ascstep(["check", s(&prog)]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("p.ron:2:14: error[bad-encoding]"),
        "{}",
        r.dump()
    );
    let theme = dir.join("t.ron");
    std::fs::write(&theme, b"Theme({ text: (fg: \"\xff\") })").unwrap();
    let script = dir.join("s.script");
    std::fs::write(&script, "step\n").unwrap();
    let good = root("programs/seed_add_int16_mask64.ron");
    let r = ascstep([
        "replay",
        s(&good),
        "--script",
        s(&script),
        "--screen",
        "--theme",
        s(&theme),
    ]);
    assert_eq!(r.code, 2, "{}", r.dump());
    assert!(
        r.stderr.contains("t.ron:1:21: error[bad-encoding]"),
        "{}",
        r.dump()
    );
    let missing = dir.join("missing.ron");
    let r = ascstep([
        "replay",
        s(&good),
        "--script",
        s(&script),
        "--screen",
        "--theme",
        s(&missing),
    ]);
    assert_eq!(r.code, 4, "{}", r.dump());
    let bad_script = dir.join("b.script");
    std::fs::write(&bad_script, b"step\nprint \xff\n").unwrap();
    let r = ascstep(["replay", s(&good), "--script", s(&bad_script)]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("b.script:2:7: error[bad-encoding]"),
        "{}",
        r.dump()
    );
    let r = ascstep(["replay", s(&good), "--script", s(&dir.join("none.script"))]);
    assert_eq!(r.code, 4, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `File(...)` reads regular files under the program's directory only (`/dev/zero` used to be
/// read without end, a FIFO to hang, `../` to reach any file); `--allow-files-anywhere` opens
/// the directory rule.
#[cfg(unix)]
#[test]
fn data_files_are_regular_and_under_the_programs_directory() {
    let dir = common::scratch("files");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(dir.join("g.bin"), [0u8; 32]).unwrap();
    let prog = |name: &str, file: &str| {
        let p = sub.join(name);
        std::fs::write(
            &p,
            format!("Program(tensors: {{ \"x\": (dtype: half, addr: 0, len: 16, init: File(\"{file}\")) }}, code: [])"),
        )
        .unwrap();
        p
    };
    let up = prog("up.ron", "../g.bin");
    let zero = prog("zero.ron", "/dev/zero");
    let fifo = sub.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let pipe = prog("pipe.ron", "fifo");
    for p in [&up, &zero] {
        let r = ascstep(["check", s(p)]);
        assert_eq!(r.code, 3, "{}", r.dump());
        assert!(r.stderr.contains("error[file-not-allowed]"), "{}", r.dump());
    }
    if made.is_ok_and(|st| st.success()) {
        let r = ascstep(["check", s(&pipe)]);
        assert_eq!(r.code, 3, "{}", r.dump());
        assert!(r.stderr.contains("is not a regular file"), "{}", r.dump());
    }
    let r = ascstep(["check", "--allow-files-anywhere", s(&up)]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}
