//! The UI's state over a `Session`: focus, selections, scroll, prompt, log, theme and keymap,
//! and what each key does. Drawing reads an `App` and never changes it; only `term.rs` talks to
//! the terminal, so the same `App` can be driven by a replay script and rendered headless.

use crate::base::dtype::DType;
use crate::debug::command::{Command, WatchKind, WatchTarget};
use crate::debug::divergence::{self, Divergence};
use crate::debug::{Job, JobProgress, Session, Stop};
use crate::sim::plan::{AccessKind, Plan};
use crate::sim::{Product, Status};
use crate::tui::keymap::{Action, Key, KeyCode, Keymap};
use crate::tui::line::{parse_ui_line, UiLine};
use crate::tui::theme::Theme;
use std::rc::Rc;

/// The seven panes, numbered as the number keys that focus them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pane {
    Program = 1,
    Inspector,
    Mask,
    Ub,
    Tensors,
    Divergence,
    Log,
}

impl Pane {
    pub const ALL: [Pane; 7] = [
        Pane::Program,
        Pane::Inspector,
        Pane::Mask,
        Pane::Ub,
        Pane::Tensors,
        Pane::Divergence,
        Pane::Log,
    ];
    pub fn number(self) -> u8 {
        self as u8
    }
    pub fn title(self) -> &'static str {
        match self {
            Pane::Program => "program",
            Pane::Inspector => "inspector",
            Pane::Mask => "mask",
            Pane::Ub => "UB",
            Pane::Tensors => "tensors",
            Pane::Divergence => "divergence",
            Pane::Log => "log",
        }
    }
    fn from_number(n: u8) -> Option<Pane> {
        Pane::ALL.into_iter().find(|p| p.number() == n)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogKind {
    Info,
    Command,
    Stop,
    Warning,
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub kind: LogKind,
    pub text: String,
}

/// How the UB pane shows bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UbFormat {
    /// Each block in the dtype of the tensor that owns it.
    Typed,
    Hex,
    As(DType),
}

/// Types `t` cycles through in the UB pane.
const CYCLE: [DType; 6] = [
    DType::Half,
    DType::Float,
    DType::Int16,
    DType::Int32,
    DType::UInt8,
    DType::BFloat16,
];

/// Block steps a `continue` runs between two looks at the keyboard.
pub const CONTINUE_SLICE: u64 = 20_000;

pub struct App {
    pub session: Session,
    pub theme: Theme,
    pub keymap: Keymap,
    pub focus: Pane,
    pub selected_instr: usize,
    /// Selected 32-byte UB block.
    pub ub_row: u32,
    /// The UB pane follows what the last step touched.
    pub ub_follow: bool,
    pub ub_format: UbFormat,
    /// The element cursor is in use (the user moved it): the pane keeps it in view.
    pub tensor_cursor_on: bool,
    /// The tensors pane's element cursor: (tensor, element); `w` watches it there.
    pub tensor_cursor: (usize, u32),
    /// Lines scrolled down in the divergence pane.
    pub div_scroll: usize,
    /// Lines scrolled up from the end of the log.
    pub log_scroll: usize,
    pub log: Vec<LogLine>,
    pub prompt: Option<String>,
    /// The prompt's cursor, in characters.
    pub prompt_cursor: usize,
    /// The command being run was typed at the prompt (so it is echoed to the log).
    typed: bool,
    /// `key` lines being carried out inside each other.
    key_depth: u8,
    pub history: Vec<String>,
    history_pos: Option<usize>,
    pub help: bool,
    /// Lines the help overlay is scrolled down.
    pub help_scroll: usize,
    pub quit: bool,
    /// A multi-step command running in slices (interactive mode only).
    pub job: Option<Job>,
    /// Interactive: multi-step commands run in slices so Ctrl-C can interrupt them.
    pub interactive: bool,
    pub divergence: Option<Divergence>,
    div_key: Option<(u32, u64, Product)>,
    diag_seen: usize,
    /// The plan of the instruction at the current step, prepared once for all the panes of a
    /// frame: (step, product) and the plan (`App::plan`).
    plan_memo: std::cell::RefCell<Option<PlanMemo>>,
}

type PlanMemo = ((u64, Product), Rc<Result<Option<Plan>, String>>);

