use super::*;

fn s(line: u32, col: u32) -> Span {
    Span::new(line, col)
}

#[test]
fn fields_elements_and_names_have_positions() {
    let src = "// head\nProgram(\n  code: [Add(dst: \"z\"), ResetMask, SetMaskNorm ()],\n  t: {\"a\": (len: 4)},\n)";
    let root = index(src).unwrap();
    assert_eq!(root.span, s(2, 1));
    let g = root.group().unwrap();
    assert_eq!(g.name.as_deref(), Some("Program"));
    assert_eq!(g.open, s(2, 8));
    match &g.items[0].key {
        Some(Key::Field { name, span }) => {
            assert_eq!(name, "code");
            assert_eq!(*span, s(3, 3));
        }
        other => panic!("{other:?}"),
    }
    let code = root.field("code").unwrap();
    assert_eq!(code.span, s(3, 9));
    let add = code.elem(0).unwrap();
    assert_eq!(add.span, s(3, 10));
    assert_eq!(add.group().unwrap().name.as_deref(), Some("Add"));
    let dst = add.field("dst").unwrap();
    assert_eq!(dst.span, s(3, 19));
    assert_eq!(dst.str_value(), Some("z"));
    assert_eq!(dst.char_span(0), s(3, 20));
    assert_eq!(code.elem(1).unwrap().ident(), Some("ResetMask"));
    assert_eq!(code.elem(1).unwrap().span, s(3, 25));
    let snorm = code.elem(2).unwrap();
    assert_eq!(snorm.group().unwrap().name.as_deref(), Some("SetMaskNorm"));
    assert!(snorm.group().unwrap().items.is_empty());
    let t = root.field("t").unwrap();
    let entry = &t.group().unwrap().items[0];
    match &entry.key {
        Some(Key::Entry(k)) => {
            assert_eq!(k.str_value(), Some("a"));
            assert_eq!(k.span, s(4, 7));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(entry.value.field("len").unwrap().span, s(4, 18));
}

#[test]
fn comments_strings_numbers_and_chars() {
    let src = r####"(
  /* outer /* nested */ still comment */ a: "q\"uo)te", // ) not a paren
  b: r#"raw "( string"#, c: [-inf, +1.5e-3, 0x_ff, 1_000, NaN, .5, 'x', '\'', b'a', b"by"],
  r#d: 1,
  e: Some(None),
)"####;
    let root = index(src).unwrap();
    let a = root.field("a").unwrap();
    assert_eq!(a.span, s(2, 45));
    assert_eq!(a.str_value(), Some("q\"uo)te"));
    assert!(matches!(a.kind, Kind::Str { plain: false, .. }));
    assert_eq!(root.field("b").unwrap().str_value(), Some("raw \"( string"));
    let c = root.field("c").unwrap();
    let texts: Vec<String> = c
        .group()
        .unwrap()
        .items
        .iter()
        .map(|i| match &i.value.kind {
            Kind::Number(t) | Kind::Ident(t) | Kind::Other(t) => t.clone(),
            k => panic!("{k:?}"),
        })
        .collect();
    assert_eq!(
        texts,
        ["-inf", "+1.5e-3", "0x_ff", "1_000", "NaN", ".5", "'x'", "'\\''", "b'a'", "b\"by\""]
    );
    assert_eq!(c.elem(1).unwrap().span, s(3, 36));
    assert_eq!(root.field("d").unwrap().span, s(4, 8));
    let e = root.field("e").unwrap().group().unwrap();
    assert_eq!(e.name.as_deref(), Some("Some"));
    assert_eq!(e.items[0].value.ident(), Some("None"));
}

#[test]
fn attributes_are_skipped_and_columns_count_characters() {
    let src = "#![enable(implicit_some)]\n(n: \"ééé\", m: 1)";
    let root = index(src).unwrap();
    assert_eq!(root.field("m").unwrap().span, s(2, 15));
}

#[test]
fn lazy_lists_give_the_elements_the_whole_index_gives() {
    // Brackets inside strings, raw strings, chars and comments; a name and its group apart;
    // nested groups; scalars; a trailing comma; a lazy field that is not a list.
    let text = r##"( a: 1, code: [
        Add(dst: "z]", src: r#"(")"#, c: ')'), // ] a comment
        Core /* ( */ (1),
        [1, [2, (3)], {"k": -inf}],
        -0x1f, "s,t", Ident, b'x' ,
    ], other: [Add(x: 1)], Kernel: 3 )"##;
    let whole = index(text).unwrap();
    let (root, raws) = index_lazy(text, Some("code")).unwrap();
    let listed = &whole.field("code").unwrap().group().unwrap().items;
    assert_eq!(raws.len(), listed.len());
    for (raw, item) in raws.iter().zip(listed) {
        assert_eq!(index_raw(text, raw).unwrap(), item.value);
        assert_eq!(raw.span, item.value.span);
    }
    let lazy = root.field("code").unwrap().group().unwrap();
    assert!(lazy.items.is_empty() && lazy.delim == Delim::Bracket);
    assert_eq!(
        root.field("other"),
        whole.field("other"),
        "only `code` is lazy"
    );
    // A broken element is found when it is parsed, not before.
    let (_, raws) = index_lazy("(code: [Add(x: 1 y: 2), Sub()])", Some("code")).unwrap();
    assert!(index_raw("(code: [Add(x: 1 y: 2), Sub()])", &raws[0]).is_err());
    assert!(index_lazy("(code: [Add(x: 1)), Sub()])", Some("code")).is_err());
    assert!(index_lazy("(code: [Add(x: \"1)])", Some("code")).is_err());
}

