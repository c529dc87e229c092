//! Keys, the prompt and long commands: stepping, focus, products, the help overlay, tiny
//! terminals, keymap files, slices and interrupts.

use super::*;

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

#[test]
fn a_keymap_file_overrides_bindings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = env!("CARGO_BIN_EXE_ascstep");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("keymap_{}", std::process::id()));
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
