//! The register API's instructions (Ascend 950, docs/format.md §7.1, docs/semantics.md §29):
//! the computing calls on vector registers under a mask register (`mask_reg`, `merge`),
//! LoadAlign / StoreAlign between the UB and a register, CreateMask / UpdateMask.

use super::*;
use crate::base::catalog::{Family, Op};
use crate::base::convert::RoundMode;
use crate::base::diag::Diagnostic;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Form, MaskPattern, MaskSet, ReduceType, RegDist, Space, VL};
use crate::base::modes::CmpMode;
use crate::program::load::{Ctx, Fields};

pub(super) const UNARY: &[&str] = &["dst", "src", "mask_reg", "merge"];
pub(super) const BINARY: &[&str] = &["dst", "src0", "src1", "mask_reg", "merge"];
pub(super) const UNARY_ALGO: &[&str] = &["dst", "src", "mask_reg", "merge", "algo"];
pub(super) const BINARY_ALGO: &[&str] = &["dst", "src0", "src1", "mask_reg", "merge", "algo"];
pub(super) const SCALAR: &[&str] = &["dst", "src", "scalar", "mask_reg", "merge"];
pub(super) const DUPLICATE: &[&str] = &["dst", "scalar", "mask_reg", "merge"];
pub(super) const ARANGE: &[&str] = &["dst", "scalar", "order"];
pub(super) const TRUNCATE: &[&str] = &["dst", "src", "mask_reg", "merge", "round"];
pub(super) const LOAD: &[&str] = &["dst", "src", "dist"];
pub(super) const STORE: &[&str] = &["dst", "src", "mask_reg", "dist"];
pub(super) const LOAD_UNALIGN: &[&str] = &["dst", "src"];
pub(super) const REG_PACK: &[&str] = &["dst", "src", "part"];
pub(super) const STORE_UNALIGN: &[&str] = &["dst", "src", "count"];
pub(super) const CREATE_MASK: &[&str] = &["dst", "dtype", "pattern"];
pub(super) const UPDATE_MASK: &[&str] = &["dst", "dtype", "count"];
pub(super) const CAST: &[&str] = &[
    "dst", "src", "mask_reg", "round", "layout", "saturate", "merge",
];
pub(super) const COMPARE: &[&str] = &["dst", "src0", "src1", "cmp", "mask_reg"];
pub(super) const COMPARES: &[&str] = &["dst", "src", "scalar", "cmp", "mask_reg"];
pub(super) const SELECT: &[&str] = &["dst", "src0", "src1", "mask_reg"];
pub(super) const MASK_UNARY: &[&str] = &["dst", "src", "mask_reg"];
pub(super) const MASK_PART: &[&str] = &["dst", "src", "part"];
pub(super) const MASK_INTERLEAVE: &[&str] = &["dst", "src0", "src1", "dtype", "part"];
pub(super) const REDUCE: &[&str] = &["dst", "src", "mask_reg", "op"];
pub(super) const GATHER: &[&str] = &["dst", "src", "index", "mask_reg"];
pub(super) const REG_INTERLEAVE: &[&str] = &["dst", "src0", "src1", "part"];
const SQUEEZE: &[&str] = &["dst", "src", "mask_reg", "ret"];

