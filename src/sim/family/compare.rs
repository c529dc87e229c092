//! Compare and Compares to memory (docs/semantics.md §4.6): lane k of repeat r compares
//! `src0[k]` with `src1[k]` (or the scalar) and sets bit `k mod 8` of byte `k div 8` of the
//! repeat's PAR/8 destination bytes, LSB first. The output is packed: repeat r's bits follow
//! repeat r−1's, whatever the destination strides say (`Indexing::Bits`).
//!
//! Where the product honours the mask (950, 200I/500 A2) inactive lanes give 0 bits and every
//! byte of the repeat is written; elsewhere the mask is reserved and every lane is compared
//! (the plan then has all lanes active, §9 row 5).

use crate::base::catalog::Op;
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Args, Form, Instr, MaskArg, Program};
use crate::base::modes::CmpMode;
use crate::sim::access::Mem;
use crate::sim::checks::{lanes, zero_repeat_msg, Ctx, Types};
use crate::sim::family::{Exec, Room, Scratch};
use crate::sim::lanes::Num;
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::{AccessKind, BlockStep, OpAddr, Plan};

/// What a Compare / Compares computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CmpKernel {
    pub mode: CmpMode,
    /// The source element type.
    pub dtype: DType,
    /// Compares' scalar (of the source type, docs/semantics.md §10); None for Compare.
    pub scalar: Option<Value>,
    pub ne_nan_false: bool,
    /// Compare into the CmpMask register (no dst): the bits go to `Scratch::cmp`.
    pub to_reg: bool,
    /// Compares with the scalar on the left (950's flexible scalar): `scalar CMP src`.
    pub scalar_first: bool,
}

/// The operands: the packed-bit dst (`all` when every byte of a repeat is written; none for
/// Compare into the CmpMask register), then the sources with their own strides.
pub fn operands(instr: &Instr, program: &Program, par: u32, all: bool) -> Vec<OpAddr> {
    let mut ops = Vec::with_capacity(3);
    if let Some(d) = &instr.dst().copied() {
        let t = &program.tensors[d.tensor];
        let base = t.addr + d.offset * t.dtype.size();
        ops.push(OpAddr::bits(
            "dst",
            d.tensor,
            AccessKind::Write,
            base,
            par,
            par / 8,
            all,
        ));
    }
    let roles: [&'static str; 2] = if instr.op != Op::Compares {
        ["src0", "src1"]
    } else {
        ["src", "src1"]
    };
    for (j, s) in instr.src().iter().enumerate().take(2) {
        let t = &program.tensors[s.tensor];
        ops.push(OpAddr::standard(
            roles[j],
            s.tensor,
            AccessKind::Read,
            t.dtype,
            t.addr + s.offset * t.dtype.size(),
            instr.strides().src_blk[j],
            instr.strides().src_rep[j],
        ));
    }
    ops
}

/// Executes block `b` of repeat `r`: compare the block's active lanes, write its bytes (or,
/// into the CmpMask register, set its bits in `scratch.cmp`; inactive lanes give 0 bits,
/// docs/semantics.md §19).
pub fn exec_block<T: Num>(
    k: &CmpKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    b: u32,
    scratch: &mut Scratch,
) {
    let BlockStep { lanes, ks, n } = plan.block_step(r, b);
    let (mut x, mut y) = ([T::default(); 32], [T::default(); 32]);
    let any = lanes.any_in(ks.start, ks.end);
    let first = usize::from(!k.to_reg);
    if any {
        mem.read(&plan.operands[first], r, ks.clone(), &lanes, &mut x[..n]);
        match plan.operands.get(first + 1) {
            Some(src1) => mem.read(src1, r, ks.clone(), &lanes, &mut y[..n]),
            None => y[..n].fill(T::from_value(k.scalar.unwrap_or(Value::Int(0)))),
        }
        if k.scalar_first {
            std::mem::swap(&mut x, &mut y);
        }
    }
    if k.to_reg {
        for i in 0..n {
            let lane = ks.start + i as u32;
            let bit = lanes.has(lane) && k.mode.holds_ord(x[i].partial_cmp(&y[i]), k.ne_nan_false);
            let byte = &mut scratch.cmp[(lane / 8) as usize % 16];
            if bit {
                *byte |= 1 << (lane % 8);
            } else {
                *byte &= !(1 << (lane % 8));
            }
        }
        return;
    }
    // The block's result bits, lane ks.start + i at bit i.
    let mut bits = 0u64;
    for i in 0..n {
        if lanes.has(ks.start + i as u32)
            && k.mode.holds_ord(x[i].partial_cmp(&y[i]), k.ne_nan_false)
        {
            bits |= 1 << i;
        }
    }
    let mut es = std::mem::take(&mut scratch.elems);
    es.clear();
    plan.elems_in_block(0, r, b, &lanes, &mut es);
    let dst = &plan.operands[0];
    for &e in &es {
        let mut byte = 0u8;
        for j in 0..8u32 {
            let i = (e * 8 + j).wrapping_sub(ks.start) as usize;
            if i < n && bits >> i & 1 == 1 {
                byte |= 1 << j;
            }
        }
        mem.write_one(dst, e, dst.addr(r, e), byte);
    }
    scratch.elems = es;
}

