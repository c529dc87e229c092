//! Validation of a program's text into the IR (docs/format.md §1–§4, §8).
//!
//! Owns: the order of loading (ron syntax check → position index → program fields → tensors →
//! instructions → expectations), the shared helpers every part uses to read fields and
//! literals with precise spans (`Ctx`), and the `tensors` and `expect` sections. Instructions
//! are in `instr.rs`, data forms in `data.rs`. Checks that depend on the product (UB bounds,
//! alignment, dtype support, overlaps) are the simulator's, not the loader's.

use super::data::{self, Run, Target};
use super::LoadError;
use crate::base::diag::{Diagnostic, Span};
use crate::base::dtype::DType;
use crate::base::ir::{
    Program, ScalarDecl, Slot, Space, Tensor, GM_BASE, MAX_CORES, MAX_GM_PROGRAM, MAX_UB,
};
use crate::base::product::Product;
use crate::base::spans::{self, Delim, Key, Kind, Lit, Node};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Reading state shared by every part of the loader: the diagnostics collected so far, the
/// directory `File` paths are relative to, and the tensors known by name.
pub(crate) struct Ctx {
    pub diags: Vec<Diagnostic>,
    pub base_dir: PathBuf,
    /// Every tensor declared, by name, with its index in `Program::tensors` when it is valid
    /// (None: declared but invalid, already reported; operands naming it are not reported
    /// again) and the position of its name.
    pub names: Vec<(String, Option<usize>, Span)>,
    pub tensors: Vec<Tensor>,
    /// False when the `tensors` section itself is missing or malformed: unknown tensor names
    /// are then not reported, since every one would be.
    pub tensors_ok: bool,
    /// The instruction being read, attached to its diagnostics.
    pub instr: Option<u32>,
    /// The named scalars (docs/format.md §10).
    pub scalars: Vec<ScalarDecl>,
    /// Numeric fields of the instruction being read that name a scalar.
    pub bindings: Vec<(Slot, usize)>,
    /// Bytes of global memory placed so far (docs/format.md §11).
    pub gm_used: u64,
    /// The most global memory the `gm` tensors may take together: MAX_GM_PROGRAM, or a binding
    /// program's MAX_GM.
    pub gm_limit: u32,
    /// Whether an operand's offset may lie past its tensor's length (a recorded C++ kernel's
    /// `t[i]`, which the device allows; the machine checks the access, docs/format.md §12.4).
    pub offsets_past_tensor: bool,
    /// Errors reported, shown or not.
    errors: usize,
    /// Diagnostics not kept because `MAX_DIAGNOSTICS` were already reported; whether the
    /// last one reported was dropped (its notes go with it).
    dropped: usize,
    last_dropped: bool,
}

/// The first 20 of `names`, each in `quote`s, and how many more there are.
fn name_list(names: &[&str], quote: &str) -> String {
    let shown: Vec<String> = names
        .iter()
        .take(20)
        .map(|n| format!("{quote}{n}{quote}"))
        .collect();
    match names.len().saturating_sub(20) {
        0 => shown.join(", "),
        more => format!("{}, … and {more} more", shown.join(", ")),
    }
}

/// The longest name (program, tensor, scalar) accepted, in characters.
pub(crate) const MAX_NAME: usize = 256;

/// Diagnostics kept per file: the rest are counted and summarised in one line, so a file of
/// thousands of mistakes costs no more than one of a hundred.
pub(crate) const MAX_DIAGNOSTICS: usize = 100;

/// The named fields of a `( name: value, … )` group, after unknown and duplicate fields were
/// reported.
pub(crate) struct Fields<'n> {
    /// Where to point when a field is missing (the struct's name, or its `(`).
    pub owner: Span,
    pub entries: Vec<(&'static str, Span, &'n Node)>,
}

impl<'n> Fields<'n> {
    pub fn get(&self, name: &str) -> Option<&'n Node> {
        self.entries
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, _, v)| *v)
    }
    pub fn has(&self, name: &str) -> bool {
        self.entries.iter().any(|(n, _, _)| *n == name)
    }
    /// Position of the field's name.
    pub fn key(&self, name: &str) -> Option<Span> {
        self.entries
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, k, _)| *k)
    }
}

/// `Some(x)` → x, `None` → nothing, anything else as is (optional fields may be written either
/// way, as with ron's `implicit_some`).
pub(crate) fn opt(node: &Node) -> Option<&Node> {
    match &node.kind {
        Kind::Ident(s) if s == "None" => None,
        Kind::Group(g)
            if g.name.as_deref() == Some("Some")
                && g.delim == Delim::Paren
                && g.items.len() == 1
                && g.items[0].key.is_none() =>
        {
            Some(&g.items[0].value)
        }
        _ => Some(node),
    }
}

