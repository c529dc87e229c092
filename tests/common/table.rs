//! The table-driven case harness shared by tests/families/ and tests/catalog/: a case is a
//! small RON program, the product it runs on, and the elements (or diagnostics, or returned
//! values) expected afterwards. Not every test file uses every helper.
#![allow(dead_code)]

pub use ascstep::base::diag::Severity;
pub use ascstep::base::dtype::Value;
pub use ascstep::program::load_str;
pub use ascstep::sim::{Machine, Product, Status};
pub use half::f16;
pub use std::path::Path;
pub use std::sync::Arc;

pub const TRAIN: Product = Product::AtlasTraining;
pub const INFER: Product = Product::AtlasInference;
pub const A2: Product = Product::AtlasA2;
pub const I200: Product = Product::Atlas200I500A2;
pub const A950: Product = Product::Ascend950;

// ---------------------------------------------------------------------------------------------
// Expected values

/// One expected element.
#[derive(Clone, Copy, Debug)]
pub enum E {
    /// An integer element.
    I(i128),
    /// A float element (half and float decode exactly to f64), compared by bits; NaN = NaN.
    F(f64),
    /// Uninitialised (never written, no `init`).
    U,
}
pub use E::{F, I, U};

pub fn ints(v: &[i128]) -> Vec<E> {
    v.iter().map(|&x| I(x)).collect()
}
pub fn fl(v: &[f64]) -> Vec<E> {
    v.iter().map(|&x| F(x)).collect()
}
/// Half elements given by their bit patterns.
pub fn hb(v: &[u16]) -> Vec<E> {
    v.iter().map(|&x| F(f16::from_bits(x).to_f64())).collect()
}
/// Float elements given by their bit patterns.
pub fn fb(v: &[u32]) -> Vec<E> {
    v.iter().map(|&x| F(f32::from_bits(x) as f64)).collect()
}
/// int16 elements given by their bit patterns.
pub fn i16b(v: &[u16]) -> Vec<E> {
    v.iter().map(|&x| I(x as i16 as i128)).collect()
}
pub fn rep(e: E, n: usize) -> Vec<E> {
    vec![e; n]
}
pub fn unset(n: usize) -> Vec<E> {
    rep(U, n)
}
pub fn ramp_i(start: i128, step: i128, n: usize) -> Vec<E> {
    (0..n as i128).map(|k| I(start + step * k)).collect()
}
pub fn ramp_f(start: f64, step: f64, n: usize) -> Vec<E> {
    (0..n).map(|k| F(start + step * k as f64)).collect()
}

