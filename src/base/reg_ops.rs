//! The register API's instructions in the catalog (Ascend 950, docs/semantics.md §29): each
//! one's element types from its page (DK:Reg矢量计算/…), and the memory-API instruction whose
//! lane function it computes on a register's lanes.

use super::catalog::{Op, BF, F, H, I16, I32, I64, I8, INTS, U16, U32, U64, U8};

impl Op {
    /// Whether the instruction is one of the register API's (its operands are registers).
    pub fn is_reg(self) -> bool {
        self.lane_op() != self
            || matches!(self, Op::CreateMask | Op::UpdateMask)
            || matches!(
                self.family(),
                super::catalog::Family::RegMaskLogic
                    | super::catalog::Family::RegReduce
                    | super::catalog::Family::RegGather
            )
            || self.own_lanes()
    }

    /// The instruction whose lane function this one computes: a register-API instruction's
    /// memory-API namesake (LoadAlign and StoreAlign move as Copy does), else itself.
    pub fn lane_op(self) -> Op {
        use Op::*;
        match self {
            RegExp => Exp,
            RegLn => Ln,
            RegAbs => Abs,
            RegSqrt => Sqrt,
            RegRelu => Relu,
            RegNot => Not,
            RegAdd => Add,
            RegSub => Sub,
            RegMul => Mul,
            RegDiv => Div,
            RegMax => Max,
            RegMin => Min,
            RegAnd => And,
            RegOr => Or,
            RegAdds => Adds,
            RegMuls => Muls,
            RegMaxs => Maxs,
            RegMins => Mins,
            RegDuplicate => Duplicate,
            LoadAlign | StoreAlign | LoadUnAlign | StoreUnAlign | RegPack | RegUnPack => Copy,
            RegCast => Cast,
            RegCompare => Compare,
            RegCompares => Compares,
            RegSelect => Select,
            // Log is the natural logarithm (DK:Reg矢量计算/基础算术/Log).
            RegLog => Ln,
            RegMulAddDst => MulAddDst,
            // dst = dst · src0 + src1: FusedMulAdd's lanes.
            RegMulDstAdd => FusedMulAdd,
            RegAxpy => Axpy,
            // Arange: CreateVecIndex's first repeat (decreasing: towards the scalar).
            RegArange | RegArangeDesc => CreateVecIndex,
            op => op,
        }
    }

    /// A register-API instruction with a lane function of its own (no memory-API namesake:
    /// `sim::family::elementwise` computes it under its own name).
    pub fn own_lanes(self) -> bool {
        use Op::*;
        matches!(
            self,
            RegNeg
                | RegCopy
                | RegTruncRint
                | RegTruncRound
                | RegTruncFloor
                | RegTruncCeil
                | RegTruncTrunc
                | RegLog2
                | RegLog10
                | RegXor
                | RegAbsSub
                | RegPrelu
                | RegLeakyRelu
                | RegShiftLefts
                | RegShiftRights
                | RegShiftLeft
                | RegShiftRight
        )
    }

    /// What a mask-register instruction (family `RegMaskLogic`) does with its mask register
    /// `mask` (named), in a few words for the UI (the mask pane is 40 columns): its lanes are
    /// the register's bytes, its mask selects bits (docs/semantics.md §29).
    pub fn mask_logic_words(self, mask: Option<&str>) -> String {
        use Op::*;
        match (self, mask) {
            (MaskSel, Some(m)) => format!("bits: src0 where {m}, else src1"),
            (_, Some(m)) => format!("bits: where {m} is set; 0 else"),
            (MaskMov, None) => "all 256 bits copied".into(),
            (MaskLoad | MaskLoadUs | MaskStore | MaskStorePack, None) => {
                "a mask register's bytes moved".into()
            }
            _ => "all 256 bits rearranged".into(),
        }
    }

    /// The register-API form of a memory-API instruction (`mask_reg` written in a RON program
    /// selects it, docs/format.md §7).
    pub fn reg_form(self) -> Option<Op> {
        Op::ALL
            .iter()
            .copied()
            .find(|r| !self.is_reg() && r.is_reg() && r.name() == self.name())
    }
}

