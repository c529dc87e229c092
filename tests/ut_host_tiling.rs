//! `ascstep ut` on a kernel unit test that computes its tiling with the op's own host tiling
//! function through the repository's tiling executor (docs/format.md §13, host tiling): the executor's
//! and the op_host sources compiled as host units against ascstep's stand-in for CANN's host
//! graph runtime, the platform the executor describes, the launch with what the tiling
//! computed. The expected figures follow from the tiling rule the op's tiling source states
//! (`tests/ut_repo/math/row_scale/op_host/row_scale_tiling.cpp`), and the kernel's output from
//! float arithmetic on the test's data.

mod common;

use common::ut_repo::*;
use common::*;
use std::path::Path;

const TEST: &str = "math/row_scale/tests/ut/op_kernel/test_row_scale.cpp";

/// `ascstep ut FILE ARGS… --opbase tests/opbase` in the copied tree `d`.
fn ut_opbase(d: &Path, file: &str, args: &[&str]) -> Run {
    let opbase = root("tests/opbase");
    let mut all = vec![file, "--opbase", s(&opbase)];
    all.extend_from_slice(args);
    ut(d, &all)
}

#[test]
fn a_test_runs_its_ops_host_tiling_and_launches_with_what_it_computed() {
    let d = repo("host_tiling");
    let r = ut_opbase(&d, TEST, &[]);
    // One case fails (the executor's exception for an op with no registered tiling): exit 1.
    assert_eq!(r.code, 1, "{}", r.dump());
    for case in [
        // 6 rows over 4 cores: 2 a block, 3 blocks; the kernel's y = 2.5·x checked in the test.
        "float_rows_split_over_the_tests_cores",
        // The half path (tiling key 2), one row a block, UB for one row at once.
        "half_one_row_a_block",
        // The tiling function's own refusal: ExecuteTiling returns false.
        "an_int8_input_fails_the_tiling",
        "the_next_test_still_runs",
    ] {
        assert!(
            r.stdout
                .contains(&format!("[       OK ] RowScaleTest.{case}")),
            "{case}: {}",
            r.dump()
        );
    }
    assert!(
        r.stdout.contains("launch row_scale: 3 blocks")
            && r.stdout.contains("launch row_scale: 5 blocks"),
        "{}",
        r.dump()
    );
    assert!(
        r.stdout
            .contains("[  FAILED  ] RowScaleTest.an_op_with_no_registered_tiling_fails_its_test")
            && r.stdout.contains("not found RowScal"),
        "{}",
        r.dump()
    );
    // The tiling function's error log (opbase's OP_LOGE through dlog's DlogRecord) on stderr;
    // its debug line only at ASCEND_GLOBAL_LOG_LEVEL 0.
    assert!(
        r.stderr.contains("[ERROR]")
            && r.stderr
                .contains("x's type DT_INT8 is not DT_FLOAT or DT_FLOAT16"),
        "{}",
        r.dump()
    );
    assert!(
        !r.stderr.contains("blocks 3, former rows 2"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn without_opbase_the_host_tiling_source_names_the_header_it_needs() {
    let d = repo("host_tiling_no_opbase");
    let r = ut(&d, &[TEST]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("row_scale_tiling.cpp") && r.stderr.contains("log/log.h"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A test that drives CANN's context builders itself (a builder subclass adding attributes
/// through OpContextBuilderBase, the parse context filling the compile info) links the op's
/// host tiling too; the platform it describes names 6 vector cores beside 3 AI cores, which
/// GetCoreNumAiv gives.
#[test]
fn a_test_using_the_context_builders_itself_runs_the_ops_tiling() {
    let d = repo("host_builders");
    let r = ut_opbase(
        &d,
        "math/row_scale/tests/ut/op_kernel/test_row_scale_builders.cpp",
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    for case in [
        "the_parse_fills_the_compile_info_with_the_vector_cores",
        "a_faker_of_the_builder_runs_the_tiling_and_the_launch",
    ] {
        assert!(
            r.stdout
                .contains(&format!("[       OK ] RowScaleBuilders.{case}")),
            "{case}: {}",
            r.dump()
        );
    }
    // 4 rows over 6 vector cores: a block a row.
    assert!(
        r.stdout.contains("launch row_scale: 4 blocks"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// The host units are compiled once and kept (a repository's tests share its executor and
/// opbase's sources); an edit of the op's tiling source is seen at the next run.
#[test]
fn an_edited_host_tiling_source_is_compiled_again() {
    let d = repo("host_edit");
    let args = ["--gtest_filter", "*float*"];
    let r = ut_opbase(&d, TEST, &args);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout.contains("launch row_scale: 3 blocks"),
        "{}",
        r.dump()
    );
    replace_in(
        &d.join("math/row_scale/op_host/row_scale_tiling.cpp"),
        "context->SetBlockDim(blocks);",
        "context->SetBlockDim(blocks + 1);",
    );
    let r = ut_opbase(&d, TEST, &args);
    // The test expects 3 blocks; the edited tiling says 4.
    assert_eq!(r.code, 1, "{}", r.dump());
    assert!(
        r.stdout.contains("launch row_scale: 4 blocks"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A test that fills an op_host header's host tiling class (`optiling::…TilingData` with its
/// `set_…` accessors and `SaveToBuffer`) reads that header whole, its host includes found in
/// opbase before CANN's staged kernel layout (whose `log/` is the log op's kernel directory, a
/// header there that stops the compile if reached).
#[test]
fn a_test_filling_a_host_tiling_class_reads_the_op_host_header_whole() {
    let d = repo("host_class");
    let r = ut_opbase(
        &d,
        "math/row_scale/tests/ut/op_kernel/test_row_scale_host_class.cpp",
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    // 3 rows of 16 floats, 2 a block: y = −2·x checked by the test.
    assert!(
        r.stdout
            .contains("[       OK ] RowScaleHostClass.the_host_class_fills_the_kernels_tiling")
            && r.stdout.contains("launch row_scale: 2 blocks"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&d);
}
