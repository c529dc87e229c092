//! Ascend 950's register API (docs/semantics.md §29): LoadAlign / StoreAlign between the UB and
//! a vector register, CreateMask / UpdateMask into a mask register, and what every register
//! instruction shares: its lanes read from its mask register when it is reached, and ZEROING.
//!
//! Registers are memory of their own region (`ub::REG_BASE`): a vector register is one repeat
//! of eight 32-byte blocks, so the register instructions plan, check and run as the memory API's
//! one-repeat instructions do; the computing ones are the elementwise room's (`Op::lane_op`).

use super::elementwise::{operands, MapKernel};
use super::{Exec, Room};
use crate::base::catalog::Op;
use crate::base::dtype::DType;
use crate::base::dtype::Value;
use crate::base::ir::{Args, Form, Instr, Program, RegDist, MASK_BYTES, VL};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::{AccessKind, OpAddr, Plan};
use crate::sim::ub::Ub;

/// LoadAlign and StoreAlign: DIST_NORM moves a register's lanes as Copy moves them; an unpacking
/// load or packing store has a lane per group, the UB side holding the narrow elements one after
/// another.
pub struct RegMoveRoom;

fn dist(instr: &Instr) -> RegDist {
    match instr.args {
        Args::RegMove { dist, .. } => dist,
        _ => RegDist::Norm,
    }
}

/// LoadUnAlign and StoreUnAlign.
fn unaligned(instr: &Instr) -> bool {
    matches!(
        instr.op,
        crate::base::catalog::Op::LoadUnAlign | crate::base::catalog::Op::StoreUnAlign
    )
}

/// The unsigned type of `bytes` bytes.
fn unsigned(bytes: u32) -> DType {
    match bytes {
        1 => DType::UInt8,
        2 => DType::UInt16,
        4 => DType::UInt32,
        _ => DType::UInt64,
    }
}

impl Room for RegMoveRoom {
    /// A width-changing move's lanes are groups.
    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let o = c.instr.dst()?;
        let dt = c.dtype_of(o);
        Some(match dist(c.instr).widths() {
            Some((_, g)) => Types::same(unsigned(g)),
            None => Types::same(dt),
        })
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        if matches!(c.instr.op, Op::RegPack | Op::RegUnPack) {
            return; // the reader checked the pair
        }
        let d = dist(c.instr);
        if let (Some((n, _)), Some(o)) = (d.widths(), c.instr.dst()) {
            let dt = c.dtype_of(o);
            if dt.size() != n {
                let msg = format!("{d:?} moves {}-bit elements, not {dt}", n * 8);
                c.err("unsupported-dtype", "dist", msg);
            }
        }
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    /// LoadUnAlign and StoreUnAlign take any element address of the UB; LoadAlign and
    /// StoreAlign a 32-byte aligned one.
    fn align(&self, c: &mut Ctx, ops: &[OpAddr], dst_align: u32, gm_align: u32) {
        if !unaligned(c.instr) {
            return crate::sim::checks::bounds::align(c, ops, dst_align, gm_align);
        }
        for o in ops {
            let need = o.size();
            if o.base % need != 0 {
                let t = &c.program.tensors[o.tensor].name;
                let msg = format!(
                    "{} `{t}` starts at UB address {:#x}, which is not {need}-byte aligned (an element address: DK:Reg矢量计算/{})",
                    o.role, o.base, c.name()
                );
                c.err("misaligned-operand", o.role, msg);
            }
        }
    }

