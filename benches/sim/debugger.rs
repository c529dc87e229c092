//! The debugger at depth: history (step back, goto, memory), the UI's frames and keys, the diff
//! and continue commands.

use super::*;

/// A program of just over one million block steps: 491 Adds of 255 full repeats (2 040 blocks each).
pub(crate) fn deep_program() -> Arc<Program> {
    let p = add_program(DType::Float);
    let mut q = (*p).clone();
    let add = q.code[0].clone();
    q.code = vec![add; 491];
    Arc::new(q)
}

pub(crate) fn bench_history(c: &mut Criterion) {
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
pub(crate) fn bench_ui(c: &mut Criterion) {
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
        code: (0..8).map(|_| Arc::new(adds.clone())).collect(),
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
pub(crate) fn bench_keys_4m(c: &mut Criterion) {
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
pub(crate) fn bench_keys_10m(c: &mut Criterion) {
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

pub(crate) fn keys_at(
    c: &mut Criterion,
    group: &str,
    instrs: usize,
    mask: &str,
    at: u64,
    gotos: (u64, u64),
) {
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

/// `diff` on two products that agree and on two that differ (issue 14 item 3): 1,000 count-form
/// half Adds and a PairReduceSum last, whose unwritten last pair Atlas 200I/500 A2 zeroes and
/// Atlas A2 keeps when its mask is 62 (docs/semantics.md §9), and neither when it is 64; then
/// the same with a Muls of "d" by 1 after every Add, so that the differing last pair (d[31])
/// has 1,001 writers. And `continue` with nothing to stop it against `run` and against a goto
/// to the same end (item 4): 1,000 Adds with a bitwise mask.
pub(crate) fn bench_diff_and_continue(c: &mut Criterion) {
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
