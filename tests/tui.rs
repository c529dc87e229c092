//! The terminal UI rendered into buffers (no terminal): one test per pane asserting what a user
//! must see — values derived from the programs' semantics, highlight glyphs and styles — plus
//! insta snapshots of whole screens at 80×24 and 160×48 (reviewed by eye when accepted).

use ascstep::debug::Session;
use ascstep::program::load;
use ascstep::sim::Product;
use ascstep::tui::app::{App, Pane};
use ascstep::tui::keymap::{Key, Keymap};
use ascstep::tui::theme::Theme;
use ascstep::tui::{buffer_text, panes, screen};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::path::Path;
use std::sync::Arc;

fn app(program: &str, product: Option<Product>) -> App {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let p = load(&root.join(program)).unwrap_or_else(|e| panic!("{}", e.render()));
    let product = product.unwrap_or(p.product);
    App::new(
        Session::new(Arc::new(p), product),
        Theme::default_theme(),
        Keymap::default(),
    )
}

/// The UI on a program given as text (named `t.ron`).
fn app_str(src: &str, product: Product) -> App {
    let p = ascstep::program::load_str(Path::new("t.ron"), src).unwrap();
    App::new(
        Session::new(Arc::new(p), product),
        Theme::default_theme(),
        Keymap::default(),
    )
}

fn keys(a: &mut App, ks: &str) {
    for c in ks.chars() {
        a.handle_key(Key::plain(c));
    }
}

fn pane(a: &App, w: u16, h: u16, f: fn(&App, Rect, &mut Buffer)) -> (Buffer, String) {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    f(a, area, &mut buf);
    let text = buffer_text(&buf);
    (buf, text)
}

/// The style of the first cell of the first occurrence of `needle` in `buf`.
fn style_at(buf: &Buffer, text: &str, needle: &str) -> ratatui::style::Style {
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not on screen:\n{text}"));
    let x = line[..line.find(needle).unwrap()].chars().count();
    buf[(x as u16, y as u16)].style()
}

const MASK62: &str = "programs/seed_pair_reduce_sum_mask62_a2.ron";
const ADD64: &str = "programs/seed_add_int16_mask64.ron";

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

#[test]
fn help_overlay_lists_the_keys() {
    let mut a = app(ADD64, None);
    keys(&mut a, "?");
    let text = screen(&a, 160, 48);
    assert!(
        text.contains("s step block")
            && text.contains("C reverse-continue")
            && text.contains("<C-c> interrupt"),
        "{text}"
    );
    // It scrolls at 80×24 (where it is cut) and closes on Esc, q or ?, not on any key.
    let top = screen(&a, 80, 24);
    keys(&mut a, "jjjjjjjjjjjj");
    assert!(a.help, "scrolling keeps it open");
    let scrolled = screen(&a, 80, 24);
    assert_ne!(top, scrolled);
    assert!(scrolled.contains("Esc, q or ? close it"), "{scrolled}");
    keys(&mut a, "x");
    assert!(a.help, "other keys do nothing");
    keys(&mut a, "q");
    assert!(!a.help && !a.quit, "q closes the help, it does not quit");
}

#[test]
fn keys_step_back_and_forth() {
    let mut a = app(ADD64, None);
    keys(&mut a, "rS");
    assert_eq!(a.session.step_count(), 7);
    keys(&mut a, "C");
    assert_eq!(a.session.step_count(), 0);
    keys(&mut a, "n");
    assert_eq!(a.session.step_count(), 8);
    // Prompt with history: `:` then a command, Enter.
    a.handle_key(Key::plain(':'));
    for c in "goto 3".chars() {
        a.handle_key(Key::plain(c));
    }
    a.handle_key(Key::code(ascstep::tui::keymap::KeyCode::Enter));
    assert_eq!(a.session.step_count(), 3);
    a.handle_key(Key::plain(':'));
    a.handle_key(Key::code(ascstep::tui::keymap::KeyCode::Up));
    assert_eq!(a.prompt.as_deref(), Some("goto 3"));
}

