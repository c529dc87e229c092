//! Instruction, value and diagnostic breakpoints; enabling, disabling, deleting; continuing
//! to a breakpoint lands where stepping does.

use super::*;

#[test]
fn instruction_breakpoint_stops_before_it_and_on_a_repeat() {
    let mut s = session(TWO);
    let b1 = s.break_instr(1, None).unwrap();
    let stop = s.cont().unwrap();
    assert_eq!((stop.reason, stop.id), (StopReason::Breakpoint, Some(b1)));
    assert_eq!(
        (
            stop.position.instruction,
            stop.position.repeat,
            stop.position.block
        ),
        (1, 0, 0)
    );
    assert_eq!(
        s.element("z", 1),
        Some(Value::Int(-1)),
        "instruction 1 has not run yet"
    );
    s.restart();
    let b2 = s.break_instr(0, Some(1)).unwrap();
    let stop = s.cont().unwrap();
    assert_eq!((stop.id, stop.position.step), (Some(b2), 8));
    assert!(s.break_instr(7, None).is_err(), "no instruction 7");
}

#[test]
fn value_conditions() {
    let mut s = session(TWO);
    // z[4] = 5 + 10 = 15 after the Add, 16 after the Adds.
    s.break_if("z", 4, Condition::Compare(CmpOp::Eq, 16.0))
        .unwrap();
    let stop = s.cont().unwrap();
    assert_eq!(
        (stop.reason, stop.position.instruction),
        (StopReason::Condition, 1)
    );
    assert_eq!(s.element("z", 4), Some(Value::Int(16)));

    let mut s = session(TWO);
    s.break_if("z", 3, Condition::Changed).unwrap();
    let stop = s.cont().unwrap();
    assert_eq!(
        stop.position.instruction, 1,
        "z[3] is masked off in the Add, changed by Adds"
    );

    let src = r#"Program(
        tensors: {
            "a": (dtype: float, addr: 0, len: 64, init: Fill(0.0)),
            "z": (dtype: float, addr: 256, len: 64, init: Fill(1.0)),
        },
        code: [
            Div(dst: "z", src0: "z", src1: "a", count: 64),
            Sub(dst: "z", src0: "z", src1: "z", count: 64),
        ],
    )"#;
    let mut s = session(src);
    s.break_if("z", 9, Condition::IsInf).unwrap();
    s.break_if("z", 9, Condition::IsNan).unwrap();
    let a = s.cont().unwrap();
    // z[9] is lane 9: block 1 of the Div (instruction 0), then of the Sub (instruction 1).
    assert_eq!(
        (a.id, a.position.step),
        (Some(1), 2),
        "1/0 = inf in the Div"
    );
    let b = s.cont().unwrap();
    assert_eq!(
        (b.id, b.position.instruction, b.position.step),
        (Some(2), 1, 10),
        "inf − inf = NaN in the Sub"
    );
}

#[test]
fn break_on_diagnostics_and_errors() {
    let src = r#"Program(
        tensors: {
            "x": (dtype: half, addr: 0, len: 128),
            "z": (dtype: half, addr: 256, len: 128),
        },
        code: [
            Duplicate(dst: "x", scalar: 1.0, count: 64),
            Abs(dst: "z", src: "x", count: 128),
            Abs(dst: "z", src: "x", count: 256),
        ],
    )"#;
    let mut s = session(src);
    s.break_on_diagnostics();
    let stop = s.cont().unwrap();
    assert_eq!(stop.reason, StopReason::Diagnostic);
    assert!(
        stop.message.contains("uninitialised-read"),
        "{}",
        stop.message
    );
    // x[64] is first read by block 4 of the Abs (16 halves per block).
    assert_eq!(
        (stop.position.instruction, s.last_event().unwrap().pos.block),
        (1, 4)
    );
    let stop = s.cont().unwrap();
    assert_eq!(
        stop.reason,
        StopReason::Diagnostic,
        "the error of the third instruction"
    );
    assert!(stop.message.contains("outside-tensor"), "{}", stop.message);
    assert_eq!(s.machine().status(), ascstep::sim::Status::Failed);
}

