//! Instruction families: one file each, every one a lane kernel over the shared `Plan`.
//!
//! - `elementwise`: unary, binary (incl. AddRelu, SubRelu, FusedMulAdd, MulAddDst, MulAddRelu),
//!   vector–scalar (incl. Axpy) and Duplicate, same element type throughout;
//! - `cast`: Cast, AddReluCast, SubReluCast, MulCast and the half → float forms of MulAddDst
//!   and Axpy (operands of different widths);
//! - `compare`: Compare, Compares (packed bits out); `select`: Select (packed bits in);
//!   `gather`: GatherMask (packed elements out, a returned count);
//! - `fill`: Brcb, CreateVecIndex; `reduce`: pair / block / repeat reductions; `whole`:
//!   ReduceSum, ReduceMax, ReduceMin over a whole tensor.
pub mod cast;
pub mod compare;
pub mod elementwise;
pub mod fill;
pub mod gather;
pub mod reduce;
pub mod select;
pub mod whole;

use crate::sim::plan::BLOCKS;

/// State a kernel carries from one block step to the next within one instruction. It lives in
/// the machine (and so in its snapshots), never in a kernel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scratch {
    /// Per-block partial results of the repeat being reduced: value bits and lane.
    pub partials: [reduce::Partial; BLOCKS as usize],
    /// Per-repeat results of a whole-tensor reduction: value bits and global index.
    pub repeats: Vec<reduce::Partial>,
    /// Per-lane running values (ReduceSum's vector add, CreateVecIndex's last repeat).
    pub lanes: Vec<Option<u64>>,
    /// Elements written so far (GatherMask's packed destination; its `rsvdCnt`).
    pub written: u64,
}