#[test]
fn focus_and_product_keys() {
    let mut a = app(MASK62, None);
    keys(&mut a, "4");
    assert_eq!(a.focus, Pane::Ub);
    a.handle_key(Key::code(ascstep::tui::keymap::KeyCode::Tab));
    assert_eq!(a.focus, Pane::Tensors);
    keys(&mut a, "sss");
    keys(&mut a, "p");
    assert_eq!(a.session.product(), Product::AtlasA3);
    assert_eq!(a.session.step_count(), 3, "a product switch keeps the step");
    // P opens a picker: the prompt at `product ` and the products listed.
    keys(&mut a, "P");
    assert_eq!(a.prompt.as_deref(), Some("product "));
    assert!(a.log.iter().any(|l| l.text.contains("[atlas_a3]")));
    keys(&mut a, "ascend_950");
    a.handle_key(Key::code(ascstep::tui::keymap::KeyCode::Enter));
    assert_eq!(a.session.product(), Product::Ascend950);
    assert_eq!(a.session.step_count(), 3);
    // `print` and `x` bring the UB pane to the tensor or address.
    keys(&mut a, ":print dst");
    a.handle_key(Key::code(ascstep::tui::keymap::KeyCode::Enter));
    assert_eq!(a.ub_row, 0x100 / 32);
    keys(&mut a, ":x 0x2000 4");
    a.handle_key(Key::code(ascstep::tui::keymap::KeyCode::Enter));
    assert_eq!(a.ub_row, 0x2000 / 32);
}

#[test]
fn tiny_terminals_get_a_message() {
    let a = app(ADD64, None);
    let text = screen(&a, 40, 10);
    assert!(text.contains("terminal too small"), "{text}");
}

#[test]
fn a_full_256_kib_ub_renders() {
    let src = r#"Program(
        product: atlas_training,
        tensors: { "x": (dtype: half, addr: 0, len: 131072, init: Fill(1.0)) },
        code: [ Adds(dst: "x", src: "x", scalar: 1.0, mask: 128, repeat_times: 255) ],
    )"#;
    let mut a = app_str(src, Product::AtlasTraining);
    keys(&mut a, "nG");
    let text = screen(&a, 160, 48);
    assert!(text.contains("UB"), "{text}");
}

fn snap(program: &str, script: &[&str], product: Option<Product>, w: u16, h: u16) -> String {
    let mut a = app(program, product);
    for line in script {
        a.run_line(line);
    }
    screen(&a, w, h)
}

#[test]
fn snapshot_add_mask64_after_two_blocks_160x48() {
    insta::assert_snapshot!(snap(ADD64, &["step block 2"], None, 160, 48));
}

#[test]
fn snapshot_add_mask64_after_two_blocks_80x24() {
    insta::assert_snapshot!(snap(ADD64, &["step block 2"], None, 80, 24));
}

#[test]
fn snapshot_pair_reduce_mask62_a2_divergence_160x48() {
    insta::assert_snapshot!(snap(MASK62, &["step block 7"], None, 160, 48));
}

#[test]
fn snapshot_pair_reduce_mask62_a2_divergence_80x24() {
    insta::assert_snapshot!(snap(MASK62, &["key 6"], None, 80, 24));
}

#[test]
fn snapshot_adds_int16_finished_160x48() {
    insta::assert_snapshot!(snap(
        "programs/seed_adds_int16.ron",
        &["continue"],
        None,
        160,
        48
    ));
}

#[test]
fn snapshot_half_tile_over_gm_120x40() {
    insta::assert_snapshot!(snap(
        "programs/kernel_add_tile_gm.ron",
        &["step instr 3", "step block 3"],
        None,
        120,
        40
    ));
}

#[test]
fn snapshot_half_tile_over_gm_80x24_ub() {
    insta::assert_snapshot!(snap(
        "programs/kernel_add_tile_gm.ron",
        &["step instr 10", "key 4"],
        None,
        80,
        24
    ));
}

#[test]
fn snapshot_counter_mode_120x40() {
    insta::assert_snapshot!(snap(
        "programs/mask_counter_mode.ron",
        &["step instr 2", "step repeat"],
        None,
        120,
        40
    ));
}

#[test]
fn snapshot_float_rms_norm_scalars_120x40() {
    insta::assert_snapshot!(snap(
        "programs/kernel_rms_norm_row.ron",
        &["step instr 12"],
        None,
        120,
        40
    ));
}

#[test]
fn snapshot_not_int16_mask_pane_80x24() {
    insta::assert_snapshot!(snap(
        "programs/seed_not_int16.ron",
        &["step instr", "key 3"],
        None,
        80,
        24
    ));
}

