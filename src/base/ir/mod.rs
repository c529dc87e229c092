//! The validated program: what the loader produces and the machine executes. Every name is
//! resolved (tensors by index), every data form is encoded to little-endian bytes of its
//! tensor's dtype, and every item keeps its source position for diagnostics.

use crate::base::catalog::Op;
use crate::base::convert::RoundMode;
use crate::base::diag::{Diagnostic, Span};
use crate::base::dtype::{DType, Value};
use crate::base::expr::Expr;
use crate::base::modes::{CmpMode, SelMode};
use crate::base::product::{Product, ReduceOrder};
use std::path::PathBuf;
use std::sync::Arc;

mod origins;
pub use origins::{KernelArg, KernelBinding, Origins, Site, SourceFile};
mod moves;
mod regs;
mod tensor;
pub use moves::{CopyBlocks, NdLoop, NdPad, Padding};
pub use regs::{
    lanes_of, MaskPattern, MaskSet, ReduceType, RegDist, MASK_BYTES, MAX_REG_BYTES, REG_BASE, VL,
};
pub use tensor::{addr_text, Space, Tensor, GM_BASE, MAX_GM, MAX_GM_PROGRAM, MAX_UB};

#[derive(Clone, Debug)]
pub struct Program {
    /// The file it was loaded from (for `file:line:col`), and its text (for carets).
    pub path: PathBuf,
    pub source: Arc<str>,
    pub name: Option<String>,
    /// The product written in the file (default atlas_a2); `--product` overrides at run time.
    pub product: Product,
    pub ub_size: Option<u32>,
    pub tensors: Vec<Tensor>,
    /// Named scalars of the scalar unit (docs/format.md §10).
    pub scalars: Vec<ScalarDecl>,
    /// Shared where they are the same: a recorded kernel's loop makes one instruction and
    /// appends it again for each of its calls (8 bytes a call, not an `Instr`'s 304).
    pub code: Vec<Arc<Instr>>,
    pub expect: Vec<Expect>,
    /// A binding program (docs/format.md §12.2): the C++ kernel to compile and run with these
    /// arguments; its GM tensors are in `tensors`, its `code` is empty until recorded.
    pub kernel: Option<Arc<KernelBinding>>,
    /// A recorded C++ kernel's call sites, one per instruction (docs/format.md §12.4); None
    /// for a RON program, whose instructions' spans are their positions.
    pub origins: Option<Arc<Origins>>,
}

/// A named scalar: its dtype and its value at the start (None: uninitialised until assigned).
#[derive(Clone, Debug)]
pub struct ScalarDecl {
    pub name: String,
    pub dtype: DType,
    pub init: Option<Value>,
    pub span: Span,
}

/// A numeric field of an instruction written as a scalar's name (docs/format.md §10): the
/// IR holds a placeholder there and the simulator puts the scalar's value in when the
/// instruction is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Count,
    Mask,
    /// Word `k` of a bitwise mask (`mask: [w0, w1]`), or SetVectorMask's `high` (0) / `low` (1).
    MaskWord(u8),
    /// SetVectorMask's `len`.
    MaskLen,
    RepeatTimes,
    /// The scalar argument (`scalar`, `first_value`).
    Scalar,
    /// A stride field, by its name in the program (`dst_rep_stride`, `src0_blk_stride`, …).
    Stride(&'static str),
    /// The element offset of an operand (`"x[i]"`): 0 the destination, 1 the first source, 2
    /// the second, 3 the other operand (`sel_mask`, GatherMask's `pattern` tensor, `work`,
    /// Gather's `offset`).
    Offset(u8),
}

impl Slot {
    /// The offset slot of the operand in field `field`, if offsets there may name a scalar.
    pub fn offset_of(field: &str) -> Option<Slot> {
        Some(Slot::Offset(match field {
            "dst" => 0,
            "src" | "src0" => 1,
            "src1" => 2,
            "sel_mask" | "pattern" | "work" | "offset" | "vdeq" => 3,
            _ => return None,
        }))
    }
}

