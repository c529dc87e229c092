//! The scalar unit (docs/format.md §10): the values of the named scalars, numeric fields
//! that name a scalar (bound when the instruction is reached), `Let`'s expressions evaluated with
//! C++'s usual arithmetic conversions, and the synchronisation state behind the three hazard
//! warnings.

use crate::base::catalog::Op;
use crate::base::convert::{cast_value, round_to};
use crate::base::dtype::{DType, Value};
use crate::base::expr::{Binary, Expr, Func, Literal, Unary};
use crate::base::ir::{Args, Event, Form, Instr, MaskArg, Pipe, Program, SetMaskArg, Slot, Sync};
use std::borrow::Cow;
use std::ops::Range;

/// What the scalar unit holds: one value per declared scalar (None: uninitialised), and the
/// UB ranges written by one pipe and not yet synchronised with the other.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScalarState {
    pub values: Vec<Option<Value>>,
    /// Bytes vector instructions wrote since the last V → S synchronisation.
    pub v_writes: Vec<Range<u32>>,
    /// Bytes SetValue wrote since the last S → V synchronisation.
    pub s_writes: Vec<Range<u32>>,
    /// SetFlag events not yet waited for.
    pub flags: Vec<(Event, u32)>,
    /// The register GetReduceRepeatSumSpr reads: the result of the last count-form ReduceSum
    /// (its dst[0]), None before one ran.
    pub reduce_sum: Option<Value>,
    /// The CmpMask register, byte by byte (LSB first): None where the last Compare into it
    /// wrote nothing (a float compare fills 8 of its 16 bytes) or none ran
    /// (docs/semantics.md §19).
    pub cmp_mask: [Option<u8>; 16],
    /// The register GetReduceRepeatMaxMinSpr reads, None before a ReduceRepeat MAX/MIN,
    /// ReduceMax or ReduceMin ran.
    pub max_min: Option<MaxMinReg>,
}

/// What the last ReduceRepeat MAX/MIN, ReduceMax or ReduceMin left for
/// GetReduceRepeatMaxMinSpr (docs/semantics.md §19).
#[derive(Clone, Debug, PartialEq)]
pub struct MaxMinReg {
    /// The reduction's element type (T of `GetReduceRepeatMaxMinSpr<T>`).
    pub dtype: DType,
    /// The value's bits.
    pub value: Option<u64>,
    pub index: Option<u32>,
    /// Why the value or the index is not specified, for the warning that reads it.
    pub why: String,
}

impl ScalarState {
    pub fn new(program: &Program) -> ScalarState {
        ScalarState {
            values: program.scalars.iter().map(|s| s.init).collect(),
            ..ScalarState::default()
        }
    }

    /// Applies a synchronisation step; Some(message) for a WaitFlag nothing set.
    pub fn sync(&mut self, s: Sync) -> Option<String> {
        match s {
            Sync::Barrier(Pipe::V) => self.v_writes.clear(),
            Sync::Barrier(Pipe::All) | Sync::AllBlocks => {
                self.v_writes.clear();
                self.s_writes.clear();
            }
            Sync::Barrier(_) => {}
            Sync::SetFlag(e, id) => self.flags.push((e, id)),
            Sync::WaitFlag(e, id) => {
                let Some(i) = self.flags.iter().position(|f| *f == (e, id)) else {
                    return Some(format!(
                        "WaitFlag {} id {id} has no SetFlag of the same event and id before it: on hardware it waits forever or for a stale flag (docs/format.md §10)",
                        event_name(e)
                    ));
                };
                self.flags.remove(i);
                match (e.from, e.to) {
                    (Pipe::V, Pipe::S) => self.v_writes.clear(),
                    (Pipe::S, Pipe::V) => self.s_writes.clear(),
                    _ => {}
                }
            }
        }
        None
    }
}

pub fn event_name(e: Event) -> String {
    let p = |p: Pipe| match p {
        Pipe::V => "V",
        Pipe::S => "S",
        Pipe::Mte2 => "MTE2",
        Pipe::Mte3 => "MTE3",
        Pipe::All => "ALL",
    };
    format!("{}_{}", p(e.from), p(e.to))
}

/// Whether `r` meets any of `ranges`.
pub fn meets(ranges: &[Range<u32>], r: &Range<u32>) -> bool {
    ranges.iter().any(|x| x.start < r.end && r.start < x.end)
}

