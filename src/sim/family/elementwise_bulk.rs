//! Whole runs of lanes for the half and float elementwise families that the plain lane loop
//! (`elementwise::lanes`) would compute one value at a time through f64: Max/Min (and their
//! scalar forms), Relu, LeakyRelu, AddRelu/SubRelu, Div/Divs, the non-fused FusedMulAdd,
//! MulAddRelu, MulAddDst and Axpy, and the transcendental family. Each result is bit for bit
//! the `Num` lane function's (`sim::lanes`; the tests below compare the two over every half
//! and special float values):
//!
//! - Max/Min and Relu select one input's bits by an integer key that orders floats with
//!   −0 < +0 (a NaN input wins, the first one when both are);
//! - the products and sums are the host's F16C/AVX arithmetic (`sim::simd`), which rounds as
//!   the lane functions do; the non-fused multiply–adds round the product first, as they do;
//! - half Exp, Ln, Sqrt, Rsqrt and Reciprocal read a table of all 65,536 results, built once
//!   per process from the lane function itself; float Sqrt and Reciprocal are the host's
//!   correctly rounded operations (the lane function's f64 result rounded to f32 is the same
//!   value: binary64 has more than 2·24 + 2 bits); float Exp is `simd::exp_f32`.
//!
//! Every function returns how many leading lanes it computed (0: none, the caller computes
//! them); a host without F16C/AVX computes fewer.

use crate::base::catalog::Op;
use crate::sim::family::elementwise::MapKernel;
use crate::sim::lanes::Num;
use crate::sim::simd::{float_binary, half_binary};
use half::f16;
use std::sync::OnceLock;

/// The lanes a chunk of intermediate results holds (the multiply–adds' products).
const CHUNK: usize = 1024;

/// The f64 function the lane function rounds for each transcendental operation.
pub fn unary_fn(op: Op) -> Option<fn(f64) -> f64> {
    Some(match op {
        Op::Exp => f64::exp,
        Op::Ln => f64::ln,
        Op::Sqrt => f64::sqrt,
        Op::Rsqrt => |v| 1.0 / v.sqrt(),
        Op::Reciprocal => |v| 1.0 / v,
        _ => return None,
    })
}

/// IEEE bit patterns seen as integers: the NaN test and an ordering key.
trait Bits: Copy + PartialOrd {
    type Key: Copy + PartialOrd;
    fn nan(self) -> bool;
    /// The value's place in the order of non-NaN floats, −0 just below +0.
    fn key(self) -> Self::Key;
    /// Negative and not −0 (`Num::is_neg`).
    fn is_neg(self) -> bool;
    const ZERO: Self;
}

impl Bits for u16 {
    type Key = i16;
    #[inline(always)]
    fn nan(self) -> bool {
        self & 0x7fff > 0x7c00
    }
    #[inline(always)]
    fn key(self) -> i16 {
        let s = self as i16;
        s ^ ((s >> 15) & 0x7fff)
    }
    #[inline(always)]
    fn is_neg(self) -> bool {
        (self & 0x8000 != 0) & (self & 0x7fff != 0) & !self.nan()
    }
    const ZERO: u16 = 0;
}

impl Bits for u32 {
    type Key = i32;
    #[inline(always)]
    fn nan(self) -> bool {
        self & 0x7fff_ffff > 0x7f80_0000
    }
    #[inline(always)]
    fn key(self) -> i32 {
        let s = self as i32;
        s ^ ((s >> 31) & 0x7fff_ffff)
    }
    #[inline(always)]
    fn is_neg(self) -> bool {
        (self & 0x8000_0000 != 0) & (self & 0x7fff_ffff != 0) & !self.nan()
    }
    const ZERO: u32 = 0;
}

/// `Num::vmax`/`vmin` on bits: a NaN input wins (`a`'s first), else the larger/smaller by key.
/// Written without short-circuits so that loops of it vectorise.
#[inline(always)]
fn select<B: Bits>(a: B, b: B, max: bool) -> B {
    let later = if max {
        b.key() > a.key()
    } else {
        b.key() < a.key()
    };
    if !a.nan() & (b.nan() | later) {
        b
    } else {
        a
    }
}

/// Relu on bits: `select(x, +0, max)`.
#[inline(always)]
fn relu<B: Bits>(x: B) -> B {
    select(x, B::ZERO, true)
}

