//! Loader tests: one valid program that uses every data form, instruction family and form
//! spelling, checked value by value against the IR; then one small program per diagnostic
//! code, checked for the code and the exact line:column it points at.

use super::*;
use crate::base::catalog::Op;
use crate::base::diag::{Diagnostic, Span};
use crate::base::dtype::{DType, Value};
use crate::base::ir::*;
use crate::base::product::{Product, ReduceOrder};
use crate::base::rng::SplitMix64;
use std::path::{Path, PathBuf};

mod diagnostics;
mod fields;

/// A fresh directory for data files of one test.
fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ascstep-program-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn u16s(bytes: &[u8]) -> Vec<u16> {
    bytes
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect()
}

const ALL_FORMS: &str = r#"// every form the loader accepts
#![enable(implicit_some)]
Program(
    name: "all forms",
    product: atlas_inference,
    ub_size: Some(0x30000),
    tensors: {
        "a": (dtype: int16, addr: 0x000, len: 4, init: Ramp(start: 1, step: 1)),
        "h": (dtype: f16, addr: 0x100, len: 4, init: Values([1.0, -2, inf, -inf])),
        "n": (dtype: half, addr: 0x200, len: 2, init: Values([NaN, 65504])),
        "b": (dtype: bf16, addr: 0x300, len: 2, init: Bits([0x3f80, 0x7fc0])),
        "f": (dtype: float, addr: 0x400, len: 3, init: Fill(0.5)),
        "r": (dtype: i8, addr: 0x500, len: 8, init: Random(seed: 7, min: -3, max: 3.0)),
        "rf": (dtype: f32, addr: 0x600, len: 4, init: Random(seed: 7, min: -1.0, max: 1.0)),
        "file": (dtype: u16, addr: 0x700, len: 2, init: File("x.bin")),
        "u": (dtype: uint64, addr: 0x800, len: 1, init: Some(Values([0xffffffffffffffff]))),
        "z": (dtype: int16, addr: 0x900, len: 128), /* uninitialised */
        "zh": (dtype: half, addr: 0xa00, len: 256, init: None),
        "ramp": (dtype: half, addr: 0xc00, len: 3, init: Ramp(start: 0.5, step: -0.25)),
    },
    code: [
        Exp(dst: "zh", src: "h", count: 4),
        Add(dst: "z", src0: "a", src1: "a[2]", mask: 64, repeat_times: 1,
            params: (dst_blk_stride: 1, src0_blk_stride: 2, src1_blk_stride: 3,
                     dst_rep_stride: 8, src0_rep_stride: 16, src1_rep_stride: 255)),
        Sub(dst: "z[0x40]", src0: "z", src1: "z", mask: [0x5555555555555555], repeat_times: 0,
            params: [1, 1, 1, 8, 8, 8]),
        Abs(dst: "zh", src: "zh", mask: [1, 2], repeat_times: 2, params: [2, 3, 16, 24]),
        Relu(dst: "zh", src: "zh", mask: Placeholder, repeat_times: 1, params: (src_rep_stride: 4)),
        Adds(dst: "zh", src: "zh", scalar: 0.001, count: 256),
        ShiftRight(dst: "z", src: "z", scalar: 3, round_en: true, count: 128),
        Muls(dst: "z", src: "z", scalar: -2, mask: -5, repeat_times: 300),
        WholeReduceMax(dst: "zh", src: "zh", mask: 128, repeat_times: 2, dst_rep_stride: 2,
                       src_blk_stride: 1, src_rep_stride: 8, order: ORDER_INDEX_VALUE),
        RepeatReduceSum(dst: "zh", src: "zh", mask: 128, repeat_times: 1, dst_blk_stride: 1),
        BlockReduceSum(dst: "zh", src: "zh", mask: [1, 2, 3, 4], repeat_times: 1),
        Duplicate(dst: "zh", scalar: -inf, count: 16),
        Duplicate(dst: "z", scalar: 7, mask: 16, repeat_times: 2, dst_blk_stride: 2, dst_rep_stride: 16),
        SetVectorMask(high: 0, low: 0xff),
        SetVectorMask(len: 130, dtype: float),
        SetMaskCount,
        SetMaskNorm(),
        ResetMask,
    ],
    expect: [
        (tensor: "z", at: 0, len: 64, values: Ramp(start: 2, step: 2)),
        (tensor: "z", values: Values([1, 2]), rel: 1e-3),
        (tensor: "z", at: 64, len: 5, values: Values([1, 2])),
        (tensor: "z", at: 64, len: 64, unwritten: true),
        (tensor: "zh", at: 250, values: Fill(0), abs: 0.5),
        (tensor: "z", at: 120, unwritten: true),
        (tensor: "file", values: File("x.bin")),
    ],
)
"#;

