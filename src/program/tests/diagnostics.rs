//! One test per diagnostic code: the code and the exact position.

use super::*;

pub(super) fn diags(src: &str) -> Vec<Diagnostic> {
    match load_str(Path::new("t.ron"), src) {
        Ok(_) => panic!("expected the program to be rejected"),
        Err(e) => e.diagnostics,
    }
}

/// Asserts that `src` is rejected with exactly one diagnostic, of `code`, at `line:col`, and
/// returns it.
pub(super) fn one(src: &str, code: &str, line: u32, col: u32) -> Diagnostic {
    let d = diags(src);
    let shown: Vec<String> = d
        .iter()
        .map(|d| format!("{} at {:?}: {}", d.code, d.span, d.message))
        .collect();
    assert_eq!(d.len(), 1, "{shown:#?}");
    assert_eq!(d[0].code, code, "{shown:#?}");
    assert_eq!(d[0].span, Some(Span::new(line, col)), "{shown:#?}");
    d[0].clone()
}

/// A program with tensors "x", "y" (half, 128) and "i" (int16, 128) and `code` on line 7.
pub(super) fn prog(code: &str) -> String {
    format!(
        "Program(\n  tensors: {{\n    \"x\": (dtype: half, addr: 0, len: 128),\n    \"y\": (dtype: half, addr: 256, len: 128),\n    \"i\": (dtype: int16, addr: 512, len: 128),\n  }},\n  code: [{code}],\n)\n"
    )
}

/// A program with one tensor declared on line 2 as `tensor`.
pub(super) fn with_tensor(tensor: &str) -> String {
    format!("(\n  tensors: {{ {tensor} }},\n  code: [],\n)")
}

/// A program with tensor "z" (int16, 128) and `expect` on line 4.
pub(super) fn with_expect(entry: &str) -> String {
    format!(
        "(\n  tensors: {{ \"z\": (dtype: int16, addr: 0, len: 128) }},\n  code: [],\n  expect: [{entry}],\n)"
    )
}

#[test]
fn io_error_has_no_span() {
    let e = load(Path::new("/nonexistent/ascstep/p.ron")).unwrap_err();
    assert_eq!(e.diagnostics.len(), 1);
    assert_eq!(e.diagnostics[0].code, "io-error");
    assert_eq!(e.diagnostics[0].span, None);
    assert!(e
        .render()
        .starts_with("/nonexistent/ascstep/p.ron: error[io-error]"));
}

#[test]
fn parse_error_is_one_diagnostic_at_ron_position() {
    let d = one("(\n  tensors: {}\n  code: [],\n)", "parse-error", 3, 3);
    assert!(d.message.contains("comma"), "{}", d.message);
    one("(tensors: {}, code: [Add(dst: @)])", "parse-error", 1, 31);
    one("(tensors: {}, code: [], name: \"abc)", "parse-error", 1, 31);
}

/// The text is parsed once, by ascstep's index, and ron judges it only when something is
/// wrong (`load_str`). So ron must never be needed on a text that loads: the example programs
/// edited at random (a character deleted, doubled, or replaced by one of RON's structural
/// characters) either fail ron's check and give exactly its one diagnostic, as when ron ran
/// first, or pass it.
#[test]
fn a_text_ron_rejects_gets_rons_diagnostic_alone() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut texts: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter_map(|p| Some((p.clone(), std::fs::read_to_string(&p).ok()?)))
        .collect();
    texts.sort();
    let mut rng = SplitMix64::new(14);
    let (mut rejected, mut loaded) = (0, 0);
    const EDITS: &[u8] = b"()[]{}:,\"'0x1.-_#/r ";
    for round in 0..4000 {
        let (path, text) = &texts[rng.below(texts.len() as u64) as usize];
        let mut b = text.as_bytes().to_vec();
        let at = rng.below(b.len() as u64) as usize;
        match rng.below(3) {
            0 => {
                b.remove(at);
            }
            1 => b.insert(at, b[at]),
            _ => b[at] = EDITS[rng.below(EDITS.len() as u64) as usize],
        }
        let Ok(edited) = String::from_utf8(b) else {
            continue;
        };
        let got = load_str(path, &edited);
        match super::super::load::syntax_error(&edited) {
            Some(d) => {
                rejected += 1;
                let e = got.expect_err("ron rejects it: it must not load");
                assert_eq!(
                    e.diagnostics,
                    vec![d],
                    "round {round}, {path:?} at byte {at}"
                );
            }
            None => loaded += got.is_ok() as u32,
        }
    }
    assert!(
        rejected > 500 && loaded > 500,
        "{rejected} rejected, {loaded} loaded"
    );
}

