//! `ascstep replay` through the binary: script fixtures in tests/scripts/ (NAME.script run on the
//! program named in the test) must print the hand-derived lines of NAME.expected, in order; bad
//! scripts stop with exit 3 at the offending line; the JSON report adds position and stops.

mod common;

use common::{ascstep, root, s};

/// Every line of `expected` must occur in `out`, in order (each as a substring of a later line).
fn assert_in_order(out: &str, expected: &str) {
    let mut lines = out.lines();
    for want in expected.lines().filter(|l| !l.trim().is_empty()) {
        assert!(
            lines.any(|l| l.contains(want)),
            "missing (in order): {want:?}\n--- output ---\n{out}"
        );
    }
}

fn replay_fixture(program: &str, name: &str) {
    let script = root(&format!("tests/scripts/{name}.script"));
    let r = ascstep(["replay", s(&root(program)), "--script", s(&script)]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let expected =
        std::fs::read_to_string(root(&format!("tests/scripts/{name}.expected"))).unwrap();
    assert_in_order(&r.stdout, &expected);
}

#[test]
fn watch_a_pair_reduce_result() {
    replay_fixture(
        "programs/seed_pair_reduce_sum_mask62_a2.ron",
        "mask62_watch",
    );
}

#[test]
fn watch_global_memory_in_a_tile_loop() {
    replay_fixture("programs/kernel_add_tile_gm.ron", "gm_tile_watch");
}

#[test]
fn reverse_continue_last_writer_and_examine() {
    replay_fixture("programs/seed_add_int16_mask64.ron", "add_reverse");
}

#[test]
fn a_malformed_command_stops_the_replay_with_exit_3_at_its_line() {
    let script = root("tests/scripts/bad_command.script");
    let r = ascstep([
        "replay",
        s(&root("programs/seed_add_int16_mask64.ron")),
        "--script",
        s(&script),
    ]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr
            .contains("bad_command.script:2:1: error[bad-command]"),
        "{}",
        r.dump()
    );
    assert!(
        r.stderr.contains("stepp"),
        "the message names the offending word: {}",
        r.dump()
    );
}

#[test]
fn a_command_the_session_refuses_stops_the_replay_too() {
    let script = root("tests/scripts/bad_tensor.script");
    let r = ascstep([
        "replay",
        s(&root("programs/seed_add_int16_mask64.ron")),
        "--script",
        s(&script),
    ]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr
            .contains("bad_tensor.script:2:1: error[bad-command]: no tensor `q`"),
        "{}",
        r.dump()
    );
}

/// Columns count characters in every diagnostic (docs/commands.md): a line indented with the
/// ideographic space U+3000 (3 bytes, 2 cells) has its first word at column 2, and the caret
/// stands under it: after the gutter `  | `, the 2 cells of U+3000. Refused and unparsable
/// lines, headless and through the UI (`--screen`), and a column inside the line at
/// double-width text (`é` is 2 bytes and 1 cell, `漢` 3 bytes and 2 cells).
#[test]
fn script_columns_count_characters_and_the_caret_counts_cells() {
    let dir = common::scratch("script_columns");
    let program = root("programs/seed_add_int16_mask64.ron");
    let cases = [
        // (script line, column, cells before the caret after the gutter)
        ("\u{3000}print nosuch\n", 2, 2),
        ("\u{3000}prnt x\n", 2, 2),
        ("\u{3000}p nosuch\n", 2, 2),
        ("\u{3000} \u{3000}print nosuch\n", 4, 5),
        ("print dst[0] é漢 nosuch\n", 14, 13),
    ];
    for (i, (line, col, cells)) in cases.iter().enumerate() {
        let script = dir.join(format!("s{i}.script"));
        std::fs::write(&script, line).unwrap();
        for screen in [false, true] {
            let mut args = vec!["replay", s(&program), "--script", s(&script)];
            if screen {
                args.push("--screen");
            }
            let r = ascstep(args);
            assert_eq!(r.code, 3, "{line:?}: {}", r.dump());
            let head = format!("s{i}.script:1:{col}: error[bad-command]");
            assert!(
                r.stderr.contains(&head),
                "{line:?} wants {head}: {}",
                r.dump()
            );
            let caret = r
                .stderr
                .lines()
                .find(|l| l.trim_end().ends_with('^'))
                .unwrap();
            let after_gutter = caret.split_once(" | ").unwrap().1;
            assert_eq!(after_gutter.len() - 1, *cells, "{line:?}: {}", r.dump());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ascstep replay PROGRAM --script SCRIPT --report json`.
fn replay_json(program: &std::path::Path, script: &std::path::Path) -> common::Run {
    ascstep([
        "replay",
        s(program),
        "--script",
        s(script),
        "--report",
        "json",
    ])
}

#[test]
fn json_report_has_position_and_stops() {
    let script = root("tests/scripts/add_reverse.script");
    let r = replay_json(&root("programs/seed_add_int16_mask64.ron"), &script);
    assert_eq!(r.code, 0, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["status"], "ok");
    assert_eq!(j["position"]["step"], 8);
    assert_eq!(j["position"]["instruction"], 1);
    let stops = j["stops"].as_array().unwrap();
    let reasons: Vec<&str> = stops
        .iter()
        .map(|s| s["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["watchpoint", "end", "watchpoint", "breakpoint"]);
    assert_eq!(stops[0]["id"], 2);
    assert_eq!(stops[0]["position"]["step"], 4);
    assert_eq!(stops[0]["elements"][0]["index"], 63);
    assert_eq!(stops[0]["elements"][0]["new"], "128");
    assert_eq!(j["tensors"]["dst"]["values"][63], 128);
}

#[test]
fn a_paused_replay_reports_paused() {
    let dir = common::scratch("paused_replay");
    let script = dir.join("pause.script");
    std::fs::write(&script, "step block 3\nwhere\n").unwrap();
    let r = replay_json(&root("programs/seed_add_int16_mask64.ron"), &script);
    assert_eq!(r.code, 0, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["status"], "paused");
    assert_eq!(j["position"]["step"], 3);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tensor that fits the UB of atlas_training (256 KiB) but not atlas_a2's (192 KiB): after
/// `product atlas_a2`, `print` refuses it with a message (it used to panic).
#[test]
fn print_of_a_tensor_beyond_this_products_ub_is_refused_not_a_panic() {
    let dir = common::scratch("print");
    let prog = dir.join("big.ron");
    std::fs::write(
        &prog,
        r#"Program(
    product: atlas_training,
    tensors: { "t": (dtype: half, addr: 0x3ff00, len: 128, init: Fill(1)) },
    code: [ Adds(dst: "t", src: "t", scalar: 1, count: 128) ],
)"#,
    )
    .unwrap();
    let script = dir.join("s.script");
    std::fs::write(&script, "print t\nproduct atlas_a2\nprint t\n").unwrap();
    let r = ascstep(["replay", s(&prog), "--script", s(&script)]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("s.script:3:1: error[bad-command]: `t` lies at 0x3ff00..0x40000, beyond the 196608-byte UB of atlas_a2"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `replay --report json` prints one JSON object also when it exits 3: a refused script line
/// (with its position) or an invalid program.
#[test]
fn replay_json_reports_an_exit_3_too() {
    let script = root("tests/scripts/bad_command.script");
    let r = replay_json(&root("programs/seed_add_int16_mask64.ron"), &script);
    assert_eq!(r.code, 3, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["status"], "invalid");
    assert_eq!(j["diagnostics"][0]["code"], "bad-command");
    assert_eq!(j["diagnostics"][0]["line"], 2);
    assert!(j["version"].is_string());
    let bad = root("tests/bad_programs/gm_operand.ron");
    let r = replay_json(&bad, &script);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert_eq!(r.json()["diagnostics"][0]["code"], "gm-operand");
}

/// Determinism: the same program and script give byte-identical reports, run after run (text
/// and JSON, run and replay).
#[test]
fn reports_are_byte_identical_from_run_to_run() {
    let prog = root("programs/kernel_add_tile_gm.ron");
    let script = root("tests/scripts/gm_tile_watch.script");
    for args in [
        vec!["run", s(&prog)],
        vec!["run", s(&prog), "--report", "json"],
        vec!["replay", s(&prog), "--script", s(&script)],
        vec![
            "replay",
            s(&prog),
            "--script",
            s(&script),
            "--report",
            "json",
        ],
    ] {
        let a = ascstep(args.clone());
        let b = ascstep(args.clone());
        assert_eq!(a.code, 0, "{}", a.dump());
        assert_eq!(a.stdout, b.stdout, "{args:?}");
        assert_eq!(a.stderr, b.stderr, "{args:?}");
    }
}

/// A long program (400 Adds of 255 repeats, 816,000 block steps) and a script of 20,000 long
/// motions: minutes of work, which `--timeout` cuts short (exit 3, `timeout` at the line it
/// stopped in, the report of where it got to).
fn endless_replay(name: &str) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let dir = common::scratch(name);
    let add = "Add(dst: \"d\", src0: \"a\", src1: \"a\", mask: 128, repeat_times: 255, params: [1, 1, 1, 8, 8, 8]),\n";
    let prog = dir.join("long.ron");
    std::fs::write(
        &prog,
        format!(
            "Program(product: atlas_a2, tensors: {{ \"a\": (dtype: half, addr: 0, len: 32640, init: Fill(1)), \"d\": (dtype: half, addr: 0x10000, len: 32640) }}, code: [\n{}])",
            add.repeat(400)
        ),
    )
    .unwrap();
    let script = dir.join("long.script");
    std::fs::write(
        &script,
        "watch a[5] write\n".to_string() + &"continue\nreverse-continue\n".repeat(10_000),
    )
    .unwrap();
    (dir, prog, script)
}

#[test]
fn timeout_stops_a_script_of_long_motions_with_exit_3() {
    let (dir, prog, script) = endless_replay("timeout_text");
    let replay = |extra: &[&str]| {
        let mut args = vec![
            "replay",
            s(&prog),
            "--script",
            s(&script),
            "--timeout",
            "0.5",
        ];
        args.extend_from_slice(extra);
        ascstep(args)
    };
    let r = replay(&[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    // Stopped inside the script, past its first motions, at the start of a line.
    let at = r
        .stderr
        .split("long.script:")
        .nth(1)
        .unwrap_or_else(|| panic!("no position: {}", r.dump()));
    let (line, rest) = at.split_once(':').unwrap();
    let line: u32 = line.parse().unwrap();
    assert!(line > 1 && line <= 20_001, "{}", r.stderr);
    assert!(
        rest.starts_with("1: error[timeout]: ran out of time"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--timeout SECONDS"), "{}", r.stderr);
    // JSON: one object, status invalid, the timeout diagnostic with its line.
    let r = replay(&["--report", "json"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["status"], "invalid");
    assert_eq!(j["diagnostics"][0]["code"], "timeout");
    assert!(j["diagnostics"][0]["line"].as_u64().unwrap() > 1);
    // The screen replay stops the same way.
    let r = replay(&["--screen"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(r.stderr.contains("error[timeout]"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn timeout_zero_is_no_limit_and_a_bad_value_is_a_usage_error() {
    let prog = root("programs/kernel_add_tile_gm.ron");
    let script = root("tests/scripts/gm_tile_watch.script");
    let r = ascstep(["replay", s(&prog), "--script", s(&script), "--timeout", "0"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    for bad in ["-1", "ten", "inf", "NaN"] {
        let r = ascstep(["replay", s(&prog), "--script", s(&script), "--timeout", bad]);
        assert_eq!(r.code, 2, "{bad}: {}", r.dump());
        assert!(
            r.stderr.contains(&format!("`{bad}` is not a time limit")),
            "{}",
            r.dump()
        );
    }
}
