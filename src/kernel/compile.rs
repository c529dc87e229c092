//! Compiling a kernel for the host: ascstep's headers written once into the cache directory,
//! the source with its launches rewritten (`source.rs`), the host C++ compiler (`CXX`, else
//! `c++`, `g++` or `clang++` on PATH), and a cache of executables keyed by the source, the
//! headers, the product, the flags and every file the compile read.

use crate::base::product::Product;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// ascstep's Ascend C headers (docs/format.md §12.3), by path under the include directory:
/// every `.h` under `src/kernel/include`, listed by `build.rs`.
pub const HEADERS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/headers.rs"));

/// How many compiled kernels the cache keeps (the least recently used go first).
const CACHE_ENTRIES: usize = 128;

/// What a compile needs besides the source.
#[derive(Clone, Debug, Default)]
pub struct Flags {
    /// `-D NAME[=VALUE]`.
    pub defines: Vec<String>,
    /// `-I DIR`.
    pub includes: Vec<PathBuf>,
    /// What the link adds after the source (`-lgtest` for a kernel unit test).
    pub link: Vec<String>,
    /// The header every unit starts with (default `ascstep/rt.h`); a kernel unit test's is
    /// precompiled (`precompile`).
    pub first_include: Option<String>,
    /// Host units linked with the others (a kernel unit test's op_host tiling sources and the
    /// repository's tiling executor, docs/format.md §13, host tiling), compiled as host C++.
    pub host: Option<HostUnits>,
}

/// Host C++ units: compiled as C++17 with exceptions, ascstep's host stand-ins for CANN's
/// graph runtime first on the include path, none of the kernel units' flags.
#[derive(Clone, Debug, Default, Hash)]
pub struct HostUnits {
    /// Each unit's text.
    pub units: Vec<String>,
    /// `-I DIR` after ascstep's headers.
    pub includes: Vec<PathBuf>,
    /// `-D NAME[=VALUE]`.
    pub defines: Vec<String>,
}

fn host_args(host: &HostUnits, include: &Path) -> Vec<String> {
    let mut args: Vec<String> = ["-std=c++17", "-O1", "-g1", "-w", "-x", "c++"]
        .map(String::from)
        .to_vec();
    args.push("-DASCSTEP_HOST_UNIT=1".into());
    args.push("-DASCSTEP_TPL_HOST=1".into());
    for d in &host.defines {
        args.push(format!("-D{d}"));
    }
    for d in std::iter::once(include).chain(host.includes.iter().map(PathBuf::as_path)) {
        args.push(format!("-I{}", d.display()));
    }
    args
}

/// Why a kernel could not be compiled.
#[derive(Debug)]
pub enum CompileError {
    /// No C++ compiler: what to install.
    NoCompiler(String),
    /// The compiler rejected the source: its own output.
    Rejected { compiler: String, output: String },
    /// The cache directory or a file could not be written or read.
    Io(String),
    /// A binding program's arguments do not fit the entry (docs/format.md §12.2).
    Binding(String),
    /// The command line asks for what the run does not have (a kernel unit test's launch).
    Usage(String),
}

/// A compiled kernel ready to run.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub exe: PathBuf,
    /// Whether it came from the cache.
    pub cached: bool,
}

/// The compiler to use: `CXX`, else the first of c++, g++, clang++ on PATH.
pub fn compiler() -> Result<String, CompileError> {
    if let Some(cxx) = std::env::var_os("CXX").filter(|c| !c.is_empty()) {
        return Ok(cxx.to_string_lossy().into_owned());
    }
    for c in ["c++", "g++", "clang++"] {
        if on_path(c) {
            return Ok(c.to_string());
        }
    }
    Err(CompileError::NoCompiler(
        "no C++ compiler found: ascstep compiles C++ kernels with the host's compiler; install g++ (Debian/Ubuntu: `apt install g++`) or clang++, or set CXX".into(),
    ))
}

