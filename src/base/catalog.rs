//! The instruction catalog: every supported Ascend C API name, its family, and which element
//! types each product accepts (docs/semantics.md §4, the "数据类型" tables of each DK page).
//! Pure data; the loader reads it to know which fields an instruction takes, the checker to
//! reject a dtype a product does not support.

use crate::base::dtype::DType;
pub use crate::base::pairs::Pair;
use crate::base::pairs::*;
use crate::base::product::{PerProduct, Product};

/// A set of element types, one bit per `DType` (in `DType::ALL` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DTypes(pub u16);

pub(super) const fn bit(d: DType) -> u16 {
    1 << d as u16
}
pub(super) const H: u16 = bit(DType::Half);
pub(super) const BF: u16 = bit(DType::BFloat16);
pub(super) const F: u16 = bit(DType::Float);
pub(super) const I8: u16 = bit(DType::Int8);
pub(super) const U8: u16 = bit(DType::UInt8);
pub(super) const I16: u16 = bit(DType::Int16);
pub(super) const U16: u16 = bit(DType::UInt16);
pub(super) const I32: u16 = bit(DType::Int32);
pub(super) const U32: u16 = bit(DType::UInt32);
pub(super) const I64: u16 = bit(DType::Int64);
pub(super) const U64: u16 = bit(DType::UInt64);
const HF: u16 = H | F;
pub(super) const INTS: u16 = I8 | U8 | I16 | U16 | I32 | U32 | I64 | U64;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// `dst = f(src)`, UnaryRepeatParams.
    Unary,
    /// `dst = src0 ⊕ src1`, BinaryRepeatParams.
    Binary,
    /// `dst = f(src, scalar)`, UnaryRepeatParams.
    Scalar,
    /// Pair / block / repeat reductions with top-level stride fields (docs/semantics.md §5).
    Reduce,
    /// `dst = scalar`, dst strides only.
    Duplicate,
    /// Mask-register instructions.
    MaskReg,
    /// Compare (two tensors) and Compares (tensor and scalar) into packed bits (§4.6).
    Compare,
    /// Select by a packed bit mask (§4.6).
    Select,
    /// GatherMask: keep the elements a pattern selects, packed (§4.6).
    GatherMask,
    /// Cast with a round mode (§4.7).
    Cast,
    /// AddReluCast, SubReluCast, MulCast: a binary op and a narrowing conversion (§4.2).
    CastBinary,
    /// Brcb: each of 8 source elements fills one destination block (§4.5).
    Brcb,
    /// CreateVecIndex: an arithmetic sequence (§4.5); the fields of Duplicate.
    VecIndex,
    /// ReduceSum / ReduceMax / ReduceMin over a whole tensor (§4.4, §5.4).
    Whole,
    /// Copy: the masked UB → UB move with CopyRepeatParams (DK:数据搬运/Copy).
    Copy,
    /// DataCopy between two UB tensors, or between GM and the UB: `count` or DataCopyParams
    /// (DK:数据搬运/DataCopy).
    DataCopy,
    /// DataCopyPad between GM and the UB: DataCopyExtParams (byte lengths) and, GM → UB,
    /// padding (DK:数据搬运/DataCopyPad).
    DataCopyPad,
    /// DataCopy GM → UB over up to five dimensions with padding (Ascend 950,
    /// DK:数据搬运/GMToUB多维数据搬运NDDMA(DataCopy)).
    NdCopy,
    /// Gather: `dst[i] = src[(base_addr + offset[i]) / sizeof(T)]`, data-dependent addresses
    /// (DK:离散与聚合/Gather).
    Gather,
    /// Gatherb: each destination block is the 32-byte source block at a byte offset read from
    /// a uint32 tensor, one per block (DK:离散与聚合/Gatherb(ISASI)).
    GatherBlock,
    /// TransDataTo5HD: 16 source blocks transposed into 16 destination blocks, each named by
    /// its own address (DK:数据排布转换/TransDataTo5HD).
    TransData,
    /// Sort32 and MrgSort: (score, index) structures of 8 bytes sorted 32 at a time and
    /// merged from up to four sorted lists (DK:排序组合（ISASI）/Sort32, MrgSort).
    Sort,
    /// SetDeqScale: sets the DEQSCALE register read by int32 → half Cast (DK:类型转换/SetDeqScale).
    DeqScale,
    /// The scalar unit: GetValue, SetValue, Let (docs/format.md §10).
    ScalarUnit,
    /// PipeBarrier, SetFlag, WaitFlag: steps that change no data (docs/format.md §7, §10).
    Sync,
    /// The DMA atomic mode of moves into global memory: SetAtomicAdd/Max/Min/Type,
    /// DisableDmaAtomic, SetAtomicNone (DK:原子操作; docs/semantics.md §18.3).
    Atomic,
    /// The register API's moves between the UB and a vector register: LoadAlign, StoreAlign
    /// (Ascend 950, docs/semantics.md §29).
    RegMove,
    /// The register API's mask setting: CreateMask, UpdateMask (§29).
    RegMask,
    /// The register API's Cast: lanes of the wider type, the narrower element at its
    /// RegLayout position (§29).
    RegCast,
    /// The register API's Compare, Compares (into a mask register) and Select (by one, §29).
    RegCmpSel,
    /// The register API's mask-register logic: MaskNot … MaskSel, MaskMov, MaskPack/UnPack (§29).
    RegMaskLogic,
    /// The register API's reductions: Reduce, ReduceDataBlock, PairReduceElem (one register's
    /// lanes into a few at its start), Duplicate of a register's lowest element, and the
    /// registers' Interleave/DeInterleave, Squeeze (the selected lanes packed at the start):
    /// each destination lane from any source lane (§29).
    RegReduce,
    /// The register API's gather from the UB: Gather / DataCopyGather (lanes from UB elements
    /// an index register names, §29).
    RegGather,
}

