//! The terminal UI: drawing is a pure function of the `App` (`draw`), so the same frames render
//! into ratatui's `TestBackend` for `replay --screen` and tests. Only `term.rs` touches the
//! terminal.

pub mod app;
pub mod keymap;
pub mod line;
pub mod panes;
pub mod theme;

use crate::base::diag::{Diagnostic, Span as DSpan};
use crate::tui::line::{parse_ui_line, UiLine};
use app::{App, Pane};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use ratatui::{Frame, Terminal};

/// Smallest terminal the UI draws into.
pub const MIN_W: u16 = 60;
pub const MIN_H: u16 = 16;
/// From this size on every pane is visible at once.
pub const WIDE_W: u16 = 150;
pub const WIDE_H: u16 = 40;

/// Draws the whole UI.
pub fn draw(app: &App, f: &mut Frame) {
    let area = f.area();
    draw_into(app, area, f.buffer_mut());
}

/// Draws the whole UI into `buf` within `area`.
pub fn draw_into(app: &App, area: Rect, buf: &mut Buffer) {
    if area.width < MIN_W || area.height < MIN_H {
        let msg = format!("terminal too small: ascstep needs at least {MIN_W}×{MIN_H}, this one is {}×{}. Enlarge it, or press q to quit.", area.width, area.height);
        Paragraph::new(msg)
            .wrap(Wrap { trim: true })
            .render(area, buf);
        return;
    }
    let [body, status] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    if area.width >= WIDE_W && area.height >= WIDE_H {
        let [top, mid, bottom] = Layout::vertical([
            Constraint::Length(14),
            Constraint::Fill(1),
            Constraint::Length(10),
        ])
        .areas(body);
        // A C++ kernel's source lines are longer than instructions.
        let cpp = app.session.origins().is_some();
        let [p, i, m] = Layout::horizontal([
            Constraint::Percentage(if cpp { 40 } else { 30 }),
            Constraint::Fill(1),
            Constraint::Length(42),
        ])
        .areas(top);
        let [u, t] =
            Layout::horizontal([Constraint::Percentage(62), Constraint::Fill(1)]).areas(mid);
        let [d, l] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Fill(1)]).areas(bottom);
        panes::program::render(app, p, buf);
        panes::inspector::render(app, i, buf);
        panes::mask::render(app, m, buf);
        panes::ub::render(app, u, buf);
        panes::tensors::render(app, t, buf);
        panes::divergence::render(app, d, buf);
        panes::log::render(app, l, buf);
    } else {
        // Tabbed: a tab line, the program beside the focused pane, a short log at the bottom.
        let [tabs, main, log] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(if area.height >= 22 { 5 } else { 0 }),
        ])
        .areas(body);
        let mut spans = Vec::new();
        for p in Pane::ALL {
            let st = if p == app.focus {
                app.theme.style("selection").patch(app.theme.style("title"))
            } else {
                app.theme.style("dim")
            };
            let (l, r) = if p == app.focus {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            spans.push(Span::styled(
                format!("{l}{} {}{r}", p.number(), p.title()),
                st,
            ));
        }
        Paragraph::new(Line::from(spans)).render(tabs, buf);
        // The program list stays on the left; the right shows the focused pane (the UB while
        // the program list itself has focus).
        let focus = if (app.focus == Pane::Log && log.height > 0) || app.focus == Pane::Program {
            Pane::Ub
        } else {
            app.focus
        };
        let [p, r] = Layout::horizontal([
            Constraint::Length((main.width / 3).max(24)),
            Constraint::Fill(1),
        ])
        .areas(main);
        panes::program::render(app, p, buf);
        {
            match focus {
                Pane::Inspector => panes::inspector::render(app, r, buf),
                Pane::Mask => panes::mask::render(app, r, buf),
                Pane::Tensors => panes::tensors::render(app, r, buf),
                Pane::Divergence => panes::divergence::render(app, r, buf),
                Pane::Log => panes::log::render(app, r, buf),
                _ => panes::ub::render(app, r, buf),
            }
        }
        if log.height > 0 {
            panes::log::render(app, log, buf);
        }
    }
    status_line(app, status, buf);
    if app.help {
        panes::help::render(app, body, buf);
    }
}

