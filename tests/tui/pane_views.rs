//! One test per pane: what a user must see in the program, inspector, mask, UB, tensors,
//! divergence and log panes, values derived from the programs' semantics.

use super::*;

#[test]
fn program_pane_marks_current_instruction_breakpoint_and_position() {
    let mut a = app(ADD64, None);
    keys(&mut a, "b"); // breakpoint on the selected (current) instruction 0
    keys(&mut a, "ss");
    let (_, text) = pane(&a, 70, 6, panes::program::render);
    assert!(text.contains("instr 0 · repeat 0/1 · block 2/8"), "{text}");
    assert!(text.contains("●▶  0 Add(dst: \"dst\""), "{text}");
}

#[test]
fn inspector_draws_the_strides_of_the_current_repeat() {
    // semantics.md §1.2 example: Add(mask 128, repeat 2, {1,2,1,8,16,8}): src0 reads every other
    // block, so its map has gaps; dst and src1 are contiguous.
    let src = r#"Program(
        tensors: {
            "a": (dtype: half, addr: 0x0000, len: 1024, init: Fill(1.0)),
            "b": (dtype: half, addr: 0x0800, len: 256, init: Fill(2.0)),
            "z": (dtype: half, addr: 0x1000, len: 256),
        },
        code: [ Add(dst: "z", src0: "a", src1: "b", mask: 128, repeat_times: 2, params: [1, 2, 1, 8, 16, 8]) ],
    )"#;
    let mut a = app_str(src, Product::AtlasA2);
    keys(&mut a, "r"); // to repeat 1
    let (_, text) = pane(&a, 110, 12, panes::inspector::render);
    assert!(
        text.contains("repeat 1 of 2 · block 0 of 8 · 128 lanes active"),
        "{text}"
    );
    // Repeat 1 of src0 starts 16 blocks in: 0x200; blocks 0..7 every other cell, after
    // repeat 0's (‹) from 0x0.
    assert!(
        text.contains("src0      0x00000   2  16  0x0 32B/cell ‹·‹·‹·‹·‹·‹·‹·‹·0·1·2·3·4·5·6·7"),
        "{text}"
    );
    assert!(
        text.contains("dst       0x01000   1   8  0x1000 32B/cell ‹‹‹‹‹‹‹‹01234567"),
        "{text}"
    );
    assert!(!text.contains("share bytes"), "{text}");
}

/// A move into GM under SetAtomicAdd: the inspector says the mode, and the old dst it reads
/// is drawn beside dst without an overlap mark (docs/semantics.md §18.3).
#[test]
fn inspector_shows_the_atomic_mode_of_a_move_into_gm() {
    let mut a = app("programs/instr_set_atomic.ron", None);
    keys(&mut a, "n"); // past SetAtomicAdd(dtype: float): instruction 1, DataCopy into acc
    let (_, text) = pane(&a, 120, 12, panes::inspector::render);
    assert!(
        text.contains("atomic add float: combined with what GM holds"),
        "{text}"
    );
    let dst_rows = text
        .lines()
        .filter(|l| l.contains("dst       GM+0x0    1   8  GM+0x0 32B/cell 01234567"))
        .count();
    assert_eq!(dst_rows, 2, "{text}");
    assert!(
        !text
            .lines()
            .any(|l| l.contains("B/cell") && l.contains('!')),
        "{text}"
    );
    // Core 1 starts with its own register, off: its SetAtomicAdd shows the mode it changes.
    keys(&mut a, "nnn");
    let (_, text) = pane(&a, 120, 12, panes::inspector::render);
    assert!(
        text.contains("sets the DMA atomic mode of moves into GM (now off)"),
        "{text}"
    );
}

