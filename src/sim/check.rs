//! Reaching an instruction: resolve its mask against the register, build its plan, and run the
//! checks of semantics.md §7 (errors stop the program before the instruction touches the UB;
//! warnings are reported and execution goes on). Also the whole-program static checks behind
//! `ascstep check`.

use crate::diag::Diagnostic;
use crate::program::{Form, Instr, MaskArg, Program, SetMaskArg};
use crate::sim::dtype::{DType, Value};
use crate::sim::isa::catalog::{Family, Op};
use crate::sim::isa::elementwise::{self, MapKernel};
use crate::sim::isa::reduce::{self, ReduceKernel};
use crate::sim::mask::{expand_len, LaneSource, Lanes, MaskMode, MaskReg};
use crate::sim::plan::{AccessKind, Indexing, OpAddr, Plan};
use crate::sim::product::{CounterContiguous, Product};

/// Repeats beyond this are refused so a runaway counter-mode count cannot hang the tool.
pub const MAX_REPEATS: u32 = 65_536;

/// What executing an instruction means.
#[derive(Clone, Debug, PartialEq)]
pub enum Exec {
    Map(MapKernel),
    Reduce(ReduceKernel),
    /// No UB access: mask-register instructions and NOPs.
    None,
}

/// An instruction ready to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub plan: Plan,
    pub exec: Exec,
    /// Register value when the instruction starts (explicit masks, mask instructions).
    pub mask_at_start: MaskReg,
    /// Register value when it ends (the count form leaves all ones, normal mode, §2.5).
    pub mask_at_end: MaskReg,
    pub warnings: Vec<Diagnostic>,
    /// Whether the contiguous fast path gives the same bytes as block stepping.
    pub fast: bool,
}

struct Ctx<'a> {
    program: &'a Program,
    instr: &'a Instr,
    idx: u32,
    product: Product,
    errors: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn err(&mut self, code: &'static str, field: &str, msg: String) -> Diagnostic {
        let d = Diagnostic::error(code, msg)
            .at(self.instr.span_of(field))
            .in_instr(self.idx);
        self.errors.push(d.clone());
        d
    }
    fn warn(&mut self, code: &'static str, field: &str, msg: String) {
        let d = Diagnostic::warning(code, msg)
            .at(self.instr.span_of(field))
            .in_instr(self.idx);
        self.warnings.push(d);
    }
    fn name(&self) -> &'static str {
        self.instr.op.name()
    }
}

/// The element type an instruction computes in: the destination's (program-format.md §5).
pub fn instr_dtype(program: &Program, instr: &Instr) -> Option<DType> {
    instr
        .dst
        .as_ref()
        .or(instr.src.first())
        .map(|o| program.tensors[o.tensor].dtype)
}

fn is_count(instr: &Instr) -> bool {
    matches!(instr.form, Form::Count(_))
}

