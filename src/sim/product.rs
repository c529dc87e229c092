//! Products and their profiles: every per-product difference of the Vector Unit as data
//! (semantics.md §0.1, §7.3, §9). Kernels ask the profile; they never match on the product.

use crate::sim::dtype::DType;
use serde::Serialize;
use std::fmt;

/// A product key (program-format.md §2); the default is atlas_a2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Product {
    AtlasTraining,
    AtlasInference,
    #[default]
    AtlasA2,
    AtlasA3,
    Atlas200I500A2,
    Ascend950,
}

/// What an empty (fully masked) data block of a BlockReduce writes (semantics.md §5.1, §9 row 3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EmptyBlockFill {
    pub sum: f64,
    pub max_half: f64,
    pub max_float: f64,
    pub min_half: f64,
    pub min_float: f64,
}

/// How a contiguous `mask` argument becomes the element count when the register is in counter
/// mode and the call has isSetMask = true (semantics.md §2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterContiguous {
    /// A2/A3/inference: `SetMask(len)` expands the value to a lane pattern first, so the count
    /// becomes that pattern's low word [inferred from IMPL kernel_utils_base.h].
    Expanded,
    /// 950 (and the 200I/500 A2 emulation, by the same VF code path): the value is the count.
    Direct,
}

/// The profile of one product.
#[derive(Debug)]
pub struct Profile {
    pub product: Product,
    pub key: &'static str,
    pub name: &'static str,
    pub arch: &'static str,
    /// UB bytes the simulator gives the program (semantics.md §7.3, §9 row 21).
    pub ub_size: u32,
    /// mask = 0 is a documented NOP (A2/A3); elsewhere it is out of range (semantics.md §9 row 7).
    pub mask_zero_nop: bool,
    /// repeatTime = 0 / count = 0 is a guaranteed NOP (semantics.md §1.4, §9 row 6).
    pub repeat_zero_guaranteed_nop: bool,
    /// SetMaskCount / SetMaskNorm / ResetMask exist (semantics.md §9 row 8).
    pub counter_mode_apis: bool,
    /// PairReduceSum writes 0 where both lanes of a pair are masked (semantics.md §5.3, §9 row 1).
    pub pair_reduce_zeroes_unwritten: bool,
    /// BlockReduce fill of a fully masked block; None = not written (semantics.md §5.1).
    pub block_reduce_empty_fill: Option<EmptyBlockFill>,
    /// Whether the product documents what an empty BlockReduce block does.
    pub block_reduce_empty_documented: bool,
    /// Reductions accept dst_rep_stride = 0 (semantics.md §9 row 2).
    pub reduce_dst_rep_stride_zero: bool,
    /// WholeReduceMax/Min orders accepted (semantics.md §5.2, §9 row 11).
    pub reduce_orders: &'static [ReduceOrder],
    /// ShiftRight accepts round_en = true (semantics.md §9 row 17).
    pub shift_round_en: bool,
    /// Shift amounts are limited to [0, bit width] (A2/A3/200I) or any ≥ 0 (950) (§9 row 18).
    pub shift_amount_limited: bool,
    pub counter_contiguous: CounterContiguous,
    /// A nonzero mask[1] for 32/64-bit types is an error (950 CPU debug) rather than a warning
    /// (semantics.md §2.3, §11 item 2).
    pub b32_high_word_error: bool,
}

/// WholeReduceMax/Min output order (semantics.md §5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ReduceOrder {
    #[serde(rename = "ORDER_VALUE_INDEX")]
    ValueIndex,
    #[serde(rename = "ORDER_INDEX_VALUE")]
    IndexValue,
    #[serde(rename = "ORDER_ONLY_VALUE")]
    OnlyValue,
    #[serde(rename = "ORDER_ONLY_INDEX")]
    OnlyIndex,
}

impl ReduceOrder {
    pub const ALL: [ReduceOrder; 4] = [
        ReduceOrder::ValueIndex,
        ReduceOrder::IndexValue,
        ReduceOrder::OnlyValue,
        ReduceOrder::OnlyIndex,
    ];
    pub fn name(self) -> &'static str {
        match self {
            ReduceOrder::ValueIndex => "ORDER_VALUE_INDEX",
            ReduceOrder::IndexValue => "ORDER_INDEX_VALUE",
            ReduceOrder::OnlyValue => "ORDER_ONLY_VALUE",
            ReduceOrder::OnlyIndex => "ORDER_ONLY_INDEX",
        }
    }
    pub fn parse(s: &str) -> Option<ReduceOrder> {
        ReduceOrder::ALL.into_iter().find(|o| o.name() == s)
    }
}

const FILL_200I: EmptyBlockFill = EmptyBlockFill {
    sum: 0.0,
    max_half: -65504.0,
    max_float: f64::NEG_INFINITY,
    min_half: 65504.0,
    min_float: f64::INFINITY,
};
const FILL_950: EmptyBlockFill = EmptyBlockFill {
    sum: 0.0,
    max_half: f64::NEG_INFINITY,
    max_float: f64::NEG_INFINITY,
    min_half: f64::INFINITY,
    min_float: f64::INFINITY,
};

use ReduceOrder::*;

