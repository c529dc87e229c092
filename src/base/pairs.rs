//! The (source, destination) type pairs of the mixed-type instructions and the round modes each
//! accepts, per product (docs/semantics.md §4.7; the "数据类型" tables of DK:类型转换/Cast,
//! DK:复合计算/AddReluCast, /SubReluCast, /MulCast, /MulAddDst, /Axpy, /AddDeqRelu). Data only:
//! `catalog::Op::pairs` reads it. Ground floor.

use crate::base::convert::RoundMode;
use crate::base::dtype::DType;
use crate::base::product::PerProduct;

/// One allowed (source, destination) type pair of a mixed-type instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub src: DType,
    pub dst: DType,
    /// Allowed round modes, one `RoundMode::bit` each (Cast only).
    pub modes: u8,
    /// Only in the count form (`count`).
    pub count_only: bool,
    /// int32 → half: the round mode has no effect; the API needs SetDeqScale (§4.7, §4.9).
    pub deq: bool,
}

const fn pr(src: DType, dst: DType, modes: u8) -> Pair {
    Pair {
        src,
        dst,
        modes,
        count_only: false,
        deq: false,
    }
}
const fn pr_count(src: DType, dst: DType) -> Pair {
    Pair {
        src,
        dst,
        modes: ALL_MODES,
        count_only: true,
        deq: false,
    }
}
const fn pr_deq(src: DType, dst: DType) -> Pair {
    Pair {
        src,
        dst,
        modes: ALL_MODES,
        count_only: false,
        deq: true,
    }
}

const MN: u8 = RoundMode::None.bit();
const MR: u8 = RoundMode::Rint.bit();
const MF: u8 = RoundMode::Floor.bit();
const MC: u8 = RoundMode::Ceil.bit();
const MO: u8 = RoundMode::Round.bit();
const MT: u8 = RoundMode::Trunc.bit();
const MD: u8 = RoundMode::Odd.bit();
/// RINT, FLOOR, CEIL, ROUND, TRUNC.
const M5: u8 = MR | MF | MC | MO | MT;
const ALL_MODES: u8 = 0x7f;

use DType::{
    BFloat16 as TB, Float as TF, Half as TH, Int16 as TI16, Int32 as TI32, Int4 as TI4,
    Int64 as TI64, Int8 as TI8, UInt16 as TU16, UInt32 as TU32, UInt8 as TU8,
};