impl App {
    /// The plan of the instruction at the current step (`Session::plan_preview`), prepared
    /// once per position: every pane of a frame shares it.
    pub fn plan(&self) -> Rc<Result<Option<Plan>, String>> {
        let key = (self.session.step_count(), self.session.product());
        let mut memo = self.plan_memo.borrow_mut();
        match &*memo {
            Some((k, p)) if *k == key => p.clone(),
            _ => {
                let p = Rc::new(self.session.plan_preview());
                *memo = Some((key, p.clone()));
                p
            }
        }
    }

    pub fn new(session: Session, theme: Theme, keymap: Keymap) -> App {
        let mut app = App {
            session,
            theme,
            keymap,
            focus: Pane::Program,
            selected_instr: 0,
            ub_row: 0,
            ub_follow: true,
            ub_format: UbFormat::Typed,
            tensor_cursor_on: false,
            tensor_cursor: (0, 0),
            div_scroll: 0,
            log_scroll: 0,
            log: Vec::new(),
            prompt: None,
            prompt_cursor: 0,
            typed: false,
            key_depth: 0,
            history: Vec::new(),
            history_pos: None,
            help: false,
            help_scroll: 0,
            quit: false,
            job: None,
            interactive: false,
            divergence: None,
            div_key: None,
            diag_seen: 0,
            plan_memo: Default::default(),
        };
        let p = app.session.program().clone();
        app.log(
            LogKind::Info,
            format!(
                "{} on {} — press ? for help",
                p.name.as_deref().unwrap_or(&p.path.display().to_string()),
                app.session.product()
            ),
        );
        if let Some(t) = p.tensors.first() {
            app.ub_row = t.addr / 32;
        }
        app.after_change();
        app
    }

    pub fn log(&mut self, kind: LogKind, text: String) {
        // Names and messages from files reach the terminal: control characters escaped.
        let text = crate::base::diag::printable(&text).into_owned();
        self.log.push(LogLine { kind, text });
        self.log_scroll = 0;
    }

    /// Handles one key press.
    pub fn handle_key(&mut self, k: Key) {
        if self.help {
            // The help scrolls; Esc, q and ? close it.
            match (k.code, self.keymap.action(k)) {
                (KeyCode::Esc, _) | (KeyCode::Char('q' | '?'), _) => {
                    self.help = false;
                    self.help_scroll = 0;
                }
                (_, Some(Action::Down)) => self.help_scroll += 1,
                (_, Some(Action::Up)) => self.help_scroll = self.help_scroll.saturating_sub(1),
                (_, Some(Action::PageDown)) => self.help_scroll += 10,
                (_, Some(Action::PageUp)) => self.help_scroll = self.help_scroll.saturating_sub(10),
                _ => {}
            }
            self.help_scroll = self.help_scroll.min(60);
            return;
        }
        if self.prompt.is_some() {
            self.prompt_key(k);
            return;
        }
        match self.keymap.action(k).cloned() {
            Some(a) => self.act(a),
            None => {
                if self.job.is_some() {
                    return;
                }
                self.log(
                    LogKind::Warning,
                    format!("key {k} does nothing here (press ? for the keys)"),
                );
            }
        }
    }

