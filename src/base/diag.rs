//! Diagnostics: one type for every error and warning, whether raised by the loader (with a
//! source position) or by the machine when an instruction is reached (with the instruction,
//! repeat and block as well). Rendering as `file:line:col: error[code]: message` plus the
//! source line and a caret lives here too.

use serde::Serialize;
use std::fmt::Write as _;

/// A 1-based source position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Span {
    pub line: u32,
    pub col: u32,
}

impl Span {
    pub fn new(line: u32, col: u32) -> Span {
        Span { line, col }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// One error or warning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable kebab-case code, e.g. `misaligned-operand`.
    pub code: &'static str,
    pub message: String,
    /// Where in the program file; None only for whole-file problems (unreadable file).
    pub span: Option<Span>,
    pub instruction: Option<u32>,
    pub repeat: Option<u32>,
    pub block: Option<u32>,
    /// Extra lines: what would be valid, related positions.
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: None,
            instruction: None,
            repeat: None,
            block: None,
            notes: Vec::new(),
        }
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message)
        }
    }

    pub fn at(mut self, span: Span) -> Diagnostic {
        self.span = Some(span);
        self
    }

    pub fn at_opt(mut self, span: Option<Span>) -> Diagnostic {
        self.span = span.or(self.span);
        self
    }

    pub fn in_instr(mut self, i: u32) -> Diagnostic {
        self.instruction = Some(i);
        self
    }

    pub fn in_block(mut self, repeat: u32, block: Option<u32>) -> Diagnostic {
        self.repeat = Some(repeat);
        self.block = block;
        self
    }

    pub fn note(mut self, n: impl Into<String>) -> Diagnostic {
        self.notes.push(n.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col: error[code]: message`, the source line with a caret, and notes.
    pub fn render(&self, file: &str, source: &str) -> String {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = String::new();
        match self.span {
            Some(s) => {
                let _ = write!(out, "{file}:{}:{}: ", s.line, s.col);
            }
            None => {
                let _ = write!(out, "{file}: ");
            }
        }
        let _ = write!(out, "{sev}[{}]: {}", self.code, self.message);
        if let Some(i) = self.instruction {
            let _ = write!(out, " (instruction {i}");
            if let Some(r) = self.repeat {
                let _ = write!(out, ", repeat {r}");
            }
            if let Some(b) = self.block {
                let _ = write!(out, ", block {b}");
            }
            out.push(')');
        }
        out.push('\n');
        if let Some(s) = self.span {
            if let Some(line) = source.lines().nth(s.line.saturating_sub(1) as usize) {
                let num = s.line.to_string();
                let pad = " ".repeat(num.len());
                let _ = writeln!(out, "{pad} |");
                let _ = writeln!(out, "{num} | {line}");
                // The caret goes under the column, counted in characters; tabs are kept so it
                // lines up in a terminal.
                let prefix: String = line
                    .chars()
                    .take(s.col.saturating_sub(1) as usize)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                let _ = writeln!(out, "{pad} | {prefix}^");
            }
        }
        for n in &self.notes {
            let _ = writeln!(out, "  = note: {n}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_points_at_the_column() {
        let src = "Program(\n    code: [Addd()],\n)\n";
        let d = Diagnostic::error("unknown-instruction", "no instruction `Addd`")
            .at(Span::new(2, 12))
            .note("did you mean `Add`?");
        let r = d.render("p.ron", src);
        assert!(r.starts_with("p.ron:2:12: error[unknown-instruction]: no instruction `Addd`\n"));
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(lines[2], "2 |     code: [Addd()],");
        assert_eq!(lines[3], "  |            ^");
        assert_eq!(lines[4], "  = note: did you mean `Add`?");
    }
}

/// `text` (rendered diagnostics) with ANSI colours for a terminal: the severity of each header
/// line (`error[…]` red, `warning[…]` yellow, bold) and the caret lines.
pub fn paint(text: &str) -> String {
    const RED: &str = "\x1b[1;31m";
    const YELLOW: &str = "\x1b[1;33m";
    const CYAN: &str = "\x1b[1;36m";
    const RESET: &str = "\x1b[0m";
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        let header = [("error[", RED), ("warning[", YELLOW)]
            .into_iter()
            .find_map(|(tag, c)| line.find(tag).map(|i| (i, tag, c)));
        match header {
            Some((i, tag, c)) => {
                let end = line[i..].find("]:").map_or(i + tag.len(), |j| i + j + 1);
                out.push_str(&line[..i]);
                out.push_str(c);
                out.push_str(&line[i..end]);
                out.push_str(RESET);
                out.push_str(&line[end..]);
            }
            None if line.trim_end().ends_with('^') && line.contains(" | ") => {
                let k = line.rfind('^').unwrap_or(0);
                out.push_str(&line[..k]);
                out.push_str(CYAN);
                out.push('^');
                out.push_str(RESET);
                out.push_str(&line[k + 1..]);
            }
            None => out.push_str(line),
        }
    }
    out
}

#[cfg(test)]
mod paint_tests {
    use super::*;

    #[test]
    fn paint_colours_severity_and_caret_and_keeps_the_text() {
        let d = Diagnostic::error("bad-form", "oops").at(Span::new(1, 3));
        let plain = d.render("f.ron", "a b c\n");
        let painted = paint(&plain);
        assert!(
            painted.contains("\x1b[1;31merror[bad-form]\x1b[0m: oops"),
            "{painted:?}"
        );
        assert!(painted.contains("\x1b[1;36m^\x1b[0m"), "{painted:?}");
        // Without the escapes it is the plain text.
        let stripped = painted
            .replace("\x1b[1;31m", "")
            .replace("\x1b[1;36m", "")
            .replace("\x1b[0m", "");
        assert_eq!(stripped, plain);
    }
}
