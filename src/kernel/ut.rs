//! Kernel unit tests written for CANN's CPU debug library, built as the operator repositories'
//! own UT build does (docs/format.md §13; their `cmake/ut.cmake` and each op's
//! `tests/ut/op_kernel/CMakeLists.txt`): the op directory above `tests/ut/op_kernel/`, the
//! repository root (the first ancestor holding `CMakeLists.txt` and `README.md`), the options
//! of the op's `AddOpTestCase` for the product, the tiling structs (the UT folder's
//! `<op>_tiling_def.h`/`<op>_tiling.h`, else generated from `op_host/` as §12.2), the kernel
//! (an entry the test declares is compiled from the op's `op_kernel/`), googletest from the
//! system, and ascstep's `tikicpulib.h`. The test runs in `<root>/build/tests/ut/op_kernel`.

use super::compile::{self, c_string, CompileError, Flags};
use super::gtest;
use super::launches::Ut;
use super::{child, layout, record, source, tiling, Options};
use crate::base::product::Product;
use std::path::{Path, PathBuf};

/// How a kernel unit test is run.
#[derive(Clone, Debug, Default)]
pub struct UtOptions {
    /// googletest's filter (`--gtest_filter`).
    pub filter: Option<String>,
    /// Write googletest's XML report (JUnit's schema) here.
    pub junit: Option<PathBuf>,
    /// Write googletest's JSON report here (for `ascstep test`; `junit` wins).
    pub json: Option<PathBuf>,
    /// Keep the recording of this launch of the run (counted from 0).
    pub keep: Option<usize>,
    /// A launch with a warning fails its test.
    pub deny_warnings: bool,
}

/// A run of a kernel unit test file.
pub struct UtRun {
    /// How the last test program ended.
    pub end: child::End,
    /// The cases a test program died in (crashed, timed out, exited early), each followed by a
    /// new program for the cases not started yet.
    pub crashes: Vec<Crash>,
    pub output: String,
    pub launches: Vec<super::launches::Launch>,
    pub cached: bool,
    /// The build found: what the report says of it.
    pub build: Build,
}

/// A case the test program ended in without finishing it, and how it ended.
#[derive(Debug)]
pub struct Crash {
    pub test: String,
    pub end: child::End,
}

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
}

