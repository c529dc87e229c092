//! ReduceSum, ReduceMax and ReduceMin over a whole tensor (docs/semantics.md §4.4, §5.4;
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
use crate::base::ir::{Args, Form, Instr, MaskArg, Program};
use crate::base::product::SumScheme;
use crate::sim::access::Mem;
use crate::sim::checks::{lanes, zero_repeat_msg, Ctx, Types};
use crate::sim::family::fill::{from_bits, to_bits};
use crate::sim::family::reduce::{block_best, block_sum, pick, tree_sum};
use crate::sim::family::Scratch;
use crate::sim::family::{Exec, Room};
use crate::sim::lanes::Num;
use crate::sim::mask::{LaneSource, MaskMode, MaskReg};
use crate::sim::plan::{AccessKind, Indexing, OpAddr};
use crate::sim::plan::{BlockStep, Plan, BLOCKS};
use crate::sim::ub::Ub;

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

/// Whether ReduceSum/Max/Min may run a repeat at a time without events (`exec_repeat`,
/// block by block where it declines): fixed or counted lanes, the source indexed by lane, and
/// dst (written after the last repeat) apart from it.
pub fn fast_ok(plan: &Plan) -> bool {
    if matches!(plan.lanes, crate::sim::mask::LaneSource::Grouped { .. }) {
        return false;
    }
    let (Some(d), Some(src)) = (plan.extent(0), plan.operands.get(1)) else {
        return false;
    };
    src.index == crate::sim::plan::Indexing::Lanes
        && plan
            .extent(1)
            .is_none_or(|e| e.end <= d.start || e.start >= d.end)
}

