//! Reaching an instruction: resolve its mask against the register, build its plan, and run the
//! checks of semantics.md §7 (errors stop the program before the instruction touches the UB;
//! warnings are reported and execution goes on). Also the whole-program static checks behind
//! `ascstep check`.

use crate::base::catalog::{Family, Op};
use crate::base::convert::RoundMode;
use crate::base::diag::Diagnostic;
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Form, Instr, MaskArg, Program, SetMaskArg};
use crate::base::modes::{CmpMode, SelMode};
use crate::base::product::{CounterContiguous, Product, SumScheme};
use crate::sim::isa::cast::{self, CastKernel};
use crate::sim::isa::compare::{self, CmpKernel};
use crate::sim::isa::elementwise::{self, MapKernel};
use crate::sim::isa::fill::{self, BrcbKernel, VecIndexKernel};
use crate::sim::isa::gather::{self, GatherKernel};
use crate::sim::isa::reduce::{self, ReduceKernel};
use crate::sim::isa::select::{self, SelKernel};
use crate::sim::isa::whole::WholeKernel;
use crate::sim::mask::{expand_len, LaneSource, Lanes, MaskMode, MaskReg};
use crate::sim::plan::{AccessKind, Indexing, OpAddr, Plan};
use crate::sim::ub::Ub;

/// Repeats beyond this are refused so a runaway counter-mode count cannot hang the tool.
pub const MAX_REPEATS: u32 = 65_536;

/// What executing an instruction means.
#[derive(Clone, Debug, PartialEq)]
pub enum Exec {
    Map(MapKernel),
    Reduce(ReduceKernel),
    Cast(CastKernel),
    Compare(CmpKernel),
    Select(SelKernel),
    Gather(GatherKernel),
    Brcb(BrcbKernel),
    VecIndex(VecIndexKernel),
    Whole(WholeKernel),
    /// No UB access: mask-register instructions and NOPs.
    None,
}

impl Exec {
    /// The element type the kernel is instantiated with, if it has one.
    pub fn dtype(&self) -> Option<DType> {
        Some(match self {
            Exec::Map(k) => k.dtype,
            Exec::Reduce(k) => k.dtype,
            Exec::Cast(k) => k.src,
            Exec::Compare(k) => k.dtype,
            Exec::Select(k) => k.dtype,
            Exec::Gather(k) => k.dtype,
            Exec::Brcb(k) => k.dtype,
            Exec::VecIndex(k) => k.dtype,
            Exec::Whole(k) => k.dtype,
            Exec::None => return None,
        })
    }
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
        self.instr.name()
    }
}

fn is_count(instr: &Instr) -> bool {
    matches!(instr.form, Form::Count(_))
}

/// The element types of an instruction: `src` is the type its dtype table is about (the
/// source of conversions and Compare, else the destination), `dst` the destination's, and
/// `lane` the widest, which sets PAR (semantics.md §1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Types {
    pub src: DType,
    pub dst: DType,
    pub lane: DType,
}

/// The element types of `instr` (None when it has no operands).
pub fn types(program: &Program, instr: &Instr) -> Option<Types> {
    let dt = |o: &crate::base::ir::Operand| program.tensors[o.tensor].dtype;
    let dst = instr.dst.as_ref().map(dt);
    let src = instr.src.first().map(dt);
    let (src, dst) = match instr.op.family() {
        // Compare's dst holds bits; its type is the sources'.
        Family::Compare => (src?, src?),
        Family::Cast | Family::CastBinary => (src?, dst?),
        Family::Binary | Family::Scalar if matches!(instr.op, Op::MulAddDst | Op::Axpy) => {
            (src?, dst?)
        }
        _ => {
            let d = dst.or(src)?;
            (d, d)
        }
    };
    let lane = if src.size() >= dst.size() { src } else { dst };
    Some(Types { src, dst, lane })
}

/// Whether the instruction converts between two element types.
fn mixed(instr: &Instr, t: &Types) -> bool {
    matches!(instr.op.family(), Family::Cast | Family::CastBinary) || t.src != t.dst
}