#[test]
fn enable_disable_delete() {
    let mut s = session(TWO);
    let a = s.break_instr(1, None).unwrap();
    s.set_enabled(a, false).unwrap();
    assert_eq!(s.cont().unwrap().reason, StopReason::End);
    s.restart();
    s.set_enabled(a, true).unwrap();
    assert_eq!(s.cont().unwrap().id, Some(a));
    s.delete(a).unwrap();
    assert!(s.delete(a).is_err());
    let b = s.break_on_diagnostics();
    assert!(b > a, "ids are never reused");
}

/// A program on x (half 0, 0.5, …), y (half) and r (half, 0): `code` between its brackets.
pub(crate) fn xyr(code: &str) -> String {
    format!(
        r#"Program(
    tensors: {{
        "x": (dtype: half, addr: 0x000, len: 512, init: Ramp(start: 0, step: 0.5)),
        "y": (dtype: half, addr: 0x400, len: 512),
        "r": (dtype: half, addr: 0x800, len: 16, init: Fill(0)),
    }},
    code: [{code}],
)"#
    )
}

/// A continue that only instruction breakpoints can stop runs without building events, yet
/// stops where stepping block by block stops, with the same state and the same last event
/// (the last block of the instruction before), and the same end and warnings when nothing
/// stops it.
#[test]
fn continue_to_an_instruction_breakpoint_matches_stepping() {
    let src = &xyr(r#"
        Muls(dst: "y", src: "x", scalar: 2.0, count: 512),
        Adds(dst: "y", src: "y", scalar: 1.0, mask: 100, repeat_times: 4, params: [1, 1, 8, 8]),
        WholeReduceSum(dst: "r", src: "y", mask: 128, repeat_times: 4, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
        Adds(dst: "y", src: "y", scalar: 1.0, count: 512),
"#);
    let mut fast = session(src);
    let b = fast.break_instr(2, None).unwrap();
    let stop = fast.cont().unwrap();
    assert_eq!((stop.reason, stop.id), (StopReason::Breakpoint, Some(b)));
    let mut slow = session(src);
    while slow.position().instruction < 2 {
        slow.step(Granularity::Block, 1);
    }
    assert_eq!(fast.position(), slow.position());
    // A session with a watchpoint that never fires takes the evented path throughout.
    let mut evented = session(src);
    evented.break_instr(2, None).unwrap();
    evented
        .watch(
            &WatchTarget::Bytes {
                start: 0x1000,
                end: 0x1002,
            },
            WatchKind::Any,
        )
        .unwrap();
    evented.cont();
    assert_eq!(fast.position(), evented.position());
    assert_eq!(fast.last_event(), evented.last_event());
    assert_eq!(fast.last_event(), slow.last_event());
    for i in 0..512 {
        assert_eq!(fast.element("y", i), slow.element("y", i), "y[{i}]");
    }
    // On to the end: nothing stops it.
    let end = fast.cont().unwrap();
    assert_eq!(end.reason, StopReason::End);
    while slow.step(Granularity::Block, 1).is_none() {}
    assert_eq!(fast.position(), slow.position());
    assert_eq!(fast.last_event(), slow.last_event());
    assert_eq!(fast.element("r", 0), slow.element("r", 0));
    assert_eq!(fast.machine().diagnostics(), slow.machine().diagnostics());
    // And back: reverse-continue finds the same breakpoint with or without events.
    evented.cont();
    let back = fast.reverse_continue().unwrap();
    let back_evented = evented.reverse_continue().unwrap();
    assert_eq!((back.reason, back.id), (StopReason::Breakpoint, Some(b)));
    assert_eq!(back.position, back_evented.position);
    assert_eq!(fast.last_event(), evented.last_event());
    assert_eq!(fast.element("y", 7), evented.element("y", 7));
    // `step N` runs all but its last block without events: same place, same last event.
    let (mut a, mut b) = (session(src), session(src));
    a.step(Granularity::Block, 11);
    for _ in 0..11 {
        b.step(Granularity::Block, 1);
    }
    assert_eq!(a.position(), b.position());
    assert_eq!(a.last_event(), b.last_event());
}
