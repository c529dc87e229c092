//! Operands of different widths (docs/semantics.md §1.1, §4.2, §4.7): Cast, AddReluCast,
//! SubReluCast, MulCast, and the half → float forms of MulAddDst and Axpy. PAR is set by the
//! widest operand; each operand keeps its own elements per block (`OpAddr::standard`), so a
//! half source of a half → int32 Cast spans 4 of its blocks per repeat (§1.2).
//!
//! Every conversion goes through `dtype::convert` (the crate's one correctly rounded
//! conversion, with the round modes of §4.7 and saturation of integer targets):
//! - Cast converts by its round mode; int32 → half reads the scale of the last
//!   `SetDeqScale(half)` (`deq_scale`, 1.0 with `deq-scale-unset` when none ran) and is computed
//!   as `src·2^-17·scale·2^17` (docs/semantics.md §16);
//! - AddReluCast / SubReluCast compute `relu(a ± b)` in the source type (integers exactly, so
//!   int16 MAX + MAX saturates to int8 MAX as the A2 boundary table shows) and convert with
//!   CAST_RINT; a NaN result becomes +0 in a float target (the A2 boundary table 26/27);
//! - MulCast computes the product in half (overflow gives ±inf, which then saturates);
//! - MulAddDst / Axpy half → float compute the product of the halves exactly in float and add
//!   the float destination (IEEE, round to nearest even).

use crate::base::catalog::{Family, Op, Pair};
use crate::base::convert::{
    convert, convert_wrapping, exact, from_exact, wrap_int, Exact, RoundMode,
};
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Args, Form, Instr, Operand, Program};
use crate::base::product::Product;
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::dequant::{deq_scale, dequant_b8, dequant_check, dequant_source};
use crate::sim::family::{Exec, Room};
use crate::sim::lanes::Num;
use crate::sim::mask::LaneSource;
use crate::sim::plan::{AccessKind, BlockStep, OpAddr, Plan};
use crate::with_dtype;
use half::f16;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastKernel {
    pub op: Op,
    /// Source and destination element types.
    pub src: DType,
    pub dst: DType,
    pub mode: RoundMode,
    /// int32 → half with SetDeqScale (§4.7, §4.9), and the half scale it multiplies by.
    pub deq: bool,
    pub deq_scale: f32,
    /// Axpy's scalar (of the source type).
    pub scalar: Value,
    /// CastDequant int16 → b8: the DEQSCALE configuration word (scale, offset, signMode), or
    /// the 16 words of the vector form in the UB (`vdeq`, read at each block).
    pub deq_config: u64,
    pub vdeq: Option<OpAddr>,
    /// false: Ascend 950's truncation mode (CTRL[59] = 1), integer results keep their low bits.
    pub saturate: bool,
}

impl CastKernel {
    /// One element of the source type converted to the target by `mode`, saturating or (in
    /// truncation mode) keeping the low bits (docs/semantics.md §4.7).
    fn conv(&self, bits: u64, mode: RoundMode) -> u64 {
        if self.saturate {
            convert(bits, self.src, self.dst, mode)
        } else {
            convert_wrapping(bits, self.src, self.dst, mode)
        }
    }
}