/// The element types of a register-API instruction on Ascend 950 (the only product that has
/// the API); 0 for any other instruction. The pages' complex32/complex64, bool and 8-bit float
/// types are not element types of ascstep's.
pub(super) fn dtypes(op: Op) -> u16 {
    use Op::*;
    let all = INTS | H | BF | F;
    match op {
        // DK:Reg矢量计算/基础算术/Add, Sub, Adds (without the carry).
        RegAdd | RegSub | RegAdds => all,
        // Mul, Muls: no 8-bit types; Muls no bfloat16.
        RegMul => I16 | U16 | H | BF | I32 | U32 | F | I64 | U64,
        RegMuls => I16 | U16 | H | I32 | U32 | F | I64 | U64,
        // Div with the default DivAlgo::INTRINSIC.
        RegDiv => I16 | U16 | H | I32 | U32 | F | I64 | U64,
        RegMax | RegMin | RegMaxs | RegMins => all,
        RegExp | RegLn | RegSqrt => H | F,
        // Abs: the same type in and out (its complex rows aside).
        RegAbs => I8 | I16 | H | I32 | F | I64,
        RegRelu => H | I32 | F | I64,
        // DK:Reg矢量计算/逻辑计算/And, Or, Not.
        RegAnd | RegOr => INTS,
        RegNot => INTS | H | F,
        // DK:Reg矢量计算/数据填充/Duplicate.
        RegDuplicate => all,
        // LoadAlign/StoreAlign (DIST_NORM), CreateMask/UpdateMask: b8, b16, b32, b64.
        LoadAlign | StoreAlign | CreateMask | UpdateMask => all,
        // Reg数据搬入/连续非对齐搬入（LoadUnAlign）, Reg数据搬出/连续非对齐搬出（StoreUnAlign）.
        LoadUnAlign | StoreUnAlign => all,
        // 数据压缩/Pack, UnPack: the narrow side's types (the pairs: `sim::family::reg`).
        RegPack => U8 | U16 | U32,
        RegUnPack => I16 | U16 | I32 | U32 | I64 | U64,
        // Cast: its pairs are `sim::family::reg_cast`'s.
        RegCast => all,
        // DK:Reg矢量计算/比较与选择/Compare, Compares, Select (bool aside).
        RegCompare | RegCompares | RegSelect => all,
        // DK:Reg矢量计算/基础算术/Neg, Log, Log2, Log10, LeakyRelu, Prelu.
        RegNeg => I8 | I16 | H | I32 | F | I64,
        // DK:Reg矢量计算/Reg数据搬入/Move (Copy, its earlier name): b8, b16, b32, b64.
        RegCopy => all,
        // 类型转换/Truncate: one op per round mode.
        RegTruncRint | RegTruncRound | RegTruncFloor | RegTruncCeil | RegTruncTrunc => H | BF | F,
        // 索引操作/Arange.
        RegArange | RegArangeDesc => I8 | I16 | I32 | H | F | I64,
        RegLog | RegLog2 | RegLog10 | RegLeakyRelu | RegPrelu => H | F,
        // 逻辑计算/Xor, ShiftLefts, ShiftRights (bool aside; the shift an int16 scalar).
        RegXor | RegShiftLefts | RegShiftRights => INTS,
        // 逻辑计算/ShiftLeft, ShiftRight by a register of amounts (b8, b16, b32: the page's table).
        RegShiftLeft | RegShiftRight => I8 | U8 | I16 | U16 | I32 | U32,
        // 复合计算/AbsSub, Axpy, MulAddDst, MulDstAdd: the rows of one type (MulDstAdd's
        // half → float row is not simulated).
        RegAbsSub => H | F | I64,
        RegAxpy => H | F | I64 | U64,
        RegMulAddDst => I16 | U16 | H | BF | I32 | U32 | F | I64 | U64,
        RegMulDstAdd => BF | F,
        // DK:Reg矢量计算/MaskReg计算 and 逻辑计算 (MaskReg forms): bits, of no element type.
        MaskNot | MaskAnd | MaskOr | MaskXor | MaskSel | MaskMov | MaskPack | MaskUnPack => U8,
        MaskInterleave | MaskDeInterleave => U8,
        // 归约计算/Reduce, ReduceDataBlock, PairReduceElem: the source's types (the pairs with
        // their destination: `sim::family::reg_reduce`).
        RegReduce => I16 | U16 | H | I32 | U32 | F | I64 | U64,
        RegReduceDataBlock => I16 | U16 | H | I32 | U32 | F,
        RegPairReduceElem => H | F,
        // 数据填充/Duplicate of srcReg's lowest element: the scalar form's types.
        RegBroadcast => all,
        // 数据重排/Interleave, DeInterleave (bool aside; b64 needs RegTraitNumTwo, not simulated).
        RegInterleave | RegDeInterleave => INTS & !(I64 | U64) | H | BF | F,
        // 比较与选择/Squeeze.
        RegSqueeze => I8 | U8 | I16 | U16 | H | I32 | U32 | F,
        // Reg数据搬入/离散搬入（Gather）: the destination's types (b8 sources fill b16 lanes).
        RegGather => I16 | U16 | H | BF | I32 | U32 | F | I64 | U64,
        // Reg数据搬入/MaskReg搬入（LoadAlign）, Reg数据搬出/MaskReg搬出（StoreAlign）.
        MaskLoad | MaskLoadUs | MaskStore | MaskStorePack => U8,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::dtype::DType;
    use crate::base::product::Product;

    #[test]
    fn register_instructions_exist_on_ascend_950_only_and_compute_their_namesakes() {
        for &op in Op::ALL.iter().filter(|o| o.is_reg()) {
            assert!(op.available_on(Product::Ascend950), "{op:?}");
            for p in Product::ALL
                .into_iter()
                .filter(|p| *p != Product::Ascend950)
            {
                assert!(!op.available_on(p), "{op:?} on {p}");
            }
            // A namesake's register form: its name, family and back.
            if op.lane_op() != op
                && op.lane_op().name() == op.name()
                && !matches!(op, Op::RegCast)
                && op.family() != crate::base::catalog::Family::RegCmpSel
            {
                assert_eq!(op.family(), op.lane_op().family());
                assert_eq!(op.lane_op().reg_form(), Some(op));
            }
        }
        assert!(!Op::Add.is_reg());
        // Register instructions without a namesake are still register instructions.
        assert!(Op::RegNeg.is_reg() && Op::MaskNot.is_reg() && Op::RegShiftLefts.is_reg());
        assert_eq!(Op::RegLog.lane_op(), Op::Ln);
        assert_eq!(Op::Axpy.reg_form(), Some(Op::RegAxpy));
        assert_eq!(Op::LeakyRelu.reg_form(), Some(Op::RegLeakyRelu));
        assert_eq!(Op::Compare.reg_form(), Some(Op::RegCompare));
        assert_eq!(Op::Cast.reg_form(), Some(Op::RegCast));
        assert_eq!(Op::Gather.reg_form(), Some(Op::RegGather));
        assert_eq!(Op::Gatherb.reg_form(), None);
        // Mul has no 8-bit lanes in registers (DK:Reg矢量计算/基础算术/Mul).
        assert!(!Op::RegMul.dtypes(Product::Ascend950).contains(DType::Int8));
        assert!(Op::RegAdd.dtypes(Product::Ascend950).contains(DType::Int64));
    }
}
