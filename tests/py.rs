//! `ascstep py` (docs/format.md §14): pyasc kernels as written, pyasc's own code generation
//! routed through ascstep. Needs pyasc: the README's test command installs it (with numpy and
//! pytest) in `target/venv`, whose interpreter these tests give as ASCSTEP_PYTHON. Each example
//! checks its own results against numpy (programs/py/).

mod common;

use common::*;
use std::path::Path;
use std::process::Command;

fn py(args: &[&str], python: &str) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_ascstep"))
        .args(args)
        .current_dir(root(""))
        .env("ASCSTEP_PYTHON", python)
        .env(
            "ASCSTEP_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("kernel-cache"),
        )
        .output()
        .expect("cannot start the ascstep binary");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn venv_python() -> String {
    root("target/venv/bin/python").display().to_string()
}

#[test]
fn the_examples_run_and_match_numpy() {
    for (script, said, calls) in [
        // Two PairReduceSum, the copies in and out.
        ("pair_reduce_sum", "both mask forms match numpy", 4),
        // Adds, Not, And and three copies.
        ("adds_not_and", "Adds, Not and And match numpy", 6),
        // 8 blocks × 16 tiles × (2 copies in, Muls, Add, a copy out).
        ("tiled_double_buffer", "8 blocks match numpy", 640),
        // A nested Struct config: 4 blocks × 4 tiles × (2 copies in, Muls, Add, a copy out).
        (
            "struct_config",
            "the Struct-configured scaled add matches numpy",
            80,
        ),
        // The library's RmsNorm (docs/semantics.md §28) over 8 rows in 4 pieces of 2, each 34
        // calls (the mask set, x², per row a RepeatReduceSum with its mask and barrier, the five
        // steps of the factor with their barriers, per row a scalar read and a Muls after a V → S
        // flag, the Mul by γ), the counter mode set and reset (3), two copies in, two barriers, a
        // copy out.
        ("rmsnorm", "RmsNorm matches numpy", 4 * 34 + 3 + 5),
    ] {
        let r = py(
            &["py", "--", &format!("programs/py/{script}.py")],
            &venv_python(),
        );
        assert_eq!(r.code, 0, "{script}: {}", r.dump());
        assert!(r.stdout.contains(said), "{script}: {}", r.dump());
        assert!(
            r.stderr.contains(&format!(
                "ascstep: {calls} API calls recorded from 1 launch on atlas_a2"
            )),
            "{script}: {}",
            r.dump()
        );
    }
}

/// torch tensors (CPU) as pyasc's launcher passes them (docs/format.md §14): the script checks
/// a float16 add against torch's own (a transposed, non-contiguous input included) and the
/// copy back into a non-contiguous output's memory; each non-contiguous tensor is warned about,
/// by its name in the script.
#[test]
fn torch_tensors_are_global_memory_as_pyasc_passes_them() {
    let r = py(
        &["py", "--", "programs/py/torch_tensors.py"],
        &venv_python(),
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout
            .contains("torch_tensors: float16 and float32 tensors match torch"),
        "{}",
        r.dump()
    );
    for name in ["y", "z"] {
        assert!(
            r.stderr.contains(&format!(
                "ascstep: warning: the tensor `{name}` is not contiguous"
            )),
            "{name}: {}",
            r.dump()
        );
    }
    // 4 blocks × (2 copies in, Add, a copy out) × 2 flag pairs: 4 × 8; then 1 block of 7.
    assert!(
        r.stderr
            .contains("ascstep: 32 API calls recorded from 1 launch on atlas_a2"),
        "{}",
        r.dump()
    );
    assert_eq!(
        r.stderr.matches("not contiguous").count(),
        2,
        "{}",
        r.dump()
    );
}

/// A tensor whose memory is not on the host (torch's `meta` device here, `npu` alike) cannot be
/// the kernel's global memory: the launch raises naming it.
#[test]
fn a_tensor_off_the_host_is_an_exception_at_the_launch() {
    let r = py(
        &["py", "--", "tests/py_kernels/tensor_off_the_host.py"],
        &venv_python(),
    );
    assert_eq!(r.code, 7, "{}", r.dump());
    assert!(
        r.stdout.contains(
            "ascstep: the tensor `x` is on meta; ascstep simulates the device on the host: pass a CPU tensor (device='cpu')"
        ),
        "{}",
        r.dump()
    );
}

