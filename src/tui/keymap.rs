//! Keys and what they do: the UI's own key type (so the UI never sees crossterm), its textual
//! form (`s`, `S`, `<C-c>`, `<Tab>`, `<Up>`), the actions, the gdb-style default bindings and
//! overrides from a RON keymap file.

use crate::base::diag::{Diagnostic, Span};
use crate::base::spans::{self, Key as SpanKey, Kind};
use crate::debug::parse_line;
use std::collections::BTreeMap;
use std::fmt;

/// A key press.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
    pub alt: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyCode {
    Char(char),
    Enter,
    Esc,
    Tab,
    BackTab,
    Backspace,
    Delete,
    Up,
    Down,
    Left,
    Right,
    Home,
    End,
    PageUp,
    PageDown,
    F(u8),
}

const NAMED: &[(&str, KeyCode)] = &[
    ("Enter", KeyCode::Enter),
    ("Esc", KeyCode::Esc),
    ("Tab", KeyCode::Tab),
    ("BackTab", KeyCode::BackTab),
    ("Backspace", KeyCode::Backspace),
    ("Del", KeyCode::Delete),
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("PageUp", KeyCode::PageUp),
    ("PageDown", KeyCode::PageDown),
    ("Space", KeyCode::Char(' ')),
    ("lt", KeyCode::Char('<')),
];

impl Key {
    pub const fn plain(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            ctrl: false,
            alt: false,
        }
    }
    pub const fn code(code: KeyCode) -> Key {
        Key {
            code,
            ctrl: false,
            alt: false,
        }
    }
    pub const fn ctrl(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            ctrl: true,
            alt: false,
        }
    }

    /// Parses `s`, `S`, `:`, `<C-c>`, `<A-x>`, `<Tab>`, `<F1>`, `<Space>`.
    pub fn parse(text: &str) -> Result<Key, String> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => return Ok(Key::plain(c)),
            (None, _) => return Err("an empty key".into()),
            _ => {}
        }
        let inner = text
            .strip_prefix('<')
            .and_then(|t| t.strip_suffix('>'))
            .ok_or(format!(
                "`{text}` is not a key: write one character or <Name>, e.g. s, <C-c>, <Tab>"
            ))?;
        let (mut ctrl, mut alt, mut rest) = (false, false, inner);
        loop {
            if let Some(r) = rest.strip_prefix("C-") {
                ctrl = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix("A-") {
                alt = true;
                rest = r;
            } else {
                break;
            }
        }
        let mut rc = rest.chars();
        let code = if let (Some(c), None) = (rc.next(), rc.next()) {
            KeyCode::Char(c)
        } else if let Some(n) = rest
            .strip_prefix('F')
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=12).contains(n))
        {
            KeyCode::F(n)
        } else if let Some((_, c)) = NAMED.iter().find(|(n, _)| *n == rest) {
            *c
        } else {
            let names: Vec<&str> = NAMED.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "unknown key name `{rest}` in `{text}`; names: {}, F1..F12, or one character",
                names.join(", ")
            ));
        };
        Ok(Key { code, ctrl, alt })
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) if !self.ctrl && !self.alt => return write!(f, "{c}"),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::F(n) => format!("F{n}"),
            other => NAMED
                .iter()
                .find(|(_, c)| *c == other)
                .map_or("?".into(), |(n, _)| n.to_string()),
        };
        let mods = format!(
            "{}{}",
            if self.ctrl { "C-" } else { "" },
            if self.alt { "A-" } else { "" }
        );
        write!(f, "<{mods}{base}>")
    }
}

/// What a key does: a UI action, or a line of the command language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Command(String),
    Quit,
    Help,
    Prompt,
    GotoPrompt,
    ToggleBreakpoint,
    WatchSelected,
    NextProduct,
    /// Opens the prompt at `product ` with the products listed (Tab completes).
    ProductPicker,
    FocusNext,
    FocusPrev,
    Focus(u8),
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
    ToggleHex,
    CycleType,
    Follow,
    Interrupt,
    Close,
}

/// UI action names as written in keymap files.
const ACTIONS: &[(&str, Action)] = &[
    ("quit", Action::Quit),
    ("help", Action::Help),
    ("prompt", Action::Prompt),
    ("goto-prompt", Action::GotoPrompt),
    ("toggle-breakpoint", Action::ToggleBreakpoint),
    ("watch-selected", Action::WatchSelected),
    ("next-product", Action::NextProduct),
    ("product-picker", Action::ProductPicker),
    ("focus-next", Action::FocusNext),
    ("focus-prev", Action::FocusPrev),
    ("up", Action::Up),
    ("down", Action::Down),
    ("page-up", Action::PageUp),
    ("page-down", Action::PageDown),
    ("top", Action::Top),
    ("bottom", Action::Bottom),
    ("toggle-hex", Action::ToggleHex),
    ("cycle-type", Action::CycleType),
    ("follow", Action::Follow),
    ("interrupt", Action::Interrupt),
    ("close", Action::Close),
];