#[test]
fn inspector_names_overlapping_repeats_and_blocks() {
    // src0 rep stride 4 < 8 blocks: repeat 1 reads blocks 4..7 of repeat 0 again; src1 blk
    // stride 0: the 8 blocks of a repeat read the same 32 bytes (semantics.md §1.2, §1.3).
    let src = r#"Program(
        tensors: {
            "a": (dtype: half, addr: 0x0000, len: 1024, init: Fill(1.0)),
            "b": (dtype: half, addr: 0x0800, len: 256, init: Fill(2.0)),
            "z": (dtype: half, addr: 0x1000, len: 256),
        },
        code: [ Add(dst: "z", src0: "a", src1: "b", mask: 128, repeat_times: 2, params: [1, 1, 0, 8, 4, 0]) ],
    )"#;
    let mut a = app_str(src, Product::AtlasA2);
    keys(&mut a, "r");
    let (_, text) = pane(&a, 120, 14, panes::inspector::render);
    assert!(
        text.contains("! src0: repeats 1 and 0 share bytes (rep stride 4)"),
        "{text}"
    );
    assert!(
        text.contains("! src1: blocks of one repeat share bytes (blk stride 0)"),
        "{text}"
    );
    assert!(
        text.contains("src0      0x00000   1   4  0x0 32B/cell ‹‹‹‹!!!!4567"),
        "{text}"
    );
}

#[test]
fn mask_pane_shows_both_words_and_the_counter_at_its_narrowest() {
    // semantics.md §2.5: SetMaskCount, SetVectorMask(0, 130), then half Adds with the register
    // (Placeholder): 130 elements, repeat 0 takes 128 and leaves 2, repeat 1 takes those 2.
    let mut a = app("programs/mask_counter_mode.ron", None);
    keys(&mut a, "nn");
    let (_, text) = pane(&a, 42, 14, panes::mask::render);
    assert!(text.contains("counter high 0x0000000000000000"), "{text}");
    assert!(text.contains("        low  0x0000000000000082"), "{text}");
    assert!(text.contains("count 130 · r0: 128/128 · 2 left"), "{text}");
    keys(&mut a, "r");
    let (_, text) = pane(&a, 42, 14, panes::mask::render);
    assert!(text.contains("count 130 · r1: 2/128 · 0 left"), "{text}");
    assert!(text.contains("▸b0  ■■·"), "{text}");
}

#[test]
fn mask_pane_shows_a_register_instructions_mask_register_and_zeroing() {
    // docs/semantics.md §29: after UpdateMask(count 36) the float Adds has lanes 0..36 of 64,
    // 8 a block: b4 holds 4 of them; ZEROING sets the others to 0.
    let mut a = app("programs/reg_update_mask.ron", None);
    keys(&mut a, "nnnnnnn");
    let (_, text) = pane(&a, 44, 14, panes::mask::render);
    assert!(text.contains("mask register m"), "{text}");
    assert!(text.contains("other lanes: set to 0 (ZEROING)"), "{text}");
    assert!(text.contains("repeat 0: 36 of 64 lanes active"), "{text}");
    assert!(text.contains(" b4  ■■■■····"), "{text}");
    assert!(text.contains(" b5  ········"), "{text}");
    assert!(!text.contains("normal high"), "{text}");
    let (_, text) = pane(&a, 90, 12, panes::inspector::render);
    assert!(
        text.contains("mask register · PAR 64 · repeat 0 of 1"),
        "{text}"
    );
    // StoreAlign keeps the UB bytes its mask leaves.
    keys(&mut a, "n");
    let (_, text) = pane(&a, 44, 14, panes::mask::render);
    assert!(text.contains("other lanes: kept"), "{text}");
}

#[test]
fn mask_pane_says_a_mask_register_instruction_selects_bits() {
    // programs/reg_mask_logic.ron: instruction 6 is MaskNot(dst: "n", src: "m3", mask_reg:
    // "first40"): its lanes are the 32 bytes of n; first40 selects bits (docs/semantics.md §29).
    let mut a = app("programs/reg_mask_logic.ron", None);
    keys(&mut a, "nnnnnn");
    // The mask pane at its narrowest, 40 columns (38 inside the border).
    let (_, text) = pane(&a, 40, 14, panes::mask::render);
    assert!(text.contains("mask register first40"), "{text}");
    assert!(
        text.contains("bits: where first40 is set; 0 else"),
        "{text}"
    );
    assert!(!text.contains("other lanes"), "{text}");
    let (_, text) = pane(&a, 120, 12, panes::inspector::render);
    assert!(
        text.contains("register API, a mask register's 32 bytes: bits: where first40"),
        "{text}"
    );
}

