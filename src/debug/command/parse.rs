//! The command-language parser: one line to a `Command`, with column-precise errors.

use super::values::*;
use super::*;
use crate::base::dtype::DType;
use crate::sim::{Granularity, Product};

/// Parses one line of the command language (docs/commands.md). `Ok(None)` for a blank line or
/// a line that is only a comment. Never panics, whatever the input.
pub fn parse_line(line: &str) -> Result<Option<Command>, ParseError> {
    // gdb's short names expand to the words they stand for; a column after them is counted
    // in the expanded line, so it is mapped back below.
    let trimmed = line.trim_start();
    let lead = line.len() - trimmed.len();
    let first_end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
    if let Some((abbr, full)) = ABBREVIATIONS
        .iter()
        .find(|(a, _)| *a == &trimmed[..first_end])
    {
        let expanded = format!("{}{full}{}", &line[..lead], &trimmed[first_end..]);
        let shift = full.chars().count() as i64 - abbr.chars().count() as i64;
        let abbr_end = (line[..lead].chars().count() + abbr.chars().count()) as u32 + 1;
        return parse_words(&expanded).map_err(|mut e| {
            if e.col > abbr_end {
                e.col = (e.col as i64 - shift).max(1) as u32;
            }
            e
        });
    }
    parse_words(line)
}

/// A command name, or the one command a unique prefix stands for (`cont`, `rev`, `del`).
fn command_name(w: Word) -> Result<&'static str, ParseError> {
    if let Some(&c) = COMMANDS.iter().find(|&&c| c == w.text) {
        return Ok(c);
    }
    let matches: Vec<&'static str> = COMMANDS
        .iter()
        .copied()
        .filter(|c| !w.text.is_empty() && c.starts_with(w.text))
        .collect();
    match matches.as_slice() {
        [one] => Ok(one),
        [] => Err(err(
            w.col,
            format!(
                "unknown command {}{}; expected one of {}",
                q(w.text),
                did_you_mean(w.text, &COMMANDS),
                COMMANDS.join(", ")
            ),
        )),
        many => Err(err(
            w.col,
            format!("{} is ambiguous: {}", q(w.text), many.join(", ")),
        )),
    }
}

fn parse_words(line: &str) -> Result<Option<Command>, ParseError> {
    let mut p = Words::new(line);
    let Some(cmd) = p.next() else {
        return Ok(None);
    };
    let name = if cmd.text == "key" {
        "key"
    } else {
        command_name(cmd)?
    };
    let command = match name {
        "step" | "back" if p.peek().is_some_and(|w| w.text == "line") => {
            let w = p.next().unwrap_or(cmd);
            let n = match p.next() {
                None => 1,
                Some(c) => count(c, || expected("a count", w, c))?,
            };
            if name == "step" {
                Command::StepLine(n)
            } else {
                Command::BackLine(n)
            }
        }
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
            let w = p.need(cmd, "a step number or \"instr\"")?;
            if matches!(w.text, "instr" | "instruction") {
                // `goto instr N [repeat R [block B]]`
                let mut at = [0u32; 3];
                let mut prev = w;
                for (k, kw) in ["", "repeat", "block"].iter().enumerate() {
                    if k > 0 {
                        match p.peek().filter(|x| x.text == *kw) {
                            Some(x) => {
                                p.next();
                                prev = x;
                            }
                            None => break,
                        }
                    }
                    let n = p.need(prev, "a number")?;
                    at[k] = number(n, u32::MAX.into(), || expected("a number", prev, n))? as u32;
                }
                Command::GotoPos(Pos {
                    instruction: at[0],
                    repeat: at[1],
                    block: at[2],
                })
            } else {
                Command::Goto(number(w, u64::MAX, || {
                    expected("a step number or \"instr\"", cmd, w)
                })?)
            }
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
        "key" => {
            return Err(err(
                cmd.col,
                "`key` presses a key in the terminal UI, which this replay does not run \
                 (use `replay --screen`)"
                    .into(),
            ))
        }
        _ => unreachable!("command_name returns a listed command"),
    };
    p.finish()?;
    Ok(Some(command))
}

/// One whitespace-separated word (or part of a word) and its 1-based column in characters.
#[derive(Clone, Copy, Debug)]
pub(super) struct Word<'a> {
    pub(super) text: &'a str,
    pub(super) col: u32,
}

