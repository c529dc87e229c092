//! Pane 4: the UB, one row per 32-byte block with its address and owning tensor, typed (the
//! owner's dtype, or any type) or hex; uninitialised bytes as `·`/`..`; what the last step read
//! (`:`), wrote (`=`) and changed (`*`) marked by glyph and style. Only visible rows are built,
//! so a 256 KiB UB costs no more than a small one.

use crate::base::text::value_short;
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
    let m = app.session.machine();
    let rows = m.ub().size() / 32;
    let height = area.height.saturating_sub(2) as usize;
    let marks = marks(app, 0, u32::MAX);
    let tensors = &app.session.program().tensors;
    let name_w = tensors
        .iter()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(3, 10);
    let avail = area.width.saturating_sub(2) as usize;
    // Free memory (no tensor, never written) between tensors is one line per run.
    let free = |row: u32| row != app.ub_row && is_free(app, row);
    // One cell width per tensor across the blocks that can be on screen, so its columns line
    // up from block to block.
    let sel = app.ub_row.min(rows.saturating_sub(1));
    // Up to a screen of blocks each way from the selection, skipping free memory: every block
    // the layout below can show.
    let mut cache: HashMap<u32, Cells> = HashMap::new();
    let mut widths: HashMap<Option<usize>, usize> = HashMap::new();
    let mut add = |r: u32| {
        let c = block_cells(app, r, &marks);
        let w = widths.entry(c.owner).or_insert(1);
        *w = (*w).max(c.width());
        cache.insert(r, c);
    };
    let (mut n, mut r) = (0, sel);
    while n <= height && r < rows {
        if !free(r) {
            add(r);
            n += 1;
        }
        r += 1;
    }
    let (mut n, mut r) = (0, sel);
    while n <= height && r > 0 {
        r -= 1;
        if !free(r) {
            add(r);
            n += 1;
        }
    }
    let block = |row: u32| {
        let c = cache
            .get(&row)
            .cloned()
            .unwrap_or_else(|| block_cells(app, row, &marks));
        let w = widths.get(&c.owner).copied().unwrap_or(1).max(c.width());
        block_lines(app, row, &c, w, name_w, avail)
    };
    let run_line = |lo: u32, hi: u32| {
        vec![Line::from(Span::styled(
            format!(
                " {:#07x}..{:#07x}  no tensor, uninitialised ({} blocks)",
                lo * 32,
                hi * 32,
                hi - lo
            ),
            app.theme.style("uninit"),
        ))]
    };
    // The selected block first, then blocks above it up to half the height, then below it;
    // what is left at the end of the UB goes to more blocks above.
    let mine = if rows == 0 { Vec::new() } else { block(sel) };
    let mut above: Vec<Vec<Line<'static>>> = Vec::new();
    let mut used = mine.len();
    let half = height.saturating_sub(mine.len()) / 2;
    // The unit ending just above `up`: (its lines, its first row).
    let unit_up = |up: u32| {
        let mut lo = up - 1;
        if free(lo) {
            while lo > 0 && free(lo - 1) {
                lo -= 1;
            }
            (run_line(lo, up), lo)
        } else {
            (block(lo), lo)
        }
    };
    let mut up = sel;
    while up > 0 {
        let (l, lo) = unit_up(up);
        if used - mine.len() + l.len() > half {
            break;
        }
        used += l.len();
        above.push(l);
        up = lo;
    }
    let mut below = Vec::new();
    let mut down = sel + 1;
    while down < rows && used < height {
        let (l, next) = if free(down) {
            let mut hi = down + 1;
            while hi < rows && free(hi) {
                hi += 1;
            }
            (run_line(down, hi), hi)
        } else {
            (block(down), down + 1)
        };
        used += l.len();
        below.extend(l);
        down = next;
    }
    while up > 0 && used < height {
        let (l, lo) = unit_up(up);
        if used + l.len() > height {
            break;
        }
        used += l.len();
        above.push(l);
        up = lo;
    }
    let mut lines: Vec<Line<'static>> = above.into_iter().rev().flatten().collect();
    lines.extend(mine);
    lines.extend(below);
    let fmt = match app.ub_format {
        UbFormat::Typed => "typed".to_string(),
        UbFormat::Hex => "hex".to_string(),
        UbFormat::As(d) => format!("as {d}"),
    };
    // A program on several cores shows the running core's UB (docs/semantics.md §20).
    let m = app.session.machine();
    let core = if m.core() != 0 || m.ub().cores_held() > 1 {
        format!("core {} · ", m.core())
    } else {
        String::new()
    };
    let extra = format!(
        "{core}{fmt}{} · * changed = written : read · uninit",
        if app.ub_follow { " · following" } else { "" }
    );
    render_lines(app, Pane::Ub, &extra, lines, area, buf);
}

