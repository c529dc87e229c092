//! The commands' C++ side (docs/format.md §12): compiling and recording a kernel (a file with
//! `main`, a binding program, a unit test's launch), and the exit code of a compile failure.

use super::*;

/// `ascstep run FILE.asc`: compile, run `main` with its launches recorded, report on standard
/// error (docs/format.md §12.1).
pub(super) fn run_cpp(
    k: Kernel,
    product: Option<Product>,
    report: ReportFormat,
    deny_warnings: bool,
    cpp: &CppArgs,
    dump: Option<(&Path, bool)>,
) -> i32 {
    let run = match kernel_run(k, product, cpp, crate::kernel::Output::Inherit) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let name = kernel_file(&run);
    print_diagnostics(&run.machine);
    let end = kernel_end(&run, &name);
    let calls = run.machine.program().code.len();
    let product = run.machine.product();
    let o = outcome::judge(run.machine, deny_warnings);
    // A binding program is reported as a RON program is: its expectations on standard output.
    let binding = matches!(k, Kernel::Binding(_));
    if binding && report == ReportFormat::Text {
        out(&report::text_report(&o));
    }
    match report {
        ReportFormat::Text => eprintln!(
            "ascstep: {} API call{} recorded from {} launch{} on {}{}",
            calls,
            if calls == 1 { "" } else { "s" },
            run.launches,
            if run.launches == 1 { "" } else { "es" },
            product,
            if run.cached {
                " (compiled kernel from the cache)"
            } else {
                ""
            }
        ),
        ReportFormat::Json if binding => println!("{}", report::json_report(&o, &name)),
        ReportFormat::Json => eprintln!("{}", report::json_report(&o, &name)),
    }
    // --dump: the recording's tensors (a binding's GM arguments under their names), as a RON
    // program's are dumped.
    if let Some((dir, force)) = dump {
        if let Err(e) = dump_tensors(&o.machine, dir, force) {
            eprintln!("ascstep run: error[io-error]: {e}");
            return EXIT_IO;
        }
    }
    let code = match end {
        Some(code) => code,
        None if o.verdict == Verdict::Invalid => EXIT_INVALID,
        None if o.verdict == Verdict::ExpectFailed => EXIT_EXPECT,
        None => EXIT_OK,
    };
    // The process exits with this code next (`ascstep run` is its only caller): the recording
    // is left to the exit, not freed instruction by instruction (some 4 % of a 10^5-call run).
    std::mem::forget(o);
    code
}

/// How a kernel's run ended, printed; Some(exit code) unless `main` returned 0.
pub(super) fn kernel_end(run: &crate::kernel::Run, file: &str) -> Option<i32> {
    use crate::kernel::ending::Ending;
    match crate::kernel::ending::ending(run, file)? {
        Ending::MainFailed(c) => {
            eprintln!("ascstep: main returned {c}");
            Some(EXIT_EXPECT)
        }
        Ending::Error { text, shown } => {
            if !shown {
                emit(&text);
            }
            Some(EXIT_INVALID)
        }
    }
}

/// Compiles and records a C++ kernel for `debug` and `import`: the run, or the exit code of
/// its failure (printed).
pub(super) fn record_cpp(
    k: Kernel,
    product: Option<Product>,
    cpp: &CppArgs,
    output: crate::kernel::Output,
) -> Result<crate::kernel::Run, i32> {
    let run = kernel_run(k, product, cpp, output)?;
    match kernel_end(&run, &kernel_file(&run)) {
        None => Ok(run),
        Some(code) => {
            print_diagnostics(&run.machine);
            Err(code)
        }
    }
}

/// What a C++ run starts from: a file with a host `main`, or a binding program.
#[derive(Clone, Copy)]
pub(super) enum Kernel<'a> {
    File(&'a Path),
    Binding(&'a crate::base::ir::Program),
}

/// Compiles and runs a kernel (the product: `--product`, else a binding program's own),
/// printing the warnings met while recording.
pub(super) fn kernel_run(
    k: Kernel,
    product: Option<Product>,
    cpp: &CppArgs,
    output: crate::kernel::Output,
) -> Result<crate::kernel::Run, i32> {
    let run = match k {
        // A kernel unit test: the launch --gtest_filter and --launch select (docs/format.md §13).
        Kernel::File(f) if crate::kernel::ut::is_ut(f) => {
            let product = product.unwrap_or_else(|| crate::kernel::ut::product_of(f));
            let mut opts = cpp.options(Some(product), output);
            // The test program runs whole (its other tests too); its output is not the kernel's.
            opts.output = crate::kernel::Output::Capture;
            crate::kernel::ut::recorded(f, &opts, cpp.gtest_filter.clone(), cpp.launch)
        }
        Kernel::File(f) => crate::kernel::run(f, &cpp.options(product, output)),
        Kernel::Binding(p) => {
            crate::kernel::run_binding(p, &cpp.options(product.or(Some(p.product)), output))
        }
    }
    .map_err(compile_failure)?;
    let name = kernel_file(&run);
    for d in &run.warnings {
        emit_in(d, run.machine.program(), &name);
    }
    Ok(run)
}

/// The file a recording's diagnostics point into: the kernel's source.
pub(super) fn kernel_file(run: &crate::kernel::Run) -> String {
    run.machine.program().path.display().to_string()
}

/// A RON program, or the recording of a C++ kernel (a file, or a binding program's kernel)
/// with what it printed.
pub(super) fn program_for(
    path: &Path,
    product: Option<Product>,
    cpp: &CppArgs,
    report: ReportFormat,
) -> Result<(Arc<Program>, String), i32> {
    // A run that ended early (a rejected call, a crash, a time-out) is still debugged up to
    // where it got: that is where its bug is.
    let recorded = |k: Kernel| -> Result<(Arc<Program>, String), i32> {
        let run = kernel_run(k, product, cpp, crate::kernel::Output::Capture)?;
        match kernel_end(&run, &kernel_file(&run)) {
            Some(code) if run.machine.program().code.is_empty() => Err(code),
            _ => Ok((run.machine.program().clone(), run.output)),
        }
    };
    if crate::kernel::is_cpp(path) {
        return recorded(Kernel::File(path));
    }
    let p = load_reporting(path, report, product)?;
    if p.kernel.is_some() {
        return recorded(Kernel::Binding(&p));
    }
    Ok((p, String::new()))
}

/// A kernel that did not compile: exit 4 without a compiler, else 3.
pub(crate) fn compile_failure(e: crate::kernel::CompileError) -> i32 {
    use crate::kernel::CompileError;
    match e {
        CompileError::NoCompiler(m) => {
            eprintln!("ascstep: error[no-compiler]: {m}");
            EXIT_IO
        }
        CompileError::Io(m) => {
            eprintln!("ascstep: error[io-error]: {m}");
            EXIT_IO
        }
        CompileError::Binding(m) => {
            eprintln!("ascstep: error[binding]: {m}");
            EXIT_INVALID
        }
        CompileError::Usage(m) => {
            eprintln!("ascstep: error[usage]: {m}");
            EXIT_USAGE
        }
        CompileError::Rejected { compiler, output } => {
            emit(&format!(
                "error[compile-error]: {}\n",
                crate::kernel::explain::explain(&output)
            ));
            emit(&format!("--- {compiler} said:\n{output}"));
            EXIT_INVALID
        }
    }
}
