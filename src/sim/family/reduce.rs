//! Pair, block and repeat reductions (docs/semantics.md §5.1–§5.3): PairReduceSum,
//! BlockReduceSum/Max/Min, WholeReduceSum/Max/Min and RepeatReduceSum. The source walks the
//! shared plan like any operand; each destination has its own element indexing in the plan.

use crate::base::catalog::Op;
use crate::base::dtype::{DType, Elem, Value};
use crate::base::ir::{Args, Instr, Program};
use crate::base::product::{EmptyBlockFill, Profile, ReduceOrder};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room, Scratch};
use crate::sim::lanes::Num;
use crate::sim::mask::{LaneSource, Lanes};
use crate::sim::plan::{AccessKind, BlockStep, Indexing, OpAddr, Plan, BLOCKS};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReduceKernel {
    pub op: Op,
    pub dtype: DType,
    pub order: ReduceOrder,
    /// PairReduceSum: pairs with no active lane are written as 0 (§5.3, §9 row 1).
    pub zero_pairs: bool,
    /// BlockReduce: what fully masked blocks get (§5.1, §9 row 3); None = not written.
    pub empty_fill: Option<EmptyBlockFill>,
}

/// Partial result of one block of a WholeReduce: value bits and lane index.
pub type Partial = Option<(u64, u32)>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Pair,
    Block,
    Whole,
}

