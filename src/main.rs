//! The `ascstep` binary: parse arguments, call the library, exit with its code.
use clap::Parser;

fn main() {
    // `ascstep run P | head`: when the reader closes the pipe, end quietly as other command-line
    // tools do (the default action of SIGPIPE) instead of panicking on the failed write.
    #[cfg(unix)]
    // SAFETY: called first, before any thread exists; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
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