/// One 32-byte block as one or more lines: its address and owner, then its elements, wrapped
/// onto as many lines as the width needs (never cut).
/// One block's elements as text (value order) with their styles, and the tensor owning it.
#[derive(Clone)]
struct Cells {
    owner: Option<usize>,
    cells: Vec<(String, &'static str)>,
}

impl Cells {
    fn width(&self) -> usize {
        self.cells
            .iter()
            .map(|c| c.0.chars().count())
            .max()
            .unwrap_or(1)
    }
}

fn block_cells(app: &App, row: u32, marks: &HashMap<u32, Mark>) -> Cells {
    let ub = app.session.machine().ub();
    let a0 = row * 32;
    let tensors = &app.session.program().tensors;
    let owner_i = tensors
        .iter()
        .position(|t| !t.is_gm() && (t.addr as u64) < a0 as u64 + 32 && t.end() > a0 as u64);
    let owner = owner_i.map(|i| &tensors[i]);
    // Each element's text and style, in value order.
    let (size, typed) = match (app.ub_format, owner.map(|o| o.dtype)) {
        (UbFormat::Hex, Some(d)) => (d.size(), None),
        (UbFormat::Hex, None) | (UbFormat::Typed, None) => (1, None),
        (UbFormat::As(d), _) | (UbFormat::Typed, Some(d)) => (d.size(), Some(d)),
    };
    let cells: Vec<(String, &'static str)> = (0..32 / size)
        .map(|i| {
            let a = a0 + i * size;
            let (g, st) = glyph((a..a + size).find_map(|x| marks.get(&x)));
            let init = ub.all_init(a..a + size);
            let text = match typed {
                // int4b_t: the byte's two elements, low nibble (element 2i) first.
                Some(d) if init && d.is_nibble() => {
                    let b = ub.slice(a..a + 1)[0];
                    let n = crate::base::dtype::nibble;
                    format!("{},{}", n(b, false), n(b, true))
                }
                Some(d) if init => value_short(Some(d.decode(ub.slice(a..a + size))), d, 4),
                Some(_) => "·".into(),
                // Hex in value order: the element's bytes most significant first.
                None => (a..a + size)
                    .rev()
                    .map(|x| match ub.is_init(x).then(|| ub.slice(x..x + 1)) {
                        Some(&[b]) => format!("{b:02x}"),
                        _ => "..".into(),
                    })
                    .collect(),
            };
            let st = if !init && g == " " { "uninit" } else { st };
            (format!("{text}{g}"), st)
        })
        .collect();
    Cells {
        owner: owner_i,
        cells,
    }
}

/// A block's cells `w` columns each, after its address and owner, wrapped onto as many lines
/// as the width needs (never cut).
fn block_lines(
    app: &App,
    row: u32,
    c: &Cells,
    w: usize,
    name_w: usize,
    avail: usize,
) -> Vec<Line<'static>> {
    let t = &app.theme;
    let a0 = row * 32;
    let owner = c.owner.map(|i| &app.session.program().tensors[i]);
    let sel = row == app.ub_row;
    let head_style = if sel {
        t.style("selection")
    } else {
        t.style("dim")
    };
    let head = format!(
        "{}{a0:#07x} {:<name_w$} ",
        if sel { "▸" } else { " " },
        fit_left(owner.map_or("", |o| o.name.as_str()), name_w)
    );
    let head_w = head.chars().count();
    let cells = &c.cells;
    let room = avail.saturating_sub(head_w).max(w + 1);
    let per = (room / (w + 1)).max(1);
    let n_lines = cells.len().div_ceil(per);
    let per = cells.len().div_ceil(n_lines.max(1));
    cells
        .chunks(per)
        .enumerate()
        .map(|(k, chunk)| {
            let lead = if k == 0 {
                head.clone()
            } else {
                " ".repeat(head_w)
            };
            let mut spans = vec![Span::styled(lead, head_style)];
            for (text, st) in chunk {
                spans.push(Span::styled(format!(" {}", fit(text, w)), t.style(st)));
            }
            Line::from(spans)
        })
        .collect()
}

/// A block no tensor owns and nothing has initialised.
fn is_free(app: &App, row: u32) -> bool {
    let a0 = row * 32;
    let owned = app
        .session
        .program()
        .tensors
        .iter()
        .any(|t| !t.is_gm() && (t.addr as u64) < a0 as u64 + 32 && t.end() > a0 as u64);
    let ub = app.session.machine().ub();
    !owned && (a0..a0 + 32).all(|x| !ub.is_init(x))
}

fn fit_left(s: &str, w: usize) -> String {
    let mut out: String = s.chars().take(w).collect();
    while out.chars().count() < w {
        out.push(' ');
    }
    out
}
