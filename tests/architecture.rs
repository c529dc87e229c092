//! The rings of ARCHITECTURE.md, enforced: every `crate::…` path in `src/` is checked against
//! what its module may import, and the terminal and CLI crates are checked to stay in their
//! rings. A wrong-way import fails this test with the file, the line and the rule it breaks.

use std::fs;
use std::path::{Path, PathBuf};

/// The top-level module of a source file (`src/sim/plan.rs` → `sim`, `src/cli.rs` → `cli`).
fn ring_of(path: &Path) -> String {
    let rel = path.strip_prefix("src").unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// What a ring may import from the crate besides itself (`crate::X` or `crate::X::Y`
/// prefixes), and which external crates it may not use.
struct Rule {
    ring: &'static str,
    may_import: &'static [&'static str],
    may_not_import: &'static [&'static str],
    forbidden_crates: &'static [&'static str],
}

const UI_CRATES: &[&str] = &["ratatui", "crossterm", "clap"];

const RULES: &[Rule] = &[
    // The ground floor imports nothing above it.
    Rule {
        ring: "base",
        may_import: &["base"],
        may_not_import: &[],
        forbidden_crates: UI_CRATES,
    },
    // The RON front end and the simulator stand side by side on the ground floor.
    Rule {
        ring: "program",
        may_import: &["base"],
        may_not_import: &[],
        forbidden_crates: UI_CRATES,
    },
    Rule {
        ring: "sim",
        may_import: &["base", "sim", "with_dtype"],
        may_not_import: &[],
        forbidden_crates: UI_CRATES,
    },
    // The engine: no front end, no report, no UI.
    Rule {
        ring: "debug",
        may_import: &["base", "sim", "debug"],
        may_not_import: &[],
        forbidden_crates: UI_CRATES,
    },
    // Headless results.
    Rule {
        ring: "outcome",
        may_import: &["base", "sim"],
        may_not_import: &[],
        forbidden_crates: UI_CRATES,
    },
    Rule {
        ring: "report",
        may_import: &["base", "sim", "outcome", "program"],
        may_not_import: &[],
        forbidden_crates: UI_CRATES,
    },
    Rule {
        ring: "diff",
        may_import: &["base", "sim", "outcome", "report", "program"],
        may_not_import: &[],
        forbidden_crates: UI_CRATES,
    },
    Rule {
        ring: "batch",
        may_import: &["base", "sim", "outcome", "report", "program", "kernel"],
        may_not_import: &[],
        forbidden_crates: UI_CRATES,
    },
    // Writing files: std only.
    Rule {
        ring: "files",
        may_import: &[],
        may_not_import: &[],
        forbidden_crates: UI_CRATES,
    },
    // The UI reads the machine through the engine's queries: never the checker, the kernels
    // or the UB access layer, and never a front end or a report.
    Rule {
        ring: "tui",
        may_import: &["base", "sim", "debug", "tui"],
        may_not_import: &[
            "sim::check",
            "sim::family",
            "sim::access",
            "sim::lanes",
            "sim::machine",
        ],
        forbidden_crates: &["crossterm", "clap"],
    },
    // The only terminal I/O.
    Rule {
        ring: "term",
        may_import: &["base", "debug", "tui"],
        may_not_import: &[],
        forbidden_crates: &["clap"],
    },
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `crate::a::b` path (the first two segments) outside comments, with its line.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let tail = &rest[i + "crate::".len()..];
            let path: String = tail
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
            if !segs.is_empty() {
                out.push((n + 1, segs[..segs.len().min(2)].join("::")));
            }
            rest = tail;
        }
    }
    out
}

fn uses_crate(text: &str, krate: &str) -> Option<usize> {
    text.lines().position(|l| {
        let code = l.split("//").next().unwrap_or("");
        code.contains(&format!("{krate}::")) && !code.contains(&format!("crate::{krate}"))
    })
}

#[test]
fn no_module_imports_across_a_ring_the_wrong_way() {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    files.sort();
    let mut broken = Vec::new();
    let mut checked = 0;
    for f in &files {
        let ring = ring_of(f);
        let Some(rule) = RULES.iter().find(|r| r.ring == ring) else {
            continue; // cli.rs, main.rs, lib.rs: the outer ring may import anything
        };
        let text = fs::read_to_string(f).unwrap();
        for (line, path) in crate_paths(&text) {
            checked += 1;
            let top = path.split("::").next().unwrap();
            if top != ring && !rule.may_import.contains(&top) {
                broken.push(format!(
                    "{}:{line}: `{ring}` imports `crate::{path}` (it may import only {:?})",
                    f.display(),
                    rule.may_import
                ));
            } else if rule.may_not_import.iter().any(|p| path == *p) {
                broken.push(format!(
                    "{}:{line}: `{ring}` imports `crate::{path}`, which it must reach through the engine",
                    f.display()
                ));
            }
        }
        for krate in rule.forbidden_crates {
            if let Some(l) = uses_crate(&text, krate) {
                broken.push(format!(
                    "{}:{}: `{ring}` uses the `{krate}` crate",
                    f.display(),
                    l + 1
                ));
            }
        }
    }
    assert!(checked > 100, "the scan found only {checked} crate paths");
    assert!(
        broken.is_empty(),
        "wrong-way imports:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_scanner_sees_a_wrong_way_import() {
    // The checker itself must be able to fail: a line importing the loader from sim is seen.
    let text = "use crate::program::load; // a comment naming crate::tui\nfn f() {}";
    assert_eq!(crate_paths(text), [(1, "program::load".to_string())]);
    assert_eq!(uses_crate("use ratatui::text::Line;", "ratatui"), Some(0));
}