macro_rules! ops {
    (@name $op:ident $name:literal) => { $name };
    (@name $op:ident) => { stringify!($op) };
    ($($op:ident $(as $name:literal)? => $fam:ident),* $(,)?) => {
        /// Every instruction the simulator knows, by its Ascend C API name. An API whose
        /// documentation pages differ by data path has one variant per path, all with the
        /// API's name (`DataCopyGm` is DataCopy between GM and the UB).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Op { $($op),* }
        impl Op {
            pub const ALL: &'static [Op] = &[$(Op::$op),*];
            pub fn name(self) -> &'static str {
                match self { $(Op::$op => ops!(@name $op $($name)?)),* }
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
    Subs => Scalar, Divs => Scalar, Ands => Scalar, Ors => Scalar,
    ShiftLeftV as "ShiftLeft" => Binary, ShiftRightV as "ShiftRight" => Binary,
    PairReduceSum => Reduce, BlockReduceSum => Reduce, BlockReduceMax => Reduce,
    BlockReduceMin => Reduce, WholeReduceSum => Reduce, WholeReduceMax => Reduce,
    WholeReduceMin => Reduce, RepeatReduceSum => Reduce,
    Duplicate => Duplicate,
    AddRelu => Binary, SubRelu => Binary, FusedMulAdd => Binary, MulAddDst => Binary,
    MulAddRelu => Binary, Axpy => Scalar,
    Brcb => Brcb, CreateVecIndex => VecIndex,
    Compare => Compare, Compares => Compare, CompareReg as "Compare" => Compare,
    Select => Select, GatherMask => GatherMask, GetCmpMask => ScalarUnit,
    SetCmpMask => ScalarUnit,
    Cast => Cast, AddReluCast => CastBinary, SubReluCast => CastBinary, MulCast => CastBinary,
    AddDeqRelu => CastBinary, CastDequant => Cast,
    ReduceSum => Whole, ReduceMax => Whole, ReduceMin => Whole,
    SetVectorMask => MaskReg, SetMaskCount => MaskReg, SetMaskNorm => MaskReg,
    ResetMask => MaskReg,
    Copy => Copy, DataCopy => DataCopy, DataCopyGm as "DataCopy" => DataCopy,
    DataCopyPad => DataCopyPad, DataCopyNd as "DataCopy" => NdCopy,
    Gather => Gather, Gatherb => GatherBlock,
    TransDataTo5HD => TransData,
    Sort32 => Sort, MrgSort => Sort,
    SetDeqScale => DeqScale,
    GetValue => ScalarUnit, SetValue => ScalarUnit, Let => ScalarUnit,
    GetReduceRepeatSumSpr => ScalarUnit, GetReduceRepeatMaxMinSpr => ScalarUnit,
    PipeBarrier => Sync, SetFlag => Sync, WaitFlag => Sync, SyncAll => Sync,
    SetAtomicAdd => Atomic, SetAtomicMax => Atomic, SetAtomicMin => Atomic,
    SetAtomicType => Atomic, DisableDmaAtomic => Atomic, SetAtomicNone => Atomic,
    // Ascend 950's register API (docs/semantics.md §29, `base::reg_ops`).
    RegExp as "Exp" => Unary, RegLn as "Ln" => Unary, RegAbs as "Abs" => Unary,
    RegSqrt as "Sqrt" => Unary, RegRelu as "Relu" => Unary, RegNot as "Not" => Unary,
    RegAdd as "Add" => Binary, RegSub as "Sub" => Binary, RegMul as "Mul" => Binary,
    RegDiv as "Div" => Binary, RegMax as "Max" => Binary, RegMin as "Min" => Binary,
    RegAnd as "And" => Binary, RegOr as "Or" => Binary,
    RegAdds as "Adds" => Scalar, RegMuls as "Muls" => Scalar, RegMaxs as "Maxs" => Scalar,
    RegMins as "Mins" => Scalar, RegDuplicate as "Duplicate" => Duplicate,
    LoadAlign => RegMove, StoreAlign => RegMove,
    CreateMask => RegMask, UpdateMask => RegMask, RegCast as "Cast" => RegCast,
    RegCompare as "Compare" => RegCmpSel, RegCompares as "Compares" => RegCmpSel,
    RegSelect as "Select" => RegCmpSel,
    MaskNot => RegMaskLogic, MaskAnd => RegMaskLogic, MaskOr => RegMaskLogic,
    MaskXor => RegMaskLogic, MaskSel => RegMaskLogic, MaskMov => RegMaskLogic,
    MaskPack => RegMaskLogic, MaskUnPack => RegMaskLogic, MaskInterleave => RegMaskLogic,
    MaskDeInterleave => RegMaskLogic,
    LoadUnAlign => RegMove, StoreUnAlign => RegMove, RegCopy as "Move" => Unary,
    RegArange as "Arange" => VecIndex, RegArangeDesc as "Arange" => VecIndex,
    RegTruncRint as "Truncate" => Unary, RegTruncRound as "Truncate" => Unary,
    RegTruncFloor as "Truncate" => Unary, RegTruncCeil as "Truncate" => Unary,
    RegTruncTrunc as "Truncate" => Unary,
    RegPack as "Pack" => RegMove, RegUnPack as "UnPack" => RegMove,
    MaskLoad as "LoadAlign" => RegMaskLogic, MaskLoadUs as "LoadAlign" => RegMaskLogic,
    MaskStore as "StoreAlign" => RegMaskLogic, MaskStorePack as "StoreAlign" => RegMaskLogic,
    RegNeg as "Neg" => Unary, RegLog as "Log" => Unary, RegLog2 as "Log2" => Unary,
    RegLog10 as "Log10" => Unary, RegXor as "Xor" => Binary, RegAbsSub as "AbsSub" => Binary,
    RegPrelu as "Prelu" => Binary, RegMulAddDst as "MulAddDst" => Binary,
    RegMulDstAdd as "MulDstAdd" => Binary, RegAxpy as "Axpy" => Scalar,
    RegLeakyRelu as "LeakyRelu" => Scalar, RegShiftLefts as "ShiftLefts" => Scalar,
    RegShiftRights as "ShiftRights" => Scalar, RegShiftLeft as "ShiftLeft" => Binary,
    RegShiftRight as "ShiftRight" => Binary,
    RegReduce as "Reduce" => RegReduce, RegReduceDataBlock as "ReduceDataBlock" => RegReduce,
    RegPairReduceElem as "PairReduceElem" => RegReduce, RegGather as "Gather" => RegGather,
    RegBroadcast as "Duplicate" => RegReduce, RegInterleave as "Interleave" => RegReduce,
    RegDeInterleave as "DeInterleave" => RegReduce, RegSqueeze as "Squeeze" => RegReduce,
}

/// The dtype table of an API only Ascend 950 has: (all forms, count form only).
const fn a950_only(all: u16, count_only: u16) -> PerProduct<(u16, u16)> {
    PerProduct {
        training: (0, 0),
        inference: (0, 0),
        a2: (0, 0),
        a3: (0, 0),
        a200i: (0, 0),
        a950: (all, count_only),
    }
}

impl Op {
    /// Whether the instruction converts between element types by definition (Cast and the
    /// composite casts); its pair tables then describe it entirely.
    pub fn converts(self) -> bool {
        matches!(self.family(), Family::Cast | Family::CastBinary)
    }

    pub fn parse(s: &str) -> Option<Op> {
        Op::ALL.iter().copied().find(|o| o.name() == s)
    }

    /// Whether the instruction runs on the vector pipe: every one but the GM ↔ UB moves, which
    /// run on the MTE pipes (whose hazards ascstep does not track, docs/semantics.md §18).
    pub fn on_vector_pipe(self) -> bool {
        !matches!(self, Op::DataCopyGm | Op::DataCopyPad | Op::DataCopyNd)
    }

    /// Element types accepted per product: (all forms, count form only), in `Product::ALL`
    /// order: training, inference, A2, A3, 200I/500 A2, 950 (docs/semantics.md §4 tables).
    pub(super) fn table(self) -> PerProduct<(u16, u16)> {
        use Op::*;
        let same = |t: u16| PerProduct::all((t, 0));
        match self {
            Exp | Ln | Sqrt | Rsqrt => same(HF),
            Reciprocal => PerProduct {
                training: (HF, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (HF, I64 | U64),
            },
            Abs => PerProduct {
                training: (HF, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (I16 | HF, 0),
                a950: (I8 | I16 | HF | I32 | F, I64),
            },
            Relu => PerProduct {
                training: (H, 0),
                inference: (H | I32 | F, 0),
                a2: (H | I32 | F, 0),
                a3: (H | I32 | F, 0),
                a200i: (H | I32 | F, 0),
                a950: (H | I32 | F | I64, 0),
            },
            Not => PerProduct {
                training: (I16 | U16, 0),
                inference: (I16 | U16, 0),
                a2: (I16 | U16, 0),
                a3: (I16 | U16, 0),
                a200i: (I16 | U16, 0),
                a950: (INTS | HF, 0),
            },
            Add | Sub => {
                let std = I16 | HF | I32;
                PerProduct {
                    training: (HF | I32, 0),
                    inference: (std, 0),
                    a2: (std, 0),
                    a3: (std, 0),
                    a200i: (std, 0),
                    a950: (std | U16 | BF | U32, I8 | U8 | I64 | U64),
                }
            }
            Mul => {
                let std = I16 | HF | I32;
                PerProduct {
                    training: (HF | I32, 0),
                    inference: (std, 0),
                    a2: (std, 0),
                    a3: (std, 0),
                    a200i: (std, 0),
                    a950: (std | U16 | BF | U32, I64 | U64),
                }
            }
            Div => PerProduct {
                training: (HF, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (HF, 0),
            },
            Max | Min => {
                let std = I16 | HF | I32;
                PerProduct {
                    training: (HF | I32, 0),
                    inference: (std, 0),
                    a2: (std, 0),
                    a3: (std, 0),
                    a200i: (std, 0),
                    a950: (std, I8 | U8 | I64 | U64),
                }
            }
            // And/Or int32 on A2/A3 is the count-form reinterpretation quirk of §3, handled
            // by the checker as its own case (docs/semantics.md §9 row 4).
            And | Or => PerProduct {
                training: (I16 | U16, 0),
                inference: (I16 | U16, 0),
                a2: (I16 | U16, 0),
                a3: (I16 | U16, 0),
                a200i: (I16 | U16, 0),
                a950: (INTS, 0),
            },
            Adds | Muls => {
                let std = I16 | HF | I32;
                PerProduct {
                    training: (HF, 0),
                    inference: (std, 0),
                    a2: (std, 0),
                    a3: (std, 0),
                    a200i: (std, 0),
                    a950: (std | I8 | U8 | BF | I64 | U64, 0),
                }
            }
            Maxs | Mins => {
                let std = I16 | HF | I32;
                PerProduct {
                    training: (0, 0),
                    inference: (std, 0),
                    a2: (std, 0),
                    a3: (std, 0),
                    a200i: (std, 0),
                    a950: (std, 0),
                }
            }
            LeakyRelu => PerProduct {
                training: (0, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (HF, 0),
            },
            ShiftLeft | ShiftRight => {
                let std = I16 | U16 | I32 | U32;
                PerProduct {
                    training: (0, 0),
                    inference: (0, 0),
                    a2: (std, 0),
                    a3: (std, 0),
                    a200i: (std, 0),
                    a950: (INTS, 0),
                }
            }
            PairReduceSum | BlockReduceSum | BlockReduceMax | BlockReduceMin | WholeReduceSum
            | WholeReduceMax | WholeReduceMin | RepeatReduceSum => PerProduct {
                training: (H, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (HF, 0),
            },
            Duplicate => {
                let std = I16 | U16 | H | BF | I32 | U32 | F;
                PerProduct {
                    training: (std, 0),
                    inference: (std, 0),
                    a2: (std, 0),
                    a3: (std, 0),
                    a200i: (std, 0),
                    a950: (std, I8 | U8 | I64 | U64),
                }
            }
            // §4.2 (DK:复合计算/AddRelu, /SubRelu): not on training; 200I/500 A2 lacks int16.
            AddRelu | SubRelu => PerProduct {
                training: (0, 0),
                inference: (I16 | HF, 0),
                a2: (I16 | HF, 0),
                a3: (I16 | HF, 0),
                a200i: (HF, 0),
                a950: (I16 | HF, I64 | U64),
            },
            // DK:复合计算/FusedMulAdd, /MulAddRelu.
            FusedMulAdd => PerProduct {
                training: (0, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (HF | BF, I64 | U64),
            },
            MulAddRelu => PerProduct {
                training: (0, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (HF, I64 | U64),
            },
            // Same-type rows of DK:复合计算/MulAddDst; half→float is in `pairs` (§9 row 24).
            MulAddDst => PerProduct {
                training: (0, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF | I16 | U16 | I32 | U32, 0),
                a950: (HF, I64 | U64),
            },
            // Same-type rows of DK:复合计算/Axpy (every product, training included).
            Axpy => PerProduct {
                training: (HF, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (HF | BF, I64 | U64),
            },
            // DK:数据填充/Brcb: not on training or 200I/500 A2; inference has no bfloat16.
            Brcb => {
                let std = I16 | U16 | H | I32 | U32 | F;
                PerProduct {
                    training: (0, 0),
                    inference: (std, 0),
                    a2: (std | BF, 0),
                    a3: (std | BF, 0),
                    a200i: (0, 0),
                    a950: (INTS | H | BF | F, 0),
                }
            }
            // DK:数据填充/CreateVecIndex: the inference page lists no dtype (§11 item 14).
            CreateVecIndex => {
                let std = I16 | H | I32 | F;
                PerProduct {
                    training: (0, 0),
                    inference: (0, 0),
                    a2: (std, 0),
                    a3: (std, 0),
                    a200i: (std, 0),
                    a950: (std, I8 | I64),
                }
            }
            // The source type T of DK:比较与选择/Compare (int32: EQ only on A2/A3, `cmp_modes`).
            Compare => PerProduct {
                training: (HF, 0),
                inference: (HF, 0),
                a2: (HF | I32, 0),
                a3: (HF | I32, 0),
                a200i: (HF, 0),
                // 950: 8- and 64-bit elements in the count form only (double is not modelled).
                a950: (I16 | U16 | H | BF | I32 | U32 | F, I8 | U8 | I64 | U64),
            },
            Compares => PerProduct {
                training: (0, 0),
                inference: (HF, 0),
                a2: (HF | I32, 0),
                a3: (HF | I32, 0),
                a200i: (I16 | U16 | HF | I32 | U32, 0),
                a950: (I16 | U16 | H | BF | I32 | U32 | F, I8 | U8 | I64 | U64),
            },
            // DK:比较与选择/Compare（结果存入寄存器）: half and float; not on training or
            // 200I/500 A2.
            CompareReg => PerProduct {
                training: (0, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (0, 0),
                a950: (HF, 0),
            },
            // 950: 8- and 64-bit elements in the count form only (complex is not modelled).
            Select => PerProduct {
                training: (HF, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (I16 | U16 | H | BF | I32 | U32 | F, I8 | U8 | I64 | U64),
            },
            GatherMask => {
                let std = I16 | U16 | H | I32 | U32 | F;
                PerProduct {
                    training: (0, 0),
                    inference: (std, 0),
                    a2: (std | BF, 0),
                    a3: (std | BF, 0),
                    a200i: (std, 0),
                    a950: (std | BF | I8 | U8, 0),
                }
            }
            // DK:归约计算/ReduceSum, /ReduceMax, /ReduceMin.
            ReduceSum => PerProduct {
                training: (H, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (HF, I64 | U64),
            },
            ReduceMax | ReduceMin => PerProduct {
                training: (H, 0),
                inference: (HF, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (I16 | U16 | HF | I32 | U32, I64 | U64),
            },
            // Conversions are described by `pairs` only.
            Cast | AddReluCast | SubReluCast | MulCast | AddDeqRelu | CastDequant => {
                PerProduct::all((0, 0))
            }
            SetVectorMask | SetMaskCount | SetMaskNorm | ResetMask => PerProduct::all((0, 0)),
            // The scalar unit and synchronisation exist everywhere (`available_on`).
            GetValue
            | SetValue
            | Let
            | PipeBarrier
            | SyncAll
            | SetFlag
            | WaitFlag
            | GetReduceRepeatSumSpr
            | GetReduceRepeatMaxMinSpr
            | GetCmpMask
            | SetCmpMask => PerProduct::all((0, 0)),
            // The 950-only vector–scalar calls (their "灵活标量位置" pages and DK:逻辑计算/Ands, Ors;
            // docs/semantics.md §4.3). Divs' 64-bit integers are not modelled (integer division
            // on 950 is not, as Div's).
            Subs => a950_only(I16 | H | BF | I32 | F, I64 | U64),
            Divs => a950_only(HF, 0),
            // ShiftLeft/ShiftRight by a tensor of shift amounts (DK:逻辑计算/ShiftLeft（左移位数为
            // Tensor）, ShiftRight（右移位数为Tensor）): 950 only, the count form only.
            ShiftLeftV | ShiftRightV => a950_only(0, INTS),
            Ands | Ors => a950_only(I16 | U16, I64 | U64),
            // The atomic mode's element types, from the "数据类型" sections of
            // DK:原子操作/SetAtomicAdd, SetAtomicMax(ISASI), SetAtomicMin(ISASI), SetAtomicType
            // (docs/semantics.md §18.3). Max and Min: not on training, inference, 200I/500 A2;
            // SetAtomicType: not on training.
            SetAtomicAdd => PerProduct {
                training: (F, 0),
                inference: (I16 | HF, 0),
                a2: (I8 | I16 | HF | BF | I32, 0),
                a3: (I8 | I16 | HF | BF | I32, 0),
                a200i: (I16 | HF | I32, 0),
                a950: (I8 | I16 | HF | BF | I32, 0),
            },
            SetAtomicType => PerProduct {
                training: (0, 0),
                inference: (I16 | HF, 0),
                a2: (I8 | I16 | HF | BF | I32, 0),
                a3: (I8 | I16 | HF | BF | I32, 0),
                a200i: (I16 | HF | I32, 0),
                a950: (I8 | I16 | HF | BF | I32, 0),
            },
            SetAtomicMax | SetAtomicMin => PerProduct {
                training: (0, 0),
                inference: (0, 0),
                a2: (I8 | I16 | HF | BF | I32, 0),
                a3: (I8 | I16 | HF | BF | I32, 0),
                a200i: (0, 0),
                a950: (I8 | I16 | HF | BF | I32, 0),
            },
            DisableDmaAtomic | SetAtomicNone => PerProduct::all((0, 0)),
            // DK:数据搬运/UB与UB数据搬运/Copy: not on training or inference.
            Copy => {
                let std = I16 | U16 | H | BF | I32 | U32 | F;
                PerProduct {
                    training: (0, 0),
                    inference: (0, 0),
                    a2: (std, 0),
                    a3: (std, 0),
                    a200i: (std, 0),
                    a950: (std | I8 | U8 | I64 | U64, 0),
                }
            }
            // DK:类型转换/SetDeqScale: not on training or 200I/500 A2 (the "dtype" is the half
            // scale's).
            SetDeqScale => PerProduct {
                training: (0, 0),
                inference: (H, 0),
                a2: (H, 0),
                a3: (H, 0),
                a200i: (0, 0),
                a950: (H, 0),
            },
            // DK:离散与聚合/Gather: not on training; 8-bit only on 200I/500 A2 and (count form
            // only) 950.
            Gather => {
                let std = I16 | U16 | H | I32 | U32 | F;
                PerProduct {
                    training: (0, 0),
                    inference: (std, 0),
                    a2: (std | BF, 0),
                    a3: (std | BF, 0),
                    a200i: (std | I8 | U8, 0),
                    a950: (std | BF | I64 | U64, I8 | U8),
                }
            }
            // DK:离散与聚合/Gatherb(ISASI) 数据类型: not on training or inference; uint16 and
            // uint32 on A2/A3; every 8- to 64-bit type but uint64 on 200I/500 A2; all on 950.
            Gatherb => PerProduct {
                training: (0, 0),
                inference: (0, 0),
                a2: (U16 | U32, 0),
                a3: (U16 | U32, 0),
                a200i: (I8 | U8 | I16 | U16 | H | BF | I32 | U32 | F | I64, 0),
                a950: (INTS | H | BF | F, 0),
            },
            // DK:排序组合（ISASI）/Sort32, MrgSort 产品支持情况 and 数据类型: half and float
            // scores, not on training or inference AI Core.
            Sort32 | MrgSort => PerProduct {
                training: (0, 0),
                inference: (0, 0),
                a2: (HF, 0),
                a3: (HF, 0),
                a200i: (HF, 0),
                a950: (HF, 0),
            },
            // DK:数据排布转换/TransDataTo5HD 数据类型: 8-, 16- and 32-bit types, bfloat16 on 950
            // only; training has no 32-bit types.
            TransDataTo5HD => {
                let std = I8 | U8 | I16 | U16 | H;
                PerProduct {
                    training: (std, 0),
                    inference: (std | I32 | U32 | F, 0),
                    a2: (std | I32 | U32 | F, 0),
                    a3: (std | I32 | U32 | F, 0),
                    a200i: (std | I32 | U32 | F, 0),
                    a950: (std | BF | I32 | U32 | F, 0),
                }
            }
            // DK:数据搬运/UB与UB数据搬运/DataCopy (a move, not a vector lane operation: 8- and
            // 64-bit types on every product that has it); not on 200I/500 A2; no bfloat16 on
            // training and inference.
            DataCopy => {
                let all = INTS | H | F;
                PerProduct {
                    training: (all, 0),
                    inference: (all, 0),
                    a2: (all | BF, 0),
                    a3: (all | BF, 0),
                    a200i: (0, 0),
                    a950: (all | BF, 0),
                }
            }
            // DK:数据搬运/GM与UB数据搬运/GM与UB连续数据搬运(DataCopy) and 高维切分: every
            // product; no bfloat16 on training and inference.
            DataCopyGm => {
                let all = INTS | H | F;
                PerProduct {
                    training: (all, 0),
                    inference: (all, 0),
                    a2: (all | BF, 0),
                    a3: (all | BF, 0),
                    a200i: (all | BF, 0),
                    a950: (all | BF, 0),
                }
            }
            // DK:数据搬运/GM与UB数据搬运/GMToUB多维数据搬运NDDMA(DataCopy): Ascend 950 only, every
            // 8-, 16-, 32- and 64-bit type.
            DataCopyNd => a950_only(INTS | H | BF | F, 0),
            // DK:数据搬运/GM与UB数据搬运/GMToUB and UBToGM非对齐数据搬运(DataCopyPad): not on
            // training or inference; no 64-bit types on 200I/500 A2. int4b_t is not in the
            // pages' lists, but CANN's A2/A3 implementation (dav_c220) copies every 1-byte type
            // as bytes, int4b_t included, and CANN's quant kernels rely on it: taken there,
            // with warning `dtype-not-documented` (docs/semantics.md §18).
            DataCopyPad => {
                let all = INTS | H | BF | F;
                PerProduct {
                    training: (0, 0),
                    inference: (0, 0),
                    a2: (all | bit(DType::Int4), 0),
                    a3: (all | bit(DType::Int4), 0),
                    a200i: (all & !(I64 | U64), 0),
                    a950: (all, 0),
                }
            }
            // The register API (`base::reg_ops`): Ascend 950 only.
            _ => a950_only(super::reg_ops::dtypes(self), 0),
        }
    }

    /// The (source, destination) type pairs of a mixed-type instruction on `product`, with
    /// the round modes each accepts (docs/semantics.md §4.7; the "数据类型" tables of DK:类型转换/Cast,
    /// DK:复合计算/AddReluCast, /SubReluCast, /MulCast, /MulAddDst, /Axpy). Empty for
    /// same-type instructions. int4b_t, fp8, hifloat8, complex and double are not modelled.
    pub fn pairs(self, product: Product) -> &'static [Pair] {
        match self {
            Op::Cast => CAST_PAIRS.get(product),
            Op::AddReluCast | Op::SubReluCast => RELU_CAST_PAIRS.get(product),
            Op::AddDeqRelu => ADD_DEQ_RELU_PAIRS.get(product),
            Op::CastDequant => CAST_DEQUANT_PAIRS.get(product),
            Op::MulCast => MUL_CAST_PAIRS.get(product),
            Op::MulAddDst => MUL_ADD_DST_PAIRS.get(product),
            Op::Axpy => &HALF_TO_FLOAT,
            _ => &[],
        }
    }

    /// The pair `src → dst` of `product`, if it has one.
    pub fn pair(self, product: Product, src: DType, dst: DType) -> Option<Pair> {
        self.pairs(product)
            .iter()
            .copied()
            .find(|p| p.src == src && p.dst == dst)
    }

    /// Comparison modes `product` accepts for Compare / Compares on `dtype` (docs/semantics.md
    /// §4.6: int32 is EQ only on A2/A3; every mode elsewhere).
    pub fn cmp_modes(self, product: Product, dtype: DType) -> u8 {
        let eq_only = product.profile().compare_int32_eq_only;
        if eq_only && dtype == DType::Int32 && matches!(self, Op::Compare | Op::Compares) {
            crate::base::modes::CmpMode::Eq.bit()
        } else {
            0x3f
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_product_specific_rejections() {
        // docs/semantics.md §7 item 8 and §9 rows 23, 25, 29
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
