//! The whole tile through the binary (docs/format.md §11): the tile loop of
//! `programs/kernel_add_tile_gm.ron` (two tiles and a DataCopyPad tail over global memory)
//! reproduces numpy's golden of the whole output, written by `data/add_tile/gen_data.py`.

mod common;

use common::{ascstep, root, s};

const PROGRAM: &str = "programs/kernel_add_tile_gm.ron";

#[test]
fn the_dumped_output_is_numpys_golden_byte_for_byte() {
    let dir = tempfile_dir("gm_tile_dump");
    let r = ascstep(["run", s(&root(PROGRAM)), "--dump", s(&dir), "--force"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let got = std::fs::read(dir.join("zGm.bin")).expect("zGm.bin dumped");
    let want = std::fs::read(root("programs/data/add_tile/golden.bin")).expect("golden");
    assert_eq!(got.len(), 612 * 2, "the whole GM tensor is dumped");
    // half addition rounds once in numpy and on the Vector Unit: every byte agrees.
    assert_eq!(got, want);
    // The inputs round-trip too: what File() read is what --dump writes.
    let x = std::fs::read(dir.join("xGm.bin")).expect("xGm.bin dumped");
    assert_eq!(
        x,
        std::fs::read(root("programs/data/add_tile/input_x.bin")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_json_report_names_each_tensors_memory() {
    let r = ascstep(["run", s(&root(PROGRAM)), "--report", "json"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let j = r.json();
    assert_eq!(j["tensors"]["zGm"]["memory"], "gm");
    assert_eq!(j["tensors"]["xLocal"]["memory"], "ub");
    assert_eq!(
        j["tensors"]["zGm"]["values"].as_array().map(Vec::len),
        Some(612)
    );
    // The tail's dummy bytes repeat the burst's first element (docs/semantics.md §18):
    // xLocal[100..112] = x[512].
    let x512 = j["tensors"]["xGm"]["values"][512].clone();
    for i in 100..112 {
        assert_eq!(j["tensors"]["xLocal"]["values"][i], x512, "xLocal[{i}]");
    }
}

#[test]
fn a_wrong_golden_lists_gm_mismatches_at_gm_addresses() {
    let dir = tempfile_dir("gm_tile_wrong");
    std::fs::create_dir_all(dir.join("data/add_tile")).unwrap();
    for f in ["input_x.bin", "input_y.bin"] {
        std::fs::copy(
            root("programs/data/add_tile").join(f),
            dir.join("data/add_tile").join(f),
        )
        .unwrap();
    }
    // The golden with element 300 changed to 1000.0 (half 0x63d0).
    let mut golden = std::fs::read(root("programs/data/add_tile/golden.bin")).unwrap();
    golden[600..602].copy_from_slice(&0x63d0u16.to_le_bytes());
    std::fs::write(dir.join("data/add_tile/golden.bin"), golden).unwrap();
    let text = std::fs::read_to_string(root(PROGRAM)).unwrap();
    let prog = dir.join("tile.ron");
    std::fs::write(&prog, text).unwrap();
    let r = ascstep(["run", s(&prog)]);
    assert_eq!(r.code, 1, "{}", r.dump());
    // zGm is the third GM tensor: GM+0xc00, element 300 at GM+0xc00 + 600 = GM+0xe58.
    assert!(
        r.stdout.contains("zGm[300] @ GM+0xe58: expected 1000"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    common::scratch(name)
}

#[test]
fn stepping_block_by_block_ends_where_the_fast_run_ends() {
    use ascstep::sim::{Granularity, Machine, Status};
    use std::sync::Arc;
    let p = Arc::new(ascstep::program::load(&root(PROGRAM)).expect("loads"));
    for product in [p.product, ascstep::base::product::Product::Ascend950] {
        let mut fast = Machine::new(p.clone(), product);
        assert_eq!(fast.run(), Status::Finished);
        let mut slow = Machine::new(p.clone(), product);
        while slow.step(Granularity::Block).is_some() {}
        assert_eq!(slow.status(), Status::Finished);
        assert!(
            fast.ub() == slow.ub(),
            "UB, GM and shadows agree on {product}"
        );
        assert_eq!(fast.step_count(), slow.step_count());
    }
}

/// `Core(n)` (docs/format.md §11): each core has its own UB, uninitialised until written, and
/// a core's UB is as it left it when the program comes back to it; global memory is shared.
#[test]
fn each_core_has_its_own_ub() {
    let dir = tempfile_dir("cores");
    std::fs::create_dir_all(&dir).unwrap();
    let prog = dir.join("cores.ron");
    std::fs::write(
        &prog,
        r#"Program(
    tensors: { "a": (dtype: float, addr: 0, len: 8, init: Ramp(start: 1, step: 1)) },
    gm: { "out": (dtype: float, len: 24) },
    code: [
        DataCopy(dst: "out", src: "a", count: 8),
        Core(1),
        Duplicate(dst: "a", scalar: 5, count: 8),
        DataCopy(dst: "out[8]", src: "a", count: 8),
        Core(0),
        DataCopy(dst: "out[16]", src: "a", count: 8),
    ],
    expect: [
        (tensor: "out", at: 0, len: 8, values: Ramp(start: 1, step: 1)),
        (tensor: "out", at: 8, len: 8, values: Fill(5)),
        (tensor: "out", at: 16, len: 8, values: Ramp(start: 1, step: 1)),
    ],
)"#,
    )
    .unwrap();
    let r = ascstep(["run", s(&prog)]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout.matches("pass  out[").count(), 3, "{}", r.stdout);
    // Core 1 reads its own `a` before anything wrote it: uninitialised, not core 0's ramp.
    std::fs::write(
        &prog,
        r#"Program(
    tensors: { "a": (dtype: float, addr: 0, len: 8, init: Ramp(start: 1, step: 1)) },
    gm: { "out": (dtype: float, len: 8) },
    code: [ Core(1), DataCopy(dst: "out", src: "a", count: 8) ],
)"#,
    )
    .unwrap();
    let r = ascstep(["run", s(&prog)]);
    assert!(
        r.stderr.contains("warning[uninitialised-read]"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
