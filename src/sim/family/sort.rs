//! Sort32 and MrgSort (docs/semantics.md §24; DK:排序组合（ISASI）/Sort32, MrgSort; CANN's
//! dav_c220 kernel_operator_proposal_impl.h). Both work on 8-byte (score, index) structures:
//! the score in the low 4 bytes (float) or the low 2 bytes (half, the next 2 bytes reserved:
//! ascstep writes them 0), the uint32 index in the high 4 bytes.
//!
//! - Sort32, repeat r: the 32 scores and 32 indices from `r · 32` elements on, sorted by
//!   score, largest first, ties in input order, as 32 structures from `dst + r · 256` bytes.
//! - MrgSort, repeat r: the 2 to 4 sorted lists (`lengths[i]` structures each) merged into one,
//!   largest score first, on a tie the lower-numbered list's first; with `suspend` the merge
//!   stops as soon as one list is used up. Repeat r reads and writes `r · (sum of lengths)`
//!   structures further.
//!
//! Plan: 32 lanes per repeat (one per structure of a Sort32 repeat), every lane active. The
//! sources are read whole by the repeat's first block step (`Indexing::FirstBlock`), which
//! sorts or merges into `Scratch::lanes`; Sort32's block b then writes structures 4b..4b + 4,
//! MrgSort's first block step writes every structure of the repeat (`Indexing::Packed`: with
//! `suspend` the data decides how many).
//!
//! NaN scores (the documentation does not order them) sort above +inf; +0 and −0 tie.

use crate::base::dtype::DType;
use crate::base::ir::{Args, Instr};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room, Scratch};
use crate::sim::mask::{LaneSource, MaskReg};
use crate::sim::plan::{intersection, AccessKind, Indexing, OpAddr, Plan, BLOCKS};
use crate::sim::ub::Ub;
use std::cmp::Ordering;