/// The candidate closest to `name`, if it is close enough to be a likely typo.
pub(crate) fn closest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    crate::base::suggest::closest(name, candidates)
}

fn backticked<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names
        .into_iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Ctx {
    pub fn new(base_dir: PathBuf) -> Ctx {
        Ctx {
            diags: Vec::new(),
            base_dir,
            names: Vec::new(),
            tensors: Vec::new(),
            tensors_ok: true,
            instr: None,
            scalars: Vec::new(),
            bindings: Vec::new(),
            gm_used: 0,
            gm_limit: MAX_GM_PROGRAM,
            offsets_past_tensor: false,
            errors: 0,
            dropped: 0,
            last_dropped: false,
        }
    }

    /// A name from the file (program, tensor, scalar) must hold no control character: it is
    /// printed to terminals. Reports `bad-name` and returns false otherwise.
    pub fn name_ok(&mut self, name: &str, span: Span, what: &str) -> bool {
        if name.chars().count() > MAX_NAME {
            self.report(
                Diagnostic::error(
                    "bad-name",
                    format!(
                        "{what} is {} characters long; names have at most {MAX_NAME}",
                        name.chars().count()
                    ),
                )
                .at(span),
            );
            return false;
        }
        match name.chars().find(|c| c.is_control()) {
            None => true,
            Some(c) => {
                self.report(
                    Diagnostic::error(
                        "bad-name",
                        format!(
                            "{what} \"{}\" holds the control character U+{:04X}",
                            crate::base::diag::printable(name),
                            c as u32
                        ),
                    )
                    .at(span)
                    .note("names are printed to terminals; control characters could drive them"),
                );
                false
            }
        }
    }

    /// True once `MAX_DIAGNOSTICS` are kept: callers skip work (suggestions) for what would be
    /// dropped.
    pub fn full(&self) -> bool {
        self.diags.len() >= MAX_DIAGNOSTICS
    }

    /// The summary of what was dropped, if anything was.
    pub fn finish(&mut self) {
        if self.dropped > 0 {
            let n = self.dropped;
            self.diags.push(Diagnostic::error(
                "too-many-diagnostics",
                format!(
                    "{n} more diagnostic{} not shown (the first {MAX_DIAGNOSTICS} are)",
                    if n == 1 { " is" } else { "s are" }
                ),
            ));
            self.dropped = 0;
        }
    }

    /// The scalar named `name` (docs/format.md §10), or `unknown-scalar` with a suggestion.
    pub fn scalar_index(&mut self, name: &str, span: Span) -> Option<usize> {
        if let Some(i) = self.scalars.iter().position(|s| s.name == name) {
            return Some(i);
        }
        let known: Vec<&str> = self.scalars.iter().map(|s| s.name.as_str()).collect();
        let mut d = Diagnostic::error("unknown-scalar", format!("no scalar named \"{name}\""))
            .at(span)
            .note(if known.is_empty() {
                "the program declares no scalars (`scalars: { \"n\": (dtype: int32, value: 512) }`)"
                    .to_string()
            } else {
                format!("scalars: {}", name_list(&known, ""))
            });
        let suggestion = if self.full() {
            None
        } else {
            closest(name, known.iter().copied())
        };
        if let Some(s) = suggestion {
            d = d.note(format!("did you mean \"{s}\"?"));
        }
        self.report(d);
        None
    }

    /// A numeric field written as a scalar's name (`count: "n"`): records the binding for the
    /// simulator. Some(true) when bound, Some(false) when the field is not a string, None when
    /// the name is unknown (reported).
    pub fn bind(&mut self, node: &Node, slot: Slot) -> Option<bool> {
        let Some(name) = node.str_value() else {
            return Some(false);
        };
        let i = self.scalar_index(name, node.span)?;
        self.bindings.push((slot, i));
        Some(true)
    }

    pub fn report(&mut self, d: Diagnostic) {
        if d.is_error() {
            self.errors += 1;
        }
        self.last_dropped = self.full();
        if self.last_dropped {
            self.dropped += 1;
            return;
        }
        let d = match self.instr {
            Some(i) if d.instruction.is_none() => d.in_instr(i),
            _ => d,
        };
        self.diags.push(d);
    }

    pub fn error(&mut self, code: &'static str, span: Span, message: impl Into<String>) {
        self.report(Diagnostic::error(code, message).at(span));
    }

    /// Adds a note to the last diagnostic reported.
    pub fn note_last(&mut self, note: impl Into<String>) {
        if self.last_dropped {
            return;
        }
        if let Some(d) = self.diags.last_mut() {
            d.notes.push(note.into());
        }
    }

    pub fn error_count(&self) -> usize {
        self.errors
    }

    pub(crate) fn wrong_type(&mut self, node: &Node, expected: &str) {
        self.error(
            "wrong-type",
            node.span,
            format!("expected {expected}, found {}", node.describe()),
        );
    }

    /// Reads `node` as a struct `Name( field: value, … )`, where the name is optional and, if
    /// present, one of `names`. A bare identifier from `names` counts as a struct without
    /// fields. Unknown fields (`unknown-field`, with the list of valid ones) and repeated
    /// fields (`duplicate-field`) are reported and skipped.
    pub fn fields<'n>(
        &mut self,
        node: &'n Node,
        what: &str,
        names: &[&str],
        allowed: &[&'static str],
    ) -> Option<Fields<'n>> {
        let g = match &node.kind {
            Kind::Ident(n) if names.contains(&n.as_str()) => {
                return Some(Fields {
                    owner: node.span,
                    entries: Vec::new(),
                });
            }
            Kind::Group(g) if g.delim == Delim::Paren => g,
            _ => {
                self.wrong_type(node, &format!("{what} `(field: value, …)`"));
                return None;
            }
        };
        let named_ok = match &g.name {
            None => true,
            Some(n) => names.contains(&n.as_str()),
        };
        if !named_ok {
            let n = g.name.as_deref().unwrap_or_default();
            let expected = if names.is_empty() {
                format!("{what} written `(field: value, …)` without a name")
            } else {
                format!("{what} `{}(…)` or `(…)`", names[0])
            };
            self.error(
                "wrong-type",
                node.span,
                format!("expected {expected}, found `{n}(…)`"),
            );
            return None;
        }
        let mut out = Fields {
            owner: node.span,
            entries: Vec::new(),
        };
        for item in &g.items {
            let Some(Key::Field { name, span }) = &item.key else {
                self.error(
                    "wrong-type",
                    item.value.span,
                    format!(
                        "{what} takes named fields `name: value`, found the positional value {}",
                        item.value.describe()
                    ),
                );
                continue;
            };
            let Some(&field) = allowed.iter().find(|a| **a == name) else {
                let mut d = Diagnostic::error(
                    "unknown-field",
                    if allowed.is_empty() {
                        format!("unknown field `{name}`: {what} takes no fields")
                    } else {
                        format!(
                            "unknown field `{name}` in {what}, expected one of {}",
                            backticked(allowed.iter().copied())
                        )
                    },
                )
                .at(*span);
                if let Some(s) = closest(name, allowed.iter().copied()) {
                    d = d.note(format!("did you mean `{s}`?"));
                }
                self.report(d);
                continue;
            };
            if let Some(first) = out.key(field) {
                self.report(
                    Diagnostic::error(
                        "duplicate-field",
                        format!("field `{field}` is given twice in {what}"),
                    )
                    .at(*span)
                    .note(format!("first given at {}:{}", first.line, first.col)),
                );
                continue;
            }
            out.entries.push((field, *span, &item.value));
        }
        Some(out)
    }

    /// A required field; `missing-field` at the owner when absent.
    pub fn require<'n>(&mut self, f: &Fields<'n>, name: &str, what: &str) -> Option<&'n Node> {
        let v = f.get(name);
        if v.is_none() {
            self.error(
                "missing-field",
                f.owner,
                format!("missing field `{name}` in {what}"),
            );
        }
        v
    }

    /// A number literal (integer, float, `inf`, `-inf`, `NaN`).
    pub fn lit(&mut self, node: &Node, what: &str) -> Option<Lit> {
        let text = match &node.kind {
            Kind::Number(t) => t.as_str(),
            Kind::Ident(t) if t.starts_with("inf") || t.starts_with("NaN") => t.as_str(),
            _ => {
                self.wrong_type(node, &format!("{what} (a number)"));
                return None;
            }
        };
        match spans::decode_number(text) {
            Some(Lit::Float(_)) if spans::is_integer_text(text) => {
                self.error(
                    "value-out-of-range",
                    node.span,
                    format!("the integer `{text}` is too large for any element type"),
                );
                None
            }
            Some(l) => Some(l),
            None => {
                self.wrong_type(node, &format!("{what} (a number)"));
                None
            }
        }
    }

    /// A non-negative integer at most `max`.
    pub fn uint(&mut self, node: &Node, what: &str, max: u128) -> Option<u128> {
        match self.lit(node, what)? {
            Lit::Int(v) if v >= 0 && v as u128 <= max => Some(v as u128),
            Lit::Int(v) => {
                let expected = if v < 0 {
                    "an integer ≥ 0".to_string()
                } else {
                    format!("at most {max}")
                };
                self.report(
                    Diagnostic::error(
                        "value-out-of-range",
                        format!("{what} is {v}, expected {expected}"),
                    )
                    .at(node.span),
                );
                None
            }
            Lit::Float(_) => {
                self.wrong_type(node, &format!("{what} (an integer)"));
                None
            }
        }
    }

    pub fn boolean(&mut self, node: &Node, what: &str) -> Option<bool> {
        match node.ident() {
            Some("true") => Some(true),
            Some("false") => Some(false),
            _ => {
                self.wrong_type(node, &format!("{what} (`true` or `false`)"));
                None
            }
        }
    }

    pub fn string<'n>(&mut self, node: &'n Node, what: &str) -> Option<&'n str> {
        let s = node.str_value();
        if s.is_none() {
            self.wrong_type(node, &format!("{what} (a string)"));
        }
        s
    }

    /// An element type name or alias (docs/format.md §3).
    pub fn dtype(&mut self, node: &Node) -> Option<DType> {
        let Some(name) = node.ident() else {
            let hint = match node.str_value() {
                Some(s) if DType::parse(s).is_some() => format!(" (write {s} without quotes)"),
                _ => String::new(),
            };
            self.wrong_type(node, &format!("an element type such as `half`{hint}"));
            return None;
        };
        if let Some(d) = DType::parse(name) {
            return Some(d);
        }
        let all: Vec<String> = DType::ALL
            .iter()
            .map(|d| format!("{} ({})", d.name(), d.alias()))
            .collect();
        let mut d = Diagnostic::error("unknown-dtype", format!("unknown element type `{name}`"))
            .at(node.span)
            .note(format!("element types: {}", all.join(", ")));
        // The numpy and C++ spellings an Ascend C author types first.
        let known = match name {
            "float16" | "fp16" | "half_t" => Some("half"),
            "float32" | "fp32" | "float_t" => Some("float"),
            "bfloat16_t" | "bf16_t" => Some("bfloat16"),
            "int8_t" => Some("int8"),
            "uint8_t" => Some("uint8"),
            "int16_t" => Some("int16"),
            "uint16_t" => Some("uint16"),
            "int32_t" | "int" => Some("int32"),
            "uint32_t" => Some("uint32"),
            "int64_t" => Some("int64"),
            "uint64_t" => Some("uint64"),
            _ => None,
        };
        let names = DType::ALL.iter().flat_map(|d| [d.name(), d.alias()]);
        if let Some(k) = known {
            d = d.note(format!("`{name}` is written `{k}` here"));
        } else if let Some(s) = closest(name, names) {
            d = d.note(format!("did you mean `{s}`?"));
        }
        self.report(d);
        None
    }

    /// Looks up a tensor by name: Some(Some(i)) valid, Some(None) declared but invalid (already
    /// reported), None unknown (reported here with the known names at `span`).
    pub fn tensor(&mut self, name: &str, span: Span) -> Option<Option<usize>> {
        if let Some((_, idx, _)) = self.names.iter().find(|(n, _, _)| n == name) {
            return Some(*idx);
        }
        if self.tensors_ok {
            let known: Vec<&str> = self.names.iter().map(|(n, _, _)| n.as_str()).collect();
            let mut d = Diagnostic::error("unknown-tensor", format!("no tensor named \"{name}\""))
                .at(span)
                .note(if known.is_empty() {
                    "the program declares no tensors".to_string()
                } else {
                    format!("tensors: {}", name_list(&known, "\""))
                });
            let suggestion = if self.full() {
                None
            } else {
                closest(name, known.iter().copied())
            };
            if let Some(s) = suggestion {
                d = d.note(format!("did you mean \"{s}\"?"));
            }
            self.report(d);
            None
        } else {
            Some(None)
        }
    }
}

