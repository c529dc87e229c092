//! Select (docs/semantics.md §4.6, DK:比较与选择/Select): `dst[k] = sel(k) ? src0[k] : src1[k]` (or
//! `: scalar` in mode 1), where `sel(k)` is a bit of the packed `sel_mask` tensor, LSB first.
//! Mode 0 (VSEL_CMPMASK_SPR) reads the same first PAR bits in every repeat; modes 1 and 2
//! consume the bits continuously (repeat r reads bits r·PAR … r·PAR + PAR − 1). The vector
//! mask gates which lanes are written; the others keep their destination value.

use crate::base::dtype::{DType, Value};
use crate::base::ir::{Args, Instr, Program};
use crate::base::modes::SelMode;
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room};
use crate::sim::lanes::Num;
use crate::sim::mask::LaneSource;
use crate::sim::plan::{AccessKind, BlockStep, OpAddr, Plan};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelKernel {
    pub mode: SelMode,
    pub dtype: DType,
    /// Mode 1's scalar, of type T (docs/semantics.md §10).
    pub scalar: Value,
    /// Mode 1 with the scalar on the left (950): a set bit selects the scalar, a clear one
    /// the tensor.
    pub scalar_first: bool,
    /// Mode 0 without a `sel_mask` tensor: the CmpMask register's 128 bits (bytes no Compare
    /// wrote read as 0, with a warning), the first PAR of them in every repeat.
    pub reg: Option<[u8; 16]>,
}

/// The operands: dst, src0, src1 (modes 0 and 2), then the selMask bits.
pub fn operands(k: &SelKernel, instr: &Instr, program: &Program, par: u32) -> Vec<OpAddr> {
    let st = &instr.strides();
    let mut ops = Vec::with_capacity(4);
    let at = |o: &crate::base::ir::Operand| {
        let t = &program.tensors[o.tensor];
        (o.tensor, t.dtype, t.addr + o.offset * t.dtype.size())
    };
    if let Some(d) = &instr.dst().copied() {
        let (t, dt, a) = at(d);
        ops.push(OpAddr::standard(
            "dst",
            t,
            AccessKind::Write,
            dt,
            a,
            st.dst_blk,
            st.dst_rep,
        ));
    }
    let srcs = if k.mode == SelMode::TensorScalar {
        1
    } else {
        2
    };
    for (j, s) in instr.src().iter().enumerate().take(srcs) {
        let (t, dt, a) = at(s);
        let role = if j == 0 { "src0" } else { "src1" };
        ops.push(OpAddr::standard(
            role,
            t,
            AccessKind::Read,
            dt,
            a,
            st.src_blk[j],
            st.src_rep[j],
        ));
    }
    if let Some(m) = &instr.aux() {
        let (t, _, a) = at(m);
        let rep_bytes = if k.mode == SelMode::CmpMaskSpr {
            0
        } else {
            par / 8
        };
        ops.push(OpAddr::bits(
            "sel_mask",
            t,
            AccessKind::Read,
            a,
            par,
            rep_bytes,
            false,
        ));
    }
    ops
}

/// Executes block `b` of repeat `r`.
pub fn exec_block<T: Num>(k: &SelKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let Some(BlockStep { lanes, ks, n }) = plan.active_block(r, b) else {
        return;
    };
    let two = k.mode != SelMode::TensorScalar;
    let sel_i = if two { 3 } else { 2 };
    let (mut x, mut y) = ([T::default(); 32], [T::default(); 32]);
    mem.read(&plan.operands[1], r, ks.clone(), &lanes, &mut x[..n]);
    if two {
        mem.read(&plan.operands[2], r, ks.clone(), &lanes, &mut y[..n]);
    } else {
        y[..n].fill(T::from_value(k.scalar));
    }
    let mut bits = 0u32; // bit i ↔ lane ks.start + i
    if let Some(reg) = &k.reg {
        for i in 0..n as u32 {
            let lane = (ks.start + i) as usize;
            if reg
                .get(lane / 8)
                .is_some_and(|byte| byte >> (lane % 8) & 1 == 1)
            {
                bits |= 1 << i;
            }
        }
    } else {
        let sel = &plan.operands[sel_i];
        let mut es = Vec::with_capacity(4);
        plan.elems_in_block(sel_i, r, b, &lanes, &mut es);
        for &e in &es {
            let byte: u8 = mem.read_one(sel, e, sel.addr(r, e));
            let shift = (e * 8).wrapping_sub(ks.start);
            if shift < 32 {
                bits |= (byte as u32) << shift;
            }
        }
    }
    let mut out = [T::default(); 32];
    for i in 0..n {
        // A set bit picks the left operand: src0, or the scalar when it stands first.
        let set = bits >> i & 1 == 1;
        out[i] = if set != k.scalar_first { x[i] } else { y[i] };
    }
    let size = std::mem::size_of::<T>();
    let mut bytes = [0u8; 256];
    for (v, c) in out[..n].iter().zip(bytes.chunks_exact_mut(size)) {
        v.store(c);
    }
    mem.write_bytes(&plan.operands[0], r, ks, &lanes, &bytes[..n * size]);
}