/// The operands: dst, the sources, and (MulAddDst, Axpy) dst again as a source. `lane` is the
/// widest operand's type, which sets PAR.
///
/// In the count form every operand is contiguous: block stride 1 and a repeat stride of
/// `8·sizeof(operand)/sizeof(widest)` blocks, so the narrower side steps fewer blocks per
/// repeat (docs/semantics.md §3: half → float dst 8, src 4; float → half dst 4, src 8).
pub fn operands(instr: &Instr, program: &Program, lane: DType) -> Vec<OpAddr> {
    let mut st = instr.strides();
    if let Form::Count(_) = instr.form() {
        // The bytes of one repeat's PAR elements, in blocks (int4b_t: 64 bytes, 2 blocks).
        let rep = |o: &Operand| {
            (program.tensors[o.tensor].dtype.bytes_for(lane.par() as u64) / 32) as u32
        };
        if let Some(d) = instr.dst() {
            st.dst_blk = 1;
            st.dst_rep = rep(d);
        }
        for (j, s) in instr.src().iter().enumerate().take(2) {
            st.src_blk[j] = 1;
            st.src_rep[j] = rep(s);
        }
    }
    let st = &st;
    let mut ops = Vec::with_capacity(4);
    if let Args::Dequant { half_block, .. } = instr.args {
        if let (Some(d), Some(s)) = (instr.dst(), instr.src().first()) {
            if program.tensors[s.tensor].dtype == DType::Int16 {
                // int16 → b8: the 16 bytes of one source block go to one 16-byte half of a
                // 32-byte dst block; halfBlock true is the upper half, bytes 16..31
                // (vconv_deqs162b8h; docs/semantics.md §16, §11 item 10). In the count form
                // the dst advances 8 blocks per repeat, like the source.
                let (blk, rep) = match instr.form() {
                    Form::Count(_) => (1, 8),
                    _ => (st.dst_blk, st.dst_rep),
                };
                let mut op = OpAddr::of(program, d, "dst", AccessKind::Write, blk, rep);
                op.per_block = 16;
                op.base += 16 * u32::from(half_block);
                ops.push(op);
                ops.push(OpAddr::of(
                    program,
                    s,
                    "src",
                    AccessKind::Read,
                    st.src_blk[0],
                    st.src_rep[0],
                ));
                return ops;
            }
        }
    }
    let roles: &[&'static str] = match instr.op.family() {
        Family::Cast | Family::Scalar => &["src"],
        _ => &["src0", "src1"],
    };
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
    for (j, s) in instr.src().iter().enumerate().take(roles.len()) {
        ops.push(OpAddr::of(
            program,
            s,
            roles[j],
            AccessKind::Read,
            st.src_blk[j],
            st.src_rep[j],
        ));
    }
    if matches!(instr.op, Op::MulAddDst | Op::Axpy) {
        if let Some(d) = ops.first().copied() {
            ops.push(OpAddr {
                kind: AccessKind::Read,
                ..d
            });
        }
    }
    // An int4b_t operand: byte q holds lanes 2q (low nibble) and 2q + 1, 32 bytes (64 lanes)
    // per block (docs/semantics.md §4.7).
    for o in ops.iter_mut().filter(|o| o.dtype.is_nibble()) {
        o.index = crate::sim::plan::Indexing::Pairs { all: false };
        o.per_block = 32;
    }
    ops
}

/// Cast to or from int4b_t, block `b` of repeat `r`: lane pairs, one byte each
/// (docs/semantics.md §4.7). A pair with one active lane keeps the other nibble.
fn exec_int4(k: &CastKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let Some(BlockStep { lanes, ks, n }) = plan.active_block(r, b) else {
        return;
    };
    let (dst, src) = (plan.operands[0], plan.operands[1]);
    let conv = |x: u64| k.conv(x, k.mode);
    if k.dst.is_nibble() {
        let ss = src.size() as usize;
        let mut buf = [0u8; 256];
        mem.read_bytes(&src, r, ks.clone(), &lanes, &mut buf[..n * ss]);
        for q in ks.start / 2..ks.end / 2 {
            let (lo, hi) = (2 * q, 2 * q + 1);
            if !lanes.has(lo) && !lanes.has(hi) {
                continue;
            }
            let a = dst.addr(r, q);
            let mut byte = if lanes.has(lo) && lanes.has(hi) {
                0
            } else {
                mem.read_one::<u8>(&dst, q, a)
            };
            for (k, shift) in [(lo, 0), (hi, 4)] {
                if lanes.has(k) {
                    let i = (k - ks.start) as usize;
                    let v = conv(src.dtype.bits(&buf[i * ss..])) as u8 & 0xf;
                    byte = byte & !(0xf << shift) | v << shift;
                }
            }
            mem.write_one::<u8>(&dst, q, a, byte);
        }
        return;
    }
    let ds = dst.size() as usize;
    let mut out = [0u8; 256];
    for q in ks.start / 2..ks.end / 2 {
        if !lanes.has(2 * q) && !lanes.has(2 * q + 1) {
            continue;
        }
        let byte = mem.read_one::<u8>(&src, q, src.addr(r, q));
        for (k, high) in [(2 * q, false), (2 * q + 1, true)] {
            let i = (k - ks.start) as usize;
            let x = crate::base::dtype::nibble(byte, high) as u8 as u64;
            dst.dtype.store_bits(conv(x), &mut out[i * ds..]);
        }
    }
    mem.write_bytes(&dst, r, ks, &lanes, &out[..n * ds]);
}

