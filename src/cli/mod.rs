//! The command line (docs/format.md §9): clap definitions and the commands, mapping every
//! outcome to the documented exit code. Diagnostics go to stderr, reports to stdout.

use crate::base::ir::Program;
use crate::outcome::{self, Verdict};
use crate::program;
use crate::report;
use crate::sim::Product;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod args;
mod kernels;
pub use args::*;
pub(crate) use kernels::compile_failure;
use kernels::*;

/// Exit codes (docs/format.md §9).
pub const EXIT_OK: i32 = 0;
pub const EXIT_EXPECT: i32 = 1;
pub const EXIT_USAGE: i32 = 2;
pub const EXIT_INVALID: i32 = 3;
/// A file could not be read or written (docs/format.md §9).
pub const EXIT_IO: i32 = 4;

/// The exit code of a program that did not load: 4 when its file or a data file could not be
/// read, 3 when it is invalid.
fn load_exit(e: &program::LoadError) -> i32 {
    if e.is_io() {
        EXIT_IO
    } else {
        EXIT_INVALID
    }
}

/// Whether diagnostics on stderr are coloured: on a terminal, unless `NO_COLOR` is set
/// (https://no-color.org).
fn colour() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal()
}

/// Writes rendered diagnostics to stderr, coloured when `colour()`.
/// A replay's JSON report: `j` with the position, the stops and the commands' output.
fn with_replay(
    mut j: serde_json::Value,
    session: &crate::debug::Session,
    echoes: &[crate::debug::script::Echo],
) -> serde_json::Value {
    j["position"] = serde_json::json!(session.position());
    if let Some(at) = session.cpp_at() {
        j["source"] = serde_json::json!(at);
    }
    j["stops"] = serde_json::json!(session.stops());
    j["output"] = serde_json::json!(echoes
        .iter()
        .map(|e| serde_json::json!({"line": e.line, "command": e.command, "text": e.text}))
        .collect::<Vec<_>>());
    j
}

/// A replay script's text: exit 4 when it cannot be read, 3 when it is not UTF-8 (with the
/// line and column of the first bad byte).
fn read_script(script: &Path) -> Result<String, i32> {
    let bytes = std::fs::read(script).map_err(|e| {
        eprintln!(
            "{}: error[io-error]: cannot read the script: {e}",
            script.display()
        );
        EXIT_IO
    })?;
    match crate::base::diag::decode_utf8(&bytes) {
        Ok(t) => Ok(t.to_string()),
        Err(d) => {
            emit(&d.render(
                &script.display().to_string(),
                &String::from_utf8_lossy(&bytes),
            ));
            Err(EXIT_INVALID)
        }
    }
}

/// Text from files on stdout: control characters escaped (`base::diag::printable`).
pub(crate) fn out(text: &str) {
    print!("{}", crate::base::diag::printable(text));
}

pub(crate) fn emit(text: &str) {
    let text = &*crate::base::diag::printable(text);
    if colour() {
        eprint!("{}", crate::base::diag::paint(text));
    } else {
        eprint!("{text}");
    }
}

/// Loads a program, printing its diagnostics on failure.
fn load(path: &Path) -> Result<Arc<Program>, i32> {
    match program::load(path) {
        Ok(p) => Ok(Arc::new(p)),
        Err(e) => {
            emit(&e.render());
            Err(load_exit(&e))
        }
    }
}

/// `load`, and with `--report json` one JSON object also for an invalid program (the
/// contract promises it for `run` and `replay`).
fn load_reporting(
    path: &Path,
    report: ReportFormat,
    product: Option<Product>,
) -> Result<Arc<Program>, i32> {
    match program::load(path) {
        Ok(p) => Ok(Arc::new(p)),
        Err(e) => {
            emit(&e.render());
            if report == ReportFormat::Json {
                let file = path.display().to_string();
                println!(
                    "{}",
                    report::load_failure_json(&e, &file, product.unwrap_or_default())
                );
            }
            Err(load_exit(&e))
        }
    }
}

fn print_diagnostics(m: &crate::sim::Machine) {
    for text in crate::base::shown::shown(m.program(), m.diagnostics()) {
        emit(&text);
    }
}

/// Prints `d`, pointed into the C++ file its instruction came from where that is not the
/// program's own (Program::locate).
fn emit_in(d: &crate::base::diag::Diagnostic, p: &crate::base::ir::Program, file: &str) {
    let located = p.locate(d);
    emit(&located.as_ref().unwrap_or(d).render(file, &p.source));
}

