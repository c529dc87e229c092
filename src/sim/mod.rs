//! The steppable Vector Unit: UB, mask register, products, addressing plans, instruction
//! families and the machine that runs them. Knows nothing about files, terminals or clap.
pub mod dtype;
pub mod isa;
pub mod mask;
pub mod product;
pub mod ub;
