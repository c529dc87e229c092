//! Programs: the RON file format (program-format.md) turned into a validated `Program`.
pub mod ir;
pub use ir::*;