#[test]
fn unknown_field_lists_the_valid_names() {
    let d = one(
        "(\n  tensors: {},\n  code: [],\n  expct: [],\n)",
        "unknown-field",
        4,
        3,
    );
    assert!(d.message.contains("`expect`"), "{}", d.message);
    assert_eq!(d.notes, ["did you mean `expect`?"]);
    // round_en exists only on ShiftRight.
    let d = one(
        &prog("Add(dst: \"x\", src0: \"x\", src1: \"y\", count: 8, round_en: true)"),
        "unknown-field",
        7,
        56,
    );
    assert!(d.message.contains("`src0`, `src1`"), "{}", d.message);
    assert_eq!(d.instruction, Some(0));
    one(
        &prog("Adds(dst: \"x\", src: \"x\", scalar: 1, mask: 8, repeat_times: 1, params: (dst_blk: 1))"),
        "unknown-field",
        7,
        81,
    );
    one(
        &with_tensor("\"x\": (dtype: half, addr: 0, len: 4, int: Fill(0))"),
        "unknown-field",
        2,
        50,
    );
}

#[test]
fn missing_field_points_at_the_owner() {
    one(
        &with_tensor("\"x\": (dtype: half, addr: 0)"),
        "missing-field",
        2,
        14,
    );
    one("(\n  tensors: {},\n)", "missing-field", 1, 1);
    one(
        &prog("Add(dst: \"x\", src0: \"x\", count: 8)"),
        "missing-field",
        7,
        10,
    );
    one(
        &prog("Add(dst: \"x\", src0: \"x\", src1: \"x\", mask: 8)"),
        "missing-field",
        7,
        10,
    );
}

#[test]
fn duplicate_field() {
    one(
        &prog("Exp(dst: \"x\", src: \"x\", count: 8, count: 9)"),
        "duplicate-field",
        7,
        44,
    );
}

#[test]
fn wrong_type_points_at_the_value() {
    one(
        &with_tensor("\"x\": (dtype: half, addr: \"0\", len: 4)"),
        "wrong-type",
        2,
        39,
    );
    one(
        &prog("Exp(dst: x, src: \"x\", count: 8)"),
        "wrong-type",
        7,
        19,
    );
    one(
        &prog("Exp(dst: \"x\", src: \"x\", mask: 8.5, repeat_times: 1)"),
        "wrong-type",
        7,
        40,
    );
    one(
        &prog("Exp(dst: \"x\", src: \"x\", mask: [1, 2, 3, 4, 5], repeat_times: 1)"),
        "wrong-type",
        7,
        40,
    );
    one(
        &prog("Exp(dst: \"x\", src: \"x\", mask: Full, repeat_times: 1)"),
        "wrong-type",
        7,
        40,
    );
    one(&prog("\"Exp\""), "wrong-type", 7, 10);
    one("Prog(tensors: {}, code: [])", "wrong-type", 1, 1);
}

#[test]
fn unknown_product_lists_the_keys() {
    let d = one(
        "(\n  product: atlas_a4,\n  tensors: {},\n  code: [],\n)",
        "unknown-product",
        2,
        12,
    );
    assert!(
        d.notes[0].contains("atlas_training, atlas_inference, atlas_a2"),
        "{:?}",
        d.notes
    );
    assert!(
        d.notes.iter().any(|n| n.contains("did you mean")),
        "{:?}",
        d.notes
    );
}

#[test]
fn duplicate_tensor() {
    let d = one(
        "(\n  tensors: {\n    \"x\": (dtype: half, addr: 0, len: 4),\n    \"x\": (dtype: half, addr: 64, len: 4),\n  },\n  code: [],\n)",
        "duplicate-tensor",
        4,
        5,
    );
    assert_eq!(d.notes, ["first declared at 3:5"]);
}

