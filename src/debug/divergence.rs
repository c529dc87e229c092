//! How the other products would run the current instruction from the very same state: which
//! tensor elements they would leave different, or why they reject it (docs/semantics.md §9). Used by
//! the terminal UI's divergence pane; no terminal dependency.

use crate::base::dtype::value_text;
use crate::base::equality::same_element;
use crate::sim::{Machine, Product, Status};

/// One element that ends differently on another product.
#[derive(Clone, Debug, PartialEq)]
pub struct ElementDiff {
    pub tensor: String,
    pub index: u32,
    /// The value on the session's product and on the other one (`·` = uninitialised).
    pub here: String,
    pub there: String,
}

/// What another product does with the current instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Same,
    Differs {
        count: usize,
        first: Vec<ElementDiff>,
    },
    Rejected {
        code: &'static str,
        message: String,
    },
    /// The session's own product rejects it and this one accepts it ("which chips accept
    /// this?").
    Accepts,
}

/// The comparison for one instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    pub instruction: u32,
    pub product: Product,
    /// The error with which the session's own product rejects the instruction, if it does.
    pub rejected_here: Option<(&'static str, String)>,
    pub others: Vec<(Product, Outcome)>,
}

/// Elements listed per product.
pub const MAX_LISTED: usize = 6;

/// Runs instruction `start.pos().instruction` (with `start` at its first step) on `product` and
/// on every other product, and compares the tensors afterwards. When `product` itself rejects
/// the instruction, says which products accept it and why the others reject it.
pub fn compare(start: &Machine, product: Product) -> Option<Divergence> {
    let prog = start.program();
    let idx = start.pos().instruction;
    if idx as usize >= prog.code.len() {
        return None;
    }
    let run = |p: Product| {
        let mut m = start.fork_on(p);
        m.run_instruction();
        m
    };
    let here = run(product);
    let failure = |m: &Machine| {
        (m.status() == Status::Failed)
            .then(|| {
                m.diagnostics()
                    .iter()
                    .rev()
                    .find(|d| d.is_error())
                    .map(|d| (d.code, d.message.clone()))
            })
            .flatten()
    };
    let rejected_here = failure(&here);
    let mut others = Vec::new();
    for p in Product::ALL.into_iter().filter(|&p| p != product) {
        let there = run(p);
        let outcome = match (failure(&there), &rejected_here) {
            (Some((code, message)), _) => Outcome::Rejected { code, message },
            (None, Some(_)) => Outcome::Accepts,
            (None, None) => diff_tensors(&here, &there),
        };
        others.push((p, outcome));
    }
    Some(Divergence {
        instruction: idx,
        product,
        rejected_here,
        others,
    })
}

/// How the tensors of `b` differ from those of `a` (the same program's tensors), by the one
/// equality rule of `base::equality`.
pub fn diff_tensors(a: &Machine, b: &Machine) -> Outcome {
    let mut count = 0;
    let mut first = Vec::new();
    for (t, tensor) in a.program().tensors.iter().enumerate() {
        let s = tensor.dtype.size();
        let range = tensor.addr..tensor.addr.saturating_add(tensor.bytes());
        let fits = |m: &Machine| m.ub().holds(range.start as u64..range.end as u64);
        if !fits(a) || !fits(b) {
            continue;
        }
        // Bulk comparison first: most tensors are identical.
        let (ba, bb) = (a.ub().slice(range.clone()), b.ub().slice(range.clone()));
        let init_same = range
            .clone()
            .step_by(s as usize)
            .all(|x| a.ub().all_init(x..x + s) == b.ub().all_init(x..x + s));
        if ba == bb && init_same {
            continue;
        }
        for i in 0..tensor.len {
            let same = if tensor.dtype.is_nibble() {
                a.element(t, i) == b.element(t, i)
            } else {
                same_element(tensor.dtype, a.element_bytes(t, i), b.element_bytes(t, i))
            };
            if !same {
                let (x, y) = (a.element(t, i), b.element(t, i));
                count += 1;
                if first.len() < MAX_LISTED {
                    first.push(ElementDiff {
                        tensor: tensor.name.clone(),
                        index: i,
                        here: value_text(x, tensor.dtype),
                        there: value_text(y, tensor.dtype),
                    });
                }
            }
        }
    }
    if count == 0 {
        Outcome::Same
    } else {
        Outcome::Differs { count, first }
    }
}
