//! The C++ front end's speed (docs/format.md §12): a cold compile of a kernel, a warm run of a
//! cached one (everything before and around a tiny simulation), the overhead of one recorded
//! API call (10^5 count-form Adds of 64 floats, simulation included), a 48-block
//! elementwise launch over 1.2 M halves, a 16-block sigmoid computed in float (3,072
//! calls), and 10^4 GetValue reads (each a round trip to the simulator). The kernels are in
//! benches/kernels/.

use ascstep::base::product::Product;
use ascstep::kernel::{self, compile::Flags, End, Limits, Options, Output};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn kernel_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/kernels")
        .join(name)
}

fn options(defines: &[&str]) -> Options {
    Options {
        product: Product::AtlasA2,
        flags: Flags {
            defines: defines.iter().map(|d| d.to_string()).collect(),
            includes: Vec::new(),
            link: Vec::new(),
            first_include: None,
            host: None,
        },
        limits: Limits {
            timeout: Some(Duration::from_secs(60)),
            memory: kernel::default_memory_limit(),
        },
        output: Output::Capture,
        cwd: None,
        opbase: None,
        only_blocks: Vec::new(),
    }
}

/// Runs `file` and checks that its `main` succeeded (the launch's own check of z = 2·x).
fn run(file: &Path, opts: &Options) -> usize {
    let r = kernel::run(file, opts).expect("the kernel compiles");
    assert!(matches!(r.end, End::Exited(0)), "{:?}", r.end);
    r.machine.program().code.len()
}

fn bench_kernel(c: &mut Criterion) {
    let cache = std::env::temp_dir().join(format!("ascstep-bench-{}", std::process::id()));
    std::env::set_var("ASCSTEP_CACHE", &cache);
    let mut g = c.benchmark_group("kernel");
    g.sample_size(10);

    let calls = kernel_file("calls.asc");
    // A fresh cache for every compile: the headers written and the kernel compiled.
    // Criterion calls this closure for its warm-up and again for each sample: the count of
    // compiles lives outside it.
    let mut k = 0;
    g.bench_function("cold_compile_and_run", |b| {
        b.iter(|| {
            k += 1;
            std::env::set_var("ASCSTEP_CACHE", cache.join(format!("cold{k}")));
            run(&calls, &options(&["CALLS=10"]))
        });
        std::env::set_var("ASCSTEP_CACHE", &cache);
    });
    let small = options(&["CALLS=10"]);
    run(&calls, &small);
    g.bench_function("warm_run_11_calls", |b| b.iter(|| run(&calls, &small)));

    let many = options(&["CALLS=100000"]);
    run(&calls, &many);
    g.throughput(Throughput::Elements(100_001));
    g.bench_function("calls_1e5", |b| b.iter(|| run(&calls, &many)));

    // A question a call: 10^4 GetValue reads, each answered before the kernel goes on.
    let reads = kernel_file("get_values.asc");
    let questions = options(&["READS=10000"]);
    run(&reads, &questions);
    g.throughput(Throughput::Elements(10_000));
    g.bench_function("get_values_1e4", |b| b.iter(|| run(&reads, &questions)));

    let launch = kernel_file("launch48.asc");
    let none = options(&[]);
    run(&launch, &none);
    g.throughput(Throughput::Elements(1_228_800));
    g.bench_function("launch_48_blocks_1.2M_half", |b| {
        b.iter(|| run(&launch, &none))
    });

    // A real kernel's compute path: half data computed in float, 3,072 calls (item 6 of
    // issue 14: under 100 ms once compiled).
    let sigmoid = kernel_file("sigmoid_tiles.asc");
    run(&sigmoid, &none);
    g.throughput(Throughput::Elements(3_072));
    g.bench_function("sigmoid_16_blocks_3072_calls", |b| {
        b.iter(|| run(&sigmoid, &none))
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&cache);
}

criterion_group!(benches, bench_kernel);
criterion_main!(benches);