static PROFILES: [Profile; 6] = [
    Profile {
        product: Product::AtlasTraining,
        key: "atlas_training",
        name: "Atlas training series (Ascend 910)",
        arch: "DAV_1001",
        ub_size: 262_144,
        mask_zero_nop: false,
        repeat_zero_guaranteed_nop: false,
        counter_mode_apis: false,
        pair_reduce_zeroes_unwritten: false,
        block_reduce_empty_fill: None,
        block_reduce_empty_documented: false,
        reduce_dst_rep_stride_zero: false,
        reduce_orders: &[ValueIndex],
        shift_round_en: false,
        shift_amount_limited: true,
        counter_contiguous: CounterContiguous::Expanded,
        b32_high_word_error: false,
    },
    Profile {
        product: Product::AtlasInference,
        key: "atlas_inference",
        name: "Atlas inference series AI Core (Ascend 310P)",
        arch: "DAV_2002",
        ub_size: 262_144,
        mask_zero_nop: false,
        repeat_zero_guaranteed_nop: false,
        counter_mode_apis: true,
        pair_reduce_zeroes_unwritten: false,
        block_reduce_empty_fill: None,
        block_reduce_empty_documented: false,
        reduce_dst_rep_stride_zero: true,
        reduce_orders: &[ValueIndex, IndexValue],
        shift_round_en: false,
        shift_amount_limited: true,
        counter_contiguous: CounterContiguous::Expanded,
        b32_high_word_error: false,
    },
    Profile {
        product: Product::AtlasA2,
        key: "atlas_a2",
        name: "Atlas A2 training / Atlas 800I A2 inference (Ascend 910B)",
        arch: "DAV_2201",
        ub_size: 196_608,
        mask_zero_nop: true,
        repeat_zero_guaranteed_nop: true,
        counter_mode_apis: true,
        pair_reduce_zeroes_unwritten: false,
        block_reduce_empty_fill: None,
        block_reduce_empty_documented: true,
        reduce_dst_rep_stride_zero: true,
        reduce_orders: &[ValueIndex, IndexValue, OnlyValue, OnlyIndex],
        shift_round_en: true,
        shift_amount_limited: true,
        counter_contiguous: CounterContiguous::Expanded,
        b32_high_word_error: false,
    },
    Profile {
        product: Product::AtlasA3,
        key: "atlas_a3",
        name: "Atlas A3 training / inference (same vector ISA as A2)",
        arch: "DAV_2201",
        ub_size: 196_608,
        mask_zero_nop: true,
        repeat_zero_guaranteed_nop: true,
        counter_mode_apis: true,
        pair_reduce_zeroes_unwritten: false,
        block_reduce_empty_fill: None,
        block_reduce_empty_documented: true,
        reduce_dst_rep_stride_zero: true,
        reduce_orders: &[ValueIndex, IndexValue, OnlyValue, OnlyIndex],
        shift_round_en: true,
        shift_amount_limited: true,
        counter_contiguous: CounterContiguous::Expanded,
        b32_high_word_error: false,
    },
    Profile {
        product: Product::Atlas200I500A2,
        key: "atlas_200i_500_a2",
        name: "Atlas 200I/500 A2 inference (Ascend 310B)",
        arch: "DAV_3002",
        ub_size: 253_952,
        mask_zero_nop: false,
        repeat_zero_guaranteed_nop: false,
        counter_mode_apis: true,
        pair_reduce_zeroes_unwritten: true,
        block_reduce_empty_fill: Some(FILL_200I),
        block_reduce_empty_documented: true,
        reduce_dst_rep_stride_zero: true,
        reduce_orders: &[ValueIndex, OnlyValue],
        shift_round_en: false,
        shift_amount_limited: true,
        counter_contiguous: CounterContiguous::Direct,
        b32_high_word_error: false,
    },
    Profile {
        product: Product::Ascend950,
        key: "ascend_950",
        name: "Ascend 950PR / 950DT",
        arch: "DAV_3510",
        ub_size: 253_952,
        mask_zero_nop: false,
        repeat_zero_guaranteed_nop: false,
        counter_mode_apis: true,
        pair_reduce_zeroes_unwritten: true,
        block_reduce_empty_fill: Some(FILL_950),
        block_reduce_empty_documented: true,
        reduce_dst_rep_stride_zero: true,
        reduce_orders: &[ValueIndex, IndexValue, OnlyValue, OnlyIndex],
        shift_round_en: false,
        shift_amount_limited: false,
        counter_contiguous: CounterContiguous::Direct,
        b32_high_word_error: true,
    },
];

impl Product {
    pub const ALL: [Product; 6] = [
        Product::AtlasTraining,
        Product::AtlasInference,
        Product::AtlasA2,
        Product::AtlasA3,
        Product::Atlas200I500A2,
        Product::Ascend950,
    ];

    /// Index into per-product tables, in `ALL` order.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn profile(self) -> &'static Profile {
        &PROFILES[self.index()]
    }

    pub fn key(self) -> &'static str {
        self.profile().key
    }

    pub fn parse(s: &str) -> Option<Product> {
        Product::ALL.into_iter().find(|p| p.key() == s)
    }

    /// "atlas_training, atlas_inference, …" for error messages.
    pub fn list() -> String {
        Product::ALL.map(|p| p.key()).join(", ")
    }

    /// The byte 8-bit types get lanes on (256 per repeat): only 950 (semantics.md §1.1).
    pub fn has_b8_vectors(self) -> bool {
        self == Product::Ascend950
    }

    pub fn par_of(self, d: DType) -> u32 {
        d.par()
    }
}

impl fmt::Display for Product {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_roundtrip_and_profiles_line_up() {
        for p in Product::ALL {
            assert_eq!(Product::parse(p.key()), Some(p));
            assert_eq!(p.profile().product, p);
        }
        assert_eq!(Product::default(), Product::AtlasA2);
        assert_eq!(Product::AtlasA2.profile().ub_size, 192 * 1024);
        assert_eq!(Product::Atlas200I500A2.profile().ub_size, 248 * 1024);
    }
}
