//! Pane 3: the mask as a lane grid (one row per data block, ■ active, · masked), the lanes of the
//! current block (▸), the register value, and in counter mode the elements left.

use crate::sim::mask::{Lanes, MaskMode};
use crate::sim::plan::BLOCKS;
use crate::tui::app::{App, Pane};
use crate::tui::panes::render_lines;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let m = app.session.machine();
    let reg = m.mask();
    let pos = m.pos();
    let mut lines = Vec::new();
    // Both register words, on lines short enough for the narrowest pane (40 columns).
    let mode = match reg.mode {
        MaskMode::Normal => "normal ",
        MaskMode::Counter => "counter",
    };
    // A register-API instruction's lanes are its mask register's (docs/semantics.md §29).
    let prog = m.program();
    let form = prog.code.get(pos.instruction as usize).map(|i| i.form());
    if let Some(crate::base::ir::Form::Reg { mask, zeroing, .. }) = form {
        let name = mask
            .and_then(|o| prog.tensors.get(o.tensor))
            .map_or("none: every lane", |t| t.name.as_str());
        lines.push(Line::from(format!("mask register {name}")));
        let op = prog.code[pos.instruction as usize].op;
        if op.family() == crate::base::catalog::Family::RegMaskLogic {
            // Its lanes are the mask register's 32 bytes; its mask register selects bits.
            let m = mask
                .and_then(|o| prog.tensors.get(o.tensor))
                .map(|t| t.name.as_str());
            lines.push(Line::from(op.mask_logic_words(m)));
        } else {
            let merge = if *zeroing {
                "set to 0 (ZEROING)"
            } else {
                "kept"
            };
            lines.push(Line::from(format!("other lanes: {merge}")));
        }
    } else {
        lines.push(Line::from(format!("{mode} high {:#018x}", reg.high)));
        lines.push(Line::from(format!("        low  {:#018x}", reg.low)));
    }
    let memo = app.plan();
    let plan = memo.as_ref().as_ref().ok().and_then(Option::as_ref);
    let (lanes, par, what) = match plan {
        Some(p) if p.repeats > 0 => {
            let r = pos.repeat.min(p.repeats - 1);
            let l = p.lanes_of(r);
            let what = match p.lanes {
                crate::sim::mask::LaneSource::Counted { count } => {
                    let done = (r as u64 + 1) * p.par as u64;
                    format!(
                        "count {count} · r{r}: {}/{} · {} left",
                        l.count(),
                        p.par,
                        count.saturating_sub(done)
                    )
                }
                _ => format!("repeat {r}: {} of {} lanes active", l.count(), p.par),
            };
            (l, p.par, what)
        }
        _ => (
            Lanes([reg.low, reg.high, 0, 0]),
            128,
            "register as 128 lanes (not running)".into(),
        ),
    };
    lines.push(Line::from(what));
    let per = (par / BLOCKS).max(1);
    let head: String = (0..per)
        .map(|k| char::from_digit(k % 16, 16).unwrap_or('?'))
        .collect();
    lines.push(Line::from(Span::styled(
        format!("      {head}"),
        t.style("dim"),
    )));
    for b in 0..BLOCKS {
        let cur = plan.is_some() && b == pos.block;
        let mut spans = vec![Span::styled(
            format!("{}b{b}  ", if cur { "▸" } else { " " }),
            if cur {
                t.style("current")
            } else {
                t.style("dim")
            },
        )];
        for k in b * per..(b + 1) * per {
            let (g, st) = if lanes.has(k) {
                ("■", "active_lane")
            } else {
                ("·", "inactive_lane")
            };
            spans.push(Span::styled(g, t.style(st)));
        }
        lines.push(Line::from(spans));
    }
    render_lines(app, Pane::Mask, "", lines, area, buf);
}
