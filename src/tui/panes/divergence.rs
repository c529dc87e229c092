//! Pane 6: how every other product would run the current instruction from this very state
//! (docs/semantics.md §9): one summary line per product first, so none is ever out of sight,
//! then the details (the elements that differ, the full rejection messages); scrollable when
//! focused. At an instruction the session's product rejects, it says which products accept it.

use crate::debug::divergence::Outcome;
use crate::tui::app::{App, Pane};
use crate::tui::panes::frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let mut lines = Vec::new();
    let mut details = Vec::new();
    let extra;
    if app.job.is_some() {
        lines.push(Line::from(Span::styled(
            "(as at the start of the running command; compared again when it stops)",
            t.style("dim"),
        )));
    }
    match &app.divergence {
        None => {
            extra = String::new();
            lines.push(Line::from(
                "no instruction to compare (the program has finished)",
            ));
        }
        Some(d) => {
            extra = format!("instruction {} vs {}", d.instruction, d.product);
            if let Some((code, message)) = &d.rejected_here {
                lines.push(Line::from(Span::styled(
                    format!("{:<18}✗ rejects it: {code}", d.product.key()),
                    t.style("error"),
                )));
                details.push(Line::from(Span::styled(
                    format!("{}: error[{code}]: {message}", d.product.key()),
                    t.style("error"),
                )));
            }
            for (p, o) in &d.others {
                let name = format!("{:<18}", p.key());
                let (summary, style) = match o {
                    Outcome::Same => ("= same result".to_string(), "ok"),
                    Outcome::Accepts => ("✓ accepts it".to_string(), "ok"),
                    Outcome::Rejected { code, message } => {
                        details.push(Line::from(Span::styled(
                            format!("{}: error[{code}]: {message}", p.key()),
                            t.style("error"),
                        )));
                        (format!("✗ rejects it: {code}"), "error")
                    }
                    Outcome::Differs { count, first } => {
                        let list: Vec<String> = first
                            .iter()
                            .map(|e| format!("{}[{}] {} → {}", e.tensor, e.index, e.here, e.there))
                            .collect();
                        let more = if *count > first.len() {
                            format!(" … +{}", count - first.len())
                        } else {
                            String::new()
                        };
                        details.push(Line::from(Span::styled(
                            format!("{}: {}{more}", p.key(), list.join(", ")),
                            t.style("warning"),
                        )));
                        let what = if *count == 1 {
                            "element differs"
                        } else {
                            "elements differ"
                        };
                        let first = list.first().cloned().unwrap_or_default();
                        (format!("≠ {count} {what}: {first}"), "warning")
                    }
                };
                lines.push(Line::from(vec![
                    Span::raw(name),
                    Span::styled(summary, t.style(style)),
                ]));
            }
        }
    }
    // Summary lines are never wrapped (one line each); the details below them are.
    let inner = area.width.saturating_sub(2) as usize;
    let mut all: Vec<Line<'static>> = lines
        .into_iter()
        .map(|l| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            if text.chars().count() > inner && inner > 1 {
                let style = l.spans.last().map(|s| s.style).unwrap_or_default();
                let cut: String = text.chars().take(inner - 1).collect();
                Line::from(Span::styled(format!("{cut}…"), style))
            } else {
                l
            }
        })
        .collect();
    if !details.is_empty() {
        all.push(Line::from(""));
        all.extend(details);
    }
    let scroll = if app.focus == Pane::Divergence {
        app.div_scroll as u16
    } else {
        0
    };
    let hint = if app.focus == Pane::Divergence {
        format!("{extra} · ↑↓ scroll")
    } else {
        extra
    };
    Paragraph::new(all)
        .style(t.style("text"))
        .block(frame(app, Pane::Divergence, &hint))
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .render(area, buf);
}
