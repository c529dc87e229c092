//! The command line (program-format.md §9): clap definitions and the commands, mapping every
//! outcome to the documented exit code. Diagnostics go to stderr, reports to stdout.

use crate::outcome::{self, Verdict};
use crate::program::{self, Program};
use crate::report;
use crate::sim::Product;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Exit codes (program-format.md §9).
pub const EXIT_OK: i32 = 0;
pub const EXIT_EXPECT: i32 = 1;
pub const EXIT_USAGE: i32 = 2;
pub const EXIT_INVALID: i32 = 3;

#[derive(Parser, Debug)]
#[command(
    name = "ascstep",
    version,
    about = "Step through and check Ascend C vector programs"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
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
        /// Product to simulate (overrides the program's `product`).
        #[arg(long, value_parser = parse_product)]
        product: Option<Product>,
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        report: ReportFormat,
        /// Treat any warning as an error (exit 3).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Load and validate programs; print every diagnostic.
    Check {
        #[arg(required = true)]
        programs: Vec<PathBuf>,
        #[arg(long, value_parser = parse_product)]
        product: Option<Product>,
    },
}

fn parse_product(s: &str) -> Result<Product, String> {
    Product::parse(s).ok_or_else(|| format!("unknown product `{s}`; valid: {}", Product::list()))
}

/// Loads a program, printing its diagnostics on failure.
fn load(path: &Path) -> Result<Arc<Program>, i32> {
    match program::load(path) {
        Ok(p) => Ok(Arc::new(p)),
        Err(e) => {
            eprint!("{}", e.render());
            Err(EXIT_INVALID)
        }
    }
}

fn print_diagnostics(m: &crate::sim::Machine) {
    let p = m.program();
    let file = p.path.display().to_string();
    for d in m.diagnostics() {
        eprint!("{}", d.render(&file, &p.source));
    }
}

/// Runs the parsed command line; returns the exit code.
pub fn main_with(cli: Cli) -> i32 {
    match cli.command {
        Command::Run {
            program,
            product,
            report,
            deny_warnings,
        } => {
            let p = match program::load(&program) {
                Ok(p) => Arc::new(p),
                Err(e) => {
                    eprint!("{}", e.render());
                    if report == ReportFormat::Json {
                        // The contract promises one JSON object also for invalid programs.
                        let file = program.display().to_string();
                        println!("{}", report::load_failure_json(&e, &file, product.unwrap_or_default()));
                    }
                    return EXIT_INVALID;
                }
            };
            let product = product.unwrap_or(p.product);
            let o = outcome::run(p, product, deny_warnings);
            print_diagnostics(&o.machine);
            match report {
                ReportFormat::Text => print!("{}", report::text_report(&o)),
                ReportFormat::Json => {
                    let file = program.display().to_string();
                    println!("{}", report::json_report(&o, &file));
                }
            }
            match o.verdict {
                Verdict::Ok => EXIT_OK,
                Verdict::ExpectFailed => EXIT_EXPECT,
                Verdict::Invalid => EXIT_INVALID,
            }
        }
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
                println!(
                    "{}: {} on {}: {errors} errors, {warnings} warnings",
                    path.display(),
                    if errors == 0 { "valid" } else { "invalid" },
                    product.key()
                );
                if errors > 0 {
                    code = EXIT_INVALID;
                }
            }
            code
        }
    }
}