fn kind(op: Op) -> Kind {
    match op {
        Op::PairReduceSum => Kind::Pair,
        Op::BlockReduceSum | Op::BlockReduceMax | Op::BlockReduceMin => Kind::Block,
        _ => Kind::Whole,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Combine {
    Sum,
    Max,
    Min,
}

fn combine(op: Op) -> Combine {
    match op {
        Op::BlockReduceMax | Op::WholeReduceMax => Combine::Max,
        Op::BlockReduceMin | Op::WholeReduceMin => Combine::Min,
        _ => Combine::Sum,
    }
}

impl ReduceKernel {
    pub fn new(instr: &Instr, dtype: DType, profile: &Profile) -> ReduceKernel {
        ReduceKernel {
            op: instr.op,
            dtype,
            order: match instr.args {
                Args::Reduce { order, .. } => order,
                _ => ReduceOrder::ValueIndex,
            },
            zero_pairs: profile.pair_reduce_zeroes_unwritten,
            empty_fill: profile.block_reduce_empty_fill,
        }
    }

    /// Minimum dst alignment in bytes (docs/semantics.md §7 item 1, §5).
    pub fn dst_align(&self) -> u32 {
        let s = self.dtype.size();
        match kind(self.op) {
            Kind::Pair => 32,
            Kind::Block => 16.max(s * 8).min(32),
            Kind::Whole => self.slot().1,
        }
    }

    /// (elements, unit bytes, element dtype) of one WholeReduce output slot (§5.2 table).
    fn slot(&self) -> (u32, u32, DType) {
        let s = self.dtype.size();
        if combine(self.op) == Combine::Sum {
            return (1, s, self.dtype);
        }
        match self.order {
            ReduceOrder::ValueIndex | ReduceOrder::IndexValue => (2, 2 * s, self.dtype),
            ReduceOrder::OnlyValue => (1, s, self.dtype),
            ReduceOrder::OnlyIndex => (1, 4, DType::UInt32),
        }
    }
}

/// The operands: dst (with its reduction indexing) then src.
pub fn operands(k: &ReduceKernel, instr: &Instr, program: &Program) -> Vec<OpAddr> {
    let mut ops = Vec::with_capacity(2);
    let st = &instr.strides();
    let par = k.dtype.par();
    let s = k.dtype.size();
    if let Some(d) = &instr.dst().copied() {
        let t = &program.tensors[d.tensor];
        let base = t.addr + d.offset * t.dtype.size();
        let mut op = OpAddr::standard(
            "dst",
            d.tensor,
            AccessKind::Write,
            k.dtype,
            base,
            1,
            st.dst_rep,
        );
        match kind(k.op) {
            Kind::Pair => {
                // dst[r·dstRepStride·(PAR/2) + q], the unit one reduced repeat = 128 bytes.
                op.per_block = k.dtype.per_block() / 2;
                op.blk_unit = op.per_block * s;
                op.rep_unit = par / 2 * s;
                op.index = Indexing::Pairs { all: k.zero_pairs };
            }
            Kind::Block => {
                // dst[r·dstRepStride·8 + b] (§5.1)
                op.per_block = 1;
                op.blk_unit = s;
                op.rep_unit = BLOCKS * s;
                op.index = Indexing::PerBlock {
                    all: k.empty_fill.is_some(),
                };
            }
            Kind::Whole => {
                let (elems, unit, dt) = k.slot();
                op.dtype = dt;
                op.per_block = elems;
                op.blk_unit = unit;
                op.rep_unit = unit;
                op.index = Indexing::PerRepeat { elems };
            }
        }
        ops.push(op);
    }
    if let Some(src) = instr.src().first() {
        let t = &program.tensors[src.tensor];
        let base = t.addr + src.offset * t.dtype.size();
        ops.push(OpAddr::standard(
            "src",
            src.tensor,
            AccessKind::Read,
            t.dtype,
            base,
            st.src_blk[0],
            st.src_rep[0],
        ));
    }
    ops
}

fn bits<T: Elem>(v: T) -> u64 {
    let mut b = [0u8; 8];
    v.store(&mut b);
    u64::from_le_bytes(b)
}

fn from_bits<T: Elem>(b: u64) -> T {
    T::load(&b.to_le_bytes())
}

/// Binary tree over adjacent pairs, rounding to T at each step; absent lanes drop out
/// (docs/semantics.md §5.1 关键特性说明).
pub(crate) fn tree_sum<T: Num>(v: &mut [Option<T>]) -> Option<T> {
    // Every lane present (the usual case): the same tree on plain values.
    if !v.is_empty() && v.len() <= 32 && v.iter().all(|x| x.is_some()) {
        let mut t = [T::default(); 32];
        for (a, b) in t.iter_mut().zip(v.iter()) {
            *a = b.unwrap_or_default();
        }
        return Some(T::sum_tree(&mut t[..v.len()]));
    }
    let mut n = v.len();
    while n > 1 {
        let half = n.div_ceil(2);
        for i in 0..half {
            let a = v[2 * i];
            let b = if 2 * i + 1 < n { v[2 * i + 1] } else { None };
            v[i] = match (a, b) {
                (Some(a), Some(b)) => Some(a.vadd(b)),
                (a, None) => a,
                (None, b) => b,
            };
        }
        n = half;
    }
    v.first().copied().flatten()
}

/// The tree sum of a block's active lanes: `vals[i]` is lane `k0 + i`; None when no lane is
/// active. All active: the type's own tree on plain values (`Num::sum_tree`).
pub(crate) fn block_sum<T: Num>(vals: &mut [T], lanes: &Lanes, k0: u32) -> Option<T> {
    let n = vals.len();
    if n > 0 && lanes.all_in(k0, k0 + n as u32) {
        return Some(T::sum_tree(vals));
    }
    let mut v = [None; 32];
    for (i, x) in v.iter_mut().enumerate().take(n) {
        *x = lanes.has(k0 + i as u32).then_some(vals[i]);
    }
    tree_sum(&mut v[..n.min(32)])
}

/// The largest (`max`) or smallest of a block's active lanes and its lane, `k0 + i` for
/// `vals[i]` (`pick`'s rules); None when no lane is active.
pub(crate) fn block_best<T: Num>(
    vals: &[T],
    lanes: &Lanes,
    k0: u32,
    max: bool,
) -> Option<(T, u32)> {
    let mut best = None;
    for (i, &x) in vals.iter().enumerate() {
        let k = k0 + i as u32;
        if lanes.has(k) {
            best = pick(best, x, k, max);
        }
    }
    best
}

/// Keeps the better of the current best and lane `k`'s value: NaN wins and stays, ties keep
/// the first (smallest) index (docs/semantics.md §5.2).
#[inline(always)]
pub(crate) fn pick<T: Num>(cur: Option<(T, u32)>, x: T, k: u32, max: bool) -> Option<(T, u32)> {
    match cur {
        None => Some((x, k)),
        Some((c, _)) if c.is_nan() => cur,
        Some(_) if x.is_nan() => Some((x, k)),
        Some((c, ck)) => {
            // What `vmax`/`vmin` would keep: the larger (smaller) value, +0 above −0.
            let sign = |v: T| bits(v) >> (8 * std::mem::size_of::<T>() - 1) & 1 == 1;
            let better = if max {
                x > c || x == c && sign(c) && !sign(x)
            } else {
                x < c || x == c && !sign(c) && sign(x)
            };
            if better {
                Some((x, k))
            } else {
                Some((c, ck))
            }
        }
    }
}

fn fill_value(f: &EmptyBlockFill, c: Combine, dt: DType) -> f64 {
    let half = dt == DType::Half;
    match c {
        Combine::Sum => f.sum,
        Combine::Max if half => f.max_half,
        Combine::Max => f.max_float,
        Combine::Min if half => f.min_half,
        Combine::Min => f.min_float,
    }
}

/// Whether a pair, block or whole-repeat reduction may run a repeat at a time without events
/// (`exec_repeat`, block by block where it declines): fixed or counted lanes, a source
/// indexed by lane, and a destination apart from it (a block's result never lands where a
/// later block reads).
pub fn fast_ok(_k: &ReduceKernel, plan: &Plan) -> bool {
    if matches!(plan.lanes, LaneSource::Grouped { .. }) {
        return false;
    }
    let (Some(d), Some(src)) = (plan.extent(0), plan.operands.get(1)) else {
        return false;
    };
    src.index == Indexing::Lanes
        && plan
            .extent(1)
            .is_none_or(|e| e.end <= d.start || e.start >= d.end)
}

/// The 256 bytes of repeat `r` of the source (operand 1) when it is half or float, all its
/// lanes are active and it is one run of bytes in memory.
fn full_repeat<'m>(dtype: DType, plan: &Plan, mem: &'m Mem, r: u32) -> Option<&'m [u8]> {
    let src = &plan.operands[1];
    let par = plan.par;
    if !matches!((dtype, par), (DType::Half, 128) | (DType::Float, 64))
        || plan.lanes_of(r) != Lanes::first(par)
        || !src.repeat_contiguous(par)
    {
        return None;
    }
    let a = src.addr(r, 0);
    mem.ub.get(a..a + 256)
}

