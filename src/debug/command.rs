//! The one command language of the debugger: typed at the `:` prompt, read from replay
//! scripts, or built by Rust tests. `parse_line` turns one line into a `Command`; the grammar is
//! documented in docs/commands.md.

use crate::base::dtype::DType;
use crate::sim::plan::AccessKind;
use crate::sim::{Granularity, Product};

/// What a watchpoint reacts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchKind {
    Read,
    Write,
    Any,
}

impl WatchKind {
    pub fn matches(self, k: AccessKind) -> bool {
        match self {
            WatchKind::Any => true,
            WatchKind::Read => k == AccessKind::Read,
            WatchKind::Write => k == AccessKind::Write,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            WatchKind::Read => "read",
            WatchKind::Write => "write",
            WatchKind::Any => "any",
        }
    }
}

/// What a watchpoint covers: raw UB bytes, or elements of a named tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchTarget {
    /// UB bytes `start..end`.
    Bytes { start: u32, end: u32 },
    /// Elements `start..end` of a tensor.
    Elements {
        tensor: String,
        start: u32,
        end: u32,
    },
}

/// A comparison in `break-if`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// The condition of `break-if TENSOR[I] …`.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    /// `z[5] == 3` (any of `== != < <= > >=`); the value is parsed as a number (`nan`, `inf`,
    /// `-inf` allowed).
    Compare(CmpOp, f64),
    /// `z[5] is nan`
    IsNan,
    /// `z[5] is inf` (either sign)
    IsInf,
    /// `z[5] changed`: the element's bytes differ after a step.
    Changed,
}

/// How `print` and `x` show bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The tensor's own dtype (`print`) or bytes as hex (`x` default).
    Natural,
    Hex,
    As(DType),
}

/// One debugger command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `step [block|repeat|instr] [N]`
    Step(Granularity, u64),
    /// `back [block|repeat|instr] [N]`
    Back(Granularity, u64),
    /// `continue`
    Continue,
    /// `reverse-continue`
    ReverseContinue,
    /// `goto STEP`
    Goto(u64),
    /// `break instr N [repeat R]`
    BreakInstr {
        instruction: u32,
        repeat: Option<u32>,
    },
    /// `watch ADDR[..END] [read|write|any]` or `watch TENSOR[I] [read|write|any]`
    Watch(WatchTarget, WatchKind),
    /// `break-if TENSOR[I] OP VALUE` / `is nan` / `is inf` / `changed`
    BreakIf {
        tensor: String,
        index: u32,
        cond: Condition,
    },
    /// `break-on diagnostics`
    BreakOnDiagnostics,
    /// `enable ID`, `disable ID`, `delete ID`
    Enable(u32),
    Disable(u32),
    Delete(u32),
    /// `print TENSOR[A..B] [as TYPE|hex]` (no range: the whole tensor)
    Print {
        tensor: String,
        range: Option<(u32, u32)>,
        format: Format,
    },
    /// `x ADDR LEN [as TYPE|hex]`
    Examine {
        addr: u32,
        len: u32,
        format: Format,
    },
    /// `where`
    Where,
    /// `last-writer ADDR`
    LastWriter(u32),
    /// `product KEY`
    Product(Product),
    /// `restart`
    Restart,
    /// `info breakpoints`: list breakpoints and watchpoints.
    InfoBreakpoints,
    /// `key KEY` (a key press for the terminal UI, e.g. `key s`, `key <C-c>`); the engine
    /// ignores it, the UI interprets it.
    Key(String),
}

/// A line that is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based column, in characters, of the offending word (or of the part of a word at
    /// fault, such as the index in `z[…]`); just past the last word when a word is missing.
    pub col: u32,
    pub message: String,
}

/// The command words, in the order error messages list them.
const COMMANDS: [&str; 20] = [
    "step",
    "back",
    "continue",
    "reverse-continue",
    "goto",
    "restart",
    "where",
    "info",
    "break",
    "watch",
    "break-if",
    "break-on",
    "enable",
    "disable",
    "delete",
    "print",
    "x",
    "last-writer",
    "product",
    "key",
];

const GRANULARITIES: [&str; 4] = ["block", "repeat", "instr", "instruction"];
const WATCH_KINDS: [&str; 3] = ["read", "write", "any"];
const CMP_OPS: [(&str, CmpOp); 6] = [
    ("==", CmpOp::Eq),
    ("!=", CmpOp::Ne),
    ("<=", CmpOp::Le),
    (">=", CmpOp::Ge),
    ("<", CmpOp::Lt),
    (">", CmpOp::Gt),
];

/// Parses one line of the command language (docs/commands.md). `Ok(None)` for a blank line or
/// a line that is only a comment. Never panics, whatever the input.
pub fn parse_line(line: &str) -> Result<Option<Command>, ParseError> {
    let mut p = Words::new(line);
    let Some(cmd) = p.next() else {
        return Ok(None);
    };
    let command = match cmd.text {
        "step" => {
            let (g, n) = p.motion(cmd)?;
            Command::Step(g, n)
        }
        "back" => {
            let (g, n) = p.motion(cmd)?;
            Command::Back(g, n)
        }
        "continue" => Command::Continue,
        "reverse-continue" => Command::ReverseContinue,
        "goto" => {
            let w = p.need(cmd, "a number")?;
            Command::Goto(number(w, u64::MAX, || expected("a number", cmd, w))?)
        }
        "restart" => Command::Restart,
        "where" => Command::Where,
        "info" => {
            p.keyword(cmd, &["breakpoints"])?;
            Command::InfoBreakpoints
        }
        "break" => p.break_instr(cmd)?,
        "watch" => p.watch(cmd)?,
        "break-if" => p.break_if(cmd)?,
        "break-on" => {
            p.keyword(cmd, &["diagnostics"])?;
            Command::BreakOnDiagnostics
        }
        "enable" => Command::Enable(p.breakpoint_id(cmd)?),
        "disable" => Command::Disable(p.breakpoint_id(cmd)?),
        "delete" => Command::Delete(p.breakpoint_id(cmd)?),
        "print" => p.print(cmd)?,
        "x" => p.examine(cmd)?,
        "last-writer" => {
            let w = p.need(cmd, "an address")?;
            Command::LastWriter(address(w, cmd)?)
        }
        "product" => {
            let w = p.need(cmd, "a product")?;
            match Product::parse(w.text) {
                Some(product) => Command::Product(product),
                None => {
                    let keys = Product::ALL.map(|p| p.key());
                    return Err(err(
                        w.col,
                        format!(
                            "unknown product {}{}; expected one of {}",
                            q(w.text),
                            did_you_mean(w.text, &keys),
                            Product::list()
                        ),
                    ));
                }
            }
        }
        "key" => Command::Key(
            p.need(cmd, "a key (e.g. s, <C-c>, <Tab>)")?
                .text
                .to_string(),
        ),
        other => {
            return Err(err(
                cmd.col,
                format!(
                    "unknown command {}{}; expected one of {}",
                    q(other),
                    did_you_mean(other, &COMMANDS),
                    COMMANDS.join(", ")
                ),
            ))
        }
    };
    p.finish()?;
    Ok(Some(command))
}

