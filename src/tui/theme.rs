//! Themes: named styles ("slots") for everything the UI highlights, loaded from RON files in
//! `themes/`. A theme overrides the built-in default (`themes/default.ron`, compiled in), so a
//! file names only the slots it changes. A bad theme is an error with line:col, never a silent
//! fallback.

use crate::base::diag::Diagnostic;
use crate::base::spans::{Key as SpanKey, Kind, Node};
use crate::tui::keymap::parse_ron;
use ratatui::style::{Color, Modifier, Style};
use std::path::Path;
use std::str::FromStr;

/// The built-in default theme's source.
pub const DEFAULT_RON: &str = include_str!("../../themes/default.ron");

/// Every theme shipped in `themes/`, compiled in so that `--theme NAME` works anywhere.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("default", DEFAULT_RON),
    ("light", include_str!("../../themes/light.ron")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.ron"),
    ),
];

/// Every style slot a theme can set.
pub const SLOTS: &[&str] = &[
    "text",
    "dim",
    "title",
    "border",
    "border_focus",
    "current",
    "selection",
    "breakpoint",
    "read",
    "write",
    "changed",
    "uninit",
    "active_lane",
    "inactive_lane",
    "error",
    "warning",
    "ok",
    "accent",
    "status",
    "gap",
    "overlap",
];

#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    pub name: String,
    styles: Vec<Style>,
}

impl Theme {
    pub fn style(&self, slot: &str) -> Style {
        SLOTS
            .iter()
            .position(|s| *s == slot)
            .and_then(|i| self.styles.get(i))
            .copied()
            .unwrap_or_default()
    }

    /// The compiled-in default.
    pub fn default_theme() -> Theme {
        // The default's text is part of the binary and tested; an error here is a build bug.
        Theme::parse_over(
            DEFAULT_RON,
            &Theme {
                name: "default".into(),
                styles: vec![Style::default(); SLOTS.len()],
            },
        )
        .unwrap_or_else(|_| Theme {
            name: "default".into(),
            styles: vec![Style::default(); SLOTS.len()],
        })
    }

    /// A built-in theme by name, `NAME.ron` in `dir`, or a path; loaded over the default.
    /// Errors carry the file name, its text and the diagnostics.
    pub fn load(
        name_or_path: &str,
        dir: &Path,
    ) -> Result<Theme, (String, String, Vec<Diagnostic>)> {
        if let Some((name, text)) = BUILT_IN.iter().find(|(n, _)| *n == name_or_path) {
            return Theme::parse_over(text, &Theme::default_theme())
                .map_err(|d| (format!("themes/{name}.ron"), text.to_string(), d));
        }
        let p = Path::new(name_or_path);
        let path = if p.extension().is_some() || p.components().count() > 1 {
            p.to_path_buf()
        } else {
            dir.join(format!("{name_or_path}.ron"))
        };
        let bytes = std::fs::read(&path).map_err(|e| {
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            let msg = if e.kind() == std::io::ErrorKind::NotFound {
                format!("no theme `{name_or_path}` ({e}); built-in themes: {}, or give a path to a .ron file", names.join(", "))
            } else {
                format!("cannot read the theme file: {e}")
            };
            (path.display().to_string(), String::new(), vec![Diagnostic::error("io-error", msg)])
        })?;
        let text = crate::base::diag::decode_utf8(&bytes).map_err(|d| {
            let lossy = String::from_utf8_lossy(&bytes).into_owned();
            (path.display().to_string(), lossy, vec![d])
        })?;
        Theme::parse_over(text, &Theme::default_theme())
            .map_err(|d| (path.display().to_string(), text.to_string(), d))
    }

    /// `Theme(name: "light", text: (fg: "black"), read: (fg: "blue", modifiers: ["underlined"]), …)`
    /// applied over `base`.
    pub fn parse_over(text: &str, base: &Theme) -> Result<Theme, Vec<Diagnostic>> {
        let root = parse_ron(text)?;
        let mut theme = base.clone();
        let mut errors = Vec::new();
        let group = match &root.kind {
            Kind::Group(g) if g.name.as_deref().unwrap_or("Theme") == "Theme" => g,
            _ => {
                return Err(vec![Diagnostic::error(
                    "bad-theme",
                    format!(
                        "expected `Theme(name: …, text: (fg: …), …)`, found {}",
                        root.describe()
                    ),
                )
                .at(root.span)])
            }
        };
        for item in &group.items {
            let Some(SpanKey::Field { name, span }) = &item.key else {
                errors.push(
                    Diagnostic::error(
                        "bad-theme",
                        "theme entries are `slot: (fg: …, bg: …, modifiers: […])`",
                    )
                    .at(item.value.span),
                );
                continue;
            };
            if name == "name" {
                match item.value.str_value() {
                    Some(n) => theme.name = n.to_string(),
                    None => errors.push(
                        Diagnostic::error(
                            "wrong-type",
                            format!("`name` is a string, found {}", item.value.describe()),
                        )
                        .at(item.value.span),
                    ),
                }
                continue;
            }
            let Some(i) = SLOTS.iter().position(|s| s == name) else {
                errors.push(
                    Diagnostic::error(
                        "unknown-field",
                        format!(
                            "unknown theme slot `{name}`; slots: name, {}",
                            SLOTS.join(", ")
                        ),
                    )
                    .at(*span),
                );
                continue;
            };
            match parse_style(&item.value) {
                Ok(st) => theme.styles[i] = st,
                Err(d) => errors.extend(d),
            }
        }
        if errors.is_empty() {
            Ok(theme)
        } else {
            Err(errors)
        }
    }
}