/// The scalar of `k` as element bits of width `B`.
fn scalar_bits<T: Num, B: bytemuck::Pod>(k: &MapKernel) -> B {
    let s: T = k.scalar_as();
    bytemuck::cast::<[T; 1], [B; 1]>([s])[0]
}

/// `out = x op y` over a prefix of the lanes (Add/Sub/Mul/Div, the host's SIMD); its count.
type Arith<B> = fn(Op, &[B], &[B], &mut [B]) -> usize;

/// `out = op(x)` for the transcendental family over a prefix of the lanes; its count.
type Unary<B> = fn(Op, &[B], &mut [B]) -> usize;

/// The elementwise operations of the module over bits of one width.
struct Width<B> {
    arith: Arith<B>,
    unary: Unary<B>,
}

fn run<B: Bits + bytemuck::Pod + Default>(
    k: &MapKernel,
    s: B,
    a: &[B],
    b: &[B],
    out: &mut [B],
    w: &Width<B>,
) -> usize {
    let n = out.len().min(a.len());
    let (a, out) = (&a[..n], &mut out[..n]);
    match k.op {
        Op::Max | Op::Min if b.len() < n => 0,
        Op::Max => map2(a, b, out, |x, y| select(x, y, true)),
        Op::Min => map2(a, b, out, |x, y| select(x, y, false)),
        Op::Maxs | Op::Mins => {
            let max = k.op == Op::Maxs;
            if k.scalar_first {
                map1(a, out, |x| select(s, x, max))
            } else {
                map1(a, out, |x| select(x, s, max))
            }
        }
        Op::Relu => map1(a, out, relu),
        Op::AddRelu | Op::SubRelu => {
            if b.len() < n {
                return 0;
            }
            let op = if k.op == Op::AddRelu {
                Op::Add
            } else {
                Op::Sub
            };
            let done = (w.arith)(op, a, &b[..n], out);
            for o in &mut out[..done] {
                *o = relu(*o);
            }
            done
        }
        Op::Div => {
            if b.len() < n {
                return 0;
            }
            (w.arith)(Op::Div, a, &b[..n], out)
        }
        Op::Divs | Op::LeakyRelu => {
            let op = if k.op == Op::Divs { Op::Div } else { Op::Mul };
            let mut done = 0;
            let splat = [s; CHUNK];
            while done < n {
                let m = (n - done).min(CHUNK);
                let (x, o) = (&a[done..done + m], &mut out[done..done + m]);
                let got = if k.scalar_first && k.op == Op::Divs {
                    (w.arith)(op, &splat[..m], x, o)
                } else {
                    (w.arith)(op, x, &splat[..m], o)
                };
                if k.op == Op::LeakyRelu {
                    for (o, &x) in o[..got].iter_mut().zip(x) {
                        *o = if x.is_neg() { *o } else { x };
                    }
                }
                done += got;
                if got < m {
                    break;
                }
            }
            done
        }
        op if unary_fn(op).is_some() => (w.unary)(op, a, out),
        _ => 0,
    }
}

/// `out[i] = f(a[i])` over every lane; returns the count.
#[inline(always)]
fn map1<B: Copy>(a: &[B], out: &mut [B], f: impl Fn(B) -> B) -> usize {
    for (o, &x) in out.iter_mut().zip(a) {
        *o = f(x);
    }
    out.len()
}

/// `out[i] = f(a[i], b[i])` over every lane; returns the count.
#[inline(always)]
fn map2<B: Copy>(a: &[B], b: &[B], out: &mut [B], f: impl Fn(B, B) -> B) -> usize {
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        *o = f(x, y);
    }
    out.len()
}