/// The fields of a register-API instruction.
pub(super) fn fields(op: Op) -> &'static [&'static str] {
    match op {
        Op::LoadAlign => LOAD,
        Op::StoreAlign => STORE,
        Op::LoadUnAlign => LOAD_UNALIGN,
        Op::RegPack | Op::RegUnPack => REG_PACK,
        Op::StoreUnAlign => STORE_UNALIGN,
        Op::CreateMask => CREATE_MASK,
        Op::UpdateMask => UPDATE_MASK,
        Op::RegCast => CAST,
        Op::RegCompare => COMPARE,
        Op::RegCompares => COMPARES,
        Op::RegSelect => SELECT,
        Op::RegDuplicate => DUPLICATE,
        Op::RegArange | Op::RegArangeDesc => ARANGE,
        Op::RegTruncRint
        | Op::RegTruncRound
        | Op::RegTruncFloor
        | Op::RegTruncCeil
        | Op::RegTruncTrunc => TRUNCATE,
        Op::MaskNot | Op::MaskMov | Op::RegPairReduceElem => MASK_UNARY,
        Op::RegBroadcast => UNARY,
        Op::RegSqueeze => SQUEEZE,
        Op::RegInterleave | Op::RegDeInterleave => REG_INTERLEAVE,
        Op::RegReduce | Op::RegReduceDataBlock => REDUCE,
        Op::RegGather => GATHER,
        Op::MaskAnd | Op::MaskOr | Op::MaskXor | Op::MaskSel => SELECT,
        Op::MaskPack | Op::MaskUnPack => MASK_PART,
        Op::MaskInterleave | Op::MaskDeInterleave => MASK_INTERLEAVE,
        Op::RegDiv => BINARY_ALGO,
        Op::RegExp | Op::RegLn | Op::RegLog | Op::RegLog2 | Op::RegLog10 | Op::RegSqrt => {
            UNARY_ALGO
        }
        op => match op.family() {
            Family::Binary => BINARY,
            Family::Scalar => SCALAR,
            _ => UNARY,
        },
    }
}

/// The SpecificMode algorithms of an instruction (DK:Reg矢量计算/基础算术/Div, Exp, Ln, Log, Log2,
/// Log10, Sqrt) and whether each keeps subnormal results (`*_FTZ_FALSE`; the others flush them).
fn algos(op: Op) -> Vec<(&'static str, bool)> {
    let mut names = vec![("INTRINSIC", false), ("PRECISION_1ULP_FTZ_TRUE", false)];
    match op {
        Op::RegDiv => names.extend([
            ("DIFF_COMPENSATION", false),
            ("PRECISION_0ULP_FTZ_TRUE", false),
            ("PRECISION_0ULP_FTZ_FALSE", true),
        ]),
        Op::RegSqrt => names.extend([("FAST_INVERSE", false), ("PRECISION_0ULP_FTZ_FALSE", true)]),
        _ => {}
    }
    names.push(("PRECISION_1ULP_FTZ_FALSE", true));
    names
}

/// The instructions whose MaskMergeMode::MERGING exists (DK:附录/Reg矢量计算接口MergeMode支持情况
/// 汇总: Add, Max, Min in software, Duplicate in hardware; Move's own page, whose default it
/// is); every other one zeroes.
fn merging_allowed(op: Op) -> bool {
    matches!(
        op,
        Op::RegAdd | Op::RegMax | Op::RegMin | Op::RegDuplicate | Op::RegCopy
    )
}

