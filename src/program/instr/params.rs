//! The API forms (docs/format.md §6): `count`, or `mask` + `repeat_times` + repeat
//! parameters and strides (docs/semantics.md §1.3), with each stride field's range and default.

use super::*;
use crate::base::diag::Diagnostic;
use crate::base::ir::{Form, MaskArg, Slot, Strides};
use crate::base::spans::{Delim, Kind, Lit, Node};
use crate::program::load::{Ctx, Fields};

/// GatherMaskParams in C++ brace order (docs/semantics.md §1.3): src0BlockStride uint8,
/// repeatTimes uint16, src0RepeatStride uint16, src1RepeatStride uint8.
pub(super) const GATHER_PARAMS: [StrideField; 4] = [
    sf(
        "src0_block_stride",
        "GatherMaskParams.src0BlockStride (uint8_t)",
        255,
        1,
    ),
    sf(
        "repeat_times",
        "GatherMaskParams.repeatTimes (uint16_t)",
        65535,
        1,
    ),
    sf(
        "src0_repeat_stride",
        "GatherMaskParams.src0RepeatStride (uint16_t)",
        65535,
        8,
    ),
    sf(
        "src1_repeat_stride",
        "GatherMaskParams.src1RepeatStride (uint8_t)",
        255,
        0,
    ),
];

/// Brcb's BrcbRepeatParams {dstBlkStride, dstRepStride}: both uint16_t.
pub(super) const BRCB_STRIDES: [StrideField; 2] = [
    sf(
        "dst_blk_stride",
        "BrcbRepeatParams.dstBlkStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "dst_rep_stride",
        "BrcbRepeatParams.dstRepStride (uint16_t)",
        65535,
        8,
    ),
];

/// ReduceSum/Max/Min srcRepStride: int32_t documented in [0, 2^16 − 1].
pub(super) const WHOLE_SRC_REP: StrideField =
    sf("src_rep_stride", "the reduction's srcRepStride", 65535, 8);

/// One stride field: its snake_case name, the C++ field and type it mirrors, its maximum and
/// its default (docs/semantics.md §1.3).
pub(super) struct StrideField {
    pub(super) name: &'static str,
    pub(super) ctype: &'static str,
    pub(super) max: u32,
    pub(super) default: u32,
}

pub(super) const fn sf(
    name: &'static str,
    ctype: &'static str,
    max: u32,
    default: u32,
) -> StrideField {
    StrideField {
        name,
        ctype,
        max,
        default,
    }
}

/// UnaryRepeatParams in C++ brace order: block strides uint16_t, repeat strides uint8_t.
pub(super) const UNARY_PARAMS: [StrideField; 4] = [
    sf(
        "dst_blk_stride",
        "UnaryRepeatParams.dstBlkStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "src_blk_stride",
        "UnaryRepeatParams.srcBlkStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "dst_rep_stride",
        "UnaryRepeatParams.dstRepStride (uint8_t)",
        255,
        8,
    ),
    sf(
        "src_rep_stride",
        "UnaryRepeatParams.srcRepStride (uint8_t)",
        255,
        8,
    ),
];

/// CopyRepeatParams in C++ brace order (DK:数据搬运/Copy 表3): the strides within a repeat
/// are uint16_t, the repeat sizes 0..=4095.
pub(super) const COPY_PARAMS: [StrideField; 4] = [
    sf(
        "dst_stride",
        "CopyRepeatParams.dstStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "src_stride",
        "CopyRepeatParams.srcStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "dst_repeat_size",
        "CopyRepeatParams.dstRepeatSize (0..=4095)",
        4095,
        8,
    ),
    sf(
        "src_repeat_size",
        "CopyRepeatParams.srcRepeatSize (0..=4095)",
        4095,
        8,
    ),
];

/// DataCopyParams in C++ brace order (DK:数据搬运/DataCopy 表3), in 32-byte blocks.
pub(super) const DATA_COPY_PARAMS: [StrideField; 4] = [
    sf(
        "block_count",
        "DataCopyParams.blockCount (0..=4095)",
        4095,
        1,
    ),
    sf("block_len", "DataCopyParams.blockLen (uint16_t)", 65535, 0),
    sf(
        "src_stride",
        "DataCopyParams.srcStride (uint16_t)",
        65535,
        0,
    ),
    sf(
        "dst_stride",
        "DataCopyParams.dstStride (uint16_t)",
        65535,
        0,
    ),
];

