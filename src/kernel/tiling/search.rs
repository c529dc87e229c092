//! Where a tiling struct is found in the operator repositories' layout (docs/format.md
//! §12.2): the op_host headers that declare it with the tiling macros (the op's own, the ops its
//! host build depends on, then every op's), and whether the kernel defines it itself.

use std::path::{Path, PathBuf};

use super::{bare, files_under, quoted_includes, strip_comments, HEADERS};
use crate::base::product::Product;
use crate::kernel::branches;

/// The op_host tiling headers that declare `name` with the tiling macros, found as the
/// repositories lay them out: `op_host/` (and its subdirectories) beside the kernel's
/// `op_kernel/` directory, then the `include` directories; where none does, every op's
/// `op_host/` in the kernel's repository (ops share structs: the foreach ops register
/// foreach_utils' `ForeachCommonTilingData` with REGISTER_TILING_DATA_CLASS).
pub fn find_header(name: &str, kernel: &Path, include: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(op) = kernel.parent().and_then(Path::parent) {
        dirs.push(op.join("op_host"));
    }
    // op_kernel's own `<op>_tiling_data.h`, which op_host's tiling includes.
    if let Some(d) = kernel.parent() {
        dirs.push(d.to_path_buf());
    }
    dirs.extend(include.iter().cloned());
    let found = declaring(name, &dirs);
    if !found.is_empty() {
        return found;
    }
    let Some(l) = crate::kernel::layout::of(kernel) else {
        return found;
    };
    let mut op_hosts = Vec::new();
    op_host_dirs(&l.repo, 6, &mut op_hosts);
    op_hosts.sort();
    // First the ops the op's host build depends on (`DEPENDENCIES swi_glu` in its
    // op_host/CMakeLists.txt: swi_glu_grad takes swi_glu's struct, of which another op keeps
    // a copy).
    let deps = kernel
        .parent()
        .and_then(Path::parent)
        .map(|op| cmake_dependencies(&op.join("op_host/CMakeLists.txt")))
        .unwrap_or_default();
    let of_deps: Vec<PathBuf> = op_hosts
        .iter()
        .filter(|d| {
            let op = d
                .parent()
                .and_then(Path::file_name)
                .and_then(|n| n.to_str());
            op.is_some_and(|op| deps.iter().any(|x| x == op))
        })
        .cloned()
        .collect();
    let found = declaring(name, &of_deps);
    if !found.is_empty() {
        return found;
    }
    declaring(name, &op_hosts)
}

/// The op names after `DEPENDENCIES` in an op_host CMakeLists.txt's calls.
fn cmake_dependencies(cmake: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(cmake).unwrap_or_default();
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
        if let Some((_, rest)) = line.split_once("DEPENDENCIES") {
            let words = rest.split(|c: char| c.is_whitespace() || c == ')');
            for w in words.take_while(|w| !w.chars().any(|c| c.is_ascii_uppercase())) {
                if !w.is_empty() {
                    out.push(w.to_string());
                }
            }
        }
    }
    out
}

/// Every `op_host` directory under `dir`, `depth` levels down (not tests, builds or .git).
fn op_host_dirs(dir: &Path, depth: u32, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        let name = e.file_name();
        if !p.is_dir()
            || matches!(
                name.to_str(),
                Some(".git" | "tests" | "build" | "build_out" | "docs")
            )
        {
            continue;
        }
        if name == "op_host" {
            out.push(p);
        } else if depth > 0 && name != "op_kernel" {
            op_host_dirs(&p, depth - 1, out);
        }
    }
}

/// The headers under `dirs` that declare `name` with BEGIN_TILING_DATA_DEF.
fn declaring(name: &str, dirs: &[PathBuf]) -> Vec<PathBuf> {
    let name = bare(name);
    let needle = format!("BEGIN_TILING_DATA_DEF({name})");
    let mut found = Vec::new();
    for d in dirs {
        let mut files = Vec::new();
        files_under(d, 3, HEADERS, &mut files);
        files.sort();
        for f in files {
            let Ok(text) = std::fs::read_to_string(&f) else {
                continue;
            };
            if text.replace(' ', "").contains(&needle) && !found.contains(&f) {
                found.push(f);
            }
        }
    }
    found
}

/// Whether the kernel defines struct `bare` itself: in its source, in a header it includes
/// with quotes, or as a plain struct in a header of its own directory or of `include` (an
/// op_kernel's `*_tiling_def.h`, a sample's struct; a `BEGIN_TILING_DATA_DEF` block in a header
/// the kernel does not include is the host's, which the kernel is given; an `arch35/` beside an
/// Atlas A2 kernel holds Ascend 950's structs).
pub fn defined_by_kernel(
    bare: &str,
    kernel_source: &str,
    kernel_dir: &Path,
    include: &[PathBuf],
    product: Product,
) -> bool {
    let defines_as =
        |text: &str, macros: bool| defines_struct(bare, &branches::taken(text, product), macros);
    if reached_by_includes(bare, kernel_source, kernel_dir, include, product) {
        return true;
    }
    // Every header of its own directory and of `include`.
    let mut files = Vec::new();
    files_under(kernel_dir, 2, HEADERS, &mut files);
    for d in include {
        files_under(d, 1, HEADERS, &mut files);
    }
    // An `arch35/` beside an Atlas A2 kernel is Ascend 950's build, with structs of its own.
    if !kernel_dir.ends_with("arch35") {
        files.retain(|f| {
            !f.strip_prefix(kernel_dir)
                .is_ok_and(|r| r.starts_with("arch35"))
        });
    }
    files
        .iter()
        .any(|f| std::fs::read_to_string(f).is_ok_and(|t| defines_as(&t, false)))
}

