//! Half arithmetic eight lanes at a time with the host's F16C and AVX instructions, where it
//! has them: the same results bit for bit as the lane functions of `sim::lanes` (widen to f32,
//! compute, a NaN made canonical, round to nearest even into half), which stay the reference
//! and the fallback (tests below compare the two).

use crate::base::catalog::Op;
use crate::sim::ub::ByteMask;

/// `out[i] = a[i] op b[i]` for half bit patterns, `op` Add, Sub or Mul, over the longest
/// prefix that is a multiple of 8 lanes; returns how many lanes it computed (0 when the host
/// lacks F16C/AVX or `op` is another operation).
pub fn half_binary(op: Op, a: &[u16], b: &[u16], out: &mut [u16]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        let n = out.len().min(a.len()).min(b.len()) / 8 * 8;
        if n > 0
            && matches!(op, Op::Add | Op::Sub | Op::Mul)
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

/// `out[i] = a[i] op b[i]` for floats, `op` Add, Sub or Mul, eight lanes at a time with AVX
/// (a NaN made canonical), over the longest prefix that is a multiple of 8 lanes; returns how
/// many lanes it computed (0 without AVX or for another operation). IEEE arithmetic is the
/// same at any vector width, so the bits are the lane functions'.
pub fn float_binary(op: Op, a: &[f32], b: &[f32], out: &mut [f32]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        let n = out.len().min(a.len()).min(b.len()) / 8 * 8;
        if n > 0
            && matches!(op, Op::Add | Op::Sub | Op::Mul)
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
            && matches!(op, Op::Add | Op::Sub | Op::Mul)
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
mod x86 {
    use super::{Blocks, ByteMask, Op, Second};
    use std::arch::x86_64::*;

    /// `x op y` on eight floats, a NaN result made the canonical `nan` (docs/semantics.md §6).
    #[target_feature(enable = "avx")]
    #[inline]
    fn compute(op: Op, x: __m256, y: __m256, nan: __m256) -> __m256 {
        let r = match op {
            Op::Add => _mm256_add_ps(x, y),
            Op::Sub => _mm256_sub_ps(x, y),
            _ => _mm256_mul_ps(x, y),
        };
        _mm256_blendv_ps(r, nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(r, r))
    }

    #[target_feature(enable = "avx,f16c")]
    pub(super) unsafe fn binary(op: Op, a: &[u16], b: &[u16], out: &mut [u16]) {
        let nan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc0_0000));
        for ((x, y), o) in a
            .chunks_exact(8)
            .zip(b.chunks_exact(8))
            .zip(out.chunks_exact_mut(8))
        {
            // SAFETY: each chunk is 8 lanes of 2 bytes, read and written unaligned.
            unsafe {
                let xf = _mm256_cvtph_ps(_mm_loadu_si128(x.as_ptr() as *const __m128i));
                let yf = _mm256_cvtph_ps(_mm_loadu_si128(y.as_ptr() as *const __m128i));
                let r = compute(op, xf, yf, nan);
                let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(r);
                _mm_storeu_si128(o.as_mut_ptr() as *mut __m128i, h);
            }
        }
    }

    /// The 32 bytes at `at` in `bytes`.
    #[inline(always)]
    fn block(bytes: &[u8], at: usize) -> &[u8; 32] {
        bytes[at..at + 32].try_into().unwrap_or(&[0; 32])
    }

    /// Stores at `p` the bytes of the 32-byte block `lo`, `hi` that `spread` selects (0xff:
    /// the block's four words of `ByteMask::bytes`), keeping the others.
    ///
    /// # Safety
    /// The CPU has AVX; `p` begins 32 bytes that may be read and written.
    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn store_blend(p: *mut u8, (lo, hi): (__m128i, __m128i), spread: &[u64; 4]) {
        let e = spread.as_ptr() as *const u8;
        // SAFETY: 16 bytes at offset 0 or 16 of `p`'s block and of `spread`.
        unsafe {
            let load = |p: *const u8| _mm_loadu_si128(p as *const __m128i);
            let lo = _mm_blendv_epi8(load(p), lo, load(e));
            let hi = _mm_blendv_epi8(load(p.add(16)), hi, load(e.add(16)));
            _mm_storeu_si128(p as *mut __m128i, lo);
            _mm_storeu_si128(p.add(16) as *mut __m128i, hi);
        }
    }

    /// `binary_blocks` on half (`HALF`) or float lanes.
    #[target_feature(enable = "avx,f16c")]
    pub(super) unsafe fn blocks<const HALF: bool>(
        op: Op,
        bytes: &mut [u8],
        (d, a, b): (Blocks, Blocks, Second),
        n: usize,
        mask: &ByteMask,
    ) {
        let nan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc0_0000));
        // Each block's 32 bits of the repeat's byte mask.
        let masks: [u32; 8] = std::array::from_fn(|k| (mask.bits[k / 2] >> (32 * (k % 2))) as u32);
        // A block's lanes as floats: two vectors of eight widened halves, or one of eight
        // floats (the second unused). SAFETY: 16 or 32 bytes from the start of a block.
        let lanes = |p: *const u8| unsafe {
            if HALF {
                let widen = |p: *const u8| _mm256_cvtph_ps(_mm_loadu_si128(p as *const __m128i));
                (widen(p), widen(p.add(16)))
            } else {
                (_mm256_loadu_ps(p as *const f32), nan)
            }
        };
        let splat = match b {
            Second::Splat(v) if HALF => _mm256_cvtph_ps(_mm_set1_epi16(v as u16 as i16)),
            Second::Splat(v) => _mm256_castsi256_ps(_mm256_set1_epi32(v as i32)),
            Second::Blocks(_) => nan,
        };
        for i in 0..n {
            for (k, &m) in masks.iter().enumerate().filter(|(_, &m)| m != 0) {
                let x = lanes(block(bytes, a.at(i, k)).as_ptr());
                let y = match b {
                    Second::Blocks(b) => lanes(block(bytes, b.at(i, k)).as_ptr()),
                    Second::Splat(_) => (splat, splat),
                };
                // The block's result bytes, as two halves.
                let r = if HALF {
                    let round = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>;
                    (
                        round(compute(op, x.0, y.0, nan)),
                        round(compute(op, x.1, y.1, nan)),
                    )
                } else {
                    let r = _mm256_castps_si256(compute(op, x.0, y.0, nan));
                    (_mm256_castsi256_si128(r), _mm256_extractf128_si256::<1>(r))
                };
                let at = d.at(i, k);
                let p = bytes[at..at + 32].as_mut_ptr();
                // SAFETY: `p` begins a 32-byte block of `bytes`.
                unsafe {
                    if m == u32::MAX {
                        _mm_storeu_si128(p as *mut __m128i, r.0);
                        _mm_storeu_si128(p.add(16) as *mut __m128i, r.1);
                    } else {
                        let spread = mask.bytes[4 * k..4 * k + 4].try_into();
                        store_blend(p, r, spread.unwrap_or(&[0; 4]));
                    }
                }
            }
        }
    }

    #[target_feature(enable = "avx,f16c")]
    pub(super) unsafe fn to_half<const R: i32>(a: &[u32], out: &mut [u16]) -> usize {
        let mut done = 0;
        for (x, o) in a.chunks_exact(8).zip(out.chunks_exact_mut(8)) {
            // SAFETY: each chunk is 8 lanes, read and written unaligned.
            unsafe {
                let f = _mm256_loadu_ps(x.as_ptr() as *const f32);
                if _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_UNORD_Q>(f, f)) != 0 {
                    return done;
                }
                let h = _mm256_cvtps_ph::<R>(f);
                _mm_storeu_si128(o.as_mut_ptr() as *mut __m128i, h);
            }
            done += 8;
        }
        done
    }

    /// Nearest, ties away from zero: the value toward zero (`h`) and the next half away from
    /// zero (`h + 1` in sign–magnitude bits) bracket it; at their midpoint (exact in f32) the
    /// result is `h + 1`, elsewhere round-to-nearest-even's.
    #[target_feature(enable = "avx,avx2,f16c")]
    pub(super) unsafe fn to_half_round(a: &[u32], out: &mut [u16]) -> usize {
        let mut done = 0;
        let half = _mm256_set1_ps(0.5);
        for (x, o) in a.chunks_exact(8).zip(out.chunks_exact_mut(8)) {
            // SAFETY: each chunk is 8 lanes, read and written unaligned.
            unsafe {
                let f = _mm256_loadu_ps(x.as_ptr() as *const f32);
                if _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_UNORD_Q>(f, f)) != 0 {
                    return done;
                }
                let near = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(f);
                let h = _mm256_cvtps_ph::<_MM_FROUND_TO_ZERO>(f);
                let up = _mm_add_epi16(h, _mm_set1_epi16(1));
                let (lo, hi) = (_mm256_cvtph_ps(h), _mm256_cvtph_ps(up));
                let mid = _mm256_add_ps(lo, _mm256_mul_ps(_mm256_sub_ps(hi, lo), half));
                let tie = _mm256_cmp_ps::<_CMP_EQ_OQ>(f, mid);
                // Eight 32-bit tie masks packed to eight 16-bit ones.
                let t = _mm256_castps_si256(tie);
                let t16 =
                    _mm_packs_epi32(_mm256_castsi256_si128(t), _mm256_extracti128_si256::<1>(t));
                let r = _mm_blendv_epi8(near, up, t16);
                _mm_storeu_si128(o.as_mut_ptr() as *mut __m128i, r);
            }
            done += 8;
        }
        done
    }

    #[target_feature(enable = "avx,avx2,f16c")]
    pub(super) unsafe fn half_block_sums(h: &[u16; 128], out: &mut [u16; 8]) {
        let nan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc0_0000));
        let mut w = [0f32; 128];
        for (x, o) in h.chunks_exact(8).zip(w.chunks_exact_mut(8)) {
            // SAFETY: each chunk is 8 lanes, read and written unaligned.
            unsafe {
                let f = _mm256_cvtph_ps(_mm_loadu_si128(x.as_ptr() as *const __m128i));
                _mm256_storeu_ps(o.as_mut_ptr(), f);
            }
        }
        // v[k]: lane k of every block (block b in vector lane b).
        let idx = _mm256_setr_epi32(0, 16, 32, 48, 64, 80, 96, 112);
        let mut v = [_mm256_setzero_ps(); 16];
        for (k, vk) in v.iter_mut().enumerate() {
            // SAFETY: k + 112 < 128 lanes of `w`.
            *vk = unsafe { _mm256_i32gather_ps::<4>(w.as_ptr().add(k), idx) };
        }
        let round = |x: __m256| {
            let x = _mm256_blendv_ps(x, nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(x, x));
            _mm256_cvtph_ps(_mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(x))
        };
        let mut n = 16;
        while n > 1 {
            for i in 0..n / 2 {
                v[i] = round(_mm256_add_ps(v[2 * i], v[2 * i + 1]));
            }
            n /= 2;
        }
        let r = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v[0]);
        // SAFETY: `out` holds 8 halves.
        unsafe { _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, r) };
    }

    #[target_feature(enable = "avx,avx2")]
    pub(super) unsafe fn float_block_sums(x: &[u32; 64], out: &mut [u32; 8]) {
        let nan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc0_0000));
        let idx = _mm256_setr_epi32(0, 8, 16, 24, 32, 40, 48, 56);
        let mut v = [_mm256_setzero_ps(); 8];
        for (k, vk) in v.iter_mut().enumerate() {
            // SAFETY: k + 56 < 64 lanes of `x`.
            *vk = unsafe { _mm256_i32gather_ps::<4>(x.as_ptr().add(k) as *const f32, idx) };
        }
        let mut n = 8;
        while n > 1 {
            for i in 0..n / 2 {
                let s = _mm256_add_ps(v[2 * i], v[2 * i + 1]);
                v[i] = _mm256_blendv_ps(s, nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(s, s));
            }
            n /= 2;
        }
        // SAFETY: `out` holds 8 lanes.
        unsafe { _mm256_storeu_ps(out.as_mut_ptr() as *mut f32, v[0]) };
    }

    #[target_feature(enable = "avx")]
    pub(super) unsafe fn to_int32(
        mode: crate::base::convert::RoundMode,
        a: &[u32],
        out: &mut [u32],
    ) {
        use crate::base::convert::RoundMode as M;
        let top = _mm256_set1_ps(2_147_483_648.0);
        let half = _mm256_set1_ps(0.5);
        let sign = _mm256_castsi256_ps(_mm256_set1_epi32(i32::MIN));
        let max = _mm256_set1_epi32(i32::MAX);
        for (x, o) in a.chunks_exact(8).zip(out.chunks_exact_mut(8)) {
            // SAFETY: each chunk is 8 lanes, read and written unaligned.
            unsafe {
                let v = _mm256_loadu_ps(x.as_ptr() as *const f32);
                let r = match mode {
                    M::Floor => _mm256_round_ps::<{ _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC }>(v),
                    M::Ceil => _mm256_round_ps::<{ _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC }>(v),
                    M::Trunc => _mm256_round_ps::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(v),
                    // Ties away from zero: |v − trunc v| ≥ 0.5 (exact in f32) moves one away.
                    M::Round => {
                        let t = _mm256_round_ps::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(v);
                        let frac = _mm256_andnot_ps(sign, _mm256_sub_ps(v, t));
                        let away = _mm256_cmp_ps::<_CMP_GE_OQ>(frac, half);
                        let one = _mm256_or_ps(_mm256_and_ps(v, sign), _mm256_set1_ps(1.0));
                        _mm256_add_ps(t, _mm256_and_ps(away, one))
                    }
                    _ => _mm256_round_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(v),
                };
                // Out of range below gives i32::MIN already; at or above 2^31 the largest
                // int32; NaN 0.
                let i = _mm256_cvttps_epi32(r);
                let i = _mm256_castps_si256(_mm256_blendv_ps(
                    _mm256_castsi256_ps(i),
                    _mm256_castsi256_ps(max),
                    _mm256_cmp_ps::<_CMP_GE_OQ>(r, top),
                ));
                let i = _mm256_castps_si256(_mm256_andnot_ps(
                    _mm256_cmp_ps::<_CMP_UNORD_Q>(v, v),
                    _mm256_castsi256_ps(i),
                ));
                _mm256_storeu_si256(o.as_mut_ptr() as *mut __m256i, i);
            }
        }
    }

    #[target_feature(enable = "avx,f16c")]
    pub(super) unsafe fn to_float(a: &[u16], out: &mut [u32]) -> usize {
        let mut done = 0;
        for (x, o) in a.chunks_exact(8).zip(out.chunks_exact_mut(8)) {
            // SAFETY: each chunk is 8 lanes, read and written unaligned.
            unsafe {
                let f = _mm256_cvtph_ps(_mm_loadu_si128(x.as_ptr() as *const __m128i));
                if _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_UNORD_Q>(f, f)) != 0 {
                    return done;
                }
                _mm256_storeu_ps(o.as_mut_ptr() as *mut f32, f);
            }
            done += 8;
        }
        done
    }

    #[target_feature(enable = "avx")]
    pub(super) unsafe fn float_binary(op: Op, a: &[f32], b: &[f32], out: &mut [f32]) {
        let nan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc0_0000));
        for ((x, y), o) in a
            .chunks_exact(8)
            .zip(b.chunks_exact(8))
            .zip(out.chunks_exact_mut(8))
        {
            // SAFETY: each chunk is 8 lanes of 4 bytes, read and written unaligned.
            unsafe {
                let xf = _mm256_loadu_ps(x.as_ptr());
                let yf = _mm256_loadu_ps(y.as_ptr());
                _mm256_storeu_ps(o.as_mut_ptr(), compute(op, xf, yf, nan));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::lanes::Num;
    use half::f16;

    /// Float: bit for bit the lane functions over special values crossed with each other and
    /// random bit patterns (NaN payloads, infinities, subnormals).
    #[test]
    fn float_binary_matches_the_lane_functions() {
        let special: Vec<u32> = vec![
            0,
            0x8000_0000,
            1,
            0x8000_0001,
            0x007f_ffff,
            0x0080_0000,
            0x3f80_0000,
            0xbf80_0000,
            0x7f7f_ffff,
            0xff7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7f80_0001,
            0x7fc0_0000,
            0xffc0_1234,
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u32
        };
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for &x in &special {
            for &y in &special {
                a.push(f32::from_bits(x));
                b.push(f32::from_bits(y));
            }
        }
        for _ in 0..200_000 {
            a.push(f32::from_bits(next()));
            b.push(f32::from_bits(next()));
        }
        let n = a.len() / 8 * 8;
        for op in [Op::Add, Op::Sub, Op::Mul] {
            let mut out = vec![0f32; n];
            let done = float_binary(op, &a[..n], &b[..n], &mut out);
            for i in 0..done {
                let want = match op {
                    Op::Add => a[i].vadd(b[i]),
                    Op::Sub => a[i].vsub(b[i]),
                    _ => a[i].vmul(b[i]),
                };
                assert_eq!(
                    out[i].to_bits(),
                    want.to_bits(),
                    "{op:?} {:?} {:?}",
                    a[i],
                    b[i]
                );
            }
        }
    }

    /// F16C's conversions give `convert`'s bits in each mode they take, over every rounding
    /// boundary of half (every half, its f32 neighbours, the midpoints and one ulp either side,
    /// each negated: subnormals, overflow, ties) and random floats; a NaN stops them.
    #[test]
    fn f16c_conversions_equal_convert() {
        use crate::base::convert::{convert, RoundMode};
        use crate::base::dtype::DType;
        let mut x: Vec<u32> = Vec::new();
        for h in 0..=u16::MAX {
            let v = f16::from_bits(h).to_f32();
            let next = f16::from_bits(h.wrapping_add(1)).to_f32();
            x.extend([
                v.to_bits(),
                v.to_bits().wrapping_add(1),
                v.to_bits().wrapping_sub(1),
            ]);
            if v.is_finite() && next.is_finite() {
                let mid = ((v as f64 + next as f64) / 2.0) as f32;
                x.extend([mid.to_bits(), mid.to_bits() + 1, mid.to_bits() - 1]);
            }
        }
        let mut seed = 0x1234_5678_9abc_def1u64;
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            x.push(seed as u32);
        }
        x.extend([
            0x7f7f_ffff,
            0x7f80_0000,
            0x0000_0001,
            0x4780_0000,
            0x477f_f000,
        ]);
        let neg: Vec<u32> = x.iter().map(|b| b ^ 0x8000_0000).collect();
        x.extend(neg);
        let x: Vec<u32> = x
            .into_iter()
            .filter(|&b| !f32::from_bits(b).is_nan())
            .collect();
        let n = x.len() / 8 * 8;
        for mode in RoundMode::ALL.into_iter().filter(|&m| m != RoundMode::Odd) {
            let mut out = vec![0u16; n];
            let done = float_to_half(mode, &x[..n], &mut out);
            assert!(done == n || done == 0, "{mode:?}: {done} of {n}");
            for i in 0..done {
                let want = convert(x[i] as u64, DType::Float, DType::Half, mode) as u16;
                assert_eq!(
                    out[i],
                    want,
                    "{mode:?} {:e} ({:#010x})",
                    f32::from_bits(x[i]),
                    x[i]
                );
            }
        }
        let halves: Vec<u16> = (0..=u16::MAX).filter(|h| h & 0x7fff <= 0x7c00).collect();
        let n = halves.len() / 8 * 8;
        let mut out = vec![0u32; n];
        let done = half_to_float(&halves[..n], &mut out);
        for i in 0..done {
            let want = convert(halves[i] as u64, DType::Half, DType::Float, RoundMode::None);
            assert_eq!(out[i] as u64, want, "{:#06x}", halves[i]);
        }
        // A NaN stops the conversion at its group of eight.
        let mut with_nan = vec![0x3f80_0000u32; 24];
        with_nan[12] = 0x7fc0_0000;
        let mut o = vec![0u16; 24];
        assert_eq!(float_to_half(RoundMode::Rint, &with_nan, &mut o) % 8, 0);
        assert!(float_to_half(RoundMode::Rint, &with_nan, &mut o) <= 8);
    }

    /// Eight block sums at once equal `Num::sum_tree` block by block, over random repeats,
    /// repeats of special values (NaN payloads, infinities of both signs, overflow, subnormals,
    /// signed zeros) and ties.
    #[test]
    fn half_block_sums_equal_the_sum_tree() {
        let special: [u16; 12] = [
            0x0000, 0x8000, 0x0001, 0x83ff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7c01, 0xfe01, 0x3c00,
            0x1400,
        ];
        let mut rng = crate::base::rng::SplitMix64::new(0x5eed_1234_abcd_ef01u64);
        let mut next = || rng.next_u64();
        for round in 0..20_000 {
            let h: [u16; 128] = std::array::from_fn(|_| {
                let r = next();
                match round % 3 {
                    0 => r as u16,
                    1 => special[(r % special.len() as u64) as usize],
                    // Moderate values: sums that round at every level.
                    _ => (0x3800 + (r % 0x0c00) as u16) | ((r >> 20) as u16 & 0x8000),
                }
            });
            let mut got = [0u16; 8];
            if !half_block_sums(&h, &mut got) {
                return;
            }
            for b in 0..8 {
                let mut v: Vec<f16> = h[16 * b..16 * b + 16]
                    .iter()
                    .map(|&x| f16::from_bits(x))
                    .collect();
                let want = f16::sum_tree(&mut v).to_bits();
                assert_eq!(
                    got[b],
                    want,
                    "block {b} of {:04x?}",
                    &h[16 * b..16 * b + 16]
                );
            }
        }
    }

    /// float → int32 with AVX gives `convert`'s bits in every mode it takes: around every
    /// integer and half-integer tie of small magnitude, the int32 edges, infinities, NaN,
    /// subnormals and random patterns.
    #[test]
    fn avx_float_to_int32_equals_convert() {
        use crate::base::convert::{convert, RoundMode};
        use crate::base::dtype::DType;
        let mut x: Vec<u32> = Vec::new();
        for k in -300i32..300 {
            let v = k as f32 * 0.5;
            x.extend([
                v.to_bits(),
                v.to_bits().wrapping_add(1),
                v.to_bits().wrapping_sub(1),
            ]);
        }
        for e in [
            2_147_483_648.0f32,
            2_147_483_520.0,
            16_777_216.0,
            8_388_608.5,
            1e30,
        ] {
            for v in [e, -e] {
                x.extend([v.to_bits(), v.to_bits() + 1, v.to_bits() - 1]);
            }
        }
        x.extend([
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0xffc0_1234,
            1,
            0x8000_0001,
            0x0080_0000,
        ]);
        let mut seed = 0x7777_1234_5678_9abcu64;
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            x.push(seed as u32);
        }
        let n = x.len() / 8 * 8;
        for mode in RoundMode::ALL.into_iter().filter(|&m| m != RoundMode::Odd) {
            let mut out = vec![0u32; n];
            let done = float_to_int32(mode, &x[..n], &mut out);
            for i in 0..done {
                let want = convert(x[i] as u64, DType::Float, DType::Int32, mode) as u32;
                assert_eq!(
                    out[i],
                    want,
                    "{mode:?} {:e} ({:#010x})",
                    f32::from_bits(x[i]),
                    x[i]
                );
            }
        }
    }

    /// Eight float block sums at once equal `Num::sum_tree` block by block, over random bit
    /// patterns, special values and moderate values that round.
    #[test]
    fn float_block_sums_equal_the_sum_tree() {
        let special: [u32; 10] = [
            0,
            0x8000_0000,
            1,
            0x7f7f_ffff,
            0xff7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7f80_0001,
            0xffc0_1234,
            0x3f80_0000,
        ];
        let mut rng = crate::base::rng::SplitMix64::new(0x0123_4567_89ab_cdefu64);
        let mut next = || rng.next_u64();
        for round in 0..20_000 {
            let x: [u32; 64] = std::array::from_fn(|_| {
                let r = next();
                match round % 3 {
                    0 => r as u32,
                    1 => special[(r % special.len() as u64) as usize],
                    _ => {
                        (0x3c00_0000 + (r % 0x0800_0000) as u32) | ((r >> 40) as u32 & 0x8000_0000)
                    }
                }
            });
            let mut got = [0u32; 8];
            if !float_block_sums(&x, &mut got) {
                return;
            }
            for b in 0..8 {
                let mut v: Vec<f32> = x[8 * b..8 * b + 8]
                    .iter()
                    .map(|&y| f32::from_bits(y))
                    .collect();
                let want = f32::sum_tree(&mut v).to_bits();
                assert_eq!(got[b], want, "block {b} of {:08x?}", &x[8 * b..8 * b + 8]);
            }
        }
    }

    /// Bit for bit the lane functions, over special values crossed with each other and two
    /// million random pairs (NaN payloads, infinities, subnormals, overflow, ties).
    #[test]
    fn half_binary_matches_the_lane_functions() {
        let special: Vec<u16> = vec![
            0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00,
            0xfc00, 0x7c01, 0x7e00, 0xfe01, 0x7fff, 0x3555, 0x1400,
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u16
        };
        let mut a: Vec<u16> = Vec::new();
        let mut b: Vec<u16> = Vec::new();
        for &x in &special {
            for &y in &special {
                a.push(x);
                b.push(y);
            }
        }
        for _ in 0..2_000_000 {
            a.push(next());
            b.push(next());
        }
        let n = a.len() / 8 * 8;
        for op in [Op::Add, Op::Sub, Op::Mul] {
            let mut out = vec![0u16; n];
            let done = half_binary(op, &a[..n], &b[..n], &mut out);
            for i in 0..done {
                let (x, y) = (f16::from_bits(a[i]), f16::from_bits(b[i]));
                let want = match op {
                    Op::Add => x.vadd(y),
                    Op::Sub => x.vsub(y),
                    _ => x.vmul(y),
                };
                assert_eq!(out[i], want.to_bits(), "{op:?} {:#06x} {:#06x}", a[i], b[i]);
            }
        }
    }

    /// The lane function of `op` on lanes of type T stored little-endian in a 32-byte block.
    fn block_by_lanes<T: Num + bytemuck::Pod>(op: Op, x: &[u8; 32], y: &[u8; 32]) -> [u8; 32] {
        let (x, y): (&[T], &[T]) = (bytemuck::cast_slice(x), bytemuck::cast_slice(y));
        let r: Vec<T> = x
            .iter()
            .zip(y)
            .map(|(&x, &y)| match op {
                Op::Add => x.vadd(y),
                Op::Sub => x.vsub(y),
                _ => x.vmul(y),
            })
            .collect();
        bytemuck::cast_slice(&r).try_into().unwrap()
    }

    /// Strided blocks computed in place: bit for bit what block stepping gives (each block's
    /// sources read, then its active lanes written, in repeat-then-block order, by the lane
    /// functions), for half and float, each operation, a second source or a splat scalar,
    /// whole blocks or a bitwise lane mask, and layouts with gaps, broadcast blocks (stride
    /// 0), a destination that rewrites its own blocks and one that overlaps a source (so the
    /// order shows), over random bits.
    #[test]
    fn strided_blocks_equal_block_stepping() {
        let mut rng = crate::base::rng::SplitMix64::new(0x0dd_b1a5_ed5e_ed00);
        let mut next = || rng.next_u64();
        let w = |first, rstep, bstep| Blocks {
            first,
            rstep,
            bstep,
        };
        // (dst, a, b, repeats, active blocks), each layout with whole blocks and with a
        // bitwise mask.
        let layouts = [
            (w(0, 512, 64), w(4096, 512, 64), w(8192, 512, 64), 7, 0xff),
            (w(0, 256, 32), w(4096, 0, 32), w(8192, 32, 0), 5, 0xff),
            (w(0, 32, 0), w(4096, 256, 32), w(8192, 256, 32), 4, 0x5b),
            (w(64, 96, 64), w(0, 96, 64), w(32, 64, 96), 9, 0xf7),
            (w(0, 256, 32), w(0, 256, 32), w(8192, 256, 32), 3, 0x01),
        ];
        for (half, op) in [true, false]
            .into_iter()
            .flat_map(|h| [Op::Add, Op::Sub, Op::Mul].map(|op| (h, op)))
        {
            let lane = if half { 0x3u32 } else { 0xf };
            for &(d, a, b, n, blocks) in &layouts {
                for (splat, bitwise) in [(false, false), (true, false), (false, true), (true, true)]
                {
                    // A random lane mask per block (a lane's bytes together) or whole blocks.
                    let masks: [u32; 8] = std::array::from_fn(|k| {
                        let m = if bitwise {
                            let bits = next();
                            (0..32 / lane.count_ones())
                                .filter(|j| bits >> j & 1 == 1)
                                .fold(0, |m, j| m | lane << (j * lane.count_ones()))
                        } else {
                            u32::MAX
                        };
                        if blocks >> k & 1 == 1 {
                            m
                        } else {
                            0
                        }
                    });
                    let mut bytes: Vec<u8> = (0..12288).map(|_| next() as u8).collect();
                    let mut want = bytes.clone();
                    let splat = splat.then(|| next() as u32 & if half { 0xffff } else { !0 });
                    let second = splat.map_or(Second::Blocks(b), Second::Splat);
                    let bits = std::array::from_fn(|w| {
                        masks[2 * w] as u64 | (masks[2 * w + 1] as u64) << 32
                    });
                    let mask = ByteMask::new(bits);
                    if !binary_blocks(op, half, &mut bytes, (d, a, second), n, &mask) {
                        return; // a host without F16C/AVX: nothing to compare
                    }
                    let mut sv = [0u8; 32];
                    for c in sv.chunks_exact_mut(if half { 2 } else { 4 }) {
                        c.copy_from_slice(&splat.unwrap_or(0).to_le_bytes()[..c.len()]);
                    }
                    for i in 0..n {
                        for (k, &m) in masks.iter().enumerate() {
                            let x: [u8; 32] = want[a.at(i, k)..][..32].try_into().unwrap();
                            let y: [u8; 32] = match splat {
                                Some(_) => sv,
                                None => want[b.at(i, k)..][..32].try_into().unwrap(),
                            };
                            let r = if half {
                                block_by_lanes::<f16>(op, &x, &y)
                            } else {
                                block_by_lanes::<f32>(op, &x, &y)
                            };
                            let o = &mut want[d.at(i, k)..][..32];
                            for j in (0..32).filter(|j| m >> j & 1 == 1) {
                                o[j] = r[j];
                            }
                        }
                    }
                    assert!(
                        bytes == want,
                        "{op:?} half {half} {d:?} {a:?} {b:?} {splat:?}"
                    );
                }
            }
        }
    }
}
