//! Watchpoints on written, read, strided and masked operands and on scalars, forward and
//! backward, against block stepping.

use super::*;
use crate::breakpoints::xyr;

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
