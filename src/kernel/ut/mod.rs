//! Kernel unit tests written for CANN's CPU debug library, built as the operator repositories'
//! own UT build does (docs/format.md §13; their `cmake/ut.cmake` and each op's
//! `tests/ut/op_kernel/CMakeLists.txt`): the op directory above `tests/ut/op_kernel/`, the
//! repository root (the first ancestor holding `CMakeLists.txt` and `README.md`), the options
//! of the op's `AddOpTestCase` for the product, the tiling structs (the UT folder's
//! `<op>_tiling_def.h`/`<op>_tiling.h`, else generated from `op_host/` as §12.2), the kernel
//! (an entry the test declares is compiled from the op's `op_kernel/`), googletest from the
//! system, and ascstep's `tikicpulib.h`. The test runs in `<root>/build/tests/ut/op_kernel`.

mod find;
mod host;

use find::camel;
pub use find::{find, is_ut, product_of, Build};

use super::compile::{self, c_string, CompileError, Flags};
use super::gtest;
use super::launches::Ut;
use super::{child, layout, record, registration, source, tiling, Options};
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
pub(crate) fn missing(what: String) -> CompileError {
    CompileError::Io(what)
}

/// The UT folder's own tiling header the UT build force-includes (`<op>_tiling_def.h`, else
/// `<op>_tiling.h` where the repository's `cmake/ut.cmake` force-includes that name, as
/// ops-math's does and ops-nn's does not: ops-nn's group_norm_swish keeps macros there and takes
/// its struct from the op_host header; ops-nn's foreach ops all take foreach_abs's), if any.
fn own_tiling_header(b: &Build) -> Option<PathBuf> {
    let plain = std::fs::read_to_string(b.root.join("cmake/ut.cmake"))
        .map_or(true, |t| t.contains("_tiling.h\""));
    let foreach =
        (b.op_dir.parent().and_then(Path::file_name) == Some("foreach".as_ref())).then(|| {
            b.root
                .join("foreach/foreach_abs/tests/ut/op_kernel/foreach_abs_tiling_def.h")
        });
    let def = b.ut_dir.join(format!("{}_tiling_def.h", b.op));
    let own = plain.then(|| b.ut_dir.join(format!("{}_tiling.h", b.op)));
    std::iter::once(def)
        .chain(own)
        .chain(foreach)
        .find(|p| p.is_file())
}

/// The type names `text` defines: structs (`struct Name {`) and aliases (`typedef … Name;`,
/// `using Name = …;`), by name. (ops-math's sinkhorn UT header defines `SinkhornTilingDataUT`
/// and `typedef SinkhornTilingDataUT SinkhornTilingData;`.)
fn struct_names(text: &str) -> std::collections::HashSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = std::collections::HashSet::new();
    let mut rest = text;
    while let Some(i) = rest.find("struct ") {
        let after = &rest[i + 7..];
        let name = ident(after.trim_start());
        let tail = after.trim_start()[name.len()..].trim_start();
        if !name.is_empty() && tail.starts_with('{') {
            out.insert(name);
        }
        rest = after;
    }
    for stmt in text.split(';') {
        // The statement without the preprocessor and comment lines before it.
        let code: Vec<&str> = stmt
            .lines()
            .filter(|l| !l.trim_start().starts_with(['#', '/']))
            .collect();
        let code = code.join("\n");
        let stmt = code.trim_start();
        let word_start = |w: &str| {
            stmt.strip_prefix(w)
                .filter(|r| r.starts_with(char::is_whitespace))
                .map(str::trim_start)
        };
        if let Some(r) = word_start("typedef").filter(|r| !r.contains('{') && !r.contains('(')) {
            // The last identifier of the statement.
            let name = find::trailing_identifier(r).to_string();
            if !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) {
                out.insert(name);
            }
        } else if let Some(r) = word_start("using") {
            let name = ident(r);
            if !name.is_empty() && r[name.len()..].trim_start().starts_with('=') {
                out.insert(name);
            }
        }
    }
    out
}

