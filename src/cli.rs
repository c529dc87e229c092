//! The command line (docs/format.md §9): clap definitions and the commands, mapping every
//! outcome to the documented exit code. Diagnostics go to stderr, reports to stdout.

use crate::base::ir::Program;
use crate::outcome::{self, Verdict};
use crate::program;
use crate::report;
use crate::sim::Product;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::sync::Arc;

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

#[derive(Parser, Debug)]
#[command(
    name = "ascstep",
    version,
    about = "Step through and check Ascend C vector programs",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    arg_required_else_help = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `ascstep PROGRAM` opens the interactive debugger (same as `ascstep tui PROGRAM`).
    #[arg(required = true)]
    pub program: Option<PathBuf>,
    #[command(flatten)]
    pub ui: UiArgs,
    /// Let `File("…")` read data files outside the program's directory (absolute paths, `..`).
    #[arg(long, global = true)]
    pub allow_files_anywhere: bool,
}

/// Options of the terminal UI.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct UiArgs {
    #[arg(long, value_parser = parse_product, help = PRODUCT_HELP)]
    pub product: Option<Product>,
    /// Theme: default, light, high-contrast, or a path to a theme .ron file.
    #[arg(long, default_value = "default")]
    pub theme: String,
    /// A RON keymap file overriding key bindings (see README).
    #[arg(long)]
    pub keymap: Option<PathBuf>,
}

/// Options of C++ kernels (docs/format.md §12).
#[derive(clap::Args, Debug, Clone)]
pub struct CppArgs {
    #[command(flatten)]
    pub flags: CppFlags,
    /// C++ kernels: stop the kernel's run after this many seconds (0: no limit).
    #[arg(long = "timeout", value_parser = parse_seconds, default_value = "10", allow_negative_numbers = true)]
    pub timeout: Seconds,
    /// Kernel unit tests (debug, import): the googletest filter selecting the test
    /// (`Suite.Case`).
    #[arg(long = "gtest_filter", value_name = "PATTERN")]
    pub gtest_filter: Option<String>,
    /// Kernel unit tests (debug, import): which launch of the selected tests (from 0).
    #[arg(long = "launch", value_name = "N", default_value_t = 0)]
    pub launch: usize,
}

/// How a C++ kernel is compiled (docs/format.md §12.1).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct CppFlags {
    /// C++ kernels: run only block N of each launch (repeatable); GetBlockNum() still says
    /// the launch's number, and the other blocks leave global memory untouched.
    #[arg(long = "block", value_name = "N")]
    pub block: Vec<u32>,
    /// C++ kernels: a macro, `NAME` or `NAME=VALUE` (as the sample's CMakeLists passes it).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// C++ kernels: an include directory (the file's own directory always is one).
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// C++ kernels in an operator repository: the hicann/opbase checkout whose common kernel
    /// headers CANN's build lays beside the ops (default: `opbase` beside the repository).
    #[arg(long, value_name = "DIR")]
    pub opbase: Option<PathBuf>,
    /// C++ kernels: the memory the compiled program's processes may use for data, e.g. 512M
    /// or 4G (0: no bound); default half of the machine's memory.
    #[arg(long = "memory-limit", value_name = "SIZE", value_parser = parse_bytes, allow_negative_numbers = true)]
    pub memory_limit: Option<MemoryLimit>,
}

/// A memory bound in bytes; `None` for 0 (no bound).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemoryLimit(pub Option<u64>);

/// Bytes, e.g. `512M`, `4G`, `1.5GiB`, `65536` (K, M, G, T are powers of 1024); 0 is no bound.
fn parse_bytes(s: &str) -> Result<MemoryLimit, String> {
    let t = s.trim();
    let digits = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(digits);
    let scale: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        _ => 0,
    };
    match num.parse::<f64>() {
        Ok(x) if x == 0.0 && scale > 0 => Ok(MemoryLimit(None)),
        Ok(x) if scale > 0 && x.is_finite() && x * scale as f64 >= 1048576.0 && x * scale as f64 <= 1e18 => {
            Ok(MemoryLimit(Some((x * scale as f64) as u64)))
        }
        _ => Err(format!(
            "`{s}` is not a memory size; write bytes with K, M, G or T (powers of 1024), at least 1M, e.g. 512M or 4G, or 0 for no bound"
        )),
    }
}