/// Raw bits of a float as f64-free f32, NaN canonical (docs/semantics.md §6).
fn f32_bits(x: f32) -> u64 {
    if x.is_nan() {
        0x7fc0_0000
    } else {
        x.to_bits() as u64
    }
}

fn half(bits: u64) -> f32 {
    f16::from_bits(bits as u16).to_f32()
}

/// One lane: `x` holds the raw bits of each source operand in order.
fn lane(k: &CastKernel, x: &[u64; 3]) -> u64 {
    match k.op {
        // src·2^-17·scale·2^17 (docs/semantics.md §4.7): int32 → float (RINT), times the half scale
        // in float (the powers of two are exact), → half (RINT).
        Op::Cast | Op::CastDequant if k.deq => {
            let f =
                f32::from_bits(convert(x[0], DType::Int32, DType::Float, RoundMode::Rint) as u32);
            convert(
                f32_bits(f * k.deq_scale),
                DType::Float,
                DType::Half,
                RoundMode::Rint,
            )
        }
        Op::Cast => k.conv(x[0], k.mode),
        // relu(Deq(src0 + src1)), Deq(x) = Cast(x · scale) with RINT (DK:复合计算/AddDeqRelu):
        // the int32 sum wraps, → float (RINT), times the scale, → half (RINT); relu gives +0
        // for a negative or NaN result.
        Op::AddDeqRelu => {
            let s = (x[0] as u32 as i32).wrapping_add(x[1] as u32 as i32);
            let f =
                f32::from_bits(
                    convert(s as u32 as u64, DType::Int32, DType::Float, RoundMode::Rint) as u32,
                );
            let h = convert(
                f32_bits(f * k.deq_scale),
                DType::Float,
                DType::Half,
                RoundMode::Rint,
            );
            let hv = f16::from_bits(h as u16);
            if hv.is_nan() || hv.to_f32() <= 0.0 {
                0
            } else {
                h
            }
        }
        // dst = src0 · src1 + dst (half · half is exact in float).
        Op::MulAddDst => f32_bits(half(x[0]) * half(x[1]) + f32::from_bits(x[2] as u32)),
        // dst = scalar · src + dst.
        Op::Axpy => {
            let s = match k.scalar {
                Value::Float(v) => v as f32,
                Value::Int(v) => v as f32,
            };
            f32_bits(s * half(x[0]) + f32::from_bits(x[1] as u32))
        }
        _ => with_dtype!(k.src, T => composite::<T>(k, x[0], x[1])),
    }
}

/// AddReluCast, SubReluCast, MulCast on sources of type T.
fn composite<T: Num>(k: &CastKernel, a: u64, b: u64) -> u64 {
    let relu = k.op != Op::MulCast;
    if !k.src.is_float() {
        // Integers exactly (i128 holds any sum or product of two 64-bit values).
        let v = |bits| match exact(k.src, bits) {
            Exact::Finite { neg, m, .. } => {
                let m = m as i128;
                if neg {
                    -m
                } else {
                    m
                }
            }
            _ => 0,
        };
        let (x, y) = (v(a), v(b));
        let mut r = match k.op {
            Op::AddReluCast => x + y,
            Op::SubReluCast => x - y,
            _ => x.saturating_mul(y),
        };
        if relu {
            r = r.max(0);
        }
        if !k.saturate {
            return wrap_int(r, k.dst);
        }
        let x = Exact::Finite {
            neg: r < 0,
            m: r.unsigned_abs(),
            e: 0,
        };
        return from_exact(x, k.dst, RoundMode::Rint);
    }
    let load = |bits: u64| T::load(&bits.to_le_bytes());
    let (x, y) = (load(a), load(b));
    let mut t = match k.op {
        Op::AddReluCast => x.vadd(y),
        Op::SubReluCast => x.vsub(y),
        _ => x.vmul(y),
    };
    if relu {
        t = t.vmax(T::zero());
    }
    if t.is_nan() {
        // A2 boundary tables 26–28: NaN gives +0 (float targets) or 0.
        return 0;
    }
    let mut bits = [0u8; 8];
    t.store(&mut bits);
    k.conv(u64::from_le_bytes(bits), RoundMode::Rint)
}

