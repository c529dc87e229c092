//! `expect`, `ascstep diff` and the debugger's divergence pane judge elements by one rule
//! (program-format.md §8, `base::equality`): any NaN equals any NaN, +0 and −0 differ, and an
//! uninitialised element equals only another uninitialised one. Each consumer is asked about
//! the same three kinds of element pairs and must give the same answer.

use ascstep::debug::divergence::{diff_tensors, Outcome};
use ascstep::diff::differs;
use ascstep::outcome::check_all;
use ascstep::program::load_str;
use ascstep::sim::{Machine, Product};
use std::path::Path;
use std::sync::Arc;

/// Two programs with the same layout. Element 0 of `x` is a NaN in both, with different
/// payloads and signs (0x7e00 and 0xfc01); element 1 is +0 in one and −0 in the other;
/// element 2 is 1.0 in both. `u` is uninitialised in A and zero in B; `v` is uninitialised in
/// both. A's expectations restate B's bits, so A's `expect` compares exactly the same pairs.
fn machines() -> (Machine, Machine) {
    let a = r#"Program(
        tensors: {
            "x": (dtype: half, addr: 0, len: 16, init: Bits([0x7e00, 0x0000, 0x3c00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
            "u": (dtype: half, addr: 32, len: 16),
            "v": (dtype: half, addr: 64, len: 16),
        },
        code: [],
        expect: [
            (tensor: "x", at: 0, values: Bits([0xfc01])),
            (tensor: "x", at: 1, values: Bits([0x8000])),
            (tensor: "x", at: 2, values: Bits([0x3c00])),
            (tensor: "u", at: 0, values: Bits([0x0000])),
        ],
    )"#;
    let b = r#"Program(
        tensors: {
            "x": (dtype: half, addr: 0, len: 16, init: Bits([0xfc01, 0x8000, 0x3c00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
            "u": (dtype: half, addr: 32, len: 16, init: Fill(0)),
            "v": (dtype: half, addr: 64, len: 16),
        },
        code: [],
    )"#;
    let run = |text: &str| {
        let p = load_str(Path::new("eq.ron"), text).unwrap_or_else(|e| panic!("{e}"));
        let mut m = Machine::new(Arc::new(p), Product::AtlasA2);
        m.run();
        m
    };
    (run(a), run(b))
}

#[test]
fn expect_diff_and_divergence_agree_on_nan_signed_zero_and_uninitialised() {
    let (a, b) = machines();
    // (tensor, index, equal?) by the rule.
    let cases = [
        (0, 0, true),
        (0, 1, false),
        (0, 2, true),
        (1, 0, false),
        (2, 0, true),
    ];

    // diff: element by element.
    for (t, i, equal) in cases {
        assert_eq!(
            !differs(&[&a, &b], t, i),
            equal,
            "diff on tensor {t} element {i}"
        );
    }

    // Divergence pane: exactly the unequal elements are listed.
    let Outcome::Differs { count, first } = diff_tensors(&a, &b) else {
        panic!("the divergence pane sees no difference");
    };
    let listed: Vec<(String, u32)> = first.iter().map(|d| (d.tensor.clone(), d.index)).collect();
    // x[1] (±0) and the 16 elements of u (uninitialised against 0).
    assert_eq!(count, 1 + 16);
    assert_eq!(listed[0], ("x".to_string(), 1));
    assert!(listed[1..].iter().all(|(t, _)| t == "u"), "{listed:?}");

    // expect: A's exact expectations restate B's bits.
    let verdicts: Vec<bool> = check_all(&a).iter().map(|r| r.passed).collect();
    assert_eq!(verdicts, [true, false, true, false]);
}
