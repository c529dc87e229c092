//! Property: running a program on the fast path gives bit-identical state (UB bytes, shadow,
//! mask register, counters, diagnostics, stop position) to stepping it block by block, repeat
//! by repeat or instruction by instruction — over random programs with random strides, masks,
//! repeat counts, dtypes and products, valid or not.

use ascstep::base::catalog::{Family, Op};
use ascstep::base::convert::RoundMode;
use ascstep::base::diag::Span;
use ascstep::base::dtype::{DType, Value};
use ascstep::base::expr::{Binary, Expr, Literal};
use ascstep::base::ir::{
    deq_config, Args, CopyBlocks, Event, Form, GatherPattern, Instr, MaskArg, Operand, Pipe,
    Program, ScalarArg, ScalarDecl, SetMaskArg, Slot, Space, Strides, Sync, Tensor, Vector,
};
use ascstep::base::modes::CmpMode;
use ascstep::base::modes::SelMode;
use ascstep::base::product::ReduceOrder;
use ascstep::base::rng::SplitMix64;
use ascstep::debug::Session;
use ascstep::sim::plan::AccessKind;
use ascstep::sim::{Granularity, Machine, Product};
use proptest::prelude::*;
use std::sync::Arc;

/// The crate's SplitMix64, to expand one proptest seed into an instruction.
struct Rng(SplitMix64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0.below(n)
    }
    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len() as u64) as usize]
    }
}

const TENSOR_BYTES: u32 = 8192;
const UB: u32 = 8 * TENSOR_BYTES;

/// The tensors of every random program: 0 dst, 1 and 2 sources (2 partly uninitialised; also
/// ReduceSum's work), 3 packed bits (Compare dst, Select selMask), 4 a partner type for
/// conversions, 5 a GatherMask pattern tensor, 6 int8 (narrowing composite casts).
const BITS: usize = 3;
const PARTNER: usize = 4;
const PATTERN: usize = 5;
const I8: usize = 6;
/// Gather's and Gatherb's byte offsets (uint32, mostly aligned and inside tensor 1; in half of
/// the programs all at 32-byte blocks). Gatherb takes few dtypes, so it is generated too seldom
/// for the per-family write count below; run_equals_stepping covers it all the same.
const OFFS: usize = 7;

/// The conversion partner of each generated element type (a pair most products offer).
fn partner(dt: DType) -> DType {
    match dt {
        DType::Half => DType::Float,
        DType::Float => DType::Half,
        DType::Int16 => DType::Half,
        DType::Int32 => DType::Float,
        _ => DType::UInt32,
    }
}

/// The pattern tensor type that goes with `dt` (GatherMask, semantics.md §4.6).
fn pattern_type(dt: DType) -> DType {
    if dt.size() == 2 {
        DType::UInt16
    } else {
        DType::UInt32
    }
}