/// Executes block `b` of repeat `r`: read each source's active lanes (each in its own width),
/// compute, write dst's active lanes.
pub fn exec_block(k: &CastKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    if k.src.is_nibble() || k.dst.is_nibble() {
        exec_int4(k, plan, mem, r, b);
        return;
    }
    let Some(BlockStep { lanes, ks, n }) = plan.active_block(r, b) else {
        return;
    };
    let mut bufs = [[0u8; 256]; 3];
    let srcs = &plan.operands[1..];
    for (j, op) in srcs.iter().enumerate().take(3) {
        let size = op.size() as usize;
        mem.read_bytes(op, r, ks.clone(), &lanes, &mut bufs[j][..n * size]);
    }
    let dst = &plan.operands[0];
    let ds = dst.size() as usize;
    let mut out = [0u8; 256];
    let b8 = k.op == Op::CastDequant && k.src == DType::Int16;
    // The configuration of each of the block's 16 lanes (docs/semantics.md §16).
    let mut cfg = [k.deq_config; 16];
    if let (true, Some(v)) = (b8, &k.vdeq) {
        for (j, c) in cfg.iter_mut().enumerate() {
            *c = mem.read_one::<u64>(v, j as u32, v.base as u64 + 8 * j as u64);
        }
    }
    if k.op == Op::Cast && !k.deq {
        // The common case, one source and no register: a tight loop.
        let (sd, ss) = (srcs[0].dtype, srcs[0].size() as usize);
        for i in (0..n).filter(|&i| lanes.has(ks.start + i as u32)) {
            let v = k.conv(sd.bits(&bufs[0][i * ss..]), k.mode);
            dst.dtype.store_bits(v, &mut out[i * ds..]);
        }
        mem.write_bytes(dst, r, ks, &lanes, &out[..n * ds]);
        return;
    }
    for i in 0..n {
        if !lanes.has(ks.start + i as u32) {
            continue;
        }
        if b8 {
            let x = i16::from_le_bytes([bufs[0][2 * i], bufs[0][2 * i + 1]]);
            out[i] = dequant_b8(x, cfg[(ks.start as usize + i) % 16]);
            continue;
        }
        let mut x = [0u64; 3];
        for (j, op) in srcs.iter().enumerate().take(3) {
            let size = op.size() as usize;
            x[j] = op.dtype.bits(&bufs[j][i * size..]);
        }
        let v = lane(k, &x);
        dst.dtype.store_bits(v, &mut out[i * ds..]);
    }
    mem.write_bytes(dst, r, ks, &lanes, &out[..n * ds]);
}

/// The fast path of a plain Cast (`Machine::run_fast`): `n` elements from the start of repeat
/// `r`, contiguous in both operands, which do not overlap; the same conversion per element as
/// `exec_block`.
pub fn exec_run(k: &CastKernel, plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    if k.op != Op::Cast {
        composite_run(k, plan, mem, r, n);
        return;
    }
    let (dst, src) = (&plan.operands[0], &plan.operands[1]);
    let (ss, ds) = (src.size() as usize, dst.size() as usize);
    let n = n as usize;
    let s = src.addr(r, 0);
    let Some(src_bytes) = mem.ub.get(s..s + (n * ss) as u64) else {
        return;
    };
    // The source, copied (it may share words with dst) into u64 words so that it can be read
    // as typed lanes.
    let mut words = vec![0u64; (n * ss).div_ceil(8)];
    bytemuck::cast_slice_mut::<u64, u8>(&mut words)[..n * ss].copy_from_slice(src_bytes);
    let x = &bytemuck::cast_slice::<u64, u8>(&words)[..n * ss];
    let d = dst.addr(r, 0) as u32;
    let Some((bytes, at, _)) = mem.ub.run_mut(d..d + (n * ds) as u32) else {
        return;
    };
    convert_run(k, (src.dtype, dst.dtype), x, &mut bytes[at..at + n * ds]);
}

