//! Where a kernel unit test's build comes from (docs/format.md §13): the op directory and the
//! repository root found from the test file's place, the options of the op's `AddOpTestCase`
//! for the product, and the kernel an `extern "C"` declaration of the test names.

use super::missing;
use crate::base::product::Product;
use crate::kernel::compile::CompileError;
use crate::kernel::source;
use std::path::{Path, PathBuf};

/// The UT build found from the test file's place.
#[derive(Clone, Debug)]
pub struct Build {
    pub test: PathBuf,
    /// The op directory (`<op>/` above `tests/ut/op_kernel/`).
    pub op_dir: PathBuf,
    /// Its `tests/ut/op_kernel/` (the test may lie deeper, in an `arch35/`).
    pub ut_dir: PathBuf,
    pub op: String,
    /// The repository root.
    pub root: PathBuf,
    /// The directory the test runs in.
    pub cwd: PathBuf,
    /// The kernel compiled with the test, when the test declares its entry.
    pub kernel: Option<PathBuf>,
    /// The options of the op's `AddOpTestCase` taken (`-D` names).
    pub defines: Vec<String>,
    /// Files the UT build copies into its build tree (source, destination).
    pub copies: Vec<(PathBuf, PathBuf)>,
    /// The directories of the test case's dependency ops (their op_host tiling structs too).
    pub deps: Vec<PathBuf>,
}

/// The op directory and UT directory of a test file: the `tests/ut/op_kernel` it lies in.
fn ut_dirs(test: &Path) -> Option<(PathBuf, PathBuf)> {
    for d in test.ancestors().skip(1) {
        if d.ends_with("tests/ut/op_kernel") {
            let op = d.parent()?.parent()?.parent()?;
            return Some((op.to_path_buf(), d.to_path_buf()));
        }
    }
    None
}

/// The words of an `AddOpTestCase(…)` call: quoted strings kept whole, quotes dropped.
fn cmake_words(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut had = false;
    for c in args.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                had = true;
            }
            c if c.is_whitespace() && !quoted => {
                if had || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                had = false;
            }
            c => cur.push(c),
        }
    }
    if had || !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Whether a CMake SoC name is one of `product`'s.
fn soc_fits(soc: &str, product: Product) -> bool {
    let s = soc.to_ascii_lowercase();
    match product {
        Product::Ascend950 => s.starts_with("ascend950"),
        Product::Atlas200I500A2 => s.starts_with("ascend310b"),
        Product::AtlasInference => s.starts_with("ascend310p"),
        _ => s.starts_with("ascend910b") || s.starts_with("ascend910_93"),
    }
}

/// One `AddOpTestCase(…)` / `AddOpsTestCase(…)` call of a CMakeLists: positional (ops-nn's
/// `(op "socs" "options" …)`, the op name may be left out) or with keywords (ops-math's
/// `OP_NAME op SOC_VERSION socs… OTHER_COMPILE_OPTIONS "…" TILING_SRC_FILES … UT_SRC_FILES …`).
#[derive(Debug, Default, PartialEq)]
struct TestCase {
    /// The SoCs; a CMake variable (`${ASCEND_COMPUTE_UNIT}`) stands for whichever is built.
    socs: Vec<String>,
    options: String,
    /// UT_SRC_FILES: the sources compiled with the test (a kernel instantiation among them).
    sources: Vec<String>,
    /// ops-nn's dependency ops: plain names after the options (`AddOpTestCase(op "socs"
    /// "options" other_op)`), whose op_host tiling the UT build compiles in too.
    deps: Vec<String>,
}

impl TestCase {
    fn fits(&self, product: Product) -> Option<&str> {
        self.socs
            .iter()
            .find(|s| s.starts_with("${") || soc_fits(s, product))
            .map(String::as_str)
    }
}