/// Whether a Compare / Compares to memory may run a repeat at a time without events
/// (`exec_repeat`): fixed or counted lanes, sources indexed by lane, and dst's bytes apart from
/// every source's (so reading a repeat's sources before writing its bits changes nothing).
pub fn fast_ok(k: &CmpKernel, plan: &Plan) -> bool {
    if k.to_reg || matches!(plan.lanes, LaneSource::Grouped { .. }) {
        return false;
    }
    let Some(d) = plan.extent(0) else {
        return false;
    };
    plan.operands[1..].iter().enumerate().all(|(j, s)| {
        s.index == crate::sim::plan::Indexing::Lanes
            && plan
                .extent(j + 1)
                .is_none_or(|e| e.end <= d.start || e.start >= d.end)
    })
}

/// Executes repeat `r` whole without events (the fast path, `fast_ok`): the sources' active
/// lanes read, every lane compared, and dst's bytes written as block stepping writes them
/// (those holding an active lane, or all of them where the product writes every bit): the
/// same bytes as `exec_block` over the repeat's blocks. False, with nothing written, when a
/// source block is not in memory.
///
/// `bufs` (`BUF_WORDS` words) holds the sources between calls; the lanes of inactive blocks
/// hold stale values that are compared but never stored.
pub fn exec_repeat<T: Num>(
    k: &CmpKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    bufs: &mut [u64],
) -> bool {
    let par = plan.par as usize;
    let lanes = plan.lanes_of(r);
    let (bufs, wide) = bufs.split_at_mut(2 * 256);
    let (xw, yw) = bufs.split_at_mut(256);
    let x = &mut bytemuck::cast_slice_mut::<u64, T>(xw)[..par];
    let y = &mut bytemuck::cast_slice_mut::<u64, T>(yw)[..par];
    if !mem.read_repeat(&plan.operands[1], r, plan.par, &lanes, x) {
        return false;
    }
    match plan.operands.get(2) {
        Some(src1) => {
            if !mem.read_repeat(src1, r, plan.par, &lanes, y) {
                return false;
            }
        }
        None => y.fill(T::from_value(k.scalar.unwrap_or(Value::Int(0)))),
    }
    let (x, y) = if k.scalar_first {
        (&*y, &*x)
    } else {
        (&*x, &*y)
    };
    let mut bits = [0u8; 32];
    // Halves compare as the floats F16C widens them to (exactly: order and NaN kept).
    let widened = match (
        bytemuck::try_cast_slice::<T, u16>(x),
        bytemuck::try_cast_slice::<T, u16>(y),
    ) {
        (Ok(xh), Ok(yh)) if T::DTYPE == DType::Half => {
            let n = xh.len();
            let (xf, yf) = bytemuck::cast_slice_mut::<u64, u32>(wide).split_at_mut(256);
            (crate::sim::simd::half_to_float(xh, &mut xf[..n]) == n
                && crate::sim::simd::half_to_float(yh, &mut yf[..n]) == n)
                .then(|| (&xf[..n], &yf[..n]))
        }
        _ => None,
    };
    match widened {
        Some((xf, yf)) => set_bits(
            k,
            bytemuck::cast_slice::<u32, f32>(xf),
            bytemuck::cast_slice::<u32, f32>(yf),
            &mut bits,
        ),
        None => set_bits(k, x, y, &mut bits),
    }
    // The repeat's bytes are one run: stored at once when all of them are written.
    let dst = &plan.operands[0];
    let all = dst.index == crate::sim::plan::Indexing::Bits { all: true };
    let bytes = &mut bits[..par / 8];
    let active = |e: usize| (lanes.0[e / 8] >> (e % 8 * 8) & 0xff) as u8;
    for (e, b) in bytes.iter_mut().enumerate() {
        *b &= active(e);
    }
    if all || (0..par / 8).all(|e| active(e) != 0) {
        mem.write_run(dst, 0, dst.addr(r, 0), bytes);
        return true;
    }
    for (e, &byte) in bytes.iter().enumerate().filter(|&(e, _)| active(e) != 0) {
        mem.write_one(dst, e as u32, dst.addr(r, e as u32), byte);
    }
    true
}

