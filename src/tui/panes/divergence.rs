//! Pane 6: how every other product would run the current instruction from this very state:
//! the same, the elements it would leave different, or why it would reject it (docs/semantics.md §9).

use crate::debug::divergence::Outcome;
use crate::tui::app::{App, Pane};
use crate::tui::panes::render_wrapped;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let mut lines = Vec::new();
    let extra;
    match &app.divergence {
        None => {
            extra = String::new();
            lines.push(Line::from(
                "no instruction to compare (the program has stopped)",
            ));
        }
        Some(d) => {
            extra = format!("instruction {} vs {}", d.instruction, d.product);
            for (p, o) in &d.others {
                let name = format!("{:<18}", p.key());
                match o {
                    Outcome::Same => lines.push(Line::from(vec![
                        Span::raw(name),
                        Span::styled("= same result", t.style("ok")),
                    ])),
                    Outcome::Rejected { code, message } => lines.push(Line::from(vec![
                        Span::raw(name),
                        Span::styled(
                            format!("✗ rejects it: error[{code}]: {message}"),
                            t.style("error"),
                        ),
                    ])),
                    Outcome::RejectedHere { code, .. } => lines.push(Line::from(vec![
                        Span::raw(name),
                        Span::styled(
                            format!("(not compared: {} rejects it with {code})", d.product),
                            t.style("dim"),
                        ),
                    ])),
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
                        lines.push(Line::from(vec![
                            Span::raw(name),
                            Span::styled(
                                format!(
                                    "≠ {count} element{}: {}{more}",
                                    if *count == 1 { " differs" } else { "s differ" },
                                    list.join(", ")
                                ),
                                t.style("warning"),
                            ),
                        ]));
                    }
                }
            }
        }
    }
    render_wrapped(app, Pane::Divergence, &extra, lines, area, buf);
}
