//! The fields of the instructions of the full catalog (docs/format.md §7).

use super::diagnostics::*;
use super::*;

/// Column (1-based) of `needle` in `code` as `prog` places it on line 7.
fn col(code: &str, needle: &str) -> u32 {
    10 + code.find(needle).expect("needle in code") as u32
}

/// `prog` with a uint8 tensor "b" (256 elements) as well, `code` still on line 7.
fn prog_bits(code: &str) -> String {
    prog(code).replace(
        "len: 128),\n  },",
        "len: 128), \"b\": (dtype: uint8, addr: 768, len: 256),\n  },",
    )
}

#[test]
fn new_instructions_load_with_their_fields() {
    let p = load_str(
        Path::new("t.ron"),
        &prog_bits(
            "Compare(dst: \"b\", src0: \"x\", src1: \"y\", cmp: GE, count: 128), \
             Cast(dst: \"i\", src: \"x\", round: CAST_TRUNC, mask: 64, repeat_times: 2, params: [1, 1, 8, 8]), \
             GatherMask(dst: \"y\", src0: \"x\", pattern: 3, reduce_mode: true, mask: 70, \
                        params: (src0_block_stride: 2, repeat_times: 3, src0_repeat_stride: 300, src1_repeat_stride: 1)), \
             ReduceRepeat(dst: \"y\", src: \"x\", op: MIN, order: ORDER_ONLY_VALUE, mask: 128, repeat_times: 1, \
                          dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)",
        ),
    )
    .unwrap();
    let c = &p.code;
    assert_eq!(arg_cmp(&c[0]), crate::base::modes::CmpMode::Ge);
    assert_eq!(arg_round(&c[1]), crate::base::convert::RoundMode::Trunc);
    assert_eq!(arg_pattern(&c[2]), Some(3));
    assert!(arg_reduce_mode(&c[2]));
    assert_eq!(
        c[2].form().clone(),
        Form::Masked {
            mask: MaskArg::Contiguous(70),
            repeat_times: 3
        }
    );
    assert_eq!(
        (c[2].strides().src_blk[0], c[2].strides().src_rep),
        (2, [300, 1])
    );
    assert_eq!(c[3].op, Op::WholeReduceMin);
    assert_eq!(c[3].name(), "ReduceRepeat");
    assert_eq!(arg_order(&c[3]), ReduceOrder::OnlyValue);
}

#[test]
fn compare_dst_must_hold_bits() {
    let code = "Compare(dst: \"x\", src0: \"x\", src1: \"y\", cmp: LT, count: 128)";
    let d = one(&prog(code), "dtype-mismatch", 7, col(code, "\"x\", src0"));
    assert!(d.message.contains("uint8 or int8"), "{}", d.message);
}

#[test]
fn gather_mask_pattern_and_params() {
    let code = "GatherMask(dst: \"y\", src0: \"x\", pattern: 9, mask: 0, params: [1, 1, 8, 0])";
    one(&prog(code), "value-out-of-range", 7, col(code, "9,"));
    let code = "GatherMask(dst: \"y\", src0: \"x\", pattern: 1, mask: 0, params: [1, 1, 8])";
    one(&prog(code), "bad-params", 7, col(code, "[1, 1, 8]"));
    let code = "GatherMask(dst: \"y\", src0: \"x\", pattern: \"i\", mask: 0, params: [1, 1, 8, 0])";
    let d = one(&prog(code), "dtype-mismatch", 7, col(code, "\"i\""));
    assert!(d.message.contains("uint16"), "{}", d.message);
}

#[test]
fn select_mode_decides_src1_or_scalar() {
    let code = "Select(dst: \"x\", sel_mask: \"b\", src0: \"x\", src1: \"y\", sel_mode: VSEL_TENSOR_SCALAR_MODE, scalar: 0, count: 128)";
    one(&prog_bits(code), "bad-form", 7, col(code, "src1"));
    let code = "Select(dst: \"x\", sel_mask: \"y\", src0: \"x\", src1: \"y\", sel_mode: VSEL_CMPMASK_SPR, count: 128)";
    one(&prog(code), "dtype-mismatch", 7, col(code, "\"y\", src0"));
}

#[test]
fn reduction_aliases_need_their_op() {
    let code = "ReduceDataBlock(dst: \"y\", src: \"x\", mask: 128, repeat_times: 1)";
    one(&prog(code), "missing-field", 7, 10);
    let code = "ReducePairElem(dst: \"y\", src: \"x\", op: MAX, mask: 128, repeat_times: 1)";
    one(&prog(code), "unknown-reduce-op", 7, col(code, "MAX"));
}

#[test]
fn enum_fields_name_the_valid_values() {
    let code = "Cast(dst: \"i\", src: \"x\", round: \"CAST_RINT\", count: 128)";
    let d = one(&prog(code), "wrong-type", 7, col(code, "\"CAST_RINT\""));
    assert!(d.message.contains("without quotes"), "{}", d.message);
    let code = "Cast(dst: \"i\", src: \"x\", round: CAST_RNT, count: 128)";
    let d = one(&prog(code), "unknown-round-mode", 7, col(code, "CAST_RNT"));
    assert!(
        d.notes.iter().any(|n| n.contains("CAST_RINT")),
        "{:?}",
        d.notes
    );
}