fn instr(op: Op, dt: DType, rng: &mut Rng) -> Instr {
    let span = Span::new(1, 1);
    let size = |t: usize| match t {
        BITS | I8 => 1,
        PARTNER => partner(dt).size(),
        PATTERN => pattern_type(dt).size(),
        _ => dt.size(),
    };
    let operand = |t: usize, rng: &mut Rng| Operand {
        tensor: t,
        // Mostly aligned offsets (in the tensor's own elements), sometimes misaligned ones.
        offset: if rng.below(8) == 0 {
            1
        } else {
            rng.below(3) as u32 * (32 / size(t))
        },
        span: Span::new(1, 1),
    };
    let fam = op.family();
    if fam == Family::MaskReg {
        let mut set = None;
        if op == Op::SetVectorMask {
            set = Some(if rng.below(2) == 0 {
                SetMaskArg::Len(rng.below(200))
            } else {
                SetMaskArg::Words {
                    high: rng.next(),
                    low: rng.next(),
                }
            })
        }
        let dtype = DType::Half;
        return Instr::new(op, Args::MaskReg { set, dtype }, span);
    }
    // The scalar unit: scalar 0 has the element type, scalar 1 (`n`) is an int32 count.
    if fam == Family::ScalarUnit || fam == Family::Sync {
        let at = |t: usize, rng: &mut Rng| Operand {
            tensor: t,
            offset: rng.below(64) as u32,
            span,
        };
        let args = match op {
            Op::GetValue => Args::GetValue {
                dst: 0,
                src: at(1, rng),
            },
            Op::SetValue => Args::SetValue {
                dst: at(0, rng),
                src: if rng.below(2) == 0 {
                    ScalarArg::Scalar(0)
                } else {
                    ScalarArg::Lit(Value::Int(rng.below(9) as i128))
                },
            },
            Op::Let => Args::Let {
                dst: rng.below(2) as usize,
                expr: Expr::Binary(
                    Binary::Add,
                    Box::new(Expr::Scalar(1, 1)),
                    Box::new(Expr::Lit(Literal::Int(rng.below(50) as i128, DType::Int32))),
                    1,
                ),
            },
            Op::GetReduceRepeatSumSpr => Args::ReduceSumSpr { ret: 0 },
            Op::GetReduceRepeatMaxMinSpr => Args::MaxMinSpr {
                value: 0,
                index: (rng.below(2) == 0).then_some(1),
            },
            Op::GetCmpMask => Args::GetCmpMask {
                dst: operand(BITS, rng),
            },
            Op::PipeBarrier => Args::Sync(Sync::Barrier(Pipe::V)),
            Op::SyncAll => Args::Sync(Sync::AllBlocks),
            Op::SetFlag => Args::Sync(Sync::SetFlag(
                Event {
                    from: Pipe::V,
                    to: Pipe::S,
                },
                0,
            )),
            _ => Args::Sync(Sync::WaitFlag(
                Event {
                    from: Pipe::V,
                    to: Pipe::S,
                },
                0,
            )),
        };
        return Instr::new(op, args, span);
    }
    if fam == Family::DeqScale {
        let scale = [0.5, 1.0, 2.0, -0.25][rng.below(4) as usize];
        let offset = rng.below(512) as i16 - 256;
        let sign = rng.below(2) == 0;
        let args = match rng.below(3) {
            0 => Args::DeqScale {
                scale,
                offset: None,
                sign_mode: None,
            },
            1 => Args::DeqScale {
                scale,
                offset: Some(offset),
                sign_mode: Some(sign),
            },
            _ => Args::VecDeqScale {
                vdeq: operand(0, rng),
                words: std::array::from_fn(|j| {
                    deq_config((scale * (j + 1) as f64) as f32, offset, sign)
                }),
            },
        };
        return Instr::new(op, args, span);
    }
    // dst is tensor 0 or, for in-place work, the source tensor.
    let dst_t = if rng.below(4) == 0 { 1 } else { 0 };
    let mut dst = operand(dst_t, rng);
    let nsrc = match fam {
        Family::Binary | Family::CastBinary => 2,
        Family::Compare if op != Op::Compares => 2,
        Family::Select => 2,
        Family::Duplicate | Family::VecIndex => 0,
        _ => 1,
    };
    let mut src = Vec::new();
    for j in 0..nsrc {
        src.push(operand(1 + j, rng));
    }
    let mut scalar = None;
    if matches!(
        fam,
        Family::Scalar | Family::Duplicate | Family::VecIndex | Family::Compare | Family::Select
    ) {
        scalar = Some(if dt.is_float() {
            Value::Float(rng.below(200) as f64 / 8.0 - 12.0)
        } else {
            Value::Int(rng.below(17) as i128)
        });
    }
    let round_en = op == Op::ShiftRight && rng.below(2) == 0;
    let order = rng.pick(&ReduceOrder::ALL);
    let cmp = rng.pick(&CmpMode::ALL);
    let sel_mode = rng.pick(&SelMode::ALL);
    let round = rng.pick(&RoundMode::ALL);
    let mut aux = None;
    let mut pattern = None;
    let mut reduce_mode = false;
    let mut calc_index = false;
    let mut is_set_mask = true;
    match fam {
        // Packed bits out; Select reads them (mode 1 has no src1).
        Family::Compare => dst = operand(BITS, rng),
        Family::Select => {
            aux = Some(operand(BITS, rng));
            if sel_mode == SelMode::TensorScalar {
                src.truncate(1);
            }
        }
        Family::GatherMask => {
            if rng.below(2) == 0 {
                pattern = Some(1 + rng.below(7) as u8);
            } else {
                aux = Some(operand(PATTERN, rng));
            }
            reduce_mode = rng.below(2) == 0;
        }
        Family::Cast if op == Op::CastDequant => dst = operand(I8, rng),
        Family::Cast => dst = operand(PARTNER, rng),
        Family::CastBinary => {
            let t = if dt == DType::Float { PARTNER } else { I8 };
            dst = operand(t, rng);
        }
        Family::Binary | Family::Scalar
            if matches!(op, Op::MulAddDst | Op::Axpy) && rng.below(2) == 0 =>
        {
            dst = operand(PARTNER, rng);
        }
        Family::Whole => {
            aux = Some(operand(2, rng));
            calc_index = rng.below(2) == 0;
            is_set_mask = rng.below(4) != 0;
        }
        _ => {}
    }
    let stride = |rng: &mut Rng, hi: u64| rng.below(hi) as u32;
    let mut strides = Strides {
        dst_blk: if rng.below(10) == 0 {
            0
        } else {
            1 + stride(rng, 2)
        },
        dst_rep: stride(rng, 12),
        src_blk: [stride(rng, 3), stride(rng, 3)],
        src_rep: [stride(rng, 12), stride(rng, 12)],
    };
    if rng.below(2) == 0 {
        strides = Strides {
            dst_rep: if fam == Family::Reduce { 1 } else { 8 },
            ..Strides::default()
        };
    }
    let par = dt.par() as u64;
    let count_form = !matches!(
        fam,
        Family::Reduce | Family::GatherMask | Family::Brcb | Family::GatherBlock | Family::Copy
    );
    let form = if count_form && rng.below(4) == 0 {
        Form::Count(rng.below(12 * par))
    } else if fam == Family::GatherMask {
        // Counter mode counts elements per repeat, sometimes more than PAR.
        let mask = if reduce_mode {
            1 + rng.below(3 * par)
        } else {
            0
        };
        Form::Masked {
            mask: MaskArg::Contiguous(mask as i128),
            repeat_times: rng.below(6),
        }
    } else {
        let mask = match rng.below(6) {
            _ if fam == Family::Brcb || fam == Family::GatherBlock => {
                MaskArg::Contiguous(par as i128)
            }
            0 => MaskArg::Placeholder,
            1 | 2 => MaskArg::Contiguous(rng.below(par + 4) as i128),
            3 => MaskArg::Contiguous(par as i128),
            _ => MaskArg::Bits(vec![
                rng.next(),
                if dt.size() == 2 { rng.next() } else { 0 },
            ]),
        };
        Form::Masked {
            mask,
            repeat_times: rng.below(24),
        }
    };
    // DataCopy: the count form or DataCopyParams (bursts with gaps, sometimes empty).
    let mut blocks = None;
    let form = if fam == Family::DataCopy && rng.below(2) == 0 {
        blocks = Some(CopyBlocks {
            count: rng.below(5) as u32,
            len: rng.below(12) as u32,
            src_gap: rng.below(4) as u32,
            dst_gap: rng.below(4) as u32,
            compact: false,
        });
        Form::Bare
    } else if fam == Family::DataCopy {
        Form::Count(rng.below(12 * par))
    } else {
        form
    };
    // Compare into the CmpMask register: no dst, one repeat.
    let (dst, form) = match (op, form) {
        (Op::CompareReg, Form::Masked { mask, .. }) => (
            None,
            Form::Masked {
                mask,
                repeat_times: 1,
            },
        ),
        (Op::CompareReg, _) => (
            None,
            Form::Masked {
                mask: MaskArg::Contiguous(par as i128),
                repeat_times: 1,
            },
        ),
        (_, form) => (Some(dst), form),
    };
    let v = Vector {
        dst,
        src,
        form,
        strides,
    };
    let zero = Value::Int(0);
    let args = match fam {
        Family::Scalar => Args::Scalar {
            v,
            scalar: scalar.unwrap_or(zero),
            round_en,
            // The flexible scalar (950): now and then a tensor element, or on the left.
            elem: (rng.below(4) == 0).then(|| Operand {
                tensor: 1,
                offset: rng.below(64) as u32,
                span,
            }),
            scalar_first: rng.below(4) == 0,
        },
        Family::Duplicate | Family::VecIndex => Args::Fill {
            v,
            scalar: scalar.unwrap_or(zero),
        },
        Family::Brcb => Args::Brcb(v),
        Family::Reduce => Args::Reduce { v, order },
        Family::Compare => Args::Compare {
            v,
            cmp,
            scalar: (op == Op::Compares).then(|| scalar.unwrap_or(zero)),
            // Compares' flexible scalar (950): now and then a tensor element, or first.
            elem: (op == Op::Compares && rng.below(4) == 0).then(|| Operand {
                tensor: 1,
                offset: rng.below(64) as u32,
                span,
            }),
            scalar_first: op == Op::Compares && rng.below(4) == 0,
        },
        Family::Select => Args::Select {
            v,
            mode: sel_mode,
            sel_mask: Some(aux.expect("Select has a sel_mask")),
            scalar,
            // Mode 1's flexible scalar (950): now and then a tensor element, or first.
            elem: (sel_mode == SelMode::TensorScalar && rng.below(4) == 0).then(|| Operand {
                tensor: 1,
                offset: rng.below(64) as u32,
                span,
            }),
            scalar_first: sel_mode == SelMode::TensorScalar && rng.below(4) == 0,
        },
        Family::GatherMask => Args::GatherMask {
            v,
            pattern: match (pattern, aux) {
                (Some(p), _) => GatherPattern::Builtin(p),
                (None, Some(o)) => GatherPattern::Tensor(o),
                (None, None) => GatherPattern::Builtin(7),
            },
            reduce_mode,
            ret: None,
        },
        Family::Cast if op == Op::CastDequant => Args::Dequant {
            v,
            vec_deq: rng.below(2) == 0,
            half_block: rng.below(2) == 0,
        },
        Family::Cast | Family::CastBinary => Args::Cast {
            v,
            round: if fam == Family::Cast {
                round
            } else {
                RoundMode::Rint
            },
        },
        Family::DataCopy => Args::DataCopy {
            v,
            blocks,
            pad: None,
        },
        Family::Gather => Args::Gather {
            v,
            offset: Operand {
                tensor: OFFS,
                offset: 0,
                span,
            },
            base_addr: 4 * rng.below(3) as u32,
        },
        Family::GatherBlock => Args::Gatherb {
            v,
            offset: Operand {
                tensor: OFFS,
                offset: 0,
                span,
            },
        },
        Family::Whole => Args::Whole {
            v,
            work: aux,
            calc_index,
            is_set_mask,
        },
        Family::Atomic => Args::Atomic {
            dtype: (!matches!(op, Op::DisableDmaAtomic | Op::SetAtomicNone)).then_some(dt),
        },
        _ => Args::Elementwise(v),
    };
    let mut ins = Instr::new(op, args, span);
    // Now and then the count names the int32 scalar `n` (program-format.md §10).
    if matches!(ins.form(), Form::Count(_)) && rng.below(3) == 0 {
        ins.bindings.push((Slot::Count, 1));
    }
    ins
}