/// The fast path of AddReluCast, SubReluCast and MulCast from a float type (`sim::reach`
/// admits no other): a chunk's results in the source type by the elementwise lane function
/// (AddRelu, SubRelu, Mul: `composite`'s arithmetic), a NaN made +0 for a float target (an
/// integer one converts NaN to the 0 `composite` gives), then converted with CAST_RINT as a
/// plain Cast's run converts.
fn composite_run(k: &CastKernel, plan: &Plan, mem: &mut Mem, r: u32, n: u64) {
    use crate::sim::family::elementwise::{lanes, MapKernel};
    const L: usize = 1024;
    let map = MapKernel {
        op: match k.op {
            Op::AddReluCast => Op::AddRelu,
            Op::SubReluCast => Op::SubRelu,
            _ => Op::Mul,
        },
        dtype: k.src,
        scalar: Value::Int(0),
        round_en: false,
        ftz: false,
        fused: false,
        scalar_first: false,
    };
    let conv = CastKernel {
        op: Op::Cast,
        mode: RoundMode::Rint,
        ..*k
    };
    let [d, a, b] = [0, 1, 2].map(|j| plan.operands.get(j).map(|o| o.addr(r, 0)));
    let (Some(d), Some(a), Some(b)) = (d, a, b) else {
        return;
    };
    let (ss, ds) = (k.src.size() as usize, k.dst.size() as usize);
    // The sources in words (read where they lie when aligned; copied otherwise), the result.
    let mut words = vec![0u64; 3 * L * ss / 8];
    let mut off = 0usize;
    while off < n as usize {
        let m = (n as usize - off).min(L);
        let (x, rest) = words.split_at_mut(L * ss / 8);
        let (y, t) = rest.split_at_mut(L * ss / 8);
        let ub = &*mem.ub;
        let read = |start: u64, w: &mut [u64]| -> Option<()> {
            let at = start + (off * ss) as u64;
            let bytes = ub.get(at..at + (m * ss) as u64)?;
            bytemuck::cast_slice_mut::<u64, u8>(w)[..m * ss].copy_from_slice(bytes);
            Some(())
        };
        let view = |start: u64| -> Option<&[u8]> {
            let at = start + (off * ss) as u64;
            ub.get(at..at + (m * ss) as u64)
                .filter(|b| cfg!(target_endian = "little") && b.as_ptr() as usize % 8 == 0)
        };
        let (vx, vy) = (view(a), view(b));
        if vx.is_none() && read(a, x).is_none() || vy.is_none() && read(b, y).is_none() {
            return;
        }
        let xs = vx.unwrap_or(&bytemuck::cast_slice::<u64, u8>(x)[..m * ss]);
        let ys = vy.unwrap_or(&bytemuck::cast_slice::<u64, u8>(y)[..m * ss]);
        with_dtype!(k.src, T => {
            let (Ok(x), Ok(y)) = (
                bytemuck::try_cast_slice::<u8, T>(xs),
                bytemuck::try_cast_slice::<u8, T>(ys),
            ) else {
                return;
            };
            let t = &mut bytemuck::cast_slice_mut::<u64, T>(t)[..m];
            lanes::<T>(&map, x, y, t);
            // (An integer target converts a NaN to 0 itself.)
            for v in t.iter_mut().filter(|_| k.dst.is_float()) {
                if v.is_nan() {
                    *v = T::zero();
                }
            }
        });
        let at = d + (off * ds) as u64;
        if at + (m * ds) as u64 > u32::MAX as u64 {
            return;
        }
        let Some((bytes, s, _)) = mem.ub.run_mut(at as u32..(at + (m * ds) as u64) as u32) else {
            return;
        };
        let t = &bytemuck::cast_slice::<u64, u8>(t)[..m * ss];
        convert_run(&conv, (k.src, k.dst), t, &mut bytes[s..s + m * ds]);
        off += m;
    }
}