/// Whether the fast path may run `plan` in whole runs (`exec_run`): prefix lanes, the data
/// operands each a run of bytes per repeat, every source apart from dst or dst itself lane
/// for lane, the selMask bits apart from dst.
pub fn fast_ok(plan: &Plan) -> bool {
    use crate::sim::plan::Indexing;
    let prefix = plan.prefix_lanes();
    let Some(d) = plan.extent(0) else {
        return false;
    };
    let dst = plan.operands[0];
    prefix
        && plan.operands.iter().enumerate().all(|(j, o)| {
            let apart = plan
                .extent(j)
                .is_none_or(|e| e.end <= d.start || e.start >= d.end);
            match o.index {
                Indexing::Lanes => {
                    o.repeat_contiguous(plan.par) && (j == 0 || apart || dst.same_geometry(o))
                }
                _ => apart,
            }
        })
}

/// The fast path (`Machine::run_fast`, `fast_ok`): `n` lanes from lane 0 of repeat `r`, each
/// data operand one run of bytes; the selMask bits of the run read in one piece (mode 0: the
/// same PAR bits in every repeat). The sources are read before dst is stored, as a block
/// step reads its lanes before writing them. Select copies lanes, so it runs on their bits as
/// words of the element's size.
pub fn exec_run<T: Num>(k: &SelKernel, plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    let mut scalar = [0u8; 8];
    let size = std::mem::size_of::<T>();
    T::from_value(k.scalar).store(&mut scalar[..size]);
    // Buffers of 64 lanes for a short run, cheap to clear.
    match (size, n <= 64) {
        (1, true) => run_words::<u8, 64>(k, plan, mem, r, n, &scalar),
        (1, false) => run_words::<u8, 1024>(k, plan, mem, r, n, &scalar),
        (2, true) => run_words::<u16, 64>(k, plan, mem, r, n, &scalar),
        (2, false) => run_words::<u16, 1024>(k, plan, mem, r, n, &scalar),
        (4, true) => run_words::<u32, 64>(k, plan, mem, r, n, &scalar),
        (4, false) => run_words::<u32, 1024>(k, plan, mem, r, n, &scalar),
        (_, true) => run_words::<u64, 64>(k, plan, mem, r, n, &scalar),
        (_, false) => run_words::<u64, 1024>(k, plan, mem, r, n, &scalar),
    }
}

/// `exec_run` on lanes of `W`'s size in pieces of `L` (a multiple of 8),
/// `scalar` mode 1's scalar in its first bytes.
fn run_words<W, const L: usize>(
    k: &SelKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    n: u64,
    scalar: &[u8; 8],
) where
    W: bytemuck::Pod
        + Default
        + std::ops::BitAnd<Output = W>
        + std::ops::BitOr<Output = W>
        + std::ops::Not<Output = W>,
{
    let (n, par) = (n as usize, plan.par as usize);
    let size = std::mem::size_of::<W>();
    let two = k.mode != SelMode::TensorScalar;
    let sel_i = if two { 3 } else { 2 };
    // Mode 0 repeats the first PAR bits; modes 1 and 2 read on.
    let mode0 = k.mode == SelMode::CmpMaskSpr;
    // A set bit picks the left operand: src0, or the scalar when it stands first.
    let flip = if k.scalar_first { 0xff } else { 0 };
    let (mut x, mut y, mut out) = ([W::default(); L], [W::default(); L], [W::default(); L]);
    if !two {
        y.fill(bytemuck::pod_read_unaligned(&scalar[..size]));
    }
    let mut off = 0;
    while off < n {
        let m = (n - off).min(L);
        {
            let ub = &*mem.ub;
            let bytes = |j: usize, at: usize, len: usize| -> Option<&[u8]> {
                let a = plan.operands.get(j)?.addr(r, 0) + at as u64;
                ub.get(a..a + len as u64)
            };
            let load = |j: usize, to: &mut [W]| match bytes(j, off * size, m * size) {
                Some(b) => {
                    bytemuck::cast_slice_mut(to).copy_from_slice(b);
                    true
                }
                None => false,
            };
            if !load(1, &mut x[..m]) || (two && !load(2, &mut y[..m])) {
                return;
            }
            let bits: &[u8] = match (&k.reg, mode0) {
                (Some(reg), _) => reg,
                (None, true) => match bytes(sel_i, 0, par / 8) {
                    Some(b) => b,
                    None => return,
                },
                (None, false) => match bytes(sel_i, off / 8, m.div_ceil(8)) {
                    Some(b) => b,
                    None => return,
                },
            };
            // Eight lanes per selMask byte (mode 0: its repeat's byte).
            let lanes = out[..m]
                .chunks_mut(8)
                .zip(x[..m].chunks(8).zip(y[..m].chunks(8)));
            for (c, (o8, (x8, y8))) in lanes.enumerate() {
                let j = if mode0 { ((off + 8 * c) % par) >> 3 } else { c };
                let byte = bits.get(j).copied().unwrap_or(0) ^ flip;
                for (t, (o, (&a, &b))) in o8.iter_mut().zip(x8.iter().zip(y8)).enumerate() {
                    let pick = if byte & (1 << t) != 0 {
                        !W::default()
                    } else {
                        W::default()
                    };
                    *o = (a & pick) | (b & !pick);
                }
            }
        }
        let d = plan.operands[0].addr(r, 0) + (off * size) as u64;
        let end = d + (m * size) as u64;
        if end > u32::MAX as u64 {
            return;
        }
        if let Some((bytes, at, _)) = mem.ub.run_mut(d as u32..end as u32) {
            bytes[at..at + m * size].copy_from_slice(bytemuck::cast_slice(&out[..m]));
        }
        off += m;
    }
}

