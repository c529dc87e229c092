//! A headless run and its verdict: run a program to the end on a product and check its
//! `expect` entries (docs/format.md §8). Shared by `run`, `replay` and library users.

use crate::base::dtype::Value;
use crate::base::equality::same_element;
use crate::base::ir::{ExpectCheck, Program};
use crate::sim::trace::{last_writer_instructions, last_writers_from_log};
use crate::sim::{Machine, Product, Status};
use serde::Serialize;
use std::sync::Arc;

/// One element that did not meet its expectation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mismatch {
    pub index: u32,
    pub addr: u32,
    /// Expected value as text (`"unwritten"` for unwritten checks).
    pub expected: String,
    /// Actual value, None when uninitialised.
    pub actual: Option<String>,
    /// `|actual − expected| / |expected|` when both are finite numbers and expected ≠ 0 (the
    /// relative difference verify_result.py prints).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rel_diff: Option<f64>,
    pub last_writer: Option<u32>,
}

/// The result of one `expect` entry.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExpectResult {
    pub tensor: String,
    pub at: u32,
    pub len: u32,
    pub passed: bool,
    /// The `max_mismatch_ratio` of the entry, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_mismatch_ratio: Option<f64>,
    /// How many elements failed; `failures` holds the first few.
    #[serde(skip_serializing_if = "is_zero")]
    pub mismatches: u32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<Mismatch>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Failures kept per expectation.
pub const MAX_FAILURES: usize = 8;

/// The whole-run verdict, as in the report's `status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Ok,
    ExpectFailed,
    Invalid,
    /// Not finished yet (a replay that stopped midway); expectations are not checked.
    Paused,
}

/// A finished headless run.
pub struct Outcome {
    pub machine: Machine,
    pub expectations: Vec<ExpectResult>,
    pub verdict: Verdict,
}

/// Runs `program` on `product` to the end and checks its expectations. With `deny_warnings`,
/// any warning makes the run invalid (exit 3).
pub fn run(program: Arc<Program>, product: Product, deny_warnings: bool) -> Outcome {
    let mut machine = Machine::new(program, product);
    machine.keep_write_log();
    machine.run();
    judge(machine, deny_warnings)
}

/// Checks the expectations against a machine that has stopped.
pub fn judge(machine: Machine, deny_warnings: bool) -> Outcome {
    let finished = machine.status() == Status::Finished;
    let expectations = if finished {
        check_all(&machine)
    } else {
        Vec::new()
    };
    let warned = deny_warnings && !machine.diagnostics().is_empty();
    let verdict = if machine.status() == Status::Running && !warned {
        Verdict::Paused
    } else if !finished || warned {
        Verdict::Invalid
    } else if expectations.iter().all(|e| e.passed) {
        Verdict::Ok
    } else {
        Verdict::ExpectFailed
    };
    Outcome {
        machine,
        expectations,
        verdict,
    }
}

/// For each UB byte in `addrs`, the instruction that last wrote it, found by replaying the
/// program block by block (only reports of failures need it, so the hot path keeps no map).
pub fn last_writers(program: &Arc<Program>, product: Product, addrs: &[u32]) -> Vec<Option<u32>> {
    last_writer_instructions(Machine::new(program.clone(), product), addrs)
}

