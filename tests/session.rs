//! The debugger engine driven directly (no UI, no binary): every breakpoint kind, every reverse
//! command, watchpoints on strided and masked operands, last-writer across overlapping repeats.

use ascstep::base::dtype::Value;
use ascstep::debug::command::{CmpOp, Condition, WatchKind, WatchTarget};
use ascstep::debug::{Session, StopReason};
use ascstep::program::load_str;
use ascstep::sim::plan::AccessKind;
use ascstep::sim::{Granularity, Product};
use std::path::Path;
use std::sync::Arc;

fn session(src: &str) -> Session {
    let p = load_str(Path::new("t.ron"), src).unwrap_or_else(|e| panic!("{}", e.render()));
    let product = p.product;
    Session::new(Arc::new(p), product)
}

/// Two instructions: an int16 Add of 2 repeats with a bitwise mask of even lanes, then Adds.
const TWO: &str = r#"Program(
    tensors: {
        "x": (dtype: int16, addr: 0x000, len: 256, init: Ramp(start: 1, step: 1)),
        "y": (dtype: int16, addr: 0x200, len: 256, init: Fill(10)),
        "z": (dtype: int16, addr: 0x400, len: 256, init: Fill(-1)),
    },
    code: [
        Add(dst: "z", src0: "x", src1: "y", mask: [0x5555555555555555, 0x5555555555555555],
            repeat_times: 2, params: [1, 1, 1, 8, 8, 8]),
        Adds(dst: "z", src: "z", scalar: 1, count: 256),
    ],
)"#;

#[test]
fn steps_at_each_granularity_and_positions() {
    let mut s = session(TWO);
    assert_eq!(s.step_count(), 0);
    assert!(s.step(Granularity::Block, 1).is_none());
    let p = s.position();
    assert_eq!((p.step, p.instruction, p.repeat, p.block), (1, 0, 0, 1));
    s.step(Granularity::Repeat, 1);
    let p = s.position();
    assert_eq!(
        (p.step, p.instruction, p.repeat, p.block),
        (8, 0, 1, 0),
        "end of repeat 0"
    );
    s.step(Granularity::Instruction, 1);
    assert_eq!((s.position().instruction, s.position().step), (1, 16));
    // The last event of a multi-step command covers the whole unit: 8 blocks × 3 operands.
    assert_eq!(s.last_event().map(|e| e.accesses.len()), Some(24));
    let stop = s
        .step(Granularity::Instruction, 5)
        .expect("the end stops a step");
    assert_eq!(stop.reason, StopReason::End);
    // z = x + y on even lanes, then + 1 everywhere; odd lanes −1 + 1 = 0.
    assert_eq!(s.element("z", 0), Some(Value::Int(12)));
    assert_eq!(s.element("z", 1), Some(Value::Int(0)));
    assert_eq!(s.element("z", 130), Some(Value::Int(131 + 10 + 1)));
}

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
fn write_watchpoint_reports_operand_lanes_old_and_new() {
    let mut s = session(TWO);
    // z[2] lives at 0x404; lane 2 of repeat 0 writes it in block 0.
    let id = s
        .watch(
            &WatchTarget::Elements {
                tensor: "z".into(),
                start: 2,
                end: 3,
            },
            WatchKind::Write,
        )
        .unwrap();
    let stop = s.cont().unwrap();
    assert_eq!((stop.reason, stop.id), (StopReason::Watchpoint, Some(id)));
    assert_eq!(stop.position.step, 1, "stops after block 0 of repeat 0");
    assert_eq!(stop.operand.as_deref(), Some("dst"));
    assert_eq!(stop.access, Some(AccessKind::Write));
    assert_eq!(stop.elements.len(), 1);
    let e = &stop.elements[0];
    assert_eq!(
        (e.index, e.lane, e.old.as_str(), e.new.as_str()),
        (2, 2, "-1", "13")
    );
    // Next hit: instruction 1 (Adds, count form) writes z[2] in its block 0: step 16 + 1.
    let stop = s.cont().unwrap();
    assert_eq!((stop.position.instruction, stop.position.step), (1, 17));
    assert_eq!(
        (stop.elements[0].old.as_str(), stop.elements[0].new.as_str()),
        ("13", "14")
    );
}