/// The eight block sums of repeat `r` of the source (operand 1) by `Num::sum_tree`, as bits,
/// when it is half or float, all its lanes are active, it is one run of bytes in memory and the
/// host has the SIMD for it (`simd::half_block_sums`, `simd::float_block_sums`: the eight
/// trees side by side); None otherwise.
pub(crate) fn full_block_sums(dtype: DType, plan: &Plan, mem: &Mem, r: u32) -> Option<[u64; 8]> {
    let bytes = full_repeat(dtype, plan, mem, r)?;
    if dtype == DType::Half {
        let h = bytemuck::pod_read_unaligned::<[u16; 128]>(bytes).map(u16::from_le);
        let mut sums = [0u16; 8];
        crate::sim::simd::half_block_sums(&h, &mut sums).then(|| sums.map(u64::from))
    } else {
        let x = bytemuck::pod_read_unaligned::<[u32; 64]>(bytes).map(u32::from_le);
        let mut sums = [0u32; 8];
        crate::sim::simd::float_block_sums(&x, &mut sums).then(|| sums.map(u64::from))
    }
}

/// Each block's extreme of a full repeat of half or float as `block_best` finds it (value
/// bits, lane in the repeat), on the bits: the first NaN wins, else the larger (smaller) by a
/// key that orders −0 below +0, the first lane on ties. None where `full_block_sums` declines.
fn full_block_best(
    dtype: DType,
    plan: &Plan,
    mem: &Mem,
    r: u32,
    max: bool,
) -> Option<[(u64, u32); 8]> {
    let bytes = full_repeat(dtype, plan, mem, r)?;
    Some(if dtype == DType::Half {
        let v = bytemuck::pod_read_unaligned::<[u16; 128]>(bytes).map(u16::from_le);
        blocks_best(&v, max, |x| {
            let s = x as i16;
            (x & 0x7fff > 0x7c00, (s ^ ((s >> 15) & 0x7fff)) as i32)
        })
    } else {
        let v = bytemuck::pod_read_unaligned::<[u32; 64]>(bytes).map(u32::from_le);
        blocks_best(&v, max, |x| {
            let s = x as i32;
            (x & 0x7fff_ffff > 0x7f80_0000, s ^ ((s >> 31) & 0x7fff_ffff))
        })
    })
}

