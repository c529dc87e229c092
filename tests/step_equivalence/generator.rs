//! The random program generator: one instruction of any family with random operands, strides,
//! masks and repeat counts, and programs of several such instructions over shared tensors.

use super::*;

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
            // Ascend 950's truncation mode now and then (elsewhere rejected alike).
            saturate: rng.below(4) != 0,
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
        ins.bindings = Box::new([(Slot::Count, 1)]);
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

pub(crate) fn program(
    product: Product,
    dt_pick: u8,
    init_seed: u64,
    specs: &[(u8, u64)],
) -> Program {
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
            Arc::new(instr(op, dt, &mut r))
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