/// Bit i of `bits` (LSB first): `x[i] CMP y[i]` (`CmpMode::holds_ord`: unordered operands
/// hold only NE, and not where the product says NE with a NaN is false), one loop per mode.
#[inline(always)]
// `a < b || a > b` is not `a != b` for floats: NaN makes the first false and the second true.
#[allow(clippy::double_comparisons)]
fn set_bits<U: PartialOrd + Copy>(k: &CmpKernel, x: &[U], y: &[U], bits: &mut [u8; 32]) {
    // 64 lanes into one register word at a time (no read-modify-write of memory per lane).
    macro_rules! each {
        ($f:expr) => {
            for (w, (xc, yc)) in x.chunks(64).zip(y.chunks(64)).enumerate() {
                let mut word = 0u64;
                for (i, (&a, &b)) in xc.iter().zip(yc).enumerate() {
                    word |= u64::from($f(a, b)) << i;
                }
                let n = xc.len().div_ceil(8);
                bits[w * 8..w * 8 + n].copy_from_slice(&word.to_le_bytes()[..n]);
            }
        };
    }
    match k.mode {
        CmpMode::Lt => each!(|a: U, b: U| a < b),
        CmpMode::Gt => each!(|a: U, b: U| a > b),
        CmpMode::Le => each!(|a: U, b: U| a <= b),
        CmpMode::Ge => each!(|a: U, b: U| a >= b),
        CmpMode::Eq => each!(|a: U, b: U| a == b),
        CmpMode::Ne if k.ne_nan_false => each!(|a: U, b: U| a < b || a > b),
        CmpMode::Ne => each!(|a: U, b: U| a != b),
    }
}

/// The words `exec_repeat` reads its two sources into (256 lanes of up to 8 bytes each), and
/// then half sources widened to float.
pub const BUF_WORDS: usize = 2 * 256 + 256;

/// Compare / Compares lanes where the mask is not honoured (A2, A3, inference, training: the
/// mask is reserved, every lane is compared, §9 row 5), and the count form everywhere: it
/// runs `count·sizeof(T) / 256` whole repeats, silently skipping a tail (A2's CompareCompute,
/// docs/semantics.md §3, §8; the same on every product). The register is left alone.
fn unmasked_lanes(c: &mut Ctx, par: u32) -> Option<LaneSource> {
    let instr = c.instr;
    let p = c.product;
    let size = 256 / par;
    match instr.form() {
        Form::Count(n) => {
            let bytes = n.saturating_mul(size as u64);
            if bytes % 256 != 0 {
                c.warn(
                    "compare-count-partial",
                    "count",
                    format!(
                        "{} with count {n} covers {bytes} bytes, not a multiple of 256: the last {} elements are not compared (docs/semantics.md §3, §8)",
                        c.name(),
                        n % par as u64
                    ),
                );
            }
            if *n == 0 {
                c.warn("repeat-zero", "count", zero_repeat_msg("count", p));
            }
            Some(LaneSource::Fixed {
                lanes: Lanes::first(par),
                repeats: u32::try_from(bytes / 256).unwrap_or(u32::MAX),
            })
        }
        Form::Masked { mask, repeat_times } => {
            let partial = match mask {
                MaskArg::Contiguous(m) => *m < par as i128,
                MaskArg::Bits(w) => {
                    let mut words = [0u64; 4];
                    for (i, x) in w.iter().take(4).enumerate() {
                        words[i] = *x;
                    }
                    Lanes(words).limit(par) != Lanes::first(par)
                }
                MaskArg::Placeholder => false,
            };
            if partial {
                c.warn(
                    "compare-mask-ignored",
                    "mask",
                    format!("{}'s mask is reserved on {p}: every one of the {par} lanes is compared (docs/semantics.md §4.6, §9 row 5)", c.name()),
                );
            }
            if *repeat_times == 0 {
                c.warn(
                    "repeat-zero",
                    "repeat_times",
                    zero_repeat_msg("repeat_times", p),
                );
            }
            Some(LaneSource::Fixed {
                lanes: Lanes::first(par),
                repeats: (*repeat_times).min(u32::MAX as u64) as u32,
            })
        }
        // The register API's Compare is not modelled yet (docs/semantics.md §29).
        Form::Bare | Form::Reg { .. } => None,
    }
}