/// Structures per Sort32 repeat (singleSortElementCountV220).
pub const PER_REPEAT: u32 = 32;
/// Bytes per structure (regionProposalDataSize).
const STRUCT: u32 = 8;
const LISTS: [&str; 4] = ["src[0]", "src[1]", "src[2]", "src[3]"];

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SortKernel {
    /// The score type: half or float.
    pub dtype: DType,
    /// MrgSort: the list lengths (Sort32: None).
    pub merge: Option<Merge>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Merge {
    pub lists: usize,
    pub lengths: [u16; 4],
    pub suspend: bool,
}

/// The score of a structure as a number.
fn score(dtype: DType, s: u64) -> f64 {
    match dtype {
        DType::Half => half::f16::from_bits(s as u16).to_f64(),
        _ => f32::from_bits(s as u32) as f64,
    }
}

/// The order of two structures: largest score first, NaN above everything, equal scores
/// `Equal` (the callers keep input and list order then).
fn order(dtype: DType, a: u64, b: u64) -> Ordering {
    let (x, y) = (score(dtype, a), score(dtype, b));
    match (x.is_nan(), y.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => y.partial_cmp(&x).unwrap_or(Ordering::Equal),
    }
}

/// Sorts one Sort32 repeat: structures from scores (their bits) and indices.
pub fn sort32(dtype: DType, scores: &[u64], index: &[u32]) -> Vec<u64> {
    let mut v: Vec<u64> = scores
        .iter()
        .zip(index)
        .map(|(&s, &i)| s | (i as u64) << 32)
        .collect();
    // Stable: equal scores keep their input order.
    v.sort_by(|&a, &b| order(dtype, a, b));
    v
}

/// Merges sorted lists (largest first, a tie to the lower list); with `suspend` stops when a
/// list is used up. Returns the merged structures and how many each list gave.
pub fn merge(dtype: DType, lists: &[Vec<u64>], suspend: bool) -> (Vec<u64>, [u32; 4]) {
    let mut at = [0usize; 4];
    let mut out = Vec::with_capacity(lists.iter().map(Vec::len).sum());
    loop {
        if suspend && lists.iter().zip(at).any(|(l, a)| a == l.len()) {
            break;
        }
        let mut best: Option<usize> = None;
        for (i, l) in lists.iter().enumerate() {
            if at[i] == l.len() {
                continue;
            }
            if best.is_none_or(|b| order(dtype, l[at[i]], lists[b][at[b]]) == Ordering::Less) {
                best = Some(i);
            }
        }
        let Some(b) = best else { break };
        out.push(lists[b][at[b]]);
        at[b] += 1;
    }
    (out, at.map(|a| a as u32))
}

/// Block step `b` of repeat `r`.
pub fn exec_block(k: &SortKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32, s: &mut Scratch) {
    let dst = &plan.operands[0];
    match k.merge {
        None => {
            if b == 0 {
                let (sc, ix) = (&plan.operands[1], &plan.operands[2]);
                let mut scores = Vec::with_capacity(PER_REPEAT as usize);
                let mut index = Vec::with_capacity(PER_REPEAT as usize);
                for e in 0..PER_REPEAT {
                    scores.push(match k.dtype {
                        DType::Half => mem.read_one::<u16>(sc, e, sc.addr(r, e)) as u64,
                        _ => mem.read_one::<u32>(sc, e, sc.addr(r, e)) as u64,
                    });
                    index.push(mem.read_one::<u32>(ix, e, ix.addr(r, e)));
                }
                s.lanes = sort32(k.dtype, &scores, &index)
                    .into_iter()
                    .map(Some)
                    .collect();
            }
            let per = PER_REPEAT / BLOCKS;
            for e in b * per..(b + 1) * per {
                let v = s.lanes.get(e as usize).copied().flatten().unwrap_or(0);
                mem.write_one::<u64>(dst, e, dst.addr(r, e), v);
            }
        }
        Some(m) => {
            if b != 0 {
                return;
            }
            let lists = read_lists(&m, plan, r, |o, e, a| mem.read_one::<u64>(o, e, a));
            let (out, taken) = merge(k.dtype, &lists, m.suspend);
            let first = plan.packed_range(r, 0).start;
            for (j, v) in out.into_iter().enumerate() {
                let e = first + j as u32;
                mem.write_one::<u64>(dst, e, dst.addr(r, e), v);
            }
            s.written = taken
                .iter()
                .enumerate()
                .fold(0u64, |acc, (i, &t)| acc | (t as u64 & 0xFFFF) << (16 * i));
        }
    }
}

/// Repeat `r`'s lists of a MrgSort, each element read by `read(operand, element, address)`.
fn read_lists(
    m: &Merge,
    plan: &Plan,
    r: u32,
    mut read: impl FnMut(&OpAddr, u32, u64) -> u64,
) -> Vec<Vec<u64>> {
    (0..m.lists)
        .map(|i| {
            let o = &plan.operands[1 + i];
            (0..m.lengths[i] as u32)
                .map(|e| read(o, e, o.addr(r, e)))
                .collect()
        })
        .collect()
}

/// The merge of repeat `r` read from the UB without recording (the plan's packed counts).
fn merged_len(k: &SortKernel, m: &Merge, plan: &Plan, ub: &Ub, r: u32) -> u32 {
    let lists = read_lists(m, plan, r, |_, _, a| {
        ub.get(a..a + 8)
            .and_then(|b| b.try_into().ok())
            .map_or(0, u64::from_le_bytes)
    });
    merge(k.dtype, &lists, m.suspend).0.len() as u32
}

pub struct SortRoom;

impl Room for SortRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        match &instr.args {
            Args::Sort { v, .. } if v.dst.is_some() && v.src.len() >= 2 => Ok(()),
            _ => Err(format!(
                "{} needs dst and two to four sources",
                instr.name()
            )),
        }
    }

    /// Scores of the destination's type; lanes are the 8-byte structures (32 per repeat).
    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let d = c.dtype_of(c.instr.dst()?);
        Some(Types {
            src: d,
            dst: d,
            lane: DType::UInt64,
        })
    }

    fn vector_lanes(&self) -> bool {
        false
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    /// dst and Sort32's sources 32-byte aligned (LocalTensor starts), MrgSort's lists 8-byte
    /// (DK:排序组合（ISASI）/MrgSort 约束说明).
    fn align(&self, c: &mut Ctx, ops: &[OpAddr], _dst_align: u32, _gm_align: u32) {
        let merge = c.instr.op == crate::base::catalog::Op::MrgSort;
        for (i, o) in ops.iter().enumerate() {
            let need = if merge && i > 0 { STRUCT } else { 32 };
            if o.base % need != 0 {
                let t = &c.program.tensors[o.tensor].name;
                let msg = format!("{} `{t}` starts at UB address {:#x}, which is not {need}-byte aligned (DK:排序组合（ISASI）/{} 约束说明)", o.role, o.base, c.name());
                let field = if i == 0 {
                    "dst"
                } else if merge {
                    "src"
                } else {
                    o.role
                };
                c.err("misaligned-operand", field, msg);
            }
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let Args::Sort { v, lengths, .. } = &c.instr.args else {
            return (Vec::new(), 32);
        };
        let Some(d) = v.dst else {
            return (Vec::new(), 32);
        };
        let p = c.program;
        // A run of `elems` elements of `dtype` per repeat, `rep` bytes apart.
        let run = |o, role, dtype: DType, elems: u32, rep: u32| {
            let mut a = OpAddr::of(p, o, role, AccessKind::Read, 1, rep);
            a.dtype = dtype;
            a.per_block = u32::MAX;
            a.blk_unit = 0;
            a.rep_unit = 1;
            a.index = Indexing::FirstBlock { elems };
            a
        };
        if c.instr.op == crate::base::catalog::Op::Sort32 {
            let mut dst = OpAddr::of(p, &d, "dst", AccessKind::Write, 1, 8);
            dst.dtype = DType::UInt64;
            dst.per_block = 32 / STRUCT;
            let size = t.src.size();
            let mut ops = vec![dst];
            if let [s, ix, ..] = v.src.as_slice() {
                ops.push(run(s, "src0", t.src, PER_REPEAT, PER_REPEAT * size));
                ops.push(run(ix, "src1", DType::UInt32, PER_REPEAT, PER_REPEAT * 4));
            }
            return (ops, 32);
        }
        let total: u32 = lengths.iter().take(v.src.len()).map(|&l| l as u32).sum();
        let base = OpAddr::of(p, &d, "dst", AccessKind::Write, 0, 0).base;
        let (w, u) = (AccessKind::Write, DType::UInt64);
        let mut ops = vec![OpAddr::sequential(
            "dst",
            d.tensor,
            w,
            u,
            base,
            Indexing::Packed,
        )];
        for (i, o) in v.src.iter().enumerate().take(4) {
            ops.push(run(
                o,
                LISTS[i],
                DType::UInt64,
                lengths[i] as u32,
                total * STRUCT,
            ));
        }
        (ops, 32)
    }

    fn lanes(&self, c: &mut Ctx, _t: &Types, par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        crate::sim::family::fill::every_lane(c, par)
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        let Args::Sort {
            v,
            lengths,
            suspend,
            ..
        } = &c.instr.args
        else {
            return;
        };
        if c.instr.op != crate::base::catalog::Op::MrgSort {
            return;
        }
        let crate::base::ir::Form::Masked { repeat_times, .. } = v.form else {
            return;
        };
        // DK:排序组合（ISASI）/MrgSort 表3: repeatTimes takes effect only with four lists of one
        // length, stored one after another, validBit 15 and no suspension.
        if repeat_times > 1 {
            let n = v.src.len();
            let len = lengths[0] as u64;
            let same = n == 4 && lengths.iter().all(|&l| l as u64 == len);
            let base = |o: &crate::base::ir::Operand| {
                OpAddr::of(c.program, o, "", AccessKind::Read, 0, 0).base as u64
            };
            let chained = v
                .src
                .iter()
                .enumerate()
                .all(|(i, o)| base(o) == base(&v.src[0]) + i as u64 * len * STRUCT as u64);
            if !(same && chained && !suspend) {
                let msg = format!("repeat_times is {repeat_times}, but MrgSort repeats only four lists of one length stored one after another, with valid_bit 15 and no exhausted_suspension (DK:排序组合（ISASI）/MrgSort 表3 repeatTimes); merge them with repeat_times 1");
                c.err("bad-params", "repeat_times", msg);
            }
        }
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let merge = match &c.instr.args {
            Args::Sort {
                v,
                lengths,
                suspend,
                ..
            } if c.instr.op == crate::base::catalog::Op::MrgSort => Some(Merge {
                lists: v.src.len().min(4),
                lengths: *lengths,
                suspend: *suspend,
            }),
            _ => None,
        };
        Exec::Sort(SortKernel {
            dtype: t.src,
            merge,
        })
    }

    fn plan_reads_data(&self) -> bool {
        true
    }

    /// MrgSort's packed counts (with suspension the data decides them), and the overlap the
    /// pages rule out (不支持源操作数和目的操作数地址重叠): error `sort-src-dst-overlap`.
    fn plan(&self, c: &mut Ctx, exec: &Exec, plan: &mut Plan, ub: Option<&Ub>) {
        let Exec::Sort(k) = exec else { return };
        if let Some(m) = k.merge {
            let full: u32 = m.lengths.iter().take(m.lists).map(|&l| l as u32).sum();
            let counts: Vec<u32> = (0..plan.repeats)
                .flat_map(|r| {
                    let n = match ub {
                        Some(ub) if m.suspend => merged_len(k, &m, plan, ub, r),
                        _ => full,
                    };
                    std::iter::once(n).chain(std::iter::repeat_n(0, BLOCKS as usize - 1))
                })
                .collect();
            plan.set_packed(&counts);
        }
        let Some(d) = plan.extent(0) else { return };
        for (j, o) in plan.operands.iter().enumerate().skip(1) {
            if let Some(x) = plan.extent(j).and_then(|e| intersection(&d, &e)) {
                let name = |o: &OpAddr| c.program.tensors[o.tensor].name.clone();
                let msg = format!("{} `{}` ({:#x}..{:#x}) overlaps dst `{}`: {} does not support sources and destination in the same bytes (DK:排序组合（ISASI）/{} 约束说明)", o.role, name(o), x.start, x.end, name(&plan.operands[0]), c.name(), c.name());
                let field = if k.merge.is_some() { "src" } else { o.role };
                c.err("sort-src-dst-overlap", field, msg);
                return;
            }
        }
    }

    /// No overlap is allowed at all: `plan` refuses it, so the generic warnings stay quiet.
    fn overlap_allowed(&self, _instr: &Instr, _dst: &OpAddr, _src: &OpAddr) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f32, i: u32) -> u64 {
        x.to_bits() as u64 | (i as u64) << 32
    }

    #[test]
    fn sort32_is_descending_and_stable() {
        let scores: Vec<u64> = [1.0f32, 3.0, 3.0, -0.0, 0.0, f32::NAN, -1.0]
            .iter()
            .map(|x| x.to_bits() as u64)
            .collect();
        let out = sort32(DType::Float, &scores, &[0, 1, 2, 3, 4, 5, 6]);
        let idx: Vec<u32> = out.iter().map(|s| (s >> 32) as u32).collect();
        assert_eq!(idx, [5, 1, 2, 0, 3, 4, 6]);
    }

    #[test]
    fn merge_ties_take_the_lower_list_and_suspension_stops() {
        let a = vec![f(5.0, 0), f(2.0, 1)];
        let b = vec![f(5.0, 10), f(4.0, 11), f(1.0, 12)];
        let (out, taken) = merge(DType::Float, &[a.clone(), b.clone()], false);
        assert_eq!(out, [a[0], b[0], b[1], a[1], b[2]]);
        assert_eq!(taken[..2], [2, 3]);
        let (out, taken) = merge(DType::Float, &[a.clone(), b.clone()], true);
        assert_eq!(out, [a[0], b[0], b[1], a[1]]);
        assert_eq!(taken[..2], [2, 2]);
    }
}
