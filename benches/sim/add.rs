//! The 255-repeat, full-mask Add on the fast path in f32 and half, beside its honest baselines
//! (plain Rust over slices; F16C/AVX for half).

use super::*;

/// `o = a + b` on half bits, eight lanes per F16C/AVX instruction, a NaN made canonical by a
/// blend as the semantics require (docs/semantics.md §6): the honest baseline.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "f16c,avx")]
pub(crate) unsafe fn f16c_add(a: &[u16], b: &[u16], o: &mut [u16]) {
    for ((x, y), z) in a
        .chunks_exact(8)
        .zip(b.chunks_exact(8))
        .zip(o.chunks_exact_mut(8))
    {
        add8(x, y, z);
    }
}

/// `f16c_add` on the first 16 lanes (one 32-byte block) of every `stride` lanes.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "f16c,avx")]
pub(crate) unsafe fn f16c_add_blocks(a: &[u16], b: &[u16], o: &mut [u16], stride: usize) {
    for ((x, y), z) in a
        .chunks_exact(stride)
        .zip(b.chunks_exact(stride))
        .zip(o.chunks_exact_mut(stride))
    {
        add8(&x[..8], &y[..8], &mut z[..8]);
        add8(&x[8..16], &y[8..16], &mut z[8..16]);
    }
}

/// Eight half lanes of `f16c_add`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "f16c,avx")]
#[inline]
pub(crate) unsafe fn add8(x: &[u16], y: &[u16], z: &mut [u16]) {
    use std::arch::x86_64::*;
    let nan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc0_0000));
    let xa = _mm256_cvtph_ps(_mm_loadu_si128(x.as_ptr() as *const __m128i));
    let ya = _mm256_cvtph_ps(_mm_loadu_si128(y.as_ptr() as *const __m128i));
    let r = _mm256_add_ps(xa, ya);
    let r = _mm256_blendv_ps(r, nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(r, r));
    let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(r);
    _mm_storeu_si128(z.as_mut_ptr() as *mut __m128i, h);
}

pub(crate) fn add_program(dt: DType) -> Arc<Program> {
    let n = REPEATS as u32 * dt.par();
    let bytes = n * dt.size();
    let t = |name: &str, i: u32, init: bool| Tensor {
        name: name.into(),
        dtype: dt,
        addr: i * bytes,
        len: n,
        init: init.then(|| (0..bytes).map(|b| (b % 61) as u8 & 0x3b).collect()),
        span: Span::new(1, 1),
        space: Default::default(),
    };
    let op = |t: usize| Operand {
        tensor: t,
        offset: 0,
        span: Span::new(1, 1),
    };
    let add = Instr::new(
        Op::Add,
        Args::Elementwise(Vector {
            dst: Some(op(0)),
            src: vec![op(1), op(2)],
            form: Form::Masked {
                mask: MaskArg::Contiguous(dt.par() as i128),
                repeat_times: REPEATS,
            },
            strides: Strides::default(),
        }),
        Span::new(1, 1),
    );
    Arc::new(Program {
        path: "bench.ron".into(),
        source: Arc::from(""),
        name: None,
        product: Product::Ascend950,
        ub_size: None,
        tensors: vec![t("dst", 0, false), t("src0", 1, true), t("src1", 2, true)],
        scalars: Vec::new(),
        code: vec![Arc::new(add)],
        expect: Vec::new(),
        kernel: None,
        origins: None,
    })
}