/// Whether `op` can run on `dt` somewhere on `product` (its dtype table or a conversion pair
/// from `dt`).
fn usable(op: Op, product: Product, dt: DType) -> bool {
    matches!(
        op.family(),
        Family::MaskReg | Family::ScalarUnit | Family::Sync | Family::Atomic
    ) || op.dtypes(product).contains(dt)
        || op.count_only_dtypes(product).contains(dt)
        || op.pairs(product).iter().any(|p| p.src == dt)
}

fn program(product: Product, dt_pick: u8, init_seed: u64, specs: &[(u8, u64)]) -> Program {
    let dts = [
        DType::Half,
        DType::Float,
        DType::Int16,
        DType::Int32,
        DType::UInt16,
    ];
    let dt = dts[dt_pick as usize % dts.len()];
    let mut rng = Rng(SplitMix64::new(init_seed));
    let types = [
        dt,
        dt,
        dt,
        DType::UInt8,
        partner(dt),
        pattern_type(dt),
        DType::Int8,
        DType::UInt32,
    ];
    let blocks_only = rng.below(2) == 0;
    let tensors = types
        .iter()
        .enumerate()
        .map(|(t, &ty)| {
            // Tensor 2 is left partly uninitialised.
            let init = if t == OFFS {
                // Offsets in tensor 1, 4-byte aligned, now and then misaligned.
                Some(
                    (0..TENSOR_BYTES / 4)
                        .flat_map(|_| {
                            let mut o = rng.below(TENSOR_BYTES as u64 / 4) * 4
                                + u64::from(rng.below(8192) == 0);
                            // In half of the programs every one starts a 32-byte block, as
                            // Gatherb's must.
                            if blocks_only {
                                o &= !31;
                            }
                            (o as u32).to_le_bytes()
                        })
                        .collect::<Vec<u8>>(),
                )
            } else {
                (t != 2 || rng.below(2) == 0).then(|| {
                    (0..TENSOR_BYTES)
                        .map(|_| rng.next() as u8)
                        .collect::<Vec<u8>>()
                })
            };
            Tensor {
                name: format!("t{t}"),
                dtype: ty,
                addr: t as u32 * TENSOR_BYTES,
                len: TENSOR_BYTES / ty.size(),
                init,
                span: Span::new(1, 1),
                space: Space::Ub,
            }
        })
        .collect();
    // A family first, then one of its usable ops: every family is drawn as often however many
    // ops it has, so adding an API does not thin out the others.
    let mut families: Vec<Vec<Op>> = Vec::new();
    for &o in Op::ALL.iter().filter(|&&o| usable(o, product, dt)) {
        match families.iter_mut().find(|f| f[0].family() == o.family()) {
            Some(f) => f.push(o),
            None => families.push(vec![o]),
        }
    }
    let code = specs
        .iter()
        .map(|&(k, seed)| {
            let mut r = Rng(SplitMix64::new(seed));
            let op = if families.is_empty() {
                Op::Add
            } else {
                let f = &families[k as usize % families.len()];
                f[r.below(f.len() as u64) as usize]
            };
            instr(op, dt, &mut r)
        })
        .collect();
    Program {
        path: "random.ron".into(),
        source: Arc::from(""),
        name: None,
        product,
        ub_size: Some(UB),
        tensors,
        scalars: vec![
            ScalarDecl {
                name: "s0".into(),
                dtype: dt,
                init: None,
                span: Span::new(1, 1),
            },
            ScalarDecl {
                name: "n".into(),
                dtype: DType::Int32,
                init: Some(Value::Int(40)),
                span: Span::new(1, 1),
            },
        ],
        code,
        expect: Vec::new(),
        kernel: None,
        origins: None,
    }
}

