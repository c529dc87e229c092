//! `ascstep ut` (docs/format.md §13) on kernel unit tests written as the operator repositories
//! write theirs, in a repository-shaped tree (`tests/ut_repo`, copied to a scratch directory so
//! that the UT build's `build/tests/ut/op_kernel` is made there). Needs googletest
//! (`libgtest-dev`) and, for the data script, numpy: the README's test command sets both up
//! (numpy in `target/venv`, put first on PATH here).

mod common;

use common::ut_repo::*;
use common::*;
use std::path::Path;
use std::process::Command;

const UT: &str = "math/scaled_add/tests/ut/op_kernel";

#[test]
fn a_unit_test_runs_as_written_its_kernel_simulated_over_the_tests_memory() {
    let d = repo("pass");
    let r = ut(&d, &[&format!("{UT}/test_scaled_add.cpp")]);
    assert_eq!(r.code, 0, "{}", r.dump());
    // googletest's own report, both cases passed: their EXPECTs compared the kernel's output
    // with float arithmetic (the lambda launch) and with numpy's golden data (the script).
    assert!(
        r.stdout
            .contains("[       OK ] ScaledAddTest.lambda_launch_adds"),
        "{}",
        r.dump()
    );
    assert!(
        r.stdout
            .contains("[       OK ] ScaledAddTest.plain_entry_subtracts_data_from_script"),
        "{}",
        r.dump()
    );
    assert!(r.stdout.contains("[  PASSED  ] 2 tests."), "{}", r.dump());
    // A line per launch: the lambda's and the plain entry's, each over 2 blocks; 4 tiles of
    // 2 copies in, Muls, Add/Sub and a copy out per block, plus the queue calls.
    assert!(
        r.stdout
            .contains("[ ascstep  ] ScaledAddTest.lambda_launch_adds launch kernel: 2 blocks,"),
        "{}",
        r.dump()
    );
    assert!(
        r.stdout.contains("[ ascstep  ] ScaledAddTest.plain_entry_subtracts_data_from_script launch scaled_add: 2 blocks,"),
        "{}",
        r.dump()
    );
    assert!(
        r.stderr.contains("2 launches simulated (0 with an error"),
        "{}",
        r.dump()
    );
    // The test ran where the repository's UT runner runs it: its data and output are there.
    let data = d.join("build/tests/ut/op_kernel/scaled_add_data");
    let z = std::fs::read(data.join("output_z.bin")).unwrap();
    assert_eq!(z, std::fs::read(data.join("golden.bin")).unwrap());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_filter_selects_tests_and_junit_has_one_testcase_each() {
    let d = repo("filter");
    let junit = d.join("report.xml");
    let r = ut(
        &d,
        &[
            &format!("{UT}/test_scaled_add.cpp"),
            "--gtest_filter",
            "ScaledAddTest.lambda*",
            "--junit",
            s(&junit),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("[  PASSED  ] 1 test."), "{}", r.dump());
    assert!(!r.stdout.contains("plain_entry"), "{}", r.dump());
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 1, "{xml}");
    assert!(xml.contains("name=\"lambda_launch_adds\""), "{xml}");
    let _ = std::fs::remove_dir_all(&d);
}

/// A test whose host code crashes fails with the signal and its line; the tests before it keep
/// their results and those after it run in a new test program: `--junit` has all four cases
/// (two failed), and `ascstep test` a line each.
#[test]
fn a_crash_fails_its_test_and_the_tests_after_it_still_run() {
    let d = repo("crash");
    let junit = d.join("report.xml");
    let file = format!("{UT}/test_scaled_add_crash.cpp");
    let r = ut(&d, &[&file, "--junit", s(&junit)]);
    assert_eq!(r.code, 1, "{}", r.dump());
    for ok in ["before", "after"] {
        assert!(
            r.stdout
                .contains(&format!("[       OK ] ScaledAddCrash.{ok}")),
            "{}",
            r.dump()
        );
    }
    assert!(
        r.stdout.contains("[  FAILED  ] ScaledAddCrash.fails_after"),
        "{}",
        r.dump()
    );
    assert!(
        r.stderr
            .contains("error[kernel-crashed]: the test program died from SIGSEGV")
            && r.stderr.contains("test_scaled_add_crash.cpp:45")
            && r.stderr.contains("touching address 0x0: a null pointer")
            && r.stderr.contains("in test ScaledAddCrash.dies"),
        "{}",
        r.dump()
    );
    // The kernel's own stop, at its position in the kernel (the first block past the 256
    // floats of 64 sets zGm at z + 256 k).
    assert!(
        r.stderr.contains(
            "op_kernel/scaled_add.cpp:16:13: error[kernel-stopped]: the kernel stopped: an API call uses the GlobalTensor set here"
        ) && r.stderr.contains("= note: in test ScaledAddCrash.past_its_gm"),
        "{}",
        r.dump()
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 5, "{xml}");
    assert!(xml.contains("tests=\"5\" failures=\"3\""), "{xml}");
    let t = ascstep_venv(&d, &["test", &file, "-j", "1"]);
    assert_eq!(t.code, 1, "{}", t.dump());
    for line in [
        "ok       math/scaled_add/tests/ut/op_kernel/test_scaled_add_crash.cpp ScaledAddCrash.before",
        "FAILED   math/scaled_add/tests/ut/op_kernel/test_scaled_add_crash.cpp ScaledAddCrash.dies: the test program died from SIGSEGV",
        "ok       math/scaled_add/tests/ut/op_kernel/test_scaled_add_crash.cpp ScaledAddCrash.after",
        "FAILED   math/scaled_add/tests/ut/op_kernel/test_scaled_add_crash.cpp ScaledAddCrash.past_its_gm: the kernel stopped: an API call uses the GlobalTensor set here",
        "2 passed, 3 failed",
    ] {
        assert!(t.stdout.contains(line), "{line}\n{}", t.dump());
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_launch_error_fails_its_test_and_the_others_still_run() {
    let d = repo("error");
    let r = ut(&d, &[&format!("{UT}/test_scaled_add_errors.cpp")]);
    assert_eq!(r.code, 1, "{}", r.dump());
    assert!(
        r.stdout
            .contains("[       OK ] ScaledAddErrors.fits_the_ub"),
        "{}",
        r.dump()
    );
    assert!(
        r.stdout
            .contains("[  FAILED  ] ScaledAddErrors.tiles_past_the_ub"),
        "{}",
        r.dump()
    );
    // The failure is at the ICPU_RUN_KF line of the test, carrying the diagnostic at the
    // kernel's C++ position: three buffers of 2 × 32768 floats pass the 192 KiB UB of Atlas A2
    // at the second queue's buffers (0x40000 = 2 × 131072 bytes in).
    assert!(
        r.stdout.contains("test_scaled_add_errors.cpp:23: Failure"),
        "{}",
        r.dump()
    );
    assert!(
        r.stdout.contains("op_kernel/scaled_add.cpp:25:50: error[tensor-outside-ub]: this LocalTensor spans 0x40000..0x60000, beyond the 196608-byte UB of atlas_a2"),
        "{}",
        r.dump()
    );
    assert!(
        r.stderr.contains("2 launches simulated (1 with an error"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_test_that_does_not_compile_is_exit_3_with_the_compilers_reason() {
    let d = repo("broken");
    let r = ut(&d, &[&format!("{UT}/test_scaled_add_broken.cpp")]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("test_scaled_add_broken.cpp:9:7: the C++ compiler rejected the kernel: ‘struct ScaledAddTilingData’ has no member named ‘length’"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_file_outside_an_ops_unit_tests_or_missing_is_exit_4() {
    let d = repo("outside");
    let stray = d.join("test_stray.cpp");
    std::fs::copy(d.join(UT).join("test_scaled_add.cpp"), &stray).unwrap();
    let r = ut(&d, &["test_stray.cpp"]);
    assert_eq!(r.code, 4, "{}", r.dump());
    assert!(
        r.stderr
            .contains("is not in an op's tests/ut/op_kernel/ directory"),
        "{}",
        r.dump()
    );
    let r = ut(&d, &[&format!("{UT}/test_missing.cpp")]);
    assert_eq!(r.code, 4, "{}", r.dump());
    // An op whose kernel does not define the entry its test declares.
    std::fs::write(
        d.join("math/scaled_add/op_kernel/scaled_add.cpp"),
        "#include \"kernel_operator.h\"\n",
    )
    .unwrap();
    let r = ut(&d, &[&format!("{UT}/test_scaled_add.cpp")]);
    assert_eq!(r.code, 4, "{}", r.dump());
    assert!(
        r.stderr
            .contains("declares the kernel entry `scaled_add`, defined in no .cpp of"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn ascstep_test_gives_a_line_per_googletest_case() {
    let d = repo("batch");
    // (row_scale's test needs opbase's log.h for its host tiling: tests/ut_host_tiling.rs.)
    std::fs::remove_dir_all(d.join("math/row_scale")).unwrap();
    let r = ascstep_venv(&d, &["test", "math", "-j", "1", "--junit", "report.xml"]);
    let stdout = r.stdout.clone();
    // Invalid (the file that does not compile) outranks failed.
    assert_eq!(r.code, 3, "{}", r.dump());
    let lines: Vec<&str> = stdout.lines().collect();
    let dir = UT;
    assert_eq!(
        lines,
        vec![
            // Built for Ascend 950, its only SoC: the copy in, two barriers, Maxs, Mins, the copy
            // out.
            "ok       math/clip_value/tests/ut/op_kernel/test_clip_value_apt.cpp ClipValueTest.clips_to_the_range (1 launch, 6 API calls)",
            // Duplicate, the PipeBarrier and the copy out.
            // GET_TPL_TILING_KEY on the host side; the launch is 8 SetValue calls.
            "ok       math/fill_mode/tests/ut/op_kernel/test_fill_mode.cpp FillModeTest.keys_follow_the_declaration (0 launches, 0 API calls)",
            "ok       math/fill_mode/tests/ut/op_kernel/test_fill_mode.cpp FillModeTest.the_selected_instantiation_runs (1 launch, 8 API calls)",
            "ok       math/fill_value/tests/ut/op_kernel/test_fill_value.cpp FillValueTest.fills_floats (1 launch, 3 API calls)",
            format!("ok       {dir}/test_scaled_add.cpp ScaledAddTest.lambda_launch_adds (1 launch, 40 API calls)").as_str(),
            format!("ok       {dir}/test_scaled_add.cpp ScaledAddTest.plain_entry_subtracts_data_from_script (1 launch, 40 API calls)").as_str(),
            format!("INVALID  {dir}/test_scaled_add_broken.cpp: error[compile-error]: {}/{dir}/test_scaled_add_broken.cpp:9:7: the C++ compiler rejected the kernel: ‘struct ScaledAddTilingData’ has no member named ‘length’; did you mean ‘tileLength’?", std::fs::canonicalize(&d).unwrap().display()).as_str(),
            // The crash fails its test; the tests after it ran in a new test program.
            format!("ok       {dir}/test_scaled_add_crash.cpp ScaledAddCrash.before (1 launch, 20 API calls)").as_str(),
            format!("FAILED   {dir}/test_scaled_add_crash.cpp ScaledAddCrash.dies: the test program died from SIGSEGV (segmentation fault) at {}/{dir}/test_scaled_add_crash.cpp:45 in ScaledAddCrash_dies_Test::TestBody(), touching address 0x0: a null pointer, or a UB address (LocalTensor::GetPhyAddr) used as a pointer, which ascstep's scalar code cannot read or write (its UB is the simulator's: use GetValue and SetValue)", std::fs::canonicalize(&d).unwrap().display()).as_str(),
            format!("ok       {dir}/test_scaled_add_crash.cpp ScaledAddCrash.after (1 launch, 20 API calls)").as_str(),
            format!("FAILED   {dir}/test_scaled_add_crash.cpp ScaledAddCrash.past_its_gm: the kernel stopped: an API call uses the GlobalTensor set here, whose address is in no aclrtMalloc/GmAlloc allocation nor the kernel's own static data").as_str(),
            format!("FAILED   {dir}/test_scaled_add_crash.cpp ScaledAddCrash.fails_after: Expected equality of these values:").as_str(),
            format!("ok       {dir}/test_scaled_add_errors.cpp ScaledAddErrors.fits_the_ub (1 launch, 20 API calls)").as_str(),
            format!("FAILED   {dir}/test_scaled_add_errors.cpp ScaledAddErrors.tiles_past_the_ub: math/scaled_add/op_kernel/scaled_add.cpp:25:50: error[tensor-outside-ub]: this LocalTensor spans 0x40000..0x60000, beyond the 196608-byte UB of atlas_a2").as_str(),
            "9 passed, 4 failed, 1 invalid",
        ]
    );
    let xml = std::fs::read_to_string(d.join("report.xml")).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 14, "{xml}");
    assert!(
        xml.contains("name=\"test_scaled_add_errors.cpp ScaledAddErrors.tiles_past_the_ub\""),
        "{xml}"
    );
    assert!(xml.contains("docs/semantics.md §20"), "{xml}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn import_and_replay_take_the_launch_the_filter_and_launch_select() {
    let d = repo("import");
    let file = format!("{UT}/test_scaled_add.cpp");
    // The lambda test's launch: Muls by its scale 3 then Add, at the kernel's lines.
    let r = ascstep_venv(
        &d,
        &["import", &file, "--gtest_filter", "ScaledAddTest.lambda*"],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout.contains("Muls(dst: \"zLocal\", src: \"xLocal\", scalar: 3, count: 64), // scaled_add.cpp:33:13 block 0"),
        "{}",
        r.dump()
    );
    assert!(
        r.stdout.contains("// scaled_add.cpp:37:17 block 0"),
        "{}",
        r.dump()
    );
    // The script's launch (tiling key 2): scale 0.5, Sub.
    let r = ascstep_venv(
        &d,
        &[
            "import",
            &file,
            "--gtest_filter",
            "ScaledAddTest.plain*",
            "--launch",
            "0",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout
            .contains("scalar: 0.5, count: 64), // scaled_add.cpp:33:13"),
        "{}",
        r.dump()
    );
    assert!(r.stdout.contains("Sub(dst: \"zLocal\", src0: \"zLocal\", src1: \"yLocal\", count: 64), // scaled_add.cpp:35:17"), "{}", r.dump());
    // A launch the run did not make is a usage error.
    let r = ascstep_venv(
        &d,
        &[
            "import",
            &file,
            "--gtest_filter",
            "ScaledAddTest.lambda*",
            "--launch",
            "1",
        ],
    );
    assert_eq!(r.code, 2, "{}", r.dump());
    assert!(
        r.stderr.contains("made 1 launch: there is no launch 1"),
        "{}",
        r.dump()
    );
    // The debugger headless: `next` steps by the kernel's C++ lines.
    let script = d.join("steps.txt");
    std::fs::write(&script, "next\nnext\nwhere\n").unwrap();
    let r = ascstep_venv(&d, &["replay", &file, "--script", s(&script)]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("scaled_add.cpp:33"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_json_report_lists_the_tests_and_each_launch_with_its_diagnostics() {
    let d = repo("json");
    let r = ut(
        &d,
        &[
            &format!("{UT}/test_scaled_add_errors.cpp"),
            "--report",
            "json",
        ],
    );
    assert_eq!(r.code, 1, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["status"], "failed");
    assert_eq!(j["product"], "atlas_a2");
    let tests = j["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2, "{j}");
    assert_eq!(tests[0]["name"], "ScaledAddErrors.fits_the_ub");
    assert_eq!(tests[0]["passed"], true);
    assert_eq!(tests[1]["passed"], false);
    let launches = j["launches"].as_array().unwrap();
    assert_eq!(launches.len(), 2, "{j}");
    // 256 floats in tiles of 64: 4 tiles of 2 copies in, Muls, Add, a copy out (the queue
    // calls are no instructions).
    assert_eq!(launches[0]["api_calls"], 20);
    assert_eq!(launches[0]["errors"], 0);
    assert_eq!(launches[1]["errors"], 1);
    let diag = &launches[1]["diagnostics"][0];
    assert_eq!(diag["code"], "tensor-outside-ub");
    assert_eq!(diag["line"], 25);
    assert!(
        diag["file"]
            .as_str()
            .unwrap()
            .ends_with("op_kernel/scaled_add.cpp"),
        "{diag}"
    );
    // googletest's own output went to standard error.
    assert!(
        r.stderr
            .contains("[  FAILED  ] ScaledAddErrors.tiles_past_the_ub"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_entry_declared_without_extern_c_and_a_default_tiling_struct() {
    // fill_value: the options a CMake list (`-DORIG_DTYPE_Y=DT_FLOAT;-DDTYPE_Y=float`), the kernel
    // comparing ORIG_DTYPE_Y with graph/c_types.h's DT_FLOAT, GET_TILING_DATA taking the struct
    // of REGISTER_TILING_DEFAULT; the test checks 96 floats of -2.75.
    let d = repo("fill");
    case_passes(
        &d,
        &["math/fill_value/tests/ut/op_kernel/test_fill_value.cpp"],
        "FillValueTest.fills_floats",
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_op_tested_only_on_ascend_950_runs_on_ascend_950_with_its_options() {
    // Many ops' UT builds name only an Ascend 950 SoC (ops-nn's bnll, ops-math's asinh_grad):
    // without --product the test builds and runs for 950 with that test case's -D options.
    let d = repo("only950");
    let cmake = d.join("math/fill_value/tests/ut/op_kernel/CMakeLists.txt");
    std::fs::write(
        &cmake,
        "AddOpTestCase(fill_value \"ascend950pr_9599\" \"-DORIG_DTYPE_Y=DT_FLOAT -DDTYPE_Y=float\")\n",
    )
    .unwrap();
    // The test needs the option's DTYPE_Y.
    let test = "math/fill_value/tests/ut/op_kernel/test_fill_value.cpp";
    append(
        &d.join(test),
        "\nusing Declared = DTYPE_Y;\nstatic_assert(sizeof(Declared) == 4, \"DTYPE_Y\");\n",
    );
    let r = ut(&d, &[test, "--report", "json"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.json()["product"], "ascend_950", "{}", r.dump());
    // --product still decides: the build has no Atlas A2 test case, so no DTYPE_Y.
    let r = ut(&d, &[test, "--product", "atlas_a2"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(r.stderr.contains("DTYPE_Y"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_ascend_950_test_including_its_apt_kernel_builds_as_cann_lays_it_out() {
    // clip_value: only op_kernel/clip_value_apt.cpp, included by the test; its arch35/ body
    // reaches the repository's common/inc/op_kernel/ as "../inc/clip_util.h" and fill_value's
    // header as "../../fill_value/…" (CANN's ascendc/ layout), calls securec's snprintf_s in CPU
    // mode, and takes GET_TILING_DATA before its
    // REGISTER_TILING_DEFAULT. The test compares with the clip computed on the host.
    let d = repo("clip");
    let r = ut(
        &d,
        &[
            "math/clip_value/tests/ut/op_kernel/test_clip_value_apt.cpp",
            "--report",
            "json",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["product"], "ascend_950");
    assert_eq!(j["tests"][0]["name"], "ClipValueTest.clips_to_the_range");
    assert_eq!(j["tests"][0]["passed"], true);
    // The kernel's PRINTF of what snprintf_s made.
    assert!(r.stderr.contains("clipped 64\n"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_data_script_started_with_python_runs_where_only_python3_is() {
    // ops-nn's foreach_div_scalar starts `python compare_data.py`; Debian has only python3.
    let d = repo("python");
    let test = d.join("math/fill_value/tests/ut/op_kernel/test_fill_value.cpp");
    append(
        &test,
        "\nTEST(FillValueTest, python_runs)\n{\n    EXPECT_EQ(system(\"python -c 'import sys; sys.exit(7 - 7)'\"), 0);\n}\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ascstep"))
        .args([
            "ut",
            "math/fill_value/tests/ut/op_kernel/test_fill_value.cpp",
        ])
        .current_dir(&d)
        .env("PATH", "/usr/bin:/bin")
        .env(
            "ASCSTEP_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("kernel-cache"),
        )
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("[       OK ] FillValueTest.python_runs"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// ops-math's not_equal: its UT CMakeLists copies the data scripts into the build tree with
/// `${CMAKE_COMMAND} -E copy`, and the test starts them from there (`python gen_data.py`).
#[test]
fn the_data_scripts_the_build_copies_are_where_the_test_starts_them() {
    let d = repo("copies");
    let dir = d.join("math/fill_value/tests/ut/op_kernel");
    std::fs::create_dir_all(dir.join("fill_value_data")).unwrap();
    std::fs::write(
        dir.join("fill_value_data/gen_data.py"),
        "import sys\nsys.exit(0 if sys.argv[1:] == ['float32'] else 5)\n",
    )
    .unwrap();
    let cmake = dir.join("CMakeLists.txt");
    append(
        &cmake,
        "add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/tests/ut/op_kernel/gen_data.py COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/fill_value_data/gen_data.py ${CMAKE_BINARY_DIR}/tests/ut/op_kernel DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/fill_value_data/gen_data.py)\n",
    );
    let test = dir.join("test_fill_value.cpp");
    append(
        &test,
        "\nTEST(FillValueTest, copied_script)\n{\n    EXPECT_EQ(system(\"python3 gen_data.py float32\"), 0);\n}\n",
    );
    case_passes(
        &d,
        &[
            "math/fill_value/tests/ut/op_kernel/test_fill_value.cpp",
            "--gtest_filter=*copied_script",
        ],
        "FillValueTest.copied_script",
    );
    assert_eq!(
        std::fs::read(d.join("build/tests/ut/op_kernel/gen_data.py")).unwrap(),
        std::fs::read(dir.join("fill_value_data/gen_data.py")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// ops-nn's `test_<op>_apt.cpp` is a macro and an include of `test_<op>.cpp`, whose text
/// declares the kernel entry: the entry is found through the include and its kernel compiled.
#[test]
fn an_entry_declared_in_an_included_test_file_is_compiled() {
    let d = repo("apt_include");
    let dir = d.join("math/fill_value/tests/ut/op_kernel");
    std::fs::write(
        dir.join("test_fill_value_apt.cpp"),
        "#define FILL_VALUE_APT_UT\n#include \"test_fill_value.cpp\"\n",
    )
    .unwrap();
    case_passes(
        &d,
        &["math/fill_value/tests/ut/op_kernel/test_fill_value_apt.cpp"],
        "FillValueTest.fills_floats",
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A UT folder's `<op>_tiling.h` is force-included only where the repository's
/// `cmake/ut.cmake` does so (ops-math's); ops-nn's force-includes `<op>_tiling_def.h` or the
/// struct generated from op_host, so its group_norm_swish, whose `_tiling.h` holds only macros,
/// takes the struct from op_host.
#[test]
fn a_uts_own_tiling_h_is_taken_as_the_repositorys_ut_cmake_takes_it() {
    let d = repo("own_tiling_h");
    std::fs::write(
        d.join(format!("{UT}/scaled_add_tiling.h")),
        "#error the UT build force-included scaled_add_tiling.h\n",
    )
    .unwrap();
    std::fs::create_dir_all(d.join("cmake")).unwrap();
    // ops-nn's rule: `<op>_tiling_def.h`, else the generated header.
    std::fs::write(
        d.join("cmake/ut.cmake"),
        "set(compileOptions -include \"${_ut_src_dir}/${opName}_tiling_def.h\")\n",
    )
    .unwrap();
    let r = ut(&d, &[&format!("{UT}/test_scaled_add.cpp")]);
    assert_eq!(r.code, 0, "{}", r.dump());
    // ops-math's rule: its own `<op>_tiling.h`.
    std::fs::write(
        d.join("cmake/ut.cmake"),
        "set(compileOptions -include \"${CMAKE_CURRENT_SOURCE_DIR}/${MODULE_OP_NAME}_tiling.h\")\n",
    )
    .unwrap();
    let r = ut(&d, &[&format!("{UT}/test_scaled_add.cpp")]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr
            .contains("the UT build force-included scaled_add_tiling.h")
            || r.stdout
                .contains("the UT build force-included scaled_add_tiling.h"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// ops-nn's `AddOpTestCase(op "socs" "options" other_op)` names a dependency op whose op_host
/// tiling the UT build compiles in (add_rms_norm_quant_v2 takes add_rms_norm_quant's struct and
/// registration): its structs and its registration of the op's type are the test's.
#[test]
fn a_dependency_ops_tiling_struct_and_registration_are_taken() {
    let d = repo("dependency_op");
    let v2 = d.join("math/scaled_add_v2");
    std::fs::create_dir_all(v2.join("op_kernel")).unwrap();
    std::fs::create_dir_all(v2.join("tests/ut/op_kernel")).unwrap();
    std::fs::copy(
        d.join("math/scaled_add/op_kernel/scaled_add.cpp"),
        v2.join("op_kernel/scaled_add_v2.cpp"),
    )
    .unwrap();
    // The test without its include of the op_host header: the struct must come from the
    // force-included tiling structs, the dependency op's among them.
    let test = std::fs::read_to_string(d.join(format!("{UT}/test_scaled_add.cpp"))).unwrap();
    assert!(test.contains("#include \"../../../op_host/scaled_add_tiling.h\""));
    std::fs::write(
        v2.join("tests/ut/op_kernel/test_scaled_add_v2.cpp"),
        test.replace("#include \"../../../op_host/scaled_add_tiling.h\"", ""),
    )
    .unwrap();
    std::fs::write(
        v2.join("tests/ut/op_kernel/CMakeLists.txt"),
        "if (UT_TEST_ALL OR OP_KERNEL_UT)\n    AddOpTestCase(scaled_add_v2 \"ascend910b\" \"-DDTYPE_X=float\" scaled_add)\nendif()\n",
    )
    .unwrap();
    let host = d.join("math/scaled_add/op_host/scaled_add_tiling.h");
    replace_in(
        &host,
        "REGISTER_TILING_DATA_CLASS(ScaledAdd, ScaledAddTilingData)",
        "REGISTER_TILING_DATA_CLASS(ScaledAdd, ScaledAddTilingData)\nREGISTER_TILING_DATA_CLASS(ScaledAddV2, ScaledAddTilingData)",
    );
    case_passes(
        &d,
        &[
            "math/scaled_add_v2/tests/ut/op_kernel/test_scaled_add_v2.cpp",
            "--gtest_filter=*lambda*",
        ],
        "ScaledAddTest.lambda_launch_adds",
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_atlas_a2_tiling_header_in_op_host_arch22_or_arch32_is_found() {
    // The repositories keep Atlas A2's tiling in op_host/arch22/ (145 ops), a few in arch32/:
    // the kernel's GET_TILING_DATA needs the struct from there.
    for arch in ["arch22", "arch32"] {
        let d = repo(arch);
        let host = d.join("math/scaled_add/op_host");
        std::fs::create_dir_all(host.join(arch)).unwrap();
        std::fs::rename(
            host.join("scaled_add_tiling.h"),
            host.join(arch).join("scaled_add_tiling.h"),
        )
        .unwrap();
        let test = d.join(UT).join("test_scaled_add.cpp");
        // Not included by the test (scatter_elements_v2's does not): the struct comes from the
        // tiling header the UT build force-includes, generated from that directory.
        replace_in(
            &test,
            "#include \"../../../op_host/scaled_add_tiling.h\"",
            "",
        );
        lambda_case_passes(&d, arch);
        let _ = std::fs::remove_dir_all(&d);
    }
}

/// An op_host header may take its struct from another op's, included from the repository's
/// root as the op_host build's include path has it (ops-math's assign:
/// `#include "conversion/tensor_move/op_host/arch35/tensor_move_tiling_arch35.h"`).
#[test]
fn an_op_host_header_including_another_ops_from_the_repository_root_gives_its_struct() {
    let d = repo("root_include");
    let host = d.join("math/scaled_add/op_host/scaled_add_tiling.h");
    let text = std::fs::read_to_string(&host).unwrap();
    let (start, end) = (
        text.find("BEGIN_TILING_DATA_DEF").unwrap(),
        text.find("REGISTER_TILING_DATA_CLASS").unwrap(),
    );
    let other = d.join("math/shared_move/op_host");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(
        other.join("shared_move_tiling.h"),
        format!(
            "#include \"register/tilingdata_base.h\"\nnamespace optiling {{\n{}}}\n",
            &text[start..end]
        ),
    )
    .unwrap();
    std::fs::write(
        &host,
        format!(
            "{}#include \"math/shared_move/op_host/shared_move_tiling.h\"\nnamespace optiling {{\n{}",
            &text[..text.find("namespace optiling {").unwrap()],
            &text[end..]
        ),
    )
    .unwrap();
    let test = d.join(UT).join("test_scaled_add.cpp");
    replace_in(
        &test,
        "#include \"../../../op_host/scaled_add_tiling.h\"",
        "",
    );
    lambda_case_passes(&d, "root include");
    let _ = std::fs::remove_dir_all(&d);
}

/// CANN's UT build has no global `TypeFromId` (only the kernel build's template_argument.h
/// defines it): a test declaring its own in a namespace it uses (ops-math's adds UT adapter)
/// names it unambiguously.
#[test]
fn a_tests_own_type_from_id_is_not_ambiguous_in_the_ut_build() {
    let d = repo("type_from_id");
    let test = d.join(UT).join("test_scaled_add.cpp");
    // The header the kernel's tiling-key templates come through (opbase's schedules include it).
    replace_in(
        &test,
        "#include \"tikicpulib.h\"\n",
        "#include \"tikicpulib.h\"\n#include \"ascendc/host_api/tiling/template_argument.h\"\n",
    );
    replace_in(
        &test,
        "namespace {\nconstexpr uint32_t kBlocks",
        "namespace Ops::Base {\ntemplate <uint64_t dtype>\nstruct TypeFromId;\ntemplate <>\nstruct TypeFromId<3> { using type = float; };\n}\nusing namespace Ops::Base;\nstatic_assert(std::is_same_v<TypeFromId<3>::type, float>);\nnamespace {\nconstexpr uint32_t kBlocks",
    );
    lambda_case_passes(&d, "TypeFromId");
    let _ = std::fs::remove_dir_all(&d);
}

/// CANN's CPU debug library brings securec's functions to the tests that include it: a test
/// calling `memset_s` without including securec.h compiles (ops-nn's max_pool_with_argmax).
#[test]
fn tikicpulib_gives_a_test_securecs_functions() {
    let d = repo("securec");
    let test = d.join(UT).join("test_scaled_add.cpp");
    replace_in(
        &test,
        "TEST_F(ScaledAddTest, lambda_launch_adds)\n{\n",
        "TEST_F(ScaledAddTest, lambda_launch_adds)\n{\n    char scratch[8];\n    ASSERT_EQ(memset_s(scratch, sizeof(scratch), 0, sizeof(scratch)), EOK);\n",
    );
    lambda_case_passes(&d, "memset_s");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_test_may_gm_alloc_a_1_gib_workspace_beside_its_tensors() {
    // Some of the repositories' UTs GmAlloc 1 GiB workspaces: global memory is not capped
    // below what the test allocates (within --memory-limit); the output after it is still
    // read back.
    let d = repo("bigws");
    let test = d.join("math/fill_value/tests/ut/op_kernel/test_fill_value.cpp");
    replace_in(
        &test,
        "    uint8_t* y = (uint8_t*)AscendC::GmAlloc(kLength * sizeof(float));",
        "    uint8_t* ws = (uint8_t*)AscendC::GmAlloc(1024 * 1024 * 1024);\n    uint8_t* y = (uint8_t*)AscendC::GmAlloc(kLength * sizeof(float));",
    );
    replace_in(
        &test,
        "ICPU_RUN_KF(fill_value, 1, y, nullptr, tiling);",
        "ICPU_RUN_KF(fill_value, 1, y, ws, tiling);",
    );
    assert!(std::fs::read_to_string(&test)
        .unwrap()
        .contains("GmAlloc(1024 * 1024 * 1024)"));
    case_passes(
        &d,
        &["math/fill_value/tests/ut/op_kernel/test_fill_value.cpp"],
        "FillValueTest.fills_floats",
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Three tests each leak a 700 MiB workspace (2.1 GiB together, past the 2 GiB less 1 MiB a
/// launch's global memory may hold): each launch's machine holds only the allocations it uses,
/// the others kept from the launch that last had them (docs/format.md §13). The third launch
/// reads the first one's output, untouched by the host since, as that launch left it: its result
/// is checked against the host's own arithmetic on the read-back data.
#[test]
fn leaked_workspaces_past_2_gib_together_and_a_kept_output_read_later() {
    let d = repo("leaks");
    let dir = d.join("math/scaled_add/tests/ut/op_kernel");
    std::fs::write(
        dir.join("test_scaled_add_leaks.cpp"),
        r#"#include <cstdint>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "../../../op_host/scaled_add_tiling.h"

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);

namespace {
constexpr uint32_t kLength = 512;
constexpr size_t kBytes = kLength * sizeof(float);
constexpr size_t kWorkspace = size_t(700) << 20;
uint8_t* firstY = nullptr;
uint8_t* firstZ = nullptr;

void Launch(uint8_t* x, uint8_t* y, uint8_t* z, float scale)
{
    uint8_t* ws = (uint8_t*)AscendC::GmAlloc(kWorkspace);  // leaked, as some of the repositories' tests do
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ScaledAddTilingData));
    auto* t = reinterpret_cast<ScaledAddTilingData*>(tiling);
    t->blockLength = kLength / 2;
    t->tileLength = 64;
    t->scale = scale;
    ICPU_SET_TILING_KEY(1);
    ICPU_RUN_KF(scaled_add, 2, x, y, z, ws, tiling);
    AscendC::GmFree(tiling);
}
}  // namespace

TEST(ScaledAddLeaks, first)
{
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(kBytes);
    firstY = (uint8_t*)AscendC::GmAlloc(kBytes);
    firstZ = (uint8_t*)AscendC::GmAlloc(kBytes);
    for (uint32_t i = 0; i < kLength; i++) {
        reinterpret_cast<float*>(x)[i] = 0.5f * float(i) - 100.0f;
        reinterpret_cast<float*>(firstY)[i] = 1.0f / float(i + 1);
    }
    Launch(x, firstY, firstZ, 3.0f);
    EXPECT_EQ(reinterpret_cast<float*>(firstZ)[7], (0.5f * 7.0f - 100.0f) * 3.0f + 1.0f / 8.0f);
    AscendC::GmFree(x);
}

TEST(ScaledAddLeaks, second)
{
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(kBytes);
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(kBytes);
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(kBytes);
    Launch(x, y, z, 2.0f);
    EXPECT_EQ(reinterpret_cast<float*>(z)[0], 0.0f);
}

TEST(ScaledAddLeaks, third_reads_the_first_output)
{
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(kBytes);
    Launch(firstZ, firstY, z, -2.0f);
    const float* z1 = reinterpret_cast<const float*>(firstZ);
    const float* y1 = reinterpret_cast<const float*>(firstY);
    for (uint32_t i = 0; i < kLength; i++) {
        float scaled = z1[i] * -2.0f;
        EXPECT_EQ(reinterpret_cast<float*>(z)[i], scaled + y1[i]) << "at " << i;
    }
}
"#,
    )
    .unwrap();
    let r = ut(
        &d,
        &["math/scaled_add/tests/ut/op_kernel/test_scaled_add_leaks.cpp"],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    for case in ["first", "second", "third_reads_the_first_output"] {
        assert!(
            r.stdout
                .contains(&format!("[       OK ] ScaledAddLeaks.{case}")),
            "{case}\n{}",
            r.dump()
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Without googletest (here a C++ compiler that cannot find `<gtest/gtest.h>`, as on a machine
/// without libgtest-dev), `ascstep ut` is exit 4 saying which package to install.
#[test]
fn without_googletest_ut_says_what_to_install() {
    let d = repo("no_gtest");
    let cxx = d.join("cxx-without-gtest");
    std::fs::write(
        &cxx,
        "#!/bin/sh\n# ascstep's googletest check preprocesses an empty file with `-include gtest/gtest.h`.\nfor a in \"$@\"; do [ \"$a\" = \"gtest/gtest.h\" ] && exit 1; done\nexec g++ \"$@\"\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&cxx, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ascstep"))
        .args(["ut", &format!("{UT}/test_scaled_add.cpp")])
        .current_dir(&d)
        .env("CXX", &cxx)
        .env(
            "ASCSTEP_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("kernel-cache-no-gtest"),
        )
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{stderr}");
    assert!(
        stderr.contains("error[io-error]: googletest is not installed")
            && stderr.contains("apt install libgtest-dev"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// An entry that no file writes out, made by a macro of a header the op's `<op>.cpp` includes
/// (as ops-nn's sync_batch_norm_gather_stats makes its entry): the kernel is `<op>.cpp`, as
/// CANN's build takes it, and the test passes.
#[test]
fn an_entry_made_by_a_header_macro_is_the_ops_own_cpp() {
    let d = repo("macro_entry");
    let k = d.join("math/fill_value/op_kernel");
    let src = std::fs::read_to_string(k.join("fill_value.cpp")).unwrap();
    let body = src
        .split_once(
            "__global__ __aicore__ void fill_value(GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)\n",
        )
        .unwrap();
    let entry: String = body.1.lines().map(|l| format!("{l} \\\n")).collect();
    std::fs::write(
        k.join("fill_value_entry.h"),
        format!(
            "#define FILL_VALUE_ENTRY(NAME) \\\n__global__ __aicore__ void NAME(GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) \\\n{entry}\n"
        ),
    )
    .unwrap();
    std::fs::write(
        k.join("fill_value.cpp"),
        format!(
            "{}#include \"fill_value_entry.h\"\nFILL_VALUE_ENTRY(fill_value)\n",
            body.0
        ),
    )
    .unwrap();
    case_passes(
        &d,
        &["math/fill_value/tests/ut/op_kernel/test_fill_value.cpp"],
        "FillValueTest.fills_floats",
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A compile error in the op's kernel names the checkout's file, not the copy of CANN's
/// layout the build compiles through.
#[test]
fn a_kernel_compile_error_names_the_checkouts_file() {
    let d = repo("kernel_error");
    let k = d.join("math/scaled_add/op_kernel/scaled_add.cpp");
    let line = std::fs::read_to_string(&k).unwrap().lines().count() + 2;
    append(
        &k,
        "\nstatic_assert(sizeof(int) == 0, \"kernel broken here\");\n",
    );
    let r = ut(&d, &[&format!("{UT}/test_scaled_add.cpp")]);
    assert_eq!(r.code, 3, "{}", r.dump());
    let want = format!("{}:{line}:", std::fs::canonicalize(&k).unwrap().display());
    assert!(r.stderr.contains(&want), "{want}\n{}", r.dump());
    assert!(!r.stderr.contains("/layout-"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&d);
}

/// Two include-guard facts of the repositories (src/kernel/guards.rs) and a name CANN's
/// kernel_operator.h brings: a kernel header sharing the op_host header's guard (ops-nn's
/// ctc_loss_v3) is read; a struct the kernel defines unless CANN's generated
/// `<op>_tiling_data.h` guard is defined (ops-nn's chamfer_distance_grad) is skipped, the
/// generated struct used; `SIXTEEN`, from the library's TopK header (ops-nn's
/// top_k_top_p_sample), is known.
#[test]
fn kernel_headers_keep_their_guards_and_the_generated_headers_guard_is_defined() {
    let d = repo("guards");
    let k = d.join("math/scaled_add/op_kernel");
    let src = std::fs::read_to_string(k.join("scaled_add.cpp")).unwrap();
    let (class, entry) = src.split_once("extern \"C\" __global__").unwrap();
    // Without the generated header's guard, this struct clashes with the generated one; if it
    // were used, `blockLength` would be missing.
    let stale = "#ifdef __CCE_KT_TEST__\n#ifndef SCALED_ADD_TILING_DATA_H_\nstruct ScaledAddTilingData {\n    int32_t unused;\n};\n#endif\n#endif\n";
    let class = class.replace(
        "blockLength_ / tileLength_;",
        "blockLength_ / tileLength_ * SIXTEEN / SIXTEEN;",
    );
    assert!(class.contains("SIXTEEN"));
    std::fs::write(
        k.join("scaled_add.h"),
        format!("#ifndef SCALED_ADD_TILING_H\n#define SCALED_ADD_TILING_H\n{stale}{class}#endif\n"),
    )
    .unwrap();
    std::fs::write(
        k.join("scaled_add.cpp"),
        format!("#include \"scaled_add.h\"\nextern \"C\" __global__{entry}"),
    )
    .unwrap();
    let r = ut(&d, &[&format!("{UT}/test_scaled_add.cpp")]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("[  PASSED  ] 2 tests."), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&d);
}

/// A UT folder's own `<op>_tiling.h` (force-included) defining the tiling struct, and a test
/// that includes the op_host header too (ops-math's segsum): the host header's macro struct is
/// the host build's class, so its kernel side leaves out the struct the UT header has.
#[test]
fn a_uts_own_tiling_header_and_the_op_host_header_define_the_struct_once() {
    let d = repo("own_and_host");
    std::fs::write(
        d.join(UT).join("scaled_add_tiling.h"),
        "#pragma once\n#include <cstdint>\nstruct ScaledAddTilingData {\n    uint32_t blockLength;\n    uint32_t tileLength;\n    float scale;\n};\n",
    )
    .unwrap();
    lambda_case_passes(&d, "own and host header");
    let _ = std::fs::remove_dir_all(&d);
}

/// Runs test_scaled_add.cpp's lambda case in `d` and checks that it passed (`what`: which
/// variant of the tree, for the failure message).
fn lambda_case_passes(d: &Path, what: &str) {
    let r = ut(
        d,
        &[
            &format!("{UT}/test_scaled_add.cpp"),
            "--gtest_filter",
            "*lambda*",
        ],
    );
    assert_eq!(r.code, 0, "{what}: {}", r.dump());
    assert!(
        r.stdout
            .contains("[       OK ] ScaledAddTest.lambda_launch_adds"),
        "{what}: {}",
        r.dump()
    );
}

/// `ascstep ut ARGS` in `d` exits 0 with googletest's OK line for `case`.
fn case_passes(d: &Path, args: &[&str], case: &str) {
    let r = ut(d, args);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout.contains(&format!("[       OK ] {case}")),
        "{}",
        r.dump()
    );
}

/// An op in a directory of the repository that has its own CMakeLists.txt and README.md (as
/// ops-nn's `examples/add_example`, a CMake subdirectory of the repository) is built as the
/// repository's UT build builds it: the root is the one with the shared `tests/ut/op_kernel/`,
/// whose `data_utils.h` the test includes.
#[test]
fn an_op_in_a_subproject_directory_finds_the_repositorys_shared_helpers() {
    let d = repo("subproject");
    std::fs::write(
        d.join("math/CMakeLists.txt"),
        "add_subdirectory(scaled_add)\n",
    )
    .unwrap();
    std::fs::write(d.join("math/README.md"), "The math ops.\n").unwrap();
    lambda_case_passes(&d, "math/ with its own CMakeLists.txt and README.md");
    let _ = std::fs::remove_dir_all(&d);
}