/// Evaluates every `expect` entry.
pub fn check_all(m: &Machine) -> Vec<ExpectResult> {
    let p = m.program().clone();
    let mut results = p
        .expect
        .iter()
        .map(|e| {
            let t = &p.tensors[e.tensor];
            let s = t.dtype.size();
            let mut res = ExpectResult {
                tensor: t.name.clone(),
                at: e.at,
                len: e.len,
                passed: true,
                max_mismatch_ratio: e.max_mismatch_ratio,
                mismatches: 0,
                failures: Vec::new(),
            };
            for j in 0..e.len {
                let i = e.at + j;
                let addr = t.elem_addr(i) as u32;
                let actual = m.element(e.tensor, i);
                let expected_bytes = |v: &[u8]| {
                    v.get((j * s) as usize..((j + 1) * s) as usize)
                        .map(|b| b.to_vec())
                };
                // int4b_t data is packed two to a byte, element j in byte j / 2.
                let nibble = |v: &[u8]| {
                    v.get(j as usize / 2)
                        .map(|&b| Value::Int(crate::base::dtype::nibble(b, j % 2 == 1) as i128))
                };
                let mut expected_value = None;
                let (ok, expected) = match &e.check {
                    ExpectCheck::Exact(v) | ExpectCheck::Close { values: v, .. }
                        if t.dtype.is_nibble() =>
                    {
                        expected_value = nibble(v);
                        let ok = actual.is_some() && actual == expected_value;
                        (ok, expected_value.map_or("?".into(), |x| x.to_string()))
                    }
                    ExpectCheck::Exact(v) => {
                        // The one equality rule (base::equality, docs/format.md §8).
                        let exp = expected_bytes(v).unwrap_or_default();
                        let ok = exp.len() == s as usize
                            && same_element(t.dtype, m.element_bytes(e.tensor, i), Some(&exp));
                        if exp.len() == s as usize {
                            expected_value = Some(t.dtype.decode(&exp));
                        }
                        (ok, t.dtype.decode(&exp).to_string())
                    }
                    ExpectCheck::Close { values, rel, abs } => {
                        let exp = expected_bytes(values).unwrap_or_default();
                        let ev = t.dtype.decode(&exp);
                        expected_value = Some(ev);
                        (
                            actual.is_some_and(|a| close(a, ev, *rel, *abs)),
                            ev.to_string(),
                        )
                    }
                    ExpectCheck::Unwritten => {
                        let ok = (addr..addr + s).all(|a| !m.written(a));
                        (ok, "unwritten".to_string())
                    }
                };
                if !ok {
                    res.mismatches += 1;
                    if res.failures.len() < MAX_FAILURES {
                        res.failures.push(Mismatch {
                            index: i,
                            addr,
                            expected,
                            actual: actual.map(|v| v.to_string()),
                            rel_diff: actual.zip(expected_value).and_then(|(a, e)| rel_diff(a, e)),
                            last_writer: None,
                        });
                    }
                }
            }
            // With a max_mismatch_ratio, a few mismatches are allowed (docs/format.md §8).
            res.passed = match e.max_mismatch_ratio {
                None => res.mismatches == 0,
                Some(r) => res.mismatches as f64 / e.len as f64 <= r,
            };
            res
        })
        .collect::<Vec<_>>();
    // Name the instruction that last wrote each reported element: one search for all of them.
    let addrs: Vec<u32> = results
        .iter()
        .flat_map(|r| r.failures.iter().map(|f| f.addr))
        .collect();
    if !addrs.is_empty() {
        let start = Machine::new(p.clone(), m.product());
        let w = match m.write_log() {
            Some(log) => last_writers_from_log(start, log, &addrs),
            None => last_writer_instructions(start, &addrs),
        };
        let failures = results.iter_mut().flat_map(|r| r.failures.iter_mut());
        for (f, w) in failures.zip(w) {
            f.last_writer = w;
        }
    }
    results
}

/// Tolerance check: NaN matches NaN, infinities must match exactly.
/// `|a − e| / |e|` for finite numbers with e ≠ 0.
fn rel_diff(a: Value, e: Value) -> Option<f64> {
    let f = |v: Value| match v {
        Value::Int(i) => i as f64,
        Value::Float(x) => x,
    };
    let (a, e) = (f(a), f(e));
    (a.is_finite() && e.is_finite() && e != 0.0).then(|| (a - e).abs() / e.abs())
}

fn close(a: Value, e: Value, rel: f64, abs: f64) -> bool {
    let f = |v: Value| match v {
        Value::Int(i) => i as f64,
        Value::Float(x) => x,
    };
    let (a, e) = (f(a), f(e));
    if a.is_nan() || e.is_nan() {
        return a.is_nan() && e.is_nan();
    }
    if a.is_infinite() || e.is_infinite() {
        return a == e;
    }
    (a - e).abs() <= abs + rel * e.abs()
}