/// The first difference between two machines' observable state, if any.
fn diff(a: &Machine, b: &Machine) -> Option<String> {
    if let Some(i) = (0..a.ub().size() as usize).find(|&i| a.ub().bytes()[i] != b.ub().bytes()[i]) {
        return Some(format!(
            "UB byte {i:#x}: {} vs {}",
            a.ub().bytes()[i],
            b.ub().bytes()[i]
        ));
    }
    if a.ub() != b.ub() {
        return Some("a shadow (initialised, written) or global memory differs".into());
    }
    let sa = format!(
        "{:?} {:?} {:?} {:?} {}",
        a.mask(),
        a.status(),
        a.counts(),
        a.pos(),
        a.step_count()
    );
    let sb = format!(
        "{:?} {:?} {:?} {:?} {}",
        b.mask(),
        b.status(),
        b.counts(),
        b.pos(),
        b.step_count()
    );
    if sa != sb {
        return Some(format!("state: {sa}\n   vs: {sb}"));
    }
    if a.returns() != b.returns() {
        return Some(format!(
            "returns: {:?}\n   vs: {:?}",
            a.returns(),
            b.returns()
        ));
    }
    if a.diagnostics() != b.diagnostics() {
        return Some(format!(
            "diagnostics: {:#?}\n   vs: {:#?}",
            a.diagnostics(),
            b.diagnostics()
        ));
    }
    None
}

fn stepped(p: &Arc<Program>, product: Product, g: Granularity) -> Machine {
    let mut m = Machine::new(p.clone(), product);
    let mut guard = 0;
    while m.step(g).is_some() {
        guard += 1;
        assert!(guard < 1_000_000, "stepping did not terminate");
    }
    m
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]
    #[test]
    fn run_equals_stepping(
        product in 0usize..6,
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..6),
    ) {
        let product = Product::ALL[product];
        let p = Arc::new(program(product, dt, init_seed, &specs));
        let mut fast = Machine::new(p.clone(), product);
        fast.run();
        for g in [Granularity::Block, Granularity::Repeat, Granularity::Instruction] {
            let m = stepped(&p, product, g);
            let d = diff(&fast, &m);
            prop_assert!(d.is_none(), "run vs {:?} stepping: {}\nprogram: {:#?}", g, d.unwrap_or_default(), p.code);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    /// `run_to` a step inside an instruction runs the whole repeats before it on the fast path
    /// and the rest block by block: a run in pieces of random lengths, each piece checked
    /// against block stepping to the same step, ends where one run does.
    #[test]
    fn runs_in_pieces_equal_stepping(
        product in 0usize..6,
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..6),
        pieces in prop::collection::vec(1u64..40, 1..12),
    ) {
        let product = Product::ALL[product];
        let p = Arc::new(program(product, dt, init_seed, &specs));
        let mut pieced = Machine::new(p.clone(), product);
        let mut stepped_m = Machine::new(p.clone(), product);
        for (i, &k) in pieces.iter().cycle().take(64).enumerate() {
            if pieced.status() != ascstep::sim::Status::Running {
                break;
            }
            let target = pieced.step_count() + k;
            pieced.run_to(target);
            if pieced.status() == ascstep::sim::Status::Running {
                prop_assert_eq!(pieced.step_count(), target, "piece {} stopped elsewhere", i);
            }
            while stepped_m.step_count() < pieced.step_count()
                && stepped_m.step(Granularity::Block).is_some()
            {}
            if pieced.status() == ascstep::sim::Status::Failed {
                stepped_m.run();
            }
            let d = diff(&pieced, &stepped_m);
            prop_assert!(d.is_none(), "piece {} ({} steps): {}\nprogram: {:#?}", i, k, d.unwrap_or_default(), p.code);
        }
        pieced.run();
        let mut fast = Machine::new(p.clone(), product);
        fast.run();
        let d = diff(&pieced, &fast);
        prop_assert!(d.is_none(), "pieces vs one run: {}", d.unwrap_or_default());
    }
}

/// Guards the generator: the property above is only meaningful if random programs finish,
/// fail, write data and take the fast path in useful proportions, and if every family —
/// the packed-bit, packed-output, conversion and whole-tensor ones included — really executes.
/// The seeds are those of 1000 proptest cases' worth of programs.
#[test]
fn generator_covers_finished_failed_and_fast_runs() {
    let (mut finished, mut failed, mut blocks, mut fast) = (0, 0, 0u64, 0);
    // Instructions that wrote something, per family.
    let mut wrote: std::collections::HashMap<Family, u32> = Default::default();
    for seed in 0..1000u64 {
        let mut r = Rng(SplitMix64::new(seed));
        let product = Product::ALL[r.below(6) as usize];
        let specs: Vec<(u8, u64)> = (0..1 + r.below(4))
            .map(|_| (r.next() as u8, r.next()))
            .collect();
        let p = Arc::new(program(product, r.below(5) as u8, r.next(), &specs));
        let mut m = Machine::new(p.clone(), product);
        loop {
            let idx = m.pos().instruction;
            if let Ok(prep) =
                ascstep::sim::reach::prepare(&p, idx, product, UB, m.regs(), m.scalars())
            {
                fast += (prep.fast && prep.plan.repeats > 0) as u32;
            }
            let Some(ev) = m.step(Granularity::Instruction) else {
                break;
            };
            if ev.accesses.iter().any(|a| a.kind == AccessKind::Write) {
                if let Some(ins) = p.code.get(ev.pos.instruction as usize) {
                    *wrote.entry(ins.op.family()).or_default() += 1;
                }
            }
        }
        match m.status() {
            ascstep::sim::Status::Finished => finished += 1,
            _ => failed += 1,
        }
        blocks += m.counts().blocks;
    }
    eprintln!(
        "finished {finished}, failed {failed}, blocks {blocks}, fast-path instructions {fast}"
    );
    assert!(
        finished >= 200,
        "only {finished} of 1000 random programs finished"
    );
    assert!(
        failed >= 100,
        "only {failed} of 1000 random programs failed"
    );
    assert!(
        blocks >= 30_000,
        "random programs executed only {blocks} blocks"
    );
    assert!(fast >= 100, "only {fast} instructions took the fast path");
    eprintln!("instructions that wrote, per family: {wrote:?}");
    for fam in [
        Family::Unary,
        Family::Binary,
        Family::Scalar,
        Family::Reduce,
        Family::Compare,
        Family::Select,
        Family::GatherMask,
        Family::Cast,
        Family::CastBinary,
        Family::Brcb,
        Family::VecIndex,
        Family::Whole,
        Family::Copy,
        Family::DataCopy,
        Family::Gather,
        Family::ScalarUnit,
    ] {
        let n = wrote.get(&fam).copied().unwrap_or(0);
        assert!(n >= 10, "only {n} {fam:?} instructions wrote anything");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]
    #[test]
    fn random_walk_back_and_forth_matches_a_fresh_run(
        product in 0usize..6,
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..5),
        walk in prop::collection::vec((0u8..6, 1u64..40), 1..25),
        interval in 1u64..20,
    ) {
        let product = Product::ALL[product];
        let p = Arc::new(program(product, dt, init_seed, &specs));
        let mut s = Session::with_history(p.clone(), product, interval, 4);
        let gs = [Granularity::Block, Granularity::Repeat, Granularity::Instruction];
        for (i, &(op, n)) in walk.iter().enumerate() {
            match op {
                0 | 1 => { s.step(gs[(n % 3) as usize], n % 4 + 1); }
                2 | 3 => { s.back(gs[(n % 3) as usize], n % 4 + 1); }
                4 => s.goto(n * 7),
                _ => { s.cont(); }
            }
            // A session that has tried and failed the next instruction is Failed at that step;
            // a fresh machine gets there by running until it fails too.
            let mut fresh = Machine::new(p.clone(), product);
            if s.machine().status() == ascstep::sim::Status::Failed {
                fresh.run();
            } else {
                fresh.run_to(s.step_count());
            }
            let d = diff(&fresh, s.machine());
            prop_assert!(d.is_none(), "after move {} ({:?}): {}", i, (op, n), d.unwrap_or_default());
        }
    }
}