/// Checks that do not depend on run-time state: availability, dtypes, strides, alignment,
/// argument ranges. Returns the dtype the instruction computes in (after the And/Or int32
/// reinterpretation of §3).
fn static_checks(c: &mut Ctx) -> Option<DType> {
    let instr = c.instr;
    let op = instr.op;
    let p = c.product;
    let prof = p.profile();
    if !op.available_on(p) {
        let offering = op.products_offering();
        let list = if offering.is_empty() {
            "no product".to_string()
        } else {
            offering
                .iter()
                .map(|p| p.key())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let what = if op.family() == Family::MaskReg {
            format!("{} is not available on {p}: the training series has no counter mode (semantics.md §9 row 8)", op.name())
        } else {
            format!("{} is not available on {p}", op.name())
        };
        c.err("unsupported-instruction", "", what)
            .note(format!("products that offer {}: {list}", op.name()));
        // keep the note on the stored copy
        if let Some(last) = c.errors.last_mut() {
            last.notes = vec![format!("products that offer {}: {list}", op.name())];
        }
        return None;
    }
    if op.family() == Family::MaskReg {
        return None;
    }
    let dt = instr_dtype(c.program, instr)?;
    let mut compute = dt;
    let all = op.dtypes(p);
    let count_only = op.count_only_dtypes(p);
    let and_or_quirk = matches!(op, Op::And | Op::Or)
        && matches!(dt, DType::Int32 | DType::UInt32)
        && matches!(p, Product::AtlasA2 | Product::AtlasA3);
    if and_or_quirk && is_count(instr) {
        // §3, §9 row 4: the count form reinterprets all buffers as 16-bit words.
        compute = if dt == DType::Int32 {
            DType::Int16
        } else {
            DType::UInt16
        };
        c.warn(
            "and-or-int32-reinterpreted",
            "count",
            format!(
                "{} on {dt} with the count form runs on 16-bit words on {p}: `count` counts int16 words, so pass 2n to process n {dt} elements (semantics.md §3)",
                c.name()
            ),
        );
    } else if !(all.contains(dt) || is_count(instr) && count_only.contains(dt)) {
        let mut msg = format!("{} does not support {dt} on {p}", c.name());
        if count_only.contains(dt) {
            msg.push_str(" in the high-dimensional form (only with `count`)");
        }
        let d = c.err("unsupported-dtype", "dst", msg);
        let note = format!(
            "{p} supports {} for {}{}",
            all.list(),
            c.name(),
            if count_only.is_empty() {
                String::new()
            } else {
                format!(" (and {} with `count`)", count_only.list())
            }
        );
        drop(d);
        if let Some(last) = c.errors.last_mut() {
            last.notes.push(note);
        }
    }
    if dt.size() == 1 && !p.has_b8_vectors() && c.errors.is_empty() {
        c.err(
            "unsupported-dtype",
            "dst",
            format!("8-bit vector lanes exist only on ascend_950, not on {p}"),
        );
    }
    if let Form::Masked { mask, repeat_times } = &instr.form {
        if *repeat_times > 255 {
            c.err(
                "repeat-out-of-range",
                "repeat_times",
                format!("repeat_times {repeat_times} is out of range: it is a uint8_t, valid 0..=255 (semantics.md §1.4)"),
            );
        }
        if *mask == MaskArg::Placeholder && dt.size() == 1 {
            c.err(
                "mask-out-of-range",
                "mask",
                "8-bit types cannot use mask: Placeholder (isSetMask = false) on ascend_950 (semantics.md §2.3)".into(),
            );
        }
    }
    let fam = op.family();
    if matches!(
        fam,
        Family::Unary | Family::Binary | Family::Scalar | Family::Duplicate
    ) && matches!(instr.form, Form::Masked { .. })
        && instr.strides.dst_blk == 0
    {
        let field = if fam == Family::Duplicate {
            "dst_blk_stride"
        } else {
            "params"
        };
        c.err(
            "zero-dst-block-stride",
            field,
            "dst_blk_stride 0 is undefined behaviour (semantics.md §1.3); use 1 for contiguous blocks".into(),
        );
    }
    if fam == Family::Reduce && instr.strides.dst_rep == 0 && !prof.reduce_dst_rep_stride_zero {
        c.err(
            "reduce-dst-rep-stride-zero",
            "dst_rep_stride",
            format!(
                "{} with dst_rep_stride 0 is not supported on {p} (semantics.md §9 row 2)",
                c.name()
            ),
        );
    }
    if matches!(op, Op::WholeReduceMax | Op::WholeReduceMin)
        && !prof.reduce_orders.contains(&instr.order)
    {
        let ok: Vec<&str> = prof.reduce_orders.iter().map(|o| o.name()).collect();
        c.err(
            "unsupported-order",
            "order",
            format!(
                "{} order {} is not supported on {p}; supported: {} (semantics.md §5.2)",
                c.name(),
                instr.order.name(),
                ok.join(", ")
            ),
        );
    }
    if matches!(op, Op::ShiftLeft | Op::ShiftRight) {
        if let Some(Value::Int(n)) = instr.scalar {
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
                    format!("shift amount {n} is out of range for {dt} on {p}: valid {range} (semantics.md §4.3)"),
                );
            }
        }
        if instr.round_en {
            if !prof.shift_round_en {
                c.err("round-en-unsupported", "round_en", format!("ShiftRight round_en = true is not supported on {p}; only false (semantics.md §9 row 17)"));
            } else if !matches!(dt, DType::Int16 | DType::Int32) {
                c.err("round-en-unsupported", "round_en", format!("ShiftRight round_en = true applies to int16 and int32 only, not {dt} (semantics.md §4.3)"));
            }
        }
    }
    Some(compute)
}