#[test]
fn every_theme_in_themes_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes");
    let mut names = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let t = Theme::parse_over(&text, &Theme::default_theme())
            .unwrap_or_else(|d| panic!("{}: {:?}", path.display(), d));
        names.push(t.name);
    }
    names.sort();
    assert_eq!(names, ["default", "high-contrast", "light"]);
    // Each built-in name resolves without a file, and differs from the default where it says so.
    let light = Theme::load("light", Path::new("/nonexistent")).unwrap();
    assert_ne!(light.style("text"), Theme::default_theme().style("text"));
}

/// Bad theme and keymap files are errors with line:col through the binary (exit 2), never a
/// silent fallback.
#[test]
fn bad_theme_and_keymap_files_are_reported_with_their_position() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = env!("CARGO_BIN_EXE_ascstep");
    let prog = root.join(ADD64);
    let script = std::env::temp_dir().join(format!("ascstep-tui-{}.script", std::process::id()));
    std::fs::write(&script, "step\n").unwrap();
    for name in [
        "bad_color",
        "unknown_slot",
        "bad_action",
        "bad_key",
        "key_recursion",
    ] {
        let file = root.join(format!("tests/bad_ui/{name}.ron"));
        let text = std::fs::read_to_string(&file).unwrap();
        let head = text
            .lines()
            .next()
            .unwrap()
            .trim_start_matches("// expect: ")
            .to_string();
        let (code, pos) = head.split_once(' ').unwrap();
        let flag = if text.contains("Keymap") {
            "--keymap"
        } else {
            "--theme"
        };
        let out = std::process::Command::new(bin)
            .args([
                "replay",
                prog.to_str().unwrap(),
                "--script",
                script.to_str().unwrap(),
                "--screen",
                flag,
                file.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("{name}.ron:{pos}: error[{code}]")),
            "{name}: {stderr}"
        );
        assert!(
            out.stdout.is_empty(),
            "{name}: nothing is drawn with a bad file"
        );
    }
    let _ = std::fs::remove_file(&script);
}