/// Maps ron's syntax error to one diagnostic at ron's position (docs/format.md §1: the
/// file must be valid RON).
/// The text ron checks: `File("x.bin", at: N)` mixes a positional and a named argument, which
/// RON's grammar does not have, so its `at:` becomes `at,` (same length: every position ron
/// reports stays right). ascstep's own index reads the original text.
fn ron_view(text: &str) -> std::borrow::Cow<'_, str> {
    let b = text.as_bytes();
    let mut fixes = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find("File(") {
        let mut i = from + k + "File(".len();
        from = i;
        let ws = |i: &mut usize| {
            while *i < b.len() && b[*i].is_ascii_whitespace() {
                *i += 1;
            }
        };
        ws(&mut i);
        if i >= b.len() || b[i] != b'"' {
            continue;
        }
        i += 1;
        while i < b.len() && b[i] != b'"' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        i += 1;
        ws(&mut i);
        if i >= b.len() || b[i] != b',' {
            continue;
        }
        i += 1;
        ws(&mut i);
        if !text[i.min(b.len())..].starts_with("at") {
            continue;
        }
        i += 2;
        ws(&mut i);
        if i < b.len() && b[i] == b':' {
            fixes.push(i);
        }
    }
    if fixes.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = text.as_bytes().to_vec();
    for i in fixes {
        out[i] = b',';
    }
    std::borrow::Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_string()))
}

