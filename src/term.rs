//! The only module that touches the terminal: raw mode and the alternate screen (restored on
//! quit, on error and on panic through ratatui's hooks), the event loop, and crossterm keys
//! turned into the UI's own `Key`.

use crate::tui::app::App;
use crate::tui::keymap::{Key, KeyCode};
use crossterm::event::{self, Event, KeyEventKind, KeyModifiers};
use std::io;
use std::time::Duration;

/// Runs the interactive UI until the user quits. The terminal is restored in every case.
pub fn run(app: &mut App) -> io::Result<()> {
    app.interactive = true;
    // SIGTERM, SIGHUP and SIGINT end the loop like `q`, so the terminal is restored below.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    for sig in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(sig, stop.clone())?;
    }
    let mut terminal = ratatui::try_init()?;
    let result = event_loop(&mut terminal, app, &stop);
    ratatui::restore();
    result
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    stop: &std::sync::atomic::AtomicBool,
) -> io::Result<()> {
    loop {
        terminal.draw(|f| crate::tui::draw(app, f))?;
        if app.quit || stop.load(std::sync::atomic::Ordering::Relaxed) || terminal_gone() {
            return Ok(());
        }
        // While a command runs, look at the keyboard between slices without waiting. The
        // wait is on stdin itself: crossterm's own wait spins forever on the end of file of a
        // terminal that hung up, so it is only asked for events already there.
        let wait = if app.job.is_some() {
            Duration::ZERO
        } else {
            Duration::from_millis(250)
        };
        if terminal_gone() {
            return Ok(());
        }
        if event::poll(Duration::ZERO)? {
            match event::read()? {
                Event::Key(k) if k.kind != KeyEventKind::Release => {
                    if let Some(key) = convert(k.code, k.modifiers) {
                        app.handle_key(key);
                    }
                }
                // A resize simply redraws on the next turn.
                _ => {}
            }
        } else if !wait.is_zero() {
            wait_for_input(wait);
        }
        // Slices of a running command for up to 30 ms between two frames: the keyboard is
        // answered within that, and a fast command is not held back by drawing.
        let t0 = std::time::Instant::now();
        while app.tick() && t0.elapsed() < Duration::from_millis(30) {}
    }
}

/// Waits until stdin has input (or hangs up) or `wait` passes.
fn wait_for_input(wait: Duration) {
    #[cfg(unix)]
    {
        let mut p = libc::pollfd {
            fd: 0,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the process's stdin.
        unsafe { libc::poll(&mut p, 1, wait.as_millis().min(i32::MAX as u128) as i32) };
    }
    #[cfg(not(unix))]
    std::thread::sleep(wait.min(Duration::from_millis(20)));
}

/// Whether the terminal went away (its window or multiplexer closed without a SIGHUP reaching
/// us): stdin hung up. Reading it would then return end of file forever, and the loop would
/// spin instead of ending.
fn terminal_gone() -> bool {
    #[cfg(unix)]
    {
        let mut p = libc::pollfd {
            fd: 0,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the process's stdin; a zero timeout never blocks.
        let n = unsafe { libc::poll(&mut p, 1, 0) };
        if n > 0 && p.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            return true;
        }
    }
    false
}

fn convert(code: event::KeyCode, mods: KeyModifiers) -> Option<Key> {
    use event::KeyCode as C;
    let code = match code {
        C::Char(c) => KeyCode::Char(c),
        C::Enter => KeyCode::Enter,
        C::Esc => KeyCode::Esc,
        C::Tab => KeyCode::Tab,
        C::BackTab => KeyCode::BackTab,
        C::Backspace => KeyCode::Backspace,
        C::Delete => KeyCode::Delete,
        C::Up => KeyCode::Up,
        C::Down => KeyCode::Down,
        C::Left => KeyCode::Left,
        C::Right => KeyCode::Right,
        C::Home => KeyCode::Home,
        C::End => KeyCode::End,
        C::PageUp => KeyCode::PageUp,
        C::PageDown => KeyCode::PageDown,
        C::F(n) => KeyCode::F(n),
        _ => return None,
    };
    Some(Key {
        code,
        ctrl: mods.contains(KeyModifiers::CONTROL),
        alt: mods.contains(KeyModifiers::ALT),
    })
}