/// A computing register instruction: its registers, its scalar, its mask register and merge mode.
pub(super) fn compute(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let family = ins.op.family();
    let srcs: &[&str] = match family {
        Family::Binary => &["src0", "src1"],
        Family::Duplicate | Family::VecIndex => &[],
        _ => &["src"],
    };
    let dtype = operands(ctx, f, ins, srcs);
    let scalar_arg = match family {
        Family::Scalar | Family::Duplicate | Family::VecIndex => ctx
            .require(f, "scalar", ins.op.name())
            .and_then(|n| scalar(ctx, n, dtype, ins))
            .map(Some)?,
        _ => None,
    };
    // Truncate's round mode is its op (DK:Reg矢量计算/类型转换/Truncate).
    if ins.op.name() == "Truncate" {
        let modes = [
            ("CAST_RINT", Op::RegTruncRint),
            ("CAST_ROUND", Op::RegTruncRound),
            ("CAST_FLOOR", Op::RegTruncFloor),
            ("CAST_CEIL", Op::RegTruncCeil),
            ("CAST_TRUNC", Op::RegTruncTrunc),
        ];
        let n = ctx.require(f, "round", "Truncate")?;
        ins.op = enum_value(ctx, n, "round", "unknown-round-mode", &modes, "CAST_RINT")?;
    }
    // Arange writes every lane (no mask register); `order: DECREASE` ends at the scalar.
    let mask = if family == Family::VecIndex {
        if let Some(n) = f.get("order") {
            let names = [("INCREASE", false), ("DECREASE", true)];
            if enum_value(ctx, n, "order", "unknown-order", &names, "INCREASE")? {
                ins.op = Op::RegArangeDesc;
            }
        }
        None
    } else {
        Some(mask_reg(ctx, f, ins)?)
    };
    let zeroing = merge_field(ctx, f)?;
    if let (false, Some(n)) = (zeroing || merging_allowed(ins.op), f.get("merge")) {
        ctx.report(
            Diagnostic::error(
                "unsupported-merge-mode",
                format!("{} has no MERGING mode: it zeroes the lanes its mask leaves", ins.op.name()),
            )
            .at(n.span)
            .note("MERGING: Add, Max, Min, Duplicate and Move only (DK:附录/Reg矢量计算接口MergeMode支持情况汇总, Reg数据搬入/Move)"),
        );
        return None;
    }
    let subnormal = match f.get("algo") {
        None => false,
        Some(n) => {
            let names = algos(ins.op);
            enum_value(ctx, n, "algo", "unknown-algo", &names, "INTRINSIC")?
        }
    };
    ins.form = Form::Reg {
        mask,
        zeroing,
        subnormal,
        lanes: None,
    };
    let v = ins.vector()?;
    Some(match (family, scalar_arg) {
        (Family::Duplicate | Family::VecIndex, Some(scalar)) => Args::Fill { v, scalar },
        (_, Some(scalar)) => Args::Scalar {
            v,
            scalar,
            round_en: false,
            elem: None,
            scalar_first: false,
        },
        _ => Args::Elementwise(v),
    })
}