/// The room of Compare and Compares.
pub struct CompareRoom;

impl Room for CompareRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        let srcs = if instr.op == Op::Compares { 1 } else { 2 };
        if instr.src().len() < srcs || (instr.op != Op::CompareReg && instr.dst().is_none()) {
            return Err(format!("{} needs dst and {srcs} source(s)", instr.name()));
        }
        Ok(())
    }

    /// dst holds bits; the type is the sources'.
    fn types(&self, c: &mut Ctx) -> Option<Types> {
        Some(Types::same(c.dtype_of(c.instr.src().first()?)))
    }

    fn dtype_field(&self, c: &Ctx) -> &'static str {
        if c.instr.op != Op::Compares {
            "src0"
        } else {
            "src"
        }
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn plan(&self, c: &mut Ctx, _exec: &Exec, plan: &mut Plan, _ub: Option<&crate::sim::ub::Ub>) {
        crate::sim::family::elementwise::flexible_overlap(c, plan);
    }

    fn check(&self, c: &mut Ctx, t: &Types) {
        crate::sim::family::elementwise::flexible_check(c);
        let Args::Compare { cmp, .. } = c.instr.args else {
            return;
        };
        let (op, p) = (c.instr.op, c.product);
        let modes = op.cmp_modes(p, t.src);
        if modes & cmp.bit() == 0 {
            let ok: Vec<&str> = CmpMode::ALL
                .iter()
                .filter(|m| modes & m.bit() != 0)
                .map(|m| m.name())
                .collect();
            let msg = format!(
                "{} on {} supports only {} on {p}, not {} (docs/semantics.md §4.6, §9 row 27)",
                c.name(),
                t.src,
                ok.join(", "),
                cmp.name()
            );
            c.err("unsupported-cmp-mode", "cmp", msg);
        }
    }

    fn operands(&self, c: &Ctx, _t: &Types, par: u32) -> (Vec<OpAddr>, u32) {
        let all = c.product.profile().compare_mask_honoured;
        (operands(c.instr, c.program, par, all), 32)
    }

    /// Into the CmpMask register the mask is a real argument on every product that has the
    /// form (DK:比较与选择/Compare（结果存入寄存器）: "mask用于控制每次迭代内参与计算的元素").
    fn lanes(&self, c: &mut Ctx, t: &Types, par: u32, reg: &mut MaskReg) -> Option<LaneSource> {
        if c.instr.op == Op::CompareReg {
            lanes::resolve(c, par, t.lane, reg)
        } else if !c.product.profile().compare_mask_honoured || c.is_count() {
            unmasked_lanes(c, par)
        } else {
            lanes::resolve(c, par, t.lane, reg)
        }
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let Args::Compare { cmp, scalar, .. } = c.instr.args else {
            return Exec::None;
        };
        Exec::Compare(CmpKernel {
            mode: cmp,
            dtype: t.src,
            scalar,
            ne_nan_false: c.product.profile().cmp_ne_nan_false,
            to_reg: c.instr.op == Op::CompareReg,
            scalar_first: c.instr.args.scalar_first(),
        })
    }
}
