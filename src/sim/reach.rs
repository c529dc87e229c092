//! Reaching an instruction (docs/semantics.md §7): the one pipeline every family goes through. It
//! runs the shared checks of `sim::checks` and asks the family's room (`sim::family::Room`)
//! for what differs: errors stop the program before the instruction touches the UB; warnings
//! are reported and execution goes on.

use crate::base::catalog::Op;
use crate::base::diag::Diagnostic;
use crate::base::dtype::{DType, Value};
use crate::base::ir::Program;
use crate::base::product::Product;
use crate::sim::checks::{bounds, dtypes, overlap, Ctx};
use crate::sim::family::atomic::Atomic;
use crate::sim::family::{room, Exec};
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::Plan;
use crate::sim::scalar::bind;
use crate::sim::ub::Ub;

/// Repeats beyond this are refused so a runaway counter-mode count cannot hang the tool.
pub const MAX_REPEATS: u32 = 65_536;

/// An instruction ready to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Prepared {
    pub plan: Plan,
    pub exec: Exec,
    /// Register value when the instruction starts (explicit masks, mask instructions).
    pub mask_at_start: MaskReg,
    /// Register value when it ends (the count form leaves all ones, normal mode, §2.5).
    pub mask_at_end: MaskReg,
    /// The core's atomic register when it ends (docs/semantics.md §18.3).
    pub atomic_at_end: Atomic,
    pub warnings: Vec<Diagnostic>,
    /// Whether the contiguous fast path gives the same bytes as block stepping.
    pub fast: bool,
}

/// The core registers an instruction is reached with: the mask register and the atomic mode.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Regs {
    pub mask: MaskReg,
    pub atomic: Atomic,
    /// The CmpMask register (a Compare without `dst` wrote it; None: bytes never written),
    /// which Select mode 0 without `sel_mask` reads (docs/semantics.md §19).
    pub cmp_mask: [Option<u8>; 16],
}

/// Prepares instruction `idx` with the registers `regs`, or returns the errors that reject it.
/// Without the UB, data-dependent plans (GatherMask with a pattern tensor) assume the most
/// their destination can receive; the machine uses [`prepare_with`].
pub fn prepare(
    program: &Program,
    idx: u32,
    product: Product,
    ub_size: u32,
    regs: Regs,
    scalars: &[Option<Value>],
) -> Result<Prepared, Vec<Diagnostic>> {
    prepare_inner(program, idx, product, ub_size, None, regs, scalars)
}

/// `prepare` with the UB contents at the moment the instruction is reached.
pub fn prepare_with(
    program: &Program,
    idx: u32,
    product: Product,
    ub: &Ub,
    regs: Regs,
    scalars: &[Option<Value>],
) -> Result<Prepared, Vec<Diagnostic>> {
    prepare_inner(program, idx, product, ub.size(), Some(ub), regs, scalars)
}

/// Errors so far, if any.
fn failed(c: &mut Ctx) -> Result<(), Vec<Diagnostic>> {
    if c.errors.is_empty() {
        Ok(())
    } else {
        Err(std::mem::take(&mut c.errors))
    }
}