#[test]
fn unknown_dtype_lists_every_name() {
    let d = one(
        &with_tensor("\"x\": (dtype: float16, addr: 0, len: 4)"),
        "unknown-dtype",
        2,
        27,
    );
    assert!(d.notes[0].contains("bfloat16 (bf16)"), "{:?}", d.notes);
}

#[test]
fn value_out_of_range() {
    // 300 in int8, at the element.
    let d = one(
        &with_tensor("\"x\": (dtype: int8, addr: 0, len: 3, init: Values([1, 300, 2]))"),
        "value-out-of-range",
        2,
        67,
    );
    assert!(
        d.message.contains("element 1 of tensor \"x\""),
        "{}",
        d.message
    );
    // A finite literal that overflows half; the literal inf is fine (tested above).
    one(
        &with_tensor("\"x\": (dtype: half, addr: 0, len: 2, init: Values([1, 1e6]))"),
        "value-out-of-range",
        2,
        67,
    );
    // A Bits pattern wider than the element.
    one(
        &with_tensor("\"x\": (dtype: half, addr: 0, len: 1, init: Bits([0x10000]))"),
        "value-out-of-range",
        2,
        62,
    );
    // A Ramp that leaves the type, at the Ramp.
    let d = one(
        &with_tensor("\"x\": (dtype: int8, addr: 0, len: 200, init: Ramp(start: 0, step: 1))"),
        "value-out-of-range",
        2,
        58,
    );
    assert!(d.message.contains("element 128"), "{}", d.message);
    // The tensor must fit the 32-bit address space.
    one(
        &with_tensor("\"x\": (dtype: float, addr: 0xffffff00, len: 64)"),
        "value-out-of-range",
        2,
        57,
    );
    // ron itself rejects an integer literal beyond 64 bits (one diagnostic, at the literal).
    one(
        &with_tensor("\"x\": (dtype: u64, addr: 0, len: 1, init: Bits([0x1_0000_0000_0000_0000]))"),
        "value-out-of-range",
        2,
        61,
    );
    // A negative repeat_times.
    one(
        &prog("Exp(dst: \"x\", src: \"x\", mask: 8, repeat_times: -1)"),
        "value-out-of-range",
        7,
        57,
    );
    // A scalar beyond int16.
    one(
        &prog("Adds(dst: \"i\", src: \"i\", scalar: 40000, count: 8)"),
        "value-out-of-range",
        7,
        43,
    );
}

#[test]
fn float_for_integer() {
    let d = one(
        &with_tensor("\"x\": (dtype: int32, addr: 0, len: 2, init: Values([1, 2.5]))"),
        "float-for-integer",
        2,
        68,
    );
    assert!(
        d.message.contains("element 1 of tensor \"x\""),
        "{}",
        d.message
    );
    one(
        &prog("Adds(dst: \"i\", src: \"i\", scalar: 1.0, count: 8)"),
        "float-for-integer",
        7,
        43,
    );
}

