//! Where a program comes from beyond its own text: a binding program's kernel and arguments
//! (docs/format.md §12.2) and a recorded C++ kernel's call sites (§12.4), which point its
//! diagnostics at the C++ lines.

use super::*;
use crate::base::diag::SourceText;

/// `code: Kernel(file, entry, include, define, tiling_key)`, `blocks` and `args` of a binding
/// program (docs/format.md §12.2).
#[derive(Clone, Debug, PartialEq)]
pub struct KernelBinding {
    /// The kernel's source, resolved against the program's directory.
    pub file: PathBuf,
    /// The `__global__` function called, with its template arguments (`add_example<0>`).
    pub entry: String,
    pub include: Vec<PathBuf>,
    /// `-D` macros, `NAME=VALUE`.
    pub define: Vec<String>,
    pub tiling_key: Option<u64>,
    pub blocks: u32,
    /// The entry's parameters, in order.
    pub args: Vec<(String, KernelArg)>,
    pub span: Span,
}

/// One argument of a binding.
#[derive(Clone, Debug, PartialEq)]
pub enum KernelArg {
    /// A GM tensor (its index in `Program::tensors`; None for `len: 0`), allocated as
    /// aclrtMalloc does.
    Gm { tensor: Option<usize> },
    /// A number, passed as the C++ literal written.
    Number(String),
    /// `None`: a null pointer.
    Null,
    /// `TensorList([(…), …])`: GM tensors (indices in `Program::tensors`, named
    /// `PARAM_0`, `PARAM_1`, …) passed as CANN's ListTensorDesc of one-dimensional tensors.
    List { tensors: Vec<usize> },
    /// `Tiling("Struct", { "field": value, … })`: the struct with those fields (C++
    /// assignments `field = literal`, nested `a.b`, array elements `a[2]`), the rest zero,
    /// passed by address; `header` included first when the kernel does not define it.
    Tiling {
        name: String,
        fields: Vec<(String, String)>,
        header: Option<PathBuf>,
    },
}

/// Where a recorded kernel's instructions were called: the C++ files, functions and
/// positions (docs/format.md §12.4).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Origins {
    pub files: Vec<SourceFile>,
    /// Function names, short (`KernelAdd::Compute`).
    pub functions: Vec<String>,
    /// One per instruction, in program order.
    pub sites: Vec<Site>,
    /// Each instruction as the RON call it was recorded as, with the tensors' names (shared
    /// by the instructions of one call site in a loop).
    pub calls: Vec<Arc<str>>,
}

/// A C++ source file and its text (empty when it could not be read).
#[derive(Clone, Debug, PartialEq)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: Arc<str>,
}

impl SourceFile {
    /// The file's name without its directory.
    pub fn name(&self) -> std::borrow::Cow<'_, str> {
        self.path
            .file_name()
            .unwrap_or(self.path.as_os_str())
            .to_string_lossy()
    }
}

/// The C++ call of one instruction: file and function (indices into `Origins`), 1-based line
/// and column, and the launch's block (`GetBlockIdx()`) that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Site {
    pub file: u32,
    pub function: u32,
    pub line: u32,
    pub col: u32,
    pub block: u32,
}

/// `p` canonicalized, remembered: a kernel's diagnostics are pointed by the thousand.
fn canonical(p: &std::path::Path) -> PathBuf {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static SEEN: OnceLock<Mutex<HashMap<PathBuf, PathBuf>>> = OnceLock::new();
    let mut seen = SEEN
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    seen.entry(p.to_path_buf())
        .or_insert_with(|| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()))
        .clone()
}

/// The working directory (ascstep never changes its own).
fn cwd() -> Option<&'static std::path::Path> {
    static CWD: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    CWD.get_or_init(|| std::env::current_dir().ok()).as_deref()
}

impl Origins {
    /// `d` pointed at `site`, with its file's text for the caret, when that file is not
    /// `main`; None when it is.
    pub fn point(&self, main: &std::path::Path, site: &Site, d: &Diagnostic) -> Option<Diagnostic> {
        let file = self.files.get(site.file as usize)?;
        if file.path == canonical(main) {
            return None;
        }
        let path = cwd()
            .and_then(|c| file.path.strip_prefix(c).ok().map(PathBuf::from))
            .unwrap_or_else(|| file.path.clone());
        Some(
            d.clone()
                .at(Span::new(site.line, site.col))
                .in_file(Some(Arc::new(SourceText {
                    path: path.display().to_string(),
                    text: file.text.clone(),
                }))),
        )
    }

    /// `file:line:col` of instruction `i`, with the file's name only.
    pub fn position(&self, i: usize) -> Option<String> {
        let s = self.sites.get(i)?;
        let f = self.files.get(s.file as usize)?;
        Some(format!("{}:{}:{}", f.name(), s.line, s.col))
    }

    pub fn function(&self, s: &Site) -> &str {
        self.functions
            .get(s.function as usize)
            .map_or("", String::as_str)
    }
}
