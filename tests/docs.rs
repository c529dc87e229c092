//! The documentation a user needs is in the repository: every `docs/semantics.md §…` and
//! `docs/format.md §…` that the sources cite (in diagnostics and in comments) names a section
//! that exists, with the row of the divergence table (§9) or the item of the checker
//! constraints (§7) it names; README links point inside the repository.

use std::collections::HashSet;
use std::fs;
use std::path::Path;

/// Section numbers of a markdown file: "## 9." → "9", "### 4.6 …" → "4.6".
fn sections(doc: &str) -> HashSet<String> {
    doc.lines()
        .filter(|l| l.starts_with('#'))
        .filter_map(|l| {
            let t = l.trim_start_matches('#').trim();
            let n: String = t
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let n = n.trim_end_matches('.').to_string();
            (!n.is_empty()).then_some(n)
        })
        .collect()
}

/// The lines of section `n` ("## n." up to the next "## ").
fn section<'a>(doc: &'a str, n: &str) -> Vec<&'a str> {
    let head = format!("## {n}. ");
    doc.lines()
        .skip_while(|l| !l.starts_with(&head))
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect()
}

fn rust_sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every citation `docs/<file> §N[.M][, §K…][ row R | item I]` in the sources.
fn citations(text: &str, file: &str) -> Vec<(String, Option<(String, u32)>)> {
    let mut out = Vec::new();
    let tag = format!("docs/{file} ");
    let mut rest = text;
    while let Some(i) = rest.find(&tag) {
        rest = &rest[i + tag.len()..];
        // A list of sections: "§2.3, §11 item 2" — each with its own row/item.
        let mut cur = rest;
        while let Some(after) = cur.strip_prefix('§') {
            let num: String = after
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let num = num.trim_end_matches('.').to_string();
            if num.is_empty() {
                break;
            }
            let tail = &after[num.len()..];
            let sub = ["row", "item"].iter().find_map(|k| {
                let t = tail.strip_prefix(' ')?.strip_prefix(k)?.strip_prefix(' ')?;
                let d: String = t.chars().take_while(char::is_ascii_digit).collect();
                d.parse().ok().map(|v| (k.to_string(), v))
            });
            out.push((num, sub));
            match tail.find(", §") {
                Some(j) if !tail[..j].contains(')') && !tail[..j].contains(';') => {
                    cur = &tail[j + 2..];
                }
                _ => break,
            }
        }
    }
    out
}

#[test]
fn every_cited_section_exists() {
    let sem = fs::read_to_string("docs/semantics.md").expect("docs/semantics.md");
    let fmt = fs::read_to_string("docs/format.md").expect("docs/format.md");
    let (sem_s, fmt_s) = (sections(&sem), sections(&fmt));
    // Rows of the divergence table (§9) and numbered items of the checks (§7).
    let rows: HashSet<u32> = section(&sem, "9")
        .iter()
        .filter_map(|l| l.strip_prefix("| ")?.split(' ').next()?.parse().ok())
        .collect();
    // Numbered list items ("1. …") of a section.
    let items = |doc: &str, n: &str| -> HashSet<u32> {
        section(doc, n)
            .iter()
            .filter_map(|l| l.split('.').next()?.parse().ok())
            .collect()
    };
    assert!(rows.len() >= 30 && items(&sem, "7").len() >= 8, "{rows:?}");
    let mut files = Vec::new();
    rust_sources(Path::new("src"), &mut files);
    let (mut bad, mut seen) = (Vec::new(), 0);
    for f in &files {
        let text = fs::read_to_string(f).unwrap();
        for (doc, body, secs) in [("semantics.md", &sem, &sem_s), ("format.md", &fmt, &fmt_s)] {
            for (n, sub) in citations(&text, doc) {
                seen += 1;
                let ok = secs.contains(&n)
                    && match &sub {
                        Some((k, r)) if k == "row" => {
                            doc == "semantics.md" && n == "9" && rows.contains(r)
                        }
                        Some((_, i)) => items(body, &n).contains(i),
                        None => true,
                    };
                if !ok {
                    bad.push(format!("{}: docs/{doc} §{n} {sub:?}", f.display()));
                }
            }
        }
    }
    assert!(
        seen > 250,
        "only {seen} citations found: is the scanner broken?"
    );
    assert!(
        bad.is_empty(),
        "citations of sections that do not exist:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_scanner_sees_a_bad_citation() {
    let c = citations(
        "x (docs/semantics.md §2.3, §11 item 2) y docs/semantics.md §9 row 40",
        "semantics.md",
    );
    assert_eq!(
        c,
        [
            ("2.3".to_string(), None),
            ("11".to_string(), Some(("item".to_string(), 2))),
            ("9".to_string(), Some(("row".to_string(), 40))),
        ]
    );
}

/// The README sends users to files in the repository, not beside it.
#[test]
fn readme_links_stay_inside_the_repository() {
    let readme = fs::read_to_string("README.md").unwrap();
    assert!(
        !readme.contains("../shared"),
        "README points outside the repository"
    );
    for doc in ["docs/format.md", "docs/semantics.md", "docs/commands.md"] {
        assert!(readme.contains(doc), "README does not mention {doc}");
        assert!(Path::new(doc).exists(), "{doc} is missing");
    }
}
