//! Reports of a headless run: the JSON object of docs/format.md §9 and a text report a
//! person can read (tensors as typed values, uninitialised elements marked).

use crate::base::diag::Diagnostic;
use crate::base::dtype::{value_text, DType, Value};
use crate::base::ir::addr_text;
use crate::outcome::{Outcome, Verdict};
use crate::sim::Machine;
use serde_json::{json, Map, Value as Json};
use std::fmt::Write as _;

/// One element as JSON: a number, null when uninitialised, or "nan" / "inf" / "-inf".
pub fn value_json(v: Option<Value>, dtype: DType) -> Json {
    match v {
        None => Json::Null,
        Some(Value::Int(i)) => {
            if let Ok(x) = i64::try_from(i) {
                json!(x)
            } else if let Ok(x) = u64::try_from(i) {
                json!(x)
            } else {
                json!(i.to_string())
            }
        }
        Some(Value::Float(f)) if f.is_nan() => json!("nan"),
        Some(Value::Float(f)) if f.is_infinite() => json!(if f > 0.0 { "inf" } else { "-inf" }),
        Some(Value::Float(f)) if dtype == DType::Float => json!(f as f32),
        Some(Value::Float(f)) => json!(f),
    }
}

/// A diagnostic as a JSON object (docs/format.md §9).
pub fn diag_json(d: &Diagnostic, file: &str) -> Json {
    json!({
        "severity": d.severity,
        "code": d.code,
        "message": d.message,
        "file": d.file(file),
        "line": d.span.map(|s| s.line),
        "column": d.span.map(|s| s.col),
        "instruction": d.instruction,
        "repeat": d.repeat,
        "block": d.block,
    })
}

/// Every tensor in its current state, in program order.
pub fn tensors_json(m: &Machine) -> Json {
    let mut map = Map::new();
    for (i, t) in m.program().tensors.iter().enumerate() {
        // Element by element, without an intermediate copy of the whole tensor.
        let values: Vec<Json> = (0..t.len)
            .map(|k| value_json(m.element(i, k), t.dtype))
            .collect();
        let mut entry =
            json!({"dtype": t.dtype.name(), "memory": t.memory(), "addr": t.addr, "len": t.len});
        entry["values"] = Json::Array(values);
        map.insert(t.name.clone(), entry);
    }
    Json::Object(map)
}

/// `1 warning`, `2 warnings`, `0 errors`.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The version of ascstep that wrote a JSON report (`version` in every report).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The `run` report as JSON.
pub fn json_report(o: &Outcome, file: &str) -> Json {
    let m = &o.machine;
    let mut j = json!({
        "version": VERSION,
        "status": o.verdict,
        "product": m.product().key(),
        "steps": m.counts(),
        "diagnostics": m
            .diagnostics()
            .iter()
            .map(|d| diag_json(m.program().locate(d).as_ref().unwrap_or(d), file))
            .collect::<Vec<_>>(),
        "tensors": {},
        "expectations": o.expectations,
        "returns": returns_json(m),
        "scalars": scalars_json(m),
    });
    // Moved in, not passed to `json!` (which would copy every value of every tensor).
    j["tensors"] = tensors_json(m);
    j
}

/// The named scalars' final values (docs/format.md §10): `{"name": {"dtype", "value"}}`, the
/// value as tensor values are written (`null` when uninitialised).
pub fn scalars_json(m: &Machine) -> Json {
    let mut map = serde_json::Map::new();
    for (i, s) in m.program().scalars.iter().enumerate() {
        map.insert(
            s.name.clone(),
            json!({"dtype": s.dtype, "value": value_json(m.scalar(i), s.dtype)}),
        );
    }
    Json::Object(map)
}

/// Values instructions returned (docs/format.md §9): `{"instruction", "name", "value"}`.
pub fn returns_json(m: &Machine) -> Json {
    Json::Array(
        m.returns()
            .iter()
            .map(|r| json!({"instruction": r.instruction, "name": r.name, "value": r.value}))
            .collect(),
    )
}

/// The JSON report of a program that did not load: status invalid, its diagnostics, no state.
pub fn load_failure_json(
    e: &crate::program::LoadError,
    file: &str,
    product: crate::sim::Product,
) -> Json {
    invalid_json(
        e.diagnostics.iter().map(|d| diag_json(d, file)).collect(),
        product,
    )
}

/// The JSON object of a replay whose script was refused (`--report json`, exit 3): the one
/// diagnostic, at its script position; the caller adds position, stops and output.
pub fn script_failure_json(
    d: &crate::base::diag::Diagnostic,
    script: &str,
    product: crate::sim::Product,
) -> Json {
    invalid_json(vec![diag_json(d, script)], product)
}

/// A report with status invalid, `diagnostics` and no machine state.
fn invalid_json(diagnostics: Vec<Json>, product: crate::sim::Product) -> Json {
    json!({
        "version": VERSION,
        "status": Verdict::Invalid,
        "product": product.key(),
        "steps": crate::sim::Counts::default(),
        "diagnostics": diagnostics,
        "tensors": {},
        "expectations": [],
        "returns": [],
        "scalars": {},
    })
}

/// Values per row of the text report, and how many elements a tensor shows at most.
const ROW: usize = 16;
const MAX_SHOWN: usize = 1024;

/// A tensor's values as aligned rows of `ROW`, each led by its first index.
pub fn tensor_rows(values: &[Option<Value>], dtype: DType) -> String {
    tensor_rows_of(values, values.len(), dtype)
}