/// A value the scalar unit stores: a literal or a scalar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScalarArg {
    Lit(Value),
    Scalar(usize),
}

/// PipeBarrier's pipes and the HardEvent of SetFlag/WaitFlag, as far as the checks of
/// docs/format.md §10 need them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sync {
    /// PipeBarrier(pipe): `V` (PIPE_V), `All` (PIPE_ALL), or another pipe.
    Barrier(Pipe),
    SetFlag(Event, u32),
    WaitFlag(Event, u32),
    /// SyncAll(): every block of the launch reaches it before any goes on (docs/format.md
    /// §12.2); within one block, PipeBarrier(PIPE_ALL)'s effect.
    AllBlocks,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pipe {
    V,
    S,
    Mte2,
    Mte3,
    All,
}

/// A HardEvent: the pipe that sets it and the pipe that waits (`V_S`: vector → scalar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub from: Pipe,
    pub to: Pipe,
}

impl Program {
    /// `d` pointed into the C++ file its instruction was called from, when that is not the
    /// program's own file (a header of a recorded kernel, docs/format.md §12.4); None when `d`
    /// needs no change.
    pub fn locate(&self, d: &Diagnostic) -> Option<Diagnostic> {
        if d.elsewhere.is_some() {
            return None;
        }
        let o = self.origins.as_ref()?;
        let site = o.sites.get(d.instruction? as usize)?;
        o.point(&self.path, site, d)
    }

    /// Where instruction `i` was written, for reports: `line N` of a RON program, or the C++
    /// `file:line:col` of a recorded kernel's call.
    pub fn instr_place(&self, i: usize) -> String {
        match self.origins.as_ref().and_then(|o| o.position(i)) {
            Some(pos) => pos,
            None => format!("line {}", self.code.get(i).map_or(0, |c| c.span.line)),
        }
    }

    /// How many AI cores the program runs on (`Core(n)`, a kernel's launch blocks), at least 1.
    pub fn cores(&self) -> usize {
        let mut c: Vec<u32> = self.code.iter().map(|i| i.core).collect();
        c.sort_unstable();
        c.dedup();
        c.len().max(1)
    }
    /// The element type instruction `instr` computes in: its destination's, else its first
    /// source's (docs/format.md §5).
    pub fn instr_dtype(&self, instr: &Instr) -> Option<DType> {
        let o = instr.dst().or(instr.src().first())?;
        self.tensors.get(o.tensor).map(|t| t.dtype)
    }
}

/// `"x"` or `"x[64]"`: a tensor and an element offset into it (docs/format.md §5).
/// Two operands are equal when they name the same element, wherever they are written.
#[derive(Clone, Copy, Debug, Default)]
pub struct Operand {
    pub tensor: usize,
    pub offset: u32,
    pub span: Span,
}

impl PartialEq for Operand {
    fn eq(&self, o: &Operand) -> bool {
        self.tensor == o.tensor && self.offset == o.offset
    }
}

impl Eq for Operand {}

/// The mask argument of the high-dimensional form (docs/format.md §6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaskArg {
    /// `mask: 64`, contiguous mode (negative values are kept to be rejected by the checker).
    Contiguous(i128),
    /// `mask: [low, high]`, bitwise mode, low word first (up to four words for 8-bit on 950).
    Bits(Vec<u64>),
    /// `mask: Placeholder`: isSetMask = false, use the register.
    Placeholder,
}

