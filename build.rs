//! Embeds ascstep's Ascend C headers (`src/kernel/include/**`) into the binary: writes
//! `$OUT_DIR/headers.rs`, the `(path under the include directory, text)` list that
//! `kernel::compile::HEADERS` is. A new header is a new file there, nothing else.

use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "h") {
            out.push(p);
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/kernel/include");
    println!("cargo::rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    walk(&root, &mut files);
    let mut text = String::from("&[\n");
    for f in &files {
        println!("cargo::rerun-if-changed={}", f.display());
        let name = f
            .strip_prefix(&root)
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        text += &format!(
            "    ({name:?}, include_str!({:?})),\n",
            f.display().to_string()
        );
    }
    text += "]\n";
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("headers.rs");
    std::fs::write(&out, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}
