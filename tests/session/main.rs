//! The debugger engine driven directly (no UI, no binary): every breakpoint kind, every reverse
//! command, watchpoints on strided and masked operands, last-writer across overlapping repeats.

use ascstep::base::dtype::Value;
use ascstep::debug::command::{CmpOp, Condition, WatchKind, WatchTarget};
use ascstep::debug::{Session, StopReason};
use ascstep::program::load_str;
use ascstep::sim::plan::AccessKind;
use ascstep::sim::{Granularity, Product};
use std::path::Path;
use std::sync::Arc;

fn session(src: &str) -> Session {
    let p = load_str(Path::new("t.ron"), src).unwrap_or_else(|e| panic!("{}", e.render()));
    let product = p.product;
    Session::new(Arc::new(p), product)
}

/// Two instructions: an int16 Add of 2 repeats with a bitwise mask of even lanes, then Adds.
const TWO: &str = r#"Program(
    tensors: {
        "x": (dtype: int16, addr: 0x000, len: 256, init: Ramp(start: 1, step: 1)),
        "y": (dtype: int16, addr: 0x200, len: 256, init: Fill(10)),
        "z": (dtype: int16, addr: 0x400, len: 256, init: Fill(-1)),
    },
    code: [
        Add(dst: "z", src0: "x", src1: "y", mask: [0x5555555555555555, 0x5555555555555555],
            repeat_times: 2, params: [1, 1, 1, 8, 8, 8]),
        Adds(dst: "z", src: "z", scalar: 1, count: 256),
    ],
)"#;

mod breakpoints;
mod last_writer;
mod products;
mod stepping;
mod watchpoints;