/// Which API form an instruction uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// First n elements (`count: n`).
    Count(u64),
    /// High-dimensional: mask + repeat_times (+ strides). Brcb (no mask) is written with a
    /// contiguous mask of every lane; GatherMask with its `mask` argument as a contiguous
    /// mask (a count, in counter mode) and GatherMaskParams.repeatTimes.
    Masked { mask: MaskArg, repeat_times: u64 },
    /// Instructions without an element form (mask-register instructions).
    Bare,
    /// The register API's form (Ascend 950, docs/semantics.md §29): one vector register's
    /// lanes, those of mask register `mask` (every lane without one: LoadAlign); `zeroing`
    /// (MaskMergeMode::ZEROING) writes 0 to the destination's other lanes. `lanes` are the
    /// mask register's, read when the instruction is reached. `subnormal`: the instruction's
    /// SpecificMode algorithm keeps subnormal results (`*_FTZ_FALSE`) where the default
    /// flushes them (docs/semantics.md §29).
    Reg {
        mask: Option<Operand>,
        zeroing: bool,
        subnormal: bool,
        lanes: Option<[u64; 4]>,
    },
}

/// Strides in 32-byte blocks (reductions: dst_rep in reduced-repeat units, docs/semantics.md §5).
/// Sources are indexed src0, src1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strides {
    pub dst_blk: u32,
    pub dst_rep: u32,
    pub src_blk: [u32; 2],
    pub src_rep: [u32; 2],
}

impl Default for Strides {
    fn default() -> Self {
        Strides {
            dst_blk: 1,
            dst_rep: 8,
            src_blk: [1, 1],
            src_rep: [8, 8],
        }
    }
}

/// SetVectorMask's two forms (docs/format.md §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetMaskArg {
    Words { high: u64, low: u64 },
    Len(u64),
}

/// The operands and iteration form every vector instruction has: a destination, its sources
/// (src / src0, then src1), the API form, and the strides of the high-dimensional form.
#[derive(Clone, Debug, PartialEq)]
pub struct Vector {
    /// None only for Compare into the CmpMask register (`Op::CompareReg`).
    pub dst: Option<Operand>,
    pub src: Vec<Operand>,
    pub form: Form,
    pub strides: Strides,
}

/// Where GatherMask's pattern comes from (docs/semantics.md §4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatherPattern {
    /// `pattern: 1..=7`.
    Builtin(u8),
    /// `pattern: "tensor"`: one bit per source lane.
    Tensor(Operand),
}

