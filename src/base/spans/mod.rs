//! A position index of a program's RON text: a small syntax tree whose every node knows where
//! it starts (1-based line, column in characters, as `diag::Span`).
//!
//! Owns: the tokenizer (whitespace, `//` and nested `/* */` comments, strings with escapes, raw
//! strings, chars, byte strings, numbers, identifiers, punctuation, `#![enable(..)]`
//! attributes) and the tree of `(...)`, `[...]`, `{...}` groups with their named fields and map
//! entries. `ron` cannot report where a value was after deserialising it, so the loader walks
//! this tree instead: it is the one parse of a program's text. `ron` is asked what a literal
//! token means (`decode_number`, `decode_string`), so that number and string syntax have one
//! authority, and, only when something is wrong, whether the whole text is valid RON (its
//! syntax error is then the one reported). `index_lazy` leaves the elements of one list (a
//! program's instructions) delimited but unparsed, each parsed when it is read (`index_raw`).
//! Must not depend on anything but `diag`.

use crate::base::diag::Span;

mod lit;
#[cfg(test)]
mod tests;
pub use lit::*;

/// One value of the RON text.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Where the value starts; for a named group (`Add(...)`) the position of the name.
    pub span: Span,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A bare identifier (`half`, `Placeholder`, `true`, `None`, `inf`), `r#` prefix removed.
    Ident(String),
    /// A number literal exactly as written (`0x3c00`, `-1.5e3`, `-inf`, `b'a'`).
    Number(String),
    /// A string literal, decoded. `plain` when written `"…"` without escapes, so that
    /// character `i` of the value sits at column `span.col + 1 + i`.
    Str { value: String, plain: bool },
    /// A char or byte-string literal as written (never valid in a program; kept for messages).
    Other(String),
    /// `name(...)`, `(...)`, `[...]` or `{...}`.
    Group(Group),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delim {
    Paren,
    Bracket,
    Brace,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The identifier before `(`, as in `Add(...)` or `Some(...)`.
    pub name: Option<String>,
    pub delim: Delim,
    /// Position of the opening delimiter.
    pub open: Span,
    pub items: Vec<Item>,
}

/// One element of a group: `value`, `name: value` (parentheses) or `key: value` (braces).
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub key: Option<Key>,
    pub value: Node,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Key {
    /// `name:` inside parentheses.
    Field { name: String, span: Span },
    /// `"key":` inside braces.
    Entry(Node),
}

impl Node {
    pub fn group(&self) -> Option<&Group> {
        match &self.kind {
            Kind::Group(g) => Some(g),
            _ => None,
        }
    }

    pub fn ident(&self) -> Option<&str> {
        match &self.kind {
            Kind::Ident(s) => Some(s),
            _ => None,
        }
    }