/// `full_block_best` over the repeat's elements `v` (eight blocks of `v.len() / 8`), `judge`
/// giving an element's (NaN, key).
#[inline(always)]
fn blocks_best<X: Copy + Into<u64>>(
    v: &[X],
    max: bool,
    judge: impl Fn(X) -> (bool, i32),
) -> [(u64, u32); 8] {
    let per = v.len() / 8;
    let mut out = [(0u64, 0u32); 8];
    for (b, o) in out.iter_mut().enumerate() {
        let blk = &v[b * per..(b + 1) * per];
        let mut keys = [0i32; 16];
        let mut nan = usize::MAX;
        for (i, &x) in blk.iter().enumerate() {
            let (n, k) = judge(x);
            keys[i] = k;
            if n && nan == usize::MAX {
                nan = i;
            }
        }
        let at = if nan != usize::MAX {
            nan
        } else {
            let mut bi = 0;
            for i in 1..per {
                if if max {
                    keys[i] > keys[bi]
                } else {
                    keys[i] < keys[bi]
                } {
                    bi = i;
                }
            }
            bi
        };
        *o = (blk[at].into(), (b * per + at) as u32);
    }
    out
}

/// Repeat `r` of a BlockReduceSum, WholeReduceSum or RepeatReduceSum whose block sums
/// `full_block_sums` gives, written as block stepping writes them; false (nothing done) for
/// anything else, which then goes block by block.
pub fn exec_repeat(
    k: &ReduceKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    scratch: &mut Scratch,
) -> bool {
    if kind(k.op) == Kind::Pair {
        return pair_run(k, plan, mem, r, r + 1);
    }
    let c = combine(k.op);
    if c != Combine::Sum {
        let Some(best) = full_block_best(k.dtype, plan, mem, r, c == Combine::Max) else {
            return false;
        };
        crate::with_dtype!(k.dtype, T => {
            if kind(k.op) == Kind::Block {
                write_sums(k, plan, mem, r, best.map(|(b, _)| from_bits::<T>(b)));
            } else {
                let parts = best.map(Some);
                if let Some((v, i)) = write_whole::<T>(k, &plan.operands[0], mem, r, &parts) {
                    // GetReduceRepeatMaxMinSpr's running extreme, as `exec_block` keeps it.
                    let cur = scratch.best.map(|(b, i)| (from_bits::<T>(b), i));
                    scratch.best = pick(cur, v, r * plan.par + i, c == Combine::Max)
                        .map(|(v, i)| (bits(v), i));
                }
            }
        });
        return true;
    }
    let Some(sums) = full_block_sums(k.dtype, plan, mem, r) else {
        return false;
    };
    match k.dtype {
        DType::Half => write_sums(
            k,
            plan,
            mem,
            r,
            sums.map(|b| half::f16::from_bits(b as u16)),
        ),
        _ => write_sums(k, plan, mem, r, sums.map(|b| f32::from_bits(b as u32))),
    }
    true
}

/// Whether `pair_run` takes repeats `r..r1`: a PairReduceSum of half or float with every lane
/// of those repeats active (`same_lanes_until` says they share repeat r's lanes), each repeat's
/// source one run of bytes and its pairs one run; over several repeats, the source repeats 256
/// bytes apart and the destination's 128.
pub fn pair_run_applies(k: &ReduceKernel, plan: &Plan, r: u32, r1: u32) -> bool {
    let (dst, src) = (&plan.operands[0], &plan.operands[1]);
    let par = plan.par;
    let size = k.dtype.size() as u64;
    kind(k.op) == Kind::Pair
        && r1 > r
        && matches!((k.dtype, par), (DType::Half, 128) | (DType::Float, 64))
        && plan.lanes_of(r) == Lanes::first(par)
        && plan.lanes.same_lanes_until(r, r1, par) >= r1
        && src.repeat_contiguous(par)
        && (r1 == r + 1
            || src.rep as u64 * src.rep_unit as u64 == 256
                && dst.addr(r + 1, 0) == dst.addr(r, 0) + 128)
        && dst.addr(r, par / 2 - 1) == dst.addr(r, 0) + (par as u64 / 2 - 1) * size
}

