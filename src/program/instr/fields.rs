//! The fields each instruction takes (program-format.md §7): one list per API shape, and the
//! Ascend C names ascstep knows but does not model.

use crate::base::catalog::{Family, Op};

/// Ascend C APIs near the modelled ones that the simulator does not model.
pub(super) const NOT_YET: [&str; 1] = ["CastDequant"];

/// The new reduction names (9.1.0, semantics.md §4.4) and what each maps to.
pub(super) const ALIASES: [&str; 3] = ["ReducePairElem", "ReduceDataBlock", "ReduceRepeat"];

pub(super) const UNARY: &[&str] = &["dst", "src", "count", "mask", "repeat_times", "params"];

pub(super) const BINARY: &[&str] = &[
    "dst",
    "src0",
    "src1",
    "count",
    "mask",
    "repeat_times",
    "params",
];

pub(super) const SCALAR: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "count",
    "mask",
    "repeat_times",
    "params",
];

pub(super) const SHIFT_RIGHT: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "round_en",
    "count",
    "mask",
    "repeat_times",
    "params",
];

// `count` and `params` are listed for reductions only to answer them with `bad-form`.
pub(super) const REDUCE: &[&str] = &[
    "dst",
    "src",
    "mask",
    "repeat_times",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "count",
    "params",
];

pub(super) const WHOLE_REDUCE_MAX_MIN: &[&str] = &[
    "dst",
    "src",
    "mask",
    "repeat_times",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "order",
    "count",
    "params",
];

pub(super) const REPEAT_REDUCE_SUM: &[&str] = &[
    "dst",
    "src",
    "mask",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "count",
    "params",
];

pub(super) const DUPLICATE: &[&str] = &[
    "dst",
    "scalar",
    "count",
    "mask",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];

pub(super) const SET_VECTOR_MASK: &[&str] = &["high", "low", "len", "dtype"];

pub(super) const COMPARE: &[&str] = &[
    "dst",
    "src0",
    "src1",
    "cmp",
    "count",
    "mask",
    "repeat_times",
    "params",
];

pub(super) const COMPARES: &[&str] = &[
    "dst",
    "src",
    "scalar",
    "cmp",
    "count",
    "mask",
    "repeat_times",
    "params",
];

pub(super) const SELECT: &[&str] = &[
    "dst",
    "sel_mask",
    "src0",
    "src1",
    "scalar",
    "sel_mode",
    "count",
    "mask",
    "repeat_times",
    "params",
];

pub(super) const GATHER_MASK: &[&str] =
    &["dst", "src0", "pattern", "reduce_mode", "mask", "params"];

pub(super) const CAST: &[&str] = &[
    "dst",
    "src",
    "round",
    "count",
    "mask",
    "repeat_times",
    "params",
];

pub(super) const BRCB: &[&str] = &[
    "dst",
    "src",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];

pub(super) const CREATE_VEC_INDEX: &[&str] = &[
    "dst",
    "first_value",
    "count",
    "mask",
    "repeat_times",
    "dst_blk_stride",
    "dst_rep_stride",
];

pub(super) const REDUCE_SUM: &[&str] = &[
    "dst",
    "src",
    "work",
    "count",
    "mask",
    "repeat_times",
    "src_rep_stride",
    "is_set_mask",
];

pub(super) const REDUCE_MAX_MIN: &[&str] = &[
    "dst",
    "src",
    "work",
    "count",
    "mask",
    "repeat_times",
    "src_rep_stride",
    "calc_index",
];

pub(super) const REDUCE_PAIR_ELEM: &[&str] = &[
    "dst",
    "src",
    "op",
    "mask",
    "repeat_times",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "count",
    "params",
];

pub(super) const REDUCE_DATA_BLOCK: &[&str] = REDUCE_PAIR_ELEM;

pub(super) const REDUCE_REPEAT: &[&str] = &[
    "dst",
    "src",
    "op",
    "order",
    "mask",
    "repeat_times",
    "dst_rep_stride",
    "src_blk_stride",
    "src_rep_stride",
    "count",
    "params",
];

/// The fields `op` takes (program-format.md §7). `count`/`params` of reductions are listed
/// only so that they are answered with `bad-form` rather than `unknown-field`.
pub(super) fn fields_of(op: Op) -> &'static [&'static str] {
    match op.family() {
        Family::Unary => UNARY,
        Family::Binary => BINARY,
        Family::Scalar if op == Op::ShiftRight => SHIFT_RIGHT,
        Family::Scalar => SCALAR,
        Family::Reduce => match op {
            Op::WholeReduceMax | Op::WholeReduceMin => WHOLE_REDUCE_MAX_MIN,
            Op::RepeatReduceSum => REPEAT_REDUCE_SUM,
            _ => REDUCE,
        },
        Family::Duplicate => DUPLICATE,
        Family::MaskReg if op == Op::SetVectorMask => SET_VECTOR_MASK,
        Family::MaskReg => &[],
        Family::Compare if op == Op::Compare => COMPARE,
        Family::Compare => COMPARES,
        Family::Select => SELECT,
        Family::Gather => GATHER_MASK,
        Family::Cast => CAST,
        Family::CastBinary => BINARY,
        Family::Brcb => BRCB,
        Family::VecIndex => CREATE_VEC_INDEX,
        Family::Whole if op == Op::ReduceSum => REDUCE_SUM,
        Family::Whole => REDUCE_MAX_MIN,
    }
}

/// The fields of an alias name (`ReduceDataBlock`, …).
pub(super) fn alias_fields(name: &str) -> &'static [&'static str] {
    match name {
        "ReduceRepeat" => REDUCE_REPEAT,
        "ReduceDataBlock" => REDUCE_DATA_BLOCK,
        _ => REDUCE_PAIR_ELEM,
    }
}