/// Checks that do not depend on run-time state: availability, dtypes, strides, alignment,
/// argument ranges. Returns the instruction's types (after the And/Or int32 reinterpretation
/// of §3, which makes them 16-bit).
fn static_checks(c: &mut Ctx) -> Option<Types> {
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
            format!(
                "{} is not available on {p} (semantics.md §9 row 29)",
                c.name()
            )
        };
        c.err("unsupported-instruction", "", what);
        if let Some(last) = c.errors.last_mut() {
            last.notes = vec![format!("products that offer {}: {list}", c.instr.name())];
        }
        return None;
    }
    if op.family() == Family::MaskReg {
        return None;
    }
    let mut t = types(c.program, instr)?;
    let dt = t.src;
    let all = op.dtypes(p);
    let count_only = op.count_only_dtypes(p);
    let and_or_quirk = matches!(op, Op::And | Op::Or)
        && matches!(dt, DType::Int32 | DType::UInt32)
        && matches!(p, Product::AtlasA2 | Product::AtlasA3);
    if and_or_quirk && is_count(instr) {
        // §3, §9 row 4: the count form reinterprets all buffers as 16-bit words.
        let w = if dt == DType::Int32 {
            DType::Int16
        } else {
            DType::UInt16
        };
        t = Types {
            src: w,
            dst: w,
            lane: w,
        };
        c.warn(
            "and-or-int32-reinterpreted",
            "count",
            format!(
                "{} on {dt} with the count form runs on 16-bit words on {p}: `count` counts int16 words, so pass 2n to process n {dt} elements (semantics.md §3)",
                c.name()
            ),
        );
    } else if mixed(instr, &t) {
        pair_checks(c, &t);
    } else if !(all.contains(dt) || is_count(instr) && count_only.contains(dt)) {
        let mut msg = format!("{} does not support {dt} on {p}", c.name());
        if count_only.contains(dt) {
            msg.push_str(" in the high-dimensional form (only with `count`)");
        }
        let field = if op.family() == Family::Compare {
            if op == Op::Compare {
                "src0"
            } else {
                "src"
            }
        } else {
            "dst"
        };
        c.err("unsupported-dtype", field, msg);
        let mut note = format!(
            "{p} supports {} for {}{}",
            all.list(),
            c.name(),
            if count_only.is_empty() {
                String::new()
            } else {
                format!(" (and {} with `count`)", count_only.list())
            }
        );
        if let Some(pairs) = mixed_pairs_note(op, p) {
            note.push_str(&format!("; with a float destination: {pairs}"));
        }
        if let Some(last) = c.errors.last_mut() {
            last.notes.push(note);
        }
    }
    if t.lane.size() == 1 && !p.has_b8_vectors() && c.errors.is_empty() {
        c.err(
            "unsupported-dtype",
            "dst",
            format!("8-bit vector lanes exist only on ascend_950, not on {p}"),
        );
    }
    family_checks(c, &t);
    if let Form::Masked { mask, repeat_times } = &instr.form {
        let max_repeat: u64 = match op.family() {
            // ReduceSum/Max/Min take an int32 repeatTime (DK:归约计算/ReduceSum).
            Family::Whole => i32::MAX as u64,
            // GatherMaskParams.repeatTimes is a uint16_t (semantics.md §1.3).
            Family::Gather => u16::MAX as u64,
            _ => 255,
        };
        if *repeat_times > max_repeat {
            let ty = if max_repeat == 255 {
                "a uint8_t"
            } else if max_repeat == u16::MAX as u64 {
                "GatherMaskParams.repeatTimes, a uint16_t"
            } else {
                "an int32_t"
            };
            c.err(
                "repeat-out-of-range",
                "repeat_times",
                format!("repeat_times {repeat_times} is out of range: it is {ty}, valid 0..={max_repeat} (semantics.md §1.4)"),
            );
        }
        if *mask == MaskArg::Placeholder && t.lane.size() == 1 {
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
        Family::Unary
            | Family::Binary
            | Family::Scalar
            | Family::Duplicate
            | Family::VecIndex
            | Family::Brcb
            | Family::Select
            | Family::Cast
            | Family::CastBinary
    ) && matches!(instr.form, Form::Masked { .. })
        && instr.strides.dst_blk == 0
    {
        let field = if matches!(fam, Family::Duplicate | Family::VecIndex | Family::Brcb) {
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
    Some(t)
}

/// "half → float" for messages about the mixed forms of a same-type instruction.
fn mixed_pairs_note(op: Op, p: Product) -> Option<String> {
    let pairs = op.pairs(p);
    (!pairs.is_empty() && !matches!(op.family(), Family::Cast | Family::CastBinary)).then(|| {
        pairs
            .iter()
            .map(|pr| format!("{} → {}", pr.src, pr.dst))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

/// The (source, destination) pair of a conversion or mixed-width instruction and, for Cast,
/// its round mode (semantics.md §4.7 and the pair tables of the catalog).
fn pair_checks(c: &mut Ctx, t: &Types) {
    let instr = c.instr;
    let (op, p) = (instr.op, c.product);
    let list = |c: &Ctx| -> String {
        let v: Vec<String> = op
            .pairs(p)
            .iter()
            .filter(|pr| pr.src == t.src)
            .map(|pr| {
                if op == Op::Cast && !pr.deq {
                    let modes: Vec<&str> = RoundMode::ALL
                        .iter()
                        .filter(|m| pr.modes & m.bit() != 0)
                        .map(|m| m.name())
                        .collect();
                    format!("{} ({})", pr.dst, modes.join("/"))
                } else {
                    pr.dst.to_string()
                }
            })
            .collect();
        if !matches!(op.family(), Family::Cast | Family::CastBinary) {
            let pairs: Vec<String> = op
                .pairs(p)
                .iter()
                .map(|pr| format!("{} → {}", pr.src, pr.dst))
                .collect();
            format!(
                "{p} runs {} on {} with one element type throughout{}",
                c.name(),
                op.dtypes(p).list(),
                if pairs.is_empty() {
                    ", and has no mixed form".to_string()
                } else {
                    format!(", and as {}", pairs.join(", "))
                }
            )
        } else if v.is_empty() {
            let srcs: Vec<String> = op
                .pairs(p)
                .iter()
                .map(|pr| format!("{} → {}", pr.src, pr.dst))
                .collect();
            format!(
                "{p} converts no {} with {}; its pairs: {}",
                t.src,
                c.name(),
                if srcs.is_empty() {
                    "none".into()
                } else {
                    srcs.join(", ")
                }
            )
        } else {
            format!("{} on {p} turns {} into {}", c.name(), t.src, v.join(", "))
        }
    };
    let code = if op == Op::Cast {
        "unsupported-cast"
    } else {
        "unsupported-dtype"
    };
    match op.pair(p, t.src, t.dst) {
        None => {
            let msg = format!(
                "{} from {} to {} is not supported on {p} (semantics.md §4.7, §9 rows 24 and 26)",
                c.name(),
                t.src,
                t.dst
            );
            let note = list(c);
            c.err(code, "dst", msg);
            if let Some(last) = c.errors.last_mut() {
                last.notes.push(note);
            }
        }
        Some(pr) if pr.count_only && !is_count(instr) => {
            c.err(
                code,
                "dst",
                format!(
                    "{} from {} to {} on {p} exists only in the count form (`count`)",
                    c.name(),
                    t.src,
                    t.dst
                ),
            );
        }
        Some(pr) if op == Op::Cast && pr.deq => {
            c.warn(
                "deq-scale-not-modelled",
                "round",
                "Cast int32 → half ignores the round mode and takes its scale from SetDeqScale, which ascstep does not model: computed as src·2^-17·1.0·2^17, i.e. int32 → float → half with CAST_RINT (semantics.md §4.7, §4.9)".into(),
            );
        }
        Some(pr) if op == Op::Cast && pr.modes & instr.round.bit() == 0 => {
            let modes: Vec<&str> = RoundMode::ALL
                .iter()
                .filter(|m| pr.modes & m.bit() != 0)
                .map(|m| m.name())
                .collect();
            c.err(
                "unsupported-round-mode",
                "round",
                format!(
                    "Cast {} → {} with {} is not supported on {p}; supported: {} (semantics.md §4.7, §9 row 26)",
                    t.src,
                    t.dst,
                    instr.round.name(),
                    modes.join(", ")
                ),
            );
        }
        Some(_) => {}
    }
}

/// Per-family argument checks that depend on the product (semantics.md §4.6, §7 item 8).
fn family_checks(c: &mut Ctx, t: &Types) {
    let instr = c.instr;
    let (op, p) = (instr.op, c.product);
    let prof = p.profile();
    match op.family() {
        Family::Compare => {
            let modes = op.cmp_modes(p, t.src);
            if modes & instr.cmp.bit() == 0 {
                let ok: Vec<&str> = CmpMode::ALL
                    .iter()
                    .filter(|m| modes & m.bit() != 0)
                    .map(|m| m.name())
                    .collect();
                c.err(
                    "unsupported-cmp-mode",
                    "cmp",
                    format!(
                        "{} on {} supports only {} on {p}, not {} (semantics.md §4.6, §9 row 27)",
                        c.name(),
                        t.src,
                        ok.join(", "),
                        instr.cmp.name()
                    ),
                );
            }
        }
        Family::Select if prof.select_modes & instr.sel_mode.bit() == 0 => {
            let ok: Vec<&str> = SelMode::ALL
                .iter()
                .filter(|m| prof.select_modes & m.bit() != 0)
                .map(|m| m.name())
                .collect();
            c.err(
                    "unsupported-sel-mode",
                    "sel_mode",
                    format!(
                        "Select {} is not supported on {p}; supported: {} (semantics.md §4.6, §9 row 16)",
                        instr.sel_mode.name(),
                        ok.join(", ")
                    ),
                );
        }
        Family::Gather => {
            if let Some(pat) = instr.pattern {
                if pat > prof.gather_max_pattern {
                    c.err(
                        "unsupported-pattern",
                        "pattern",
                        format!(
                            "GatherMask built-in pattern {pat} is not available on {p}: patterns 1..={} (semantics.md §4.6, §9 row 15)",
                            prof.gather_max_pattern
                        ),
                    );
                }
            }
            if instr.reduce_mode {
                if let Form::Masked {
                    mask: MaskArg::Contiguous(m),
                    ..
                } = &instr.form
                {
                    if !(1..=u32::MAX as i128).contains(m) {
                        c.err(
                            "mask-out-of-range",
                            "mask",
                            format!("GatherMask mask {m} is out of range in counter mode (reduce_mode: true): valid 1..=4294967295 (semantics.md §8)"),
                        );
                    }
                }
            }
        }
        Family::Whole => {
            let honours = prof.reduce_sum_is_set_mask && op == Op::ReduceSum;
            if let Form::Masked {
                mask: MaskArg::Placeholder,
                ..
            } = &instr.form
            {
                if !honours {
                    let why = if op == Op::ReduceSum {
                        format!("isSetMask has no effect on {p} (semantics.md §9 row 10)")
                    } else {
                        format!("{} has no isSetMask parameter", c.name())
                    };
                    c.err(
                        "mask-out-of-range",
                        "mask",
                        format!("{} cannot take its mask from the register (mask: Placeholder): {why}; give an explicit mask", c.name()),
                    );
                }
            }
            if !instr.is_set_mask && !honours {
                c.warn(
                    "is-set-mask-ignored",
                    "is_set_mask",
                    if op == Op::ReduceSum {
                        format!("ReduceSum's isSetMask has no effect on {p}: `count` is used (semantics.md §2.5, §9 row 10)")
                    } else {
                        format!("{} has no isSetMask parameter; `count` is used", c.name())
                    },
                );
            }
        }
        _ => {}
    }
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

/// Compare / Compares lanes where the mask is not honoured (A2, A3, inference, training: the
/// mask is reserved, every lane is compared, §9 row 5), and the count form everywhere: it
/// runs `count·sizeof(T) / 256` whole repeats, silently skipping a tail (A2's CompareCompute,
/// semantics.md §3, §8; the same on every product). The register is left alone.
fn compare_lanes(c: &mut Ctx, par: u32) -> Option<LaneSource> {
    let instr = c.instr;
    let p = c.product;
    let size = 256 / par;
    match &instr.form {
        Form::Count(n) => {
            let bytes = n.saturating_mul(size as u64);
            if bytes % 256 != 0 {
                c.warn(
                    "compare-count-partial",
                    "count",
                    format!(
                        "{} with count {n} covers {bytes} bytes, not a multiple of 256: the last {} elements are not compared (semantics.md §3, §8)",
                        c.name(),
                        n % par as u64
                    ),
                );
            }
            if *n == 0 {
                c.warn("repeat-zero", "count", zero_repeat_msg("count", p));
            }
            Some(LaneSource::Fixed {
                lanes: Lanes::first(par),
                repeats: u32::try_from(bytes / 256).unwrap_or(u32::MAX),
            })
        }
        Form::Masked { mask, repeat_times } => {
            let partial = match mask {
                MaskArg::Contiguous(m) => *m < par as i128,
                MaskArg::Bits(w) => {
                    let mut words = [0u64; 4];
                    for (i, x) in w.iter().take(4).enumerate() {
                        words[i] = *x;
                    }
                    Lanes(words).limit(par) != Lanes::first(par)
                }
                MaskArg::Placeholder => false,
            };
            if partial {
                c.warn(
                    "compare-mask-ignored",
                    "mask",
                    format!("{}'s mask is reserved on {p}: every one of the {par} lanes is compared (semantics.md §4.6, §9 row 5)", c.name()),
                );
            }
            if *repeat_times == 0 {
                c.warn(
                    "repeat-zero",
                    "repeat_times",
                    zero_repeat_msg("repeat_times", p),
                );
            }
            Some(LaneSource::Fixed {
                lanes: Lanes::first(par),
                repeats: (*repeat_times).min(u32::MAX as u64) as u32,
            })
        }
        Form::Bare => None,
    }
}

/// GatherMask's lanes (semantics.md §4.6): normal mode, every lane of `repeat_times` repeats
/// (the mask is ignored); counter mode, `mask` elements per repeat ("configuration 1") or
/// `mask` in total ("configuration 2", inference).
fn gather_source(instr: &Instr, par: u32, product: Product) -> LaneSource {
    let Form::Masked { mask, repeat_times } = &instr.form else {
        return LaneSource::Fixed {
            lanes: Lanes::NONE,
            repeats: 0,
        };
    };
    let repeats = (*repeat_times).min(u32::MAX as u64) as u32;
    let m = match mask {
        MaskArg::Contiguous(m) => (*m).clamp(0, u32::MAX as i128) as u64,
        _ => 0,
    };
    if !instr.reduce_mode {
        LaneSource::Fixed {
            lanes: Lanes::first(par),
            repeats,
        }
    } else if product.profile().gather_counter_total {
        LaneSource::Counted { count: m }
    } else if m <= par as u64 {
        LaneSource::Fixed {
            lanes: Lanes::first(m as u32),
            repeats,
        }
    } else {
        LaneSource::Grouped {
            per: m,
            groups: repeats,
        }
    }
}

fn gather_warnings(c: &mut Ctx) {
    let instr = c.instr;
    let p = c.product;
    if let Form::Masked { repeat_times, .. } = &instr.form {
        let counts_total = instr.reduce_mode && p.profile().gather_counter_total;
        if *repeat_times == 0 && !counts_total {
            c.warn("repeat-zero", "params", zero_repeat_msg("repeat_times", p));
        }
    }
}

/// Brcb: every lane of `repeat_times` repeats; the register is not involved.
fn brcb_lanes(c: &mut Ctx, par: u32) -> Option<LaneSource> {
    let Form::Masked { repeat_times, .. } = &c.instr.form else {
        return None;
    };
    if *repeat_times == 0 {
        c.warn(
            "repeat-zero",
            "repeat_times",
            zero_repeat_msg("repeat_times", c.product),
        );
    }
    Some(LaneSource::Fixed {
        lanes: Lanes::first(par),
        repeats: (*repeat_times).min(u32::MAX as u64) as u32,
    })
}

/// The count form of ReduceSum/Max/Min: `count` elements; with `is_set_mask: false` on a
/// product that honours it (ReduceSum on A2/A3, §9 row 10), the count set in the register in
/// counter mode.
fn whole_count_lanes(c: &mut Ctx, reg: &mut MaskReg) -> Option<LaneSource> {
    let instr = c.instr;
    let p = c.product;
    let Form::Count(n) = instr.form else {
        return None;
    };
    let honours = p.profile().reduce_sum_is_set_mask && instr.op == Op::ReduceSum;
    if !instr.is_set_mask && honours {
        if reg.mode != MaskMode::Counter {
            c.err(
                "mask-out-of-range",
                "is_set_mask",
                "ReduceSum with is_set_mask: false takes its element count from the mask register, which is in normal mode; call SetMaskCount and SetVectorMask(len: n) first (semantics.md §2.5)".into(),
            );
            return None;
        }
        if reg.low == 0 {
            c.warn(
                "repeat-zero",
                "is_set_mask",
                zero_repeat_msg("the register's count", p),
            );
        }
        return Some(LaneSource::Counted { count: reg.low });
    }
    if reg.mode == MaskMode::Counter {
        c.warn("mask-register-reset", "count", "the count form resets the mask register to all ones in normal mode; the counter mode set earlier is lost for later `mask: Placeholder` calls (semantics.md §2.5, §7 item 9)".into());
    }
    if n == 0 {
        c.warn("repeat-zero", "count", zero_repeat_msg("count", p));
    }
    Some(LaneSource::Counted { count: n })
}

/// The kernel of a prepared instruction.
fn build_exec(instr: &Instr, t: &Types, product: Product, lanes: &LaneSource, par: u32) -> Exec {
    let prof = product.profile();
    let scalar = instr.scalar.unwrap_or(Value::Int(0));
    let dt = t.src;
    match instr.op.family() {
        Family::Reduce => Exec::Reduce(ReduceKernel::new(instr, dt, prof)),
        Family::Compare => Exec::Compare(CmpKernel {
            mode: instr.cmp,
            dtype: dt,
            scalar: instr.scalar,
            ne_nan_false: prof.cmp_ne_nan_false,
        }),
        Family::Select => Exec::Select(SelKernel {
            mode: instr.sel_mode,
            dtype: dt,
            scalar,
        }),
        Family::Gather => Exec::Gather(GatherKernel {
            dtype: dt,
            builtin: instr.pattern,
        }),
        Family::Brcb => Exec::Brcb(BrcbKernel { dtype: dt }),
        Family::VecIndex => Exec::VecIndex(VecIndexKernel {
            dtype: dt,
            first: scalar,
        }),
        Family::Whole => {
            let order = prof.reduce_sum;
            let mut scheme = if is_count(instr) {
                order.count
            } else {
                order.high_dim
            };
            let counted_bytes = match lanes {
                LaneSource::Counted { count } => Some(count.saturating_mul(dt.size() as u64)),
                _ => None,
            };
            if order.vector_add_b64 && dt.size() == 8
                || matches!((order.vector_add_bytes, counted_bytes), (Some((lo, hi)), Some(b)) if (lo..=hi).contains(&b))
            {
                scheme = SumScheme::VectorAdd;
            }
            let _ = par;
            Exec::Whole(WholeKernel {
                op: instr.op,
                dtype: dt,
                scheme,
                calc_index: instr.calc_index,
            })
        }
        Family::Cast | Family::CastBinary => Exec::Cast(cast_kernel(instr, t, product, scalar)),
        Family::Binary | Family::Scalar if t.src != t.dst => {
            Exec::Cast(cast_kernel(instr, t, product, scalar))
        }
        _ => {
            let ftz = product == Product::Ascend950
                && matches!(
                    instr.op,
                    Op::Exp | Op::Ln | Op::Sqrt | Op::Rsqrt | Op::Reciprocal | Op::Div
                );
            Exec::Map(MapKernel {
                op: instr.op,
                dtype: t.dst,
                scalar,
                round_en: instr.round_en,
                ftz,
            })
        }
    }
}

fn cast_kernel(instr: &Instr, t: &Types, product: Product, scalar: Value) -> CastKernel {
    CastKernel {
        op: instr.op,
        src: t.src,
        dst: t.dst,
        mode: instr.round,
        deq: instr
            .op
            .pair(product, t.src, t.dst)
            .is_some_and(|p| p.deq && instr.op == Op::Cast),
        scalar,
    }
}

/// ReduceSum/Max/Min operands: dst written at the end, src (block stride 1, `src_rep_stride`).
fn whole_operands(instr: &Instr, program: &Program, elems: u32) -> Vec<OpAddr> {
    let mut ops = Vec::with_capacity(2);
    if let Some(d) = &instr.dst {
        let t = &program.tensors[d.tensor];
        ops.push(OpAddr::sequential(
            "dst",
            d.tensor,
            AccessKind::Write,
            t.dtype,
            t.addr + d.offset * t.dtype.size(),
            Indexing::AtEnd { elems },
        ));
    }
    if let Some(s) = instr.src.first() {
        let t = &program.tensors[s.tensor];
        ops.push(OpAddr::standard(
            "src",
            s.tensor,
            AccessKind::Read,
            t.dtype,
            t.addr + s.offset * t.dtype.size(),
            1,
            instr.strides.src_rep[0],
        ));
    }
    ops
}

/// The `work` buffer (sharedTmpBuffer) of ReduceSum/Max/Min: 32-byte aligned, inside the UB and
/// its tensor, and as large as DK:归约计算/ReduceSum, /ReduceMax 关键特性说明 require on the
/// products that use it; half indices of ReduceMax/Min stop at 65535.
fn whole_checks(c: &mut Ctx, k: &WholeKernel, plan: &Plan) {
    let instr = c.instr;
    let p = c.product;
    let e = 32 / k.dtype.size() as u64;
    let par = plan.par as u64;
    if k.op != Op::ReduceSum && k.calc_index && k.dtype.size() == 2 {
        let n = plan.repeats as u64 * par;
        if n > 65536 {
            c.err(
                "count-out-of-range",
                if is_count(instr) { "count" } else { "repeat_times" },
                format!("{} with calc_index on {} returns indices up to 65535 only (a uint16 in half), but the source has {n} elements (DK:归约计算/ReduceMax)", c.name(), k.dtype),
            );
        }
    }
    let Some(w) = instr.aux else { return };
    let t = &c.program.tensors[w.tensor];
    let base = t.addr + w.offset * t.dtype.size();
    if base % 32 != 0 {
        c.err(
            "misaligned-operand",
            "work",
            format!("work `{}` starts at UB address {base:#x}, which is not 32-byte aligned (semantics.md §7.1)", t.name),
        );
    }
    if !p.profile().reduce_work_needed || k.scheme == SumScheme::Sequential && k.op == Op::ReduceSum
    {
        return;
    }
    // firstMaxRepeat: repeatTime, or count / elementsPerRepeat (at least 1) in the count form.
    let first = match instr.form {
        Form::Count(n) => (n / par).max(1),
        _ => plan.repeats as u64,
    };
    let round_up = |a: u64, b: u64| a.div_ceil(b);
    let need = if k.op == Op::ReduceSum {
        round_up(first, e) * e
    } else if !k.calc_index {
        round_up(first * 2, e) * e
    } else {
        let iter1 = first * 2;
        let iter2_start = round_up(iter1, e) * e;
        let iter2 = round_up(iter1, par) * 2;
        let iter2_end = round_up(iter2, e) * e;
        if iter2 > 2 {
            let iter3 = round_up(iter2, par) * 2;
            iter2_start + iter2_end + round_up(iter3, e) * e
        } else {
            iter2_start + iter2_end
        }
    };
    let have = (t.len.saturating_sub(w.offset)) as u64;
    if have < need {
        c.err(
            "work-too-small",
            "work",
            format!(
                "work `{}` has {have} elements from its offset, {} needs {need} on {p} (sharedTmpBuffer size, DK:归约计算/{} 关键特性说明)",
                t.name,
                c.name(),
                c.instr.op.name()
            ),
        );
    }
}

/// The operands an instruction must have (the loader guarantees them; a `Program` built in
/// code may not), so kernels never look for a missing one.
fn structure(instr: &Instr) -> Result<(), String> {
    let op = instr.op;
    let srcs = match op.family() {
        Family::MaskReg => return Ok(()),
        Family::Duplicate | Family::VecIndex => 0,
        Family::Binary | Family::CastBinary => 2,
        Family::Compare if op == Op::Compare => 2,
        Family::Select if instr.sel_mode != SelMode::TensorScalar => 2,
        _ => 1,
    };
    let aux = match op.family() {
        Family::Select => true,
        Family::Gather => instr.pattern.is_none(),
        _ => false,
    };
    if instr.dst.is_none() || instr.src.len() < srcs || aux && instr.aux.is_none() {
        return Err(format!(
            "{} needs dst, {srcs} source(s){}",
            instr.name(),
            if aux {
                " and a pattern / sel_mask tensor"
            } else {
                ""
            }
        ));
    }
    if instr.op.family() == Family::Gather && instr.pattern.is_some_and(|p| !(1..=7).contains(&p)) {
        return Err("GatherMask's built-in pattern is 1..=7".into());
    }
    Ok(())
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
        // GatherMask packing src0 into itself from the same start is the documented usage
        // (DK:比较与选择/GatherMask example): kept elements never overtake the reads.
        if c.instr.op == Op::GatherMask && src.role == "src0" && src.base == dst.base {
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
            && matches!(
                c.instr.op,
                Op::Add | Op::Sub | Op::Mul | Op::Max | Op::Min | Op::AddRelu | Op::SubRelu
            )
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
        LaneSource::Grouped { .. } => false,
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
/// Without the UB, data-dependent plans (GatherMask with a pattern tensor) assume the most
/// their destination can receive; the machine uses [`prepare_with`].
pub fn prepare(
    program: &Program,
    idx: u32,
    product: Product,
    ub_size: u32,
    reg: MaskReg,
) -> Result<Prepared, Vec<Diagnostic>> {
    prepare_inner(program, idx, product, ub_size, None, reg)
}

/// `prepare` with the UB contents at the moment the instruction is reached.
pub fn prepare_with(
    program: &Program,
    idx: u32,
    product: Product,
    ub: &Ub,
    reg: MaskReg,
) -> Result<Prepared, Vec<Diagnostic>> {
    prepare_inner(program, idx, product, ub.size(), Some(ub), reg)
}

fn prepare_inner(
    program: &Program,
    idx: u32,
    product: Product,
    ub_size: u32,
    ub: Option<&Ub>,
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
    if let Err(msg) = structure(instr) {
        return Err(vec![Diagnostic::error("bad-form", msg)
            .at(instr.span)
            .in_instr(idx)]);
    }
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
    let Some(t) = compute else {
        return Err(c.errors);
    };
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    let prof = product.profile();
    let fam = instr.op.family();
    let dt = t.src;
    let par = t.lane.par();
    let gather_src = gather_source(instr, par, product);
    let (mut ops, dst_align) = match fam {
        Family::Reduce => {
            let k = ReduceKernel::new(instr, dt, prof);
            (reduce::operands(&k, instr, program), k.dst_align())
        }
        Family::Compare => (
            compare::operands(instr, program, par, prof.compare_mask_honoured),
            32,
        ),
        Family::Select => {
            let k = SelKernel {
                mode: instr.sel_mode,
                dtype: dt,
                scalar: Value::Int(0),
            };
            (select::operands(&k, instr, program, par), 32)
        }
        Family::Gather => {
            let k = GatherKernel {
                dtype: dt,
                builtin: instr.pattern,
            };
            (gather::operands(&k, instr, program, par, &gather_src), 32)
        }
        Family::Brcb => (fill::brcb_operands(instr, program), 32),
        Family::Cast | Family::CastBinary => (cast::operands(instr, program), 32),
        Family::Binary | Family::Scalar if t.src != t.dst => (cast::operands(instr, program), 32),
        Family::Whole => {
            let elems = if instr.op != Op::ReduceSum && instr.calc_index {
                2
            } else {
                1
            };
            (whole_operands(instr, program, elems), elems * dt.size())
        }
        _ => (elementwise::operands(instr, program), 32),
    };
    if matches!(instr.op, Op::And | Op::Or) && Some(t.dst) != program.instr_dtype(instr) {
        // And/Or int32 count-form reinterpretation: every operand is seen as 16-bit words.
        for o in ops.iter_mut() {
            *o = OpAddr::standard(o.role, o.tensor, o.kind, t.dst, o.base, o.blk, o.rep);
        }
    }
    align_check(&mut c, &ops, dst_align);
    let lanes = match fam {
        Family::Compare if !prof.compare_mask_honoured => compare_lanes(&mut c, par),
        Family::Compare if is_count(instr) => compare_lanes(&mut c, par),
        Family::Gather => {
            gather_warnings(&mut c);
            Some(gather_src)
        }
        Family::Brcb => brcb_lanes(&mut c, par),
        Family::Whole if is_count(instr) => whole_count_lanes(&mut c, &mut reg_now),
        _ => resolve_lanes(&mut c, par, t.lane, &mut reg_now),
    };
    let Some(lanes) = lanes else {
        return Err(c.errors);
    };
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    let exec = build_exec(instr, &t, product, &lanes, par);
    // Refused before the plan is built: its extents walk every repeat.
    let repeats = lanes.repeats(par);
    if repeats > MAX_REPEATS {
        let d = Diagnostic::error(
            "count-out-of-range",
            format!("the element count needs {repeats} repeats of {par} lanes; more than {MAX_REPEATS} repeats cannot fit any UB (semantics.md §2.5, §3)"),
        )
        .at(instr.span_of(if is_count(instr) { "count" } else { "mask" }))
        .in_instr(idx);
        c.errors.push(d);
        return Err(c.errors);
    }
    let mut plan = Plan::new(par, lanes, ops);
    if let Exec::Gather(k) = &exec {
        // Where the kept elements land: built-in patterns are known now, tensor patterns are
        // read from the UB when there is one (else every active lane counts, the most dst
        // can receive).
        let counts = match (k.builtin, ub, plan.operands.get(2)) {
            (None, Some(ub), Some(pat)) => {
                let pat = *pat;
                gather::counts(k, &plan, |r, lane| {
                    let a = pat.addr(r, lane / 8);
                    a < ub.size() as u64 && ub.bytes()[a as usize] >> (lane % 8) & 1 == 1
                })
            }
            (None, _, _) => gather::counts(k, &plan, |_, _| true),
            _ => gather::counts(k, &plan, |_, _| false),
        };
        plan = plan.with_packed(&counts);
    }
    if let Exec::Whole(k) = &exec {
        whole_checks(&mut c, k, &plan);
        if !c.errors.is_empty() {
            return Err(c.errors);
        }
    }
    bounds_checks(&mut c, &plan, ub_size);
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    overlap_checks(&mut c, &plan);
    let mask_at_end = match fam {
        // GatherMask ends in normal mode with its count (or all lanes) in the register
        // (IMPL dav_c220 GatherMaskImpl: SetMaskNorm after vreducev2).
        Family::Gather => match &instr.form {
            Form::Masked {
                mask: MaskArg::Contiguous(m),
                ..
            } if instr.reduce_mode => MaskReg {
                low: (*m).clamp(0, u64::MAX as i128) as u64,
                high: 0,
                mode: MaskMode::Normal,
            },
            _ => MaskReg::default(),
        },
        // The whole-tensor reductions are software loops that leave all ones, normal mode.
        Family::Whole => MaskReg::default(),
        _ if is_count(instr) => MaskReg::default(),
        _ => reg_now,
    };
    let fast = matches!(&exec, Exec::Map(k) if !k.reads_dst()) && fast_ok(&plan);
    Ok(Prepared {
        plan,
        exec,
        mask_at_start: reg_now,
        mask_at_end,
        warnings: c.warnings,
        fast,
    })
}