    fn prompt_key(&mut self, k: Key) {
        let Some(p) = self.prompt.as_mut() else {
            return;
        };
        // The cursor is a character index; `at` turns it into a byte index.
        let n = p.chars().count();
        let cur = self.prompt_cursor.min(n);
        let at = |p: &str, c: usize| p.char_indices().nth(c).map_or(p.len(), |(i, _)| i);
        match k.code {
            KeyCode::Esc => self.prompt = None,
            KeyCode::Char('c') if k.ctrl => self.prompt = None,
            KeyCode::Enter => {
                let line = std::mem::take(p);
                self.prompt = None;
                if !line.trim().is_empty() {
                    self.history.push(line.clone());
                }
                self.history_pos = None;
                self.typed = true;
                self.run_line(&line);
                self.typed = false;
            }
            KeyCode::Backspace if cur > 0 => {
                let i = at(p, cur - 1);
                p.remove(i);
                self.prompt_cursor = cur - 1;
            }
            KeyCode::Delete if cur < n => {
                let i = at(p, cur);
                p.remove(i);
            }
            KeyCode::Left => self.prompt_cursor = cur.saturating_sub(1),
            KeyCode::Right => self.prompt_cursor = (cur + 1).min(n),
            KeyCode::Home => self.prompt_cursor = 0,
            KeyCode::End => self.prompt_cursor = n,
            KeyCode::Char('a') if k.ctrl => self.prompt_cursor = 0,
            KeyCode::Char('e') if k.ctrl => self.prompt_cursor = n,
            KeyCode::Char('u') if k.ctrl => {
                let i = at(p, cur);
                p.replace_range(..i, "");
                self.prompt_cursor = 0;
            }
            KeyCode::Char('w') if k.ctrl => {
                // The word before the cursor and the spaces after it.
                let i = at(p, cur);
                let head = p[..i].trim_end();
                let start = head.rfind(char::is_whitespace).map_or(0, |j| j + 1);
                let removed = p[start..i].chars().count();
                p.replace_range(start..i, "");
                self.prompt_cursor = cur - removed;
            }
            KeyCode::Tab => {
                let i = at(p, cur);
                let program = self.session.program();
                let names: Vec<&str> = program
                    .tensors
                    .iter()
                    .map(|t| t.name.as_str())
                    .chain(program.scalars.iter().map(|s| s.name.as_str()))
                    .collect();
                let (start, cands) = crate::debug::command::complete(&p[..i], &names);
                let fill = match cands.as_slice() {
                    [] => None,
                    [one] => Some(format!("{one} ")),
                    many => Some(crate::debug::command::common_prefix(many)),
                };
                if let Some(f) = fill {
                    p.replace_range(start..i, &f);
                    self.prompt_cursor = p[..start + f.len()].chars().count();
                }
                if cands.len() > 1 {
                    let list = cands.join("  ");
                    self.log(LogKind::Info, list);
                }
            }
            KeyCode::Up | KeyCode::Down => {
                if self.history.is_empty() {
                    return;
                }
                let n = self.history.len();
                let pos = match (self.history_pos, k.code) {
                    (None, KeyCode::Up) => Some(n - 1),
                    (Some(i), KeyCode::Up) => Some(i.saturating_sub(1)),
                    (Some(i), KeyCode::Down) if i + 1 < n => Some(i + 1),
                    _ => None,
                };
                self.history_pos = pos;
                *p = pos.map(|i| self.history[i].clone()).unwrap_or_default();
                self.prompt_cursor = p.chars().count();
            }
            KeyCode::Char(c) if !k.ctrl && !k.alt => {
                let i = at(p, cur);
                p.insert(i, c);
                self.prompt_cursor = cur + 1;
            }
            _ => {}
        }
    }