/// Takes the bytes of `r` out of `ranges` (a range it covers partly keeps the rest).
pub fn forget(ranges: &mut Vec<Range<u32>>, r: &Range<u32>) {
    if !meets(ranges, r) {
        return;
    }
    let mut kept = Vec::with_capacity(ranges.len() + 1);
    for x in ranges.drain(..) {
        if x.end <= r.start || r.end <= x.start {
            kept.push(x);
            continue;
        }
        if x.start < r.start {
            kept.push(x.start..r.start);
        }
        if r.end < x.end {
            kept.push(r.end..x.end);
        }
    }
    *ranges = kept;
}

/// `instr` with every numeric field that names a scalar replaced by the scalar's value (a
/// borrowed `instr` when it names none). Err: why a value cannot be used there. Warnings
/// (uninitialised scalars, used as 0) go to `warn`.
pub fn bind<'a>(
    program: &Program,
    instr: &'a Instr,
    values: &[Option<Value>],
    warn: &mut Vec<String>,
) -> Result<Cow<'a, Instr>, String> {
    if instr.bindings.is_empty() {
        return Ok(Cow::Borrowed(instr));
    }
    let mut out = instr.clone();
    for &(slot, i) in &instr.bindings {
        let decl = &program.scalars[i];
        let v = values.get(i).copied().flatten().unwrap_or_else(|| {
            warn.push(format!(
                "scalar \"{}\" is used uninitialised: taken as 0 (docs/format.md §10)",
                decl.name
            ));
            Value::Int(0)
        });
        let int = |what: &str, max: i128| -> Result<i128, String> {
            let n = match v {
                Value::Int(n) => n,
                Value::Float(f) if f.is_finite() => f.trunc() as i128,
                Value::Float(f) => return Err(format!("{what} is scalar \"{}\" = {f}", decl.name)),
            };
            if n < 0 || n > max {
                return Err(format!(
                    "{what} is scalar \"{}\" = {n}, out of range: valid 0..={max}",
                    decl.name
                ));
            }
            Ok(n)
        };
        let v_form = out.vector().map(|v| v.form.clone());
        match slot {
            Slot::Count => set_form(
                &mut out,
                Form::Count(int("count", u32::MAX as i128)? as u64),
            ),
            Slot::RepeatTimes => {
                if let Some(Form::Masked { mask, .. }) = v_form {
                    let r = int("repeat_times", u32::MAX as i128)? as u64;
                    set_form(
                        &mut out,
                        Form::Masked {
                            mask,
                            repeat_times: r,
                        },
                    );
                }
            }
            Slot::Mask => {
                if let Some(Form::Masked { repeat_times, .. }) = v_form {
                    let m = int("mask", u64::MAX as i128)?;
                    set_form(
                        &mut out,
                        Form::Masked {
                            mask: MaskArg::Contiguous(m),
                            repeat_times,
                        },
                    );
                }
            }
            Slot::MaskWord(k) => {
                let w = int("a mask word", u64::MAX as i128)? as u64;
                match (&mut out.args, v_form) {
                    (
                        Args::MaskReg {
                            set: Some(SetMaskArg::Words { high, low }),
                            ..
                        },
                        _,
                    ) => *(if k == 0 { high } else { low }) = w,
                    (
                        _,
                        Some(Form::Masked {
                            mask: MaskArg::Bits(mut words),
                            repeat_times,
                        }),
                    ) => {
                        if let Some(x) = words.get_mut(k as usize) {
                            *x = w;
                        }
                        set_form(
                            &mut out,
                            Form::Masked {
                                mask: MaskArg::Bits(words),
                                repeat_times,
                            },
                        );
                    }
                    _ => {}
                }
            }
            Slot::MaskLen => {
                if let Args::MaskReg {
                    set: Some(SetMaskArg::Len(len)),
                    ..
                } = &mut out.args
                {
                    *len = int("len", u64::MAX as i128)? as u64;
                }
            }
            Slot::Stride(name) => {
                // Fields of DataCopyParams, GatherMaskParams and Gather's base_addr first.
                let ext = out.op == Op::DataCopyPad && name != "block_count";
                if let Args::DataCopy {
                    blocks: Some(b), ..
                } = &mut out.args
                {
                    // DataCopyExtParams' lengths and strides are uint32_t, DataCopyParams'
                    // uint16_t.
                    let max = if ext { u32::MAX } else { u16::MAX as u32 };
                    let v = int(name, max as i128)? as u32;
                    match name {
                        "block_count" => b.count = v,
                        "block_len" => b.len = v,
                        "src_stride" => b.src_gap = v,
                        "dst_stride" => b.dst_gap = v,
                        other => return Err(format!("a scalar cannot stand for `{other}`")),
                    }
                    continue;
                }
                if let Args::Gather { base_addr, .. } = &mut out.args {
                    if name == "base_addr" {
                        *base_addr = int(name, u32::MAX as i128)? as u32;
                        continue;
                    }
                }
                if name == "repeat_times" {
                    if let Some(Form::Masked { mask, .. }) = v_form {
                        let r = int(name, u16::MAX as i128)? as u64;
                        set_form(
                            &mut out,
                            Form::Masked {
                                mask,
                                repeat_times: r,
                            },
                        );
                    }
                    continue;
                }
                let s = int(name, u16::MAX as i128)? as u32;
                if let Some(vec) = out.vector_mut() {
                    let st = &mut vec.strides;
                    match name {
                        "dst_blk_stride" | "dst_stride" => st.dst_blk = s,
                        "src_blk_stride" | "src0_blk_stride" | "src_stride"
                        | "src0_block_stride" => st.src_blk[0] = s,
                        "src1_blk_stride" => st.src_blk[1] = s,
                        "dst_rep_stride" | "dst_repeat_size" => st.dst_rep = s,
                        "src_rep_stride" | "src0_rep_stride" | "src_repeat_size"
                        | "src0_repeat_stride" => st.src_rep[0] = s,
                        "src1_rep_stride" | "src1_repeat_stride" => st.src_rep[1] = s,
                        other => return Err(format!("a scalar cannot stand for `{other}`")),
                    }
                }
            }
            Slot::Offset(k) => {
                let o = match (&mut out.args, k) {
                    (Args::GetValue { src, .. }, 1) => Some(src),
                    (Args::SetValue { dst, .. }, 0) => Some(dst),
                    (Args::GetCmpMask { dst }, 0) => Some(dst),
                    (Args::SetCmpMask { src }, 1) => Some(src),
                    (args, 3) => args.other_operand_mut(),
                    (args, _) => match args.vector_mut() {
                        Some(v) if k == 0 => v.dst.as_mut(),
                        Some(v) => v.src.get_mut(k as usize - 1),
                        None => None,
                    },
                };
                if let Some(o) = o {
                    let t = &program.tensors[o.tensor];
                    let i = int("an operand's offset", u32::MAX as i128)? as u32;
                    if i >= t.len {
                        return Err(format!(
                            "offset {i} (scalar \"{}\") is beyond tensor \"{}\" (len {})",
                            decl.name, t.name, t.len
                        ));
                    }
                    o.offset = i;
                }
            }
            Slot::Scalar => {
                let d = program.instr_dtype(&out).unwrap_or(DType::Float);
                // Axpy's and Compares' scalar has the source type (docs/semantics.md §10).
                let d = match out.args {
                    Args::Compare { .. } => out
                        .src()
                        .first()
                        .map_or(d, |o| program.tensors[o.tensor].dtype),
                    Args::Scalar { .. } if out.op == crate::base::catalog::Op::Axpy => out
                        .src()
                        .first()
                        .map_or(d, |o| program.tensors[o.tensor].dtype),
                    _ => d,
                };
                let c = cast_value(v, d).map_err(|e| format!("scalar \"{}\": {e}", decl.name))?;
                match &mut out.args {
                    Args::Scalar { scalar, .. } | Args::Fill { scalar, .. } => *scalar = c,
                    Args::Compare { scalar, .. } | Args::Select { scalar, .. } => *scalar = Some(c),
                    _ => {}
                }
            }
        }
    }
    Ok(Cow::Owned(out))
}

