//! `ascstep diff` (docs/format.md §9): one program on several products. Every product runs
//! the program to the end; every tensor element whose final value is not the same on all the
//! products that finished is reported with its value on each, and with the instruction after
//! which the products first disagreed about it: the one instruction that may write it, from
//! the runs' write logs, or else found by replaying the products side by side, one thread
//! each, logging what each instruction may have written and comparing every 64
//! instructions, from the last snapshot the runs took before the first instruction some
//! product prepares differently (until there the runs are one). A product that rejects the
//! program is reported with its error.
//!
//! Values are compared by the one equality rule of `base::equality` (the expectations' rule of
//! docs/format.md §8): bit-exact, except that any NaN equals any NaN; an uninitialised
//! element equals only another one.

use crate::base::diag::Diagnostic;
use crate::base::dtype::value_text;
use crate::base::dtype::Value;
use crate::base::equality::same_element;
use crate::base::ir::Program;
use crate::report::{diag_json, value_json};
use crate::sim::{Machine, Product, Snapshot, Status};
use serde_json::{json, Map, Value as Json};
use std::fmt::Write as _;
use std::sync::Arc;

/// How one product's run ended.
#[derive(Clone, Debug)]
pub struct ProductRun {
    pub product: Product,
    /// The first error when the product rejected the program (None: it finished).
    pub error: Option<Diagnostic>,
    pub machine: Machine,
}

impl ProductRun {
    pub fn finished(&self) -> bool {
        self.machine.status() == Status::Finished
    }
}

/// One element that ends differently.
#[derive(Clone, Debug, PartialEq)]
pub struct ElementDiff {
    pub tensor: usize,
    pub index: u32,
    pub addr: u32,
    /// The value on each product that finished, in the order the products were given.
    pub values: Vec<(Product, Option<Value>)>,
    /// The instruction after which the products first disagreed about this element.
    pub first: Option<u32>,
}

/// A value an instruction returned that differs between products.
#[derive(Clone, Debug, PartialEq)]
pub struct ReturnDiff {
    pub instruction: u32,
    pub name: &'static str,
    pub values: Vec<(Product, Option<u64>)>,
}

/// The whole comparison.
#[derive(Clone, Debug)]
pub struct DiffReport {
    pub program: Arc<Program>,
    pub runs: Vec<ProductRun>,
    pub elements: Vec<ElementDiff>,
    pub returns: Vec<ReturnDiff>,
}

/// The verdict of a comparison (and the exit code of `ascstep diff`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every product finished with the same tensors and returned values: exit 0.
    Agree,
    /// Some element or returned value differs, or some products reject the program: exit 1.
    Differ,
    /// Every product rejects the program: exit 3.
    Invalid,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Agree => "agree",
            Verdict::Differ => "differ",
            Verdict::Invalid => "invalid",
        }
    }
}

/// Whether the element differs among `ms`, by the one equality rule (`base::equality`).
pub fn differs(ms: &[&Machine], t: usize, i: u32) -> bool {
    let Some(first) = ms.first() else {
        return false;
    };
    let Some(dtype) = first.program().tensors.get(t).map(|x| x.dtype) else {
        return false;
    };
    if dtype.is_nibble() {
        let v0 = first.element(t, i);
        return ms[1..].iter().any(|m| m.element(t, i) != v0);
    }
    let b0 = first.element_bytes(t, i);
    ms[1..]
        .iter()
        .any(|m| !same_element(dtype, b0, m.element_bytes(t, i)))
}

