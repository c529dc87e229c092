//! The register API's reductions (Ascend 950, docs/semantics.md §29; DK:Reg矢量计算/归约计算):
//! Reduce folds a register's elements into lane 0 (SUM, by the binary tree over adjacent pairs)
//! or into the extreme in lane 0 and its index in lane 1 (MAX, MIN: the first extreme, the first
//! NaN); ReduceDataBlock folds each 32-byte block into lane b; PairReduceElem adds neighbours
//! into the lower half. Elements the mask leaves count as 0 (SUM), the type's lowest value (MAX)
//! or its highest (MIN): PairReduceElem's page spells it out pair by pair. Every other lane of
//! the destination is 0 (ZEROING, their only mode).
//!
//! Duplicate of a register (its `src`, not a scalar) spreads the source's lowest element over
//! the lanes its mask selects, the others 0 (ZEROING) or kept (MERGING).
//!
//! A reduction reads every source lane before it writes: the kernel does all of it in the
//! first block step, so a reduction in place (`Reduce(x, x, mask)`) reads what it should.

use super::reduce::pick;
use super::reg::read_bits;
use super::{Exec, Room};
use crate::base::catalog::Op;
use crate::base::dtype::{DType, Elem, Value};
use crate::base::ir::{Args, Form, Instr, ReduceType, VL};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::lanes::Num;
use crate::sim::plan::{AccessKind, OpAddr, Plan, BLOCKS};

/// What a register reduction computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RegReduceKernel {
    pub op: Op,
    pub reduce: ReduceType,
    pub dst: DType,
    pub src: DType,
    /// Duplicate's MaskMergeMode::ZEROING (the reductions always zero).
    pub zeroing: bool,
    /// Interleave/DeInterleave: the second destination.
    pub high: bool,
}

/// The registers' Interleave and DeInterleave (two sources, every lane).
fn interleaves(op: Op) -> bool {
    matches!(op, Op::RegInterleave | Op::RegDeInterleave)
}

pub struct RegReduceRoom;

fn parts(c: &Ctx) -> Option<(DType, DType, ReduceType)> {
    let (dst, src) = (c.instr.dst()?, c.instr.src().first()?);
    match c.instr.args {
        Args::RegReduce { reduce, .. } => Some((c.dtype_of(dst), c.dtype_of(src), reduce)),
        _ => None,
    }
}

/// Whether `(dst, src)` is a pair of the page's tables: the same type, or the widening sums
/// int16 → int32 and uint16 → uint32 (Reduce's and ReduceDataBlock's SUM).
fn pair_ok(op: Op, reduce: ReduceType, dst: DType, src: DType) -> bool {
    dst == src
        || matches!(op, Op::RegReduce | Op::RegReduceDataBlock)
            && reduce == ReduceType::Sum
            && matches!(
                (dst, src),
                (DType::Int32, DType::Int16) | (DType::UInt32, DType::UInt16)
            )
}