    /// StoreUnAlign's first `count` lanes; the others every lane.
    fn lanes(&self, c: &mut Ctx, t: &Types, par: u32, reg: &mut MaskReg) -> Option<LaneSource> {
        match c.instr.args {
            Args::RegMove { count: Some(n), .. } => Some(LaneSource::Fixed {
                lanes: Lanes::first(n.min(par)),
                repeats: 1,
            }),
            _ => crate::sim::checks::lanes::resolve(c, par, t.lane, reg),
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let mut ops = operands(c.instr, c.program);
        if let Some((n, _)) = dist(c.instr).widths() {
            // The register side as groups, the UB side as narrow elements; the registers' Pack
            // and UnPack: the narrow register (its HIGHEST half from VL / 2).
            let narrow_side = match c.instr.op {
                Op::RegPack => Some(0),
                Op::RegUnPack => Some(1),
                _ => None,
            };
            let high = matches!(c.instr.args, Args::RegMove { high: true, .. });
            for (i, o) in ops.iter_mut().enumerate() {
                let reg = c.program.tensors[o.tensor].is_reg();
                let (dt, base) = match narrow_side {
                    Some(j) if i == j => (unsigned(n), o.base + if high { VL / 2 } else { 0 }),
                    Some(_) => (t.dst, o.base),
                    None if reg => (t.dst, o.base),
                    None => (unsigned(n), o.base),
                };
                *o = OpAddr::standard(o.role, o.tensor, o.kind, dt, base, 1, 8);
            }
        }
        (ops, 32)
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        if let Some((n, _)) = dist(c.instr).widths() {
            // UnPack sign-extends a signed source (DK:Reg矢量计算/数据压缩/UnPack).
            let signed = c.instr.op == Op::RegUnPack
                && c.instr
                    .src()
                    .first()
                    .is_some_and(|s| c.dtype_of(s).is_signed());
            return Exec::RegPack(PackKernel { narrow: n, signed });
        }
        Exec::Map(MapKernel {
            op: crate::base::catalog::Op::Copy,
            dtype: t.dst,
            scalar: Value::Int(0),
            round_en: false,
            ftz: false,
            fused: false,
            scalar_first: false,
        })
    }
}

/// An unpacking load or packing store: each lane's element zero-extended from `narrow` bytes
/// into its group, or a group's low `narrow` bytes kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PackKernel {
    pub narrow: u32,
    /// Widening sign-extends (the registers' UnPack of a signed type).
    pub signed: bool,
}

/// Block step `(r, b)` of an unpacking load or packing store.
pub fn pack_block(k: &PackKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let Some(s) = plan.active_block(r, b) else {
        return;
    };
    let (dst, src) = (plan.operands[0], plan.operands[1]);
    for lane in s.lanes.iter_in(s.ks.start, s.ks.end) {
        let v = read_bits(mem, &src, lane, r);
        let bits = k.narrow * 8;
        let v = if dst.size() < src.size() {
            v & ((1u64 << bits) - 1)
        } else if k.signed && v >> (bits - 1) & 1 == 1 {
            v | !((1u64 << bits) - 1)
        } else {
            v
        };
        write_bits(mem, &dst, lane, r, v);
    }
}

pub(super) fn read_bits(mem: &mut Mem, op: &OpAddr, lane: u32, r: u32) -> u64 {
    let a = op.addr(r, lane);
    match op.size() {
        1 => mem.read_one::<u8>(op, lane, a) as u64,
        2 => mem.read_one::<u16>(op, lane, a) as u64,
        4 => mem.read_one::<u32>(op, lane, a) as u64,
        _ => mem.read_one::<u64>(op, lane, a),
    }
}

pub(super) fn write_bits(mem: &mut Mem, op: &OpAddr, lane: u32, r: u32, v: u64) {
    let a = op.addr(r, lane);
    match op.size() {
        1 => mem.write_one::<u8>(op, lane, a, v as u8),
        2 => mem.write_one::<u16>(op, lane, a, v as u16),
        4 => mem.write_one::<u32>(op, lane, a, v as u32),
        _ => mem.write_one::<u64>(op, lane, a, v),
    }
}

/// What CreateMask / UpdateMask write: the mask register's 32 bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaskKernel {
    pub bits: [u64; 4],
}

/// CreateMask and UpdateMask: the mask register's bytes, lanes 0..32 of a uint8 repeat.
pub struct RegMaskRoom;

impl Room for RegMaskRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        match instr.args {
            Args::RegMask { .. } if instr.dst().is_some() => Ok(()),
            _ => Err(format!("{} needs a mask register dst", instr.name())),
        }
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn check(&self, c: &mut Ctx, _t: &Types) {
        if let Args::RegMask { dtype, .. } = c.instr.args {
            if !c.instr.op.dtypes(c.product).contains(dtype) {
                let msg = format!(
                    "{}<{dtype}>: a mask is made for b8, b16, b32 or b64 elements (DK:Reg矢量计算/寄存器数据类型/MaskReg)",
                    c.name()
                );
                c.err("unsupported-dtype", "dtype", msg);
            }
        }
    }

    fn operands(&self, c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let d = c.instr.dst().copied().unwrap_or_default();
        (
            vec![OpAddr::of(c.program, &d, "dst", AccessKind::Write, 1, 8)],
            32,
        )
    }

    fn lanes(&self, _c: &mut Ctx, _t: &Types, _par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        Some(LaneSource::Fixed {
            lanes: Lanes::first(MASK_BYTES),
            repeats: 1,
        })
    }

    fn exec(&self, c: &Ctx, _t: &Types, _lanes: &LaneSource) -> Exec {
        let bits = match c.instr.args {
            Args::RegMask { dtype, set, .. } => set.bits(dtype),
            _ => [0; 4],
        };
        Exec::RegMask(MaskKernel { bits })
    }
}

