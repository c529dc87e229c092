//! The debugger engine: a `Session` over a `Machine` with breakpoints, watchpoints, history
//! (reverse stepping) and one command language. No terminal dependency.
pub mod command;
pub mod divergence;
pub mod history;
pub mod script;
pub mod session;

pub use command::{parse_line, Command};
pub use session::{
    Breakpoint, Job, JobProgress, LastWrite, Position, Progress, Reply, Session, Stop, StopReason,
};