impl Room for RegReduceRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        let masked = matches!(instr.form(), Form::Reg { mask: Some(_), .. });
        let ok = match instr.args {
            Args::RegReduce { .. } if interleaves(instr.op) => instr.src().len() == 2,
            Args::RegReduce { .. } => !instr.src().is_empty() && masked,
            _ => false,
        };
        if ok && instr.dst().is_some() {
            Ok(())
        } else if interleaves(instr.op) {
            Err(format!("{} needs dst, src0 and src1", instr.name()))
        } else {
            Err(format!(
                "{} needs dst, src and a mask register",
                instr.name()
            ))
        }
    }

    /// Lanes are the source's elements (its mask is read for them).
    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let (_, src, _) = parts(c)?;
        Some(Types::same(src))
    }

    fn dtype_field(&self, _c: &Ctx) -> &'static str {
        "src"
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        let Some((dst, src, reduce)) = parts(c) else {
            return;
        };
        if !pair_ok(c.instr.op, reduce, dst, src) {
            let what = ReduceType::NAMES
                .iter()
                .find(|(_, r)| *r == reduce)
                .map_or("", |(n, _)| n);
            let msg = format!(
                "{} {what} of {src} into {dst}: the destination is the source's type{} (DK:Reg矢量计算/归约计算/{})",
                c.name(),
                if reduce == ReduceType::Sum
                    && matches!(c.instr.op, Op::RegReduce | Op::RegReduceDataBlock)
                {
                    ", or int32 for int16 and uint32 for uint16"
                } else {
                    ""
                },
                c.name()
            );
            c.err("unsupported-dtype", "dst", msg);
        }
    }

    /// Both registers as the source's elements (the kernel writes the destination in its own).
    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let op = |o: &crate::base::ir::Operand, role, kind| {
            let base = OpAddr::of(c.program, o, role, kind, 1, 8).base;
            OpAddr::standard(role, o.tensor, kind, t.src, base, 1, 8)
        };
        let mut ops = Vec::new();
        if let Some(d) = c.instr.dst() {
            ops.push(op(d, "dst", AccessKind::Write));
        }
        let roles: &[&'static str] = if interleaves(c.instr.op) {
            &["src0", "src1"]
        } else {
            &["src"]
        };
        for (s, role) in c.instr.src().iter().zip(roles) {
            ops.push(op(s, role, AccessKind::Read));
        }
        (ops, 32)
    }

    fn exec(&self, c: &Ctx, _t: &Types, _lanes: &crate::sim::mask::LaneSource) -> Exec {
        let (dst, src, reduce) = parts(c).unwrap_or((DType::Float, DType::Float, ReduceType::Sum));
        Exec::RegReduce(RegReduceKernel {
            op: c.instr.op,
            reduce,
            dst,
            src,
            zeroing: matches!(c.instr.form(), Form::Reg { zeroing: true, .. }),
            high: matches!(c.instr.args, Args::RegReduce { high: true, .. }),
        })
    }

    /// Every source lane is read before the destination is written.
    fn overlap_allowed(&self, _instr: &Instr, _dst: &OpAddr, _src: &OpAddr) -> bool {
        true
    }
}

fn bits<T: Elem>(v: T) -> u64 {
    let mut b = [0u8; 8];
    v.store(&mut b);
    u64::from_le_bytes(b)
}

/// The destination's lanes (as bits) from the source's, `None` where the mask leaves a lane.
pub fn compute(k: &RegReduceKernel, vals: &[Option<u64>]) -> Vec<u64> {
    crate::with_dtype!(k.dst, T => compute_as::<T>(k, vals))
}

fn compute_as<T: Num>(k: &RegReduceKernel, vals: &[Option<u64>]) -> Vec<u64> {
    let mut out = vec![0u64; (VL / k.dst.size()) as usize];
    let size = k.src.size() as usize;
    // A source element in the destination's type (int16 and uint16 widen to 32 bits).
    let elem = |b: u64| -> T {
        if k.src == k.dst {
            T::load(&b.to_le_bytes())
        } else {
            T::from_value(k.src.decode(&b.to_le_bytes()[..size]))
        }
    };
    let left = match k.reduce {
        ReduceType::Sum => T::zero(),
        ReduceType::Max => T::from_value(Value::Float(f64::NEG_INFINITY)),
        ReduceType::Min => T::from_value(Value::Float(f64::INFINITY)),
    };
    let xs: Vec<T> = vals.iter().map(|v| v.map_or(left, elem)).collect();
    // The extreme of `xs[from..to]` and its index (the first; NaN wins).
    let best = |from: usize, to: usize| {
        let max = k.reduce == ReduceType::Max;
        let mut b = None;
        for (i, &x) in xs.iter().enumerate().take(to).skip(from) {
            b = pick(b, x, i as u32, max);
        }
        b.unwrap_or((left, 0))
    };
    match k.op {
        Op::RegPairReduceElem => {
            for (j, o) in out.iter_mut().enumerate().take(vals.len() / 2) {
                let v = match (vals[2 * j], vals[2 * j + 1]) {
                    (Some(_), Some(_)) => xs[2 * j].vadd(xs[2 * j + 1]),
                    (Some(_), None) => xs[2 * j],
                    (None, Some(_)) => xs[2 * j + 1],
                    (None, None) => T::zero(),
                };
                *o = bits(v);
            }
        }
        Op::RegReduceDataBlock => {
            let per = xs.len() / BLOCKS as usize;
            for (b, o) in out.iter_mut().enumerate().take(BLOCKS as usize) {
                let (from, to) = (b * per, (b + 1) * per);
                *o = match k.reduce {
                    ReduceType::Sum => bits(T::sum_tree(&mut xs[from..to].to_vec())),
                    _ => bits(best(from, to).0),
                };
            }
        }
        _ => match k.reduce {
            ReduceType::Sum => out[0] = bits(T::sum_tree(&mut xs.clone())),
            _ => {
                let (v, i) = best(0, xs.len());
                out[0] = bits(v);
                // The index is stored in the element's own bits (the page's 索引值需要强制类型转换).
                out[1] = i as u64;
            }
        },
    }
    out
}