#[test]
fn length_mismatch() {
    let d = one(
        &with_tensor("\"x\": (dtype: half, addr: 0, len: 3, init: Values([1, 2]))"),
        "length-mismatch",
        2,
        56,
    );
    assert!(
        d.message.contains("2 elements, expected 3"),
        "{}",
        d.message
    );
    one(
        &with_expect("(tensor: \"z\", len: 2, values: Values([1, 2, 3]))"),
        "length-mismatch",
        4,
        42,
    );
    let dir = temp_dir("len");
    std::fs::write(dir.join("short.bin"), [0u8; 6]).unwrap();
    let src = with_tensor("\"x\": (dtype: half, addr: 0, len: 4, init: File(\"short.bin\"))");
    let e = load_str(&dir.join("p.ron"), &src).unwrap_err();
    assert_eq!(e.diagnostics.len(), 1);
    assert_eq!(e.diagnostics[0].code, "length-mismatch");
    assert_eq!(e.diagnostics[0].span, Some(Span::new(2, 56)));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn file_error_for_a_missing_file() {
    let d = one(
        &with_tensor("\"x\": (dtype: half, addr: 0, len: 4, init: File(\"nope.bin\"))"),
        "file-error",
        2,
        61,
    );
    assert!(d.message.contains("nope.bin"), "{}", d.message);
}

#[test]
fn unknown_data_form() {
    let d = one(
        &with_tensor("\"x\": (dtype: half, addr: 0, len: 4, init: Value([1]))"),
        "unknown-data-form",
        2,
        56,
    );
    assert_eq!(d.notes, ["did you mean `Values`?"]);
}

#[test]
fn bad_random() {
    one(
        &with_tensor(
            "\"x\": (dtype: half, addr: 0, len: 4, init: Random(seed: 1, min: 2, max: 1))",
        ),
        "bad-random",
        2,
        77,
    );
    one(
        &with_tensor(
            "\"x\": (dtype: float, addr: 0, len: 4, init: Random(seed: 1, min: -inf, max: 1))",
        ),
        "bad-random",
        2,
        78,
    );
}

#[test]
fn unknown_tensor_suggests_the_closest_name() {
    let d = one(
        &prog("Exp(dst: \"xx\", src: \"x\", count: 8)"),
        "unknown-tensor",
        7,
        19,
    );
    assert_eq!(
        d.notes,
        ["tensors: \"x\", \"y\", \"i\"", "did you mean \"x\"?"]
    );
    one(
        &with_expect("(tensor: \"q\", unwritten: true)"),
        "unknown-tensor",
        4,
        21,
    );
}

#[test]
fn operand_out_of_tensor_points_at_the_offset() {
    let d = one(
        &prog("Exp(dst: \"x[128]\", src: \"x\", count: 8)"),
        "operand-out-of-tensor",
        7,
        22,
    );
    assert_eq!(d.notes, ["valid offsets are 0..=127"]);
    one(
        &prog("Exp(dst: \"x[0x80]\", src: \"x\", count: 8)"),
        "operand-out-of-tensor",
        7,
        22,
    );
    // A C++ index computed below zero (`t[n - 1]` with n = 0) is 2^64 - 1: said as -1.
    let d = one(
        &prog("Exp(dst: \"x[18446744073709551615]\", src: \"x\", count: 8)"),
        "operand-out-of-tensor",
        7,
        22,
    );
    assert!(
        d.message
            .contains("18446744073709551615 (that is -1 as a signed 64-bit index"),
        "{}",
        d.message
    );
}

#[test]
fn bad_operand() {
    for text in ["x[", "x[1]]", "[3]", "x[-1]", "x[a-b]", ""] {
        one(
            &prog(&format!("Exp(dst: {text:?}, src: \"x\", count: 8)")),
            "bad-operand",
            7,
            19,
        );
    }
    // A name inside the brackets is a scalar (docs/format.md §10): unknown here, reported at
    // the name.
    one(
        &prog("Exp(dst: \"x[abc]\", src: \"x\", count: 8)"),
        "unknown-scalar",
        7,
        22,
    );
}

#[test]
fn unknown_instruction_suggests_a_name() {
    let d = one(
        &prog("Addd(dst: \"x\", src0: \"x\", src1: \"y\", count: 8)"),
        "unknown-instruction",
        7,
        10,
    );
    assert_eq!(d.notes[0], "did you mean `Add`?");
    one(&prog("ResetMask, Bogus"), "unknown-instruction", 7, 21);
}

#[test]
fn bad_form_says_which_form_was_meant() {
    let d = one(
        &prog("Exp(dst: \"x\", src: \"x\", count: 8, mask: 8)"),
        "bad-form",
        7,
        44,
    );
    assert!(d.notes[0].contains("first-n form"), "{:?}", d.notes);
    let d = one(
        &prog("Exp(dst: \"x\", src: \"x\", count: 8, mask: 8, repeat_times: 1)"),
        "bad-form",
        7,
        44,
    );
    assert!(
        d.notes[0].contains("high-dimensional form"),
        "{:?}",
        d.notes
    );
    one(&prog("Exp(dst: \"x\", src: \"x\")"), "bad-form", 7, 10);
    let d = one(
        &prog("Exp(dst: \"x\", src: \"x\", repeat_times: 2)"),
        "bad-form",
        7,
        10,
    );
    assert!(d.message.contains("no `mask`"), "{}", d.message);
    one(
        &prog("Exp(dst: \"x\", src: \"x\", count: 8, params: [1, 1, 8, 8])"),
        "bad-form",
        7,
        44,
    );
    one(
        &prog("BlockReduceSum(dst: \"x\", src: \"x\", count: 8)"),
        "bad-form",
        7,
        45,
    );
    one(
        &prog("SetVectorMask(high: 0, low: 1, len: 2)"),
        "bad-form",
        7,
        41,
    );
    one(&prog("SetVectorMask()"), "bad-form", 7, 10);
    one(
        &prog("Duplicate(dst: \"x\", scalar: 1, count: 8, dst_rep_stride: 8)"),
        "bad-form",
        7,
        51,
    );
}

#[test]
fn bad_params_gives_the_order() {
    let d = one(
        &prog("Add(dst: \"x\", src0: \"x\", src1: \"y\", mask: 8, repeat_times: 1, params: [1, 1, 8, 8])"),
        "bad-params",
        7,
        80,
    );
    assert!(
        d.notes[0].contains("dst_blk_stride, src0_blk_stride, src1_blk_stride"),
        "{:?}",
        d.notes
    );
}

#[test]
fn stride_out_of_range_names_field_value_and_range() {
    // BinaryRepeatParams block strides are uint8_t.
    let d = one(
        &prog("Add(dst: \"x\", src0: \"x\", src1: \"y\", mask: 8, repeat_times: 1, params: [256, 1, 1, 8, 8, 8])"),
        "stride-out-of-range",
        7,
        81,
    );
    assert!(
        d.message.contains("`dst_blk_stride` is 256"),
        "{}",
        d.message
    );
    assert!(d.notes[0].contains("0..=255"), "{:?}", d.notes);
    // UnaryRepeatParams block strides are uint16_t, repeat strides uint8_t.
    one(
        &prog("Exp(dst: \"x\", src: \"x\", mask: 8, repeat_times: 1, params: (src_blk_stride: 65535, dst_rep_stride: 256))"),
        "stride-out-of-range",
        7,
        108,
    );
    one(
        &prog("WholeReduceSum(dst: \"x\", src: \"x\", mask: 8, repeat_times: 1, src_rep_stride: 65536)"),
        "stride-out-of-range",
        7,
        87,
    );
}

#[test]
fn unknown_order() {
    let d = one(
        &prog(
            "WholeReduceMax(dst: \"x\", src: \"x\", mask: 8, repeat_times: 1, order: ORDER_VALUE)",
        ),
        "unknown-order",
        7,
        78,
    );
    assert!(d.message.contains("ORDER_ONLY_INDEX"), "{}", d.message);
}

#[test]
fn dtype_mismatch_names_both() {
    let d = one(
        &prog("Add(dst: \"x\", src0: \"x\", src1: \"i\", count: 8)"),
        "dtype-mismatch",
        7,
        41,
    );
    assert!(
        d.message
            .contains("src1 \"i\" is int16 but dst \"x\" is half"),
        "{}",
        d.message
    );
}

#[test]
fn expect_out_of_tensor() {
    one(
        &with_expect("(tensor: \"z\", at: 100, len: 29, values: Fill(0))"),
        "expect-out-of-tensor",
        4,
        40,
    );
    one(
        &with_expect("(tensor: \"z\", at: 129, unwritten: true)"),
        "expect-out-of-tensor",
        4,
        30,
    );
    one(
        &with_expect("(tensor: \"z\", at: 127, values: Values([1, 2]))"),
        "expect-out-of-tensor",
        4,
        30,
    );
}

#[test]
fn bad_expect() {
    one(
        &with_expect("(tensor: \"z\", unwritten: true, values: Fill(0))"),
        "bad-expect",
        4,
        43,
    );
    one(
        &with_expect("(tensor: \"z\", unwritten: true, rel: 0.1)"),
        "bad-expect",
        4,
        43,
    );
}

#[test]
fn independent_errors_are_all_reported() {
    let src = "(\n  tensors: {\n    \"a\": (dtype: half, addr: 0, len: 2, init: Values([1, 1e9])),\n    \"b\": (dtype: quarter, addr: 0, len: 2),\n    \"c\": (dtype: int8, addr: 0, len: 2),\n  },\n  code: [\n    Exp(dst: \"c\", src: \"nope\", count: 1),\n    Abs(dst: \"a\", src: \"b\", count: 1),\n    Relu(dst: \"c\", src: \"c\", count: 1, mask: 3),\n  ],\n)";
    let d = diags(src);
    let got: Vec<(&str, Option<Span>, Option<u32>)> =
        d.iter().map(|d| (d.code, d.span, d.instruction)).collect();
    assert_eq!(
        got,
        [
            ("value-out-of-range", Some(Span::new(3, 58)), None),
            ("unknown-dtype", Some(Span::new(4, 18)), None),
            ("unknown-tensor", Some(Span::new(8, 24)), Some(0)),
            ("bad-form", Some(Span::new(10, 40)), Some(2)),
        ],
        "operands naming the invalid tensors \"a\" and \"b\" are not reported again"
    );
}

#[test]
fn render_shows_every_diagnostic_with_a_caret() {
    let e = load_str(
        Path::new("p.ron"),
        "(\n  tensors: {},\n  code: [Addd(), Exp(dst: \"x\", src: \"x\", count: 1)],\n)",
    )
    .unwrap_err();
    let r = e.render();
    assert!(
        r.starts_with(
            "p.ron:3:10: error[unknown-instruction]: unknown instruction `Addd` (instruction 0)\n"
        ),
        "{r}"
    );
    assert!(r.contains("p.ron:3:27: error[unknown-tensor]"), "{r}");
    assert!(r.contains("3 |   code: [Addd(), Exp("), "{r}");
}

/// A binding program (docs/format.md §12.2) with `rest` on line 3.
fn binding(rest: &str) -> String {
    format!("Program(\n  code: Kernel(file: \"k.cpp\", entry: \"k\"),\n  {rest}\n)\n")
}

#[test]
fn binding_programs_are_read_and_their_errors_located() {
    let p = load_str(
        Path::new("dir/t.ron"),
        &binding(
            "blocks: 8, args: { \"x\": (dtype: half, len: 64), \"n\": 64, \"w\": None, \"ws\": (dtype: uint8, len: 0), \"t\": Tiling(\"T\", { \"a.b\": 1, \"c\": [2, 3], \"f\": true }) },",
        ),
    )
    .unwrap_or_else(|e| panic!("{}", e.render()));
    let kb = p.kernel.as_deref().unwrap();
    assert_eq!((kb.entry.as_str(), kb.blocks), ("k", 8));
    assert_eq!(kb.file, Path::new("dir/k.cpp"));
    assert_eq!(p.tensors.len(), 1, "only x is a tensor; ws has len 0");
    use crate::base::ir::KernelArg;
    assert_eq!(
        kb.args.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["x", "n", "w", "ws", "t"]
    );
    assert_eq!(kb.args[1].1, KernelArg::Number("64".into()));
    assert_eq!(kb.args[2].1, KernelArg::Null);
    assert_eq!(kb.args[3].1, KernelArg::Gm { tensor: None });
    assert_eq!(
        kb.args[4].1,
        KernelArg::Tiling {
            name: "T".into(),
            fields: vec![
                ("a.b".into(), "1".into()),
                ("c[0]".into(), "2".into()),
                ("c[1]".into(), "3".into()),
                ("f".into(), "true".into())
            ],
            header: None,
        }
    );
    one(&binding("blocks: 0,"), "value-out-of-range", 3, 11);
    // An empty list passes no tensor: not a TensorList.
    one(
        &binding("args: { \"l\": TensorList([]) },"),
        "wrong-type",
        3,
        16,
    );
    one(&binding("args: { \"x\": \"a\" },"), "wrong-type", 3, 16);
    one(
        &binding("args: { \"t\": Tiling(\"T\", { \"a-b\": 1 }) },"),
        "bad-name",
        3,
        30,
    );
    one(
        "Program(\n  tensors: {},\n  code: [], blocks: 2,\n)\n",
        "unknown-field",
        3,
        13,
    );
}