/// Repeat `r` of a ReduceSum accumulated by repeat results (schemes 1 and 2) whose block sums
/// `reduce::full_block_sums` gives, then the tree over the blocks, as block stepping computes
/// them (dst written after the last repeat, as there); false (nothing done) for anything
/// else, which then goes block by block.
pub fn exec_repeat(
    k: &WholeKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    scratch: &mut Scratch,
) -> bool {
    if k.op != Op::ReduceSum || k.scheme == SumScheme::VectorAdd {
        return false;
    }
    let Some(sums) = crate::sim::family::reduce::full_block_sums(k.dtype, plan, mem, r) else {
        return false;
    };
    fn tree<T: Num>(sums: [T; 8]) -> crate::sim::family::reduce::Partial {
        let mut v = sums.map(Some);
        tree_sum(&mut v).map(|s| (to_bits(s), 0))
    }
    let result = match k.dtype {
        DType::Half => tree(sums.map(|b| half::f16::from_bits(b as u16))),
        _ => tree(sums.map(|b| f32::from_bits(b as u32))),
    };
    scratch.repeats.push(result);
    if r + 1 == plan.repeats {
        match k.dtype {
            DType::Half => finish::<half::f16>(k, plan, mem, scratch),
            _ => finish::<f32>(k, plan, mem, scratch),
        }
    }
    true
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
    let BlockStep { lanes, ks, n } = plan.block_step(r, b);
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
            block_sum(&mut vals[..n], &lanes, ks.start).map(|s| (to_bits(s), 0))
        } else {
            block_best(&vals[..n], &lanes, ks.start, k.op == Op::ReduceMax)
                .map(|(v, i)| (to_bits(v), i))
        };
        if b == BLOCKS - 1 {
            let parts = std::mem::take(&mut scratch.partials);
            let result = if sum {
                let mut v = [None; BLOCKS as usize];
                for (x, p) in v.iter_mut().zip(parts.iter()) {
                    *x = p.map(|(x, _)| from_bits::<T>(x));
                }
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

/// `(is_set_mask, calc_index)` of a ReduceSum/Max/Min.
fn flags(instr: &Instr) -> (bool, bool) {
    match instr.args {
        Args::Whole {
            is_set_mask,
            calc_index,
            ..
        } => (is_set_mask, calc_index),
        _ => (true, false),
    }
}

fn is_set_mask(instr: &Instr) -> bool {
    flags(instr).0
}

fn calc_index(instr: &Instr) -> bool {
    flags(instr).1
}

/// ReduceSum/Max/Min operands: dst written at the end, src (block stride 1, `src_rep_stride`).
fn whole_operands(instr: &Instr, program: &Program, elems: u32) -> Vec<OpAddr> {
    let mut ops = Vec::with_capacity(2);
    if let Some(d) = instr.dst() {
        let t = &program.tensors[d.tensor];
        ops.push(OpAddr::sequential(
            "dst",
            d.tensor,
            AccessKind::Write,
            t.dtype,
            t.addr + d.offset * t.dtype.size(),
            Indexing::AtEnd { elems },
        ));
    }
    if let Some(s) = instr.src().first() {
        let t = &program.tensors[s.tensor];
        ops.push(OpAddr::standard(
            "src",
            s.tensor,
            AccessKind::Read,
            t.dtype,
            t.addr + s.offset * t.dtype.size(),
            1,
            instr.strides().src_rep[0],
        ));
    }
    ops
}

/// The `work` buffer (sharedTmpBuffer) of ReduceSum/Max/Min: 32-byte aligned, inside the UB and
/// its tensor, and as large as DK:归约计算/ReduceSum, /ReduceMax 关键特性说明 require on the
/// products that use it; half indices of ReduceMax/Min stop at 65535.
fn work_checks(c: &mut Ctx, k: &WholeKernel, plan: &Plan) {
    let instr = c.instr;
    let p = c.product;
    let e = 32 / k.dtype.size() as u64;
    let par = plan.par as u64;
    if k.op != Op::ReduceSum && k.calc_index && k.dtype.size() == 2 {
        let n = plan.repeats as u64 * par;
        if n > 65536 {
            c.err(
                "count-out-of-range",
                if c.is_count() { "count" } else { "repeat_times" },
                format!("{} with calc_index on {} returns indices up to 65535 only (a uint16 in half), but the source has {n} elements (DK:归约计算/ReduceMax)", c.name(), k.dtype),
            );
        }
    }
    let Some(w) = instr.aux() else { return };
    let t = &c.program.tensors[w.tensor];
    let base = t.addr + w.offset * t.dtype.size();
    if base % 32 != 0 {
        c.err(
            "misaligned-operand",
            "work",
            format!("work `{}` starts at UB address {base:#x}, which is not 32-byte aligned (docs/semantics.md §7 item 1)", t.name),
        );
    }
    if !p.profile().reduce_work_needed || k.scheme == SumScheme::Sequential && k.op == Op::ReduceSum
    {
        return;
    }
    // firstMaxRepeat: repeatTime, or count / elementsPerRepeat (at least 1) in the count form.
    let first = match *instr.form() {
        Form::Count(n) => (n / par).max(1),
        _ => plan.repeats as u64,
    };
    let round_up = |a: u64, b: u64| a.div_ceil(b);
    let need = if k.op == Op::ReduceSum {
        round_up(first, e) * e
    } else if !k.calc_index {
        round_up(first * 2, e) * e
    } else {
        let iter1 = first * 2;
        let iter2_start = round_up(iter1, e) * e;
        let iter2 = round_up(iter1, par) * 2;
        let iter2_end = round_up(iter2, e) * e;
        if iter2 > 2 {
            let iter3 = round_up(iter2, par) * 2;
            iter2_start + iter2_end + round_up(iter3, e) * e
        } else {
            iter2_start + iter2_end
        }
    };
    let have = (t.len.saturating_sub(w.offset)) as u64;
    // One repeat of ReduceMax/Min (and a tail of one): CANN's implementation writes dst
    // directly with calcIndex and two elements of work without (dav_c220's
    // ReduceImplWithIndex/NoIndex), less than the page's formula asks for (§8).
    let touched = if k.op != Op::ReduceSum && first == 1 {
        Some(if k.calc_index { 0 } else { 2 })
    } else {
        None
    };
    if have < need && touched.is_some_and(|t| have >= t) {
        c.warn(
            "work-below-documented-size",
            "work",
            format!(
                "work `{}` has {have} elements from its offset, fewer than the {need} the page's formula gives for {} on {p}; one repeat uses {} of them (DK:归约计算/{} 关键特性说明, docs/semantics.md §8)",
                t.name,
                c.name(),
                touched.unwrap_or(0),
                c.instr.op.name()
            ),
        );
    } else if have < need {
        c.err(
            "work-too-small",
            "work",
            format!(
                "work `{}` has {have} elements from its offset, {} needs {need} on {p} (sharedTmpBuffer size, DK:归约计算/{} 关键特性说明)",
                t.name,
                c.name(),
                c.instr.op.name()
            ),
        );
    }
}

/// The count form of ReduceSum/Max/Min: `count` elements; with `is_set_mask: false` on a
/// product that honours it (ReduceSum on A2/A3, §9 row 10), the count set in the register in
/// counter mode.
fn count_lanes(c: &mut Ctx, reg: &mut MaskReg) -> Option<LaneSource> {
    let instr = c.instr;
    let p = c.product;
    let Form::Count(n) = *instr.form() else {
        return None;
    };
    let honours = p.profile().reduce_sum_is_set_mask && instr.op == Op::ReduceSum;
    if !is_set_mask(instr) && honours {
        if reg.mode != MaskMode::Counter {
            c.err(
                "mask-out-of-range",
                "is_set_mask",
                "ReduceSum with is_set_mask: false takes its element count from the mask register, which is in normal mode; call SetMaskCount and SetVectorMask(len: n) first (docs/semantics.md §2.5)".into(),
            );
            return None;
        }
        if reg.low == 0 {
            c.warn(
                "repeat-zero",
                "is_set_mask",
                zero_repeat_msg("the register's count", p),
            );
        }
        return Some(LaneSource::Counted { count: reg.low });
    }
    if reg.mode == MaskMode::Counter {
        c.warn("mask-register-reset", "count", "the count form resets the mask register to all ones in normal mode; the counter mode set earlier is lost for later `mask: Placeholder` calls (docs/semantics.md §2.5, §7 item 9)".into());
    }
    if n == 0 {
        c.warn("repeat-zero", "count", zero_repeat_msg("count", p));
    }
    Some(LaneSource::Counted { count: n })
}

/// The room of ReduceSum, ReduceMax and ReduceMin.
pub struct WholeRoom;

impl Room for WholeRoom {
    /// ReduceSum/Max/Min take an int32 repeatTime (DK:归约计算/ReduceSum).
    fn max_repeat(&self) -> (u64, &'static str) {
        (i32::MAX as u64, "an int32_t")
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        let instr = c.instr;
        let (op, p) = (instr.op, c.product);
        let honours = p.profile().reduce_sum_is_set_mask && op == Op::ReduceSum;
        if let Form::Masked {
            mask: MaskArg::Placeholder,
            ..
        } = instr.form()
        {
            if !honours {
                let why = if op == Op::ReduceSum {
                    format!("isSetMask has no effect on {p} (docs/semantics.md §9 row 10)")
                } else {
                    format!("{} has no isSetMask parameter", c.name())
                };
                let msg = format!("{} cannot take its mask from the register (mask: Placeholder): {why}; give an explicit mask", c.name());
                c.err("mask-out-of-range", "mask", msg);
            }
        }
        if !is_set_mask(instr) && !honours {
            let msg = if op == Op::ReduceSum {
                format!("ReduceSum's isSetMask has no effect on {p}: `count` is used (docs/semantics.md §2.5, §9 row 10)")
            } else {
                format!("{} has no isSetMask parameter; `count` is used", c.name())
            };
            c.warn("is-set-mask-ignored", "is_set_mask", msg);
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let elems = if c.instr.op != Op::ReduceSum && calc_index(c.instr) {
            2
        } else {
            1
        };
        (
            whole_operands(c.instr, c.program, elems),
            elems * t.src.size(),
        )
    }

    fn lanes(&self, c: &mut Ctx, t: &Types, par: u32, reg: &mut MaskReg) -> Option<LaneSource> {
        if c.is_count() {
            count_lanes(c, reg)
        } else {
            lanes::resolve(c, par, t.lane, reg)
        }
    }

    fn exec(&self, c: &Ctx, t: &Types, lanes: &LaneSource) -> Exec {
        let dt = t.src;
        let order = c.product.profile().reduce_sum;
        let mut scheme = if c.is_count() {
            order.count
        } else {
            order.high_dim
        };
        let counted_bytes = match lanes {
            LaneSource::Counted { count } => Some(count.saturating_mul(dt.size() as u64)),
            _ => None,
        };
        if order.vector_add_b64 && dt.size() == 8
            || matches!((order.vector_add_bytes, counted_bytes), (Some((lo, hi)), Some(b)) if (lo..=hi).contains(&b))
        {
            scheme = SumScheme::VectorAdd;
        }
        Exec::Whole(WholeKernel {
            op: c.instr.op,
            dtype: dt,
            scheme,
            calc_index: calc_index(c.instr),
        })
    }

    fn plan(&self, c: &mut Ctx, exec: &Exec, plan: &mut Plan, _ub: Option<&Ub>) {
        if let Exec::Whole(k) = exec {
            work_checks(c, k, plan);
        }
    }

    /// The whole-tensor reductions are software loops that leave all ones, normal mode; a
    /// ReduceSum with `is_set_mask: false` where the product honours it sets no mask and leaves
    /// the register as it was (CANN's `ReduceSumImpl<T, false>` for __NPU_ARCH__ 2201).
    fn mask_at_end(&self, c: &Ctx, reg_now: MaskReg) -> MaskReg {
        let honours = c.product.profile().reduce_sum_is_set_mask && c.instr.op == Op::ReduceSum;
        if honours && !is_set_mask(c.instr) {
            reg_now
        } else {
            MaskReg::default()
        }
    }
}