/// Converts the source lanes `x` (bytes of `types.0`, in aligned words) into `out` (bytes of
/// `types.1`) by `k`'s pair and round mode: the same bits as `convert` lane by lane.
fn convert_run(k: &CastKernel, (src, dst): (DType, DType), x: &[u8], out: &mut [u8]) {
    let (ss, ds) = (src.size() as usize, dst.size() as usize);
    let general = |b: u64| k.conv(b, k.mode);
    // The pairs real kernels use most, typed (`typed_convert`, the exact path's bits);
    // `convert` itself for NaN and everything else.
    use crate::base::typed_convert::{f32_narrow, BF16};
    use crate::sim::simd;
    let mode = k.mode;
    macro_rules! each {
        ($from:ty, $to:ty, $f:expr) => {{
            const S: usize = std::mem::size_of::<$from>();
            const D: usize = std::mem::size_of::<$to>();
            for (xi, oi) in x.chunks_exact(S).zip(out.chunks_exact_mut(D)) {
                let v = <$from>::from_le_bytes(xi.try_into().unwrap_or([0; S]));
                let r: $to = $f(v);
                oi.copy_from_slice(&r.to_le_bytes());
            }
        }};
    }
    let int_dst = matches!(
        k.dst,
        DType::Int8 | DType::UInt8 | DType::Int16 | DType::UInt16 | DType::Int32 | DType::UInt32
    );
    let little = cfg!(target_endian = "little");
    let lane_by_lane = |out: &mut [u8]| {
        for (xi, oi) in x.chunks_exact(ss).zip(out.chunks_exact_mut(ds)) {
            dst.store_bits(general(src.bits(xi)), oi);
        }
    };
    // Truncation mode: lane by lane (the typed paths below saturate).
    if !k.saturate && int_dst {
        lane_by_lane(out);
        return;
    }
    match (k.src, k.dst) {
        // Eight lanes at a time where the host has F16C/AVX (`sim::simd`), a group of eight
        // holding a NaN lane by lane; big-endian hosts take `convert` below.
        (DType::Float, DType::Half) if little && mode != RoundMode::Odd => simd_then_lanes(
            x,
            out,
            |a, b| simd::float_to_half(mode, a, b),
            |b: u32| general(b as u64) as u16,
        ),
        (DType::Half, DType::Float) if little => {
            simd_then_lanes(x, out, simd::half_to_float, |h: u16| {
                general(h as u64) as u32
            })
        }
        (DType::Float, DType::Int32) if little && mode != RoundMode::Odd => simd_then_lanes(
            x,
            out,
            |a, b| simd::float_to_int32(mode, a, b),
            |b: u32| general(b as u64) as u32,
        ),
        (DType::Float, DType::BFloat16) if mode != RoundMode::Odd => {
            each!(u32, u16, |b: u32| f32_narrow(b, mode, BF16)
                .unwrap_or_else(|| general(b as u64) as u16))
        }
        (DType::Float | DType::Half, _) if int_dst && mode != RoundMode::Odd => {
            crate::base::typed_convert::floats_to_ints(x, k.src, out, k.dst, mode)
        }
        _ => lane_by_lane(out),
    }
}