fn missing(what: String) -> CompileError {
    CompileError::Io(what)
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

/// The SoC and compile options of the op's `AddOpTestCase` for `product` (the first call
/// naming one of its SoCs), with `${…}` variables the build defines replaced.
fn test_case_options(
    cmake: &str,
    product: Product,
    ut_dir: &Path,
    root: &Path,
) -> Option<(String, Vec<String>)> {
    let text: String = cmake
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    for name in ["AddOpTestCase(", "AddOpsTestCase("] {
        let mut from = 0;
        while let Some(k) = text[from..].find(name) {
            let start = from + k + name.len();
            let end = text[start..].find(')').map_or(text.len(), |e| start + e);
            from = end;
            let words = cmake_words(&text[start..end]);
            // (op) socs "options" …: the op name may be left out.
            let socs_at = words
                .iter()
                .position(|w| w.to_ascii_lowercase().starts_with("ascend"))?;
            let Some(soc) = words[socs_at]
                .split_whitespace()
                .find(|s| soc_fits(s, product))
            else {
                continue;
            };
            let opts = words.get(socs_at + 1).cloned().unwrap_or_default();
            let opts = opts
                .replace("${CMAKE_CURRENT_SOURCE_DIR}", &ut_dir.display().to_string())
                .replace("${PROJECT_SOURCE_DIR}", &root.display().to_string());
            // Whitespace or `;` (a CMake list) between options.
            let defines = opts
                .split(|c: char| c.is_whitespace() || c == ';')
                .filter_map(|o| o.strip_prefix("-D"))
                .filter(|d| !d.contains("${") && !d.starts_with("UT_CUSTOM_TILING_DATA_KEYS"))
                .map(str::to_string)
                .collect();
            return Some((soc.to_string(), defines));
        }
    }
    None
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
fn camel(op: &str) -> String {
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
        let name: String = head
            .trim_end()
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
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
    super::is_cpp(path)
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
    let root = op_dir
        .ancestors()
        .skip(1)
        .find(|d| d.join("CMakeLists.txt").is_file() && d.join("README.md").is_file())
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            missing(format!(
                "no repository root above {}: the UT build runs from the first directory holding CMakeLists.txt and README.md",
                op_dir.display()
            ))
        })?;
    let cmake = std::fs::read_to_string(ut_dir.join("CMakeLists.txt")).unwrap_or_default();
    let (soc, mut defines) = test_case_options(&cmake, product, &ut_dir, &root)
        .unwrap_or_else(|| (default_soc(product).to_string(), Vec::new()));
    defines.push(format!("UT_SOC_VERSION=\"{soc}\""));
    defines.push("KERNELUT=1".into());
    defines.push("__CCE_KT_TEST__=1".into());
    let text = std::fs::read_to_string(&test)
        .map_err(|e| missing(format!("cannot read {}: {e}", test.display())))?;
    // The first entry the test declares that an op_kernel source defines is compiled with it;
    // a declared kernel defined nowhere is an error.
    let declared = declared_entries(&text);
    let kernel = declared
        .iter()
        .find_map(|(entry, _)| kernel_file(&op_dir, &op, entry));
    if let (None, Some((entry, _))) = (&kernel, declared.iter().find(|(_, marked)| *marked)) {
        return Err(missing(format!(
            "{}: the test declares the kernel entry `{entry}`, defined in no .cpp of {}",
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
    })
}

/// The tiling header force-included as the UT build does (`-include`): the UT folder's own,
/// else the structs generated from the op's op_host tiling headers; and the struct the op
/// registers for GET_TILING_DATA.
fn tiling_prelude(b: &Build, search: &[PathBuf], product: Product) -> (String, Option<String>) {
    // ops-nn's foreach ops all take foreach_abs's (its cmake/ut.cmake).
    let foreach =
        (b.op_dir.parent().and_then(Path::file_name) == Some("foreach".as_ref())).then(|| {
            b.root
                .join("foreach/foreach_abs/tests/ut/op_kernel/foreach_abs_tiling_def.h")
        });
    let own = [
        format!("{}_tiling_def.h", b.op),
        format!("{}_tiling.h", b.op),
    ]
    .map(|n| b.ut_dir.join(n));
    for p in own.into_iter().chain(foreach) {
        if p.is_file() {
            let s = format!("#include \"{}\"\n", c_string(&p.display().to_string()));
            return (
                s,
                tiling::registered(&camel(&b.op), &b.op_dir.join("op_host")),
            );
        }
    }
    let mut headers = Vec::new();
    // The op's op_host/, then the directory of the product's architecture (the repositories
    // keep Atlas A2's tiling in arch32/, Ascend 950's in arch35/).
    let arch = if product == Product::Ascend950 {
        "arch35"
    } else {
        "arch32"
    };
    for dir in [
        b.op_dir.join("op_host"),
        b.op_dir.join("op_host").join(arch),
    ] {
        let mut found = Vec::new();
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            let n = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            if n.contains("tiling") && (n.ends_with(".h") || n.ends_with(".hpp")) {
                found.push(p);
            }
        }
        found.sort();
        headers.extend(found);
    }
    let mut s = String::new();
    for h in headers {
        s.push_str(&tiling::host_header_substitute(&h, search));
    }
    let registered = tiling::registered(&camel(&b.op), &b.op_dir.join("op_host"));
    (s, registered)
}

/// The test's text with each include of an op_host header replaced by its kernel side (line
/// breaks kept), the substitutes written into `dir`.
fn substitute_host_includes(text: &str, test_dir: &Path, search: &[PathBuf], dir: &Path) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let inc = t
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|l| l.strip_prefix("include"))
            .map(str::trim)
            .and_then(|l| l.strip_prefix('"'))
            .and_then(|l| l.find('"').map(|e| l[..e].to_string()));
        let found = inc.and_then(|inc| {
            std::iter::once(test_dir.to_path_buf())
                .chain(search.iter().cloned())
                .map(|d| d.join(&inc))
                .find(|p| p.is_file())
        });
        match found.map(|p| std::fs::canonicalize(&p).unwrap_or(p)) {
            Some(p) if tiling::in_op_host(&p) => {
                let sub = tiling::host_header_substitute(&p, search);
                let mut h = std::collections::hash_map::DefaultHasher::new();
                std::hash::Hash::hash(&sub, &mut h);
                let f = dir.join(format!("host-{:016x}.h", std::hash::Hasher::finish(&h)));
                // Whole or not at all: another ascstep may read it at once.
                if !f.is_file() {
                    let tmp = f.with_extension(format!("tmp{}", std::process::id()));
                    if std::fs::write(&tmp, &sub).is_err() || std::fs::rename(&tmp, &f).is_err() {
                        let _ = std::fs::remove_file(&tmp);
                    }
                }
                out.push_str(&format!(
                    "#include \"{}\"",
                    c_string(&f.display().to_string())
                ));
                if line.ends_with('\n') {
                    out.push('\n');
                }
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// The shared helpers of `tests/ut/op_kernel/` the repositories' UT build compiles into every
/// kernel test (their `test_op_kernel_main.cpp` is CANN's; ascstep gives its own `main`).
const UT_HELPERS: &[&str] = &[
    "data_utils.cpp",
    "kernel_ut_data_helper.cpp",
    "kernel_ut_data_executor.cpp",
];

/// Whether googletest's headers are where the compiler looks: an empty file preprocessed
/// with `-include gtest/gtest.h` (no pipe to the compiler: ascstep takes SIGPIPE's default
/// action, and a compiler that ends before reading would end ascstep too).
fn has_gtest(flags: &Flags) -> bool {
    let Ok(cxx) = compile::compiler() else {
        return true; // the compile says what is missing
    };
    let mut cmd = std::process::Command::new(cxx);
    cmd.args([
        "-x",
        "c++",
        "-E",
        "-o",
        "/dev/null",
        "-include",
        "gtest/gtest.h",
    ]);
    for i in &flags.includes {
        cmd.arg(format!("-I{}", i.display()));
    }
    cmd.arg("/dev/null")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    cmd.status().map_or(true, |s| s.success())
}

/// Compiles the test with its kernel as the UT build does and runs it, each launch simulated.
pub fn run(test: &Path, opts: &Options, ut: &UtOptions) -> Result<UtRun, CompileError> {
    let b = find(test, opts.product)?;
    let mut flags = opts.flags.clone();
    flags.defines.splice(0..0, b.defines.iter().cloned());
    let mut includes = vec![
        b.root.join("tests/ut/op_kernel"),
        b.root.join("tests/ut/common"),
        b.op_dir.join("op_kernel"),
    ];
    // The kernel compiled through CANN's layout, as its own build does (§12.2).
    let mut kernel = b.kernel.clone();
    let mut ascendc: Option<PathBuf> = None;
    if let Some(k) = &b.kernel {
        if let Some(l) = layout::of(k) {
            let ob = layout::opbase(&l.repo, opts.opbase.as_deref());
            let (staged_kernel, staged) = layout::stage(&l, ob.as_deref(), &compile::cache_dir())
                .map_err(|e| {
                missing(format!(
                    "cannot lay out CANN's kernel tree in the cache: {e}"
                ))
            })?;
            kernel = Some(staged_kernel);
            ascendc = staged.last().cloned();
            includes.extend(staged);
        }
    } else if let Some(l) = layout::of(&b.op_dir.join("op_kernel").join(format!("{}.cpp", b.op))) {
        let ob = layout::opbase(&l.repo, opts.opbase.as_deref());
        if let Ok((_, staged)) = layout::stage(&l, ob.as_deref(), &compile::cache_dir()) {
            ascendc = staged.last().cloned();
            includes.extend(staged);
        }
    }
    includes.retain(|d| d.is_dir());
    flags.includes.splice(0..0, includes);
    flags.defines.push("ASCSTEP_UT=1".into());
    flags
        .link
        .extend(["-lgtest".to_string(), "-pthread".to_string()]);
    flags.first_include = Some("ascstep/ut_pch.h".into());
    if !has_gtest(&flags) {
        return Err(CompileError::Io(
            "googletest is not installed: install the system's package (Debian/Ubuntu: apt install libgtest-dev; Fedora: dnf install gtest-devel)".into(),
        ));
    }
    let text = std::fs::read_to_string(&b.test)
        .map_err(|e| missing(format!("cannot read {}: {e}", b.test.display())))?;
    let gen = compile::cache_dir().join("ut");
    std::fs::create_dir_all(&gen)
        .map_err(|e| missing(format!("cannot write {}: {e}", gen.display())))?;
    let test_dir = b.test.parent().unwrap_or(Path::new(".")).to_path_buf();
    let (mut prelude, registered) = tiling_prelude(&b, &flags.includes, opts.product);
    // The struct GET_TILING_DATA takes, defined in the units (not with -D, which would keep
    // the compiler from the precompiled header that defines its fallback).
    if let Some(t) = registered {
        prelude.insert_str(
            0,
            &format!("#undef ASCSTEP_TILING_TYPE\n#define ASCSTEP_TILING_TYPE {t}\n"),
        );
    }
    // googletest, ascstep's runtime and headers precompiled, once per product and build: with
    // the macros the UT build always gives (the repository's options are not used by
    // ascstep's headers, so they may differ).
    compile::precompile(
        "ascstep/ut_pch.h",
        opts.product,
        &Flags {
            defines: vec!["__CCE_KT_TEST__=1".into(), "ASCSTEP_UT=1".into()],
            ..Flags::default()
        },
    );
    let body = substitute_host_includes(&text, &test_dir, &flags.includes, &gen);
    // Three translation units, as the UT build has them: the test, the kernel (when the test
    // declares its entry rather than including it), each with the tiling header force-included,
    // and the support: the repository's shared helpers (ReadFile, WriteFile, …) and main.
    let mut test_tu = format!("#include \"tikicpulib.h\"\n{prelude}");
    test_tu.push_str(&format!(
        "#line 1 \"{}\"\n{body}\n",
        c_string(&b.test.display().to_string())
    ));
    let mut units = vec![test_tu];
    if let Some(k) = &kernel {
        units.push(format!(
            "#include \"kernel_operator.h\"\n{prelude}#include \"{}\"\n",
            c_string(&k.display().to_string())
        ));
    }
    let mut support = String::from("#include <gtest/gtest.h>\n");
    for helper in UT_HELPERS {
        let h = b.root.join("tests/ut/op_kernel").join(helper);
        if h.is_file() {
            support.push_str(&format!(
                "#include \"{}\"\n",
                c_string(&h.display().to_string())
            ));
        }
    }
    support.push_str(
        "int main(int argc, char** argv) {\n    ::testing::InitGoogleTest(&argc, argv);\n    ::testing::UnitTest::GetInstance()->listeners().Append(new ::ascstep_rt::UtProgress);\n    return RUN_ALL_TESTS();\n}\n",
    );
    units.push(support);
    // The compiler's messages name the checkout's files, not the staged layout's.
    let compiled =
        compile::compile_units(&b.test, &units, opts.product, &flags).map_err(|e| {
            match (e, &ascendc) {
                (CompileError::Rejected { compiler, output }, Some(root)) => {
                    CompileError::Rejected {
                        compiler,
                        output: layout::unstage(&output, root),
                    }
                }
                (e, _) => e,
            }
        })?;
    let supervisor = compile::supervisor()?;
    std::fs::create_dir_all(&b.cwd).map_err(|e| {
        missing(format!(
            "cannot create the test's directory {}: {e}",
            b.cwd.display()
        ))
    })?;
    let only: Vec<String> = opts.only_blocks.iter().map(u32::to_string).collect();
    let mut launches = Vec::new();
    let mut crashes = Vec::new();
    let mut output = String::new();
    // After a crash: the cases of the programs so far, and those each program started.
    let mut merged: Vec<gtest::Outcome> = Vec::new();
    let mut started: Vec<String> = Vec::new();
    let end = loop {
        let first = crashes.is_empty();
        let mut env: Vec<(&str, String)> = vec![("ASCSTEP_BLOCKS", only.join(","))];
        let filter = if first {
            ut.filter.clone()
        } else {
            Some(gtest::without(ut.filter.as_deref(), &started))
        };
        if let Some(f) = filter {
            env.push(("GTEST_FILTER", f));
        }
        // The first program writes the report asked for; after a crash each writes JSON to merge.
        let part = gen.join(format!(
            "part-{}-{}.json",
            std::process::id(),
            crashes.len()
        ));
        if !first {
            if ut.junit.is_some() || ut.json.is_some() {
                env.push(("GTEST_OUTPUT", format!("json:{}", part.display())));
            }
        } else if let Some(j) = &ut.junit {
            env.push(("GTEST_OUTPUT", format!("xml:{}", j.display())));
        } else if let Some(j) = &ut.json {
            env.push(("GTEST_OUTPUT", format!("json:{}", j.display())));
        }
        let rec = record::Recorder::new(&b.test, &text, opts.product);
        let keep = ut.keep.and_then(|k| k.checked_sub(launches.len()));
        let mut h = Ut::new(rec, keep, ut.deny_warnings);
        let (end, out) = child::run(
            &supervisor,
            &compiled.exe,
            &mut h,
            opts.limits,
            opts.output,
            Some(&b.cwd),
            &env,
        );
        output.push_str(&out);
        if !first {
            if let Some(cases) = std::fs::read_to_string(&part)
                .ok()
                .and_then(|t| gtest::from_json(&t))
            {
                merged.extend(cases);
            }
            let _ = std::fs::remove_file(&part);
        }
        let running = h.running().cloned();
        launches.append(&mut h.launches);
        // A program that ended by itself, or died outside any case: its end is the run's.
        let (false, Some(test)) = (matches!(end, child::End::Exited(0 | 1)), running) else {
            break end;
        };
        merged.append(&mut h.ended);
        merged.push(gtest::Outcome {
            name: test.clone(),
            passed: false,
            failure: format!("{}\n{}", b.test.display(), gtest::ended(&end)),
            seconds: 0.0,
        });
        started.append(&mut h.started);
        crashes.push(Crash { test, end });
    };
    // The merged results where the report was asked for, in googletest's shape.
    if !crashes.is_empty() {
        if let Some(j) = &ut.junit {
            let _ = std::fs::write(j, gtest::to_xml(&merged));
        } else if let Some(j) = &ut.json {
            let _ = std::fs::write(j, gtest::to_json(&merged));
        }
    }
    Ok(UtRun {
        end,
        output,
        launches,
        crashes,
        cached: compiled.cached,
        build: b,
    })
}

/// The recording of one launch of a kernel unit test (`debug`, `import`): launch `launch`
/// (from 0) of the tests `filter` selects, the test's output captured. A launch that stopped
/// on an error is the recording up to it.
pub fn recorded(
    test: &Path,
    opts: &Options,
    filter: Option<String>,
    launch: usize,
) -> Result<super::Run, CompileError> {
    let ut = UtOptions {
        filter,
        keep: Some(launch),
        ..Default::default()
    };
    let mut run = run(test, opts, &ut)?;
    let n = run.launches.len();
    let Some(l) = run.launches.iter_mut().find(|l| l.machine.is_some()) else {
        let what = match &ut.filter {
            Some(f) => format!("the tests `{f}` selects"),
            None => "the file's tests".to_string(),
        };
        return Err(CompileError::Usage(format!(
            "{}: {what} made {n} launch{}: there is no launch {launch} (--launch counts from 0)",
            test.display(),
            if n == 1 { "" } else { "es" }
        )));
    };
    let machine = l.machine.take().unwrap_or_else(|| unreachable!());
    let end = match l.error.clone() {
        Some(d) => child::End::Rejected(d),
        None => child::End::Exited(0),
    };
    Ok(super::Run {
        machine,
        end,
        output: std::mem::take(&mut run.output),
        warnings: Vec::new(),
        cached: run.cached,
        launches: 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_options_of_the_products_test_case() {
        let cmake = r#"
if (UT_TEST_ALL OR OP_KERNEL_UT)
    # AddOpTestCase(x "ascend910B1" "-DDTYPE_X=int8")
    AddOpTestCase(foo "ascend950pr_9599" "-DDTYPE_X=half")
    AddOpTestCase(foo "ascend910B1 ascend310p" "-DDTYPE_X=float -fpermissive;-DP=${PROJECT_SOURCE_DIR}/p")
endif()"#;
        let (soc, d) =
            test_case_options(cmake, Product::AtlasA2, Path::new("/u"), Path::new("/r")).unwrap();
        assert_eq!(soc, "ascend910B1");
        assert_eq!(d, vec!["DTYPE_X=float".to_string(), "P=/r/p".to_string()]);
        let (soc, d) =
            test_case_options(cmake, Product::Ascend950, Path::new("/u"), Path::new("/r")).unwrap();
        assert_eq!(
            (soc.as_str(), d),
            ("ascend950pr_9599", vec!["DTYPE_X=half".to_string()])
        );
        // ops-math's spelling, the op name left out.
        let (soc, d) = test_case_options(
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