// CAST_NONE on half → int8/uint8/int4b_t, int16 → half and int32 → float is not in the 950
// table, but CANN's 950 Cast runs it as CAST_RINT (dav_3510 vconv_impl `using_cast_rint`), and
// kernels call it (docs/semantics.md §4.7): taken, as RINT.
const CAST_950: &[Pair] = &[
    // int4b_t (DK:类型转换/Cast, the 950 table).
    pr(TI4, TI16, MN),
    pr(TI4, TH, MN),
    pr(TI4, TB, MN),
    pr(TI16, TI4, MN),
    pr(TH, TI4, M5 | MN),
    pr(TI8, TI16, MN),
    pr(TI8, TH, MN),
    pr(TI8, TI32, MN),
    pr(TU8, TU16, MN),
    pr(TU8, TH, MN),
    pr(TU8, TU32, MN),
    pr(TI16, TU8, MN),
    pr(TI16, TH, M5 | MN),
    pr(TI16, TI32, MN),
    pr(TI16, TU32, MN),
    pr(TI16, TF, MN),
    pr(TU16, TU8, MN),
    pr(TU16, TU32, MN),
    pr(TH, TI8, M5 | MN),
    pr(TH, TU8, M5 | MN),
    pr(TH, TI16, M5),
    pr(TH, TB, M5),
    pr(TH, TI32, M5),
    pr(TH, TF, MN),
    pr(TB, TH, M5),
    pr(TB, TI32, M5),
    pr(TB, TF, MN),
    pr(TI32, TU8, MN),
    pr(TI32, TI16, MN),
    pr(TI32, TU16, MN),
    pr_deq(TI32, TH),
    pr(TI32, TF, M5 | MN),
    pr(TI32, TI64, MN),
    pr(TU32, TU8, MN),
    pr(TU32, TI16, MN),
    pr(TU32, TU16, MN),
    pr(TF, TI16, M5),
    pr(TF, TH, M5 | MD | MN),
    pr(TF, TB, M5),
    pr(TF, TI32, M5),
    pr(TF, TF, M5),
    pr(TF, TI64, M5),
    pr(TI64, TI32, MN),
    pr(TI64, TF, M5),
];
const CAST_A2: &[Pair] = &[
    // int4b_t (DK:类型转换/Cast, the A2 and A3 tables).
    pr(TI4, TH, MN),
    pr(TH, TI4, M5 | MN),
    pr(TI8, TH, MN),
    pr(TU8, TH, MN),
    pr(TI16, TH, M5 | MN),
    pr(TI16, TF, MN),
    pr(TH, TI8, M5 | MN),
    pr(TH, TU8, M5 | MN),
    pr(TH, TI16, M5),
    pr(TH, TI32, M5),
    pr(TH, TF, MN),
    pr(TB, TI32, M5),
    pr(TB, TF, MN),
    pr(TI32, TI16, MN),
    pr_deq(TI32, TH),
    pr(TI32, TF, M5 | MN),
    pr(TI32, TI64, MN),
    pr(TF, TI16, M5),
    pr(TF, TH, M5 | MD | MN),
    pr(TF, TB, M5),
    pr(TF, TI32, M5),
    pr(TF, TF, M5),
    pr(TF, TI64, M5),
    pr(TI64, TI32, MN),
    pr(TI64, TF, M5),
];
/// 200I/500 A2: A2's table with a plain int32 → half (CAST_NONE) instead of the SetDeqScale form.
const CAST_200I: &[Pair] = &[
    pr(TI8, TH, MN),
    pr(TU8, TH, MN),
    pr(TI16, TH, M5 | MN),
    pr(TI16, TF, MN),
    pr(TH, TI8, M5 | MN),
    pr(TH, TU8, M5 | MN),
    pr(TH, TI16, M5),
    pr(TH, TI32, M5),
    pr(TH, TF, MN),
    pr(TB, TI32, M5),
    pr(TB, TF, MN),
    pr(TI32, TI16, MN),
    pr(TI32, TH, MN),
    pr(TI32, TF, M5 | MN),
    pr(TI32, TI64, MN),
    pr(TF, TI16, M5),
    pr(TF, TH, M5 | MD | MN),
    pr(TF, TB, M5),
    pr(TF, TI32, M5),
    pr(TF, TF, M5),
    pr(TF, TI64, M5),
    pr(TI64, TI32, MN),
    pr(TI64, TF, M5),
];
/// Inference: no CAST_RINT for half → int8/uint8, RINT only for half → int16, ODD/NONE only for
/// float → half (docs/semantics.md §4.7, §9 row 26).
const CAST_INFERENCE: &[Pair] = &[
    // int4b_t (DK:类型转换/Cast, the inference AI Core table).
    pr(TH, TI4, MN),
    pr(TI8, TH, MN),
    pr(TU8, TH, MN),
    pr(TI16, TH, MN),
    pr(TH, TI8, MF | MC | MO | MT | MN),
    pr(TH, TU8, MF | MC | MO | MT | MN),
    pr(TH, TI16, MR),
    pr(TH, TI32, M5),
    pr(TH, TF, MN),
    pr(TI32, TI16, MN),
    pr_deq(TI32, TH),
    pr(TI32, TF, MN),
    pr(TF, TH, MD | MN),
    pr(TF, TI64, M5),
];
/// Training: no half → int16 at all, no CAST_RINT for half → int8/uint8.
const CAST_TRAINING: &[Pair] = &[
    pr(TI8, TH, MN),
    pr(TU8, TH, MN),
    pr(TI16, TH, MN),
    pr(TH, TI8, MF | MC | MO | MT | MN),
    pr(TH, TU8, MF | MC | MO | MT | MN),
    pr(TH, TI32, M5),
    pr(TH, TF, MN),
    pr(TI32, TF, MN),
    pr(TF, TH, MD | MN),
    pr(TF, TI64, M5),
];
pub(crate) static CAST_PAIRS: PerProduct<&[Pair]> = PerProduct {
    training: CAST_TRAINING,
    inference: CAST_INFERENCE,
    a2: CAST_A2,
    a3: CAST_A2,
    a200i: CAST_200I,
    a950: CAST_950,
};

