//! C++ kernels as written (docs/format.md §12): the kernel's own source compiled for the host
//! against ascstep's Ascend C headers (`include/`, embedded in the binary), run as a child
//! process whose every API call is one message, recorded as a Program of the same IR the RON
//! front end produces and executed as it grows, so that the kernel's reads see the simulated
//! data. The engine, checks, reports and UI then need no C++ knowledge.
//!
//! The parts: `source` (launch rewriting, names read from the source), `compile` (compiler,
//! headers, cache), `child` (the process and its messages), `record` (messages → Program).

pub mod child;
pub mod compile;
pub mod explain;
pub mod import;
pub mod record;
pub mod source;

pub use child::{End, Output};
pub use compile::{CompileError, Flags};

use crate::base::diag::Diagnostic;
use crate::base::product::Product;
use crate::sim::Machine;
use std::path::Path;
use std::time::Duration;

/// How to compile and run a kernel.
#[derive(Clone, Debug)]
pub struct Options {
    pub product: Product,
    pub flags: Flags,
    /// The run (not the compile) stops after this long.
    pub timeout: Option<Duration>,
    pub output: Output,
    /// `--block N`: run only these blocks of each launch (empty: all).
    pub only_blocks: Vec<u32>,
}

/// A recorded run.
#[derive(Debug)]
pub struct Run {
    /// The machine at the end of the recording; its program is the recording, with each
    /// instruction's C++ position and text in `origins`.
    pub machine: Machine,
    pub end: End,
    /// What the program printed, when captured.
    pub output: String,
    /// Warnings met while recording.
    pub warnings: Vec<Diagnostic>,
    /// Whether the executable came from the cache.
    pub cached: bool,
    pub launches: u32,
}

/// Whether `path` names a C++ source file rather than a RON program.
pub fn is_cpp(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("asc" | "cpp" | "cc" | "cxx" | "C")
    )
}

/// Compiles `file` (or takes it from the cache) and runs it, recording every API call.
pub fn run(file: &Path, opts: &Options) -> Result<Run, CompileError> {
    let source = std::fs::read(file)
        .map_err(|e| CompileError::Io(format!("cannot read {}: {e}", file.display())))?;
    let source = String::from_utf8_lossy(&source).into_owned();
    let compiled = compile::compile(file, opts.product, &opts.flags)?;
    let mut rec = record::Recorder::new(file, &source, opts.product);
    let only: Vec<String> = opts.only_blocks.iter().map(u32::to_string).collect();
    let env = [("ASCSTEP_BLOCKS", only.join(","))];
    let (end, output) = child::run(&compiled.exe, &mut rec, opts.timeout, opts.output, &env);
    let launches = rec.launches;
    let warnings = std::mem::take(&mut rec.warnings);
    let machine = rec.finish();
    Ok(Run {
        machine,
        end,
        output,
        warnings,
        cached: compiled.cached,
        launches,
    })
}