fn align_check(c: &mut Ctx, ops: &[OpAddr], dst_align: u32) {
    for (i, o) in ops.iter().enumerate() {
        let need = if i == 0 && o.index != Indexing::Lanes {
            dst_align
        } else {
            32
        };
        if o.base % need != 0 {
            let t = &c.program.tensors[o.tensor];
            let field = if o.role == "src" && c.instr.op.family() == Family::Binary {
                "src0"
            } else {
                o.role
            };
            c.err(
                "misaligned-operand",
                field,
                format!(
                    "{} `{}` starts at UB address {:#x}, which is not {need}-byte aligned (semantics.md §7.1)",
                    o.role, t.name, o.base
                ),
            );
        }
    }
}

/// Turns the form and the register into this instruction's lanes, updating `reg`.
fn resolve_lanes(c: &mut Ctx, par: u32, dt: DType, reg: &mut MaskReg) -> Option<LaneSource> {
    let instr = c.instr;
    let p = c.product;
    let prof = p.profile();
    let zero_msg = |what: &str| -> (bool, String) {
        if prof.mask_zero_nop {
            (true, format!("{what} is 0: a documented NOP on {p}, nothing is written (semantics.md §2.2, §9 row 7)"))
        } else {
            (false, format!("{what} is 0, out of range on {p}: valid masks are non-zero (semantics.md §9 row 7, §11 item 1)"))
        }
    };
    match &instr.form {
        Form::Bare => Some(LaneSource::Fixed {
            lanes: Lanes::NONE,
            repeats: 0,
        }),
        Form::Count(n) => {
            if reg.mode == MaskMode::Counter {
                c.warn("mask-register-reset", "count", "the count form resets the mask register to all ones in normal mode; the counter mode set earlier is lost for later `mask: Placeholder` calls (semantics.md §2.5, §7 item 9)".into());
            }
            if *n == 0 {
                c.warn("repeat-zero", "count", zero_repeat_msg("count", p));
            }
            // While it runs, the count form holds the count in counter mode (§2.5, §3).
            *reg = MaskReg {
                low: *n,
                high: 0,
                mode: MaskMode::Counter,
            };
            Some(LaneSource::Counted { count: *n })
        }
        Form::Masked { mask, repeat_times } => {
            let counter = reg.mode == MaskMode::Counter;
            if counter {
                if *mask != MaskArg::Placeholder {
                    c.warn("counter-mode-hazard", "mask", format!("{} passes a mask while the register is in counter mode (SetMaskCount without SetMaskNorm): the argument is taken as an element count and repeat_times is ignored (semantics.md §2.5, §7 item 9)", c.name()));
                }
                let count = match mask {
                    MaskArg::Placeholder => reg.low,
                    MaskArg::Bits(w) => w.first().copied().unwrap_or(0),
                    MaskArg::Contiguous(m) => {
                        let m = (*m).clamp(0, u64::MAX as i128) as u64;
                        match prof.counter_contiguous {
                            CounterContiguous::Direct => m,
                            CounterContiguous::Expanded => expand_len(m, par).0,
                        }
                    }
                };
                if *mask != MaskArg::Placeholder {
                    *reg = MaskReg {
                        low: count,
                        high: 0,
                        mode: MaskMode::Counter,
                    };
                }
                return Some(LaneSource::Counted { count });
            }
            let lanes = match mask {
                MaskArg::Placeholder => {
                    let mut l = Lanes([reg.low, reg.high, 0, 0]);
                    if dt.size() == 8 {
                        l.0[0] &= 0xffff_ffff;
                    }
                    l
                }
                MaskArg::Contiguous(m) => {
                    let m = *m;
                    if m < 0 {
                        c.err("mask-out-of-range", "mask", format!("mask {m} is negative; contiguous masks are 1..={par} for {dt} (semantics.md §2.2)"));
                        return None;
                    }
                    if m == 0 {
                        let (nop, msg) = zero_msg("mask");
                        if nop {
                            c.warn("mask-zero", "mask", msg);
                        } else {
                            c.err("mask-out-of-range", "mask", msg);
                            return None;
                        }
                    }
                    if m > par as i128 {
                        c.warn("mask-clamped", "mask", format!("mask {m} exceeds the {par} lanes of {dt}: treated as {par} (semantics.md §2.2)"));
                    }
                    let m64 = m.min(u64::MAX as i128) as u64;
                    let (lo, hi) = expand_len(m64, par);
                    if par <= 128 {
                        *reg = MaskReg {
                            low: lo,
                            high: hi,
                            mode: MaskMode::Normal,
                        };
                    }
                    Lanes::first(m64.min(par as u64) as u32)
                }
                MaskArg::Bits(w) => {
                    let max_words = if dt.size() == 1 { 4 } else { 2 };
                    if w.is_empty() || w.len() > max_words {
                        c.err("mask-out-of-range", "mask", format!("a bitwise mask has 1 or {max_words} words for {dt}, not {} (program-format.md §6)", w.len()));
                        return None;
                    }
                    let mut words = [0u64; 4];
                    words[..w.len()].copy_from_slice(w);
                    match dt.size() {
                        4 | 8 => {
                            if words[1] != 0 {
                                let msg = format!("mask[1] = {:#x} must be 0 for {dt}: only mask[0] maps to the {par} lanes (semantics.md §2.3, §11 item 2)", words[1]);
                                if prof.b32_high_word_error {
                                    c.err("mask-out-of-range", "mask", msg);
                                    return None;
                                }
                                c.warn("mask-high-word-ignored", "mask", msg);
                            }
                            if dt.size() == 8 && words[0] > u32::MAX as u64 {
                                c.err("mask-out-of-range", "mask", format!("mask[0] = {:#x} exceeds 2^32-1, the range for 64-bit types (semantics.md §2.3)", words[0]));
                                return None;
                            }
                        }
                        _ => {}
                    }
                    let lanes = Lanes(words).limit(par);
                    if lanes.is_empty() {
                        let (nop, msg) = zero_msg("the bitwise mask");
                        if nop {
                            c.warn("mask-zero", "mask", msg);
                        } else {
                            c.err("mask-out-of-range", "mask", msg);
                            return None;
                        }
                    }
                    if dt.size() != 1 {
                        *reg = MaskReg {
                            low: words[0],
                            high: words[1],
                            mode: MaskMode::Normal,
                        };
                    }
                    lanes
                }
            };
            let repeats = (*repeat_times).min(u32::MAX as u64) as u32;
            if repeats == 0 {
                c.warn(
                    "repeat-zero",
                    "repeat_times",
                    zero_repeat_msg("repeat_times", p),
                );
            }
            Some(LaneSource::Fixed {
                lanes: lanes.limit(par),
                repeats,
            })
        }
    }
}

