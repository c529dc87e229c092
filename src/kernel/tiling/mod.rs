//! Tiling structs as CANN's build takes them (docs/format.md §12.2): from an op_host tiling
//! header only the structs written with the tiling macros (`BEGIN_TILING_DATA_DEF` …
//! `END_TILING_DATA_DEF`) and the structs they nest are taken, array counts evaluated to
//! numbers as CANN's generated struct has them (the constants they use declared only where
//! ascstep cannot evaluate one), following the header's own `#include "…"`s, and written as the kernel-side plain
//! structs; the header's host code (its host-only includes, `ge::`/`optiling::` functions,
//! `REGISTER_*` lines) is never compiled. Fields keep their natural alignment (CANN's tiling
//! macros require fields at offsets of their own size).

use super::guards;
use crate::base::product::Product;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod search;
pub use search::{defined_by_kernel, find_header, reached_by_includes};

/// One macro-declared struct: its fields in order (type, name, and an array's count as
/// written), and the structs it nests.
#[derive(Clone, Debug)]
struct Def {
    fields: Vec<(String, String, Option<String>)>,
    nested: Vec<String>,
}

/// What the headers read so far hold.
#[derive(Default)]
struct Found {
    defs: BTreeMap<String, Def>,
    /// The structs the first header declares itself, in order.
    own: Vec<String>,
    /// `NAME` → its definition as written (`constexpr uint32_t NAME = 8;`, `#define NAME 8`).
    constants: BTreeMap<String, String>,
    /// The first header's include guard (`#ifndef G` / `#define G` at its top).
    guard: Option<String>,
    read: Vec<PathBuf>,
}

/// The text with comments blanked (line breaks kept).
pub(super) fn strip_comments(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                if b[i] == b'\n' {
                    out.push(b'\n');
                }
                i += 1;
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifiers in `s` that are not numbers.
fn identifiers(s: &str) -> Vec<String> {
    s.split(|c: char| !is_ident(c))
        .filter(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        })
        .map(str::to_string)
        .collect()
}

/// The arguments of the macro call starting at `at` (just after the name): the text inside
/// its parentheses split at top-level commas, and where it ends.
pub(super) fn macro_args(text: &str, at: usize) -> Option<(Vec<String>, usize)> {
    let rest = &text[at..];
    let open = rest.find('(')?;
    if !rest[..open].trim().is_empty() {
        return None;
    }
    let mut depth = 0;
    let mut args = vec![String::new()];
    for (i, c) in rest[open..].char_indices() {
        match c {
            '(' | '<' | '[' => {
                depth += 1;
                if depth > 1 {
                    args.last_mut()?.push(c);
                }
            }
            ')' | '>' | ']' => {
                depth -= 1;
                if depth == 0 {
                    let args = args.into_iter().map(|a| a.trim().to_string()).collect();
                    return Some((args, at + open + i + 1));
                }
                args.last_mut()?.push(c);
            }
            ',' if depth == 1 => args.push(String::new()),
            c => args.last_mut()?.push(c),
        }
    }
    None
}

/// The `#include "…"` names of a text.
fn quoted_includes(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let l = l.trim_start().strip_prefix('#')?.trim_start();
            let l = l.strip_prefix("include")?.trim();
            let l = l.strip_prefix('"')?;
            Some(l[..l.find('"')?].to_string())
        })
        .collect()
}

/// `#ifndef G` followed by `#define G` before any other code: G.
fn include_guard(text: &str) -> Option<String> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next()?.strip_prefix("#ifndef")?.trim().to_string();
    let second = lines.next()?.strip_prefix("#define")?.trim();
    (second.split_whitespace().next() == Some(first.as_str())).then_some(first)
}

impl Found {
    fn read(&mut self, file: &Path, search: &[PathBuf]) {
        let canon = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
        if self.read.contains(&canon) || self.read.len() > 256 {
            return;
        }
        self.read.push(canon);
        let Ok(bytes) = std::fs::read(file) else {
            return;
        };
        let text = strip_comments(&String::from_utf8_lossy(&bytes));
        if self.read.len() == 1 {
            self.guard = include_guard(&text);
        }
        self.scan(&text);
        let dir = file.parent().unwrap_or(Path::new("."));
        for inc in quoted_includes(&text) {
            let found = std::iter::once(dir.to_path_buf())
                .chain(search.iter().cloned())
                .map(|d| d.join(&inc))
                .find(|p| p.is_file());
            if let Some(p) = found {
                self.read(&p, search);
            }
        }
    }

