//! Which other products prepare an instruction differently, remembered by what decides it:
//! a debugger's run compares every instruction it enters on all six products (the divergence
//! log, `Machine::keep_divergence`), and a program repeats the same instructions (tile loops,
//! unrolled calls), so the comparison is made once per instruction content.
//!
//! A preparation is a function of the program, the instruction (its operation, arguments with
//! scalars bound, alias and core), the product, the UB size and the registers it is reached
//! with (`reach::prepare_with`), and of the UB contents only where it reads data (a flexible
//! scalar, `Room::plan_reads_data`): those are never remembered. Where an instruction is
//! written (its spans) changes no comparison: both sides of one carry the same ones.

use crate::base::catalog::Op;
use crate::base::ir::{Args, Instr, Program};
use crate::base::product::Product;
use crate::sim::family::room;
use crate::sim::reach::Regs;

/// Entries kept; the oldest is replaced.
const ENTRIES: usize = 32;

#[derive(Debug, Default)]
pub struct Alike {
    entries: Vec<Entry>,
    next: usize,
}

#[derive(Debug)]
struct Entry {
    content: Content,
    /// Bit i: `Product::ALL[i]` prepares it differently.
    differ: u8,
}

/// What a preparation depends on besides the program (whose tensors are only ever added) and
/// the UB size: the instruction's operation, arguments with scalars bound, alias and core, the
/// product and the registers it is reached with. Where it is written is no part of it.
#[derive(Clone, Debug)]
pub struct Content {
    op: Op,
    alias: Option<&'static str>,
    core: u32,
    args: Args,
    regs: Regs,
    product: Product,
}

impl Content {
    pub fn new(instr: &Instr, regs: Regs, product: Product) -> Content {
        Content {
            op: instr.op,
            alias: instr.alias,
            core: instr.core,
            args: instr.args.clone(),
            regs,
            product,
        }
    }

    /// Whether `instr` reached with `regs` on `product` is this content.
    pub fn is(&self, instr: &Instr, regs: Regs, product: Product) -> bool {
        self.op == instr.op
            && self.product == product
            && self.regs == regs
            && self.core == instr.core
            && self.alias == instr.alias
            && self.args == instr.args
    }
}

/// Whether preparing `instr` depends on the UB contents.
fn reads_data(instr: &Instr) -> bool {
    instr.args.scalar_elem().is_some()
        || room(instr.op.family()).plan_reads_data()
        || matches!(
            instr.form(),
            crate::base::ir::Form::Reg { mask: Some(_), .. }
        )
}

impl Alike {
    /// `compare()`, the products that prepare `instr` (a `key`) differently from `product`
    /// with `regs`, made once per content: later the remembered answer.
    pub fn remembered(
        &mut self,
        instr: &Instr,
        regs: Regs,
        product: Product,
        compare: impl FnOnce() -> u8,
    ) -> u8 {
        if let Some(e) = self
            .entries
            .iter()
            .find(|e| e.content.is(instr, regs, product))
        {
            return e.differ;
        }
        let differ = compare();
        self.put(instr, regs, product, differ);
        differ
    }

    fn put(&mut self, instr: &Instr, regs: Regs, product: Product, differ: u8) {
        let e = Entry {
            content: Content::new(instr, regs, product),
            differ,
        };
        if self.entries.len() < ENTRIES {
            self.entries.push(e);
        } else {
            self.entries[self.next] = e;
            self.next = (self.next + 1) % ENTRIES;
        }
    }
}

/// What a comparison of `program`'s instruction `idx` is remembered under: the instruction
/// with its scalars bound to `values`; None where binding fails or the preparation reads
/// data (never remembered).
pub fn key<'a>(
    program: &'a Program,
    idx: u32,
    values: &[Option<crate::base::dtype::Value>],
) -> Option<std::borrow::Cow<'a, Instr>> {
    let written = program.code.get(idx as usize)?;
    crate::sim::scalar::bind(program, written, values, &mut Vec::new())
        .ok()
        .filter(|i| !reads_data(i))
}