/// The non-fused multiply–adds (`elementwise::lanes3`): the product rounded to the type, then
/// the sum. `a`, `b` are the sources in operand order, `c` the old dst.
fn run3<B: Bits + bytemuck::Pod + Default>(
    k: &MapKernel,
    s: B,
    (a, b, c): (&[B], &[B], &[B]),
    out: &mut [B],
    w: &Width<B>,
) -> usize {
    if k.fused {
        return 0;
    }
    let n = out.len().min(a.len()).min(b.len());
    let mut prod = [B::default(); CHUNK];
    let splat = [s; CHUNK];
    let mut done = 0;
    while done < n {
        let m = (n - done).min(CHUNK);
        let r = done..done + m;
        let (x, y) = (&a[r.clone()], &b[r.clone()]);
        let z = c.get(r.clone());
        // (product factors, addend)
        let (f0, f1, add) = match (k.op, z) {
            (Op::FusedMulAdd | Op::MulAddRelu, Some(z)) => (x, z, y),
            (Op::MulAddDst, Some(z)) => (x, y, z),
            (Op::Axpy, _) => (&splat[..m], x, y),
            _ => return done,
        };
        let p = (w.arith)(Op::Mul, f0, f1, &mut prod[..m]);
        let got = (w.arith)(
            Op::Add,
            &prod[..p],
            &add[..p],
            &mut out[r.start..r.start + p],
        );
        if k.op == Op::MulAddRelu {
            for o in &mut out[r.start..r.start + got] {
                *o = relu(*o);
            }
        }
        done += got;
        if got < m {
            break;
        }
    }
    done
}

/// The table of a half transcendental operation: every input's result by the lane function.
fn half_table(op: Op) -> Option<&'static [u16; 1 << 16]> {
    type Table = Box<[u16; 1 << 16]>;
    static TABLES: [OnceLock<Table>; 5] = [const { OnceLock::new() }; 5];
    let i = [Op::Exp, Op::Ln, Op::Sqrt, Op::Rsqrt, Op::Reciprocal]
        .iter()
        .position(|&o| o == op)?;
    let f = unary_fn(op)?;
    Some(TABLES[i].get_or_init(|| {
        let mut t: Table = Box::new([0; 1 << 16]);
        for (x, r) in t.iter_mut().enumerate() {
            *r = f16::from_bits(x as u16).unary_f(f).to_bits();
        }
        t
    }))
}

/// Half lanes (bit patterns) of `k`; see the module comment.
pub fn half(k: &MapKernel, a: &[u16], b: &[u16], out: &mut [u16]) -> usize {
    let w = Width {
        arith: half_binary,
        unary: |op, x: &[u16], o: &mut [u16]| match half_table(op) {
            Some(t) => map1(x, o, |v| t[v as usize]),
            None => 0,
        },
    };
    run(k, scalar_bits::<f16, u16>(k), a, b, out, &w)
}

/// Half lanes of the multiply–adds that read dst (`c`, the old dst).
pub fn half3(k: &MapKernel, a: &[u16], b: &[u16], c: &[u16], out: &mut [u16]) -> usize {
    let w = Width {
        arith: half_binary,
        unary: |_, _: &[u16], _: &mut [u16]| 0,
    };
    run3(k, scalar_bits::<f16, u16>(k), (a, b, c), out, &w)
}

/// Float arithmetic on bits through the host's SIMD.
fn float_arith(op: Op, x: &[u32], y: &[u32], o: &mut [u32]) -> usize {
    float_binary(
        op,
        bytemuck::cast_slice(x),
        bytemuck::cast_slice(y),
        bytemuck::cast_slice_mut(o),
    )
}

/// The canonical NaN for a NaN result (`Num` for f32).
#[inline(always)]
fn canon(x: f32) -> u32 {
    crate::sim::lanes::canon_f32(x).to_bits()
}

/// Float lanes (bit patterns) of `k`; see the module comment.
pub fn float(k: &MapKernel, a: &[u32], b: &[u32], out: &mut [u32]) -> usize {
    let w = Width {
        arith: float_arith,
        unary: |op, x: &[u32], o: &mut [u32]| match op {
            Op::Sqrt => map1(x, o, |v| canon(f32::from_bits(v).sqrt())),
            Op::Exp => {
                crate::sim::simd::exp_f32(x, o);
                o.len()
            }
            Op::Ln => {
                crate::sim::simd::ln_f32(x, o);
                o.len()
            }
            Op::Reciprocal => map1(x, o, |v| canon(1.0 / f32::from_bits(v))),
            _ => 0,
        },
    };
    run(k, scalar_bits::<f32, u32>(k), a, b, out, &w)
}

/// Float lanes of the multiply–adds that read dst (`c`, the old dst).
pub fn float3(k: &MapKernel, a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) -> usize {
    let w = Width {
        arith: float_arith,
        unary: |_, _: &[u32], _: &mut [u32]| 0,
    };
    run3(k, scalar_bits::<f32, u32>(k), (a, b, c), out, &w)
}

#[cfg(test)]
#[path = "elementwise_bulk_tests.rs"]
mod tests;
