//! Every error class of a C++ kernel ends with its exit code and message: a missing API, a
//! buffer beyond the UB, a crash, a loop, main's failure, no compiler, a failed assertion, an
//! error in a header, an access past a tensor.

use super::*;
use crate::cann_build::binding_dir;

#[test]
fn an_api_ascstep_lacks_is_named_with_its_position_and_the_compiler_output() {
    // The library's BitwiseAnd (DK:高阶API/数学计算/BitwiseAnd), which ascstep does not provide.
    let (dir, _) = kernel("missing", "    AscendC::BitwiseAnd(t, t, t, 256);");
    let r = ascstep_in(&dir, &["run", "missing.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(
        &r.stderr,
        "missing.asc:9:14: the kernel uses `BitwiseAnd`, which ascstep's Ascend C does not provide",
        &r,
    );
    has(&r.stderr, "error[compile-error]", &r);
    assert!(
        r.stderr.contains("AscendC::BitwiseAnd(t, t, t, 256);"),
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
    // The faulting line itself, from the executable's line table, and the address touched.
    has(&r.stderr, "crash.asc:11 in k", &r);
    has(
        &r.stderr,
        "touching address 0x0: a null pointer, or a UB address",
        &r,
    );
    let _ = std::fs::remove_dir_all(&dir);
    // A UB address read as a pointer (ops-nn's group_quant reads a scalar so): the device's
    // scalar unit reads UB, ascstep's scalar code cannot; the crash says which address.
    let (dir, _) = kernel(
        "ub_pointer",
        "    AscendC::Duplicate(t, 1.0f, 64);\n    volatile float v = *((__ubuf__ float*)t[32].GetPhyAddr());\n    (void)v;",
    );
    let r = ascstep_in(&dir, &["run", "ub_pointer.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    // t is the buffer at UB 0: its element 32 is at byte 0x80.
    has(
        &r.stderr,
        "ub_pointer.asc:10 in k(unsigned char*), touching address 0x80: a null pointer, or a UB address (LocalTensor::GetPhyAddr) used as a pointer",
        &r,
    );
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