/// `out[i] = one(x[i])` over the typed lanes of the bytes `x` and `out` (native order: the
/// callers run on little-endian hosts), by `simd` over as many lanes as it takes (it returns
/// how many) and `one` for the next group of eight it leaves, until the end.
fn simd_then_lanes<S: bytemuck::Pod, D: bytemuck::Pod>(
    x: &[u8],
    out: &mut [u8],
    simd: impl Fn(&[S], &mut [D]) -> usize,
    one: impl Fn(S) -> D,
) {
    let (Ok(x), Ok(out)) = (
        bytemuck::try_cast_slice::<u8, S>(x),
        bytemuck::try_cast_slice_mut::<u8, D>(out),
    ) else {
        // Not reached (the source words and the UB's are aligned for every element type):
        // lane by lane.
        let (s, d) = (std::mem::size_of::<S>(), std::mem::size_of::<D>());
        for (xi, oi) in x.chunks_exact(s).zip(out.chunks_exact_mut(d)) {
            oi.copy_from_slice(bytemuck::bytes_of(&one(bytemuck::pod_read_unaligned(xi))));
        }
        return;
    };
    let n = x.len().min(out.len());
    let mut i = 0;
    while i < n {
        i += simd(&x[i..n], &mut out[i..n]);
        let end = (i + 8).min(n);
        for j in i..end {
            out[j] = one(x[j]);
        }
        i = end;
    }
}

/// The kernel of a conversion `t.src → t.dst` by `op` on `product` with round mode `mode`.
pub fn kernel(op: Op, t: &Types, product: Product, mode: RoundMode, scalar: Value) -> CastKernel {
    CastKernel {
        op,
        src: t.src,
        dst: t.dst,
        mode,
        deq: matches!(op, Op::Cast | Op::AddDeqRelu | Op::CastDequant)
            && op.pair(product, t.src, t.dst).is_some_and(|p| p.deq),
        deq_scale: 1.0,
        scalar,
        deq_config: 0,
        vdeq: None,
        saturate: true,
    }
}

/// The room of Cast and the composite casts (AddReluCast, SubReluCast, MulCast): their pairs
/// and round modes are the catalog's pair tables.
pub struct CastRoom;