fn zero_repeat_msg(what: &str, p: Product) -> String {
    if p.profile().repeat_zero_guaranteed_nop {
        format!("{what} is 0: a guaranteed NOP on {p} (semantics.md §1.4)")
    } else if p == Product::Ascend950 {
        format!("{what} is 0: not guaranteed to be a NOP on {p} (VF emulation); simulated as a NOP (semantics.md §1.4, §9 row 6)")
    } else {
        format!("{what} is 0: undocumented on {p}; simulated as a NOP (semantics.md §1.4)")
    }
}

/// Applies a mask-register instruction (semantics.md §2.5).
fn mask_instr(c: &mut Ctx, reg: &mut MaskReg) {
    let instr = c.instr;
    match instr.op {
        Op::SetVectorMask => match instr.set_mask {
            Some(SetMaskArg::Words { high, low }) => {
                if reg.mode == MaskMode::Counter && high != 0 {
                    c.err("mask-out-of-range", "high", format!("in counter mode SetVectorMask's high word must be 0, got {high:#x} (semantics.md §2.5)"));
                    return;
                }
                reg.low = low;
                reg.high = high;
            }
            Some(SetMaskArg::Len(n)) => {
                if reg.mode == MaskMode::Counter {
                    reg.low = n;
                    reg.high = 0;
                } else {
                    let (lo, hi) = expand_len(n, instr.mask_dtype.par());
                    reg.low = lo;
                    reg.high = hi;
                }
            }
            None => {}
        },
        Op::SetMaskCount => reg.mode = MaskMode::Counter,
        Op::SetMaskNorm => reg.mode = MaskMode::Normal,
        Op::ResetMask => {
            reg.low = u64::MAX;
            reg.high = u64::MAX;
        }
        _ => {}
    }
}