pub fn matches(actual: Option<Value>, want: E) -> bool {
    match (actual, want) {
        (None, U) => true,
        (Some(Value::Int(a)), I(b)) => a == b,
        (Some(Value::Float(a)), F(b)) => (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits(),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Cases

#[derive(Clone, Debug)]
pub enum Want {
    /// Runs to the end; the set of warning codes raised is exactly this one.
    Finished(Vec<&'static str>),
    /// Stops with an error diagnostic of this code.
    Failed(&'static str),
}

#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub product: Product,
    pub tensors: String,
    pub code: String,
    pub checks: Vec<(&'static str, u32, Vec<E>)>,
    /// Values the run must return: (instruction, name, value), exactly these.
    pub returns: Option<Vec<(u32, &'static str, u64)>>,
    pub want: Want,
    /// The `scalars` map's entries (program-format.md §10), and the scalars' expected final
    /// values.
    pub scalars: String,
    pub scalar_checks: Vec<(&'static str, E)>,
    /// The `gm` map's entries (docs/format.md §11).
    pub gm: String,
}

/// A case that must finish without warnings until told otherwise.
pub fn case(name: &str, product: Product, tensors: &str, code: &str) -> Case {
    Case {
        name: name.to_string(),
        product,
        tensors: tensors.to_string(),
        code: code.to_string(),
        checks: Vec::new(),
        returns: None,
        want: Want::Finished(Vec::new()),
        scalars: String::new(),
        scalar_checks: Vec::new(),
        gm: String::new(),
    }
}

impl Case {
    /// Elements `at..at + v.len()` of `tensor` must be `v`.
    pub fn at(mut self, tensor: &'static str, at: u32, v: Vec<E>) -> Case {
        self.checks.push((tensor, at, v));
        self
    }
    /// Declares scalars: `"n": (dtype: int32, value: 4), …`.
    pub fn scalars(mut self, s: &str) -> Case {
        self.scalars = s.to_string();
        self
    }
    /// Declares global-memory tensors: `"xGm": (dtype: half, len: 64, init: …), …`.
    pub fn gm(mut self, s: &str) -> Case {
        self.gm = s.to_string();
        self
    }
    /// Scalar `name` must end as `v`.
    pub fn scalar(mut self, name: &'static str, v: E) -> Case {
        self.scalar_checks.push((name, v));
        self
    }
    /// The run must return exactly these values (GatherMask's rsvd_cnt).
    pub fn returns(mut self, r: Vec<(u32, &'static str, u64)>) -> Case {
        self.returns = Some(r);
        self
    }
    /// The run must also raise warning `code` (and still finish).
    pub fn warns(mut self, code: &'static str) -> Case {
        if let Want::Finished(w) = &mut self.want {
            w.push(code);
        }
        self
    }
    /// The run must stop with error `code`.
    pub fn fails(mut self, code: &'static str) -> Case {
        self.want = Want::Failed(code);
        self
    }
    /// The same program on another product, with fresh expectations (divergences, §9).
    pub fn on(&self, product: Product) -> Case {
        Case {
            name: format!("{} [{}]", self.name, product.key()),
            product,
            checks: Vec::new(),
            returns: None,
            want: Want::Finished(Vec::new()),
            scalar_checks: Vec::new(),
            ..self.clone()
        }
    }

    pub fn text(&self) -> String {
        format!(
            "Program(\n    name: {:?},\n    tensors: {{\n{}\n    }},\n    gm: {{\n{}\n    }},\n    scalars: {{\n{}\n    }},\n    code: [\n{}\n    ],\n)\n",
            self.name, self.tensors, self.gm, self.scalars, self.code
        )
    }

    /// Runs the case; Err describes every way it differs from what was wanted.
    pub fn run(&self) -> Result<(), String> {
        let text = self.text();
        let program = load_str(Path::new("families.ron"), &text)
            .map_err(|e| format!("does not load:\n{e}\n{text}"))?;
        let program = Arc::new(program);
        let mut m = Machine::new(program.clone(), self.product);
        let status = m.run();
        let mut problems = Vec::new();
        let codes = |sev: Severity| -> Vec<&'static str> {
            let mut v: Vec<&'static str> = m
                .diagnostics()
                .iter()
                .filter(|d| d.severity == sev)
                .map(|d| d.code)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let (errors, warnings) = (codes(Severity::Error), codes(Severity::Warning));
        match &self.want {
            Want::Finished(w) => {
                let mut w = w.clone();
                w.sort_unstable();
                w.dedup();
                if status != Status::Finished {
                    problems.push(format!("status {status:?}, errors {errors:?}"));
                }
                if !errors.is_empty() {
                    problems.push(format!("unexpected errors {errors:?}"));
                }
                if warnings != w {
                    problems.push(format!("warnings {warnings:?}, expected {w:?}"));
                }
            }
            Want::Failed(code) => {
                if status != Status::Failed {
                    problems.push(format!("status {status:?}, expected Failed"));
                }
                if !errors.contains(code) {
                    problems.push(format!("errors {errors:?}, expected `{code}`"));
                }
            }
        }
        for (name, want) in &self.scalar_checks {
            match program.scalars.iter().position(|s| s.name == *name) {
                Some(i) if matches(m.scalar(i), *want) => {}
                Some(i) => {
                    problems.push(format!("scalar {name} is {:?}, want {want:?}", m.scalar(i)))
                }
                None => problems.push(format!("no scalar `{name}`")),
            }
        }
        for (tensor, at, want) in &self.checks {
            let Some(t) = program.tensors.iter().position(|t| t.name == *tensor) else {
                problems.push(format!("no tensor `{tensor}`"));
                continue;
            };
            let mut bad = Vec::new();
            for (j, &w) in want.iter().enumerate() {
                let i = at + j as u32;
                let a = m.element(t, i);
                if !matches(a, w) {
                    bad.push(format!("{tensor}[{i}] = {a:?}, expected {w:?}"));
                }
            }
            if !bad.is_empty() {
                let n = bad.len();
                bad.truncate(6);
                problems.push(format!("{n} element(s) differ: {}", bad.join("; ")));
            }
        }
        if let Some(want) = &self.returns {
            let got: Vec<(u32, &'static str, u64)> = m
                .returns()
                .iter()
                .map(|r| (r.instruction, r.name, r.value))
                .collect();
            if &got != want {
                problems.push(format!("returns {got:?}, expected {want:?}"));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            let diags: Vec<String> = m
                .diagnostics()
                .iter()
                .map(|d| format!("{:?}[{}] {}", d.severity, d.code, d.message))
                .collect();
            Err(format!(
                "{} on {}:\n  {}\n  diagnostics: {diags:#?}",
                self.name,
                self.product.key(),
                problems.join("\n  ")
            ))
        }
    }
}

/// Runs every case of a table and reports all failures at once.
pub fn run_table(family: &str, cases: Vec<Case>) {
    assert!(!cases.is_empty(), "{family}: empty table");
    let failures: Vec<String> = cases.iter().filter_map(|c| c.run().err()).collect();
    assert!(
        failures.is_empty(),
        "{family}: {} of {} case(s) failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}