/// A warm run compiles nothing: the second run of a script, in a new Python process, finds
/// each launch's kernel compiled in the cache (its C++ is the same file, by content), so the
/// cache holds as many compiled kernels after it as after the first.
#[test]
fn a_second_run_takes_its_kernels_from_the_cache() {
    let cache = scratch("py_warm_cache");
    let kernels = || {
        std::fs::read_dir(&cache)
            .map(|d| {
                d.flatten()
                    .filter(|e| e.file_name().to_string_lossy().starts_with("k-"))
                    .count()
            })
            .unwrap_or(0)
    };
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_ascstep"))
            .args(["py", "--", "programs/py/adds_not_and.py"])
            .current_dir(root(""))
            .env("ASCSTEP_PYTHON", venv_python())
            .env("ASCSTEP_CACHE", &cache)
            .output()
            .expect("cannot start the ascstep binary");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run();
    let first = kernels();
    assert_eq!(first, 1, "one kernel compiled by the first run");
    run();
    assert_eq!(kernels(), first, "the second run compiled again");
}

/// `--report-file`: one JSON object when Python ends, each launch's `ascstep run --report json`
/// report with the kernel and the script line that launched it; a file there already that is
/// not such a report is never overwritten (exit 4, untouched), one that is is replaced.
#[test]
fn report_file_holds_every_launch_and_spares_other_files() {
    let dir = scratch("py_report");
    let report = dir.join("launches.json");
    let r = py(
        &[
            "py",
            "--report-file",
            s(&report),
            "--",
            "programs/py/pair_reduce_sum.py",
        ],
        &venv_python(),
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(j["kind"], "ascstep py", "{j}");
    assert_eq!(j["python_exit"], 0, "{j}");
    let launches = j["launches"].as_array().unwrap();
    assert_eq!(launches.len(), 1, "{j}");
    assert_eq!(launches[0]["kernel"], "pair_reduce_kernel", "{j}");
    assert_eq!(launches[0]["status"], "ok", "{j}");
    assert!(
        launches[0]["launched_at"]
            .as_str()
            .is_some_and(|a| a.ends_with("programs/py/pair_reduce_sum.py:49")),
        "{j}"
    );
    // Run again: our own report is replaced.
    let r = py(
        &[
            "py",
            "--report-file",
            s(&report),
            "--",
            "programs/py/adds_not_and.py",
        ],
        &venv_python(),
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    let again = std::fs::read_to_string(&report).unwrap();
    assert!(
        again.contains("\"ascstep py\"") && !again.contains("pair_reduce_kernel"),
        "{again}"
    );
    // Somebody else's file is not.
    let theirs = dir.join("notes.json");
    std::fs::write(&theirs, "{\"mine\": true}").unwrap();
    let r = py(
        &[
            "py",
            "--report-file",
            s(&theirs),
            "--",
            "programs/py/adds_not_and.py",
        ],
        &venv_python(),
    );
    assert_eq!(r.code, 4, "{}", r.dump());
    assert!(
        r.stderr.contains("is not a report of `ascstep py`"),
        "{}",
        r.dump()
    );
    assert_eq!(
        std::fs::read_to_string(&theirs).unwrap(),
        "{\"mine\": true}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pytest_runs_through_ascstep_with_python_s_exit_status() {
    let r = py(
        &[
            "py",
            "--",
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "programs/py/pair_reduce_sum.py",
            "programs/py/adds_not_and.py",
            "programs/py/tiled_double_buffer.py",
            "programs/py/struct_config.py",
        ],
        &venv_python(),
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("4 passed"), "{}", r.dump());
}

#[test]
fn a_launch_error_is_an_exception_at_the_launch() {
    let r = py(
        &["py", "--", "tests/py_kernels/too_large_tiles.py"],
        &venv_python(),
    );
    // The script caught it and exited 7: Python's status is ascstep's.
    assert_eq!(r.code, 7, "{}", r.dump());
    assert!(r.stdout.contains("raised LaunchError"), "{}", r.dump());
    // Two queues of 2 × 64 KiB fill 0x0..0x40000; the third's first buffer passes the 192 KiB UB.
    // At the Python line of the third queue's alloc_tensor, the statement's first word.
    assert!(
        r.stdout.contains("tests/py_kernels/too_large_tiles.py:29:5: error[tensor-outside-ub]: this LocalTensor spans 0x40000..0x50000, beyond the 196608-byte UB of atlas_a2"),
        "{}",
        r.dump()
    );
    assert!(
        r.stdout
            .contains("29 |     z_local = out_z.alloc_tensor(asc.float32)"),
        "{}",
        r.dump()
    );
}

#[test]
fn import_prints_a_launch_with_its_python_lines() {
    let r = py(
        &["import", "--", "programs/py/pair_reduce_sum.py"],
        &venv_python(),
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    // Each API call at the line pyasc records for it (a call over two lines: its last), the
    // local tensors named after the Python variables.
    for (call, line) in [
        ("DataCopy(dst: \"x_local\"", 26),
        ("PairReduceSum(dst: \"z_local\", src: \"x_local\", mask: 128, repeat_times: 2", 32),
        ("PairReduceSum(dst: \"z_local[128]\", src: \"x_local\", mask: [18446744073709551615, 18446744073709551615]", 36),
        ("DataCopy(dst: \"v2_z\", src: \"z_local\", count: 256)", 40),
    ] {
        let at = r.stdout.find(call).unwrap_or_else(|| panic!("{call}: {}", r.dump()));
        let rest = &r.stdout[at..];
        let end = rest.find('\n').unwrap_or(rest.len());
        assert!(
            rest[..end].contains(&format!("// pair_reduce_sum.py:{line}:")),
            "{call}: {}",
            &rest[..end]
        );
    }
}

/// The debugger on a pyasc launch, headless (`replay -- SCRIPT.py`): a breakpoint on a `.py`
/// line stops before that line's call, `next` goes to the next Python line's call, a line
/// that makes no call moves to the next that does, and a line past the kernel is refused
/// at the script's line (exit 3).
#[test]
fn breakpoints_and_next_go_by_python_lines() {
    let script = Path::new(env!("CARGO_TARGET_TMPDIR")).join("py_lines.txt");
    std::fs::write(
        &script,
        "break adds_not_and.py:38\ncontinue\nwhere\nnext\nwhere\ndelete 1\nbreak adds_not_and.py:33\nrestart\ncontinue\nwhere\nbreak adds_not_and.py:52\n",
    )
    .unwrap();
    let s = script.display().to_string();
    let r = py(
        &[
            "replay",
            "--script",
            &s,
            "--",
            "programs/py/adds_not_and.py",
        ],
        &venv_python(),
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    let wheres: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("step "))
        .collect();
    assert_eq!(wheres.len(), 3, "{}", r.dump());
    // Line 38's call (Not), then line 39's (And); line 33 (an enque, no call) stops at line
    // 37's Adds, the first call after it.
    assert!(
        wheres[0].contains("`Not` (adds_not_and.py:38:9"),
        "{}",
        r.dump()
    );
    assert!(
        wheres[1].contains("`And` (adds_not_and.py:39:9"),
        "{}",
        r.dump()
    );
    assert!(
        wheres[2].contains("`Adds` (adds_not_and.py:37:"),
        "{}",
        r.dump()
    );
    assert!(
        r.stderr
            .contains("error[bad-command]: no instruction comes from adds_not_and.py:52"),
        "{}",
        r.dump()
    );
}

#[test]
fn without_pyasc_or_arguments_ascstep_says_what_to_do() {
    let r = py(
        &["py", "--", "programs/py/pair_reduce_sum.py"],
        "/bin/false",
    );
    assert_eq!(r.code, 4, "{}", r.dump());
    assert!(
        r.stderr.contains("error[no-pyasc]: pyasc is not installed for `/bin/false`: pip install 'pyasc>=1.1,<1.2'"),
        "{}",
        r.dump()
    );
    let r = py(&["py"], &venv_python());
    assert_eq!(r.code, 2, "{}", r.dump());
    assert!(
        r.stderr.contains("give Python's arguments after `--`"),
        "{}",
        r.dump()
    );
    // debug of a launch the script does not make.
    let r = py(
        &[
            "debug",
            "--launch",
            "3",
            "--",
            "programs/py/pair_reduce_sum.py",
        ],
        &venv_python(),
    );
    assert_eq!(r.code, 2, "{}", r.dump());
    assert!(
        r.stderr.contains("the script made no launch 3"),
        "{}",
        r.dump()
    );
}