/// Runs `program` on each of `products` and compares the results.
pub fn diff(program: Arc<Program>, products: &[Product]) -> DiffReport {
    // The products run independently: one thread each (in product order in the report).
    let run_one = |p: Product| {
        let mut m = Machine::new(program.clone(), p);
        // What each instruction may write, snapshots (`SNAP_EVERY`) and, on the
        // first product, the first instruction another prepares differently (until then every
        // run is this one), for `first_instructions`.
        m.keep_write_log();
        if p == products[0] {
            m.keep_entry_log();
        }
        let mut snaps = Vec::new();
        let mut last = 0;
        while m.status() == Status::Running {
            let next = (m.pos().instruction / SNAP_EVERY + 1) * SNAP_EVERY;
            m.run_until(u64::MAX, |i| i >= next);
            if m.status() == Status::Running && m.step_count() - last >= SNAP_STEPS {
                last = m.step_count();
                snaps.push(m.snapshot());
            }
        }
        let error = (m.status() == Status::Failed)
            .then(|| m.diagnostics().iter().find(|d| d.is_error()).cloned())
            .flatten();
        (
            ProductRun {
                product: p,
                error,
                machine: m,
            },
            snaps,
        )
    };
    // A product whose data equals an earlier one's (Atlas A3 and A2) takes that run when it
    // finished; a rejection is rerun, as its message names the product.
    let stand_in = stand_ins(products);
    let mut runs: Vec<Option<(ProductRun, Vec<Snapshot>)>> = std::thread::scope(|s| {
        let handles: Vec<_> = products
            .iter()
            .zip(&stand_in)
            .map(|(&p, st)| st.is_none().then(|| s.spawn(move || run_one(p))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))))
            .collect()
    });
    for (i, st) in stand_in.iter().enumerate() {
        if let Some(j) = *st {
            let p = products[i];
            runs[i] = Some(match &runs[j] {
                Some((r, _)) if r.finished() => (
                    ProductRun {
                        product: p,
                        error: None,
                        machine: r.machine.relabel(p),
                    },
                    Vec::new(),
                ),
                _ => run_one(p),
            });
        }
    }
    let (runs, snaps): (Vec<ProductRun>, Vec<Vec<Snapshot>>) = runs.into_iter().flatten().unzip();
    let done: Vec<&ProductRun> = runs.iter().filter(|r| r.finished()).collect();
    let mut elements = Vec::new();
    if done.len() > 1 {
        let ms: Vec<&Machine> = done.iter().map(|r| &r.machine).collect();
        for (t, tensor) in program.tensors.iter().enumerate() {
            for i in 0..tensor.len {
                if differs(&ms, t, i) {
                    elements.push(ElementDiff {
                        tensor: t,
                        index: i,
                        addr: tensor.elem_addr(i) as u32,
                        values: done
                            .iter()
                            .map(|r| (r.product, r.machine.element(t, i)))
                            .collect(),
                        first: None,
                    });
                }
            }
        }
        if !elements.is_empty() {
            let snaps: Vec<&[Snapshot]> = runs
                .iter()
                .zip(&snaps)
                .filter(|(r, _)| r.finished())
                .map(|(_, s)| &s[..])
                .collect();
            first_instructions(&program, &done, &snaps, &mut elements);
        }
    }
    let returns = return_diffs(&done);
    DiffReport {
        program,
        runs,
        elements,
        returns,
    }
}

/// For each product, the earlier one in `products` whose data is the same
/// (`Product::same_data`), if any: one run stands for both.
fn stand_ins(products: &[Product]) -> Vec<Option<usize>> {
    products
        .iter()
        .enumerate()
        .map(|(i, &p)| products[..i].iter().position(|&q| p.same_data(q)))
        .collect()
}

/// One element's value on one product, for comparing (`same_snap`): its bytes, or for a
/// 4-bit type its value's bits; None when uninitialised.
type Snap = Option<[u8; 8]>;

fn snap(m: &Machine, t: usize, i: u32) -> Snap {
    let dtype = m.program().tensors[t].dtype;
    if dtype.is_nibble() {
        return m.element(t, i).map(|v| match v {
            Value::Int(x) => (x as i64).to_le_bytes(),
            Value::Float(f) => f.to_bits().to_le_bytes(),
        });
    }
    m.element_bytes(t, i).map(|b| {
        let mut out = [0u8; 8];
        let n = b.len().min(8);
        out[..n].copy_from_slice(&b[..n]);
        out
    })
}

