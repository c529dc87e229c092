//! Lines typed at the UI's `:` prompt, bound in a keymap or read by `replay --screen`: the
//! engine's command language plus the UI's own `key KEY` (press a key). The engine never sees a
//! UI-only line; headless replay refuses it with a message instead of ignoring it.

use crate::debug::command::{parse_line, split_words, Command, ParseError};

/// One parsed line.
#[derive(Clone, Debug, PartialEq)]
pub enum UiLine {
    /// `key KEY`: the key as written (`s`, `<C-c>`, `<Tab>`) and its column.
    Key(String, u32),
    Engine(Command),
}

/// Parses one line; `Ok(None)` for a blank line or a comment.
pub fn parse_ui_line(line: &str) -> Result<Option<UiLine>, ParseError> {
    let words = split_words(line);
    match words.as_slice() {
        [("key", _), (k, col)] => Ok(Some(UiLine::Key(k.to_string(), *col))),
        [("key", col)] => Err(ParseError {
            col: col + 3,
            message:
                "expected a key (e.g. s, <C-c>, <Tab>) after \"key\", found the end of the line"
                    .into(),
        }),
        [("key", _), _, (extra, col), ..] => Err(ParseError {
            col: *col,
            message: format!("unexpected \"{extra}\" after the key: `key` presses one key"),
        }),
        _ => Ok(parse_line(line)?.map(UiLine::Engine)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_lines_are_the_uis_and_the_rest_is_the_engines() {
        let key = |l: &str| match parse_ui_line(l) {
            Ok(Some(UiLine::Key(k, _))) => k,
            other => panic!("{l:?} gave {other:?}"),
        };
        assert_eq!(key("key s"), "s");
        assert_eq!(key("key <C-c>"), "<C-c>");
        assert_eq!(key("key <Tab>"), "<Tab>");
        assert_eq!(key("key :"), ":");
        assert_eq!(key("key a#b"), "a#b");
        assert_eq!(key("  key s  # a comment"), "s");
        for (line, col, text) in [
            ("key", 4, "expected a key"),
            ("key #", 4, "expected a key"),
            ("key a b", 7, "unexpected \"b\""),
        ] {
            let e = parse_ui_line(line).unwrap_err();
            assert_eq!(e.col, col, "{line:?}");
            assert!(e.message.contains(text), "{line:?}: {}", e.message);
        }
        assert!(matches!(
            parse_ui_line("where"),
            Ok(Some(UiLine::Engine(Command::Where)))
        ));
        assert_eq!(parse_ui_line("# only a comment"), Ok(None));
        // The engine alone refuses `key` rather than ignoring it.
        let e = parse_line("key s").unwrap_err();
        assert!(e.message.contains("replay --screen"), "{}", e.message);
    }
}
