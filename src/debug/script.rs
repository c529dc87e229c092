//! Replay scripts: one command per line, run against a session headless. A malformed line or a
//! command the session refuses stops the replay with a `bad-command` diagnostic at
//! `file:line:col`; past the session's deadline a `timeout` diagnostic stops it where it is.

use crate::base::diag::{Diagnostic, Span};
use crate::debug::command::{parse_line, Command};
use crate::debug::session::{Session, TIMED_OUT};

/// The diagnostic of a script line refused with `msg`: `timeout` when the session's deadline
/// stopped it (or had passed before it began), else `bad-command`.
pub fn refusal(msg: String, line: u32, col: u32) -> Diagnostic {
    let d = if msg.starts_with(TIMED_OUT) {
        Diagnostic::error(
            "timeout",
            format!(
                "{msg}; the script stops here (`--timeout SECONDS` gives it longer, 0 no limit)"
            ),
        )
    } else {
        Diagnostic::error("bad-command", msg)
    };
    d.at(Span::new(line, col))
}

/// The refusal of a line reached after the deadline passed.
pub fn late(session: &Session) -> String {
    format!("{TIMED_OUT} (at step {})", session.step_count())
}

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
        let col = crate::base::diag::first_word_col(raw);
        if session.past_deadline() {
            return (out, Some(refusal(late(session), line, col)));
        }
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
            Err(msg) => return (out, Some(refusal(msg, line, col))),
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
