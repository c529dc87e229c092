//! The validated program: what the loader produces and the machine executes. Every name is
//! resolved (tensors by index), every data form is encoded to little-endian bytes of its
//! tensor's dtype, and every item keeps its source position for diagnostics.

use crate::base::catalog::Op;
use crate::base::convert::RoundMode;
use crate::base::diag::Span;
use crate::base::dtype::{DType, Value};
use crate::base::modes::CmpMode;
use crate::base::modes::SelMode;
use crate::base::product::{Product, ReduceOrder};
use std::path::PathBuf;
use std::sync::Arc;

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
    pub code: Vec<Instr>,
    pub expect: Vec<Expect>,
}

impl Program {
    /// The element type instruction `instr` computes in: its destination's, else its first
    /// source's (program-format.md §5).
    pub fn instr_dtype(&self, instr: &Instr) -> Option<DType> {
        let o = instr.dst.as_ref().or(instr.src.first())?;
        self.tensors.get(o.tensor).map(|t| t.dtype)
    }
}

#[derive(Clone, Debug)]
pub struct Tensor {
    pub name: String,
    pub dtype: DType,
    /// Byte address in the UB.
    pub addr: u32,
    /// Length in elements.
    pub len: u32,
    /// Initial contents, `len * dtype.size()` bytes; None = uninitialised.
    pub init: Option<Vec<u8>>,
    pub span: Span,
}

impl Tensor {
    pub fn bytes(&self) -> u32 {
        self.len * self.dtype.size()
    }
    pub fn end(&self) -> u64 {
        self.addr as u64 + self.bytes() as u64
    }
}

/// `"x"` or `"x[64]"`: a tensor and an element offset into it (program-format.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operand {
    pub tensor: usize,
    pub offset: u32,
    pub span: Span,
}

/// The mask argument of the high-dimensional form (program-format.md §6).
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
}

/// Strides in 32-byte blocks (reductions: dst_rep in reduced-repeat units, semantics.md §5).
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

/// SetVectorMask's two forms (program-format.md §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetMaskArg {
    Words { high: u64, low: u64 },
    Len(u64),
}

/// One instruction. Fields a family does not use keep their defaults.
#[derive(Clone, Debug)]
pub struct Instr {
    pub op: Op,
    pub dst: Option<Operand>,
    /// src / src0, then src1.
    pub src: Vec<Operand>,
    /// The scalar of vector–scalar ops and Duplicate, range-checked against dst's dtype.
    pub scalar: Option<Value>,
    pub form: Form,
    pub strides: Strides,
    /// ShiftRight `round_en`.
    pub round_en: bool,
    /// WholeReduceMax/Min `order`.
    pub order: ReduceOrder,
    /// SetVectorMask arguments.
    pub set_mask: Option<SetMaskArg>,
    /// SetVectorMask's `dtype` (for `len` == PAR, semantics.md §2.2); default half.
    pub mask_dtype: DType,
    /// Compare / Compares `cmp`.
    pub cmp: CmpMode,
    /// Select `sel_mode`.
    pub sel_mode: SelMode,
    /// Cast `round`.
    pub round: RoundMode,
    /// The operand that is neither dst nor a source: Select's `sel_mask`, GatherMask's pattern
    /// tensor, ReduceSum/Max/Min's `work` buffer.
    pub aux: Option<Operand>,
    /// GatherMask's built-in `pattern` (1..=7).
    pub pattern: Option<u8>,
    /// ReduceMax / ReduceMin `calc_index`.
    pub calc_index: bool,
    /// ReduceSum `is_set_mask` (false: take the mask from the register, semantics.md §2.5).
    pub is_set_mask: bool,
    /// GatherMask `reduce_mode` (true: counter mode).
    pub reduce_mode: bool,
    /// The API name as written when it is an alias (`ReduceDataBlock` for BlockReduceSum, …).
    pub alias: Option<&'static str>,
    /// Position of the instruction name.
    pub span: Span,
    /// Positions of the fields written, by field name (`mask`, `repeat_times`, `params`, …).
    pub field_spans: Vec<(&'static str, Span)>,
}

impl Instr {
    /// Position of field `name` if written, else of the instruction.
    pub fn span_of(&self, name: &str) -> Span {
        self.field_spans
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| *s)
            .unwrap_or(self.span)
    }

    /// The API name as written in the program.
    pub fn name(&self) -> &'static str {
        self.alias.unwrap_or(self.op.name())
    }

    pub fn new(op: Op, span: Span) -> Instr {
        Instr {
            op,
            dst: None,
            src: Vec::new(),
            scalar: None,
            form: Form::Bare,
            strides: Strides::default(),
            round_en: false,
            order: ReduceOrder::ValueIndex,
            set_mask: None,
            mask_dtype: DType::Half,
            cmp: CmpMode::Lt,
            sel_mode: SelMode::CmpMaskSpr,
            round: RoundMode::Rint,
            aux: None,
            pattern: None,
            calc_index: false,
            is_set_mask: true,
            reduce_mode: false,
            alias: None,
            span,
            field_spans: Vec::new(),
        }
    }
}

/// One `expect` entry (program-format.md §8).
#[derive(Clone, Debug)]
pub struct Expect {
    pub tensor: usize,
    pub at: u32,
    pub len: u32,
    pub check: ExpectCheck,
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
