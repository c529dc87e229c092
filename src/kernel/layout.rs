//! Includes resolved as in CANN's build of the operator repositories (docs/format.md §12.2).
//! That build copies each op's `op_kernel/` to `ascendc/<op>/`, the repository's common kernel
//! headers (`common/inc/op_kernel/`) to `ascendc/inc/`, and hicann/opbase's `atvoss` and
//! `op_kernel` headers to `ascendc/common/`, then compiles there: kernels write
//! `#include "../inc/platform.h"`, `"../other_op/arch35/x.h"` or `"atvoss/util/vec.h"`.
//! ascstep lays the same tree out once per checkout in its cache, a directory per op holding
//! links to the checkout's files (so a relative include walks the tree, not the checkout),
//! and compiles the kernel through it; the recorder follows the links back, so positions are
//! the checkout's own files.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// A kernel inside an operator repository.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The repository root (the first ancestor of the op directory holding `CMakeLists.txt`
    /// and `README.md`, as the repositories' own UT build finds it).
    pub repo: PathBuf,
    /// The op's directory name (`add_example` of `math/add_example/op_kernel/`).
    pub op: String,
    /// The op's directory relative to the repository (`math/add_example`).
    pub op_dir: PathBuf,
    /// The kernel file relative to its `op_kernel/`.
    pub rel: PathBuf,
}

/// The layout of `kernel` when it lies in an `op_kernel/` directory of a repository.
pub fn of(kernel: &Path) -> Option<Layout> {
    let abs = std::fs::canonicalize(kernel).ok()?;
    let mut dir = abs.parent()?;
    let mut rel = PathBuf::from(abs.file_name()?);
    while dir.file_name()? != "op_kernel" {
        rel = Path::new(dir.file_name()?).join(rel);
        dir = dir.parent()?;
    }
    let op_dir = dir.parent()?;
    let op = op_dir.file_name()?.to_string_lossy().into_owned();
    let repo = op_dir
        .ancestors()
        .skip(1)
        .find(|d| d.join("CMakeLists.txt").is_file() && d.join("README.md").is_file())?
        .to_path_buf();
    let op_dir = op_dir.strip_prefix(&repo).ok()?.to_path_buf();
    Some(Layout {
        repo,
        op,
        op_dir,
        rel,
    })
}

/// Directories not walked for ops.
const SKIP: &[&str] = &[
    ".git",
    "build",
    "build_out",
    "output",
    "third_party",
    "node_modules",
];

/// Every op directory (one holding `op_kernel/`) under `dir`, up to `depth` levels down.
fn ops(dir: &Path, depth: u32, out: &mut Vec<(String, PathBuf)>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    entries.sort();
    for p in entries {
        let name = p
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if SKIP.contains(&name.as_str()) || name == "tests" {
            continue;
        }
        let k = p.join("op_kernel");
        if k.is_dir() {
            out.push((name, k));
        } else if depth > 0 {
            ops(&p, depth - 1, out);
        }
    }
}

/// Mirrors `from` into `to`: the same directories, a link per file.
fn mirror(from: &Path, to: &Path, budget: &mut u32) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)?.flatten() {
        if *budget == 0 {
            return Ok(());
        }
        let p = e.path();
        let dst = to.join(e.file_name());
        if p.is_dir() {
            mirror(&p, &dst, budget)?;
        } else if !dst.exists() {
            *budget -= 1;
            std::os::unix::fs::symlink(&p, &dst)?;
        }
    }
    Ok(())
}

/// The opbase checkout: `given`, else `opbase` beside the repository.
pub fn opbase(repo: &Path, given: Option<&Path>) -> Option<PathBuf> {
    given
        .map(Path::to_path_buf)
        .or_else(|| repo.parent().map(|p| p.join("opbase")))
        .filter(|d| d.join("pkg_inc").is_dir() || d.join("include").is_dir())
}

/// The staged `ascendc/` tree of `l`'s repository (and opbase), made once in `cache`: the
/// kernel file's path in it, and the include directories the build gives kernels there.
pub fn stage(
    l: &Layout,
    opbase: Option<&Path>,
    cache: &Path,
) -> std::io::Result<(PathBuf, Vec<PathBuf>)> {
    let mut found = Vec::new();
    ops(&l.repo, 4, &mut found);
    // Two ops of one name (an experimental/ op beside the released one): the kernel's own
    // comes first, so `ascendc/<op>/` is its directory; of another op's two, the one on the
    // kernel's side (released or experimental/, as the build of either takes only its own)
    // comes first, so ops-nn's norm/norm_common is a released kernel's `../../norm_common`.
    let own = l.repo.join(&l.op_dir).join("op_kernel");
    let experimental = |k: &Path| {
        k.strip_prefix(&l.repo)
            .is_ok_and(|r| r.starts_with("experimental"))
    };
    let mine = experimental(&own);
    found.sort_by_key(|(n, k)| (!(*n == l.op && *k == own), experimental(k) != mine));
    let mut h = DefaultHasher::new();
    (&l.repo, opbase, &found).hash(&mut h);
    let root = cache.join(format!("layout-{:016x}", h.finish()));
    let ascendc = root.join("ascendc");
    if !root.join("done").is_file() {
        let tmp = cache.join(format!(
            "tmp-layout-{}-{:016x}",
            std::process::id(),
            h.finish()
        ));
        let _ = std::fs::remove_dir_all(&tmp);
        let t = tmp.join("ascendc");
        let mut budget = 200_000;
        for (name, k) in &found {
            mirror(k, &t.join(name), &mut budget)?;
        }
        let inc = l.repo.join("common/inc/op_kernel");
        if inc.is_dir() {
            mirror(&inc, &t.join("inc"), &mut budget)?;
        }
        if let Some(ob) = opbase {
            for (from, to) in [
                ("pkg_inc/op_common/atvoss", "common/atvoss"),
                ("include/op_common/op_kernel", "common/op_kernel"),
            ] {
                if ob.join(from).is_dir() {
                    mirror(&ob.join(from), &t.join(to), &mut budget)?;
                }
            }
        }
        std::fs::write(tmp.join("done"), "")?;
        if std::fs::rename(&tmp, &root).is_err() {
            // Another run laid it out first.
            let _ = std::fs::remove_dir_all(&tmp);
        }
    }
    let kernel = ascendc.join(&l.op).join(&l.rel);
    let includes = vec![ascendc.join(&l.op), ascendc.join("common"), ascendc.clone()];
    Ok((kernel, includes))
}