/// The rows of a tensor of `len` elements whose first values are `values` (at least the
/// `MAX_SHOWN` shown, when it has that many).
fn tensor_rows_of(values: &[Option<Value>], len: usize, dtype: DType) -> String {
    let texts: Vec<String> = values
        .iter()
        .take(MAX_SHOWN)
        .map(|v| value_text(*v, dtype))
        .collect();
    let w = texts.iter().map(|s| s.chars().count()).max().unwrap_or(1);
    let iw = len.saturating_sub(1).to_string().len();
    let mut out = String::new();
    for (r, chunk) in texts.chunks(ROW).enumerate() {
        let _ = write!(out, "    [{:>iw$}]", r * ROW);
        for t in chunk {
            let _ = write!(out, " {t:>w$}");
        }
        out.push('\n');
    }
    if len > MAX_SHOWN {
        let _ = writeln!(
            out,
            "    … {} more elements (use --report json for all)",
            len - MAX_SHOWN
        );
    }
    out
}

/// The `run` report as text.
pub fn text_report(o: &Outcome) -> String {
    let m = &o.machine;
    let p = m.program();
    let mut out = String::new();
    let status = match o.verdict {
        Verdict::Ok => "ok",
        Verdict::ExpectFailed => "expectation failed",
        Verdict::Invalid => "invalid",
        Verdict::Paused => "paused (not finished; expectations not checked)",
    };
    let name = p.name.as_deref().unwrap_or("(unnamed)");
    let _ = writeln!(out, "program: {name} ({})", p.path.display());
    let _ = writeln!(out, "product: {}    status: {status}", m.product().key());
    let c = m.counts();
    let _ = writeln!(
        out,
        "steps:   {} instructions, {} repeats, {} blocks",
        c.instructions, c.repeats, c.blocks
    );
    let (errs, warns) =
        m.diagnostics().iter().fold(
            (0, 0),
            |(e, w), d| if d.is_error() { (e + 1, w) } else { (e, w + 1) },
        );
    if errs + warns > 0 {
        let _ = writeln!(
            out,
            "diagnostics: {}, {} (details on stderr)",
            count(errs, "error"),
            count(warns, "warning")
        );
    }
    // A program on several cores ends with the last one's UB (docs/semantics.md §20).
    let core = if m.core() != 0 || m.ub().cores_held() > 1 {
        format!("; UB tensors as core {} left them", m.core())
    } else {
        String::new()
    };
    let _ = writeln!(out, "\ntensors (· = uninitialised{core}):");
    for (i, t) in p.tensors.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {}: {}[{}] @ {}",
            t.name,
            t.dtype,
            t.len,
            addr_text(t.addr as u64)
        );
        // Only the elements shown are decoded (`tensor_rows` shows MAX_SHOWN).
        let shown: Vec<Option<Value>> = (0..t.len.min(MAX_SHOWN as u32 + 1))
            .map(|k| m.element(i, k))
            .collect();
        out.push_str(&tensor_rows_of(&shown, t.len as usize, t.dtype));
    }
    if !p.scalars.is_empty() {
        let _ = writeln!(out, "\nscalars:");
        for (i, s) in p.scalars.iter().enumerate() {
            let v = value_text(m.scalar(i), s.dtype);
            let _ = writeln!(out, "  {}: {} = {v}", s.name, s.dtype);
        }
    }
    if !m.returns().is_empty() {
        let _ = writeln!(out, "\nreturns:");
        for r in m.returns() {
            let name = p.code.get(r.instruction as usize).map_or("?", |i| i.name());
            let _ = writeln!(
                out,
                "  instruction {} `{name}` ({}): {} = {}",
                r.instruction,
                p.instr_place(r.instruction as usize),
                r.name,
                r.value
            );
        }
    }
    if !o.expectations.is_empty() {
        let _ = writeln!(out, "\nexpectations:");
        for e in &o.expectations {
            let range = format!("{}[{}..{}]", e.tensor, e.at, e.at + e.len);
            let allowed = e
                .max_mismatch_ratio
                .map_or(String::new(), |r| format!(" (max_mismatch_ratio {r})"));
            if e.passed && e.mismatches == 0 {
                let _ = writeln!(out, "  pass  {range}");
                continue;
            }
            let verdict = if e.passed { "pass" } else { "FAIL" };
            let _ = writeln!(
                out,
                "  {verdict}  {range}: {} of {} elements differ{allowed}",
                e.mismatches, e.len
            );
            for f in &e.failures {
                let got = f.actual.clone().unwrap_or_else(|| "uninitialised".into());
                let writer = match f
                    .last_writer
                    .and_then(|w| p.code.get(w as usize).map(|i| (w, i)))
                {
                    Some((w, i)) => format!(
                        "last written by instruction {w} `{}` ({})",
                        i.name(),
                        p.instr_place(w as usize)
                    ),
                    None => "never written by an instruction".into(),
                };
                let rel = f
                    .rel_diff
                    .map_or(String::new(), |r| format!(" (rel diff {r:.3e})"));
                let _ = writeln!(
                    out,
                    "        {}[{}] @ {}: expected {}, got {got}{rel}; {writer}",
                    e.tensor,
                    f.index,
                    addr_text(f.addr as u64),
                    f.expected
                );
            }
            if e.mismatches as usize > e.failures.len() {
                let _ = writeln!(
                    out,
                    "        … {} more",
                    e.mismatches as usize - e.failures.len()
                );
            }
        }
    }
    out
}