/// The machine a fresh run on `product` has at `step` (or where it fails before).
fn fresh_at(p: &Arc<Program>, product: Product, step: u64, failed: bool) -> Machine {
    let mut fresh = Machine::new(p.clone(), product);
    if failed {
        fresh.run();
    } else {
        fresh.run_to(step);
    }
    fresh
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]
    /// A product switch takes over the run it leaves up to the first instruction the new
    /// product prepares differently (`Session::set_product`, the divergence log): at the same
    /// step, then after moving back and forth and after a second switch, the session's machine
    /// is what a fresh run on its product reaches (random programs on random products, valid
    /// or not, most of them differing somewhere).
    #[test]
    fn product_switches_match_a_fresh_run(
        products in (0usize..6, 0usize..6, 0usize..6),
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..6),
        at in 0u64..400,
        back in 0u64..100,
        interval in 1u64..20,
    ) {
        let (a, b, c) = (Product::ALL[products.0], Product::ALL[products.1], Product::ALL[products.2]);
        let p = Arc::new(program(a, dt, init_seed, &specs));
        let mut s = Session::with_history(p.clone(), a, interval, 6);
        s.goto(at);
        for (k, product) in [b, c].into_iter().enumerate() {
            let here = s.step_count();
            s.set_product(product);
            s.goto(here);
            let failed = s.machine().status() == ascstep::sim::Status::Failed;
            let want = fresh_at(&p, product, s.step_count(), failed);
            prop_assert_eq!(s.machine().product(), product);
            let d = diff(&want, s.machine());
            prop_assert!(d.is_none(), "switch {} to {:?} at {}: {}", k, product, here, d.unwrap_or_default());
            let to = s.step_count().saturating_sub(back);
            s.goto(to);
            let failed = s.machine().status() == ascstep::sim::Status::Failed;
            let d = diff(&fresh_at(&p, product, s.step_count(), failed), s.machine());
            prop_assert!(d.is_none(), "back to {} on {:?}: {}", to, product, d.unwrap_or_default());
            s.goto(to + 2 * back + 3);
            let failed = s.machine().status() == ascstep::sim::Status::Failed;
            let d = diff(&fresh_at(&p, product, s.step_count(), failed), s.machine());
            prop_assert!(d.is_none(), "forward on {:?}: {}", product, d.unwrap_or_default());
        }
    }
}

/// Bitwise masks on the fast path (`exec_masked`: every lane computed, the active ones stored):
/// the same bytes and shadows as block stepping, for half, float and int16, unary, binary and
/// vector–scalar, in place and not, and reading an uninitialised source (the warning is the
/// same too).
#[test]
fn bitwise_masks_on_the_fast_path_equal_stepping() {
    let cases = [
        ("half", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: [0x5555555555555555, 0xf0f0f0f0f0f0f0f0], repeat_times: 3, params: [1, 1, 1, 8, 8, 8])"),
        ("float", "Adds(dst: \"x\", src: \"x\", scalar: 2.5, mask: [0x00ff00ff00ff00ff, 0], repeat_times: 4, params: [1, 1, 8, 8])"),
        ("int16", "Max(dst: \"z\", src0: \"x\", src1: \"y\", mask: [0x8000000000000001, 0x1], repeat_times: 2, params: [1, 1, 1, 8, 8, 8])"),
        ("half", "Exp(dst: \"z\", src: \"w\", mask: [0xaaaaaaaaaaaaaaaa, 0xaaaaaaaaaaaaaaaa], repeat_times: 2, params: [1, 1, 8, 8])"),
        // Strided blocks (gathered block by block): block stride 2, repeat stride 16.
        ("half", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: [0x5555555555555555, 0x5555555555555555], repeat_times: 3, params: [2, 2, 2, 16, 16, 16])"),
        // A source block broadcast (block stride 0) to a full mask, and dst block stride 0 (the
        // last block wins, as when stepping).
        ("float", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: 64, repeat_times: 2, params: [1, 0, 1, 8, 1, 8])"),
        ("int16", "Adds(dst: \"z\", src: \"x\", scalar: 3, mask: [0xffff0000ffff0000, 0x1], repeat_times: 2, params: [0, 1, 1, 8])"),
        // In place with interleaved repeats: repeat 1 reads what repeat 0 wrote.
        ("half", "Adds(dst: \"x\", src: \"x\", scalar: 1, mask: [0x0f0f0f0f0f0f0f0f, 0x0f0f0f0f0f0f0f0f], repeat_times: 4, params: [2, 2, 1, 1])"),
        ("float", "Muls(dst: \"x\", src: \"x\", scalar: 2, mask: 64, repeat_times: 3, params: [0, 0, 8, 8])"),
    ];
    for (dt, code) in cases {
        let text = format!(
            r#"Program(tensors: {{
                "x": (dtype: {dt}, addr: 0x0000, len: 512, init: Ramp(start: 1, step: 1)),
                "y": (dtype: {dt}, addr: 0x1000, len: 512, init: Fill(3)),
                "z": (dtype: {dt}, addr: 0x2000, len: 512),
                "w": (dtype: {dt}, addr: 0x3000, len: 512),
            }}, code: [ {code} ])"#
        );
        let p = Arc::new(ascstep::program::load_str(std::path::Path::new("m.ron"), &text).unwrap());
        let mut fast = Machine::new(p.clone(), Product::AtlasA2);
        fast.run();
        let slow = stepped(&p, Product::AtlasA2, Granularity::Block);
        assert_eq!(diff(&fast, &slow), None, "{code}");
        assert_eq!(fast.diagnostics(), slow.diagnostics(), "{code}");
    }
}