fn op_field(role: &str, fam: Family) -> &str {
    if role == "src" && fam == Family::Binary {
        "src0"
    } else {
        role
    }
}

/// Bounds (semantics.md §7 item 2): every touched element inside the UB and its tensor.
fn bounds_checks(c: &mut Ctx, plan: &Plan, ub_size: u32) {
    for i in 0..plan.operands.len() {
        let o = plan.operands[i];
        let t = &c.program.tensors[o.tensor];
        let field = op_field(o.role, c.instr.op.family());
        if let Some(out) = plan.first_outside(i, 0..ub_size as u64) {
            let what = if o.kind == AccessKind::Write {
                "writes"
            } else {
                "reads"
            };
            let d = Diagnostic::error(
                "outside-ub",
                format!(
                    "{} `{}` {what} element {} at UB address {:#x}, beyond the {ub_size}-byte UB of {}",
                    o.role, t.name, out.lane, out.addr, c.product
                ),
            )
            .at(c.instr.span_of(field))
            .in_instr(c.idx)
            .in_block(out.repeat, Some(out.block))
            .note("check repeat_times, the strides and the mask against the tensor sizes");
            c.errors.push(d);
            return;
        }
        if let Some(out) = plan.first_outside(i, t.addr as u64..t.end()) {
            let what = if o.kind == AccessKind::Write {
                "writes"
            } else {
                "reads"
            };
            let d = Diagnostic::error(
                "outside-tensor",
                format!(
                    "{} `{}` {what} lane {} at UB address {:#x}, outside the tensor ({:#x}..{:#x}, {} × {})",
                    o.role, t.name, out.lane, out.addr, t.addr, t.end(), t.len, t.dtype
                ),
            )
            .at(c.instr.span_of(field))
            .in_instr(c.idx)
            .in_block(out.repeat, Some(out.block))
            .note("every active lane must stay inside its LocalTensor (semantics.md §7 item 2)");
            c.errors.push(d);
            return;
        }
    }
}

