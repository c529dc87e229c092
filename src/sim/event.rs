//! What one step did: the `StepEvent` the machine returns when stepping, so a debugger can
//! highlight reads and writes, check watchpoints lane by lane and show diagnostics.

use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::sim::mask::{Lanes, MaskReg};
use crate::sim::plan::AccessKind;
use serde::Serialize;

/// Where the machine is: the next block to execute, or the one an event describes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Pos {
    pub instruction: u32,
    pub repeat: u32,
    pub block: u32,
}

/// How far one `step` call goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Granularity {
    Block,
    Repeat,
    Instruction,
}

/// One operand's access in one block step: the active lanes only, each with its address.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Access {
    /// `dst`, `src0`, `src1`, `src`.
    pub role: &'static str,
    pub tensor: usize,
    pub kind: AccessKind,
    pub dtype: DType,
    /// Active lanes (lane numbers within the repeat) and the byte address of each element.
    pub lanes: Vec<u32>,
    pub addrs: Vec<u32>,
    /// Element bytes before and after, `lanes.len() * dtype.size()` each; equal for reads.
    pub before: Vec<u8>,
    pub after: Vec<u8>,
    /// Whether each element was initialised before the step.
    pub init_before: Vec<bool>,
}

impl Access {
    pub fn elem_size(&self) -> u32 {
        self.dtype.size()
    }

    /// True when any element's bytes intersect `lo..hi`.
    pub fn touches(&self, lo: u32, hi: u32) -> bool {
        let s = self.elem_size();
        self.addrs.iter().any(|&a| a < hi && a + s > lo)
    }

    /// The lowest and highest (exclusive) byte touched.
    pub fn bounds(&self) -> Option<(u32, u32)> {
        let lo = *self.addrs.iter().min()?;
        let hi = *self.addrs.iter().max()? + self.elem_size();
        Some((lo, hi))
    }
}

/// What a `step` did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepEvent {
    /// Step number of the first block step this event covers (0-based) and how many it covers.
    pub first_step: u64,
    pub steps: u64,
    /// Position of the first block step covered.
    pub pos: Pos,
    /// Active lanes of the (first) repeat covered.
    #[serde(skip)]
    pub lanes: Lanes,
    pub accesses: Vec<Access>,
    pub diagnostics: Vec<Diagnostic>,
    #[serde(skip)]
    pub mask_before: MaskReg,
    #[serde(skip)]
    pub mask_after: MaskReg,
}