/// Loads `text`, runs it whole on `product` (the fast path where it applies) and block by
/// block, and asserts the same bytes, shadows, registers, returned values, diagnostics and
/// status; returns the run machine.
fn run_equals_block_stepping(text: &str, product: Product, what: &str) -> Machine {
    let p = ascstep::program::load_str(std::path::Path::new("m.ron"), text)
        .unwrap_or_else(|e| panic!("{what}: {e:?}"));
    let p = Arc::new(p);
    let mut fast = Machine::new(p.clone(), product);
    fast.run();
    let slow = stepped(&p, product, Granularity::Block);
    assert_eq!(diff(&fast, &slow), None, "{product:?} {what}");
    assert_eq!(fast.diagnostics(), slow.diagnostics(), "{product:?} {what}");
    assert_eq!(fast.status(), slow.status(), "{product:?} {what}");
    fast
}

/// `run_equals_block_stepping` for a program that must finish.
fn finishes_like_block_stepping(text: &str, product: Product, what: &str) {
    let fast = run_equals_block_stepping(text, product, what);
    assert_eq!(
        fast.status(),
        ascstep::sim::machine::Status::Finished,
        "{what}"
    );
}

/// Masked repeats whose operands follow one another are computed eight at a time
/// (`exec_masked`): the same bytes, shadows and diagnostics as block stepping over 19 and 11
/// repeats (two whole pieces and a part), with an uninitialised source first read in repeat
/// 13, in place, and with a counter-mode last repeat of fewer lanes.
#[test]
fn masked_runs_of_repeats_equal_stepping() {
    let cases = [
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 1700), Add(dst: \"z\", src0: \"x\", src1: \"w\", mask: [0x5555555555555555, 0x00ff00ff00ff00ff], repeat_times: 19, params: [1, 1, 1, 8, 8, 8])"),
        ("float", "Adds(dst: \"x\", src: \"x\", scalar: 2.5, mask: [0x0f0f0f0f0f0f0f0f, 0], repeat_times: 11, params: [1, 1, 8, 8])"),
        ("int16", "SetMaskCount(), SetVectorMask(high: 0, low: 1000), Max(dst: \"z\", src0: \"x\", src1: \"y\", mask: Placeholder, repeat_times: 1, params: [1, 1, 1, 8, 8, 8]), SetMaskNorm()"),
        // Strided operands apart (eight repeats read before any is stored): block stride 2,
        // a destination whose repeat r + 2 writes where repeat r did (rep stride 1 block, so
        // the last writer is the later repeat), broadcast sources (stride 0), an
        // uninitialised source block reached in repeat 9.
        ("half", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: 128, repeat_times: 15, params: [2, 2, 2, 16, 16, 16])"),
        ("half", "Add(dst: \"z\", src0: \"x\", src1: \"y\", mask: [0x5555555555555555, 0x00ff00ff00ff00ff], repeat_times: 21, params: [2, 1, 3, 1, 8, 10])"),
        ("float", "Mul(dst: \"z\", src0: \"x\", src1: \"y\", mask: 40, repeat_times: 13, params: [3, 0, 1, 9, 0, 0])"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 1152), Sub(dst: \"z\", src0: \"w\", src1: \"y\", mask: 128, repeat_times: 12, params: [2, 1, 1, 16, 8, 8])"),
        // In place with strides: a repeat at a time.
        ("half", "Adds(dst: \"x\", src: \"x\", scalar: 1, mask: 100, repeat_times: 10, params: [2, 2, 1, 1])"),
        // Whole blocks active (computed block by block in memory): three of eight with a
        // scalar, in place on strided blocks, and a broadcast second source.
        ("half", "Muls(dst: \"z\", src: \"x\", scalar: 0.5, mask: 48, repeat_times: 9, params: [2, 3, 16, 24])"),
        ("half", "Adds(dst: \"x\", src: \"x\", scalar: 1, mask: 128, repeat_times: 10, params: [2, 2, 16, 16])"),
        ("float", "Sub(dst: \"z\", src0: \"x\", src1: \"y\", mask: 64, repeat_times: 10, params: [1, 2, 0, 8, 16, 0])"),
    ];
    for (dt, code) in cases {
        let text = format!(
            r#"Program(tensors: {{
                "x": (dtype: {dt}, addr: 0x0000, len: 4096, init: Ramp(start: 1, step: 1)),
                "y": (dtype: {dt}, addr: 0x8000, len: 4096, init: Fill(3)),
                "z": (dtype: {dt}, addr: 0x10000, len: 4096),
                "w": (dtype: {dt}, addr: 0x18000, len: 4096),
            }}, code: [ {code} ])"#
        );
        finishes_like_block_stepping(&text, Product::AtlasA2, code);
    }
}

/// Compare and Compares to memory run a repeat at a time (`compare::exec_repeat`): the same
/// packed bytes, shadows and diagnostics as block stepping, with a bitwise mask where the
/// product honours it (ascend_950: inactive lanes give 0 bits, every byte written) and where it
/// does not (atlas_a2), strided sources, the scalar on the left, the count form, and an
/// uninitialised source first read in repeat 5.
#[test]
fn compare_repeats_equal_stepping() {
    let cases = [
        ("half", "Compare(dst: \"m\", src0: \"x\", src1: \"y\", cmp: LT, mask: [0x5555555555555555, 0x00ff00ff00ff00ff], repeat_times: 9, params: [1, 1, 1, 8, 8, 8])"),
        ("float", "Compare(dst: \"m\", src0: \"x\", src1: \"y\", cmp: NE, mask: 64, repeat_times: 6, params: [1, 2, 1, 8, 16, 8])"),
        ("half", "Compares(dst: \"m\", src: \"x\", scalar: 100, cmp: GE, mask: [0xf0f0f0f0f0f0f0f0, 0x1], repeat_times: 12, params: [1, 1, 8, 8])"),
        ("float", "Compare(dst: \"m\", src0: \"x\", src1: \"y\", cmp: EQ, count: 1024)"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 700), Compare(dst: \"m\", src0: \"w\", src1: \"y\", cmp: GT, mask: 128, repeat_times: 8, params: [1, 1, 1, 8, 8, 8])"),
    ];
    for product in [Product::AtlasA2, Product::Ascend950] {
        for (dt, code) in cases {
            let text = format!(
                r#"Program(tensors: {{
                    "x": (dtype: {dt}, addr: 0x0000, len: 4096, init: Ramp(start: 1, step: 1)),
                    "y": (dtype: {dt}, addr: 0x8000, len: 4096, init: Random(seed: 2, min: 0, max: 300)),
                    "m": (dtype: uint8, addr: 0x10000, len: 512),
                    "w": (dtype: {dt}, addr: 0x18000, len: 4096),
                }}, code: [ {code} ])"#
            );
            finishes_like_block_stepping(&text, product, code);
        }
    }
}

