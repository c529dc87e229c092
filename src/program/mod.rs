//! The RON front end: program files (docs/format.md) turned into a validated
//! [`Program`](crate::base::ir::Program) of the ground floor's IR. Imports only `base`.
//!
//! Owns the loader's public surface: [`load`], [`load_str`] and [`LoadError`]. The parts:
//! `load` (program, tensors, expectations), `instr` (instructions and operands), `data` (data
//! forms and literal encoding); the text's position index is `base::spans`.
mod binding;
mod calls;
mod ctx;
pub use calls::Calls;
mod data;
pub use data::allow_files_anywhere;
mod expect;
mod expr;
mod instr;
mod load;
mod regs;
mod scalars;
#[cfg(test)]
mod tests;

use crate::base::diag::Diagnostic;
use crate::base::ir::Program;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why a program could not be loaded: every diagnostic found (a RON syntax error is one
/// diagnostic on its own; otherwise every independent problem is reported), with the text
/// they point into.
#[derive(Clone, Debug)]
pub struct LoadError {
    pub diagnostics: Vec<Diagnostic>,
    pub source: Arc<str>,
    pub path: PathBuf,
}

impl LoadError {
    /// Every diagnostic as `file:line:col: error[code]: message`, source line and caret.
    pub fn render(&self) -> String {
        let file = self.path.display().to_string();
        self.diagnostics
            .iter()
            .map(|d| d.render(&file, &self.source))
            .collect()
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// Whether a file could not be read (the program or a `File` data file): exit 4, not an
    /// invalid program (docs/format.md §9).
    pub fn is_io(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.code == "io-error" || d.code == "file-error")
    }
}

/// Reads and validates the program file at `path` (`-`: standard input, named `<stdin>` in
/// diagnostics, its `File` paths relative to the working directory). An unreadable file is one
/// `io-error` diagnostic without a position.
pub fn load(path: &Path) -> Result<Program, LoadError> {
    if path == Path::new("-") {
        let mut text = String::new();
        let stdin = Path::new("<stdin>");
        return match std::io::Read::read_to_string(&mut std::io::stdin(), &mut text) {
            Ok(_) => load_str(stdin, &text),
            Err(e) => Err(LoadError {
                diagnostics: vec![Diagnostic::error(
                    "io-error",
                    format!("cannot read the program from standard input: {e}"),
                )],
                source: Arc::from(""),
                path: stdin.to_path_buf(),
            }),
        };
    }
    match std::fs::read(path) {
        Ok(bytes) => match crate::base::diag::decode_utf8(&bytes) {
            Ok(text) => {
                // The text once in memory while the program is read: the file's bytes go.
                let source: Arc<str> = Arc::from(text);
                drop(bytes);
                load::load_source(path, source)
            }
            Err(d) => Err(LoadError {
                diagnostics: vec![d],
                source: Arc::from(String::from_utf8_lossy(&bytes).as_ref()),
                path: path.to_path_buf(),
            }),
        },
        Err(e) => Err(LoadError {
            diagnostics: vec![Diagnostic::error(
                "io-error",
                format!("cannot read the program file \"{}\": {e}", path.display()),
            )],
            source: Arc::from(""),
            path: path.to_path_buf(),
        }),
    }
}

/// Validates program text `text`; `path` is the file it came from (used in diagnostics and as
/// the base of `File("…")` data paths; it need not exist).
pub fn load_str(path: &Path, text: &str) -> Result<Program, LoadError> {
    load::load_str(path, text)
}