/// A RON syntax error where a C++ author wrote C++: a brace initialiser (`params: {1, 1, 8,
/// 8}`) or a qualified enumerator (`ReduceOrder::ORDER_ONLY_VALUE`) gets a note saying how RON
/// spells it.
fn cpp_hint(d: Diagnostic, text: &str) -> Diagnostic {
    let Some(span) = d.span else {
        return d;
    };
    let Some(line) = text.lines().nth(span.line.saturating_sub(1) as usize) else {
        return d;
    };
    let col = (span.col.saturating_sub(1) as usize).min(line.chars().count());
    let chars: Vec<char> = line.chars().collect();
    let before: String = chars[..col].iter().collect();
    // `Qualifier::NAME`: the error lands on or just after the `::`.
    let colons = (col.saturating_sub(2)..(col + 2).min(chars.len()))
        .find(|&i| chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':'));
    if let Some(i) = colons {
        let name: String = chars[i + 2..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect();
        return d.note(format!(
            "qualified C++ names are not RON: write the enumerator alone{}",
            if name.is_empty() {
                String::new()
            } else {
                format!(": `{name}`")
            }
        ));
    }
    // The innermost `{` still open before the error, and the field it belongs to.
    let upto: String = text
        .lines()
        .take(span.line.saturating_sub(1) as usize)
        .map(|l| format!("{l}\n"))
        .chain(std::iter::once(before.clone()))
        .collect();
    let mut depth = 0i32;
    let mut open = None;
    for (i, ch) in upto.char_indices().rev() {
        match ch {
            '}' | ']' | ')' => depth += 1,
            '{' | '[' | '(' if depth > 0 => depth -= 1,
            '{' => {
                open = Some(i);
                break;
            }
            '[' | '(' => break,
            _ => {}
        }
    }
    if let Some(i) = open {
        let field: String = upto[..i]
            .trim_end()
            .strip_suffix(':')
            .map(|f| {
                f.chars()
                    .rev()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect::<String>()
                    .chars()
                    .rev()
                    .collect()
            })
            .unwrap_or_default();
        let is_map = ["tensors", "scalars"].contains(&field.as_str());
        if !field.is_empty() && !is_map {
            return d.note(format!(
                "`{field}` is a list: RON writes the C++ brace initialiser {{1, 1, 8, 8}} as [1, 1, 8, 8]"
            ));
        }
    }
    d
}