/// `s` escaped for a C string literal.
pub fn c_string(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|p| {
        std::env::split_paths(&p).any(|d| {
            let f = d.join(name);
            f.is_file()
        })
    })
}

/// The cache directory: `ASCSTEP_CACHE`, else `$XDG_CACHE_HOME/ascstep`, else
/// `$HOME/.cache/ascstep`, else one under the temporary directory.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("ASCSTEP_CACHE").filter(|d| !d.is_empty()) {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("ascstep");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(h).join(".cache").join("ascstep");
    }
    std::env::temp_dir().join("ascstep-cache")
}

fn io(what: &str, p: &Path, e: std::io::Error) -> CompileError {
    CompileError::Io(format!("cannot {what} {}: {e}", p.display()))
}

fn headers_hash() -> u64 {
    let mut h = DefaultHasher::new();
    HEADERS.hash(&mut h);
    h.finish()
}

/// Writes the headers into `cache/include-<hash>` (once; atomically by renaming a complete
/// directory into place) and returns that directory.
pub fn include_dir(cache: &Path) -> Result<PathBuf, CompileError> {
    let dir = cache.join(format!("include-{:016x}", headers_hash()));
    if dir.is_dir() {
        return Ok(dir);
    }
    std::fs::create_dir_all(cache).map_err(|e| io("create", cache, e))?;
    let tmp = cache.join(format!("include-tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    for (name, text) in HEADERS {
        let p = tmp.join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io("create", parent, e))?;
        }
        std::fs::write(&p, text).map_err(|e| io("write", &p, e))?;
    }
    if std::fs::rename(&tmp, &dir).is_err() {
        // Another ascstep put it there first.
        let _ = std::fs::remove_dir_all(&tmp);
    }
    Ok(dir)
}

/// Precompiles `header` (one of ascstep's) for `product` and `flags` into `header.gch/` beside
/// it, once: the compiler takes the precompiled state of every unit that starts with the header
/// and is compiled the same way (macros the header uses defined alike; others may differ), and
/// the header itself otherwise. Best effort: a failure only leaves the header uncompiled.
pub fn precompile(header: &str, product: Product, flags: &Flags) {
    let (Ok(cxx), Ok(include)) = (compiler(), include_dir(&cache_dir())) else {
        return;
    };
    let args = compile_args(product, flags, &include, &include);
    let mut h = DefaultHasher::new();
    (&cxx, &args).hash(&mut h);
    let dir = include.join(format!("{header}.gch"));
    let gch = dir.join(format!("{:016x}.gch", h.finish()));
    if gch.is_file() || std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let tmp = dir.join(format!("tmp-{}", std::process::id()));
    let ok = Command::new(&cxx)
        .args(
            args.iter()
                .map(|a| if a == "c++" { "c++-header" } else { a }),
        )
        .arg(include.join(header))
        .arg("-o")
        .arg(&tmp)
        .output()
        .is_ok_and(|o| o.status.success());
    // In place at once, so that a compile running beside never reads half of it.
    if !ok || std::fs::rename(&tmp, &gch).is_err() {
        let _ = std::fs::remove_file(&tmp);
        return;
    }
    // A precompiled header is large (about 100 MiB): those other versions of ascstep's headers
    // built more than a day ago go (a version still in use builds its own again, once).
    let day = std::time::Duration::from_secs(24 * 3600);
    for e in std::fs::read_dir(cache_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let old = e.path().join(format!("{header}.gch"));
        let stale = std::fs::metadata(&old)
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > day));
        if e.path() != include && stale {
            let _ = std::fs::remove_dir_all(&old);
        }
    }
}