/// The tiling header force-included as the UT build does (`-include`): the UT folder's own,
/// else the structs generated from the op's op_host tiling headers; and the struct the op
/// registers for GET_TILING_DATA.
///
/// With `host` (the test also includes the op_host headers themselves, §13, host tiling) each substitute
/// keeps a guard of its own, so that the header's own include still reads it.
fn tiling_prelude(
    b: &Build,
    search: &[PathBuf],
    product: Product,
    host: bool,
) -> (String, Option<String>) {
    if let Some(p) = own_tiling_header(b) {
        let s = format!("#include \"{}\"\n", c_string(&p.display().to_string()));
        return (
            s,
            registration::registered(&camel(&b.op), &b.op_dir.join("op_host")),
        );
    }
    let mut headers = Vec::new();
    // The op's op_host/, then the directories of the product's architecture (the repositories
    // keep Atlas A2's tiling in arch22/, a few ops in arch32/; Ascend 950's in arch35/).
    let arch = host::arch_dirs(product);
    // Then those of the test case's dependency ops (ops-nn's add_rms_norm_quant_v2 takes
    // add_rms_norm_quant's struct), as the UT build's tiling library compiles them in.
    let hosts: Vec<PathBuf> = std::iter::once(&b.op_dir)
        .chain(&b.deps)
        .map(|d| d.join("op_host"))
        .collect();
    for dir in hosts
        .iter()
        .flat_map(|host| std::iter::once(host.clone()).chain(arch.iter().map(|a| host.join(a))))
    {
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
        s.push_str(&tiling::host_header_substitute(
            &h,
            search,
            &Default::default(),
            host,
        ));
    }
    s.push_str(&tiling::generated_guard_defines(&b.op_dir, arch, product));
    // The op type's registration, in its own op_host or a dependency op's.
    let registered = hosts
        .iter()
        .find_map(|h| registration::registered(&camel(&b.op), h));
    (s, registered)
}