fn prepare_inner(
    program: &Program,
    idx: u32,
    product: Product,
    ub_size: u32,
    ub: Option<&Ub>,
    regs: Regs,
    scalars: &[Option<Value>],
) -> Result<Prepared, Vec<Diagnostic>> {
    let reg = regs.mask;
    let Some(written) = program.code.get(idx as usize) else {
        return Err(vec![Diagnostic::error(
            "no-instruction",
            format!("there is no instruction {idx}"),
        )]);
    };
    // Numeric fields that name a scalar take its value now (docs/format.md §10).
    let mut unset = Vec::new();
    let mut instr = match bind(program, written, scalars, &mut unset) {
        Ok(i) => i,
        Err(msg) => {
            return Err(vec![Diagnostic::error("scalar-out-of-range", msg)
                .at(written.span)
                .in_instr(idx)])
        }
    };
    // A flexible scalar (docs/format.md §7) is the tensor element's value now.
    let mut elem_warnings = Vec::new();
    if let (Some(o), Some(ub)) = (instr.args.scalar_elem(), ub) {
        match elem_value(program, &instr, o, ub) {
            Ok(v) => instr.to_mut().args.set_scalar(v),
            Err((true, msg)) => elem_warnings.push(
                Diagnostic::warning("uninitialised-read", msg)
                    .at(instr.span_of("scalar"))
                    .in_instr(idx),
            ),
            Err((false, msg)) => {
                return Err(vec![Diagnostic::error("scalar-out-of-range", msg)
                    .at(instr.span_of("scalar"))
                    .in_instr(idx)])
            }
        }
    }
    // A register instruction's lanes are its mask register's now (docs/semantics.md §29).
    if let Some(filled) =
        ub.and_then(|ub| crate::sim::family::reg::with_mask_lanes(program, &instr, ub))
    {
        match filled {
            Ok(i) => *instr.to_mut() = i,
            Err(msg) => {
                return Err(vec![Diagnostic::error("uninitialised-mask", msg)
                    .at(instr.span_of("mask_reg"))
                    .in_instr(idx)])
            }
        }
    }
    let instr: &crate::base::ir::Instr = &instr;
    let room = room(instr.op.family());
    if let Err(msg) = room.structure(instr) {
        return Err(vec![Diagnostic::error("bad-form", msg)
            .at(instr.span)
            .in_instr(idx)]);
    }
    let mut c = Ctx {
        program,
        instr,
        idx,
        product,
        ub_size,
        atomic: regs.atomic,
        cmp_mask: regs.cmp_mask,
        errors: Vec::new(),
        warnings: unset
            .into_iter()
            .map(|m| {
                Diagnostic::warning("uninitialised-scalar", m)
                    .at(written.span)
                    .in_instr(idx)
            })
            .chain(elem_warnings)
            .collect(),
    };
    let types = dtypes::check(&mut c, room);
    failed(&mut c)?;
    let mut reg_now = reg;
    let Some(t) = types else {
        // No vector operands: a register, scalar-unit or synchronisation step.
        let none = crate::sim::checks::Types::same(crate::base::dtype::DType::Half);
        let lanes = room.lanes(&mut c, &none, 128, &mut reg_now);
        failed(&mut c)?;
        let lanes = lanes.unwrap_or(LaneSource::Fixed {
            lanes: Lanes::NONE,
            repeats: 0,
        });
        let exec = room.exec(&c, &none, &lanes);
        return Ok(Prepared {
            plan: Plan::new(128, lanes, Vec::new()),
            exec,
            mask_at_start: reg_now,
            mask_at_end: reg_now,
            atomic_at_end: room.atomic_at_end(&c),
            warnings: c.warnings,
            fast: false,
        });
    };
    let par = t.lane.par();
    let (ops, dst_align) = room.operands(&c, &t, par);
    room.align(&mut c, &ops, dst_align, room.gm_align(&t));
    let lanes = room.lanes(&mut c, &t, par, &mut reg_now);
    failed(&mut c)?;
    let Some(lanes) = lanes else {
        return Err(c.errors);
    };
    let exec = room.exec(&c, &t, &lanes);
    // Refused before the plan is built: its extents walk every repeat.
    let repeats = lanes.repeats(par);
    if repeats > MAX_REPEATS {
        let d = Diagnostic::error(
            "count-out-of-range",
            format!("the element count needs {repeats} repeats of {par} lanes; more than {MAX_REPEATS} repeats cannot fit any UB (docs/semantics.md §2.5, §3)"),
        )
        .at(instr.span_of(if c.is_count() { "count" } else { "mask" }))
        .in_instr(idx);
        return Err(vec![d]);
    }
    let mut plan = Plan::new(par, lanes, ops);
    plan.zeroing = crate::sim::family::reg::zeroing(instr);
    plan.register_load = crate::sim::family::reg::loads_register(instr);
    if crate::sim::family::reg::writes_whole_dst(instr) {
        plan.whole_dst();
    }
    room.plan(&mut c, &exec, &mut plan, ub);
    failed(&mut c)?;
    bounds::bounds(&mut c, &plan, ub_size);
    failed(&mut c)?;
    overlap::overlap(&mut c, &plan, |dst, src| {
        room.overlap_allowed(instr, dst, src)
    });
    let mask_at_end = room.mask_at_end(&c, reg_now);
    let fast = match &exec {
        _ if plan.zeroing || plan.register_load => false,
        Exec::Map(_) => overlap::fast_ok(&plan),
        // A plain Cast: only whole runs (each operand's repeat one run of bytes, prefix lanes),
        // its operands apart (overlap::fast_ok: different widths are never the same geometry).
        Exec::Cast(k) => {
            (k.op == Op::Cast && !k.deq
                || matches!(k.op, Op::AddReluCast | Op::SubReluCast | Op::MulCast)
                    && matches!(k.src, DType::Half | DType::Float | DType::BFloat16))
                && whole_runs(&plan)
        }
        // Gather: its offsets and dst whole runs; 8-bit data (lanes counted as 16-bit) steps.
        Exec::Gather(k) => k.dtype.size() >= 2 && whole_runs(&plan),
        Exec::Select(_) => crate::sim::family::select::fast_ok(&plan),
        Exec::Brcb(_) | Exec::Gatherb(_) => plan.dst_runs_apart_from_first_source(),
        Exec::VecIndex(k) => !k.desc && whole_runs(&plan),
        Exec::Compare(k) => crate::sim::family::compare::fast_ok(k, &plan),
        Exec::Reduce(k) => crate::sim::family::reduce::fast_ok(k, &plan),
        Exec::Whole(_) => crate::sim::family::whole::fast_ok(&plan),
        Exec::GatherMask(k) => crate::sim::family::gather::fast_ok(k, &plan),
        _ => false,
    };
    Ok(Prepared {
        plan,
        exec,
        mask_at_start: reg_now,
        mask_at_end,
        atomic_at_end: room.atomic_at_end(&c),
        warnings: c.warnings,
        fast,
    })
}

