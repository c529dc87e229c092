//! Elementwise families: unary, binary, vector–scalar and Duplicate (docs/semantics.md §4.1–§4.3,
//! §4.5). Each is a lane kernel `dst[k] = f(src0[k], src1[k], scalar)` over the shared plan.
//!
//! FusedMulAdd, MulAddRelu, MulAddDst and Axpy also read dst: their plans carry dst a second
//! time, as a source after the others. Where the profile says `fused_mul_add` (950) they round
//! once; elsewhere the product is rounded to T before the addition: the DK worked examples of
//! FusedMulAdd and MulAddRelu on A2 (256 half lanes each) match that, and a fused multiply–add
//! differs from them in 70 and 38 lanes (docs/semantics.md §9 row 32).

use crate::base::catalog::{Family, Op};
use crate::base::convert::RoundMode;
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Args, Instr, Program};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{cast, Exec, Room};
use crate::sim::lanes::Num;
use crate::sim::mask::LaneSource;
use crate::sim::mask::Lanes;
use crate::sim::plan::BLOCKS;
use crate::sim::plan::{AccessKind, BlockStep, OpAddr, Plan};
use crate::sim::ub::ByteMask;

/// What an elementwise instruction computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapKernel {
    pub op: Op,
    pub dtype: DType,
    pub scalar: Value,
    pub round_en: bool,
    /// Flush subnormal results to zero (950's default for Exp/Ln/Sqrt/Rsqrt/Reciprocal/Div,
    /// docs/semantics.md §6, §9 row 19).
    pub ftz: bool,
    /// FusedMulAdd, MulAddRelu, MulAddDst and Axpy round once (950, docs/semantics.md §9 row 32);
    /// elsewhere the product is rounded to T before the addition.
    pub fused: bool,
    /// The scalar is the left operand (950's flexible-scalar form, docs/semantics.md §4.3).
    pub scalar_first: bool,
}

impl MapKernel {
    /// The scalar as a lane of type T (the instructions without one carry 0).
    #[inline(always)]
    pub fn scalar_as<T: Num>(&self) -> T {
        match self.scalar {
            Value::Int(0) => T::zero(),
            v => T::from_value(v),
        }
    }

    /// Whether the instruction also reads its destination.
    pub fn reads_dst(&self) -> bool {
        reads_dst(self.op)
    }
}

/// FusedMulAdd, MulAddRelu, MulAddDst and Axpy read dst (docs/semantics.md §4.2, §4.3).
pub fn reads_dst(op: Op) -> bool {
    matches!(
        op,
        Op::FusedMulAdd | Op::MulAddRelu | Op::MulAddDst | Op::Axpy
    )
}

/// The operands of an elementwise instruction: dst first, then its sources (and dst again as
/// the last source for the instructions that read it).
pub fn operands(instr: &Instr, program: &Program) -> Vec<OpAddr> {
    let st = &instr.strides();
    let mut ops = Vec::with_capacity(3);
    if let Some(d) = &instr.dst().copied() {
        ops.push(OpAddr::of(
            program,
            d,
            "dst",
            AccessKind::Write,
            st.dst_blk,
            st.dst_rep,
        ));
    }
    let roles: &[&'static str] = match instr.op.family() {
        Family::Binary => &["src0", "src1"],
        _ => &["src"],
    };
    for (j, s) in instr.src().iter().enumerate().take(2) {
        ops.push(OpAddr::of(
            program,
            s,
            roles.get(j).copied().unwrap_or("src"),
            AccessKind::Read,
            st.src_blk[j],
            st.src_rep[j],
        ));
    }
    if reads_dst(instr.op) {
        if let Some(d) = ops.first().copied() {
            ops.push(OpAddr {
                kind: AccessKind::Read,
                ..d
            });
        }
    }
    ops
}

/// ShiftLeft/ShiftRight by a tensor (docs/semantics.md §4.3): `y`'s bits are the amount, read
/// as the signed type of its width (a negative amount counts as past the width). Past the
/// width the result is 0, or −1 for a negative signed `x` (the pages' 约束说明); otherwise the
/// scalar form's shift (a signed left shift keeps the sign bit).
#[inline(always)]
fn shift_by<T: Num>(x: T, y: T, left: bool) -> T {
    let width = (std::mem::size_of::<T>() * 8) as i128;
    let mut b = [0u8; 8];
    y.store(&mut b);
    let bits = u64::from_le_bytes(b) as i128;
    let n = if bits >> (width - 1) & 1 == 1 {
        i128::MAX
    } else {
        bits
    };
    if n > width {
        return if x.is_neg() {
            T::from_value(Value::Int(-1))
        } else {
            T::zero()
        };
    }
    if left {
        x.shl(n as u32)
    } else {
        x.shr(n as u32, false)
    }
}

