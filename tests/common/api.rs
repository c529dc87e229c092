//! Kernels of our own in `tests/api_kernels/`, run in scratch copies of their directories.

use super::{ascstep_in, root, scratch, Run};
use std::path::PathBuf;

/// `tests/api_kernels/<name>` copied to a scratch directory of the test `test`.
pub fn api_kernel(name: &str, test: &str) -> PathBuf {
    let dir = scratch(&format!("api_{test}"));
    copy_tree(&root(&format!("tests/api_kernels/{name}")), &dir);
    dir
}

/// Runs `tests/api_kernels/<name>/<ron>` in a scratch copy of its directory (named after the
/// test) and checks it exits 0 with each of `passes` among its expectation lines; the copy and
/// the run are returned.
pub fn runs_and_passes(name: &str, test: &str, ron: &str, passes: &[&str]) -> (PathBuf, Run) {
    let dir = api_kernel(name, test);
    let r = ascstep_in(&dir, &["run", ron]);
    assert_eq!(r.code, 0, "{}", r.dump());
    for p in passes {
        assert!(
            r.stdout.contains(&format!("pass  {p}")),
            "{p}\n{}",
            r.dump()
        );
    }
    (dir, r)
}

/// Runs a variant of `dir/ron` (its text with `from` replaced by `to`, written as `variant`)
/// and checks it stops with exit 3 and every one of `wants` on standard error.
pub fn variant_stops(
    dir: &std::path::Path,
    ron: &str,
    (from, to): (&str, &str),
    variant: &str,
    wants: &[&str],
) {
    let text = std::fs::read_to_string(dir.join(ron)).unwrap();
    assert!(text.contains(from), "{from} not in {ron}");
    std::fs::write(dir.join(variant), text.replace(from, to)).unwrap();
    let r = ascstep_in(dir, &["run", variant]);
    assert_eq!(r.code, 3, "{}", r.dump());
    for w in wants {
        assert!(r.stderr.contains(w), "{w}\n{}", r.dump());
    }
}

pub fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let there = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_tree(&p, &there);
        } else {
            std::fs::copy(&p, there).unwrap();
        }
    }
}