    pub fn str_value(&self) -> Option<&str> {
        match &self.kind {
            Kind::Str { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The value of field `name` of a `( name: value, … )` group.
    #[cfg(test)]
    pub fn field(&self, name: &str) -> Option<&Node> {
        self.group()?.items.iter().find_map(|it| match &it.key {
            Some(Key::Field { name: n, .. }) if n == name => Some(&it.value),
            _ => None,
        })
    }

    /// Element `i` of a group, whatever its delimiter.
    #[cfg(test)]
    pub fn elem(&self, i: usize) -> Option<&Node> {
        self.group()?.items.get(i).map(|it| &it.value)
    }

    /// The position of character `i` of a string value when it can be computed exactly (a plain
    /// `"…"` literal on one line), else the string's own position.
    pub fn char_span(&self, i: usize) -> Span {
        match &self.kind {
            Kind::Str { plain: true, .. } => {
                Span::new(self.span.line, self.span.col.saturating_add(1 + i as u32))
            }
            _ => self.span,
        }
    }

    /// A short description for "expected …, found …" messages.
    pub fn describe(&self) -> String {
        match &self.kind {
            Kind::Ident(s) => format!("the identifier `{s}`"),
            Kind::Number(s) => format!("the number `{s}`"),
            Kind::Str { value, .. } => format!("the string {value:?}"),
            Kind::Other(s) => format!("`{s}`"),
            Kind::Group(g) => {
                let name = g.name.as_deref().unwrap_or("");
                match g.delim {
                    Delim::Paren if g.items.iter().any(|i| i.key.is_some()) => {
                        format!("the struct `{name}(…)`")
                    }
                    Delim::Paren => format!("the tuple `{name}(…)`"),
                    Delim::Bracket => "a list `[…]`".into(),
                    Delim::Brace => "a map `{…}`".into(),
                }
            }
        }
    }
}

/// Why the text could not be indexed: a syntax error (the loader then reports `ron`'s), or,
/// if `ron` accepts the text, a limitation of this indexer (reported as an internal parse
/// error).
#[derive(Clone, Debug, PartialEq)]
pub struct IndexError {
    pub span: Span,
    pub message: String,
}

/// Nesting deeper than this is refused (ron's own limit is 128).
const MAX_DEPTH: usize = 256;

/// Builds the tree of one RON value (after any `#![enable(...)]` attributes).
pub fn index(src: &str) -> Result<Node, IndexError> {
    index_lazy(src, None).map(|(node, _)| node)
}

/// An element of a list left unparsed by `index_lazy`: where it starts and the byte range of
/// its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Raw {
    pub span: Span,
    pub start: u32,
    pub end: u32,
}

/// `index`, with the elements of the list `lazy: [ … ]` of the outermost group only delimited
/// (brackets, strings and comments followed, nothing built): the list stays empty in the
/// tree and its elements come back as `Raw`s, each parsed when it is read (`index_raw`). A
/// program's instructions are most of its text: read one at a time, their trees are never
/// all in memory at once.
pub fn index_lazy(src: &str, lazy: Option<&str>) -> Result<(Node, Vec<Raw>), IndexError> {
    let mut p = Parser {
        src,
        pos: 0,
        line: 1,
        col: 1,
        depth: 0,
        lazy,
        raws: Vec::new(),
    };
    p.skip_ws()?;
    while p.peek() == Some('#') {
        p.bump();
        p.skip_ws()?;
        if p.peek() == Some('!') {
            p.bump();
            p.skip_ws()?;
        }
        if p.peek() != Some('[') {
            return Err(p.error("expected `[` after `#!`"));
        }
        p.value()?;
        p.skip_ws()?;
    }
    let node = p.value()?;
    p.skip_ws()?;
    if p.peek().is_some() {
        return Err(p.error("unexpected text after the value"));
    }
    Ok((node, p.raws))
}

/// The tree of an element `index_lazy` left unparsed.
pub fn index_raw(src: &str, raw: &Raw) -> Result<Node, IndexError> {
    let mut p = Parser {
        src,
        pos: raw.start as usize,
        line: raw.span.line,
        col: raw.span.col,
        depth: 2,
        lazy: None,
        raws: Vec::new(),
    };
    let node = p.value()?;
    if p.pos != raw.end as usize {
        return Err(p.error("unexpected text after the value"));
    }
    Ok(node)
}

struct Parser<'a> {
    src: &'a str,
    /// Byte offset of the next character.
    pos: usize,
    line: u32,
    col: u32,
    depth: usize,
    /// The field of the outermost group whose list is only delimited (`index_lazy`).
    lazy: Option<&'a str>,
    raws: Vec<Raw>,
}

/// A literal that starts like an identifier: `b'…'`, `b"…"`, `br"…"` / `br#…`, `r"…"` / `r#…`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prefixed {
    ByteChar,
    ByteStr,
    ByteRaw,
    Raw,
}

fn prefixed(rest: &str) -> Option<Prefixed> {
    let any = |ps: &[&str]| ps.iter().any(|p| rest.starts_with(p));
    if any(&["b'"]) {
        Some(Prefixed::ByteChar)
    } else if any(&["b\""]) {
        Some(Prefixed::ByteStr)
    } else if any(&["br\"", "br#"]) {
        Some(Prefixed::ByteRaw)
    } else if any(&["r\"", "r#\"", "r##"]) {
        Some(Prefixed::Raw)
    } else {
        None
    }
}