fn set_form(i: &mut Instr, f: Form) {
    if let Some(v) = i.vector_mut() {
        v.form = f;
    }
}

/// A value of the C++ types expressions compute in.
#[derive(Clone, Copy, Debug, PartialEq)]
enum CType {
    Int(DType),
    Float,
    Double,
}

#[derive(Clone, Copy, Debug)]
struct Num {
    v: Value,
    t: CType,
}

/// An error at a column of the expression.
pub struct EvalError {
    pub col: u32,
    pub message: String,
}

fn promote(d: DType) -> CType {
    match d {
        DType::Half | DType::BFloat16 | DType::Float => CType::Float,
        DType::Int8 | DType::UInt8 | DType::Int16 | DType::UInt16 | DType::Int32 => {
            CType::Int(DType::Int32)
        }
        other => CType::Int(other),
    }
}

fn f(n: Num) -> f64 {
    match n.v {
        Value::Int(i) => i as f64,
        Value::Float(x) => x,
    }
}

fn i(n: Num) -> i128 {
    match n.v {
        Value::Int(i) => i,
        Value::Float(x) => x as i128,
    }
}

/// A value of type `t`, rounded or wrapped into it.
fn make(v: Value, t: CType) -> Num {
    let v = match t {
        CType::Double => Value::Float(match v {
            Value::Int(i) => i as f64,
            Value::Float(x) => x,
        }),
        CType::Float => Value::Float(match v {
            Value::Int(i) => round_to(DType::Float, i as f64),
            Value::Float(x) if x.is_finite() => round_to(DType::Float, x),
            Value::Float(x) => x,
        }),
        CType::Int(d) => cast_value(v, d).unwrap_or(Value::Int(0)),
    };
    Num { v, t }
}