/// One whitespace-separated word (or part of a word) and its 1-based column in characters.
#[derive(Clone, Copy, Debug)]
struct Word<'a> {
    text: &'a str,
    col: u32,
}

impl<'a> Word<'a> {
    /// The part of this word from byte `at` on (`at` must be a char boundary).
    fn tail(self, at: usize) -> Word<'a> {
        let skipped = self.text.get(..at).map_or(0, |s| s.chars().count());
        Word {
            text: self.text.get(at..).unwrap_or(""),
            col: self.col.saturating_add(skipped as u32),
        }
    }

    /// The part of this word before byte `at`.
    fn head(self, at: usize) -> Word<'a> {
        Word {
            text: self.text.get(..at).unwrap_or(""),
            col: self.col,
        }
    }

    /// Column just after the word.
    fn end_col(self) -> u32 {
        self.col.saturating_add(self.text.chars().count() as u32)
    }
}

/// The words of a line, up to a comment.
struct Words<'a> {
    words: Vec<Word<'a>>,
    next: usize,
}

fn err(col: u32, message: String) -> ParseError {
    ParseError {
        col: col.max(1),
        message,
    }
}

/// `"text"`, escaped onto one line and shortened if long.
fn q(s: &str) -> String {
    const MAX: usize = 40;
    let mut out = String::from("\"");
    for (i, c) in s.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out.push('"');
    out
}

/// `expected WHAT after "PREV", found "W"`.
fn expected(what: &str, prev: Word, w: Word) -> ParseError {
    err(
        w.col,
        format!(
            "expected {what} after {}, found {}",
            q(prev.text),
            q(w.text)
        ),
    )
}

impl<'a> Words<'a> {
    fn new(line: &'a str) -> Words<'a> {
        let mut words = Vec::new();
        let mut start: Option<(usize, u32)> = None;
        let mut col = 0u32;
        for (i, c) in line.char_indices() {
            col = col.saturating_add(1);
            if c.is_whitespace() {
                if let Some((s, sc)) = start.take() {
                    words.push(Word {
                        text: &line[s..i],
                        col: sc,
                    });
                }
            } else if start.is_none() {
                if c == '#' {
                    // A comment: `#` where no word is in progress.
                    return Words { words, next: 0 };
                }
                start = Some((i, col));
            }
        }
        if let Some((s, sc)) = start {
            words.push(Word {
                text: &line[s..],
                col: sc,
            });
        }
        Words { words, next: 0 }
    }

    fn peek(&self) -> Option<Word<'a>> {
        self.words.get(self.next).copied()
    }

