//! One file per pane. Each `render` draws an `&App` into a buffer area; nothing here changes
//! state or touches the terminal.

pub mod divergence;
pub mod help;
pub mod inspector;
pub mod log;
pub mod mask;
pub mod program;
pub mod tensors;
pub mod ub;

use crate::tui::app::{App, Pane};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

/// The bordered frame of a pane: "N title", brighter when focused.
pub fn frame(app: &App, pane: Pane, extra: &str) -> Block<'static> {
    let focused = app.focus == pane;
    let border = app
        .theme
        .style(if focused { "border_focus" } else { "border" });
    let mark = if focused { "▶" } else { " " };
    let title = format!(
        "{mark}{} {}{}{} ",
        pane.number(),
        pane.title(),
        if extra.is_empty() { "" } else { " — " },
        extra
    );
    Block::bordered()
        .border_style(border)
        .title(Line::from(Span::styled(title, app.theme.style("title"))))
}

/// Renders lines inside a pane frame.
pub fn render_lines(
    app: &App,
    pane: Pane,
    extra: &str,
    lines: Vec<Line<'static>>,
    area: Rect,
    buf: &mut Buffer,
) {
    paragraph(app, pane, extra, lines).render(area, buf);
}

/// Renders lines inside a pane frame, wrapping long lines.
pub fn render_wrapped(
    app: &App,
    pane: Pane,
    extra: &str,
    lines: Vec<Line<'static>>,
    area: Rect,
    buf: &mut Buffer,
) {
    paragraph(app, pane, extra, lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .render(area, buf);
}

fn paragraph(app: &App, pane: Pane, extra: &str, lines: Vec<Line<'static>>) -> Paragraph<'static> {
    Paragraph::new(lines)
        .style(app.theme.style("text"))
        .block(frame(app, pane, extra))
}

/// `s` padded or shortened to exactly `w` characters (right-aligned numbers).
pub fn fit(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n <= w {
        format!("{}{s}", " ".repeat(w - n))
    } else if w == 0 {
        String::new()
    } else {
        // Numbers in exponent form first; otherwise cut with an ellipsis.
        if let Ok(v) = s.parse::<f64>() {
            for prec in (0..6).rev() {
                let e = format!("{v:.prec$e}");
                if e.chars().count() <= w {
                    return fit(&e, w);
                }
            }
        }
        let mut t: String = s.chars().take(w - 1).collect();
        t.push('…');
        t
    }
}

/// The first source line of instruction `i`, trimmed.
pub fn source_line(app: &App, i: usize) -> String {
    let p = app.session.program();
    let Some(ins) = p.code.get(i) else {
        return String::new();
    };
    // A recorded kernel's instruction: its C++ call, in whichever file it is.
    let (text, line, col) = match p.origins.as_ref().and_then(|o| {
        let s = o.sites.get(i)?;
        Some((o.files.get(s.file as usize)?.text.clone(), s.line, s.col))
    }) {
        Some(site) => site,
        None => (p.source.clone(), ins.span.line, ins.span.col),
    };
    text.lines()
        .nth(line.saturating_sub(1) as usize)
        .map(|l| {
            let col = col.saturating_sub(1) as usize;
            let l = crate::base::diag::printable(l);
            l.chars()
                .skip(col)
                .collect::<String>()
                .trim()
                .trim_end_matches(',')
                .to_string()
        })
        .unwrap_or_else(|| ins.op.name().to_string())
}
