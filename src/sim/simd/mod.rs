//! Half arithmetic eight lanes at a time with the host's F16C and AVX instructions, where it
//! has them: the same results bit for bit as the lane functions of `sim::lanes` (widen to f32,
//! compute, a NaN made canonical, round to nearest even into half), which stay the reference
//! and the fallback (tests below compare the two).

mod exp;
mod exp_ln_x86;
mod ln;
pub use exp::exp_f32;
pub use ln::ln_f32;

use crate::base::catalog::Op;
use crate::sim::ub::ByteMask;

/// `out[i] = a[i] op b[i]` for half bit patterns, `op` Add, Sub, Mul or Div, over the longest
/// prefix that is a multiple of 8 lanes; returns how many lanes it computed (0 when the host
/// lacks F16C/AVX or `op` is another operation).
pub fn half_binary(op: Op, a: &[u16], b: &[u16], out: &mut [u16]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        let n = out.len().min(a.len()).min(b.len()) / 8 * 8;
        if n > 0
            && matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Div)
            && std::is_x86_feature_detected!("f16c")
            && std::is_x86_feature_detected!("avx")
        {
            // SAFETY: the CPU has F16C and AVX (checked just above); the slices hold n lanes.
            unsafe { x86::binary(op, &a[..n], &b[..n], &mut out[..n]) };
            return n;
        }
    }
    let _ = (op, a, b, out);
    0
}

/// `out[i] = a[i] op b[i]` for floats, `op` Add, Sub, Mul or Div, eight lanes at a time with AVX
/// (a NaN made canonical), over the longest prefix that is a multiple of 8 lanes; returns how
/// many lanes it computed (0 without AVX or for another operation). IEEE arithmetic is the
/// same at any vector width, so the bits are the lane functions'.
pub fn float_binary(op: Op, a: &[f32], b: &[f32], out: &mut [f32]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        let n = out.len().min(a.len()).min(b.len()) / 8 * 8;
        if n > 0
            && matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Div)
            && std::is_x86_feature_detected!("avx")
        {
            // SAFETY: the CPU has AVX (checked just above); the slices hold n lanes.
            unsafe { x86::float_binary(op, &a[..n], &b[..n], &mut out[..n]) };
            return n;
        }
    }
    let _ = (op, a, b, out);
    0
}

/// Where an operand's 32-byte blocks lie in a byte slice: block b of repeat i at
/// `first + i·rstep + b·bstep`.
#[derive(Clone, Copy, Debug)]
pub struct Blocks {
    pub first: usize,
    pub rstep: usize,
    pub bstep: usize,
}

impl Blocks {
    /// Where block `b` of repeat `i` begins.
    #[inline(always)]
    fn at(&self, i: usize, b: usize) -> usize {
        self.first + i * self.rstep + b * self.bstep
    }

    /// True when all 8 blocks of `n` repeats lie inside `len` bytes.
    fn within(&self, n: usize, len: usize) -> bool {
        let steps = (self.rstep as u64, self.bstep as u64);
        crate::sim::ub::strided_end(self.first as u64, steps, n).is_some_and(|e| e <= len as u64)
    }
}

/// The second operand of `binary_blocks`: blocks, or one value for every lane (its bits: a
/// half's in the low 16).
#[derive(Clone, Copy, Debug)]
pub enum Second {
    Blocks(Blocks),
    Splat(u32),
}

/// `dst = a op b` for half (`half`) or float lanes, `op` Add, Sub or Mul, 32-byte block by
/// block in `bytes` over `n` repeats, storing in each repeat the bytes `mask` selects (a
/// repeat's 256 bytes; the other bytes keep theirs, a block without any is neither read nor
/// written), in repeat-then-block order with each block's sources read
/// before it is written (the order of block stepping, so overlapping operands give what
/// stepping gives): the same bits as the lane functions, whatever the strides. False, with
/// nothing written, when the host lacks AVX or F16C (for float too: one kernel serves both),
/// `op` is another operation, or a block (of all 8 in every repeat) lies outside `bytes`.
pub fn binary_blocks(
    op: Op,
    half: bool,
    bytes: &mut [u8],
    (dst, a, b): (Blocks, Blocks, Second),
    n: usize,
    mask: &ByteMask,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let len = bytes.len();
        let inside = dst.within(n, len)
            && a.within(n, len)
            && match b {
                Second::Blocks(b) => b.within(n, len),
                Second::Splat(_) => true,
            };
        if inside
            && matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Div)
            && std::is_x86_feature_detected!("avx")
            && std::is_x86_feature_detected!("f16c")
        {
            // SAFETY: the CPU has AVX and F16C, checked just above; every block lies inside
            // `bytes` (checked above, and again by the slicing in the loop).
            unsafe {
                if half {
                    x86::blocks::<true>(op, bytes, (dst, a, b), n, mask)
                } else {
                    x86::blocks::<false>(op, bytes, (dst, a, b), n, mask)
                }
            }
            return true;
        }
    }
    let _ = (op, half, bytes, dst, a, b, n, mask);
    false
}

