//! Address-overlap rules (docs/semantics.md §7 item 4) and whether the contiguous fast path gives
//! the same bytes as block stepping. Knows no family.

use crate::base::catalog::Op;
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::sim::checks::Ctx;
use crate::sim::mask::LaneSource;
use crate::sim::plan::{intersection, Indexing, OpAddr, Plan};
use std::ops::Range;

/// Address-overlap rules (docs/semantics.md §7 item 4), reported as warnings: partial overlap inside a
/// repeat, and a destination written in one repeat that a later repeat reads.
pub fn overlap(c: &mut Ctx, plan: &Plan, allowed: impl Fn(&OpAddr, &OpAddr) -> bool) {
    let Some(dst_ext) = plan.extent(0) else {
        return;
    };
    let dst = plan.operands[0];
    for j in 1..plan.operands.len() {
        let src = plan.operands[j];
        let Some(src_ext) = plan.extent(j) else {
            continue;
        };
        let Some(Range { start: lo, end: hi }) = intersection(&dst_ext, &src_ext) else {
            continue;
        };
        // An overlap the family documents as safe (GatherMask packing src0 into itself).
        if allowed(&dst, &src) {
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
        // Documented exception: accumulation into src1 (docs/semantics.md §4.2, §7 item 4).
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
        let field = src.role;
        let sname = &c.program.tensors[src.tensor].name;
        let dname = &c.program.tensors[dst.tensor].name;
        if let Some((r, b, x)) = partial {
            let d = Diagnostic::warning(
                "partial-overlap",
                format!("{} `{sname}` partially overlaps dst `{dname}` inside repeat {r} (byte {x:#x}): operands must overlap 100% (in place) or not at all (docs/semantics.md §7 item 4)", src.role),
            )
            .at(c.instr.span_of(field))
            .in_instr(c.idx)
            .in_block(r, Some(b));
            c.warnings.push(d);
        }
        if let Some((r, b, x, wr)) = cross {
            let d = Diagnostic::warning(
                "cross-repeat-dependency",
                format!("repeat {r} reads {} `{sname}` at byte {x:#x}, which repeat {wr} wrote to dst `{dname}`: later repeats must not read what earlier ones wrote (docs/semantics.md §7 item 4)", src.role),
            )
            .at(c.instr.span_of(field))
            .in_instr(c.idx)
            .in_block(r, Some(b));
            c.warnings.push(d);
        }
    }
}

/// The fast path applies when every repeat's lanes are fixed (a prefix, or a bitwise mask whose
/// inactive lanes are computed and not stored), every operand is indexed by lane (its blocks
/// anywhere: `exec_masked` gathers them), and no destination overlaps a source except in
/// place.
pub fn fast_ok(plan: &Plan) -> bool {
    let prefix = match plan.lanes {
        LaneSource::Counted { .. } | LaneSource::Fixed { .. } => true,
        LaneSource::Grouped { .. } => false,
    };
    if !prefix || !plan.operands.iter().all(|o| o.index == Indexing::Lanes) {
        return false;
    }
    let dst = plan.operands[0];
    let Some(d) = plan.extent(0) else { return true };
    plan.operands[1..].iter().enumerate().all(|(j, s)| {
        // In place: each lane reads what only it writes (blocks of one repeat distinct).
        dst.same_geometry(s)
            && dst.blk >= 1
            && dst.rep as u64 * 32 >= (plan.par * dst.size()) as u64
            || plan
                .extent(j + 1)
                .is_none_or(|e| e.end <= d.start || e.start >= d.end)
    })
}
