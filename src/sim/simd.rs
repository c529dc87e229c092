//! Half arithmetic eight lanes at a time with the host's F16C and AVX instructions, where it
//! has them: the same results bit for bit as the lane functions of `sim::lanes` (widen to f32,
//! compute, a NaN made canonical, round to nearest even into half), which stay the reference
//! and the fallback (tests below compare the two).

use crate::base::catalog::Op;

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

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::Op;
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
}