/// Repeats `r..r1` of a PairReduceSum at once (`pair_run_applies`): each pair's sum by the lane
/// function's rounding (`vadd`; eight pairs at a time with the host's SIMD, the even and the odd
/// lanes side by side), in one pass over the run and one store, as block stepping writes them.
/// False (nothing done) for anything else, which then goes block by block.
pub fn pair_run(k: &ReduceKernel, plan: &Plan, mem: &mut Mem, r: u32, r1: u32) -> bool {
    if !pair_run_applies(k, plan, r, r1) {
        return false;
    }
    let (dst, src) = (&plan.operands[0], &plan.operands[1]);
    let par = plan.par;
    let n = (r1 - r) as u64;
    let a = src.addr(r, 0);
    let Some(bytes) = mem.ub.get(a..a + 256 * n) else {
        return false;
    };
    let pairs = (n * par as u64 / 2) as usize;
    if k.dtype == DType::Half {
        let (mut even, mut odd) = (vec![0u16; pairs], vec![0u16; pairs]);
        for (j, c) in bytes.chunks_exact(4).enumerate() {
            even[j] = u16::from_le_bytes([c[0], c[1]]);
            odd[j] = u16::from_le_bytes([c[2], c[3]]);
        }
        let mut out = vec![0u16; pairs];
        let done = crate::sim::simd::half_binary(Op::Add, &even, &odd, &mut out);
        for j in done..pairs {
            out[j] = half::f16::from_bits(even[j])
                .vadd(half::f16::from_bits(odd[j]))
                .to_bits();
        }
        mem.write_run(dst, 0, dst.addr(r, 0), &out);
    } else {
        let (mut even, mut odd) = (vec![0f32; pairs], vec![0f32; pairs]);
        for (j, c) in bytes.chunks_exact(8).enumerate() {
            even[j] = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            odd[j] = f32::from_le_bytes([c[4], c[5], c[6], c[7]]);
        }
        let mut out = vec![0f32; pairs];
        let done = crate::sim::simd::float_binary(Op::Add, &even, &odd, &mut out);
        for j in done..pairs {
            out[j] = even[j].vadd(odd[j]);
        }
        mem.write_run(dst, 0, dst.addr(r, 0), &out);
    }
    true
}

fn write_sums<T: Num>(k: &ReduceKernel, plan: &Plan, mem: &mut Mem, r: u32, sums: [T; 8]) {
    let dst = &plan.operands[0];
    let size = std::mem::size_of::<T>() as u64;
    match kind(k.op) {
        // The eight results in one store where they are consecutive.
        Kind::Block if dst.addr(r, 7) == dst.addr(r, 0) + 7 * size => {
            mem.write_run(dst, 0, dst.addr(r, 0), &sums);
        }
        Kind::Block => {
            for (b, &v) in sums.iter().enumerate() {
                mem.write_one(dst, b as u32, dst.addr(r, b as u32), v);
            }
        }
        _ => {
            let parts: [Partial; BLOCKS as usize] = sums.map(|v| Some((bits(v), 0)));
            write_whole::<T>(k, dst, mem, r, &parts);
        }
    }
}

