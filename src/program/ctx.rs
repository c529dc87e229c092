//! The loader's shared reading state (`Ctx`): the diagnostics collected, the tensors and
//! scalars known by name, and the helpers every part uses to read fields and literals with
//! precise spans (`Fields`, `lit`, `uint`, `dtype`, `tensor`, …).

use crate::base::diag::{Diagnostic, Span};
use crate::base::dtype::DType;
use crate::base::ir::{ScalarDecl, Slot, Tensor, MAX_GM_PROGRAM};
use crate::base::spans::{self, Delim, Key, Kind, Lit, Node};
use std::path::PathBuf;

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
pub(super) fn name_list(names: &[&str], quote: &str) -> String {
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

pub(super) fn backticked<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
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