/// Address-overlap rules (semantics.md §7 item 4), reported as warnings: partial overlap inside a
/// repeat, and a destination written in one repeat that a later repeat reads.
fn overlap_checks(c: &mut Ctx, plan: &Plan) {
    let Some(dst_ext) = plan.extent(0) else {
        return;
    };
    let dst = plan.operands[0];
    for j in 1..plan.operands.len() {
        let src = plan.operands[j];
        let Some(src_ext) = plan.extent(j) else {
            continue;
        };
        let lo = dst_ext.start.max(src_ext.start);
        let hi = dst_ext.end.min(src_ext.end);
        if lo >= hi {
            continue;
        }
        let in_place =
            dst.index == Indexing::Lanes && src.index == Indexing::Lanes && dst.same_geometry(&src);
        // In place with repeats that do not overlap each other: lane k only ever meets itself.
        if in_place
            && (plan.repeats <= 1
                || plan.repeat_shift(0) >= (plan.par * dst.size()) as u64
                    && dst.repeat_contiguous(plan.par))
        {
            continue;
        }
        // Byte → (first repeat writing it + 1, lane); only the overlapping range.
        let mut first: Vec<(u32, u32)> = vec![(0, 0); (hi - lo) as usize];
        let ds = dst.size() as u64;
        plan.walk(0, |r, _, e, a| {
            for x in a.max(lo)..(a + ds).min(hi) {
                let slot = &mut first[(x - lo) as usize];
                if slot.0 == 0 {
                    *slot = (r + 1, e);
                }
            }
            true
        });
        // Documented exception: accumulation into src1 (semantics.md §4.2, §7 item 4).
        let exempt = src.role == "src1"
            && matches!(c.instr.op, Op::Add | Op::Sub | Op::Mul | Op::Max | Op::Min)
            && matches!(src.dtype, DType::Half | DType::Int32 | DType::Float)
            && (src.rep == 0 || dst.rep == 0);
        let ss = src.size() as u64;
        let mut partial = None;
        let mut cross = None;
        plan.walk(j, |r, b, e, a| {
            for x in a.max(lo)..(a + ss).min(hi) {
                let (w, lane) = first[(x - lo) as usize];
                if w == 0 {
                    continue;
                }
                let wr = w - 1;
                if wr == r && !(in_place && lane == e) && partial.is_none() {
                    partial = Some((r, b, x));
                }
                if wr < r && !exempt && cross.is_none() {
                    cross = Some((r, b, x, wr));
                }
            }
            partial.is_none() || cross.is_none()
        });
        let field = op_field(src.role, c.instr.op.family());
        let sname = &c.program.tensors[src.tensor].name;
        let dname = &c.program.tensors[dst.tensor].name;
        if let Some((r, b, x)) = partial {
            let d = Diagnostic::warning(
                "partial-overlap",
                format!("{} `{sname}` partially overlaps dst `{dname}` inside repeat {r} (byte {x:#x}): operands must overlap 100% (in place) or not at all (semantics.md §7 item 4)", src.role),
            )
            .at(c.instr.span_of(field))
            .in_instr(c.idx)
            .in_block(r, Some(b));
            c.warnings.push(d);
        }
        if let Some((r, b, x, wr)) = cross {
            let d = Diagnostic::warning(
                "cross-repeat-dependency",
                format!("repeat {r} reads {} `{sname}` at byte {x:#x}, which repeat {wr} wrote to dst `{dname}`: later repeats must not read what earlier ones wrote (semantics.md §7 item 4)", src.role),
            )
            .at(c.instr.span_of(field))
            .in_instr(c.idx)
            .in_block(r, Some(b));
            c.warnings.push(d);
        }
    }
}

/// The contiguous fast path applies when every repeat's lanes are a prefix, every operand's
/// lanes are contiguous in a repeat, and no destination overlaps a source except in place.
fn fast_ok(plan: &Plan) -> bool {
    let prefix = match plan.lanes {
        LaneSource::Counted { .. } => true,
        LaneSource::Fixed { lanes, .. } => lanes == Lanes::first(lanes.count()),
    };
    if !prefix
        || !plan
            .operands
            .iter()
            .all(|o| o.index == Indexing::Lanes && o.repeat_contiguous(plan.par))
    {
        return false;
    }
    let dst = plan.operands[0];
    let Some(d) = plan.extent(0) else { return true };
    plan.operands[1..].iter().enumerate().all(|(j, s)| {
        dst.same_geometry(s) && dst.rep as u64 * 32 >= (plan.par * dst.size()) as u64
            || plan
                .extent(j + 1)
                .is_none_or(|e| e.end <= d.start || e.start >= d.end)
    })
}

