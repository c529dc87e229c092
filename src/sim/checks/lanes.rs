//! The mask walk's input: the API form and the mask register turned into the lanes of each
//! repeat (docs/semantics.md §2), with the register updated as the hardware does. Knows no family.

use crate::base::dtype::DType;
use crate::base::ir::{Form, MaskArg};
use crate::base::product::CounterContiguous;
use crate::sim::checks::{zero_repeat_msg, Ctx};
use crate::sim::mask::{expand_len, LaneSource, Lanes, MaskMode, MaskReg};

/// Turns the form and the register into this instruction's lanes, updating `reg` (docs/semantics.md
/// §2.2–§2.5).
pub fn resolve(c: &mut Ctx, par: u32, dt: DType, reg: &mut MaskReg) -> Option<LaneSource> {
    let instr = c.instr;
    let p = c.product;
    let prof = p.profile();
    let zero_msg = |what: &str| -> (bool, String) {
        if prof.mask_zero_nop {
            (true, format!("{what} is 0: a documented NOP on {p}, nothing is written (docs/semantics.md §2.2, §9 row 7)"))
        } else {
            (false, format!("{what} is 0, out of range on {p}: valid masks are non-zero (docs/semantics.md §9 row 7, §11 item 1)"))
        }
    };
    match instr.form() {
        Form::Bare => Some(LaneSource::Fixed {
            lanes: Lanes::NONE,
            repeats: 0,
        }),
        // The register API (docs/semantics.md §29): one register's lanes, those its mask
        // register selects for the lane type (every lane before the register is read: a
        // preview without memory); the mask register of SetVectorMask is not involved.
        Form::Reg { mask, lanes, .. } => {
            let all = Lanes::first(par);
            let l = match (mask, lanes) {
                (Some(_), Some(bits)) => Lanes(crate::base::ir::lanes_of(bits, dt)).limit(par),
                _ => all,
            };
            Some(LaneSource::Fixed {
                lanes: l,
                repeats: 1,
            })
        }
        Form::Count(n) => {
            if reg.mode == MaskMode::Counter {
                c.warn("mask-register-reset", "count", "the count form resets the mask register to all ones in normal mode; the counter mode set earlier is lost for later `mask: Placeholder` calls (docs/semantics.md §2.5, §7 item 9)".into());
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
                    c.warn("counter-mode-hazard", "mask", format!("{} passes a mask while the register is in counter mode (SetMaskCount without SetMaskNorm): the argument is taken as an element count and repeat_times is ignored (docs/semantics.md §2.5, §7 item 9)", c.name()));
                }
                let count = counter_count(c, mask, par, reg);
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
                        c.err("mask-out-of-range", "mask", format!("mask {m} is negative; contiguous masks are 1..={par} for {dt} (docs/semantics.md §2.2)"));
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
                        let shown = c.as_written("mask", m);
                        c.warn("mask-clamped", "mask", format!("mask {shown} exceeds the {par} lanes of {dt}: treated as {par} (docs/semantics.md §2.2)"));
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
                        c.err("mask-out-of-range", "mask", format!("a bitwise mask has 1 or {max_words} words for {dt}, not {} (docs/format.md §6)", w.len()));
                        return None;
                    }
                    let mut words = [0u64; 4];
                    words[..w.len()].copy_from_slice(w);
                    match dt.size() {
                        4 | 8 => {
                            if words[1] != 0 {
                                let msg = format!("mask[1] = {:#x} must be 0 for {dt}: only mask[0] maps to the {par} lanes (docs/semantics.md §2.3, §11 item 2)", words[1]);
                                if prof.b32_high_word_error {
                                    c.err("mask-out-of-range", "mask", msg);
                                    return None;
                                }
                                c.warn("mask-high-word-ignored", "mask", msg);
                            }
                            if dt.size() == 8 && words[0] > u32::MAX as u64 {
                                c.err("mask-out-of-range", "mask", format!("mask[0] = {:#x} exceeds 2^32-1, the range for 64-bit types (docs/semantics.md §2.3)", words[0]));
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

/// The repeat-zero warning for `repeat_times` when it is 0.
/// The element count a mask argument gives in counter mode (the register's for a placeholder),
/// which a passed mask also writes to the register (docs/semantics.md §2.5).
pub fn counter_count(c: &Ctx, mask: &MaskArg, par: u32, reg: &mut MaskReg) -> u64 {
    let count = match mask {
        MaskArg::Placeholder => reg.low,
        MaskArg::Bits(w) => w.first().copied().unwrap_or(0),
        MaskArg::Contiguous(m) => {
            let m = (*m).clamp(0, u64::MAX as i128) as u64;
            match c.product.profile().counter_contiguous {
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
    count
}

pub fn warn_repeat_zero(c: &mut Ctx, field: &str, repeat_times: u64) {
    if repeat_times == 0 {
        let msg = zero_repeat_msg("repeat_times", c.product);
        c.warn("repeat-zero", field, msg);
    }
}

/// Every lane of `repeat_times` repeats, the register not involved (Brcb, GatherMask's normal
/// mode, Compare where the mask is reserved).
pub fn all_lanes(par: u32, repeat_times: u64) -> LaneSource {
    LaneSource::Fixed {
        lanes: Lanes::first(par),
        repeats: repeat_times.min(u32::MAX as u64) as u32,
    }
}