/// DataCopyExtParams in C++ brace order without `rsv` (DK:数据搬运/DataCopyPad 表3):
/// blockLen in bytes; the GM-side stride in bytes, the UB-side one in 32-byte blocks.
pub(super) const DATA_COPY_EXT_PARAMS: [StrideField; 4] = [
    sf(
        "block_count",
        "DataCopyExtParams.blockCount (0..=4095)",
        4095,
        1,
    ),
    sf(
        "block_len",
        "DataCopyExtParams.blockLen (bytes, 0..=2097151)",
        2_097_151,
        0,
    ),
    sf(
        "src_stride",
        "DataCopyExtParams.srcStride (uint32_t)",
        u32::MAX,
        0,
    ),
    sf(
        "dst_stride",
        "DataCopyExtParams.dstStride (uint32_t)",
        u32::MAX,
        0,
    ),
];

/// BinaryRepeatParams in C++ brace order: every field uint8_t.
pub(super) const BINARY_PARAMS: [StrideField; 6] = [
    sf(
        "dst_blk_stride",
        "BinaryRepeatParams.dstBlkStride (uint8_t)",
        255,
        1,
    ),
    sf(
        "src0_blk_stride",
        "BinaryRepeatParams.src0BlkStride (uint8_t)",
        255,
        1,
    ),
    sf(
        "src1_blk_stride",
        "BinaryRepeatParams.src1BlkStride (uint8_t)",
        255,
        1,
    ),
    sf(
        "dst_rep_stride",
        "BinaryRepeatParams.dstRepStride (uint8_t)",
        255,
        8,
    ),
    sf(
        "src0_rep_stride",
        "BinaryRepeatParams.src0RepStride (uint8_t)",
        255,
        8,
    ),
    sf(
        "src1_rep_stride",
        "BinaryRepeatParams.src1RepStride (uint8_t)",
        255,
        8,
    ),
];

/// Reduction strides: int32_t arguments documented in [0, 65535] (docs/semantics.md §1.3).
pub(super) const REDUCE_STRIDES: [StrideField; 3] = [
    sf("dst_rep_stride", "the reduction's dstRepStride", 65535, 1),
    sf("src_blk_stride", "the reduction's srcBlkStride", 65535, 1),
    sf("src_rep_stride", "the reduction's srcRepStride", 65535, 8),
];

pub(super) const REPEAT_REDUCE_DST_BLK: StrideField =
    sf("dst_blk_stride", "RepeatReduceSum's dstBlkStride", 65535, 1);

/// Duplicate's stride arguments: dstBlockStride uint16_t, dstRepeatStride uint8_t.
pub(super) const DUPLICATE_STRIDES: [StrideField; 2] = [
    sf(
        "dst_blk_stride",
        "Duplicate's dstBlockStride (uint16_t)",
        65535,
        1,
    ),
    sf(
        "dst_rep_stride",
        "Duplicate's dstRepeatStride (uint8_t)",
        255,
        8,
    ),
];

/// The high-dimensional form's strides (`params` in C++ brace order or named), checked when the
/// high-dimensional form is meant.
pub(super) fn form_and_params(ctx: &mut Ctx, f: &Fields, ins: &mut Draft, params: &[StrideField]) {
    choose_form(ctx, f, ins, &["repeat_times", "params"]);
    if let (Some(p), None) = (f.get("params"), f.get("count")) {
        repeat_params(ctx, p, params, ins);
    }
}

