//! Preparations remembered by content (src/sim/memo.rs): found for the same instruction
//! content only, and never when they warn.

use ascstep::base::product::Product;
use ascstep::sim::memo::Memo;
use ascstep::sim::reach::{prepare, Regs};
use std::sync::Arc;

fn program() -> ascstep::base::ir::Program {
    let text = "Program(\n  scalars: {\n    \"s\": (dtype: float),\n  },\n  tensors: {\n    \"x\": (dtype: float, addr: 0, len: 64),\n    \"y\": (dtype: float, addr: 256, len: 64),\n  },\n  code: [\n    Adds(dst: \"y\", src: \"x\", scalar: 1.0, count: 64),\n    Adds(dst: \"y\", src: \"x\", scalar: 1.0, count: 64),\n    Adds(dst: \"y\", src: \"x\", scalar: 2.0, count: 64),\n    Adds(dst: \"y\", src: \"x\", scalar: \"s\", count: 64),\n  ],\n)\n";
    ascstep::program::load_str(std::path::Path::new("m.ron"), text).expect("loads")
}

#[test]
fn a_preparation_is_found_for_the_same_content_only() {
    let p = program();
    let (a2, ub) = (Product::AtlasA2, 196_608);
    let regs = Regs::default();
    let made = Arc::new(prepare(&p, 0, a2, ub, regs, &[None]).expect("prepares"));
    assert!(made.warnings.is_empty());
    let mut m = Memo::default();
    m.put(&p.code[0], regs, a2, ub, &made);
    // The second instruction is the first's content at another index: found, and what
    // preparing it gives.
    let again = prepare(&p, 1, a2, ub, regs, &[None]).expect("prepares");
    assert_eq!(m.get(&p.code[1], regs, a2, ub).map(|p| &**p), Some(&again));
    // Another scalar, product, UB size or register: not found.
    assert!(m.get(&p.code[2], regs, a2, ub).is_none());
    assert!(m.get(&p.code[1], regs, Product::Ascend950, ub).is_none());
    assert!(m.get(&p.code[1], regs, a2, 1024).is_none());
    let mut other = regs;
    other.mask = ascstep::sim::mask::MaskReg::default();
    other.cmp_mask[0] = Some(1);
    assert!(m.get(&p.code[1], other, a2, ub).is_none());
}

#[test]
fn a_preparation_that_warns_is_not_kept() {
    let p = program();
    let (a2, ub) = (Product::AtlasA2, 196_608);
    let regs = Regs::default();
    // Scalar `s` is never assigned: warned, so made again at every instruction.
    let warned = Arc::new(prepare(&p, 3, a2, ub, regs, &[None]).expect("prepares"));
    assert!(!warned.warnings.is_empty(), "{:?}", warned.warnings);
    let mut m = Memo::default();
    m.put(&p.code[3], regs, a2, ub, &warned);
    assert!(m.get(&p.code[3], regs, a2, ub).is_none());
}
