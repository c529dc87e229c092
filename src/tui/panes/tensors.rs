//! Pane 5: the named tensors as typed arrays (4 significant digits, integers in full; `print`
//! shows every digit), with the elements the last step wrote marked (`*` changed, `=` written)
//! and uninitialised ones as `·`. Only visible lines are formatted.

use crate::base::text::value_short;
use crate::sim::plan::AccessKind;
use crate::tui::app::{App, Pane};
use crate::tui::panes::render_lines;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use std::collections::HashMap;

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let m = app.session.machine();
    let prog = app.session.program();
    let height = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2) as usize;
    // Written elements of the last step: address → changed.
    let mut written: HashMap<u32, bool> = HashMap::new();
    if let Some(ev) = app.session.last_event() {
        for a in ev.accesses.iter().filter(|a| a.kind == AccessKind::Write) {
            let s = a.elem_size() as usize;
            for (i, &addr) in a.addrs.iter().enumerate() {
                let ch = a.before.get(i * s..(i + 1) * s) != a.after.get(i * s..(i + 1) * s);
                *written.entry(addr).or_default() |= ch;
            }
        }
    }
    // Layout: per tensor a header line and rows of `per` values.
    let layout: Vec<(usize, usize, usize)> = prog
        .tensors
        .iter()
        .enumerate()
        .map(|(ti, tensor)| {
            let w = (0..tensor.len.min(256))
                .map(|i| {
                    value_short(m.element(ti, i), tensor.dtype, 4)
                        .chars()
                        .count()
                })
                .max()
                .unwrap_or(1)
                .clamp(1, 12);
            let iw = tensor.len.saturating_sub(1).to_string().len();
            let per = ((width.saturating_sub(iw + 3)) / (w + 2)).clamp(1, 16);
            (w, iw, per)
        })
        .collect();
    // With the element cursor in use, keep its line in the middle; otherwise follow the first
    // element the last step wrote.
    let cursor_on = app.tensor_cursor_on;
    let mut skip = 0;
    if cursor_on {
        let (ct, ci) = app.tensor_cursor;
        let mut line = 0usize;
        for (ti, tensor) in prog.tensors.iter().enumerate() {
            let per = layout[ti].2;
            if ti == ct {
                let at = line + 1 + ci as usize / per;
                skip = at.saturating_sub(height / 2);
                break;
            }
            line += 1 + (tensor.len as usize).div_ceil(per);
        }
    } else if app.ub_follow {
        let mut line = 0usize;
        for (ti, tensor) in prog.tensors.iter().enumerate() {
            let per = layout[ti].2;
            let hit =
                (0..tensor.len).find(|&i| written.contains_key(&(tensor.elem_addr(i) as u32)));
            if let Some(i) = hit {
                let at = line + 1 + i as usize / per;
                if at >= height {
                    skip = line.max(at.saturating_sub(height / 2));
                }
                break;
            }
            line += 1 + (tensor.len as usize).div_ceil(per);
        }
    }
    let mut lines = Vec::new();
    // The scalar unit first: every named scalar with its value, changed ones marked.
    if !prog.scalars.is_empty() {
        let before = app.session.scalars_before_last_step();
        let mut spans = vec![Span::styled("scalars", t.style("title"))];
        for (i, s) in prog.scalars.iter().enumerate() {
            let v = m.scalar(i);
            let changed = before.is_some_and(|b| b.get(i).copied().flatten() != v);
            let text = crate::base::dtype::value_text(v, s.dtype);
            let st = match (changed, v) {
                (true, _) => "changed",
                (false, None) => "uninit",
                _ => "text",
            };
            spans.push(Span::styled(
                format!("  {} = {text}{}", s.name, if changed { "*" } else { "" }),
                t.style(st),
            ));
        }
        lines.push(Line::from(spans));
    }
    let mut line_no = 0usize;
    'outer: for (ti, tensor) in prog.tensors.iter().enumerate() {
        // Column width from the values themselves (the first elements), capped.
        let (w, iw, per) = layout[ti];
        let rows = (tensor.len as usize).div_ceil(per);
        for r in 0..=rows {
            if line_no >= skip + height {
                break 'outer;
            }
            if line_no >= skip {
                if r == 0 {
                    lines.push(Line::from(Span::styled(
                        format!(
                            "{} {}[{}] @ {}",
                            tensor.name,
                            tensor.dtype,
                            tensor.len,
                            crate::base::ir::addr_text(tensor.addr as u64)
                        ),
                        t.style("title"),
                    )));
                } else {
                    let i0 = (r - 1) * per;
                    let mut spans = vec![Span::styled(format!("[{i0:>iw$}]"), t.style("dim"))];
                    for i in i0..(i0 + per).min(tensor.len as usize) {
                        let addr = tensor.elem_addr(i as u32) as u32;
                        let (g, st) = match written.get(&addr) {
                            Some(true) => ("*", "changed"),
                            Some(false) => ("=", "write"),
                            None => (" ", "text"),
                        };
                        let v = m.element(ti, i as u32);
                        let text = value_short(v, tensor.dtype, 4);
                        let st = if v.is_none() && g == " " {
                            "uninit"
                        } else {
                            st
                        };
                        let mut style = t.style(st);
                        if cursor_on && app.tensor_cursor == (ti, i as u32) {
                            style = style.patch(t.style("selection"));
                        }
                        // A value wider than the column widens it: never cut.
                        spans.push(Span::styled(format!(" {text:>w$}{g}"), style));
                    }
                    lines.push(Line::from(spans));
                }
            }
            line_no += 1;
        }
    }
    render_lines(
        app,
        Pane::Tensors,
        if app.focus == Pane::Tensors {
            "↑↓ element · w watches it · * changed = written · uninit"
        } else {
            "* changed = written · uninit"
        },
        lines,
        area,
        buf,
    );
}
