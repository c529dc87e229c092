//! Sort32 and MrgSort (docs/format.md §7, DK:排序组合（ISASI）/Sort32, MrgSort; docs/semantics.md
//! §24):
//! - `Sort32(dst, src0, src1, repeat_times)`: `src0` the half/float scores, `src1` their uint32
//!   indices, `dst` (of the scores' type) the sorted (score, index) structures;
//! - `MrgSort(dst, src: [2 to 4 lists], element_lengths: [one per list], valid_bit,
//!   exhausted_suspension, repeat_times)`: MrgSortSrcList and MrgSort4Info. `valid_bit`
//!   (3, 7 or 15) may be left out: the list says how many queues take part; `ret` names a
//!   uint64 scalar that receives the structures taken from each list (GetMrgSortResult).

use super::*;
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, MaskArg};
use crate::program::load::{Ctx, Fields};

pub(super) const SORT32: &[&str] = &["dst", "src0", "src1", "repeat_times"];

pub(super) const MRG_SORT: &[&str] = &[
    "dst",
    "src",
    "element_lengths",
    "valid_bit",
    "exhausted_suspension",
    "repeat_times",
    "ret",
];

/// The structures a Sort32 repeat sorts (singleSortElementCountV220).
const PER_REPEAT: i128 = 32;

pub(super) fn sort32(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = "Sort32";
    let dtype = operands(ctx, f, ins, &["src0"]);
    let index = operand(ctx, f, "src1", what);
    if let Some(o) = &index {
        type_in(
            ctx,
            what,
            o,
            "src1",
            &[DType::UInt32],
            "the indices are LocalTensor<uint32_t>",
        );
        ins.src.push(o.0);
    }
    let rep = repeat(ctx, f, what);
    dtype?;
    ins.form = Form::Masked {
        mask: MaskArg::Contiguous(PER_REPEAT),
        repeat_times: rep?,
    };
    Some(Args::Sort {
        v: ins.vector()?,
        lengths: [0; 4],
        suspend: false,
        ret: None,
    })
}

pub(super) fn mrg_sort(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = "MrgSort";
    let dst = operand(ctx, f, "dst", what);
    if let Some((o, _, _)) = &dst {
        ins.dst = Some(*o);
    }
    let lists = ctx.require(f, "src", what).and_then(|n| {
        let items = list_of(ctx, n, "src", what, "sorted lists (MrgSortSrcList)")?;
        let mut ok = true;
        for (i, it) in items.iter().enumerate() {
            let field = ["src[0]", "src[1]", "src[2]", "src[3]"][i];
            match operand_node(ctx, it, field, what) {
                Some((o, dt, tname)) => {
                    if let Some((_, ddt, dname)) = &dst {
                        if dt != *ddt {
                            let msg = format!("{field} \"{tname}\" is {dt} but dst \"{dname}\" is {ddt}; {what} merges lists of the destination's type");
                            ctx.report(Diagnostic::error("dtype-mismatch", msg).at(o.span));
                            ok = false;
                        }
                    }
                    ins.src.push(o);
                }
                None => ok = false,
            }
        }
        ok.then_some(items.len())
    });
    let mut lengths = [0u16; 4];
    let lens = ctx.require(f, "element_lengths", what).and_then(|n| {
        let items = list_of(ctx, n, "element_lengths", what, "queue lengths")?;
        let mut ok = true;
        for (i, it) in items.iter().enumerate() {
            match ctx.uint(
                it,
                "element_lengths (MrgSort4Info.elementLengths, in 8-byte structures)",
                4095,
            ) {
                Some(v) => lengths[i] = v as u16,
                None => ok = false,
            }
        }
        ok.then_some((items.len(), n.span))
    });
    let valid = f.get("valid_bit").and_then(|n| {
        let v = ctx.uint(n, "valid_bit", u16::MAX as u128)?;
        if ![3, 7, 15].contains(&v) {
            let msg = format!("valid_bit is {v}; MrgSort4Info.validBit is 3 (two queues), 7 (three) or 15 (four) (DK:排序组合（ISASI）/MrgSort 表3)");
            ctx.report(Diagnostic::error("value-out-of-range", msg).at(n.span));
            return None;
        }
        Some((v, n.span))
    });
    let suspend = flag(ctx, f, "exhausted_suspension").unwrap_or(false);
    let rep = match f.get("repeat_times") {
        Some(_) => repeat(ctx, f, what),
        None => Some(1),
    };
    let (n, (m, lspan)) = (lists?, lens?);
    if m != n {
        let msg =
            format!("element_lengths has {m} lengths but src {n} lists; give one length per list");
        ctx.report(Diagnostic::error("bad-params", msg).at(lspan));
        return None;
    }
    if let Some((v, span)) = valid {
        let queues = (v as u32).count_ones() as usize;
        if queues != n {
            let msg = format!("valid_bit {v} names {queues} queues but src lists {n}; list exactly the queues validBit marks valid");
            ctx.report(Diagnostic::error("bad-params", msg).at(span));
            return None;
        }
    }
    let ret = super::operand::ret_scalar(ctx, f, "taken")?;
    dst?;
    ins.form = Form::Masked {
        mask: MaskArg::Contiguous(PER_REPEAT),
        repeat_times: rep?,
    };
    Some(Args::Sort {
        v: ins.vector()?,
        lengths,
        suspend,
        ret,
    })
}

/// `repeat_times`: required, checked against the family's limit by the simulator.
fn repeat(ctx: &mut Ctx, f: &Fields, what: &str) -> Option<u64> {
    ctx.require(f, "repeat_times", what)
        .and_then(|n| ctx.uint(n, "repeat_times", u64::MAX as u128))
        .map(|v| v as u64)
}

/// A list of 2 to 4 items (MrgSort's queues and their lengths).
fn list_of<'n>(
    ctx: &mut Ctx,
    n: &'n crate::base::spans::Node,
    field: &str,
    what: &str,
    items: &str,
) -> Option<Vec<&'n crate::base::spans::Node>> {
    match &n.kind {
        Kind::Group(g) if g.delim == Delim::Bracket && (2..=4).contains(&g.items.len()) => {
            Some(g.items.iter().map(|it| &it.value).collect())
        }
        kind => {
            let found = match kind {
                Kind::Group(g) if g.delim == Delim::Bracket => format!("{} items", g.items.len()),
                _ => n.describe(),
            };
            let msg = format!("`{field}` of {what} is a list of 2 to 4 {items}, found {found}");
            ctx.report(Diagnostic::error("wrong-type", msg).at(n.span));
            None
        }
    }
}
