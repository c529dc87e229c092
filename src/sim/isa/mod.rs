//! Instruction families: one file each, every one a lane kernel over the shared `Plan`.
pub mod catalog;
pub mod elementwise;
pub mod reduce;