/// What an instruction is: one variant per instruction family, each carrying exactly the
/// arguments that family has. A front end (the RON loader, later C++) builds it; the family's
/// room in `sim::family` checks and executes it.
#[derive(Clone, Debug, PartialEq)]
pub enum Args {
    /// SetVectorMask (`set`, and `dtype` for `len` == PAR, docs/semantics.md §2.2), SetMaskCount,
    /// SetMaskNorm, ResetMask.
    MaskReg {
        set: Option<SetMaskArg>,
        dtype: DType,
    },
    /// `dst = f(src)` and `dst = src0 ⊕ src1`, incl. AddRelu … MulAddRelu and half → float
    /// MulAddDst.
    Elementwise(Vector),
    /// `dst = f(src, scalar)`, incl. Axpy; ShiftRight's `round_en`. The scalar is
    /// range-checked against the element type (docs/semantics.md §10).
    Scalar {
        v: Vector,
        scalar: Value,
        round_en: bool,
        /// The flexible-scalar form (950, docs/format.md §7): the scalar is this tensor
        /// element's value when the instruction is reached (`scalar` holds 0 until then).
        elem: Option<Operand>,
        /// The scalar is the left operand (`scalar - src`, `scalar / src`).
        scalar_first: bool,
    },
    /// Duplicate (`scalar`) and CreateVecIndex (`first_value`): dst only.
    Fill { v: Vector, scalar: Value },
    /// Brcb: each of 8 source elements fills one destination block.
    Brcb(Vector),
    /// Pair / block / repeat reductions; WholeReduceMax/Min's `order`.
    Reduce { v: Vector, order: ReduceOrder },
    /// Compare (two sources) and Compares (`scalar`) into packed bits.
    Compare {
        v: Vector,
        cmp: CmpMode,
        scalar: Option<Value>,
        /// Compares' flexible scalar (950): a tensor element read when reached, and whether it
        /// is the left operand (`scalar CMP src`) (docs/semantics.md §4.6).
        elem: Option<Operand>,
        scalar_first: bool,
    },
    /// Select by the packed bits of `sel_mask` (mode 0 without one: the CmpMask register's);
    /// mode 1's `scalar`.
    Select {
        v: Vector,
        mode: SelMode,
        sel_mask: Option<Operand>,
        scalar: Option<Value>,
        /// Mode 1's flexible scalar (950): a tensor element, read when reached, and whether
        /// it is the left operand (chosen where the bit is 1) (docs/semantics.md §4.6).
        elem: Option<Operand>,
        scalar_first: bool,
    },
    /// GatherMask: `reduce_mode` true is counter mode.
    GatherMask {
        v: Vector,
        pattern: GatherPattern,
        reduce_mode: bool,
        /// `ret: "name"`: the scalar that receives rsvdCnt (docs/format.md §10).
        ret: Option<usize>,
    },
    /// Cast (`round`) and AddReluCast / SubReluCast / MulCast (always CAST_RINT). `saturate`
    /// false: Ascend 950's truncation mode (CTRL[59] = 1), an integer result out of range keeps
    /// its low bits (docs/semantics.md §4.7).
    Cast {
        v: Vector,
        round: RoundMode,
        saturate: bool,
    },
    /// CastDequant: int16 → int8/uint8 with the DEQSCALE register's scale, offset and
    /// signMode, per tensor or (`vec_deq`) 16 sets from the UB; `half_block` chooses which
    /// 16-byte half of every 32-byte dst block receives a source block's bytes; int32 → half
    /// as Cast (docs/semantics.md §16).
    Dequant {
        v: Vector,
        vec_deq: bool,
        half_block: bool,
    },
    /// GetCmpMask: the CmpMask register into `dst` (docs/semantics.md §19).
    GetCmpMask { dst: Operand },
    /// SetCmpMask: 16 bytes from `src` into the CmpMask register (docs/semantics.md §19).
    SetCmpMask { src: Operand },
    /// `GetCmpMask(ret: "s")`: the register's first bytes, as many as the scalar's type holds
    /// (docs/format.md §10).
    CmpMaskRet { ret: usize },
    /// `GetReduceRepeatMaxMinSpr(value, index)`: the extreme value of the last ReduceRepeat
    /// MAX/MIN, ReduceMax or ReduceMin and its index (docs/semantics.md §19).
    MaxMinSpr { value: usize, index: Option<usize> },
    /// `SetDeqScale(vdeq, VdeqInfo)`: the 16 configuration words written into `vdeq` (uint64)
    /// and the register pointing at them (DK:类型转换/SetDeqScale).
    VecDeqScale { vdeq: Operand, words: [u64; 16] },
    /// DataCopy (UB ↔ UB, GM ↔ UB): the count form (`v.form` is `Count`) or DataCopyParams;
    /// DataCopyPad: DataCopyExtParams in `blocks` (`len` and the GM-side gap in bytes, the
    /// UB-side gap in 32-byte blocks) and, GM → UB, its padding.
    DataCopy {
        v: Vector,
        blocks: Option<CopyBlocks>,
        pad: Option<Padding>,
    },
    /// DataCopy GM → UB with NdDmaParams/MultiCopyParams (Ascend 950): `loops[0]` the innermost
    /// dimension (docs/semantics.md §18.4). `v.form` is `Bare`.
    NdCopy {
        v: Vector,
        loops: Vec<NdLoop>,
        pad: NdPad,
    },
    /// SetDeqScale: the half `scale` of int32 → half Cast (`SetDeqScale(half)`), or the
    /// CastDequant form `SetDeqScale(float scale, int16 offset, bool signMode)` (`offset`,
    /// `sign_mode` present; stored, not used by a modelled instruction).
    DeqScale {
        scale: f64,
        offset: Option<i16>,
        sign_mode: Option<bool>,
    },
    /// `s = x.GetValue(i)`: the element, converted to the scalar's dtype.
    GetValue { dst: usize, src: Operand },
    /// `x.SetValue(i, v)`: the value, converted to the tensor's dtype.
    SetValue { dst: Operand, src: ScalarArg },
    /// `s = GetReduceRepeatSumSpr<T>()` (old name GetAccVal): the result of the last
    /// count-form ReduceSum, converted to the scalar's dtype.
    ReduceSumSpr { ret: usize },
    /// `s = expr`, computed with C++'s arithmetic and converted to the scalar's dtype.
    Let { dst: usize, expr: Expr },
    /// PipeBarrier, SetFlag, WaitFlag: steps that change no data.
    Sync(Sync),
    /// Gather: `v.src[0]` is the source, `offset` a uint32 tensor of byte offsets (one per
    /// destination element), `base_addr` bytes added to every offset.
    Gather {
        v: Vector,
        offset: Operand,
        base_addr: u32,
    },
    /// Gatherb: dst blocks from the source blocks the byte offsets (uint32, one per block) pick.
    Gatherb { v: Vector, offset: Operand },
    /// TransDataTo5HD: `v.dst` is the first of the 16 destination blocks, `dst_rest` the other
    /// 15, `v.src` the 16 source blocks; `v.strides.dst_rep`/`src_rep[0]` the repeat strides
    /// (docs/semantics.md §22).
    TransData {
        v: Vector,
        dst_rest: Vec<Operand>,
        dst_high_half: bool,
        src_high_half: bool,
    },
    /// Sort32: `v.dst` receives the (score, index) structures, `v.src` is [scores, uint32
    /// indices]; MrgSort: `v.src` the 2 to 4 sorted lists of structures (its validBit), each
    /// `lengths[i]` structures long, `suspend` its ifExhaustedSuspension, `ret` the scalar that
    /// receives the structures taken from each list (16 bits each, list 0 lowest: the register
    /// GetMrgSortResult reads). The repeat count is `v.form`'s (docs/semantics.md §24).
    Sort {
        v: Vector,
        lengths: [u16; 4],
        suspend: bool,
        ret: Option<usize>,
    },
    /// SetAtomicAdd/Max/Min/Type<T> (`dtype` T) and DisableDmaAtomic, SetAtomicNone (None):
    /// the DMA atomic mode of later moves into global memory (docs/semantics.md §18.3).
    Atomic { dtype: Option<DType> },
    /// CreateMask / UpdateMask (the register API, docs/semantics.md §29): `v.dst` the mask
    /// register, set for element type `dtype`.
    RegMask {
        v: Vector,
        dtype: DType,
        set: MaskSet,
    },
    /// The register API's Cast (docs/semantics.md §29): `round` None when not given (a pair
    /// that rounds needs one), `layout` the RegLayout position of the narrower element in its
    /// group, `saturate` SatMode::SAT (false: NO_SAT, the low bits).
    RegCast {
        v: Vector,
        round: Option<RoundMode>,
        layout: u8,
        saturate: bool,
    },
    /// LoadAlign / StoreAlign (docs/semantics.md §29): `dist` DIST_NORM or an unpacking load /
    /// packing store; LoadUnAlign / StoreUnAlign (DIST_NORM, any element address), the store
    /// of the first `count` elements; the registers' Pack / UnPack (`dist` their widths, `high`
    /// HighLowPart::HIGHEST).
    RegMove {
        v: Vector,
        dist: RegDist,
        count: Option<u32>,
        high: bool,
    },
    /// The register API's Compare (two registers) and Compares (`scalar`) into the mask register
    /// `v.dst` (docs/semantics.md §29).
    RegCompare {
        v: Vector,
        cmp: CmpMode,
        scalar: Option<Value>,
    },
    /// The register API's mask-register logic (docs/semantics.md §29): mask register `v.dst`
    /// from `v.src` (one source: MaskNot, MaskMov, MaskPack, MaskUnPack; else two) under the
    /// mask register of `v.form` (MaskSel: the selecting one; MaskMov and MaskPack/UnPack may
    /// have none); `high`: Pack/UnPack's HighLowPart::HIGHEST, and the second destination of
    /// MaskInterleave/MaskDeInterleave, whose elements are `dtype`'s (one bit per byte).
    RegMaskLogic { v: Vector, high: bool, dtype: DType },
    /// The register API's reductions (docs/semantics.md §29): Reduce and ReduceDataBlock by
    /// `reduce`, PairReduceElem (SUM) of `v.src[0]` into `v.dst` under the mask register of
    /// `v.form`; Duplicate of `v.src[0]`'s lowest element; Interleave/DeInterleave of `v.src`'s
    /// two registers, `high` the second destination (HighLowPart::HIGHEST); Squeeze of
    /// `v.src[0]`'s selected lanes, `ret` the scalar given their count (GatherMaskMode::STORE_REG).
    RegReduce {
        v: Vector,
        reduce: ReduceType,
        high: bool,
        ret: Option<usize>,
    },
    /// The register API's Gather from the UB (docs/semantics.md §29): `v.src` is [the UB source,
    /// the index register], `v.dst` the register, `v.form` its mask register.
    RegGather { v: Vector },
    /// ReduceSum / ReduceMax / ReduceMin over a whole tensor.
    Whole {
        v: Vector,
        work: Option<Operand>,
        calc_index: bool,
        is_set_mask: bool,
    },
}