/// The macros a product's compiler predefines, so `#if` selects as on the device
/// (docs/semantics.md §20).
pub fn product_macros(p: Product) -> Vec<String> {
    let prof = p.profile();
    vec![
        format!("__NPU_ARCH__={}", prof.npu_arch),
        format!("__CCE_AICORE__={}", prof.cce_aicore),
        format!("ASCSTEP_UB_SIZE={}", prof.ub_size),
        "__DAV_VEC__=1".into(),
        "ASCENDC_ASCSTEP=1".into(),
    ]
}

/// The supervisor every compiled kernel runs under (`supervise.cpp`): compiled once with the
/// host compiler into the cache, named by its source's hash.
pub fn supervisor() -> Result<PathBuf, CompileError> {
    const SOURCE: &str = include_str!("supervise.cpp");
    let cache = cache_dir();
    let mut h = DefaultHasher::new();
    SOURCE.hash(&mut h);
    let exe = cache.join(format!("supervise-{:016x}", h.finish()));
    if exe.is_file() {
        return Ok(exe);
    }
    let cxx = compiler()?;
    std::fs::create_dir_all(&cache).map_err(|e| io("create", &cache, e))?;
    let tmp = unique_tmp(&cache, "supervise");
    let src = tmp.with_extension("cpp");
    std::fs::write(&src, SOURCE).map_err(|e| io("write", &src, e))?;
    let out = Command::new(&cxx)
        .args(["-std=c++17", "-O1", "-w", "-x", "c++"])
        .arg(&src)
        .arg("-o")
        .arg(&tmp)
        .output();
    let _ = std::fs::remove_file(&src);
    match out {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            let _ = std::fs::remove_file(&tmp);
            return Err(CompileError::Io(format!(
                "ascstep's kernel supervisor did not compile with `{cxx}`:\n{}",
                String::from_utf8_lossy(&o.stderr)
            )));
        }
        Err(e) => {
            return Err(CompileError::NoCompiler(format!(
                "cannot run the C++ compiler `{cxx}`: {e}; install g++ or clang++, or set CXX"
            )))
        }
    }
    std::fs::rename(&tmp, &exe).map_err(|e| io("place", &exe, e))?;
    Ok(exe)
}