/// The test's text with each include of an op_host header replaced by its kernel side (line
/// breaks kept), the substitutes written into `dir`; with `host` (a test that runs the op's
/// host tiling, §13, host tiling) op_host headers stay the host's, as in CANN's build.
///
/// An include of the op's own kernel sources (`"../../../op_kernel/arch35/x.cpp"`) becomes
/// the same file in CANN's staged layout (`staged`: the op's `op_kernel/` and its `ascendc/<op>/`
/// copy), so the kernel's relative includes walk that tree (`"../../other_op/y.h"`) as in
/// CANN's build.
fn substitute_host_includes(
    text: &str,
    test_dir: &Path,
    search: &[PathBuf],
    dir: &Path,
    staged: Option<(&Path, &Path)>,
    defined: &std::collections::HashSet<String>,
    host: bool,
) -> String {
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
            Some(p) if !host && tiling::in_op_host(&p) => {
                let sub = tiling::host_header_substitute(&p, search, defined, false);
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
            Some(p) if staged.is_some_and(|(real, _)| p.starts_with(real)) => {
                let (real, copy) = staged.unwrap_or((Path::new(""), Path::new("")));
                let rel = p.strip_prefix(real).unwrap_or(&p);
                out.push_str(&format!(
                    "#include \"{}\"",
                    c_string(&copy.join(rel).display().to_string())
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

/// The test program's PATH when it needs one: some UTs start their data scripts with `python`
/// (ops-nn's foreach_div_scalar), which a machine with only `python3` lacks; then a directory
/// of `gen` holding `python` → python3 goes last on PATH, so a `python` of the user's wins.
fn python_on_path(gen: &Path) -> Option<String> {
    let path = std::env::var_os("PATH")?;
    let dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    let has = |name: &str| dirs.iter().any(|d| d.join(name).is_file());
    if has("python") || !has("python3") {
        return None;
    }
    let python3 = dirs
        .iter()
        .map(|d| d.join("python3"))
        .find(|p| p.is_file())?;
    let shim = gen.join("python-shim");
    let link = shim.join("python");
    if std::fs::read_link(&link).ok().as_deref() != Some(python3.as_path()) {
        let _ = std::fs::create_dir_all(&shim);
        let tmp = shim.join(format!(".python-{}", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        std::os::unix::fs::symlink(&python3, &tmp).ok()?;
        std::fs::rename(&tmp, &link).ok()?;
    }
    let mut all = dirs;
    all.push(shim);
    std::env::join_paths(all)
        .ok()
        .map(|p| p.to_string_lossy().into_owned())
}

/// A file of the op's `op_kernel/` that places it in CANN's layout when the test includes the
/// kernel itself (or a UT source of the test case does): `<op>.cpp`, `<op>_apt.cpp` (Ascend 950's), else the first file there.
fn any_kernel_file(dir: &Path, op: &str) -> Option<PathBuf> {
    [format!("{op}.cpp"), format!("{op}_apt.cpp")]
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())
        .or_else(|| {
            let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
                .ok()?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect();
            files.sort();
            files.into_iter().next()
        })
}

/// One file the UT build copies into its build tree (the op's data scripts), written
/// atomically as the build's `cmake -E copy` would leave it.
fn copy_built(from: &Path, to: &Path) -> Result<(), CompileError> {
    let failed = |e: std::io::Error| {
        missing(format!(
            "cannot copy {} to {} as the UT build does: {e}",
            from.display(),
            to.display()
        ))
    };
    let bytes = std::fs::read(from).map_err(failed)?;
    if std::fs::read(to).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).map_err(failed)?;
    }
    crate::files::write_atomic(to, &bytes, true).map_err(failed)
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
    let mut opbase: Option<PathBuf> = None;
    // (A kernel source of the UT folder, a UT_SRC_FILES one, is not in the op's op_kernel/.)
    let own_kernel = b
        .kernel
        .as_deref()
        .filter(|k| k.starts_with(b.op_dir.join("op_kernel")));
    if let Some(l) = own_kernel.and_then(layout::of) {
        let ob = layout::opbase(&l.repo, opts.opbase.as_deref());
        opbase = ob.clone();
        let (staged_kernel, staged) = layout::stage(&l, ob.as_deref(), &compile::cache_dir())
            .map_err(|e| {
                missing(format!(
                    "cannot lay out CANN's kernel tree in the cache: {e}"
                ))
            })?;
        kernel = Some(staged_kernel);
        ascendc = staged.last().cloned();
        includes.extend(staged);
    } else if let Some(l) = any_kernel_file(&b.op_dir.join("op_kernel"), &b.op)
        .as_deref()
        .and_then(layout::of)
    {
        let ob = layout::opbase(&l.repo, opts.opbase.as_deref());
        opbase = ob.clone();
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
    // A byte-order mark (ops-nn's fused_add_rms_norm test has one), which the compiler skips
    // only at a file's start: the test's text goes after ascstep's lines.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    let gen = compile::cache_dir().join("ut");
    std::fs::create_dir_all(&gen)
        .map_err(|e| missing(format!("cannot write {}: {e}", gen.display())))?;
    let test_dir = b.test.parent().unwrap_or(Path::new(".")).to_path_buf();
    // Where the tiling structs' headers are searched: the kernel's include path, then the
    // repository's root, as the op_host build's (`#include "conversion/tensor_move/op_host/…"`
    // in ops-math's assign).
    let mut search = flags.includes.clone();
    search.push(b.root.clone());
    // A test that computes its tiling with the op's host tiling function links it, and one
    // that fills an op_host header's host tiling class reads that header whole (§13, host
    // tiling).
    let host_units = host::uses_executor(&text);
    let host_headers = host_units || host::names_host_class(&text, &b.op_dir.join("op_host"));
    if host_headers {
        let ob = opbase.or_else(|| layout::opbase(&b.root, opts.opbase.as_deref()));
        let h = host::units(&b, &flags.includes, ob.as_deref(), opts.product);
        // The test's own unit reads the op_host headers too: opbase's and the repository's
        // host include directories come after the UT folders, as in the UT build, before
        // CANN's staged kernel layout (whose `log/` is the log op's, not opbase's log.h).
        let more: Vec<PathBuf> = h
            .includes
            .iter()
            .filter(|d| !flags.includes.contains(d))
            .cloned()
            .collect();
        let at = flags
            .includes
            .iter()
            .take_while(|d| d.starts_with(b.root.join("tests/ut")))
            .count();
        flags.includes.splice(at..at, more);
        if host_units {
            flags.host = Some(h);
        }
    }
    let (mut prelude, registered) = tiling_prelude(&b, &search, opts.product, host_headers);
    let registered = registered.or_else(|| {
        registration::registered_default(
            &b.op_dir.join("op_kernel"),
            opts.product == Product::Ascend950,
        )
    });
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
    let own = b.op_dir.join("op_kernel");
    let staged_own = ascendc.as_ref().map(|a| a.join(&b.op));
    // The structs the force-included UT header defines: an op_host header the test includes
    // adds its own only where they are not (ops-math's segsum defines SegsumTilingData in both:
    // the host build's is optiling's class, not a kernel struct).
    let defined = own_tiling_header(&b)
        .and_then(|p| std::fs::read_to_string(p).ok())
        .map(|t| struct_names(&t))
        .unwrap_or_default();
    let body = substitute_host_includes(
        &text,
        &test_dir,
        &search,
        &gen,
        staged_own.as_deref().map(|s| (own.as_path(), s)),
        &defined,
        host_headers,
    );
    // Three translation units, as the UT build has them: the test, the kernel (when the test
    // declares its entry rather than including it), each with the tiling header force-included,
    // and the support: the repository's shared helpers (ReadFile, WriteFile, …) and main.
    // The test's unit is a host unit for CANN's tiling-key templates (GET_TPL_TILING_KEY).
    let mut test_tu = format!("#define ASCSTEP_TPL_HOST 1\n#include \"tikicpulib.h\"\n{prelude}");
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
    for (from, to) in &b.copies {
        copy_built(from, to)?;
    }
    let only: Vec<String> = opts.only_blocks.iter().map(u32::to_string).collect();
    let mut launches = Vec::new();
    let mut crashes = Vec::new();
    let mut output = String::new();
    // After a crash: the cases of the programs so far, and those each program started.
    let mut merged: Vec<gtest::Outcome> = Vec::new();
    let mut started: Vec<String> = Vec::new();
    let path = python_on_path(&gen);
    let end = loop {
        let first = crashes.is_empty();
        let mut env: Vec<(&str, String)> = vec![("ASCSTEP_BLOCKS", only.join(","))];
        if let Some(p) = &path {
            env.push(("PATH", p.clone()));
        }
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
    fn type_names_of_a_ut_tiling_header() {
        // ops-math's math/sinkhorn/tests/ut/op_kernel/sinkhorn_tiling.h, shortened.
        let t = "#include \"kernel_tiling/kernel_tiling.h\"\nstruct SinkhornTilingDataUT {\n  uint64_t formerNum; // former\n  float tol; // tol\n};\n\ntypedef SinkhornTilingDataUT SinkhornTilingData;\n#define TILING_DATA_STRUCT_NAME SinkhornTilingDataUT\nusing Other = int;\ntypedef void (*Fn)(int);\nstruct Declared;\n";
        let mut names: Vec<String> = struct_names(t).into_iter().collect();
        names.sort();
        // A function-pointer typedef and a declaration without a body are not definitions
        // ascstep would generate.
        assert_eq!(
            names,
            ["Other", "SinkhornTilingData", "SinkhornTilingDataUT"]
        );
    }
}
