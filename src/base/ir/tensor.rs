//! Tensors of the IR: where each lives (the UB, global memory, the register file) and the
//! address space they share.

use super::REG_BASE;
use crate::base::diag::Span;
use crate::base::dtype::DType;

#[derive(Clone, Debug)]
pub struct Tensor {
    pub name: String,
    pub dtype: DType,
    /// Byte address: in the UB, or from [`GM_BASE`] for a global-memory tensor.
    pub addr: u32,
    /// Length in elements.
    pub len: u32,
    /// Initial contents, `len * dtype.size()` bytes; None = uninitialised.
    pub init: Option<Vec<u8>>,
    pub span: Span,
    /// Where it lives: the UB (`tensors`) or global memory (`gm`, docs/format.md §11).
    pub space: Space,
}

/// Largest UB (`ub_size` override) the simulator accepts.
pub const MAX_UB: u32 = 16 << 20;

/// Largest global memory the simulator holds: a C++ kernel's allocations, or a binding
/// program's arguments, all together (docs/format.md §12).
pub const MAX_GM: u32 = 0x7FF0_0000;

/// Largest global memory of a RON program, all `gm` tensors together (docs/format.md §11):
/// small enough that a JSON report of every element stays under 1 GiB.
pub const MAX_GM_PROGRAM: u32 = 8 << 20;

/// Where global memory starts in the simulator's address space: far above any UB
/// (`MAX_UB`), so an address says which memory it is in (docs/format.md §11).
pub const GM_BASE: u32 = 0x8000_0000;

/// An address as users read it: `0x400` in the UB, `GM+0xc00` in global memory, `REG+0x100`
/// in Ascend 950's register file.
pub fn addr_text(addr: u64) -> String {
    if addr >= GM_BASE as u64 {
        format!("GM+{:#x}", addr - GM_BASE as u64)
    } else if addr >= REG_BASE as u64 {
        format!("REG+{:#x}", addr - REG_BASE as u64)
    } else {
        format!("{addr:#x}")
    }
}

/// The memory a tensor lives in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Space {
    /// The Unified Buffer (a LocalTensor).
    #[default]
    Ub,
    /// Global memory (a GlobalTensor).
    Gm,
    /// A vector register of Ascend 950's register API (a RegTensor, `VL` bytes,
    /// docs/semantics.md §29).
    Reg,
    /// A mask register of the register API (a MaskReg, `MASK_BYTES` bytes: one bit per byte
    /// of a vector register).
    Mask,
}

impl Tensor {
    pub fn is_gm(&self) -> bool {
        self.space == Space::Gm
    }
    /// "ub" or "gm", as the JSON report names the memory.
    pub fn memory(&self) -> &'static str {
        match self.space {
            Space::Ub => "ub",
            Space::Gm => "gm",
            Space::Reg => "reg",
            Space::Mask => "mask",
        }
    }
    /// A register of the register API (a RegTensor or a MaskReg).
    pub fn is_reg(&self) -> bool {
        matches!(self.space, Space::Reg | Space::Mask)
    }
    pub fn bytes(&self) -> u32 {
        self.dtype.bytes_for(self.len as u64) as u32
    }
    /// The address of the byte holding element `i` (for `int4b_t`, the byte it shares).
    pub fn elem_addr(&self, i: u32) -> u64 {
        self.addr as u64 + self.dtype.byte_of(i as u64)
    }
    /// The element at byte address `a` (the first of the two in an `int4b_t` byte).
    pub fn elem_at(&self, a: u64) -> u32 {
        let off = a.saturating_sub(self.addr as u64);
        if self.dtype.is_nibble() {
            (off * 2) as u32
        } else {
            (off / self.dtype.size().max(1) as u64) as u32
        }
    }
    pub fn end(&self) -> u64 {
        self.addr as u64 + self.bytes() as u64
    }
}
