//! Every shipped theme loads; a bad theme or keymap file is reported with its position.

use super::*;

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
    let script =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tui_{}.script", std::process::id()));
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
