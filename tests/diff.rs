//! `ascstep diff PROGRAM [--products …] [--report text|json]` through the real binary
//! (program-format.md §9): per element that differs, the value on each product and the
//! instruction that first made them differ; products that reject the program say why; exit 0
//! when all agree, 1 when they differ, 3 on an invalid program (or one every product rejects),
//! 2 on a usage error.

mod common;

use common::{ascstep, root, s};
use serde_json::json;

const MASK62: &str = "programs/seed_pair_reduce_sum_mask62_a2.ron";

/// semantics.md §5.3, §9 row 1 (seed S2): float, mask 62 — the last pair is fully masked; dst[31]
/// keeps −1 on atlas_a2 and becomes 0 on atlas_200i_500_a2, the only element that differs, and
/// PairReduceSum (instruction 0) makes it differ.
#[test]
fn mask62_differs_in_exactly_one_element_text() {
    let p = root(MASK62);
    let r = ascstep(["diff", s(&p), "--products", "atlas_a2,atlas_200i_500_a2"]);
    assert_eq!(r.code, 1, "{}", r.dump());
    assert!(r.stdout.contains("1 element differs:"), "{}", r.dump());
    assert!(
        r.stdout.contains(
            "dst[31] @ 0x17c: atlas_a2 -1 | atlas_200i_500_a2 0; first differs after instruction 0 `PairReduceSum` (line 15)"
        ),
        "{}",
        r.dump()
    );
    assert_eq!(r.stdout.matches(" @ 0x").count(), 1, "{}", r.dump());
    assert!(
        r.stdout.contains("atlas_a2           finished"),
        "{}",
        r.dump()
    );
}