/// LoadAlign (every lane of `dst` from the UB at `src`) and StoreAlign (the lanes of
/// `mask_reg` from register `src` to the UB at `dst`).
pub(super) fn move_(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    if matches!(ins.op, Op::RegPack | Op::RegUnPack) {
        return pack(ctx, f, ins);
    }
    if let Some(args) = mask_move(ctx, f, ins) {
        return args;
    }
    operands(ctx, f, ins, &["src"]);
    let mask = if ins.op == Op::StoreAlign {
        Some(mask_reg(ctx, f, ins)?)
    } else {
        None
    };
    let load = matches!(ins.op, Op::LoadAlign | Op::LoadUnAlign);
    let names: Vec<(&'static str, RegDist)> = RegDist::NAMES
        .iter()
        .copied()
        .filter(|(_, d)| *d == RegDist::Norm || matches!(d, RegDist::Unpack(_)) == load)
        .collect();
    let dist = match f.get("dist") {
        None => RegDist::Norm,
        Some(n) => enum_value(ctx, n, "dist", "unknown-dist", &names, "DIST_NORM")?,
    };
    ins.form = reg_form(mask, false);
    // StoreUnAlign's count: at most a register's elements (default: all of them).
    let count = match (ins.op, f.get("count")) {
        (Op::StoreUnAlign, Some(n)) => {
            let lanes = ins
                .src
                .first()
                .map_or(VL, |o| VL / ctx.tensors[o.tensor].dtype.size());
            Some(ctx.uint(n, "count", lanes as u128)? as u32)
        }
        _ => None,
    };
    Some(Args::RegMove {
        v: ins.vector()?,
        dist,
        count,
        high: false,
    })
}

/// The registers' Pack (`dst` the narrow register, `src` the wide one) and UnPack (the other way
/// round), `part: LOWEST|HIGHEST`: the narrow register's half (DK:Reg矢量计算/数据压缩).
fn pack(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let dst = operand(ctx, f, "dst", what);
    let src = operand(ctx, f, "src", what);
    let high = part_field(ctx, f)?;
    let ((d, dt, _), (s, st, _)) = (dst?, src?);
    let (narrow, wide) = if ins.op == Op::RegPack {
        (dt, st)
    } else {
        (st, dt)
    };
    let ok = wide.size() == 2 * narrow.size()
        && !wide.is_float()
        && !narrow.is_float()
        && (ins.op == Op::RegPack && !narrow.is_signed()
            || ins.op == Op::RegUnPack && wide.is_signed() == narrow.is_signed());
    if !ok {
        let want = if ins.op == Op::RegPack {
            "uint8 from int16/uint16, uint16 from int32/uint32, uint32 from int64/uint64"
        } else {
            "int16/uint16 from int8/uint8, int32/uint32 from int16/uint16, int64/uint64 from int32/uint32"
        };
        ctx.error(
            "unsupported-dtype",
            d.span,
            format!(
                "{what} of {st} into {dt}: its pairs are {want} (DK:Reg矢量计算/数据压缩/{what})"
            ),
        );
        return None;
    }
    ins.dst = Some(d);
    ins.src = vec![s];
    ins.form = reg_form(None, false);
    let bits = 8 * wide.size();
    Some(Args::RegMove {
        v: ins.vector()?,
        dist: if ins.op == Op::RegPack {
            RegDist::Pack(bits)
        } else {
            RegDist::Unpack(bits / 2)
        },
        count: None,
        high,
    })
}

/// CreateMask (`dtype`, `pattern`) and UpdateMask (`dtype`, `count`) into mask register `dst`.
pub(super) fn mask_set(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    operands(ctx, f, ins, &[]);
    let dtype = ctx
        .require(f, "dtype", ins.op.name())
        .and_then(|n| ctx.dtype(n));
    let set = if ins.op == Op::CreateMask {
        match f.get("pattern") {
            None => Some(MaskSet::Pattern(MaskPattern::All)),
            Some(n) => enum_value(
                ctx,
                n,
                "pattern",
                "unknown-mask-pattern",
                &MaskPattern::NAMES,
                "ALL",
            )
            .map(MaskSet::Pattern),
        }
    } else {
        ctx.require(f, "count", ins.op.name())
            .and_then(|n| ctx.uint(n, "count", u32::MAX as u128))
            .map(|c| MaskSet::Count(c as u64))
    };
    Some(Args::RegMask {
        v: ins.vector()?,
        dtype: dtype?,
        set: set?,
    })
}

/// Cast of a register into a register of another type: `round` (none: the pair must be exact), `layout`
/// (RegLayout: ZERO … THREE, default ZERO), `saturate` (SatMode::SAT, default true), `merge`.
pub(super) fn cast(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let dst = operand(ctx, f, "dst", what);
    let src = operand(ctx, f, "src", what);
    if let Some((o, _, _)) = &dst {
        ins.dst = Some(*o);
    }
    if let Some((o, _, _)) = &src {
        ins.src.push(*o);
    }
    let modes: Vec<(&'static str, RoundMode)> =
        RoundMode::ALL.iter().map(|m| (m.name(), *m)).collect();
    let round = match f.get("round") {
        None => Some(None),
        Some(n) => enum_value(ctx, n, "round", "unknown-round-mode", &modes, "CAST_RINT").map(Some),
    };
    let layouts = [("ZERO", 0u8), ("ONE", 1), ("TWO", 2), ("THREE", 3)];
    let layout = match f.get("layout") {
        None => Some(0),
        Some(n) => enum_value(ctx, n, "layout", "unknown-layout", &layouts, "ZERO"),
    };
    let saturate = flag(ctx, f, "saturate").unwrap_or(true);
    let mask = mask_reg(ctx, f, ins)?;
    let zeroing = merge_field(ctx, f)?;
    ins.form = reg_form(Some(mask), zeroing);
    Some(Args::RegCast {
        v: ins.vector()?,
        round: round?,
        layout: layout?,
        saturate,
    })
}

/// Compare (`src0`, `src1`) and Compares (`src`, `scalar`) into mask register `dst` under
/// `mask_reg`, `cmp: LT|GT|GE|EQ|NE|LE`; Select (`src0`, `src1`) by mask register `mask_reg`.
pub(super) fn cmp_sel(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let what = ins.op.name();
    let dst = operand(ctx, f, "dst", what);
    if let Some((o, _, _)) = &dst {
        ins.dst = Some(*o);
    }
    let srcs: &[&str] = if ins.op == Op::RegCompares {
        &["src"]
    } else {
        &["src0", "src1"]
    };
    let mut dtype = None;
    for s in srcs {
        if let Some((o, dt, _)) = operand(ctx, f, s, what) {
            ins.src.push(o);
            dtype = dtype.or(Some(dt));
        }
    }
    let mask = mask_reg(ctx, f, ins)?;
    ins.form = reg_form(Some(mask), false);
    if ins.op == Op::RegSelect {
        return Some(Args::Elementwise(ins.vector()?));
    }
    let modes: Vec<(&'static str, CmpMode)> = CmpMode::ALL.iter().map(|m| (m.name(), *m)).collect();
    let cmp = ctx
        .require(f, "cmp", what)
        .and_then(|n| enum_value(ctx, n, "cmp", "unknown-cmp-mode", &modes, "LT"));
    let scalar_arg = match ins.op {
        Op::RegCompares => Some(
            ctx.require(f, "scalar", what)
                .and_then(|n| scalar(ctx, n, dtype, ins))?,
        ),
        _ => None,
    };
    Some(Args::RegCompare {
        v: ins.vector()?,
        cmp: cmp?,
        scalar: scalar_arg,
    })
}

/// LoadAlign into a mask register (`dist: DIST_NORM|DIST_US`) and StoreAlign of one
/// (`DIST_NORM|DIST_PACK`): a mask move, its dist its op (DK:Reg矢量计算/Reg数据搬入/MaskReg搬入
/// （LoadAlign）, Reg数据搬出/MaskReg搬出（StoreAlign）). None when the register is a vector register.
fn mask_move(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Option<Args>> {
    let load = ins.op == Op::LoadAlign;
    let (reg_field, ub_field) = if load { ("dst", "src") } else { ("src", "dst") };
    f.get(reg_field)?;
    let Some((reg, _, _)) = operand(ctx, f, reg_field, ins.op.name()) else {
        return Some(None);
    };
    if ctx.tensors[reg.tensor].space != Space::Mask {
        return None;
    }
    let ub = operand(ctx, f, ub_field, ins.op.name());
    let names: &[(&'static str, Op)] = if load {
        &[("DIST_NORM", Op::MaskLoad), ("DIST_US", Op::MaskLoadUs)]
    } else {
        &[
            ("DIST_NORM", Op::MaskStore),
            ("DIST_PACK", Op::MaskStorePack),
        ]
    };
    let op = match f.get("dist") {
        None => names[0].1,
        Some(n) => match enum_value(ctx, n, "dist", "unknown-dist", names, "DIST_NORM") {
            Some(op) => op,
            None => return Some(None),
        },
    };
    let Some((ub, _, _)) = ub else {
        return Some(None);
    };
    if load {
        (ins.dst, ins.src) = (Some(reg), vec![ub]);
    } else {
        (ins.dst, ins.src) = (Some(ub), vec![reg]);
    }
    ins.op = op;
    ins.form = reg_form(None, false);
    Some(ins.vector().map(|v| Args::RegMaskLogic {
        v,
        high: false,
        dtype: DType::UInt8,
    }))
}

/// The mask-register logic: MaskNot (`src`), MaskAnd/Or/Xor/Sel (`src0`, `src1`) under
/// `mask_reg`, MaskMov (`src`, `mask_reg` optional), MaskPack/UnPack (`src`, `part:
/// LOWEST|HIGHEST`), every operand a mask register.
pub(super) fn mask_logic(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    let srcs: &[&str] = match ins.op {
        Op::MaskAnd
        | Op::MaskOr
        | Op::MaskXor
        | Op::MaskSel
        | Op::MaskInterleave
        | Op::MaskDeInterleave => &["src0", "src1"],
        _ => &["src"],
    };
    operands(ctx, f, ins, srcs);
    let mask = match (ins.op, f.get("mask_reg")) {
        (Op::MaskPack | Op::MaskUnPack | Op::MaskInterleave | Op::MaskDeInterleave, _)
        | (Op::MaskMov, None) => None,
        _ => Some(mask_reg(ctx, f, ins)?),
    };
    let high = part_field(ctx, f)?;
    ins.form = reg_form(mask, false);
    // Interleave's element type: b8, b16 or b32 (its page's 数据类型).
    let dtype = match f.get("dtype") {
        None => DType::UInt8,
        Some(n) => {
            let d = ctx.dtype(n)?;
            if !matches!(d.size(), 1 | 2 | 4) {
                ctx.error(
                    "unsupported-dtype",
                    n.span,
                    format!(
                        "{}: a mask interleaves b8, b16 or b32 elements, not {d}",
                        ins.op.name()
                    ),
                );
                return None;
            }
            d
        }
    };
    Some(Args::RegMaskLogic {
        v: ins.vector()?,
        high,
        dtype,
    })
}

/// Reduce and ReduceDataBlock (`op`: the ReduceType, SUM by default) and PairReduceElem: one
/// register into another under a mask register, ZEROING (their only mode); Duplicate of a
/// register's lowest element (`merge`); the registers' Interleave and DeInterleave (`src0`,
/// `src1`, `part`; every lane).
pub(super) fn reduce(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    if matches!(ins.op, Op::RegInterleave | Op::RegDeInterleave) {
        operands(ctx, f, ins, &["src0", "src1"]);
        let high = part_field(ctx, f)?;
        ins.form = reg_form(None, true);
        return Some(Args::RegReduce {
            v: ins.vector()?,
            reduce: ReduceType::Sum,
            high,
            ret: None,
        });
    }
    // The pair of types is the room's to check (int16 sums into int32).
    let name = ins.op.name();
    ins.dst = operand(ctx, f, "dst", name).map(|o| o.0);
    ins.src.extend(operand(ctx, f, "src", name).map(|o| o.0));
    let mask = mask_reg(ctx, f, ins)?;
    let reduce = match f.get("op") {
        None => ReduceType::Sum,
        Some(n) => enum_value(ctx, n, "op", "unknown-reduce-op", &ReduceType::NAMES, "SUM")?,
    };
    let zeroing = merge_field(ctx, f)?;
    ins.form = reg_form(Some(mask), zeroing);
    let ret = super::operand::ret_scalar(ctx, f, "kept")?;
    Some(Args::RegReduce {
        v: ins.vector()?,
        reduce,
        high: false,
        ret,
    })
}

/// Gather from the UB: `dst` (a register), `src` (a UB operand), `index` (a register of
/// element indices), `mask_reg`; ZEROING.
pub(super) fn gather(ctx: &mut Ctx, f: &Fields, ins: &mut Draft) -> Option<Args> {
    // The types' row is the room's to check (an index register has a type of its own).
    let name = ins.op.name();
    ins.dst = operand(ctx, f, "dst", name).map(|o| o.0);
    ins.src.extend(operand(ctx, f, "src", name).map(|o| o.0));
    ins.src.extend(operand(ctx, f, "index", name).map(|o| o.0));
    let mask = mask_reg(ctx, f, ins)?;
    ins.form = reg_form(Some(mask), true);
    Some(Args::RegGather { v: ins.vector()? })
}

/// A register instruction's form before it is reached: its mask register (if any) and merge
/// mode (`compute` sets its own: an algorithm may keep subnormal results).
fn reg_form(mask: Option<crate::base::ir::Operand>, zeroing: bool) -> Form {
    Form::Reg {
        mask,
        zeroing,
        subnormal: false,
        lanes: None,
    }
}

/// The `merge` field: whether the instruction zeroes the lanes its mask leaves (ZEROING, the
/// default) or keeps them (MERGING).
fn merge_field(ctx: &mut Ctx, f: &Fields) -> Option<bool> {
    match f.get("merge") {
        None => Some(true),
        Some(n) => {
            let names = [("ZEROING", true), ("MERGING", false)];
            enum_value(ctx, n, "merge", "unknown-merge-mode", &names, "ZEROING")
        }
    }
}

/// The `part` field: HighLowPart::HIGHEST (true) or LOWEST (false, the default).
fn part_field(ctx: &mut Ctx, f: &Fields) -> Option<bool> {
    match f.get("part") {
        None => Some(false),
        Some(n) => {
            let names = [("LOWEST", false), ("HIGHEST", true)];
            enum_value(ctx, n, "part", "unknown-part", &names, "LOWEST")
        }
    }
}

/// The `mask_reg` field: a mask register.
fn mask_reg(ctx: &mut Ctx, f: &Fields, ins: &Draft) -> Option<crate::base::ir::Operand> {
    let (o, _, _) = operand(ctx, f, "mask_reg", ins.op.name())?;
    Some(o)
}

/// Each operand in the memory its place needs (docs/format.md §7.1): a register-API
/// instruction's registers are registers (LoadAlign's source and StoreAlign's destination in
/// the UB, a mask register where a mask is), and no other instruction takes a register.
pub(super) fn spaces(ctx: &mut Ctx, ins: &Draft) {
    let mask = match &ins.form {
        Form::Reg { mask, .. } => *mask,
        _ => None,
    };
    let want = |field: &str| -> Option<Space> {
        match (ins.op, field) {
            (op, _) if !op.is_reg() => None,
            (Op::MaskLoad | Op::MaskLoadUs, "src") | (Op::MaskStore | Op::MaskStorePack, "dst") => {
                Some(Space::Ub)
            }
            (op, _) if op.family() == Family::RegMaskLogic => Some(Space::Mask),
            (Op::LoadAlign | Op::LoadUnAlign | Op::RegGather, "src")
            | (Op::StoreAlign | Op::StoreUnAlign, "dst") => Some(Space::Ub),
            (Op::CreateMask | Op::UpdateMask | Op::RegCompare | Op::RegCompares, "dst")
            | (Op::CreateMask | Op::UpdateMask, _)
            | (_, "mask_reg") => Some(Space::Mask),
            _ => Some(Space::Reg),
        }
    };
    let fields = ins
        .dst
        .iter()
        .map(|o| ("dst", *o))
        .chain(ins.src.iter().enumerate().map(|(i, o)| {
            // Gather's second source is its index register.
            let gather_index = ins.op == Op::RegGather && i == 1;
            (if gather_index { "index" } else { "src" }, *o)
        }))
        .chain(mask.iter().map(|o| ("mask_reg", *o)));
    for (field, o) in fields {
        let t = &ctx.tensors[o.tensor];
        let (space, name) = (t.space, t.name.clone());
        let ok = match want(field) {
            None => !t.is_reg(),
            Some(w) => space == w,
        };
        if ok {
            continue;
        }
        let what = |s: Space| match s {
            Space::Reg => "a vector register (RegTensor)",
            Space::Mask => "a mask register (MaskReg)",
            Space::Gm => "a global-memory tensor",
            Space::Ub => "a UB tensor (LocalTensor)",
        };
        let msg = match want(field) {
            None => format!(
                "`{name}` is {}; {} of the memory API takes UB tensors (write `mask_reg` for the register API's {})",
                what(space),
                ins.op.name(),
                ins.op.name()
            ),
            Some(w) => format!(
                "`{name}` is {}; {}'s {field} is {}",
                what(space),
                ins.op.name(),
                what(w)
            ),
        };
        ctx.report(
            Diagnostic::error("operand-memory", msg)
                .at(o.span)
                .note("the register API: docs/format.md §7.1"),
        );
    }
}