const RELU_CAST_STD: &[Pair] = &[
    pr(TH, TI8, ALL_MODES),
    pr(TI16, TI8, ALL_MODES),
    pr(TF, TH, ALL_MODES),
];
/// §9 row 24: 200I/500 A2 has no int16 → int8 AddReluCast / SubReluCast.
const RELU_CAST_200I: &[Pair] = &[pr(TH, TI8, ALL_MODES), pr(TF, TH, ALL_MODES)];
const RELU_CAST_950: &[Pair] = &[
    pr(TH, TI8, ALL_MODES),
    pr(TI16, TI8, ALL_MODES),
    pr(TF, TH, ALL_MODES),
    pr(TI64, TF, ALL_MODES),
    pr_count(TI64, TI32),
];
pub(crate) static RELU_CAST_PAIRS: PerProduct<&[Pair]> = PerProduct {
    training: &[],
    inference: RELU_CAST_STD,
    a2: RELU_CAST_STD,
    a3: RELU_CAST_STD,
    a200i: RELU_CAST_200I,
    a950: RELU_CAST_950,
};

const MUL_CAST_STD: &[Pair] = &[pr(TH, TI8, ALL_MODES), pr(TH, TU8, ALL_MODES)];
const MUL_CAST_950: &[Pair] = &[
    pr(TH, TI8, ALL_MODES),
    pr(TH, TU8, ALL_MODES),
    pr_count(TI64, TF),
    pr_count(TI64, TI32),
];
pub(crate) static MUL_CAST_PAIRS: PerProduct<&[Pair]> = PerProduct {
    training: &[],
    inference: MUL_CAST_STD,
    a2: MUL_CAST_STD,
    a3: MUL_CAST_STD,
    a200i: MUL_CAST_STD,
    a950: MUL_CAST_950,
};

pub(crate) const HALF_TO_FLOAT: [Pair; 1] = [pr(TH, TF, ALL_MODES)];
/// DK:复合计算/AddDeqRelu: int32 → half, not on training or 200I/500 A2.
const DEQ_RELU: [Pair; 1] = [pr_deq(TI32, TH)];
pub(crate) static ADD_DEQ_RELU_PAIRS: PerProduct<&[Pair]> = PerProduct {
    training: &[],
    inference: &DEQ_RELU,
    a2: &DEQ_RELU,
    a3: &DEQ_RELU,
    a200i: &[],
    a950: &DEQ_RELU,
};
/// DK:复合计算/CastDequant 数据类型: int32 → half and int16 → int8/uint8 on A2, A3 and 950;
/// int16 → b8 only on inference AI Core; not on training or 200I/500 A2.
const DEQUANT_ALL: [Pair; 3] = [
    pr_deq(TI32, TH),
    pr(TI16, TI8, ALL_MODES),
    pr(TI16, TU8, ALL_MODES),
];
const DEQUANT_B8: [Pair; 2] = [pr(TI16, TI8, ALL_MODES), pr(TI16, TU8, ALL_MODES)];
pub(crate) static CAST_DEQUANT_PAIRS: PerProduct<&[Pair]> = PerProduct {
    training: &[],
    inference: &DEQUANT_B8,
    a2: &DEQUANT_ALL,
    a3: &DEQUANT_ALL,
    a200i: &[],
    a950: &DEQUANT_ALL,
};
/// §9 row 24: no half → float MulAddDst on 200I/500 A2; none at all on training.
pub(crate) static MUL_ADD_DST_PAIRS: PerProduct<&[Pair]> = PerProduct {
    training: &[],
    inference: &HALF_TO_FLOAT,
    a2: &HALF_TO_FLOAT,
    a3: &HALF_TO_FLOAT,
    a200i: &[],
    a950: &HALF_TO_FLOAT,
};
