//! The bulk lanes against the `Num` lane functions, value by value: every half input for the
//! unary operations, every half input against special and random partners for the binary ones,
//! special and random floats.

use super::*;
use crate::base::dtype::{DType, Value};

fn kernel(op: Op, dtype: DType, scalar: f64) -> MapKernel {
    MapKernel {
        op,
        dtype,
        scalar: Value::Float(scalar),
        round_en: false,
        ftz: false,
        fused: false,
        scalar_first: false,
    }
}

/// The lane function's result for one lane (`elementwise::lanes`' definitions).
fn reference<T: Num>(k: &MapKernel, x: T, y: T, z: T) -> T {
    let s: T = k.scalar_as();
    let zero = T::zero();
    match k.op {
        Op::Max => x.vmax(y),
        Op::Min => x.vmin(y),
        Op::Maxs if k.scalar_first => s.vmax(x),
        Op::Mins if k.scalar_first => s.vmin(x),
        Op::Divs if k.scalar_first => s.vdiv(x),
        Op::Maxs => x.vmax(s),
        Op::Mins => x.vmin(s),
        Op::Divs => x.vdiv(s),
        Op::Relu => x.vmax(zero),
        Op::AddRelu => x.vadd(y).vmax(zero),
        Op::SubRelu => x.vsub(y).vmax(zero),
        Op::Div => x.vdiv(y),
        Op::LeakyRelu => {
            if x.is_neg() {
                x.vmul(s)
            } else {
                x
            }
        }
        Op::FusedMulAdd => x.vmul(z).vadd(y),
        Op::MulAddRelu => x.vmul(z).vadd(y).vmax(zero),
        Op::MulAddDst => x.vmul(y).vadd(z),
        Op::Axpy => s.vmul(x).vadd(y),
        op => x.unary_f(unary_fn(op).unwrap_or(|v| v)),
    }
}

/// Special half values: zeros, infinities, NaNs (quiet, signalling, negative), the smallest
/// and largest subnormals and normals, ones, and values whose sums and products tie.
const HALF_SPECIAL: [u16; 22] = [
    0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe00, 0x7fff, 0x0001, 0x8001, 0x03ff, 0x0400,
    0x8400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3c01, 0x1400, 0x3800, 0xc000, 0x5bff,
];

const FLOAT_SPECIAL: [u32; 18] = [
    0,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7f80_0001,
    0xffc0_0000,
    1,
    0x8000_0001,
    0x007f_ffff,
    0x0080_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x3f80_0000,
    0xbf80_0000,
    0x3f80_0001,
    0x3380_0000,
    0x7e80_0000,
];

