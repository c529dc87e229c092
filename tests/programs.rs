//! Every example program in `programs/` runs through the real binary and passes its own
//! `expect` entries, with no warning, and its JSON report is complete.

mod common;

use common::{ascstep, ron_files, root, s};
use std::path::PathBuf;

fn programs() -> Vec<PathBuf> {
    ron_files("programs")
}

/// The examples the project promises (one per seed example, family, divergence and numerics
/// topic); the directory may hold more.
const REQUIRED: &[&str] = &[
    "seed_add_int16_mask64",
    "seed_add_int32_mask64",
    "seed_add_int16_bitwise",
    "seed_add_int32_bitwise",
    "seed_adds_int16",
    "seed_not_int16",
    "seed_and_int16",
    "seed_pair_reduce_sum_half",
    "seed_pair_reduce_sum_mask62_a2",
    "seed_pair_reduce_sum_mask62_200i",
    "family_unary",
    "family_binary",
    "family_vector_scalar",
    "family_reduce_block",
    "family_reduce_whole",
    "family_duplicate",
    "mask_set_vector_mask",
    "mask_counter_mode",
    "numerics_int_wrap",
    "numerics_half_overflow",
    "numerics_max_min_nan_zero",
    "numerics_float_special",
    "addressing_strides",
    "family_reduce_pair",
    "divergence_block_reduce_empty_a2",
    "divergence_block_reduce_empty_200i",
    "divergence_reciprocal_ftz_950",
    "divergence_abs_int16_200i",
    // one per instruction of issue 5
    "instr_add_relu",
    "instr_sub_relu",
    "instr_fused_mul_add",
    "instr_mul_add_dst",
    "instr_mul_add_relu",
    "instr_axpy",
    "instr_brcb",
    "instr_create_vec_index",
    "instr_compare",
    "instr_compares",
    "instr_select",
    "instr_gather_mask",
    "instr_cast",
    "instr_add_relu_cast",
    "instr_sub_relu_cast",
    "instr_mul_cast",
    "instr_reduce_sum",
    "instr_reduce_max",
    "instr_reduce_min",
    "instr_reduce_pair_elem",
    "instr_reduce_data_block",
    "instr_reduce_repeat",
    // the whole tile over global memory (docs/format.md §11)
    "kernel_add_tile_gm",
];

#[test]
fn the_required_examples_exist() {
    let have: Vec<String> = programs()
        .iter()
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    for r in REQUIRED {
        assert!(have.iter().any(|h| h == r), "programs/{r}.ron is missing");
    }
}

#[test]
fn every_program_names_its_source_in_a_leading_comment() {
    for p in programs() {
        let text = std::fs::read_to_string(&p).unwrap();
        let first = text.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("// Source:"),
            "{}: the first line must be a `// Source: …` comment",
            p.display()
        );
    }
}