/// docs/format.md §6: `count: n` (first-n form) or `mask` + `repeat_times` (high-dimensional
/// form); `extra` are the other fields of the high-dimensional form. Sets `ins.form`; None
/// when the fields do not make one valid form (reported as `bad-form`, `missing-field`, …).
pub(super) fn choose_form(
    ctx: &mut Ctx,
    f: &Fields,
    ins: &mut Draft,
    extra: &[&str],
) -> Option<()> {
    let name = ins.op.name();
    let high_dim_fields: Vec<&str> = extra.iter().copied().filter(|k| f.has(k)).collect();
    match (f.get("count"), f.get("mask")) {
        (Some(_), Some(_)) => {
            let span = f.key("mask").unwrap_or(ins.span);
            ctx.report(
                Diagnostic::error(
                    "bad-form",
                    format!(
                        "{name} has both `count` (first-n form) and `mask` (high-dimensional form)"
                    ),
                )
                .at(span)
                .note(if high_dim_fields.is_empty() {
                    "probably the first-n form was meant: drop `mask`".to_string()
                } else {
                    format!(
                        "probably the high-dimensional form was meant ({} given): drop `count`",
                        and_list(&high_dim_fields)
                    )
                }),
            );
            None
        }
        (None, None) => {
            let d = if high_dim_fields.is_empty() {
                Diagnostic::error("bad-form", format!("{name} has no form: give `count` or `mask`"))
                    .note("first-n form: `count: 256`; high-dimensional form: `mask: 128, repeat_times: 2`")
            } else {
                Diagnostic::error(
                    "bad-form",
                    format!(
                        "{name} gives {} but no `mask`: the high-dimensional form needs `mask`",
                        and_list(&high_dim_fields)
                    ),
                )
                .note("add e.g. `mask: 128`, or `mask: Placeholder` to use the mask register as last set")
            };
            ctx.report(d.at(ins.span));
            None
        }
        (Some(c), None) => {
            let mut ok = true;
            for k in &high_dim_fields {
                ctx.report(
                    Diagnostic::error(
                        "bad-form",
                        format!("`{k}` belongs to the high-dimensional form, but `count` selects the first-n form"),
                    )
                    .at(f.key(k).unwrap_or(ins.span))
                    .note("drop it, or replace `count` with `mask` to use the high-dimensional form"),
                );
                ok = false;
            }
            let count = if ctx.bind(c, Slot::Count)? {
                0
            } else {
                ctx.uint(c, "count", u64::MAX as u128)?
            };
            ins.form = Form::Count(count as u64);
            ok.then_some(())
        }
        (None, Some(m)) => {
            let mask = mask_arg(ctx, m);
            let rep = match f.get("repeat_times") {
                Some(r) => match ctx.bind(r, Slot::RepeatTimes) {
                    Some(true) => Some(0),
                    Some(false) => ctx.uint(r, "repeat_times", u64::MAX as u128),
                    None => None,
                },
                None => {
                    ctx.report(
                        Diagnostic::error(
                            "missing-field",
                            format!("missing field `repeat_times` in {name}"),
                        )
                        .at(ins.span)
                        .note("the high-dimensional form (`mask`) needs `repeat_times`; for the first n elements use `count: n` instead"),
                    );
                    None
                }
            };
            ins.form = Form::Masked {
                mask: mask?,
                repeat_times: rep? as u64,
            };
            Some(())
        }
    }
}