impl Action {
    /// A UI action name, `focus-N`, or a command-language line.
    pub fn parse(text: &str) -> Result<Action, String> {
        if let Some((_, a)) = ACTIONS.iter().find(|(n, _)| *n == text) {
            return Ok(a.clone());
        }
        if let Some(n) = text
            .strip_prefix("focus-")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=7).contains(n))
        {
            return Ok(Action::Focus(n));
        }
        match parse_line(text) {
            Ok(Some(_)) => Ok(Action::Command(text.to_string())),
            Ok(None) => Err("an empty action".into()),
            Err(e) => {
                let names: Vec<&str> = ACTIONS.iter().map(|(n, _)| *n).collect();
                Err(format!(
                    "`{text}` is neither a UI action ({}, focus-1..focus-7) nor a command: {}",
                    names.join(", "),
                    e.message
                ))
            }
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Action::Command(c) => c.clone(),
            Action::Focus(n) => format!("focus-{n}"),
            a => ACTIONS
                .iter()
                .find(|(_, x)| x == a)
                .map_or("?".into(), |(n, _)| n.to_string()),
        }
    }
}

/// Key bindings.
#[derive(Clone, Debug, PartialEq)]
pub struct Keymap {
    pub bindings: BTreeMap<Key, Action>,
}

impl Default for Keymap {
    /// gdb's tradition: s/r/n step block/repeat/instruction, c continue; upper case goes back.
    fn default() -> Self {
        use Action::*;
        let c = |s: &str| Command(s.to_string());
        let mut b = BTreeMap::new();
        let mut bind = |k: Key, a: Action| {
            b.insert(k, a);
        };
        bind(Key::plain('s'), c("step block"));
        bind(Key::plain('r'), c("step repeat"));
        bind(Key::plain('n'), c("step instr"));
        bind(Key::plain('l'), c("step line"));
        bind(Key::plain('L'), c("back line"));
        bind(Key::plain('c'), c("continue"));
        bind(Key::plain('S'), c("back block"));
        bind(Key::plain('R'), c("back repeat"));
        bind(Key::plain('N'), c("back instr"));
        bind(Key::plain('C'), c("reverse-continue"));
        bind(Key::plain('g'), GotoPrompt);
        bind(Key::plain('b'), ToggleBreakpoint);
        bind(Key::plain('w'), WatchSelected);
        bind(Key::plain('p'), NextProduct);
        bind(Key::plain('P'), ProductPicker);
        bind(Key::plain(':'), Prompt);
        bind(Key::plain('?'), Help);
        bind(Key::plain('q'), Quit);
        bind(Key::ctrl('c'), Interrupt);
        bind(Key::code(KeyCode::Esc), Close);
        bind(Key::code(KeyCode::Tab), FocusNext);
        bind(Key::code(KeyCode::BackTab), FocusPrev);
        for n in 1..=7u8 {
            bind(Key::plain((b'0' + n) as char), Focus(n));
        }
        bind(Key::plain('j'), Down);
        bind(Key::code(KeyCode::Down), Down);
        bind(Key::plain('k'), Up);
        bind(Key::code(KeyCode::Up), Up);
        bind(Key::ctrl('d'), PageDown);
        bind(Key::code(KeyCode::PageDown), PageDown);
        bind(Key::ctrl('u'), PageUp);
        bind(Key::code(KeyCode::PageUp), PageUp);
        bind(Key::code(KeyCode::Home), Top);
        bind(Key::code(KeyCode::End), Bottom);
        bind(Key::plain('G'), Bottom);
        bind(Key::plain('x'), ToggleHex);
        bind(Key::plain('t'), CycleType);
        bind(Key::plain('f'), Follow);
        Keymap { bindings: b }
    }
}

impl Keymap {
    pub fn action(&self, k: Key) -> Option<&Action> {
        self.bindings.get(&k)
    }