#[test]
fn every_program_passes_its_expectations() {
    let mut failed = Vec::new();
    for p in programs() {
        let r = ascstep(["run", s(&p)]);
        if r.code != 0 {
            failed.push(format!("== {}\n{}", p.display(), r.dump()));
        }
    }
    assert!(
        failed.is_empty(),
        "{} program(s) did not exit 0:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// Every program is free of warnings, except the `hazard_NAME.ron` examples, which raise exactly
/// the warning they are named after (program-format.md §10) and nothing else.
#[test]
fn every_program_is_free_of_warnings() {
    let mut failed = Vec::new();
    let mut hazards = 0;
    for p in programs() {
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        if let Some(code) = stem.strip_prefix("hazard_") {
            hazards += 1;
            let code = code.replace('_', "-");
            let r = ascstep(["run", s(&p)]);
            let codes: Vec<&str> = r
                .stderr
                .match_indices("warning[")
                .map(|(i, _)| r.stderr[i + 8..].split(']').next().unwrap_or(""))
                .collect();
            if r.code != 0 || codes.is_empty() || codes.iter().any(|c| *c != code) {
                failed.push(format!(
                    "== {} (wants only warning[{code}])\n{}",
                    p.display(),
                    r.dump()
                ));
            }
            continue;
        }
        let r = ascstep(["run", s(&p), "--deny-warnings"]);
        if r.code != 0 || r.stderr.contains("warning[") {
            failed.push(format!("== {}\n{}", p.display(), r.dump()));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert_eq!(hazards, 3, "one hazard example per hazard warning");
}

#[test]
fn every_program_has_a_complete_json_report() {
    for p in programs() {
        let r = ascstep(["run", s(&p), "--report", "json"]);
        assert_eq!(r.code, 0, "{}\n{}", p.display(), r.dump());
        let j = r.json();
        let ctx = p.display();
        assert_eq!(j["status"], "ok", "{ctx}");
        assert!(j["product"].is_string(), "{ctx}: product");
        assert!(j["diagnostics"].is_array(), "{ctx}: diagnostics");
        assert!(j["returns"].is_array(), "{ctx}: returns");
        for k in ["instructions", "repeats", "blocks"] {
            assert!(j["steps"][k].is_u64(), "{ctx}: steps.{k}");
        }

        // Every tensor of the program is listed, with its declared dtype, address and length.
        let program = ascstep::program::load(&p).unwrap_or_else(|e| panic!("{ctx}: {e}"));
        let tensors = j["tensors"]
            .as_object()
            .unwrap_or_else(|| panic!("{ctx}: tensors is not an object"));
        assert_eq!(tensors.len(), program.tensors.len(), "{ctx}: tensor count");
        for t in &program.tensors {
            let jt = tensors
                .get(&t.name)
                .unwrap_or_else(|| panic!("{ctx}: tensor {} missing from the report", t.name));
            assert_eq!(jt["dtype"], t.dtype.name(), "{ctx}: {}.dtype", t.name);
            assert_eq!(jt["addr"], t.addr, "{ctx}: {}.addr", t.name);
            assert_eq!(jt["len"], t.len, "{ctx}: {}.len", t.name);
            let values = jt["values"]
                .as_array()
                .unwrap_or_else(|| panic!("{ctx}: {}.values", t.name));
            assert_eq!(
                values.len(),
                t.len as usize,
                "{ctx}: {}.values length",
                t.name
            );
            for v in values {
                let ok = v.is_null()
                    || v.is_number()
                    || matches!(v.as_str(), Some("nan" | "inf" | "-inf"));
                assert!(ok, "{ctx}: {}: bad element {v}", t.name);
            }
        }

        // Every expectation is reported, and passed.
        let exps = j["expectations"].as_array().expect("expectations");
        assert_eq!(exps.len(), program.expect.len(), "{ctx}: expectation count");
        for e in exps {
            assert_eq!(e["passed"], true, "{ctx}: {e}");
            assert!(e["tensor"].is_string() && e["at"].is_u64() && e["len"].is_u64());
        }
    }
}

#[test]
fn check_accepts_all_programs_at_once() {
    let files = programs();
    let mut args = vec!["check"];
    args.extend(files.iter().map(|p| s(p)));
    let r = ascstep(&args);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(!r.stderr.contains("error["), "{}", r.dump());
}

/// The text report of one program, to catch a binary that exits 0 without doing anything.
#[test]
fn the_text_report_shows_the_program_and_its_expectations() {
    let p = root("programs/seed_add_int16_mask64.ron");
    let r = ascstep(["run", s(&p)]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("atlas_a2"), "{}", r.dump());
    assert!(r.stdout.contains("dst"), "{}", r.dump());
}

/// GatherMask's rsvdCnt is in the JSON report's `returns` (program-format.md §9) and in the text
/// report: 128 for the built-in pattern example, 66 for the pattern-tensor one.
#[test]
fn gather_mask_returns_its_count_in_both_reports() {
    let p = root("programs/instr_gather_mask.ron");
    let r = ascstep(["run", s(&p), "--report", "json"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let j = r.json();
    assert_eq!(
        j["returns"],
        serde_json::json!([
            {"instruction": 0, "name": "rsvd_cnt", "value": 128},
            {"instruction": 1, "name": "rsvd_cnt", "value": 66}
        ]),
        "{}",
        r.dump()
    );
    let r = ascstep(["run", s(&p)]);
    assert!(
        r.stdout
            .contains("instruction 0 `GatherMask` (line 21): rsvd_cnt = 128"),
        "{}",
        r.dump()
    );
    assert!(r.stdout.contains("rsvd_cnt = 66"), "{}", r.dump());
}