/// A small deterministic generator (splitmix64).
fn rng(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn check_half(k: &MapKernel, a: &[u16], b: &[u16], c: &[u16]) {
    let mut out = vec![0u16; a.len()];
    let done = if crate::sim::family::elementwise::reads_dst(k.op) {
        half3(k, a, b, c, &mut out)
    } else {
        half(k, a, b, &mut out)
    };
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("f16c") && std::is_x86_feature_detected!("avx") {
        assert!(
            done >= a.len() / 8 * 8,
            "{:?} computed only {done} lanes",
            k.op
        );
    }
    let h = f16::from_bits;
    for i in 0..done {
        let z = c.get(i).copied().unwrap_or(0);
        let want = reference(k, h(a[i]), h(b.get(i).copied().unwrap_or(0)), h(z));
        assert_eq!(
            out[i],
            want.to_bits(),
            "{:?} half {:#06x}, {:#06x}, {z:#06x}: {:#06x}, want {:#06x}",
            k.op,
            a[i],
            b.get(i).copied().unwrap_or(0),
            out[i],
            want.to_bits()
        );
    }
}

#[test]
fn half_unary_operations_equal_the_lane_functions_on_every_input() {
    let all: Vec<u16> = (0..=u16::MAX).collect();
    for op in [
        Op::Relu,
        Op::Exp,
        Op::Ln,
        Op::Sqrt,
        Op::Rsqrt,
        Op::Reciprocal,
    ] {
        check_half(&kernel(op, DType::Half, 0.0), &all, &[], &[]);
    }
    for s in [0.01, -2.5, 0.0, 65504.0, f64::NAN] {
        check_half(&kernel(Op::LeakyRelu, DType::Half, s), &all, &[], &[]);
    }
    for op in [Op::Maxs, Op::Mins, Op::Divs] {
        for s in [0.0, -0.0, 1.5, -3.0, f64::NAN, f64::INFINITY] {
            let mut k = kernel(op, DType::Half, s);
            check_half(&k, &all, &[], &[]);
            k.scalar_first = true;
            check_half(&k, &all, &[], &[]);
        }
    }
}

#[test]
fn half_binary_operations_equal_the_lane_functions() {
    let all: Vec<u16> = (0..=u16::MAX).collect();
    let mut seed = 7;
    let partners: Vec<u16> = HALF_SPECIAL
        .iter()
        .copied()
        .chain((0..10).map(|_| rng(&mut seed) as u16))
        .collect();
    for op in [Op::Max, Op::Min, Op::AddRelu, Op::SubRelu, Op::Div] {
        for &p in &partners {
            check_half(
                &kernel(op, DType::Half, 0.0),
                &all,
                &vec![p; all.len()],
                &[],
            );
        }
    }
    // Every pair of special values, both ways.
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for &x in &HALF_SPECIAL {
        for &y in &HALF_SPECIAL {
            a.push(x);
            b.push(y);
        }
    }
    for op in [Op::Max, Op::Min, Op::AddRelu, Op::SubRelu, Op::Div] {
        check_half(&kernel(op, DType::Half, 0.0), &a, &b, &[]);
    }
}

#[test]
fn half_multiply_adds_round_the_product_first_as_the_lane_functions() {
    let mut seed = 11;
    let pick = |seed: &mut u64| {
        let r = rng(seed);
        if r % 5 == 0 {
            HALF_SPECIAL[(r >> 8) as usize % HALF_SPECIAL.len()]
        } else {
            r as u16
        }
    };
    let n = 200_000;
    let a: Vec<u16> = (0..n).map(|_| pick(&mut seed)).collect();
    let b: Vec<u16> = (0..n).map(|_| pick(&mut seed)).collect();
    let c: Vec<u16> = (0..n).map(|_| pick(&mut seed)).collect();
    for op in [Op::FusedMulAdd, Op::MulAddRelu, Op::MulAddDst] {
        check_half(&kernel(op, DType::Half, 0.0), &a, &b, &c);
    }
    for s in [0.5, -1.25, f64::INFINITY] {
        check_half(&kernel(Op::Axpy, DType::Half, s), &a, &b, &c);
    }
    // The fused form (950) is left to the lane function.
    let mut k = kernel(Op::FusedMulAdd, DType::Half, 0.0);
    k.fused = true;
    assert_eq!(half3(&k, &a, &b, &c, &mut vec![0; n]), 0);
}

#[test]
fn float_operations_equal_the_lane_functions() {
    let mut seed = 3;
    let pick = |seed: &mut u64| {
        let r = rng(seed);
        match r % 6 {
            0 => FLOAT_SPECIAL[(r >> 8) as usize % FLOAT_SPECIAL.len()],
            // Near 1/x's subnormal results and √'s exact squares.
            1 => 0x7e00_0000 | (r >> 40) as u32 & 0x00ff_ffff,
            2 => (((r >> 32) as u32 & 0xfff).pow(2) as f32).to_bits(),
            _ => r as u32,
        }
    };
    let n = 300_000;
    let a: Vec<u32> = (0..n).map(|_| pick(&mut seed)).collect();
    let b: Vec<u32> = (0..n).map(|_| pick(&mut seed)).collect();
    let c: Vec<u32> = (0..n).map(|_| pick(&mut seed)).collect();
    let f = f32::from_bits;
    let check = |k: &MapKernel, three: bool| {
        let mut out = vec![0u32; n];
        let done = if three {
            float3(k, &a, &b, &c, &mut out)
        } else {
            float(k, &a, &b, &mut out)
        };
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx") {
            assert_eq!(done, n, "{:?} computed only {done} lanes", k.op);
        }
        for i in 0..done {
            let want = reference(k, f(a[i]), f(b[i]), f(c[i])).to_bits();
            assert_eq!(
                out[i], want,
                "{:?} float {:#010x}, {:#010x}, {:#010x}: {:#010x}, want {want:#010x}",
                k.op, a[i], b[i], c[i], out[i]
            );
        }
    };
    for op in [
        Op::Max,
        Op::Min,
        Op::Relu,
        Op::AddRelu,
        Op::SubRelu,
        Op::Div,
        Op::Sqrt,
        Op::Reciprocal,
    ] {
        check(&kernel(op, DType::Float, 0.0), false);
    }
    for s in [0.2, -0.0, f64::NAN] {
        for op in [Op::Maxs, Op::Mins, Op::Divs, Op::LeakyRelu] {
            let mut k = kernel(op, DType::Float, s);
            check(&k, false);
            k.scalar_first = op != Op::LeakyRelu;
            check(&k, false);
        }
    }
    for op in [Op::FusedMulAdd, Op::MulAddRelu, Op::MulAddDst, Op::Axpy] {
        check(&kernel(op, DType::Float, 1.75), true);
    }
}