/// `text` (the compiler's output) with every path into the staged tree under `ascendc`
/// replaced by the checkout's file it links to, so messages name the user's files.
pub fn unstage(text: &str, ascendc: &Path) -> String {
    let prefix = ascendc.display().to_string();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(k) = rest.find(&prefix) {
        out.push_str(&rest[..k]);
        let tail = &rest[k..];
        let end = tail
            .find(|c: char| c == ':' || c == '"' || c == '\'' || c.is_whitespace())
            .unwrap_or(tail.len());
        let staged = &tail[..end];
        match std::fs::canonicalize(staged) {
            Ok(real) => out.push_str(&real.display().to_string()),
            Err(_) => out.push_str(staged),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kernel_finds_other_ops_and_the_common_headers_as_the_build_lays_them_out() {
        let base = std::env::temp_dir().join(format!("ascstep_layout_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let repo = base.join("ops-x");
        let w = |rel: &str, text: &str| {
            let p = repo.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
        };
        w("CMakeLists.txt", "");
        w("README.md", "");
        w(
            "math/add/op_kernel/arch35/add.cpp",
            "#include \"../../inc/platform.h\"\n#include \"../../mul/mul.h\"\n",
        );
        w("math/mul/op_kernel/mul.h", "// mul");
        // A common op in both trees: a released kernel takes the released one.
        w("norm/norm_common/op_kernel/r.h", "// released common");
        w(
            "experimental/norm/norm_common/op_kernel/r.h",
            "// experimental common",
        );
        // An experimental op of the same name, with a kernel file of the same name.
        w(
            "experimental/math/add/op_kernel/arch35/add.cpp",
            "// experimental add",
        );
        w("common/inc/op_kernel/platform.h", "// platform");
        w("math/add/tests/ut/op_kernel/op_kernel/not_an_op.cpp", "");
        let ob = base.join("opbase");
        std::fs::create_dir_all(ob.join("pkg_inc/op_common/atvoss/util")).unwrap();
        std::fs::write(ob.join("pkg_inc/op_common/atvoss/util/vec.h"), "// vec").unwrap();
        let l = of(&repo.join("math/add/op_kernel/arch35/add.cpp")).unwrap();
        assert_eq!(
            (l.op.as_str(), l.rel.as_path()),
            ("add", Path::new("arch35/add.cpp"))
        );
        assert_eq!(l.repo, std::fs::canonicalize(&repo).unwrap());
        let found = opbase(&l.repo, None).unwrap();
        let (k, inc) = stage(&l, Some(&found), &base.join("cache")).unwrap();
        // The kernel's relative includes and the common ones resolve in the staged tree, to
        // the checkout's files.
        let dir = k.parent().unwrap();
        let real = |p: PathBuf| std::fs::read_to_string(p).unwrap();
        assert_eq!(real(dir.join("../../inc/platform.h")), "// platform");
        assert_eq!(real(dir.join("../../mul/mul.h")), "// mul");
        assert_eq!(
            real(dir.join("../../norm_common/r.h")),
            "// released common"
        );
        assert_eq!(real(inc[1].join("atvoss/util/vec.h")), "// vec");
        assert_eq!(
            std::fs::canonicalize(&k).unwrap(),
            std::fs::canonicalize(repo.join("math/add/op_kernel/arch35/add.cpp")).unwrap()
        );
        // The experimental op's kernel gets its own `ascendc/add/`.
        let lx = of(&repo.join("experimental/math/add/op_kernel/arch35/add.cpp")).unwrap();
        let (kx, _) = stage(&lx, Some(&found), &base.join("cache")).unwrap();
        assert_eq!(std::fs::read_to_string(&kx).unwrap(), "// experimental add");
        let common = kx.parent().unwrap().join("../../norm_common/r.h");
        assert_eq!(real(common), "// experimental common");
        assert_ne!(std::fs::read_to_string(&k).unwrap(), "// experimental add");
        assert!(of(&base.join("elsewhere.cpp")).is_none());
        // A compiler message through the staged tree names the checkout's file.
        let msg = format!("{}:3:1: error: oops\n", k.display());
        let real = std::fs::canonicalize(repo.join("math/add/op_kernel/arch35/add.cpp")).unwrap();
        assert_eq!(
            unstage(&msg, inc.last().unwrap()),
            format!("{}:3:1: error: oops\n", real.display())
        );
        let _ = std::fs::remove_dir_all(&base);
    }
}
