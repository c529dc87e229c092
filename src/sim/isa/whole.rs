//! ReduceSum, ReduceMax and ReduceMin over a whole tensor (semantics.md §4.4, §5.4;
//! DK:归约计算/ReduceSum, /ReduceMax, /ReduceMin). The source is walked repeat by repeat like
//! any lane operand; each repeat is reduced with the binary tree of §5.1 (SUM) or the
//! first-occurrence rule of §5.2 (MAX/MIN), and after the last block of the last repeat the
//! repeat results are combined and dst is written:
//!
//! - SUM by the product's scheme (`SumScheme`): sequential over the repeat results (A2/A3
//!   count form), a tree over them, or a lane-by-lane vector add of the repeats followed by one
//!   tree (950, 64-bit types and counter mode over 256–1024 bytes);
//! - MAX/MIN: the value, and with `calc_index` its index `r·PAR + k` (the smallest among
//!   equals) stored as the raw bits of T (§5.2).
//!
//! The `work` buffer (sharedTmpBuffer) is checked for size, not written: its intermediate
//! contents are not documented.

use crate::base::catalog::Op;
use crate::base::dtype::DType;
use crate::base::product::SumScheme;
use crate::sim::access::Mem;
use crate::sim::isa::fill::{from_bits, to_bits};
use crate::sim::isa::reduce::{pick, tree_sum};
use crate::sim::isa::Scratch;
use crate::sim::lanes::Num;
use crate::sim::plan::{block_lanes, Plan, BLOCKS};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WholeKernel {
    pub op: Op,
    pub dtype: DType,
    pub scheme: SumScheme,
    pub calc_index: bool,
}

impl WholeKernel {
    /// Elements written to dst: the sum or the value, and the index when asked for.
    pub fn dst_elems(&self) -> u32 {
        if self.op != Op::ReduceSum && self.calc_index {
            2
        } else {
            1
        }
    }
}

/// Executes block `b` of repeat `r`.
pub fn exec_block<T: Num>(
    k: &WholeKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    b: u32,
    scratch: &mut Scratch,
) {
    let lanes = plan.lanes_of(r);
    let ks = block_lanes(plan.par, b);
    let n = (ks.end - ks.start) as usize;
    let mut vals = [T::default(); 32];
    let any = lanes.any_in(ks.start, ks.end);
    if any {
        mem.read(&plan.operands[1], r, ks.clone(), &lanes, &mut vals[..n]);
    }
    let active = |i: usize| lanes.has(ks.start + i as u32);
    let sum = k.op == Op::ReduceSum;
    if sum && k.scheme == SumScheme::VectorAdd {
        if scratch.lanes.len() < plan.par as usize {
            scratch.lanes = vec![None; plan.par as usize];
        }
        for i in (0..n).filter(|&i| active(i)) {
            let slot = &mut scratch.lanes[ks.start as usize + i];
            *slot = Some(match *slot {
                Some(acc) => to_bits(from_bits::<T>(acc).vadd(vals[i])),
                None => to_bits(vals[i]),
            });
        }
    } else {
        scratch.partials[b as usize] = if !any {
            None
        } else if sum {
            let mut v: Vec<Option<T>> = (0..n).map(|i| active(i).then_some(vals[i])).collect();
            tree_sum(&mut v).map(|s| (to_bits(s), 0))
        } else {
            let mut best = None;
            for i in (0..n).filter(|&i| active(i)) {
                best = pick(best, vals[i], ks.start + i as u32, k.op == Op::ReduceMax);
            }
            best.map(|(v, i)| (to_bits(v), i))
        };
        if b == BLOCKS - 1 {
            let parts = std::mem::take(&mut scratch.partials);
            let result = if sum {
                let mut v: Vec<Option<T>> = parts
                    .iter()
                    .map(|p| p.map(|(x, _)| from_bits::<T>(x)))
                    .collect();
                tree_sum(&mut v).map(|s| (to_bits(s), 0))
            } else {
                let mut best = None;
                for (x, i) in parts.iter().flatten() {
                    best = pick(best, from_bits::<T>(*x), *i, k.op == Op::ReduceMax);
                }
                best.map(|(v, i)| (to_bits(v), r * plan.par + i))
            };
            scratch.repeats.push(result);
        }
    }
    if b == BLOCKS - 1 && r + 1 == plan.repeats {
        finish::<T>(k, plan, mem, scratch);
    }
}

/// Combines the repeat results and writes dst.
fn finish<T: Num>(k: &WholeKernel, plan: &Plan, mem: &mut Mem, scratch: &mut Scratch) {
    let dst = &plan.operands[0];
    let result: Option<(T, u32)> = if k.op == Op::ReduceSum {
        match k.scheme {
            SumScheme::Sequential => scratch
                .repeats
                .iter()
                .flatten()
                .map(|(x, _)| from_bits::<T>(*x))
                .reduce(|acc, x| acc.vadd(x))
                .map(|s| (s, 0)),
            SumScheme::Tree => {
                let mut v: Vec<Option<T>> = scratch
                    .repeats
                    .iter()
                    .map(|p| p.map(|(x, _)| from_bits::<T>(x)))
                    .collect();
                tree_sum(&mut v).map(|s| (s, 0))
            }
            SumScheme::VectorAdd => {
                let mut v: Vec<Option<T>> = scratch
                    .lanes
                    .iter()
                    .map(|p| p.map(from_bits::<T>))
                    .collect();
                tree_sum(&mut v).map(|s| (s, 0))
            }
        }
    } else {
        let mut best = None;
        for (x, i) in scratch.repeats.iter().flatten() {
            best = pick(best, from_bits::<T>(*x), *i, k.op == Op::ReduceMax);
        }
        best
    };
    // No active lane at all: nothing is written (as for ReduceRepeat, §11 item 16).
    let Some((v, idx)) = result else { return };
    mem.write_one(dst, 0, dst.addr(0, 0), v);
    if k.dst_elems() == 2 {
        // The index is stored as the raw bits of T (§5.2): a uint16 in half, uint32 in float.
        mem.write_one(dst, 1, dst.addr(0, 1), from_bits::<T>(idx as u64));
    }
}
