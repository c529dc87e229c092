//! The DEQSCALE register (docs/semantics.md §16): SetDeqScale's room (its scalar and vector
//! forms), what the int32 → half Cast and CastDequant read from it, CastDequant's checks of it,
//! and the int16 → b8 dequantisation of one lane.

use crate::base::dtype::DType;
use crate::base::ir::{Args, Instr, Operand};
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room};
use crate::sim::mask::{LaneSource, MaskReg};
use crate::sim::plan::{AccessKind, OpAddr};

/// CastDequant int16 → b8 of one element with configuration word `cfg` (DK:类型转换/SetDeqScale
/// 表1): `x·scale + offset` in float, the scale taken as the hardware's (1, 8, 10) format
/// (the float's low 13 mantissa bits dropped), the offset a signed 9-bit integer, then
/// rounded to nearest even and saturated to int8 (signMode 1) or uint8 (signMode 0). The
/// rounding and the truncation of the scale are ascstep's choice (docs/semantics.md §16).
pub fn dequant_b8(x: i16, cfg: u64) -> u8 {
    let scale = f32::from_bits((cfg as u32) & !0x1fff);
    let raw = ((cfg >> 37) & 0x1ff) as i32;
    let offset = if raw & 0x100 != 0 { raw - 0x200 } else { raw };
    let signed = cfg >> 46 & 1 == 1;
    let f = x as f32 * scale + offset as f32;
    let r = f.round_ties_even();
    if signed {
        (if r.is_nan() {
            0.0
        } else {
            r.clamp(-128.0, 127.0)
        }) as i8 as u8
    } else {
        (if r.is_nan() { 0.0 } else { r.clamp(0.0, 255.0) }) as u8
    }
}

/// The DEQSCALE register when instruction `idx` is reached: the half scale of the last
/// `SetDeqScale(scale)` before it (a program is a straight sequence of steps), None when no
/// SetDeqScale ran or the last one set the CastDequant form.
pub(super) fn deq_scale(c: &Ctx) -> Option<f32> {
    match deq_register(c)? {
        Args::DeqScale {
            scale,
            offset: None,
            ..
        } => Some(*scale as f32),
        _ => None,
    }
}

/// The SetDeqScale whose value the DEQSCALE register holds when instruction `idx` is
/// reached: the last one before it.
fn deq_register<'a>(c: &Ctx<'a>) -> Option<&'a Args> {
    c.program.code[..c.idx as usize]
        .iter()
        .rev()
        .map(|i| &i.args)
        .find(|a| matches!(a, Args::DeqScale { .. } | Args::VecDeqScale { .. }))
}

/// CastDequant int16 → b8: the configuration word of the scalar form, or the vdeq tensor of
/// the vector form, as `vec_deq` asks; None when the register holds the other form or nothing.
pub(super) fn dequant_source(c: &Ctx, vec_deq: bool) -> Option<(u64, Option<OpAddr>)> {
    match (deq_register(c)?, vec_deq) {
        (
            Args::DeqScale {
                scale,
                offset: Some(o),
                sign_mode: Some(sm),
            },
            false,
        ) => Some((crate::base::ir::deq_config(*scale as f32, *o, *sm), None)),
        (Args::VecDeqScale { vdeq, .. }, true) => {
            Some((0, Some(vdeq_words(c, vdeq, AccessKind::Read))))
        }
        _ => None,
    }
}

/// The 16 uint64 configuration words of SetDeqScale's vector form at `vdeq`.
fn vdeq_words(c: &Ctx, vdeq: &Operand, kind: AccessKind) -> OpAddr {
    OpAddr {
        dtype: DType::UInt64,
        ..OpAddr::of(c.program, vdeq, "vdeq", kind, 1, 8)
    }
}

/// CastDequant's checks of the DEQSCALE register (DK:复合计算/CastDequant 约束说明).
pub(super) fn dequant_check(c: &mut Ctx, t: &Types) {
    let Args::Dequant { vec_deq, .. } = c.instr.args else {
        return;
    };
    if t.src == DType::Int32 {
        if deq_scale(c).is_none() {
            c.warn(
                "deq-scale-unset",
                "src",
                "CastDequant int32 → half takes its scale from the DEQSCALE register, but no SetDeqScale(half scale) ran before it: computed with scale 1.0 (DK:复合计算/CastDequant)".into(),
            );
        }
        return;
    }
    let want = if vec_deq {
        "SetDeqScale(vdeq, …) (the vector form, vec_deq: true)"
    } else {
        "SetDeqScale(scale, offset, sign_mode) (vec_deq: false)"
    };
    match dequant_source(c, vec_deq) {
        None => c.warn(
            "deq-scale-unset",
            "src",
            format!("CastDequant int16 → {} reads the DEQSCALE register as set by {want}, but the last SetDeqScale before it is not that form or there is none: computed with scale 1.0, offset 0 (DK:复合计算/CastDequant 使用关系映射表)", t.dst),
        ),
        Some((cfg, None)) => {
            let signed = cfg >> 46 & 1 == 1;
            if signed != (t.dst == DType::Int8) {
                c.warn(
                    "deq-sign-mode",
                    "dst",
                    format!("SetDeqScale's sign_mode is {signed}, which gives {} results, but dst is {} (DK:复合计算/CastDequant 约束说明: signMode=true → int8_t, false → uint8_t)", if signed { "int8" } else { "uint8" }, t.dst),
                );
            }
        }
        Some(_) => {}
    }
}

/// The room of SetDeqScale: no UB access; the register it sets is read by the int32 → half
/// Cast that follows.
pub struct DeqScaleRoom;

impl Room for DeqScaleRoom {
    fn structure(&self, _instr: &Instr) -> Result<(), String> {
        Ok(())
    }

    fn types(&self, _c: &mut Ctx) -> Option<Types> {
        None
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn operands(&self, _c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        (Vec::new(), 32)
    }

    /// The vector form writes 128 bytes into `vdeq` (32-byte aligned, DK:类型转换/SetDeqScale).
    fn lanes(&self, c: &mut Ctx, _t: &Types, _par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        if let Args::VecDeqScale { vdeq, .. } = c.instr.args {
            crate::sim::family::scalar_unit::check_run(c, &vdeq, "vdeq", 128, 32)?;
        }
        Some(LaneSource::Fixed {
            lanes: crate::sim::mask::Lanes::NONE,
            repeats: 0,
        })
    }

    /// The vector form is the scalar unit's 16 SetValue calls (`SetDeqScaleImpl`).
    fn exec(&self, c: &Ctx, _t: &Types, _lanes: &LaneSource) -> Exec {
        match &c.instr.args {
            Args::VecDeqScale { vdeq, words } => {
                let op = vdeq_words(c, vdeq, AccessKind::Write);
                Exec::Scalar(crate::sim::family::scalar_unit::ScalarStep::Words {
                    dst: op,
                    addr: op.base as u64,
                    words: *words,
                })
            }
            _ => Exec::None,
        }
    }
}