/// The flexible scalar (a tensor element, or the scalar on the left) exists on the products
/// whose profile says so (950, the "灵活标量位置" pages; docs/semantics.md §4.3): `bad-form`
/// elsewhere. Shared by the vector–scalar calls and Select.
pub fn flexible_check(c: &mut Ctx) {
    let (elem, first) = (c.instr.args.scalar_elem(), c.instr.args.scalar_first());
    if (elem.is_some() || first) && !c.product.profile().flexible_scalar {
        let what = if elem.is_some() {
            "a scalar from a tensor element"
        } else {
            "scalar_first"
        };
        let msg = format!(
            "{} with {what} is the flexible-scalar form of ascend_950 (DK:{}（灵活标量位置）), not available on {}",
            c.name(),
            c.name(),
            c.product
        );
        c.err("bad-form", "scalar", msg);
    }
}

/// A flexible scalar's element must not lie in what dst (operand 0) writes (the "灵活标量位置"
/// pages, 约束说明: 源操作数为LocalTensor单点元素的场景，不支持源操作数和目的操作数地址重叠).
pub fn flexible_overlap(c: &mut Ctx, plan: &Plan) {
    let (Some(o), Some(d)) = (c.instr.args.scalar_elem(), plan.extent(0)) else {
        return;
    };
    let t = &c.program.tensors[o.tensor];
    let a = t.elem_addr(o.offset);
    if a < d.end && d.start < a + t.dtype.size() as u64 {
        let msg = format!(
            "the scalar `{}[{}]` (UB {a:#x}) lies in what dst writes ({:#x}..{:#x}): the flexible-scalar form does not allow it (DK:{}（灵活标量位置） 约束说明)",
            t.name, o.offset, d.start, d.end, c.name()
        );
        c.err("bad-operand", "scalar", msg);
    }
}

/// The lane function of the instructions that read dst: `a`, `b` are the sources in operand
/// order, `c` the old dst.
#[inline(always)]
pub fn lanes3<T: Num>(k: &MapKernel, a: &[T], b: &[T], c: &[T], out: &mut [T]) {
    let s = T::from_value(k.scalar);
    if k.fused {
        for (i, o) in out.iter_mut().enumerate() {
            *o = match k.op {
                Op::FusedMulAdd => a[i].vfma(c[i], b[i]),
                Op::MulAddRelu => a[i].vfma(c[i], b[i]).vmax(T::zero()),
                Op::MulAddDst => a[i].vfma(b[i], c[i]),
                Op::Axpy => s.vfma(a[i], b[i]),
                _ => c[i],
            };
        }
        return;
    }
    for (i, o) in out.iter_mut().enumerate() {
        *o = match k.op {
            // dst = src0 · dst + src1
            Op::FusedMulAdd => a[i].vmul(c[i]).vadd(b[i]),
            // dst = relu(src0 · dst + src1)
            Op::MulAddRelu => a[i].vmul(c[i]).vadd(b[i]).vmax(T::zero()),
            // dst = src0 · src1 + dst
            Op::MulAddDst => a[i].vmul(b[i]).vadd(c[i]),
            // dst = scalar · src + dst (the source is `a`, dst the second source read)
            Op::Axpy => s.vmul(a[i]).vadd(b[i]),
            _ => c[i],
        };
    }
}

/// `f` over the lanes seen as `U` (the same bits; 0 when they cannot be: the SIMD paths).
#[inline(always)]
fn as_bits<T: Num, U: bytemuck::Pod>(
    a: &[T],
    y: &[T],
    out: &mut [T],
    f: impl FnOnce(&[U], &[U], &mut [U]) -> usize,
) -> usize {
    match (
        bytemuck::try_cast_slice::<T, U>(a),
        bytemuck::try_cast_slice::<T, U>(y),
        bytemuck::try_cast_slice_mut::<T, U>(out),
    ) {
        (Ok(x), Ok(y), Ok(o)) => f(x, y, o),
        _ => 0,
    }
}