/// "`a` and `b`".
pub(super) fn and_list(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// `mask: 64`, `mask: [low, high, …]` (1 to 4 words, low word first) or `mask: Placeholder`
/// (docs/format.md §6, docs/semantics.md §2). `MASK_PLACEHOLDER`, the C++ spelling, is accepted
/// too. Negative contiguous masks are kept for the simulator to reject.
pub(super) fn mask_arg(ctx: &mut Ctx, node: &Node) -> Option<MaskArg> {
    if ctx.bind(node, Slot::Mask)? {
        return Some(MaskArg::Contiguous(0));
    }
    const HELP: &str =
        "mask is a lane count (`mask: 64`), a list of 1 to 4 64-bit words, low word first (`mask: [0x5555555555555555, 0]`), or `Placeholder`";
    match &node.kind {
        Kind::Number(_) => match ctx.lit(node, "mask")? {
            Lit::Int(v) => Some(MaskArg::Contiguous(v)),
            Lit::Float(_) => {
                ctx.report(
                    Diagnostic::error(
                        "wrong-type",
                        format!("expected an integer mask, found {}", node.describe()),
                    )
                    .at(node.span)
                    .note(HELP),
                );
                None
            }
        },
        Kind::Ident(s) if s == "Placeholder" || s == "MASK_PLACEHOLDER" => {
            Some(MaskArg::Placeholder)
        }
        Kind::Group(g) if g.delim == Delim::Bracket && (1..=4).contains(&g.items.len()) => {
            let mut words = Vec::with_capacity(g.items.len());
            let mut ok = true;
            for (k, item) in g.items.iter().enumerate() {
                match ctx.bind(&item.value, Slot::MaskWord(k as u8)) {
                    Some(true) => {
                        words.push(0);
                        continue;
                    }
                    None => {
                        ok = false;
                        continue;
                    }
                    Some(false) => {}
                }
                match ctx.uint(&item.value, "a mask word", u64::MAX as u128) {
                    Some(w) => words.push(w as u64),
                    None => ok = false,
                }
            }
            ok.then_some(MaskArg::Bits(words))
        }
        _ => {
            let found = match node.group() {
                Some(g) if g.delim == Delim::Bracket => {
                    format!("a list of {} words", g.items.len())
                }
                _ => node.describe(),
            };
            ctx.report(
                Diagnostic::error("wrong-type", format!("expected a mask, found {found}"))
                    .at(node.span)
                    .note(HELP),
            );
            None
        }
    }
}

/// One stride value: an integer in 0..=field.max, else `stride-out-of-range`.
pub(super) fn stride(ctx: &mut Ctx, node: &Node, field: &StrideField) -> Option<u32> {
    if ctx.bind(node, Slot::Stride(field.name))? {
        return Some(field.default);
    }
    match ctx.lit(node, field.name)? {
        Lit::Int(v) if (0..=field.max as i128).contains(&v) => Some(v as u32),
        Lit::Int(v) => {
            ctx.report(
                Diagnostic::error(
                    "stride-out-of-range",
                    format!("`{}` is {v}, out of range", field.name),
                )
                .at(node.span)
                .note(format!("{} takes 0..={}", field.ctype, field.max)),
            );
            None
        }
        Lit::Float(_) => {
            ctx.error(
                "wrong-type",
                node.span,
                format!(
                    "`{}` must be an integer, found {}",
                    field.name,
                    node.describe()
                ),
            );
            None
        }
    }
}

/// `params` (docs/format.md §6 item 3): named, or positional in C++ brace order. Fields
/// not written keep their defaults (blk 1, rep 8). Each value's position is recorded under
/// its field name in `ins.field_spans`.
pub(super) fn repeat_params(ctx: &mut Ctx, node: &Node, fields: &[StrideField], ins: &mut Draft) {
    let Some(values) = params_values(ctx, node, fields, ins) else {
        return;
    };
    ins.strides = if fields.len() == 6 {
        Strides {
            dst_blk: values[0],
            src_blk: [values[1], values[2]],
            dst_rep: values[3],
            src_rep: [values[4], values[5]],
        }
    } else {
        Strides {
            dst_blk: values[0],
            src_blk: [values[1], Strides::default().src_blk[1]],
            dst_rep: values[2],
            src_rep: [values[3], Strides::default().src_rep[1]],
        }
    };
}

/// The values of a params struct (named, or positional in C++ brace order), each checked
/// against its field's range; fields not written keep their defaults. None when any value is
/// bad (already reported).
pub(super) fn params_values(
    ctx: &mut Ctx,
    node: &Node,
    fields: &[StrideField],
    ins: &mut Draft,
) -> Option<Vec<u32>> {
    // "UnaryRepeatParams.dstBlkStride (uint16_t)" names the struct.
    let struct_name = fields
        .first()
        .and_then(|f| f.ctype.split('.').next())
        .unwrap_or("params");
    let names: Vec<&'static str> = fields.iter().map(|f| f.name).collect();
    let mut values: Vec<u32> = fields.iter().map(|f| f.default).collect();
    let positional = match node.group() {
        Some(g) if g.delim == Delim::Bracket => true,
        Some(g) if g.delim == Delim::Paren && g.name.is_none() => {
            !g.items.is_empty() && g.items.iter().all(|i| i.key.is_none())
        }
        _ => false,
    };
    let mut ok = true;
    if positional {
        let items = node.group().map_or(&[][..], |g| &g.items[..]);
        if items.len() != fields.len() {
            ctx.report(
                Diagnostic::error(
                    "bad-params",
                    format!(
                        "positional params of {} have {} values, {struct_name} takes {}",
                        ins.op.name(),
                        items.len(),
                        fields.len()
                    ),
                )
                .at(node.span)
                .note(format!("the C++ brace order is [{}]", names.join(", "))),
            );
            return None;
        }
        for (i, item) in items.iter().enumerate() {
            ins.field_spans.push((fields[i].name, item.value.span));
            match stride(ctx, &item.value, &fields[i]) {
                Some(v) => values[i] = v,
                None => ok = false,
            }
        }
    } else {
        let pf = ctx.fields(node, struct_name, &[struct_name], &names)?;
        for (name, _, value) in &pf.entries {
            ins.field_spans.push((name, value.span));
            if let Some(i) = names.iter().position(|n| n == name) {
                match stride(ctx, value, &fields[i]) {
                    Some(v) => values[i] = v,
                    None => ok = false,
                }
            }
        }
    }
    ok.then_some(values)
}

/// A list of exactly 16 items (SetDeqScale's `VdeqInfo` arrays, TransDataTo5HD's address
/// lists), each read by `item`: `what` names the API, `items` what the 16 are.
pub(super) fn sixteen<T: Copy + Default>(
    ctx: &mut Ctx,
    f: &Fields,
    field: &str,
    what: &str,
    items: &str,
    mut item: impl FnMut(&mut Ctx, usize, &Node) -> Option<T>,
) -> Option<[T; 16]> {
    let n = ctx.require(f, field, what)?;
    let list = match &n.kind {
        Kind::Group(g) if g.delim == Delim::Bracket && g.items.len() == 16 => &g.items,
        kind => {
            let found = match kind {
                Kind::Group(g) if g.delim == Delim::Bracket => format!("{} items", g.items.len()),
                _ => n.describe(),
            };
            ctx.report(
                Diagnostic::error(
                    "wrong-type",
                    format!("`{field}` of {what} is a list of 16 {items}, found {found}"),
                )
                .at(n.span),
            );
            return None;
        }
    };
    let mut out = [T::default(); 16];
    let mut ok = true;
    for (i, it) in list.iter().enumerate() {
        match item(ctx, i, &it.value) {
            Some(v) => out[i] = v,
            None => ok = false,
        }
    }
    ok.then_some(out)
}
