//! The samples' golden-data workflow (program-format.md §4, §8): `gen_data.py` writes whole
//! tensors with numpy `tofile` (raw little-endian), the program reads one tile of them with
//! `File(path, at: N)`, and `expect` compares against a golden file with `rel`, `abs` and
//! `max_mismatch_ratio` like `verify_result.py`, listing index, expected, actual and relative
//! difference. The data files are written here as numpy would write them.

mod common;

use common::{ascstep, s};
use std::path::PathBuf;

/// A directory with input_x.bin (64 float32: x[i] = i / 4) and golden.bin (2x + 1, with
/// element 40 off by a relative 5e-4 and element 50 set to 30 instead of 26).
fn project(name: &str, ratio: &str) -> PathBuf {
    let d = common::scratch(&format!("golden_{name}"));
    let x: Vec<f32> = (0..64).map(|i| i as f32 / 4.0).collect();
    let mut golden: Vec<f32> = x.iter().map(|v| 2.0 * v + 1.0).collect();
    golden[40] *= 1.0 + 5e-4;
    golden[50] = 30.0;
    let tofile = |v: &[f32]| v.iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<u8>>();
    std::fs::write(d.join("input_x.bin"), tofile(&x)).unwrap();
    std::fs::write(d.join("golden.bin"), tofile(&golden)).unwrap();
    // The second tile: elements 32..64 of both files.
    let program = format!(
        r#"Program(
    tensors: {{
        "x": (dtype: float, addr: 0x000, len: 32, init: File("input_x.bin", at: 32)),
        "y": (dtype: float, addr: 0x100, len: 32),
    }},
    code: [
        Muls(dst: "y", src: "x", scalar: 2.0, count: 32),
        Adds(dst: "y", src: "y", scalar: 1.0, count: 32),
    ],
    expect: [
        (tensor: "y", values: File("golden.bin", at: 32), rel: 1e-3, abs: 1e-3, max_mismatch_ratio: {ratio}),
    ],
)"#
    );
    std::fs::write(d.join("tile.ron"), program).unwrap();
    d
}

#[test]
fn a_tile_of_whole_tensor_files_passes_within_the_mismatch_budget() {
    // 1 mismatch (element 50 = tile element 18) of 32 = 0.03125 ≤ 0.05; element 40 is within
    // rel 1e-3.
    let d = project("pass", "0.05");
    let r = ascstep(["run", s(&d.join("tile.ron"))]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout
            .contains("pass  y[0..32]: 1 of 32 elements differ (max_mismatch_ratio 0.05)"),
        "{}",
        r.dump()
    );
    // Index 18 of y, expected 30 (golden), got 26: relative difference 4 / 30.
    assert!(
        r.stdout
            .contains("y[18] @ 0x148: expected 30, got 26 (rel diff 1.333e-1)"),
        "{}",
        r.dump()
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn over_the_budget_fails_with_the_mismatches_in_json() {
    let d = project("fail", "0.01");
    let r = ascstep(["run", s(&d.join("tile.ron")), "--report", "json"]);
    assert_eq!(r.code, 1, "{}", r.dump());
    let j = r.json();
    let e = &j["expectations"][0];
    assert_eq!(e["passed"], false);
    assert_eq!(e["mismatches"], 1);
    assert_eq!(e["max_mismatch_ratio"], 0.01);
    let f = &e["failures"][0];
    assert_eq!(f["index"], 18);
    assert_eq!(f["expected"], "30");
    assert_eq!(f["actual"], "26");
    let rel = f["rel_diff"].as_f64().unwrap();
    assert!((rel - 4.0 / 30.0).abs() < 1e-12, "{rel}");
    // The input tile really is elements 32..64: x[0] = 32 / 4 = 8.
    assert_eq!(j["tensors"]["x"]["values"][0], 8.0);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_file_too_short_for_at_plus_len_is_a_length_mismatch() {
    let d = project("short", "0.05");
    let text = std::fs::read_to_string(d.join("tile.ron")).unwrap();
    std::fs::write(
        d.join("tile.ron"),
        text.replace(
            "File(\"input_x.bin\", at: 32)",
            "File(\"input_x.bin\", at: 33)",
        ),
    )
    .unwrap();
    let r = ascstep(["run", s(&d.join("tile.ron"))]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("error[length-mismatch]")
            && r.stderr
                .contains("the data file has 64 elements, `at: 33` needs 65"),
        "{}",
        r.dump()
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// Round trip: numpy-style `.bin` in, `--dump` out, bytes compared; a second dump refuses to
/// replace the files unless `--force`.
#[test]
fn dump_writes_tofile_compatible_tensors_and_never_overwrites_unasked() {
    let d = project("dump", "0.05");
    let out = d.join("out");
    let r = ascstep(["run", s(&d.join("tile.ron")), "--dump", s(&out)]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let input = std::fs::read(d.join("input_x.bin")).unwrap();
    assert_eq!(std::fs::read(out.join("x.bin")).unwrap(), input[32 * 4..]);
    let y: Vec<u8> = (32..64)
        .flat_map(|i| (2.0 * (i as f32 / 4.0) + 1.0).to_le_bytes())
        .collect();
    assert_eq!(std::fs::read(out.join("y.bin")).unwrap(), y);
    // Only the two tensors, no temporary files left behind.
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["x.bin", "y.bin"]);
    std::fs::write(out.join("y.bin"), b"mine").unwrap();
    let r = ascstep(["run", s(&d.join("tile.ron")), "--dump", s(&out)]);
    assert_eq!(r.code, 4, "{}", r.dump());
    assert!(r.stderr.contains("--force"), "{}", r.dump());
    assert_eq!(std::fs::read(out.join("y.bin")).unwrap(), b"mine");
    let r = ascstep(["run", s(&d.join("tile.ron")), "--dump", s(&out), "--force"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(std::fs::read(out.join("y.bin")).unwrap(), y);
    std::fs::remove_dir_all(&d).unwrap();
}
