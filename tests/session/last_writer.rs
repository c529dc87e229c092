//! The last writer of an element, across overlapping repeats and instructions that do not
//! write it, against a replay.

use super::*;

#[test]
fn last_writer_across_repeats_with_overlapping_strides() {
    // dst repeat stride 4 blocks < 8: repeat 1 rewrites the upper half of repeat 0's bytes.
    let src = r#"Program(
        tensors: {
            "x": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
            "z": (dtype: float, addr: 0x400, len: 128, init: Fill(0.0)),
        },
        code: [ Adds(dst: "z", src: "x", scalar: 100.0, mask: 64, repeat_times: 2, params: [1, 1, 4, 8]) ],
    )"#;
    let mut s = session(src);
    s.cont();
    // z[40] (0x4a0): written by repeat 0 lane 40 (block 5) with x[40]+100, then by repeat 1
    // lane 8 (block 1: 0x400 + 128 + 32) with x[72]+100.
    let w = s.last_writer(0x4a0).unwrap();
    assert_eq!(
        (w.instruction, w.repeat, w.block, w.value.as_str()),
        (0, 1, 1, "172")
    );
    s.goto(6);
    let w = s.last_writer(0x4a0).unwrap();
    assert_eq!((w.repeat, w.block, w.value.as_str()), (0, 5, "140"));
    assert!(s.last_writer(0x000).is_none(), "x is never written");
}

/// The last writer is found across instructions that do not write the byte (those run
/// without events) and past a SetValue (a scalar step, always observed): r[2] is written by
/// the WholeReduceSum in block 7 of repeat 2, and then by nothing but a SetValue of r[0].
#[test]
fn last_writer_across_instructions_that_do_not_write_it() {
    let src = r#"Program(
    scalars: { "s": (dtype: half, value: 3) },
    tensors: {
        "x": (dtype: half, addr: 0x000, len: 512, init: Fill(1)),
        "y": (dtype: half, addr: 0x400, len: 512),
        "r": (dtype: half, addr: 0x800, len: 16, init: Fill(0)),
    },
    code: [
        WholeReduceSum(dst: "r", src: "x", mask: 128, repeat_times: 4, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
        Muls(dst: "y", src: "x", scalar: 2.0, count: 512),
        SetValue(dst: "r[0]", src: "s"),
        Adds(dst: "y", src: "y", scalar: 1.0, count: 512),
    ],
)"#;
    let mut s = session(src);
    s.cont();
    let w = s.last_writer(0x804).unwrap();
    assert_eq!((w.instruction, w.repeat, w.block), (0, 2, 7));
    assert_eq!(w.value, "128");
    let w0 = s.last_writer(0x800).unwrap();
    assert_eq!(w0.instruction, 2, "the SetValue");
    assert!(s.last_writer(0x900).is_none());
}

/// The fast last-writer query gives the instruction the block-by-block replay gives, for
/// every byte of the tensors: bytes inside an operand's extent that a bitwise mask skips,
/// bytes written only by earlier instructions, a SetValue, and bytes never written.
#[test]
fn last_writer_instructions_match_the_replay() {
    use ascstep::sim::trace::{last_writer_instructions, last_writes};
    use ascstep::sim::Machine;
    let src = r#"Program(
scalars: { "s": (dtype: half, value: 7) },
tensors: {
    "x": (dtype: half, addr: 0x000, len: 256, init: Fill(1)),
    "d": (dtype: half, addr: 0x200, len: 256),
},
code: [
    Add(dst: "d", src0: "x", src1: "x", count: 256),
    Adds(dst: "d", src: "x", scalar: 2.0, mask: [0x5555555555555555, 0x5555555555555555], repeat_times: 2, params: [1, 1, 8, 8]),
    Muls(dst: "d", src: "x", scalar: 3.0, mask: [0x0f0f0f0f0f0f0f0f, 0], repeat_times: 1, params: [1, 1, 8, 8]),
    SetValue(dst: "d[3]", src: "s"),
    Adds(dst: "x", src: "x", scalar: 1.0, count: 16),
],
)"#;
    let p = load_str(Path::new("t.ron"), src).unwrap();
    let m = Machine::new(Arc::new(p), Product::AtlasA2);
    let addrs: Vec<u32> = (0..0x400).step_by(2).chain([0x5000]).collect();
    let slow: Vec<Option<u32>> = last_writes(m.clone(), u64::MAX, &addrs)
        .into_iter()
        .map(|w| w.map(|w| w.pos.instruction))
        .collect();
    let fast = last_writer_instructions(m, &addrs);
    assert_eq!(fast, slow);
    // The cases the program is built for.
    let at = |a: u32| fast[addrs.iter().position(|&x| x == a).unwrap()];
    assert_eq!(at(0x200), Some(2), "d[0]: the Muls");
    assert_eq!(at(0x206), Some(3), "d[3]: the SetValue");
    assert_eq!(at(0x208), Some(1), "d[4]: an even lane the Muls mask skips");
    assert_eq!(
        at(0x20a),
        Some(0),
        "d[5]: an odd lane neither mask has, only the Add"
    );
    assert_eq!(at(0x000), Some(4), "x[0]");
    assert_eq!(at(0x020), None, "x[16]: never written");
    assert_eq!(at(0x5000), None);
}