impl CppArgs {
    fn options(
        &self,
        product: Option<Product>,
        output: crate::kernel::Output,
    ) -> crate::kernel::Options {
        crate::kernel::Options {
            product: product.unwrap_or_default(),
            flags: crate::kernel::Flags {
                defines: self.flags.define.clone(),
                includes: self.flags.include.clone(),
                link: Vec::new(),
                first_include: None,
            },
            limits: crate::kernel::Limits {
                timeout: self.timeout.0,
                memory: match self.flags.memory_limit {
                    Some(MemoryLimit(m)) => m,
                    None => crate::kernel::default_memory_limit(),
                },
            },
            output,
            cwd: None,
            opbase: self.flags.opbase.clone(),
            only_blocks: self.flags.block.clone(),
        }
    }
}

/// A time limit in seconds; `None` for 0 (no limit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seconds(pub Option<std::time::Duration>);

impl Seconds {
    /// The instant the limit ends at, counted from now.
    fn deadline(self) -> Option<std::time::Instant> {
        self.0.map(|d| std::time::Instant::now() + d)
    }
}

/// Seconds, e.g. `10` or `2.5`; 0 is no limit.
fn parse_seconds(s: &str) -> Result<Seconds, String> {
    match s.trim().parse::<f64>() {
        Ok(0.0) => Ok(Seconds(None)),
        Ok(x) if x.is_finite() && x > 0.0 && x <= 1e9 => {
            Ok(Seconds(Some(std::time::Duration::from_secs_f64(x))))
        }
        _ => Err(format!(
            "`{s}` is not a time limit; write seconds from 0 (no limit) to 1e9, e.g. 10 or 2.5"
        )),
    }
}

