//! The instruction catalog: every supported Ascend C API name, its family, and which element
//! types each product accepts (semantics.md §4, the "数据类型" tables of each DK page).
//! Pure data; the loader reads it to know which fields an instruction takes, the checker to
//! reject a dtype a product does not support.

use crate::sim::dtype::DType;
use crate::sim::product::Product;

/// A set of element types, one bit per `DType` (in `DType::ALL` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DTypes(pub u16);

const fn bit(d: DType) -> u16 {
    1 << d as u16
}
const H: u16 = bit(DType::Half);
const BF: u16 = bit(DType::BFloat16);
const F: u16 = bit(DType::Float);
const I8: u16 = bit(DType::Int8);
const U8: u16 = bit(DType::UInt8);
const I16: u16 = bit(DType::Int16);
const U16: u16 = bit(DType::UInt16);
const I32: u16 = bit(DType::Int32);
const U32: u16 = bit(DType::UInt32);
const I64: u16 = bit(DType::Int64);
const U64: u16 = bit(DType::UInt64);
const HF: u16 = H | F;
const INTS: u16 = I8 | U8 | I16 | U16 | I32 | U32 | I64 | U64;

impl DTypes {
    pub fn contains(self, d: DType) -> bool {
        self.0 & bit(d) != 0
    }
    pub fn iter(self) -> impl Iterator<Item = DType> {
        DType::ALL.into_iter().filter(move |d| self.contains(*d))
    }
    /// "half, float" for messages; "none" when empty.
    pub fn list(self) -> String {
        let v: Vec<&str> = self.iter().map(|d| d.name()).collect();
        if v.is_empty() {
            "none".into()
        } else {
            v.join(", ")
        }
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// How an instruction's fields and lanes are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `dst = f(src)`, UnaryRepeatParams.
    Unary,
    /// `dst = src0 ⊕ src1`, BinaryRepeatParams.
    Binary,
    /// `dst = f(src, scalar)`, UnaryRepeatParams.
    Scalar,
    /// Pair / block / repeat reductions with top-level stride fields (semantics.md §5).
    Reduce,
    /// `dst = scalar`, dst strides only.
    Duplicate,
    /// Mask-register instructions.
    MaskReg,
}

macro_rules! ops {
    ($($op:ident => $fam:ident),* $(,)?) => {
        /// Every instruction the simulator knows, by its Ascend C API name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Op { $($op),* }
        impl Op {
            pub const ALL: &'static [Op] = &[$(Op::$op),*];
            pub fn name(self) -> &'static str {
                match self { $(Op::$op => stringify!($op)),* }
            }
            pub fn family(self) -> Family {
                match self { $(Op::$op => Family::$fam),* }
            }
        }
    };
}

ops! {
    Exp => Unary, Ln => Unary, Abs => Unary, Reciprocal => Unary, Sqrt => Unary,
    Rsqrt => Unary, Not => Unary, Relu => Unary,
    Add => Binary, Sub => Binary, Mul => Binary, Div => Binary, Max => Binary, Min => Binary,
    And => Binary, Or => Binary,
    Adds => Scalar, Muls => Scalar, Maxs => Scalar, Mins => Scalar, LeakyRelu => Scalar,
    ShiftLeft => Scalar, ShiftRight => Scalar,
    PairReduceSum => Reduce, BlockReduceSum => Reduce, BlockReduceMax => Reduce,
    BlockReduceMin => Reduce, WholeReduceSum => Reduce, WholeReduceMax => Reduce,
    WholeReduceMin => Reduce, RepeatReduceSum => Reduce,
    Duplicate => Duplicate,
    SetVectorMask => MaskReg, SetMaskCount => MaskReg, SetMaskNorm => MaskReg,
    ResetMask => MaskReg,
}

impl Op {
    pub fn parse(s: &str) -> Option<Op> {
        Op::ALL.iter().copied().find(|o| o.name() == s)
    }