pub(crate) fn bench_add(c: &mut Criterion) {
    let mut g = c.benchmark_group("add_255_repeats");
    for dt in [DType::Float, DType::Half, DType::Int16, DType::Int32] {
        let p = add_program(dt);
        let elems = REPEATS * dt.par() as u64;
        g.throughput(Throughput::Elements(elems));
        // Product 950 has 248 KiB of UB, enough for three 255-repeat operands.
        // Only the run is timed: a copy of a machine with its input tensors placed is the
        // setup, as the filled input slices are for the plain loop (the copy also touches
        // every UB page, so the timing is not of first-touch page faults). The copy is made
        // just before its run (`PerIteration`), so its memory is in cache as the plain
        // loop's slices are (a batch of copies made first leaves the early ones cold: 1.8–2.3×
        // the plain loop instead of 1.6–1.7×), and dropped untimed (`iter_batched_ref`), as
        // the plain loop keeps its slices: unmapping a 248 KiB UB is paid once per machine,
        // not per instruction. `simulator_run_8`: the same Add eight times over one machine,
        // per instruction.
        let mut eight = (*p).clone();
        eight.code = vec![eight.code[0].clone(); 8];
        for (name, program, n) in [
            ("simulator_run", p.clone(), 1),
            ("simulator_run_8", Arc::new(eight), 8),
        ] {
            let template = Machine::new(program, Product::Ascend950);
            g.throughput(Throughput::Elements(n * elems));
            g.bench_function(BenchmarkId::new(name, dt.name()), |b| {
                b.iter_batched_ref(
                    || template.clone(),
                    |m| {
                        m.run();
                        black_box(m.counts())
                    },
                    BatchSize::PerIteration,
                )
            });
        }
        g.throughput(Throughput::Elements(elems));
        match dt {
            DType::Float => {
                let a: Vec<f32> = (0..elems).map(|i| i as f32 * 0.5).collect();
                let b2: Vec<f32> = (0..elems).map(|i| i as f32 * 0.25).collect();
                let mut d = vec![0f32; elems as usize];
                g.bench_function(BenchmarkId::new("plain_loop", "float"), |b| {
                    b.iter(|| {
                        for ((o, x), y) in d.iter_mut().zip(black_box(&a)).zip(black_box(&b2)) {
                            *o = x + y;
                        }
                        black_box(&d);
                    })
                });
            }
            DType::Int16 => {
                let a: Vec<i16> = (0..elems).map(|i| i as i16).collect();
                let b2: Vec<i16> = (0..elems).map(|i| (i * 7) as i16).collect();
                let mut d = vec![0i16; elems as usize];
                g.bench_function(BenchmarkId::new("plain_loop", "int16"), |b| {
                    b.iter(|| {
                        for ((o, x), y) in d.iter_mut().zip(black_box(&a)).zip(black_box(&b2)) {
                            *o = x.wrapping_add(*y);
                        }
                        black_box(&d);
                    })
                });
            }
            DType::Int32 => {
                let a: Vec<i32> = (0..elems).map(|i| i as i32).collect();
                let b2: Vec<i32> = (0..elems).map(|i| (i * 7) as i32).collect();
                let mut d = vec![0i32; elems as usize];
                g.bench_function(BenchmarkId::new("plain_loop", "int32"), |b| {
                    b.iter(|| {
                        for ((o, x), y) in d.iter_mut().zip(black_box(&a)).zip(black_box(&b2)) {
                            *o = x.wrapping_add(*y);
                        }
                        black_box(&d);
                    })
                });
            }
            _ => {
                let a: Vec<f16> = (0..elems)
                    .map(|i| f16::from_f32((i % 100) as f32))
                    .collect();
                let b2: Vec<f16> = (0..elems).map(|i| f16::from_f32((i % 7) as f32)).collect();
                let mut d = vec![f16::ZERO; elems as usize];
                g.bench_function(BenchmarkId::new("plain_loop", "half"), |b| {
                    b.iter(|| {
                        for ((o, x), y) in d.iter_mut().zip(black_box(&a)).zip(black_box(&b2)) {
                            *o = f16::from_f32(x.to_f32() + y.to_f32());
                        }
                        black_box(&d);
                    })
                });
                // The host's limit: F16C conversions, an AVX add and the NaN blend, eight lanes
                // at a time (runtime-detected; the sum of two halves rounded once from f32 is
                // the correctly rounded half sum).
                #[cfg(target_arch = "x86_64")]
                if is_x86_feature_detected!("f16c") && is_x86_feature_detected!("avx") {
                    let (xa, ya): (Vec<u16>, Vec<u16>) = a
                        .iter()
                        .zip(&b2)
                        .map(|(x, y)| (x.to_bits(), y.to_bits()))
                        .unzip();
                    let mut o = vec![0u16; elems as usize];
                    g.bench_function(BenchmarkId::new("f16c_avx_loop", "half"), |b| {
                        b.iter(|| {
                            // SAFETY: the features were detected above.
                            unsafe { f16c_add(black_box(&xa), black_box(&ya), &mut o) };
                            black_box(&o);
                        })
                    });
                }
            }
        }
        // Observed stepping, for scale: every block step builds its event.
        if !matches!(dt, DType::Float | DType::Half) {
            continue;
        }
        g.bench_with_input(
            BenchmarkId::new("simulator_step_blocks", dt.name()),
            &p,
            |b, p| {
                b.iter(|| {
                    let mut m = Machine::new(p.clone(), Product::Ascend950);
                    while let Some(ev) = m.step(Granularity::Block) {
                        black_box(ev.accesses.len());
                    }
                })
            },
        );
    }
    g.finish();
}