#[test]
fn a_keymap_file_overrides_bindings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = env!("CARGO_BIN_EXE_ascstep");
    let dir = std::env::temp_dir().join(format!("ascstep-keymap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("keys.ron"),
        "Keymap({ \"<C-n>\": \"step repeat\", \"s\": \"\" })",
    )
    .unwrap();
    std::fs::write(dir.join("k.script"), "key <C-n>\nkey s\n").unwrap();
    let out = std::process::Command::new(bin)
        .args([
            "replay",
            root.join(ADD64).to_str().unwrap(),
            "--script",
            dir.join("k.script").to_str().unwrap(),
            "--screen",
            "--keymap",
            dir.join("keys.ron").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let screen = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // <C-n> stepped the one repeat (8 blocks); `s` is unbound and only logs a hint.
    assert!(screen.contains("step 8"), "{screen}");
    assert!(screen.contains("key s does nothing here"), "{screen}");
    let _ = std::fs::remove_dir_all(&dir);
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

/// A long program: 64 instructions of 255 full float repeats (130,560 block steps).
fn long_app() -> App {
    let code: String = (0..64)
        .map(|_| "Adds(dst: \"y\", src: \"y\", scalar: 1, mask: 64, repeat_times: 255, params: [1, 1, 8, 8]),\n")
        .collect();
    let src = format!(
        "Program(tensors: {{ \"y\": (dtype: float, addr: 0, len: 16320, init: Fill(0)) }}, code: [{code}])"
    );
    let p = ascstep::program::load_str(Path::new("long.ron"), &src).unwrap();
    let mut a = App::new(
        Session::new(Arc::new(p), Product::AtlasA2),
        Theme::default_theme(),
        Keymap::default(),
    );
    a.interactive = true;
    a
}

#[test]
fn every_long_command_runs_in_slices_and_stops_on_interrupt_with_a_consistent_state() {
    let mut a = long_app();
    // continue: one slice per call, the status bar shows where it is.
    a.run_line("continue");
    assert!(
        a.job.is_some(),
        "a continue over 130,560 steps takes several slices"
    );
    let text = screen(&a, 160, 48);
    assert!(text.contains("running: continue · step 20000"), "{text}");
    // The other products are compared once the command stops, not at every slice.
    assert!(text.contains("compared again when it stops"), "{text}");
    a.tick();
    a.act(ascstep::tui::keymap::Action::Interrupt);
    assert!(a.job.is_none());
    let at = a.session.step_count();
    assert_eq!(at, 40_000, "two slices of 20,000 block steps");
    // The state is the state of a fresh run to the same step: every element of y is the number
    // of repeats that covered it. Step 40,000 is in instruction 19 (2,040 steps each), repeat
    // 155 block 0 (40,000 − 19·2,040 = 1,240 = 155·8): y[0] = 20 (instructions 0..=19 wrote it).
    assert_eq!(
        a.session.element("y", 0),
        Some(ascstep::base::dtype::Value::Float(20.0))
    );
    assert_eq!(
        a.session.element("y", 16319),
        Some(ascstep::base::dtype::Value::Float(19.0))
    );
    // Forward motions while one runs wait; goto runs in slices too.
    a.run_line("goto 130000");
    a.run_line("step 1");
    assert!(a
        .log
        .iter()
        .any(|l| l.text.contains("waits: a command is running")));
    while a.tick() {}
    assert_eq!(a.session.step_count(), 130_000);
    // back by a huge count costs one goto: straight to step 0.
    a.run_line("back block 99999999999");
    while a.tick() {}
    assert_eq!(a.session.step_count(), 0);
    // reverse-continue from the end without a stop to find: slices, then interrupted; the
    // position does not move while it searches.
    a.run_line("goto 130560");
    while a.tick() {}
    a.run_line("reverse-continue");
    if a.job.is_some() {
        a.act(ascstep::tui::keymap::Action::Interrupt);
        assert_eq!(
            a.session.step_count(),
            130_560,
            "searching does not move the machine"
        );
    }
}

#[test]
fn the_prompt_edits_like_a_shell_and_completes_with_tab() {
    use ascstep::tui::keymap::KeyCode;
    let mut a = app("programs/seed_adds_int16.ron", None);
    let code = |a: &mut App, c: KeyCode| a.handle_key(Key::code(c));
    // Tab completes a command, then a tensor name.
    keys(&mut a, ":cont");
    code(&mut a, KeyCode::Tab);
    assert_eq!(a.prompt.as_deref(), Some("continue "));
    code(&mut a, KeyCode::Esc);
    keys(&mut a, ":p dst_c");
    code(&mut a, KeyCode::Tab);
    assert_eq!(a.prompt.as_deref(), Some("p dst_count "));
    // Ctrl-W deletes the word before the cursor, Ctrl-U the whole line before it.
    a.handle_key(Key::ctrl('w'));
    assert_eq!(a.prompt.as_deref(), Some("p "));
    a.handle_key(Key::ctrl('u'));
    assert_eq!(a.prompt.as_deref(), Some(""));
    // Left, Backspace and insertion in the middle: "goto 12" becomes "goto 42".
    keys(&mut a, "goto 12");
    code(&mut a, KeyCode::Left);
    code(&mut a, KeyCode::Backspace);
    keys(&mut a, "4");
    assert_eq!(a.prompt.as_deref(), Some("goto 42"));
    code(&mut a, KeyCode::Home);
    code(&mut a, KeyCode::Delete);
    assert_eq!(a.prompt.as_deref(), Some("oto 42"));
    keys(&mut a, "g");
    a.handle_key(Key::ctrl('e'));
    code(&mut a, KeyCode::Enter);
    assert_eq!(a.session.step_count(), 42);
    // A motion typed at the prompt is echoed to the log (a key press is not).
    keys(&mut a, ":s 2");
    code(&mut a, KeyCode::Enter);
    assert!(a.log.iter().any(|l| l.text == "s 2"));
    assert_eq!(a.session.step_count(), 44);
    // gdb's habits at the prompt: b, c, i b.
    keys(&mut a, ":b 2");
    code(&mut a, KeyCode::Enter);
    keys(&mut a, ":i b");
    code(&mut a, KeyCode::Enter);
    assert!(
        a.log.iter().any(|l| l.text == "1: break instr 2"),
        "{:?}",
        a.log.iter().map(|l| &l.text).collect::<Vec<_>>()
    );
}

#[test]
fn keys_that_press_keys_cannot_recurse() {
    // Built in code (a keymap file refuses it): z presses z.
    let mut a = app(ADD64, None);
    a.keymap.bindings.insert(
        Key::plain('z'),
        ascstep::tui::keymap::Action::Command("key z".into()),
    );
    keys(&mut a, "z");
    assert!(a
        .log
        .iter()
        .any(|l| l.text.contains("nested more than 4 deep")));
}