/// Whether the fast path may run `plan` in whole runs only (`exec_run` of a family that has no
/// masked form): operands apart (`overlap::fast_ok`; different widths are never the same
/// geometry), each operand's repeat one run of bytes, prefix lanes.
fn whole_runs(plan: &Plan) -> bool {
    overlap::fast_ok(plan)
        && plan.operands.iter().all(|o| o.repeat_contiguous(plan.par))
        && plan.prefix_lanes()
}

/// The value of the tensor element a flexible scalar names, converted to the type of the
/// instruction's scalar (the source's: Compares compares sources); an error message when it is
/// uninitialised (true: a warning, the scalar is then 0) or does not convert (false).
fn elem_value(
    program: &Program,
    instr: &crate::base::ir::Instr,
    o: crate::base::ir::Operand,
    ub: &Ub,
) -> Result<Value, (bool, String)> {
    let t = &program.tensors[o.tensor];
    let a = t.elem_addr(o.offset);
    let s = t.dtype.size() as u64;
    let ok =
        a + s <= u32::MAX as u64 && ub.holds(a..a + s) && ub.all_init(a as u32..(a + s) as u32);
    if !ok {
        return Err((
            true,
            format!(
                "the scalar `{}[{}]` (UB {a:#x}) is uninitialised: taken as 0",
                t.name, o.offset
            ),
        ));
    }
    let v = t.dtype.decode(ub.slice(a as u32..(a + s) as u32));
    let d = match instr.args {
        crate::base::ir::Args::Compare { .. } => {
            instr.src().first().map(|x| program.tensors[x.tensor].dtype)
        }
        _ => program.instr_dtype(instr),
    }
    .unwrap_or(t.dtype);
    crate::base::convert::cast_value(v, d)
        .map_err(|e| (false, format!("the scalar `{}[{}]`: {e}", t.name, o.offset)))
}