fn ron_error(e: &ron::error::SpannedError) -> Diagnostic {
    let code = match e.code {
        ron::Error::IntegerOutOfBounds => "value-out-of-range",
        _ => "parse-error",
    };
    let msg = e.code.to_string();
    let mut chars = msg.chars();
    let msg = match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect::<String>(),
        None => msg,
    };
    // ron's span runs from the start of the last token it consumed to where it stopped. Where
    // it stopped is the problem, except for errors about a token itself (a number, a string),
    // whose start is the better place to point at.
    let token_error = matches!(
        e.code,
        ron::Error::IntegerOutOfBounds
            | ron::Error::InvalidIntegerDigit { .. }
            | ron::Error::ExpectedFloat
            | ron::Error::FloatUnderscore
            | ron::Error::UnderscoreAtBeginning
            | ron::Error::ExpectedStringEnd
            | ron::Error::InvalidEscape(_)
            | ron::Error::ExpectedChar
    );
    let pos = if token_error {
        &e.span.start
    } else {
        &e.span.end
    };
    Diagnostic::error(code, format!("invalid RON: {msg}")).at(Span::new(
        u32::try_from(pos.line).unwrap_or(u32::MAX),
        u32::try_from(pos.col).unwrap_or(u32::MAX),
    ))
}

const PROGRAM_FIELDS: [&str; 10] = [
    "name", "product", "ub_size", "tensors", "gm", "scalars", "code", "expect", "blocks", "args",
];
pub(super) const SCALAR_FIELDS: [&str; 2] = ["dtype", "value"];
const TENSOR_FIELDS: [&str; 4] = ["dtype", "addr", "len", "init"];
const GM_FIELDS: [&str; 3] = ["dtype", "len", "init"];
pub(super) const EXPECT_FIELDS: [&str; 8] = [
    "tensor",
    "at",
    "len",
    "values",
    "rel",
    "abs",
    "max_mismatch_ratio",
    "unwritten",
];

