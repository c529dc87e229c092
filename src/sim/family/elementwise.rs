//! Elementwise families: unary, binary, vector–scalar and Duplicate (docs/semantics.md §4.1–§4.3,
//! §4.5). Each is a lane kernel `dst[k] = f(src0[k], src1[k], scalar)` over the shared plan.
//!
//! FusedMulAdd, MulAddRelu, MulAddDst and Axpy also read dst: their plans carry dst a second
//! time, as a source after the others. Where the profile says `fused_mul_add` (950) they round
//! once; elsewhere the product is rounded to T before the addition: the DK worked examples of
//! FusedMulAdd and MulAddRelu on A2 (256 half lanes each) match that, and a fused multiply–add
//! differs from them in 70 and 38 lanes (docs/semantics.md §9 row 32).
//!
//! The room (checks, operands, kernel choice) is `elementwise_room`; the register API's own
//! lane functions are `reg_lanes`.

pub use super::elementwise_masked::{block_bits, byte_mask, exec_masked, MASKED_BUF_WORDS};
use crate::base::catalog::{Family, Op};
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Instr, Program};
use crate::sim::access::Mem;
use crate::sim::checks::Ctx;
use crate::sim::family::elementwise_bulk as bulk;
use crate::sim::lanes::Num;
use crate::sim::plan::{AccessKind, BlockStep, OpAddr, Plan};

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
    if reads_dst(instr.op.lane_op()) {
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
    if out.len() >= 64 {
        let done = match T::DTYPE {
            DType::Half => {
                let (x, y, z) = (cast(as_u8(a)), cast(as_u8(b)), cast(as_u8(c)));
                bulk::half3(k, x, y, z, cast_mut(bytemuck::cast_slice_mut(out)))
            }
            DType::Float => {
                let (x, y, z) = (cast(as_u8(a)), cast(as_u8(b)), cast(as_u8(c)));
                bulk::float3(k, x, y, z, cast_mut(bytemuck::cast_slice_mut(out)))
            }
            _ => 0,
        };
        if done > 0 {
            let rest = |v| tail(v, done);
            let (a, b, c) = (rest(a), rest(b), rest(c));
            lanes3(k, a, b, c, &mut out[done..]);
            return;
        }
    }
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

/// The lanes of `v` from `n` on (none when it has fewer).
fn tail<T>(v: &[T], n: usize) -> &[T] {
    v.get(n..).unwrap_or(&[])
}

/// Typed lanes as their bytes.
fn as_u8<T: bytemuck::Pod>(v: &[T]) -> &[u8] {
    bytemuck::cast_slice(v)
}

/// Bytes seen as the lanes of `U` (the sources' bytes are typed lanes already: casting back
/// cannot fail on their own alignment).
fn cast<U: bytemuck::Pod>(b: &[u8]) -> &[U] {
    bytemuck::try_cast_slice(b).unwrap_or(&[])
}

fn cast_mut<U: bytemuck::Pod>(b: &mut [u8]) -> &mut [U] {
    bytemuck::try_cast_slice_mut(b).unwrap_or(&mut [])
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

/// The lanes of the scalar forms' splat (`lanes`): one half repeat.
const SPLAT: usize = 128;

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
        // The scalar forms against a splat of one repeat's lanes at most (filled per call: a
        // 64-lane count-form call should not fill 1,024).
        if matches!(k.op, Op::Adds | Op::Muls) && out.len() > SPLAT {
            for (i, o) in out.chunks_mut(SPLAT).enumerate() {
                lanes(k, a.get(i * SPLAT..).unwrap_or(&[]), b, o);
            }
            return;
        }
        let splat: [T; SPLAT];
        let (op, y) = match k.op {
            Op::Adds | Op::Muls => {
                splat = [s; SPLAT];
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
    // The families `elementwise_bulk` computes from bits and with the host's SIMD.
    if out.len() >= 64 {
        let done = match T::DTYPE {
            DType::Half => as_bits::<T, u16>(a, b, out, |x, y, o| bulk::half(k, x, y, o)),
            DType::Float => as_bits::<T, u32>(a, b, out, |x, y, o| bulk::float(k, x, y, o)),
            _ => 0,
        };
        if done > 0 {
            if k.ftz {
                for o in &mut out[..done] {
                    *o = o.ftz();
                }
            }
            let rest = b.get(done..).unwrap_or(&[]);
            lanes(k, &a[done..], rest, &mut out[done..]);
            return;
        }
    }
    macro_rules! map1 {
        ($f:expr) => {
            map1(out, a, $f)
        };
    }
    macro_rules! map2 {
        ($f:expr) => {
            map2(out, a, b, $f)
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
        _ => super::reg_lanes::compute(k.op, a, b, s, amount, out),
    }
    if k.ftz {
        for o in out.iter_mut() {
            *o = o.ftz();
        }
    }
}

/// `out[i] = f(a[i])` over the shorter of the two.
#[inline(always)]
pub(super) fn map1<T: Copy>(out: &mut [T], a: &[T], f: impl Fn(T) -> T) {
    for (o, &x) in out.iter_mut().zip(a) {
        *o = f(x);
    }
}

/// `out[i] = f(a[i], b[i])` over the shortest of the three.
#[inline(always)]
pub(super) fn map2<T: Copy>(out: &mut [T], a: &[T], b: &[T], f: impl Fn(T, T) -> T) {
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        *o = f(x, y);
    }
}

/// The lane function over the lanes of `out`: source elements are the little-endian bytes `a`
/// and `b` (empty when unused), results are stored as bytes into `out`. Works in fixed
/// pieces (load, compute, store) so each loop vectorises: 64 lanes for a block or a short
/// call, whose buffers are cheap to clear, else 1,024.
#[inline(always)]
fn compute<T: Num>(k: &MapKernel, a: &[u8], b: &[u8], out: &mut [u8]) {
    if out.len() <= 64 * std::mem::size_of::<T>() {
        compute_in::<T, 64>(k, a, b, out)
    } else {
        compute_in::<T, 1024>(k, a, b, out)
    }
}

/// `compute` in pieces of `L` lanes.
#[inline(always)]
fn compute_in<T: Num, const L: usize>(k: &MapKernel, a: &[u8], b: &[u8], out: &mut [u8]) {
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
    if k.reads_dst() {
        exec_run3::<T>(k, plan, mem, r, n);
        return;
    }
    let size = std::mem::size_of::<T>();
    let len = n as usize * size;
    let start = |j: usize| plan.operands.get(j).map(|o| o.addr(r, 0) as usize);
    let d = start(0).unwrap_or(0);
    // A source in another memory (a GM ↔ UB DataCopy, a register load) is read first.
    let region = |a: usize| crate::sim::ub::Ub::base_of(a as u64);
    let other = |j: usize| -> Option<Vec<u8>> {
        let s = start(j).filter(|&s| region(s) != region(d))?;
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

/// `exec_run` for the instructions that read dst (FusedMulAdd, MulAddRelu, MulAddDst, Axpy):
/// a chunk of lanes of every source (dst the last) read, computed, then stored. The fast path
/// admits dst as a source only in place lane for lane (`overlap::fast_ok`), so reading a chunk
/// before storing it is what block stepping reads.
fn exec_run3<T: Num>(k: &MapKernel, plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    // Buffers of 64 lanes for a short run, cheap to clear.
    if n <= 64 {
        exec_run3_in::<T, 64>(k, plan, mem, r, n)
    } else {
        exec_run3_in::<T, 1024>(k, plan, mem, r, n)
    }
}

/// `exec_run3` in pieces of `L` lanes.
fn exec_run3_in<T: Num, const L: usize>(k: &MapKernel, plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    let size = std::mem::size_of::<T>();
    let Some(d) = plan.operands.first().map(|o| o.addr(r, 0)) else {
        return;
    };
    let starts: Vec<u64> = plan.operands[1..].iter().map(|o| o.addr(r, 0)).collect();
    let mut src = [[T::default(); L]; 3];
    let mut out = [T::default(); L];
    let mut off = 0u64;
    while off < n {
        let m = (n - off).min(L as u64) as usize;
        let at = off * size as u64;
        for (s, &start) in src.iter_mut().zip(&starts) {
            let Some(bytes) = mem.ub.get(start + at..start + at + (m * size) as u64) else {
                return;
            };
            match bytemuck::try_cast_slice::<u8, T>(bytes) {
                Ok(v) if cfg!(target_endian = "little") => s[..m].copy_from_slice(v),
                _ => {
                    for (x, c) in s[..m].iter_mut().zip(bytes.chunks_exact(size)) {
                        *x = T::load(c);
                    }
                }
            }
        }
        let used = |j: usize| if j < starts.len() { m } else { 0 };
        let [a, b, c] = &src;
        lanes3(
            k,
            &a[..used(0)],
            &b[..used(1)],
            &c[..used(2)],
            &mut out[..m],
        );
        let start = d + at;
        if start + (m * size) as u64 > u32::MAX as u64 {
            return;
        }
        let dst = mem
            .ub
            .slice_mut(start as u32..(start + (m * size) as u64) as u32);
        for (v, c) in out[..m].iter().zip(dst.chunks_exact_mut(size)) {
            v.store(c);
        }
        off += m as u64;
    }
}

#[cfg(test)]
mod mask_tests {
    use super::*;
    use crate::sim::mask::Lanes;

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
