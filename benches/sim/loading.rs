//! Loading programs and checking expectations.

use super::*;

/// A headless run with its expectations checked, passing and with 1 or 5 failing entries (each
/// failing element's last writer named): 1,000 half Adds of 255 repeats, alternating between
/// two destinations, so every element's last writer is the last Add.
pub(crate) fn bench_expect(c: &mut Criterion) {
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

/// Loading (issue 14 item 6): 10,000 count-form Adds parsed, read and checked into a
/// program (`load_str`), per instruction.
pub(crate) fn bench_load(c: &mut Criterion) {
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
