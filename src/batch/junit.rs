//! The JUnit XML report of `ascstep test --junit` (the schema CI systems read: testsuites ›
//! testsuite › testcase, `failure` for failed expectations and tests, `error` for invalid
//! programs). The reports of `--partition` shares merge by concatenating their testcases.

use super::{Case, Result};
use std::fmt::Write as _;

/// The first line of every JUnit report ascstep writes after the XML declaration: `--junit`
/// replaces an existing file only when it starts like this (or with `--force`).
pub const JUNIT_ROOT: &str = "<testsuites name=\"ascstep\"";

/// The batch as JUnit XML.
pub fn junit(cases: &[Case]) -> String {
    let (_, failures, errors) = super::counts(cases);
    let time: f64 = cases.iter().map(|c| c.seconds).sum();
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        x,
        "{JUNIT_ROOT} tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" time=\"{time:.6}\">",
        cases.len()
    );
    let _ = writeln!(
        x,
        "  <testsuite name=\"ascstep test\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"0\" time=\"{time:.6}\">",
        cases.len()
    );
    for c in cases {
        let class = c
            .path
            .parent()
            .map_or(String::new(), |p| p.display().to_string());
        let file = c
            .path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let name = match &c.test {
            Some(t) => format!("{file} {t}"),
            None => file,
        };
        let _ = write!(
            x,
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.6}\"",
            esc(&class),
            esc(&name),
            c.seconds
        );
        match &c.result {
            Result::Passed { .. } => x.push_str("/>\n"),
            Result::Failed { message, details } => {
                let _ = writeln!(
                    x,
                    ">\n      <failure type=\"expect_failed\" message=\"{}\">{}</failure>\n    </testcase>",
                    esc(message),
                    esc(details)
                );
            }
            Result::Invalid {
                message, details, ..
            } => {
                let _ = writeln!(
                    x,
                    ">\n      <error type=\"invalid\" message=\"{}\">{}</error>\n    </testcase>",
                    esc(message),
                    esc(details)
                );
            }
        }
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}

/// Text as XML character data or attribute value: the five special characters escaped, the
/// control characters XML 1.0 cannot hold dropped.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' => out.push(ch),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_drops_control_characters() {
        assert_eq!(
            esc("a<b & \"c\" 'd'>\u{1b}[1m\n"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;[1m\n"
        );
    }
}