    fn scan(&mut self, text: &str) {
        // Constants: `constexpr T NAME = …;`, `const T NAME = …;`, `#define NAME value`.
        for line in text.lines() {
            let t = line.trim();
            if let Some(d) = t.strip_prefix('#').map(str::trim_start) {
                if let Some(rest) = d.strip_prefix("define") {
                    let mut w = rest.split_whitespace();
                    if let (Some(name), Some(_)) = (w.next(), w.next()) {
                        if name.chars().all(is_ident) {
                            self.constants
                                .entry(name.to_string())
                                .or_insert_with(|| t.to_string());
                        }
                    }
                }
                continue;
            }
            let decl = t.strip_prefix("static ").unwrap_or(t).trim_start();
            let decl = decl.strip_prefix("inline ").unwrap_or(decl).trim_start();
            if (decl.starts_with("constexpr ") || decl.starts_with("const ")) && decl.ends_with(';')
            {
                if let Some(eq) = decl.find('=') {
                    let name: String = decl[..eq]
                        .trim_end()
                        .chars()
                        .rev()
                        .take_while(|&c| is_ident(c))
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()
                        .collect();
                    if !name.is_empty() && !decl[..eq].contains('(') {
                        self.constants
                            .entry(name)
                            .or_insert_with(|| decl.to_string());
                    }
                }
            }
        }
        // The macro blocks.
        let mut from = 0;
        while let Some(k) = text[from..].find("BEGIN_TILING_DATA_DEF") {
            let at = from + k + "BEGIN_TILING_DATA_DEF".len();
            from = at;
            let Some((args, after)) = macro_args(text, at) else {
                continue;
            };
            let Some(name) = args.first().filter(|n| !n.is_empty()).cloned() else {
                continue;
            };
            let end = text[after..]
                .find("END_TILING_DATA_DEF")
                .map_or(text.len(), |e| after + e);
            let body = &text[after..end];
            let mut def = Def {
                fields: Vec::new(),
                nested: Vec::new(),
            };
            let mut i = 0;
            while let Some(k) = body[i..].find("TILING_DATA_FIELD_DEF") {
                let m = i + k;
                let tail = &body[m + "TILING_DATA_FIELD_DEF".len()..];
                let (kind, skip) = if tail.starts_with("_ARR") {
                    ("arr", 4)
                } else if tail.starts_with("_STRUCT") {
                    ("struct", 7)
                } else {
                    ("plain", 0)
                };
                let at = m + "TILING_DATA_FIELD_DEF".len() + skip;
                i = at;
                let Some((a, after)) = macro_args(body, at) else {
                    continue;
                };
                i = after;
                match (kind, a.as_slice()) {
                    ("plain", [ty, field]) => def.fields.push((ty.clone(), field.clone(), None)),
                    ("arr", [ty, count, field]) => {
                        def.fields
                            .push((ty.clone(), field.clone(), Some(count.clone())));
                    }
                    ("struct", [ty, field]) => {
                        def.nested.push(ty.clone());
                        def.fields.push((ty.clone(), field.clone(), None));
                    }
                    _ => {}
                }
            }
            from = end;
            if self.read.len() == 1 && !self.own.contains(&name) {
                self.own.push(name.clone());
            }
            self.defs.entry(name).or_insert(def);
        }
    }

