//! Parser tests: every command, its errors with columns, and a fuzz loop.

use super::parse::*;
use super::*;
use Granularity::{Block, Instruction, Repeat};

fn ok(line: &str) -> Command {
    match parse_line(line) {
        Ok(Some(c)) => c,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn elems(tensor: &str, start: u32, end: u32) -> WatchTarget {
    WatchTarget::Elements {
        tensor: tensor.into(),
        start,
        end,
    }
}

fn print(tensor: &str, range: Option<(u32, u32)>, format: Format) -> Command {
    Command::Print {
        tensor: tensor.into(),
        range,
        format,
    }
}

fn break_if(tensor: &str, index: u32, cond: Condition) -> Command {
    Command::BreakIf {
        tensor: tensor.into(),
        index,
        cond,
    }
}

#[test]
fn blank_lines_and_comments_are_nothing() {
    for line in [
        "",
        "   ",
        "\t \t",
        "# a comment",
        "   # indented comment",
        "#",
        "#step",
    ] {
        assert_eq!(parse_line(line), Ok(None), "{line:?}");
    }
}

#[test]
fn every_form_and_every_default() {
    use Command as C;
    use Condition::*;
    let cases: Vec<(&str, Command)> = vec![
        // step / back: defaults block, 1
        ("step", C::Step(Block, 1)),
        ("step 5", C::Step(Block, 5)),
        ("step 0x10", C::Step(Block, 16)),
        ("step block", C::Step(Block, 1)),
        ("step block 3", C::Step(Block, 3)),
        ("step repeat", C::Step(Repeat, 1)),
        ("step repeat 2", C::Step(Repeat, 2)),
        ("step instr", C::Step(Instruction, 1)),
        ("step instr 4", C::Step(Instruction, 4)),
        ("step instruction", C::Step(Instruction, 1)),
        ("step instruction 7", C::Step(Instruction, 7)),
        ("step 18446744073709551615", C::Step(Block, u64::MAX)),
        ("back", C::Back(Block, 1)),
        ("back 2", C::Back(Block, 2)),
        ("back block", C::Back(Block, 1)),
        ("back repeat 3", C::Back(Repeat, 3)),
        ("back instr", C::Back(Instruction, 1)),
        ("back instruction 2", C::Back(Instruction, 2)),
        // whitespace, comments
        ("  step\trepeat   2  ", C::Step(Repeat, 2)),
        ("step 2 # two blocks", C::Step(Block, 2)),
        ("step 2 #two", C::Step(Block, 2)),
        ("continue", C::Continue),
        ("reverse-continue", C::ReverseContinue),
        ("goto 0", C::Goto(0)),
        ("goto 120", C::Goto(120)),
        ("goto 0xff", C::Goto(255)),
        (
            "goto instr 3",
            C::GotoPos(crate::sim::Pos {
                instruction: 3,
                repeat: 0,
                block: 0,
            }),
        ),
        (
            "goto instr 3 repeat 1 block 7",
            C::GotoPos(crate::sim::Pos {
                instruction: 3,
                repeat: 1,
                block: 7,
            }),
        ),
        ("restart", C::Restart),
        ("where", C::Where),
        ("info breakpoints", C::InfoBreakpoints),
        // break
        (
            "break instr 3",
            C::BreakInstr {
                instruction: 3,
                repeat: None,
            },
        ),
        (
            "break instr 0 repeat 7",
            C::BreakInstr {
                instruction: 0,
                repeat: Some(7),
            },
        ),
        (
            "break instruction 2 repeat 0x10",
            C::BreakInstr {
                instruction: 2,
                repeat: Some(16),
            },
        ),
        (
            "break instr 4294967295",
            C::BreakInstr {
                instruction: u32::MAX,
                repeat: None,
            },
        ),
        // watch: bytes
        (
            "watch 0x100",
            C::Watch(
                WatchTarget::Bytes {
                    start: 256,
                    end: 257,
                },
                WatchKind::Write,
            ),
        ),
        (
            "watch 256..288",
            C::Watch(
                WatchTarget::Bytes {
                    start: 256,
                    end: 288,
                },
                WatchKind::Write,
            ),
        ),
        (
            "watch 0x100..0x120 read",
            C::Watch(
                WatchTarget::Bytes {
                    start: 256,
                    end: 288,
                },
                WatchKind::Read,
            ),
        ),
        (
            "watch 0 any",
            C::Watch(WatchTarget::Bytes { start: 0, end: 1 }, WatchKind::Any),
        ),
        (
            "watch 0x100 write",
            C::Watch(
                WatchTarget::Bytes {
                    start: 256,
                    end: 257,
                },
                WatchKind::Write,
            ),
        ),
        // watch: elements
        ("watch z[5]", C::Watch(elems("z", 5, 6), WatchKind::Write)),
        (
            "watch z[0..8] read",
            C::Watch(elems("z", 0, 8), WatchKind::Read),
        ),
        (
            "watch _t9[0x10] any",
            C::Watch(elems("_t9", 16, 17), WatchKind::Any),
        ),
        (
            "watch src0[3..4] write",
            C::Watch(elems("src0", 3, 4), WatchKind::Write),
        ),
        // break-if, with and without spaces
        (
            "break-if z[5] == 3",
            break_if("z", 5, Compare(CmpOp::Eq, 3.0)),
        ),
        (
            "break-if z[5]==3",
            break_if("z", 5, Compare(CmpOp::Eq, 3.0)),
        ),
        (
            "break-if z[5]== 3",
            break_if("z", 5, Compare(CmpOp::Eq, 3.0)),
        ),
        (
            "break-if z[5] ==3",
            break_if("z", 5, Compare(CmpOp::Eq, 3.0)),
        ),
        (
            "break-if z[5] != -2",
            break_if("z", 5, Compare(CmpOp::Ne, -2.0)),
        ),
        (
            "break-if z[5]<1.5",
            break_if("z", 5, Compare(CmpOp::Lt, 1.5)),
        ),
        (
            "break-if z[5] <= 1e3",
            break_if("z", 5, Compare(CmpOp::Le, 1000.0)),
        ),
        (
            "break-if z[5]>.25",
            break_if("z", 5, Compare(CmpOp::Gt, 0.25)),
        ),
        (
            "break-if z[5] >= -0x10",
            break_if("z", 5, Compare(CmpOp::Ge, -16.0)),
        ),
        (
            "break-if z[5]>=-1",
            break_if("z", 5, Compare(CmpOp::Ge, -1.0)),
        ),
        (
            "break-if z[5] < +2.",
            break_if("z", 5, Compare(CmpOp::Lt, 2.0)),
        ),
        (
            "break-if z[5] > inf",
            break_if("z", 5, Compare(CmpOp::Gt, f64::INFINITY)),
        ),
        (
            "break-if z[5]==-inf",
            break_if("z", 5, Compare(CmpOp::Eq, f64::NEG_INFINITY)),
        ),
        ("break-if z[0x20] is nan", break_if("z", 32, IsNan)),
        ("break-if z[5] is inf", break_if("z", 5, IsInf)),
        ("break-if z[5] changed", break_if("z", 5, Changed)),
        ("break-on diagnostics", C::BreakOnDiagnostics),
        ("enable 1", C::Enable(1)),
        ("disable 2", C::Disable(2)),
        ("delete 0x3", C::Delete(3)),
        // print: default Natural, whole tensor
        ("print z", print("z", None, Format::Natural)),
        ("print z[5]", print("z", Some((5, 6)), Format::Natural)),
        ("print z[0..8]", print("z", Some((0, 8)), Format::Natural)),
        (
            "print z[0x10..0x20] hex",
            print("z", Some((16, 32)), Format::Hex),
        ),
        (
            "print z as float",
            print("z", None, Format::As(DType::Float)),
        ),
        (
            "print z[3] as u16",
            print("z", Some((3, 4)), Format::As(DType::UInt16)),
        ),
        ("print z hex", print("z", None, Format::Hex)),
        // x: default Natural (hex bytes)
        (
            "x 0x100 32",
            C::Examine {
                addr: 256,
                len: 32,
                format: Format::Natural,
            },
        ),
        (
            "x 0 1 hex",
            C::Examine {
                addr: 0,
                len: 1,
                format: Format::Hex,
            },
        ),
        (
            "x 512 16 as half",
            C::Examine {
                addr: 512,
                len: 16,
                format: Format::As(DType::Half),
            },
        ),
        (
            "x 0xfffffffe 1",
            C::Examine {
                addr: 0xffff_fffe,
                len: 1,
                format: Format::Natural,
            },
        ),
        ("last-writer 0x200", C::LastWriter(512)),
        ("last-writer 7", C::LastWriter(7)),
    ];
    for (line, want) in cases {
        assert_eq!(ok(line), want, "{line:?}");
    }
    for p in Product::ALL {
        assert_eq!(ok(&format!("product {}", p.key())), C::Product(p));
    }
    for d in DType::ALL {
        let want = print("t", None, Format::As(d));
        assert_eq!(ok(&format!("print t as {}", d.name())), want);
        assert_eq!(ok(&format!("print t as {}", d.alias())), want);
    }
}

#[test]
fn nan_values() {
    // NaN != NaN, so these cannot sit in the table above.
    for line in [
        "break-if z[5] == nan",
        "break-if z[5]!=nan",
        "break-if z[5]<nan",
    ] {
        match ok(line) {
            Command::BreakIf {
                cond: Condition::Compare(_, v),
                ..
            } => assert!(v.is_nan(), "{line:?}"),
            other => panic!("{line:?} gave {other:?}"),
        }
    }
}

#[test]
fn malformed_lines_point_at_the_offending_word() {
    // (line, column, part of the message)
    let cases: &[(&str, u32, &str)] = &[
        ("stpe", 1, "unknown command \"stpe\" (did you mean \"step\"?); expected one of step, back, continue"),
        ("  contineu", 3, "did you mean \"continue\""),
        ("frobnicate", 1, "unknown command \"frobnicate\"; expected one of step"),
        ("re", 1, "\"re\" is ambiguous: reverse-continue, restart"),
        ("n x", 3, "expected a count"),
        ("STEP", 1, "unknown command \"STEP\""),
        ("goto abc", 6, "expected a step number or \"instr\" after \"goto\", found \"abc\""),
        ("goto", 5, "expected a step number or \"instr\" after \"goto\", found the end of the line"),
        ("goto instr", 11, "expected a number after \"instr\""),
        ("goto instr 2 repeat", 20, "expected a number after \"repeat\""),
        ("goto instr 2 block 3", 14, "unexpected \"block\""),
        ("goto -1", 6, "found \"-1\""),
        ("goto 18446744073709551616", 6, "too large"),
        ("goto 0x", 6, "expected a step number"),
        ("goto +5", 6, "expected a step number"),
        ("goto 1_000", 6, "expected a step number"),
        ("continue foo", 10, "unexpected \"foo\" after the command"),
        ("where now", 7, "unexpected \"now\""),
        ("restart 1", 9, "unexpected \"1\""),
        ("reverse-continue x", 18, "unexpected \"x\""),
        ("step 0", 6, "at least 1"),
        ("step repeat 0", 13, "at least 1"),
        ("step blok", 6, "expected block, repeat, instr or a count after \"step\", found \"blok\" (did you mean \"block\"?)"),
        ("step repeat x", 13, "expected a count after \"repeat\", found \"x\""),
        ("step 2 repeat", 8, "unexpected \"repeat\""),
        ("step 1 2", 8, "unexpected \"2\""),
        ("back 99999999999999999999", 6, "too large"),
        ("back -1", 6, "expected block, repeat, instr or a count"),
        ("info", 5, "expected \"breakpoints\" after \"info\", found the end of the line"),
        ("info brekpoints", 6, "did you mean \"breakpoints\""),
        ("break", 6, "expected \"instr\" after \"break\""),
        ("break five", 7, "expected \"instr\" or an instruction number after \"break\""),
        ("break instr", 12, "expected a number after \"instr\""),
        ("break instr x", 13, "expected a number after \"instr\", found \"x\""),
        ("break instr 4294967296", 13, "too large; at most 4294967295"),
        ("break instr 1 repeat", 21, "expected a number after \"repeat\""),
        ("break instr 1 repeat -1", 22, "found \"-1\""),
        ("break instr 1 rep 2", 15, "unexpected \"rep\""),
        ("watch", 6, "expected an address or a tensor element"),
        ("watch 0x100..", 14, "expected an end address after \"..\""),
        ("watch 0x100..abc", 14, "expected an end address (decimal or 0x hex) after \"..\", found \"abc\""),
        ("watch 0x120..0x100", 14, "empty range"),
        ("watch 16..16", 11, "empty range"),
        ("watch 4294967295", 7, "too large"),
        ("watch 0xzz", 7, "expected an address (decimal or 0x hex) after \"watch\", found \"0xzz\""),
        ("watch z[5] sometimes", 12, "expected read, write, any or the end of the line"),
        ("watch z[5] red", 12, "did you mean \"read\""),
        ("watch z[5] read now", 17, "unexpected \"now\""),
        ("watch z[5]x", 11, "unexpected \"x\" after \"z[5]\""),
        ("watch 9z", 7, "expected an address"),
        ("watch -z", 7, "expected an address or a tensor element"),
        ("break-if", 9, "expected a tensor element"),
        ("break-if z", 11, "break-if needs one element"),
        ("break-if z[0..4] == 1", 10, "break-if needs one element"),
        ("break-if z[5]", 14, "expected a comparison (== != < <= > >=), \"is nan\", \"is inf\" or \"changed\" after \"z[5]\", found the end of the line"),
        ("break-if z[5] = 3", 15, "write == to compare"),
        ("break-if z[5]=3", 14, "write == to compare"),
        ("break-if z[5] ==", 17, "expected a value after \"==\""),
        ("break-if z[5]==abc", 16, "expected a value (an integer, a float, nan, inf or -inf) after \"==\", found \"abc\""),
        ("break-if z[5] == 3 4", 20, "unexpected \"4\""),
        ("break-if z[5] == NaN", 18, "found \"NaN\""),
        ("break-if z[5] == 1e999", 18, "out of range"),
        ("break-if z[5] == 1e", 18, "expected a value"),
        ("break-if z[5] == .", 18, "expected a value"),
        ("break-if z[5] is", 17, "expected nan or inf after \"is\""),
        ("break-if z[5] is zero", 18, "expected nan or inf"),
        ("break-if z[5] chnaged", 15, "did you mean \"changed\""),
        ("break-if z[5] changed now", 23, "unexpected \"now\""),
        ("break-if z[5]changed", 14, "expected a space or a comparison operator"),
        ("break-if z[5] ! 3", 15, "expected a comparison operator"),
        ("break-on", 9, "expected \"diagnostics\""),
        ("break-on warnings", 10, "expected \"diagnostics\" after \"break-on\", found \"warnings\""),
        ("enable", 7, "expected a number after \"enable\""),
        ("disable one", 9, "expected a number after \"disable\", found \"one\""),
        ("delete 0", 8, "breakpoint ids start at 1"),
        ("delete 1 2", 10, "unexpected \"2\""),
        ("print", 6, "expected a tensor name after \"print\""),
        ("print 3", 7, "expected a tensor name after \"print\", found \"3\""),
        ("print z-1", 8, "unexpected \"-1\" after tensor name \"z\""),
        ("print z[", 8, "missing \"]\""),
        ("print z[5", 8, "missing \"]\""),
        ("print z[]", 9, "expected an element index (decimal or 0x hex) inside \"[]\""),
        ("print z[abc]", 9, "expected an element index (decimal or 0x hex) inside \"[]\", found \"abc\""),
        ("print z[-1]", 9, "found \"-1\""),
        ("print z[4294967295]", 9, "too large; at most 4294967294"),
        ("print z[4294967296]", 9, "too large"),
        ("print z[..4]", 9, "expected a start index"),
        ("print z[4..]", 12, "expected an end index"),
        ("print z[2..x]", 12, "expected an end index (decimal or 0x hex), found \"x\""),
        ("print z[8..4]", 12, "empty range \"8..4\""),
        ("print z[4..4]", 12, "empty range"),
        ("print z[1]]", 11, "unexpected \"]\" after \"z[1]\""),
        ("print z as", 11, "expected a type after \"as\""),
        ("print z as flaot", 12, "unknown type \"flaot\" (did you mean \"float\"?); expected one of half, bfloat16, float"),
        ("print z as hex", 12, "write \"hex\" without \"as\""),
        ("print z hex as half", 13, "unexpected \"as\""),
        ("print z decimal", 9, "expected \"as TYPE\", \"hex\" or the end of the line after \"z\", found \"decimal\""),
        ("x", 2, "expected an address after \"x\""),
        ("x 0x100", 8, "expected a byte count after \"0x100\""),
        ("x foo 4", 3, "expected an address (decimal or 0x hex) after \"x\", found \"foo\""),
        ("x 0x100 0", 9, "at least 1"),
        ("x 0x100 ten", 9, "expected a byte count after \"0x100\", found \"ten\""),
        ("x 0xffffffff 1", 14, "the bytes 0xffffffff..0x100000000 end past the largest address"),
        ("x 0x100000000 1", 3, "too large"),
        ("x 0 4 as bogus", 10, "unknown type \"bogus\""),
        ("last-writer", 12, "expected an address after \"last-writer\""),
        ("last-writer z[5]", 13, "expected an address"),
        ("product", 8, "expected a product after \"product\""),
        ("product atlas_a4", 9, "unknown product \"atlas_a4\" (did you mean \"atlas_a2\"?); expected one of atlas_training, atlas_inference, atlas_a2"),
        ("product a2", 9, "unknown product \"a2\""),
        ("product atlas_a2 now", 18, "unexpected \"now\""),
        ("key s", 1, "presses a key in the terminal UI"),
        // columns count characters, not bytes
        ("é stpe", 1, "unknown command \"é\""),
        ("goto é", 6, "found \"é\""),
        ("print ü[1]", 7, "expected a tensor name"),
        ("print zé", 8, "unexpected \"é\" after tensor name \"z\""),
    ];
    for &(line, col, part) in cases {
        match parse_line(line) {
            Err(e) => {
                assert!(
                    e.message.contains(part),
                    "{line:?}: message {:?} lacks {part:?}",
                    e.message
                );
                assert_eq!(e.col, col, "{line:?}: column ({})", e.message);
            }
            other => panic!("{line:?} should fail, gave {other:?}"),
        }
    }
}

#[test]
fn source_lines_step_and_break() {
    let ok = |l: &str| parse_line(l).unwrap_or_else(|e| panic!("{l:?}: {}", e.message));
    assert_eq!(ok("step line"), Some(Command::StepLine(1)));
    assert_eq!(ok("back line 4"), Some(Command::BackLine(4)));
    assert_eq!(
        ok("break add_custom.cpp:42"),
        Some(Command::BreakLine {
            file: "add_custom.cpp".into(),
            line: 42
        })
    );
    assert_eq!(
        ok("b op_kernel/add.h:7"),
        Some(Command::BreakLine {
            file: "op_kernel/add.h".into(),
            line: 7
        })
    );
    let e = parse_line("break add.cpp:x").unwrap_err();
    assert_eq!(e.col, 15, "{}", e.message);
    assert!(
        e.message
            .contains("expected a line number after \"add.cpp:\""),
        "{}",
        e.message
    );
    let e = parse_line("step line 0").unwrap_err();
    assert_eq!(e.col, 11, "{}", e.message);
}

#[test]
fn gdb_abbreviations_and_unique_prefixes() {
    use crate::sim::Granularity as G;
    let ok = |l: &str| parse_line(l).unwrap_or_else(|e| panic!("{l:?}: {}", e.message));
    assert_eq!(ok("s"), Some(Command::Step(G::Block, 1)));
    assert_eq!(ok("s 4"), Some(Command::Step(G::Block, 4)));
    assert_eq!(ok("n"), Some(Command::StepLine(1)));
    assert_eq!(ok("next 3"), Some(Command::StepLine(3)));
    assert_eq!(ok("c"), Some(Command::Continue));
    assert_eq!(ok("cont"), Some(Command::Continue));
    assert_eq!(ok("rc"), Some(Command::ReverseContinue));
    assert_eq!(ok("rev"), Some(Command::ReverseContinue));
    assert_eq!(ok("rn 2"), Some(Command::BackLine(2)));
    assert_eq!(
        ok("b 3"),
        Some(Command::BreakInstr {
            instruction: 3,
            repeat: None
        })
    );
    assert_eq!(
        ok("break 3 repeat 1"),
        Some(Command::BreakInstr {
            instruction: 3,
            repeat: Some(1)
        })
    );
    assert_eq!(ok("i b"), Some(Command::InfoBreakpoints));
    assert_eq!(ok("info break"), Some(Command::InfoBreakpoints));
    assert_eq!(ok("del 2"), Some(Command::Delete(2)));
    assert_eq!(ok("wh"), Some(Command::Where));
    assert!(matches!(ok("p y"), Some(Command::Print { .. })));
    // An error after an abbreviation points into the line as typed.
    let e = parse_line("p y[").unwrap_err();
    assert_eq!(e.col, 4, "{}", e.message);
}

#[test]
fn every_example_in_the_documentation_parses() {
    let doc = include_str!("../../../docs/commands.md");
    let mut seen = 0;
    // The last column of the command table: backquoted examples separated by commas.
    for row in doc.lines().filter(|l| l.starts_with("| `")) {
        let examples = row.trim_end_matches('|').rsplit('|').next().unwrap_or("");
        for ex in examples
            .split(", ")
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            let ex = ex.trim_matches('`');
            assert!(
                matches!(parse_line(ex), Ok(Some(_))),
                "{ex:?}: {:?}",
                parse_line(ex)
            );
            seen += 1;
        }
    }
    // The example script.
    let script = doc.split("An example:").nth(1).unwrap_or("");
    for line in script.lines().filter(|l| !l.starts_with("```")) {
        assert!(parse_line(line).is_ok(), "{line:?}: {:?}", parse_line(line));
        seen += 1;
    }
    // (the `key` examples moved to the UI's own lines, tui/line.rs)
    assert!(seen >= 50, "only {seen} examples found");
}

#[test]
fn unknown_product_lists_every_product() {
    let e = parse_line("product nope").unwrap_err();
    assert!(e.message.ends_with(&Product::list()), "{}", e.message);
}

#[test]
fn edit_distance_counts_transpositions_as_one() {
    let edit_distance = strsim::osa_distance;
    assert_eq!(edit_distance("stpe", "step"), 1);
    assert_eq!(edit_distance("", "abc"), 3);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
    assert_eq!(closest("brek", &COMMANDS), Some("break"));
    assert_eq!(closest("y", &COMMANDS), None);
}

#[test]
fn every_command_word_is_known() {
    // The list in messages and the parser agree: each word gets past "unknown command".
    for c in COMMANDS {
        if let Err(e) = parse_line(c) {
            assert!(!e.message.contains("unknown command"), "{c}: {}", e.message);
        }
    }
}

/// The crate's one generator, enough for a fuzz loop.
struct Rng(crate::base::rng::SplitMix64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
}

/// Checks the contract on one line: no panic; an error points inside the line (or just
/// past its end) and says something.
fn check_line(line: &str) {
    if let Err(e) = parse_line(line) {
        let chars = line.chars().count() as u32;
        assert!(
            e.col >= 1 && e.col <= chars + 1,
            "{line:?}: column {}",
            e.col
        );
        assert!(!e.message.is_empty(), "{line:?}");
        assert!(!e.message.contains('\n'), "{line:?}: {}", e.message);
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(crate::base::rng::SplitMix64::new(0x5EED));
    for _ in 0..20_000 {
        let len = rng.below(40);
        let bytes: Vec<u8> = (0..len).map(|_| rng.0.next_u64() as u8).collect();
        check_line(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn random_word_salads_never_panic() {
    // Words and fragments of the language, glued or spaced at random, so that lines get
    // deep into each command's grammar.
    const PARTS: &[&str] = &[
        "step",
        "back",
        "continue",
        "reverse-continue",
        "goto",
        "restart",
        "where",
        "info",
        "breakpoints",
        "break",
        "instr",
        "instruction",
        "repeat",
        "block",
        "watch",
        "break-if",
        "break-on",
        "diagnostics",
        "enable",
        "disable",
        "delete",
        "print",
        "x",
        "last-writer",
        "product",
        "key",
        "atlas_a2",
        "read",
        "write",
        "any",
        "as",
        "hex",
        "half",
        "u8",
        "is",
        "nan",
        "inf",
        "-inf",
        "changed",
        "z",
        "_t",
        "[",
        "]",
        "..",
        "==",
        "!=",
        "<",
        "<=",
        ">",
        ">=",
        "=",
        "!",
        "0",
        "1",
        "7",
        "0x",
        "0x1f",
        "4294967295",
        "4294967296",
        "18446744073709551616",
        "-",
        "+",
        ".",
        "e",
        "#",
        "é",
        "\t",
        " ",
        "  ",
        "\u{3000}",
        "\0",
    ];
    let mut rng = Rng(crate::base::rng::SplitMix64::new(42));
    let (mut parsed, mut failed) = (0, 0);
    for _ in 0..50_000 {
        let n = rng.below(9);
        let mut line = String::new();
        for _ in 0..n {
            line.push_str(PARTS[rng.below(PARTS.len())]);
            if rng.below(3) > 0 {
                line.push(' ');
            }
        }
        check_line(&line);
        match parse_line(&line) {
            Ok(Some(_)) => parsed += 1,
            Err(_) => failed += 1,
            Ok(None) => {}
        }
    }
    // Guard: the generator reaches both outcomes, not only "unknown command".
    assert!(
        parsed > 500 && failed > 500,
        "parsed {parsed}, failed {failed}"
    );
}

#[test]
fn mutated_valid_lines_never_panic() {
    let seeds = [
        "step instr 4",
        "break instr 0 repeat 7",
        "watch 0x100..0x120 read",
        "watch z[0..8] any",
        "break-if z[5]>=-0x10",
        "break-if z[5] is nan",
        "print z[0x10..0x20] as bf16",
        "x 0xfffffffe 1 hex",
        "product ascend_950",
        "key <C-c>",
    ];
    let mut rng = Rng(crate::base::rng::SplitMix64::new(7));
    for _ in 0..20_000 {
        let mut chars: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len() + 1);
            match rng.below(3) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 if at < chars.len() => chars[at] = (rng.0.next_u64() as u8 % 96 + 32) as char,
                _ => chars.insert(at, "[].=#x 0-é".chars().nth(rng.below(10)).unwrap()),
            }
        }
        check_line(&chars.into_iter().collect::<String>());
    }
}