/// The lane function over typed lanes.
#[inline(always)]
pub fn lanes<T: Num>(k: &MapKernel, a: &[T], b: &[T], out: &mut [T]) {
    let s = k.scalar_as::<T>();
    // Half and float Add, Sub, Mul (and Adds, Muls against the scalar) eight lanes at a time
    // where the host can: the same bits (`sim::simd`).
    let half = T::DTYPE == crate::base::dtype::DType::Half && !k.ftz;
    let float = T::DTYPE == crate::base::dtype::DType::Float && !k.ftz;
    if (half || float) && out.len() > 1024 {
        for (i, o) in out.chunks_mut(1024).enumerate() {
            let r = i * 1024..i * 1024 + o.len();
            lanes(
                k,
                a.get(r.clone()).unwrap_or(&[]),
                b.get(r).unwrap_or(&[]),
                o,
            );
        }
        return;
    }
    // Whole runs only: a block step's few lanes are not worth the set-up.
    if (half || float) && out.len() >= 64 {
        let splat: [T; 1024];
        let (op, y) = match k.op {
            Op::Adds | Op::Muls => {
                splat = [s; 1024];
                let op = if k.op == Op::Adds { Op::Add } else { Op::Mul };
                (op, &splat[..out.len()])
            }
            op => (op, b),
        };
        let done = if half {
            as_bits::<T, u16>(a, y, out, |x, y, o| {
                crate::sim::simd::half_binary(op, x, y, o)
            })
        } else {
            as_bits::<T, f32>(a, y, out, |x, y, o| {
                crate::sim::simd::float_binary(op, x, y, o)
            })
        };
        if done > 0 {
            let rest = b.get(done..).unwrap_or(&[]);
            lanes(k, &a[done..], rest, &mut out[done..]);
            return;
        }
    }
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
        // The moves (families `copy` and `pad`).
        Op::Copy | Op::DataCopy | Op::DataCopyGm | Op::DataCopyPad => {
            out.copy_from_slice(&a[..out.len()])
        }
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
        Op::ShiftLeftV => map2!(|x: T, y: T| shift_by(x, y, true)),
        Op::ShiftRightV => map2!(|x: T, y: T| shift_by(x, y, false)),
        Op::Or => map2!(|x: T, y: T| x.bit_or(y)),
        // relu(a ± b) (docs/semantics.md §4.2)
        Op::AddRelu => map2!(|x: T, y: T| x.vadd(y).vmax(T::zero())),
        Op::SubRelu => map2!(|x: T, y: T| x.vsub(y).vmax(T::zero())),
        // The scalar on the left when `scalar_first` (950, docs/semantics.md §4.3).
        Op::Adds if k.scalar_first => map1!(|x: T| s.vadd(x)),
        Op::Muls if k.scalar_first => map1!(|x: T| s.vmul(x)),
        Op::Maxs if k.scalar_first => map1!(|x: T| s.vmax(x)),
        Op::Mins if k.scalar_first => map1!(|x: T| s.vmin(x)),
        Op::Subs if k.scalar_first => map1!(|x: T| s.vsub(x)),
        Op::Divs if k.scalar_first => map1!(|x: T| s.vdiv(x)),
        Op::Ands if k.scalar_first => map1!(|x: T| s.bit_and(x)),
        Op::Ors if k.scalar_first => map1!(|x: T| s.bit_or(x)),
        Op::Adds => map1!(|x: T| x.vadd(s)),
        Op::Muls => map1!(|x: T| x.vmul(s)),
        Op::Maxs => map1!(|x: T| x.vmax(s)),
        Op::Mins => map1!(|x: T| x.vmin(s)),
        Op::Subs => map1!(|x: T| x.vsub(s)),
        Op::Divs => map1!(|x: T| x.vdiv(s)),
        Op::Ands => map1!(|x: T| x.bit_and(s)),
        Op::Ors => map1!(|x: T| x.bit_or(s)),
        // src ≥ 0 ? src : scalar·src (docs/semantics.md §4.3)
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

/// The lane function over the lanes of `out`: source elements are the little-endian bytes `a`
/// and `b` (empty when unused), results are stored as bytes into `out`. Works in fixed
/// 64-lane pieces (load, compute, store) so each loop vectorises.
#[inline(always)]
fn compute<T: Num>(k: &MapKernel, a: &[u8], b: &[u8], out: &mut [u8]) {
    const L: usize = 1024;
    let size = std::mem::size_of::<T>();
    let load = |src: &[u8], dst: &mut [T]| {
        for (d, c) in dst.iter_mut().zip(src.chunks_exact(size)) {
            *d = T::load(c);
        }
    };
    let (mut x, mut y, mut o) = ([T::default(); L], [T::default(); L], [T::default(); L]);
    for (i, piece) in out.chunks_mut(L * size).enumerate() {
        let m = piece.len() / size;
        let at = i * L * size..i * L * size + m * size;
        if let Some(a) = a.get(at.clone()) {
            load(a, &mut x[..m]);
        }
        if let Some(b) = b.get(at) {
            load(b, &mut y[..m]);
        }
        lanes(k, &x[..m], &y[..m], &mut o[..m]);
        for (v, c) in o[..m].iter().zip(piece.chunks_exact_mut(size)) {
            v.store(c);
        }
    }
}

/// Executes block `b` of repeat `r`: read the sources' active lanes, compute, write dst.
pub fn exec_block<T: Num>(k: &MapKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let Some(BlockStep { lanes, ks, n }) = plan.active_block(r, b) else {
        return;
    };
    let nb = n * std::mem::size_of::<T>();
    let mut buf = [[0u8; 32]; 3];
    let srcs = plan.operands.len() - 1;
    for (j, op) in plan.operands[1..].iter().enumerate().take(3) {
        mem.read_bytes(op, r, ks.clone(), &lanes, &mut buf[j][..nb]);
    }
    let mut out = [0u8; 32];
    if k.reads_dst() {
        let load = |src: &[u8]| {
            let mut v = [T::default(); 32];
            for (d, c) in v.iter_mut().zip(src.chunks_exact(std::mem::size_of::<T>())) {
                *d = T::load(c);
            }
            v
        };
        let (x, y, z) = (
            load(&buf[0][..nb]),
            load(&buf[1][..nb]),
            load(&buf[2][..nb]),
        );
        let mut o = [T::default(); 32];
        lanes3(k, &x[..n], &y[..n], &z[..n], &mut o[..n]);
        for (v, c) in o[..n]
            .iter()
            .zip(out.chunks_exact_mut(std::mem::size_of::<T>()))
        {
            v.store(c);
        }
        mem.write_bytes(&plan.operands[0], r, ks, &lanes, &out[..nb]);
        return;
    }
    let used = |j: usize| if j < srcs { nb } else { 0 };
    compute::<T>(k, &buf[0][..used(0)], &buf[1][..used(1)], &mut out[..nb]);
    mem.write_bytes(&plan.operands[0], r, ks, &lanes, &out[..nb]);
}

/// Executes `n` lanes that are contiguous in every operand, starting at lane 0 of repeat `r`
/// (the fast path: full or prefix masks with unit block strides, no hazardous overlap). Gives
/// the same bytes as `exec_block` over the same lanes.
pub fn exec_run<T: Num>(k: &MapKernel, plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    let size = std::mem::size_of::<T>();
    let len = n as usize * size;
    let start = |j: usize| plan.operands.get(j).map(|o| o.addr(r, 0) as usize);
    let d = start(0).unwrap_or(0);
    // A source in the other memory (a GM ↔ UB DataCopy) is read first.
    let gm = |a: usize| a >= crate::sim::ub::GM_BASE as usize;
    let other = |j: usize| -> Option<Vec<u8>> {
        let s = start(j).filter(|&s| gm(s) != gm(d))?;
        Some(mem.ub.get(s as u64..(s + len) as u64)?.to_vec())
    };
    let (oa, ob) = (other(1), other(2));
    // Marks the run initialised and written, then computes straight into the dst bytes; a
    // source that is the dst itself (in place) is copied chunk by chunk first.
    let Some((bytes, at, base)) = mem.ub.run_mut(d as u32..(d + len) as u32) else {
        return;
    };
    let (left, rest) = bytes.split_at_mut(at);
    let (dst, right) = rest.split_at_mut(len);
    let src = |s: Option<usize>| -> Option<Option<&[u8]>> {
        let s = s.map(|s| s - base as usize);
        match s {
            None => Some(Some(&[][..])),
            Some(s) if s + len <= at => Some(left.get(s..s + len)),
            Some(s) if s >= at + len => Some(right.get(s - at - len..s - at)),
            Some(_) => None,
        }
    };
    let (a, b) = (
        oa.as_deref()
            .map_or_else(|| src(start(1)), |v| Some(Some(v))),
        ob.as_deref()
            .map_or_else(|| src(start(2)), |v| Some(Some(v))),
    );
    match (a, b) {
        (Some(Some(a)), Some(Some(b))) => {
            // UB words are 8-byte aligned and fast-path operands 32-byte aligned, so on a
            // little-endian host the bytes are the typed lanes themselves.
            let typed = (
                bytemuck::try_cast_slice::<u8, T>(a),
                bytemuck::try_cast_slice::<u8, T>(b),
            );
            match typed {
                (Ok(x), Ok(y)) if cfg!(target_endian = "little") => {
                    match bytemuck::try_cast_slice_mut::<u8, T>(dst) {
                        Ok(out) => lanes(k, x, y, out),
                        Err(_) => compute::<T>(k, a, b, dst),
                    }
                }
                _ => compute::<T>(k, a, b, dst),
            }
        }
        (Some(None), _) | (_, Some(None)) => {}
        (a, b) => {
            // In place: sources that alias dst are read from a copy of each chunk.
            const CHUNK: usize = 1024;
            let mut tmp = [0u8; CHUNK];
            let mut off = 0;
            while off < len {
                let m = (len - off).min(CHUNK);
                let (x, y) = (a.flatten(), b.flatten());
                tmp[..m].copy_from_slice(&dst[off..off + m]);
                let sa = x.map_or(
                    &tmp[..m],
                    |x| if x.is_empty() { x } else { &x[off..off + m] },
                );
                let sb = y.map_or(
                    &tmp[..m],
                    |y| if y.is_empty() { y } else { &y[off..off + m] },
                );
                compute::<T>(k, sa, sb, &mut dst[off..off + m]);
                off += m;
            }
        }
    }
}

/// The bytes of a repeat of `par` lanes of `size` bytes that the `active` lanes cover, as a
/// 256-bit mask (bit i: byte i).
pub fn byte_mask(active: &Lanes, par: usize, size: usize) -> [u64; 4] {
    // `size` bits per lane; 64 is a multiple of every element size, so a lane's bits never
    // straddle two words.
    let one = (1u64 << size) - 1;
    let mut mask = [0u64; 4];
    for (w, &word) in active.0.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let lane = w * 64 + bits.trailing_zeros() as usize;
            if lane >= par {
                break;
            }
            let b = lane * size;
            mask[b / 64] |= one << (b % 64);
            bits &= bits - 1;
        }
    }
    mask
}

