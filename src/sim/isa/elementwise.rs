//! Elementwise families: unary, binary, vector–scalar and Duplicate (semantics.md §4.1–§4.3,
//! §4.5). Each is a lane kernel `dst[k] = f(src0[k], src1[k], scalar)` over the shared plan.

use crate::program::{Instr, Program};
use crate::sim::access::Mem;
use crate::sim::dtype::{DType, Num, Value};
use crate::sim::isa::catalog::{Family, Op};
use crate::sim::plan::{block_lanes, AccessKind, OpAddr, Plan};

/// What an elementwise instruction computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapKernel {
    pub op: Op,
    pub dtype: DType,
    pub scalar: Value,
    pub round_en: bool,
    /// Flush subnormal results to zero (950's default for Exp/Ln/Sqrt/Rsqrt/Reciprocal/Div,
    /// semantics.md §6, §9 row 19).
    pub ftz: bool,
}

/// The operands of an elementwise instruction: dst first, then its sources.
pub fn operands(instr: &Instr, program: &Program) -> Vec<OpAddr> {
    let st = &instr.strides;
    let mut ops = Vec::with_capacity(3);
    let base = |o: &crate::program::Operand| {
        let t = &program.tensors[o.tensor];
        (o.tensor, t.dtype, t.addr + o.offset * t.dtype.size())
    };
    if let Some(d) = &instr.dst {
        let (t, dt, a) = base(d);
        ops.push(OpAddr::standard("dst", t, AccessKind::Write, dt, a, st.dst_blk, st.dst_rep));
    }
    let roles: &[&'static str] = match instr.op.family() {
        Family::Binary => &["src0", "src1"],
        _ => &["src"],
    };
    for (j, s) in instr.src.iter().enumerate().take(2) {
        let (t, dt, a) = base(s);
        ops.push(OpAddr::standard(
            roles.get(j).copied().unwrap_or("src"),
            t,
            AccessKind::Read,
            dt,
            a,
            st.src_blk[j],
            st.src_rep[j],
        ));
    }
    ops
}

/// The lane function, applied to `n` lanes at once so the compiler can vectorise it.
#[inline(always)]
fn compute<T: Num>(k: &MapKernel, a: &[T], b: &[T], out: &mut [T]) {
    let s = T::from_value(k.scalar);
    macro_rules! map1 {
        ($f:expr) => {
            for (o, &x) in out.iter_mut().zip(a) {
                *o = $f(x);
            }
        };
    }
    macro_rules! map2 {
        ($f:expr) => {
            for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
                *o = $f(x, y);
            }
        };
    }
    let amount = match k.scalar {
        Value::Int(v) => v.clamp(0, u32::MAX as i128) as u32,
        Value::Float(_) => 0,
    };
    match k.op {
        Op::Exp => map1!(|x: T| x.unary_f(f64::exp)),
        Op::Ln => map1!(|x: T| x.unary_f(f64::ln)),
        Op::Sqrt => map1!(|x: T| x.unary_f(f64::sqrt)),
        Op::Rsqrt => map1!(|x: T| x.unary_f(|v| 1.0 / v.sqrt())),
        Op::Reciprocal => map1!(|x: T| x.unary_f(|v| 1.0 / v)),
        Op::Abs => map1!(|x: T| x.vabs()),
        Op::Not => map1!(|x: T| x.bit_not()),
        Op::Relu => map1!(|x: T| x.vmax(T::zero())),
        Op::Add => map2!(|x: T, y: T| x.vadd(y)),
        Op::Sub => map2!(|x: T, y: T| x.vsub(y)),
        Op::Mul => map2!(|x: T, y: T| x.vmul(y)),
        Op::Div => map2!(|x: T, y: T| x.vdiv(y)),
        Op::Max => map2!(|x: T, y: T| x.vmax(y)),
        Op::Min => map2!(|x: T, y: T| x.vmin(y)),
        Op::And => map2!(|x: T, y: T| x.bit_and(y)),
        Op::Or => map2!(|x: T, y: T| x.bit_or(y)),
        Op::Adds => map1!(|x: T| x.vadd(s)),
        Op::Muls => map1!(|x: T| x.vmul(s)),
        Op::Maxs => map1!(|x: T| x.vmax(s)),
        Op::Mins => map1!(|x: T| x.vmin(s)),
        // src ≥ 0 ? src : scalar·src (semantics.md §4.3)
        Op::LeakyRelu => map1!(|x: T| if x.is_neg() { x.vmul(s) } else { x }),
        Op::ShiftLeft => map1!(|x: T| x.shl(amount)),
        Op::ShiftRight => map1!(|x: T| x.shr(amount, k.round_en)),
        Op::Duplicate => out.fill(s),
        _ => {}
    }
    if k.ftz {
        for o in out.iter_mut() {
            *o = o.ftz();
        }
    }
}

/// Executes block `b` of repeat `r`: read the sources' active lanes, compute, write dst.
pub fn exec_block<T: Num>(k: &MapKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let lanes = plan.lanes_of(r);
    let ks = block_lanes(plan.par, b);
    if !lanes.any_in(ks.start, ks.end) {
        return;
    }
    let n = (ks.end - ks.start) as usize;
    let mut buf = [[T::default(); 32]; 2];
    for (j, op) in plan.operands[1..].iter().enumerate().take(2) {
        mem.read(op, r, ks.clone(), &lanes, &mut buf[j][..n]);
    }
    let mut out = [T::default(); 32];
    compute(k, &buf[0][..n], &buf[1][..n], &mut out[..n]);
    mem.write(&plan.operands[0], r, ks, &lanes, &out[..n]);
}

/// Executes `n` lanes that are contiguous in every operand, starting at lane 0 of repeat `r`
/// (the fast path: full or prefix masks with unit block strides, no hazardous overlap). Gives
/// the same bytes as `exec_block` over the same lanes.
pub fn exec_run<T: Num>(k: &MapKernel, plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    const CHUNK: usize = 256;
    let size = std::mem::size_of::<T>();
    let starts: Vec<u64> = plan.operands.iter().map(|o| o.addr(r, 0)).collect();
    let mut done = 0u64;
    let mut a = [T::default(); CHUNK];
    let mut b = [T::default(); CHUNK];
    let mut out = [T::default(); CHUNK];
    while done < n {
        let m = (n - done).min(CHUNK as u64) as usize;
        let off = done * size as u64;
        for (j, buf) in [&mut a, &mut b].into_iter().enumerate() {
            if let Some(&s) = starts.get(j + 1) {
                let s = (s + off) as usize;
                if let Some(src) = mem.ub.bytes().get(s..s + m * size) {
                    for (o, c) in buf[..m].iter_mut().zip(src.chunks_exact(size)) {
                        *o = T::load(c);
                    }
                }
            }
        }
        compute(k, &a[..m], &b[..m], &mut out[..m]);
        let d = starts[0] + off;
        let end = d + (m * size) as u64;
        if end <= mem.ub.size() as u64 {
            let dst = mem.ub.slice_mut(d as u32..end as u32);
            for (v, c) in out[..m].iter().zip(dst.chunks_exact_mut(size)) {
                v.store(c);
            }
        }
        done += m as u64;
    }
}