#[test]
fn mask62_differs_in_exactly_one_element_json() {
    let p = root(MASK62);
    let r = ascstep([
        "diff",
        s(&p),
        "--products",
        "atlas_a2,atlas_200i_500_a2",
        "--report",
        "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["status"], "differ");
    assert_eq!(j["count"], 1);
    let d = j["differences"].as_array().expect("differences");
    assert_eq!(d.len(), 1, "{j}");
    assert_eq!(
        d[0],
        json!({
            "tensor": "dst", "index": 31, "addr": 0x17c,
            "values": {"atlas_a2": -1.0, "atlas_200i_500_a2": 0.0},
            "instruction": 0, "name": "PairReduceSum", "line": 15,
        })
    );
    let products = j["products"].as_array().expect("products");
    assert_eq!(products.len(), 2);
    for (pj, key) in products.iter().zip(["atlas_a2", "atlas_200i_500_a2"]) {
        assert_eq!(pj["product"], key);
        assert_eq!(pj["status"], "finished");
        assert!(pj["error"].is_null());
    }
}

/// With every product (the default), atlas_training rejects the float PairReduceSum (half only
/// there, §9 row 25) and says why; the others split into "unchanged" and "zeroed" (§9 row 1).
#[test]
fn a_product_that_rejects_the_program_says_why() {
    let p = root(MASK62);
    let r = ascstep(["diff", s(&p)]);
    assert_eq!(r.code, 1, "{}", r.dump());
    assert!(
        r.stdout.contains("atlas_training     rejects the program at instruction 0 `PairReduceSum` (line 15): error[unsupported-dtype]"),
        "{}",
        r.dump()
    );
    assert!(
        r.stdout.contains("dst[31] @ 0x17c: atlas_inference -1 | atlas_a2 -1 | atlas_a3 -1 | atlas_200i_500_a2 0 | ascend_950 0"),
        "{}",
        r.dump()
    );
    assert!(
        r.stderr.contains("error[unsupported-dtype]"),
        "{}",
        r.dump()
    );
    let j = ascstep(["diff", s(&p), "--report", "json"]).json();
    let training = &j["products"][0];
    assert_eq!(training["product"], "atlas_training");
    assert_eq!(training["status"], "rejected");
    assert_eq!(training["error"]["code"], "unsupported-dtype");
    assert_eq!(training["error"]["line"], 15);
    assert_eq!(j["count"], 1);
}

#[test]
fn identical_results_agree_with_exit_0() {
    let p = root("programs/seed_add_int16_mask64.ron");
    let r = ascstep([
        "diff",
        s(&p),
        "--products",
        "atlas_a2,atlas_a3,atlas_inference",
    ]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("all 3 products agree"), "{}", r.dump());
    let j = ascstep([
        "diff",
        s(&p),
        "--products",
        "atlas_a2,atlas_a3",
        "--report",
        "json",
    ])
    .json();
    assert_eq!(j["status"], "agree");
    assert_eq!(j["count"], 0);
    assert_eq!(j["differences"], json!([]));
}

/// The instruction named is the first after which the products disagree, not the last writer:
/// instruction 0 writes `x` alike everywhere, instruction 1 (Compare, mask 28) differs between
/// atlas_a2 (mask reserved) and ascend_950 (mask honoured, §9 row 5), instruction 2 again alike.
#[test]
fn the_first_differing_instruction_is_named() {
    let p = root("tests/diff_programs/compare_mask_second.ron");
    let j = ascstep([
        "diff",
        s(&p),
        "--products",
        "atlas_a2,ascend_950",
        "--report",
        "json",
    ])
    .json();
    assert_eq!(j["status"], "differ");
    assert_eq!(j["count"], 5);
    for (k, d) in j["differences"].as_array().unwrap().iter().enumerate() {
        assert_eq!(d["tensor"], "d");
        assert_eq!(d["index"], 3 + k);
        assert_eq!(d["instruction"], 1);
        assert_eq!(d["name"], "Compare");
        assert_eq!(d["values"]["atlas_a2"], 255);
    }
    // Lanes 24..27 honoured, 28..31 masked: 0b00001111.
    assert_eq!(j["differences"][0]["values"]["ascend_950"], 15);
}

/// Returned values that differ are listed too: GatherMask's rsvd_cnt in counter mode is 66 on
/// atlas_a2 ("configuration 1") and 33 on atlas_inference ("configuration 2", §9 row 14).
#[test]
fn differing_return_values_are_listed() {
    let p = root("programs/instr_gather_mask.ron");
    let r = ascstep([
        "diff",
        s(&p),
        "--products",
        "atlas_a2,atlas_inference",
        "--report",
        "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.dump());
    let j = r.json();
    assert_eq!(
        j["returns"],
        json!([{"instruction": 1, "name": "rsvd_cnt",
                "values": {"atlas_a2": 66, "atlas_inference": 33}}])
    );
    let t = ascstep(["diff", s(&p), "--products", "atlas_a2,atlas_inference"]);
    assert!(
        t.stdout
            .contains("instruction 1 `GatherMask` (line 22) returns rsvd_cnt: atlas_a2 66 | atlas_inference 33"),
        "{}",
        t.dump()
    );
}

#[test]
fn an_invalid_program_exits_3() {
    let p = root("tests/diff_programs/bad_syntax.ron");
    let r = ascstep(["diff", s(&p)]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(r.stderr.contains("error[parse-error]"), "{}", r.dump());
    let j = ascstep(["diff", s(&p), "--report", "json"]);
    assert_eq!(j.code, 3);
    assert_eq!(j.json()["status"], "invalid");
}

/// A program every compared product rejects is invalid (exit 3).
#[test]
fn a_program_every_product_rejects_exits_3() {
    let p = root(MASK62);
    let r = ascstep(["diff", s(&p), "--products", "atlas_training"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stdout.contains("every product rejects the program"),
        "{}",
        r.dump()
    );
}

#[test]
fn an_unknown_product_is_a_usage_error() {
    let p = root(MASK62);
    let r = ascstep(["diff", s(&p), "--products", "atlas_a2,atlas_a9"]);
    assert_eq!(r.code, 2, "{}", r.dump());
    assert!(
        r.stderr.contains("unknown product `atlas_a9`"),
        "{}",
        r.dump()
    );
}

/// semantics.md §9 row 32: FusedMulAdd rounds once on ascend_950 (d = −2^-20) and rounds the
/// product first elsewhere (d = 0): every one of the 128 elements differs, first after
/// instruction 0.
#[test]
fn fused_multiply_add_differs_between_950_and_a2() {
    let p = root("programs/divergence_fused_mul_add_950.ron");
    let r = ascstep([
        "diff",
        s(&p),
        "--products",
        "ascend_950,atlas_a2",
        "--report",
        "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["count"], 128, "{j}");
    let d = &j["differences"][0];
    assert_eq!(d["tensor"], "d");
    assert_eq!(d["values"]["ascend_950"], -(2f64.powi(-20)));
    assert_eq!(d["values"]["atlas_a2"], 0.0);
    assert_eq!(d["instruction"], 0);
    assert_eq!(d["name"], "FusedMulAdd");
}

/// `diff` runs a product once for all products whose data is the same (Atlas A3 and A2,
/// `Product::same_data`). That is sound only if such products really simulate alike: every
/// shipped program run on each of them separately ends with the same status, counts
/// and bytes in every tensor; and products whose data differs are not merged.
#[test]
fn products_with_the_same_data_simulate_alike() {
    use ascstep::sim::{Machine, Product};
    use std::sync::Arc;
    assert!(Product::AtlasA3.same_data(Product::AtlasA2));
    for (a, b) in [
        (Product::AtlasA2, Product::Ascend950),
        (Product::AtlasTraining, Product::AtlasInference),
        (Product::AtlasA2, Product::Atlas200I500A2),
    ] {
        assert!(!a.same_data(b), "{a} and {b} differ in data");
    }
    let pairs: Vec<(Product, Product)> = Product::ALL
        .iter()
        .flat_map(|&a| Product::ALL.iter().map(move |&b| (a, b)))
        .filter(|&(a, b)| a < b && a.same_data(b))
        .collect();
    assert!(!pairs.is_empty());
    let mut checked = 0;
    for path in common::ron_files("programs") {
        let Ok(p) = ascstep::program::load(&path) else {
            continue;
        };
        let p = Arc::new(p);
        for &(a, b) in &pairs {
            let (mut ma, mut mb) = (Machine::new(p.clone(), a), Machine::new(p.clone(), b));
            ma.run();
            mb.run();
            let name = path.display();
            assert_eq!(ma.status(), mb.status(), "{name}: {a} vs {b}");
            assert_eq!(ma.counts(), mb.counts(), "{name}");
            for (t, tensor) in p.tensors.iter().enumerate() {
                for i in 0..tensor.len {
                    assert_eq!(
                        ma.element_bytes(t, i),
                        mb.element_bytes(t, i),
                        "{name}: {}[{i}]",
                        tensor.name
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 40, "only {checked} programs checked");
}

/// The instruction after which an element first differs, as `diff` finds it (products in
/// parallel, only the elements an instruction may write compared), equals the brute-force
/// answer: every product replayed one instruction at a time and every element compared after
/// every instruction; over every shipped program, and one where elements differ, agree again
/// and differ once more.
#[test]
fn first_differing_instruction_matches_brute_force() {
    use ascstep::diff::{diff, differs};
    use ascstep::sim::{Machine, Product, Status};
    use std::sync::Arc;
    let mut programs: Vec<ascstep::base::ir::Program> = common::ron_files("programs")
        .iter()
        .filter_map(|p| ascstep::program::load(p).ok())
        .collect();
    let again = r#"Program(
    tensors: {
        "s": (dtype: float, addr: 0x000, len: 64, init: Fill(1)),
        "d": (dtype: float, addr: 0x100, len: 32, init: Fill(-1)),
    },
    code: [
        PairReduceSum(dst: "d", src: "s", mask: 62, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
        Duplicate(dst: "d", scalar: 5.0, count: 32),
        Adds(dst: "s", src: "s", scalar: 1.0, count: 64),
        PairReduceSum(dst: "d", src: "s", mask: 62, repeat_times: 1, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
    ],
)"#;
    programs.push(ascstep::program::load_str(std::path::Path::new("again.ron"), again).unwrap());
    let mut checked = 0;
    for p in programs {
        let p = Arc::new(p);
        let report = diff(p.clone(), &Product::ALL);
        if report.elements.is_empty() {
            continue;
        }
        let done: Vec<Product> = report
            .runs
            .iter()
            .filter(|r| r.finished())
            .map(|r| r.product)
            .collect();
        let mut ms: Vec<Machine> = done.iter().map(|&q| Machine::new(p.clone(), q)).collect();
        let mut first = vec![None; report.elements.len()];
        for i in 0..p.code.len() as u32 {
            for m in ms.iter_mut() {
                while m.status() == Status::Running && m.pos().instruction <= i {
                    m.run_instruction();
                }
            }
            let refs: Vec<&Machine> = ms.iter().collect();
            for (k, e) in report.elements.iter().enumerate() {
                if first[k].is_none() && differs(&refs, e.tensor, e.index) {
                    first[k] = Some(i);
                }
            }
        }
        for (k, e) in report.elements.iter().enumerate() {
            assert_eq!(
                e.first,
                first[k],
                "{}: element {}[{}]",
                p.path.display(),
                e.tensor,
                e.index
            );
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} programs with differences");
}

/// The instruction named for each differing element is the first after which a brute-force
/// lockstep (every product one instruction at a time, every element compared after each)
/// sees them disagree: elements written once (taken from the runs' write logs) and elements
/// written many times (replayed in chunks of 64 instructions, from a run's snapshot before
/// the products part), differing early and late, converging and differing again, on the products the PairReduceSum divergence separates
/// (docs/semantics.md §9) and on all six.
#[test]
fn first_differing_instructions_match_a_brute_force_lockstep() {
    use ascstep::sim::{Machine, Product, Status};
    use std::sync::Arc;
    let prs = "PairReduceSum(dst: \"d\", src: \"s\", repeat_times: 1, mask: 62, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)";
    let add_d = "Adds(dst: \"d\", src: \"d\", scalar: 1, count: 32)";
    let add_x = "Adds(dst: \"x\", src: \"x\", scalar: 1, count: 64)";
    let zero_d = "Muls(dst: \"d\", src: \"d\", scalar: 0, count: 32)";
    // 64 repeats (512 block steps): runs of these take the snapshots a replay may start from.
    let add_w = "Adds(dst: \"w\", src: \"w\", scalar: 1, count: 4096)";
    let rep = |s: &str, n: usize| vec![s; n].join(", ");
    let cases = [
        prs.to_string(),
        format!("{}, {prs}, {}", rep(add_x, 100), rep(add_d, 3)),
        format!("{prs}, {zero_d}, {add_d}, {}, {prs}", rep(add_x, 70)),
        format!(
            "{zero_d}, {}, {prs}, {}, {add_d}",
            rep(add_d, 130),
            rep(add_x, 5)
        ),
        // The products part at instruction 200, after snapshots at 64, 128 and 192.
        format!("{}, {prs}, {}", rep(add_w, 200), rep(add_d, 3)),
        // They part at 0, agree again at 1 and part again after the snapshots.
        format!("{prs}, {zero_d}, {}, {add_d}, {prs}", rep(add_w, 150)),
    ];
    for code in &cases {
        let text = format!(
            r#"Program(product: atlas_a2, tensors: {{
                "s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 1, step: 1)),
                "d": (dtype: float, addr: 0x100, len: 32, init: Fill(-1.0)),
                "x": (dtype: float, addr: 0x200, len: 64, init: Fill(0.5)),
                "w": (dtype: float, addr: 0x400, len: 4096, init: Fill(0)),
            }}, code: [{code}])"#
        );
        let p = Arc::new(ascstep::program::load_str(std::path::Path::new("d.ron"), &text).unwrap());
        for products in [
            vec![Product::AtlasA2, Product::Atlas200I500A2],
            Product::ALL.to_vec(),
        ] {
            let r = ascstep::diff::diff(p.clone(), &products);
            let finished: Vec<Product> = r
                .runs
                .iter()
                .filter(|x| x.machine.status() == Status::Finished)
                .map(|x| x.product)
                .collect();
            assert!(!r.elements.is_empty(), "{code}: some element differs");
            let mut ms: Vec<Machine> = finished
                .iter()
                .map(|&q| Machine::new(p.clone(), q))
                .collect();
            let mut want = vec![None; r.elements.len()];
            for i in 0..p.code.len() as u32 {
                for m in &mut ms {
                    m.run_instruction();
                }
                let refs: Vec<&Machine> = ms.iter().collect();
                for (w, e) in want.iter_mut().zip(&r.elements) {
                    if w.is_none() && ascstep::diff::differs(&refs, e.tensor, e.index) {
                        *w = Some(i);
                    }
                }
            }
            let got: Vec<Option<u32>> = r.elements.iter().map(|e| e.first).collect();
            assert_eq!(got, want, "{code} on {products:?}");
        }
    }
}
