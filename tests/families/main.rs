//! Table-driven tests of every instruction family through the library (no binary).
//!
//! Each case is a small RON program (program-format.md), the product it runs on, and the
//! element values expected afterwards, derived by hand from /work/shared/docs/semantics.md and
//! the seed pages (S0…S4); every case says where its numbers come from. A case runs with
//! `Machine::run` and is compared element by element: integers exactly, floats bit-exactly
//! (so +0 and −0 differ) except that any NaN equals any NaN, and an uninitialised element
//! (`Machine::element` = None) only matches `U`.
//!
//! A case also states how the run ends: finished with exactly the listed warning codes (none
//! by default), or failed with a given error code. The divergence table (§9) runs the same
//! program text on two or more products.

#[path = "../common/table.rs"]
mod table;
use table::*;

mod binary;
mod divergence;
mod fill_mask;
mod reduce;
mod scalar;
mod unary;
use binary::*;
use divergence::*;
use fill_mask::*;
use reduce::*;
use scalar::*;
use unary::*;

// The tests

#[test]
fn unary() {
    run_table("unary", unary_cases());
}

#[test]
fn binary() {
    run_table("binary", binary_cases());
}

#[test]
fn vector_scalar() {
    run_table("vector-scalar", scalar_cases());
}

#[test]
fn reductions() {
    run_table("reductions", reduce_cases());
}

#[test]
fn duplicate_and_mask_register() {
    run_table("duplicate / mask register", fill_mask_cases());
}

#[test]
fn divergences() {
    run_table("divergences", divergence_cases());
}

/// Every instruction of each family appears in its table, and case names are unique.
#[test]
fn tables_cover_their_families() {
    let families: [(&str, Vec<Case>, &[&str]); 6] = [
        (
            "unary",
            unary_cases(),
            &[
                "Exp(",
                "Ln(",
                "Abs(",
                "Reciprocal(",
                "Sqrt(",
                "Rsqrt(",
                "Not(",
                "Relu(",
            ],
        ),
        (
            "binary",
            binary_cases(),
            &[
                "Add(", "Sub(", "Mul(", "Div(", "Max(", "Min(", "And(", "Or(",
            ],
        ),
        (
            "vector-scalar",
            scalar_cases(),
            &[
                "Adds(",
                "Muls(",
                "Maxs(",
                "Mins(",
                "LeakyRelu(",
                "ShiftLeft(",
                "ShiftRight(",
            ],
        ),
        (
            "reductions",
            reduce_cases(),
            &[
                "PairReduceSum(",
                "BlockReduceSum(",
                "BlockReduceMax(",
                "BlockReduceMin(",
                "WholeReduceSum(",
                "WholeReduceMax(",
                "WholeReduceMin(",
                "RepeatReduceSum(",
            ],
        ),
        (
            "duplicate / mask",
            fill_mask_cases(),
            &[
                "Duplicate(",
                "SetVectorMask(",
                "SetMaskCount(",
                "SetMaskNorm(",
                "ResetMask(",
            ],
        ),
        ("divergences", divergence_cases(), &[]),
    ];
    let mut names = std::collections::HashSet::new();
    for (family, cases, ops) in families {
        for op in ops {
            assert!(
                cases.iter().any(|c| c
                    .code
                    .match_indices(op)
                    .any(|(i, _)| { !c.code[..i].ends_with(|ch: char| ch.is_alphanumeric()) })),
                "{family}: no case uses {op}"
            );
        }
        for c in &cases {
            assert!(
                names.insert(format!("{} [{}]", c.name, c.product.key())),
                "duplicate case {}",
                c.name
            );
        }
    }
}

/// §4.3 / §9 row 18: on ascend_950 "an amount larger than the bit width gives 0 (left shift,
/// logical right shift)"; only the arithmetic right shift distinguishes negative inputs (−1).
/// So int16 −1 << 17 and −32768 << 17 are 0 there.
#[test]
fn shift_left_negative_beyond_width_on_950() {
    run_table(
        "divergences (ascend_950 negative ShiftLeft)",
        vec![case(
            "§9 row 18: ShiftLeft negative int16 by 17 on ascend_950",
            A950,
            r#""s": (dtype: int16, addr: 0x000, len: 4, init: Values([-1, -32768, -2, -16384])),
               "d": (dtype: int16, addr: 0x020, len: 4),"#,
            r#"ShiftLeft(dst: "d", src: "s", scalar: 17, count: 4),"#,
        )
        .at("d", 0, ints(&[0, 0, 0, 0]))],
    );
}
