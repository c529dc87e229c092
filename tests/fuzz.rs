//! The fuzz harness: structure-aware mutations of the shipped programs, replay scripts, themes
//! and keymaps, run in-process through the library and (a sample) through the binary. It
//! asserts no panic, no hang (a time bound per case), a source position on every error of an
//! invalid program, and a JSON report that parses.
//!
//! CI runs `ASCSTEP_FUZZ_CASES` cases (default 300) from a fixed seed; a developer runs it for
//! hours with `ASCSTEP_FUZZ_CASES=200000 ASCSTEP_FUZZ_SEED=$RANDOM cargo test --release --test
//! fuzz -- --nocapture`. A failing case prints its seed and the mutated text.

mod common;

use ascstep::base::product::Product;
use ascstep::base::rng::SplitMix64;
use ascstep::debug::command::parse_line;
use ascstep::debug::Session;
use ascstep::sim::Machine;
use common::{ron_files, root};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Values that sit on the edges of the format's ranges.
const EDGES: &[&str] = &[
    "0",
    "-1",
    "1",
    "255",
    "256",
    "4095",
    "65535",
    "65536",
    "2147483647",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "1e308",
    "-1e308",
    "NaN",
    "inf",
    "-0.0",
    "0x80000000",
    "0xffffffff",
    "1e-45",
    "3.4e38",
    "99999999999999999999999",
];

/// Words the grammar knows, swapped in for others.
const WORDS: &[&str] = &[
    "Add",
    "Adds",
    "Cast",
    "DataCopy",
    "DataCopyPad",
    "GatherMask",
    "Gather",
    "ReduceSum",
    "WholeReduceSum",
    "PairReduceSum",
    "Copy",
    "SetVectorMask",
    "SetMaskCount",
    "GetValue",
    "Let",
    "half",
    "float",
    "int8",
    "int64",
    "uint32",
    "bfloat16",
    "count",
    "mask",
    "repeat_times",
    "params",
    "dst",
    "src",
    "src0",
    "src1",
    "Placeholder",
    "File",
    "Fill",
    "Ramp",
    "Values",
    "Bits",
    "gm",
    "tensors",
    "scalars",
    "expect",
    "atlas_training",
    "ascend_950",
    "CAST_RINT",
];