    /// `name` and what it needs, dependencies first, into `out` (each once).
    fn emit(&self, name: &str, out: &mut Vec<String>, done: &mut Vec<String>, depth: u32) {
        if done.iter().any(|d| d == name) || depth > 64 {
            return;
        }
        done.push(name.to_string());
        let Some(def) = self.defs.get(name) else {
            return;
        };
        // An array's count as the number CANN's generated struct has (its constants are the
        // host's: a kernel may define the same name itself); where ascstep cannot evaluate it,
        // the count as written after the constants it names.
        let consts = self.constants_text();
        let consts = super::cexpr::Consts::new(&consts);
        let mut fields = Vec::new();
        for (ty, field, count) in &def.fields {
            match count {
                None => fields.push(format!("{ty} {field};")),
                Some(c) => match super::cexpr::eval(c, &consts) {
                    Ok(n) => fields.push(format!("{ty} {field}[{n}];")),
                    Err(_) => {
                        for id in identifiers(c) {
                            self.emit_constant(&id, out, done, depth + 1);
                        }
                        fields.push(format!("{ty} {field}[{c}];"));
                    }
                },
            }
        }
        for n in &def.nested {
            self.emit(n, out, done, depth + 1);
        }
        // Guarded: a kernel unit test may take the same struct from two substitutes.
        let mut s = format!(
            "#ifndef ASCSTEP_TILING_{name}\n#define ASCSTEP_TILING_{name}\nstruct {name} {{\n"
        );
        for f in &fields {
            s.push_str("    ");
            s.push_str(f);
            s.push('\n');
        }
        s.push_str("};\n#endif\n");
        out.push(s);
    }

