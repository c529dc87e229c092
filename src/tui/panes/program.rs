//! Pane 1: the instruction list with the current instruction (▶), the cursor, breakpoints (●,
//! ○ disabled) and the current repeat and block in the title. A recorded C++ kernel shows its
//! C++ source instead (docs/format.md §12.4): the file around the selected call, the current
//! line (▶) with the instruction made there beneath it, and the repeat, block and launch
//! block in the title.

use crate::base::ir::Origins;
use crate::debug::session::PointKind;
use crate::tui::app::{App, Pane};
use crate::tui::panes::{render_lines, source_line};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// Where the machine is, for the title.
fn status_text(app: &App) -> String {
    let m = app.session.machine();
    let pos = m.pos();
    // Before an instruction starts, its plan as it will run.
    let plan = app.plan();
    match (
        m.status(),
        plan.as_ref().as_ref().ok().and_then(Option::as_ref),
    ) {
        (crate::sim::Status::Finished, _) => "finished".to_string(),
        (crate::sim::Status::Failed, _) => format!("stopped by an error at {}", pos.instruction),
        // The scalar unit's instructions and NOPs take one step.
        (_, Some(p)) if p.repeats == 0 => format!("instr {} · one step", pos.instruction),
        (_, Some(p)) => format!(
            "instr {} · repeat {}/{} · block {}/8",
            pos.instruction, pos.repeat, p.repeats, pos.block
        ),
        _ => format!("instr {} · not started", pos.instruction),
    }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if let Some(o) = app.session.origins() {
        if !o.sites.is_empty() {
            return render_source(app, o, area, buf);
        }
    }
    let s = &app.session;
    let m = s.machine();
    let pos = m.pos();
    let n = s.program().code.len();
    let extra = status_text(app);
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

/// The breakpoint glyph of source line `line` of file `file`: ● when an enabled breakpoint
/// (on the line, or on an instruction called there) stops there, ○ when only disabled ones.
fn line_glyph(app: &App, o: &Origins, file: u32, line: u32) -> &'static str {
    let here = |i: u32| {
        o.sites
            .get(i as usize)
            .is_some_and(|s| s.file == file && s.line == line)
    };
    let mut glyph = " ";
    for b in app.session.breakpoints() {
        let hit = match &b.kind {
            PointKind::Instr { instruction, .. } => here(*instruction),
            PointKind::Line { instrs, .. } => instrs.iter().any(|&i| here(i)),
            _ => false,
        };
        if hit {
            if b.enabled {
                return "●";
            }
            glyph = "○";
        }
    }
    glyph
}

fn render_source(app: &App, o: &Origins, area: Rect, buf: &mut Buffer) {
    let s = &app.session;
    let m = s.machine();
    let n = o.sites.len();
    let finished = m.status() == crate::sim::Status::Finished;
    let cur = (m.pos().instruction as usize).min(n - 1);
    let sel = app.selected_instr.min(n - 1);
    let site = o.sites[sel];
    let file = &o.files[site.file as usize];
    let extra = format!(
        "{}:{} · launch block {} · {}",
        file.name(),
        site.line,
        o.sites[cur].block,
        o.function(&site),
    );
    let text: Vec<&str> = file.text.lines().collect();
    let height = area.height.saturating_sub(2) as usize;
    // The lines shown: the selected call's line in the middle; one row goes to the
    // instruction beneath the current line.
    let rows = height.saturating_sub(1).max(1);
    let total = text.len().max(site.line as usize);
    let first = (site.line as usize)
        .saturating_sub(rows / 2)
        .max(1)
        .min(total.saturating_sub(rows).max(1));
    let cur_site = o.sites[cur];
    let last = (first + rows - 1).min(total);
    let shown: Vec<String> = (first..=last)
        .map(|l| {
            text.get(l - 1)
                .map_or(String::new(), |t| t.replace('\t', "    "))
        })
        .collect();
    // The window's common indentation is left out: the pane is narrow.
    let indent = shown
        .iter()
        .filter(|t| !t.trim().is_empty())
        .map(|t| t.len() - t.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    let mut lines = Vec::new();
    for l in first..=last {
        let current = !finished && cur_site.file == site.file && cur_site.line as usize == l;
        let selected = sel != cur && site.line as usize == l;
        let mut style = app.theme.style("text");
        if current {
            style = app.theme.style("current");
        }
        if selected && app.focus == Pane::Program {
            style = style.patch(app.theme.style("selection"));
        }
        let src = &shown[l - first];
        let src = crate::base::diag::printable(src.get(indent..).unwrap_or("")).into_owned();
        lines.push(Line::from(vec![
            Span::styled(
                line_glyph(app, o, site.file, l as u32).to_string(),
                app.theme.style("breakpoint"),
            ),
            Span::styled(
                format!("{}{l:>4} {src}", if current { "▶" } else { " " }),
                style,
            ),
        ]));
        // Beneath the current line, where the machine is; beneath the selected one, the
        // instruction selected.
        if current {
            lines.push(Line::from(Span::styled(
                format!("      └ {}", status_text(app)),
                app.theme.style("current"),
            )));
        } else if selected {
            let call = o.calls.get(sel).map_or("", |c| &**c);
            lines.push(Line::from(Span::styled(
                format!("      └ {sel} {call}"),
                app.theme.style("dim"),
            )));
        }
    }
    render_lines(app, Pane::Program, &extra, lines, area, buf);
}
