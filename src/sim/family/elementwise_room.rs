//! The room of the unary, binary, vector–scalar and Duplicate families: their checks, plan
//! operands and the kernel (`elementwise::MapKernel`) each instruction runs.

use super::elementwise::{flexible_check, flexible_overlap, operands, reads_dst, MapKernel};
use crate::base::catalog::{Family, Op};
use crate::base::convert::RoundMode;
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Args, Form, Instr};
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{cast, Exec, Room};
use crate::sim::mask::LaneSource;
use crate::sim::plan::{OpAddr, Plan};

/// The room of the unary, binary, vector–scalar and Duplicate families (same element type
/// throughout; the half → float forms of MulAddDst and Axpy run on the cast kernel).
pub struct Elementwise;

impl Room for Elementwise {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        let srcs = match instr.op.family() {
            Family::Duplicate => 0,
            Family::Binary => 2,
            _ => 1,
        };
        if instr.src().len() < srcs {
            return Err(format!("{} needs dst and {srcs} source(s)", instr.name()));
        }
        Ok(())
    }

    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let instr = c.instr;
        let dst = c.dtype_of(instr.dst()?);
        // MulAddDst and Axpy also exist as half → float (docs/semantics.md §4.2, §4.3).
        if matches!(instr.op, Op::MulAddDst | Op::Axpy) {
            let src = instr.src().first().map_or(dst, |o| c.dtype_of(o));
            return Some(Types::pair(src, dst));
        }
        let p = c.product;
        if matches!(instr.op, Op::And | Op::Or)
            && matches!(dst, DType::Int32 | DType::UInt32)
            && p.profile().and_or_b32_count_as_b16
            && c.is_count()
        {
            // §3, §9 row 4: the count form reinterprets all buffers as 16-bit words.
            let w = if dst == DType::Int32 {
                DType::Int16
            } else {
                DType::UInt16
            };
            c.warn(
                "and-or-int32-reinterpreted",
                "count",
                format!(
                    "{} on {dst} with the count form runs on 16-bit words on {p}: `count` counts int16 words, so pass 2n to process n {dst} elements (docs/semantics.md §3)",
                    c.name()
                ),
            );
            return Some(Types::same(w));
        }
        Some(Types::same(dst))
    }

    fn dst_blk_field(&self, c: &Ctx) -> Option<&'static str> {
        Some(if c.instr.op.family() == Family::Duplicate {
            "dst_blk_stride"
        } else {
            "params"
        })
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        flexible_check(c);
    }

    fn plan(&self, c: &mut Ctx, _exec: &Exec, plan: &mut Plan, _ub: Option<&crate::sim::ub::Ub>) {
        flexible_overlap(c, plan);
    }

    fn late_check(&self, c: &mut Ctx, t: &Types) {
        let instr = c.instr;
        let (p, dt) = (c.product, t.src);
        let prof = p.profile();
        let Args::Scalar {
            scalar, round_en, ..
        } = &instr.args
        else {
            return;
        };
        if !matches!(instr.op, Op::ShiftLeft | Op::ShiftRight) {
            return;
        }
        if let Value::Int(n) = *scalar {
            let bits = (dt.size() * 8) as i128;
            if n < 0 || (prof.shift_amount_limited && n > bits) {
                let range = if prof.shift_amount_limited {
                    format!("0..={bits}")
                } else {
                    "≥ 0".into()
                };
                c.err(
                    "shift-out-of-range",
                    "scalar",
                    format!("shift amount {n} is out of range for {dt} on {p}: valid {range} (docs/semantics.md §4.3)"),
                );
            }
        }
        if *round_en {
            if !prof.shift_round_en {
                c.err("round-en-unsupported", "round_en", format!("ShiftRight round_en = true is not supported on {p}; only false (docs/semantics.md §9 row 17)"));
            } else if !matches!(dt, DType::Int16 | DType::Int32) {
                c.err("round-en-unsupported", "round_en", format!("ShiftRight round_en = true applies to int16 and int32 only, not {dt} (docs/semantics.md §4.3)"));
            }
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let instr = c.instr;
        if t.src != t.dst {
            return (cast::operands(instr, c.program, t.lane), 32);
        }
        let mut ops = operands(instr, c.program);
        if c.program.instr_dtype(instr) != Some(t.dst) {
            // And/Or int32 count-form reinterpretation: every operand is seen as 16-bit words.
            for o in ops.iter_mut() {
                *o = OpAddr::standard(o.role, o.tensor, o.kind, t.dst, o.base, o.blk, o.rep);
            }
        }
        (ops, 32)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let instr = c.instr;
        let scalar = instr.scalar().unwrap_or(Value::Int(0));
        if t.src != t.dst {
            return Exec::Cast(cast::kernel(
                instr.op,
                t,
                c.product,
                RoundMode::Rint,
                scalar,
            ));
        }
        let round_en = matches!(instr.args, Args::Scalar { round_en: true, .. });
        // A register-API instruction computes its namesake's lanes (docs/semantics.md §29).
        let op = instr.op.lane_op();
        // A SpecificMode algorithm `*_FTZ_FALSE` keeps subnormal results (§29).
        let keeps = matches!(
            instr.form(),
            Form::Reg {
                subnormal: true,
                ..
            }
        );
        let ftz = c.product.profile().transcendental_ftz
            && !keeps
            && matches!(
                op,
                Op::Exp
                    | Op::Ln
                    | Op::Sqrt
                    | Op::Rsqrt
                    | Op::Reciprocal
                    | Op::Div
                    | Op::RegLog2
                    | Op::RegLog10
            );
        Exec::Map(MapKernel {
            op,
            dtype: t.dst,
            scalar,
            round_en,
            ftz,
            fused: c.product.profile().fused_mul_add && reads_dst(op),
            scalar_first: matches!(
                instr.args,
                Args::Scalar {
                    scalar_first: true,
                    ..
                }
            ),
        })
    }
}
