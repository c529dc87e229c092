//! The static checks every family shares (docs/semantics.md §7): availability on the product, the
//! catalog's dtype and pair tables, 8-bit lanes, the repeat range, `mask: Placeholder` with
//! 8-bit types and a zero destination block stride. What differs between families is asked of
//! the family's room.

use crate::base::catalog::Op;
use crate::base::convert::RoundMode;
use crate::base::ir::{Form, MaskArg};
use crate::base::product::Product;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::Room;

/// Runs the shared static checks and the room's own; returns the instruction's types (None
/// when the instruction has no vector operands or is not available).
pub fn check(c: &mut Ctx, room: &dyn Room) -> Option<Types> {
    let instr = c.instr;
    let op = instr.op;
    let p = c.product;
    if !op.available_on(p) {
        let offering = op.products_offering();
        let list = if offering.is_empty() {
            "no product".to_string()
        } else {
            offering
                .iter()
                .map(|p| p.key())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let what = room.unavailable(c);
        let name = c.name();
        c.err("unsupported-instruction", "", what).notes =
            vec![format!("products that offer {name}: {list}")];
        return None;
    }
    instr.vector()?;
    let t = room.types(c)?;
    let dt = t.src;
    let all = op.dtypes(p);
    let count_only = op.count_only_dtypes(p);
    if room.mixed(c, &t) {
        pair_checks(c, room, &t);
    } else if !(all.contains(dt) || c.is_count() && count_only.contains(dt)) {
        let mut msg = format!("{} does not support {dt} on {p}", c.name());
        if count_only.contains(dt) {
            msg.push_str(" in the high-dimensional form (only with `count`)");
        }
        let field = room.dtype_field(c);
        let mut note = format!(
            "{p} supports {} for {}{}",
            all.list(),
            c.name(),
            if count_only.is_empty() {
                String::new()
            } else {
                format!(" (and {} with `count`)", count_only.list())
            }
        );
        if let Some(pairs) = mixed_pairs_note(op, p) {
            note.push_str(&format!("; with a float destination: {pairs}"));
        }
        c.err("unsupported-dtype", field, msg).notes.push(note);
    }
    if t.lane.size() == 1 && room.vector_lanes() && !p.has_b8_vectors() && c.errors.is_empty() {
        c.err(
            "unsupported-dtype",
            "dst",
            format!("8-bit vector lanes exist only on ascend_950, not on {p}"),
        );
    }
    room.check(c, &t);
    if let Form::Masked { mask, repeat_times } = instr.form() {
        let (max_repeat, ty) = room.max_repeat();
        if *repeat_times > max_repeat {
            c.err(
                "repeat-out-of-range",
                "repeat_times",
                format!("repeat_times {repeat_times} is out of range: it is {ty}, valid 0..={max_repeat} (docs/semantics.md §1.4)"),
            );
        }
        if *mask == MaskArg::Placeholder && t.lane.size() == 1 {
            c.err(
                "mask-out-of-range",
                "mask",
                "8-bit types cannot use mask: Placeholder (isSetMask = false) on ascend_950 (docs/semantics.md §2.3)".into(),
            );
        }
        if let Some(field) = room.dst_blk_field(c) {
            if instr.strides().dst_blk == 0 {
                c.err(
                    "zero-dst-block-stride",
                    field,
                    "dst_blk_stride 0 is undefined behaviour (docs/semantics.md §1.3); use 1 for contiguous blocks".into(),
                );
            }
        }
    }
    room.late_check(c, &t);
    Some(t)
}

/// "half → float" for messages about the mixed forms of a same-type instruction.
fn mixed_pairs_note(op: Op, p: Product) -> Option<String> {
    let pairs = op.pairs(p);
    (!pairs.is_empty() && !op.converts()).then(|| {
        pairs
            .iter()
            .map(|pr| format!("{} → {}", pr.src, pr.dst))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

/// The (source, destination) pair of a conversion or mixed-width instruction (docs/semantics.md
/// §4.7 and the pair tables of the catalog); the room checks its own arguments against the
/// pair found (Cast's round mode).
fn pair_checks(c: &mut Ctx, room: &dyn Room, t: &Types) {
    let instr = c.instr;
    let (op, p) = (instr.op, c.product);
    let list = |c: &Ctx| -> String {
        let v: Vec<String> = op
            .pairs(p)
            .iter()
            .filter(|pr| pr.src == t.src)
            .map(|pr| {
                if op == Op::Cast && !pr.deq {
                    let modes: Vec<&str> = RoundMode::ALL
                        .iter()
                        .filter(|m| pr.modes & m.bit() != 0)
                        .map(|m| m.name())
                        .collect();
                    format!("{} ({})", pr.dst, modes.join("/"))
                } else {
                    pr.dst.to_string()
                }
            })
            .collect();
        if !op.converts() {
            let pairs: Vec<String> = op
                .pairs(p)
                .iter()
                .map(|pr| format!("{} → {}", pr.src, pr.dst))
                .collect();
            format!(
                "{p} runs {} on {} with one element type throughout{}",
                c.name(),
                op.dtypes(p).list(),
                if pairs.is_empty() {
                    ", and has no mixed form".to_string()
                } else {
                    format!(", and as {}", pairs.join(", "))
                }
            )
        } else if v.is_empty() {
            let srcs: Vec<String> = op
                .pairs(p)
                .iter()
                .map(|pr| format!("{} → {}", pr.src, pr.dst))
                .collect();
            format!(
                "{p} converts no {} with {}; its pairs: {}",
                t.src,
                c.name(),
                if srcs.is_empty() {
                    "none".into()
                } else {
                    srcs.join(", ")
                }
            )
        } else {
            format!("{} on {p} turns {} into {}", c.name(), t.src, v.join(", "))
        }
    };
    let code = if op == Op::Cast {
        "unsupported-cast"
    } else {
        "unsupported-dtype"
    };
    match op.pair(p, t.src, t.dst) {
        None => {
            let msg = format!(
                "{} from {} to {} is not supported on {p} (docs/semantics.md §4.7, §9 rows 24 and 26)",
                c.name(),
                t.src,
                t.dst
            );
            let note = list(c);
            c.err(code, "dst", msg).notes.push(note);
        }
        Some(pr) if pr.count_only && !c.is_count() => {
            c.err(
                code,
                "dst",
                format!(
                    "{} from {} to {} on {p} exists only in the count form (`count`)",
                    c.name(),
                    t.src,
                    t.dst
                ),
            );
        }
        Some(pr) => room.pair_check(c, t, pr),
    }
}