/// Block step `(r, b)`: the whole reduction in the first block step (every source lane read
/// before the destination is written), nothing in the others. Squeeze counts the lanes it keeps
/// in `scratch.written` (its `ret`).
pub fn exec_block(
    k: &RegReduceKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    b: u32,
    scratch: &mut super::Scratch,
) {
    if b != 0 {
        return;
    }
    let lanes = plan.lanes_of(r);
    let (dst, src) = (plan.operands[0], plan.operands[1]);
    if k.op == Op::RegSqueeze {
        // The selected lanes in order from lane 0, the rest 0 (DK:Reg矢量计算/比较与选择/Squeeze).
        let kept: Vec<u64> = (0..plan.par)
            .filter(|&i| lanes.has(i))
            .map(|i| read_bits(mem, &src, i, r))
            .collect();
        for i in 0..plan.par {
            let v = kept.get(i as usize).copied().unwrap_or(0);
            super::reg::write_bits(mem, &dst, i, r, v);
        }
        scratch.written += kept.len() as u64;
        return;
    }
    if interleaves(k.op) {
        // Every lane of both sources, then dst's half of the interleaved (or split) sequence.
        let n = plan.par;
        let src1 = plan.operands[2];
        let a: Vec<u64> = (0..n).map(|i| read_bits(mem, &src, i, r)).collect();
        let b: Vec<u64> = (0..n).map(|i| read_bits(mem, &src1, i, r)).collect();
        for (e, v) in permute(k.op, k.high, &a, &b).into_iter().enumerate() {
            super::reg::write_bits(mem, &dst, e as u32, r, v);
        }
        return;
    }
    if k.op == Op::RegBroadcast {
        // src's lowest element into the lanes the mask selects; the others 0 or kept.
        let v = read_bits(mem, &src, 0, r);
        for i in 0..plan.par {
            if lanes.has(i) {
                super::reg::write_bits(mem, &dst, i, r, v);
            } else if k.zeroing {
                super::reg::write_bits(mem, &dst, i, r, 0);
            }
        }
        return;
    }
    let vals: Vec<Option<u64>> = (0..VL / k.src.size())
        .map(|i| lanes.has(i).then(|| read_bits(mem, &src, i, r)))
        .collect();
    let out = compute(k, &vals);
    // The destination in its own type.
    let view = OpAddr::standard("dst", dst.tensor, AccessKind::Write, k.dst, dst.base, 1, 8);
    for (i, &v) in out.iter().enumerate() {
        super::reg::write_bits(mem, &view, i as u32, r, v);
    }
}

/// One destination of Interleave (the first or second half of a[0], b[0], a[1], b[1], …) or of
/// DeInterleave (the even or odd elements of a then b), DK:Reg矢量计算/数据重排.
pub fn permute(op: Op, high: bool, a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len();
    (0..n)
        .map(|e| {
            if op == Op::RegInterleave {
                let z = if high { n + e } else { e };
                if z % 2 == 0 {
                    a[z / 2]
                } else {
                    b[z / 2]
                }
            } else {
                let c = 2 * e + high as usize;
                if c < n {
                    a[c]
                } else {
                    b[c - n]
                }
            }
        })
        .collect()
}

/// Whether an instruction is a register reduction (it zeroes its destination itself).
pub fn is_reg_reduce(instr: &Instr) -> bool {
    matches!(instr.args, Args::RegReduce { .. })
}

#[cfg(test)]
mod tests {
    use super::*;
    use half::f16;

    fn k(op: Op, reduce: ReduceType, dst: DType, src: DType) -> RegReduceKernel {
        RegReduceKernel {
            op,
            reduce,
            dst,
            src,
            zeroing: true,
            high: false,
        }
    }

    #[test]
    fn interleave_zips_and_deinterleave_unzips() {
        let a = [0, 1, 2, 3];
        let b = [10, 11, 12, 13];
        let lo = permute(Op::RegInterleave, false, &a, &b);
        let hi = permute(Op::RegInterleave, true, &a, &b);
        assert_eq!(
            (lo.clone(), hi.clone()),
            (vec![0, 10, 1, 11], vec![2, 12, 3, 13])
        );
        // DeInterleave of the two halves gives the sources back.
        assert_eq!(permute(Op::RegDeInterleave, false, &lo, &hi), a);
        assert_eq!(permute(Op::RegDeInterleave, true, &lo, &hi), b);
    }