    /// Carries out a UI action.
    pub fn act(&mut self, a: Action) {
        match a {
            Action::Command(line) => self.run_line(&line),
            Action::Quit => self.quit = true,
            Action::Help => self.help = true,
            Action::Close => {
                self.help = false;
                self.prompt = None;
            }
            Action::Prompt => {
                self.prompt = Some(String::new());
                self.prompt_cursor = 0;
            }
            Action::GotoPrompt => {
                self.prompt = Some("goto ".into());
                self.prompt_cursor = 5;
            }
            Action::Interrupt => {
                if let Some(job) = self.job.take() {
                    self.session.abandon(job);
                    let s = self.session.step_count();
                    self.log(LogKind::Stop, format!("interrupted at step {s}"));
                    self.after_change();
                }
            }
            Action::ToggleBreakpoint => {
                let i = self.selected_instr as u32;
                match self.session.toggle_breakpoint(i) {
                    Ok(Some(id)) => {
                        self.log(LogKind::Info, format!("breakpoint {id} at instruction {i}"))
                    }
                    Ok(None) => self.log(
                        LogKind::Info,
                        format!("breakpoint at instruction {i} removed"),
                    ),
                    Err(e) => self.log(LogKind::Error, e),
                }
            }
            Action::WatchSelected if self.focus == Pane::Tensors => {
                let (ti, i) = self.tensor_cursor;
                let Some(name) = self
                    .session
                    .program()
                    .tensors
                    .get(ti)
                    .map(|t| t.name.clone())
                else {
                    return;
                };
                let t = WatchTarget::Elements {
                    tensor: name.clone(),
                    start: i,
                    end: i + 1,
                };
                match self.session.watch(&t, WatchKind::Any) {
                    Ok(id) => self.log(
                        LogKind::Info,
                        format!("watchpoint {id} on {name}[{i}] (read or write)"),
                    ),
                    Err(e) => self.log(LogKind::Error, e),
                }
            }
            Action::WatchSelected => {
                let start = self.ub_row * 32;
                let t = WatchTarget::Bytes {
                    start,
                    end: start + 32,
                };
                match self.session.watch(&t, WatchKind::Any) {
                    Ok(id) => self.log(
                        LogKind::Info,
                        format!(
                            "watchpoint {id} on UB {start:#x}..{:#x} (read or write)",
                            start + 32
                        ),
                    ),
                    Err(e) => self.log(LogKind::Error, e),
                }
            }
            Action::NextProduct => {
                let all = Product::ALL;
                let i = all
                    .iter()
                    .position(|p| *p == self.session.product())
                    .unwrap_or(0);
                let next = all[(i + 1) % all.len()];
                // At the same step on the next product (docs/commands.md `product`).
                self.run_command(Command::Product(next), &format!("product {}", next.key()));
            }
            Action::ProductPicker => {
                let cur = self.session.product();
                let list: Vec<String> = Product::ALL
                    .iter()
                    .map(|p| {
                        if *p == cur {
                            format!("[{}]", p.key())
                        } else {
                            p.key().to_string()
                        }
                    })
                    .collect();
                self.log(
                    LogKind::Info,
                    format!("products: {} (Tab completes)", list.join("  ")),
                );
                self.prompt = Some("product ".into());
                self.prompt_cursor = 8;
            }
            Action::FocusNext | Action::FocusPrev => {
                let i = Pane::ALL.iter().position(|p| *p == self.focus).unwrap_or(0);
                let n = Pane::ALL.len();
                let j = if a == Action::FocusNext {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                };
                self.focus = Pane::ALL[j];
            }
            Action::Focus(n) => {
                if let Some(p) = Pane::from_number(n) {
                    self.focus = p;
                }
            }
            Action::Up => self.scroll(-1),
            Action::Down => self.scroll(1),
            Action::PageUp => self.scroll(-16),
            Action::PageDown => self.scroll(16),
            Action::Top => self.scroll(i64::MIN / 2),
            Action::Bottom => self.scroll(i64::MAX / 2),
            Action::ToggleHex => {
                self.ub_format = if self.ub_format == UbFormat::Hex {
                    UbFormat::Typed
                } else {
                    UbFormat::Hex
                };
            }
            Action::CycleType => {
                self.ub_format = match self.ub_format {
                    UbFormat::Typed => UbFormat::As(CYCLE[0]),
                    UbFormat::As(d) => match CYCLE.iter().position(|x| *x == d) {
                        Some(i) if i + 1 < CYCLE.len() => UbFormat::As(CYCLE[i + 1]),
                        _ => UbFormat::Hex,
                    },
                    UbFormat::Hex => UbFormat::Typed,
                };
            }
            Action::Follow => {
                self.ub_follow = true;
                self.follow();
            }
        }
    }

    fn scroll(&mut self, by: i64) {
        let clamp = |v: i64, hi: i64| v.clamp(0, hi.max(0));
        match self.focus {
            Pane::Program => {
                let n = self.session.program().code.len() as i64;
                self.selected_instr = clamp(self.selected_instr as i64 + by, n - 1) as usize;
            }
            Pane::Ub | Pane::Inspector | Pane::Mask => {
                let rows = (self.session.machine().ub().size() / 32) as i64;
                self.ub_row = clamp(self.ub_row as i64 + by, rows - 1) as u32;
                self.ub_follow = false;
            }
            Pane::Tensors => {
                // The element cursor walks every element of every tensor, in order.
                let p = self.session.program();
                let total: i64 = p.tensors.iter().map(|t| t.len as i64).sum();
                let flat: i64 = p.tensors[..self.tensor_cursor.0.min(p.tensors.len())]
                    .iter()
                    .map(|t| t.len as i64)
                    .sum::<i64>()
                    + self.tensor_cursor.1 as i64;
                let mut at = clamp(flat + by, total - 1);
                for (i, t) in p.tensors.iter().enumerate() {
                    if at < t.len as i64 {
                        self.tensor_cursor = (i, at as u32);
                        break;
                    }
                    at -= t.len as i64;
                }
                self.tensor_cursor_on = true;
            }
            Pane::Divergence => {
                self.div_scroll = clamp(self.div_scroll as i64 + by, 200) as usize;
            }
            Pane::Log => {
                self.log_scroll =
                    clamp(self.log_scroll as i64 - by, self.log.len() as i64 - 1) as usize
            }
        }
    }

