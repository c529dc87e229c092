//! Products and their profiles: every per-product difference of the Vector Unit as data
//! (docs/semantics.md §0.1, §7 item 3, §9). Kernels ask the profile; they never match on the product.

use crate::base::dtype::DType;
use serde::Serialize;
use std::fmt;

/// A product key (docs/format.md §2); the default is atlas_a2.
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

/// What an empty (fully masked) data block of a BlockReduce writes (docs/semantics.md §5.1, §9 row 3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EmptyBlockFill {
    pub sum: f64,
    pub max_half: f64,
    pub max_float: f64,
    pub min_half: f64,
    pub min_float: f64,
}

/// How a contiguous `mask` argument becomes the element count when the register is in counter
/// mode and the call has isSetMask = true (docs/semantics.md §2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterContiguous {
    /// A2/A3/inference: `SetMask(len)` expands the value to a lane pattern first, so the count
    /// becomes that pattern's low word [inferred from IMPL kernel_utils_base.h].
    Expanded,
    /// 950 (and the 200I/500 A2 emulation, by the same VF code path): the value is the count.
    Direct,
}

/// The forms of GetReduceRepeatMaxMinSpr a product offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaxMinSpr {
    None,
    /// `GetReduceRepeatMaxMinSpr(T& value)` only.
    Value,
    /// `GetReduceRepeatMaxMinSpr(T& value, T& index)`.
    ValueIndex,
}

