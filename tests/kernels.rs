//! C++ kernels as written (docs/format.md §12) through the binary: the examples in
//! programs/cpp run unedited and write what their numpy goldens say; `import` gives a RON
//! program that runs to the same bytes; every error class (compile error, rejected call,
//! crash, time-out, main's failure, no compiler) ends with its exit code and message.
//! Needs the host C++ compiler (g++), which CI has.

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

#[test]
fn a_double_buffered_tile_loop_with_a_tail_matches_numpy() {
    let dir = example("tile_double_buffer");
    let r = ascstep_in(&dir, &["run", "tile_double_buffer.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_golden(&dir);
    // 3 tiles × (DataCopy in, Cast, Muls, Adds, Cast, DataCopy out).
    has(
        &r.stderr,
        "ascstep: 18 API calls recorded from 1 launch on atlas_a2",
        &r,
    );
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn an_if_on_a_get_value_follows_the_simulated_data_and_import_replays_it() {
    let dir = example("getvalue_branch");
    let r = ascstep_in(&dir, &["run", "getvalue_branch.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_golden(&dir);
    let imp = ascstep_in(&dir, &["import", "getvalue_branch.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    // Row 0's maximum is positive (Muls), row 1's is not (Duplicate), each after its GetValue.
    let code = &imp.stdout[imp.stdout.find("code: [").unwrap()..];
    let order: Vec<usize> = [
        "GetValue(dst: \"m\"",
        "Muls(dst: \"out\"",
        "GetValue(dst: \"m\"",
        "Duplicate(dst: \"out\", scalar: 0",
    ]
    .iter()
    .scan(0, |from, pat| {
        let k = code[*from..].find(pat).map(|k| k + *from)?;
        *from = k + 1;
        Some(k)
    })
    .collect();
    assert_eq!(order.len(), 4, "{}", imp.stdout);
    assert!(
        imp.stdout.contains("// getvalue_branch.asc:33:"),
        "{}",
        imp.stdout
    );
    // The RON program runs to the kernel's bytes.
    std::fs::write(dir.join("recorded.ron"), &imp.stdout).unwrap();
    let r = ascstep_in(&dir, &["run", "recorded.ron", "--dump", "dump"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(
        std::fs::read(dir.join("dump/y.bin")).unwrap(),
        std::fs::read(dir.join("output/golden.bin")).unwrap()
    );
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
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

/// int4b_t through ReinterpretCast (DK:类型转换/Cast 约束说明: two per byte, element 2i in the low
/// nibble): half -2.5 with CAST_FLOOR is -3 (0xd) in both nibbles, the byte 0xdd = -35 as
/// int8; 1024 bytes of float reinterpreted from element 128 (byte 512) hold 1024 int4b_t.
#[test]
fn int4b_t_tensors_pack_two_elements_a_byte() {
    let (dir, _) = kernel(
        "int4",
        "    AscendC::LocalTensor<half> h = t.ReinterpretCast<half>();\n    AscendC::Duplicate(h, half(-2.5f), 128);\n    AscendC::LocalTensor<AscendC::int4b_t> q = t[128].ReinterpretCast<AscendC::int4b_t>();\n    AscendC::Cast(q, h, AscendC::RoundMode::CAST_FLOOR, 128);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::LocalTensor<int8_t> qb = t[128].ReinterpretCast<int8_t>();\n    std::printf(\"%d %u\\n\", int(qb.GetValue(63)), q.GetSize());",
    );
    let r = ascstep_in(&dir, &["run", "int4.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "-35 1024\n", "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// 950's flexible scalar (the "灵活标量位置" pages): with BinaryConfig {0} the left tensor's
/// element is the scalar, on the left: Subs gives b[0] − a = 3 − 5 = −2; a value before the
/// tensor is on the left too: Ors(8, a) = 8 | 5 = 13. Select VSEL_TENSOR_SCALAR_MODE with config
/// {0}: f[32] = 9 is the scalar, chosen where a bit of 0x000f is set (lane 0), the tensor's 1
/// where it is clear (lane 4). On atlas_a2 the element form is refused.
#[test]
fn the_flexible_scalar_forms_run_on_ascend_950() {
    let (dir, _) = kernel(
        "flex",
        "    AscendC::LocalTensor<int16_t> a = t.ReinterpretCast<int16_t>();\n    AscendC::Duplicate(a, int16_t(5), 128);\n    AscendC::LocalTensor<int16_t> b = a[128];\n    AscendC::Duplicate(b, int16_t(3), 16);\n    AscendC::LocalTensor<int16_t> d = a[256];\n    static constexpr AscendC::BinaryConfig cfg = {0};\n    AscendC::Subs<AscendC::BinaryDefaultType, true, cfg>(d, b, a, 32);\n    AscendC::Ors(d[32], int16_t(8), a, 32);\n    AscendC::LocalTensor<float> f = t[160];\n    AscendC::Duplicate(f, 1.0f, 32);\n    AscendC::Duplicate(f[32], 9.0f, 8);\n    AscendC::LocalTensor<uint16_t> mw = t[208].ReinterpretCast<uint16_t>();\n    AscendC::Duplicate(mw, uint16_t(0x000f), 16);\n    AscendC::LocalTensor<uint8_t> m = t[208].ReinterpretCast<uint8_t>();\n    AscendC::Select<AscendC::BinaryDefaultType, uint8_t, cfg>(t[224], m, f[32], f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 32);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%d %d %g %g\\n\", int(d.GetValue(0)), int(d.GetValue(32)), t.GetValue(224), t.GetValue(228));",
    );
    let r = ascstep_in(&dir, &["run", "flex.asc", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "-2 13 9 1\n", "{}", r.dump());
    let r = ascstep_in(&dir, &["run", "flex.asc", "--product", "atlas_a2"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(
        &r.stderr,
        "error[unsupported-instruction]: Subs is not available on atlas_a2",
        &r,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Several values read back on one line each keep their own scalar (their names were once
/// reused from the third on, and the readback answered 0), and the import declares them once.
#[test]
fn three_get_values_on_one_line_read_three_values() {
    let (dir, _) = kernel(
        "getvalues",
        "    AscendC::Duplicate(t, 1.5f, 64);\n    AscendC::Duplicate(t[64], 2.5f, 64);\n    AscendC::Duplicate(t[128], 3.5f, 64);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%g %g %g\\n\", t.GetValue(0), t.GetValue(64), t.GetValue(128));",
    );
    let r = ascstep_in(&dir, &["run", "getvalues.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "1.5 2.5 3.5\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "getvalues.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    std::fs::write(dir.join("g.ron"), &imp.stdout).unwrap();
    let run = ascstep_in(&dir, &["run", "g.ron"], &[]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// ShiftLeft/ShiftRight by a tensor of amounts (950, DK:逻辑计算/ShiftLeft（左移位数为Tensor）): the
/// C++ overload with a LocalTensor src1 records as the shift-by-tensor form: 5 << 3 = 40, 5 >> 3
/// = 0 with 3 in every element of the amounts.
#[test]
fn shifts_by_a_tensor_of_amounts_run_on_ascend_950() {
    let (dir, _) = kernel(
        "shiftv",
        "    AscendC::LocalTensor<int16_t> a = t.ReinterpretCast<int16_t>();\n    AscendC::Duplicate(a, int16_t(5), 16);\n    AscendC::Duplicate(a[16], int16_t(3), 16);\n    AscendC::ShiftLeft(a[32], a, a[16], 16);\n    AscendC::ShiftRight(a[48], a, a[16], 16);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%d %d\\n\", int(a.GetValue(32)), int(a.GetValue(48)));",
    );
    let r = ascstep_in(&dir, &["run", "shiftv.asc", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "40 0\n", "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_api_ascstep_lacks_is_named_with_its_position_and_the_compiler_output() {
    let (dir, _) = kernel("missing", "    AscendC::SoftMax(t, t, 256);");
    let r = ascstep_in(&dir, &["run", "missing.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(
        &r.stderr,
        "missing.asc:9:14: the kernel uses `SoftMax`, which ascstep's Ascend C does not provide",
        &r,
    );
    has(&r.stderr, "error[compile-error]", &r);
    assert!(
        r.stderr.contains("AscendC::SoftMax(t, t, 256);"),
        "the compiler's line: {}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_buffer_beyond_the_ub_is_refused_at_the_cpp_call_that_made_it() {
    // 1024 + 200,000 bytes: past Atlas A2's 196,608-byte UB (docs/semantics.md §20).
    let (dir, _) = kernel(
        "rejected",
        "    AscendC::TBuf<AscendC::TPosition::VECCALC> big;\n    pipe.InitBuffer(big, 200000);\n    AscendC::LocalTensor<half> h = big.Get<half>();",
    );
    let r = ascstep_in(&dir, &["run", "rejected.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "rejected.asc:11:40: error[tensor-outside-ub]: this LocalTensor spans 0x400..0x31140, beyond the 196608-byte UB of atlas_a2", &r);
    assert!(
        r.stderr
            .contains("   AscendC::LocalTensor<half> h = big.Get<half>();"),
        "the source line: {}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_crash_and_a_loop_are_stopped_and_reported_with_the_last_call() {
    let (dir, _) = kernel(
        "crash",
        "    AscendC::Duplicate(t, 1.0f, 64);\n    volatile int* p = nullptr;\n    *p = 1;",
    );
    let r = ascstep_in(&dir, &["run", "crash.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(
        &r.stderr,
        "error[kernel-crashed]: the compiled program died from SIGSEGV",
        &r,
    );
    has(
        &r.stderr,
        "crash.asc:9:5 in k `Duplicate(dst: \"t\", scalar: 1, count: 64)`",
        &r,
    );
    // The faulting line itself, from the executable's line table.
    has(&r.stderr, "crash.asc:11 in k", &r);
    let _ = std::fs::remove_dir_all(&dir);
    let (dir, _) = kernel(
        "spin",
        "    AscendC::Duplicate(t, 2.0f, 64);\n    for (volatile int i = 0; ; i = i + 1) {}",
    );
    let r = ascstep_in(&dir, &["run", "spin.asc", "--timeout", "1"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(
        &r.stderr,
        "error[timeout]: the compiled program ran past --timeout and was stopped",
        &r,
    );
    has(&r.stderr, "spin.asc:9:5", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn main_failing_is_exit_1_and_no_compiler_is_exit_4() {
    let dir = scratch("kernel_main_fails");
    std::fs::write(
        dir.join("fails.asc"),
        "#include \"acl/acl.h\"\nint main() { return 7; }\n",
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "fails.asc"], &[]);
    assert_eq!(r.code, 1, "{}", r.dump());
    has(&r.stderr, "ascstep: main returned 7", &r);
    std::fs::write(
        dir.join("other.asc"),
        "int main() { return 0; }\n// not cached\n",
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "other.asc"], &[("CXX", "/nonexistent/c++")]);
    assert_eq!(r.code, 4, "{}", r.dump());
    has(
        &r.stderr,
        "error[no-compiler]: cannot run the C++ compiler `/nonexistent/c++`",
        &r,
    );
    has(&r.stderr, "install g++ or clang++, or set CXX", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The debugger headless on a C++ kernel (docs/format.md §12.4): `FILE:LINE` breakpoints,
/// `next` by C++ line, stepping back across a loop iteration, and the C++ position in stops,
/// `where` and the JSON report. The kernel's calls, from its source: per tile (3 tiles)
/// DataCopy (line 39), Cast (48), Muls (49), Adds (50), Cast (51), DataCopy (59), so the
/// Adds of tile t is instruction 6t + 3.
#[test]
fn the_debugger_steps_a_cpp_kernel_by_its_lines() {
    let dir = example("tile_double_buffer");
    let script = dir.join("steps.txt");
    let replay = |lines: &str, extra: &[&str]| {
        std::fs::write(&script, lines).unwrap();
        let s = script.to_string_lossy().into_owned();
        let mut args = vec!["replay", "tile_double_buffer.asc", "--script", &s];
        args.extend_from_slice(extra);
        ascstep_in(&dir, &args, &[])
    };
    let at = "`Adds` (tile_double_buffer.asc:50:9 in KernelScaleShift::Compute, launch block 0)";

    // A breakpoint on line 50 stops before each tile's Adds.
    let r = replay(
        "break tile_double_buffer.asc:50\ncontinue\ncontinue\nwhere\n",
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    has(
        &r.stdout,
        &format!("breakpoint 1: before instruction 3 {at}, repeat 0"),
        &r,
    );
    has(
        &r.stdout,
        &format!("step 480: before instruction 9 {at}"),
        &r,
    );

    // `next` goes to the next line (the Cast on line 51); `back line 3` from tile 1's Adds
    // goes back over Muls and Cast to its DataCopy; one more line back is tile 0's last call.
    let r = replay(
        "break tile_double_buffer.asc:50\ncontinue\nnext\nwhere\ncontinue\nback line 3\nwhere\nback line\nwhere\n",
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    let wheres: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("step "))
        .collect();
    assert_eq!(wheres.len(), 3, "{}", r.dump());
    assert!(
        wheres[0].contains(
            "instruction 4 `Cast` (tile_double_buffer.asc:51:9 in KernelScaleShift::Compute"
        ),
        "{}",
        r.dump()
    );
    assert!(
        wheres[1].contains(
            "instruction 6 `DataCopy` (tile_double_buffer.asc:39:9 in KernelScaleShift::CopyIn"
        ),
        "{}",
        r.dump()
    );
    assert!(
        wheres[2].contains(
            "instruction 5 `DataCopy` (tile_double_buffer.asc:59:9 in KernelScaleShift::CopyOut"
        ),
        "{}",
        r.dump()
    );

    // The JSON report carries the C++ position of the stop and of where the session is.
    let r = replay(
        "break tile_double_buffer.asc:50\ncontinue\n",
        &["--report", "json"],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    let j: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON report");
    for src in [&j["source"], &j["stops"][0]["source"]] {
        assert!(
            src["file"]
                .as_str()
                .unwrap()
                .ends_with("tile_double_buffer.asc"),
            "{src}"
        );
        assert_eq!(src["line"], 50, "{src}");
        assert_eq!(src["col"], 9, "{src}");
        assert_eq!(src["function"], "KernelScaleShift::Compute", "{src}");
        assert_eq!(src["launch_block"], 0, "{src}");
    }

    // The program pane shows the C++ source: the breakpoint and current line, and where
    // the machine is beneath it (512 floats in the count form: 8 repeats).
    let r = replay(
        "break tile_double_buffer.asc:50\ncontinue\nstep\n",
        &["--screen"],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout
            .contains("│●▶  50     AscendC::Adds(work, work, 1.0f, n);"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("└ instr 3 · repeat 0/8 · block 1/8"),
        "{}",
        r.stdout
    );
    // The inspector names the instruction by its C++ call and position, not the RON line.
    let r = replay(
        "break tile_double_buffer.asc:50\ncontinue\n",
        &["--screen", "--size", "240x50"],
    );
    assert!(
        r.stdout.contains("3 AscendC::Adds(work, work, 1.0f, n);")
            && r.stdout.contains(
                "Adds · float · first 512 elements (count form) · tile_double_buffer.asc:50:9"
            ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("tile_double_buffer.asc:50 · launch block 0"),
        "{}",
        r.stdout
    );

    // A file the kernel has no call in is refused with the files it has.
    let r = replay("break nope.asc:3\n", &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr
            .contains("no source file \"nope.asc\" in this program; its files: ")
            && r.stderr.contains("tile_double_buffer.asc"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

/// SyncAll (docs/format.md §12.2): every block reaches it before any goes on, so each block
/// reads what the next one wrote before the barrier; what a block keeps in its UB across the
/// barrier is its own (each core has its own UB, docs/semantics.md §20); `--block` runs only
/// some blocks, the others leaving global memory untouched (a read of it is uninitialised).
#[test]
fn sync_all_orders_the_blocks_and_block_runs_only_some() {
    let dir = scratch("kernel_sync_ring");
    std::fs::copy(
        root("tests/kernels/sync_ring.asc"),
        dir.join("sync_ring.asc"),
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "sync_ring.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    // out[8b] = 10 (b + 1) + (b + 1) % 4 + 1; with one UB shared by the blocks every `kept`
    // would be block 3's 40 (42 43 44 41).
    assert_eq!(r.stdout, "12 23 34 41 \n", "{}", r.dump());
    // 4 blocks × 7 calls: Duplicate, Duplicate, DataCopy out, SyncAll, DataCopy in, Add,
    // DataCopy out.
    has(&r.stderr, "28 API calls recorded", &r);
    // The import runs on the same cores: `Core(n)` where the calls move to another block
    // (1, 2, 3 before SyncAll, then 0, 1, 2, 3), and the same output.
    let r = ascstep_in(&dir, &["import", "sync_ring.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout.matches("Core(").count(), 7, "{}", r.stdout);
    std::fs::write(dir.join("ring.ron"), &r.stdout).unwrap();
    let r = ascstep_in(&dir, &["run", "ring.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "UB tensors as core 3 left them", &r);
    has(
        &r.stdout,
        "[ 0] 12 12 12 12 12 12 12 12 23 23 23 23 23 23 23 23",
        &r,
    );
    has(
        &r.stdout,
        "[16] 34 34 34 34 34 34 34 34 41 41 41 41 41 41 41 41",
        &r,
    );
    // Blocks 1 and 2 only: block 1 reads block 2's slot (3) and adds its 20; block 2 reads
    // block 3's, never written (0, with a warning), and adds its 30; blocks 0 and 3 write
    // nothing.
    let r = ascstep_in(
        &dir,
        &["run", "sync_ring.asc", "--block", "1", "--block", "2"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0 23 30 0 \n", "{}", r.dump());
    assert!(
        r.stderr.contains("warning[uninitialised-read]") && r.stderr.contains("14 API calls"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A copy of a binding-program example (docs/format.md §12.2) in a scratch directory.
fn binding_example(name: &str) -> PathBuf {
    let dir = scratch(&format!("kernel_{name}"));
    copy_example(name, &dir, &["", "op_kernel", "input", "output"]);
    dir
}

/// The operator kernel of programs/cpp/center_sync_all, unedited, through its binding: 4
/// blocks, a tiling struct read with GET_TILING_DATA, a SyncAll reduction through the
/// workspace; numpy's golden matches bit for bit (the sums are of small integers, exact).
#[test]
fn a_binding_program_runs_a_multi_block_kernel_with_sync_all() {
    let dir = binding_example("center_sync_all");
    let r = ascstep_in(&dir, &["run", "center.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..8192]", &r);
    // Per block: Duplicate; 3 tiles × (DataCopy, ReduceSum, Add); DataCopy; SyncAll; DataCopy,
    // ReduceSum, SetFlag, WaitFlag, GetValue; 3 tiles × (DataCopy, Adds, DataCopy): 26.
    has(
        &r.stderr,
        "104 API calls recorded from 1 launch on atlas_a2",
        &r,
    );
    // Only block 0: the other slots of the workspace and of y are never written, so the
    // expectation fails (exit 1).
    let r = ascstep_in(&dir, &["run", "center.ron", "--block", "0"], &[]);
    assert_eq!(r.code, 1, "{}", r.dump());
    has(&r.stdout, "FAIL  y[0..8192]", &r);
    // import: a RON program that runs to the same bytes.
    let imp = ascstep_in(&dir, &["import", "center.ron"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    assert!(
        imp.stdout.contains("SyncAll(), // center.cpp:51:9 block 3"),
        "{}",
        imp.stdout
    );
    std::fs::write(dir.join("recorded.ron"), &imp.stdout).unwrap();
    let r = ascstep_in(&dir, &["run", "recorded.ron", "--dump", "dump"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(
        std::fs::read(dir.join("dump/y.bin")).unwrap(),
        std::fs::read(dir.join("output/golden.bin")).unwrap()
    );

    // The arguments are checked against the entry's signature.
    let ron = std::fs::read_to_string(dir.join("center.ron")).unwrap();
    let bad = ron.replace("\"workspace\": (dtype: uint8, len: 128),\n", "");
    assert_ne!(bad, ron);
    std::fs::write(dir.join("bad_args.ron"), bad).unwrap();
    let r = ascstep_in(&dir, &["run", "bad_args.ron"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    // At the program's `code: Kernel(` (line 6, column 11 of the example).
    has(&r.stderr, "error[binding]: bad_args.ron:6:11: the binding's `args` must be the parameters of `center(x, y, workspace, tiling)`, in order: `workspace` is missing", &r);
    // A tiling field the struct does not have is the compiler's error, on the binding.
    let bad = ron.replace("\"tileLength\"", "\"tileLen\"");
    std::fs::write(dir.join("bad_field.ron"), bad).unwrap();
    let r = ascstep_in(&dir, &["run", "bad_field.ron"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "error[compile-error]: the binding's Tiling sets `tileLen`, which `CenterTilingData` does not have; did you mean `tileLength`?", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A RON program's text without comments, blank lines and indentation, up to its `expect`.
fn program_text(ron: &str) -> Vec<String> {
    ron.lines()
        .map(|l| match l.find("//") {
            Some(i) => l[..i].trim(),
            None => l.trim(),
        })
        .take_while(|l| !l.starts_with("expect:"))
        .filter(|l| !l.is_empty() && *l != ")" && *l != "],")
        .map(str::to_string)
        .collect()
}

/// Per header area (docs/format.md §12.3), a small C++ kernel and its RON twin written from
/// the documentation: the import of the kernel's recording is the twin (comments and
/// expectations aside), and the twin's expectations, the documented values, hold.
fn twin(name: &str) -> Run {
    let dir = scratch(&format!("twin_{name}"));
    let asc = format!("{name}.asc");
    std::fs::copy(root(&format!("tests/twins/{asc}")), dir.join(&asc)).unwrap();
    let twin_path = root(&format!("tests/twins/{name}.ron"));
    let twin = std::fs::read_to_string(&twin_path).unwrap();
    let r = ascstep_in(&dir, &["import", &asc], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(program_text(&r.stdout), program_text(&twin), "{}", r.stdout);
    let t = ascstep_in(&dir, &["run", twin_path.to_str().unwrap()], &[]);
    assert_eq!(t.code, 0, "{}", t.dump());
    assert!(
        t.stdout.contains("  pass  ") && !t.stdout.contains("FAIL"),
        "{}",
        t.dump()
    );
    let r = ascstep_in(&dir, &["run", &asc], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
    r
}

#[test]
fn gather_mask_and_gather_match_their_ron_twin() {
    let r = twin("gather");
    // rsvdCnt as the C++ reads it: 32 odd lanes of 64; 2 lanes of each 32.
    assert_eq!(
        r.stdout,
        "kept 32 picked 4\n0 3 6 9 12 15 18 21 \n",
        "{}",
        r.dump()
    );
}

#[test]
fn register_calls_match_their_ron_twin() {
    twin("registers");
}

/// SetAtomicAdd/SetAtomicMax per launch block, switched off by DisableDmaAtomic and
/// SetAtomicNone: the twin's sums and maxima, and the host reads them back (§18.3).
#[test]
fn the_atomic_mode_matches_its_ron_twin() {
    let r = twin("atomic");
    assert_eq!(r.stdout, "out 106 106 mx 20\n", "{}", r.dump());
}

/// A failed `ascendc_assert` stops the kernel at its line with the condition (exit 3); one
/// that holds lets the kernel go on (DK:调试接口/ascendc_assert).
#[test]
fn a_failed_assertion_stops_the_kernel_at_its_line() {
    let (dir, _) = kernel(
        "assert",
        "    AscendC::Duplicate(t, 1.0f, 64);\n    uint32_t n = AscendC::GetBlockNum() - 1;\n    ASSERT(n == 0);\n    ascendc_assert(n != 0 && \"n is zero\");\n    AscendC::Duplicate(t, 2.0f, 64);",
    );
    let r = ascstep_in(&dir, &["run", "assert.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "assertion failed: n != 0 && \"n is zero\"", &r);
    // Line 12 of the generated file, after the first Duplicate only.
    has(&r.stderr, "assert.asc:12:", &r);
    has(&r.stderr, "1 API call", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// DumpTensor prints the elements as they are (`?` uninitialised) and is not a step
/// (DK:调试接口/上板打印/DumpTensor).
#[test]
fn dump_tensor_prints_the_simulated_elements_without_a_step() {
    let (dir, _) = kernel(
        "dump",
        "    AscendC::Duplicate(t, 1.5f, 4);\n    AscendC::DumpTensor(t, 7, 6);",
    );
    let r = ascstep_in(&dir, &["run", "dump.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(
        r.stdout,
        "DumpTensor: desc=7, data_type=float, position=UB, size=6\n[1.5 1.5 1.5 1.5 ? ?]\n",
        "{}",
        r.dump()
    );
    has(&r.stderr, "1 API call recorded", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A call rejected in a header the kernel includes points its caret into that header, with
/// the header's own line (docs/format.md §12.4).
#[test]
fn an_error_in_an_included_header_points_into_that_header() {
    let (dir, file) = kernel("in_header", "    ops::Scale(t);");
    let src = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        src.replace(
            "#include \"kernel_operator.h\"\n",
            "#include \"kernel_operator.h\"\n#include \"ops.h\"\n",
        ),
    )
    .unwrap();
    // Line 5, column 9: `Muls` over 60,000 floats: 240,000 bytes, past Atlas A2's UB.
    std::fs::write(
        dir.join("ops.h"),
        "#pragma once\nnamespace ops {\ninline void Scale(AscendC::LocalTensor<float>& t)\n{\n        AscendC::Muls(t, t, 2.0f, 60000);\n}\n}\n",
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "in_header.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "ops.h:5:9: error[outside-ub]", &r);
    assert_eq!(
        r.stderr.matches("error[outside-ub]").count(),
        1,
        "printed once: {}",
        r.dump()
    );
    has(
        &r.stderr,
        "5 |         AscendC::Muls(t, t, 2.0f, 60000);",
        &r,
    );
    let caret = r.stderr.lines().find(|l| l.trim_end().ends_with('^'));
    assert_eq!(
        caret.map(|l| l.find('^').unwrap() - l.find('|').unwrap()),
        Some(2 + 8),
        "the caret under `AscendC::Muls`: {}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `if ASCEND_IS_AIV` runs (ascstep is the vector core), `if ASCEND_IS_AIC` does not; a
/// `__cube__`/`__mix__` qualifier compiles; GM beyond a RON program's 8 MiB is allocated.
#[test]
fn core_type_macros_and_large_global_memory() {
    let (dir, file) = kernel(
        "aiv",
        "    if ASCEND_IS_AIV {\n        AscendC::Duplicate(t, 1.0f, 8);\n    }\n    if ASCEND_IS_AIC {\n        AscendC::Duplicate(t, 2.0f, 8);\n    }",
    );
    let src = std::fs::read_to_string(&file).unwrap().replace(
        "aclrtMalloc((void**)&x, 1024,",
        "aclrtMalloc((void**)&x, 64 << 20,",
    );
    std::fs::write(
        &file,
        format!("{src}__global__ __cube__ void c() {{}}\n__global__ __mix__(1, 2) void m() {{}}\n"),
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "aiv.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stderr, "1 API call recorded", &r);
    let imp = ascstep_in(&dir, &["import", "aiv.asc"], &[]);
    has(&imp.stdout, "Duplicate(dst: \"t\", scalar: 1", &imp);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An access past a LocalTensor's length but inside the UB runs as on the device, with a
/// warning at its C++ line (docs/format.md §12.4); `--deny-warnings` makes it exit 3.
#[test]
fn an_access_past_a_local_tensor_is_a_warning_in_cpp() {
    // t has 256 floats (1024 bytes); the Duplicate writes 512.
    let (dir, _) = kernel(
        "past",
        "    AscendC::Duplicate(t, 1.0f, 512);\n    float v = t.GetValue(300);\n    AscendC::Duplicate(t, v, 8);",
    );
    let r = ascstep_in(&dir, &["run", "past.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stderr, "past.asc:9:5: warning[outside-tensor]: dst `t` writes lane 0 at UB address 0x400, outside the tensor (0x0..0x400, 256 × float) (instruction 0, repeat 4, block 0)", &r);
    has(&r.stderr, "past.asc:10:17: warning[outside-tensor]: GetValue `t[300]` lies past the tensor (256 × float)", &r);
    // The element read past the tensor is the one the first Duplicate wrote there (1.0),
    // and the C++ passes it on to the last Duplicate.
    let imp = ascstep_in(&dir, &["import", "past.asc"], &[]);
    has(
        &imp.stdout,
        "Duplicate(dst: \"t\", scalar: 1, count: 8)",
        &imp,
    );
    // The import declares t to the end of Atlas A2's UB, (196608 − 0) / 4 floats, so the RON
    // program reaches what the kernel reached, and runs.
    has(
        &imp.stdout,
        "\"t\": (dtype: float, addr: 0x0, len: 49152), // len 256: the kernel accessed past it",
        &imp,
    );
    std::fs::write(dir.join("past.ron"), &imp.stdout).unwrap();
    let r = ascstep_in(&dir, &["run", "past.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let r = ascstep_in(&dir, &["run", "past.asc", "--deny-warnings"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// GetReduceRepeatMaxMinSpr's two-argument form answers the register as the documentation's
/// example gives it (256 at index 255, the index bit-wise in a half), and DumpTensor prints
/// the reduction's value–index pairs without a step.
#[test]
fn reduce_register_read_and_dump_match_their_ron_twin() {
    let r = twin("reduce_spr");
    assert_eq!(
        r.stdout,
        "max 256 at 255\nDumpTensor: desc=5, data_type=half, position=UB, size=4\n[128 7.57e-6 256 7.57e-6]\n",
        "{}",
        r.dump()
    );
    has(&r.stderr, "4 API calls recorded", &r);
}

/// A binding to an operator laid out as ops-math's are: parameters whose names end in digits
/// (`x1`, `x2`), the tiling declared with the tiling macros in the host's `optiling`
/// namespace in `op_host/…_tiling.h` (named relative to the binding program), and the kernel
/// naming the struct unqualified through GET_TILING_DATA, with only `kernel_operator.h`.
#[test]
fn a_binding_finds_an_optiling_struct_and_numbered_parameters() {
    let dir = scratch("kernel_optiling");
    std::fs::create_dir_all(dir.join("op_host")).unwrap();
    std::fs::create_dir_all(dir.join("op_kernel")).unwrap();
    std::fs::write(
        dir.join("op_host/scale_tiling.h"),
        "#include \"register/tilingdata_base.h\"\nnamespace optiling {\nBEGIN_TILING_DATA_DEF(ScaleTilingData)\nTILING_DATA_FIELD_DEF(uint32_t, total);\nEND_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(Scale, ScaleTilingData)\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("op_kernel/scale.cpp"),
        "#include \"kernel_operator.h\"\nusing namespace AscendC;\nextern \"C\" __global__ __aicore__ void scale(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)\n{\n    GET_TILING_DATA(t, tiling);\n    GlobalTensor<float> a, b, c;\n    a.SetGlobalBuffer((__gm__ float*)x1);\n    b.SetGlobalBuffer((__gm__ float*)x2);\n    c.SetGlobalBuffer((__gm__ float*)y);\n    TPipe pipe;\n    TBuf<TPosition::VECCALC> buf;\n    pipe.InitBuffer(buf, 3 * 64 * sizeof(float));\n    LocalTensor<float> u = buf.Get<float>();\n    DataCopy(u, a, t.total);\n    DataCopy(u[64], b, t.total);\n    PipeBarrier<PIPE_ALL>();\n    Mul(u[128], u, u[64], t.total);\n    PipeBarrier<PIPE_ALL>();\n    DataCopy(c, u[128], t.total);\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("scale.ron"),
        "Program(\n    code: Kernel(file: \"op_kernel/scale.cpp\", entry: \"scale\"),\n    args: {\n        \"x1\": (dtype: float, len: 64, init: Ramp(start: 0, step: 1)),\n        \"x2\": (dtype: float, len: 64, init: Fill(3)),\n        \"y\": (dtype: float, len: 64),\n        \"workspace\": (dtype: uint8, len: 0),\n        \"tiling\": Tiling(\"ScaleTilingData\", { \"total\": 64 }, \"op_host/scale_tiling.h\"),\n    },\n    expect: [ (tensor: \"y\", values: Ramp(start: 0, step: 3)) ],\n)\n",
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "scale.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..64]", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// DataCopy with SliceInfo, on the documentation's example (DK:数据搬运/GM与UB切片数据搬运):
/// from a 3 × 87 float tensor, rows 0 and 2 (stride 1 row), in each the slices of 3 blocks
/// (24 floats) from element 16, 7 elements apart (16..39, 47..70), packed into 2 × 48. One
/// count-form DataCopy per slice, at the call's line.
#[test]
fn a_slice_data_copy_moves_the_documented_slices() {
    let (dir, file) = kernel(
        "slice",
        "    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)x);\n    AscendC::SliceInfo src[] = {{16, 70, 7, 3, 87}, {0, 2, 1, 1, 3}};\n    AscendC::SliceInfo dst[] = {{0, 47, 0, 3, 48}, {0, 1, 0, 1, 2}};\n    AscendC::DataCopy(t, g, dst, src, 2);",
    );
    let src = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        src.replace(
            "aclrtMalloc((void**)&x, 1024,",
            "aclrtMalloc((void**)&x, 3 * 87 * 4,",
        ),
    )
    .unwrap();
    let imp = ascstep_in(&dir, &["import", "slice.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    let copies: Vec<&str> = imp
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("DataCopy("))
        .collect();
    let want = [(0, 16), (24, 47), (48, 2 * 87 + 16), (72, 2 * 87 + 47)];
    assert_eq!(copies.len(), want.len(), "{}", imp.stdout);
    for (line, (d, s)) in copies.iter().zip(want) {
        let dst = if d == 0 {
            "\"t\"".to_string()
        } else {
            format!("\"t[{d}]\"")
        };
        assert!(
            line.contains(&format!("DataCopy(dst: {dst}, src: \"x[{s}]\", count: 24)"))
                && line.contains("slice.asc:13:5"),
            "{line}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `TensorList` argument reaches the kernel as CANN's ListTensorDesc (docs/format.md §12.2):
/// GetSize, GetDesc's shape and GetDataPtr give each list tensor, named `inputs_i` for
/// `expect`; a failed expectation names its last writer's C++ position; the
/// `#ifdef __CCE_KT_TEST__` (CPU-debug only) branch is not compiled in.
#[test]
fn a_tensor_list_argument_is_a_list_tensor_desc() {
    let dir = scratch("kernel_tensor_list");
    std::fs::write(
        dir.join("addn.cpp"),
        r#"#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void addn(GM_ADDR inputs, GM_ADDR y, GM_ADDR workspace)
{
#ifdef __CCE_KT_TEST__
    return;
#endif
    ListTensorDesc list((__gm__ void*)inputs);
    uint64_t shape[1];
    TensorDesc<float> desc;
    desc.SetShapeAddr(shape);
    list.GetDesc(desc, 0);
    uint32_t n = desc.GetShape(0);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * 64 * sizeof(float));
    LocalTensor<float> acc = buf.Get<float>();
    LocalTensor<float> x = acc[64];
    Duplicate(acc, 0.0f, n);
    for (uint32_t i = 0; i < list.GetSize(); i++) {
        GlobalTensor<float> g;
        g.SetGlobalBuffer(list.GetDataPtr<float>(i));
        DataCopy(x, g, n);
        PipeBarrier<PIPE_ALL>();
        Add(acc, acc, x, n);
    }
    PipeBarrier<PIPE_ALL>();
    GlobalTensor<float> out;
    out.SetGlobalBuffer((__gm__ float*)y);
    DataCopy(out, acc, n);
}
"#,
    )
    .unwrap();
    let binding = |y_expected: &str| {
        format!(
            "Program(\n    code: Kernel(file: \"addn.cpp\", entry: \"addn\"),\n    args: {{\n        \"inputs\": TensorList([\n            (dtype: float, len: 64, init: Ramp(start: 0, step: 1)),\n            (dtype: float, len: 64, init: Fill(10)),\n            (dtype: float, len: 64, init: Ramp(start: 0, step: 2)),\n        ]),\n        \"y\": (dtype: float, len: 64),\n        \"workspace\": (dtype: uint8, len: 0),\n    }},\n    expect: [\n        (tensor: \"y\", values: {y_expected}),\n        (tensor: \"inputs_1\", values: Fill(10)),\n    ],\n)\n"
        )
    };
    // y = i + 10 + 2i.
    std::fs::write(dir.join("addn.ron"), binding("Ramp(start: 10, step: 3)")).unwrap();
    let r = ascstep_in(&dir, &["run", "addn.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..64]", &r);
    has(&r.stdout, "pass  inputs_1[0..64]", &r);
    std::fs::write(dir.join("wrong.ron"), binding("Ramp(start: 10, step: 4)")).unwrap();
    let r = ascstep_in(&dir, &["run", "wrong.ron"], &[]);
    assert_eq!(r.code, 1, "{}", r.dump());
    // Duplicate (0), three × DataCopy, PipeBarrier, Add (1–9), PipeBarrier (10), DataCopy (11)
    // on line 30.
    has(&r.stdout, "y[1] @ GM+0x804: expected 14, got 13", &r);
    has(
        &r.stdout,
        "last written by instruction 11 `DataCopy` (addn.cpp:30:5)",
        &r,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// CompareScalar (Compares' old name, as ops-nn's kernels call it) and Compares' mask form,
/// both recorded as Compares; the device compiler's `float16_t`/`float32_t` names.
#[test]
fn compare_scalar_and_the_compares_mask_form() {
    let (dir, _) = kernel(
        "cmps",
        "    AscendC::LocalTensor<uint8_t> m = t[128].ReinterpretCast<uint8_t>();\n    AscendC::Duplicate(t, float32_t(3.0f), 64);\n    AscendC::UnaryRepeatParams rp;\n    AscendC::CompareScalar(m, t, 2.0f, AscendC::CMPMODE::GT, 64, 1, rp);\n    AscendC::Compares(m, t, float16_t(2.0f), AscendC::CMPMODE::LT, 64);",
    );
    let imp = ascstep_in(&dir, &["import", "cmps.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    has(
        &imp.stdout,
        "Compares(dst: \"m\", src: \"t\", scalar: 2, cmp: GT, mask: 64, repeat_times: 1, params: [1, 1, 8, 8])",
        &imp,
    );
    has(
        &imp.stdout,
        "Compares(dst: \"m\", src: \"t\", scalar: 2, cmp: LT, count: 64)",
        &imp,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// TBufPool (DK:内存管理/TBufPool): a pool carved from the TPipe after its buffers, a sub-pool
/// and a buffer carved from it in order, and a pool sharing another's start (the bytes reused).
#[test]
fn buffer_pools_place_their_buffers_as_tpipe_does() {
    let (dir, _) = kernel(
        "pools",
        "    AscendC::TBufPool<AscendC::TPosition::VECCALC> p0, p1, p2;\n    pipe.InitBufPool(p0, 4096);\n    p0.InitBufPool(p1, 2048);\n    AscendC::TBuf<AscendC::TPosition::VECCALC> a, b, c;\n    p0.InitBuffer(a, 1024);\n    p0.InitBufPool(p2, 2048, p1);\n    p1.InitBuffer(b, 512);\n    p2.InitBuffer(c, 512);\n    AscendC::Duplicate(a.Get<float>(), 1.0f, 8);\n    AscendC::Duplicate(b.Get<float>(), 2.0f, 8);\n    AscendC::Duplicate(c.Get<float>(), 3.0f, 8);",
    );
    let imp = ascstep_in(&dir, &["import", "pools.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    // t: 1024 bytes at 0; p0 at 0x400 (4096 bytes), p1 its first 2048, a after p1 at 0xc00;
    // p2 shares p1's start, so b and c both lie at 0x400.
    let addrs: Vec<&str> = imp
        .stdout
        .lines()
        .filter(|l| l.contains("(dtype: float, addr: "))
        .collect();
    assert_eq!(addrs.len(), 3, "{}", imp.stdout);
    assert!(addrs[0].contains("addr: 0x0, len: 256"), "{}", imp.stdout);
    assert!(addrs[1].contains("addr: 0xc00, len: 256"), "{}", imp.stdout);
    assert!(addrs[2].contains("addr: 0x400, len: 128"), "{}", imp.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

/// CANN's kernel-side names that ops-nn's kernels use: the core type (`g_coreType` is AIV),
/// `likely`, the Vector Unit's constants (ONE_BLK_SIZE 32, ONE_REPEAT_BYTE_SIZE 256) and the
/// `pipe_barrier` intrinsic.
#[test]
fn cann_constants_and_the_core_type() {
    let (dir, _) = kernel(
        "consts",
        "    if (g_coreType == AscendC::AIC) {\n        return;\n    }\n    if (likely(AscendC::ONE_BLK_SIZE == 32)) {\n        AscendC::Duplicate(t, 1.0f, AscendC::ONE_REPEAT_BYTE_SIZE / sizeof(float));\n    }\n    pipe_barrier(PIPE_V);",
    );
    let imp = ascstep_in(&dir, &["import", "consts.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    has(
        &imp.stdout,
        "Duplicate(dst: \"t\", scalar: 1, count: 64)",
        &imp,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// One binary call in each documented C++ overload (count; mask + repeatTimes + braced
/// params; `uint64_t mask[2]` with field-assigned params; isSetMask = false after
/// SetVectorMask) equals its RON twin, whose expectations hold.
#[test]
fn the_documented_overloads_match_their_ron_twin() {
    twin("forms");
}

/// Gatherb (a catalog instruction since the vendor's gather sample calls it) equals its RON
/// twin, whose expectations are the documentation's pseudo-code on the twin's data.
#[test]
fn gatherb_matches_its_ron_twin() {
    twin("gatherb");
}

/// One call of each remaining header area (Cast, Compares, Select, WholeReduceSum,
/// BlockReduceMax, the UB → UB DataCopy, PipeBarrier, GetValue/SetValue) equals its RON twin,
/// whose expectations are worked out from the documentation by hand.
#[test]
fn the_other_header_areas_match_their_ron_twin() {
    twin("areas");
}

/// A kernel that detaches a sleeper (setsid, double fork; its pid in ./sleeper.pid) and then
/// spins: whatever ends ascstep, the sleeper and the spinner must not outlive it.
fn detaching_spinner(name: &str) -> (PathBuf, PathBuf) {
    kernel(
        name,
        "    AscendC::Duplicate(t, 1.0f, 64);\n    if (fork() == 0) { setsid(); if (fork() == 0) { FILE* f = fopen(\"sleeper.pid\", \"w\"); fprintf(f, \"%d\\n\", int(getpid())); fclose(f); sleep(300); } _exit(0); }\n    for (volatile int i = 0; ; i = i + 1) {}",
    )
}

/// The sleeper's pid, once it has written it.
fn sleeper_pid(dir: &Path) -> String {
    for _ in 0..10_000 {
        if let Ok(t) = std::fs::read_to_string(dir.join("sleeper.pid")) {
            if t.ends_with('\n') {
                return t.trim().to_string();
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("the kernel never wrote sleeper.pid");
}

/// Whether process `pid` is gone (or a zombie, ended and waiting for init to reap it),
/// looked at for up to 5 s: the supervisor ends the tree after ascstep goes.
fn gone(pid: &str) -> bool {
    for _ in 0..5_000 {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => return true,
            Ok(s)
                if s.rsplit(')')
                    .next()
                    .is_some_and(|r| r.trim_start().starts_with('Z')) =>
            {
                return true
            }
            Ok(_) => std::thread::sleep(std::time::Duration::from_millis(1)),
        }
    }
    false
}

/// format.md §12.4: the time-out, SIGTERM to ascstep, and Ctrl-C at the terminal (SIGINT to
/// the whole foreground group, as while `debug` records a kernel) each end every process
/// the kernel started, detached ones included, and leave no file in the temporary directory.
#[test]
fn no_process_a_kernel_starts_outlives_ascstep() {
    use std::os::unix::process::CommandExt;
    for how in ["timeout", "sigterm", "sigint"] {
        let (dir, _) = detaching_spinner(&format!("detach_{how}"));
        let src = std::fs::read_to_string(dir.join(format!("detach_{how}.asc"))).unwrap();
        std::fs::write(
            dir.join(format!("detach_{how}.asc")),
            format!("#include <cstdio>\n#include <unistd.h>\n{src}"),
        )
        .unwrap();
        let file = format!("detach_{how}.asc");
        let args: Vec<&str> = match how {
            "timeout" => vec!["run", &file, "--timeout", "2"],
            "sigterm" => vec!["run", &file, "--timeout", "0"],
            _ => vec!["debug", &file, "--timeout", "0"],
        };
        // Its own temporary directory, to see that ascstep ended this way leaves nothing there.
        let tmp = dir.join("tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_ascstep"))
            .args(&args)
            .current_dir(&dir)
            .env(
                "ASCSTEP_CACHE",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("kernel-cache"),
            )
            .env("TMPDIR", &tmp)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = sleeper_pid(&dir);
        let me = child.id() as i32;
        match how {
            "sigterm" => assert_eq!(unsafe { libc::kill(me, libc::SIGTERM) }, 0),
            "sigint" => assert_eq!(unsafe { libc::kill(-me, libc::SIGINT) }, 0),
            _ => {}
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if how == "timeout" {
            assert_eq!(out.status.code(), Some(3), "{stderr}");
            assert!(stderr.contains("error[timeout]"), "{stderr}");
        }
        assert!(
            gone(&pid),
            "{how}: the detached process {pid} outlived ascstep"
        );
        let left: Vec<_> = std::fs::read_dir(&tmp)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert!(left.is_empty(), "{how}: ascstep left {left:?} behind");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// format.md §12.4: `--memory-limit` bounds the compiled program; allocating past it with
/// `new` (the allocation fails) or with `malloc` whose NULL is written through (a crash at
/// the limit) is `kernel-out-of-memory` with the last API call's position, exit 3.
#[test]
fn a_kernel_that_allocates_without_end_is_stopped_at_its_memory_limit() {
    for (name, alloc) in [
        ("oom_new", "char* p = new char[1 << 20];"),
        ("oom_malloc", "char* p = (char*)malloc(1 << 20);"),
    ] {
        let (dir, _) = kernel(
            name,
            &format!("    AscendC::Duplicate(t, 1.0f, 64);\n    for (;;) {{ {alloc} memset(p, 1, 1 << 20); }}"),
        );
        let r = ascstep_in(
            &dir,
            &["run", &format!("{name}.asc"), "--memory-limit", "256M"],
            &[],
        );
        assert_eq!(r.code, 3, "{}", r.dump());
        has(
            &r.stderr,
            "error[kernel-out-of-memory]: the compiled program ran out of memory: it may use 256 MiB (--memory-limit)",
            &r,
        );
        has(&r.stderr, &format!("{name}.asc:9:5 in k `Duplicate("), &r);
        let _ = std::fs::remove_dir_all(&dir);
    }
    let (dir, _) = kernel("mem_flag", "    AscendC::Duplicate(t, 1.0f, 64);");
    for bad in ["12X", "-1G", "0.5K"] {
        let flag = format!("--memory-limit={bad}");
        let r = ascstep_in(&dir, &["run", "mem_flag.asc", &flag], &[]);
        assert_eq!(r.code, 2, "{}", r.dump());
        has(&r.stderr, "is not a memory size", &r);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// format.md §12.2 as CANN's build takes tiling structs: tests/cann_layout is shaped as the
/// operator repositories are. scaled_table's struct is found in its op_host/ header without
/// `header:`; that header includes headers only CANN's host build has and holds host code,
/// none of which is compiled; the struct nests one from a shared header whose array is
/// sized by a constant there; END_TILING_DATA_DEF is written without `;`. The kernel's own
/// `constexpr static __gm__ half table[16]` is global memory (and needs half in a constant
/// expression). Its includes resolve only as CANN's build lays kernels out (the repository's
/// common headers as `../inc/`, another op's as `../mul_helper/`, opbase's `atvoss/` from
/// tests/opbase beside the tree). y[i] = 2·x[i] + i % 16 with x = 0…63, the binding's
/// expectation.
#[test]
fn tiling_structs_are_taken_from_op_host_headers_as_cann_builds_them() {
    let dir = root("tests/cann_layout/math/scaled_table");
    let r = ascstep_in(&dir, &["run", "scaled_table.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..64]", &r);
    // Compiled through CANN's ascendc/ layout (`../inc/`, `../mul_helper/`, opbase's
    // `atvoss/` beside the tree), positions still in the checkout's own files.
    let r = ascstep_in(&dir, &["import", "scaled_table.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(
        &r.stdout,
        "Muls(dst: \"xLocal[16]\", src: \"xLocal\", scalar: 2, count: 16), // mul_helper.h:9:5",
        &r,
    );
    has(&r.stdout, "count: 16), // add_in_place.h:10:5", &r);
    // The same header named explicitly, and a struct it does not declare.
    let scratch_dir = scratch("tiling_header");
    let text = std::fs::read_to_string(dir.join("scaled_table.ron")).unwrap();
    let kernel = dir.join("op_kernel/scaled_table.cpp");
    let header = dir.join("op_host/scaled_table_tiling.h");
    let named = text
        .replace(
            "\"op_kernel/scaled_table.cpp\"",
            &format!("{:?}", kernel.display().to_string()),
        )
        .replace(
            "\"shape.dims\": [4, 0, 0, 0] })",
            &format!(
                "\"shape.dims\": [4, 0, 0, 0] }}, header: {:?})",
                header.display().to_string()
            ),
        );
    std::fs::write(scratch_dir.join("named.ron"), &named).unwrap();
    let r = ascstep_in(
        &scratch_dir,
        &["run", "named.ron", "--allow-files-anywhere"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    std::fs::write(
        scratch_dir.join("wrong.ron"),
        named.replace(
            "Tiling(\"ScaledTableTilingData\"",
            "Tiling(\"ScaledTilingData\"",
        ),
    )
    .unwrap();
    let r = ascstep_in(
        &scratch_dir,
        &["run", "wrong.ron", "--allow-files-anywhere"],
        &[],
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "declares no tiling struct `ScaledTilingData` with BEGIN_TILING_DATA_DEF; it declares ScaledTableTilingData, ShapeTiling", &r);
    // Found nowhere: the error says where ascstep looked.
    std::fs::write(
        scratch_dir.join("nowhere.ron"),
        text.replace(
            "\"op_kernel/scaled_table.cpp\"",
            &format!("{:?}", kernel.display().to_string()),
        )
        .replace(
            "Tiling(\"ScaledTableTilingData\"",
            "Tiling(\"NoSuchTilingData\"",
        ),
    )
    .unwrap();
    let r = ascstep_in(
        &scratch_dir,
        &["run", "nowhere.ron", "--allow-files-anywhere"],
        &[],
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    has(
        &r.stderr,
        "tiling struct `NoSuchTilingData` is defined nowhere ascstep looked",
        &r,
    );
    has(&r.stderr, "scaled_table/op_host", &r);
    let _ = std::fs::remove_dir_all(&scratch_dir);
}

/// format.md §12.2: a struct declared with the tiling macros in an op_kernel header the kernel
/// does not include (only the op's host tiling does) is given to the kernel, as CANN's build
/// generates it, though an Ascend 950 struct of the same name lies in its `arch35/`.
#[test]
fn a_tiling_struct_beside_the_kernel_but_not_included_by_it_is_given_to_it() {
    let dir = root("tests/cann_layout/math/negate");
    let r = ascstep_in(&dir, &["run", "negate.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..64]", &r);
}

/// format.md §12.3: the DT_* macros have ge::DataType's values (DT_BF16 is 27) and compare in
/// `#if` with an ORIG_DTYPE_* macro the build gives; half and bfloat16_t convert in constant
/// expressions (1.5 and 2.5 are exact in both).
#[test]
fn dtype_macros_and_constexpr_half() {
    let (dir, _) = kernel(
        "dt_macros",
        "    static_assert(float(half(1.5f)) == 1.5f && float(bfloat16_t(2.5f)) == 2.5f);\n    constexpr half table[2] = {1, 2};\n    static_assert(float(table[1]) == 2.0f);\n#if ORIG_DTYPE_X == DT_BF16 && DT_FLOAT == 0 && DT_FLOAT16 == 1 && DT_INT64 == 9\n    AscendC::Duplicate(t, float(DT_BF16), 64);\n#else\n    AscendC::Duplicate(t, -1.0f, 64);\n#endif",
    );
    let r = ascstep_in(
        &dir,
        &["import", "dt_macros.asc", "-D", "ORIG_DTYPE_X=DT_BF16"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "scalar: 27", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// format.md §12.3: CANN's template parameter lists, named explicitly as pyasc's generated code
/// and kernels write them (`Duplicate<half, true>`, `LeakyRelu<half, true>`,
/// `ShiftLeft<int16_t, true>`, `Axpy<half, half, true>`, `Add<half, false>`), the bitwise-mask
/// Duplicate, and `set_ffts_base_addr`: each records the instruction its arguments say.
#[test]
fn apis_take_cann_template_parameter_lists() {
    let (dir, _) = kernel(
        "cann_templates",
        "    set_ffts_base_addr(0);\n    AscendC::LocalTensor<half> h = t.ReinterpretCast<half>();\n    AscendC::LocalTensor<int16_t> s = t[128].ReinterpretCast<int16_t>();\n    uint64_t bits[2] = {0xff, 0};\n    AscendC::Duplicate<half, true>(h, half(1.0f), 128, 1, 1, 8);\n    AscendC::Duplicate<half, true>(h, half(3.0f), bits, 1, 1, 8);\n    AscendC::LeakyRelu<half, true>(h, h, half(0.5f), 128, 1, {1, 1, 8, 8});\n    AscendC::Axpy<half, half, true>(h, h, half(2.0f), 128, 1, {1, 1, 8, 8});\n    AscendC::Add<half, false>(h, h, h, 128, 1, {1, 1, 1, 8, 8, 8});\n    AscendC::Duplicate<int16_t, true>(s, int16_t(1), 128, 1, 1, 8);\n    AscendC::ShiftLeft<int16_t, true>(s, s, int16_t(2), 128, 1, {1, 1, 8, 8});",
    );
    imports_with(
        &dir,
        "cann_templates.asc",
        &[
            "Duplicate(dst: \"h\", scalar: 1, mask: 128, repeat_times: 1",
            "Duplicate(dst: \"h\", scalar: 3, mask: [255, 0], repeat_times: 1",
            "LeakyRelu(dst: \"h\", src: \"h\", scalar: 0.5, mask: 128",
            "Axpy(dst: \"h\", src: \"h\", scalar: 2, mask: 128",
            "Add(dst: \"h\", src0: \"h\", src1: \"h\", mask: Placeholder",
            "ShiftLeft(dst: \"s\", src: \"s\", scalar: 2, mask: 128",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scratch directory holding `op_kernel/k.cpp` with `kernel` and the binding `k.ron`.
fn binding_dir(name: &str, kernel: &str, ron: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::create_dir_all(dir.join("op_kernel")).unwrap();
    std::fs::write(dir.join("op_kernel/k.cpp"), kernel).unwrap();
    std::fs::write(dir.join("k.ron"), ron).unwrap();
    dir
}

/// format.md §12.2: the binding's argument check reads the entry the compile sees. An entry
/// defined in two `#if` branches (Ascend 950's, `__NPU_ARCH__ == 3510`, with other parameter
/// names) is checked against the branch of the product run.
#[test]
fn the_argument_check_follows_the_preprocessor() {
    let dir = binding_dir(
        "two_branches",
        "#include \"kernel_operator.h\"\n#if __NPU_ARCH__ == 3510\nextern \"C\" __global__ __aicore__ void k(GM_ADDR a950, GM_ADDR b950) {}\n#else\nextern \"C\" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y)\n{\n    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)y, 8);\n    g.SetValue(0, 1.0f);\n}\n#endif\n",
        "Program(code: Kernel(file: \"op_kernel/k.cpp\", entry: \"k\"),\n  args: { \"x\": (dtype: float, len: 8), \"y\": (dtype: float, len: 8) },\n  expect: [(tensor: \"y\", values: Values([1, 0, 0, 0, 0, 0, 0, 0]))])\n",
    );
    let r = ascstep_in(&dir, &["run", "k.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..8]", &r);
    let r = ascstep_in(&dir, &["run", "k.ron", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "must be the parameters of `k(a950, b950)`", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's math headers (format.md §12.3, docs/semantics.md §21): opbase's
/// atvoss/util/vec.h style of include (`adv_api/math/log.h`) finds ascstep's; Log, Log2 and
/// Log10 are Ln (then a Muls by 1/ln 2 or 1/ln 10): main checks them against the C library's
/// log, log2 and log10 within 1e-6 relative (float Ln and one float multiply). A call of an
/// API declared but not simulated (Fmod) is a compile error naming it.
#[test]
fn library_log_is_ln_and_unsimulated_math_is_named_at_compile_time() {
    let dir = scratch("adv_log");
    std::fs::write(
        dir.join("logs.asc"),
        r#"#include "acl/acl.h"
#include "kernel_operator.h"
#include "adv_api/math/log.h"
#include <cmath>
#include <cstdio>
constexpr uint32_t N = 8;
__global__ __vector__ void logs(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 4 * N * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, N);
    yGm.SetGlobalBuffer((__gm__ float*)y, 3 * N);
    AscendC::LocalTensor<float> in = buf.Get<float>();
    AscendC::LocalTensor<float> out = in[N];
    AscendC::DataCopy(in, xGm, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Log(out, in, N);
    AscendC::Log2(out[N], in, N);
    AscendC::Log10(out[2 * N], in);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, out, 3 * N);
}
int main()
{
    float xs[N] = {1, 2, 4, 8, 10, 1024, 0.5f, 1000};
    float ys[3 * N];
    uint8_t *x, *y;
    aclrtMalloc((void**)&x, sizeof xs, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&y, sizeof ys, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(x, sizeof xs, xs, sizeof xs, ACL_MEMCPY_HOST_TO_DEVICE);
    logs<<<1, nullptr, nullptr>>>(x, y);
    aclrtMemcpy(ys, sizeof ys, y, sizeof ys, ACL_MEMCPY_DEVICE_TO_HOST);
    for (uint32_t i = 0; i < N; i++) {
        double want[3] = {std::log(double(xs[i])), std::log2(double(xs[i])), std::log10(double(xs[i]))};
        for (int k = 0; k < 3; k++) {
            double got = ys[k * N + i];
            if (std::fabs(got - want[k]) > 1e-6 * std::fmax(1.0, std::fabs(want[k]))) {
                std::printf("log kind %d of %g: %.9g, expected %.9g\n", k, xs[i], got, want[k]);
                return 1;
            }
        }
    }
    return 0;
}
"#,
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "logs.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let (dir2, _) = kernel("adv_fmod", "    AscendC::Fmod(t, t, t, 64);");
    let src = std::fs::read_to_string(dir2.join("adv_fmod.asc")).unwrap();
    std::fs::write(
        dir2.join("adv_fmod.asc"),
        format!("#include \"kernel_operator.h\"\n#include \"adv_api/math/fmod.h\"\n{src}"),
    )
    .unwrap();
    let r = ascstep_in(&dir2, &["run", "adv_fmod.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "ascstep does not simulate AscendC::Fmod yet", &r);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

/// format.md §12.2: GET_TILING_DATA in a kernel whose binding passes no `Tiling(…)` argument
/// stops the compile saying so (not with an unknown internal name).
#[test]
fn get_tiling_data_without_a_tiling_argument_says_so() {
    let dir = binding_dir(
        "no_tiling_arg",
        "#include \"kernel_operator.h\"\nextern \"C\" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling)\n{\n    GET_TILING_DATA(t, tiling);\n}\n",
        "Program(code: Kernel(file: \"op_kernel/k.cpp\", entry: \"k\"),\n  args: { \"x\": (dtype: float, len: 8), \"tiling\": (dtype: uint8, len: 64) })\n",
    );
    let r = ascstep_in(&dir, &["run", "k.ron"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(
        &r.stderr,
        "GET_TILING_DATA: the binding program passes no Tiling(\"Struct\", {…}) argument",
        &r,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// format.md §12.3, names kernels of the operator repositories use: AscendC::Std (the
/// standard type traits, min/max, tuple), AscendCUtils' mask setters as CANN computes them
/// (64 lanes: the low word; 8 floats, one block: every lane, as CANN's code does; 20: the
/// first 20), GetC0Count (32 bytes of 2-byte elements: 16), InitOutput (Fill's deprecated
/// name: a Duplicate then moves into GM), and CANN's internal reg_others header included
/// directly.
#[test]
fn std_ascendc_utils_and_init_output() {
    let (dir, _) = kernel(
        "utils_std",
        "    static_assert(AscendC::Std::is_same_v<AscendC::Std::remove_cvref_t<const float&>, float>);\n    static_assert(AscendC::Std::min(3, 5) == 3 && AscendC::Std::max(3, 5) == 5);\n    static_assert(AscendC::Std::is_tuple_v<AscendC::Std::tuple<int, float>> && !AscendC::Std::is_tuple_v<int>);\n    constexpr auto tp = AscendC::Std::make_tuple(1, 2.5f);\n    static_assert(AscendC::Std::get<0>(tp) == 1 && AscendC::Std::tuple_size_v<decltype(tp)> == 2);\n    static_assert(AscendC::AscendCUtils::GetC0Count(2) == 16);\n    AscendC::AscendCUtils::SetMask<float>(64);\n    AscendC::AscendCUtils::SetMask<float>(8);\n    AscendC::AscendCUtils::SetMask<float>(20);\n    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)x, 64);\n    AscendC::InitOutput<float>(g, 64, 2.0f);",
    );
    let src = std::fs::read_to_string(dir.join("utils_std.asc")).unwrap();
    std::fs::write(
        dir.join("utils_std.asc"),
        format!("#include \"kernel_operator.h\"\n#include \"impl/dav_c220/kernel_operator_reg_others_impl.h\"\n{src}"),
    )
    .unwrap();
    imports_with(
        &dir,
        "utils_std.asc",
        &[
            "SetVectorMask(high: 0, low: 18446744073709551615)",
            "SetVectorMask(high: 18446744073709551615, low: 18446744073709551615)",
            "SetVectorMask(high: 0, low: 1048575)",
            "Duplicate(dst:",
            "scalar: 2, count: ",
            // 64 floats: one burst of 256 bytes.
            "DataCopyPad(dst: \"x\", src: \"ub_400\", params: [1, 256, 0, 0])",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}
