//! What bounds a kernel that never stops calling (docs/format.md §12.4): the time-out holds
//! even while calls keep arriving, the recording is bounded by --memory-limit, and a
//! diagnostic repeated at one call site is shown a few times and counted.

mod common;

use common::{ascstep_in, scratch};

/// A kernel looping forever on a zero-count Duplicate (a repeat-zero warning each call).
fn endless(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    std::fs::write(
        dir.join("endless.asc"),
        "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n__global__ __vector__ void k(GM_ADDR x)\n{\n    AscendC::TPipe pipe;\n    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;\n    pipe.InitBuffer(buf, 1024);\n    AscendC::LocalTensor<float> t = buf.Get<float>();\n    for (;;) {\n        AscendC::Duplicate(t, 1.0f, 0);\n    }\n}\nint main()\n{\n    uint8_t* x;\n    aclrtMalloc((void**)&x, 1024, ACL_MEM_MALLOC_HUGE_FIRST);\n    k<<<1, nullptr, nullptr>>>(x);\n    return 0;\n}\n",
    )
    .unwrap();
    dir
}

#[test]
fn a_kernel_calling_without_end_is_timed_out_and_its_warnings_counted() {
    let dir = endless("bounds_timeout");
    let r = ascstep_in(&dir, &["run", "endless.asc", "--timeout", "2"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(r.stderr.contains("error[timeout]"), "{}", r.dump());
    // Line 10 column 9: the Duplicate. Ten shown, the rest in one note.
    let shown = r
        .stderr
        .matches("endless.asc:10:9: warning[repeat-zero]")
        .count();
    assert_eq!(shown, 10, "{}", r.dump());
    assert!(
        r.stderr.contains("endless.asc:10:9: note: ")
            && r.stderr.contains(" more `repeat-zero` here not shown ("),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_recording_past_the_memory_limit_is_stopped() {
    let dir = endless("bounds_memory");
    let r = ascstep_in(
        &dir,
        &[
            "run",
            "endless.asc",
            "--timeout",
            "300",
            "--memory-limit",
            "300M",
        ],
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("error[recording-too-large]: the kernel made more API calls than ascstep can record within 300 MiB (--memory-limit)"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