fn cases() -> u64 {
    std::env::var("ASCSTEP_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

fn seed() -> u64 {
    std::env::var("ASCSTEP_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x00a5_c57e)
}

/// Char-boundary positions of `s`.
fn boundary(s: &str, rng: &mut SplitMix64) -> usize {
    let n = s.chars().count() as u64;
    let k = rng.below(n + 1) as usize;
    s.char_indices().nth(k).map_or(s.len(), |(i, _)| i)
}

/// One to four mutations of `text`.
fn mutate(text: &str, rng: &mut SplitMix64) -> String {
    let mut t = text.to_string();
    for _ in 0..1 + rng.below(4) {
        match rng.below(8) {
            // A number becomes an edge value.
            0 | 1 => {
                let starts: Vec<usize> = t
                    .char_indices()
                    .filter(|(i, c)| {
                        c.is_ascii_digit()
                            && !t[..*i].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '.')
                    })
                    .map(|(i, _)| i)
                    .collect();
                if let Some(&s) = starts.get(rng.below(starts.len() as u64 + 1) as usize) {
                    let e = t[s..]
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
                        .map_or(t.len(), |k| s + k);
                    let v = EDGES[rng.below(EDGES.len() as u64) as usize];
                    t.replace_range(s..e, v);
                }
            }
            // A word becomes another word of the grammar.
            2 | 3 => {
                let words: Vec<(usize, usize)> = t
                    .char_indices()
                    .filter(|(i, c)| {
                        c.is_ascii_alphabetic()
                            && !t[..*i].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '_')
                    })
                    .map(|(i, _)| {
                        let e = t[i..]
                            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                            .map_or(t.len(), |k| i + k);
                        (i, e)
                    })
                    .collect();
                if let Some(&(s, e)) = words.get(rng.below(words.len() as u64 + 1) as usize) {
                    t.replace_range(s..e, WORDS[rng.below(WORDS.len() as u64) as usize]);
                }
            }
            // A range is deleted.
            4 => {
                let a = boundary(&t, rng);
                let b = boundary(&t, rng);
                let (a, b) = (a.min(b), a.max(b));
                let b = b.min(a + 1 + rng.below(40) as usize);
                let b = (b..=t.len())
                    .find(|&i| t.is_char_boundary(i))
                    .unwrap_or(t.len());
                t.replace_range(a..b, "");
            }
            // A line is duplicated.
            5 => {
                let lines: Vec<&str> = t.lines().collect();
                if !lines.is_empty() {
                    let i = rng.below(lines.len() as u64) as usize;
                    let mut v: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
                    v.insert(i, lines[i].to_string());
                    t = v.join("\n");
                }
            }
            // Punctuation, a control character or a non-ASCII character is inserted.
            6 => {
                const BITS: &[&str] = &[
                    "(", ")", "[", "]", "{", "}", ",", ":", "\"", "\u{1b}", "\u{7}", "é", "漢",
                    "\0", "//", "/*",
                ];
                let at = boundary(&t, rng);
                t.insert_str(at, BITS[rng.below(BITS.len() as u64) as usize]);
            }
            // Truncated.
            _ => {
                let at = boundary(&t, rng);
                t.truncate(at);
            }
        }
    }
    t
}

/// Errors that have no position by nature (I/O, the summary of dropped diagnostics, and the
/// layout errors a product raises at the start, which point at a tensor when they can).
const POSITIONLESS: &[&str] = &["io-error", "too-many-diagnostics", "bad-ub-size"];

/// One program case in-process: load; when valid, run on two products with a step budget, a
/// debugger session with a few commands, and the JSON report.
fn program_case(path: &Path, text: &str, rng: &mut SplitMix64) -> Result<(), String> {
    match ascstep::program::load_str(path, text) {
        Err(e) => {
            for d in e.diagnostics.iter().filter(|d| d.is_error()) {
                if d.span.is_none() && !POSITIONLESS.contains(&d.code) {
                    return Err(format!(
                        "error[{}] without a position: {}",
                        d.code, d.message
                    ));
                }
            }
            Ok(())
        }
        Ok(p) => {
            let p = Arc::new(p);
            for _ in 0..2 {
                let product = Product::ALL[rng.below(6) as usize];
                let mut m = Machine::new(p.clone(), product);
                m.run_to(200_000);
                let o = ascstep::outcome::judge(m, false);
                let j = ascstep::report::json_report(&o, "fuzz.ron").to_string();
                serde_json::from_str::<serde_json::Value>(&j)
                    .map_err(|e| format!("the JSON report does not parse: {e}"))?;
                let _ = ascstep::report::text_report(&o);
                let mut s = Session::new(p.clone(), product);
                for line in [
                    "step 3",
                    "step instr",
                    "back repeat",
                    "print x",
                    "where",
                    "goto 50",
                    "reverse-continue",
                    "x 0 64",
                    "last-writer 0x40",
                ] {
                    if let Ok(Some(c)) = parse_line(line) {
                        let _ = s.apply(&c);
                    }
                }
                let _ = s.cont_for(5_000);
            }
            Ok(())
        }
    }
}

#[test]
fn mutated_programs_scripts_themes_and_keymaps_never_panic_or_hang() {
    let programs: Vec<(PathBuf, String)> = ron_files("programs")
        .into_iter()
        .map(|p| {
            let t = std::fs::read_to_string(&p).unwrap();
            (p, t)
        })
        .collect();
    let scripts: Vec<String> = std::fs::read_dir(root("tests/scripts"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "script"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let ui: Vec<String> = [
        "themes/default.ron",
        "themes/light.ron",
        "tests/bad_ui/bad_action.ron",
    ]
    .iter()
    .map(|p| std::fs::read_to_string(root(p)).unwrap())
    .collect();
    let n = cases();
    let base = seed();
    let started = Instant::now();
    let ran = std::sync::atomic::AtomicU64::new(0);
    for case in 0..n {
        let s = base.wrapping_add(case);
        let mut rng = SplitMix64::new(s);
        let kind = rng.below(10);
        let (label, text) = match kind {
            // Programs most of the time.
            0..=6 => {
                let (p, t) = &programs[rng.below(programs.len() as u64) as usize];
                (p.display().to_string(), mutate(t, &mut rng))
            }
            7 => (
                "script".into(),
                mutate(&scripts[rng.below(scripts.len() as u64) as usize], &mut rng),
            ),
            _ => (
                "theme/keymap".into(),
                mutate(&ui[rng.below(ui.len() as u64) as usize], &mut rng),
            ),
        };
        let t0 = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
            let mut rng = SplitMix64::new(s ^ 0x9e37);
            match kind {
                0..=6 => {
                    let r = program_case(Path::new(&label), &text, &mut rng);
                    if ascstep::program::load_str(Path::new(&label), &text).is_ok() {
                        ran.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    r
                }
                7 => {
                    let p = Arc::new(
                        ascstep::program::load(&root("programs/seed_add_int16_mask64.ron"))
                            .unwrap(),
                    );
                    let mut session = Session::new(p, Product::AtlasA2);
                    let _ = ascstep::debug::script::run(&mut session, &text);
                    Ok(())
                }
                _ => {
                    let _ = ascstep::tui::theme::Theme::parse_over(
                        &text,
                        &ascstep::tui::theme::Theme::default_theme(),
                    );
                    let _ = ascstep::tui::keymap::Keymap::load_overrides(&text);
                    Ok(())
                }
            }
        }));
        let took = t0.elapsed();
        let fail = match result {
            Err(_) => Some("panicked".to_string()),
            Ok(Err(m)) => Some(m),
            Ok(Ok(())) if took > Duration::from_secs(10) => Some(format!("took {took:?}")),
            Ok(Ok(())) => None,
        };
        if let Some(why) = fail {
            panic!("fuzz case {s} ({label}) {why}; the text:\n{text}");
        }
    }
    let ran = ran.load(std::sync::atomic::Ordering::Relaxed);
    eprintln!(
        "{n} fuzz cases from seed {base} in {:?}; {ran} mutated programs were valid and ran",
        started.elapsed()
    );
    assert!(
        ran * 20 > n,
        "the mutations leave some programs valid ({ran} of {n})"
    );
}

/// A sample through the binary: exit codes from the contract, and one JSON object on stdout.
#[test]
fn mutated_programs_through_the_binary() {
    let programs = ron_files("programs");
    let dir = common::scratch("fuzz");
    let mut rng = SplitMix64::new(seed() ^ 0xb1);
    for case in 0..(cases() / 20).max(5) {
        let src = &programs[rng.below(programs.len() as u64) as usize];
        let text = mutate(&std::fs::read_to_string(src).unwrap(), &mut rng);
        let f = dir.join(format!("case{case}.ron"));
        std::fs::write(&f, &text).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ascstep"))
            .args(["run", f.to_str().unwrap(), "--report", "json"])
            .output()
            .unwrap();
        let code = out.status.code();
        assert!(
            matches!(code, Some(0 | 1 | 3 | 4)),
            "exit {code:?} for:\n{text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        serde_json::from_str::<serde_json::Value>(stdout.trim())
            .unwrap_or_else(|e| panic!("stdout is not one JSON object ({e}) for:\n{text}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