/// Runs the parsed command line; returns the exit code.
pub fn main_with(cli: Cli) -> i32 {
    program::allow_files_anywhere(cli.allow_files_anywhere);
    let command = match (cli.command, cli.program) {
        (Some(c), _) => c,
        (None, Some(program)) => Command::Tui {
            program,
            cpp: CppArgs {
                flags: CppFlags::default(),
                timeout: Seconds(Some(std::time::Duration::from_secs(10))),
                gtest_filter: None,
                launch: 0,
            },
            ui: cli.ui,
        },
        (None, None) => {
            eprintln!(
                "usage: ascstep PROGRAM | ascstep <run|check|test|replay|diff|tui|completions> … (see --help)"
            );
            return EXIT_USAGE;
        }
    };
    match command {
        Command::Tui { program, cpp, ui } => tui(&program, &ui, &cpp),
        Command::Debug {
            file,
            python,
            cpp,
            ui,
        } => match file {
            Some(program) if python.is_empty() => tui(&program, &ui, &cpp),
            Some(_) => {
                eprintln!("ascstep debug: error[usage]: give a file, or a pyasc script after `--`, not both");
                EXIT_USAGE
            }
            None => crate::cli_py::debug(&python, &ui, &cpp),
        },
        Command::Py {
            product,
            timeout,
            deny_warnings,
            report_file,
            args,
        } => crate::cli_py::py(
            &args,
            &crate::cli_py::PyOptions {
                product,
                timeout: timeout.0,
                deny_warnings,
                report: report_file,
                keep: None,
                stdout_to_stderr: false,
            },
        ),
        Command::Import {
            file,
            python,
            product,
            cpp,
        } => {
            let (file, _kept) = match file_or_script("import", file, &python, product, &cpp) {
                Ok(f) => f,
                Err(code) => return code,
            };
            let loaded;
            let k = if crate::kernel::is_cpp(&file) {
                Kernel::File(&file)
            } else {
                loaded = match load_reporting(&file, ReportFormat::Text, product) {
                    Ok(p) if p.kernel.is_some() => p,
                    Ok(_) => {
                        eprintln!("{}: error[usage]: import takes a C++ kernel or a binding program (`code: Kernel(…)`)", file.display());
                        return EXIT_USAGE;
                    }
                    Err(code) => return code,
                };
                Kernel::Binding(&loaded)
            };
            // What `main` prints goes to standard error: standard output is the program.
            let run = match record_cpp(k, product, &cpp, crate::kernel::Output::ToStderr) {
                Ok(r) => r,
                Err(code) => return code,
            };
            out(&crate::kernel::import::ron(&run));
            EXIT_OK
        }
        Command::Test {
            paths,
            product,
            junit,
            force,
            jobs,
            partition,
            cpp,
        } => {
            let jobs = jobs.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                |j| j as usize,
            );
            let mut kernel = cpp.options(product, crate::kernel::Output::Capture);
            // Kernels running side by side share the default bound (half the memory).
            if cpp.flags.memory_limit.is_none() {
                kernel.limits.memory = kernel.limits.memory.map(|m| m / jobs as u64);
            }
            let opts = crate::batch::Options { product, kernel };
            test(&paths, &opts, jobs, partition, junit.as_deref(), force)
        }
        Command::Ut {
            file,
            product,
            gtest_filter,
            deny_warnings,
            junit,
            report,
            flags,
            timeout,
        } => {
            let cpp = CppArgs {
                flags,
                timeout,
                gtest_filter: None,
                launch: 0,
            };
            // Without --product: the product of the op's UT build (docs/format.md §13).
            let product = product.unwrap_or_else(|| crate::kernel::ut::product_of(&file));
            let opts = cpp.options(Some(product), crate::kernel::Output::Inherit);
            let ut = crate::kernel::ut::UtOptions {
                filter: gtest_filter,
                junit,
                json: None,
                keep: None,
                deny_warnings,
            };
            crate::cli_ut::ut(&file, &opts, &ut, report)
        }
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut cmd = Cli::command();
            clap_complete::generate(shell, &mut cmd, "ascstep", &mut std::io::stdout());
            EXIT_OK
        }
        Command::Run {
            program,
            product,
            report,
            deny_warnings,
            dump,
            force,
            cpp,
        } => {
            let dump = dump.as_deref().map(|d| (d, force));
            if crate::kernel::is_cpp(&program) {
                return run_cpp(
                    Kernel::File(&program),
                    product,
                    report,
                    deny_warnings,
                    &cpp,
                    dump,
                );
            }
            let p = match load_reporting(&program, report, product) {
                Ok(p) => p,
                Err(code) => return code,
            };
            if p.kernel.is_some() {
                return run_cpp(
                    Kernel::Binding(&p),
                    product,
                    report,
                    deny_warnings,
                    &cpp,
                    dump,
                );
            }
            let product = product.unwrap_or(p.product);
            let o = outcome::run(p, product, deny_warnings);
            print_diagnostics(&o.machine);
            match report {
                ReportFormat::Text => out(&report::text_report(&o)),
                ReportFormat::Json => {
                    let file = program.display().to_string();
                    println!("{}", report::json_report(&o, &file));
                }
            }
            if let Some((dir, force)) = dump {
                if let Err(e) = dump_tensors(&o.machine, dir, force) {
                    eprintln!("ascstep run: error[io-error]: {e}");
                    return EXIT_IO;
                }
            }
            match o.verdict {
                Verdict::Ok | Verdict::Paused => EXIT_OK,
                Verdict::ExpectFailed => EXIT_EXPECT,
                Verdict::Invalid => EXIT_INVALID,
            }
        }
        Command::Replay {
            program,
            python,
            launch,
            script,
            report,
            screen,
            size,
            timeout,
            cpp,
            ui,
        } => {
            let cpp = CppArgs {
                flags: cpp,
                timeout,
                gtest_filter: None,
                launch,
            };
            let (program, _kept) =
                match file_or_script("replay", program, &python, ui.product, &cpp) {
                    Ok(f) => f,
                    Err(code) => return code,
                };
            if screen {
                replay_screen(&program, &script, size, &ui, &cpp)
            } else {
                replay(&program, &script, ui.product, report, &cpp)
            }
        }
        Command::Diff {
            program,
            products,
            report,
        } => diff(&program, &products.0, report),
        Command::Check { programs, product } => {
            let mut code = EXIT_OK;
            for path in programs {
                let p = match load(&path) {
                    Ok(p) => p,
                    Err(c) => {
                        code = c;
                        continue;
                    }
                };
                let product = product.unwrap_or(p.product);
                let o = outcome::run(p, product, false);
                print_diagnostics(&o.machine);
                let m = &o.machine;
                let errors = m.diagnostics().iter().filter(|d| d.is_error()).count();
                let warnings = m.diagnostics().len() - errors;
                let shown = if path == Path::new("-") {
                    "<stdin>".to_string()
                } else {
                    path.display().to_string()
                };
                println!(
                    "{shown}: {} on {}: {}, {}",
                    if errors == 0 { "valid" } else { "invalid" },
                    product.key(),
                    report::count(errors, "error"),
                    report::count(warnings, "warning")
                );
                // Valid is not passing: say so when the expectations would fail.
                let failed = o.expectations.iter().filter(|e| !e.passed).count();
                if failed > 0 {
                    println!(
                        "{shown}: but {failed} of {} fail (`ascstep run` exits 1)",
                        report::count(o.expectations.len(), "expectation")
                    );
                }
                if errors > 0 {
                    code = EXIT_INVALID;
                }
            }
            code
        }
    }
}