/// Repeats that `exec_masked` computes in one piece when its operands' repeats follow one
/// another in memory.
const MASKED_CHUNK: u32 = 8;

/// The words `exec_masked` works in: two sources and the result, `MASKED_CHUNK` repeats of 256
/// bytes each.
pub const MASKED_BUF_WORDS: usize = 3 * MASKED_CHUNK as usize * 256 / 8;

/// Block `b`'s 32 bits of a repeat's byte mask (`byte_mask`).
#[inline(always)]
pub fn block_bits(mask: &[u64; 4], b: usize) -> u64 {
    mask[b / 2] >> (32 * (b % 2)) & 0xffff_ffff
}

/// Executes repeats `r0..r0 + reps`, which share their active lanes (any mask: `mask`, a
/// repeat's bytes from `byte_mask`), with operands whose blocks may lie anywhere (any block and
/// repeat strides). Each source is read in one piece where its repeats follow one another
/// (`MASKED_CHUNK` repeats at a time), else a repeat at a time where a repeat is one run of
/// bytes, else block by block (the blocks that hold an active lane); every lane is computed
/// with the lane function, and the destination stores its active lanes (one masked store per
/// repeat that is one run of bytes, else one per block in block order as block stepping
/// does). Gives the same bytes as `exec_block` over the repeats' blocks: the fast path
/// excludes hazardous overlap, so reading a piece's sources before writing it changes nothing.
/// Falls back to `exec_block` when a block does not lie in memory.
///
/// `bufs` (`MASKED_BUF_WORDS` words) holds the sources and the result, reused from call to
/// call: the lanes of inactive blocks hold stale values that are computed but never stored.
pub fn exec_masked<T: Num>(
    k: &MapKernel,
    plan: &Plan,
    mem: &mut Mem,
    (r0, reps): (u32, u32),
    mask: &ByteMask,
    bufs: &mut [u64],
) {
    if blocks_in_place::<T>(k, plan, mem, (r0, reps), mask) {
        return;
    }
    let par = plan.par as usize;
    let rb = par * std::mem::size_of::<T>();
    let follow = plan
        .operands
        .iter()
        .all(|o| o.repeat_contiguous(plan.par) && o.rep as usize * o.rep_unit as usize == rb);
    // Sources apart from the destination: no repeat reads what an earlier one wrote, so
    // several repeats may be read before any is stored, whatever the strides.
    let apart = (1..plan.operands.len()).all(|j| match (plan.extent(0), plan.extent(j)) {
        (Some(d), Some(e)) => e.end <= d.start || e.start >= d.end,
        _ => true,
    });
    let chunk = if follow || apart { MASKED_CHUNK } else { 1 };
    let mut r = r0;
    while r < r0 + reps {
        let n = chunk.min(r0 + reps - r);
        if !masked_piece::<T>(k, plan, mem, r, n, mask, bufs) {
            for rr in r..r + n {
                if !masked_piece::<T>(k, plan, mem, rr, 1, mask, bufs) {
                    for b in 0..BLOCKS {
                        exec_block::<T>(k, plan, mem, rr, b);
                    }
                }
            }
        }
        r += n;
    }
}

