//! The steppable Vector Unit: UB, mask register, products, addressing plans, instruction
//! families and the machine that runs them. Knows nothing about files, terminals or clap.
pub mod access;
pub mod alike;
pub mod checks;
pub mod event;
pub mod family;
pub mod lanes;
pub mod machine;
pub mod mask;
pub mod memo;
pub mod plan;
pub mod reach;
pub mod scalar;
pub mod simd;
pub mod trace;
pub mod ub;

pub use crate::base::product::Product;
pub use event::{Access, Granularity, Pos, StepEvent};
pub use machine::{Counts, Entered, Machine, Snapshot, Status};
