//! Stepping forward and back at every granularity, by counts, to positions, within deadlines,
//! and the source lines of a RON program.

use super::*;

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
