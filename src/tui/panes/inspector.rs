//! Pane 2: the current instruction — form, dtype, mask mode, repeat r of R, block b — and its
//! strides drawn as a map of the 32-byte blocks this repeat touches per operand, with gaps (·),
//! the current block and overlaps between operands (!).

use crate::base::catalog::Family;
use crate::base::ir::{Form, MaskArg};
use crate::sim::mask::MaskMode;
use crate::sim::plan::{intersection, Plan};
use crate::sim::Status;
use crate::tui::app::{App, Pane};
use crate::tui::panes::{render_lines, source_line};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use std::collections::BTreeMap;

/// For operand `i` in repeat `r`: 32-byte cell index → (block, byte range) of each element run
/// the blocks touch in that cell.
/// (block, first byte, end byte) of one element an operand's block touches.
type Run = (u32, u64, u64);
/// Cell size in bytes, and cell index → the runs in it.
type Cells = (u64, BTreeMap<u64, Vec<Run>>);

fn cells(plan: &Plan, i: usize, r: u32) -> Cells {
    let op = &plan.operands[i];
    let size = op.size() as u64;
    let runs = plan
        .runs(i, r)
        .into_iter()
        .map(|(b, x)| (b, x.start, x.end));
    // A cell is 32 bytes, or what one block of this operand covers when that is less
    // (reduction destinations), so that each block gets cells of its own.
    let full = op.per_block as u64 * size;
    let unit = (1u64 << (63 - full.max(1).leading_zeros())).clamp(size, 32);
    let mut out: BTreeMap<u64, Vec<Run>> = BTreeMap::new();
    for run in runs {
        out.entry(run.1 / unit).or_default().push(run);
    }
    (unit, out)
}

