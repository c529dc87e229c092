//! A binding program (docs/format.md §12.2): `code: Kernel(file, entry, include, define,
//! tiling_key)`, `blocks` and `args`, read into a [`KernelBinding`]. GM arguments become GM
//! tensors of the program (so `expect` names them); the kernel itself is compiled and run by
//! `kernel::binding`.

use super::load::{Ctx, Fields};
use crate::base::diag::Span;
use crate::base::ir::{KernelArg, KernelBinding, Space, MAX_CORES};
use crate::base::spans::{Delim, Item, Key, Kind, Node};

const KERNEL_FIELDS: [&str; 5] = ["file", "entry", "include", "define", "tiling_key"];

/// Reads `code: Kernel(…)` with the program's `blocks` and `args`.
pub(super) fn read(ctx: &mut Ctx, code: &Node, f: &Fields) -> Option<KernelBinding> {
    let k = ctx.fields(code, "the kernel binding", &["Kernel"], &KERNEL_FIELDS)?;
    let file = ctx
        .require(&k, "file", "Kernel")
        .and_then(|n| ctx.string(n, "the kernel's file"))
        .map(|s| ctx.base_dir.join(s));
    let entry = ctx
        .require(&k, "entry", "Kernel")
        .and_then(|n| ctx.string(n, "the entry (a __global__ function)"))
        .map(str::to_string);
    let mut include = Vec::new();
    if let Some(n) = k.get("include") {
        for item in list(ctx, n, "`include: [\"dir\", …]`") {
            if let Some(s) = ctx.string(&item.value, "an include directory") {
                include.push(ctx.base_dir.join(s));
            }
        }
    }
    let mut define = Vec::new();
    if let Some(n) = k.get("define") {
        match n.group() {
            Some(g) if g.delim == Delim::Brace => {
                for (name, _, value) in keyed(ctx, &g.items, "a macro name in quotes") {
                    let value = match &value.kind {
                        Kind::Str { value, .. } => value.clone(),
                        Kind::Number(v) => v.clone(),
                        Kind::Ident(v) if v == "true" || v == "false" => v.clone(),
                        _ => {
                            ctx.wrong_type(value, "a macro's value (a string or a number)");
                            continue;
                        }
                    };
                    define.push(format!("{name}={value}"));
                }
            }
            _ => ctx.wrong_type(n, "`define: { \"NAME\": \"value\", … }`"),
        }
    }
    let tiling_key = k
        .get("tiling_key")
        .and_then(|n| ctx.uint(n, "tiling_key", u64::MAX as u128))
        .map(|v| v as u64);
    let blocks = match f.get("blocks") {
        None => 1,
        Some(n) => match ctx.uint(n, "blocks", MAX_CORES as u128)? {
            0 => {
                ctx.error(
                    "value-out-of-range",
                    n.span,
                    "blocks is 0; a launch runs at least one block",
                );
                return None;
            }
            b => b as u32,
        },
    };
    let args = match f.get("args") {
        Some(a) => args(ctx, a),
        None => Vec::new(),
    };
    Some(KernelBinding {
        file: file?,
        entry: entry?,
        include,
        define,
        tiling_key,
        blocks,
        args,
        span: code.span,
    })
}

/// The `"key": value` entries of a brace group whose keys are strings: (key text, key node,
/// value); another key is reported as `what`.
fn keyed<'n>(ctx: &mut Ctx, items: &'n [Item], what: &str) -> Vec<(&'n str, &'n Node, &'n Node)> {
    let mut out = Vec::new();
    for item in items {
        let Some(Key::Entry(key)) = &item.key else {
            continue;
        };
        match key.str_value() {
            Some(s) => out.push((s, key, &item.value)),
            None => ctx.wrong_type(key, what),
        }
    }
    out
}

fn list<'n>(ctx: &mut Ctx, n: &'n Node, what: &str) -> &'n [Item] {
    match n.group() {
        Some(g) if g.delim == Delim::Bracket => &g.items,
        _ => {
            ctx.wrong_type(n, what);
            &[]
        }
    }
}