    /// Parses and runs one command-language line (from a key, the prompt or a script).
    pub fn run_line(&mut self, line: &str) {
        match parse_ui_line(line) {
            Ok(None) => {}
            Ok(Some(UiLine::Key(k, _))) => match Key::parse(&k) {
                // Keys pressing keys: a bounded depth, whatever a keymap holds.
                Ok(_) if self.key_depth >= 4 => self.log(
                    LogKind::Error,
                    format!("`key {k}`: keys nested more than 4 deep are not pressed"),
                ),
                Ok(key) => {
                    self.key_depth += 1;
                    self.handle_key(key);
                    self.key_depth -= 1;
                }
                Err(e) => self.log(LogKind::Error, e),
            },
            Ok(Some(UiLine::Engine(cmd))) => self.run_command(cmd, line),
            Err(e) => self.log(LogKind::Error, format!("{}: {}", line.trim(), e.message)),
        }
    }

    pub fn run_command(&mut self, cmd: Command, line: &str) {
        let forward = matches!(
            cmd,
            Command::Step(..) | Command::StepLine(_) | Command::Continue
        );
        if forward && self.session.machine().status() != Status::Running {
            let why = match self.session.machine().status() {
                Status::Failed => "the program stopped at an error",
                _ => "the program has finished",
            };
            self.log(
                LogKind::Info,
                format!("{why}; S, R, N or C go back, : then restart starts over"),
            );
            return;
        }
        if self.job.is_some() && cmd.is_motion() {
            self.log(
                LogKind::Warning,
                format!(
                    "`{}` waits: a command is running (Ctrl-C interrupts it)",
                    line.trim()
                ),
            );
            return;
        }
        if matches!(cmd, Command::Product(_)) {
            self.diag_seen = 0;
        }
        // Motion commands run as jobs: here one slice at once (a single step is done in it),
        // the rest between key presses, so Ctrl-C and q are never ignored.
        if self.interactive {
            if let Some(job) = self.session.start_job(&cmd) {
                if self.typed
                    || !matches!(
                        cmd,
                        Command::Step(..)
                            | Command::Back(..)
                            | Command::StepLine(_)
                            | Command::BackLine(_)
                    )
                {
                    self.log(LogKind::Command, line.trim().to_string());
                }
                self.job = Some(job);
                self.tick();
                return;
            }
        }
        let quiet = !self.typed
            && matches!(
                cmd,
                Command::Step(..) | Command::Back(..) | Command::StepLine(_) | Command::BackLine(_)
            );
        if !quiet {
            self.log(LogKind::Command, line.trim().to_string());
        }
        // `x ADDR` and `print TENSOR` also bring the UB pane to that address or tensor.
        let jump = match &cmd {
            Command::Examine { addr, .. } => Some(*addr),
            Command::Print { tensor, .. } => self
                .session
                .tensor_index(tensor)
                .map(|i| self.session.program().tensors[i].addr),
            _ => None,
        };
        if let Some(a) = jump.filter(|a| *a < self.session.machine().ub().size()) {
            self.ub_row = a / 32;
            self.ub_follow = false;
        }
        match self.session.apply(&cmd) {
            Ok(reply) => {
                let stop_text = reply.stop.as_ref().map(stop_line);
                for t in reply.text {
                    if Some(&t) != stop_text.as_ref() && !t.starts_with("stopped at step") {
                        self.log(LogKind::Info, t);
                    }
                }
                if let Some(s) = reply.stop {
                    self.log_stop(&s);
                }
            }
            Err(e) => self.log(LogKind::Error, e),
        }
        self.after_change();
    }

    fn log_stop(&mut self, s: &Stop) {
        let kind = match s.reason {
            crate::debug::StopReason::Error => LogKind::Error,
            _ => LogKind::Stop,
        };
        self.log(kind, stop_line(s));
    }

