//! The arguments of the data moves in the IR: a UB → UB DataCopy's bursts, DataCopyPad's
//! padding, the multi-dimensional DataCopy's loops and padding value.

use crate::base::dtype::Value;

/// DataCopyParams of a UB → UB DataCopy: `count` bursts of `len` 32-byte blocks, with `src_gap`
/// and `dst_gap` blocks between the end of one burst and the start of the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyBlocks {
    pub count: u32,
    pub len: u32,
    pub src_gap: u32,
    pub dst_gap: u32,
    /// DataCopyPad's PaddingMode::Compact (950): the UB-side bursts one after another, padded
    /// once after the last to 32 bytes (docs/semantics.md §18.1).
    pub compact: bool,
}

/// DataCopyPadExtParams of a GM → UB DataCopyPad (DK:数据搬运/DataCopyPad 表4): `left` and
/// `right` padding elements around each burst, filled with `value` when `is_pad`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Padding {
    pub is_pad: bool,
    pub left: u32,
    pub right: u32,
    pub value: Value,
}

/// One dimension of NdDmaLoopInfo (DK:GMToUB多维数据搬运NDDMA 表5), in elements: `size` data
/// elements, `src_stride` apart in GM and `dst_stride` apart in the UB, with `left` and `right`
/// padding elements before and after them in the UB.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct NdLoop {
    pub size: u32,
    pub src_stride: u64,
    pub dst_stride: u32,
    pub left: u8,
    pub right: u8,
}

/// What the padding of a multi-dimensional DataCopy holds: NdDmaParams::constantValue, or
/// (NdDmaConfig::isNearestValueMode) the nearest data element of each dimension.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NdPad {
    Value(Value),
    Nearest,
}