/// The family arguments of a loaded instruction, for assertions (the IR is typed per family).
fn arg_round_en(i: &Instr) -> bool {
    matches!(i.args, Args::Scalar { round_en: true, .. })
}
fn arg_order(i: &Instr) -> ReduceOrder {
    match i.args {
        Args::Reduce { order, .. } => order,
        _ => panic!("not a reduction: {:?}", i.args),
    }
}
fn arg_set_mask(i: &Instr) -> Option<SetMaskArg> {
    match i.args {
        Args::MaskReg { set, .. } => set,
        _ => panic!("not a mask instruction"),
    }
}
fn arg_mask_dtype(i: &Instr) -> DType {
    match i.args {
        Args::MaskReg { dtype, .. } => dtype,
        _ => panic!("not a mask instruction"),
    }
}
fn arg_cmp(i: &Instr) -> crate::base::modes::CmpMode {
    match i.args {
        Args::Compare { cmp, .. } => cmp,
        _ => panic!("not a compare"),
    }
}
fn arg_round(i: &Instr) -> crate::base::convert::RoundMode {
    match i.args {
        Args::Cast { round, .. } => round,
        _ => panic!("not a cast"),
    }
}
fn arg_pattern(i: &Instr) -> Option<u8> {
    match i.args {
        Args::GatherMask {
            pattern: GatherPattern::Builtin(p),
            ..
        } => Some(p),
        _ => None,
    }
}
fn arg_reduce_mode(i: &Instr) -> bool {
    matches!(
        i.args,
        Args::GatherMask {
            reduce_mode: true,
            ..
        }
    )
}