    fn h(x: f32) -> Option<u64> {
        Some(f16::from_f32(x).to_bits() as u64)
    }

    #[test]
    fn reduce_sum_is_the_pair_tree_with_inactive_lanes_as_zero() {
        // half: 2048 then three 1s: the tree gives (2048+1 → 2048) + (1+1) = 2050, a sum from
        // the left 2048; lanes left by the mask add nothing.
        let mut v = vec![None; 128];
        v[0] = h(2048.0);
        v[1] = h(1.0);
        v[2] = h(1.0);
        v[3] = h(1.0);
        let out = compute(
            &k(Op::RegReduce, ReduceType::Sum, DType::Half, DType::Half),
            &v,
        );
        assert_eq!(f16::from_bits(out[0] as u16).to_f32(), 2050.0);
        assert!(out[1..].iter().all(|&x| x == 0), "ZEROING: the rest is 0");
    }

    #[test]
    fn reduce_max_min_write_the_first_extreme_and_its_index() {
        let mut v: Vec<Option<u64>> = (0..64).map(|i| Some((i as f32).to_bits() as u64)).collect();
        v[10] = Some(100f32.to_bits() as u64);
        v[20] = Some(100f32.to_bits() as u64);
        v[63] = None; // a left lane counts as -inf for MAX
        let max = compute(
            &k(Op::RegReduce, ReduceType::Max, DType::Float, DType::Float),
            &v,
        );
        assert_eq!((f32::from_bits(max[0] as u32), max[1]), (100.0, 10));
        let min = compute(
            &k(Op::RegReduce, ReduceType::Min, DType::Float, DType::Float),
            &v,
        );
        assert_eq!((f32::from_bits(min[0] as u32), min[1]), (0.0, 0));
        // No lane at all: the type's lowest value (MAX), index 0.
        let none = vec![None; 64];
        let m = compute(
            &k(Op::RegReduce, ReduceType::Max, DType::Int32, DType::Int32),
            &none,
        );
        assert_eq!((m[0] as u32 as i32, m[1]), (i32::MIN, 0));
    }

    #[test]
    fn widening_sum_and_data_blocks() {
        // int16 → int32: 128 × 30000 does not wrap in 32 bits.
        let v = vec![Some(30000u64); 128];
        let s = compute(
            &k(Op::RegReduce, ReduceType::Sum, DType::Int32, DType::Int16),
            &v,
        );
        assert_eq!(s[0], 128 * 30000);
        // -1 as int16 sign-extends.
        let v = vec![Some(0xffffu64); 128];
        let s = compute(
            &k(Op::RegReduce, ReduceType::Sum, DType::Int32, DType::Int16),
            &v,
        );
        assert_eq!(s[0] as u32 as i32, -128);
        // ReduceDataBlock: block b of float holds b+1 eight times: its sum 8(b+1) in lane b.
        let v: Vec<Option<u64>> = (0..64)
            .map(|i| Some(((i / 8 + 1) as f32).to_bits() as u64))
            .collect();
        let s = compute(
            &k(
                Op::RegReduceDataBlock,
                ReduceType::Sum,
                DType::Float,
                DType::Float,
            ),
            &v,
        );
        for (b, &x) in s.iter().enumerate().take(8) {
            assert_eq!(f32::from_bits(x as u32), 8.0 * (b + 1) as f32);
        }
        assert!(s[8..].iter().all(|&x| x == 0));
    }

    #[test]
    fn pair_reduce_adds_neighbours_and_passes_a_lone_element() {
        let mut v = vec![h(1.0), h(2.0), h(-0.0), None, None, h(5.0), None, None];
        v.resize(128, None);
        let out = compute(
            &k(
                Op::RegPairReduceElem,
                ReduceType::Sum,
                DType::Half,
                DType::Half,
            ),
            &v,
        );
        let got: Vec<u16> = out[..4].iter().map(|&x| x as u16).collect();
        let want = [
            f16::from_f32(3.0),
            f16::from_f32(-0.0),
            f16::from_f32(5.0),
            f16::ZERO,
        ];
        assert_eq!(got, want.map(|x| x.to_bits()));
    }
}