/// float → half bits by `mode` (CAST_NONE/RINT, FLOOR, CEIL, TRUNC: IEEE rounding, the same
/// overflow and subnormals as `convert`; CAST_ROUND: nearest, ties away from zero), eight lanes at a time with F16C, over the longest
/// prefix that is a multiple of 8 lanes; returns how many lanes it converted (0 without F16C or
/// for another mode). A NaN lane is left to the caller: the return is then the lanes before
/// the first group of eight holding one.
pub fn float_to_half(mode: crate::base::convert::RoundMode, a: &[u32], out: &mut [u16]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::base::convert::RoundMode as M;
        let n = out.len().min(a.len()) / 8 * 8;
        if n > 0 && std::is_x86_feature_detected!("f16c") && std::is_x86_feature_detected!("avx") {
            // SAFETY: the CPU has F16C and AVX (checked just above); the slices hold n lanes.
            unsafe {
                return match mode {
                    M::None | M::Rint => {
                        x86::to_half::<_MM_FROUND_TO_NEAREST_INT>(&a[..n], &mut out[..n])
                    }
                    M::Floor => x86::to_half::<_MM_FROUND_TO_NEG_INF>(&a[..n], &mut out[..n]),
                    M::Ceil => x86::to_half::<_MM_FROUND_TO_POS_INF>(&a[..n], &mut out[..n]),
                    M::Trunc => x86::to_half::<_MM_FROUND_TO_ZERO>(&a[..n], &mut out[..n]),
                    M::Round if std::is_x86_feature_detected!("avx2") => {
                        x86::to_half_round(&a[..n], &mut out[..n])
                    }
                    M::Round => 0,
                    M::Odd => 0,
                };
            }
        }
    }
    let _ = (mode, a, out);
    0
}

/// float → int32 by `mode` (every mode but CAST_ODD), saturating, NaN giving 0: the rules of
/// `typed_convert::float_to_int`, eight lanes at a time with AVX over the longest prefix that
/// is a multiple of 8; returns how many lanes it converted (0 without AVX or for CAST_ODD).
pub fn float_to_int32(mode: crate::base::convert::RoundMode, a: &[u32], out: &mut [u32]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::base::convert::RoundMode as M;
        let n = out.len().min(a.len()) / 8 * 8;
        if n > 0 && mode != M::Odd && std::is_x86_feature_detected!("avx") {
            // SAFETY: the CPU has AVX (checked just above); the slices hold n lanes.
            unsafe { x86::to_int32(mode, &a[..n], &mut out[..n]) };
            return n;
        }
    }
    let _ = (mode, a, out);
    0
}

/// half → float bits (exact), eight lanes at a time with F16C, as `float_to_half` (a NaN lane
/// is left to the caller).
pub fn half_to_float(a: &[u16], out: &mut [u32]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        let n = out.len().min(a.len()) / 8 * 8;
        if n > 0 && std::is_x86_feature_detected!("f16c") && std::is_x86_feature_detected!("avx") {
            // SAFETY: the CPU has F16C and AVX (checked just above); the slices hold n lanes.
            return unsafe { x86::to_float(&a[..n], &mut out[..n]) };
        }
    }
    let _ = (a, out);
    0
}

/// The sums of the eight 16-lane blocks of a full half repeat (`h`: its 128 lanes), each by the
/// pair tree of `Num::sum_tree` (adjacent pairs, rounded to half at every level, a NaN sum
/// canonical): the eight trees side by side, one block per vector lane. False without F16C
/// and AVX2 (then the caller sums block by block).
pub fn half_block_sums(h: &[u16; 128], out: &mut [u16; 8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("f16c") && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has F16C, AVX and AVX2 (checked just above).
        unsafe { x86::half_block_sums(h, out) };
        return true;
    }
    let _ = (h, out);
    false
}

/// The sums of the eight 8-lane blocks of a full float repeat (`x`: its 64 lanes as bits), each
/// by the pair tree of `Num::sum_tree` (a NaN sum canonical), side by side as
/// `half_block_sums`. False without AVX2.
pub fn float_block_sums(x: &[u32; 64], out: &mut [u32; 8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX and AVX2 (checked just above).
        unsafe { x86::float_block_sums(x, out) };
        return true;
    }
    let _ = (x, out);
    false
}

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{
    _MM_FROUND_TO_NEAREST_INT, _MM_FROUND_TO_NEG_INF, _MM_FROUND_TO_POS_INF, _MM_FROUND_TO_ZERO,
};

#[cfg(target_arch = "x86_64")]
mod x86;

#[cfg(test)]
mod tests;