#[test]
fn watch_on_bytes_of_masked_off_lanes_never_fires_for_that_instruction() {
    let mut s = session(TWO);
    // z[1] (0x402..0x404) is an odd lane: masked off in the Add; only the Adds writes it.
    s.watch(
        &WatchTarget::Bytes {
            start: 0x402,
            end: 0x404,
        },
        WatchKind::Any,
    )
    .unwrap();
    let stop = s.cont().unwrap();
    assert_eq!(
        stop.position.instruction, 1,
        "the Add's masked lane 1 did not fire"
    );
    assert_eq!(
        stop.operand.as_deref(),
        Some("src"),
        "the in-place Adds reads z first"
    );
    // x[1] (0x002) is read only by masked-off lanes of the Add, never by the Adds.
    let mut s = session(TWO);
    s.watch(
        &WatchTarget::Bytes {
            start: 0x002,
            end: 0x004,
        },
        WatchKind::Read,
    )
    .unwrap();
    assert_eq!(s.cont().unwrap().reason, StopReason::End);
}

const STRIDED: &str = r#"Program(
    tensors: {
        "x": (dtype: half, addr: 0x000, len: 1024, init: Fill(1.0)),
        "z": (dtype: half, addr: 0x800, len: 1024, init: Fill(0.0)),
    },
    code: [
        // src block stride 2: block b of repeat r reads x at 32·(r·16 + 2b).
        Exp(dst: "z", src: "x", mask: 128, repeat_times: 2, params: [1, 2, 8, 16]),
    ],
)"#;

#[test]
fn read_watchpoint_on_a_strided_operand() {
    let mut s = session(STRIDED);
    // x bytes 0x40..0x60 are data block 2: read by block 1 of repeat 0 (block stride 2).
    s.watch(
        &WatchTarget::Bytes {
            start: 0x40,
            end: 0x60,
        },
        WatchKind::Read,
    )
    .unwrap();
    let stop = s.cont().unwrap();
    assert_eq!(stop.position.step, 2, "after block 1");
    assert_eq!(s.last_event().unwrap().pos.block, 1);
    assert_eq!(stop.elements.len(), 16);
    assert_eq!(stop.elements[0].index, 32);
    // Data block 1 (0x20..0x40) is a gap: never read.
    let mut s = session(STRIDED);
    s.watch(
        &WatchTarget::Bytes {
            start: 0x20,
            end: 0x40,
        },
        WatchKind::Read,
    )
    .unwrap();
    assert_eq!(s.cont().unwrap().reason, StopReason::End);
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

#[test]
fn back_at_every_granularity_restores_state() {
    let mut s = session(TWO);
    s.goto(21);
    let p = s.position();
    assert_eq!((p.instruction, p.repeat, p.block), (1, 0, 5));
    s.back(Granularity::Block, 2);
    assert_eq!(s.position().step, 19);
    s.back(Granularity::Repeat, 1);
    assert_eq!(
        (s.position().step, s.position().block),
        (16, 0),
        "start of the current repeat"
    );
    s.back(Granularity::Repeat, 1);
    assert_eq!(
        (s.position().step, s.position().repeat),
        (8, 1),
        "start of the previous repeat"
    );
    s.back(Granularity::Instruction, 1);
    assert_eq!(s.position().step, 0);
    assert_eq!(s.element("z", 0), Some(Value::Int(-1)), "UB restored");
    let stop = s.back(Granularity::Block, 1).unwrap();
    assert_eq!(stop.reason, StopReason::Start);
    // Going forward again gives the same results.
    s.cont();
    assert_eq!(s.element("z", 130), Some(Value::Int(142)));
}

#[test]
fn reverse_continue_finds_the_previous_stop() {
    let mut s = session(TWO);
    let w = s
        .watch(
            &WatchTarget::Elements {
                tensor: "z".into(),
                start: 0,
                end: 1,
            },
            WatchKind::Write,
        )
        .unwrap();
    s.cont();
    s.cont();
    assert_eq!(s.position().step, 17);
    let stop = s.reverse_continue().unwrap();
    assert_eq!(
        (stop.reason, stop.id, stop.position.step),
        (StopReason::Watchpoint, Some(w), 1)
    );
    assert_eq!(
        stop.elements[0].new, "11",
        "the Add's write of z[0] = 1 + 10"
    );
    assert_eq!(s.element("z", 0), Some(Value::Int(11)));
    let stop = s.reverse_continue().unwrap();
    assert_eq!((stop.reason, stop.position.step), (StopReason::Start, 0));
    // An instruction breakpoint is found going back too (the watchpoint would win at 17).
    s.delete(w).unwrap();
    s.goto(30);
    let b = s.break_instr(1, None).unwrap();
    let stop = s.reverse_continue().unwrap();
    assert_eq!((stop.id, stop.position.step), (Some(b), 16));
}

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

#[test]
fn product_switch_restarts_and_keeps_breakpoints() {
    let src = r#"Program(
        tensors: {
            "x": (dtype: float, addr: 0, len: 64, init: Ramp(start: 1, step: 1)),
            "z": (dtype: float, addr: 256, len: 32, init: Fill(-1.0)),
        },
        code: [ PairReduceSum(dst: "z", src: "x", mask: 62, repeat_times: 1,
                              dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8) ],
    )"#;
    let mut s = session(src);
    let id = s.break_if("z", 31, Condition::Changed).unwrap();
    assert_eq!(
        s.cont().unwrap().reason,
        StopReason::End,
        "A2 leaves z[31] unchanged"
    );
    s.set_product(Product::Atlas200I500A2);
    assert_eq!(s.step_count(), 0);
    let stop = s.cont().unwrap();
    assert_eq!(
        stop.id,
        Some(id),
        "200I/500 A2 zeroes z[31] (semantics.md §9 row 1)"
    );
    assert_eq!(s.element("z", 31), Some(Value::Float(0.0)));
}

