//! ascstep: a stepper and debugger for Ascend C vector programs.
//!
//! Rings (see ARCHITECTURE.md): `program` turns RON text into a validated [`program::Program`];
//! `sim` is the steppable Vector Unit; `report` renders results. The simulation core has no
//! terminal or CLI dependency.

pub mod diag;
pub mod program;
pub mod sim;