/// Block and whole-repeat reductions run a repeat at a time (`reduce::exec_repeat`, the eight
/// block trees side by side for full half repeats, PairReduceSum's pairs side by side, over whole
/// runs of full repeats at once, block by block otherwise): the same bytes,
/// shadows and diagnostics as block stepping, with full and partial masks, counter mode, random
/// data with NaNs and infinities, an uninitialised source first read in repeat 3, and floats.
#[test]
fn reduction_repeats_equal_stepping() {
    let cases = [
        ("half", "WholeReduceSum(dst: \"d\", src: \"x\", repeat_times: 12, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "BlockReduceSum(dst: \"d\", src: \"x\", repeat_times: 9, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "RepeatReduceSum(dst: \"d\", src: \"x\", repeat_times: 5, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "WholeReduceSum(dst: \"d\", src: \"x\", repeat_times: 6, mask: [0xffff0000ffffffff, 0xffffffffffffffff], dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "BlockReduceMax(dst: \"d\", src: \"x\", repeat_times: 4, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 12, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 6, mask: [0xffff0000fff0ffff, 0x0fffffffffffffff], dst_rep_stride: 2, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 5, mask: 128, dst_rep_stride: 1, src_blk_stride: 2, src_rep_stride: 16)"),
        ("float", "PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 9, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "SetMaskCount(), SetVectorMask(high: 0, low: 1000), PairReduceSum(dst: \"d\", src: \"x\", repeat_times: 1, mask: Placeholder, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8), SetMaskNorm()"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 400), PairReduceSum(dst: \"d\", src: \"w\", repeat_times: 6, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("float", "Duplicate(dst: \"w\", scalar: 1, count: 200), PairReduceSum(dst: \"d\", src: \"w\", repeat_times: 6, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 400), WholeReduceSum(dst: \"d\", src: \"w\", repeat_times: 6, mask: 128, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("float", "WholeReduceSum(dst: \"d\", src: \"x\", repeat_times: 7, mask: 64, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8)"),
        ("half", "ReduceSum(dst: \"d\", src: \"f\", work: \"w\", count: 4096)"),
        ("half", "ReduceSum(dst: \"d\", src: \"f\", work: \"w\", count: 1000)"),
        ("half", "ReduceSum(dst: \"d\", src: \"f\", work: \"w\", mask: 128, repeat_times: 12, src_rep_stride: 8)"),
        ("half", "ReduceSum(dst: \"d\", src: \"x\", work: \"w\", count: 4096)"),
        ("half", "ReduceMax(dst: \"d\", src: \"x\", work: \"w\", count: 2048, calc_index: true)"),
        ("float", "ReduceSum(dst: \"d\", src: \"x\", work: \"w\", count: 2048)"),
        ("half", "SetMaskCount(), SetVectorMask(high: 0, low: 1000), BlockReduceSum(dst: \"d\", src: \"x\", repeat_times: 1, mask: Placeholder, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8), SetMaskNorm()"),
    ];
    // Ordinary values that round at every level, and once in 300 lanes a NaN with a payload,
    // +inf, −inf, the largest half, a subnormal or −0 (most blocks finite, some not).
    let special = [0x7e01, 0x7c00, 0xfc00, 0x7bff, 0x0001, 0x8000];
    let bits: Vec<String> = (0..4096u32)
        .map(|i| {
            let v = if i % 50 == 7 {
                special[(i / 50) as usize % 6]
            } else {
                (0x3000 + (i.wrapping_mul(2_654_435_761) >> 20) % 0x1800)
                    | ((i % 3 == 0) as u32 * 0x8000)
            };
            format!("{v:#x}")
        })
        .collect();
    let bits = bits.join(", ");
    // The same ordinary values without the special ones (a whole-tensor sum stays finite).
    let finite: Vec<String> = (0..4096u32)
        .map(|i| {
            format!(
                "{:#x}",
                (0x2000 + (i.wrapping_mul(2_654_435_761) >> 20) % 0x1000)
                    | ((i % 3 == 0) as u32 * 0x8000)
            )
        })
        .collect();
    let finite = finite.join(", ");
    for product in [Product::AtlasA2, Product::Atlas200I500A2] {
        for (dt, code) in cases {
            let text = format!(
                r#"Program(tensors: {{
                    "x": (dtype: {dt}, addr: 0x0000, len: 4096, init: Bits([{bits}])),
                    "d": (dtype: {dt}, addr: 0x10000, len: 2048),
                    "f": (dtype: {dt}, addr: 0x20000, len: 4096, init: Bits([{finite}])),
                    "w": (dtype: {dt}, addr: 0x18000, len: 4096),
                }}, code: [ {code} ])"#
            );
            finishes_like_block_stepping(&text, product, code);
        }
    }
}

/// GatherMask runs a repeat at a time (`gather::exec_repeat`): the same packed bytes, shadows,
/// returned count and diagnostics as block stepping, for every built-in pattern and pattern
/// tensors, in place (the documented usage) and apart, with bitwise masks, strided sources,
/// the counter form and an uninitialised source or pattern.
#[test]
fn gather_mask_repeats_equal_stepping() {
    let cases = [
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: 1, reduce_mode: false, mask: 0, params: [1, 9, 8, 0])"),
        ("half", "GatherMask(dst: \"x\", src0: \"x\", pattern: 2, reduce_mode: false, mask: 0, params: [1, 9, 8, 0])"),
        ("float", "GatherMask(dst: \"d\", src0: \"x\", pattern: 3, reduce_mode: false, mask: 0, params: [1, 5, 8, 0])"),
        ("float", "GatherMask(dst: \"x\", src0: \"x\", pattern: 6, reduce_mode: false, mask: 0, params: [1, 5, 8, 0])"),
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: 7, reduce_mode: true, mask: 100, params: [1, 4, 8, 0])"),
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: 4, reduce_mode: false, mask: 0, params: [2, 4, 16, 0])"),
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: 1, reduce_mode: true, mask: 70, params: [1, 3, 8, 0])"),
        ("half", "Duplicate(dst: \"w\", scalar: 1, count: 500), GatherMask(dst: \"d\", src0: \"w\", pattern: 5, reduce_mode: false, mask: 0, params: [1, 6, 8, 0])"),
        // Pattern tensors: random bits, repeats 0, 1 and 2 blocks apart, in place, masked.
        ("half", "GatherMask(dst: \"d\", src0: \"x\", pattern: \"p\", reduce_mode: false, mask: 0, params: [1, 9, 8, 1])"),
        ("half", "GatherMask(dst: \"x\", src0: \"x\", pattern: \"p\", reduce_mode: false, mask: 0, params: [1, 9, 8, 2])"),
        ("float", "GatherMask(dst: \"d\", src0: \"x\", pattern: \"p\", reduce_mode: false, mask: 0, params: [1, 5, 8, 0])"),
        ("float", "GatherMask(dst: \"d\", src0: \"x\", pattern: \"p\", reduce_mode: true, mask: 50, params: [2, 5, 16, 1])"),
        // A pattern whose bytes from repeat 3 on were never written: reported where stepping
        // reports it.
        ("half", "Duplicate(dst: \"q\", scalar: 0x5a5a, count: 24), GatherMask(dst: \"d\", src0: \"x\", pattern: \"q\", reduce_mode: false, mask: 0, params: [1, 6, 8, 1])"),
        ("float", "Duplicate(dst: \"q\", scalar: 0x5a5a, count: 12), GatherMask(dst: \"d\", src0: \"x\", pattern: \"q\", reduce_mode: true, mask: 40, params: [1, 6, 8, 1])"),
    ];
    for product in [
        Product::AtlasA2,
        Product::AtlasInference,
        Product::Ascend950,
    ] {
        for (dt, code) in cases {
            let (bits, max) = if dt == "half" {
                ("uint16", "65535")
            } else {
                ("uint32", "4294967295")
            };
            let text = format!(
                r#"Program(tensors: {{
                    "x": (dtype: {dt}, addr: 0x0000, len: 4096, init: Ramp(start: 1, step: 1)),
                    "d": (dtype: {dt}, addr: 0x10000, len: 4096),
                    "w": (dtype: {dt}, addr: 0x18000, len: 4096),
                    "p": (dtype: {bits}, addr: 0x1c000, len: 256, init: Random(seed: 5, min: 0, max: {max})),
                    "q": (dtype: {bits}, addr: 0x1e000, len: 256),
                }}, code: [ {code} ])"#
            );
            // (Pattern 7 is beyond the inference products' built-in patterns: both reject it.)
            run_equals_block_stepping(&text, product, code);
        }
    }
}