/// The profile of one product.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    pub product: Product,
    pub key: &'static str,
    pub name: &'static str,
    pub arch: &'static str,
    /// `__NPU_ARCH__` and `__CCE_AICORE__` as the product's compiler predefines them, for C++
    /// kernels' `#if` (docs/semantics.md §20).
    pub npu_arch: u32,
    pub cce_aicore: u32,
    /// UB bytes the simulator gives the program (docs/semantics.md §7 item 3, §9 row 21).
    pub ub_size: u32,
    /// mask = 0 is a documented NOP (A2/A3); elsewhere it is out of range (docs/semantics.md §9 row 7).
    pub mask_zero_nop: bool,
    /// repeatTime = 0 / count = 0 is a guaranteed NOP (docs/semantics.md §1.4, §9 row 6).
    pub repeat_zero_guaranteed_nop: bool,
    /// SetMaskCount / SetMaskNorm / ResetMask exist (docs/semantics.md §9 row 8).
    pub counter_mode_apis: bool,
    /// PairReduceSum writes 0 where both lanes of a pair are masked (docs/semantics.md §5.3, §9 row 1).
    pub pair_reduce_zeroes_unwritten: bool,
    /// BlockReduce fill of a fully masked block; None = not written (docs/semantics.md §5.1).
    pub block_reduce_empty_fill: Option<EmptyBlockFill>,
    /// Whether the product documents what an empty BlockReduce block does.
    pub block_reduce_empty_documented: bool,
    /// Reductions accept dst_rep_stride = 0 (docs/semantics.md §9 row 2).
    pub reduce_dst_rep_stride_zero: bool,
    /// WholeReduceMax/Min orders accepted (docs/semantics.md §5.2, §9 row 11).
    pub reduce_orders: &'static [ReduceOrder],
    /// ShiftRight accepts round_en = true (docs/semantics.md §9 row 17).
    pub shift_round_en: bool,
    /// Shift amounts are limited to [0, bit width] (A2/A3/200I) or any ≥ 0 (950) (§9 row 18).
    pub shift_amount_limited: bool,
    pub counter_contiguous: CounterContiguous,
    /// A nonzero mask[1] for 32/64-bit types is an error (950 CPU debug) rather than a warning
    /// (docs/semantics.md §2.3, §11 item 2).
    pub b32_high_word_error: bool,
    /// Compare / Compares honour their mask, inactive lanes giving 0 bits (950, 200I/500 A2);
    /// elsewhere the mask is reserved and every lane is compared (docs/semantics.md §4.6, §9 row 5).
    pub compare_mask_honoured: bool,
    /// CMPMODE::NE with a NaN operand gives 0, not IEEE's 1 (the A2/A3 boundary table,
    /// `DK-appx` 表30/31 notes); undocumented elsewhere, where IEEE is used.
    pub cmp_ne_nan_false: bool,
    /// Select modes accepted, one bit per `SelMode` (docs/semantics.md §4.6, §9 row 16).
    pub select_modes: u8,
    /// The highest built-in GatherMask pattern (docs/semantics.md §4.6, §9 row 15).
    pub gather_max_pattern: u8,
    /// GatherMask counter mode: `mask` is the total element count ("configuration 2",
    /// inference) rather than the elements of each repeat (docs/semantics.md §4.6, §9 row 14).
    pub gather_counter_total: bool,
    /// ReduceSum accumulation order (docs/semantics.md §5.4, §9 row 9).
    pub reduce_sum: SumOrder,
    /// ReduceSum honours `is_set_mask: false` (docs/semantics.md §2.5, §9 row 10).
    pub reduce_sum_is_set_mask: bool,
    /// ReduceSum / ReduceMax / ReduceMin need a `work` buffer of the documented size
    /// (docs/semantics.md §8, §9 row 13).
    pub reduce_work_needed: bool,
    /// repeatTime = 0 is not guaranteed to be a NOP: the product emulates the ISA in VF code
    /// (950, docs/semantics.md §1.4, §9 row 6); the warning says so.
    pub repeat_zero_vf_emulated: bool,
    /// 8-bit element types get vector lanes (256 per repeat): 950 only (docs/semantics.md §1.1).
    pub b8_vectors: bool,
    /// And / Or on int32 in the count form run on 16-bit words (A2/A3, docs/semantics.md §3, §9
    /// row 4).
    pub and_or_b32_count_as_b16: bool,
    /// Exp, Ln, Sqrt, Rsqrt, Reciprocal and Div flush subnormal results to zero (950, README's
    /// documented choices).
    pub transcendental_ftz: bool,
    /// Compare / Compares on int32 accept only EQ (A2/A3, docs/semantics.md §4.6).
    pub compare_int32_eq_only: bool,
    /// FusedMulAdd, MulAddRelu, MulAddDst and same-type Axpy round once, a fused multiply–add
    /// (950, docs/semantics.md §9 row 32); elsewhere the product is rounded to T first.
    pub fused_mul_add: bool,
    /// The vector–scalar calls take their scalar from a LocalTensor element or on the left
    /// (`BinaryConfig`, the "灵活标量位置" pages: 950 only; docs/semantics.md §4.3).
    pub flexible_scalar: bool,
    /// GetReduceRepeatSumSpr / GetAccVal read the result of a count-form ReduceSum
    /// (DK:归约计算/寄存器辅助接口/GetReduceRepeatSumSpr: A2, A3 and 950 only).
    pub reduce_sum_spr: bool,
    /// What GetReduceRepeatMaxMinSpr returns (DK:归约计算/寄存器辅助接口/GetReduceRepeatMaxMinSpr
    /// 函数原型: value and index on A2/A3, the value only on inference AI Core; not elsewhere).
    pub max_min_spr: MaxMinSpr,
    /// Compare into the CmpMask register and GetCmpMask (DK:比较与选择/Compare（结果存入寄存器）,
    /// /GetCmpMask: A2, A3, inference AI Core and 950; not training or 200I/500 A2).
    pub cmp_mask_reg: bool,
    /// Largest Gather byte offset for 8-bit and for 16-bit data (DK:离散与聚合/Gather 约束说明:
    /// [0, 2^16−1] and [0, 2^17−1] on 950 and 200I/500 A2; the uint32 range elsewhere).
    pub gather_offset_max: [u64; 2],
    /// The truncation mode of conversions to integers, CTRL[59] = 1 (`Cast`'s `saturate:
    /// false`; DK:特殊寄存器访问/SetCtrlSpr(ISASI) 表3: Ascend 950 only; docs/semantics.md §4.7).
    pub cast_truncation: bool,
}

/// One value per product, by name: a table that reordering `Product` cannot shift.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PerProduct<T> {
    pub training: T,
    pub inference: T,
    pub a2: T,
    pub a3: T,
    pub a200i: T,
    pub a950: T,
}

impl<T: Copy> PerProduct<T> {
    /// The same value on every product.
    pub const fn all(v: T) -> PerProduct<T> {
        PerProduct {
            training: v,
            inference: v,
            a2: v,
            a3: v,
            a200i: v,
            a950: v,
        }
    }

