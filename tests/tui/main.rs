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

mod keys;
mod pane_views;
mod themes;
