//! The lane functions of the register-API instructions that have no memory-API namesake
//! (Ascend 950, docs/semantics.md §29; `Op::own_lanes`): Move, Neg, Log2, Log10, Xor, AbsSub, Prelu,
//! LeakyRelu (as its register page writes it), the shifts by a scalar and by a register.

use super::elementwise::{map1, map2};
use crate::base::catalog::Op;
use crate::sim::lanes::Num;

/// `out[i] = f(a[i], b[i])` for `op`, with scalar `s` (its integer value `amount`, a shift's);
/// any other instruction leaves `out` as it is.
#[inline(always)]
pub(super) fn compute<T: Num>(op: Op, a: &[T], b: &[T], s: T, amount: u32, out: &mut [T]) {
    let width = (std::mem::size_of::<T>() * 8) as u32;
    match op {
        // −x: integers wrap (−MIN is MIN), floats flip the sign (also of 0 and NaN).
        Op::RegNeg => {
            let m1 = T::from_value(crate::base::dtype::Value::Int(-1));
            map1(out, a, |x: T| x.vmul(m1))
        }
        Op::RegCopy => map1(out, a, |x: T| x),
        // Truncate: the integral value in the round mode, exact in the float type.
        Op::RegTruncRint => map1(out, a, |x: T| x.unary_f(f64::round_ties_even)),
        Op::RegTruncRound => map1(out, a, |x: T| x.unary_f(f64::round)),
        Op::RegTruncFloor => map1(out, a, |x: T| x.unary_f(f64::floor)),
        Op::RegTruncCeil => map1(out, a, |x: T| x.unary_f(f64::ceil)),
        Op::RegTruncTrunc => map1(out, a, |x: T| x.unary_f(f64::trunc)),
        Op::RegLog2 => map1(out, a, |x: T| x.unary_f(f64::log2)),
        Op::RegLog10 => map1(out, a, |x: T| x.unary_f(f64::log10)),
        Op::RegXor => map2(out, a, b, |x: T, y: T| {
            x.bit_or(y).bit_and(x.bit_and(y).bit_not())
        }),
        // |src0 − src1|, the difference rounded once.
        Op::RegAbsSub => map2(out, a, b, |x: T, y: T| x.vsub(y).vabs()),
        // src0 > 0 ? src0 : src0 · src1 (DK:Reg矢量计算/基础算术/Prelu; LeakyRelu by a scalar).
        Op::RegPrelu => map2(
            out,
            a,
            b,
            |x: T, y: T| if x > T::zero() { x } else { x.vmul(y) },
        ),
        Op::RegLeakyRelu => map1(out, a, |x: T| if x > T::zero() { x } else { x.vmul(s) }),
        // A shift past the width gives 0 (the pages' 约束说明), also for negative values.
        Op::RegShiftLefts => map1(out, a, |x: T| {
            if amount > width {
                T::zero()
            } else {
                x.shl(amount)
            }
        }),
        Op::RegShiftRights => map1(out, a, |x: T| {
            if amount > width {
                T::zero()
            } else {
                x.shr(amount, false)
            }
        }),
        // By each lane of src1 (a negative amount is undefined on the page: taken as past the
        // width, 0, as a shift past the width is).
        Op::RegShiftLeft | Op::RegShiftRight => map2(out, a, b, |x: T, y: T| {
            let n = match y.to_value() {
                crate::base::dtype::Value::Int(n) if (0..=width as i128).contains(&n) => n as u32,
                _ => return T::zero(),
            };
            if op == Op::RegShiftLeft {
                x.shl(n)
            } else {
                x.shr(n, false)
            }
        }),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use half::f16;

    fn run<T: Num>(op: Op, a: &[T], b: &[T], s: T, amount: u32) -> Vec<T> {
        let mut out = vec![T::zero(); a.len()];
        compute(op, a, b, s, amount, &mut out);
        out
    }

    #[test]
    fn neg_wraps_integers_and_flips_float_signs() {
        assert_eq!(run(Op::RegNeg, &[5i8, -128, 0], &[], 0, 0), [-5, -128, 0]);
        let z = run(Op::RegNeg, &[0.0f32, -2.5], &[], 0.0, 0);
        assert!(z[0] == 0.0 && z[0].is_sign_negative());
        assert_eq!(z[1], 2.5);
    }

    #[test]
    fn xor_abs_sub_and_prelu_follow_their_formulas() {
        assert_eq!(run(Op::RegXor, &[0b1100u16], &[0b1010], 0, 0), [0b0110]);
        assert_eq!(
            run(Op::RegAbsSub, &[1.5f32, -2.0], &[4.0, 1.0], 0.0, 0),
            [2.5, 3.0]
        );
        let p = run(
            Op::RegPrelu,
            &[2.0f32, -2.0, 0.0],
            &[0.5, 0.5, -1.0],
            0.0,
            0,
        );
        // 0 is not > 0: 0 · −1 is −0.
        assert_eq!(p[..2], [2.0, -1.0]);
        assert!(p[2] == 0.0 && p[2].is_sign_negative());
        let h = run(
            Op::RegLeakyRelu,
            &[f16::from_f32(-4.0)],
            &[],
            f16::from_f32(0.25),
            0,
        );
        assert_eq!(h[0], f16::from_f32(-1.0));
    }

    #[test]
    fn shifts_past_the_width_give_zero_even_for_negative_values() {
        assert_eq!(run(Op::RegShiftRights, &[-16i16], &[], 0, 2), [-4]);
        assert_eq!(run(Op::RegShiftRights, &[-16i16], &[], 0, 17), [0]);
        assert_eq!(run(Op::RegShiftLefts, &[1u8], &[], 0, 7), [128]);
        assert_eq!(run(Op::RegShiftLefts, &[1u8], &[], 0, 9), [0]);
        assert_eq!(run(Op::RegLog2, &[8.0f32], &[], 0.0, 0), [3.0]);
        assert_eq!(run(Op::RegLog10, &[1000.0f32], &[], 0.0, 0), [3.0]);
        let x = [2.5f32, -2.5, 1.5, -0.5];
        assert_eq!(
            run(Op::RegTruncRint, &x, &[], 0.0, 0),
            [2.0, -2.0, 2.0, -0.0]
        );
        assert_eq!(
            run(Op::RegTruncRound, &x, &[], 0.0, 0),
            [3.0, -3.0, 2.0, -1.0]
        );
        assert_eq!(
            run(Op::RegTruncFloor, &x, &[], 0.0, 0),
            [2.0, -3.0, 1.0, -1.0]
        );
        assert_eq!(
            run(Op::RegTruncCeil, &x, &[], 0.0, 0),
            [3.0, -2.0, 2.0, -0.0]
        );
        let t = run(Op::RegTruncTrunc, &x, &[], 0.0, 0);
        assert!(t == [2.0, -2.0, 1.0, -0.0] && t[3].is_sign_negative());
    }
}
