//! Diagnostics as a terminal shows them: each pointed into the file its instruction came from
//! (`Program::locate`), and a kernel loop's repeats collapsed: the first `SHOWN_PER_SITE` of
//! each code at one place, then one note counting the rest (every one stays in the JSON
//! report). Used by the commands' reports and the kernel unit tests' launch lines.

use super::diag::Diagnostic;
use super::ir::Program;
use std::collections::HashMap;

/// How many diagnostics of one code at one place are shown.
pub const SHOWN_PER_SITE: u32 = 10;

/// The rendered texts of `diags` (diagnostics of `p`), collapsed per (code, place).
pub fn shown(p: &Program, diags: &[Diagnostic]) -> Vec<String> {
    let file = p.path.display().to_string();
    let mut out = Vec::new();
    let mut seen: Vec<((&'static str, String), u32)> = Vec::new();
    let mut index: HashMap<(&'static str, String), usize> = HashMap::new();
    for d in diags {
        let located = p.locate(d);
        let d = located.as_ref().unwrap_or(d);
        let place = match (&d.elsewhere, d.span) {
            (Some(e), Some(s)) => format!("{}:{}:{}", e.path, s.line, s.col),
            (None, Some(s)) => format!("{file}:{}:{}", s.line, s.col),
            (_, None) => file.clone(),
        };
        let key = (d.code, place);
        let i = *index.entry(key.clone()).or_insert_with(|| {
            seen.push((key, 0));
            seen.len() - 1
        });
        seen[i].1 += 1;
        if seen[i].1 <= SHOWN_PER_SITE {
            out.push(d.render(&file, &p.source));
        }
    }
    for ((code, place), n) in seen {
        if n > SHOWN_PER_SITE {
            out.push(format!(
                "{place}: note: {} more `{code}` here not shown ({n} in all; every one is in --report json)\n",
                n - SHOWN_PER_SITE
            ));
        }
    }
    out
}
