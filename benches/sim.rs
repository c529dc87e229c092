//! Headless speed: a 255-repeat, full-mask Add in f32 and half on the simulator's fast path,
//! next to the same arithmetic as a plain Rust loop over slices (both report elements/second);
//! and the debugger's history at a depth of one million block steps: step back, goto, memory.

use ascstep::base::catalog::Op;
use ascstep::base::diag::Span;
use ascstep::base::dtype::DType;
use ascstep::base::ir::{Args, Form, Instr, MaskArg, Operand, Program, Strides, Tensor, Vector};
use ascstep::debug::command::{WatchKind, WatchTarget};
use ascstep::debug::Session;
use ascstep::sim::{Granularity, Machine, Product};
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use half::f16;
use std::hint::black_box;
use std::sync::Arc;

const REPEATS: u64 = 255;

/// `o = a + b` on half bits, eight lanes per F16C/AVX instruction, a NaN made canonical by a
/// blend as the semantics require (docs/semantics.md §6): the honest baseline.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "f16c,avx")]
unsafe fn f16c_add(a: &[u16], b: &[u16], o: &mut [u16]) {
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
unsafe fn f16c_add_blocks(a: &[u16], b: &[u16], o: &mut [u16], stride: usize) {
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
unsafe fn add8(x: &[u16], y: &[u16], z: &mut [u16]) {
    use std::arch::x86_64::*;
    let nan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc0_0000));
    let xa = _mm256_cvtph_ps(_mm_loadu_si128(x.as_ptr() as *const __m128i));
    let ya = _mm256_cvtph_ps(_mm_loadu_si128(y.as_ptr() as *const __m128i));
    let r = _mm256_add_ps(xa, ya);
    let r = _mm256_blendv_ps(r, nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(r, r));
    let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(r);
    _mm_storeu_si128(z.as_mut_ptr() as *mut __m128i, h);
}

fn add_program(dt: DType) -> Arc<Program> {
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
        code: vec![add],
        expect: Vec::new(),
        kernel: None,
        origins: None,
    })
}