/// `WxH`, e.g. `160x48`.
fn parse_size(s: &str) -> Result<(u16, u16), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or(format!("`{s}` is not a size; write WxH, e.g. 160x48"))?;
    let n = |v: &str| {
        v.trim()
            .parse::<u16>()
            .ok()
            .filter(|&n| (1..=1000).contains(&n))
    };
    match (n(w), n(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!(
            "`{s}` is not a size; width and height are 1..=1000, e.g. 160x48"
        )),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Json,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a program to the end headless, check its `expect` entries and print a report.
    Run {
        program: PathBuf,
        #[arg(long, value_parser = parse_product, help = PRODUCT_HELP)]
        product: Option<Product>,
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        report: ReportFormat,
        /// Treat any warning as an error (exit 3).
        #[arg(long)]
        deny_warnings: bool,
        /// Also write every tensor's final contents as DIR/<tensor>.bin (raw little-endian,
        /// what numpy `fromfile` reads), atomically.
        #[arg(long, value_name = "DIR")]
        dump: Option<PathBuf>,
        /// Let --dump replace existing files.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        cpp: CppArgs,
    },
    /// Run debugger commands from a script headless; print what they show, then a report.
    Replay {
        program: PathBuf,
        /// The command script (one command per line, `#` comments; docs/commands.md).
        #[arg(long)]
        script: PathBuf,
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        report: ReportFormat,
        /// Print the terminal UI as it looks after the script, instead of the report.
        #[arg(long)]
        screen: bool,
        /// Screen size for --screen, WxH.
        #[arg(long, value_parser = parse_size, default_value = "160x48")]
        size: (u16, u16),
        /// Stop the script (exit 3, `timeout`) once the replay has run this many seconds;
        /// 0: no limit.
        #[arg(long, value_parser = parse_seconds, default_value = "10", allow_negative_numbers = true)]
        timeout: Seconds,
        #[command(flatten)]
        cpp: CppFlags,
        #[command(flatten)]
        ui: UiArgs,
    },
    /// Compile a C++ kernel (a file with a host `main`), run it and step the recorded run in
    /// the debugger (docs/format.md §12.1); `debug -- SCRIPT.py ARGS…` runs a pyasc script and
    /// steps its launch --launch N (docs/format.md §14).
    Debug {
        #[arg(required_unless_present = "python")]
        file: Option<PathBuf>,
        /// A pyasc script and its arguments, after `--`.
        #[arg(last = true, value_name = "SCRIPT.py ARGS")]
        python: Vec<String>,
        #[command(flatten)]
        cpp: CppArgs,
        #[command(flatten)]
        ui: UiArgs,
    },
    /// Print the recorded run of a C++ kernel as a RON program (docs/format.md §12.4).
    Import {
        #[arg(required_unless_present = "python")]
        file: Option<PathBuf>,
        /// A pyasc script and its arguments, after `--`: prints its launch --launch N.
        #[arg(last = true, value_name = "SCRIPT.py ARGS")]
        python: Vec<String>,
        #[arg(long, value_parser = parse_product, help = PRODUCT_HELP)]
        product: Option<Product>,
        #[command(flatten)]
        cpp: CppArgs,
    },
    /// The interactive debugger.
    Tui {
        program: PathBuf,
        #[command(flatten)]
        cpp: CppArgs,
        #[command(flatten)]
        ui: UiArgs,
    },
    /// Load and validate programs; print every diagnostic.
    Check {
        #[arg(required = true)]
        programs: Vec<PathBuf>,
        #[arg(long, value_parser = parse_product, help = PRODUCT_HELP)]
        product: Option<Product>,
    },
    /// Run everything runnable under the paths (directories recursively): RON and binding
    /// programs judged by their `expect` entries, C++ files with a host `main`, kernel unit
    /// tests (a line per googletest case); one line each, then `N passed, N failed` (exit 1 if
    /// one fails, 3 if one is invalid, 4 if a file cannot be read).
    Test {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[arg(long, value_parser = parse_product, help = PRODUCT_HELP)]
        product: Option<Product>,
        /// Also write a JUnit XML report to FILE (atomically).
        #[arg(long)]
        junit: Option<PathBuf>,
        /// Replace an existing --junit FILE that ascstep did not write.
        #[arg(long)]
        force: bool,
        /// Run N at a time (default: the number of cores); the output keeps the files' order.
        #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        jobs: Option<u32>,
        /// Run only share K of N (by a hash of each path; `count:K/N` for every N-th file), so
        /// that N CI machines split one suite.
        #[arg(long, value_name = "K/N", value_parser = crate::batch::parse_partition)]
        partition: Option<crate::batch::Partition>,
        #[command(flatten)]
        cpp: CppArgs,
    },
    /// Run a kernel unit test written for CANN's CPU debug library (googletest,
    /// `ICPU_RUN_KF`), built as its repository's UT build does, every launch simulated
    /// (docs/format.md §13). Exit 0 all selected tests passed, 1 one failed, 3 it does not
    /// compile, 4 a file, directory or googletest is missing.
    Ut {
        file: PathBuf,
        #[arg(long, value_parser = parse_product, help = PRODUCT_HELP)]
        product: Option<Product>,
        /// googletest's filter: which tests run (`Suite.Case`, `*`, `-` to exclude).
        #[arg(long = "gtest_filter", value_name = "PATTERN")]
        gtest_filter: Option<String>,
        /// Fail a test whose launch has a warning.
        #[arg(long)]
        deny_warnings: bool,
        /// Write googletest's XML report (one testcase per googletest case) to FILE.
        #[arg(long, value_name = "FILE")]
        junit: Option<PathBuf>,
        /// `json`: one JSON object on standard output (the tests, each launch with its
        /// diagnostics); googletest's output goes to standard error.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        report: ReportFormat,
        #[command(flatten)]
        flags: CppFlags,
        /// Stop the test program after this many seconds (0: no limit).
        #[arg(long = "timeout", value_parser = parse_seconds, default_value = "300", allow_negative_numbers = true)]
        timeout: Seconds,
    },
    /// Run Python with pyasc kernels routed through ascstep: `ascstep py -- kernel.py`,
    /// `ascstep py -- -m pytest tests/` (docs/format.md §14). The exit status is Python's.
    Py {
        #[arg(long, value_parser = parse_product, help = PRODUCT_HELP)]
        product: Option<Product>,
        /// Stop a launch after this many seconds (0: no limit).
        #[arg(long = "timeout", value_parser = parse_seconds, default_value = "60", allow_negative_numbers = true)]
        timeout: Seconds,
        /// A launch with a warning raises, as one with an error does.
        #[arg(long)]
        deny_warnings: bool,
        /// Python's arguments, after `--`.
        #[arg(last = true, value_name = "ARGS")]
        args: Vec<String>,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) to stdout.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Run a program on several products; report every element that differs and the
    /// instruction that first made it differ (exit 0 all agree, 1 they differ, 3 invalid).
    Diff {
        program: PathBuf,
        /// `all` or a comma-separated list of product keys.
        #[arg(long, value_parser = parse_products, default_value = "all")]
        products: Products,
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        report: ReportFormat,
    },
}