/// Repeats `r0..r0 + reps` of `exec_masked` for half and float Add, Sub, Mul, Adds and Muls:
/// computed block by block in memory with the host's vector instructions
/// (`simd::binary_blocks`: a block's active lanes stored, its others kept), whatever the
/// strides and the mask, in block-stepping order, then the active bytes marked. False, with
/// nothing written, otherwise (another operation or type, an operand outside one region, or
/// a host without the instructions).
fn blocks_in_place<T: Num>(
    k: &MapKernel,
    plan: &Plan,
    mem: &mut Mem,
    (r0, reps): (u32, u32),
    mask: &ByteMask,
) -> bool {
    use crate::sim::simd::{Blocks, Second};
    let half = T::DTYPE == DType::Half;
    let size = std::mem::size_of::<T>();
    let (op, splat) = match k.op {
        Op::Add | Op::Sub | Op::Mul => (k.op, false),
        Op::Adds => (Op::Add, true),
        Op::Muls => (Op::Mul, true),
        _ => return false,
    };
    let masks: [u32; 8] = std::array::from_fn(|b| block_bits(&mask.bits, b) as u32);
    let ops = &plan.operands;
    if !(half || T::DTYPE == DType::Float)
        || k.ftz
        || plan.par as usize * size != BLOCKS as usize * 32
        || ops.len() != if splat { 2 } else { 3 }
        || cfg!(target_endian = "big")
        || reps == 0
    {
        return false;
    }
    let n = reps as usize;
    // Every operand's blocks (all 8 of every repeat) and the span that holds them.
    let mut ends = [(0, 0); 3];
    for (e, o) in ends.iter_mut().zip(ops) {
        let first = o.addr(r0, 0);
        let Some(end) = crate::sim::ub::strided_end(first, o.steps(), n) else {
            return false;
        };
        *e = (first, end);
    }
    let ends = &ends[..ops.len()];
    let lo = ends.iter().map(|e| e.0).min().unwrap_or(0);
    let hi = ends.iter().map(|e| e.1).max().unwrap_or(0);
    let (d, dst_end) = ends[0];
    let Some(bytes) = mem.ub.span_mut(lo..hi, d..dst_end) else {
        return false;
    };
    let walk = |o: &OpAddr| {
        let (rstep, bstep) = o.steps();
        Blocks {
            first: (o.addr(r0, 0) - lo) as usize,
            rstep: rstep as usize,
            bstep: bstep as usize,
        }
    };
    let second = if splat {
        let mut le = [0u8; 4];
        k.scalar_as::<T>().store(&mut le[..size]);
        Second::Splat(u32::from_le_bytes(le))
    } else {
        Second::Blocks(walk(&ops[2]))
    };
    let operands = (walk(&ops[0]), walk(&ops[1]), second);
    if !crate::sim::simd::binary_blocks(op, half, bytes, operands, n, mask) {
        return false;
    }
    mem.ub.mark_blocks(d, ops[0].steps(), n, &masks)
}

