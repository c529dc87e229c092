//! Validation of a program's text into the IR (docs/format.md §1–§4, §8).
//!
//! Owns: the order of loading (ron syntax check → position index → program fields → tensors →
//! instructions → expectations), the shared helpers every part uses to read fields and
//! literals with precise spans (`Ctx`, in `ctx.rs`), and the `tensors` and `expect` sections. Instructions
//! are in `instr.rs`, data forms in `data.rs`. Checks that depend on the product (UB bounds,
//! alignment, dtype support, overlaps) are the simulator's, not the loader's.

use super::data::{self, Run, Target};
use super::LoadError;
use crate::base::diag::{Diagnostic, Span};
use crate::base::ir::{Program, Space, Tensor, GM_BASE, MAX_CORES, MAX_UB};
use crate::base::product::Product;
use crate::base::spans::{self, Delim, Key, Kind, Node};
use std::path::Path;
use std::sync::Arc;

pub(crate) use super::ctx::{closest, opt, Ctx, Fields};

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

/// Maps ron's syntax error to one diagnostic at ron's position (docs/format.md §1: the
/// file must be valid RON).
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

const PROGRAM_FIELDS: [&str; 11] = [
    "name", "product", "ub_size", "tensors", "gm", "regs", "scalars", "code", "expect", "blocks",
    "args",
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
    load_source(path, Arc::from(text))
}

/// `load_str` on text already shared (the file's bytes need not be kept beside it).
pub(crate) fn load_source(path: &Path, source: Arc<str>) -> Result<Program, LoadError> {
    let text: &str = &source;
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
    if let Some(r) = f.get("regs").and_then(opt) {
        let section = f.key("regs").unwrap_or(r.span);
        super::regs::regs(ctx, r, section, product);
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
                        code.push(Arc::new(ins));
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
                Space::Reg | Space::Mask => "the register map `regs`",
            };
            ctx.wrong_type(node, what);
            ctx.tensors_ok = false;
            return;
        }
    };
    named(ctx, items, "tensor", |ctx, name, span, value| {
        tensor(ctx, name, span, value, space)
    });
}

/// The entries of a map of named tensors (`kind`: "tensor", "register"), in the one namespace:
/// each name checked and new, each value made by `make`.
pub(super) fn named(
    ctx: &mut Ctx,
    items: &[spans::Item],
    kind: &str,
    mut make: impl FnMut(&mut Ctx, &str, Span, &Node) -> Option<Tensor>,
) {
    for item in items {
        let Some(Key::Entry(key)) = &item.key else {
            continue; // braces always carry keys
        };
        let Some(name) = key.str_value() else {
            ctx.wrong_type(key, &format!("a {kind} name in quotes"));
            continue;
        };
        if !ctx.name_ok(name, key.span, &format!("{kind} name")) {
            continue;
        }
        if let Some(&(_, _, first)) = ctx.names.iter().find(|(n, _, _)| n == name) {
            ctx.report(
                Diagnostic::error(
                    "duplicate-tensor",
                    format!("{kind} \"{name}\" is declared twice"),
                )
                .at(key.span)
                .note(format!("first declared at {}:{}", first.line, first.col)),
            );
            continue;
        }
        let idx = make(ctx, name, key.span, &item.value).map(|t| {
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
        Space::Reg | Space::Mask => format!("register \"{name}\""),
    };
    let before = ctx.error_count();
    let allowed: &[&str] = match space {
        Space::Ub => &TENSOR_FIELDS,
        Space::Gm | Space::Reg | Space::Mask => &GM_FIELDS,
    };
    let mut f = ctx.fields(node, &what, &[], allowed)?;
    f.owner = name_span;
    let dtype = ctx.require(&f, "dtype", &what).and_then(|n| ctx.dtype(n));
    let addr = match space {
        Space::Ub => ctx
            .require(&f, "addr", &what)
            .and_then(|n| ctx.uint(n, "addr", u32::MAX as u128)),
        Space::Gm | Space::Reg | Space::Mask => Some(0),
    };
    let len_node = ctx.require(&f, "len", &what);
    let len = len_node.and_then(|n| ctx.uint(n, "len", u32::MAX as u128));
    let (dtype, addr, len, len_node) = (dtype?, addr? as u32, len? as u32, len_node?);
    let bytes = len as u64 * dtype.size() as u64;
    // Global memory: placed one tensor after another, 512-byte aligned, within MAX_GM.
    let addr = match space {
        Space::Ub | Space::Reg | Space::Mask => addr,
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
    let init = init(
        ctx,
        &f,
        Target { name, dtype },
        len,
        &format!("{what} (len {len})"),
    )?;
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

/// A tensor's or register's `init` (docs/format.md §4): its `len` elements' bytes, None without
/// one; the outer None after an error reported.
pub(super) fn init(
    ctx: &mut Ctx,
    f: &Fields,
    t: Target,
    len: u32,
    what: &str,
) -> Option<Option<Vec<u8>>> {
    let Some(n) = f.get("init").and_then(opt) else {
        return Some(None);
    };
    let form = data::parse(ctx, n, &t, 0)?;
    let run = Run {
        at: 0,
        len,
        cyclic: false,
        what: format!("the init of {what}"),
    };
    Some(Some(form.materialize(ctx, &t, &run)?))
}
