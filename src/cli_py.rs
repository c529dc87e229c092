//! `ascstep py -- ARGS…` (docs/format.md §14): Python with pyasc's compile and launch routed
//! through ascstep. The routing is two small Python modules shipped in the binary
//! (`src/pyasc/`), written once into the cache and put first on PYTHONPATH: pyasc's code
//! generation runs untouched, each launch's generated Ascend C runs on ascstep as a binding
//! program (`ascstep run`, every block) over the numpy arrays. The exit status is Python's.

use crate::cli::{EXIT_IO, EXIT_USAGE};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The routing modules, by file name.
const MODULES: &[(&str, &str)] = &[
    ("sitecustomize.py", include_str!("pyasc/sitecustomize.py")),
    ("ascstep_pyasc.py", include_str!("pyasc/ascstep_pyasc.py")),
];

/// The pyasc versions ascstep's routing is written for (the README says which).
pub const SUPPORTED_PYASC: &str = "1.1";

/// How `ascstep py` runs.
pub struct PyOptions {
    pub product: Option<crate::base::product::Product>,
    pub timeout: Option<std::time::Duration>,
    pub deny_warnings: bool,
    /// `--report-file`: where the JSON report of every launch goes when Python ends.
    pub report: Option<PathBuf>,
    /// Keep launch N's binding program (`ascstep debug -- …`) in this directory.
    pub keep: Option<(usize, PathBuf)>,
    /// Python's standard output goes to standard error (`import`: standard output is the
    /// program).
    pub stdout_to_stderr: bool,
}

/// The interpreter: `ASCSTEP_PYTHON`, else `python3` on PATH.
fn python() -> String {
    std::env::var("ASCSTEP_PYTHON")
        .ok()
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "python3".into())
}

/// The directory holding the routing modules (written once per content).
fn modules_dir() -> std::io::Result<PathBuf> {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    MODULES.hash(&mut h);
    let dir = crate::kernel::compile::cache_dir().join(format!("python-{:016x}", h.finish()));
    if dir.join(MODULES[MODULES.len() - 1].0).is_file() {
        return Ok(dir);
    }
    let tmp = dir.with_extension(format!("tmp{}", std::process::id()));
    std::fs::create_dir_all(&tmp)?;
    for (name, text) in MODULES {
        std::fs::write(tmp.join(name), text)?;
    }
    if std::fs::rename(&tmp, &dir).is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    Ok(dir)
}

/// pyasc's installed version for `python`, or what to say when there is none.
fn pyasc_version(python: &str) -> Result<String, String> {
    let out = Command::new(python)
        .args([
            "-c",
            "import importlib.metadata as m; print(m.version('pyasc'))",
        ])
        .output()
        .map_err(|e| format!("cannot run the Python interpreter `{python}`: {e}; install Python 3.9–3.12 or set ASCSTEP_PYTHON"))?;
    let v = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if !out.status.success() || v.is_empty() {
        return Err(format!(
            "pyasc is not installed for `{python}`: pip install 'pyasc>={SUPPORTED_PYASC},<1.2' (or set ASCSTEP_PYTHON to the interpreter that has it)"
        ));
    }
    if v != SUPPORTED_PYASC && !v.starts_with(&format!("{SUPPORTED_PYASC}.")) {
        return Err(format!(
            "pyasc {v} is installed for `{python}`; ascstep routes pyasc {SUPPORTED_PYASC}.x: pip install 'pyasc>={SUPPORTED_PYASC},<1.2'"
        ));
    }
    Ok(v)
}