fn same_snap(dtype: crate::base::dtype::DType, a: &Snap, b: &Snap) -> bool {
    if dtype.is_nibble() {
        return a == b;
    }
    same_element(
        dtype,
        a.as_ref().map(|x| &x[..]),
        b.as_ref().map(|x| &x[..]),
    )
}

/// A run takes a snapshot, where `first_instructions` may start its replay, at every
/// `SNAP_EVERY`-th instruction boundary at least `SNAP_STEPS` block steps after the last one
/// (so that many small instructions do not pay for many snapshots).
const SNAP_EVERY: u32 = 64;
const SNAP_STEPS: u64 = 1 << 15;

/// Instructions replayed between two comparisons in `first_instructions`.
const CHUNK: u32 = 64;

/// Replays the finished products (products with the same data once, `Product::same_data`),
/// each in its own thread, and notes after which instruction each differing element first
/// differs. The threads meet every `CHUNK` instructions; until then each logs the value of
/// every still-unresolved element an instruction may have written (`Machine::last_writes`),
/// and at the meeting the logs are merged in instruction order: the first instruction after
/// which the products' values disagree is the element's. The replay stops once every element
/// is resolved.
fn first_instructions(
    program: &Arc<Program>,
    done: &[&ProductRun],
    snaps: &[&[Snapshot]],
    elements: &mut [ElementDiff],
) {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Barrier, Mutex, RwLock};
    let all: Vec<Product> = done.iter().map(|r| r.product).collect();
    let (products, snaps): (Vec<Product>, Vec<&[Snapshot]>) = all
        .iter()
        .zip(stand_ins(&all))
        .zip(snaps)
        .filter_map(|((&p, s), &sn)| s.is_none().then_some((p, sn)))
        .unzip();
    if products.len() < 2 {
        return;
    }
    // The pending elements by address, to find those a written range covers.
    let size = |e: &ElementDiff| program.tensors[e.tensor].dtype.size() as u64;
    let mut by_addr: Vec<usize> = (0..elements.len()).collect();
    by_addr.sort_by_key(|&k| elements[k].addr);
    let max_size = elements.iter().map(size).max().unwrap_or(1);
    let keys: Vec<(usize, u32, u64, u64)> = elements
        .iter()
        .map(|e| (e.tensor, e.index, e.addr as u64, size(e)))
        .collect();
    // The elements a byte range covers (starting before its end, reaching past its start).
    let covered = |w: &std::ops::Range<u64>, f: &mut dyn FnMut(usize)| {
        let lo = by_addr.partition_point(|&k| keys[k].2 + max_size <= w.start);
        for &k in by_addr[lo..].iter().take_while(|&&k| keys[k].2 < w.end) {
            if keys[k].2 + keys[k].3 > w.start {
                f(k);
            }
        }
    };
    // An element that only one instruction may write, on every product, differs first after
    // it: before, every product holds the element's initial value; after, its final one
    // (which differs). The runs' write logs say which; the others are replayed. (One core
    // only: cores have UBs of their own at the same addresses.)
    let one_core = program.code.iter().all(|c| c.core == 0);
    let mut writer: Vec<(Option<u32>, bool)> = vec![(None, false); elements.len()];
    for rec in done.iter().filter_map(|r| r.machine.write_log()).flatten() {
        covered(&rec.bytes, &mut |k| match &mut writer[k] {
            (Some(i), many) => *many |= *i != rec.instruction,
            w => w.0 = Some(rec.instruction),
        });
    }
    let mut left = elements.len();
    for (e, w) in elements.iter_mut().zip(&writer) {
        if let (Some(i), false, true) = (w.0, w.1, one_core) {
            e.first = Some(i);
            left -= 1;
        }
    }
    if left == 0 {
        return;
    }
    // Until the first instruction some product prepares differently, every product runs
    // alike (`Machine::rehome`): no element differs before it, and the replay starts from the
    // last snapshot before it, one all the runs took at the same place (from the start when
    // there is none).
    let first_split = done
        .iter()
        .find(|r| r.product == products[0])
        .and_then(|r| first_split(program, &r.machine, &products));
    let at = |s: &Snapshot| (s.step_count(), s.head().pos());
    let from = first_split.and_then(|split| {
        let j = snaps[0]
            .partition_point(|s| s.step_count() < split)
            .checked_sub(1)?;
        let here = at(&snaps[0][j]);
        snaps
            .iter()
            .all(|sn| sn.get(j).is_some_and(|s| at(s) == here))
            .then_some(j)
    });
    let starts: Vec<Machine> = products
        .iter()
        .zip(&snaps)
        .map(|(&p, sn)| match from {
            Some(j) => sn[j].machine(),
            None => Machine::new(program.clone(), p),
        })
        .collect();
    let mut now: Vec<Vec<Snap>> = keys
        .iter()
        .map(|&(t, i, _, _)| starts.iter().map(|m| snap(m, t, i)).collect())
        .collect();
    let resolved = RwLock::new(
        elements
            .iter()
            .map(|e| e.first.is_some())
            .collect::<Vec<_>>(),
    );
    let logs: Vec<Mutex<Vec<(u32, u32, Snap)>>> =
        products.iter().map(|_| Mutex::new(Vec::new())).collect();
    let n = program.code.len() as u32;
    let first_chunk = starts[0].pos().instruction;
    let barrier = Barrier::new(products.len() + 1);
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        for (m, log) in starts.into_iter().zip(&logs) {
            let (barrier, stop, resolved, keys, covered) =
                (&barrier, &stop, &resolved, &keys, &covered);
            s.spawn(move || {
                let mut m = m;
                let mut c0 = first_chunk;
                while c0 < n && !stop.load(Ordering::Relaxed) {
                    {
                        let done = resolved.read().unwrap_or_else(|e| e.into_inner());
                        let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
                        for i in c0..(c0 + CHUNK).min(n) {
                            // Whole instructions without events (the fast path where it applies).
                            while m.status() == Status::Running && m.pos().instruction <= i {
                                m.run_instruction();
                            }
                            for w in m.last_writes() {
                                covered(w, &mut |k| {
                                    if !done[k] {
                                        log.push((i, k as u32, snap(&m, keys[k].0, keys[k].1)));
                                    }
                                });
                            }
                        }
                    }
                    c0 += CHUNK;
                    barrier.wait();
                    barrier.wait();
                }
            });
        }
        let mut c0 = first_chunk;
        while c0 < n {
            barrier.wait();
            // Every product's log of the chunk, in (element, instruction) order.
            let mut entries: Vec<(u32, u32, usize, Snap)> = Vec::new();
            for (p, log) in logs.iter().enumerate() {
                let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
                entries.extend(log.drain(..).map(|(i, k, v)| (k, i, p, v)));
            }
            entries.sort_by_key(|e| (e.0, e.1, e.2));
            let mut done = resolved.write().unwrap_or_else(|e| e.into_inner());
            let mut at = 0;
            while at < entries.len() {
                let (k, i) = (entries[at].0 as usize, entries[at].1);
                while at < entries.len() && entries[at].0 as usize == k && entries[at].1 == i {
                    now[k][entries[at].2] = entries[at].3;
                    at += 1;
                }
                if done[k] {
                    continue;
                }
                let dtype = program.tensors[keys[k].0].dtype;
                if now[k][1..].iter().any(|v| !same_snap(dtype, &now[k][0], v)) {
                    elements[k].first = Some(i);
                    done[k] = true;
                    left -= 1;
                }
            }
            drop(done);
            c0 += CHUNK;
            if left == 0 || c0 >= n {
                stop.store(true, Ordering::Relaxed);
            }
            barrier.wait();
            if left == 0 {
                break;
            }
        }
    });
}

