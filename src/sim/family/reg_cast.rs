//! The register API's Cast (Ascend 950, docs/semantics.md §29; DK:Reg矢量计算/类型转换/Cast,
//! CANN's dav_3510 `kernel_reg_compute_vec_vconv_impl.h` for the pairs): one lane per element of
//! the wider type (a group); the narrower element is the group's RegLayout-th. Widening reads it
//! from its position, narrowing writes it there and zeroes the rest of the group; the mask is
//! read for the source's elements. Inactive groups are zeroed (ZEROING) or kept (MERGING).

use super::{Exec, Room};
use crate::base::convert::{convert, convert_wrapping, RoundMode};
use crate::base::dtype::DType::{self, *};
use crate::base::ir::{Args, Form, Instr};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::{AccessKind, OpAddr, Plan};

/// What a Cast pair takes (CANN's lists): its layout (the widths differ), its round mode, its
/// saturation mode.
struct PairUse {
    round: bool,
    sat: bool,
}

/// The (dst, src) pairs of the page and CANN's implementation among ascstep's element types.
fn pair(dst: DType, src: DType) -> Option<PairUse> {
    let u = |round, sat| Some(PairUse { round, sat });
    match (dst, src) {
        // layoutMerge: widening, exact.
        (UInt16, UInt8)
        | (Int16, Int8)
        | (UInt32, UInt16)
        | (UInt32, Int16)
        | (Int32, Int16)
        | (Int64, Int32)
        | (Float, Half)
        | (Float, BFloat16)
        | (Half, UInt8)
        | (Half, Int8)
        | (Float, Int16)
        | (UInt32, UInt8)
        | (Int32, Int8) => u(false, false),
        // satLayMergeCast: narrowing integers.
        (UInt8, UInt16)
        | (UInt8, Int16)
        | (UInt16, UInt32)
        | (Int16, UInt32)
        | (UInt16, Int32)
        | (Int16, Int32)
        | (UInt8, UInt32)
        | (UInt8, Int32)
        | (Int32, Int64) => u(false, true),
        // rndSatLayoutMergeCast and rndSatMergeCast.
        (Int16, Float)
        | (UInt8, Half)
        | (Int8, Half)
        | (Int32, BFloat16)
        | (Int64, Float)
        | (Half, Float)
        | (BFloat16, Float)
        | (Int32, Float)
        | (Int16, Half)
        | (Half, BFloat16) => u(true, true),
        // rndLayoutMergeCast and rndMergeCast.
        (Int32, Half) | (Float, Int64) | (Half, Int16) | (Float, Int32) | (BFloat16, Half) => {
            u(true, false)
        }
        _ => None,
    }
}

/// The group's unsigned type: the wider of the two widths.
fn group(dst: DType, src: DType) -> DType {
    match dst.size().max(src.size()) {
        1 => UInt8,
        2 => UInt16,
        4 => UInt32,
        _ => UInt64,
    }
}

fn parts(c: &Ctx) -> Option<(DType, DType, Option<RoundMode>, u8, bool)> {
    let (dst, src) = (c.instr.dst()?, c.instr.src().first()?);
    match c.instr.args {
        Args::RegCast {
            round,
            layout,
            saturate,
            ..
        } => Some((c.dtype_of(dst), c.dtype_of(src), round, layout, saturate)),
        _ => None,
    }
}

/// What a register Cast computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RegCastKernel {
    pub dst: DType,
    pub src: DType,
    pub round: RoundMode,
    pub layout: u8,
    pub saturate: bool,
    pub zeroing: bool,
}

pub struct RegCastRoom;

