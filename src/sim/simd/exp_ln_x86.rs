//! The first passes of exp.rs and ln.rs four lanes at a time with AVX2 and FMA: the same
//! evaluation (fused where a multiply meets an add, which only makes it closer), the same
//! certainty test, the uncertain lanes found with one `movemask` per four and finished by the
//! library's function. Each returns how many lanes it did (a multiple of four; 0 where the host
//! lacks AVX2 or FMA, or off x86-64), and the caller's portable two passes do the rest, so the
//! answers are the same bits on every host.

/// Float exp of `x` into `out` for the longest multiple-of-four prefix; how many lanes it did.
pub(super) fn exp_f32(x: &[u32], out: &mut [u32]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if avx2_fma() {
        // SAFETY: the CPU has AVX2 and FMA (checked just above).
        return unsafe { imp::drive::<imp::Exp>(x, out, f64::exp) };
    }
    let _ = (x, out);
    0
}

/// Float ln of `x` into `out` for the longest multiple-of-four prefix; how many lanes it did.
pub(super) fn ln_f32(x: &[u32], out: &mut [u32]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if avx2_fma() {
        // SAFETY: the CPU has AVX2 and FMA (checked just above).
        return unsafe { imp::drive::<imp::Ln>(x, out, f64::ln) };
    }
    let _ = (x, out);
    0
}

#[cfg(target_arch = "x86_64")]
fn avx2_fma() -> bool {
    std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")
}

#[cfg(target_arch = "x86_64")]
mod imp {
    use super::super::exp::exact_bits;
    use super::super::exp::{DROPPED, LN2_HI, LN2_LO, MARGIN, MIDPOINT, SHIFT, TAYLOR};
    use std::arch::x86_64::*;

    /// One function's first pass on four floats (their bits): the f64 values, and a bit per
    /// lane the second pass must answer whatever the rounding (inputs outside the pass's domain).
    pub(super) trait First4 {
        /// # Safety
        /// The CPU has AVX2 and FMA.
        unsafe fn first4(v: __m128i) -> (__m256d, i32);
    }

    /// The lanes of `y` (f64) whose f32 rounding is not certain (exp.rs's `rounding_certain`).
    #[inline(always)]
    unsafe fn uncertain(y: __m256d) -> __m256d {
        let d = _mm256_and_si256(
            _mm256_sub_epi64(
                _mm256_castpd_si256(y),
                _mm256_set1_epi64x((MIDPOINT - MARGIN) as i64),
            ),
            _mm256_set1_epi64x(DROPPED as i64),
        );
        _mm256_castsi256_pd(_mm256_cmpgt_epi64(
            _mm256_set1_epi64x((2 * MARGIN + 1) as i64),
            d,
        ))
    }

    #[inline(always)]
    unsafe fn splat(v: f64) -> __m256d {
        _mm256_set1_pd(v)
    }

    pub(super) struct Exp;
    impl First4 for Exp {
        #[inline(always)]
        unsafe fn first4(v: __m128i) -> (__m256d, i32) {
            // SAFETY: the caller's CPU has AVX2 and FMA.
            unsafe {
                // |x| < 87 on the bits (exp.rs's `exp_domain`); the other lanes compute
                // garbage that the second pass replaces.
                let in_range = _mm_cmpgt_epi32(
                    _mm_set1_epi32(87.0f32.to_bits() as i32),
                    _mm_and_si128(v, _mm_set1_epi32(0x7fff_ffff)),
                );
                let x = _mm256_cvtps_pd(_mm_castsi128_ps(v));
                let shifted = _mm256_fmadd_pd(x, splat(std::f64::consts::LOG2_E), splat(SHIFT));
                let k = _mm256_sub_pd(shifted, splat(SHIFT));
                let r = _mm256_fnmadd_pd(k, splat(LN2_HI), x);
                let r = _mm256_fnmadd_pd(k, splat(LN2_LO), r);
                let a = TAYLOR;
                let q = |i: usize| _mm256_fmadd_pd(r, splat(a[i + 1]), splat(a[i]));
                let r2 = _mm256_mul_pd(r, r);
                let r4 = _mm256_mul_pd(r2, r2);
                let low = _mm256_fmadd_pd(
                    _mm256_fmadd_pd(q(6), r2, q(4)),
                    r4,
                    _mm256_fmadd_pd(q(2), r2, q(0)),
                );
                let high = _mm256_fmadd_pd(splat(a[10]), r2, q(8));
                let p = _mm256_fmadd_pd(high, _mm256_mul_pd(r4, r4), low);
                let scale = _mm256_castsi256_pd(_mm256_slli_epi64::<52>(_mm256_sub_epi64(
                    _mm256_castpd_si256(shifted),
                    _mm256_set1_epi64x((SHIFT.to_bits() - 1023) as i64),
                )));
                let y = _mm256_mul_pd(p, scale);
                (y, _mm_movemask_ps(_mm_castsi128_ps(in_range)) ^ 0xf)
            }
        }
    }