/// The room of Select.
pub struct SelectRoom;

fn kernel(c: &Ctx, t: &Types) -> SelKernel {
    let (mode, scalar, from_register) = match c.instr.args {
        Args::Select {
            mode,
            scalar,
            sel_mask,
            ..
        } => (mode, scalar, sel_mask.is_none()),
        _ => (SelMode::default(), None, false),
    };
    // Mode 1 without a scalar: the scalar is the register's first element (SetCmpMask's src,
    // docs/semantics.md §19); bytes nothing wrote read as 0.
    let scalar = scalar.or_else(|| {
        (mode == SelMode::TensorScalar).then(|| {
            let n = t.src.size() as usize;
            let bytes: Vec<u8> = c.cmp_mask[..n].iter().map(|b| b.unwrap_or(0)).collect();
            t.src.decode(&bytes)
        })
    });
    SelKernel {
        mode,
        dtype: t.src,
        scalar: scalar.unwrap_or(Value::Int(0)),
        scalar_first: c.instr.args.scalar_first(),
        reg: from_register.then(|| c.cmp_mask.map(|b| b.unwrap_or(0))),
    }
}

impl Room for SelectRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        let srcs = match instr.args {
            Args::Select {
                mode: SelMode::TensorScalar,
                ..
            } => 1,
            _ => 2,
        };
        if instr.src().len() < srcs {
            return Err(format!(
                "{} needs dst, {srcs} source(s) and a sel_mask tensor (mode 0: or the CmpMask register)",
                instr.name()
            ));
        }
        Ok(())
    }

    fn plan(&self, c: &mut Ctx, _exec: &Exec, plan: &mut Plan, _ub: Option<&crate::sim::ub::Ub>) {
        crate::sim::family::elementwise::flexible_overlap(c, plan);
    }

    fn check(&self, c: &mut Ctx, t: &Types) {
        crate::sim::family::elementwise::flexible_check(c);
        let Args::Select {
            mode,
            sel_mask,
            scalar,
            elem,
            ..
        } = c.instr.args
        else {
            return;
        };
        // Mode 1 from the register: its first element must have been set (SetCmpMask).
        if mode == SelMode::TensorScalar && scalar.is_none() && elem.is_none() {
            let n = t.src.size() as usize;
            if c.cmp_mask[..n].iter().any(|b| b.is_none()) {
                let (idx, span) = (c.idx, c.instr.span);
                c.warnings.push(
                    crate::base::diag::Diagnostic::warning(
                        "uninitialised-register",
                        format!("Select VSEL_TENSOR_SCALAR_MODE without `scalar` takes its scalar from the CmpMask register, but its first {n} bytes were set by no SetCmpMask (or Compare into it): they read as 0 (docs/semantics.md §19)"),
                    )
                    .at(span)
                    .in_instr(idx),
                );
            }
        }
        // Mode 0 from the register: its first PAR bits must have been written by a Compare.
        if sel_mask.is_none() {
            let par = (256 / t.src.size().max(1)) as usize;
            let unset = c.cmp_mask[..(par / 8).min(16)]
                .iter()
                .filter(|b| b.is_none())
                .count();
            if unset > 0 {
                let idx = c.idx;
                let span = c.instr.span;
                c.warnings.push(
                    crate::base::diag::Diagnostic::warning(
                        "uninitialised-register",
                        format!(
                            "Select VSEL_CMPMASK_SPR without sel_mask reads the CmpMask register, but {unset} of the {} bytes it uses were written by no Compare into it (a Compare without `dst`): they read as 0 (docs/semantics.md §19)",
                            par / 8
                        ),
                    )
                    .at(span)
                    .in_instr(idx),
                );
            }
        }
        let p = c.product;
        let modes = p.profile().select_modes;
        if modes & mode.bit() == 0 {
            let ok: Vec<&str> = SelMode::ALL
                .iter()
                .filter(|m| modes & m.bit() != 0)
                .map(|m| m.name())
                .collect();
            c.err(
                "unsupported-sel-mode",
                "sel_mode",
                format!(
                    "Select {} is not supported on {p}; supported: {} (docs/semantics.md §4.6, §9 row 16)",
                    mode.name(),
                    ok.join(", ")
                ),
            );
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, par: u32) -> (Vec<OpAddr>, u32) {
        (operands(&kernel(c, t), c.instr, c.program, par), 32)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        Exec::Select(kernel(c, t))
    }
}