impl Room for RegCastRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        match instr.args {
            Args::RegCast { .. } if instr.dst().is_some() && !instr.src().is_empty() => Ok(()),
            _ => Err(format!(
                "{} needs dst, src and a mask register",
                instr.name()
            )),
        }
    }

    /// Lanes are groups: the wider type's width, as an unsigned type.
    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let (dst, src, ..) = parts(c)?;
        Some(Types::same(group(dst, src)))
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        let Some((dst, src, round, layout, saturate)) = parts(c) else {
            return;
        };
        let Some(u) = pair(dst, src) else {
            let msg = format!("Cast from {src} to {dst} is not a pair of the register API's Cast (DK:Reg矢量计算/类型转换/Cast)");
            c.err("unsupported-cast", "dst", msg);
            return;
        };
        let ratio = dst.size().max(src.size()) / dst.size().min(src.size());
        if layout as u32 >= ratio {
            let msg = format!("RegLayout {layout} has no place in a group of {ratio} element(s) of {src} → {dst}: valid 0..{ratio}");
            c.err("unsupported-cast", "layout", msg);
        }
        if !u.sat && !saturate {
            let msg = format!("Cast from {src} to {dst} has no SatMode (NO_SAT applies to the pairs that saturate)");
            c.err("unsupported-cast", "saturate", msg);
        }
        match round {
            Some(m) if !u.round && m != RoundMode::Rint && m != RoundMode::None => {
                let msg = format!(
                    "Cast from {src} to {dst} is exact: it takes no round mode, not {}",
                    m.name()
                );
                c.err("unsupported-round-mode", "round", msg);
            }
            None if u.round => {
                let msg = format!("Cast from {src} to {dst} rounds: it needs `round` (C++: CastTrait's roundMode; RoundMode::UNKNOWN is the device's CAST_HYBRID, which ascstep does not simulate)");
                c.err("unsupported-round-mode", "dst", msg);
            }
            _ => {}
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let instr = c.instr;
        let op = |o: &crate::base::ir::Operand, role, kind| {
            let base = OpAddr::of(c.program, o, role, kind, 1, 8).base;
            OpAddr::standard(role, o.tensor, kind, t.dst, base, 1, 8)
        };
        let mut ops = Vec::new();
        if let Some(d) = instr.dst() {
            ops.push(op(d, "dst", AccessKind::Write));
        }
        if let Some(s) = instr.src().first() {
            ops.push(op(s, "src", AccessKind::Read));
        }
        (ops, 32)
    }

    /// Group i is active when the mask's bit of its source element is: widening, the element
    /// at the layout's place.
    fn lanes(&self, c: &mut Ctx, t: &Types, par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        let (_, src, _, layout, _) = parts(c)?;
        let g = t.dst.size();
        let bits = match c.instr.form() {
            Form::Reg { lanes: Some(b), .. } => *b,
            _ => [u64::MAX; 4],
        };
        let shift = if src.size() < g {
            layout as u32 * src.size()
        } else {
            0
        };
        let mut l = Lanes::NONE;
        for i in 0..par {
            let bit = i * g + shift;
            if bits[(bit / 64) as usize] >> (bit % 64) & 1 == 1 {
                l.0[(i / 64) as usize] |= 1 << (i % 64);
            }
        }
        Some(LaneSource::Fixed {
            lanes: l,
            repeats: 1,
        })
    }

    fn exec(&self, c: &Ctx, _t: &Types, _lanes: &LaneSource) -> Exec {
        let (dst, src, round, layout, saturate) = parts(c).unwrap_or((Float, Float, None, 0, true));
        Exec::RegCast(RegCastKernel {
            dst,
            src,
            round: round.unwrap_or(RoundMode::Rint),
            layout,
            saturate,
            zeroing: matches!(c.instr.form(), Form::Reg { zeroing: true, .. }),
        })
    }
}

/// Block step `(r, b)`: each group of the block converted (active) or zeroed (ZEROING).
pub fn exec_block(k: &RegCastKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let s = plan.block_step(r, b);
    let (dst, src) = (&plan.operands[0], &plan.operands[1]);
    let g = dst.size();
    let width = |d: DType| d.size() * 8;
    let field = |bits: u32| {
        if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        }
    };
    for lane in s.ks.clone() {
        let out = if s.lanes.has(lane) {
            let word = super::reg::read_bits(mem, src, lane, r);
            let from = if k.src.size() < g {
                word >> (k.layout as u32 * width(k.src)) & field(width(k.src))
            } else {
                word
            };
            let v = if k.saturate {
                convert(from, k.src, k.dst, k.round)
            } else {
                convert_wrapping(from, k.src, k.dst, k.round)
            };
            let v = v & field(width(k.dst));
            if k.dst.size() < g {
                v << (k.layout as u32 * width(k.dst))
            } else {
                v
            }
        } else if k.zeroing {
            0
        } else {
            continue;
        };
        super::reg::write_bits(mem, dst, lane, r, out);
    }
}

/// Whether an instruction is a register Cast (it zeroes its groups itself).
pub fn is_reg_cast(instr: &Instr) -> bool {
    matches!(instr.args, Args::RegCast { .. })
}
