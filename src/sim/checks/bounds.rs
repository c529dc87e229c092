//! Where an instruction's operands may lie: alignment (docs/semantics.md §7 item 1) and every touched
//! element inside the UB and its tensor (§7 item 2). Knows no family.

use crate::base::diag::Diagnostic;
use crate::base::ir::{Tensor, GM_BASE};
use crate::sim::checks::Ctx;
use crate::sim::plan::{AccessKind, Indexing, OpAddr, Plan};

/// "UB address 0x40" or "GM address 0x80000040".
fn located(t: &Tensor, addr: u64) -> String {
    if t.is_gm() {
        format!("GM address {addr:#x}")
    } else if t.is_reg() {
        format!("byte {} of the register", addr - t.addr as u64)
    } else {
        format!("UB address {addr:#x}")
    }
}

/// Alignment (docs/semantics.md §7 item 1): sources 32 bytes, the destination `dst_align` when it is not
/// indexed by lanes; a global-memory operand `gm_align` bytes (the moves' pages, §18).
pub fn align(c: &mut Ctx, ops: &[OpAddr], dst_align: u32, gm_align: u32) {
    for (i, o) in ops.iter().enumerate() {
        let t = &c.program.tensors[o.tensor];
        let need = if t.is_gm() {
            gm_align.max(1)
        } else if i == 0 && o.index != Indexing::Lanes {
            dst_align
        } else {
            32
        };
        if o.base % need != 0 {
            let (memory, at, why) = if t.is_gm() {
                ("GM offset", o.base - GM_BASE, "docs/semantics.md §18")
            } else {
                ("UB address", o.base, "docs/semantics.md §7 item 1")
            };
            let msg = format!(
                "{} `{}` starts at {memory} {at:#x}, which is not {need}-byte aligned ({why})",
                o.role, t.name
            );
            c.err("misaligned-operand", o.role, msg);
        }
    }
}

/// Bounds (docs/semantics.md §7 item 2): every touched element inside the UB and its tensor.
pub fn bounds(c: &mut Ctx, plan: &Plan, ub_size: u32) {
    for i in 0..plan.operands.len() {
        let o = plan.operands[i];
        let t = &c.program.tensors[o.tensor];
        let field = o.role;
        if t.is_gm() || t.is_reg() {
            // Global memory has no product limit, a register is its own: only the tensor
            // bounds them.
        } else if let Some(out) = plan.first_outside(i, 0..ub_size as u64) {
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
        // A register load reads VL bytes past its tensor as the device does (§29).
        if plan.register_load && o.kind == AccessKind::Read {
            continue;
        }
        if let Some(out) = plan.first_outside(i, t.addr as u64..t.end()) {
            let what = if o.kind == AccessKind::Write {
                "writes"
            } else {
                "reads"
            };
            let allowed = c
                .outside_room(t)
                .is_some_and(|r| plan.first_outside(i, r).is_none());
            let d = Diagnostic::error(
                "outside-tensor",
                format!(
                    "{} `{}` {what} lane {} at {}, outside the tensor ({:#x}..{:#x}, {} × {})",
                    o.role,
                    t.name,
                    out.lane,
                    located(t, out.addr),
                    t.addr,
                    t.end(),
                    t.len,
                    t.dtype
                ),
            )
            .at(c.instr.span_of(field))
            .in_instr(c.idx)
            .in_block(out.repeat, Some(out.block));
            if allowed {
                // As on the device (docs/format.md §12.4); the first such lane, once.
                c.warnings.push(Diagnostic {
                    severity: crate::base::diag::Severity::Warning,
                    ..d
                }
                .note("the C++ kernel accesses memory past its tensor's length; the device does the same, which is seldom what was meant"));
                continue;
            }
            c.errors.push(d.note(
                "every active lane must stay inside its LocalTensor (docs/semantics.md §7 item 2)",
            ));
            return;
        }
    }
}
