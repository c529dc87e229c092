//! Table-driven tests of the instructions added with issue 5 (semantics.md §4.2–§4.7, §5.4),
//! through the library, in the style of `tests/families/`.
//!
//! Each case is a small RON program, the product it runs on and the element values expected
//! afterwards, derived by hand from the Ascend C documentation's worked examples (DK:<chapter>/
//! <page>, DK-ds:precision_conversion, the A2 boundary-value appendix DK-appx) and from
//! semantics.md; every case says where its numbers come from. Where a printed example
//! contradicts its own inputs (semantics.md §11 item 3) the value derived from the inputs is
//! used and the case says so. Divergences (§9) run the same program on the products of both
//! sides. A case may also require the values instructions return (GatherMask's rsvd_cnt).

#[path = "../common/table.rs"]
mod table;
use table::*;

mod cast;
mod compare;
mod compound;
mod fill;
mod gather;
mod gm;
mod real_kernels;
mod registers;
mod scalar_unit;
mod whole;
mod zero;
use cast::*;
use compare::*;
use compound::*;
use fill::*;
use gather::*;
use gm::*;
use real_kernels::*;
use registers::*;
use scalar_unit::*;
use whole::*;
use zero::*;

fn h(x: f64) -> E {
    F(f16::from_f32(x as f32).to_f64())
}
fn hs(v: &[f64]) -> Vec<E> {
    v.iter().map(|&x| h(x)).collect()
}
fn fs(v: &[f64]) -> Vec<E> {
    v.iter().map(|&x| F(x as f32 as f64)).collect()
}
/// A RON list of numbers.
fn list(v: &[f64]) -> String {
    v.iter()
        .map(|x| format!("{x:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}
/// `v` repeated to `n` elements.
fn cycle(v: &[f64], n: usize) -> Vec<f64> {
    v.iter().copied().cycle().take(n).collect()
}

const A3: Product = Product::AtlasA3;

// The tests

#[test]
fn compound_arithmetic() {
    run_table("compound", compound_cases());
}

#[test]
fn brcb_and_create_vec_index() {
    run_table("fill", fill_cases());
}

#[test]
fn compare_and_compares() {
    run_table("compare", compare_cases());
}

#[test]
fn global_memory_moves() {
    run_table("gm", gm_cases());
}

#[test]
fn select() {
    run_table("select", select_cases());
}

#[test]
fn gather_mask() {
    run_table("gather", gather_cases());
}

#[test]
fn cast_round_modes_and_pairs() {
    run_table("cast", cast_cases());
}

#[test]
fn composite_casts() {
    run_table("composite casts", composite_cast_cases());
}

#[test]
fn whole_tensor_reductions() {
    run_table("whole reductions", whole_cases());
}

#[test]
fn reduction_aliases() {
    run_table("aliases", alias_cases());
}

#[test]
fn mixed_width_count_forms() {
    run_table("mixed-width count forms", mixed_count_cases());
}

#[test]
fn fused_multiply_adds_on_950() {
    run_table("fused multiply-adds", fused_cases());
}

#[test]
fn ub_to_ub_moves() {
    run_table("Copy and DataCopy", move_cases());
}

#[test]
fn gather_by_offsets() {
    run_table("Gather", gather_index_cases());
}

#[test]
fn the_scalar_unit() {
    run_table("scalar unit", scalar_unit_cases());
}

#[test]
fn old_api_names() {
    run_table("old names", old_name_cases());
}

#[test]
fn zero_repeats_and_masks() {
    run_table("zero", zero_cases());
}

/// Every instruction of the issue appears in some case, and case names are unique.
#[test]
fn tables_cover_the_catalog() {
    let all: Vec<Case> = [
        compound_cases(),
        fill_cases(),
        compare_cases(),
        select_cases(),
        gather_cases(),
        cast_cases(),
        composite_cast_cases(),
        whole_cases(),
        alias_cases(),
        zero_cases(),
        mixed_count_cases(),
        fused_cases(),
        move_cases(),
        old_name_cases(),
        gather_index_cases(),
        scalar_unit_cases(),
    ]
    .concat();
    for op in [
        "AddRelu(",
        "SubRelu(",
        "FusedMulAdd(",
        "MulAddDst(",
        "MulAddRelu(",
        "Axpy(",
        "Brcb(",
        "CreateVecIndex(",
        "Compare(",
        "Compares(",
        "Select(",
        "GatherMask(",
        "Cast(",
        "AddReluCast(",
        "SubReluCast(",
        "MulCast(",
        "ReduceSum(",
        "ReduceMax(",
        "ReduceMin(",
        "ReducePairElem(",
        "ReduceDataBlock(",
        "ReduceRepeat(",
        "Copy(",
        "DataCopy(",
        "CompareScalar(",
        "SetMask(",
        "Gather(",
        "AddDeqRelu(",
    ] {
        assert!(
            all.iter().any(|c| c
                .code
                .match_indices(op)
                .any(|(i, _)| !c.code[..i].ends_with(|ch: char| ch.is_alphanumeric()))),
            "no case uses {op}"
        );
    }
    let mut names = std::collections::HashSet::new();
    for c in &all {
        assert!(
            names.insert(format!("{} [{}]", c.name, c.product.key())),
            "duplicate case {} [{}]",
            c.name,
            c.product.key()
        );
    }
}

#[test]
fn cmp_mask_register() {
    run_table("CmpMask register", cmp_mask_cases());
}

#[test]
fn max_min_register() {
    run_table("GetReduceRepeatMaxMinSpr", max_min_spr_cases());
}

#[test]
fn cast_dequant() {
    run_table("CastDequant", dequant_cases());
}
