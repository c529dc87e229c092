//! C++ kernels as written (docs/format.md §12) through the binary: the examples in
//! programs/cpp run unedited and write what their numpy goldens say; `import` gives a RON
//! program that runs to the same bytes; every error class (compile error, rejected call,
//! crash, time-out, main's failure, no compiler) ends with its exit code and message.
//! Needs the host C++ compiler (g++), which CI has.

#[path = "../common/mod.rs"]
mod common;

use common::{root, scratch, Run};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs ascstep in `dir` with a cache shared by these tests.
fn ascstep_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ascstep"));
    c.args(args).current_dir(dir).env(
        "ASCSTEP_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("kernel-cache"),
    );
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().expect("cannot start the ascstep binary");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A copy of example `name` (with the shared host helpers) in a scratch directory, as a user
/// would have it after `python3 gen_data.py`: the committed input and golden files.
fn example(name: &str) -> PathBuf {
    let base = scratch(&format!("kernel_{name}"));
    std::fs::copy(root("programs/cpp/host_io.h"), base.join("host_io.h")).unwrap();
    let dir = base.join(name);
    copy_example(name, &dir, &["", "input", "output"]);
    dir
}

/// The files of `programs/cpp/NAME/SUB` for each SUB, into `dir` (an output.bin left by a run
/// excepted).
fn copy_example(name: &str, dir: &Path, subs: &[&str]) {
    for sub in subs {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        for e in std::fs::read_dir(root(&format!("programs/cpp/{name}/{sub}"))).unwrap() {
            let p = e.unwrap().path();
            if p.is_file() && p.file_name().unwrap() != "output.bin" {
                std::fs::copy(&p, dir.join(sub).join(p.file_name().unwrap())).unwrap();
            }
        }
    }
}

/// Asserts that `text` (a stream of `r`) contains `want`, showing the whole run if not.
fn has(text: &str, want: &str, r: &Run) {
    assert!(text.contains(want), "{}", r.dump());
}

fn assert_golden(dir: &Path) {
    let out = std::fs::read(dir.join("output/output.bin")).expect("output.bin written");
    let golden = std::fs::read(dir.join("output/golden.bin")).unwrap();
    assert_eq!(out.len(), golden.len());
    // Both examples are exact in IEEE arithmetic: the bytes are numpy's.
    let first = out.iter().zip(&golden).position(|(a, b)| a != b);
    assert_eq!(
        first, None,
        "output differs from the golden at byte {first:?}"
    );
}

/// `ascstep import FILE` in `dir` succeeds and its RON holds each of `wants`.
fn imports_with(dir: &Path, file: &str, wants: &[&str]) {
    let r = ascstep_in(dir, &["import", file], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    for want in wants {
        has(&r.stdout, want, &r);
    }
}

/// A kernel file in a scratch directory.
fn kernel(name: &str, body: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(&format!("kernel_err_{name}"));
    let file = dir.join(format!("{name}.asc"));
    let src = format!(
        "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n__global__ __vector__ void k(GM_ADDR x)\n{{\n    AscendC::TPipe pipe;\n    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;\n    pipe.InitBuffer(buf, 1024);\n    AscendC::LocalTensor<float> t = buf.Get<float>();\n{body}\n}}\nint main()\n{{\n    uint8_t* x;\n    aclrtMalloc((void**)&x, 1024, ACL_MEM_MALLOC_HUGE_FIRST);\n    k<<<1, nullptr, nullptr>>>(x);\n    return 0;\n}}\n"
    );
    std::fs::write(&file, src).unwrap();
    (dir, file)
}

mod cann_build;
mod errors;
mod examples;
mod forms;
mod processes;
mod twins;
