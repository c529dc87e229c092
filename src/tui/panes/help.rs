//! The help overlay (`?`): every key binding, grouped, and the highlight legend.

use crate::tui::app::App;
use crate::tui::keymap::Action;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let w = area.width.saturating_sub(4).min(96);
    let h = area.height.saturating_sub(2).min(30);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    Clear.render(r, buf);
    let keys_for = |pred: &dyn Fn(&Action) -> bool| -> String {
        let ks: Vec<String> = app
            .keymap
            .bindings
            .iter()
            .filter(|(_, a)| pred(a))
            .map(|(k, a)| format!("{k} {}", a.describe()))
            .collect();
        ks.join("   ")
    };
    let lines = vec![
        Line::from("Stepping (lower case forward, upper case back):"),
        Line::from(format!("  {}", keys_for(&|a| matches!(a, Action::Command(_))))),
        Line::from(""),
        Line::from("Moving around:"),
        Line::from(format!("  {}", keys_for(&|a| matches!(a, Action::Up | Action::Down | Action::PageUp | Action::PageDown | Action::Top | Action::Bottom | Action::FocusNext | Action::FocusPrev | Action::Focus(_))))),
        Line::from(""),
        Line::from("Acting:"),
        Line::from(format!("  {}", keys_for(&|a| matches!(a, Action::GotoPrompt | Action::ToggleBreakpoint | Action::WatchSelected | Action::NextProduct | Action::ProductPicker | Action::Prompt | Action::ToggleHex | Action::CycleType | Action::Follow | Action::Interrupt | Action::Quit | Action::Help | Action::Close)))),
        Line::from(""),
        Line::from("Marks: ▶ current  ● breakpoint (○ disabled)  * changed  = written  : read  · uninitialised"),
        Line::from("       ■ active lane  · masked lane  ▸ current block  ! overlap"),
        Line::from(":  opens the command prompt (step, back, continue, goto, break, watch, break-if, print, x, where, last-writer, product …; see docs/commands.md)."),
        Line::from("   gdb's short names work (s, n, c, b 3, p x, i b, rc) and so does any unique prefix (cont, rev, del)."),
        Line::from("   At the prompt: Left/Right/Home/End, Ctrl-A/E move; Backspace/Del, Ctrl-U/W delete; Tab completes"),
        Line::from("   commands, tensors and scalars; Up/Down recall history; Esc cancels."),
        Line::from(""),
        Line::from("This help: ↑↓ j k PgUp PgDn scroll; Esc, q or ? close it."),
    ];
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((app.help_scroll as u16, 0))
        .style(app.theme.style("text"))
        .block(
            Block::bordered()
                .title(" keys — ↑↓ scroll · Esc closes ")
                .border_style(app.theme.style("border_focus")),
        )
        .render(r, buf);
}