    pub(super) struct Ln;
    impl First4 for Ln {
        #[inline(always)]
        unsafe fn first4(v: __m128i) -> (__m256d, i32) {
            use super::super::ln::{C, SPLIT};
            // SAFETY: the caller's CPU has AVX2 and FMA.
            unsafe {
                // ln.rs's `ln_domain`: bits − 2^23 in [0, 0x7f00_0000), and not 1.
                let d = _mm_sub_epi32(v, _mm_set1_epi32(0x0080_0000));
                let normal = _mm_andnot_si128(
                    _mm_cmpgt_epi32(_mm_setzero_si128(), d),
                    _mm_cmpgt_epi32(_mm_set1_epi32(0x7f00_0000), d),
                );
                let one = _mm_cmpeq_epi32(v, _mm_set1_epi32(1.0f32.to_bits() as i32));
                let sure = _mm_andnot_si128(one, normal);
                // x = m·2^e, m in [√½, √2), on the bits.
                let t = _mm_sub_epi32(v, _mm_set1_epi32(SPLIT as i32));
                let e = _mm256_cvtepi32_pd(_mm_srai_epi32::<23>(t));
                let m = _mm256_cvtps_pd(_mm_castsi128_ps(_mm_sub_epi32(
                    v,
                    _mm_and_si128(t, _mm_set1_epi32(0xff80_0000u32 as i32)),
                )));
                let s = _mm256_div_pd(_mm256_sub_pd(m, splat(1.0)), _mm256_add_pd(m, splat(1.0)));
                let z = _mm256_mul_pd(s, s);
                let z2 = _mm256_mul_pd(z, z);
                let q = |i: usize| _mm256_fmadd_pd(splat(C[i + 1]), z, splat(C[i]));
                let p = _mm256_fmadd_pd(
                    _mm256_fmadd_pd(splat(C[6]), z2, q(4)),
                    _mm256_mul_pd(z2, z2),
                    _mm256_fmadd_pd(q(2), z2, q(0)),
                );
                let y = _mm256_fmadd_pd(s, p, _mm256_mul_pd(e, splat(std::f64::consts::LN_2)));
                (y, _mm_movemask_ps(_mm_castsi128_ps(sure)) ^ 0xf)
            }
        }
    }

    /// `F`'s first pass over the multiple-of-four prefix of `x`, its uncertain lanes given
    /// `exact` of them; how many lanes it did.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn drive<F: First4>(
        x: &[u32],
        out: &mut [u32],
        exact: fn(f64) -> f64,
    ) -> usize {
        const L: usize = 64;
        let n = x.len().min(out.len()) / 4 * 4;
        let mut y = [_mm256_setzero_pd(); L / 4];
        for (xs, os) in x[..n].chunks(L).zip(out[..n].chunks_mut(L)) {
            // Two loops over the chunk (the values, then their rounding): each loop's chain is
            // short enough for the processor to overlap many iterations.
            let mut bad = 0u64;
            for (i, (c, y)) in xs.chunks_exact(4).zip(&mut y).enumerate() {
                // SAFETY: four 32-bit lanes read unaligned; the CPU has AVX2 and FMA.
                let (v, b) = unsafe { F::first4(_mm_loadu_si128(c.as_ptr() as *const __m128i)) };
                *y = v;
                bad |= (b as u64) << (4 * i);
            }
            for (i, (c, y)) in os.chunks_exact_mut(4).zip(&y).enumerate() {
                // SAFETY: four 32-bit lanes written unaligned; the CPU has AVX2.
                let b = unsafe {
                    _mm_storeu_ps(c.as_mut_ptr() as *mut f32, _mm256_cvtpd_ps(*y));
                    _mm256_movemask_pd(uncertain(*y))
                };
                bad |= (b as u64) << (4 * i);
            }
            while bad != 0 {
                let l = bad.trailing_zeros() as usize;
                os[l] = exact_bits(xs[l], exact);
                bad &= bad - 1;
            }
        }
        n
    }
}