#[test]
fn display_reads_do_not_trigger_read_watchpoints() {
    let mut s = session(TWO);
    s.watch(
        &WatchTarget::Bytes {
            start: 0,
            end: 0x200,
        },
        WatchKind::Read,
    )
    .unwrap();
    let _ = s
        .print_text("x", None, ascstep::debug::command::Format::Natural)
        .unwrap();
    let _ = s
        .examine_text(0, 64, ascstep::debug::command::Format::Hex)
        .unwrap();
    let _ = s.where_text();
    let _ = s.tensor("x");
    assert_eq!(s.step_count(), 0);
    assert!(s.stops().is_empty());
    let stop = s.cont().unwrap();
    assert_eq!(
        stop.position.step, 1,
        "the first real read is the Add's block 0"
    );
}

#[test]
fn a_bounded_continue_can_be_resumed() {
    use ascstep::debug::Progress;
    let mut s = session(TWO);
    // 16 block steps for the Add (2 repeats), 16 for the Adds of 256 int16 (2 repeats).
    assert_eq!(s.cont_for(10), Progress::Running);
    assert_eq!(s.step_count(), 10);
    assert_eq!(s.cont_for(10), Progress::Running);
    match s.cont_for(100) {
        Progress::Stopped(stop) => {
            assert_eq!((stop.reason, stop.position.step), (StopReason::End, 32))
        }
        other => panic!("{other:?}"),
    }
}

/// Scalars (program-format.md §10): `watch NAME` stops after the step that changes the scalar,
/// `print NAME` shows it, stepping back restores it, and `watch` on a tensor without an index is
/// refused with the tensor's own message.
#[test]
fn scalars_are_watched_printed_and_restored_going_back() {
    let mut s = session(
        r#"Program(
        tensors: { "x": (dtype: float, addr: 0x000, len: 8, init: Ramp(start: 1, step: 1)) },
        scalars: { "n": (dtype: int32, value: 4), "s": (dtype: float) },
        code: [
            Let(dst: "n", expr: "n + 0"),
            GetValue(dst: "s", src: "x[2]"),
            Let(dst: "n", expr: "n * 10"),
        ],
    )"#,
    );
    let id = s
        .watch(&WatchTarget::Name("n".into()), WatchKind::Write)
        .unwrap();
    // `n + 0` leaves n at 4: no stop there; `n * 10` changes it.
    let stop = s.cont().unwrap();
    assert_eq!(stop.reason, StopReason::Watchpoint);
    assert_eq!(stop.id, Some(id));
    assert!(
        stop.message.contains("scalar n changed 4 → 40"),
        "{}",
        stop.message
    );
    assert_eq!(stop.position.instruction, 3);
    let r = s
        .apply(&ascstep::debug::parse_line("print s").unwrap().unwrap())
        .unwrap();
    assert_eq!(r.text, ["s (float) = 3"]);
    s.back(Granularity::Instruction, 2);
    let r = s
        .apply(&ascstep::debug::parse_line("print n").unwrap().unwrap())
        .unwrap();
    assert_eq!(r.text, ["n (int32) = 4"]);
    let r = s
        .apply(&ascstep::debug::parse_line("print s").unwrap().unwrap())
        .unwrap();
    assert_eq!(r.text, ["s (float) = ·"]);
    let e = s
        .watch(&WatchTarget::Name("x".into()), WatchKind::Write)
        .unwrap_err();
    assert!(
        e.contains("watch needs an element or a range of tensor \"x\""),
        "{e}"
    );
}