/// Prepares instruction `idx` with the register `reg`, or returns the errors that reject it.
pub fn prepare(
    program: &Program,
    idx: u32,
    product: Product,
    ub_size: u32,
    reg: MaskReg,
) -> Result<Prepared, Vec<Diagnostic>> {
    let Some(instr) = program.code.get(idx as usize) else {
        return Err(vec![Diagnostic::error(
            "no-instruction",
            format!("there is no instruction {idx}"),
        )]);
    };
    let mut c = Ctx {
        program,
        instr,
        idx,
        product,
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let compute = static_checks(&mut c);
    let mut reg_now = reg;
    if instr.op.family() == Family::MaskReg {
        if c.errors.is_empty() {
            mask_instr(&mut c, &mut reg_now);
        }
        if !c.errors.is_empty() {
            return Err(c.errors);
        }
        return Ok(Prepared {
            plan: Plan::new(
                128,
                LaneSource::Fixed {
                    lanes: Lanes::NONE,
                    repeats: 0,
                },
                Vec::new(),
            ),
            exec: Exec::None,
            mask_at_start: reg_now,
            mask_at_end: reg_now,
            warnings: c.warnings,
            fast: false,
        });
    }
    let Some(dt) = compute else {
        return Err(c.errors);
    };
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    let prof = product.profile();
    let (exec, mut ops, dst_align) = match instr.op.family() {
        Family::Reduce => {
            let k = ReduceKernel::new(instr, dt, prof);
            let ops = reduce::operands(&k, instr, program);
            let al = k.dst_align();
            (Exec::Reduce(k), ops, al)
        }
        _ => {
            let ftz = product == Product::Ascend950
                && matches!(
                    instr.op,
                    Op::Exp | Op::Ln | Op::Sqrt | Op::Rsqrt | Op::Reciprocal | Op::Div
                );
            let k = MapKernel {
                op: instr.op,
                dtype: dt,
                scalar: instr.scalar.unwrap_or(Value::Int(0)),
                round_en: instr.round_en,
                ftz,
            };
            (Exec::Map(k), elementwise::operands(instr, program), 32)
        }
    };
    if dt != instr_dtype(program, instr).unwrap_or(dt) {
        // And/Or int32 count-form reinterpretation: every operand is seen as 16-bit words.
        for o in ops.iter_mut() {
            *o = OpAddr::standard(o.role, o.tensor, o.kind, dt, o.base, o.blk, o.rep);
        }
    }
    align_check(&mut c, &ops, dst_align);
    let par = dt.par();
    let Some(lanes) = resolve_lanes(&mut c, par, dt, &mut reg_now) else {
        return Err(c.errors);
    };
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    let plan = Plan::new(par, lanes, ops);
    if plan.repeats > MAX_REPEATS {
        let d = Diagnostic::error(
            "count-out-of-range",
            format!("the element count needs {} repeats of {par} lanes; more than {MAX_REPEATS} repeats cannot fit any UB (semantics.md §2.5, §3)", plan.repeats),
        )
        .at(instr.span_of(if is_count(instr) { "count" } else { "mask" }))
        .in_instr(idx);
        c.errors.push(d);
        return Err(c.errors);
    }
    bounds_checks(&mut c, &plan, ub_size);
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    overlap_checks(&mut c, &plan);
    let mask_at_end = if is_count(instr) {
        MaskReg::default()
    } else {
        reg_now
    };
    let fast = matches!(exec, Exec::Map(_)) && fast_ok(&plan);
    Ok(Prepared {
        plan,
        exec,
        mask_at_start: reg_now,
        mask_at_end,
        warnings: c.warnings,
        fast,
    })
}