    pub const fn get(&self, p: Product) -> T {
        match p {
            Product::AtlasTraining => self.training,
            Product::AtlasInference => self.inference,
            Product::AtlasA2 => self.a2,
            Product::AtlasA3 => self.a3,
            Product::Atlas200I500A2 => self.a200i,
            Product::Ascend950 => self.a950,
        }
    }
}

/// How ReduceSum accumulates the results of its repeats (docs/semantics.md §5.4, DK:归约计算/ReduceSum
/// 关键特性说明).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumScheme {
    /// Scheme 1: a tree inside each repeat, the repeat results added one after another.
    Sequential,
    /// Scheme 2: a tree inside each repeat, then a tree over the repeat results.
    Tree,
    /// Scheme 3: the repeats added lane by lane into one (vector add), then a tree.
    VectorAdd,
}

/// Which ReduceSum scheme a product uses where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumOrder {
    /// The count form (`count`).
    pub count: SumScheme,
    /// The high-dimensional form.
    pub high_dim: SumScheme,
    /// Counter mode (the count form included) over this many bytes (inclusive) uses scheme 3
    /// (950).
    pub vector_add_bytes: Option<(u64, u64)>,
    /// 64-bit types use scheme 3 (950).
    pub vector_add_b64: bool,
}

const SUM_TREE: SumOrder = SumOrder {
    count: SumScheme::Tree,
    high_dim: SumScheme::Tree,
    vector_add_bytes: None,
    vector_add_b64: false,
};
const SUM_A2: SumOrder = SumOrder {
    count: SumScheme::Sequential,
    high_dim: SumScheme::Tree,
    vector_add_bytes: None,
    vector_add_b64: false,
};
const SUM_950: SumOrder = SumOrder {
    count: SumScheme::Tree,
    high_dim: SumScheme::Tree,
    vector_add_bytes: Some((256, 1024)),
    vector_add_b64: true,
};

/// Select modes 0, 1, 2 (bit = 1 << mode).
const SEL_ALL: u8 = 0b111;

/// WholeReduceMax/Min output order (docs/semantics.md §5.2).
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

/// A2's profile; A3 has the same vector ISA (docs/semantics.md §0.1) and differs only in name.
const ATLAS_A2: Profile = Profile {
    product: Product::AtlasA2,
    key: "atlas_a2",
    name: "Atlas A2 training / Atlas 800I A2 inference (Ascend 910B)",
    arch: "DAV_2201",
    npu_arch: 2201,
    cce_aicore: 220,
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
    compare_mask_honoured: false,
    cmp_ne_nan_false: true,
    select_modes: SEL_ALL,
    gather_max_pattern: 7,
    gather_counter_total: false,
    reduce_sum: SUM_A2,
    reduce_sum_is_set_mask: true,
    reduce_work_needed: true,
    repeat_zero_vf_emulated: false,
    b8_vectors: false,
    and_or_b32_count_as_b16: true,
    transcendental_ftz: false,
    compare_int32_eq_only: true,
    fused_mul_add: false,
    flexible_scalar: false,
    reduce_sum_spr: true,
    max_min_spr: MaxMinSpr::ValueIndex,
    cmp_mask_reg: true,
    gather_offset_max: [u32::MAX as u64; 2],
    cast_truncation: false,
};

