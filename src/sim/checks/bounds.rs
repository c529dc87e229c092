//! Where an instruction's operands may lie: alignment (docs/semantics.md §7 item 1) and every touched
//! element inside the UB and its tensor (§7 item 2). Knows no family.

use crate::base::diag::Diagnostic;
use crate::sim::checks::Ctx;
use crate::sim::plan::{AccessKind, Indexing, OpAddr, Plan};

/// Alignment (docs/semantics.md §7 item 1): sources 32 bytes, the destination `dst_align` when it is not
/// indexed by lanes.
pub fn align(c: &mut Ctx, ops: &[OpAddr], dst_align: u32) {
    for (i, o) in ops.iter().enumerate() {
        let need = if i == 0 && o.index != Indexing::Lanes {
            dst_align
        } else {
            32
        };
        if o.base % need != 0 {
            let t = &c.program.tensors[o.tensor];
            let field = o.role;
            c.err(
                "misaligned-operand",
                field,
                format!(
                    "{} `{}` starts at UB address {:#x}, which is not {need}-byte aligned (docs/semantics.md §7 item 1)",
                    o.role, t.name, o.base
                ),
            );
        }
    }
}

/// Bounds (docs/semantics.md §7 item 2): every touched element inside the UB and its tensor.
pub fn bounds(c: &mut Ctx, plan: &Plan, ub_size: u32) {
    for i in 0..plan.operands.len() {
        let o = plan.operands[i];
        let t = &c.program.tensors[o.tensor];
        let field = o.role;
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
            .note("every active lane must stay inside its LocalTensor (docs/semantics.md §7 item 2)");
            c.errors.push(d);
            return;
        }
    }
}