/// Executes block `b` of repeat `r`. `partials` carries a WholeReduce's per-block results
/// across the block steps of one repeat.
pub fn exec_block<T: Num>(
    k: &ReduceKernel,
    plan: &Plan,
    mem: &mut Mem,
    r: u32,
    b: u32,
    scratch: &mut Scratch,
) {
    let partials = &mut scratch.partials;
    let BlockStep { lanes, ks, n } = plan.block_step(r, b);
    let (dst, src) = (&plan.operands[0], &plan.operands[1]);
    let mut vals = [T::default(); 32];
    let any = lanes.any_in(ks.start, ks.end);
    if any {
        mem.read(src, r, ks.clone(), &lanes, &mut vals[..n]);
    }
    let active = |i: usize| lanes.has(ks.start + i as u32);
    let c = combine(k.op);
    match kind(k.op) {
        Kind::Pair => {
            // Runs of consecutive pairs that are written go out in one store each.
            let mut run = [T::default(); 16];
            let (mut m, mut q0) = (0usize, 0u32);
            for j in 0..n / 2 {
                let q = ks.start / 2 + j as u32;
                let (a0, a1) = (active(2 * j), active(2 * j + 1));
                // One active lane of a pair: undocumented (§11 item 16); the zeroing emulation
                // adds a zeroed lane, so the active element passes through [inferred].
                let v = match (a0, a1) {
                    (true, true) => Some(vals[2 * j].vadd(vals[2 * j + 1])),
                    (true, false) => Some(vals[2 * j]),
                    (false, true) => Some(vals[2 * j + 1]),
                    (false, false) if k.zero_pairs => Some(T::zero()),
                    (false, false) => None,
                };
                match v {
                    Some(v) => {
                        if m == 0 {
                            q0 = q;
                        }
                        run[m] = v;
                        m += 1;
                    }
                    None if m > 0 => {
                        mem.write_run(dst, q0, dst.addr(r, q0), &run[..m]);
                        m = 0;
                    }
                    None => {}
                }
            }
            if m > 0 {
                mem.write_run(dst, q0, dst.addr(r, q0), &run[..m]);
            }
        }
        Kind::Block => {
            let result = if !any {
                k.empty_fill
                    .map(|f| T::from_value(Value::Float(fill_value(&f, c, k.dtype))))
            } else if c == Combine::Sum {
                block_sum(&mut vals[..n], &lanes, ks.start)
            } else {
                block_best(&vals[..n], &lanes, ks.start, c == Combine::Max).map(|(v, _)| v)
            };
            if let Some(v) = result {
                mem.write_one(dst, b, dst.addr(r, b), v);
            }
        }
        Kind::Whole => {
            partials[b as usize] = if !any {
                None
            } else if c == Combine::Sum {
                block_sum(&mut vals[..n], &lanes, ks.start).map(|s| (bits(s), 0))
            } else {
                block_best(&vals[..n], &lanes, ks.start, c == Combine::Max)
                    .map(|(v, i)| (bits(v), i))
            };
            if b == BLOCKS - 1 {
                let parts = std::mem::take(partials);
                if let Some((v, i)) = write_whole::<T>(k, dst, mem, r, &parts) {
                    if c != Combine::Sum {
                        // The running extreme of GetReduceRepeatMaxMinSpr: the index counts
                        // from the first element of repeat 0 (docs/semantics.md §19).
                        let cur = scratch.best.map(|(b, i)| (from_bits::<T>(b), i));
                        scratch.best = pick(cur, v, r * plan.par + i, c == Combine::Max)
                            .map(|(v, i)| (bits(v), i));
                    }
                }
            }
        }
    }
}

fn write_whole<T: Num>(
    k: &ReduceKernel,
    dst: &OpAddr,
    mem: &mut Mem,
    r: u32,
    parts: &[Partial; BLOCKS as usize],
) -> Option<(T, u32)> {
    let c = combine(k.op);
    let result: Option<(T, u32)> = if c == Combine::Sum {
        let mut v = [None; BLOCKS as usize];
        for (x, p) in v.iter_mut().zip(parts.iter()) {
            *x = p.map(|(b, _)| from_bits::<T>(b));
        }
        tree_sum(&mut v).map(|s| (s, 0))
    } else {
        let mut best = None;
        for (b, i) in parts.iter().flatten() {
            best = pick(best, from_bits::<T>(*b), *i, c == Combine::Max);
        }
        best
    };
    // No active lane in the repeat: undocumented (§11 item 16); nothing is written.
    let (v, idx) = result?;
    let index_as_t = from_bits::<T>(idx as u64);
    if c == Combine::Sum {
        mem.write_one(dst, 0, dst.addr(r, 0), v);
        return result;
    }
    match k.order {
        ReduceOrder::ValueIndex => {
            mem.write_one(dst, 0, dst.addr(r, 0), v);
            mem.write_one(dst, 1, dst.addr(r, 1), index_as_t);
        }
        ReduceOrder::IndexValue => {
            mem.write_one(dst, 0, dst.addr(r, 0), index_as_t);
            mem.write_one(dst, 1, dst.addr(r, 1), v);
        }
        ReduceOrder::OnlyValue => mem.write_one(dst, 0, dst.addr(r, 0), v),
        // ORDER_ONLY_INDEX stores a 32-bit index for every type (§5.2, §9 row 12).
        ReduceOrder::OnlyIndex => mem.write_one(dst, 0, dst.addr(r, 0), idx),
    }
    result
}

/// The room of the pair, block and repeat reductions.
pub struct ReduceRoom;