/// The example programs edited at random: wherever the whole index reads a text, the lazy
/// one and its elements give the same tree; where it cannot, the lazy one or an element
/// fails too.
#[test]
fn lazy_and_whole_indexes_agree_on_edited_programs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect();
    texts.sort();
    let mut rng = crate::base::rng::SplitMix64::new(27);
    const EDITS: &[u8] = b"()[]{}:,\"'/*#r b0.-";
    for _ in 0..3000 {
        let mut b = texts[rng.below(texts.len() as u64) as usize]
            .as_bytes()
            .to_vec();
        let at = rng.below(b.len() as u64) as usize;
        match rng.below(3) {
            0 => {
                b.remove(at);
            }
            1 => b.insert(at, EDITS[rng.below(EDITS.len() as u64) as usize]),
            _ => b[at] = EDITS[rng.below(EDITS.len() as u64) as usize],
        }
        let Ok(text) = String::from_utf8(b) else {
            continue;
        };
        let lazy = index_lazy(&text, Some("code")).and_then(|(root, raws)| {
            let items: Result<Vec<Node>, IndexError> =
                raws.iter().map(|r| index_raw(&text, r)).collect();
            Ok((root, items?))
        });
        match (index(&text), lazy) {
            (Ok(whole), Ok((root, items))) => {
                // Every `code: [ … ]` of the outermost group, in order.
                let listed: Vec<Node> = whole
                    .group()
                    .map(|g| g.items.as_slice())
                    .unwrap_or_default()
                    .iter()
                    .filter(|i| matches!(&i.key, Some(Key::Field { name, .. }) if name == "code"))
                    .filter_map(|i| i.value.group().filter(|g| g.delim == Delim::Bracket))
                    .flat_map(|g| g.items.iter().map(|i| i.value.clone()))
                    .collect();
                assert_eq!(items, listed, "{text}");
                // The rest of the tree is the whole one's, `code`'s list emptied.
                let mut rest = whole.clone();
                if let Kind::Group(g) = &mut rest.kind {
                    for i in &mut g.items {
                        let code =
                            matches!(&i.key, Some(Key::Field { name, .. }) if name == "code");
                        if let (true, Kind::Group(c)) = (code, &mut i.value.kind) {
                            if c.delim == Delim::Bracket {
                                c.items.clear();
                            }
                        }
                    }
                }
                assert_eq!(root, rest, "{text}");
            }
            (Err(_), Err(_)) => {}
            (w, l) => panic!("whole {:?} vs lazy {:?}:\n{text}", w.err(), l.err()),
        }
    }
}

#[test]
fn literals_decode_through_ron() {
    assert_eq!(decode_number("0x3c00"), Some(Lit::Int(0x3c00)));
    assert_eq!(decode_number("-3"), Some(Lit::Int(-3)));
    assert_eq!(decode_number("2.5"), Some(Lit::Float(2.5)));
    assert_eq!(decode_number("0.1"), Some(Lit::Float(0.1)));
    assert_eq!(decode_number("inf"), Some(Lit::Float(f64::INFINITY)));
    assert_eq!(decode_number("-inf"), Some(Lit::Float(f64::NEG_INFINITY)));
    assert!(matches!(decode_number("NaN"), Some(Lit::Float(v)) if v.is_nan()));
    assert_eq!(
        decode_number("18446744073709551615"),
        Some(Lit::Int(u64::MAX as i128))
    );
    assert_eq!(
        decode_number("100000000000000000000"),
        Some(Lit::Int(100_000_000_000_000_000_000))
    );
    assert_eq!(decode_number("Placeholder"), None);
    assert!(is_integer_text("-0x10"));
    assert!(!is_integer_text("1e3"));
    assert_eq!(decode_string(r#""a\nb""#).as_deref(), Some("a\nb"));
}