    /// One slice of the running job; returns true while it goes on.
    pub fn tick(&mut self) -> bool {
        let Some(mut job) = self.job.take() else {
            return false;
        };
        match self.session.run_job(&mut job, CONTINUE_SLICE) {
            JobProgress::Done(stop) => {
                if let Some(s) = stop {
                    self.log_stop(&s);
                }
            }
            JobProgress::Running => self.job = Some(job),
        }
        self.after_change();
        self.job.is_some()
    }

    /// What the running job is doing, for the status bar.
    pub fn job_progress(&self) -> Option<String> {
        self.job.as_ref().map(|j| self.session.job_progress(j))
    }

    /// Derived state after the session moved: new diagnostics in the log, the UB view following
    /// the step, the program cursor on the current instruction, the divergence of the current
    /// instruction.
    pub fn after_change(&mut self) {
        let diags = self.session.machine().diagnostics().to_vec();
        if diags.len() < self.diag_seen {
            self.diag_seen = diags.len();
        }
        for d in &diags[self.diag_seen..] {
            let kind = if d.is_error() {
                LogKind::Error
            } else {
                LogKind::Warning
            };
            let at = match (d.instruction, d.repeat, d.block) {
                (Some(i), Some(r), Some(b)) => format!(" (instruction {i}, repeat {r}, block {b})"),
                (Some(i), _, _) => format!(" (instruction {i})"),
                _ => String::new(),
            };
            let line = d
                .span
                .map(|s| format!("line {}: ", s.line))
                .unwrap_or_default();
            self.log.push(LogLine {
                kind,
                text: format!(
                    "{line}{}[{}]: {}{at}",
                    if d.is_error() { "error" } else { "warning" },
                    d.code,
                    d.message
                ),
            });
        }
        self.diag_seen = diags.len();
        let pos = self.session.machine().pos();
        let n = self.session.program().code.len();
        if n > 0 {
            self.selected_instr = (pos.instruction as usize).min(n - 1);
        }
        if self.ub_follow {
            self.follow();
        }
        // Each other product on this instruction: once the command stopped, not at every
        // slice of a running one (the pane says so).
        if self.job.is_none() {
            self.refresh_divergence();
        }
    }

    /// Puts the UB view on what the last step touched (its first UB write, else its first UB
    /// access); before any step (step 0, or after going back to it), on what the instruction
    /// at the cursor will write first, else read first.
    fn follow(&mut self) {
        // The UB pane follows UB accesses only (a GM → UB copy: its UB side).
        let ub = self.session.machine().ub().size();
        let Some(ev) = self.session.last_event() else {
            let plan = self.plan();
            let Ok(Some(plan)) = &*plan else { return };
            let starts = |want: Option<AccessKind>| {
                (0..plan.operands.len())
                    .filter(|&i| want.is_none_or(|k| plan.operands[i].kind == k))
                    .filter_map(|i| plan.extent(i).map(|e| e.start))
                    .find(|&a| a < u64::from(ub))
            };
            if let Some(a) = starts(Some(AccessKind::Write)).or_else(|| starts(None)) {
                self.ub_row = (a / 32) as u32;
            }
            return;
        };
        let in_ub = |a: &&crate::sim::event::Access| a.addrs.first().is_some_and(|&x| x < ub);
        let pick = ev
            .accesses
            .iter()
            .filter(in_ub)
            .find(|a| a.kind == AccessKind::Write)
            .or(ev.accesses.iter().find(in_ub));
        if let Some(a) = pick.and_then(|a| a.addrs.first()) {
            self.ub_row = a / 32;
        }
    }

    fn refresh_divergence(&mut self) {
        let m = self.session.machine();
        // Stopped by an error at an instruction: still compared ("which chips accept this?").
        let at_instr = (m.pos().instruction as usize) < self.session.program().code.len();
        if m.status() == Status::Finished || !at_instr {
            self.divergence = None;
            self.div_key = None;
            return;
        }
        let p = m.pos();
        let start_step = self.session.instruction_start_step();
        let key = (p.instruction, start_step, self.session.product());
        if self.div_key == Some(key) {
            return;
        }
        let start = if start_step == m.step_count() {
            m.clone()
        } else {
            self.session.history().machine_at(start_step)
        };
        self.divergence = divergence::compare(&start, self.session.product());
        self.div_key = Some(key);
    }
}

/// A stop as one log line.
pub fn stop_line(s: &Stop) -> String {
    format!("stopped at step {}: {}", s.position.step, s.message)
}
