//! The elementwise families' masked and strided fast path: whole repeats whose mask or
//! strides keep them off the contiguous run (`exec_run`), computed in chunks of blocks and
//! stored through byte masks, bit-identical to block stepping (`tests/step_equivalence/`).

use super::elementwise::*;
use crate::base::catalog::Op;
use crate::base::dtype::DType;
use crate::sim::access::Mem;
use crate::sim::lanes::Num;
use crate::sim::mask::Lanes;
use crate::sim::plan::BLOCKS;
use crate::sim::plan::{OpAddr, Plan};
use crate::sim::ub::ByteMask;

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

/// The words `exec_masked` works in: up to three sources (the multiply–adds read dst too) and
/// the result, `MASKED_CHUNK` repeats of 256 bytes each.
pub const MASKED_BUF_WORDS: usize = 4 * MASKED_CHUNK as usize * 256 / 8;

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
    let quarter = MASKED_BUF_WORDS / 4;
    let (x, rest) = bufs.split_at_mut(quarter);
    let (y, rest) = rest.split_at_mut(quarter);
    let (z, o) = rest.split_at_mut(quarter);
    let src: [&mut [T]; 3] = [
        &mut bytemuck::cast_slice_mut::<u64, T>(x)[..lanes_n],
        &mut bytemuck::cast_slice_mut::<u64, T>(y)[..lanes_n],
        &mut bytemuck::cast_slice_mut::<u64, T>(z)[..lanes_n],
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
    let mut view: [Option<&[T]>; 3] = [None, None, None];
    for (j, op) in plan.operands.iter().enumerate().skip(1).take(3) {
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
    let [a, b, c] = src;
    let a = view[0].unwrap_or(a);
    let b = if srcs > 1 {
        view[1].unwrap_or(b)
    } else {
        &[][..]
    };
    if k.reads_dst() {
        let c = if srcs > 2 {
            view[2].unwrap_or(c)
        } else {
            &[][..]
        };
        lanes3::<T>(k, a, b, c, out);
    } else {
        lanes::<T>(k, a, b, out);
    }
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