/// Loads a program from its text; `path` names it in diagnostics and anchors `File` paths.
/// `Core(n)` in `code`: Some(Some(n)), or Some(None) after reporting a bad one; None for
/// anything else (an instruction).
fn core_directive(ctx: &mut Ctx, node: &Node) -> Option<Option<u32>> {
    let g = node.group().filter(|g| g.name.as_deref() == Some("Core"))?;
    match g.items.as_slice() {
        [item] if item.key.is_none() => Some(
            ctx.uint(&item.value, "the core of `Core(n)`", MAX_CORES as u128 - 1)
                .map(|n| n as u32),
        ),
        _ => {
            ctx.error(
                "wrong-type",
                node.span,
                format!("`Core` takes one number, the AI core the instructions after it run on (0 to {}), as in `Core(1)`", MAX_CORES - 1),
            );
            Some(None)
        }
    }
}

pub(crate) fn load_str(path: &Path, text: &str) -> Result<Program, LoadError> {
    let source: Arc<str> = Arc::from(text);
    let fail = |diagnostics: Vec<Diagnostic>| LoadError {
        diagnostics,
        source: source.clone(),
        path: path.to_path_buf(),
    };
    // The text is parsed once, into ascstep's position index, and read from there. Syntax is
    // ron's to judge: when the index or the reading finds anything wrong, ron checks the
    // text, and a text it rejects gets its one diagnostic (after a syntax error nothing else
    // is reliable), as if it had been checked first. A text read without an error is valid
    // RON: the index takes only RON's structure, and every literal read was decoded by ron
    // (`spans::decode_number`, `decode_string`).
    let syntax = || syntax_error(text);
    // The instructions are only delimited here, and parsed one at a time as they are read
    // (`spans::index_lazy`).
    let (root, code) = match spans::index_lazy(text, Some("code")) {
        Ok(r) => r,
        Err(e) => {
            return Err(fail(vec![syntax().unwrap_or_else(|| {
                Diagnostic::error(
                    "parse-error",
                    format!("cannot index this RON text: {}", e.message),
                )
                .at(e.span)
                .note("ron accepts the text; this is a limitation of ascstep's position index")
            })]))
        }
    };
    let base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut ctx = Ctx::new(base_dir);
    let program = read_program(&mut ctx, &root, code, path, &source);
    ctx.finish();
    if ctx.error_count() > 0 {
        return Err(fail(syntax().map_or(ctx.diags, |d| vec![d])));
    }
    program.ok_or_else(|| fail(ctx.diags))
}

/// Ron's verdict on a program text's syntax: its one diagnostic when it rejects the text.
pub(crate) fn syntax_error(text: &str) -> Option<Diagnostic> {
    ron::Options::default()
        .from_str::<serde::de::IgnoredAny>(&ron_view(text))
        .err()
        .map(|e| cpp_hint(ron_error(&e), text))
}