/// The file a command works on: `file`, or for a pyasc script after `--` the binding program
/// of its launch `--launch N` (kept while the returned `Kept` lives); exit code otherwise.
fn file_or_script(
    command: &str,
    file: Option<PathBuf>,
    python: &[String],
    product: Option<Product>,
    cpp: &CppArgs,
) -> Result<(PathBuf, Option<crate::cli_py::Kept>), i32> {
    match file {
        Some(f) if python.is_empty() => Ok((f, None)),
        Some(_) => {
            eprintln!("ascstep {command}: error[usage]: give a file, or a pyasc script after `--`, not both");
            Err(EXIT_USAGE)
        }
        None => {
            let kept = crate::cli_py::kept_launch(python, product, cpp)?;
            program::allow_files_anywhere(true);
            Ok((kept.program.clone(), Some(kept)))
        }
    }
}

fn replay(
    program: &Path,
    script: &Path,
    product: Option<Product>,
    report: ReportFormat,
    cpp: &CppArgs,
) -> i32 {
    let deadline = cpp.timeout.deadline();
    let p = match program_for(program, product, cpp, report) {
        Ok((p, _)) => p,
        Err(code) => return code,
    };
    let text = match read_script(script) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let product = product.unwrap_or(p.product);
    let mut session = crate::debug::Session::new(p.clone(), product);
    session.set_deadline(deadline);
    let (echoes, bad) = crate::debug::script::run(&mut session, &text);
    if report == ReportFormat::Text {
        for e in &echoes {
            out(&format!("> {}\n", e.command));
            for l in &e.text {
                out(&format!("{l}\n"));
            }
        }
    }
    if let Some(d) = bad {
        let file = script.display().to_string();
        emit(&d.render(&file, &text));
        if report == ReportFormat::Json {
            let j = report::script_failure_json(&d, &file, product);
            println!("{}", with_replay(j, &session, &echoes));
        }
        return EXIT_INVALID;
    }
    let m = session.machine().clone();
    print_diagnostics(&m);
    let o = outcome::judge(m, false);
    let paused = o.verdict == Verdict::Paused;
    let pos = session.position();
    match report {
        ReportFormat::Text => {
            println!(
                "\nposition: step {} (instruction {}, repeat {}, block {}){}",
                pos.step,
                pos.instruction,
                pos.repeat,
                pos.block,
                if paused { ", paused" } else { "" }
            );
            out(&report::text_report(&o));
        }
        ReportFormat::Json => {
            let file = program.display().to_string();
            let j = report::json_report(&o, &file);
            println!("{}", with_replay(j, &session, &echoes));
        }
    }
    match o.verdict {
        Verdict::Ok | Verdict::Paused => EXIT_OK,
        Verdict::ExpectFailed => EXIT_EXPECT,
        Verdict::Invalid => EXIT_INVALID,
    }
}