/// Runs `python ARGS…` with pyasc routed through ascstep; returns Python's exit status.
pub fn py(args: &[String], opts: &PyOptions) -> i32 {
    if args.is_empty() {
        eprintln!("ascstep py: error[usage]: give Python's arguments after `--`, e.g. ascstep py -- kernel.py or ascstep py -- -m pytest tests/");
        return EXIT_USAGE;
    }
    // An existing report file is replaced only when it is one of ours: never a user's file.
    if let Some(f) = &opts.report {
        if f.exists() && !is_py_report(f) {
            eprintln!(
                "ascstep py: error[io-error]: {} exists and is not a report of `ascstep py`; remove it or name another file",
                f.display()
            );
            return EXIT_IO;
        }
    }
    let python = python();
    if let Err(m) = pyasc_version(&python) {
        eprintln!("ascstep py: error[no-pyasc]: {m}");
        return EXIT_IO;
    }
    let dir = match modules_dir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("ascstep py: error[io-error]: cannot write ascstep's Python modules into the cache: {e}");
            return EXIT_IO;
        }
    };
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("ascstep"));
    let path = match std::env::var_os("PYTHONPATH") {
        Some(p) if !p.is_empty() => {
            let mut all = vec![dir.clone()];
            all.extend(std::env::split_paths(&p));
            std::env::join_paths(all).unwrap_or_else(|_| dir.clone().into_os_string())
        }
        _ => dir.clone().into_os_string(),
    };
    // pyasc looks its compiler and linker up before compiling: the interpreter stands in for
    // both (they are never run), and its kernel cache is ascstep's own, so that a real
    // CANN build never loads what ascstep kept there.
    let stand_in = which(&python).unwrap_or_else(|| PathBuf::from(&python));
    let mut cmd = Command::new(&python);
    cmd.args(args)
        .env("PYTHONPATH", path)
        .env("ASCSTEP_EXE", &exe)
        .env("PYASC_COMPILER", &stand_in)
        .env("PYASC_LINKER", &stand_in)
        // Per version of the routing: what pyasc keeps there is what the routing made.
        .env("PYASC_CACHE_DIR", dir.join("pyasc-cache"))
        // The launches' C++ by content: the same kernel is the same file, compiled once.
        .env("ASCSTEP_PY_SOURCES", dir.join("sources"));
    if opts.stdout_to_stderr {
        cmd.stdout(std::io::stderr());
    }
    if let Some(p) = opts.product {
        cmd.env("ASCSTEP_PRODUCT", p.key());
    }
    cmd.env(
        "ASCSTEP_TIMEOUT",
        opts.timeout
            .map_or("0".to_string(), |t| t.as_secs_f64().to_string()),
    );
    if opts.deny_warnings {
        cmd.env("ASCSTEP_DENY_WARNINGS", "1");
    }
    if let Some((n, keep)) = &opts.keep {
        cmd.env("ASCSTEP_KEEP_LAUNCH", n.to_string())
            .env("ASCSTEP_KEEP_DIR", keep);
    }
    let reports = opts.report.as_ref().map(|_| {
        let d = std::env::temp_dir().join(format!("ascstep-py-report-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        let _ = std::fs::create_dir_all(&d);
        d
    });
    if let Some(d) = &reports {
        cmd.env("ASCSTEP_REPORT_DIR", d);
    }
    let code = match cmd.status() {
        Ok(s) => s.code().unwrap_or(1),
        Err(e) => {
            eprintln!("ascstep py: error[io-error]: cannot run `{python}`: {e}");
            return EXIT_IO;
        }
    };
    if let (Some(f), Some(d)) = (&opts.report, &reports) {
        let text = report(d, code, opts.product);
        let _ = std::fs::remove_dir_all(d);
        if let Err(e) = crate::files::write_atomic(f, text.as_bytes(), true) {
            eprintln!(
                "ascstep py: error[io-error]: cannot write {}: {e}",
                f.display()
            );
            return EXIT_IO;
        }
    }
    code
}

/// The tag by which a file is known as a report of `ascstep py` (which may be replaced).
const REPORT_KIND: &str = "ascstep py";

fn is_py_report(f: &Path) -> bool {
    std::fs::read_to_string(f)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .is_some_and(|v| v["kind"] == REPORT_KIND)
}

/// The `--report-file` object: Python's exit status and every launch's report, in the order the
/// launches ran (docs/format.md §14).
fn report(dir: &Path, exit: i32, product: Option<crate::base::product::Product>) -> String {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let launches: Vec<serde_json::Value> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .filter_map(|t| serde_json::from_str(&t).ok())
        .collect();
    let failed = launches.iter().filter(|l| l["status"] != "ok").count();
    serde_json::json!({
        "version": crate::report::VERSION,
        "kind": REPORT_KIND,
        "python_exit": exit,
        "product": product.unwrap_or_default().key(),
        "launches": launches,
        "failed_launches": failed,
    })
    .to_string()
}

/// `name` found on PATH (or as given, when it names a file).
fn which(name: &str) -> Option<PathBuf> {
    let p = Path::new(name);
    if p.components().count() > 1 {
        return p.is_file().then(|| p.to_path_buf());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|c| c.is_file())
}

/// A pyasc launch kept for `debug` and `import`: its binding program, in a directory removed
/// when this goes.
pub struct Kept {
    pub program: PathBuf,
    dir: PathBuf,
}

impl Drop for Kept {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs the script with pyasc routed through ascstep, keeping launch `--launch N` (from 0):
/// its binding program, or the exit code (printed why).
pub fn kept_launch(
    args: &[String],
    product: Option<crate::base::product::Product>,
    cpp: &crate::cli::CppArgs,
) -> Result<Kept, i32> {
    let dir = std::env::temp_dir().join(format!("ascstep-py-keep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!(
            "ascstep: error[io-error]: cannot create {}: {e}",
            dir.display()
        );
        return Err(EXIT_IO);
    }
    let opts = PyOptions {
        product,
        timeout: cpp.timeout.0,
        deny_warnings: false,
        report: None,
        keep: Some((cpp.launch, dir.clone())),
        stdout_to_stderr: true,
    };
    let code = py(args, &opts);
    let program = std::fs::read_dir(dir.join("launch"))
        .ok()
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "ron"));
    match program {
        Some(program) => Ok(Kept { program, dir }),
        None => {
            let _ = std::fs::remove_dir_all(&dir);
            eprintln!(
                "ascstep: error[usage]: the script made no launch {} (--launch counts from 0; Python exited with {code})",
                cpp.launch
            );
            Err(if code == EXIT_IO { EXIT_IO } else { EXIT_USAGE })
        }
    }
}

/// `ascstep debug -- SCRIPT.py ARGS…`: runs the script with pyasc routed through ascstep,
/// keeping launch `--launch N` (from 0), then steps that launch's recording in the debugger
/// (the kernel's Python source in the program pane).
pub fn debug(args: &[String], ui: &crate::cli::UiArgs, cpp: &crate::cli::CppArgs) -> i32 {
    match kept_launch(args, ui.product, cpp) {
        Ok(k) => crate::cli::tui_for(&k.program, ui, cpp),
        Err(code) => code,
    }
}