/// The step at which `run` (the first of `products`, with its entry log) entered the first
/// instruction another of `products` prepares differently, compared after the run from what
/// each preparation depends on (`Entered`), once per instruction content (`sim::alike`); an
/// instruction whose preparation reads data counts as one. None when there is none or no log.
fn first_split(program: &Program, run: &Machine, products: &[Product]) -> Option<u64> {
    use crate::sim::alike::{key, Alike};
    use crate::sim::reach::prepare;
    let ub_size = run.ub().size();
    let mut alike = Alike::default();
    run.entry_log()?.iter().find_map(|e| {
        let values = e.scalars.as_deref().unwrap_or(&[]);
        let Some(instr) = key(program, e.instruction, values) else {
            return Some(e.step);
        };
        let differ = alike.remembered(&instr, e.regs, products[0], || {
            let on = |p| prepare(program, e.instruction, p, ub_size, e.regs, values);
            let ours = on(products[0]);
            products[1..].iter().any(|&p| on(p) != ours) as u8
        });
        (differ != 0).then_some(e.step)
    })
}

/// Returned values (GatherMask's rsvd_cnt) that differ among the finished products.
fn return_diffs(done: &[&ProductRun]) -> Vec<ReturnDiff> {
    let mut keys: Vec<(u32, &'static str)> = done
        .iter()
        .flat_map(|r| r.machine.returns().iter().map(|x| (x.instruction, x.name)))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys.into_iter()
        .filter_map(|(instruction, name)| {
            let values: Vec<(Product, Option<u64>)> = done
                .iter()
                .map(|r| {
                    let v = r
                        .machine
                        .returns()
                        .iter()
                        .find(|x| x.instruction == instruction && x.name == name)
                        .map(|x| x.value);
                    (r.product, v)
                })
                .collect();
            let all_same = values.windows(2).all(|w| w[0].1 == w[1].1);
            (!all_same).then_some(ReturnDiff {
                instruction,
                name,
                values,
            })
        })
        .collect()
}

impl DiffReport {
    pub fn verdict(&self) -> Verdict {
        if !self.runs.is_empty() && self.runs.iter().all(|r| !r.finished()) {
            Verdict::Invalid
        } else if self.runs.iter().all(|r| r.finished())
            && self.elements.is_empty()
            && self.returns.is_empty()
        {
            Verdict::Agree
        } else {
            Verdict::Differ
        }
    }

    fn instr_label(&self, i: u32) -> String {
        match self.program.code.get(i as usize) {
            Some(ins) => format!("instruction {i} `{}` (line {})", ins.name(), ins.span.line),
            None => format!("instruction {i}"),
        }
    }

    /// The text report.
    pub fn text(&self) -> String {
        const SHOWN: usize = 64;
        let p = &self.program;
        let mut out = String::new();
        let keys: Vec<&str> = self.runs.iter().map(|r| r.product.key()).collect();
        let _ = writeln!(
            out,
            "diff: {} ({}) on {}",
            p.name.as_deref().unwrap_or("(unnamed)"),
            p.path.display(),
            keys.join(", ")
        );
        let w = keys.iter().map(|k| k.len()).max().unwrap_or(0);
        for r in &self.runs {
            let key = r.product.key();
            match &r.error {
                None if r.finished() => {
                    let c = r.machine.counts();
                    let _ = writeln!(
                        out,
                        "  {key:<w$}  finished ({} instructions, {} blocks)",
                        c.instructions, c.blocks
                    );
                }
                Some(d) => {
                    let at = d
                        .instruction
                        .map(|i| format!(" at {}", self.instr_label(i)))
                        .unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "  {key:<w$}  rejects the program{at}: error[{}] {}",
                        d.code, d.message
                    );
                }
                None => {
                    let _ = writeln!(out, "  {key:<w$}  did not finish");
                }
            }
        }
        let verdict = self.verdict();
        match verdict {
            Verdict::Agree => {
                let _ = writeln!(out, "\nall {} products agree", self.runs.len());
            }
            Verdict::Invalid => {
                let _ = writeln!(out, "\nevery product rejects the program");
            }
            Verdict::Differ => {
                let n = self.elements.len();
                if n == 0 {
                    let _ = writeln!(out, "\nno element differs among the products that finished");
                } else {
                    let _ = writeln!(
                        out,
                        "\n{n} element{} differ{}:",
                        if n == 1 { "" } else { "s" },
                        if n == 1 { "s" } else { "" }
                    );
                }
                for e in self.elements.iter().take(SHOWN) {
                    let t = &p.tensors[e.tensor];
                    let vals: Vec<String> = e
                        .values
                        .iter()
                        .map(|(prod, v)| format!("{} {}", prod.key(), value_text(*v, t.dtype)))
                        .collect();
                    let first = e
                        .first
                        .map(|i| format!("; first differs after {}", self.instr_label(i)))
                        .unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "  {}[{}] @ {}: {}{first}",
                        t.name,
                        e.index,
                        crate::base::ir::addr_text(e.addr as u64),
                        vals.join(" | ")
                    );
                }
                if n > SHOWN {
                    let _ = writeln!(out, "  … {} more (use --report json for all)", n - SHOWN);
                }
                for r in &self.returns {
                    let vals: Vec<String> = r
                        .values
                        .iter()
                        .map(|(prod, v)| {
                            format!(
                                "{} {}",
                                prod.key(),
                                v.map_or("-".to_string(), |x| x.to_string())
                            )
                        })
                        .collect();
                    let _ = writeln!(
                        out,
                        "  {} returns {}: {}",
                        self.instr_label(r.instruction),
                        r.name,
                        vals.join(" | ")
                    );
                }
            }
        }
        out
    }

    /// The JSON report.
    pub fn json(&self) -> Json {
        let file = self.program.path.display().to_string();
        let p = &self.program;
        let products: Vec<Json> = self
            .runs
            .iter()
            .map(|r| {
                json!({
                    "product": r.product.key(),
                    "status": if r.finished() { "finished" } else { "rejected" },
                    "error": r.error.as_ref().map(|d| diag_json(d, &file)),
                    "steps": r.machine.counts(),
                })
            })
            .collect();
        let label = |i: Option<u32>| -> (Json, Json) {
            match i.and_then(|i| p.code.get(i as usize)) {
                Some(ins) => (json!(ins.name()), json!(ins.span.line)),
                None => (Json::Null, Json::Null),
            }
        };
        let differences: Vec<Json> = self
            .elements
            .iter()
            .map(|e| {
                let t = &p.tensors[e.tensor];
                let mut values = Map::new();
                for (prod, v) in &e.values {
                    values.insert(prod.key().to_string(), value_json(*v, t.dtype));
                }
                let (name, line) = label(e.first);
                json!({
                    "tensor": t.name,
                    "index": e.index,
                    "addr": e.addr,
                    "values": values,
                    "instruction": e.first,
                    "name": name,
                    "line": line,
                })
            })
            .collect();
        let returns: Vec<Json> = self
            .returns
            .iter()
            .map(|r| {
                let mut values = Map::new();
                for (prod, v) in &r.values {
                    values.insert(prod.key().to_string(), json!(v));
                }
                json!({"instruction": r.instruction, "name": r.name, "values": values})
            })
            .collect();
        json!({
            "version": crate::report::VERSION,
            "status": self.verdict().name(),
            "program": file,
            "products": products,
            "count": self.elements.len(),
            "differences": differences,
            "returns": returns,
        })
    }
}

/// The JSON report of a program that does not load.
pub fn load_failure_json(e: &crate::program::LoadError, file: &str) -> Json {
    json!({
        "version": crate::report::VERSION,
        "status": Verdict::Invalid.name(),
        "program": file,
        "diagnostics": e.diagnostics.iter().map(|d| diag_json(d, file)).collect::<Vec<_>>(),
        "products": [],
        "count": 0,
        "differences": [],
        "returns": [],
    })
}