/// A name under `cache` no other process or thread uses at the same time.
fn unique_tmp(cache: &Path, what: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    cache.join(format!(
        "tmp-{what}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ))
}

/// The compiler's flags for a kernel: the language, the product's macros, the defines and
/// the include path (ascstep's headers, the file's directory, then the given ones).
fn compile_args(product: Product, flags: &Flags, include: &Path, dir: &Path) -> Vec<String> {
    let mut args: Vec<String> = vec![
        "-std=c++20".into(),
        "-O1".into(),
        // Line tables only: a crash is named by its C++ line (child.rs, addr2line).
        "-g1".into(),
        "-w".into(),
        "-fno-exceptions".into(),
        "-x".into(),
        "c++".into(),
    ];
    for m in product_macros(product) {
        args.push(format!("-D{m}"));
    }
    for d in &flags.defines {
        args.push(format!("-D{d}"));
    }
    // An empty directory (a file named without one) is the current one: `-I` alone would take
    // the next argument as its directory.
    let dirs = [include, dir]
        .into_iter()
        .chain(flags.includes.iter().map(PathBuf::as_path));
    for d in dirs {
        let d = if d.as_os_str().is_empty() {
            Path::new(".")
        } else {
            d
        };
        args.push(format!("-I{}", d.display()));
    }
    args
}

/// `file` as the compiler's preprocessor leaves it for `product` and `flags` (the branches
/// of `#if` the compile would take), or None when it cannot be preprocessed.
pub fn preprocess(file: &Path, product: Product, flags: &Flags) -> Option<String> {
    let cxx = compiler().ok()?;
    let include = include_dir(&cache_dir()).ok()?;
    let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
    let out = Command::new(&cxx)
        .args(compile_args(product, flags, &include, &dir))
        .args(["-E", "-P", "-DASCSTEP_KEEP_GLOBAL"])
        .arg(file)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Compiles `file` for `product`, or takes it from the cache.
pub fn compile(file: &Path, product: Product, flags: &Flags) -> Result<Compiled, CompileError> {
    let src = std::fs::read_to_string(file).map_err(|e| io("read", file, e))?;
    // Without a byte-order mark, which the compiler skips only at a file's start.
    let src = src.strip_prefix('\u{feff}').unwrap_or(&src);
    let (rewritten, _) = super::source::rewrite_launches(src, true);
    let abs = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    compile_text(&abs, &rewritten, product, flags)
}

/// Compiles C++ text named `abs` (its directory on the include path) with ascstep's runtime.
pub fn compile_text(
    abs: &Path,
    rewritten: &str,
    product: Product,
    flags: &Flags,
) -> Result<Compiled, CompileError> {
    let text = format!(
        "#line 1 \"{}\"\n{rewritten}",
        c_string(&abs.display().to_string())
    );
    compile_units(abs, &[text], product, flags)
}

/// Compiles translation units (each C++ text, given its own `#line`s) into one executable with
/// ascstep's runtime, `abs`'s directory on the include path; the units are compiled side by
/// side (a kernel unit test's test, kernel and support units, docs/format.md §13), or
/// taken from the cache (key: compiler, flags, product macros, texts, headers; then every file
/// the compile read, by content).
pub fn compile_units(
    abs: &Path,
    units: &[String],
    product: Product,
    flags: &Flags,
) -> Result<Compiled, CompileError> {
    let cxx = compiler()?;
    let cache = cache_dir();
    let include = include_dir(&cache)?;
    let abs = abs.to_path_buf();
    let dir = abs.parent().map(Path::to_path_buf).unwrap_or_default();
    let first = flags.first_include.as_deref().unwrap_or("ascstep/rt.h");
    let texts: Vec<String> = units
        .iter()
        .map(|u| format!("#include \"{first}\"\n{u}"))
        .collect();
    let args = compile_args(product, flags, &include, &dir);
    let mut h = DefaultHasher::new();
    (
        &cxx,
        &args,
        &texts,
        headers_hash(),
        &flags.link,
        &flags.host,
    )
        .hash(&mut h);
    let key = format!("{:016x}", h.finish());
    let entry = cache.join(format!("k-{key}"));
    let exe = entry.join("kernel");
    let deps = entry.join("deps");
    if exe.is_file() && deps_unchanged(&deps) {
        let _ = touch(&entry);
        return Ok(Compiled { exe, cached: true });
    }
    let tmp = unique_tmp(&cache, &format!("k-{key}"));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| io("create", &tmp, e))?;
    let no_compiler = |e: std::io::Error| {
        CompileError::NoCompiler(format!(
            "cannot run the C++ compiler `{cxx}`: {e}; install g++ or clang++, or set CXX"
        ))
    };
    let rejected = |out: &std::process::Output| {
        let mut output = String::from_utf8_lossy(&out.stderr).into_owned();
        output.push_str(&String::from_utf8_lossy(&out.stdout));
        CompileError::Rejected {
            compiler: cxx.clone(),
            output,
        }
    };
    // A failed compile or link: the scratch directory goes, the compiler's output is the error.
    let succeeded = |out: &std::process::Output| {
        if out.status.success() {
            return Ok(());
        }
        let _ = std::fs::remove_dir_all(&tmp);
        Err(rejected(out))
    };
    let mut dfiles = Vec::new();
    // The files cached host objects read (their compiles' own lists).
    let mut read_files: Vec<PathBuf> = Vec::new();
    let host: Vec<(String, Vec<String>)> = flags
        .host
        .iter()
        .flat_map(|h| {
            let a = host_args(h, &include);
            h.units.iter().map(move |u| (u.clone(), a.clone()))
        })
        .collect();
    if texts.len() == 1 && host.is_empty() {
        let cpp = tmp.join("kernel.cpp");
        std::fs::write(&cpp, &texts[0]).map_err(|e| io("write", &cpp, e))?;
        let d = tmp.join("kernel.d");
        let out = Command::new(&cxx)
            .args(&args)
            .arg(&cpp)
            .arg("-MMD")
            .arg("-MF")
            .arg(&d)
            .arg("-o")
            .arg(tmp.join("kernel"))
            .args(&flags.link)
            .output()
            .map_err(no_compiler)?;
        succeeded(&out)?;
        dfiles.push(d);
    } else {
        // Each unit on a compiler process of its own, all at once, then one link; a host
        // unit compiled before (for any test) is taken from the cache.
        let mut running = Vec::new();
        let mut objects = Vec::new();
        let mut fresh = Vec::new();
        let all = texts.iter().map(|t| (t, &args, None)).chain(
            host.iter()
                .map(|(t, a)| (t, a, Some(HostObject::new(&cache, &cxx, a, t)))),
        );
        for (i, (t, args, cached)) in all.enumerate() {
            if let Some(h) = &cached {
                if let Some(o) = h.cached() {
                    objects.push(o);
                    read_files.extend(h.files());
                    continue;
                }
            }
            objects.push(tmp.join(format!("unit{i}.o")));
            if let Some(h) = cached {
                fresh.push((h, i));
            }
            let cpp = tmp.join(format!("unit{i}.cpp"));
            std::fs::write(&cpp, t).map_err(|e| io("write", &cpp, e))?;
            let d = tmp.join(format!("unit{i}.d"));
            let child = Command::new(&cxx)
                .args(args)
                .arg("-c")
                .arg(&cpp)
                .arg("-MMD")
                .arg("-MF")
                .arg(&d)
                .arg("-o")
                .arg(tmp.join(format!("unit{i}.o")))
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .map_err(no_compiler)?;
            running.push(child);
            dfiles.push(d);
        }
        let mut failed = None;
        for c in running {
            let out = c.wait_with_output().map_err(no_compiler)?;
            if !out.status.success() && failed.is_none() {
                failed = Some(out);
            }
        }
        if let Some(out) = failed {
            succeeded(&out)?;
        }
        for (h, i) in &fresh {
            h.store(
                &cache,
                &tmp.join(format!("unit{i}.o")),
                &tmp.join(format!("unit{i}.d")),
                &[&tmp, &include],
            );
        }
        let out = Command::new(&cxx)
            .args(&objects)
            .arg("-o")
            .arg(tmp.join("kernel"))
            .args(&flags.link)
            .output()
            .map_err(no_compiler)?;
        succeeded(&out)?;
    }
    // The files the compile read, with their contents' hashes, to notice an edited header.
    let mut files: Vec<PathBuf> = Vec::new();
    for p in dfiles
        .iter()
        .flat_map(|d| read_by(d, &[&tmp, &include]))
        .chain(read_files)
    {
        if !files.contains(&p) {
            files.push(p);
        }
    }
    let dep_text = deps_text(files.iter().chain(std::iter::once(&abs)));
    std::fs::write(tmp.join("deps"), dep_text).map_err(|e| io("write", &tmp, e))?;
    let _ = std::fs::remove_dir_all(&entry);
    if std::fs::rename(&tmp, &entry).is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
        if !exe.is_file() {
            return Err(CompileError::Io(format!(
                "cannot place the compiled kernel in {}",
                entry.display()
            )));
        }
    }
    trim_cache(&cache);
    Ok(Compiled { exe, cached: false })
}

fn file_hash(p: &Path) -> u64 {
    let mut h = DefaultHasher::new();
    std::fs::read(p).ok().hash(&mut h);
    h.finish()
}

/// The files a compile's `.d` file lists as read, but those under `skip`.
fn read_by(d: &Path, skip: &[&Path]) -> Vec<PathBuf> {
    let listed = std::fs::read_to_string(d).unwrap_or_default();
    listed
        .replace("\\\n", " ")
        .split_whitespace()
        .skip(1)
        .map(PathBuf::from)
        .filter(|p| !skip.iter().any(|s| p.starts_with(s)))
        .collect()
}

/// The `hash path` lines of a cache entry's `deps` for `files`.
fn deps_text<'a>(files: impl Iterator<Item = &'a PathBuf>) -> String {
    files
        .map(|f| format!("{:016x} {}\n", file_hash(f), f.display()))
        .collect()
}