    fn next(&mut self) -> Option<Word<'a>> {
        let w = self.peek()?;
        self.next += 1;
        Some(w)
    }

    /// The next word, or "expected WHAT after PREV, found the end of the line" pointing just
    /// past `prev`.
    fn need(&mut self, prev: Word, what: &str) -> Result<Word<'a>, ParseError> {
        self.next().ok_or_else(|| end_of_line(what, prev))
    }

    /// The next word, which must be one of `words`.
    fn keyword(&mut self, prev: Word, words: &[&'static str]) -> Result<&'static str, ParseError> {
        let what = one_of(words);
        let w = self.need(prev, &what)?;
        match words.iter().find(|&&k| k == w.text) {
            Some(&k) => Ok(k),
            None => Err(err(
                w.col,
                format!(
                    "expected {what} after {}, found {}{}",
                    q(prev.text),
                    q(w.text),
                    did_you_mean(w.text, words)
                ),
            )),
        }
    }

    /// Nothing may follow a complete command.
    fn finish(&mut self) -> Result<(), ParseError> {
        match self.next() {
            None => Ok(()),
            Some(w) => Err(err(
                w.col,
                format!("unexpected {} after the command", q(w.text)),
            )),
        }
    }

    /// `[block|repeat|instr|instruction] [N]` after `step` / `back`.
    fn motion(&mut self, cmd: Word) -> Result<(Granularity, u64), ParseError> {
        let Some(first) = self.next() else {
            return Ok((Granularity::Block, 1));
        };
        let (g, count_word, prev) = match granularity(first.text) {
            Some(g) => (g, self.next(), first),
            None => {
                if !starts_with_digit(first.text) {
                    return Err(err(
                        first.col,
                        format!(
                            "expected block, repeat, instr or a count after {}, found {}{}",
                            q(cmd.text),
                            q(first.text),
                            did_you_mean(first.text, &GRANULARITIES)
                        ),
                    ));
                }
                (Granularity::Block, Some(first), cmd)
            }
        };
        let n = match count_word {
            None => 1,
            Some(w) => count(w, || expected("a count", prev, w))?,
        };
        Ok((g, n))
    }

    /// `break instr N [repeat R]`.
    fn break_instr(&mut self, cmd: Word) -> Result<Command, ParseError> {
        let Some(w) = self.next() else {
            return Err(end_of_line("\"instr\"", cmd));
        };
        if !matches!(w.text, "instr" | "instruction") {
            let hint = if starts_with_digit(w.text) {
                format!(" (write \"break instr {}\")", w.text)
            } else {
                did_you_mean(w.text, &["instr", "instruction"])
            };
            return Err(err(
                w.col,
                format!(
                    "expected \"instr\" after \"break\", found {}{hint}",
                    q(w.text)
                ),
            ));
        }
        let n = self.need(w, "a number")?;
        let instruction = number(n, u32::MAX.into(), || expected("a number", w, n))? as u32;
        let mut repeat = None;
        if let Some(r) = self.peek().filter(|r| r.text == "repeat") {
            self.next();
            let v = self.need(r, "a number")?;
            repeat = Some(number(v, u32::MAX.into(), || expected("a number", r, v))? as u32);
        }
        Ok(Command::BreakInstr {
            instruction,
            repeat,
        })
    }

    /// `watch ADDR[..END] [kind]` / `watch TENSOR[I] [kind]` / `watch TENSOR[A..B] [kind]`.
    fn watch(&mut self, cmd: Word) -> Result<Command, ParseError> {
        let what = "an address or a tensor element (e.g. 0x100, 0x100..0x120, z[5], z[0..8])";
        let w = self.need(cmd, what)?;
        let target = if starts_with_digit(w.text) {
            let (start, end) = match w.text.find("..") {
                Some(at) => {
                    let start = address(w.head(at), cmd)?;
                    let e = w.tail(at + 2);
                    if e.text.is_empty() {
                        return Err(end_of_word("an end address", w, ".."));
                    }
                    let end = number(e, u32::MAX.into(), || {
                        err(
                            e.col,
                            format!(
                                "expected an end address (decimal or 0x hex) after \"..\", found {}",
                                q(e.text)
                            ),
                        )
                    })? as u32;
                    if end <= start {
                        return Err(err(
                            e.col,
                            format!(
                                "empty range {}: the end is exclusive and must be greater than the start",
                                q(w.text)
                            ),
                        ));
                    }
                    (start, end)
                }
                None => {
                    let start = address(w, cmd)?;
                    let end = start.checked_add(1).ok_or_else(|| {
                        err(
                            w.col,
                            format!("address {} is too large; at most 4294967294", q(w.text)),
                        )
                    })?;
                    (start, end)
                }
            };
            WatchTarget::Bytes { start, end }
        } else {
            let (tensor, index, rest) = elem_ref(w, cmd, what)?;
            if let Some(rest) = rest {
                return Err(after_target(rest, w));
            }
            let (start, end) = match index.range() {
                None => {
                    return Err(err(
                        w.end_col(),
                        format!(
                            "watch needs an element or a range of tensor {}, e.g. {tensor}[5] or {tensor}[0..8]",
                            q(&tensor)
                        ),
                    ))
                }
                Some(range) => range,
            };
            WatchTarget::Elements { tensor, start, end }
        };
        let kind = match self.next() {
            None => WatchKind::Write,
            Some(k) => match k.text {
                "read" => WatchKind::Read,
                "write" => WatchKind::Write,
                "any" => WatchKind::Any,
                _ => {
                    return Err(err(
                        k.col,
                        format!(
                            "expected read, write, any or the end of the line after {}, found {}{}",
                            q(w.text),
                            q(k.text),
                            did_you_mean(k.text, &WATCH_KINDS)
                        ),
                    ))
                }
            },
        };
        Ok(Command::Watch(target, kind))
    }

    /// `break-if TENSOR[I] OP VALUE` (with or without spaces around OP), `… is nan`,
    /// `… is inf`, `… changed`.
    fn break_if(&mut self, cmd: Word) -> Result<Command, ParseError> {
        let what = "a tensor element (e.g. z[5])";
        let w = self.need(cmd, what)?;
        let (tensor, index, rest) = elem_ref(w, cmd, what)?;
        let index = match index {
            Index::One(i) => i,
            Index::Range(..) => {
                return Err(err(
                    w.col,
                    format!(
                        "break-if needs one element, e.g. {tensor}[5]; found the range {}",
                        q(w.text)
                    ),
                ))
            }
            Index::Whole => {
                return Err(err(
                    w.end_col(),
                    format!(
                        "break-if needs one element of tensor {}, e.g. {tensor}[5]",
                        q(&tensor)
                    ),
                ))
            }
        };
        let elem = match rest {
            Some(r) => w.head(w.text.len() - r.text.len()),
            None => w,
        };
        // The pieces after the element: the rest of its word, then the remaining words, with an
        // operator split off the front of the first piece (`==3` → `==`, `3`).
        let mut pieces: Vec<Word> = Vec::new();
        if let Some(r) = rest {
            if !r.text.starts_with(['=', '!', '<', '>']) {
                return Err(err(
                    r.col,
                    format!(
                        "expected a space or a comparison operator after {}, found {}",
                        q(elem.text),
                        q(r.text)
                    ),
                ));
            }
            pieces.push(r);
        }
        while let Some(x) = self.next() {
            pieces.push(x);
        }
        let condition_what =
            "a comparison (== != < <= > >=), \"is nan\", \"is inf\" or \"changed\"";
        let Some(&first) = pieces.first() else {
            return Err(end_of_line(condition_what, elem));
        };
        let cond = if first.text.starts_with(['=', '!', '<', '>']) {
            let Some(&(op_text, op)) = CMP_OPS.iter().find(|(t, _)| first.text.starts_with(t))
            else {
                let hint = if first.text.starts_with('=') {
                    " (write == to compare)"
                } else {
                    ""
                };
                return Err(err(
                    first.col,
                    format!(
                        "expected a comparison operator (== != < <= > >=), found {}{hint}",
                        q(first.text)
                    ),
                ));
            };
            let op_word = first.head(op_text.len());
            let value_word = if first.text.len() > op_text.len() {
                let v = first.tail(op_text.len());
                pieces[0] = v;
                v
            } else {
                pieces.remove(0);
                match pieces.first() {
                    Some(&v) => v,
                    None => return Err(end_of_line("a value", op_word)),
                }
            };
            pieces.remove(0);
            let value = value(value_word, op_word)?;
            Condition::Compare(op, value)
        } else if first.text == "is" {
            pieces.remove(0);
            let Some(&k) = pieces.first() else {
                return Err(end_of_line("nan or inf", first));
            };
            pieces.remove(0);
            match k.text {
                "nan" => Condition::IsNan,
                "inf" => Condition::IsInf,
                _ => {
                    return Err(err(
                        k.col,
                        format!(
                            "expected nan or inf after \"is\", found {}{}",
                            q(k.text),
                            did_you_mean(k.text, &["nan", "inf"])
                        ),
                    ))
                }
            }
        } else if first.text == "changed" {
            pieces.remove(0);
            Condition::Changed
        } else {
            return Err(err(
                first.col,
                format!(
                    "expected {condition_what} after {}, found {}{}",
                    q(elem.text),
                    q(first.text),
                    did_you_mean(first.text, &["changed"])
                ),
            ));
        };
        if let Some(x) = pieces.first() {
            return Err(err(
                x.col,
                format!("unexpected {} after the command", q(x.text)),
            ));
        }
        Ok(Command::BreakIf {
            tensor,
            index,
            cond,
        })
    }

    /// `enable` / `disable` / `delete` ID.
    fn breakpoint_id(&mut self, cmd: Word) -> Result<u32, ParseError> {
        let w = self.need(cmd, "a number")?;
        let id = number(w, u32::MAX.into(), || expected("a number", cmd, w))? as u32;
        if id == 0 {
            return Err(err(
                w.col,
                "breakpoint ids start at 1, found \"0\"".to_string(),
            ));
        }
        Ok(id)
    }

    /// `print TENSOR[A..B] [as TYPE|hex]`.
    fn print(&mut self, cmd: Word) -> Result<Command, ParseError> {
        let w = self.need(cmd, "a tensor name")?;
        let (tensor, index, rest) = elem_ref(w, cmd, "a tensor name")?;
        if let Some(rest) = rest {
            return Err(after_target(rest, w));
        }
        let range = index.range();
        let format = self.format(w)?;
        Ok(Command::Print {
            tensor,
            range,
            format,
        })
    }

    /// `x ADDR LEN [as TYPE|hex]`.
    fn examine(&mut self, cmd: Word) -> Result<Command, ParseError> {
        let a = self.need(cmd, "an address")?;
        let addr = address(a, cmd)?;
        let l = self.need(a, "a byte count")?;
        let len = count(l, || expected("a byte count", a, l))?;
        // The exclusive end must fit in a u32, so the engine can compute it without overflow.
        let end = u64::from(addr) + len;
        if end > u64::from(u32::MAX) {
            return Err(err(
                l.col,
                format!("the bytes {addr:#x}..{end:#x} end past the largest address 0xffffffff"),
            ));
        }
        let format = self.format(l)?;
        Ok(Command::Examine {
            addr,
            len: len as u32,
            format,
        })
    }

    /// `[as TYPE|hex]`.
    fn format(&mut self, prev: Word) -> Result<Format, ParseError> {
        let Some(w) = self.next() else {
            return Ok(Format::Natural);
        };
        match w.text {
            "hex" => Ok(Format::Hex),
            "as" => {
                let t = self.need(w, "a type")?;
                DType::parse(t.text).map(Format::As).ok_or_else(|| {
                    let names: Vec<&str> = DType::ALL
                        .iter()
                        .flat_map(|d| [d.name(), d.alias()])
                        .collect();
                    let hint = if t.text == "hex" {
                        " (write \"hex\" without \"as\" for raw bytes)".to_string()
                    } else {
                        did_you_mean(t.text, &names)
                    };
                    err(
                        t.col,
                        format!(
                            "unknown type {}{hint}; expected one of {}",
                            q(t.text),
                            DType::ALL.map(|d| d.name()).join(", ")
                        ),
                    )
                })
            }
            _ => Err(err(
                w.col,
                format!(
                    "expected \"as TYPE\", \"hex\" or the end of the line after {}, found {}{}",
                    q(prev.text),
                    q(w.text),
                    did_you_mean(w.text, &["as", "hex"])
                ),
            )),
        }
    }
}

/// "expected WHAT after PREV, found the end of the line", pointing just past `prev`.
fn end_of_line(what: &str, prev: Word) -> ParseError {
    err(
        prev.end_col(),
        format!(
            "expected {what} after {}, found the end of the line",
            q(prev.text)
        ),
    )
}

/// "expected WHAT after AFTER in WORD", pointing just past the word.
fn end_of_word(what: &str, w: Word, after: &str) -> ParseError {
    err(
        w.end_col(),
        format!("expected {what} after {} in {}", q(after), q(w.text)),
    )
}

/// Something glued to a complete `TENSOR[…]`.
fn after_target(rest: Word, target: Word) -> ParseError {
    err(
        rest.col,
        format!(
            "unexpected {} after {}",
            q(rest.text),
            q(target.head(target.text.len() - rest.text.len()).text)
        ),
    )
}

/// `"a", "b" or "c"` for messages.
fn one_of(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| q(w)).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, init)) => format!("{} or {last}", init.join(", ")),
    }
}