/// Builds the UI state: session, theme and keymap, printing any error. A C++ kernel is
/// compiled and recorded first, what it printed shown in the log.
fn make_app(program: &Path, ui: &UiArgs, cpp: &CppArgs) -> Result<crate::tui::app::App, i32> {
    let (p, output) = program_for(program, ui.product, cpp, ReportFormat::Text)?;
    let product = ui.product.unwrap_or(p.product);
    let mut app = make_app_for(p, product, ui)?;
    for l in output.lines() {
        app.log(crate::tui::app::LogKind::Info, format!("stdout: {l}"));
    }
    Ok(app)
}

/// The UI state for a loaded program.
fn make_app_for(
    p: Arc<crate::base::ir::Program>,
    product: Product,
    ui: &UiArgs,
) -> Result<crate::tui::app::App, i32> {
    let theme = match crate::tui::theme::Theme::load(&ui.theme, Path::new("themes")) {
        Ok(t) => t,
        Err((file, text, diags)) => {
            // A theme that cannot be read is an I/O failure (exit 4), like every other file.
            let io = diags.iter().any(|d| d.code == "io-error");
            for d in diags {
                emit(&d.render(&file, &text));
            }
            return Err(if io { EXIT_IO } else { EXIT_USAGE });
        }
    };
    let keymap = match &ui.keymap {
        None => crate::tui::keymap::Keymap::default(),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| {
                eprintln!(
                    "{}: error[io-error]: cannot read the keymap: {e}",
                    path.display()
                );
                EXIT_IO
            })?;
            let text = crate::base::diag::decode_utf8(&bytes).map_err(|d| {
                emit(&d.render(
                    &path.display().to_string(),
                    &String::from_utf8_lossy(&bytes),
                ));
                EXIT_USAGE
            })?;
            crate::tui::keymap::Keymap::load_overrides(text).map_err(|diags| {
                for d in diags {
                    emit(&d.render(&path.display().to_string(), text));
                }
                EXIT_USAGE
            })?
        }
    };
    Ok(crate::tui::app::App::new(
        crate::debug::Session::new(p, product),
        theme,
        keymap,
    ))
}

/// The debugger on a program or C++ file (`debug`, `tui`, a pyasc script's kept launch).
pub(crate) fn tui_for(program: &Path, ui: &UiArgs, cpp: &CppArgs) -> i32 {
    program::allow_files_anywhere(true);
    tui(program, ui, cpp)
}

fn tui(program: &Path, ui: &UiArgs, cpp: &CppArgs) -> i32 {
    let mut app = match make_app(program, ui, cpp) {
        Ok(a) => a,
        Err(c) => return c,
    };
    match crate::term::run(&mut app) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("ascstep: terminal error: {e}");
            EXIT_INVALID
        }
    }
}

fn replay_screen(
    program: &Path,
    script: &Path,
    (w, h): (u16, u16),
    ui: &UiArgs,
    cpp: &CppArgs,
) -> i32 {
    let deadline = cpp.timeout.deadline();
    let mut app = match make_app(program, ui, cpp) {
        Ok(a) => a,
        Err(c) => return c,
    };
    let text = match read_script(script) {
        Ok(t) => t,
        Err(code) => return code,
    };
    app.session.set_deadline(deadline);
    if let Err(d) = crate::tui::run_script(&mut app, &text) {
        emit(&d.render(&script.display().to_string(), &text));
        return EXIT_INVALID;
    }
    out(&crate::tui::screen(&app, w, h));
    EXIT_OK
}