/// RON's whitespace characters (ron `parse.rs`, `is_whitespace_char`).
fn is_ws(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t'
            | '\n'
            | '\r'
            | '\x0B'
            | '\x0C'
            | '\u{85}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Characters of a raw identifier `r#…` (ron allows `.`, `+`, `-` there).
fn is_raw_ident_char(c: char) -> bool {
    matches!(c, '.' | '+' | '-') || is_ident_continue(c)
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek_nth(&self, n: usize) -> Option<char> {
        self.rest().chars().nth(n)
    }

    fn here(&self) -> Span {
        Span::new(self.line, self.col)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn error(&self, message: &str) -> IndexError {
        IndexError {
            span: self.here(),
            message: message.to_string(),
        }
    }

    fn skip_ws(&mut self) -> Result<(), IndexError> {
        loop {
            match self.peek() {
                Some(c) if is_ws(c) => {
                    self.bump();
                }
                Some('/') if self.peek_nth(1) == Some('/') => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                }
                Some('/') if self.peek_nth(1) == Some('*') => {
                    let start = self.here();
                    self.bump();
                    self.bump();
                    let mut level = 1usize;
                    while level > 0 {
                        let rest = self.rest();
                        if rest.is_empty() {
                            return Err(IndexError {
                                span: start,
                                message: "unclosed block comment".into(),
                            });
                        }
                        if rest.starts_with("/*") {
                            level += 1;
                            self.bump();
                            self.bump();
                        } else if rest.starts_with("*/") {
                            level -= 1;
                            self.bump();
                            self.bump();
                        } else {
                            self.bump();
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// Consumes while `f` holds and returns the consumed text.
    fn take_while(&mut self, f: impl Fn(char) -> bool) -> &'a str {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if !f(c) {
                break;
            }
            self.bump();
        }
        &self.src[start..self.pos]
    }

    fn value(&mut self) -> Result<Node, IndexError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        let r = self.value_inner();
        self.depth -= 1;
        r
    }

    fn value_inner(&mut self) -> Result<Node, IndexError> {
        let span = self.here();
        let c = self
            .peek()
            .ok_or_else(|| self.error("unexpected end of text"))?;
        let rest = self.rest();
        let kind = match c {
            '(' | '[' | '{' => Kind::Group(self.group(None)?),
            '"' => self.string()?,
            '\'' => {
                let text = self.char_literal()?;
                Kind::Other(text.to_string())
            }
            _ if prefixed(rest) == Some(Prefixed::Raw) => self.raw_string()?,
            _ if let Some(p) = prefixed(rest) => {
                let start = self.pos;
                self.prefixed_literal(p)?;
                let text = self.src[start..self.pos].to_string();
                if p == Prefixed::ByteChar {
                    Kind::Number(text)
                } else {
                    Kind::Other(text)
                }
            }
            '0'..='9' | '+' | '-' | '.' => Kind::Number(self.number().to_string()),
            c if is_ident_start(c) => {
                let name = self.identifier()?;
                // `Name (` with only whitespace or comments between is a named group.
                let save = (self.pos, self.line, self.col);
                self.skip_ws()?;
                if self.peek() == Some('(') {
                    Kind::Group(self.group(Some(name))?)
                } else {
                    (self.pos, self.line, self.col) = save;
                    Kind::Ident(name)
                }
            }
            other => return Err(self.error(&format!("unexpected character {other:?}"))),
        };
        Ok(Node { span, kind })
    }

    /// An identifier, `r#raw` or plain.
    fn identifier(&mut self) -> Result<String, IndexError> {
        if self.rest().starts_with("r#") {
            self.bump();
            self.bump();
            let s = self.take_while(is_raw_ident_char);
            if s.is_empty() {
                return Err(self.error("expected an identifier after `r#`"));
            }
            return Ok(s.to_string());
        }
        match self.peek() {
            Some(c) if is_ident_start(c) => {}
            _ => return Err(self.error("expected an identifier")),
        }
        Ok(self.take_while(is_ident_continue).to_string())
    }

    /// A number token: sign, digits, letters (hex digits, suffixes, `inf`, `NaN`), `_`, `.`, and
    /// a sign right after a decimal exponent `e`/`E`.
    fn number(&mut self) -> &'a str {
        let start = self.pos;
        self.bump();
        loop {
            let text = &self.src[start..self.pos];
            let radix_prefixed = {
                let t = text.trim_start_matches(['+', '-']);
                t.starts_with("0x") || t.starts_with("0b") || t.starts_with("0o")
            };
            match self.peek() {
                Some(c) if c.is_ascii_alphanumeric() || c == '_' || c == '.' => {
                    self.bump();
                }
                Some('+' | '-') if !radix_prefixed && text.ends_with(['e', 'E']) => {
                    self.bump();
                }
                _ => break,
            }
        }
        &self.src[start..self.pos]
    }

    /// `"…"` with escapes; decoded by ron.
    fn string(&mut self) -> Result<Kind, IndexError> {
        let (start_pos, start) = (self.pos, self.here());
        self.string_span()?;
        let text = &self.src[start_pos..self.pos];
        let plain = !text.contains(['\\', '\n']);
        let value = decode_string(text).ok_or_else(|| IndexError {
            span: start,
            message: format!("cannot decode the string {text}"),
        })?;
        Ok(Kind::Str { value, plain })
    }

    /// `r"…"`, `r#"…"#`, … (also the tail of `br…`).
    fn raw_string(&mut self) -> Result<Kind, IndexError> {
        let start_pos = self.pos;
        let start = self.here();
        self.bump(); // r
        let hashes = self.take_while(|c| c == '#').len();
        if self.peek() != Some('"') {
            return Err(self.error("expected `\"` in a raw string"));
        }
        self.bump();
        let closing = format!("\"{}", "#".repeat(hashes));
        loop {
            if self.rest().is_empty() {
                return Err(IndexError {
                    span: start,
                    message: "unterminated raw string".into(),
                });
            }
            if self.rest().starts_with(&closing) {
                for _ in 0..closing.len() {
                    self.bump();
                }
                break;
            }
            self.bump();
        }
        let text = &self.src[start_pos..self.pos];
        let value = decode_string(text).ok_or_else(|| IndexError {
            span: start,
            message: format!("cannot decode the raw string {text}"),
        })?;
        Ok(Kind::Str {
            value,
            plain: false,
        })
    }

    /// `'a'`, `'\''`, `'\u{1F600}'`.
    fn char_literal(&mut self) -> Result<&'a str, IndexError> {
        let start_pos = self.pos;
        self.quoted('\'', "character literal")?;
        Ok(&self.src[start_pos..self.pos])
    }

    /// A group starting at the current `(`, `[` or `{`.
    fn group(&mut self, name: Option<String>) -> Result<Group, IndexError> {
        let open = self.here();
        let (delim, close) = match self.bump() {
            Some('(') => (Delim::Paren, ')'),
            Some('[') => (Delim::Bracket, ']'),
            Some('{') => (Delim::Brace, '}'),
            _ => return Err(self.error("expected `(`, `[` or `{`")),
        };
        let mut items = Vec::new();
        loop {
            self.skip_ws()?;
            if self.peek() == Some(close) {
                self.bump();
                break;
            }
            let key = match delim {
                Delim::Paren => self.field_key()?,
                Delim::Brace => {
                    let k = self.value()?;
                    self.skip_ws()?;
                    if self.peek() != Some(':') {
                        return Err(self.error("expected `:` after a map key"));
                    }
                    self.bump();
                    self.skip_ws()?;
                    Some(Key::Entry(k))
                }
                Delim::Bracket => None,
            };
            let lazy =
                matches!((&key, self.lazy), (Some(Key::Field { name, .. }), Some(l)) if name == l);
            let value = if lazy && self.depth == 1 && self.peek() == Some('[') {
                let span = self.here();
                Node {
                    span,
                    kind: Kind::Group(self.skim_list()?),
                }
            } else {
                self.value()?
            };
            items.push(Item { key, value });
            self.skip_ws()?;
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(c) if c == close => {}
                _ => return Err(self.error(&format!("expected `,` or `{close}`"))),
            }
        }
        Ok(Group {
            name,
            delim,
            open,
            items,
        })
    }

    /// The list at the current `[`, its elements only delimited (`Raw`s), as an empty group.
    fn skim_list(&mut self) -> Result<Group, IndexError> {
        let open = self.here();
        self.bump();
        loop {
            self.skip_ws()?;
            if self.peek() == Some(']') {
                self.bump();
                break;
            }
            let (span, start) = (self.here(), self.pos);
            self.skim_value()?;
            let end = self.pos;
            self.raws.push(Raw {
                span,
                start: u32::try_from(start).map_err(|_| self.error("text too long"))?,
                end: u32::try_from(end).map_err(|_| self.error("text too long"))?,
            });
            self.skip_ws()?;
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(']') => {}
                _ => return Err(self.error("expected `,` or `]`")),
            }
        }
        Ok(Group {
            name: None,
            delim: Delim::Bracket,
            open,
            items: Vec::new(),
        })
    }

    /// Past one value (what `value` would read), building nothing: tokens are followed far
    /// enough to find where the value ends; `index_raw` judges the rest.
    fn skim_value(&mut self) -> Result<(), IndexError> {
        let mut closers: Vec<char> = Vec::new();
        loop {
            if closers.is_empty() && self.pos > 0 && self.at_value_end() {
                return Ok(());
            }
            let rest = self.rest();
            let Some(c) = self.peek() else {
                return Err(self.error("unexpected end of text"));
            };
            match c {
                '(' | '[' | '{' => {
                    if closers.len() >= MAX_DEPTH {
                        return Err(self.error("nesting too deep"));
                    }
                    closers.push(match c {
                        '(' => ')',
                        '[' => ']',
                        _ => '}',
                    });
                    self.bump();
                }
                ')' | ']' | '}' => {
                    if closers.pop() != Some(c) {
                        return Err(self.error(&format!("unexpected {c:?}")));
                    }
                    self.bump();
                    if closers.is_empty() {
                        return Ok(());
                    }
                }
                '"' => {
                    self.string_span()?;
                }
                '\'' => {
                    self.char_literal()?;
                }
                _ if let Some(p) = prefixed(rest) => self.prefixed_literal(p)?,
                c if is_ident_start(c) => {
                    self.identifier()?;
                }
                c if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.' | '_') => {
                    self.number();
                }
                c if is_ws(c) || c == '/' => {
                    let before = self.pos;
                    self.skip_ws()?;
                    if self.pos == before {
                        return Err(self.error("unexpected character '/'"));
                    }
                }
                ',' | ':' | '#' | '!' => {
                    if closers.is_empty() {
                        return Ok(());
                    }
                    self.bump();
                }
                other => return Err(self.error(&format!("unexpected character {other:?}"))),
            }
            if closers.is_empty() {
                // A scalar value, or a name followed by its group: `Add (`.
                let save = (self.pos, self.line, self.col);
                self.skip_ws()?;
                if self.peek() != Some('(') {
                    (self.pos, self.line, self.col) = save;
                    return Ok(());
                }
            }
        }
    }

    /// True at a `,` or a closing bracket (where a skimmed scalar ends).
    fn at_value_end(&self) -> bool {
        matches!(self.peek(), Some(',' | ')' | ']' | '}') | None)
    }

    /// Past a `"…"` string (escapes followed, nothing decoded).
    fn string_span(&mut self) -> Result<(), IndexError> {
        self.quoted('"', "string")
    }

    /// Past a literal between two `quote`s (escapes followed, nothing decoded).
    fn quoted(&mut self, quote: char, what: &str) -> Result<(), IndexError> {
        let start = self.here();
        self.bump();
        loop {
            match self.bump() {
                None => {
                    return Err(IndexError {
                        span: start,
                        message: format!("unterminated {what}"),
                    })
                }
                Some(c) if c == quote => return Ok(()),
                Some('\\') => {
                    self.bump();
                }
                Some(_) => {}
            }
        }
    }

    /// Past a literal with a letter prefix (`prefixed`).
    fn prefixed_literal(&mut self, p: Prefixed) -> Result<(), IndexError> {
        if p != Prefixed::Raw {
            self.bump(); // b
        }
        match p {
            Prefixed::ByteChar => self.char_literal().map(|_| ()),
            Prefixed::ByteStr => self.string().map(|_| ()),
            Prefixed::ByteRaw | Prefixed::Raw => self.raw_string().map(|_| ()),
        }
    }

    /// `name:` at the start of an item in parentheses, if there is one (else nothing is
    /// consumed).
    fn field_key(&mut self) -> Result<Option<Key>, IndexError> {
        let save = (self.pos, self.line, self.col);
        let span = self.here();
        let starts_ident = match self.peek() {
            // Not a literal that merely starts with `r` or `b`.
            Some(c) if is_ident_start(c) => prefixed(self.rest()).is_none(),
            _ => false,
        };
        if starts_ident {
            let name = self.identifier()?;
            self.skip_ws()?;
            if self.peek() == Some(':') {
                self.bump();
                self.skip_ws()?;
                return Ok(Some(Key::Field { name, span }));
            }
        }
        (self.pos, self.line, self.col) = save;
        Ok(None)
    }
}