/// Whether `text` defines struct `bare`; `macros`: the tiling macro block counts too (a header
/// the kernel includes); a header it does not include defines a plain struct only (a macro
/// block there is the host's, which CANN's build turns into the kernel's struct).
fn defines_struct(bare: &str, text: &str, macros: bool) -> bool {
    let flat = without_attributes(&text.split_whitespace().collect::<Vec<_>>().join(" "));
    // `struct X {`, `struct X{`, `struct X : Base {`, `struct X final {` (not `struct X;`,
    // `struct X*` nor `struct XY {`).
    let defined = |key: &str| {
        flat.match_indices(key).any(|(at, _)| {
            let rest = flat[at + key.len()..].trim_start();
            rest.starts_with('{') || rest.starts_with(':') || rest.starts_with("final")
        })
    };
    defined(&format!("struct {bare}"))
        || defined(&format!("class {bare}"))
        || flat.contains(&format!("using {bare} ="))
        || flat.contains(&format!("typedef struct {bare}"))
        || (macros && flat.contains(&format!("BEGIN_TILING_DATA_DEF({bare})")))
}

/// `text` without GCC's `__attribute__((…))` and C++'s `alignas(…)`, which may stand between
/// `struct` and the name (`struct __attribute__((aligned(8))) HardSigmoidTilingData {`).
fn without_attributes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = ["__attribute__", "alignas"]
        .iter()
        .filter_map(|k| rest.find(k))
        .min()
    {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let Some(open) = after.find('(') else {
            out.push_str(after);
            return out;
        };
        let mut depth = 0usize;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = after[end..].trim_start();
    }
    out.push_str(rest);
    out
}

/// Whether the kernel source or a header it includes with quotes (and theirs), found beside
/// each includer or in `include`, defines struct `bare` (in a staged tree of links each header
/// is followed from where it was found, so `"../other_op/…"` walks the tree).
pub fn reached_by_includes(
    bare: &str,
    kernel_source: &str,
    kernel_dir: &Path,
    include: &[PathBuf],
    product: Product,
) -> bool {
    // Each text as far as the product's compile takes it (not Ascend 950's `#if` branch of an
    // Atlas A2 kernel, nor the unit-test build's).
    let taken = |text: &str| branches::taken(text, product);
    let defines = |text: &str| defines_struct(bare, text, true);
    let kernel_source = taken(kernel_source);
    if defines(&kernel_source) {
        return true;
    }
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut queue: Vec<(PathBuf, String)> = vec![(kernel_dir.to_path_buf(), kernel_source)];
    while let Some((dir, text)) = queue.pop() {
        for inc in quoted_includes(&strip_comments(&text)) {
            let Some(f) = std::iter::once(dir.clone())
                .chain(include.iter().cloned())
                .map(|d| d.join(&inc))
                .find(|p| p.is_file())
            else {
                continue;
            };
            // Seen by its real file; its own includes resolved from where it was found (in a
            // staged tree of links, the tree's directory, not the checkout's).
            let real = std::fs::canonicalize(&f).unwrap_or(f.clone());
            if seen.contains(&real) || seen.len() >= 400 {
                continue;
            }
            seen.push(real);
            let Ok(t) = std::fs::read_to_string(&f) else {
                continue;
            };
            let t = taken(&t);
            if defines(&t) {
                return true;
            }
            queue.push((f.parent().unwrap_or(Path::new(".")).to_path_buf(), t));
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::defines_struct;

    #[test]
    fn a_struct_is_found_past_attributes_bases_and_line_breaks() {
        // ops-nn's hard_sigmoid_tiling_data.h writes the alignment between `struct` and the name.
        let aligned =
            "struct __attribute__((aligned(8))) HardSigmoidTilingData {\n    int64_t n = 0;\n};";
        assert!(defines_struct("HardSigmoidTilingData", aligned, false));
        assert!(defines_struct(
            "T",
            "struct alignas(16) T\n{ int a; };",
            false
        ));
        assert!(defines_struct("T", "struct T : public Base {};", false));
        assert!(defines_struct("T", "struct T final {};", false));
        // ops-math's stateless_randperm_struct.h writes no space before the brace.
        assert!(defines_struct("T", "struct T{ int a; };", false));
        assert!(defines_struct("T", "class T{ int a; };", false));
        assert!(defines_struct("T", "BEGIN_TILING_DATA_DEF(T)", true));
        // A declaration, a pointer or a longer name is not a definition.
        assert!(!defines_struct("T", "struct T;", false));
        assert!(!defines_struct("T", "struct T* p;", false));
        assert!(!defines_struct("T", "struct TT {};", false));
        assert!(!defines_struct("T", "struct TT{};", false));
        assert!(!defines_struct("T", "BEGIN_TILING_DATA_DEF(T)", false));
    }
}