/// Reverse-continue stops at scalar watchpoints too: going back from the end it lands right
/// after the last step that changed the watched scalar (the second Let, position 3), then after
/// the first one (position 1), then at the start.
#[test]
fn reverse_continue_stops_where_a_watched_scalar_changed() {
    let mut s = session(
        r#"Program(
        tensors: { "x": (dtype: float, addr: 0x000, len: 8, init: Ramp(start: 1, step: 1)) },
        scalars: { "n": (dtype: int32, value: 4) },
        code: [
            Let(dst: "n", expr: "n + 1"),
            Adds(dst: "x", src: "x", scalar: 1.0, count: 8),
            Let(dst: "n", expr: "n * 10"),
            Let(dst: "n", expr: "n + 0"),
        ],
    )"#,
    );
    s.watch(&WatchTarget::Name("n".into()), WatchKind::Write)
        .unwrap();
    s.goto(u64::MAX);
    let stop = s.reverse_continue().unwrap();
    assert_eq!(stop.reason, StopReason::Watchpoint, "{}", stop.message);
    assert!(stop.message.contains("5 → 50"), "{}", stop.message);
    assert_eq!(stop.position.instruction, 3);
    let stop = s.reverse_continue().unwrap();
    assert_eq!(stop.reason, StopReason::Watchpoint, "{}", stop.message);
    assert!(stop.message.contains("4 → 5"), "{}", stop.message);
    assert_eq!(stop.position.instruction, 1);
    let stop = s.reverse_continue().unwrap();
    assert_eq!(stop.reason, StopReason::Start);
}

/// `back N` lands where N single `back`s would, on a program that mixes multi-repeat vector
/// instructions with one-step instructions (scalar unit, sync, mask register), from every
/// position and with checkpoints every 4 steps (so the search starts from a checkpoint).
#[test]
fn back_by_n_units_lands_where_n_single_backs_land() {
    let src = r#"Program(
        tensors: {
            "x": (dtype: float, addr: 0x000, len: 256, init: Ramp(start: 1, step: 1)),
            "y": (dtype: float, addr: 0x400, len: 256),
        },
        scalars: { "s": (dtype: float), "k": (dtype: int32, value: 3) },
        code: [
            Adds(dst: "y", src: "x", scalar: 1, count: 256),
            PipeBarrier(pipe: PIPE_ALL),
            GetValue(dst: "s", src: "y[5]"),
            SetMaskCount(),
            SetMaskNorm(),
            Muls(dst: "y", src: "y", scalar: 2, count: 130),
            Let(dst: "k", expr: "k + 1"),
            Adds(dst: "y", src: "y", scalar: 1, mask: 64, repeat_times: 3, params: [1, 1, 8, 8]),
        ],
    )"#;
    let p = Arc::new(load_str(Path::new("t.ron"), src).unwrap());
    // Every step's position, from a fresh run.
    let mut fresh = Session::new(p.clone(), p.product);
    let mut pos = vec![fresh.position()];
    while fresh.step(Granularity::Block, 1).is_none() {
        pos.push(fresh.position());
    }
    pos.push(fresh.position());
    let total = fresh.position().step;
    let starts = |g: Granularity| -> Vec<u64> {
        pos.iter()
            .filter(|q| match g {
                Granularity::Block => true,
                Granularity::Repeat => q.block == 0,
                Granularity::Instruction => q.repeat == 0 && q.block == 0,
            })
            .map(|q| q.step)
            .collect()
    };
    for g in [
        Granularity::Block,
        Granularity::Repeat,
        Granularity::Instruction,
    ] {
        let st = starts(g);
        for from in 0..=total {
            for n in 1..5u64 {
                // The n-th unit start before `from`.
                let before: Vec<u64> = st.iter().copied().filter(|&x| x < from).collect();
                let want = before
                    .len()
                    .checked_sub(n as usize)
                    .map_or(0, |i| before[i]);
                let mut s = Session::with_history(p.clone(), p.product, 4, 8);
                s.goto(total);
                s.goto(from);
                s.back(g, n);
                assert_eq!(s.position().step, want, "{g:?} back {n} from step {from}");
            }
        }
    }
}

/// `goto` past the end says where the program ends (TWO has 2·8 + 16 = 32 block steps).
#[test]
fn goto_past_the_end_says_so() {
    use ascstep::debug::command::Command;
    let mut s = session(TWO);
    let r = s.apply(&Command::Goto(99_999)).unwrap();
    let stop = r.stop.expect("a stop at the end");
    assert_eq!(stop.reason, StopReason::End);
    assert_eq!(stop.position.step, 32);
    // Within the program, no stop.
    let r = s.apply(&Command::Goto(5)).unwrap();
    assert!(r.stop.is_none());
}

