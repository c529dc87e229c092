//! Checks every family shares when an instruction is reached (docs/semantics.md §7): the context
//! they report into, the element types, the catalog's dtype and pair tables (`dtypes`), the
//! mask resolved against the register (`lanes`), alignment and bounds (`bounds`) and the
//! overlap rules and fast-path test (`overlap`). None of them knows a family: what differs
//! between families is asked of the family's room (`sim::family::Room`).
pub mod bounds;
pub mod dtypes;
pub mod lanes;
pub mod overlap;

use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Form, Instr, Program, Tensor};
use crate::base::product::Product;

/// The instruction being reached and what its checks found.
pub struct Ctx<'a> {
    pub program: &'a Program,
    pub instr: &'a Instr,
    pub idx: u32,
    pub product: Product,
    /// The UB's size in bytes.
    pub ub_size: u32,
    /// The core's atomic register when the instruction is reached (docs/semantics.md §18.3).
    pub atomic: crate::sim::family::atomic::Atomic,
    /// The CmpMask register when the instruction is reached (Select mode 0 without sel_mask).
    pub cmp_mask: [Option<u8>; 16],
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

impl Ctx<'_> {
    /// An error at field `field` (or the instruction); returned so a caller can add notes.
    pub fn err(&mut self, code: &'static str, field: &str, msg: String) -> &mut Diagnostic {
        let d = Diagnostic::error(code, msg)
            .at(self.instr.span_of(field))
            .in_instr(self.idx);
        self.errors.push(d);
        self.errors.last_mut().expect("just pushed")
    }

    /// The bytes an access to tensor `t` may reach past the tensor and still run as on the
    /// device, with warning `outside-tensor` (docs/format.md §12.2, §12.4): in a recorded C++
    /// kernel, a LocalTensor's the whole UB (its bound is checked on its own), a
    /// GlobalTensor's its allocation with the padding aclrtMalloc adds (32-byte rounding and
    /// 32 bytes). None for a RON program, whose tensors are exact: an error.
    pub fn outside_room(&self, t: &Tensor) -> Option<std::ops::Range<u64>> {
        self.program.origins.as_ref()?;
        if t.is_reg() {
            return None;
        }
        Some(if t.is_gm() {
            t.addr as u64..t.addr as u64 + (t.bytes() as u64).next_multiple_of(32) + 32
        } else {
            0..self.ub_size as u64
        })
    }

    /// Whether bytes `start..end` of tensor `t` lie in its `outside_room`.
    pub fn outside_tensor_allowed(&self, t: &Tensor, start: u64, end: u64) -> bool {
        self.outside_room(t)
            .is_some_and(|r| start >= r.start && end <= r.end)
    }

    /// An error, or in a recorded C++ kernel a warning (`outside_tensor_allowed`).
    pub fn outside_tensor(&mut self, allowed: bool, field: &str, msg: String) {
        if allowed {
            self.warn("outside-tensor", field, msg);
        } else {
            self.err("outside-tensor", field, msg);
        }
    }

    pub fn warn(&mut self, code: &'static str, field: &str, msg: String) {
        let d = Diagnostic::warning(code, msg)
            .at(self.instr.span_of(field))
            .in_instr(self.idx);
        self.warnings.push(d);
    }

    /// `v` as the program wrote field `field`: hexadecimal when the source has `0x…` there
    /// (so a mask written in hex is echoed in hex), decimal otherwise.
    pub fn as_written(&self, field: &str, v: i128) -> String {
        let span = self.instr.span_of(field);
        let hex = self
            .program
            .source
            .lines()
            .nth(span.line.saturating_sub(1) as usize)
            .and_then(|l| l.get(l.char_indices().nth(span.col.saturating_sub(1) as usize)?.0..))
            .is_some_and(|t| t.starts_with("0x") || t.starts_with("0X"));
        if hex && v >= 0 {
            format!("{v:#x}")
        } else {
            v.to_string()
        }
    }

    /// The API name as written.
    pub fn name(&self) -> &'static str {
        self.instr.name()
    }

    pub fn is_count(&self) -> bool {
        is_count(self.instr)
    }

    /// The dtype of tensor operand `o`.
    pub fn dtype_of(&self, o: &crate::base::ir::Operand) -> DType {
        self.program.tensors[o.tensor].dtype
    }
}

pub fn is_count(instr: &Instr) -> bool {
    matches!(instr.form(), Form::Count(_))
}

/// The element types of an instruction: `src` is the type its dtype table is about (the
/// source of conversions and Compare, else the destination), `dst` the destination's, and
/// `lane` the widest, which sets PAR (docs/semantics.md §1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Types {
    pub src: DType,
    pub dst: DType,
    pub lane: DType,
}

impl Types {
    /// One element type throughout.
    pub fn same(d: DType) -> Types {
        Types {
            src: d,
            dst: d,
            lane: d,
        }
    }

    /// A conversion from `src` to `dst`: the lanes are the wider type's (docs/semantics.md §3).
    pub fn pair(src: DType, dst: DType) -> Types {
        let lane = if src.size() >= dst.size() { src } else { dst };
        Types { src, dst, lane }
    }
}

/// The repeat-zero warning's text: what `what` = 0 means on `p` (docs/semantics.md §1.4, §9 row 6).
pub fn zero_repeat_msg(what: &str, p: Product) -> String {
    let prof = p.profile();
    if prof.repeat_zero_guaranteed_nop {
        format!("{what} is 0: a guaranteed NOP on {p} (docs/semantics.md §1.4)")
    } else if prof.repeat_zero_vf_emulated {
        format!("{what} is 0: not guaranteed to be a NOP on {p} (VF emulation); simulated as a NOP (docs/semantics.md §1.4, §9 row 6)")
    } else {
        format!("{what} is 0: undocumented on {p}; simulated as a NOP (docs/semantics.md §1.4)")
    }
}