/// The families with a vector part (`Vector`): one list, used by both accessors below.
macro_rules! vector_of {
    ($args:expr) => {
        match $args {
            Args::Elementwise(v) | Args::Brcb(v) => Some(v),
            Args::Scalar { v, .. }
            | Args::Fill { v, .. }
            | Args::Reduce { v, .. }
            | Args::Compare { v, .. }
            | Args::Select { v, .. }
            | Args::GatherMask { v, .. }
            | Args::Cast { v, .. }
            | Args::Dequant { v, .. }
            | Args::DataCopy { v, .. }
            | Args::NdCopy { v, .. }
            | Args::Gather { v, .. }
            | Args::Gatherb { v, .. }
            | Args::TransData { v, .. }
            | Args::Sort { v, .. }
            | Args::RegMask { v, .. }
            | Args::RegCast { v, .. }
            | Args::RegCompare { v, .. }
            | Args::RegMove { v, .. }
            | Args::RegMaskLogic { v, .. }
            | Args::RegReduce { v, .. }
            | Args::RegGather { v }
            | Args::Whole { v, .. } => Some(v),
            Args::MaskReg { .. }
            | Args::DeqScale { .. }
            | Args::GetValue { .. }
            | Args::SetValue { .. }
            | Args::Let { .. }
            | Args::ReduceSumSpr { .. }
            | Args::GetCmpMask { .. }
            | Args::SetCmpMask { .. }
            | Args::CmpMaskRet { .. }
            | Args::MaxMinSpr { .. }
            | Args::VecDeqScale { .. }
            | Args::Atomic { .. }
            | Args::Sync(_) => None,
        }
    };
}

