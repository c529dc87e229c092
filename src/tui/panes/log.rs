//! Pane 7: diagnostics, stop reasons and command output, newest last, with a severity glyph.

use crate::tui::app::{App, LogKind, Pane};
use crate::tui::panes::render_wrapped;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    // Newest last: take entries from the end until their wrapped rows fill the pane.
    let height = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2).max(1) as usize;
    let end = app.log.len().saturating_sub(app.log_scroll);
    let mut start = end;
    let mut rows = 0;
    while start > 0 {
        let need = (app.log[start - 1].text.chars().count() + 2)
            .div_ceil(width)
            .max(1);
        if rows + need > height {
            break;
        }
        rows += need;
        start -= 1;
    }
    let lines = app.log[start..end]
        .iter()
        .map(|l| {
            let (glyph, slot) = match l.kind {
                LogKind::Info => ("·", "text"),
                LogKind::Command => (">", "dim"),
                LogKind::Stop => ("■", "accent"),
                LogKind::Warning => ("!", "warning"),
                LogKind::Error => ("✗", "error"),
            };
            Line::from(vec![
                Span::styled(format!("{glyph} "), app.theme.style(slot)),
                Span::styled(l.text.clone(), app.theme.style(slot)),
            ])
        })
        .collect();
    let extra = if app.log_scroll > 0 {
        format!("{} lines below", app.log_scroll)
    } else {
        String::new()
    };
    render_wrapped(app, Pane::Log, &extra, lines, area, buf);
}
