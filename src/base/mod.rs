//! The ground floor: data and vocabulary that every ring stands on, importing nothing of the
//! crate above it (`tests/architecture.rs` enforces this).
//!
//! - `dtype`: element types, decoded values, typed elements in little-endian bytes;
//! - `convert`: rounding and conversion between element types (docs/semantics.md §4.7);
//! - `product`: the products and their profiles (every behaviour switch a named field);
//! - `catalog`: the instruction vocabulary (`Op`, `Family`) and per-product dtype tables;
//!   `availability`: which products offer each; `pairs`: the type pairs of the mixed-type
//!   instructions; `reg_ops`: the register API's instructions (Ascend 950);
//! - `modes`: enumerated instruction arguments (CMPMODE, SELMODE);
//! - `ir`: the program IR every front end produces and the machine executes; `expr`: the
//!   scalar unit's expressions;
//! - `diag`: diagnostics with positions; `spans`: the RON position index;
//! - `equality`: the one element-equality rule of `expect`, `diff` and the divergence pane;
//! - `suggest`: "did you mean"; `rng`: SplitMix64; `text`: element values as text.
pub mod availability;
pub mod catalog;
pub mod convert;
pub mod diag;
pub mod dtype;
pub mod equality;
pub mod expr;
pub mod ir;
pub mod modes;
pub mod pairs;
pub mod product;
pub mod reg_ops;
pub mod rng;
pub mod shown;
pub mod spans;
pub mod suggest;
pub mod text;
pub mod typed_convert;