impl Args {
    /// The vector operands and form; None for the steps without vector lanes.
    pub fn vector(&self) -> Option<&Vector> {
        vector_of!(self)
    }

    pub fn vector_mut(&mut self) -> Option<&mut Vector> {
        vector_of!(self)
    }

    /// The tensor element a flexible scalar is read from (950, docs/format.md §7).
    pub fn scalar_elem(&self) -> Option<Operand> {
        match self {
            Args::Scalar { elem, .. } | Args::Select { elem, .. } | Args::Compare { elem, .. } => {
                *elem
            }
            _ => None,
        }
    }

    /// Whether the scalar is the left operand (950's flexible scalar).
    pub fn scalar_first(&self) -> bool {
        matches!(
            self,
            Args::Scalar {
                scalar_first: true,
                ..
            } | Args::Select {
                scalar_first: true,
                ..
            } | Args::Compare {
                scalar_first: true,
                ..
            }
        )
    }

    /// Sets the scalar argument (a flexible scalar's value when it is read).
    pub fn set_scalar(&mut self, v: Value) {
        match self {
            Args::Scalar { scalar, .. } | Args::Fill { scalar, .. } => *scalar = v,
            Args::Compare { scalar, .. } | Args::Select { scalar, .. } => *scalar = Some(v),
            _ => {}
        }
    }

