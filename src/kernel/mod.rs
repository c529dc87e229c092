//! C++ kernels as written (docs/format.md §12): the kernel's own source compiled for the host
//! against ascstep's Ascend C headers (`include/`, embedded in the binary), run as a child
//! process whose every API call is one message, recorded as a Program of the same IR the RON
//! front end produces and executed as it grows, so that the kernel's reads see the simulated
//! data. The engine, checks, reports and UI then need no C++ knowledge.
//!
//! The parts: `source` (launch rewriting, names read from the source), `compile` (compiler,
//! headers, cache), `child` (the process and its messages), `record` (messages → Program).

pub mod binding;
pub mod branches;
pub mod cexpr;
pub mod child;
pub mod compile;
pub mod ending;
pub mod explain;
pub mod gtest;
pub mod guards;
pub mod import;
pub mod launches;
pub mod layout;
pub mod msg;
pub mod record;
pub mod registration;
pub mod source;
pub mod tiling;
pub mod tpl;
pub mod ut;

pub use child::{default_memory_limit, End, Limits, Output};
pub use compile::{CompileError, Flags};

use crate::base::diag::Diagnostic;
use crate::base::ir::Program;
use crate::base::product::Product;
use crate::sim::Machine;
use std::path::Path;

/// How to compile and run a kernel.
#[derive(Clone, Debug)]
pub struct Options {
    pub product: Product,
    pub flags: Flags,
    /// The run's time and memory bounds.
    pub limits: Limits,
    pub output: Output,
    /// The directory `main` runs in (None: ascstep's own).
    pub cwd: Option<std::path::PathBuf>,
    /// `--opbase DIR`: the hicann/opbase checkout CANN's layout takes common headers from
    /// (None: `opbase` beside the repository, where there is one).
    pub opbase: Option<std::path::PathBuf>,
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

fn read(file: &Path) -> Result<String, CompileError> {
    let source = std::fs::read(file)
        .map_err(|e| CompileError::Io(format!("cannot read {}: {e}", file.display())))?;
    Ok(String::from_utf8_lossy(&source).into_owned())
}

/// Compiles `file` (or takes it from the cache) and runs it, recording every API call.
pub fn run(file: &Path, opts: &Options) -> Result<Run, CompileError> {
    let source = read(file)?;
    let compiled = compile::compile(file, opts.product, &opts.flags)?;
    let rec = record::Recorder::new(file, &source, opts.product);
    record(rec, compiled, opts)
}

/// Runs a binding program's kernel (docs/format.md §12.2): compiled with a host `main` that
/// passes the program's arguments; judged by the program's `expect`.
/// A binding's errors name the program's `code: Kernel(…)` position.
pub fn run_binding(p: &Program, opts: &Options) -> Result<Run, CompileError> {
    let Some(kb) = p.kernel.as_deref() else {
        return Err(CompileError::Binding(format!(
            "{}: the program has no `code: Kernel(…)`",
            p.path.display()
        )));
    };
    bound(p, kb, opts).map_err(|e| match e {
        CompileError::Binding(m) => CompileError::Binding(format!(
            "{}:{}:{}: {m}",
            p.path.display(),
            kb.span.line,
            kb.span.col
        )),
        e => e,
    })
}

fn bound(
    p: &Program,
    kb: &crate::base::ir::KernelBinding,
    opts: &Options,
) -> Result<Run, CompileError> {
    let source = read(&kb.file)?;
    let mut flags = opts.flags.clone();
    flags.defines.splice(0..0, kb.define.iter().cloned());
    flags.defines.extend(binding::tiling_type(kb));
    let kernel_dir = kb.file.parent().map(Path::to_path_buf).unwrap_or_default();
    // In an operator repository, compiled through CANN's `ascendc/` layout.
    let (kernel, staged) = match layout::of(&kb.file) {
        Some(l) => {
            let ob = layout::opbase(&l.repo, opts.opbase.as_deref());
            layout::stage(&l, ob.as_deref(), &compile::cache_dir()).map_err(|e| {
                CompileError::Io(format!(
                    "cannot lay out CANN's kernel tree in the cache: {e}"
                ))
            })?
        }
        None => (kb.file.clone(), Vec::new()),
    };
    // The staged tree's root, to name the checkout's files in compiler messages.
    let ascendc = staged.last().cloned();
    // The compiled file's own directory first (the staged copy's in CANN's layout): a kernel
    // the launcher holds inline (a host launch rewritten) finds its quoted includes there.
    let compiled_dir = std::fs::canonicalize(&kernel)
        .ok()
        .and_then(|k| k.parent().map(Path::to_path_buf))
        .filter(|d| !d.as_os_str().is_empty());
    flags.includes.splice(
        0..0,
        compiled_dir
            .into_iter()
            .chain(std::iter::once(kernel_dir))
            .chain(kb.include.iter().cloned())
            .chain(staged),
    );
    // A template entry named bare: the instantiation its tiling key selects.
    let chosen = instantiation(kb, &kernel, &source, opts.product, &flags)?;
    let kb = chosen.as_ref().unwrap_or(kb);
    // An entry defined in several `#if` branches is checked against the branch the compile
    // takes, as the preprocessor leaves the file.
    let bare = source::base_name(&kb.entry);
    let defined: Vec<source::Entry> = source::entries_all(&source)
        .into_iter()
        .filter(|e| e.name == bare)
        .collect();
    // A parameter list a macro stands for is read only from what the preprocessor makes of it.
    let checked = match defined.as_slice() {
        [] => None,
        [e] if !e.macro_params => None,
        _ => compile::preprocess(&kernel, opts.product, &flags),
    };
    if let Some(why) = binding::check_args(kb, checked.as_deref().unwrap_or(&source)) {
        // Parameters a macro stands for (`void k(INPLACE_APPLY_ADAGRAD_V2_PARAMS)`): checked
        // against what the preprocessor makes of them.
        let expanded = match checked {
            Some(_) => None,
            None => compile::preprocess(&kernel, opts.product, &flags),
        };
        // Told in the names the compiler sees, where the preprocessor could say.
        match expanded.map(|pre| binding::check_args(kb, &pre)) {
            Some(None) => {}
            Some(Some(seen)) => return Err(CompileError::Binding(seen)),
            None => return Err(CompileError::Binding(why)),
        }
    }
    let prelude = binding::tiling_prelude(kb, &source, &kernel, &flags.includes, opts.product)
        .map_err(CompileError::Binding)?;
    let dir = std::fs::canonicalize(p.path.parent().unwrap_or(Path::new("."))).unwrap_or_default();
    let stem = p.path.file_stem().unwrap_or_default().to_string_lossy();
    let launcher = dir.join(format!("{stem}.launch.cpp"));
    // On ascstep's runtime and kernel_tiling.h precompiled once per product: the launcher
    // starts with them, and defines its tiling struct in its text rather than with `-D`.
    compile::precompile("ascstep/kernel_pch.h", opts.product, &Flags::default());
    let mut launch_flags = flags.clone();
    launch_flags
        .defines
        .retain(|d| !d.starts_with("ASCSTEP_TILING_TYPE="));
    launch_flags.first_include = Some("ascstep/kernel_pch.h".into());
    let compiled = compile::compile_text(
        &launcher,
        &binding::launcher(p, kb, &kernel, &prelude),
        opts.product,
        &launch_flags,
    )
    .map_err(|e| match (e, &ascendc) {
        (CompileError::Rejected { compiler, output }, Some(root)) => CompileError::Rejected {
            compiler,
            output: layout::unstage(&output, root),
        },
        (e, _) => e,
    })?;
    let mut rec = record::Recorder::new(&kb.file, &source, opts.product);
    for (name, a) in &kb.args {
        match a {
            crate::base::ir::KernelArg::Gm { tensor: Some(t) } => {
                rec.preset(name, p.tensors[*t].clone())
            }
            crate::base::ir::KernelArg::List { tensors } => {
                for (i, t) in tensors.iter().enumerate() {
                    rec.preset(&format!("{name}_{i}"), p.tensors[*t].clone());
                }
            }
            _ => {}
        }
    }
    let mut run = record(rec, compiled, opts)?;
    // The program's expectations, on the recording's tensors of the same names.
    let tensors = &run.machine.program().tensors;
    let expect = p
        .expect
        .iter()
        .filter_map(|e| {
            let name = &p.tensors.get(e.tensor)?.name;
            let i = tensors.iter().position(|t| &t.name == name)?;
            Some(crate::base::ir::Expect {
                tensor: i,
                ..e.clone()
            })
        })
        .collect();
    run.machine.set_expect(expect);
    Ok(run)
}

/// The binding with the template arguments and key of the instantiation its `tiling_key`
/// (default 0) selects, when it names a template entry without arguments (None otherwise).
/// `kernel` is the file as compiled (its staged copy in CANN's layout, where a `../../op/x.h`
/// include resolves).
fn instantiation(
    kb: &crate::base::ir::KernelBinding,
    kernel: &Path,
    source: &str,
    product: Product,
    flags: &compile::Flags,
) -> Result<Option<crate::base::ir::KernelBinding>, CompileError> {
    if kb.entry.contains('<') {
        return Ok(None);
    }
    let bare = source::base_name(&kb.entry);
    // A template entry in any `#if` branch of the text; which branch the compiler sees, the
    // preprocessed kernel says.
    let Some(e) = source::entries_all(&branches::taken(source, product))
        .into_iter()
        .find(|e| e.name == bare && !e.template.is_empty())
    else {
        return Ok(None);
    };
    let mut pre_flags = flags.clone();
    pre_flags.defines.push("ASCENDC_TPL_PRE".into());
    // A kernel the preprocessor rejects: the compile says why.
    let Some(pre) = compile::preprocess(kernel, product, &pre_flags) else {
        return Ok(None);
    };
    // A plain entry of the same name beside the template (roll's `extern "C"` one) is what a
    // call without template arguments reaches, as in C++'s overload resolution.
    let all = source::entries_all(&pre);
    if all.iter().any(|x| x.name == bare && x.template.is_empty()) {
        return Ok(None);
    }
    let bad = |why: String| CompileError::Binding(why);
    // The parameters as the compiler sees them: a macro such as atvoss's `REDUCE_TPL_PARAM`
    // stands for several.
    let e = all
        .into_iter()
        .find(|x| x.name == bare && !x.template.is_empty())
        .unwrap_or(e);
    let head = format!("a template over ({})", e.template.join(", "));
    let t = tpl::read(&pre)
        .map_err(|why| bad(format!("the kernel's tiling-key templates: {why}")))?
        .ok_or_else(|| {
            bad(format!(
                "the entry `{bare}` is {head} and the kernel declares no ASCENDC_TPL_ARGS_DECL: name its arguments, entry: \"{bare}<…>\""
            ))
        })?;
    if t.decl.len() != e.template.len() {
        let declared: Vec<&str> = t.decl.iter().map(|p| p.name.as_str()).collect();
        return Err(bad(format!(
            "the entry `{bare}` is {head}, but ASCENDC_TPL_ARGS_DECL declares {} parameters ({}): name its arguments, entry: \"{bare}<…>\"",
            declared.len(),
            declared.join(", ")
        )));
    }
    let key = kb.tiling_key.unwrap_or(0);
    let vals = t.decode(key).map_err(|why| {
        bad(format!(
            "the entry `{bare}` is {head}; {why}; give one as `tiling_key`, or name the arguments, entry: \"{bare}<…>\""
        ))
    })?;
    let args = t
        .arguments(&vals)
        .map_err(|why| bad(format!("the entry `{bare}` is {head}: {why}")))?;
    Ok(Some(crate::base::ir::KernelBinding {
        entry: format!("{bare}<{}>", args.join(", ")),
        tiling_key: Some(key),
        ..kb.clone()
    }))
}

fn record(
    mut rec: record::Recorder,
    compiled: compile::Compiled,
    opts: &Options,
) -> Result<Run, CompileError> {
    let only: Vec<String> = opts.only_blocks.iter().map(u32::to_string).collect();
    let env = [("ASCSTEP_BLOCKS", only.join(","))];
    let supervisor = compile::supervisor()?;
    let (end, output) = child::run(
        &supervisor,
        &compiled.exe,
        &mut rec,
        opts.limits,
        opts.output,
        opts.cwd.as_deref(),
        &env,
    );
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