#[test]
fn mask_pane_shows_lanes_and_the_current_block() {
    // Seed 000 bitwise int16 mask 0x5555…: even lanes active.
    let mut a = app("programs/seed_add_int16_bitwise.ron", None);
    keys(&mut a, "ss");
    let (_, text) = pane(&a, 44, 14, panes::mask::render);
    assert!(text.contains("repeat 0: 64 of 128 lanes active"), "{text}");
    assert!(text.contains("▸b2  ■·■·■·■·■·■·■·■·"), "{text}");
    assert!(text.contains(" b0  ■·■·■·■·■·■·■·■·"), "{text}");
}

#[test]
fn ub_pane_marks_reads_writes_and_changes() {
    // Add int16 mask 64: block 0 reads src0[0..16] (0x000), src1[0..16] (0x100) and writes
    // dst[0..16] = 2, 4, …, 32 at 0x200.
    let mut a = app(ADD64, None);
    keys(&mut a, "s");
    let (buf, text) = pane(&a, 120, 40, panes::ub::render);
    let dst_row = text
        .lines()
        .find(|l| l.contains("0x00200 dst"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        dst_row.contains("2*") && dst_row.contains("32*"),
        "{dst_row}"
    );
    let src_row = text.lines().find(|l| l.contains("0x00000 src0")).unwrap();
    assert!(
        src_row.contains("1:") && src_row.contains("16:"),
        "{src_row}"
    );
    let next = text.lines().find(|l| l.contains("0x00220 dst")).unwrap();
    assert!(
        next.contains('·') && !next.contains('*'),
        "dst[16..] is still uninitialised: {next}"
    );
    let (got, want) = (style_at(&buf, &text, "32*"), a.theme.style("changed"));
    assert_eq!(
        (got.fg, got.bg, got.add_modifier),
        (want.fg, want.bg, want.add_modifier)
    );
    // Hex view of the same elements, grouped by element width in value order: 2 = 0x0002
    // (bytes 02 00 in memory), 4 = 0x0004.
    keys(&mut a, "x");
    let (_, text) = pane(&a, 120, 20, panes::ub::render);
    assert!(
        text.lines()
            .any(|l| l.contains("0x00200 dst") && l.contains(" 0002* 0004*")),
        "{text}"
    );
    // Free memory after the last tensor (no owner, never written) is one line up to the end
    // of atlas_a2's 192 KiB UB: (0x30000 - 0x300) / 32 = 6120 blocks.
    assert!(
        text.contains("0x00300..0x30000  no tensor, uninitialised (6120 blocks)"),
        "{text}"
    );
}

/// The UB pane follows from the first frame: at step 0 it shows where the first instruction
/// writes (0x4000 here, far from the first tensor at 0), and after going back to step 0 too;
/// an instruction that writes nothing in the UB (a copy out to GM) is followed at what it
/// reads.
#[test]
fn ub_pane_follows_the_first_instruction_from_the_first_frame() {
    let src = r#"Program(
        tensors: {
            "a": (dtype: int16, addr: 0x0000, len: 128, init: Ramp(start: 1, step: 1)),
            "far": (dtype: int16, addr: 0x4000, len: 128),
        },
        code: [
            Adds(dst: "far", src: "a", scalar: 1, mask: 128, repeat_times: 1,
                 params: [1, 1, 8, 8]),
        ],
    )"#;
    let mut a = app_str(src, Product::AtlasA2);
    // The followed row, marked ▸, on screen.
    let first_row = |a: &App| {
        let (_, text) = pane(a, 100, 8, panes::ub::render);
        text.lines()
            .find(|l| l.contains('▸'))
            .unwrap_or_default()
            .to_string()
    };
    assert!(first_row(&a).contains("0x04000 far"), "{}", first_row(&a));
    keys(&mut a, "ss");
    a.session
        .apply(
            &ascstep::debug::command::parse_line("goto 0")
                .unwrap()
                .unwrap(),
        )
        .unwrap();
    a.after_change();
    assert!(first_row(&a).contains("0x04000 far"), "{}", first_row(&a));

    let src = r#"Program(
        tensors: {
            "a": (dtype: int16, addr: 0x0000, len: 16),
            "b": (dtype: int16, addr: 0x2000, len: 16, init: Ramp(start: 1, step: 1)),
        },
        gm: { "out": (dtype: int16, len: 16) },
        code: [ DataCopy(dst: "out[0]", src: "b", count: 16) ],
    )"#;
    let a = app_str(src, Product::AtlasA2);
    assert!(first_row(&a).contains("0x02000 b"), "{}", first_row(&a));
}