    /// The operand that is neither dst nor a source, to rewrite: Select's `sel_mask`,
    /// GatherMask's pattern tensor, ReduceSum/Max/Min's `work`, Gather's and Gatherb's `offset`.
    pub fn other_operand_mut(&mut self) -> Option<&mut Operand> {
        match self {
            Args::Select { sel_mask, .. } => sel_mask.as_mut(),
            Args::GatherMask {
                pattern: GatherPattern::Tensor(o),
                ..
            } => Some(o),
            Args::Whole { work, .. } => work.as_mut(),
            Args::Gather { offset, .. } | Args::Gatherb { offset, .. } => Some(offset),
            Args::GetCmpMask { dst } => Some(dst),
            Args::SetCmpMask { src } => Some(src),
            Args::VecDeqScale { vdeq, .. } => Some(vdeq),
            Args::Scalar { elem, .. } => elem.as_mut(),
            _ => None,
        }
    }
}

/// One instruction: its API identity, its position, and its typed arguments.
#[derive(Clone, Debug)]
pub struct Instr {
    pub op: Op,
    pub args: Args,
    /// The API name as written when it is an alias (`ReduceDataBlock` for BlockReduceSum, …).
    pub alias: Option<&'static str>,
    /// Position of the instruction name.
    pub span: Span,
    /// Positions of the fields written, by field name (`mask`, `repeat_times`, `params`, …).
    pub field_spans: FieldSpans,
    /// Numeric fields written as scalar names, and the scalar of each.
    pub bindings: Box<[(Slot, usize)]>,
    /// The AI core it runs on, whose UB its UB addresses name: 0 unless a `Core(n)` before it
    /// says otherwise, the launch block in a recorded kernel (docs/semantics.md §20).
    pub core: u32,
}

/// The positions of the fields an instruction's text wrote, by name: each name interned as a
/// 16-bit id (an entry 12 bytes, not 24, and no spare capacity: a program of 10⁵ instructions
/// keeps 10⁵ of these).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldSpans(Box<[(u16, Span)]>);

/// Every field name seen, its index the id.
fn field_names() -> &'static std::sync::Mutex<Vec<&'static str>> {
    static NAMES: std::sync::OnceLock<std::sync::Mutex<Vec<&'static str>>> =
        std::sync::OnceLock::new();
    NAMES.get_or_init(Default::default)
}

impl FieldSpans {
    pub fn new(fields: &[(&'static str, Span)]) -> FieldSpans {
        let mut names = field_names().lock().unwrap_or_else(|e| e.into_inner());
        let mut id = |n: &'static str| match names.iter().position(|&m| m == n) {
            Some(i) => i as u16,
            None => {
                names.push(n);
                (names.len() - 1) as u16
            }
        };
        FieldSpans(fields.iter().map(|&(n, s)| (id(n), s)).collect())
    }

    /// The position of field `name`, if written.
    pub fn get(&self, name: &str) -> Option<Span> {
        if self.0.is_empty() {
            return None;
        }
        let names = field_names().lock().unwrap_or_else(|e| e.into_inner());
        self.0
            .iter()
            .find(|(id, _)| names.get(*id as usize) == Some(&name))
            .map(|(_, s)| *s)
    }
}

/// Cores a program may name with `Core(n)`: the largest launch a binding allows.
pub const MAX_CORES: u32 = 65535;

const NO_SRC: &[Operand] = &[];

impl Instr {
    pub fn new(op: Op, args: Args, span: Span) -> Instr {
        Instr {
            op,
            args,
            alias: None,
            span,
            field_spans: FieldSpans::default(),
            bindings: Box::new([]),
            core: 0,
        }
    }