/// The `--product` help: every key (a unit test keeps it equal to `Product::ALL`).
pub const PRODUCT_HELP: &str = "Product to simulate, overriding the program's `product`: \
atlas_a2, atlas_training, atlas_inference, atlas_a3, atlas_200i_500_a2, ascend_950";

fn parse_product(s: &str) -> Result<Product, String> {
    Product::parse(s).ok_or_else(|| format!("unknown product `{s}`; valid: {}", Product::list()))
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
            args,
        } => crate::cli_py::py(
            &args,
            &crate::cli_py::PyOptions {
                product,
                timeout: timeout.0,
                deny_warnings,
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
            let kept;
            let file = match file {
                Some(f) if python.is_empty() => f,
                Some(_) => {
                    eprintln!("ascstep import: error[usage]: give a file, or a pyasc script after `--`, not both");
                    return EXIT_USAGE;
                }
                None => {
                    kept = match crate::cli_py::kept_launch(&python, product, &cpp) {
                        Ok(k) => k,
                        Err(code) => return code,
                    };
                    program::allow_files_anywhere(true);
                    kept.program.clone()
                }
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
            let opts = cpp.options(product, crate::kernel::Output::Inherit);
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
                launch: 0,
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

/// `ascstep run FILE.asc`: compile, run `main` with its launches recorded, report on standard
/// error (docs/format.md §12.1).
fn run_cpp(
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
    match end {
        Some(code) => code,
        None if o.verdict == Verdict::Invalid => EXIT_INVALID,
        None if o.verdict == Verdict::ExpectFailed => EXIT_EXPECT,
        None => EXIT_OK,
    }
}

/// How a kernel's run ended, printed; Some(exit code) unless `main` returned 0.
fn kernel_end(run: &crate::kernel::Run, file: &str) -> Option<i32> {
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
fn record_cpp(
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
enum Kernel<'a> {
    File(&'a Path),
    Binding(&'a crate::base::ir::Program),
}

/// Compiles and runs a kernel (the product: `--product`, else a binding program's own),
/// printing the warnings met while recording.
fn kernel_run(
    k: Kernel,
    product: Option<Product>,
    cpp: &CppArgs,
    output: crate::kernel::Output,
) -> Result<crate::kernel::Run, i32> {
    let run = match k {
        // A kernel unit test: the launch --gtest_filter and --launch select (docs/format.md §13).
        Kernel::File(f) if crate::kernel::ut::is_ut(f) => {
            let mut opts = cpp.options(product, output);
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
fn kernel_file(run: &crate::kernel::Run) -> String {
    run.machine.program().path.display().to_string()
}

/// A RON program, or the recording of a C++ kernel (a file, or a binding program's kernel)
/// with what it printed.
fn program_for(
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

/// The products `ascstep diff` compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Products(pub Vec<Product>);

/// `all` or `K1,K2,…` (docs/format.md §2, §9).
fn parse_products(s: &str) -> Result<Products, String> {
    if s.trim() == "all" {
        return Ok(Products(Product::ALL.to_vec()));
    }
    let mut v = Vec::new();
    for k in s.split(',').map(str::trim).filter(|k| !k.is_empty()) {
        let p = parse_product(k)?;
        if !v.contains(&p) {
            v.push(p);
        }
    }
    if v.is_empty() {
        return Err(format!(
            "no product given; write `all` or keys from {}",
            Product::list()
        ));
    }
    Ok(Products(v))
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