/// The op's test cases, in the order of the file (comments left out).
fn test_cases(cmake: &str) -> Vec<TestCase> {
    const KEYS: [&str; 5] = [
        "OP_NAME",
        "SOC_VERSION",
        "OTHER_COMPILE_OPTIONS",
        "TILING_SRC_FILES",
        "UT_SRC_FILES",
    ];
    let mut out = Vec::new();
    for words in test_case_words(cmake) {
        if words.first().is_some_and(|w| w == "OP_NAME") {
            let mut case = TestCase::default();
            let mut key = "";
            for w in &words {
                if KEYS.contains(&w.as_str()) {
                    key = w;
                    continue;
                }
                match key {
                    "SOC_VERSION" => case.socs.extend(w.split_whitespace().map(str::to_string)),
                    "OTHER_COMPILE_OPTIONS" => case.options = w.clone(),
                    "UT_SRC_FILES" => case
                        .sources
                        .extend(w.split_whitespace().map(str::to_string)),
                    _ => {}
                }
            }
            out.push(case);
        } else if let Some(at) = words.iter().position(|w| {
            // A SoC, or a CMake variable standing for the one built (ops-math's roll:
            // `AddOpTestCase(roll "${ASCEND_COMPUTE_UNIT}" "-DDTYPE_X=…")`).
            let w = w.to_ascii_lowercase();
            w.starts_with("ascend")
                || (w.starts_with("${") && (w.contains("ascend") || w.contains("soc")))
        }) {
            let plain = |w: &&String| {
                !w.is_empty()
                    && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !["UT_SRC_DIR", "MULTI_KERNEL_TARGET"].contains(&w.as_str())
            };
            out.push(TestCase {
                socs: words[at].split_whitespace().map(str::to_string).collect(),
                options: words.get(at + 1).cloned().unwrap_or_default(),
                sources: Vec::new(),
                deps: words.iter().skip(at + 2).filter(plain).cloned().collect(),
            });
        }
    }
    out
}

/// `${CMAKE_CURRENT_SOURCE_DIR}` and `${PROJECT_SOURCE_DIR}` of a UT CMakeLists replaced.
fn cmake_vars(text: &str, ut_dir: &Path, root: &Path) -> String {
    text.replace("${CMAKE_CURRENT_SOURCE_DIR}", &ut_dir.display().to_string())
        .replace("${PROJECT_SOURCE_DIR}", &root.display().to_string())
}

/// The dependency ops of the op's test case for `product` that are directories beside the op.
fn dependency_ops(cmake: &str, product: Product, op_dir: &Path) -> Vec<PathBuf> {
    let Some(case) = test_cases(cmake)
        .into_iter()
        .find(|c| c.fits(product).is_some())
    else {
        return Vec::new();
    };
    let Some(parent) = op_dir.parent() else {
        return Vec::new();
    };
    case.deps
        .iter()
        .map(|d| parent.join(d))
        .filter(|d| d.join("op_host").is_dir() || d.join("op_kernel").is_dir())
        .collect()
}

/// The SoC, the `-D` options and the UT_SRC_FILES of the op's test case for `product` (the
/// first call naming one of its SoCs), with `${…}` variables the build defines replaced.
fn test_case_options(
    cmake: &str,
    product: Product,
    ut_dir: &Path,
    root: &Path,
) -> Option<(String, Vec<String>, Vec<PathBuf>)> {
    for case in test_cases(cmake) {
        let Some(soc) = case.fits(product) else {
            continue;
        };
        let soc = if soc.starts_with("${") {
            default_soc(product)
        } else {
            soc
        };
        let opts = cmake_vars(&case.options, ut_dir, root);
        // Whitespace or `;` (a CMake list) between options.
        let defines = opts
            .split(|c: char| c.is_whitespace() || c == ';')
            .filter_map(|o| o.strip_prefix("-D"))
            .filter(|d| !d.contains("${") && !d.starts_with("UT_CUSTOM_TILING_DATA_KEYS"))
            .map(str::to_string)
            .collect();
        let sources = case
            .sources
            .iter()
            .map(|f| cmake_vars(f, ut_dir, root))
            .filter(|f| !f.contains("${"))
            .map(PathBuf::from)
            .collect();
        return Some((soc.to_string(), defines, sources));
    }
    None
}

/// The words of each `AddOpTestCase(…)` / `AddOpsTestCase(…)` call of a CMakeLists, comments
/// left out, in the order of the file (ops-nn's name first, then ops-math's).
fn test_case_words(cmake: &str) -> Vec<Vec<String>> {
    call_words(cmake, &["AddOpTestCase(", "AddOpsTestCase("])
}

