//! Replay scripts: one command per line, run against a session headless. A malformed line or a
//! command the session refuses stops the replay with a `bad-command` diagnostic at
//! `file:line:col`.

use crate::base::diag::{Diagnostic, Span};
use crate::debug::command::{parse_line, Command};
use crate::debug::session::Session;

/// What one script line printed.
#[derive(Clone, Debug, PartialEq)]
pub struct Echo {
    pub line: u32,
    pub command: String,
    pub text: Vec<String>,
}

/// Runs every line of `script` on `session`. Returns what each command printed, or the first
/// bad line as a diagnostic (with what was printed before it).
pub fn run(session: &mut Session, script: &str) -> (Vec<Echo>, Option<Diagnostic>) {
    let mut out = Vec::new();
    for (n, raw) in script.lines().enumerate() {
        let line = n as u32 + 1;
        let cmd = match parse_line(raw) {
            Ok(None) => continue,
            Ok(Some(c)) => c,
            Err(e) => {
                let d = Diagnostic::error("bad-command", e.message).at(Span::new(line, e.col));
                return (out, Some(d));
            }
        };
        match session.apply(&cmd) {
            Ok(reply) => {
                if shows_something(&cmd) || reply.stop.is_some() {
                    let command = raw.split('#').next().unwrap_or("").trim().to_string();
                    out.push(Echo {
                        line,
                        command,
                        text: reply.text,
                    });
                }
            }
            Err(msg) => {
                let col = raw.len() - raw.trim_start().len() + 1;
                let d = Diagnostic::error("bad-command", msg).at(Span::new(line, col as u32));
                return (out, Some(d));
            }
        }
    }
    (out, None)
}

/// Commands whose output a replay prints (besides any stop).
fn shows_something(c: &Command) -> bool {
    matches!(
        c,
        Command::Where
            | Command::Print { .. }
            | Command::Examine { .. }
            | Command::LastWriter(_)
            | Command::InfoBreakpoints
    )
}