#[test]
fn ub_pane_shows_every_value_whole_and_wraps_a_block() {
    // half(0.7505) = 0.75048828125 reads back from "0.7505"; 130 and -3.936 likewise;
    // half(1e-7) is the subnormal 2·2^-24, which "1e-7" reads back to (values in their own
    // type, at most 4 significant digits in the panes). The widest half here, "-0.001234",
    // sets the cell (9 + mark + space = 11 columns): 16 of them need 2 lines at 160 columns
    // and 4 at 80 (64 columns after the address and name: 5 cells, balanced to 4 per line).
    let src = r#"Program(
        tensors: {
            "h": (dtype: half, addr: 0x0000, len: 16,
                  init: Values([0.7505, 130, -3.9355469, 65504, 1e-7, 100, 1000, 2048,
                                -0.001234, 5, 6, 7, 8, 9, 10, 11])),
            "f": (dtype: float, addr: 0x0020, len: 8,
                  init: Values([123456, 0.1, -1e-30, 16777216, 1, 2, 3, 4])),
        },
        code: [],
    )"#;
    let a = app_str(src, Product::AtlasA2);
    for (w, rows_per_half_block) in [(160u16, 2usize), (80, 4)] {
        let (_, text) = pane(&a, w, 12, panes::ub::render);
        for v in [
            "0.7505",
            "130",
            "-3.936",
            "65500",
            "1e-7",
            "1000",
            "2048",
            "-0.001234",
        ] {
            assert!(
                text.split_whitespace()
                    .any(|c| c.trim_end_matches(['*', '=', ':']) == v),
                "{v} missing at width {w}:\n{text}"
            );
        }
        for v in ["1.235e5", "0.1", "-1e-30", "1.678e7"] {
            assert!(text.contains(v), "{v} missing at width {w}:\n{text}");
        }
        assert!(!text.contains('…'), "nothing is cut at width {w}:\n{text}");
        let lines_of_h = text
            .lines()
            .skip_while(|l| !l.contains("0x00000 h"))
            .take_while(|l| !l.contains("0x00020"))
            .count();
        assert_eq!(lines_of_h, rows_per_half_block, "{text}");
    }
}