/// True when two different blocks of one operand, or this operand and another, touch a byte in
/// common within the cell.
fn overlaps(here: &[Run], others: &[&[Run]]) -> bool {
    let meet = |x: &Run, y: &Run| intersection(&(x.1..x.2), &(y.1..y.2)).is_some();
    here.iter()
        .enumerate()
        .any(|(k, x)| here[k + 1..].iter().any(|y| y.0 != x.0 && meet(x, y)))
        || here
            .iter()
            .any(|x| others.iter().any(|o| o.iter().any(|y| meet(x, y))))
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let s = &app.session;
    let m = s.machine();
    let pos = m.pos();
    let prog = s.program();
    let mut lines = Vec::new();
    let Some(instr) = prog
        .code
        .get(pos.instruction as usize)
        .filter(|_| m.status() == Status::Running)
    else {
        let msg = match m.status() {
            Status::Failed => "the program stopped at an error (see the log)",
            _ => "the program has finished; S/R/N/C go back",
        };
        lines.push(Line::from(msg));
        render_lines(app, Pane::Inspector, "", lines, area, buf);
        return;
    };
    let dt = prog
        .instr_dtype(instr)
        .map_or("-".to_string(), |d| d.to_string());
    let form = match instr.form() {
        Form::Count(n) => format!("first {n} elements (count form)"),
        Form::Masked { mask, repeat_times } => {
            let mk = match mask {
                MaskArg::Contiguous(v) => format!("contiguous mask {v}"),
                MaskArg::Bits(w) => format!(
                    "bitwise mask [{}]",
                    w.iter()
                        .map(|x| format!("{x:#x}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                MaskArg::Placeholder => "mask from the register (Placeholder)".into(),
            };
            format!("{mk}, repeat_times {repeat_times}")
        }
        Form::Reg { mask, .. } if instr.op.family() == Family::RegMaskLogic => {
            let m = mask
                .and_then(|o| prog.tensors.get(o.tensor))
                .map(|t| t.name.as_str());
            format!(
                "register API, a mask register's 32 bytes: {}",
                instr.op.mask_logic_words(m)
            )
        }
        Form::Reg { mask, zeroing, .. } => {
            let by = match mask {
                Some(o) => format!(
                    "the lanes of mask register {}",
                    prog.tensors.get(o.tensor).map_or("?", |t| t.name.as_str())
                ),
                None => "every lane".into(),
            };
            let merge = if *zeroing {
                ", the others zeroed (ZEROING)"
            } else {
                ""
            };
            format!("register API: {by}{merge}")
        }
        Form::Bare => match instr.op.family() {
            Family::ScalarUnit => "a scalar-unit step: no vector lanes".into(),
            Family::Sync => "synchronisation: changes no data".into(),
            Family::DeqScale => "sets the DEQSCALE register".into(),
            Family::Atomic => format!(
                "sets the DMA atomic mode of moves into GM (now {})",
                m.atomic().text()
            ),
            Family::DataCopy | Family::DataCopyPad => "a move in bursts (DataCopyParams)".into(),
            Family::NdCopy => "a move over up to five dimensions (NdDmaLoopInfo)".into(),
            _ => "mask-register instruction".into(),
        },
    };
    lines.push(Line::from(Span::styled(
        format!(
            "{} {}",
            pos.instruction,
            source_line(app, pos.instruction as usize)
        ),
        t.style("current"),
    )));
    lines.push(Line::from(format!(
        "{} · {dt} · {form} · {}",
        instr.op.name(),
        prog.instr_place(pos.instruction as usize)
    )));
    // A move into global memory under the atomic mode combines with what is there (§18.3).
    let into_gm = instr
        .dst()
        .and_then(|d| prog.tensors.get(d.tensor))
        .is_some_and(|t| t.is_gm());
    if into_gm && m.atomic().op.is_some() {
        lines.push(Line::from(Span::styled(
            format!("atomic {}: combined with what GM holds", m.atomic().text()),
            t.style("warning"),
        )));
    }
    // A register instruction's lanes are its mask register's, not the mask register of
    // SetVectorMask (docs/semantics.md §29).
    let mode = match (instr.form(), m.mask().mode) {
        (Form::Reg { .. }, _) => "register",
        (_, MaskMode::Normal) => "normal",
        (_, MaskMode::Counter) => "counter",
    };
    // Steps without vector operands have no plan worth drawing.
    let memo = app.plan();
    let plan = if instr.vector().is_some() || instr.op.family() == Family::MaskReg {
        memo.as_ref().as_ref().map(Option::as_ref)
    } else {
        Ok(None)
    };
    match plan {
        Err(e) => {
            lines.push(Line::from(Span::styled(
                format!("rejected on {}: {e}", s.product()),
                t.style("error"),
            )));
        }
        Ok(None) => {}
        Ok(Some(plan)) => {
            let lanes = plan.lanes_of(pos.repeat.min(plan.repeats.saturating_sub(1)));
            lines.push(Line::from(format!(
                "mask {mode} · PAR {} · repeat {} of {} · block {} of 8 · {} lanes active",
                plan.par,
                pos.repeat,
                plan.repeats,
                pos.block,
                lanes.count()
            )));
            if plan.repeats == 0 {
                lines.push(Line::from(Span::styled(
                    "no repeats: this instruction is a NOP here",
                    t.style("warning"),
                )));
            }
            lines.push(Line::from(Span::styled("operand   base     blk rep  this repeat's blocks: digit = block, ‹ › previous/next repeat, · gap, ! overlap", t.style("dim"))));
            let r = pos.repeat.min(plan.repeats.saturating_sub(1));
            let all: Vec<Cells> = (0..plan.operands.len())
                .map(|i| cells(plan, i, r))
                .collect();
            let width = area.width.saturating_sub(30) as usize;
            let mut notes: Vec<String> = Vec::new();
            for (i, op) in plan.operands.iter().enumerate() {
                let (unit, c) = (&all[i].0, &all[i].1);
                // The neighbouring repeats of this operand, in the same cells.
                let prev = (r > 0).then(|| cells(plan, i, r - 1).1);
                let next = (r + 1 < plan.repeats).then(|| cells(plan, i, r + 1).1);
                let base = if op.base >= crate::base::ir::REG_BASE {
                    crate::base::ir::addr_text(op.base as u64)
                } else {
                    format!("{:#07x}", op.base)
                };
                let mut spans = vec![Span::raw(format!(
                    "{:<9} {base:<7} {:>3} {:>3}  ",
                    op.role, op.blk, op.rep
                ))];
                let keys = c
                    .keys()
                    .chain(prev.iter().flat_map(|p| p.keys()))
                    .chain(next.iter().flat_map(|n| n.keys()));
                let (lo, hi) = (keys.clone().min(), keys.max());
                if let (Some(&lo), Some(&hi), false) = (lo, hi, c.is_empty()) {
                    spans.push(Span::styled(
                        format!("{} {unit}B/cell ", crate::base::ir::addr_text(lo * unit)),
                        t.style("dim"),
                    ));
                    let (mut rep_overlap, mut blk_overlap) = (None, false);
                    for (shown, cell) in (lo..=hi).enumerate() {
                        if shown >= width.saturating_sub(10) {
                            spans.push(Span::styled("…", t.style("dim")));
                            break;
                        }
                        // Runs of other operands in this cell's byte range.
                        let (clo, chi) = (cell * unit, (cell + 1) * unit);
                        // An operand read and written lane by lane in the same place (the
                        // old dst of MulAddDst or of an atomic move) is no overlap.
                        let near: Vec<Vec<(u32, u64, u64)>> = all
                            .iter()
                            .enumerate()
                            .filter(|(j, _)| *j != i && !plan.operands[*j].same_geometry(op))
                            .map(|(_, (_, o))| {
                                o.values()
                                    .flatten()
                                    .filter(|x| x.1 < chi && clo < x.2)
                                    .copied()
                                    .collect()
                            })
                            .collect();
                        let others: Vec<&[(u32, u64, u64)]> =
                            near.iter().map(|v| v.as_slice()).collect();
                        let in_prev = prev.as_ref().and_then(|p| p.get(&cell));
                        let in_next = next.as_ref().and_then(|n| n.get(&cell));
                        match c.get(&cell) {
                            None => match (in_prev, in_next) {
                                (Some(_), _) => spans.push(Span::styled("‹", t.style("dim"))),
                                (None, Some(_)) => spans.push(Span::styled("›", t.style("dim"))),
                                (None, None) => spans.push(Span::styled("·", t.style("gap"))),
                            },
                            Some(bs) if overlaps(bs, &others) => {
                                if overlaps(bs, &[]) {
                                    blk_overlap = true;
                                }
                                spans.push(Span::styled("!", t.style("overlap")));
                            }
                            Some(bs) if in_prev.or(in_next).is_some_and(|o| overlaps(bs, &[o])) => {
                                rep_overlap = Some(if in_prev.is_some() { r - 1 } else { r + 1 });
                                spans.push(Span::styled("!", t.style("overlap")));
                            }
                            Some(bs) => {
                                // The cell shows its first block; the current block wins.
                                let b = if bs.iter().any(|x| x.0 == pos.block) {
                                    pos.block
                                } else {
                                    bs[0].0
                                };
                                let st = if b == pos.block {
                                    t.style("current")
                                } else if op.kind == crate::sim::plan::AccessKind::Write {
                                    t.style("write")
                                } else {
                                    t.style("read")
                                };
                                spans.push(Span::styled(b.to_string(), st));
                            }
                        }
                    }
                    if let Some(o) = rep_overlap {
                        notes.push(format!(
                            "! {}: repeats {r} and {o} share bytes (rep stride {})",
                            op.role, op.rep
                        ));
                    }
                    if blk_overlap {
                        notes.push(format!(
                            "! {}: blocks of one repeat share bytes (blk stride {})",
                            op.role, op.blk
                        ));
                    }
                } else {
                    spans.push(Span::styled("(no active lanes)", t.style("dim")));
                }
                lines.push(Line::from(spans));
            }
            for n in notes {
                lines.push(Line::from(Span::styled(n, t.style("warning"))));
            }
        }
    }
    let extra = format!("{} on {}", instr.op.name(), s.product());
    render_lines(app, Pane::Inspector, &extra, lines, area, buf);
}
