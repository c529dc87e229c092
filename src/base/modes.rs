//! The instruction vocabulary's enumerated arguments: Compare's CMPMODE and Select's SELMODE
//! (Cast's round modes are in `convert`, ReduceOrder in `product`). Ground floor.

use crate::base::dtype::Value;

/// CMPMODE (docs/semantics.md §4.6): src0 ⊙ src1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CmpMode {
    #[default]
    Lt,
    Gt,
    Ge,
    Eq,
    Ne,
    Le,
}

impl CmpMode {
    pub const ALL: [CmpMode; 6] = [
        CmpMode::Lt,
        CmpMode::Gt,
        CmpMode::Ge,
        CmpMode::Eq,
        CmpMode::Ne,
        CmpMode::Le,
    ];

    /// The C++ enumerator name (`CMPMODE::LT` is written `LT`).
    pub const fn name(self) -> &'static str {
        match self {
            CmpMode::Lt => "LT",
            CmpMode::Gt => "GT",
            CmpMode::Ge => "GE",
            CmpMode::Eq => "EQ",
            CmpMode::Ne => "NE",
            CmpMode::Le => "LE",
        }
    }

    pub fn parse(s: &str) -> Option<CmpMode> {
        let s = s.strip_prefix("CMPMODE::").unwrap_or(s);
        CmpMode::ALL.into_iter().find(|m| m.name() == s)
    }

    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// Whether `a ⊙ b` holds. Floats follow IEEE 754 (every comparison with NaN is false, NE
    /// true), except that `ne_nan_false` makes NE with NaN false as well (the A2 boundary
    /// table, docs/semantics.md §6).
    pub fn holds(self, a: Value, b: Value, ne_nan_false: bool) -> bool {
        let ord = match (a, b) {
            (Value::Int(x), Value::Int(y)) => Some(x.cmp(&y)),
            (Value::Float(x), Value::Float(y)) => x.partial_cmp(&y),
            (Value::Int(x), Value::Float(y)) => (x as f64).partial_cmp(&y),
            (Value::Float(x), Value::Int(y)) => x.partial_cmp(&(y as f64)),
        };
        self.holds_ord(ord, ne_nan_false)
    }

    /// The comparison given the operands' order (None: unordered, a NaN).
    #[inline]
    pub fn holds_ord(self, ord: Option<std::cmp::Ordering>, ne_nan_false: bool) -> bool {
        use std::cmp::Ordering::*;
        let Some(o) = ord else {
            return self == CmpMode::Ne && !ne_nan_false;
        };
        match self {
            CmpMode::Lt => o == Less,
            CmpMode::Gt => o == Greater,
            CmpMode::Ge => o != Less,
            CmpMode::Eq => o == Equal,
            CmpMode::Ne => o != Equal,
            CmpMode::Le => o != Greater,
        }
    }
}

/// SELMODE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SelMode {
    /// Mode 0: two tensors, the same selMask bits in every repeat.
    #[default]
    CmpMaskSpr,
    /// Mode 1: a tensor and a scalar, selMask consumed continuously.
    TensorScalar,
    /// Mode 2: two tensors, selMask consumed continuously.
    TensorTensor,
}

impl SelMode {
    pub const ALL: [SelMode; 3] = [
        SelMode::CmpMaskSpr,
        SelMode::TensorScalar,
        SelMode::TensorTensor,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            SelMode::CmpMaskSpr => "VSEL_CMPMASK_SPR",
            SelMode::TensorScalar => "VSEL_TENSOR_SCALAR_MODE",
            SelMode::TensorTensor => "VSEL_TENSOR_TENSOR_MODE",
        }
    }

    pub fn parse(s: &str) -> Option<SelMode> {
        let s = s.strip_prefix("SELMODE::").unwrap_or(s);
        SelMode::ALL.into_iter().find(|m| m.name() == s)
    }

    /// The mode number (0, 1, 2) as a bit, for `Profile::select_modes`.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}