fn read_program(
    ctx: &mut Ctx,
    root: &Node,
    code_items: Vec<spans::Raw>,
    path: &Path,
    source: &Arc<str>,
) -> Option<Program> {
    let f = ctx.fields(root, "the program", &["Program"], &PROGRAM_FIELDS)?;
    let name = f.get("name").and_then(opt).and_then(|n| {
        let t = ctx.string(n, "the program name")?.to_string();
        ctx.name_ok(&t, n.span, "the program name").then_some(t)
    });
    let product = match f.get("product").and_then(opt) {
        None => Product::default(),
        Some(n) => product(ctx, n).unwrap_or_default(),
    };
    let ub_size = f
        .get("ub_size")
        .and_then(opt)
        .and_then(|n| ctx.uint(n, "ub_size", u32::MAX as u128))
        .map(|v| v as u32);

    // A binding program (docs/format.md §12.2): `code: Kernel(…)`, its tensors the GM
    // arguments.
    let binding = f
        .get("code")
        .filter(|c| {
            matches!(&c.kind, Kind::Group(g) if g.name.as_deref() == Some("Kernel"))
                || matches!(&c.kind, Kind::Ident(i) if i == "Kernel")
        })
        .cloned();
    let kernel = match &binding {
        Some(c) => {
            if let Some(t) = f.get("tensors").and_then(opt) {
                tensors(ctx, t, Space::Ub);
            }
            super::binding::read(ctx, c, &f).map(Arc::new)
        }
        None => {
            for (field, n) in [("blocks", f.get("blocks")), ("args", f.get("args"))] {
                if let Some(n) = n {
                    ctx.error(
                        "unknown-field",
                        f.key(field).unwrap_or(n.span),
                        format!("`{field}` belongs to a binding program (`code: Kernel(…)`, docs/format.md §12.2)"),
                    );
                }
            }
            match ctx.require(&f, "tensors", "the program") {
                Some(t) => tensors(ctx, t, Space::Ub),
                None => ctx.tensors_ok = false,
            }
            None
        }
    };
    if let Some(g) = f.get("gm").and_then(opt) {
        tensors(ctx, g, Space::Gm);
    }
    if let Some(s) = f.get("scalars").and_then(opt) {
        super::scalars::scalars(ctx, s);
    }
    let mut code = Vec::new();
    if binding.is_some() {
        // The kernel's calls are recorded when it runs.
    } else if let Some(c) = ctx.require(&f, "code", "the program") {
        match c.group() {
            Some(g) if g.delim == Delim::Bracket => {
                // `Core(n)`: the instructions after it run on AI core n, with its own UB
                // (docs/format.md §12.4, docs/semantics.md §20).
                let mut core = 0;
                let mut index = 0;
                // Each instruction's tree is built, read and dropped in turn.
                let parsed = code_items.iter().map(|raw| spans::index_raw(source, raw));
                let listed = g.items.iter().map(|item| Ok(item.value.clone()));
                code.reserve(code_items.len() + g.items.len());
                for node in parsed.chain(listed) {
                    let node = match node {
                        Ok(n) => n,
                        Err(e) => {
                            ctx.error("parse-error", e.span, e.message);
                            continue;
                        }
                    };
                    if let Some(n) = core_directive(ctx, &node) {
                        core = n.unwrap_or(core);
                        continue;
                    }
                    ctx.instr = Some(index);
                    index += 1;
                    if let Some(mut ins) = super::instr::read(ctx, &node) {
                        ins.core = core;
                        code.push(ins);
                    }
                    ctx.instr = None;
                }
            }
            _ => ctx.wrong_type(c, "the instruction list `code: [ … ]`"),
        }
    }
    let mut expect = Vec::new();
    if let Some(e) = f.get("expect").and_then(opt) {
        match e.group() {
            Some(g) if g.delim == Delim::Bracket => {
                for item in &g.items {
                    if let Some(x) = super::expect::expect_entry(ctx, &item.value) {
                        expect.push(x);
                    }
                }
            }
            _ => ctx.wrong_type(e, "the expectation list `expect: [ … ]`"),
        }
    }
    Some(Program {
        path: path.to_path_buf(),
        source: source.clone(),
        name,
        product,
        ub_size,
        tensors: std::mem::take(&mut ctx.tensors),
        scalars: std::mem::take(&mut ctx.scalars),
        code,
        expect,
        kernel,
        origins: None,
    })
}

/// `product: atlas_a2` (docs/format.md §2).
fn product(ctx: &mut Ctx, node: &Node) -> Option<Product> {
    let Some(key) = node.ident() else {
        ctx.wrong_type(node, "a product key such as `atlas_a2` (without quotes)");
        return None;
    };
    if let Some(p) = Product::parse(key) {
        return Some(p);
    }
    let mut d = Diagnostic::error("unknown-product", format!("unknown product `{key}`"))
        .at(node.span)
        .note(format!("products: {}", Product::list()));
    if let Some(s) = closest(key, Product::ALL.iter().map(|p| p.key())) {
        d = d.note(format!("did you mean `{s}`?"));
    }
    ctx.report(d);
    None
}

/// `tensors: { "name": (dtype, addr, len, init), … }` (docs/format.md §4) and `gm: { "name":
/// (dtype, len, init), … }` (§11), in the order written; one namespace for both.
fn tensors(ctx: &mut Ctx, node: &Node, space: Space) {
    let items = match node.group() {
        Some(g) if g.delim == Delim::Brace => &g.items,
        _ => {
            let what = match space {
                Space::Ub => "the tensor map `tensors: { \"name\": (…), … }`",
                Space::Gm => {
                    "the global-memory tensor map `gm: { \"name\": (dtype: …, len: …), … }`"
                }
            };
            ctx.wrong_type(node, what);
            ctx.tensors_ok = false;
            return;
        }
    };
    for item in items {
        let Some(Key::Entry(key)) = &item.key else {
            continue; // braces always carry keys
        };
        let Some(name) = key.str_value() else {
            ctx.wrong_type(key, "a tensor name in quotes");
            continue;
        };
        if !ctx.name_ok(name, key.span, "tensor name") {
            continue;
        }
        if let Some(&(_, _, first)) = ctx.names.iter().find(|(n, _, _)| n == name) {
            ctx.report(
                Diagnostic::error(
                    "duplicate-tensor",
                    format!("tensor \"{name}\" is declared twice"),
                )
                .at(key.span)
                .note(format!("first declared at {}:{}", first.line, first.col)),
            );
            continue;
        }
        let idx = tensor(ctx, name, key.span, &item.value, space);
        let idx = idx.map(|t| {
            ctx.tensors.push(t);
            ctx.tensors.len() - 1
        });
        ctx.names.push((name.to_string(), idx, key.span));
    }
}