fn granularity(s: &str) -> Option<Granularity> {
    match s {
        "block" => Some(Granularity::Block),
        "repeat" => Some(Granularity::Repeat),
        "instr" | "instruction" => Some(Granularity::Instruction),
        _ => None,
    }
}

fn starts_with_digit(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_digit())
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident_continue(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Why a word is not a number.
enum NumError {
    NotANumber,
    TooLarge,
}

/// Decimal or `0x` hex, nothing else (no sign, no `_`).
fn parse_u64(s: &str) -> Result<u64, NumError> {
    let (digits, radix) = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => (h, 16),
        None => (s, 10),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(NumError::NotANumber);
    }
    // The digits are valid, so the only possible failure is overflow.
    u64::from_str_radix(digits, radix).map_err(|_| NumError::TooLarge)
}

/// A number up to `max`; `not_a_number` builds the error for a word that is no number.
fn number(w: Word, max: u64, not_a_number: impl FnOnce() -> ParseError) -> Result<u64, ParseError> {
    match parse_u64(w.text) {
        Ok(v) if v <= max => Ok(v),
        Ok(_) | Err(NumError::TooLarge) => Err(err(
            w.col,
            format!("number {} is too large; at most {max}", q(w.text)),
        )),
        Err(NumError::NotANumber) => Err(not_a_number()),
    }
}

/// A count: a number ≥ 1.
fn count(w: Word, not_a_number: impl FnOnce() -> ParseError) -> Result<u64, ParseError> {
    let n = number(w, u64::MAX, not_a_number)?;
    if n == 0 {
        return Err(err(
            w.col,
            format!("the count must be at least 1, found {}", q(w.text)),
        ));
    }
    Ok(n)
}

/// A UB byte address (u32).
fn address(w: Word, prev: Word) -> Result<u32, ParseError> {
    if w.text.is_empty() {
        return Err(end_of_line("an address", prev));
    }
    Ok(number(w, u32::MAX.into(), || {
        expected("an address (decimal or 0x hex)", prev, w)
    })? as u32)
}

/// The index part of `TENSOR[…]`: none, one element, or elements `start..end`.
enum Index {
    Whole,
    One(u32),
    Range(u32, u32),
}

impl Index {
    /// Elements `start..end`; `[I]` is `I..I+1` (`elem_ref` made sure `I + 1` fits).
    fn range(self) -> Option<(u32, u32)> {
        match self {
            Index::Whole => None,
            Index::One(i) => Some((i, i.saturating_add(1))),
            Index::Range(a, b) => Some((a, b)),
        }
    }
}

/// Splits `NAME`, `NAME[I]` or `NAME[A..B]` off the front of `w`; whatever follows the `]`
/// is returned as the third element.
/// `what` names what was expected when `w` does not start with a name.
fn elem_ref<'a>(
    w: Word<'a>,
    prev: Word,
    what: &str,
) -> Result<(String, Index, Option<Word<'a>>), ParseError> {
    if !w.text.starts_with(is_ident_start) {
        return Err(expected(what, prev, w));
    }
    let name_len = w
        .text
        .find(|c: char| !is_ident_continue(c))
        .unwrap_or(w.text.len());
    let name = w.head(name_len).text.to_string();
    let rest = w.tail(name_len);
    if rest.text.is_empty() {
        return Ok((name, Index::Whole, None));
    }
    if !rest.text.starts_with('[') {
        return Err(err(
            rest.col,
            format!(
                "unexpected {} after tensor name {}; a tensor name is letters, digits and _, \
                 optionally followed by [INDEX] or [START..END]",
                q(rest.text),
                q(&name)
            ),
        ));
    }
    let Some(close) = rest.text.find(']') else {
        return Err(err(
            rest.col,
            format!("missing \"]\" after \"[\" in {}", q(w.text)),
        ));
    };
    let inside = rest.tail(1).head(close - 1);
    let after = rest.tail(close + 1);
    let index_what = "an element index (decimal or 0x hex)";
    let index = match inside.text.find("..") {
        None => {
            if inside.text.is_empty() {
                return Err(err(
                    inside.col,
                    format!("expected {index_what} inside \"[]\" in {}", q(w.text)),
                ));
            }
            let i = number(inside, u32::MAX.into(), || {
                err(
                    inside.col,
                    format!(
                        "expected {index_what} inside \"[]\", found {}",
                        q(inside.text)
                    ),
                )
            })? as u32;
            if i == u32::MAX {
                return Err(err(
                    inside.col,
                    format!("index {} is too large; at most 4294967294", q(inside.text)),
                ));
            }
            Index::One(i)
        }
        Some(dots) => {
            let a = inside.head(dots);
            let b = inside.tail(dots + 2);
            let bound = |x: Word, which: &str| -> Result<u32, ParseError> {
                if x.text.is_empty() {
                    return Err(err(
                        x.col,
                        format!("expected {which} index in {}", q(w.text)),
                    ));
                }
                Ok(number(x, u32::MAX.into(), || {
                    err(
                        x.col,
                        format!(
                            "expected {which} index (decimal or 0x hex), found {}",
                            q(x.text)
                        ),
                    )
                })? as u32)
            };
            let start = bound(a, "a start")?;
            let end = bound(b, "an end")?;
            if end <= start {
                return Err(err(
                    b.col,
                    format!(
                        "empty range {}: the end is exclusive and must be greater than the start",
                        q(inside.text)
                    ),
                ));
            }
            Index::Range(start, end)
        }
    };
    let after = (!after.text.is_empty()).then_some(after);
    Ok((name, index, after))
}