fn bench_add(c: &mut Criterion) {
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

/// A program of just over one million block steps: 491 Adds of 255 full repeats (2 040 blocks each).
fn deep_program() -> Arc<Program> {
    let p = add_program(DType::Float);
    let mut q = (*p).clone();
    let add = q.code[0].clone();
    q.code = vec![add; 491];
    Arc::new(q)
}

fn bench_history(c: &mut Criterion) {
    let p = deep_program();
    let mut s = Session::new(p.clone(), Product::Ascend950);
    let depth = 1_000_000u64;
    s.goto(depth);
    assert_eq!(s.step_count(), depth);
    eprintln!(
        "history at depth {depth}: {} checkpoints every {} steps, ≈ {:.1} MiB",
        s.history().len(),
        s.history().interval(),
        s.history().approx_bytes() as f64 / (1 << 20) as f64
    );
    let mut g = c.benchmark_group("history_depth_1e6");
    g.sample_size(20);
    g.bench_function("back_block", |b| {
        b.iter_batched_ref(
            || s.clone(),
            |s| {
                s.back(Granularity::Block, 1);
                black_box(s.step_count())
            },
            BatchSize::PerIteration,
        )
    });
    g.bench_function("back_instruction", |b| {
        b.iter_batched_ref(
            || s.clone(),
            |s| {
                s.back(Granularity::Instruction, 1);
                black_box(s.step_count())
            },
            BatchSize::PerIteration,
        )
    });
    let mut k = 0u64;
    let mut t = s.clone();
    g.bench_function("goto_random_deep_step", |b| {
        b.iter(|| {
            k = (k + 7919) % 400_000;
            t.goto(500_000 + k);
            black_box(t.step_count())
        })
    });
    g.finish();
}

/// The terminal UI with a full 256 KiB UB (atlas_training): one instruction step plus a
/// 160×48 frame, as a key press costs.
fn bench_ui(c: &mut Criterion) {
    use ascstep::tui::app::App;
    use ascstep::tui::keymap::{Key, Keymap};
    use ascstep::tui::theme::Theme;
    let n = 131_072u32;
    let t = Tensor {
        name: "x".into(),
        dtype: DType::Half,
        addr: 0,
        len: n,
        init: Some(vec![0x3c; (n * 2) as usize]),
        span: Span::new(1, 1),
        space: Default::default(),
    };
    let op = |t: usize| Operand {
        tensor: t,
        offset: 0,
        span: Span::new(1, 1),
    };
    let adds = Instr::new(
        Op::Adds,
        Args::Scalar {
            v: Vector {
                dst: Some(op(0)),
                src: vec![op(0)],
                form: Form::Masked {
                    mask: MaskArg::Contiguous(128),
                    repeat_times: 255,
                },
                strides: Strides::default(),
            },
            scalar: ascstep::base::dtype::Value::Float(1.0),
            round_en: false,
            elem: None,
            scalar_first: false,
        },
        Span::new(1, 1),
    );
    let p = Arc::new(Program {
        path: "ui.ron".into(),
        source: Arc::from(""),
        name: None,
        product: Product::AtlasTraining,
        ub_size: None,
        tensors: vec![t],
        scalars: Vec::new(),
        code: vec![adds; 8],
        expect: Vec::new(),
        kernel: None,
        origins: None,
    });
    let mut app = App::new(
        Session::new(p, Product::AtlasTraining),
        Theme::default_theme(),
        Keymap::default(),
    );
    let mut g = c.benchmark_group("ui_256k_ub");
    g.sample_size(20);
    g.bench_function("frame_160x48", |b| {
        b.iter(|| black_box(ascstep::tui::screen(&app, 160, 48).len()))
    });
    g.bench_function("key_n_then_frame", |b| {
        b.iter(|| {
            if app.session.machine().status() != ascstep::sim::Status::Running {
                app.session.restart();
            }
            app.handle_key(Key::plain('n'));
            black_box(ascstep::tui::screen(&app, 160, 48).len())
        })
    });
    g.finish();
}

/// Keys deep in a program of 4,080,000 block steps (2,000 half Adds of 255 repeats), each with
/// a 160×48 frame: the latencies the README quotes.
fn bench_keys_4m(c: &mut Criterion) {
    keys_at(
        c,
        "keys_4m_steps",
        2_000,
        "128",
        2_000_000,
        (1_000_000, 3_000_000),
    );
}

/// The same keys at the depth issue 14 names: a program of 10,200,000 block steps (5,000 half
/// Adds of 255 repeats), at step 10⁷ (a masked program: Adds with a bitwise mask).
fn bench_keys_10m(c: &mut Criterion) {
    let bitwise = "[0x5555555555555555, 0x5555555555555555]";
    keys_at(
        c,
        "keys_10m_steps",
        5_000,
        bitwise,
        10_000_000,
        (2_500_000, 10_000_000),
    );
}

fn keys_at(c: &mut Criterion, group: &str, instrs: usize, mask: &str, at: u64, gotos: (u64, u64)) {
    use ascstep::tui::app::App;
    use ascstep::tui::keymap::{Key, Keymap};
    use ascstep::tui::theme::Theme;
    let code: String = (0..instrs)
        .map(|_| format!("Adds(dst: \"y\", src: \"y\", scalar: 1, mask: {mask}, repeat_times: 255, params: [1, 1, 8, 8]),\n"))
        .collect();
    let src = format!(
        "Program(product: atlas_training, tensors: {{ \"y\": (dtype: half, addr: 0, len: 32640, init: Fill(0)) }}, code: [{code}])"
    );
    let p = Arc::new(ascstep::program::load_str(std::path::Path::new("keys.ron"), &src).unwrap());
    let mut app = App::new(
        Session::new(p, Product::AtlasTraining),
        Theme::default_theme(),
        Keymap::default(),
    );
    let total = instrs as u64 * 2040;
    app.session.goto(total);
    app.session.goto(at);
    let frame = |app: &App| black_box(ascstep::tui::screen(app, 160, 48).len());
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    g.bench_function("s_step_block", |b| {
        b.iter(|| {
            app.handle_key(Key::plain('s'));
            frame(&app)
        })
    });
    g.bench_function("S_back_block", |b| {
        b.iter(|| {
            app.handle_key(Key::plain('S'));
            frame(&app)
        })
    });
    g.bench_function("R_back_repeat", |b| {
        b.iter(|| {
            app.handle_key(Key::plain('R'));
            frame(&app)
        })
    });
    g.bench_function("r_step_repeat", |b| {
        b.iter(|| {
            app.handle_key(Key::plain('r'));
            frame(&app)
        })
    });
    // `n` enters a new instruction at every press: the divergence pane compares it on the six
    // products (part of the frame). Back to the starting depth before the program's end.
    g.bench_function("n_step_instr", |b| {
        b.iter(|| {
            if app.session.machine().step_count() + 4_080 > total {
                app.session.goto(at);
            }
            app.handle_key(Key::plain('n'));
            frame(&app)
        })
    });
    g.bench_function("N_back_instr", |b| {
        b.iter(|| {
            app.handle_key(Key::plain('N'));
            frame(&app)
        })
    });
    app.session.goto(at);
    let mut far = false;
    g.bench_function("goto_back_and_forth", |b| {
        b.iter(|| {
            far = !far;
            app.session.goto(if far { gotos.1 } else { gotos.0 });
            frame(&app)
        })
    });
    let mut other = false;
    g.bench_function("product_switch", |b| {
        b.iter(|| {
            other = !other;
            let key = if other {
                "atlas_inference"
            } else {
                "atlas_training"
            };
            app.run_line(&format!("product {key}"));
            frame(&app)
        })
    });
    // A switch to a product whose run is not kept: three products in turn, so the one switched
    // to is never the one left last time (the run it takes over is this one, up to the first
    // instruction the product prepares differently).
    let cycle = [
        Product::AtlasTraining,
        Product::AtlasInference,
        Product::AtlasA2,
    ];
    g.bench_function("product_first_switch", |b| {
        b.iter(|| {
            let now = cycle
                .iter()
                .position(|&p| p == app.session.product())
                .unwrap_or(0);
            let next = cycle[(now + 1) % cycle.len()];
            app.run_line(&format!("product {}", next.profile().key));
            frame(&app)
        })
    });
    // `p`: the next of the six products in turn.
    g.bench_function("p_next_product", |b| {
        b.iter(|| {
            app.handle_key(Key::plain('p'));
            frame(&app)
        })
    });
    g.finish();
}

/// A headless run with its expectations checked, passing and with 1 or 5 failing entries (each
/// failing element's last writer named): 1,000 half Adds of 255 repeats, alternating between
/// two destinations, so every element's last writer is the last Add.
fn bench_expect(c: &mut Criterion) {
    let n = 32640;
    let code: String = (0..1000)
        .map(|i| {
            if i % 2 == 0 {
                format!("Add(dst: \"z\", src0: \"x\", src1: \"y\", count: {n}),\n")
            } else {
                format!("Add(dst: \"x\", src0: \"z\", src1: \"y\", count: {n}),\n")
            }
        })
        .collect();
    // x = 1 + 4·500 = 2001 at the end.
    let program = |failing: usize| {
        let expect: String = (0..5)
            .map(|k| {
                let v = if k < failing { 0 } else { 2001 };
                format!(
                    "(tensor: \"x\", at: {}, len: 1000, values: Fill({v})),",
                    k * 1000
                )
            })
            .collect();
        let src = format!(
            "Program(product: atlas_a2, tensors: {{ \"x\": (dtype: half, addr: 0, len: {n}, init: Fill(1)), \"y\": (dtype: half, addr: 0x10000, len: {n}, init: Fill(2)), \"z\": (dtype: half, addr: 0x20000, len: {n}) }}, code: [{code}], expect: [{expect}])"
        );
        Arc::new(ascstep::program::load_str(std::path::Path::new("expect.ron"), &src).unwrap())
    };
    let mut g = c.benchmark_group("run_with_expectations");
    g.sample_size(10);
    for failing in [0, 1, 5] {
        let p = program(failing);
        g.bench_with_input(BenchmarkId::new("failing", failing), &p, |b, p| {
            b.iter(|| {
                let o = ascstep::outcome::run(p.clone(), Product::AtlasA2, false);
                assert_eq!(o.expectations.iter().filter(|e| !e.passed).count(), failing);
                black_box(o.expectations.len())
            })
        });
    }
    g.finish();
}

/// `diff` on two products that agree and on two that differ (issue 14 item 3): 1,000 count-form
/// half Adds and a PairReduceSum last, whose unwritten last pair Atlas 200I/500 A2 zeroes and
/// Atlas A2 keeps when its mask is 62 (docs/semantics.md §9), and neither when it is 64; then
/// the same with a Muls of "d" by 1 after every Add, so that the differing last pair (d[31])
/// has 1,001 writers. And `continue` with nothing to stop it against `run` and against a goto
/// to the same end (item 4): 1,000 Adds with a bitwise mask.
fn bench_diff_and_continue(c: &mut Criterion) {
    let program = |body: &str, mask: u32| {
        let src = format!(
            "Program(product: atlas_a2, tensors: {{ \"x\": (dtype: half, addr: 0, len: 16256, init: Fill(1)), \"y\": (dtype: half, addr: 0x8000, len: 16256, init: Fill(2)), \"z\": (dtype: half, addr: 0x10000, len: 16256), \"s\": (dtype: float, addr: 0x18000, len: 64, init: Ramp(start: 1, step: 1)), \"d\": (dtype: float, addr: 0x18100, len: 32, init: Fill(-1)) }}, code: [{body} PairReduceSum(dst: \"d\", src: \"s\", repeat_times: 1, mask: {mask}, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)])"
        );
        Arc::new(ascstep::program::load_str(std::path::Path::new("diff.ron"), &src).unwrap())
    };
    let adds = "Add(dst: \"z\", src0: \"x\", src1: \"y\", count: 16256),\n".repeat(1000);
    let with_muls = "Add(dst: \"z\", src0: \"x\", src1: \"y\", count: 16256), Muls(dst: \"d\", src: \"d\", scalar: 1.0, count: 32),\n".repeat(500);
    let bitwise = "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: [0x5555555555555555, 0x5555555555555555], repeat_times: 127, params: [1, 1, 1, 8, 8, 8]),\n".repeat(1000);
    let products = [Product::AtlasA2, Product::Atlas200I500A2];
    let mut g = c.benchmark_group("diff_and_continue");
    g.sample_size(10);
    for (name, body, mask) in [
        ("diff_agreeing", &adds, 64),
        ("diff_differing", &adds, 62),
        ("diff_many_writers_agreeing", &with_muls, 64),
        ("diff_many_writers_differing", &with_muls, 62),
    ] {
        let p = program(body, mask);
        let want = mask == 62;
        g.bench_function(name, |b| {
            b.iter(|| {
                let r = ascstep::diff::diff(p.clone(), &products);
                assert_eq!(r.verdict() != ascstep::diff::Verdict::Agree, want);
                black_box(r)
            })
        });
    }
    let p = program(&bitwise, 64);
    g.bench_function("run_1000_bitwise_adds", |b| {
        b.iter(|| {
            let mut m = Machine::new(p.clone(), Product::AtlasA2);
            black_box(m.run())
        })
    });
    g.bench_function("continue_1000_bitwise_adds", |b| {
        b.iter(|| {
            let mut s = Session::new(p.clone(), Product::AtlasA2);
            black_box(s.cont())
        })
    });
    // With a write watchpoint on z[1], a lane the mask leaves off: every Add's dst covers it,
    // so each may stop inside; only block steps whose plan touches z[1] would be observed.
    g.bench_function("continue_1000_bitwise_adds_watching_a_masked_lane", |b| {
        b.iter(|| {
            let mut s = Session::new(p.clone(), Product::AtlasA2);
            let z1 = WatchTarget::Elements {
                tensor: "z".into(),
                start: 1,
                end: 2,
            };
            s.watch(&z1, WatchKind::Write).unwrap();
            let stop = s.cont().unwrap();
            assert_eq!(stop.reason, ascstep::debug::StopReason::End);
            black_box(stop)
        })
    });
    // The debugger's own forward motion to the same end: a goto keeps the same checkpoints.
    let end = {
        let mut m = Machine::new(p.clone(), Product::AtlasA2);
        m.run();
        m.step_count()
    };
    g.bench_function("goto_end_1000_bitwise_adds", |b| {
        b.iter(|| {
            let mut s = Session::new(p.clone(), Product::AtlasA2);
            s.goto(end);
            black_box(s.step_count())
        })
    });
    g.finish();
}

/// Loading (issue 14 item 6): 10,000 count-form Adds parsed, read and checked into a
/// program (`load_str`), per instruction.
fn bench_load(c: &mut Criterion) {
    let code: String = (0..10_000)
        .map(|i| {
            format!(
                "    Add(dst: \"z\", src0: \"x\", src1: \"y\", count: {}),\n",
                64 + i % 64
            )
        })
        .collect();
    let src = format!(
        "Program(\n  product: atlas_a2,\n  tensors: {{\n    \"x\": (dtype: half, addr: 0, len: 128, init: Fill(1)),\n    \"y\": (dtype: half, addr: 0x100, len: 128, init: Fill(2)),\n    \"z\": (dtype: half, addr: 0x200, len: 128),\n  }},\n  code: [\n{code}  ],\n)\n"
    );
    let mut g = c.benchmark_group("load");
    g.sample_size(20);
    g.throughput(Throughput::Elements(10_000));
    g.bench_function("count_form_adds_10k", |b| {
        b.iter(|| {
            let p = ascstep::program::load_str(std::path::Path::new("load.ron"), black_box(&src));
            black_box(p.map(|p| p.code.len()).unwrap_or(0))
        })
    });
    g.finish();
}

/// Per-element costs off the contiguous fast path (issue 14 item 2): one instruction of 128
/// half repeats (16,384 lanes of footprint) per case on atlas_a2, the machine with its inputs
/// placed cloned as setup. `add_contiguous` is the reference the masked and strided forms are
/// compared with; the others are measured against 2 ns per element.
fn bench_families(c: &mut Criterion) {
    let t = |name: &str, dt: &str, addr: u32, len: u32, init: bool| {
        let init = if init {
            ", init: Random(seed: 7, min: -4, max: 4)"
        } else {
            ""
        };
        format!("\"{name}\": (dtype: {dt}, addr: {addr:#x}, len: {len}{init}),")
    };
    let n = 16384;
    let bin = |params: &str, mask: &str, reps: u32, lanes: u32| {
        (
            format!(
                "{}{}{}",
                t("d", "half", 0, lanes, false),
                t("a", "half", 0x10000, lanes, true),
                t("b", "half", 0x20000, lanes, true)
            ),
            format!("Add(dst: \"d\", src0: \"a\", src1: \"b\", mask: {mask}, repeat_times: {reps}, params: {params})"),
        )
    };
    let bitwise = "[0x5555555555555555, 0x5555555555555555]";
    let cases: Vec<(&str, (String, String))> = vec![
        ("add_contiguous", bin("[1, 1, 1, 8, 8, 8]", "128", 128, n)),
        ("add_bitwise", bin("[1, 1, 1, 8, 8, 8]", bitwise, 128, n)),
        ("add_strided", bin("[2, 2, 2, 16, 16, 16]", "128", 128, 2 * n)),
        (
            "compare_lt",
            (
                format!("{}{}{}", t("d", "uint8", 0, n / 8, false), t("a", "half", 0x10000, n, true), t("b", "half", 0x20000, n, true)),
                "Compare(dst: \"d\", src0: \"a\", src1: \"b\", cmp: LT, mask: 128, repeat_times: 128, params: [1, 1, 1, 8, 8, 8])".into(),
            ),
        ),
        (
            "cast_half_to_float",
            (
                format!("{}{}", t("d", "float", 0, n, false), t("a", "half", 0x10000, n, true)),
                format!("Cast(dst: \"d\", src: \"a\", round: CAST_NONE, count: {n})"),
            ),
        ),
        (
            "cast_float_to_half",
            (
                format!("{}{}", t("d", "half", 0x10000, n, false), t("a", "float", 0, n, true)),
                format!("Cast(dst: \"d\", src: \"a\", round: CAST_ROUND, count: {n})"),
            ),
        ),
        (
            "cast_float_to_half_none",
            (
                format!("{}{}", t("d", "half", 0x10000, n, false), t("a", "float", 0, n, true)),
                format!("Cast(dst: \"d\", src: \"a\", round: CAST_NONE, count: {n})"),
            ),
        ),
        (
            "cast_float_to_int32_round",
            (
                format!("{}{}", t("d", "int32", 0x10000, n, false), t("a", "float", 0, n, true)),
                format!("Cast(dst: \"d\", src: \"a\", round: CAST_ROUND, count: {n})"),
            ),
        ),
        (
            "whole_reduce_sum",
            (
                format!("{}{}", t("d", "half", 0, 128, false), t("a", "half", 0x10000, n, true)),
                "WholeReduceSum(dst: \"d\", src: \"a\", repeat_times: 128, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into(),
            ),
        ),
        (
            "pair_reduce_sum",
            (
                format!("{}{}", t("d", "half", 0, n / 2, false), t("a", "half", 0x10000, n, true)),
                "PairReduceSum(dst: \"d\", src: \"a\", repeat_times: 128, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into(),
            ),
        ),
        (
            "pair_reduce_sum_float",
            (
                format!("{}{}", t("d", "float", 0, n / 4, false), t("a", "float", 0x10000, n / 2, true)),
                "PairReduceSum(dst: \"d\", src: \"a\", repeat_times: 128, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into(),
            ),
        ),
        (
            "block_reduce_sum",
            (
                format!("{}{}", t("d", "half", 0, 1024, false), t("a", "half", 0x10000, n, true)),
                "BlockReduceSum(dst: \"d\", src: \"a\", repeat_times: 128, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)".into(),
            ),
        ),
        (
            "reduce_sum",
            (
                format!("{}{}{}", t("d", "half", 0, 16, false), t("w", "half", 0x100, 256, false), t("a", "half", 0x10000, n, true)),
                format!("ReduceSum(dst: \"d\", src: \"a\", work: \"w\", count: {n})"),
            ),
        ),
        (
            "reduce_sum_float",
            (
                format!("{}{}{}", t("d", "float", 0, 16, false), t("w", "float", 0x100, 256, false), t("a", "float", 0x10000, n, true)),
                format!("ReduceSum(dst: \"d\", src: \"a\", work: \"w\", count: {n})"),
            ),
        ),
        (
            "gather_mask",
            (
                format!("{}{}", t("d", "half", 0, n, false), t("a", "half", 0x10000, n, true)),
                "GatherMask(dst: \"d\", src0: \"a\", pattern: 1, reduce_mode: false, mask: 0, params: [1, 128, 8, 0])".into(),
            ),
        ),
        (
            "gather_mask_tensor",
            (
                format!("{}{}{}", t("d", "half", 0, n, false), t("a", "half", 0x10000, n, true), "\"p\": (dtype: uint16, addr: 0x20000, len: 2048, init: Random(seed: 3, min: 0, max: 65535)),"),
                "GatherMask(dst: \"d\", src0: \"a\", pattern: \"p\", reduce_mode: false, mask: 0, params: [1, 128, 8, 1])".into(),
            ),
        ),
    ];
    let mut g = c.benchmark_group("families_16k_lanes");
    g.throughput(Throughput::Elements(n as u64));
    // The host's limit for the contiguous and the strided Add of the same lanes: a bare
    // F16C/AVX loop over the lanes in a row, and over 16 half lanes (a block) of every 32
    // (block stride 2).
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("f16c") && is_x86_feature_detected!("avx") {
        let x: Vec<u16> = (0..2 * n).map(|i| (i % 1000) as u16 + 0x3c00).collect();
        let y: Vec<u16> = (0..2 * n).map(|i| (i % 7) as u16 + 0x3800).collect();
        let mut o = vec![0u16; 2 * n as usize];
        let len = n as usize;
        g.bench_function("f16c_avx_loop_contiguous", |b| {
            b.iter(|| {
                // SAFETY: the features were detected above.
                unsafe { f16c_add(black_box(&x[..len]), black_box(&y[..len]), &mut o[..len]) };
                black_box(&o);
            })
        });
        g.bench_function("f16c_avx_loop_strided", |b| {
            b.iter(|| {
                // SAFETY: the features were detected above.
                unsafe { f16c_add_blocks(black_box(&x), black_box(&y), &mut o, 32) };
                black_box(&o);
            })
        });
    }
    for (name, (tensors, instr)) in cases {
        let src = format!("Program(product: atlas_a2, tensors: {{ {tensors} }}, code: [{instr}])");
        let p = Arc::new(
            ascstep::program::load_str(std::path::Path::new("family.ron"), &src)
                .unwrap_or_else(|e| panic!("{name}: {e:?}")),
        );
        let template = Machine::new(p, Product::AtlasA2);
        // The machine dropped untimed, as in `bench_add`.
        g.bench_function(name, |b| {
            b.iter_batched_ref(
                || template.clone(),
                |m| {
                    m.run();
                    assert!(
                        m.diagnostics().iter().all(|d| !d.is_error()),
                        "{name} raised an error"
                    );
                    black_box(m.counts())
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    bench_add,
    bench_history,
    bench_ui,
    bench_load,
    bench_diff_and_continue,
    bench_keys_4m,
    bench_keys_10m,
    bench_expect,
    bench_families
);
criterion_main!(benches);