#[test]
fn tensors_pane_has_an_element_cursor_that_w_watches() {
    // ADD64: src0 (128), src1 (128), dst (128) in that order; 130 elements down is src1[2].
    let mut a = app(ADD64, None);
    keys(&mut a, "5");
    assert_eq!(a.focus, Pane::Tensors);
    for _ in 0..130 {
        keys(&mut a, "j");
    }
    assert_eq!(a.tensor_cursor, (1, 2));
    keys(&mut a, "w");
    assert!(
        a.log
            .iter()
            .any(|l| l.text.contains("watchpoint 1 on src1[2]")),
        "{:?}",
        a.log.iter().map(|l| &l.text).collect::<Vec<_>>()
    );
    // The cursor's row is on screen with its element in the selection style: src1 = 1..128,
    // so src1[2] = 3 is the third value of src1's first row.
    let (buf, text) = pane(&a, 80, 12, panes::tensors::render);
    let y = text
        .lines()
        .skip_while(|l| !l.contains("src1 int16[128]"))
        .nth(1)
        .and_then(|row| text.lines().position(|l| l == row))
        .unwrap_or_else(|| panic!("src1's first row is not on screen:\n{text}"));
    let row: Vec<char> = text.lines().nth(y).unwrap().chars().collect();
    let x = (0..row.len())
        .find(|&x| row[x] == '3' && row[x.saturating_sub(1)] == ' ')
        .unwrap_or_else(|| panic!("no value 3 in {:?}", row.iter().collect::<String>()));
    // The default theme's selection is reverse video.
    let got = buf[(x as u16, y as u16)].style();
    let sel = a.theme.style("selection");
    assert!(
        got.add_modifier.contains(sel.add_modifier),
        "{got:?} at ({x}, {y}):\n{text}"
    );
    let other = buf[(x as u16 - 5, y as u16)].style();
    assert!(
        !other.add_modifier.contains(sel.add_modifier),
        "only the cursor's element"
    );
    // Running on: the watchpoint on src1[2] stops at the block that reads it (block 0).
    keys(&mut a, "c");
    let stop = a.session.stops().last().cloned().unwrap();
    assert!(
        stop.message.contains("watchpoint 1 (src1[2])"),
        "{}",
        stop.message
    );
}

#[test]
fn tensors_pane_lists_typed_values_and_changes() {
    let mut a = app(ADD64, None);
    keys(&mut a, "s");
    let (_, text) = pane(&a, 80, 30, panes::tensors::render);
    assert!(text.contains("dst int16[128] @ 0x200"), "{text}");
    assert!(text.contains("2*") && text.contains("·"), "{text}");
}

#[test]
fn global_memory_tensors_are_in_the_tensors_pane_and_the_inspector() {
    // docs/format.md §11: xGm (612 halves) at GM+0x0, yGm at GM+0x600, zGm at GM+0xc00.
    let mut a = app("programs/kernel_add_tile_gm.ron", None);
    keys(&mut a, "n"); // to instruction 1: DataCopy yLocal ← yGm
    let (_, text) = pane(&a, 110, 12, panes::inspector::render);
    assert!(text.contains("src       GM+0x600"), "{text}");
    let (_, text) = pane(&a, 80, 400, panes::tensors::render);
    assert!(text.contains("xGm half[612] @ GM+0x0"), "{text}");
    assert!(text.contains("zGm half[612] @ GM+0xc00"), "{text}");
}

#[test]
fn divergence_pane_shows_the_200i_zeroing_of_pair_reduce_sum() {
    // semantics.md §9 row 1: mask 62 on float leaves dst[31] (−1 here) on A2 but writes 0 on
    // 200I/500 A2 and 950; the training series has no float PairReduceSum (§9 row 25).
    let a = app(MASK62, None);
    let (_, text) = pane(&a, 100, 10, panes::divergence::render);
    assert!(
        text.contains("atlas_200i_500_a2 ≠ 1 element differs: dst[31] -1 → 0"),
        "{text}"
    );
    assert!(
        text.contains("ascend_950        ≠ 1 element differs: dst[31] -1 → 0"),
        "{text}"
    );
    assert!(text.contains("atlas_a3          = same result"), "{text}");
    assert!(
        text.contains("atlas_training    ✗ rejects it: unsupported-dtype"),
        "{text}"
    );
    // The details follow the one-line summaries: the full message.
    assert!(
        text.contains("atlas_training: error[unsupported-dtype]"),
        "{text}"
    );
}