/// The value of a `break-if` comparison: an integer (decimal or 0x hex), a float, `nan`,
/// `inf` or `-inf`, with an optional sign.
fn value(w: Word, op: Word) -> Result<f64, ParseError> {
    let bad = || {
        err(
            w.col,
            format!(
                "expected a value (an integer, a float, nan, inf or -inf) after {}, found {}",
                q(op.text),
                q(w.text)
            ),
        )
    };
    match w.text {
        "nan" => return Ok(f64::NAN),
        "inf" => return Ok(f64::INFINITY),
        "-inf" => return Ok(f64::NEG_INFINITY),
        _ => {}
    }
    let (negative, body) = match w.text.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, w.text.strip_prefix('+').unwrap_or(w.text)),
    };
    let magnitude = if body.starts_with("0x") || body.starts_with("0X") {
        match parse_u64(body) {
            Ok(v) => v as f64,
            Err(NumError::NotANumber) => return Err(bad()),
            Err(NumError::TooLarge) => f64::INFINITY,
        }
    } else {
        if !is_decimal_float(body) {
            return Err(bad());
        }
        body.parse::<f64>().map_err(|_| bad())?
    };
    if magnitude.is_infinite() {
        return Err(err(
            w.col,
            format!(
                "value {} is out of range (write inf or -inf for infinities)",
                q(w.text)
            ),
        ));
    }
    Ok(if negative { -magnitude } else { magnitude })
}

/// `DIGITS[.DIGITS][e[+-]DIGITS]` or `.DIGITS…`, at least one mantissa digit.
fn is_decimal_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    let mut mantissa = digits(&mut i);
    if i < b.len() && b[i] == b'.' {
        i += 1;
        mantissa += digits(&mut i);
    }
    if mantissa == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// ` (did you mean "X"?)` when a candidate is close to `word` by edit distance, else "".
fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    closest(word, candidates)
        .map(|c| format!(" (did you mean {}?)", q(c)))
        .unwrap_or_default()
}

