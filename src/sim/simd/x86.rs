//! The x86-64 kernels (F16C, AVX) behind `simd`'s functions, each under its target features.

use super::{Blocks, ByteMask, Op, Second};
use std::arch::x86_64::*;

/// `x op y` on eight floats, a NaN result made the canonical `nan` (docs/semantics.md §6).
#[target_feature(enable = "avx")]
#[inline]
fn compute(op: Op, x: __m256, y: __m256, nan: __m256) -> __m256 {
    let r = match op {
        Op::Add => _mm256_add_ps(x, y),
        Op::Sub => _mm256_sub_ps(x, y),
        Op::Div => _mm256_div_ps(x, y),
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
            let t16 = _mm_packs_epi32(_mm256_castsi256_si128(t), _mm256_extracti128_si256::<1>(t));
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
pub(super) unsafe fn to_int32(mode: crate::base::convert::RoundMode, a: &[u32], out: &mut [u32]) {
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
