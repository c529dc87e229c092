//! Pane 1: the instruction list with the current instruction (▶), the cursor, breakpoints (●,
//! ○ disabled) and the current repeat and block in the title.

use crate::debug::session::PointKind;
use crate::tui::app::{App, Pane};
use crate::tui::panes::{render_lines, source_line};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let s = &app.session;
    let m = s.machine();
    let pos = m.pos();
    let n = s.program().code.len();
    let extra = match (m.status(), m.current_plan()) {
        (crate::sim::Status::Finished, _) => "finished".to_string(),
        (crate::sim::Status::Failed, _) => format!("stopped by an error at {}", pos.instruction),
        (_, Some(p)) => format!(
            "instr {} · repeat {}/{} · block {}/8",
            pos.instruction, pos.repeat, p.repeats, pos.block
        ),
        _ => format!("instr {} · not started", pos.instruction),
    };
    let height = area.height.saturating_sub(2) as usize;
    let first = app
        .selected_instr
        .saturating_sub(height / 2)
        .min(n.saturating_sub(height));
    let mut lines = Vec::new();
    for i in first..n.min(first + height) {
        let bp = s.breakpoints().iter().find(
            |b| matches!(b.kind, PointKind::Instr { instruction, .. } if instruction as usize == i),
        );
        let bp_glyph = match bp {
            Some(b) if b.enabled => "●",
            Some(_) => "○",
            None => " ",
        };
        let current = i == pos.instruction as usize && m.status() != crate::sim::Status::Finished;
        let cur = if current { "▶" } else { " " };
        let mut style = app.theme.style("text");
        if current {
            style = app.theme.style("current");
        }
        if i == app.selected_instr && app.focus == Pane::Program {
            style = style.patch(app.theme.style("selection"));
        }
        lines.push(Line::from(vec![
            Span::styled(bp_glyph.to_string(), app.theme.style("breakpoint")),
            Span::styled(format!("{cur}{i:>3} {}", source_line(app, i)), style),
        ]));
    }
    if n == 0 {
        lines.push(Line::from("(no instructions)"));
    }
    render_lines(app, Pane::Program, &extra, lines, area, buf);
}
