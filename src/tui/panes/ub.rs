//! Pane 4: the UB, one row per 32-byte block with its address and owning tensor, typed (the
//! owner's dtype, or any type) or hex; uninitialised bytes as `·`/`..`; what the last step read
//! (`:`), wrote (`=`) and changed (`*`) marked by glyph and style. Only visible rows are built,
//! so a 256 KiB UB costs no more than a small one.

use crate::base::dtype::DType;
use crate::sim::plan::AccessKind;
use crate::tui::app::{App, Pane, UbFormat};
use crate::tui::panes::{fit, render_lines};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use std::collections::HashMap;

#[derive(Clone, Copy, Default)]
struct Mark {
    read: bool,
    written: bool,
    changed: bool,
}

/// Marks of the last event for bytes in `lo..hi`.
fn marks(app: &App, lo: u32, hi: u32) -> HashMap<u32, Mark> {
    let mut out: HashMap<u32, Mark> = HashMap::new();
    let Some(ev) = app.session.last_event() else {
        return out;
    };
    for a in &ev.accesses {
        let s = a.elem_size();
        for (i, &addr) in a.addrs.iter().enumerate() {
            if addr + s <= lo || addr >= hi {
                continue;
            }
            let r = i * s as usize..(i + 1) * s as usize;
            let changed =
                a.kind == AccessKind::Write && a.before.get(r.clone()) != a.after.get(r.clone());
            for x in addr..addr + s {
                let m = out.entry(x).or_default();
                match a.kind {
                    AccessKind::Read => m.read = true,
                    AccessKind::Write => m.written = true,
                }
                m.changed |= changed;
            }
        }
    }
    out
}

fn glyph(m: Option<&Mark>) -> (&'static str, &'static str) {
    match m {
        Some(m) if m.changed => ("*", "changed"),
        Some(m) if m.written => ("=", "write"),
        Some(m) if m.read => (":", "read"),
        _ => (" ", "text"),
    }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let m = app.session.machine();
    let ub = m.ub();
    let rows = ub.size() / 32;
    let height = area.height.saturating_sub(2) as u32;
    let top = app
        .ub_row
        .saturating_sub(height / 2)
        .min(rows.saturating_sub(height));
    let end = (top + height).min(rows);
    let marks = marks(app, top * 32, end * 32);
    let tensors = &app.session.program().tensors;
    let name_w = tensors
        .iter()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(3, 10);
    let avail = area.width.saturating_sub(2) as usize;
    let mut lines = Vec::new();
    for row in top..end {
        let a0 = row * 32;
        let owner = tensors
            .iter()
            .find(|t| (t.addr as u64) < a0 as u64 + 32 && t.end() > a0 as u64);
        let sel = row == app.ub_row;
        let head_style = if sel {
            t.style("selection")
        } else {
            t.style("dim")
        };
        let mut spans = vec![Span::styled(
            format!(
                "{}{a0:#07x} {:<name_w$} ",
                if sel { "▸" } else { " " },
                fit_left(owner.map_or("", |o| o.name.as_str()), name_w)
            ),
            head_style,
        )];
        let room = avail.saturating_sub(10 + name_w);
        match (app.ub_format, owner.map(|o| o.dtype)) {
            (UbFormat::Hex, _) | (UbFormat::Typed, None) => {
                let words: u32 = 8;
                let per = (room / words as usize).clamp(3, 9) - 1;
                for w in 0..words {
                    let wa = a0 + w * 4;
                    let (g, st) = glyph(
                        (wa..wa + 4)
                            .find_map(|x| marks.get(&x))
                            .as_ref()
                            .map(|m| *m),
                    );
                    let text: String = (wa..wa + 4)
                        .map(|x| {
                            if ub.is_init(x) {
                                format!("{:02x}", ub.bytes()[x as usize])
                            } else {
                                "..".into()
                            }
                        })
                        .collect();
                    let st = if (wa..wa + 4).all(|x| !ub.is_init(x)) {
                        "uninit"
                    } else {
                        st
                    };
                    spans.push(Span::styled(
                        format!("{}{g}", fit_left(&text, per)),
                        t.style(st),
                    ));
                }
            }
            (UbFormat::As(dt), _) | (UbFormat::Typed, Some(dt)) => {
                spans.extend(values(app, a0, dt, room, &marks));
            }
        }
        lines.push(Line::from(spans));
    }
    let fmt = match app.ub_format {
        UbFormat::Typed => "typed".to_string(),
        UbFormat::Hex => "hex".to_string(),
        UbFormat::As(d) => format!("as {d}"),
    };
    let extra = format!(
        "{fmt}{} · * changed = written : read · uninit",
        if app.ub_follow { " · following" } else { "" }
    );
    render_lines(app, Pane::Ub, &extra, lines, area, buf);
}

fn values(
    app: &App,
    a0: u32,
    dt: DType,
    room: usize,
    marks: &HashMap<u32, Mark>,
) -> Vec<Span<'static>> {
    let t = &app.theme;
    let ub = app.session.machine().ub();
    let s = dt.size();
    let n = 32 / s;
    let w = (room / n as usize).saturating_sub(1).max(2);
    (0..n)
        .map(|i| {
            let a = a0 + i * s;
            let (g, st) = glyph((a..a + s).find_map(|x| marks.get(&x)).as_ref().map(|m| *m));
            if !ub.all_init(a..a + s) {
                return Span::styled(
                    format!("{}{g}", fit("·", w)),
                    t.style(if g == " " { "uninit" } else { st }),
                );
            }
            let v = crate::base::dtype::value_text(Some(dt.decode(ub.slice(a..a + s))), dt);
            Span::styled(format!("{}{g}", fit(&v, w)), t.style(st))
        })
        .collect()
}

fn fit_left(s: &str, w: usize) -> String {
    let mut out: String = s.chars().take(w).collect();
    while out.chars().count() < w {
        out.push(' ');
    }
    out
}
