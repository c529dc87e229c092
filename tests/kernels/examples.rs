//! The examples in programs/cpp run unedited: numpy's goldens, data-dependent control flow,
//! the debugger stepping C++ lines, multi-block launches and SyncAll.

use super::*;

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