fn closest<'c>(word: &str, candidates: &[&'c str]) -> Option<&'c str> {
    crate::base::suggest::closest(word, candidates.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Granularity::{Block, Instruction, Repeat};

    fn ok(line: &str) -> Command {
        match parse_line(line) {
            Ok(Some(c)) => c,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn elems(tensor: &str, start: u32, end: u32) -> WatchTarget {
        WatchTarget::Elements {
            tensor: tensor.into(),
            start,
            end,
        }
    }

    fn print(tensor: &str, range: Option<(u32, u32)>, format: Format) -> Command {
        Command::Print {
            tensor: tensor.into(),
            range,
            format,
        }
    }

    fn break_if(tensor: &str, index: u32, cond: Condition) -> Command {
        Command::BreakIf {
            tensor: tensor.into(),
            index,
            cond,
        }
    }

    #[test]
    fn blank_lines_and_comments_are_nothing() {
        for line in [
            "",
            "   ",
            "\t \t",
            "# a comment",
            "   # indented comment",
            "#",
            "#step",
        ] {
            assert_eq!(parse_line(line), Ok(None), "{line:?}");
        }
    }

    #[test]
    fn every_form_and_every_default() {
        use Command as C;
        use Condition::*;
        let cases: Vec<(&str, Command)> = vec![
            // step / back: defaults block, 1
            ("step", C::Step(Block, 1)),
            ("step 5", C::Step(Block, 5)),
            ("step 0x10", C::Step(Block, 16)),
            ("step block", C::Step(Block, 1)),
            ("step block 3", C::Step(Block, 3)),
            ("step repeat", C::Step(Repeat, 1)),
            ("step repeat 2", C::Step(Repeat, 2)),
            ("step instr", C::Step(Instruction, 1)),
            ("step instr 4", C::Step(Instruction, 4)),
            ("step instruction", C::Step(Instruction, 1)),
            ("step instruction 7", C::Step(Instruction, 7)),
            ("step 18446744073709551615", C::Step(Block, u64::MAX)),
            ("back", C::Back(Block, 1)),
            ("back 2", C::Back(Block, 2)),
            ("back block", C::Back(Block, 1)),
            ("back repeat 3", C::Back(Repeat, 3)),
            ("back instr", C::Back(Instruction, 1)),
            ("back instruction 2", C::Back(Instruction, 2)),
            // whitespace, comments
            ("  step\trepeat   2  ", C::Step(Repeat, 2)),
            ("step 2 # two blocks", C::Step(Block, 2)),
            ("step 2 #two", C::Step(Block, 2)),
            ("continue", C::Continue),
            ("reverse-continue", C::ReverseContinue),
            ("goto 0", C::Goto(0)),
            ("goto 120", C::Goto(120)),
            ("goto 0xff", C::Goto(255)),
            ("restart", C::Restart),
            ("where", C::Where),
            ("info breakpoints", C::InfoBreakpoints),
            // break
            (
                "break instr 3",
                C::BreakInstr {
                    instruction: 3,
                    repeat: None,
                },
            ),
            (
                "break instr 0 repeat 7",
                C::BreakInstr {
                    instruction: 0,
                    repeat: Some(7),
                },
            ),
            (
                "break instruction 2 repeat 0x10",
                C::BreakInstr {
                    instruction: 2,
                    repeat: Some(16),
                },
            ),
            (
                "break instr 4294967295",
                C::BreakInstr {
                    instruction: u32::MAX,
                    repeat: None,
                },
            ),
            // watch: bytes
            (
                "watch 0x100",
                C::Watch(
                    WatchTarget::Bytes {
                        start: 256,
                        end: 257,
                    },
                    WatchKind::Write,
                ),
            ),
            (
                "watch 256..288",
                C::Watch(
                    WatchTarget::Bytes {
                        start: 256,
                        end: 288,
                    },
                    WatchKind::Write,
                ),
            ),
            (
                "watch 0x100..0x120 read",
                C::Watch(
                    WatchTarget::Bytes {
                        start: 256,
                        end: 288,
                    },
                    WatchKind::Read,
                ),
            ),
            (
                "watch 0 any",
                C::Watch(WatchTarget::Bytes { start: 0, end: 1 }, WatchKind::Any),
            ),
            (
                "watch 0x100 write",
                C::Watch(
                    WatchTarget::Bytes {
                        start: 256,
                        end: 257,
                    },
                    WatchKind::Write,
                ),
            ),
            // watch: elements
            ("watch z[5]", C::Watch(elems("z", 5, 6), WatchKind::Write)),
            (
                "watch z[0..8] read",
                C::Watch(elems("z", 0, 8), WatchKind::Read),
            ),
            (
                "watch _t9[0x10] any",
                C::Watch(elems("_t9", 16, 17), WatchKind::Any),
            ),
            (
                "watch src0[3..4] write",
                C::Watch(elems("src0", 3, 4), WatchKind::Write),
            ),
            // break-if, with and without spaces
            (
                "break-if z[5] == 3",
                break_if("z", 5, Compare(CmpOp::Eq, 3.0)),
            ),
            (
                "break-if z[5]==3",
                break_if("z", 5, Compare(CmpOp::Eq, 3.0)),
            ),
            (
                "break-if z[5]== 3",
                break_if("z", 5, Compare(CmpOp::Eq, 3.0)),
            ),
            (
                "break-if z[5] ==3",
                break_if("z", 5, Compare(CmpOp::Eq, 3.0)),
            ),
            (
                "break-if z[5] != -2",
                break_if("z", 5, Compare(CmpOp::Ne, -2.0)),
            ),
            (
                "break-if z[5]<1.5",
                break_if("z", 5, Compare(CmpOp::Lt, 1.5)),
            ),
            (
                "break-if z[5] <= 1e3",
                break_if("z", 5, Compare(CmpOp::Le, 1000.0)),
            ),
            (
                "break-if z[5]>.25",
                break_if("z", 5, Compare(CmpOp::Gt, 0.25)),
            ),
            (
                "break-if z[5] >= -0x10",
                break_if("z", 5, Compare(CmpOp::Ge, -16.0)),
            ),
            (
                "break-if z[5]>=-1",
                break_if("z", 5, Compare(CmpOp::Ge, -1.0)),
            ),
            (
                "break-if z[5] < +2.",
                break_if("z", 5, Compare(CmpOp::Lt, 2.0)),
            ),
            (
                "break-if z[5] > inf",
                break_if("z", 5, Compare(CmpOp::Gt, f64::INFINITY)),
            ),
            (
                "break-if z[5]==-inf",
                break_if("z", 5, Compare(CmpOp::Eq, f64::NEG_INFINITY)),
            ),
            ("break-if z[0x20] is nan", break_if("z", 32, IsNan)),
            ("break-if z[5] is inf", break_if("z", 5, IsInf)),
            ("break-if z[5] changed", break_if("z", 5, Changed)),
            ("break-on diagnostics", C::BreakOnDiagnostics),
            ("enable 1", C::Enable(1)),
            ("disable 2", C::Disable(2)),
            ("delete 0x3", C::Delete(3)),
            // print: default Natural, whole tensor
            ("print z", print("z", None, Format::Natural)),
            ("print z[5]", print("z", Some((5, 6)), Format::Natural)),
            ("print z[0..8]", print("z", Some((0, 8)), Format::Natural)),
            (
                "print z[0x10..0x20] hex",
                print("z", Some((16, 32)), Format::Hex),
            ),
            (
                "print z as float",
                print("z", None, Format::As(DType::Float)),
            ),
            (
                "print z[3] as u16",
                print("z", Some((3, 4)), Format::As(DType::UInt16)),
            ),
            ("print z hex", print("z", None, Format::Hex)),
            // x: default Natural (hex bytes)
            (
                "x 0x100 32",
                C::Examine {
                    addr: 256,
                    len: 32,
                    format: Format::Natural,
                },
            ),
            (
                "x 0 1 hex",
                C::Examine {
                    addr: 0,
                    len: 1,
                    format: Format::Hex,
                },
            ),
            (
                "x 512 16 as half",
                C::Examine {
                    addr: 512,
                    len: 16,
                    format: Format::As(DType::Half),
                },
            ),
            (
                "x 0xfffffffe 1",
                C::Examine {
                    addr: 0xffff_fffe,
                    len: 1,
                    format: Format::Natural,
                },
            ),
            ("last-writer 0x200", C::LastWriter(512)),
            ("last-writer 7", C::LastWriter(7)),
            ("key s", C::Key("s".into())),
            ("key <C-c>", C::Key("<C-c>".into())),
            ("key <Tab>", C::Key("<Tab>".into())),
            ("key :", C::Key(":".into())),
            ("key a#b", C::Key("a#b".into())),
        ];
        for (line, want) in cases {
            assert_eq!(ok(line), want, "{line:?}");
        }
        for p in Product::ALL {
            assert_eq!(ok(&format!("product {}", p.key())), C::Product(p));
        }
        for d in DType::ALL {
            let want = print("t", None, Format::As(d));
            assert_eq!(ok(&format!("print t as {}", d.name())), want);
            assert_eq!(ok(&format!("print t as {}", d.alias())), want);
        }
    }

    #[test]
    fn nan_values() {
        // NaN != NaN, so these cannot sit in the table above.
        for line in [
            "break-if z[5] == nan",
            "break-if z[5]!=nan",
            "break-if z[5]<nan",
        ] {
            match ok(line) {
                Command::BreakIf {
                    cond: Condition::Compare(_, v),
                    ..
                } => assert!(v.is_nan(), "{line:?}"),
                other => panic!("{line:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn malformed_lines_point_at_the_offending_word() {
        // (line, column, part of the message)
        let cases: &[(&str, u32, &str)] = &[
            ("stpe", 1, "unknown command \"stpe\" (did you mean \"step\"?); expected one of step, back, continue"),
            ("  contineu", 3, "did you mean \"continue\""),
            ("frobnicate", 1, "unknown command \"frobnicate\"; expected one of step"),
            ("s", 1, "unknown command \"s\"; expected one of"),
            ("STEP", 1, "unknown command \"STEP\""),
            ("goto abc", 6, "expected a number after \"goto\", found \"abc\""),
            ("goto", 5, "expected a number after \"goto\", found the end of the line"),
            ("goto -1", 6, "found \"-1\""),
            ("goto 18446744073709551616", 6, "too large"),
            ("goto 0x", 6, "expected a number"),
            ("goto +5", 6, "expected a number"),
            ("goto 1_000", 6, "expected a number"),
            ("continue foo", 10, "unexpected \"foo\" after the command"),
            ("where now", 7, "unexpected \"now\""),
            ("restart 1", 9, "unexpected \"1\""),
            ("reverse-continue x", 18, "unexpected \"x\""),
            ("step 0", 6, "at least 1"),
            ("step repeat 0", 13, "at least 1"),
            ("step blok", 6, "expected block, repeat, instr or a count after \"step\", found \"blok\" (did you mean \"block\"?)"),
            ("step repeat x", 13, "expected a count after \"repeat\", found \"x\""),
            ("step 2 repeat", 8, "unexpected \"repeat\""),
            ("step 1 2", 8, "unexpected \"2\""),
            ("back 99999999999999999999", 6, "too large"),
            ("back -1", 6, "expected block, repeat, instr or a count"),
            ("info", 5, "expected \"breakpoints\" after \"info\", found the end of the line"),
            ("info brekpoints", 6, "did you mean \"breakpoints\""),
            ("break", 6, "expected \"instr\" after \"break\""),
            ("break 5", 7, "write \"break instr 5\""),
            ("break instr", 12, "expected a number after \"instr\""),
            ("break instr x", 13, "expected a number after \"instr\", found \"x\""),
            ("break instr 4294967296", 13, "too large; at most 4294967295"),
            ("break instr 1 repeat", 21, "expected a number after \"repeat\""),
            ("break instr 1 repeat -1", 22, "found \"-1\""),
            ("break instr 1 rep 2", 15, "unexpected \"rep\""),
            ("watch", 6, "expected an address or a tensor element"),
            ("watch 0x100..", 14, "expected an end address after \"..\""),
            ("watch 0x100..abc", 14, "expected an end address (decimal or 0x hex) after \"..\", found \"abc\""),
            ("watch 0x120..0x100", 14, "empty range"),
            ("watch 16..16", 11, "empty range"),
            ("watch 4294967295", 7, "too large"),
            ("watch 0xzz", 7, "expected an address (decimal or 0x hex) after \"watch\", found \"0xzz\""),
            ("watch z", 8, "watch needs an element or a range of tensor \"z\""),
            ("watch z[5] sometimes", 12, "expected read, write, any or the end of the line"),
            ("watch z[5] red", 12, "did you mean \"read\""),
            ("watch z[5] read now", 17, "unexpected \"now\""),
            ("watch z[5]x", 11, "unexpected \"x\" after \"z[5]\""),
            ("watch 9z", 7, "expected an address"),
            ("watch -z", 7, "expected an address or a tensor element"),
            ("break-if", 9, "expected a tensor element"),
            ("break-if z", 11, "break-if needs one element"),
            ("break-if z[0..4] == 1", 10, "break-if needs one element"),
            ("break-if z[5]", 14, "expected a comparison (== != < <= > >=), \"is nan\", \"is inf\" or \"changed\" after \"z[5]\", found the end of the line"),
            ("break-if z[5] = 3", 15, "write == to compare"),
            ("break-if z[5]=3", 14, "write == to compare"),
            ("break-if z[5] ==", 17, "expected a value after \"==\""),
            ("break-if z[5]==abc", 16, "expected a value (an integer, a float, nan, inf or -inf) after \"==\", found \"abc\""),
            ("break-if z[5] == 3 4", 20, "unexpected \"4\""),
            ("break-if z[5] == NaN", 18, "found \"NaN\""),
            ("break-if z[5] == 1e999", 18, "out of range"),
            ("break-if z[5] == 1e", 18, "expected a value"),
            ("break-if z[5] == .", 18, "expected a value"),
            ("break-if z[5] is", 17, "expected nan or inf after \"is\""),
            ("break-if z[5] is zero", 18, "expected nan or inf"),
            ("break-if z[5] chnaged", 15, "did you mean \"changed\""),
            ("break-if z[5] changed now", 23, "unexpected \"now\""),
            ("break-if z[5]changed", 14, "expected a space or a comparison operator"),
            ("break-if z[5] ! 3", 15, "expected a comparison operator"),
            ("break-on", 9, "expected \"diagnostics\""),
            ("break-on warnings", 10, "expected \"diagnostics\" after \"break-on\", found \"warnings\""),
            ("enable", 7, "expected a number after \"enable\""),
            ("disable one", 9, "expected a number after \"disable\", found \"one\""),
            ("delete 0", 8, "breakpoint ids start at 1"),
            ("delete 1 2", 10, "unexpected \"2\""),
            ("print", 6, "expected a tensor name after \"print\""),
            ("print 3", 7, "expected a tensor name after \"print\", found \"3\""),
            ("print z-1", 8, "unexpected \"-1\" after tensor name \"z\""),
            ("print z[", 8, "missing \"]\""),
            ("print z[5", 8, "missing \"]\""),
            ("print z[]", 9, "expected an element index (decimal or 0x hex) inside \"[]\""),
            ("print z[abc]", 9, "expected an element index (decimal or 0x hex) inside \"[]\", found \"abc\""),
            ("print z[-1]", 9, "found \"-1\""),
            ("print z[4294967295]", 9, "too large; at most 4294967294"),
            ("print z[4294967296]", 9, "too large"),
            ("print z[..4]", 9, "expected a start index"),
            ("print z[4..]", 12, "expected an end index"),
            ("print z[2..x]", 12, "expected an end index (decimal or 0x hex), found \"x\""),
            ("print z[8..4]", 12, "empty range \"8..4\""),
            ("print z[4..4]", 12, "empty range"),
            ("print z[1]]", 11, "unexpected \"]\" after \"z[1]\""),
            ("print z as", 11, "expected a type after \"as\""),
            ("print z as flaot", 12, "unknown type \"flaot\" (did you mean \"float\"?); expected one of half, bfloat16, float"),
            ("print z as hex", 12, "write \"hex\" without \"as\""),
            ("print z hex as half", 13, "unexpected \"as\""),
            ("print z decimal", 9, "expected \"as TYPE\", \"hex\" or the end of the line after \"z\", found \"decimal\""),
            ("x", 2, "expected an address after \"x\""),
            ("x 0x100", 8, "expected a byte count after \"0x100\""),
            ("x foo 4", 3, "expected an address (decimal or 0x hex) after \"x\", found \"foo\""),
            ("x 0x100 0", 9, "at least 1"),
            ("x 0x100 ten", 9, "expected a byte count after \"0x100\", found \"ten\""),
            ("x 0xffffffff 1", 14, "the bytes 0xffffffff..0x100000000 end past the largest address"),
            ("x 0x100000000 1", 3, "too large"),
            ("x 0 4 as bogus", 10, "unknown type \"bogus\""),
            ("last-writer", 12, "expected an address after \"last-writer\""),
            ("last-writer z[5]", 13, "expected an address"),
            ("product", 8, "expected a product after \"product\""),
            ("product atlas_a4", 9, "unknown product \"atlas_a4\" (did you mean \"atlas_a2\"?); expected one of atlas_training, atlas_inference, atlas_a2"),
            ("product a2", 9, "unknown product \"a2\""),
            ("product atlas_a2 now", 18, "unexpected \"now\""),
            ("key", 4, "expected a key"),
            ("key #", 4, "expected a key"),
            ("key a b", 7, "unexpected \"b\""),
            // columns count characters, not bytes
            ("é stpe", 1, "unknown command \"é\""),
            ("goto é", 6, "found \"é\""),
            ("print ü[1]", 7, "expected a tensor name"),
            ("print zé", 8, "unexpected \"é\" after tensor name \"z\""),
        ];
        for &(line, col, part) in cases {
            match parse_line(line) {
                Err(e) => {
                    assert!(
                        e.message.contains(part),
                        "{line:?}: message {:?} lacks {part:?}",
                        e.message
                    );
                    assert_eq!(e.col, col, "{line:?}: column ({})", e.message);
                }
                other => panic!("{line:?} should fail, gave {other:?}"),
            }
        }
    }

    #[test]
    fn every_example_in_the_documentation_parses() {
        let doc = include_str!("../../docs/commands.md");
        let mut seen = 0;
        // The last column of the command table: backquoted examples separated by commas.
        for row in doc.lines().filter(|l| l.starts_with("| `")) {
            let examples = row.trim_end_matches('|').rsplit('|').next().unwrap_or("");
            for ex in examples
                .split(", ")
                .map(str::trim)
                .filter(|e| !e.is_empty())
            {
                let ex = ex.trim_matches('`');
                assert!(
                    matches!(parse_line(ex), Ok(Some(_))),
                    "{ex:?}: {:?}",
                    parse_line(ex)
                );
                seen += 1;
            }
        }
        // The example script.
        let script = doc.split("An example:").nth(1).unwrap_or("");
        for line in script.lines().filter(|l| !l.starts_with("```")) {
            assert!(parse_line(line).is_ok(), "{line:?}: {:?}", parse_line(line));
            seen += 1;
        }
        assert!(seen > 50, "only {seen} examples found");
    }

    #[test]
    fn unknown_product_lists_every_product() {
        let e = parse_line("product nope").unwrap_err();
        assert!(e.message.ends_with(&Product::list()), "{}", e.message);
    }

    #[test]
    fn edit_distance_counts_transpositions_as_one() {
        let edit_distance = strsim::osa_distance;
        assert_eq!(edit_distance("stpe", "step"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(closest("brek", &COMMANDS), Some("break"));
        assert_eq!(closest("y", &COMMANDS), None);
    }

    #[test]
    fn every_command_word_is_known() {
        // The list in messages and the parser agree: each word gets past "unknown command".
        for c in COMMANDS {
            if let Err(e) = parse_line(c) {
                assert!(!e.message.contains("unknown command"), "{c}: {}", e.message);
            }
        }
    }

    /// The crate's one generator, enough for a fuzz loop.
    struct Rng(crate::base::rng::SplitMix64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0.below(n as u64) as usize
        }
    }

    /// Checks the contract on one line: no panic; an error points inside the line (or just
    /// past its end) and says something.
    fn check_line(line: &str) {
        if let Err(e) = parse_line(line) {
            let chars = line.chars().count() as u32;
            assert!(
                e.col >= 1 && e.col <= chars + 1,
                "{line:?}: column {}",
                e.col
            );
            assert!(!e.message.is_empty(), "{line:?}");
            assert!(!e.message.contains('\n'), "{line:?}: {}", e.message);
        }
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut rng = Rng(crate::base::rng::SplitMix64::new(0x5EED));
        for _ in 0..20_000 {
            let len = rng.below(40);
            let bytes: Vec<u8> = (0..len).map(|_| rng.0.next_u64() as u8).collect();
            check_line(&String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn random_word_salads_never_panic() {
        // Words and fragments of the language, glued or spaced at random, so that lines get
        // deep into each command's grammar.
        const PARTS: &[&str] = &[
            "step",
            "back",
            "continue",
            "reverse-continue",
            "goto",
            "restart",
            "where",
            "info",
            "breakpoints",
            "break",
            "instr",
            "instruction",
            "repeat",
            "block",
            "watch",
            "break-if",
            "break-on",
            "diagnostics",
            "enable",
            "disable",
            "delete",
            "print",
            "x",
            "last-writer",
            "product",
            "key",
            "atlas_a2",
            "read",
            "write",
            "any",
            "as",
            "hex",
            "half",
            "u8",
            "is",
            "nan",
            "inf",
            "-inf",
            "changed",
            "z",
            "_t",
            "[",
            "]",
            "..",
            "==",
            "!=",
            "<",
            "<=",
            ">",
            ">=",
            "=",
            "!",
            "0",
            "1",
            "7",
            "0x",
            "0x1f",
            "4294967295",
            "4294967296",
            "18446744073709551616",
            "-",
            "+",
            ".",
            "e",
            "#",
            "é",
            "\t",
            " ",
            "  ",
            "\u{3000}",
            "\0",
        ];
        let mut rng = Rng(crate::base::rng::SplitMix64::new(42));
        let (mut parsed, mut failed) = (0, 0);
        for _ in 0..50_000 {
            let n = rng.below(9);
            let mut line = String::new();
            for _ in 0..n {
                line.push_str(PARTS[rng.below(PARTS.len())]);
                if rng.below(3) > 0 {
                    line.push(' ');
                }
            }
            check_line(&line);
            match parse_line(&line) {
                Ok(Some(_)) => parsed += 1,
                Err(_) => failed += 1,
                Ok(None) => {}
            }
        }
        // Guard: the generator reaches both outcomes, not only "unknown command".
        assert!(
            parsed > 500 && failed > 500,
            "parsed {parsed}, failed {failed}"
        );
    }

    #[test]
    fn mutated_valid_lines_never_panic() {
        let seeds = [
            "step instr 4",
            "break instr 0 repeat 7",
            "watch 0x100..0x120 read",
            "watch z[0..8] any",
            "break-if z[5]>=-0x10",
            "break-if z[5] is nan",
            "print z[0x10..0x20] as bf16",
            "x 0xfffffffe 1 hex",
            "product ascend_950",
            "key <C-c>",
        ];
        let mut rng = Rng(crate::base::rng::SplitMix64::new(7));
        for _ in 0..20_000 {
            let mut chars: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(chars.len() + 1);
                match rng.below(3) {
                    0 if at < chars.len() => {
                        chars.remove(at);
                    }
                    1 if at < chars.len() => chars[at] = (rng.0.next_u64() as u8 % 96 + 32) as char,
                    _ => chars.insert(at, "[].=#x 0-é".chars().nth(rng.below(10)).unwrap()),
                }
            }
            check_line(&chars.into_iter().collect::<String>());
        }
    }
}