    /// The constants as `NAME = value;` lines, for `cexpr::Consts`.
    fn constants_text(&self) -> String {
        let mut t = String::new();
        for (name, text) in &self.constants {
            if text.starts_with('#') {
                let value = text
                    .split_whitespace()
                    .skip(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                t.push_str(&format!("{name} = {value};\n"));
            } else {
                t.push_str(text);
                t.push('\n');
            }
        }
        t
    }

    fn emit_constant(&self, name: &str, out: &mut Vec<String>, done: &mut Vec<String>, depth: u32) {
        let key = format!("const {name}");
        if done.contains(&key) || depth > 64 {
            return;
        }
        done.push(key);
        let Some(text) = self.constants.get(name) else {
            return;
        };
        let value = text.split_once('=').map_or(text.as_str(), |(_, v)| v);
        for id in identifiers(value) {
            if id != name {
                self.emit_constant(&id, out, done, depth + 1);
            }
        }
        let line = if text.starts_with('#') {
            format!("#ifndef {name}\n{text}\n#endif\n")
        } else {
            format!("#ifndef ASCSTEP_CONST_{name}\n#define ASCSTEP_CONST_{name}\n{text}\n#endif\n")
        };
        out.push(line);
    }
}

/// The last component of a possibly qualified name (`NS::Struct` → `Struct`).
fn bare(name: &str) -> &str {
    name.rsplit("::").next().unwrap_or(name)
}

/// The kernel-side definition of tiling struct `name` from `header` (and the headers it
/// includes, looked for beside each and in `search`): the struct, what it nests and the
/// constants it uses, and likewise every other struct the header itself declares (but those
/// `kernel_defines`), then the header's include guard defined so that a kernel including the
/// header itself gets nothing twice. An error when the header has no such macro block.
pub fn kernel_side(
    name: &str,
    header: &Path,
    search: &[PathBuf],
    kernel_defines: &dyn Fn(&str) -> bool,
) -> Result<String, String> {
    if !header.is_file() {
        return Err(format!(
            "the tiling header {} cannot be read",
            header.display()
        ));
    }
    let mut f = Found::default();
    f.read(header, search);
    let name = bare(name);
    if !f.defs.contains_key(name) {
        let mut known: Vec<&str> = f.defs.keys().map(String::as_str).collect();
        known.truncate(20);
        return Err(format!(
            "{} declares no tiling struct `{name}` with BEGIN_TILING_DATA_DEF{}",
            header.display(),
            if known.is_empty() {
                String::new()
            } else {
                format!("; it declares {}", known.join(", "))
            }
        ));
    }
    // Every struct the header declares, as CANN's build generates them all: a kernel may take
    // any of them with GET_TILING_DATA_WITH_STRUCT (ops-nn's adaptive_max_pool3d picks its
    // small- or big-pool struct by tiling key).
    let kernel = op_kernel_text(header);
    let mut out = Vec::new();
    let mut done = Vec::new();
    f.emit(name, &mut out, &mut done, 0);
    for other in f.own.iter().filter(|o| !kernel_defines(o)) {
        f.emit(other, &mut out, &mut done, 0);
    }
    // And those of the op's other op_host headers: the build's tiling header holds every
    // struct the op registers (max_pool3d_with_argmax_v2 takes its no-split struct from
    // tiling_base.h, its key-one struct from ksize_one_tiling.h). Only those the op's kernel
    // files name: the others may need what ascstep lacks.
    let offered: Vec<(Found, Vec<String>)> = op_host_siblings(header)
        .into_iter()
        .map(|sibling| {
            let mut g = Found::default();
            g.read(&sibling, search);
            let own = g
                .own
                .iter()
                .filter(|o| !kernel_defines(o))
                .cloned()
                .collect();
            (g, own)
        })
        .filter(|(_, own): &(Found, Vec<String>)| !own.is_empty())
        .collect();
    if !offered.is_empty() {
        let kernel_words: std::collections::HashSet<String> =
            identifiers(&kernel).into_iter().collect();
        for (g, own) in &offered {
            for other in own.iter().filter(|o| kernel_words.contains(o.as_str())) {
                g.emit(other, &mut out, &mut done, 0);
            }
        }
    }
    let mut s = format!(
        "// ascstep: the tiling struct `{name}` as CANN's build generates it from {}\n",
        header.display()
    );
    for part in out {
        s.push_str(&part);
    }
    // The header's guard, unless a kernel header has it too (super::guards); and the guards of
    // CANN's generated tiling header that the kernel tests.
    if let Some(g) = f
        .guard
        .filter(|g| !guards::kernel_guards(&kernel).contains(g))
    {
        s.push_str(&format!("#define {g}\n"));
    }
    let own = header
        .ancestors()
        .find(|d| d.ends_with("op_host"))
        .and_then(Path::parent)
        .map(|op| own_kernel_text(op, &[], None))
        .unwrap_or_default();
    for g in guards::generated_header_guards(&kernel, &own, &op_name(header)) {
        s.push_str(&format!("#define {g}\n"));
    }
    Ok(s)
}

/// The op a header of `<op>/op_host/` belongs to.
fn op_name(header: &Path) -> String {
    header
        .ancestors()
        .find(|d| d.ends_with("op_host"))
        .and_then(Path::parent)
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// What a kernel unit test gets where it includes an op_host header (docs/format.md §13):
/// the kernel-side structs of every tiling macro block the header and the op_host headers it
/// includes declare, and the headers they include from outside `op_host/` (an op_kernel's
/// plain tiling struct); host-only headers, found nowhere, are left out. Guarded by the
/// header's own include guard, which the kernel may also include. Not the structs in `defined`
/// (the force-included UT header's: the host build's are optiling's classes, no clash).
/// With `host_too` the guard is always one of ascstep's own: the unit includes the header
/// itself too (a test that runs the host tiling, docs/format.md §13, host tiling).
pub fn host_header_substitute(
    header: &Path,
    search: &[PathBuf],
    defined: &std::collections::HashSet<String>,
    host_too: bool,
) -> String {
    let mut f = Found::default();
    f.read(header, search);
    let mut s = format!(
        "// ascstep: the kernel side of {} (its tiling structs, no host code)\n",
        header.display()
    );
    // A guard a kernel header shares (super::guards) becomes one of ascstep's own.
    let guard = f.guard.clone().map(|g| {
        if host_too || guards::kernel_guards(&op_kernel_text(header)).contains(&g) {
            format!("ASCSTEP_HOST_{g}")
        } else {
            g
        }
    });
    if let Some(g) = &guard {
        s.push_str(&format!("#ifndef {g}\n#define {g}\n"));
    }
    for inc in kernel_side_includes(header, search) {
        s.push_str(&format!(
            "#include \"{}\"\n",
            super::compile::c_string(&inc.display().to_string())
        ));
    }
    let mut out = Vec::new();
    let mut done = Vec::new();
    for name in f.defs.keys().filter(|n| !defined.contains(*n)) {
        f.emit(name, &mut out, &mut done, 0);
    }
    for part in out {
        s.push_str(&part);
    }
    if guard.is_some() {
        s.push_str("#endif\n");
    }
    s
}

/// The other `.h` files of `header`'s directory when it is an `op_host` one, sorted.
fn op_host_siblings(header: &Path) -> Vec<PathBuf> {
    let Some(dir) = header.parent().filter(|d| d.ends_with("op_host")) else {
        return Vec::new();
    };
    let mut v = Vec::new();
    files_under(dir, 0, &["h"], &mut v);
    v.retain(|p| p.as_path() != header);
    v.sort();
    v
}

/// The text of the sources under the `op_kernel/` beside `header`'s `op_host/` (up to 4 MB).
fn op_kernel_text(header: &Path) -> String {
    // The op above `op_host/` (an `op_host/arch35/` header too), else the header's grandparent.
    let op = header
        .ancestors()
        .find(|d| d.ends_with("op_host"))
        .and_then(Path::parent)
        .or_else(|| header.parent().and_then(Path::parent));
    op.map(kernel_text).unwrap_or_default()
}

/// The `#define G` lines a unit test's generated tiling prelude ends with: the guards of
/// CANN's generated `<op>_tiling_data.h` that op `op_dir`'s kernel sources test
/// (super::guards).
pub fn generated_guard_defines(op_dir: &Path, arch: &[&str], product: Product) -> String {
    let op = op_dir.file_name().unwrap_or_default().to_string_lossy();
    let own = own_kernel_text(op_dir, arch, Some(product));
    guards::generated_header_guards(&kernel_text(op_dir), &own, &op)
        .into_iter()
        .map(|g| format!("#define {g}\n"))
        .collect()
}

/// The text of the sources directly in op directory `op`'s `op_kernel/` and in the
/// directories of the product's architecture `arch` (`arch22`, `arch32`, `arch35`): what its
/// build reads; with `product`, also the op's kernel files those include in the branches the
/// product's compile takes (ops-math's masked_scale builds `masked_scale_apt.cpp` for Atlas
/// A2, which includes `arch35/masked_scale_kernel.h` and so its `masked_scale_tiling_data.h`).
fn own_kernel_text(op: &Path, arch: &[&str], product: Option<Product>) -> String {
    let mut files = Vec::new();
    files_under(&op.join("op_kernel"), 0, SOURCES, &mut files);
    for a in arch {
        files_under(&op.join("op_kernel").join(a), 8, SOURCES, &mut files);
    }
    if let Some(product) = product {
        let root = op.join("op_kernel");
        let mut i = 0;
        while i < files.len() && files.len() < 256 {
            let text =
                String::from_utf8_lossy(&std::fs::read(&files[i]).unwrap_or_default()).into_owned();
            let dir = files[i].parent().unwrap_or(&root).to_path_buf();
            for inc in quoted_includes(&crate::kernel::branches::taken(&text, product)) {
                let p = dir.join(inc);
                let p = std::fs::canonicalize(&p).unwrap_or(p);
                if p.starts_with(&root) && p.is_file() && !files.contains(&p) {
                    files.push(p);
                }
            }
            i += 1;
        }
    }
    read_all(&files)
}

/// The text of the sources under op directory `op`'s `op_kernel/` (up to 4 MB).
fn kernel_text(op: &Path) -> String {
    let mut files = Vec::new();
    files_under(&op.join("op_kernel"), 8, SOURCES, &mut files);
    read_all(&files)
}

/// `files`' texts one after another (up to 4 MB).
fn read_all(files: &[PathBuf]) -> String {
    let mut text = String::new();
    for p in files {
        if text.len() >= 4 << 20 {
            break;
        }
        text.push_str(&String::from_utf8_lossy(
            &std::fs::read(p).unwrap_or_default(),
        ));
        text.push('\n');
    }
    text
}

/// Whether a path lies in an `op_host` directory.
pub fn in_op_host(p: &Path) -> bool {
    p.components().any(|c| c.as_os_str() == "op_host")
}

/// The quoted includes of `header` (following those inside `op_host/`) that resolve to files
/// outside `op_host/`, canonical; never into CANN's kernel layout staged in the cache.
fn kernel_side_includes(header: &Path, search: &[PathBuf]) -> Vec<PathBuf> {
    let cache = super::compile::cache_dir();
    let mut out = Vec::new();
    let mut seen = Vec::new();
    let mut queue = vec![header.to_path_buf()];
    while let Some(h) = queue.pop() {
        if seen.contains(&h) || seen.len() > 64 {
            continue;
        }
        seen.push(h.clone());
        let Ok(t) = std::fs::read_to_string(&h) else {
            continue;
        };
        let dir = h.parent().unwrap_or(Path::new(".")).to_path_buf();
        for inc in quoted_includes(&strip_comments(&t)) {
            // Not through CANN's kernel layout staged in the cache: the host build has no
            // `ascendc/` tree, and its `log/log.h` is no op's `log/` kernel directory.
            let Some(p) = std::iter::once(dir.clone())
                .chain(search.iter().filter(|d| !d.starts_with(&cache)).cloned())
                .map(|d| d.join(&inc))
                .find(|p| p.is_file())
            else {
                continue;
            };
            let p = std::fs::canonicalize(&p).unwrap_or(p);
            if in_op_host(&p) {
                queue.push(p);
            } else if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// Header and source file extensions of kernels and host code.
pub(super) const HEADERS: &[&str] = &["h", "hpp"];
pub(super) const SOURCES: &[&str] = &["h", "hpp", "cpp", "cc"];

/// The files under `dir` (`depth` levels of subdirectories) with one of the extensions `exts`.
pub(super) fn files_under(dir: &Path, depth: u32, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() && depth > 0 {
            files_under(&p, depth - 1, exts, out);
        } else if p
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| exts.contains(&x))
        {
            out.push(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn takes_the_macro_blocks_their_nested_structs_and_array_counts_and_no_host_code() {
        let dir = std::env::temp_dir().join(format!("ascstep_tiling_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        write(
            &dir,
            "common/base_tiling.h",
            "#pragma once\n#include \"register/tilingdata_base.h\"\nconstexpr uint32_t MAX_DIM = 8;\nnamespace optiling {\nBEGIN_TILING_DATA_DEF(Inner)\n  TILING_DATA_FIELD_DEF_ARR(int64_t, MAX_DIM, shape); // dims\nEND_TILING_DATA_DEF;\n}\n",
        );
        let h = write(
            &dir,
            "op_host/op_tiling.h",
            "#ifndef OP_TILING_H\n#define OP_TILING_H\n#include \"log/log.h\"\n#include \"../common/base_tiling.h\"\n#define EXTRA (MAX_DIM * 2)\nnamespace optiling {\n/* a comment with BEGIN_TILING_DATA_DEF(Fake) */\nBEGIN_TILING_DATA_DEF(OpTilingData)\nTILING_DATA_FIELD_DEF(uint32_t, total);\nTILING_DATA_FIELD_DEF_STRUCT(Inner, inner);\nTILING_DATA_FIELD_DEF_ARR(uint16_t, EXTRA, extra);\nEND_TILING_DATA_DEF\nBEGIN_TILING_DATA_DEF(OpSmallTilingData)\nTILING_DATA_FIELD_DEF(int32_t, rows);\nEND_TILING_DATA_DEF;\nBEGIN_TILING_DATA_DEF(OpKernelOwn)\nTILING_DATA_FIELD_DEF(int32_t, x);\nEND_TILING_DATA_DEF;\nconstexpr int HALF = 2;\n#define ODD (sizeof(int) * HALF)\nBEGIN_TILING_DATA_DEF(OpOdd)\nTILING_DATA_FIELD_DEF_ARR(int8_t, ODD, odd);\nEND_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(Op, OpTilingData)\nge::graphStatus Tiling(gert::TilingContext* c) { return ge::GRAPH_SUCCESS; }\n}\n#endif\n",
        );
        let s = kernel_side("optiling::OpTilingData", &h, &[], &|n| n == "OpKernelOwn").unwrap();
        let pos = |needle: &str| s.find(needle).unwrap_or_else(|| panic!("{needle} in\n{s}"));
        // Array counts as numbers, as CANN's generated struct has them (MAX_DIM 8, EXTRA
        // MAX_DIM * 2), and the host's constants not declared (a kernel defining its own
        // MAX_DIM of another type compiles); the nested struct before the one nesting it.
        assert!(pos("int64_t shape[8];") < pos("struct OpTilingData {"));
        assert!(s.contains("    uint32_t total;\n    Inner inner;\n    uint16_t extra[16];\n};"));
        assert!(!s.contains("MAX_DIM") && !s.contains("EXTRA"), "{s}");
        // A count ascstep cannot evaluate stays as written, after the constants it names.
        assert!(pos("#define ODD (sizeof(int) * HALF)") < pos("struct OpOdd {"));
        assert!(pos("constexpr int HALF = 2;") < pos("#define ODD"));
        assert!(s.contains("    int8_t odd[ODD];\n"), "{s}");
        assert!(s.ends_with("#define OP_TILING_H\n"), "{s}");
        // The header's other structs too (a kernel takes any by tiling key), not one the
        // kernel defines itself, and not Inner twice.
        assert!(
            s.contains("struct OpSmallTilingData {\n    int32_t rows;\n};"),
            "{s}"
        );
        assert_eq!(s.matches("struct Inner {").count(), 1, "{s}");
        for host in ["ge::", "gert::", "REGISTER", "log.h", "Fake", "OpKernelOwn"] {
            assert!(!s.contains(host), "{host} in\n{s}");
        }
        let e = kernel_side("Missing", &h, &[], &|_| false).unwrap_err();
        assert!(
            e.contains("no tiling struct `Missing`") && e.contains("OpTilingData"),
            "{e}"
        );
        // Found by name beside op_kernel/.
        let k = write(&dir, "op_kernel/op.cpp", "");
        assert_eq!(find_header("OpTilingData", &k, &[]), vec![h.clone()]);
        assert!(find_header("Nothing", &k, &[]).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
    #[test]
    fn a_generated_headers_guard_is_defined_unless_the_build_includes_its_header() {
        let dir = std::env::temp_dir().join(format!("ascstep-guards-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let guard = "#ifndef OP_TILING_DATA_H\n#define OP_TILING_DATA_H\nstruct OpTilingData { int n; };\n#endif\n";
        // ops-math's masked_scale: the A2 build's kernel includes arch35/'s kernel header,
        // which includes the header holding the guard: the kernel's own struct, no define.
        let tree = |root: &Path, files: &[(&str, &str)]| {
            for (path, text) in files {
                write(root, path, text);
            }
        };
        let a = dir.join("a/op");
        tree(
            &a,
            &[
                ("op_kernel/op_apt.cpp", "#include \"arch35/op_kernel.h\"\n"),
                (
                    "op_kernel/arch35/op_kernel.h",
                    "#include \"op_tiling_data.h\"\n",
                ),
                ("op_kernel/arch35/op_tiling_data.h", guard),
            ],
        );
        assert_eq!(
            generated_guard_defines(&a, &["arch22"], Product::AtlasA2),
            ""
        );
        // ops-nn's chamfer_distance_grad: arch35/ is included only for Ascend 950
        // (`__CCE_AICORE__ == 310`); the A2 kernel tests the guard to skip its own struct.
        let c = dir.join("c/op");
        tree(
            &c,
            &[
                (
                    "op_kernel/op.cpp",
                    "#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 310\n#include \"arch35/op_simt.h\"\n#else\n#include \"op.h\"\n#endif\n",
                ),
                (
                    "op_kernel/op.h",
                    "#ifndef OP_TILING_DATA_H\nstruct OpTilingData { int old; };\n#endif\n",
                ),
                ("op_kernel/arch35/op_simt.h", "#include \"op_tiling_data.h\"\n"),
                ("op_kernel/arch35/op_tiling_data.h", guard),
            ],
        );
        assert_eq!(
            generated_guard_defines(&c, &["arch22"], Product::AtlasA2),
            "#define OP_TILING_DATA_H\n"
        );
        assert_eq!(
            generated_guard_defines(&c, &["arch35"], Product::Ascend950),
            ""
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