/// `args: { "x": (dtype, len, init), "n": 128, "w": None, "tiling": Tiling(…) }`.
fn args(ctx: &mut Ctx, node: &Node) -> Vec<(String, KernelArg)> {
    // A kernel's arguments are its whole inputs: the simulator's global memory, not a RON
    // program's tile (docs/format.md §12.2).
    ctx.gm_limit = crate::base::ir::MAX_GM;
    let items = match node.group() {
        Some(g) if g.delim == Delim::Brace => &g.items,
        _ => {
            ctx.wrong_type(node, "`args: { \"parameter\": value, … }`");
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for (name, key, v) in keyed(ctx, items, "a parameter name in quotes") {
        if !ctx.name_ok(name, key.span, "parameter name") {
            continue;
        }
        let arg = match &v.kind {
            Kind::Number(n) => KernelArg::Number(n.clone()),
            Kind::Ident(i) if i == "None" => KernelArg::Null,
            Kind::Ident(i) if i == "true" || i == "false" => KernelArg::Number(i.clone()),
            Kind::Group(g) if g.name.as_deref() == Some("Tiling") => match tiling(ctx, v) {
                Some(t) => t,
                None => continue,
            },
            Kind::Group(g) if g.name.as_deref() == Some("TensorList") => {
                match tensor_list(ctx, name, key.span, v) {
                    Some(a) => a,
                    None => continue,
                }
            }
            Kind::Group(g) if g.name.is_none() && g.delim == Delim::Paren => {
                // `len: 0` (a workspace) is an allocation without a tensor.
                let empty = g.items.iter().any(|it| {
                    matches!(&it.key, Some(Key::Field { name, .. }) if name == "len")
                        && matches!(&it.value.kind, Kind::Number(n) if n == "0")
                });
                if empty {
                    KernelArg::Gm { tensor: None }
                } else {
                    let Some(t) = super::load::tensor(ctx, name, key.span, v, Space::Gm) else {
                        continue;
                    };
                    ctx.tensors.push(t);
                    let i = ctx.tensors.len() - 1;
                    ctx.names.push((name.to_string(), Some(i), key.span));
                    KernelArg::Gm { tensor: Some(i) }
                }
            }
            _ => {
                ctx.wrong_type(
                    v,
                    "a GM tensor `(dtype: …, len: …, init: …)`, a number, `None`, `TensorList([…])` or `Tiling(\"Struct\", { … })`",
                );
                continue;
            }
        };
        out.push((name.to_string(), arg));
    }
    out
}

/// `Tiling("Struct", { "field": value, "a.b": value, "arr": [1, 2] })`, optionally with a
/// third item, the header that defines the struct.
/// `TensorList([(dtype: …, len: …, init: …), …])`: a dynamic input, each tensor a GM tensor
/// named `NAME_i` (docs/format.md §12.2).
fn tensor_list(ctx: &mut Ctx, name: &str, key: Span, node: &Node) -> Option<KernelArg> {
    let usage = "`TensorList([(dtype: …, len: …, init: …), …])`";
    let g = node.group()?;
    let list = match g.items.as_slice() {
        [only] if only.key.is_none() => only.value.group().filter(|l| l.delim == Delim::Bracket),
        _ => None,
    };
    let Some(list) = list.filter(|l| !l.items.is_empty()) else {
        ctx.wrong_type(node, usage);
        return None;
    };
    let mut tensors = Vec::new();
    for (i, it) in list.items.iter().enumerate() {
        let tname = format!("{name}_{i}");
        let t = super::load::tensor(ctx, &tname, key, &it.value, Space::Gm)?;
        ctx.tensors.push(t);
        let k = ctx.tensors.len() - 1;
        ctx.names.push((tname, Some(k), it.value.span));
        tensors.push(k);
    }
    Some(KernelArg::List { tensors })
}

fn tiling(ctx: &mut Ctx, node: &Node) -> Option<KernelArg> {
    let g = node.group()?;
    let usage = "`Tiling(\"Struct\", { \"field\": value, … })` or `Tiling(\"Struct\", { … }, \"header.h\")`";
    let (Some(name), Some(map)) = (g.items.first(), g.items.get(1)) else {
        ctx.wrong_type(node, usage);
        return None;
    };
    let name = ctx
        .string(&name.value, "the tiling struct's name")?
        .to_string();
    let header = match g.items.get(2) {
        Some(h) => {
            let rel = ctx.string(&h.value, "the tiling header")?.to_string();
            Some(ctx.base_dir.join(rel))
        }
        None => None,
    };
    let mut fields = Vec::new();
    match map.value.group() {
        Some(m) if m.delim == Delim::Brace => {
            for (field, key, value) in keyed(ctx, &m.items, "a field name in quotes") {
                let ok = field.split('.').all(|p| {
                    !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                });
                if !ok {
                    ctx.error(
                        "bad-name",
                        key.span,
                        format!("tiling field \"{field}\" is not a C++ member path (`a` or `a.b`)"),
                    );
                    continue;
                }
                match &value.kind {
                    Kind::Group(l) if l.delim == Delim::Bracket => {
                        for (k, e) in l.items.iter().enumerate() {
                            if let Some(v) = literal(ctx, &e.value) {
                                fields.push((format!("{field}[{k}]"), v));
                            }
                        }
                    }
                    _ => {
                        if let Some(v) = literal(ctx, value) {
                            fields.push((field.to_string(), v));
                        }
                    }
                }
            }
        }
        _ => {
            ctx.wrong_type(&map.value, usage);
            return None;
        }
    }
    Some(KernelArg::Tiling {
        name,
        fields,
        header,
    })
}

/// A tiling field's value as a C++ literal: an integer, a float or a boolean.
fn literal(ctx: &mut Ctx, n: &Node) -> Option<String> {
    match &n.kind {
        Kind::Number(v) if !v.contains("inf") && !v.contains("NaN") => Some(v.clone()),
        Kind::Ident(v) if v == "true" || v == "false" => Some(v.clone()),
        _ => {
            ctx.wrong_type(n, "an integer, a float or a boolean (or a list of them)");
            None
        }
    }
}