impl Room for CastRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        let srcs = if matches!(instr.op, Op::Cast | Op::CastDequant) {
            1
        } else {
            2
        };
        if instr.src().len() < srcs {
            return Err(format!("{} needs dst and {srcs} source(s)", instr.name()));
        }
        Ok(())
    }

    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let dst = c.dtype_of(c.instr.dst()?);
        let src = c.dtype_of(c.instr.src().first()?);
        Some(Types::pair(src, dst))
    }

    fn mixed(&self, _c: &Ctx, _t: &Types) -> bool {
        true
    }

    fn pair_check(&self, c: &mut Ctx, t: &Types, pr: Pair) {
        if c.instr.op == Op::CastDequant {
            dequant_check(c, t);
            return;
        }
        let Args::Cast {
            round, saturate, ..
        } = c.instr.args
        else {
            return;
        };
        let p = c.product;
        if !saturate && !p.profile().cast_truncation {
            c.err(
                "unsupported-saturate",
                "saturate",
                format!("saturate: false (the truncation mode of CTRL[59] = 1) is an Ascend 950 setting; on {p} conversions to integers saturate (docs/semantics.md §4.7; DK:特殊寄存器访问/SetCtrlSpr(ISASI) 表3)"),
            );
        }
        if pr.deq && c.instr.op == Op::AddDeqRelu {
            if deq_scale(c).is_none() {
                c.warn(
                    "deq-scale-unset",
                    "src0",
                    "AddDeqRelu takes its scale from the DEQSCALE register, but no SetDeqScale(half scale) ran before it: computed with scale 1.0 (DK:复合计算/AddDeqRelu)".into(),
                );
            }
            return;
        }
        if c.instr.op != Op::Cast {
            return;
        }
        if pr.deq {
            if deq_scale(c).is_none() {
                c.warn(
                    "deq-scale-unset",
                    "round",
                    "Cast int32 → half takes its scale from the DEQSCALE register, but no SetDeqScale(half scale) ran before it: computed with scale 1.0 (docs/semantics.md §4.7, §4.9; DK:类型转换/SetDeqScale)".into(),
                );
            }
        } else if pr.modes & round.bit() == 0 {
            let modes: Vec<&str> = RoundMode::ALL
                .iter()
                .filter(|m| pr.modes & m.bit() != 0)
                .map(|m| m.name())
                .collect();
            c.err(
                "unsupported-round-mode",
                "round",
                format!(
                    "Cast {} → {} with {} is not supported on {p}; supported: {} (docs/semantics.md §4.7, §9 row 26)",
                    t.src,
                    t.dst,
                    round.name(),
                    modes.join(", ")
                ),
            );
        }
    }

    /// int4b_t: an even count or contiguous mask, and a bitwise mask whose bits 2i and 2i + 1
    /// agree (DK:类型转换/Cast 约束说明: "mask与count必须为偶数", "对应同一字节的相邻两个比特位的数值必须一致").
    fn check(&self, c: &mut Ctx, t: &Types) {
        if !(t.src.is_nibble() || t.dst.is_nibble()) {
            return;
        }
        let note = "with int4b_t two elements share a byte: the count or contiguous mask must be even, and a bitwise mask's bits 2i and 2i + 1 equal (DK:类型转换/Cast 约束说明)";
        let odd = c
            .instr
            .dst()
            .into_iter()
            .chain(c.instr.src())
            .find(|o| o.offset % 2 == 1 && c.program.tensors[o.tensor].dtype.is_nibble())
            .copied();
        if let Some(o) = odd {
            let field = if Some(&o) == c.instr.dst() {
                "dst"
            } else {
                "src"
            };
            let msg = format!(
                "`{}[{}]` starts in the middle of a byte: an int4b_t operand starts at an even element (docs/format.md §3)",
                c.program.tensors[o.tensor].name, o.offset
            );
            c.err("bad-operand", field, msg);
        }
        match c.instr.form().clone() {
            Form::Count(n) if n % 2 != 0 => {
                c.err(
                    "bad-params",
                    "count",
                    format!("Cast with int4b_t: count {n} is odd"),
                )
                .notes
                .push(note.into());
            }
            Form::Masked {
                mask: crate::base::ir::MaskArg::Contiguous(m),
                ..
            } if m % 2 != 0 => {
                c.err(
                    "bad-params",
                    "mask",
                    format!("Cast with int4b_t: mask {m} is odd"),
                )
                .notes
                .push(note.into());
            }
            Form::Masked {
                mask: crate::base::ir::MaskArg::Bits(w),
                ..
            } => {
                let unpaired = |x: u64| (x ^ (x >> 1)) & 0x5555_5555_5555_5555 != 0;
                if w.iter().any(|&x| unpaired(x)) {
                    c.err("bad-params", "mask", format!("Cast with int4b_t: the bitwise mask [{:#x}, {:#x}] has a pair of bits 2i, 2i + 1 that differ", w[0], w[1])).notes.push(note.into());
                }
            }
            _ => {}
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        (operands(c.instr, c.program, t.lane), 32)
    }

    /// CastDequant's b8 dst starts 16 bytes into its first block with halfBlock; the tensor's
    /// own start is what must be aligned.
    fn align(&self, c: &mut Ctx, ops: &[OpAddr], dst_align: u32, gm_align: u32) {
        let mut ops = ops.to_vec();
        if let (
            Args::Dequant {
                half_block: true, ..
            },
            Some(d),
        ) = (&c.instr.args, ops.first_mut())
        {
            if d.per_block == 16 && d.size() == 1 {
                d.base -= 16;
            }
        }
        crate::sim::checks::bounds::align(c, &ops, dst_align, gm_align);
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let (round, saturate) = match c.instr.args {
            Args::Cast {
                round, saturate, ..
            } => (round, saturate),
            _ => (RoundMode::Rint, true),
        };
        let scalar = c.instr.scalar().unwrap_or(Value::Int(0));
        let mut k = kernel(c.instr.op, t, c.product, round, scalar);
        k.saturate = saturate;
        if k.deq {
            k.deq_scale = deq_scale(c).unwrap_or(1.0);
        }
        if let Args::Dequant { vec_deq, .. } = c.instr.args {
            k.mode = RoundMode::Rint;
            let fallback = (
                crate::base::ir::deq_config(1.0, 0, t.dst == DType::Int8),
                None,
            );
            (k.deq_config, k.vdeq) = dequant_source(c, vec_deq).unwrap_or(fallback);
        }
        Exec::Cast(k)
    }
}
