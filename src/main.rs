//! The `ascstep` binary: parse arguments, call the library, exit with its code.
use clap::Parser;

fn main() {
    let cli = match ascstep::cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            // --help and --version are successes; every other parse failure is a usage error.
            std::process::exit(if e.use_stderr() {
                ascstep::cli::EXIT_USAGE
            } else {
                0
            });
        }
    };
    std::process::exit(ascstep::cli::main_with(cli));
}