#[test]
fn a_program_with_every_form_loads_into_the_expected_ir() {
    let dir = temp_dir("all");
    std::fs::write(dir.join("x.bin"), [1u8, 0, 0xff, 0xff]).unwrap();
    let path = dir.join("all.ron");
    let p = load_str(&path, ALL_FORMS).unwrap_or_else(|e| panic!("{}", e.render()));
    assert_eq!(p.name.as_deref(), Some("all forms"));
    assert_eq!(p.product, Product::AtlasInference);
    assert_eq!(p.ub_size, Some(0x30000));
    assert_eq!(p.path, path);
    let names: Vec<&str> = p.tensors.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        ["a", "h", "n", "b", "f", "r", "rf", "file", "u", "z", "zh", "ramp"]
    );
    let t = |n: &str| p.tensors.iter().find(|t| t.name == n).unwrap();
    let init = |n: &str| t(n).init.clone().unwrap();

    // Tensors: dtype (aliases), hex addresses, span of the name.
    assert_eq!(t("a").dtype, DType::Int16);
    assert_eq!(t("h").dtype, DType::Half);
    assert_eq!(t("r").dtype, DType::Int8);
    assert_eq!(t("u").dtype, DType::UInt64);
    assert_eq!(t("zh").addr, 0xa00);
    assert_eq!(t("zh").len, 256);
    assert_eq!(t("a").span, Span::new(8, 9));

    // Data forms.
    assert_eq!(init("a"), [1, 0, 2, 0, 3, 0, 4, 0]);
    assert_eq!(u16s(&init("h")), [0x3c00, 0xc000, 0x7c00, 0xfc00]);
    assert_eq!(u16s(&init("n")), [0x7e00, 0x7bff]);
    assert_eq!(u16s(&init("b")), [0x3f80, 0x7fc0]);
    assert_eq!(init("f"), [0.5f32.to_le_bytes(); 3].concat());
    let mut g = SplitMix64::new(7);
    let want_r: Vec<u8> = (0..8)
        .map(|_| (-3 + (g.next_u64() % 7) as i128) as i8 as u8)
        .collect();
    assert_eq!(init("r"), want_r);
    assert!(want_r.iter().all(|&b| (-3..=3).contains(&(b as i8))));
    let mut g = SplitMix64::new(7);
    let want_rf: Vec<u8> = (0..4)
        .flat_map(|_| {
            let u = (g.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            ((-1.0 + 2.0 * u) as f32).to_le_bytes()
        })
        .collect();
    assert_eq!(init("rf"), want_rf);
    assert_eq!(init("file"), [1, 0, 0xff, 0xff]);
    assert_eq!(init("u"), [0xff; 8]);
    assert!(t("z").init.is_none());
    assert!(t("zh").init.is_none());
    assert_eq!(u16s(&init("ramp")), [0x3800, 0x3400, 0x0000]);

    // Instructions.
    let c = &p.code;
    assert_eq!(c.len(), 18);
    assert_eq!(c[0].op, Op::Exp);
    assert_eq!(c[0].form().clone(), Form::Count(4));
    assert_eq!(c[0].span, Span::new(22, 9));
    assert_eq!(c[0].span_of("count"), Span::new(22, 41));
    assert_eq!(c[0].span_of("mask"), c[0].span);

    let add = &c[1];
    assert_eq!(
        add.form().clone(),
        Form::Masked {
            mask: MaskArg::Contiguous(64),
            repeat_times: 1
        }
    );
    assert_eq!(
        add.strides(),
        Strides {
            dst_blk: 1,
            dst_rep: 8,
            src_blk: [2, 3],
            src_rep: [16, 255]
        }
    );
    let a = p.tensors.iter().position(|t| t.name == "a").unwrap();
    let z = p.tensors.iter().position(|t| t.name == "z").unwrap();
    assert_eq!(add.dst().copied().unwrap().tensor, z);
    assert_eq!(add.src()[0].tensor, a);
    assert_eq!(add.src()[0].offset, 0);
    assert_eq!(add.src()[1].offset, 2);
    assert_eq!(add.src()[1].span, Span::new(23, 40));
    assert_eq!(add.span_of("src1"), Span::new(23, 40));
    assert_eq!(add.span_of("params"), Span::new(24, 21));
    assert_eq!(add.span_of("src1_rep_stride"), Span::new(25, 79));

    let sub = &c[2];
    assert_eq!(sub.dst().copied().unwrap().offset, 0x40);
    assert_eq!(
        sub.form().clone(),
        Form::Masked {
            mask: MaskArg::Bits(vec![0x5555_5555_5555_5555]),
            repeat_times: 0
        }
    );
    assert_eq!(sub.strides(), Strides::default());
    assert_eq!(sub.span_of("src0_rep_stride"), Span::new(27, 34));

    let abs = &c[3];
    assert_eq!(
        abs.form().clone(),
        Form::Masked {
            mask: MaskArg::Bits(vec![1, 2]),
            repeat_times: 2
        }
    );
    assert_eq!(
        abs.strides(),
        Strides {
            dst_blk: 2,
            dst_rep: 16,
            src_blk: [3, 1],
            src_rep: [24, 8]
        }
    );
    let relu = &c[4];
    assert_eq!(
        relu.form().clone(),
        Form::Masked {
            mask: MaskArg::Placeholder,
            repeat_times: 1
        }
    );
    assert_eq!(relu.strides().src_rep, [4, 8]);
    assert_eq!(relu.strides().dst_rep, 8);

    // Scalars: rounded to the dst type (half 0.001 → 0.0010004), integers as Int.
    assert_eq!(
        c[5].scalar(),
        Some(Value::Float(half::f16::from_f64(0.001).to_f64()))
    );
    assert_eq!(c[5].form().clone(), Form::Count(256));
    assert_eq!(c[6].op, Op::ShiftRight);
    assert!(arg_round_en(&c[6]));
    assert_eq!(c[6].scalar(), Some(Value::Int(3)));
    // Negative masks and repeat_times > 255 are left to the simulator.
    assert_eq!(
        c[7].form().clone(),
        Form::Masked {
            mask: MaskArg::Contiguous(-5),
            repeat_times: 300
        }
    );
    assert_eq!(c[7].scalar(), Some(Value::Int(-2)));

    let wrm = &c[8];
    assert_eq!(arg_order(wrm), ReduceOrder::IndexValue);
    assert_eq!(wrm.strides().dst_rep, 2);
    assert_eq!(wrm.strides().src_blk[0], 1);
    assert_eq!(wrm.strides().src_rep[0], 8);
    assert_eq!(wrm.span_of("order"), Span::new(34, 69));
    let rrs = &c[9];
    assert_eq!(
        rrs.strides().dst_rep,
        1,
        "reduction dst_rep_stride defaults to 1"
    );
    assert_eq!(arg_order(rrs), ReduceOrder::ValueIndex);
    assert_eq!(
        c[10].form().clone(),
        Form::Masked {
            mask: MaskArg::Bits(vec![1, 2, 3, 4]),
            repeat_times: 1
        }
    );

    assert_eq!(c[11].scalar(), Some(Value::Float(f64::NEG_INFINITY)));
    assert_eq!(c[11].form().clone(), Form::Count(16));
    assert_eq!(c[12].scalar(), Some(Value::Int(7)));
    assert_eq!(c[12].strides().dst_blk, 2);
    assert_eq!(c[12].strides().dst_rep, 16);

    assert_eq!(
        arg_set_mask(&c[13]),
        Some(SetMaskArg::Words { high: 0, low: 0xff })
    );
    assert_eq!(arg_mask_dtype(&c[13]), DType::Half);
    assert_eq!(c[13].form().clone(), Form::Bare);
    assert_eq!(arg_set_mask(&c[14]), Some(SetMaskArg::Len(130)));
    assert_eq!(arg_mask_dtype(&c[14]), DType::Float);
    assert_eq!(c[15].op, Op::SetMaskCount);
    assert_eq!(c[15].span, Span::new(41, 9));
    assert_eq!(c[16].op, Op::SetMaskNorm);
    assert_eq!(c[17].op, Op::ResetMask);
    assert_eq!(c[17].form().clone(), Form::Bare);

    // Expectations.
    let e = &p.expect;
    assert_eq!(e.len(), 7);
    assert_eq!((e[0].tensor, e[0].at, e[0].len), (z, 0, 64));
    match &e[0].check {
        ExpectCheck::Exact(b) => {
            assert_eq!(b.len(), 128);
            assert_eq!(&b[..6], [2, 0, 4, 0, 6, 0]);
            assert_eq!(&b[126..], [128, 0]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(e[0].span, Span::new(46, 9));
    match &e[1].check {
        ExpectCheck::Close { values, rel, abs } => {
            assert_eq!(values, &[1, 0, 2, 0]);
            assert_eq!((*rel, *abs), (1e-3, 0.0));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!((e[1].at, e[1].len), (0, 2));
    // A shorter list with an explicit len repeats.
    match &e[2].check {
        ExpectCheck::Exact(b) => assert_eq!(b, &[1, 0, 2, 0, 1, 0, 2, 0, 1, 0]),
        other => panic!("{other:?}"),
    }
    assert!(matches!(e[3].check, ExpectCheck::Unwritten));
    assert_eq!((e[3].at, e[3].len), (64, 64));
    assert_eq!((e[4].at, e[4].len), (250, 6));
    assert!(matches!(e[4].check, ExpectCheck::Close { abs, .. } if abs == 0.5));
    assert_eq!((e[5].at, e[5].len), (120, 8));
    assert_eq!(e[6].len, 2);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn floats_accept_inf_minus_inf_and_nan_everywhere() {
    let src = r#"(
    tensors: {
        "x": (dtype: float, addr: 0, len: 4, init: Values([inf, -inf, NaN, -0.0])),
        "b": (dtype: bfloat16, addr: 64, len: 2, init: Values([-inf, NaN])),
    },
    code: [Adds(dst: "x", src: "x", scalar: NaN, count: 4), Maxs(dst: "x", src: "x", scalar: -inf, count: 4)],
    expect: [(tensor: "x", values: Fill(inf), len: 1)],
)"#;
    let p = load_str(Path::new("f.ron"), src).unwrap_or_else(|e| panic!("{}", e.render()));
    let x = p.tensors[0].init.clone().unwrap();
    let w: Vec<u32> = x
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(w[0], f32::INFINITY.to_bits());
    assert_eq!(w[1], f32::NEG_INFINITY.to_bits());
    assert!(f32::from_bits(w[2]).is_nan());
    assert_eq!(w[3], 0x8000_0000);
    assert_eq!(u16s(p.tensors[1].init.as_ref().unwrap())[0], 0xff80);
    assert!(matches!(p.code[0].scalar(), Some(Value::Float(v)) if v.is_nan()));
    assert_eq!(p.code[1].scalar(), Some(Value::Float(f64::NEG_INFINITY)));
}

#[test]
fn alternative_spellings() {
    let src = r#"Program(
    tensors: { "x": (dtype: u32, addr: 0, len: 64), "y": (dtype: uint32, addr: 256, len: 64) },
    code: [
        Exp(dst: "x[ 0x10 ]", src: "x", mask: MASK_PLACEHOLDER, repeat_times: 1,
            params: UnaryRepeatParams(dst_rep_stride: 4)),
        Add(dst: "x", src0: "x", src1: "y", mask: 8, repeat_times: 1, params: (2, 3, 4, 5, 6, 7)),
        Muls(dst: "x", src: "x", scalar: 4294967295, count: 8),
        ResetMask(),
    ],
    expect: None,
)"#;
    let p = load_str(Path::new("s.ron"), src).unwrap_or_else(|e| panic!("{}", e.render()));
    assert_eq!(p.code[0].dst().copied().unwrap().offset, 16);
    assert!(matches!(
        p.code[0].form().clone(),
        Form::Masked {
            mask: MaskArg::Placeholder,
            ..
        }
    ));
    assert_eq!(p.code[0].strides().dst_rep, 4);
    assert_eq!(
        p.code[1].strides(),
        Strides {
            dst_blk: 2,
            src_blk: [3, 4],
            dst_rep: 5,
            src_rep: [6, 7]
        }
    );
    assert_eq!(p.code[2].scalar(), Some(Value::Int(u32::MAX as i128)));
    assert_eq!(p.code[2].form().clone(), Form::Count(8));
    assert_eq!(p.code[3].op, Op::ResetMask);
    assert!(p.expect.is_empty());
    assert_eq!(p.product, Product::AtlasA2, "default product");
}

/// Deleting or replacing one character of a valid program (every fifth position, to keep the
/// test quick) never panics the loader, and every rejection points somewhere.
#[test]
fn no_panics_on_damaged_programs() {
    let dir = temp_dir("damage");
    std::fs::write(dir.join("x.bin"), [1u8, 0, 0xff, 0xff]).unwrap();
    let path = dir.join("p.ron");
    let chars: Vec<char> = ALL_FORMS.chars().collect();
    let mut rejected = 0;
    for i in (0..chars.len()).step_by(5) {
        for repl in [None, Some('-'), Some('"'), Some('9')] {
            let mut v = chars.clone();
            match repl {
                None => {
                    v.remove(i);
                }
                Some(c) => v[i] = c,
            }
            let text: String = v.into_iter().collect();
            if let Err(e) = load_str(&path, &text) {
                rejected += 1;
                assert!(!e.diagnostics.is_empty());
                assert!(e.diagnostics.iter().all(|d| d.span.is_some()));
                let _ = e.render();
            }
        }
    }
    assert!(
        rejected > chars.len() / 5,
        "most damage is detected ({rejected})"
    );
    std::fs::remove_dir_all(&dir).ok();
}