    /// Position of field `name` if written, else of the instruction.
    pub fn span_of(&self, name: &str) -> Span {
        self.field_spans.get(name).unwrap_or(self.span)
    }

    /// The API name as written in the program.
    pub fn name(&self) -> &'static str {
        self.alias.unwrap_or(self.op.name())
    }

    /// The vector operands and form; None for the mask-register instructions.
    pub fn vector(&self) -> Option<&Vector> {
        self.args.vector()
    }

    /// The vector part, to rewrite (scalar bindings).
    pub fn vector_mut(&mut self) -> Option<&mut Vector> {
        self.args.vector_mut()
    }

    /// The destination operand, if the instruction has one.
    pub fn dst(&self) -> Option<&Operand> {
        self.vector().and_then(|v| v.dst.as_ref())
    }

    /// The sources (src / src0, then src1).
    pub fn src(&self) -> &[Operand] {
        self.vector().map_or(NO_SRC, |v| &v.src)
    }

    /// The API form (`Bare` for the mask-register instructions).
    pub fn form(&self) -> &Form {
        self.vector().map_or(&Form::Bare, |v| &v.form)
    }

    /// The strides of the high-dimensional form (defaults for the others).
    pub fn strides(&self) -> Strides {
        self.vector().map_or_else(Strides::default, |v| v.strides)
    }

    /// The scalar argument, if the family has one.
    pub fn scalar(&self) -> Option<Value> {
        match &self.args {
            Args::Scalar { scalar, .. } | Args::Fill { scalar, .. } => Some(*scalar),
            Args::Compare { scalar, .. } | Args::Select { scalar, .. } => *scalar,
            _ => None,
        }
    }

    /// The operand that is neither dst nor a source: Select's `sel_mask`, GatherMask's pattern
    /// tensor, ReduceSum/Max/Min's `work` buffer.
    pub fn aux(&self) -> Option<Operand> {
        match &self.args {
            Args::Select { sel_mask, .. } => *sel_mask,
            Args::GatherMask {
                pattern: GatherPattern::Tensor(o),
                ..
            } => Some(*o),
            Args::Whole { work, .. } => *work,
            _ => None,
        }
    }
}

/// One `expect` entry (docs/format.md §8).
#[derive(Clone, Debug)]
pub struct Expect {
    pub tensor: usize,
    pub at: u32,
    pub len: u32,
    pub check: ExpectCheck,
    /// `max_mismatch_ratio`: the entry passes while mismatches / len ≤ this (the ERROR_TOL of
    /// the samples' verify_result.py); None: every element must match.
    pub max_mismatch_ratio: Option<f64>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExpectCheck {
    /// Bit-exact equality with these encoded elements (`len * size` bytes).
    Exact(Vec<u8>),
    /// Within `abs + rel·|expected|` of these encoded elements.
    Close { values: Vec<u8>, rel: f64, abs: f64 },
    /// Never written by the program.
    Unwritten,
}

/// The DEQSCALE configuration word of CastDequant's int16 → b8 forms: the float scale's bits,
/// the low 9 bits of offset at bit 37, signMode at bit 46 (DK:类型转换/SetDeqScale 表1;
/// `MakeDeqScaleConfig` in the A2 implementation).
pub fn deq_config(scale: f32, offset: i16, sign_mode: bool) -> u64 {
    ((sign_mode as u64) << 46) | (((offset as u16 as u64) & 0x1ff) << 37) | scale.to_bits() as u64
}