pub(super) fn tensor(
    ctx: &mut Ctx,
    name: &str,
    name_span: Span,
    node: &Node,
    space: Space,
) -> Option<Tensor> {
    let what = match space {
        Space::Ub => format!("tensor \"{name}\""),
        Space::Gm => format!("GM tensor \"{name}\""),
    };
    let before = ctx.error_count();
    let allowed: &[&str] = match space {
        Space::Ub => &TENSOR_FIELDS,
        Space::Gm => &GM_FIELDS,
    };
    let mut f = ctx.fields(node, &what, &[], allowed)?;
    f.owner = name_span;
    let dtype = ctx.require(&f, "dtype", &what).and_then(|n| ctx.dtype(n));
    let addr = match space {
        Space::Ub => ctx
            .require(&f, "addr", &what)
            .and_then(|n| ctx.uint(n, "addr", u32::MAX as u128)),
        Space::Gm => Some(0),
    };
    let len_node = ctx.require(&f, "len", &what);
    let len = len_node.and_then(|n| ctx.uint(n, "len", u32::MAX as u128));
    let (dtype, addr, len, len_node) = (dtype?, addr? as u32, len? as u32, len_node?);
    let bytes = len as u64 * dtype.size() as u64;
    // Global memory: placed one tensor after another, 512-byte aligned, within MAX_GM.
    let addr = match space {
        Space::Ub => addr,
        Space::Gm => {
            let at = ctx.gm_used.next_multiple_of(512);
            if at + bytes > ctx.gm_limit as u64 {
                ctx.report(
                    Diagnostic::error(
                        "value-out-of-range",
                        format!(
                            "{what} needs {bytes} bytes ({len} × {}){}: more than the {} bytes of global memory ascstep simulates",
                            dtype.size(),
                            if at > 0 {
                                format!(" after {at} bytes of GM tensors before it")
                            } else {
                                String::new()
                            },
                            ctx.gm_limit
                        ),
                    )
                    .at(len_node.span)
                    .note("a debugging run needs a tile loop's worth of data, not a whole model (docs/format.md §11)"),
                );
                return None;
            }
            ctx.gm_used = at + bytes;
            GM_BASE + at as u32
        }
    };
    // A UB tensor longer than any UB is refused before its data is built.
    let end = addr as u64 + bytes;
    if space == Space::Ub && end > MAX_UB as u64 && end <= u32::MAX as u64 {
        ctx.report(
            Diagnostic::error(
                "tensor-outside-ub",
                format!(
                    "{what} spans {addr:#x}..{:#x} ({len} × {} bytes), beyond the largest UB ascstep simulates ({MAX_UB} bytes with `ub_size`)",
                    addr as u64 + bytes,
                    dtype.size()
                ),
            )
            .at(len_node.span)
            .note("UB sizes: docs/semantics.md §7 item 3; whole inputs belong in `gm` (docs/format.md §11)"),
        );
        return None;
    }
    if len == 0 {
        ctx.error(
            "value-out-of-range",
            len_node.span,
            format!("{what} has len 0; a tensor needs at least one element"),
        );
        return None;
    }
    // The whole tensor must lie in the 32-bit byte address space (the UB bound is the
    // product's, checked by the simulator).
    let end = addr as u64 + len as u64 * dtype.size() as u64;
    if end > u32::MAX as u64 {
        ctx.report(
            Diagnostic::error(
                "value-out-of-range",
                format!(
                    "{what} ends at byte {end:#x} (addr {addr:#x} + {len} × {} bytes), beyond the 32-bit address space",
                    dtype.size()
                ),
            )
            .at(len_node.span),
        );
        return None;
    }
    let init = match f.get("init").and_then(opt) {
        None => None,
        Some(n) => {
            let t = Target { name, dtype };
            let form = data::parse(ctx, n, &t, 0)?;
            let run = Run {
                at: 0,
                len,
                cyclic: false,
                what: format!("the init of {what} (len {len})"),
            };
            Some(form.materialize(ctx, &t, &run)?)
        }
    };
    if ctx.error_count() > before {
        return None;
    }
    Some(Tensor {
        name: name.to_string(),
        dtype,
        addr,
        len,
        init,
        span: name_span,
        space,
    })
}