fn status_line(app: &App, area: Rect, buf: &mut Buffer) {
    let st = app.theme.style("status");
    if let Some(p) = &app.prompt {
        // The cursor is the character under it in reverse video (a block at the end).
        let cur = app.prompt_cursor.min(p.chars().count());
        let before: String = p.chars().take(cur).collect();
        let under: String = p.chars().nth(cur).map_or("█".into(), String::from);
        let after: String = p.chars().skip(cur + 1).collect();
        let line = Line::from(vec![
            Span::styled(format!(":{before}"), st),
            Span::styled(under, st.add_modifier(ratatui::style::Modifier::REVERSED)),
            Span::styled(after, st),
        ]);
        Paragraph::new(line).style(st).render(area, buf);
        return;
    }
    let s = &app.session;
    let m = s.machine();
    let pos = m.pos();
    let state = if let Some(p) = app.job_progress() {
        format!("running: {p} (Ctrl-C interrupts)")
    } else {
        match m.status() {
            crate::sim::Status::Running => "paused".into(),
            crate::sim::Status::Finished => "finished".into(),
            crate::sim::Status::Failed => "stopped by an error".into(),
        }
    };
    let name = s
        .program()
        .name
        .clone()
        .unwrap_or_else(|| s.program().path.display().to_string());
    let name = crate::base::diag::printable(&name);
    // Position and state first: on a narrow terminal the program's name is what is cut.
    let text = format!(
        " step {} · instr {} repeat {} block {} │ {state} │ {} │ ? help  : command  q quit │ {name}",
        m.step_count(),
        pos.instruction,
        pos.repeat,
        pos.block,
        s.product(),
    );
    Paragraph::new(text).style(st).render(area, buf);
}

/// The screen as text: one line per row, trailing spaces removed.
pub fn buffer_text(buf: &Buffer) -> String {
    let a = buf.area;
    let mut out = String::new();
    for y in a.y..a.y + a.height {
        let mut line = String::new();
        for x in a.x..a.x + a.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Renders the UI of `app` at `w`×`h` into a `TestBackend` and returns the screen text.
pub fn screen(app: &App, w: u16, h: u16) -> String {
    let mut term = match Terminal::new(TestBackend::new(w, h)) {
        Ok(t) => t,
        Err(e) => match e {},
    };
    if term.draw(|f| draw(app, f)).is_err() {
        return String::new();
    }
    buffer_text(term.backend().buffer())
}

/// Runs a script through the UI (commands and `key …` lines), as `replay --screen` does.
/// Returns the first bad line as a diagnostic.
pub fn run_script(app: &mut App, script: &str) -> Result<(), Diagnostic> {
    for (n, raw) in script.lines().enumerate() {
        let line = n as u32 + 1;
        match parse_ui_line(raw) {
            Ok(None) => {}
            Ok(Some(_)) if app.session.past_deadline() => {
                let col = crate::base::diag::first_word_col(raw);
                let late = crate::debug::script::late(&app.session);
                return Err(crate::debug::script::refusal(late, line, col));
            }
            Ok(Some(UiLine::Key(k, col))) => match keymap::Key::parse(&k) {
                Ok(key) => {
                    let before = app.log.len();
                    app.handle_key(key);
                    while app.tick() {}
                    if let Some(l) = app.log[before..]
                        .iter()
                        .find(|l| l.text.starts_with(crate::debug::session::TIMED_OUT))
                    {
                        return Err(crate::debug::script::refusal(l.text.clone(), line, col));
                    }
                }
                Err(e) => {
                    return Err(Diagnostic::error("bad-command", e).at(DSpan::new(line, col)));
                }
            },
            Ok(Some(UiLine::Engine(cmd))) => {
                let before = app.log.len();
                app.run_command(cmd, raw.split('#').next().unwrap_or("").trim());
                if let Some(l) = app.log[before..]
                    .iter()
                    .find(|l| l.kind == app::LogKind::Error && !l.text.contains("error["))
                {
                    let col = crate::base::diag::first_word_col(raw);
                    return Err(crate::debug::script::refusal(l.text.clone(), line, col));
                }
            }
            Err(e) => {
                return Err(Diagnostic::error("bad-command", e.message).at(DSpan::new(line, e.col)))
            }
        }
    }
    Ok(())
}