/// `goto instr N repeat R block B` goes to that position; `product` keeps the step.
#[test]
fn goto_a_position_and_switch_products_in_place() {
    use ascstep::debug::command::parse_line;
    let mut s = session(TWO);
    // Instruction 0 has 2 repeats (16 block steps), so instruction 1, repeat 1, block 3 is
    // step 16 + 8 + 3 = 27.
    let cmd = parse_line("goto instr 1 repeat 1 block 3")
        .unwrap()
        .unwrap();
    s.apply(&cmd).unwrap();
    let p = s.position();
    assert_eq!((p.step, p.instruction, p.repeat, p.block), (27, 1, 1, 3));
    let cmd = parse_line("goto instr 0 repeat 1").unwrap().unwrap();
    s.apply(&cmd).unwrap();
    assert_eq!(s.position().step, 8);
    // Past the end: the end, reported.
    let r = s
        .apply(&parse_line("goto instr 9").unwrap().unwrap())
        .unwrap();
    assert_eq!(r.stop.map(|x| x.reason), Some(StopReason::End));
    s.goto(21);
    let r = s
        .apply(&parse_line("product atlas_a3").unwrap().unwrap())
        .unwrap();
    assert_eq!(s.product(), Product::AtlasA3);
    assert_eq!(s.position().step, 21, "{:?}", r.text);
    assert_eq!(
        s.element("z", 0),
        Some(Value::Int(12)),
        "z[0] = 1 + 10 from instruction 0, +1 from instruction 1's first repeat"
    );
}