/// `ascstep diff`: exit 0 when every product agrees, 1 when they differ (or some reject the
/// program), 3 when the program does not load or every product rejects it.
fn diff(program: &Path, products: &[Product], report: ReportFormat) -> i32 {
    let file = program.display().to_string();
    let p = match program::load(program) {
        Ok(p) => Arc::new(p),
        Err(e) => {
            emit(&e.render());
            if report == ReportFormat::Json {
                println!("{}", crate::diff::load_failure_json(&e, &file));
            }
            return load_exit(&e);
        }
    };
    let d = crate::diff::diff(p.clone(), products);
    for r in d.runs.iter().filter(|r| r.error.is_some()) {
        eprintln!("{}:", r.product.key());
        print_diagnostics(&r.machine);
    }
    match report {
        ReportFormat::Text => out(&d.text()),
        ReportFormat::Json => println!("{}", d.json()),
    }
    match d.verdict() {
        crate::diff::Verdict::Agree => EXIT_OK,
        crate::diff::Verdict::Differ => EXIT_EXPECT,
        crate::diff::Verdict::Invalid => EXIT_INVALID,
    }
}

/// `ascstep test`: the batch runner (docs/format.md §9).
fn test(
    paths: &[PathBuf],
    opts: &crate::batch::Options,
    jobs: usize,
    partition: Option<crate::batch::Partition>,
    junit: Option<&Path>,
    force: bool,
) -> i32 {
    use crate::batch;
    let files = match batch::collect(paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("ascstep test: error[io-error]: cannot read {e}");
            return EXIT_IO;
        }
    };
    if files.is_empty() {
        eprintln!("ascstep test: nothing runnable under the paths given (.ron programs, C++ files with a host main, kernel unit tests)");
        return EXIT_USAGE;
    }
    let total = files.len();
    let files = batch::share(files, partition);
    if let Some(p) = partition {
        eprintln!(
            "ascstep test: share {}/{} of {total}: {} to run",
            p.k,
            p.n,
            files.len()
        );
    }
    // Refuse before running when the JUnit file is someone else's.
    if let Some(j) = junit {
        if !force && j.exists() {
            let ours = std::fs::read_to_string(j).is_ok_and(|t| {
                t.lines()
                    .nth(1)
                    .is_some_and(|l| l.starts_with(batch::JUNIT_ROOT))
            });
            if !ours {
                eprintln!(
                    "ascstep test: error[io-error]: {} exists and is not a JUnit report of ascstep; pass --force to replace it",
                    j.display()
                );
                return EXIT_IO;
            }
        }
    }
    let cases = batch::run_all(&files, opts, jobs, |c| {
        out(&format!("{}\n", batch::line(c)));
        use std::io::Write;
        let _ = std::io::stdout().flush();
    });
    println!("{}", batch::summary(&cases));
    let mut code = batch::exit_code(&cases);
    if let Some(j) = junit {
        if let Err(e) = crate::files::write_atomic(j, batch::junit(&cases).as_bytes(), true) {
            eprintln!(
                "ascstep test: error[io-error]: cannot write {}: {e}",
                j.display()
            );
            code = EXIT_IO;
        }
    }
    code
}

/// `run --dump DIR`: every tensor's bytes in its final state as `DIR/<tensor>.bin` (numpy
/// `fromfile` with the tensor's dtype reads it back; uninitialised elements are the UB's zero
/// bytes). Nothing is written when a file exists and `force` is off.
fn dump_tensors(m: &crate::sim::Machine, dir: &Path, force: bool) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let p = m.program();
    let files: Vec<(PathBuf, &crate::base::ir::Tensor)> = p
        .tensors
        .iter()
        .map(|t| {
            let safe: String = t
                .name
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || "_-.".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            (dir.join(format!("{}.bin", safe.trim_start_matches('.'))), t)
        })
        .collect();
    if !force {
        if let Some((f, _)) = files.iter().find(|(f, _)| f.exists()) {
            return Err(format!(
                "{} exists; nothing was dumped (pass --force to replace the files)",
                f.display()
            ));
        }
    }
    for (f, t) in &files {
        let bytes = m.ub().get(t.addr as u64..t.end()).unwrap_or_default();
        crate::files::write_atomic(f, bytes, true)
            .map_err(|e| format!("cannot write {}: {e}", f.display()))?;
    }
    Ok(())
}