#[test]
fn divergence_pane_keeps_every_product_in_sight_and_compares_at_a_rejection() {
    // semantics.md §9 row 24: Abs on int16 exists on 200I/500 A2 (and 950's table has int16
    // too); A2, A3, training and inference reject it.
    let prog = "programs/divergence_abs_int16_200i.ron";
    let a = app(prog, None);
    // 5 other products in 7 rows (5 inner): every one on its own line.
    let (_, text) = pane(&a, 60, 7, panes::divergence::render);
    for p in [
        "atlas_training",
        "atlas_inference",
        "atlas_a2",
        "atlas_a3",
        "ascend_950",
    ] {
        assert!(text.contains(p), "{p} out of sight:\n{text}");
    }
    assert!(text.contains("ascend_950        = same result"), "{text}");
    assert!(
        text.contains("atlas_a2          ✗ rejects it: unsupported-dtyp"),
        "{text}"
    );
    // On atlas_a2 the program stops at the instruction: the pane says who accepts it.
    let mut a = app(prog, Some(Product::AtlasA2));
    keys(&mut a, "s");
    let (_, text) = pane(&a, 80, 12, panes::divergence::render);
    assert!(
        text.contains("atlas_a2          ✗ rejects it: unsupported-dtype"),
        "{text}"
    );
    assert!(text.contains("atlas_200i_500_a2 ✓ accepts it"), "{text}");
    assert!(text.contains("ascend_950        ✓ accepts it"), "{text}");
    assert!(text.contains("atlas_a3          ✗ rejects it"), "{text}");
    // Focused, it scrolls down to the details.
    keys(&mut a, "6");
    for _ in 0..5 {
        keys(&mut a, "j");
    }
    let (_, text) = pane(&a, 80, 12, panes::divergence::render);
    assert!(
        !text.contains("atlas_a2          ✗"),
        "scrolled past the summary:\n{text}"
    );
    assert!(text.contains("error[unsupported-dtype]"), "{text}");
}

#[test]
fn log_pane_shows_diagnostics_and_stops() {
    let mut a = app(ADD64, None);
    a.run_line("break-on diagnostics");
    a.run_line("continue");
    let (_, text) = pane(&a, 100, 8, panes::log::render);
    assert!(
        text.contains("■ stopped at step 8: program finished"),
        "{text}"
    );
}

/// The tensors pane leads with the scalar unit: every scalar with its value, `·` while
/// uninitialised, `*` on what the last step changed (program-format.md §10).
#[test]
fn tensors_pane_shows_scalars_and_what_a_step_changed() {
    let src = r#"Program(
        tensors: { "x": (dtype: float, addr: 0x000, len: 8, init: Ramp(start: 1, step: 1)) },
        scalars: { "n": (dtype: int32, value: 4), "s": (dtype: float) },
        code: [
            GetValue(dst: "s", src: "x[2]"),
            Let(dst: "n", expr: "n * 10"),
        ],
    )"#;
    let mut a = app_str(src, Product::AtlasA2);
    let (_, text) = pane(&a, 60, 6, panes::tensors::render);
    assert!(text.contains("scalars  n = 4  s = ·"), "{text}");
    keys(&mut a, "n"); // GetValue: s = x[2] = 3
    let (_, text) = pane(&a, 60, 6, panes::tensors::render);
    assert!(text.contains("n = 4  s = 3*"), "{text}");
    keys(&mut a, "n"); // Let: n = 40
    let (_, text) = pane(&a, 60, 6, panes::tensors::render);
    assert!(text.contains("n = 40*  s = 3 "), "{text}");
}

/// The inspector names scalar-unit and synchronisation steps for what they are and draws no
/// vector plan for them (no "NOP" warning: they do run).
#[test]
fn inspector_describes_scalar_and_sync_steps() {
    let src = r#"Program(
        tensors: { "x": (dtype: float, addr: 0x000, len: 8, init: Ramp(start: 1, step: 1)) },
        scalars: { "s": (dtype: float) },
        code: [
            PipeBarrier(pipe: PIPE_V),
            GetValue(dst: "s", src: "x[2]"),
        ],
    )"#;
    let mut a = app_str(src, Product::AtlasA2);
    let (_, text) = pane(&a, 110, 8, panes::inspector::render);
    assert!(
        text.contains("PipeBarrier · - · synchronisation: changes no data"),
        "{text}"
    );
    assert!(!text.contains("NOP"), "{text}");
    keys(&mut a, "n");
    let (_, text) = pane(&a, 110, 8, panes::inspector::render);
    assert!(
        text.contains("GetValue · - · a scalar-unit step: no vector lanes"),
        "{text}"
    );
    assert!(
        !text.contains("NOP") && !text.contains("mask-register"),
        "{text}"
    );
}