/// C++'s usual arithmetic conversions of two operand types.
fn common(a: CType, b: CType) -> CType {
    match (a, b) {
        (CType::Double, _) | (_, CType::Double) => CType::Double,
        (CType::Float, _) | (_, CType::Float) => CType::Float,
        (CType::Int(x), CType::Int(y)) => {
            let rank = |d: DType| d.size();
            let signed = |d: DType| matches!(d, DType::Int32 | DType::Int64);
            if x == y {
                CType::Int(x)
            } else if signed(x) == signed(y) {
                CType::Int(if rank(x) >= rank(y) { x } else { y })
            } else {
                let (s, u) = if signed(x) { (x, y) } else { (y, x) };
                if rank(u) >= rank(s) {
                    CType::Int(u)
                } else {
                    CType::Int(s)
                }
            }
        }
    }
}

/// Evaluates `e` over the scalars' current values.
pub fn eval(
    e: &Expr,
    program: &Program,
    values: &[Option<Value>],
    warn: &mut Vec<String>,
) -> Result<Value, EvalError> {
    ev(e, program, values, warn).map(|n| n.v)
}

fn ev(
    e: &Expr,
    program: &Program,
    values: &[Option<Value>],
    warn: &mut Vec<String>,
) -> Result<Num, EvalError> {
    let bad = |col: u32, message: String| EvalError { col, message };
    Ok(match e {
        Expr::Lit(Literal::Int(v, d)) => make(Value::Int(*v), CType::Int(*d)),
        Expr::Lit(Literal::Float { value, double }) => make(
            Value::Float(*value),
            if *double { CType::Double } else { CType::Float },
        ),
        Expr::Scalar(idx, _) => {
            let d = &program.scalars[*idx];
            let v = values.get(*idx).copied().flatten().unwrap_or_else(|| {
                warn.push(format!(
                    "scalar \"{}\" is used uninitialised: taken as 0 (docs/format.md §10)",
                    d.name
                ));
                Value::Int(0)
            });
            make(v, promote(d.dtype))
        }
        Expr::Unary(u, x) => {
            let a = ev(x, program, values, warn)?;
            match u {
                Unary::Neg => match a.t {
                    CType::Int(_) => make(Value::Int(-i(a)), a.t),
                    _ => make(Value::Float(-f(a)), a.t),
                },
                Unary::Not => make(Value::Int((f(a) == 0.0) as i128), CType::Int(DType::Int32)),
                Unary::BitNot => match a.t {
                    CType::Int(_) => make(Value::Int(!i(a)), a.t),
                    _ => return Err(bad(0, "`~` needs an integer operand".into())),
                },
            }
        }
        Expr::Binary(op, x, y, col) => {
            let (a, b) = (ev(x, program, values, warn)?, ev(y, program, values, warn)?);
            let int32 = CType::Int(DType::Int32);
            let truth = |v: bool| make(Value::Int(v as i128), int32);
            match op {
                Binary::And => truth(f(a) != 0.0 && f(b) != 0.0),
                Binary::Or => truth(f(a) != 0.0 || f(b) != 0.0),
                Binary::Shl | Binary::Shr => {
                    let (CType::Int(da), CType::Int(_)) = (a.t, b.t) else {
                        return Err(bad(*col, "shifts need integer operands".into()));
                    };
                    let t = promote(da);
                    let n = i(b);
                    let bits = match t {
                        CType::Int(d) => d.size() as i128 * 8,
                        _ => 32,
                    };
                    if !(0..bits).contains(&n) {
                        return Err(bad(
                            *col,
                            format!("shift by {n}: undefined in C++ for a {bits}-bit value"),
                        ));
                    }
                    let v = if *op == Binary::Shl {
                        i(a) << n
                    } else {
                        i(a) >> n
                    };
                    make(Value::Int(v), t)
                }
                _ => {
                    let t = common(a.t, b.t);
                    let (a, b) = (make(a.v, t), make(b.v, t));
                    match op {
                        Binary::Lt => truth(f(a) < f(b)),
                        Binary::Le => truth(f(a) <= f(b)),
                        Binary::Gt => truth(f(a) > f(b)),
                        Binary::Ge => truth(f(a) >= f(b)),
                        Binary::Eq => truth(f(a) == f(b)),
                        Binary::Ne => truth(f(a) != f(b)),
                        _ => match t {
                            CType::Int(_) => {
                                let (p, q) = (i(a), i(b));
                                let v = match op {
                                    Binary::Add => p + q,
                                    Binary::Sub => p - q,
                                    Binary::Mul => p.wrapping_mul(q),
                                    Binary::Div | Binary::Rem if q == 0 => {
                                        return Err(bad(*col, "division by zero (integer)".into()))
                                    }
                                    Binary::Div => p / q,
                                    Binary::Rem => p % q,
                                    Binary::BitAnd => p & q,
                                    Binary::BitOr => p | q,
                                    Binary::BitXor => p ^ q,
                                    _ => 0,
                                };
                                make(Value::Int(v), t)
                            }
                            _ => {
                                let (p, q) = (f(a), f(b));
                                let v = match op {
                                    Binary::Add => p + q,
                                    Binary::Sub => p - q,
                                    Binary::Mul => p * q,
                                    Binary::Div => p / q,
                                    Binary::Rem => p % q,
                                    _ => {
                                        return Err(bad(
                                            *col,
                                            "bitwise operators need integer operands".into(),
                                        ))
                                    }
                                };
                                make(Value::Float(v), t)
                            }
                        },
                    }
                }
            }
        }
        Expr::Cond(c, x, y) => {
            if f(ev(c, program, values, warn)?) != 0.0 {
                ev(x, program, values, warn)?
            } else {
                ev(y, program, values, warn)?
            }
        }
        Expr::Cast(d, x) => {
            let a = ev(x, program, values, warn)?;
            let v = cast_value(a.v, *d).map_err(|m| bad(0, m))?;
            make(v, promote(*d))
        }
        Expr::Call(func, args, col) => {
            let xs: Vec<Num> = args
                .iter()
                .map(|a| ev(a, program, values, warn))
                .collect::<Result<_, _>>()?;
            let a = xs[0];
            let real = |v: f64, t: CType| match t {
                CType::Int(_) => make(Value::Float(v), CType::Double),
                _ => make(Value::Float(v), t),
            };
            match func {
                Func::Sqrt => real(f(a).sqrt(), a.t),
                Func::Exp => real(f(a).exp(), a.t),
                Func::Log => real(f(a).ln(), a.t),
                Func::Floor => real(f(a).floor(), a.t),
                Func::Ceil => real(f(a).ceil(), a.t),
                Func::Abs => match a.t {
                    CType::Int(_) => make(Value::Int(i(a).abs()), a.t),
                    _ => make(Value::Float(f(a).abs()), a.t),
                },
                Func::Min | Func::Max => {
                    let t = common(a.t, xs[1].t);
                    let (p, q) = (make(a.v, t), make(xs[1].v, t));
                    let pick_p = (f(p) < f(q)) == (*func == Func::Min);
                    if pick_p {
                        p
                    } else {
                        q
                    }
                }
                Func::IsFinite => make(
                    Value::Int(f(a).is_finite() as i128),
                    CType::Int(DType::Int32),
                ),
                Func::Bits => {
                    let width = match args[0] {
                        Expr::Scalar(idx, _) => program.scalars[idx].dtype,
                        _ => match a.t {
                            CType::Double => DType::UInt64,
                            _ => DType::Float,
                        },
                    };
                    let x = f(a);
                    let (bits, t) = match width {
                        DType::Half => (half::f16::from_f64(x).to_bits() as i128, DType::UInt32),
                        DType::BFloat16 => {
                            (half::bf16::from_f64(x).to_bits() as i128, DType::UInt32)
                        }
                        DType::Float => ((x as f32).to_bits() as i128, DType::UInt32),
                        DType::UInt64 => (x.to_bits() as i128, DType::UInt64),
                        _ => return Err(bad(*col, "`bits` takes a floating-point value".into())),
                    };
                    make(Value::Int(bits), CType::Int(t))
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forget_takes_bytes_out_of_ranges() {
        let mut r = vec![0..16, 32..64, 100..104];
        forget(&mut r, &(8..40));
        assert_eq!(r, vec![0..8, 40..64, 100..104]);
        forget(&mut r, &(44..48));
        assert_eq!(r, vec![0..8, 40..44, 48..64, 100..104]);
        forget(&mut r, &(0..200));
        assert!(r.is_empty());
    }
}