const TRAINING: Profile = Profile {
    product: Product::AtlasTraining,
    key: "atlas_training",
    name: "Atlas training series (Ascend 910)",
    arch: "DAV_1001",
    npu_arch: 1001,
    cce_aicore: 100,
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
    compare_mask_honoured: false,
    cmp_ne_nan_false: false,
    select_modes: 1,
    gather_max_pattern: 7,
    gather_counter_total: false,
    reduce_sum: SUM_TREE,
    reduce_sum_is_set_mask: false,
    reduce_work_needed: true,
    repeat_zero_vf_emulated: false,
    b8_vectors: false,
    and_or_b32_count_as_b16: false,
    transcendental_ftz: false,
    compare_int32_eq_only: false,
    fused_mul_add: false,
    flexible_scalar: false,
    reduce_sum_spr: false,
    max_min_spr: MaxMinSpr::None,
    cmp_mask_reg: false,
    gather_offset_max: [u32::MAX as u64; 2],
    cast_truncation: false,
};
const INFERENCE: Profile = Profile {
    product: Product::AtlasInference,
    key: "atlas_inference",
    name: "Atlas inference series AI Core (Ascend 310P)",
    arch: "DAV_2002",
    npu_arch: 2002,
    cce_aicore: 200,
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
    compare_mask_honoured: false,
    cmp_ne_nan_false: false,
    select_modes: SEL_ALL,
    gather_max_pattern: 6,
    gather_counter_total: true,
    reduce_sum: SUM_TREE,
    reduce_sum_is_set_mask: false,
    reduce_work_needed: true,
    repeat_zero_vf_emulated: false,
    b8_vectors: false,
    and_or_b32_count_as_b16: false,
    transcendental_ftz: false,
    compare_int32_eq_only: false,
    fused_mul_add: false,
    flexible_scalar: false,
    reduce_sum_spr: false,
    max_min_spr: MaxMinSpr::Value,
    cmp_mask_reg: true,
    gather_offset_max: [u32::MAX as u64; 2],
    cast_truncation: false,
};

const ATLAS_A3: Profile = Profile {
    product: Product::AtlasA3,
    key: "atlas_a3",
    name: "Atlas A3 training / inference (same vector ISA as A2)",
    ..ATLAS_A2
};
const ATLAS_200I: Profile = Profile {
    product: Product::Atlas200I500A2,
    key: "atlas_200i_500_a2",
    name: "Atlas 200I/500 A2 inference (Ascend 310B)",
    arch: "DAV_3002",
    npu_arch: 3002,
    cce_aicore: 300,
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
    compare_mask_honoured: true,
    cmp_ne_nan_false: false,
    select_modes: SEL_ALL,
    gather_max_pattern: 7,
    gather_counter_total: false,
    reduce_sum: SUM_TREE,
    reduce_sum_is_set_mask: false,
    reduce_work_needed: true,
    repeat_zero_vf_emulated: false,
    b8_vectors: false,
    and_or_b32_count_as_b16: false,
    transcendental_ftz: false,
    compare_int32_eq_only: false,
    fused_mul_add: false,
    flexible_scalar: false,
    reduce_sum_spr: false,
    max_min_spr: MaxMinSpr::None,
    cmp_mask_reg: false,
    gather_offset_max: [(1 << 16) - 1, (1 << 17) - 1],
    cast_truncation: false,
};
const ASCEND_950: Profile = Profile {
    product: Product::Ascend950,
    key: "ascend_950",
    name: "Ascend 950PR / 950DT",
    arch: "DAV_3510",
    npu_arch: 3510,
    cce_aicore: 310,
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
    compare_mask_honoured: true,
    cmp_ne_nan_false: false,
    select_modes: SEL_ALL,
    gather_max_pattern: 7,
    gather_counter_total: false,
    reduce_sum: SUM_950,
    reduce_sum_is_set_mask: false,
    reduce_work_needed: false,
    repeat_zero_vf_emulated: true,
    b8_vectors: true,
    and_or_b32_count_as_b16: false,
    transcendental_ftz: true,
    compare_int32_eq_only: false,
    fused_mul_add: true,
    flexible_scalar: true,
    reduce_sum_spr: true,
    max_min_spr: MaxMinSpr::None,
    cmp_mask_reg: true,
    gather_offset_max: [(1 << 16) - 1, (1 << 17) - 1],
    cast_truncation: true,
};

impl Product {
    pub const ALL: [Product; 6] = [
        Product::AtlasTraining,
        Product::AtlasInference,
        Product::AtlasA2,
        Product::AtlasA3,
        Product::Atlas200I500A2,
        Product::Ascend950,
    ];

    pub fn profile(self) -> &'static Profile {
        static PROFILES: PerProduct<&Profile> = PerProduct {
            training: &TRAINING,
            inference: &INFERENCE,
            a2: &ATLAS_A2,
            a3: &ATLAS_A3,
            a200i: &ATLAS_200I,
            a950: &ASCEND_950,
        };
        PROFILES.get(self)
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

    /// The byte 8-bit types get lanes on (256 per repeat): only 950 (docs/semantics.md §1.1).
    pub fn has_b8_vectors(self) -> bool {
        self.profile().b8_vectors
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