/// `n` repeats from `r` of `exec_masked` (n > 1 only when every operand's repeats follow one
/// another or the sources lie apart from the destination); false, with nothing written, when
/// a source block is not in memory.
fn masked_piece<T: Num>(
    k: &MapKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    n: u32,
    mask: &ByteMask,
    bufs: &mut [u64],
) -> bool {
    let par = plan.par as usize;
    let size = std::mem::size_of::<T>();
    let per = par / BLOCKS as usize;
    let (blk, rb) = (per * size, par * size);
    let lanes_n = par * n as usize;
    let active = |b: &usize| block_bits(&mask.bits, *b) != 0;
    let third = MASKED_BUF_WORDS / 3;
    let (x, rest) = bufs.split_at_mut(third);
    let (y, o) = rest.split_at_mut(third);
    let src: [&mut [T]; 2] = [
        &mut bytemuck::cast_slice_mut::<u64, T>(x)[..lanes_n],
        &mut bytemuck::cast_slice_mut::<u64, T>(y)[..lanes_n],
    ];
    let out = &mut bytemuck::cast_slice_mut::<u64, T>(o)[..lanes_n];
    let mut srcs = 0;
    // The blocks holding an active lane.
    let blocks = (0..BLOCKS as usize)
        .filter(active)
        .fold(0u8, |m, b| m | 1 << b);
    let follows = |op: &OpAddr| {
        op.repeat_contiguous(plan.par) && (n == 1 || op.rep as usize * op.rep_unit as usize == rb)
    };
    // A source whose piece is one run of bytes is read where it lies (the typed lanes
    // themselves on a little-endian host: UB words are 8-byte aligned, operands 32-byte).
    let ub = &*mem.ub;
    let mut view: [Option<&[T]>; 2] = [None, None];
    for (j, op) in plan.operands.iter().enumerate().skip(1).take(2) {
        let into: &mut [u8] = bytemuck::cast_slice_mut(&mut *src[j - 1]);
        let whole = follows(op)
            .then(|| op.addr(r, 0))
            .and_then(|s| ub.get(s..s + (n as usize * rb) as u64));
        srcs += 1;
        if let Some(v) = whole
            .filter(|_| cfg!(target_endian = "little"))
            .and_then(|bytes| bytemuck::try_cast_slice::<u8, T>(bytes).ok())
        {
            view[j - 1] = Some(v);
            continue;
        }
        let read = match whole {
            Some(bytes) => {
                into.copy_from_slice(bytes);
                true
            }
            None => {
                blk == 32 && ub.gather_strided(op.addr(r, 0), op.steps(), n as usize, blocks, into)
            }
        };
        if !read {
            if n > 1 {
                return false;
            }
            // Block by block: the blocks that hold an active lane (others may lie outside
            // memory).
            let (a0, step) = (op.addr(r, 0), op.steps().1);
            for b in (0..BLOCKS as usize).filter(active) {
                let s = a0 + b as u64 * step;
                let Some(bytes) = ub.get(s..s + blk as u64) else {
                    return false;
                };
                into[b * blk..(b + 1) * blk].copy_from_slice(bytes);
            }
        }
        if cfg!(target_endian = "big") {
            for v in src[j - 1].iter_mut() {
                *v = T::load(bytemuck::bytes_of(v));
            }
        }
    }
    let [a, b] = src;
    let a = view[0].unwrap_or(a);
    let b = if srcs > 1 {
        view[1].unwrap_or(b)
    } else {
        &[][..]
    };
    lanes::<T>(k, a, b, out);
    if cfg!(target_endian = "big") {
        for v in out.iter_mut() {
            let mut le = [0u8; 8];
            v.store(&mut le[..size]);
            *v = bytemuck::pod_read_unaligned(&le[..size]);
        }
    }
    let dst = &plan.operands[0];
    let out_bytes = bytemuck::cast_slice::<T, u8>(out);
    let (rstep, bstep) = dst.steps();
    // Strided blocks: every repeat's active blocks in one call, in block-stepping order.
    let masks: [u32; 8] = std::array::from_fn(|b| block_bits(&mask.bits, b) as u32);
    if !dst.repeat_contiguous(plan.par)
        && blk == 32
        && mem.ub.store_strided(
            dst.addr(r, 0),
            (rstep, bstep),
            n as usize,
            &masks,
            out_bytes,
        )
    {
        return true;
    }
    let first = dst.addr(r, 0);
    for (i, bytes) in out_bytes.chunks_exact(rb).enumerate() {
        let rr = r + i as u32;
        let start = first + i as u64 * rstep;
        if dst.repeat_contiguous(plan.par)
            && start <= u32::MAX as u64
            && mem.ub.store_masked(start as u32, bytes, mask)
        {
            continue;
        }
        for b in (0..BLOCKS as usize).filter(active) {
            let start = start + b as u64 * bstep;
            let data = &bytes[b * blk..(b + 1) * blk];
            // A whole block: a plain store (its bytes marked initialised and written).
            if block_bits(&mask.bits, b) == (1u64 << blk) - 1
                && mem.ub.holds(start..start + blk as u64)
                && start + (blk as u64) <= u32::MAX as u64
            {
                mem.ub
                    .slice_mut(start as u32..(start + blk as u64) as u32)
                    .copy_from_slice(data);
                continue;
            }
            let stored = start <= u32::MAX as u64
                && mem.ub.store_masked(
                    start as u32,
                    &bytes[b * blk..(b + 1) * blk],
                    &ByteMask::new([block_bits(&mask.bits, b), 0, 0, 0]),
                );
            if !stored {
                // Not reached: the bounds checks keep active lanes in memory.
                exec_block::<T>(k, plan, mem, rr, b as u32);
            }
        }
    }
    true
}