/// The words of each call of the commands `names` (each with its `(`) in a CMakeLists,
/// comments left out, command by command in the order of `names`.
fn call_words(cmake: &str, names: &[&str]) -> Vec<Vec<String>> {
    let text: String = cmake
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut calls = Vec::new();
    for name in names {
        let mut from = 0;
        while let Some(k) = text[from..].find(name) {
            let start = from + k + name.len();
            let end = text[start..].find(')').map_or(text.len(), |e| start + e);
            from = end;
            calls.push(cmake_words(&text[start..end]));
        }
    }
    calls
}

/// The files the UT build copies into its build tree with `${CMAKE_COMMAND} -E copy` in an
/// `add_custom_command` or `add_custom_target` (ops-math's not_equal copies its data scripts
/// from `not_equal_data/` to `${CMAKE_BINARY_DIR}/tests/ut/op_kernel`, where the test starts
/// them): each existing source file with its destination file. Destinations outside
/// `<root>/build` are left out: ascstep writes only where the UT build does.
fn build_copies(cmake: &str, ut_dir: &Path, root: &Path) -> Vec<(PathBuf, PathBuf)> {
    const KEYWORDS: [&str; 9] = [
        "COMMAND",
        "DEPENDS",
        "OUTPUT",
        "BYPRODUCTS",
        "WORKING_DIRECTORY",
        "COMMENT",
        "VERBATIM",
        "MAIN_DEPENDENCY",
        "USES_TERMINAL",
    ];
    let build = root.join("build");
    let mut out = Vec::new();
    for words in call_words(cmake, &["add_custom_command(", "add_custom_target("]) {
        let mut i = 0;
        while i + 3 < words.len() {
            if !(words[i] == "COMMAND"
                && words[i + 1] == "${CMAKE_COMMAND}"
                && words[i + 2] == "-E"
                && words[i + 3] == "copy")
            {
                i += 1;
                continue;
            }
            let args: Vec<String> = words[i + 4..]
                .iter()
                .take_while(|w| !KEYWORDS.contains(&w.as_str()))
                .map(|w| {
                    cmake_vars(w, ut_dir, root)
                        .replace("${CMAKE_BINARY_DIR}", &build.display().to_string())
                })
                .collect();
            i += 4 + args.len();
            let Some((dest, sources)) = args.split_last() else {
                continue;
            };
            let dest = PathBuf::from(dest);
            if dest.components().any(|c| c.as_os_str() == "..") || !dest.starts_with(&build) {
                continue;
            }
            for src in sources.iter().map(PathBuf::from).filter(|f| f.is_file()) {
                // `copy` into a directory when it names several files or an existing one.
                let to = if sources.len() > 1 || dest.is_dir() || dest.extension().is_none() {
                    src.file_name().map(|n| dest.join(n))
                } else {
                    Some(dest.clone())
                };
                out.extend(to.map(|t| (src.clone(), t)));
            }
        }
    }
    out
}

/// The product a UT file's build is for when `--product` names none: the op's
/// `AddOpTestCase` SoCs (Atlas A2 when one of them is an A2-class SoC, else the first SoC
/// ascstep knows), Atlas A2 when the build names none. An op tested only on `ascend950`
/// builds its kernel for Ascend 950, with that test case's options, as CANN's UT build does.
pub fn product_of(test: &Path) -> Product {
    let Some((_, ut_dir)) = std::fs::canonicalize(test).ok().and_then(|t| ut_dirs(&t)) else {
        return Product::default();
    };
    let cmake = std::fs::read_to_string(ut_dir.join("CMakeLists.txt")).unwrap_or_default();
    build_product(&cmake).unwrap_or_default()
}

/// The product of the SoCs the op's test cases name (see `product_of`).
fn build_product(cmake: &str) -> Option<Product> {
    let cases = test_cases(cmake);
    [
        Product::AtlasA2,
        Product::Ascend950,
        Product::Atlas200I500A2,
        Product::AtlasInference,
    ]
    .into_iter()
    .find(|&p| cases.iter().any(|c| c.socs.iter().any(|s| soc_fits(s, p))))
}

/// CANN's SoC name of a product, for `UT_SOC_VERSION` when the op names none.
fn default_soc(product: Product) -> &'static str {
    match product {
        Product::Ascend950 => "Ascend950PR_9599",
        Product::Atlas200I500A2 => "Ascend310B1",
        Product::AtlasInference => "Ascend310P3",
        _ => "Ascend910B1",
    }
}

