//! ascstep: a stepper and debugger for Ascend C vector programs.
//!
//! Rings (see ARCHITECTURE.md): `program` turns RON text into a validated [`program::Program`];
//! `sim` is the steppable Vector Unit; `outcome` runs and judges a program headless; `report`
//! renders results; `cli` is the command line. The simulation core has no terminal or CLI
//! dependency.

pub mod base;
pub mod batch;
pub mod cli;
pub mod cli_py;
pub mod cli_ut;
pub mod debug;
pub mod diff;
pub mod files;
pub mod kernel;
pub mod outcome;
pub mod program;
pub mod report;
pub mod sim;
pub mod term;
pub mod tui;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
