//! The command line's definitions (docs/format.md §9): clap's `Cli` and `Command`, the flags
//! shared by several commands (`UiArgs`, `CppArgs`) and the value parsers (products, sizes,
//! seconds, byte counts).

use crate::sim::Product;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

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
pub(super) fn parse_bytes(s: &str) -> Result<MemoryLimit, String> {
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
    pub(super) fn options(
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
                host: None,
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
    pub(super) fn deadline(self) -> Option<std::time::Instant> {
        self.0.map(|d| std::time::Instant::now() + d)
    }
}

/// Seconds, e.g. `10` or `2.5`; 0 is no limit.
pub(super) fn parse_seconds(s: &str) -> Result<Seconds, String> {
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
pub(super) fn parse_size(s: &str) -> Result<(u16, u16), String> {
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
        #[arg(required_unless_present = "python")]
        program: Option<PathBuf>,
        /// A pyasc script and its arguments, after `--`: replays its launch --launch N.
        #[arg(last = true, value_name = "SCRIPT.py ARGS")]
        python: Vec<String>,
        /// A pyasc script's launch to replay (from 0).
        #[arg(long = "launch", value_name = "N", default_value_t = 0)]
        launch: usize,
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
        /// Write a JSON report of every launch (each `ascstep run --report json`'s, with the
        /// kernel and where the script launched it) to FILE when Python ends.
        #[arg(long = "report-file", value_name = "FILE")]
        report_file: Option<PathBuf>,
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

pub(super) fn parse_product(s: &str) -> Result<Product, String> {
    Product::parse(s).ok_or_else(|| format!("unknown product `{s}`; valid: {}", Product::list()))
}

/// The products `ascstep diff` compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Products(pub Vec<Product>);

/// `all` or `K1,K2,…` (docs/format.md §2, §9).
pub(super) fn parse_products(s: &str) -> Result<Products, String> {
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