    /// The defaults overridden by a keymap file: `Keymap({ "s": "step block", "<C-n>": "next-product" })`
    /// (the `Keymap` name is optional; an action `""` removes a binding).
    pub fn load_overrides(text: &str) -> Result<Keymap, Vec<Diagnostic>> {
        let mut km = Keymap::default();
        let root = parse_ron(text)?;
        let group = match &root.kind {
            Kind::Group(g) if g.name.as_deref().unwrap_or("Keymap") == "Keymap" => g,
            _ => {
                return Err(vec![Diagnostic::error(
                    "bad-keymap",
                    format!(
                        "expected `Keymap({{ \"key\": \"action\", … }})`, found {}",
                        root.describe()
                    ),
                )
                .at(root.span)])
            }
        };
        let map = match group.items.as_slice() {
            [only] if only.key.is_none() => &only.value,
            _ => &root,
        };
        let Some(entries) = map.group().filter(|g| g.delim == spans::Delim::Brace) else {
            return Err(vec![Diagnostic::error(
                "bad-keymap",
                "expected a map of key → action, `{ \"s\": \"step block\" }`",
            )
            .at(map.span)]);
        };
        let mut errors = Vec::new();
        for item in &entries.items {
            let Some(SpanKey::Entry(k)) = &item.key else {
                continue;
            };
            let key = match k.str_value().map(Key::parse) {
                Some(Ok(key)) => key,
                Some(Err(e)) => {
                    errors.push(Diagnostic::error("bad-key", e).at(k.span));
                    continue;
                }
                None => {
                    errors.push(
                        Diagnostic::error(
                            "bad-key",
                            format!(
                                "a key is a string like \"s\" or \"<C-c>\", found {}",
                                k.describe()
                            ),
                        )
                        .at(k.span),
                    );
                    continue;
                }
            };
            match item.value.str_value() {
                Some("") => {
                    km.bindings.remove(&key);
                }
                Some(a) => match Action::parse(a) {
                    // A binding that presses keys could press itself, forever.
                    Ok(Action::Command(c)) if c.split_whitespace().next() == Some("key") => {
                        errors.push(
                            Diagnostic::error(
                                "bad-action",
                                format!("{a:?}: a key cannot be bound to `key …` (pressing keys from a key could recurse without end)"),
                            )
                            .at(item.value.span)
                            .note("bind the key to the command itself, e.g. \"step block\", or to a UI action such as \"quit\""),
                        );
                    }
                    Ok(action) => {
                        km.bindings.insert(key, action);
                    }
                    Err(e) => errors.push(Diagnostic::error("bad-action", e).at(item.value.span)),
                },
                None => errors.push(
                    Diagnostic::error(
                        "bad-action",
                        format!("an action is a string, found {}", item.value.describe()),
                    )
                    .at(item.value.span),
                ),
            }
        }
        if errors.is_empty() {
            Ok(km)
        } else {
            Err(errors)
        }
    }
}

/// Checks RON syntax with ron (position of the error) and indexes the text.
pub(crate) fn parse_ron(text: &str) -> Result<spans::Node, Vec<Diagnostic>> {
    if let Err(e) = ron::from_str::<serde::de::IgnoredAny>(text) {
        let p = e.span.start;
        return Err(vec![Diagnostic::error("parse-error", e.code.to_string())
            .at(Span::new(p.line as u32, p.col as u32))]);
    }
    spans::index(text).map_err(|e| vec![Diagnostic::error("parse-error", e.message).at(e.span)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_parse_and_print() {
        for (t, k) in [
            ("s", Key::plain('s')),
            ("S", Key::plain('S')),
            (":", Key::plain(':')),
            ("<C-c>", Key::ctrl('c')),
            ("<Tab>", Key::code(KeyCode::Tab)),
            ("<F5>", Key::code(KeyCode::F(5))),
            ("<Space>", Key::plain(' ')),
        ] {
            assert_eq!(Key::parse(t), Ok(k), "{t}");
        }
        assert_eq!(Key::ctrl('c').to_string(), "<C-c>");
        assert_eq!(Key::code(KeyCode::PageDown).to_string(), "<PageDown>");
        assert!(Key::parse("<Foo>")
            .unwrap_err()
            .contains("unknown key name"));
        assert!(Key::parse("ab").is_err());
    }

    #[test]
    fn defaults_follow_gdb() {
        let k = Keymap::default();
        assert_eq!(
            k.action(Key::plain('s')),
            Some(&Action::Command("step block".into()))
        );
        assert_eq!(
            k.action(Key::plain('N')),
            Some(&Action::Command("back instr".into()))
        );
        assert_eq!(
            k.action(Key::plain('C')),
            Some(&Action::Command("reverse-continue".into()))
        );
        assert_eq!(k.action(Key::ctrl('c')), Some(&Action::Interrupt));
    }

    #[test]
    fn overrides_and_their_errors() {
        let k = Keymap::load_overrides(
            "Keymap({ \"<C-n>\": \"step instr\", \"q\": \"\", \"z\": \"help\" })",
        )
        .unwrap();
        assert_eq!(
            k.action(Key::ctrl('n')),
            Some(&Action::Command("step instr".into()))
        );
        assert_eq!(k.action(Key::plain('q')), None);
        assert_eq!(k.action(Key::plain('z')), Some(&Action::Help));
        let e = Keymap::load_overrides("{\n  \"s\": \"stpe block\",\n  \"<Nope>\": \"help\",\n}")
            .unwrap_err();
        assert_eq!(
            (e[0].code, e[0].span),
            ("bad-action", Some(Span::new(2, 8)))
        );
        assert_eq!((e[1].code, e[1].span), ("bad-key", Some(Span::new(3, 3))));
        let e = Keymap::load_overrides("{ \"s\": ").unwrap_err();
        assert_eq!(e[0].code, "parse-error");
    }
}