/// A program on x (half 0, 0.5, …), y (half) and r (half, 0): `code` between its brackets.
fn xyr(code: &str) -> String {
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

/// A continue with a watchpoint runs the instructions whose operands cannot touch the watched
/// bytes without events (`Machine::preview`), and stops where stepping block by block and
/// looking at every event stops.
#[test]
fn continue_to_a_watchpoint_matches_stepping() {
    let src = &xyr(r#"
        Muls(dst: "y", src: "x", scalar: 2.0, count: 512),
        Adds(dst: "y", src: "y", scalar: 1.0, count: 512),
        Muls(dst: "y", src: "y", scalar: 0.5, count: 512),
        WholeReduceSum(dst: "r", src: "y", mask: 128, repeat_times: 4, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
        Adds(dst: "y", src: "y", scalar: 1.0, count: 512),
"#);
    // r[2] is written by repeat 2 of the WholeReduceSum, after its last block.
    let target = |a: &ascstep::sim::Access| {
        a.kind == AccessKind::Write && a.addrs.iter().any(|&e| (0x804..0x806).contains(&e))
    };
    let mut fast = session(src);
    fast.watch(
        &WatchTarget::Bytes {
            start: 0x804,
            end: 0x806,
        },
        WatchKind::Write,
    )
    .unwrap();
    let stop = fast.cont().unwrap();
    assert_eq!(stop.reason, StopReason::Watchpoint);
    let mut slow = session(src);
    loop {
        assert!(
            slow.step(Granularity::Block, 1).is_none(),
            "ended without the write"
        );
        if slow
            .last_event()
            .is_some_and(|e| e.accesses.iter().any(target))
        {
            break;
        }
    }
    assert_eq!(fast.position(), slow.position());
    assert_eq!(fast.last_event(), slow.last_event());
    assert_eq!(fast.element("r", 2), slow.element("r", 2));
    // To the end and back: reverse-continue finds the same (only) write.
    assert_eq!(fast.cont().unwrap().reason, StopReason::End);
    let back = fast.reverse_continue().unwrap();
    assert_eq!(back.reason, StopReason::Watchpoint);
    assert_eq!(fast.position(), slow.position());
    assert_eq!(fast.last_event(), slow.last_event());
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

/// `next N` runs all but its last 64 instructions without events: it ends where N single
/// `next`s end, and stops at a breakpoint on the way.
#[test]
fn next_many_matches_single_nexts() {
    let code: String = (0..120)
        .map(|i| {
            format!(
                "Adds(dst: \"y\", src: \"y\", scalar: {}.0, count: 256),\n",
                i % 5
            )
        })
        .collect();
    let src = format!(
        r#"Program(
    tensors: {{ "y": (dtype: half, addr: 0x000, len: 256, init: Fill(0)) }},
    code: [{code}],
)"#
    );
    let (mut a, mut b) = (session(&src), session(&src));
    assert!(a.step(Granularity::Instruction, 100).is_none());
    for _ in 0..100 {
        b.step(Granularity::Instruction, 1);
    }
    assert_eq!(a.position(), b.position());
    assert_eq!(a.position().instruction, 100);
    assert_eq!(a.element("y", 3), b.element("y", 3));
    let mut c = session(&src);
    let id = c.break_instr(30, None).unwrap();
    let stop = c.step(Granularity::Instruction, 100).unwrap();
    assert_eq!((stop.id, stop.position.instruction), (Some(id), 30));
    // Repeats likewise, from the middle of a repeat (each Adds has two repeats of 128).
    let (mut a, mut b) = (session(&src), session(&src));
    a.step(Granularity::Block, 3);
    b.step(Granularity::Block, 3);
    a.step(Granularity::Repeat, 150);
    for _ in 0..150 {
        b.step(Granularity::Repeat, 1);
    }
    assert_eq!(a.position(), b.position());
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

/// A deadline that has passed stops a motion run by `apply` after its first slice (65,536
/// block steps) with the `TIMED_OUT` error, where it got to; a motion that ends within the
/// slice is not affected, and neither are the library's own motion calls.
#[test]
fn a_passed_deadline_stops_a_long_motion_after_one_slice() {
    use ascstep::debug::command::Command;
    use ascstep::debug::session::TIMED_OUT;
    // 100 Adds of 255 repeats: 204,000 block steps.
    let add = "Add(dst: \"d\", src0: \"a\", src1: \"a\", mask: 128, repeat_times: 255, params: [1, 1, 1, 8, 8, 8]),\n";
    let src = format!(
        "Program(tensors: {{ \"a\": (dtype: half, addr: 0, len: 32640, init: Fill(1)), \"d\": (dtype: half, addr: 0x10000, len: 32640) }}, code: [\n{}])",
        add.repeat(100)
    );
    let mut s = session(&src);
    s.set_deadline(Some(std::time::Instant::now()));
    assert!(s.past_deadline());
    let e = s.apply(&Command::Continue).unwrap_err();
    assert!(e.starts_with(TIMED_OUT), "{e}");
    assert_eq!(s.step_count(), 1 << 16, "{e}");
    assert!(e.contains("step 65536"), "{e}");
    // One block step ends within the slice.
    assert!(s.apply(&Command::Step(Granularity::Block, 1)).is_ok());
    assert_eq!(s.step_count(), (1 << 16) + 1);
    // The library's calls run to the end.
    let stop = s.cont().expect("the end stops");
    assert_eq!(stop.reason, StopReason::End);
    assert_eq!(s.step_count(), 100 * 255 * 8);
    s.set_deadline(None);
    assert!(!s.past_deadline());
    assert!(s.apply(&Command::ReverseContinue).is_ok());
    assert_eq!(s.step_count(), 0);
}

/// In a RON program every instruction is its own source line: `next` is `step instr`, `back
/// line` is `back instr`, and `break FILE:LINE` names the instruction written on that line
/// (a line without one: the next line that has one).
#[test]
fn source_lines_of_a_ron_program() {
    use ascstep::debug::command::Command;
    let mut s = session(TWO);
    // TWO's Add starts on line 8 (two lines long), its Adds on line 10.
    let r = s
        .apply(&Command::BreakLine {
            file: "t.ron".into(),
            line: 9,
        })
        .unwrap();
    assert_eq!(
        r.text,
        ["breakpoint 1 at t.ron:10 (line 9 makes no API call)"]
    );
    let stop = s.apply(&Command::Continue).unwrap().stop.unwrap();
    assert_eq!(stop.reason, StopReason::Breakpoint);
    assert_eq!(s.position().instruction, 1);
    assert_eq!(stop.source, None, "RON stops keep their JSON shape");
    s.apply(&Command::BackLine(1)).unwrap();
    assert_eq!((s.position().step, s.position().instruction), (0, 0));
    s.step(Granularity::Block, 3);
    // From inside instruction 0, `next` finishes it, as `step instr` does.
    s.apply(&Command::StepLine(1)).unwrap();
    assert_eq!((s.position().step, s.position().instruction), (16, 1));
    let e = s
        .apply(&Command::BreakLine {
            file: "t.ron".into(),
            line: 11,
        })
        .unwrap_err();
    assert_eq!(
        e,
        "no instruction comes from t.ron:11 or a later line of that file"
    );
}

/// A product switch shows the new product's own run at the same step, whether it is run
/// anew, taken back from the last switch, or (A2 → A3, which simulate alike) relabelled: the
/// same UB bytes as a fresh session on that product (docs/commands.md `product`).
#[test]
fn product_switches_reach_each_products_own_state() {
    use ascstep::debug::command::Command;
    // PairReduceSum with mask 62 leaves dst's last pair alone on A2 and zeroes it on
    // 200I/500 A2 (docs/semantics.md §9): the runs differ after instruction 1.
    let src = r#"Program(
        product: atlas_a2,
        tensors: {
            "src": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 1, step: 1)),
            "dst": (dtype: float, addr: 0x100, len: 32, init: Fill(-1.0)),
        },
        code: [
            Adds(dst: "src", src: "src", scalar: 1, count: 64),
            PairReduceSum(dst: "dst", src: "src", repeat_times: 1, mask: 62, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
            Adds(dst: "src", src: "src", scalar: 1, count: 64),
        ],
    )"#;
    let p = Arc::new(load_str(Path::new("t.ron"), src).unwrap());
    let fresh = |product: Product, step: u64| {
        let mut s = Session::new(p.clone(), product);
        s.goto(step);
        s
    };
    let same = |a: &Session, b: &Session| {
        a.step_count() == b.step_count()
            && a.machine().ub().bytes() == b.machine().ub().bytes()
            && a.product() == b.product()
    };
    let mut s = Session::new(p.clone(), Product::AtlasA2);
    s.goto(16);
    for product in [
        Product::Atlas200I500A2,
        Product::AtlasA2,
        Product::AtlasA3,
        Product::AtlasA2,
        Product::Atlas200I500A2,
    ] {
        s.apply(&Command::Product(product)).unwrap();
        assert!(same(&s, &fresh(product, 16)), "on {product}");
    }
    let dst_last = |s: &Session| s.machine().element(1, 31);
    s.apply(&Command::Product(Product::AtlasA2)).unwrap();
    assert_eq!(dst_last(&s), Some(Value::Float(-1.0)));
    s.apply(&Command::Product(Product::Atlas200I500A2)).unwrap();
    assert_eq!(dst_last(&s), Some(Value::Float(0.0)));
}

/// The divergence log of a run, with the comparisons remembered by content
/// (`sim::alike`) or made afresh at every instruction.
fn log(
    program: &Arc<ascstep::base::ir::Program>,
    product: Product,
    remember: bool,
) -> Vec<(u64, u8)> {
    let mut m = ascstep::sim::Machine::new(program.clone(), product);
    if remember {
        m.keep_divergence();
    } else {
        m.keep_divergence_afresh();
    }
    m.run();
    let log = m.divergence_log().unwrap().lock().unwrap().clone();
    log.into_iter().collect()
}

#[test]
fn remembered_comparisons_give_the_log_made_afresh() {
    // One WholeReduceSum written three times: its dst_rep_stride is a scalar, 1, 0, 1.
    // Stride 0 for a reduction's dst is refused on the training series only
    // (docs/semantics.md §9 row 2): the second instruction differs there too.
    let reduce = "WholeReduceSum(dst: \"d\", src: \"x\", mask: 128, repeat_times: 2, dst_rep_stride: \"s\", src_blk_stride: 1, src_rep_stride: 8),";
    let src = format!(
        "Program(product: atlas_a2, tensors: {{ \"x\": (dtype: half, addr: 0, len: 256, init: Fill(1)), \"d\": (dtype: half, addr: 0x200, len: 16) }}, scalars: {{ \"s\": (dtype: int32, value: 1) }}, code: [{reduce} Let(dst: \"s\", expr: \"0\"), {reduce} Let(dst: \"s\", expr: \"1\"), {reduce}])"
    );
    let p = Arc::new(load_str(Path::new("a.ron"), &src).unwrap());
    let training = Product::ALL
        .iter()
        .position(|&p| p == Product::AtlasTraining)
        .unwrap();
    // The reductions are entered at steps 0, 17 and 34 (16 blocks and a Let each); the
    // products whose reductions differ anyway (§9 rows 1 and 3) differ at all three.
    let afresh = log(&p, Product::AtlasA2, false);
    let at = |s: u64| afresh.iter().find(|e| e.0 == s).map_or(0, |e| e.1);
    assert_eq!(at(0) & 1 << training, 0, "{afresh:?}");
    assert_eq!(at(17), at(0) | 1 << training, "{afresh:?}");
    assert_eq!(at(34), at(0), "{afresh:?}");
    assert_eq!(log(&p, Product::AtlasA2, true), afresh);
    // One Add written twice, taking its mask from the register: all 128 lanes in normal
    // mode first (valid on every product with int16 Add, §9 row 23), then a counter-mode
    // count of 100,000 elements, past every product's UB (an error each names its own
    // product in): the same text compares differently.
    let add = "Add(dst: \"z\", src0: \"x\", src1: \"x\", mask: Placeholder, repeat_times: 1, params: [1, 1, 1, 8, 8, 8]),";
    let src = format!(
        "Program(product: atlas_a2, tensors: {{ \"x\": (dtype: int16, addr: 0, len: 128, init: Fill(1)), \"z\": (dtype: int16, addr: 0x100, len: 128) }}, code: [{add} SetMaskCount, SetVectorMask(len: 100000, dtype: int16), {add}])"
    );
    let p = Arc::new(load_str(Path::new("b.ron"), &src).unwrap());
    let afresh = log(&p, Product::AtlasA2, false);
    let at = |s: u64| afresh.iter().find(|e| e.0 == s).map_or(0, |e| e.1);
    assert_ne!(at(0), at(10), "{afresh:?}");
    assert_eq!(log(&p, Product::AtlasA2, true), afresh);
    // Every example program, on every product.
    for e in std::fs::read_dir("programs").unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        let Ok(p) = ascstep::program::load(&path) else {
            continue;
        };
        let p = Arc::new(p);
        for product in Product::ALL {
            assert_eq!(
                log(&p, product, true),
                log(&p, product, false),
                "{} on {product}",
                path.display()
            );
        }
    }
}

/// A continue with data watchpoints observes only the block steps that may hit: in a quiet
/// instruction that a point may stop inside, it runs without events to the first block step
/// whose plan touches the watched bytes (`Machine::next_block_touching`). Over every example
/// program, watching the middle and the last element of each tensor (writes, reads, any
/// access), a value condition on the middle one, or a repeat breakpoint, each stop is the one
/// stepping block by block and looking at every event makes, with the same last event.
#[test]
fn continue_with_watchpoints_stops_where_block_stepping_does() {
    // Each arm sets the points, and gives the repeat breakpoint's (instruction, id) if any:
    // block steps do not stop at breakpoints, so the reference looks at its position.
    type Arm = Box<dyn Fn(&mut Session) -> Option<(u32, u32)>>;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    let (mut programs, mut stops) = (0, 0);
    for path in paths {
        let Ok(p) = ascstep::program::load(&path) else {
            continue;
        };
        let p = Arc::new(p);
        programs += 1;
        let mut arms: Vec<(String, Arm)> = Vec::new();
        for t in &p.tensors {
            for index in [t.len / 2, t.len.saturating_sub(1)] {
                for kind in [WatchKind::Write, WatchKind::Read, WatchKind::Any] {
                    let name = t.name.clone();
                    arms.push((
                        format!("watch {kind:?} {name}[{index}]"),
                        Box::new(move |s: &mut Session| {
                            s.watch(
                                &WatchTarget::Elements {
                                    tensor: name.clone(),
                                    start: index,
                                    end: index + 1,
                                },
                                kind,
                            )
                            .unwrap();
                            None
                        }),
                    ));
                }
            }
            let name = t.name.clone();
            let index = t.len / 2;
            arms.push((
                format!("break-if {name}[{index}] changed"),
                Box::new(move |s: &mut Session| {
                    s.break_if(&name, index, Condition::Changed).unwrap();
                    None
                }),
            ));
        }
        for i in 0..p.code.len() as u32 {
            arms.push((
                format!("break {i}:1 with a watch on everything"),
                Box::new(move |s: &mut Session| {
                    let id = s.break_instr(i, Some(1)).unwrap();
                    s.watch(&WatchTarget::Bytes { start: 0, end: 16 }, WatchKind::Write)
                        .unwrap();
                    Some((i, id))
                }),
            ));
        }
        for (what, arm) in &arms {
            let (mut fast, mut slow) = (
                Session::new(p.clone(), p.product),
                Session::new(p.clone(), p.product),
            );
            arm(&mut fast);
            let point = arm(&mut slow);
            let at = |path: &std::path::Path| format!("{}: {what}", path.display());
            let mut seen = Vec::new();
            for _ in 0..64 {
                let a = fast.cont().unwrap();
                let b = loop {
                    if let Some(s) = slow.step(Granularity::Block, 1) {
                        break (s.reason, s.position.step, s.id);
                    }
                    let q = slow.position();
                    if let Some((i, id)) =
                        point.filter(|&(i, _)| (q.instruction, q.repeat, q.block) == (i, 1, 0))
                    {
                        let _ = i;
                        break (StopReason::Breakpoint, q.step, Some(id));
                    }
                };
                assert_eq!((a.reason, a.position.step, a.id), b, "{}", at(&path));
                assert_eq!(fast.last_event(), slow.last_event(), "{}", at(&path));
                stops += 1;
                if !matches!(
                    a.reason,
                    StopReason::Watchpoint | StopReason::Condition | StopReason::Breakpoint
                ) {
                    break;
                }
                seen.push((b, slow.last_event().cloned()));
            }
            // Back again: reverse-continue stops at each of those stops before the current
            // step, latest first, then at step 0.
            let now = fast.step_count();
            for (want, event) in seen.iter().rev().filter(|(w, _)| w.1 < now) {
                let back = fast.reverse_continue().unwrap();
                assert_eq!(
                    (back.reason, back.position.step, back.id),
                    *want,
                    "back: {}",
                    at(&path)
                );
                assert_eq!(fast.last_event(), event.as_ref(), "back: {}", at(&path));
            }
            let start = fast.reverse_continue().unwrap();
            assert_eq!(
                (start.reason, start.position.step),
                (StopReason::Start, 0),
                "{}",
                at(&path)
            );
        }
    }
    assert!(
        programs > 40 && stops > 1000,
        "{programs} programs, {stops} stops"
    );
}