/// Block step `(r, b)` of CreateMask / UpdateMask: the mask bytes of the block's lanes.
pub fn mask_block(k: &MaskKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let Some(s) = plan.active_block(r, b) else {
        return;
    };
    let bytes: Vec<u8> = k.bits.iter().flat_map(|w| w.to_le_bytes()).collect();
    let from = s.ks.start as usize;
    let to = (s.ks.end as usize).min(bytes.len());
    if from < to {
        mem.write_bytes(
            &plan.operands[0],
            r,
            s.ks.clone(),
            &s.lanes,
            &bytes[from..to],
        );
    }
}

/// ZEROING (MaskMergeMode, docs/semantics.md §29): block step `(r, b)` writes 0 to the
/// destination lanes its mask left.
pub fn zero_block(plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let s = plan.block_step(r, b);
    let mut off = Lanes::first(plan.par);
    for (w, l) in off.0.iter_mut().zip(s.lanes.0) {
        *w &= !l;
    }
    if !off.any_in(s.ks.start, s.ks.end) {
        return;
    }
    let dst = &plan.operands[0];
    let zeros = vec![0u8; s.n * dst.size() as usize];
    mem.write_bytes(dst, r, s.ks, &off, &zeros);
}

/// The instruction with its mask register's lanes filled in (`Form::Reg`'s `lanes`), read from
/// `ub` when it is reached; None when it has no mask register to read. An error when the mask
/// register was never set (docs/semantics.md §29).
pub fn with_mask_lanes(program: &Program, instr: &Instr, ub: &Ub) -> Option<Result<Instr, String>> {
    let Form::Reg {
        mask: Some(m),
        zeroing,
        subnormal,
        lanes: None,
    } = *instr.form()
    else {
        return None;
    };
    let t = program.tensors.get(m.tensor)?;
    let r = t.addr..t.addr + MASK_BYTES;
    if !ub.all_init(r.clone()) {
        return Some(Err(format!(
            "mask register `{}` is read before CreateMask or UpdateMask set it",
            t.name
        )));
    }
    let bytes = ub.slice(r);
    let mut bits = [0u64; 4];
    for (i, w) in bits.iter_mut().enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[i * 8..i * 8 + 8]);
        *w = u64::from_le_bytes(b);
    }
    let mut out = instr.clone();
    if let Some(v) = out.args.vector_mut() {
        v.form = Form::Reg {
            mask: Some(m),
            zeroing,
            subnormal,
            lanes: Some(bits),
        };
    }
    Some(Ok(out))
}

/// Whether an instruction writes every lane of its destination: ZEROING (done by the plan or,
/// for Cast, by its kernel) and Select.
pub fn writes_whole_dst(instr: &Instr) -> bool {
    matches!(instr.form(), Form::Reg { zeroing: true, .. })
        || instr.op == crate::base::catalog::Op::RegSelect
}

/// Whether an instruction loads a register from the UB (`Plan::register_load`).
pub fn loads_register(instr: &Instr) -> bool {
    use crate::base::catalog::Op;
    matches!(instr.op, Op::LoadAlign | Op::LoadUnAlign)
}

/// Block step `(r, b)` of a register load: a lane whose source bytes are uninitialised leaves
/// its register bytes uninitialised (a later read of them is the one reported).
pub fn carry_uninit(plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let Some(s) = plan.active_block(r, b) else {
        return;
    };
    let (dst, src) = (plan.operands[0], plan.operands[1]);
    for lane in s.lanes.iter_in(s.ks.start, s.ks.end) {
        if !mem.is_init(src.addr(r, lane), src.size()) {
            let a = dst.addr(r, lane) as u32;
            mem.ub.mark_undefined(a..a + dst.size());
        }
    }
}

/// Whether a plan zeroes its destination's inactive lanes (`Form::Reg` with ZEROING).
pub fn zeroing(instr: &Instr) -> bool {
    matches!(instr.form(), Form::Reg { zeroing: true, .. })
        && !super::reg_cast::is_reg_cast(instr)
        && !super::reg_cmpsel::is_reg_cmp_sel(instr)
        && !super::reg_reduce::is_reg_reduce(instr)
}