/// `snake_case` → `SnakeCase` (the op type CANN's UT build derives from the op name).
pub(super) fn camel(op: &str) -> String {
    op.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| {
                f.to_ascii_uppercase().to_string() + &c.as_str().to_ascii_lowercase()
            })
        })
        .collect()
}

/// The kernel source defining `entry` in the op's `op_kernel/`: `<op>.cpp` first.
fn kernel_file(op_dir: &Path, op: &str, entry: &str) -> Option<PathBuf> {
    let dir = op_dir.join("op_kernel");
    let first = dir.join(format!("{op}.cpp"));
    let mut files = vec![first];
    let mut walk = vec![(dir, 2u32)];
    while let Some((d, depth)) = walk.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        let mut found: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        found.sort();
        for p in found {
            if p.is_dir() && depth > 0 {
                walk.push((p, depth - 1));
            } else if p.extension().is_some_and(|x| x == "cpp") {
                files.push(p);
            }
        }
    }
    let first = files[0].clone();
    let mut walk = vec![(op_dir.join("op_kernel"), 2u32)];
    let mut named = false;
    while let Some((d, depth)) = walk.pop() {
        for p in std::fs::read_dir(&d)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
        {
            if p.is_dir() && depth > 0 {
                walk.push((p, depth - 1));
            } else if !named && p.extension().is_some_and(|x| x == "h" || x == "cpp") {
                named = std::fs::read_to_string(&p).is_ok_and(|t| names_identifier(&t, entry));
            }
        }
    }
    files
        .into_iter()
        .find(|f| {
            std::fs::read_to_string(f)
                .is_ok_and(|t| source::entries_all(&t).iter().any(|e| e.name == entry))
        })
        // An entry no file writes out, but that op_kernel/ names (made by a macro of an
        // included header, as ops-nn's sync_batch_norm_gather_stats makes it): the op's own
        // `<op>.cpp`, as CANN's build takes.
        .or_else(|| (named && first.is_file()).then_some(first))
}

/// Whether `text` holds `name` as a whole identifier.
fn names_identifier(text: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name).any(|(i, _)| {
        !text[..i].chars().next_back().is_some_and(ident)
            && !text[i + name.len()..].chars().next().is_some_and(ident)
    })
}

/// The functions the test declares without defining them, `extern "C"` or `__global__`,
/// each with whether it is marked a kernel (`__global__`/`__aicore__`; the repositories also
/// declare entries as plain `extern "C" void entry(uint8_t* …);`).
/// The test's text followed by that of each file beside it that it includes by a quoted name
/// (ops-nn's `test_<op>_apt.cpp` defines a macro and includes `test_<op>.cpp`, whose text
/// declares the entry), one level deep.
fn with_local_includes(text: &str, test: &Path) -> String {
    let mut out = text.to_string();
    let Some(dir) = test.parent() else {
        return out;
    };
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("#include") else {
            continue;
        };
        let Some(name) = rest
            .trim()
            .strip_prefix('"')
            .and_then(|r| r.split('"').next())
        else {
            continue;
        };
        let path = dir.join(name);
        if path.parent() == Some(dir) && path != test {
            if let Ok(more) = std::fs::read_to_string(&path) {
                out.push('\n');
                out.push_str(&more);
            }
        }
    }
    out
}

fn declared_entries(test: &str) -> Vec<(String, bool)> {
    let mut starts: Vec<usize> = test.match_indices("extern \"C\"").map(|(k, _)| k).collect();
    starts.extend(test.match_indices("__global__").map(|(k, _)| k));
    starts.sort_unstable();
    let mut out: Vec<(String, bool)> = Vec::new();
    for k in starts {
        let rest = &test[k..];
        let Some(paren) = rest.find('(') else {
            continue;
        };
        let head = &rest[..paren];
        if head.contains(['{', ';', '=', '#']) {
            continue;
        }
        let marked = head.contains("__global__") || head.contains("__aicore__");
        let name = trailing_identifier(head).to_string();
        let close = super::source::matching(rest.as_bytes(), paren, (b'(', b')'));
        let after = close.map_or("", |c| rest[c..].trim_start());
        if after.starts_with(';') && !name.is_empty() && !out.iter().any(|(n, _)| *n == name) {
            out.push((name, marked));
        }
    }
    out
}