/// The room of the unary, binary, vector–scalar and Duplicate families (same element type
/// throughout; the half → float forms of MulAddDst and Axpy run on the cast kernel).
pub struct Elementwise;

impl Room for Elementwise {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        let srcs = match instr.op.family() {
            Family::Duplicate => 0,
            Family::Binary => 2,
            _ => 1,
        };
        if instr.src().len() < srcs {
            return Err(format!("{} needs dst and {srcs} source(s)", instr.name()));
        }
        Ok(())
    }

    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let instr = c.instr;
        let dst = c.dtype_of(instr.dst()?);
        // MulAddDst and Axpy also exist as half → float (docs/semantics.md §4.2, §4.3).
        if matches!(instr.op, Op::MulAddDst | Op::Axpy) {
            let src = instr.src().first().map_or(dst, |o| c.dtype_of(o));
            return Some(Types::pair(src, dst));
        }
        let p = c.product;
        if matches!(instr.op, Op::And | Op::Or)
            && matches!(dst, DType::Int32 | DType::UInt32)
            && p.profile().and_or_b32_count_as_b16
            && c.is_count()
        {
            // §3, §9 row 4: the count form reinterprets all buffers as 16-bit words.
            let w = if dst == DType::Int32 {
                DType::Int16
            } else {
                DType::UInt16
            };
            c.warn(
                "and-or-int32-reinterpreted",
                "count",
                format!(
                    "{} on {dst} with the count form runs on 16-bit words on {p}: `count` counts int16 words, so pass 2n to process n {dst} elements (docs/semantics.md §3)",
                    c.name()
                ),
            );
            return Some(Types::same(w));
        }
        Some(Types::same(dst))
    }

    fn dst_blk_field(&self, c: &Ctx) -> Option<&'static str> {
        Some(if c.instr.op.family() == Family::Duplicate {
            "dst_blk_stride"
        } else {
            "params"
        })
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        flexible_check(c);
    }

    fn plan(&self, c: &mut Ctx, _exec: &Exec, plan: &mut Plan, _ub: Option<&crate::sim::ub::Ub>) {
        flexible_overlap(c, plan);
    }

    fn late_check(&self, c: &mut Ctx, t: &Types) {
        let instr = c.instr;
        let (p, dt) = (c.product, t.src);
        let prof = p.profile();
        let Args::Scalar {
            scalar, round_en, ..
        } = &instr.args
        else {
            return;
        };
        if !matches!(instr.op, Op::ShiftLeft | Op::ShiftRight) {
            return;
        }
        if let Value::Int(n) = *scalar {
            let bits = (dt.size() * 8) as i128;
            if n < 0 || (prof.shift_amount_limited && n > bits) {
                let range = if prof.shift_amount_limited {
                    format!("0..={bits}")
                } else {
                    "≥ 0".into()
                };
                c.err(
                    "shift-out-of-range",
                    "scalar",
                    format!("shift amount {n} is out of range for {dt} on {p}: valid {range} (docs/semantics.md §4.3)"),
                );
            }
        }
        if *round_en {
            if !prof.shift_round_en {
                c.err("round-en-unsupported", "round_en", format!("ShiftRight round_en = true is not supported on {p}; only false (docs/semantics.md §9 row 17)"));
            } else if !matches!(dt, DType::Int16 | DType::Int32) {
                c.err("round-en-unsupported", "round_en", format!("ShiftRight round_en = true applies to int16 and int32 only, not {dt} (docs/semantics.md §4.3)"));
            }
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let instr = c.instr;
        if t.src != t.dst {
            return (cast::operands(instr, c.program, t.lane), 32);
        }
        let mut ops = operands(instr, c.program);
        if c.program.instr_dtype(instr) != Some(t.dst) {
            // And/Or int32 count-form reinterpretation: every operand is seen as 16-bit words.
            for o in ops.iter_mut() {
                *o = OpAddr::standard(o.role, o.tensor, o.kind, t.dst, o.base, o.blk, o.rep);
            }
        }
        (ops, 32)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let instr = c.instr;
        let scalar = instr.scalar().unwrap_or(Value::Int(0));
        if t.src != t.dst {
            return Exec::Cast(cast::kernel(
                instr.op,
                t,
                c.product,
                RoundMode::Rint,
                scalar,
            ));
        }
        let round_en = matches!(instr.args, Args::Scalar { round_en: true, .. });
        let ftz = c.product.profile().transcendental_ftz
            && matches!(
                instr.op,
                Op::Exp | Op::Ln | Op::Sqrt | Op::Rsqrt | Op::Reciprocal | Op::Div
            );
        Exec::Map(MapKernel {
            op: instr.op,
            dtype: t.dst,
            scalar,
            round_en,
            ftz,
            fused: c.product.profile().fused_mul_add && reads_dst(instr.op),
            scalar_first: matches!(
                instr.args,
                Args::Scalar {
                    scalar_first: true,
                    ..
                }
            ),
        })
    }
}

#[cfg(test)]
mod mask_tests {
    use super::*;

    #[test]
    fn byte_masks_cover_the_active_lanes_bytes() {
        let mut l = Lanes::NONE;
        for k in [0u32, 3, 31] {
            l.0[(k / 64) as usize] |= 1 << (k % 64);
        }
        // 8-byte lanes (32 per repeat): lanes 0, 3 and 31 are bytes 0..8, 24..32, 248..256.
        let m = byte_mask(&l, 32, 8);
        assert_eq!(m, [0xff | 0xff << 24, 0, 0, 0xff << 56]);
        // 2-byte lanes: lane 31 is bytes 62, 63.
        let m = byte_mask(&l, 128, 2);
        assert_eq!(m, [0b11 | 0b11 << 6 | 0b11 << 62, 0, 0, 0]);
    }
}
