//! The honest baselines of the elementwise families (issue 35): the fastest plain Rust for the
//! same arithmetic and rounding over the same 16,384 lanes, beside the families in
//! `families_16k_lanes`.

use super::*;

/// A float NaN made canonical on its bits (as the lane functions do).
#[inline(always)]
fn canon(b: u32) -> u32 {
    if b & 0x7fff_ffff > 0x7f80_0000 {
        0x7fc0_0000
    } else {
        b
    }
}

/// Half Max on bits: a NaN input wins, else the larger by a key ordering −0 below +0.
fn max_half(a: &[u16], b: &[u16], o: &mut [u16]) {
    let key = |x: u16| {
        let s = x as i16;
        s ^ ((s >> 15) & 0x7fff)
    };
    let nan = |x: u16| x & 0x7fff > 0x7c00;
    for ((o, &x), &y) in o.iter_mut().zip(a).zip(b) {
        *o = if !nan(x) && (nan(y) || key(y) > key(x)) {
            y
        } else {
            x
        };
    }
}

/// Half `a · c + b`, the product rounded to half first, with F16C/AVX in one pass.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "f16c,avx")]
unsafe fn mul_add_half(a: &[u16], b: &[u16], c: &[u16], o: &mut [u16]) {
    use std::arch::x86_64::*;
    let nan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc0_0000));
    let canon = |r: __m256| _mm256_blendv_ps(r, nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(r, r));
    for (((x, y), z), out) in a
        .chunks_exact(8)
        .zip(b.chunks_exact(8))
        .zip(c.chunks_exact(8))
        .zip(o.chunks_exact_mut(8))
    {
        // SAFETY: 8 lanes of 2 bytes each, read and written unaligned.
        unsafe {
            let ld = |v: &[u16]| _mm256_cvtph_ps(_mm_loadu_si128(v.as_ptr() as *const __m128i));
            let p =
                _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(canon(_mm256_mul_ps(ld(x), ld(z))));
            let s = canon(_mm256_add_ps(_mm256_cvtph_ps(p), ld(y)));
            let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(s);
            _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, h);
        }
    }
}

pub(crate) fn bench_baselines(c: &mut Criterion) {
    let n = 16384usize;
    let mut g = c.benchmark_group("families_16k_lanes");
    g.throughput(Throughput::Elements(n as u64));
    let h: Vec<u16> = (0..n)
        .map(|i| f16::from_f32((i % 801) as f32 / 100.0 - 4.0).to_bits())
        .collect();
    let h2: Vec<u16> = h.iter().rev().copied().collect();
    let f: Vec<f32> = (0..n).map(|i| (i % 801) as f32 / 100.0 - 4.0).collect();
    let mut oh = vec![0u16; n];
    let mut of = vec![0u32; n];
    g.bench_function("baseline_max_half", |b| {
        b.iter(|| {
            max_half(black_box(&h), black_box(&h2), &mut oh);
            black_box(&oh);
        })
    });
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("f16c") && is_x86_feature_detected!("avx") {
        g.bench_function("baseline_mul_add_half", |b| {
            b.iter(|| {
                // SAFETY: the features were detected above.
                unsafe { mul_add_half(black_box(&h), black_box(&h2), black_box(&h), &mut oh) };
                black_box(&oh);
            })
        });
    }
    // Exp: the f64 function rounded to f32, as the lane function computes it.
    g.bench_function("baseline_exp_float", |b| {
        b.iter(|| {
            for (o, &x) in of.iter_mut().zip(black_box(&f)) {
                *o = canon(((x as f64).exp() as f32).to_bits());
            }
            black_box(&of);
        })
    });
    // A table of every half input's result, as for half Exp.
    let table: Vec<u16> = (0..=u16::MAX)
        .map(|x| f16::from_f64(f16::from_bits(x).to_f64().exp()).to_bits())
        .collect();
    g.bench_function("baseline_table_half", |b| {
        b.iter(|| {
            for (o, &x) in oh.iter_mut().zip(black_box(&h)) {
                *o = table[x as usize];
            }
            black_box(&oh);
        })
    });
    g.bench_function("baseline_div_float", |b| {
        b.iter(|| {
            for ((o, &x), &y) in of.iter_mut().zip(black_box(&f)).zip(black_box(&f[1..])) {
                *o = canon((x / y).to_bits());
            }
            black_box(&of);
        })
    });
    g.finish();
}