const MODIFIERS: &[(&str, Modifier)] = &[
    ("bold", Modifier::BOLD),
    ("dim", Modifier::DIM),
    ("italic", Modifier::ITALIC),
    ("underlined", Modifier::UNDERLINED),
    ("reversed", Modifier::REVERSED),
    ("crossed_out", Modifier::CROSSED_OUT),
];

fn parse_style(n: &Node) -> Result<Style, Vec<Diagnostic>> {
    let Some(g) = n.group() else {
        return Err(vec![Diagnostic::error(
            "wrong-type",
            format!(
                "a style is `(fg: \"…\", bg: \"…\", modifiers: [\"bold\"])`, found {}",
                n.describe()
            ),
        )
        .at(n.span)]);
    };
    let mut st = Style::default();
    let mut errors = Vec::new();
    for item in &g.items {
        let Some(SpanKey::Field { name, span }) = &item.key else {
            errors.push(
                Diagnostic::error("wrong-type", "style entries are named: fg, bg, modifiers")
                    .at(item.value.span),
            );
            continue;
        };
        match name.as_str() {
            "fg" | "bg" => match item.value.str_value().map(Color::from_str) {
                Some(Ok(c)) => st = if name == "fg" { st.fg(c) } else { st.bg(c) },
                _ => errors.push(
                    Diagnostic::error("bad-color", format!("`{name}` must be a color name (black, red, … lightcyan, white, reset), \"#rrggbb\" or an index \"0\"..\"255\"; found {}", item.value.describe()))
                        .at(item.value.span),
                ),
            },
            "modifiers" => match item.value.group() {
                Some(list) => {
                    for m in &list.items {
                        match m.value.str_value().and_then(|s| MODIFIERS.iter().find(|(n, _)| *n == s)) {
                            Some((_, md)) => st = st.add_modifier(*md),
                            None => {
                                let names: Vec<&str> = MODIFIERS.iter().map(|(n, _)| *n).collect();
                                errors.push(Diagnostic::error("bad-modifier", format!("unknown modifier {}; valid: {}", m.value.describe(), names.join(", "))).at(m.value.span));
                            }
                        }
                    }
                }
                None => errors.push(Diagnostic::error("wrong-type", format!("`modifiers` is a list of names, found {}", item.value.describe())).at(item.value.span)),
            },
            other => errors.push(Diagnostic::error("unknown-field", format!("unknown style field `{other}`; fields: fg, bg, modifiers")).at(*span)),
        }
    }
    if errors.is_empty() {
        Ok(st)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::diag::Span;

    #[test]
    fn default_theme_parses_and_sets_every_slot() {
        let base = Theme {
            name: String::new(),
            styles: vec![Style::default(); SLOTS.len()],
        };
        let t = Theme::parse_over(DEFAULT_RON, &base).unwrap_or_else(|e| panic!("{e:?}"));
        for slot in SLOTS {
            assert_ne!(
                t.style(slot),
                Style::default(),
                "default.ron leaves `{slot}` unset"
            );
        }
    }

    #[test]
    fn bad_themes_point_at_the_offending_value() {
        let base = Theme::default_theme();
        let e = Theme::parse_over("Theme(\n  read: (fg: \"purplish\"),\n)", &base).unwrap_err();
        assert_eq!(
            (e[0].code, e[0].span),
            ("bad-color", Some(Span::new(2, 14)))
        );
        let e = Theme::parse_over("Theme(reed: (fg: \"red\"))", &base).unwrap_err();
        assert_eq!(
            (e[0].code, e[0].span),
            ("unknown-field", Some(Span::new(1, 7)))
        );
        let e = Theme::parse_over("Theme(read: (modifiers: [\"blink\"]))", &base).unwrap_err();
        assert_eq!(e[0].code, "bad-modifier");
        let e = Theme::parse_over("Theme(read: (fg: \"red\")", &base).unwrap_err();
        assert_eq!(e[0].code, "parse-error");
    }
}