impl<'a> Word<'a> {
    /// The part of this word from byte `at` on (`at` must be a char boundary).
    pub(super) fn tail(self, at: usize) -> Word<'a> {
        let skipped = self.text.get(..at).map_or(0, |s| s.chars().count());
        Word {
            text: self.text.get(at..).unwrap_or(""),
            col: self.col.saturating_add(skipped as u32),
        }
    }

    /// The part of this word before byte `at`.
    pub(super) fn head(self, at: usize) -> Word<'a> {
        Word {
            text: self.text.get(..at).unwrap_or(""),
            col: self.col,
        }
    }

    /// Column just after the word.
    pub(super) fn end_col(self) -> u32 {
        self.col.saturating_add(self.text.chars().count() as u32)
    }
}

/// The words of a line, up to a comment.
pub(super) struct Words<'a> {
    pub(super) words: Vec<Word<'a>>,
    pub(super) next: usize,
}

pub(super) fn err(col: u32, message: String) -> ParseError {
    ParseError {
        col: col.max(1),
        message,
    }
}

/// `"text"`, escaped onto one line and shortened if long.
pub(super) fn q(s: &str) -> String {
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
pub(super) fn expected(what: &str, prev: Word, w: Word) -> ParseError {
    err(
        w.col,
        format!(
            "expected {what} after {}, found {}",
            q(prev.text),
            q(w.text)
        ),
    )
}

/// The words of `line` with their 1-based columns (in characters), up to a `#` comment: the
/// tokenizer of the command language, for front ends with lines of their own (the UI's `key`).
pub fn split_words(line: &str) -> Vec<(&str, u32)> {
    Words::new(line)
        .words
        .iter()
        .map(|w| (w.text, w.col))
        .collect()
}

impl<'a> Words<'a> {
    pub(super) fn new(line: &'a str) -> Words<'a> {
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

    pub(super) fn peek(&self) -> Option<Word<'a>> {
        self.words.get(self.next).copied()
    }

    pub(super) fn next(&mut self) -> Option<Word<'a>> {
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
        // A unique prefix stands for the word (`info b`, `info break`).
        let exact = words.iter().find(|&&k| k == w.text);
        let mut prefixed = words.iter().filter(|k| k.starts_with(w.text));
        let unique = match (prefixed.next(), prefixed.next()) {
            (Some(k), None) => Some(k),
            _ => None,
        };
        match exact.or(unique) {
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
        // `break FILE:LINE`: a source line.
        if let Some((file, line)) = w.text.rsplit_once(':').filter(|(f, _)| !f.is_empty()) {
            let at = w.tail(file.len() + 1);
            let line = number(at, u32::MAX.into(), || {
                err(
                    at.col,
                    format!(
                        "expected a line number after \"{file}:\", found {}",
                        q(line)
                    ),
                )
            })? as u32;
            return Ok(Command::BreakLine {
                file: file.to_string(),
                line,
            });
        }
        // gdb's `break N`: instruction N.
        let (w, n) = if starts_with_digit(w.text) {
            (cmd, w)
        } else if matches!(w.text, "instr" | "instruction") {
            (w, self.need(w, "a number")?)
        } else {
            let hint = did_you_mean(w.text, &["instr", "instruction"]);
            return Err(err(
                w.col,
                format!(
                    "expected \"instr\" or an instruction number after \"break\", found {}{hint}",
                    q(w.text)
                ),
            ));
        };
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
            match index.range() {
                Some((start, end)) => WatchTarget::Elements { tensor, start, end },
                // A bare name: a scalar (the session says when it is a tensor).
                None => WatchTarget::Name(tensor),
            }
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
pub(super) fn end_of_line(what: &str, prev: Word) -> ParseError {
    err(
        prev.end_col(),
        format!(
            "expected {what} after {}, found the end of the line",
            q(prev.text)
        ),
    )
}

/// "expected WHAT after AFTER in WORD", pointing just past the word.
pub(super) fn end_of_word(what: &str, w: Word, after: &str) -> ParseError {
    err(
        w.end_col(),
        format!("expected {what} after {} in {}", q(after), q(w.text)),
    )
}

/// Something glued to a complete `TENSOR[…]`.
pub(super) fn after_target(rest: Word, target: Word) -> ParseError {
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
pub(super) fn one_of(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| q(w)).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, init)) => format!("{} or {last}", init.join(", ")),
    }
}

/// ` (did you mean "X"?)` when a candidate is close to `word` by edit distance, else "".
pub(super) fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    closest(word, candidates)
        .map(|c| format!(" (did you mean {}?)", q(c)))
        .unwrap_or_default()
}

pub(super) fn closest<'c>(word: &str, candidates: &[&'c str]) -> Option<&'c str> {
    crate::base::suggest::closest(word, candidates.iter().copied())
}