/// Whether `path` is a kernel unit test: a C++ file including CANN's CPU debug library.
pub fn is_ut(path: &Path) -> bool {
    crate::kernel::is_cpp(path)
        && std::fs::read(path).is_ok_and(|b| {
            String::from_utf8_lossy(&b)
                .lines()
                .any(|l| l.trim_start().starts_with("#include") && l.contains("tikicpulib.h"))
        })
}

/// Finds the build of `test`.
pub fn find(test: &Path, product: Product) -> Result<Build, CompileError> {
    let test = std::fs::canonicalize(test)
        .map_err(|e| missing(format!("cannot read {}: {e}", test.display())))?;
    let (op_dir, ut_dir) = ut_dirs(&test).ok_or_else(|| {
        missing(format!(
            "{} is not in an op's tests/ut/op_kernel/ directory: a kernel unit test lies in <op>/tests/ut/op_kernel/ of an operator repository (docs/format.md §13)",
            test.display()
        ))
    })?;
    let op = op_dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // The repository's root: the first directory above the op holding CMakeLists.txt and
    // README.md, passing over those without the shared `tests/ut/op_kernel/` (ops-nn's
    // `examples/` is a CMake subdirectory of the repository, whose UT build is the root's).
    let roots = || {
        op_dir
            .ancestors()
            .skip(1)
            .filter(|d| d.join("CMakeLists.txt").is_file() && d.join("README.md").is_file())
    };
    let root = roots()
        .find(|d| d.join("tests/ut/op_kernel").is_dir())
        .or_else(|| roots().next())
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            missing(format!(
                "no repository root above {}: the UT build runs from the first directory holding CMakeLists.txt and README.md",
                op_dir.display()
            ))
        })?;
    let cmake = std::fs::read_to_string(ut_dir.join("CMakeLists.txt")).unwrap_or_default();
    let copies = build_copies(&cmake, &ut_dir, &root);
    let deps = dependency_ops(&cmake, product, &op_dir);
    let (soc, mut defines, sources) = test_case_options(&cmake, product, &ut_dir, &root)
        .unwrap_or_else(|| (default_soc(product).to_string(), Vec::new(), Vec::new()));
    defines.push(format!("UT_SOC_VERSION=\"{soc}\""));
    defines.push("KERNELUT=1".into());
    defines.push("__CCE_KT_TEST__=1".into());
    let text = std::fs::read_to_string(&test)
        .map_err(|e| missing(format!("cannot read {}: {e}", test.display())))?;
    // The first entry the test declares that an op_kernel source defines is compiled with it,
    // else the UT_SRC_FILES source of the test case that defines it (ops-math's
    // `<op>_kernel_inst.cpp`, instantiating the kernel's templates as entries); a declared
    // kernel defined nowhere is an error.
    let declared = declared_entries(&with_local_includes(&text, &test));
    let kernel = declared.iter().find_map(|(entry, _)| {
        kernel_file(&op_dir, &op, entry).or_else(|| {
            sources
                .iter()
                .filter(|f| f.is_file() && std::fs::canonicalize(f).ok().as_ref() != Some(&test))
                .find(|f| {
                    std::fs::read_to_string(f)
                        .is_ok_and(|t| source::entries_all(&t).iter().any(|e| e.name == *entry))
                })
                .cloned()
        })
    });
    if let (None, Some((entry, _))) = (&kernel, declared.iter().find(|(_, marked)| *marked)) {
        return Err(missing(format!(
            "{}: the test declares the kernel entry `{entry}`, defined in no .cpp of {} nor in the test case's UT_SRC_FILES",
            test.display(),
            op_dir.join("op_kernel").display()
        )));
    }
    Ok(Build {
        cwd: root.join("build/tests/ut/op_kernel"),
        test,
        op_dir,
        ut_dir,
        op,
        root,
        kernel,
        defines,
        copies,
        deps,
    })
}