/// Moves into global memory under the atomic mode (docs/semantics.md §18.3) give the same
/// bytes and diagnostics run whole (the fast path over the old dst) as stepped block by block:
/// the count form, DataCopyParams bursts with gaps, DataCopyPad bursts, and old GM values
/// partly uninitialised.
#[test]
fn atomic_moves_step_like_they_run() {
    let cases = [
        ("float", "SetAtomicAdd(dtype: float), DataCopy(dst: \"g\", src: \"x\", count: 512)"),
        ("half", "SetAtomicMax(dtype: half), DataCopy(dst: \"g[16]\", src: \"x\", params: [3, 2, 1, 4])"),
        ("int16", "SetAtomicMin(dtype: int16), DataCopyPad(dst: \"g[3]\", src: \"x\", params: [4, 70, 6, 1])"),
        ("half", "SetAtomicAdd(dtype: half), DataCopy(dst: \"u\", src: \"x\", count: 512), SetAtomicType(dtype: half), DataCopy(dst: \"g\", src: \"x\", count: 300)"),
    ];
    for (dt, code) in cases {
        let text = format!(
            r#"Program(tensors: {{
                "x": (dtype: {dt}, addr: 0x0000, len: 512, init: Random(seed: 3, min: -100, max: 100)),
                "y": (dtype: {dt}, addr: 0x1000, len: 512, init: Fill(3)),
            }}, gm: {{
                "g": (dtype: {dt}, len: 512, init: Random(seed: 5, min: -100, max: 100)),
                "u": (dtype: {dt}, len: 512),
            }}, code: [ {code} ])"#
        );
        let p = Arc::new(ascstep::program::load_str(std::path::Path::new("m.ron"), &text).unwrap());
        let mut fast = Machine::new(p.clone(), Product::AtlasA2);
        fast.run();
        assert_eq!(
            fast.status(),
            ascstep::sim::machine::Status::Finished,
            "{code}: {:?}",
            fast.diagnostics()
        );
        for g in [Granularity::Block, Granularity::Repeat] {
            let slow = stepped(&p, Product::AtlasA2, g);
            assert_eq!(diff(&fast, &slow), None, "{code}");
            assert_eq!(fast.diagnostics(), slow.diagnostics(), "{code}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    /// The failing-expectation report's last writer from the run's write log (exact extents
    /// answer at once, inexact ones replayed) is the block-by-block replay's answer, for bytes
    /// all over the generator's tensors.
    #[test]
    fn last_writers_from_the_write_log_equal_the_replay(
        product in 0usize..6,
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..8),
        picks in prop::collection::vec((any::<u32>(), any::<u32>()), 1..24),
    ) {
        let product = Product::ALL[product];
        let p = Arc::new(program(product, dt, init_seed, &specs));
        let mut m = Machine::new(p.clone(), product);
        m.keep_write_log();
        m.run();
        let log = m.write_log().unwrap_or(&[]).to_vec();
        // Mostly bytes inside some logged extent, now and then anywhere in the UB.
        let picks: Vec<u32> = picks
            .iter()
            .map(|&(a, b)| match log.get(a as usize % (log.len() + 1)) {
                Some(r) if r.bytes.end <= UB as u64 => {
                    (r.bytes.start + b as u64 % (r.bytes.end - r.bytes.start).max(1)) as u32
                }
                _ => b % UB,
            })
            .collect();
        let start = Machine::new(p.clone(), product);
        // The truth, from the replay of the same steps the run took (a failed run stops where
        // it failed).
        let truth: Vec<Option<u32>> =
            ascstep::sim::trace::last_writes(start.clone(), m.step_count(), &picks)
                .into_iter()
                .map(|w| w.map(|w| w.pos.instruction))
                .collect();
        let got = ascstep::sim::trace::last_writers_from_log(start, &log, &picks);
        prop_assert_eq!(got, truth, "program: {:#?}", p.code);
    }
}