    /// Element types accepted per product: (all forms, count form only), in `Product::ALL`
    /// order: training, inference, A2, A3, 200I/500 A2, 950 (semantics.md §4 tables).
    fn table(self) -> [(u16, u16); 6] {
        use Op::*;
        let same = |t: u16| [(t, 0); 6];
        match self {
            Exp | Ln | Sqrt | Rsqrt => same(HF),
            Reciprocal => [(HF, 0), (HF, 0), (HF, 0), (HF, 0), (HF, 0), (HF, I64 | U64)],
            Abs => [
                (HF, 0),
                (HF, 0),
                (HF, 0),
                (HF, 0),
                (I16 | HF, 0),
                (I8 | I16 | HF | I32 | F, I64),
            ],
            Relu => [
                (H, 0),
                (H | I32 | F, 0),
                (H | I32 | F, 0),
                (H | I32 | F, 0),
                (H | I32 | F, 0),
                (H | I32 | F | I64, 0),
            ],
            Not => [
                (I16 | U16, 0),
                (I16 | U16, 0),
                (I16 | U16, 0),
                (I16 | U16, 0),
                (I16 | U16, 0),
                (INTS | HF, 0),
            ],
            Add | Sub => {
                let std = I16 | HF | I32;
                [
                    (HF | I32, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std | U16 | BF | U32, I8 | U8 | I64 | U64),
                ]
            }
            Mul => {
                let std = I16 | HF | I32;
                [
                    (HF | I32, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std | U16 | BF | U32, I64 | U64),
                ]
            }
            Div => [(HF, 0), (HF, 0), (HF, 0), (HF, 0), (HF, 0), (HF, 0)],
            Max | Min => {
                let std = I16 | HF | I32;
                [
                    (HF | I32, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std, I8 | U8 | I64 | U64),
                ]
            }
            // And/Or int32 on A2/A3 is the count-form reinterpretation quirk of §3, handled
            // by the checker as its own case (semantics.md §9 row 4).
            And | Or => [
                (I16 | U16, 0),
                (I16 | U16, 0),
                (I16 | U16, 0),
                (I16 | U16, 0),
                (I16 | U16, 0),
                (INTS, 0),
            ],
            Adds | Muls => {
                let std = I16 | HF | I32;
                [
                    (HF, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std | I8 | U8 | BF | I64 | U64, 0),
                ]
            }
            Maxs | Mins => {
                let std = I16 | HF | I32;
                [(0, 0), (std, 0), (std, 0), (std, 0), (std, 0), (std, 0)]
            }
            LeakyRelu => [(0, 0), (HF, 0), (HF, 0), (HF, 0), (HF, 0), (HF, 0)],
            ShiftLeft | ShiftRight => {
                let std = I16 | U16 | I32 | U32;
                [(0, 0), (0, 0), (std, 0), (std, 0), (std, 0), (INTS, 0)]
            }
            PairReduceSum | BlockReduceSum | BlockReduceMax | BlockReduceMin | WholeReduceSum
            | WholeReduceMax | WholeReduceMin | RepeatReduceSum => {
                [(H, 0), (HF, 0), (HF, 0), (HF, 0), (HF, 0), (HF, 0)]
            }
            Duplicate => {
                let std = I16 | U16 | H | BF | I32 | U32 | F;
                [
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std, 0),
                    (std, I8 | U8 | I64 | U64),
                ]
            }
            SetVectorMask | SetMaskCount | SetMaskNorm | ResetMask => [(0, 0); 6],
        }
    }

    /// Element types `product` accepts in every form.
    pub fn dtypes(self, product: Product) -> DTypes {
        DTypes(self.table()[product.index()].0)
    }

    /// Element types `product` accepts only in the count form.
    pub fn count_only_dtypes(self, product: Product) -> DTypes {
        DTypes(self.table()[product.index()].1)
    }

    /// Whether `product` offers this API at all (semantics.md §9 row 29).
    pub fn available_on(self, product: Product) -> bool {
        match self.family() {
            Family::MaskReg => self == Op::SetVectorMask || product.profile().counter_mode_apis,
            _ => !self.dtypes(product).is_empty() || !self.count_only_dtypes(product).is_empty(),
        }
    }

    /// The products that offer this API, for messages.
    pub fn products_offering(self) -> Vec<Product> {
        Product::ALL
            .into_iter()
            .filter(|p| self.available_on(*p))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_product_specific_rejections() {
        // semantics.md §7 item 8 and §9 rows 23, 25, 29
        assert!(!Op::Add
            .dtypes(Product::AtlasTraining)
            .contains(DType::Int16));
        assert!(Op::Add.dtypes(Product::AtlasA2).contains(DType::Int16));
        assert!(!Op::ShiftLeft.available_on(Product::AtlasInference));
        assert!(!Op::ShiftRight.available_on(Product::AtlasTraining));
        assert!(!Op::Maxs.available_on(Product::AtlasTraining));
        assert!(Op::Abs
            .dtypes(Product::Atlas200I500A2)
            .contains(DType::Int16));
        assert!(!Op::Abs.dtypes(Product::AtlasA2).contains(DType::Int16));
        assert!(!Op::Relu
            .dtypes(Product::AtlasTraining)
            .contains(DType::Float));
        assert!(!Op::BlockReduceSum
            .dtypes(Product::AtlasTraining)
            .contains(DType::Float));
        assert!(!Op::SetMaskCount.available_on(Product::AtlasTraining));
        assert!(Op::SetVectorMask.available_on(Product::AtlasTraining));
        assert_eq!(Op::parse("WholeReduceMax"), Some(Op::WholeReduceMax));
        assert_eq!(Op::parse("Addd"), None);
    }
}