/// The identifier `s` ends with (trailing whitespace left out); empty when it ends otherwise.
pub(super) fn trailing_identifier(s: &str) -> &str {
    let s = s.trim_end();
    let start = s
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    &s[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builds_copies_into_its_tree_are_taken_and_none_elsewhere() {
        let dir = std::env::temp_dir().join(format!("ascstep-copies-{}", std::process::id()));
        let ut = dir.join("math/ne/tests/ut/op_kernel");
        std::fs::create_dir_all(ut.join("data")).unwrap();
        for f in ["gen_data.py", "compare_data.py"] {
            std::fs::write(ut.join("data").join(f), "").unwrap();
        }
        let cmake = r#"
    add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/tests/ut/op_kernel/gen_data.py
        COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/data/compare_data.py ${CMAKE_CURRENT_SOURCE_DIR}/data/gen_data.py ${CMAKE_BINARY_DIR}/tests/ut/op_kernel
        DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/data/gen_data.py)
    add_custom_target(x COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/data/gen_data.py /tmp/elsewhere)
    # add_custom_target(y COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/data/gen_data.py ${CMAKE_BINARY_DIR}/g.py)
    add_custom_target(z COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/data/absent.py ${CMAKE_BINARY_DIR}/tests)
"#;
        let got = build_copies(cmake, &ut, &dir);
        let to = dir.join("build/tests/ut/op_kernel");
        assert_eq!(
            got,
            vec![
                (ut.join("data/compare_data.py"), to.join("compare_data.py")),
                (ut.join("data/gen_data.py"), to.join("gen_data.py")),
            ]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn reads_the_options_of_the_products_test_case() {
        let cmake = r#"
if (UT_TEST_ALL OR OP_KERNEL_UT)
    # AddOpTestCase(x "ascend910B1" "-DDTYPE_X=int8")
    AddOpTestCase(foo "ascend950pr_9599" "-DDTYPE_X=half")
    AddOpTestCase(foo "ascend910B1 ascend310p" "-DDTYPE_X=float -fpermissive;-DP=${PROJECT_SOURCE_DIR}/p")
endif()"#;
        let (soc, d, _) =
            test_case_options(cmake, Product::AtlasA2, Path::new("/u"), Path::new("/r")).unwrap();
        assert_eq!(soc, "ascend910B1");
        assert_eq!(d, vec!["DTYPE_X=float".to_string(), "P=/r/p".to_string()]);
        let (soc, d, _) =
            test_case_options(cmake, Product::Ascend950, Path::new("/u"), Path::new("/r")).unwrap();
        assert_eq!(
            (soc.as_str(), d),
            ("ascend950pr_9599", vec!["DTYPE_X=half".to_string()])
        );
        // ops-math's spelling, the op name left out.
        let (soc, d, _) = test_case_options(
            r#"AddOpsTestCase("ascend910b" "-DORIG_DTYPE_X=DT_FLOAT")"#,
            Product::AtlasA2,
            Path::new("/u"),
            Path::new("/r"),
        )
        .unwrap();
        assert_eq!(
            (soc.as_str(), d),
            ("ascend910b", vec!["ORIG_DTYPE_X=DT_FLOAT".to_string()])
        );
        assert!(test_case_options(
            cmake,
            Product::Atlas200I500A2,
            Path::new("/u"),
            Path::new("/r")
        )
        .is_none());
    }

    #[test]
    fn reads_the_keyword_form_of_ops_math() {
        // ops-math's experimental/conversion/im2col and random/drop_out_do_mask write so.
        let cmake = r#"
    set(socs ascend910b ascend910_93)
    if(ASCEND_COMPUTE_UNIT IN_LIST socs)
        AddOpsTestCase(
            OP_NAME im2col
            SOC_VERSION ${ASCEND_COMPUTE_UNIT}
            OTHER_COMPILE_OPTIONS "-DDTYPE_X=half -DN=2"
            TILING_SRC_FILES ${CMAKE_CURRENT_SOURCE_DIR}/../../../op_host/im2col_tiling.cpp
            UT_SRC_FILES
                ${CMAKE_CURRENT_SOURCE_DIR}/test_im2col.cpp
                ${CMAKE_CURRENT_SOURCE_DIR}/im2col_kernel_inst.cpp
                ${GLOBBED_CASES})
    endif()"#;
        let (soc, d, sources) =
            test_case_options(cmake, Product::AtlasA2, Path::new("/u"), Path::new("/r")).unwrap();
        // A variable SoC is whichever the build is for.
        assert_eq!(soc, "Ascend910B1");
        assert_eq!(d, vec!["DTYPE_X=half".to_string(), "N=2".to_string()]);
        // The tiling sources are the host's; unresolved variables are left out.
        assert_eq!(
            sources,
            vec![
                PathBuf::from("/u/test_im2col.cpp"),
                PathBuf::from("/u/im2col_kernel_inst.cpp")
            ]
        );
        let named = r#"AddOpsTestCase(OP_NAME drop_out_do_mask SOC_VERSION "ascend950" OTHER_COMPILE_OPTIONS "-DDTYPE_X=float")"#;
        assert_eq!(build_product(named), Some(Product::Ascend950));
        let (soc, d, _) =
            test_case_options(named, Product::Ascend950, Path::new("/u"), Path::new("/r")).unwrap();
        assert_eq!(
            (soc.as_str(), d),
            ("ascend950", vec!["DTYPE_X=float".to_string()])
        );
        assert!(
            test_case_options(named, Product::AtlasA2, Path::new("/u"), Path::new("/r")).is_none()
        );
    }

    #[test]
    fn a_positional_soc_may_be_a_variable() {
        // ops-math's experimental/math/roll.
        let cmake = r#"
    set(roll_soc_versions ascend910b ascend910_93)
    if("${ASCEND_COMPUTE_UNIT}" IN_LIST roll_soc_versions)
        AddOpTestCase(roll "${ASCEND_COMPUTE_UNIT}" "-DDTYPE_X=complex64 -DORIG_DTYPE_X=DT_COMPLEX64"
                      "${roll_tiling_files}")
    endif()"#;
        let (soc, d, _) =
            test_case_options(cmake, Product::AtlasA2, Path::new("/u"), Path::new("/r")).unwrap();
        assert_eq!(soc, "Ascend910B1");
        assert_eq!(
            d,
            vec![
                "DTYPE_X=complex64".to_string(),
                "ORIG_DTYPE_X=DT_COMPLEX64".to_string()
            ]
        );
        // A variable that names no SoC is not taken for one.
        assert!(test_case_options(
            r#"AddOpTestCase(${OP} "${OPTIONS}")"#,
            Product::AtlasA2,
            Path::new("/u"),
            Path::new("/r")
        )
        .is_none());
    }

    #[test]
    fn the_build_product_is_the_test_cases_soc() {
        // Only Ascend 950 (ops-nn's bnll, ops-math's asinh_grad): built for 950.
        let only_950 = "AddOpTestCase(bnll \"ascend950pr_9599\" \"-DDTYPE_X=float\" )";
        assert_eq!(build_product(only_950), Some(Product::Ascend950));
        let multi_line =
            "AddOpTestCase(\n    stateless_normal\n    \"ascend950\"\n    \"-DDTYPE_Y=float\")";
        assert_eq!(build_product(multi_line), Some(Product::Ascend950));
        // An A2-class SoC anywhere wins, whatever the order.
        let both = "AddOpTestCase(x \"ascend950pr_9599\" \"\")\nAddOpTestCase(x \"ascend910b ascend310p\" \"\")";
        assert_eq!(build_product(both), Some(Product::AtlasA2));
        assert_eq!(
            build_product("AddOpsTestCase(\"ascend310p\" \"-DX=1\")"),
            Some(Product::AtlasInference)
        );
        // Commented out or absent: no product of the build's (the caller takes Atlas A2).
        assert_eq!(build_product("# AddOpTestCase(x \"ascend950\" \"\")"), None);
        assert_eq!(build_product(""), None);
    }

    #[test]
    fn finds_declared_entries_not_definitions() {
        let t = "extern \"C\" __global__ __aicore__ void fused_sgd(GM_ADDR a,\n GM_ADDR b);\nextern \"C\" __global__ __aicore__ void defined(GM_ADDR a) { }\nextern \"C\" void plain(uint8_t* x);\nextern \"C\" {\nint f(int);\n}";
        assert_eq!(
            declared_entries(t),
            vec![
                ("fused_sgd".to_string(), true),
                ("plain".to_string(), false)
            ]
        );
    }

    #[test]
    fn op_types_as_the_ut_build_derives_them() {
        assert_eq!(camel("fused_sgd"), "FusedSgd");
        assert_eq!(camel("apply_adam_w_v2"), "ApplyAdamWV2");
    }
}