impl Room for ReduceRoom {
    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn late_check(&self, c: &mut Ctx, _t: &Types) {
        let instr = c.instr;
        let p = c.product;
        let prof = p.profile();
        if instr.strides().dst_rep == 0 && !prof.reduce_dst_rep_stride_zero {
            let msg = format!(
                "{} with dst_rep_stride 0 is not supported on {p} (docs/semantics.md §9 row 2)",
                c.name()
            );
            c.err("reduce-dst-rep-stride-zero", "dst_rep_stride", msg);
        }
        let Args::Reduce { order, .. } = instr.args else {
            return;
        };
        if matches!(instr.op, Op::WholeReduceMax | Op::WholeReduceMin)
            && !prof.reduce_orders.contains(&order)
        {
            let ok: Vec<&str> = prof.reduce_orders.iter().map(|o| o.name()).collect();
            let msg = format!(
                "{} order {} is not supported on {p}; supported: {} (docs/semantics.md §5.2)",
                c.name(),
                order.name(),
                ok.join(", ")
            );
            c.err("unsupported-order", "order", msg);
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let k = ReduceKernel::new(c.instr, t.src, c.product.profile());
        (operands(&k, c.instr, c.program), k.dst_align())
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        Exec::Reduce(ReduceKernel::new(c.instr, t.src, c.product.profile()))
    }

    /// Reducing in place from the same start (WholeReduceSum(x, x, …), as ops-nn's
    /// ReduceSumCustom does): each repeat's result is written after the repeat was read, into
    /// a slot no later than its first element, so it never meets data still to be read in that
    /// repeat. README: documented choices.
    fn overlap_allowed(&self, _instr: &Instr, dst: &OpAddr, src: &OpAddr) -> bool {
        dst.base == src.base
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use half::f16;

    #[test]
    fn tree_sum_rounds_at_each_level() {
        // half [2048, 1, 1, 1]: the tree adds (2048+1) → 2048 (tie to even) and (1+1) = 2, then
        // 2048 + 2 = 2050; a left-to-right sum would lose every 1 and give 2048.
        let h = |x: f32| Some(f16::from_f32(x));
        let mut v = vec![h(2048.0), h(1.0), h(1.0), h(1.0)];
        assert_eq!(tree_sum(&mut v).unwrap().to_f32(), 2050.0);
        let mut w = vec![None, h(3.0), None, None];
        assert_eq!(tree_sum(&mut w).unwrap().to_f32(), 3.0);
        let mut e: Vec<Option<f16>> = vec![None; 4];
        assert!(tree_sum(&mut e).is_none());
    }

    /// `pick` by comparisons keeps what `vmax`/`vmin` keep, over all pairs of a spread of
    /// halves (zeros of both signs, subnormals, infinities, ties).
    #[test]
    fn pick_agrees_with_vmax_and_vmin() {
        let xs: Vec<f16> = (0..=u16::MAX)
            .step_by(97)
            .chain([
                0x0000, 0x8000, 0x7c00, 0xfc00, 0x0001, 0x8001, 0x3c00, 0xbc00,
            ])
            .map(f16::from_bits)
            .filter(|x| !x.is_nan())
            .collect();
        for &c in &xs {
            for &x in &xs {
                for max in [true, false] {
                    let m = if max { c.vmax(x) } else { c.vmin(x) };
                    let want_x = bits(m) == bits(x) && bits(x) != bits(c);
                    let got = pick(Some((c, 0)), x, 1, max).map(|p| p.1);
                    assert_eq!(got, Some(u32::from(want_x)), "{c:?} {x:?} max {max}");
                }
            }
        }
    }

    #[test]
    fn pick_first_max_and_nan() {
        let p = pick(None, 3.0f32, 0, true);
        let p = pick(p, 5.0, 1, true);
        let p = pick(p, 5.0, 2, true);
        assert_eq!(p, Some((5.0, 1)), "ties keep the smallest index");
        let p = pick(p, f32::NAN, 3, true);
        assert_eq!(p.unwrap().1, 3);
        let p = pick(p, 9.0, 4, true);
        assert_eq!(p.unwrap().1, 3, "NaN propagates");
        let m = pick(pick(None, -0.0f32, 0, false), 0.0, 1, false);
        assert_eq!(m.unwrap().1, 0, "min keeps -0 over +0");
    }
}