/// A host unit's object in the cache (`h-<key>/unit.o` and the files it read, keyed by the
/// compiler, the flags and the unit's text): the host units a repository's tests share (its
/// tiling executor, opbase's sources, an op's tiling sources) compile once for them all.
struct HostObject {
    entry: PathBuf,
}

impl HostObject {
    fn new(cache: &Path, cxx: &str, args: &[String], text: &str) -> Self {
        let mut h = DefaultHasher::new();
        (cxx, args, text, headers_hash()).hash(&mut h);
        HostObject {
            entry: cache.join(format!("h-{:016x}", h.finish())),
        }
    }

    /// The object, when it is there and every file it read is as it was.
    fn cached(&self) -> Option<PathBuf> {
        let o = self.entry.join("unit.o");
        (o.is_file() && deps_unchanged(&self.entry.join("deps"))).then(|| {
            let _ = touch(&self.entry);
            o
        })
    }

    /// The files it read.
    fn files(&self) -> Vec<PathBuf> {
        std::fs::read_to_string(self.entry.join("deps"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.split_once(' ').map(|(_, f)| PathBuf::from(f)))
            .collect()
    }

    /// Keeps a freshly compiled object with what its `.d` file lists (best effort: a failure
    /// only leaves it to be compiled again). An entry another ascstep placed meanwhile, still
    /// current, stays: it may be in a link at this moment.
    fn store(&self, cache: &Path, object: &Path, d: &Path, skip: &[&Path]) {
        if self.entry.join("unit.o").is_file() && deps_unchanged(&self.entry.join("deps")) {
            return;
        }
        let tmp = unique_tmp(cache, "h");
        let ok = std::fs::create_dir_all(&tmp).is_ok()
            && std::fs::copy(object, tmp.join("unit.o")).is_ok()
            && std::fs::write(tmp.join("deps"), deps_text(read_by(d, skip).iter())).is_ok();
        let _ = std::fs::remove_dir_all(&self.entry);
        if !ok || std::fs::rename(&tmp, &self.entry).is_err() {
            let _ = std::fs::remove_dir_all(&tmp);
        }
    }
}

fn deps_unchanged(deps: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(deps) else {
        return false;
    };
    text.lines().all(|l| match l.split_once(' ') {
        Some((h, f)) => format!("{:016x}", file_hash(Path::new(f))) == h,
        None => false,
    })
}

fn touch(p: &Path) -> std::io::Result<()> {
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(p.join("deps"))?;
    f.set_modified(std::time::SystemTime::now())
}

/// Keeps the `CACHE_ENTRIES` most recently used compiled kernels, and as many host objects.
fn trim_cache(cache: &Path) {
    for prefix in ["k-", "h-"] {
        trim_entries(cache, prefix);
    }
}

fn trim_entries(cache: &Path, prefix: &str) {
    let Ok(rd) = std::fs::read_dir(cache) else {
        return;
    };
    let mut entries: Vec<(std::time::SystemTime, PathBuf)> = rd
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .map(|e| {
            let t = std::fs::metadata(e.path().join("deps"))
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (t, e.path())
        })
        .collect();
    if entries.len() <= CACHE_ENTRIES {
        return;
    }
    entries.sort();
    for (_, p) in &entries[..entries.len() - CACHE_ENTRIES] {
        let _ = std::fs::remove_dir_all(p);
    }
}
