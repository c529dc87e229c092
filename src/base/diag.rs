//! Diagnostics: one type for every error and warning, whether raised by the loader (with a
//! source position) or by the machine when an instruction is reached (with the instruction,
//! repeat and block as well). Rendering as `file:line:col: error[code]: message` plus the
//! source line and a caret lives here too.

use serde::Serialize;
use std::fmt::Write as _;
use std::sync::Arc;

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
    /// The file `span` points into when it is not the program's own: a header a C++ kernel
    /// called from (docs/format.md §12.4). None: the program's file.
    #[serde(skip)]
    pub elsewhere: Option<Arc<SourceText>>,
}

/// A file's path as shown and its text, for a diagnostic that points into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceText {
    pub path: String,
    pub text: Arc<str>,
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
            elsewhere: None,
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

    /// Points the diagnostic into another file than the program's.
    pub fn in_file(mut self, file: Option<Arc<SourceText>>) -> Diagnostic {
        self.elsewhere = file;
        self
    }

    /// The file the diagnostic points into: its own, else the program's `file`.
    pub fn file<'a>(&'a self, file: &'a str) -> &'a str {
        self.elsewhere.as_ref().map_or(file, |e| e.path.as_str())
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
        let (file, source) = match &self.elsewhere {
            Some(e) => (e.path.as_str(), &*e.text),
            None => (file, source),
        };
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
                let (shown, prefix) = caret_line(line, s.col.saturating_sub(1) as usize);
                let _ = writeln!(out, "{num} | {shown}");
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

/// Display cells of a character in a terminal (CJK: 2; a tab is kept as a tab: 1 here).
fn cells(c: char) -> usize {
    if c == '\t' {
        1
    } else {
        unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)
    }
}

/// Longest source line shown whole, in display cells; longer lines show a window around the
/// caret with `…` where they were cut.
const SHOWN_CELLS: usize = 120;

/// The source line as shown (trimmed around column `col`, counted in characters, when it is
/// long) and the blanks that put a caret under that column, counted in display cells so that
/// CJK text before it does not shift it; tabs are kept so they line up too.
fn caret_line(line: &str, col: usize) -> (String, String) {
    let chars: Vec<char> = line.chars().collect();
    let col = col.min(chars.len());
    let total: usize = chars.iter().map(|&c| cells(c)).sum();
    let (mut start, mut end) = (0, chars.len());
    if total > SHOWN_CELLS {
        let mut left = 0;
        start = col;
        while start > 0 && left + cells(chars[start - 1]) <= SHOWN_CELLS / 3 {
            start -= 1;
            left += cells(chars[start]);
        }
        end = col;
        let mut used = left;
        while end < chars.len() && used + cells(chars[end]) <= SHOWN_CELLS {
            used += cells(chars[end]);
            end += 1;
        }
    }
    let mut shown = String::new();
    let mut prefix = String::new();
    if start > 0 {
        shown.push('…');
        prefix.push(' ');
    }
    shown.extend(&chars[start..end]);
    if end < chars.len() {
        shown.push('…');
    }
    for &c in &chars[start..col] {
        if c == '\t' {
            prefix.push('\t');
        } else {
            prefix.push_str(&" ".repeat(cells(c)));
        }
    }
    (shown, prefix)
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
    fn the_caret_counts_display_cells_after_cjk_text() {
        // "中文" is 2 characters but 4 cells: before `x` (character 5) stand "a " (2 cells),
        // "中文" (4) and " " (1), so the caret needs 7 blanks, not 5.
        let (shown, prefix) = caret_line("a 中文 x: 1", 5);
        assert_eq!(shown, "a 中文 x: 1");
        assert_eq!(prefix, " ".repeat(7));
    }

    #[test]
    fn long_lines_are_cut_around_the_caret() {
        let line = format!("{}HERE{}", "a".repeat(300), "b".repeat(300));
        let (shown, prefix) = caret_line(&line, 300);
        assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
        assert!(shown.chars().count() <= SHOWN_CELLS + 2, "{}", shown.len());
        // The caret still lands on `H`: the blanks match the characters shown before it.
        let at = prefix.chars().count();
        assert_eq!(shown.chars().nth(at), Some('H'), "{shown} / {at}");
        // Short lines are shown whole.
        assert_eq!(caret_line("abc", 1), ("abc".to_string(), " ".to_string()));
    }

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

/// The column (1-based, in characters, as every diagnostic counts) of a line's first
/// non-blank character.
pub fn first_word_col(line: &str) -> u32 {
    let lead = line.len() - line.trim_start().len();
    line[..lead].chars().count() as u32 + 1
}

/// `text` safe for a terminal: control characters other than newline and tab (ESC, BEL, C1
/// codes …) that came from a file are shown as `\u{1b}` instead of being sent to the
/// terminal, where they could change the title, move the cursor or reset it.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `bytes` as text, or the error `bad-encoding` at the line and column (in characters) of the
/// first byte that is not UTF-8, naming the byte.
pub fn decode_utf8(bytes: &[u8]) -> Result<&str, Diagnostic> {
    match std::str::from_utf8(bytes) {
        Ok(t) => Ok(t),
        Err(e) => {
            let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
            let line = good.matches('\n').count() + 1;
            let col = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            let bad = bytes.get(e.valid_up_to()).copied().unwrap_or(0);
            Err(Diagnostic::error(
                "bad-encoding",
                format!("the file is not UTF-8: byte {bad:#04x} here does not start or continue a character"),
            )
            .at(Span::new(line as u32, col as u32))
            .note("save the file as UTF-8"))
        }
    }
}
