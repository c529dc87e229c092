//! Switching products keeps breakpoints and reaches each product's own state; remembered
//! comparisons give the divergence log made afresh.

use super::*;

#[test]
fn product_switch_restarts_and_keeps_breakpoints() {
    let src = r#"Program(
        tensors: {
            "x": (dtype: float, addr: 0, len: 64, init: Ramp(start: 1, step: 1)),
            "z": (dtype: float, addr: 256, len: 32, init: Fill(-1.0)),
        },
        code: [ PairReduceSum(dst: "z", src: "x", mask: 62, repeat_times: 1,
                              dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8) ],
    )"#;
    let mut s = session(src);
    let id = s.break_if("z", 31, Condition::Changed).unwrap();
    assert_eq!(
        s.cont().unwrap().reason,
        StopReason::End,
        "A2 leaves z[31] unchanged"
    );
    s.set_product(Product::Atlas200I500A2);
    assert_eq!(s.step_count(), 0);
    let stop = s.cont().unwrap();
    assert_eq!(
        stop.id,
        Some(id),
        "200I/500 A2 zeroes z[31] (semantics.md §9 row 1)"
    );
    assert_eq!(s.element("z", 31), Some(Value::Float(0.0)));
}

/// A product switch shows the new product's own run at the same step, whether it is run
/// anew, taken back from the last switch, or (A2 → A3, which simulate alike) relabelled: the
/// same UB bytes as a fresh session on that product (docs/commands.md `product`).
#[test]
fn product_switches_reach_each_products_own_state() {
    use ascstep::debug::command::Command;
    // PairReduceSum with mask 62 leaves dst's last pair alone on A2 and zeroes it on
    // 200I/500 A2 (docs/semantics.md §9): the runs differ after instruction 1.
    let src = r#"Program(
        product: atlas_a2,
        tensors: {
            "src": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 1, step: 1)),
            "dst": (dtype: float, addr: 0x100, len: 32, init: Fill(-1.0)),
        },
        code: [
            Adds(dst: "src", src: "src", scalar: 1, count: 64),
            PairReduceSum(dst: "dst", src: "src", repeat_times: 1, mask: 62, dst_rep_stride: 1, src_blk_stride: 1, src_rep_stride: 8),
            Adds(dst: "src", src: "src", scalar: 1, count: 64),
        ],
    )"#;
    let p = Arc::new(load_str(Path::new("t.ron"), src).unwrap());
    let fresh = |product: Product, step: u64| {
        let mut s = Session::new(p.clone(), product);
        s.goto(step);
        s
    };
    let same = |a: &Session, b: &Session| {
        a.step_count() == b.step_count()
            && a.machine().ub().bytes() == b.machine().ub().bytes()
            && a.product() == b.product()
    };
    let mut s = Session::new(p.clone(), Product::AtlasA2);
    s.goto(16);
    for product in [
        Product::Atlas200I500A2,
        Product::AtlasA2,
        Product::AtlasA3,
        Product::AtlasA2,
        Product::Atlas200I500A2,
    ] {
        s.apply(&Command::Product(product)).unwrap();
        assert!(same(&s, &fresh(product, 16)), "on {product}");
    }
    let dst_last = |s: &Session| s.machine().element(1, 31);
    s.apply(&Command::Product(Product::AtlasA2)).unwrap();
    assert_eq!(dst_last(&s), Some(Value::Float(-1.0)));
    s.apply(&Command::Product(Product::Atlas200I500A2)).unwrap();
    assert_eq!(dst_last(&s), Some(Value::Float(0.0)));
}

/// The divergence log of a run, with the comparisons remembered by content
/// (`sim::alike`) or made afresh at every instruction.
fn log(
    program: &Arc<ascstep::base::ir::Program>,
    product: Product,
    remember: bool,
) -> Vec<(u64, u8)> {
    let mut m = ascstep::sim::Machine::new(program.clone(), product);
    if remember {
        m.keep_divergence();
    } else {
        m.keep_divergence_afresh();
    }
    m.run();
    let log = m.divergence_log().unwrap().lock().unwrap().clone();
    log.into_iter().collect()
}

#[test]
fn remembered_comparisons_give_the_log_made_afresh() {
    // One WholeReduceSum written three times: its dst_rep_stride is a scalar, 1, 0, 1.
    // Stride 0 for a reduction's dst is refused on the training series only
    // (docs/semantics.md §9 row 2): the second instruction differs there too.
    let reduce = "WholeReduceSum(dst: \"d\", src: \"x\", mask: 128, repeat_times: 2, dst_rep_stride: \"s\", src_blk_stride: 1, src_rep_stride: 8),";
    let src = format!(
        "Program(product: atlas_a2, tensors: {{ \"x\": (dtype: half, addr: 0, len: 256, init: Fill(1)), \"d\": (dtype: half, addr: 0x200, len: 16) }}, scalars: {{ \"s\": (dtype: int32, value: 1) }}, code: [{reduce} Let(dst: \"s\", expr: \"0\"), {reduce} Let(dst: \"s\", expr: \"1\"), {reduce}])"
    );
    let p = Arc::new(load_str(Path::new("a.ron"), &src).unwrap());
    let training = Product::ALL
        .iter()
        .position(|&p| p == Product::AtlasTraining)
        .unwrap();
    // The reductions are entered at steps 0, 17 and 34 (16 blocks and a Let each); the
    // products whose reductions differ anyway (§9 rows 1 and 3) differ at all three.
    let afresh = log(&p, Product::AtlasA2, false);
    let at = |s: u64| afresh.iter().find(|e| e.0 == s).map_or(0, |e| e.1);
    assert_eq!(at(0) & 1 << training, 0, "{afresh:?}");
    assert_eq!(at(17), at(0) | 1 << training, "{afresh:?}");
    assert_eq!(at(34), at(0), "{afresh:?}");
    assert_eq!(log(&p, Product::AtlasA2, true), afresh);
    // One Add written twice, taking its mask from the register: all 128 lanes in normal
    // mode first (valid on every product with int16 Add, §9 row 23), then a counter-mode
    // count of 100,000 elements, past every product's UB (an error each names its own
    // product in): the same text compares differently.
    let add = "Add(dst: \"z\", src0: \"x\", src1: \"x\", mask: Placeholder, repeat_times: 1, params: [1, 1, 1, 8, 8, 8]),";
    let src = format!(
        "Program(product: atlas_a2, tensors: {{ \"x\": (dtype: int16, addr: 0, len: 128, init: Fill(1)), \"z\": (dtype: int16, addr: 0x100, len: 128) }}, code: [{add} SetMaskCount, SetVectorMask(len: 100000, dtype: int16), {add}])"
    );
    let p = Arc::new(load_str(Path::new("b.ron"), &src).unwrap());
    let afresh = log(&p, Product::AtlasA2, false);
    let at = |s: u64| afresh.iter().find(|e| e.0 == s).map_or(0, |e| e.1);
    assert_ne!(at(0), at(10), "{afresh:?}");
    assert_eq!(log(&p, Product::AtlasA2, true), afresh);
    // Every example program, on every product.
    for e in std::fs::read_dir("programs").unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        let Ok(p) = ascstep::program::load(&path) else {
            continue;
        };
        let p = Arc::new(p);
        for product in Product::ALL {
            assert_eq!(
                log(&p, product, true),
                log(&p, product, false),
                "{} on {product}",
                path.display()
            );
        }
    }
}
