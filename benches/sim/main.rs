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

mod add;
mod baselines;
mod debugger;
mod families;
mod loading;
use add::*;
use baselines::*;
use debugger::*;
use families::*;
use loading::*;

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
    bench_families,
    bench_baselines
);

criterion_main!(benches);
