//! The register API's mask-register logic (Ascend 950, docs/semantics.md §29;
//! DK:Reg矢量计算/MaskReg计算, 逻辑计算): MaskNot, MaskAnd, MaskOr, MaskXor and MaskMov keep
//! the bits their mask register selects and write 0 to the others (Move's page: "无效元素填0");
//! MaskSel takes src0's bit where its mask's bit is 1, else src1's; MaskPack keeps the even
//! bits of src in one half of dst, MaskUnPack spreads one half of src over dst, each bit as
//! two, the upper one 0.
//!
//! LoadAlign into a mask register and StoreAlign of one move its 32 bytes (DIST_NORM); DIST_US
//! loads 16 bytes, each bit twice, DIST_PACK stores the even bits, 16 bytes.
//!
//! A mask register is 32 bytes, one repeat of 32 uint8 lanes (one data block): the room's
//! plan is that block (every operand seen as bytes), the kernel works on its 256 bits at once.

use super::reg::{read_bits, write_bits};
use super::{Exec, Room};
use crate::base::catalog::Op;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Instr, MASK_BYTES};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::{AccessKind, OpAddr, Plan};

/// What a mask-register instruction computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaskLogicKernel {
    pub op: Op,
    /// Pack/UnPack's HighLowPart::HIGHEST; Interleave/DeInterleave's second destination.
    pub high: bool,
    /// Interleave/DeInterleave: the bits of one element (its type's bytes).
    pub group: u8,
    /// Whether the plan's last operand is the instruction's mask register.
    pub masked: bool,
}

pub struct RegMaskLogicRoom;

/// The sources an instruction reads besides its mask register.
fn sources(op: Op) -> usize {
    match op {
        Op::MaskAnd
        | Op::MaskOr
        | Op::MaskXor
        | Op::MaskSel
        | Op::MaskInterleave
        | Op::MaskDeInterleave => 2,
        _ => 1,
    }
}

/// The bytes the instruction writes: a packing store's 16, else 32.
fn written(op: Op) -> u32 {
    if op == Op::MaskStorePack {
        MASK_BYTES / 2
    } else {
        MASK_BYTES
    }
}

/// A move between a mask register and the UB.
fn is_move(op: Op) -> bool {
    matches!(
        op,
        Op::MaskLoad | Op::MaskLoadUs | Op::MaskStore | Op::MaskStorePack
    )
}

/// The instruction's mask register, if it has one.
fn mask_of(instr: &Instr) -> Option<crate::base::ir::Operand> {
    match instr.form() {
        crate::base::ir::Form::Reg { mask, .. } => *mask,
        _ => None,
    }
}

impl Room for RegMaskLogicRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        let needs_mask = !matches!(
            instr.op,
            Op::MaskMov | Op::MaskPack | Op::MaskUnPack | Op::MaskInterleave | Op::MaskDeInterleave
        ) && !is_move(instr.op);
        let ok = matches!(instr.args, Args::RegMaskLogic { .. })
            && instr.dst().is_some()
            && instr.src().len() >= sources(instr.op)
            && (!needs_mask || mask_of(instr).is_some());
        if ok {
            Ok(())
        } else {
            Err(format!(
                "{} needs a mask register dst, {} source mask register(s){}",
                instr.name(),
                sources(instr.op),
                if needs_mask { " and mask_reg" } else { "" }
            ))
        }
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    /// A mask move's UB address: VL/8 bytes aligned (DIST_US and DIST_PACK: VL/16), the pages'
    /// 表3.
    fn align(&self, c: &mut Ctx, ops: &[OpAddr], _dst_align: u32, _gm_align: u32) {
        let need = if matches!(c.instr.op, Op::MaskLoadUs | Op::MaskStorePack) {
            MASK_BYTES / 2
        } else {
            MASK_BYTES
        };
        for o in ops.iter().filter(|o| !c.program.tensors[o.tensor].is_reg()) {
            if o.base % need != 0 {
                let t = &c.program.tensors[o.tensor].name;
                let msg = format!(
                    "{} `{t}` starts at UB address {:#x}, which is not {need}-byte aligned (DK:Reg矢量计算/MaskReg搬入（LoadAlign）表3)",
                    o.role, o.base
                );
                c.err("misaligned-operand", o.role, msg);
            }
        }
    }

    fn operands(&self, c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let i = c.instr;
        let mut ops = Vec::new();
        // Every operand as bytes (a mask move's UB side has its tensor's type).
        let bytes = |o: &crate::base::ir::Operand, role, kind| {
            let a = OpAddr::of(c.program, o, role, kind, 1, 8);
            OpAddr::standard(role, a.tensor, kind, DType::UInt8, a.base, 1, 8)
        };
        if let Some(d) = i.dst() {
            ops.push(bytes(d, "dst", AccessKind::Write));
        }
        let roles: &[&'static str] = if sources(i.op) == 2 {
            &["src0", "src1"]
        } else {
            &["src"]
        };
        for (s, role) in i.src().iter().zip(roles) {
            ops.push(bytes(s, role, AccessKind::Read));
        }
        if let Some(m) = mask_of(i) {
            ops.push(bytes(&m, "mask", AccessKind::Read));
        }
        (ops, 32)
    }

    fn lanes(&self, c: &mut Ctx, _t: &Types, _par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        Some(LaneSource::Fixed {
            lanes: Lanes::first(written(c.instr.op)),
            repeats: 1,
        })
    }

    fn exec(&self, c: &Ctx, _t: &Types, _lanes: &LaneSource) -> Exec {
        let (high, group) = match c.instr.args {
            Args::RegMaskLogic { high, dtype, .. } => (high, dtype.size().max(1) as u8),
            _ => (false, 1),
        };
        Exec::RegMaskLogic(MaskLogicKernel {
            op: c.instr.op,
            high,
            group,
            masked: mask_of(c.instr).is_some(),
        })
    }
}

/// The 256 bits of a mask register operand, bit i of the register bit i % 64 of word i / 64.
fn read_mask(mem: &mut Mem, op: &OpAddr) -> [u64; 4] {
    let mut w = [0u64; 4];
    for lane in 0..MASK_BYTES {
        w[(lane / 8) as usize] |= read_bits(mem, op, lane, 0) << (8 * (lane % 8));
    }
    w
}

/// What the instruction writes, from its sources `s0`, `s1` and mask register `g`.
pub fn compute(k: &MaskLogicKernel, s0: [u64; 4], s1: [u64; 4], g: [u64; 4]) -> [u64; 4] {
    let mut out = [0u64; 4];
    match k.op {
        Op::MaskPack => {
            // The even bits of src, 128 of them, into dst's lower or upper half.
            let half = if k.high { 2 } else { 0 };
            for j in 0..128usize {
                let bit = s0[2 * j / 64] >> (2 * j % 64) & 1;
                out[half + j / 64] |= bit << (j % 64);
            }
        }
        Op::MaskUnPack => {
            // src's lower or upper 128 bits, each bit j to dst's bit 2j.
            let half = if k.high { 2 } else { 0 };
            for j in 0..128usize {
                let bit = s0[half + j / 64] >> (j % 64) & 1;
                out[2 * j / 64] |= bit << (2 * j % 64);
            }
        }
        // Elements of `group` bits: Interleave's dst0 is s0[0], s1[0], s0[1], … (the first
        // half of the pairs), dst1 the second half; DeInterleave's dst0 the even elements of
        // s0 then s1, dst1 the odd ones.
        Op::MaskInterleave | Op::MaskDeInterleave => {
            let g = k.group as usize;
            let n = 256 / g;
            let get = |w: &[u64; 4], e: usize| -> u64 {
                let b = e * g;
                w[b / 64] >> (b % 64) & ((1u64 << g) - 1)
            };
            for e in 0..n {
                // The element of the (2n-long) result sequence this destination element is.
                let z = if k.high { n + e } else { e };
                let v = if k.op == Op::MaskInterleave {
                    let src = if z % 2 == 0 { &s0 } else { &s1 };
                    get(src, z / 2)
                } else {
                    let c = 2 * e + k.high as usize;
                    if c < n {
                        get(&s0, c)
                    } else {
                        get(&s1, c - n)
                    }
                };
                let b = e * g;
                out[b / 64] |= v << (b % 64);
            }
        }
        // DIST_NORM: the 32 bytes as they are.
        Op::MaskLoad | Op::MaskStore => out = s0,
        // DIST_US: 16 bytes, bit j to bits 2j and 2j + 1.
        Op::MaskLoadUs => {
            for j in 0..128usize {
                let bit = s0[j / 64] >> (j % 64) & 1;
                out[2 * j / 64] |= (bit | bit << 1) << (2 * j % 64);
            }
        }
        // DIST_PACK: the even bits into 16 bytes.
        Op::MaskStorePack => {
            for j in 0..128usize {
                out[j / 64] |= (s0[2 * j / 64] >> (2 * j % 64) & 1) << (j % 64);
            }
        }
        op => {
            for w in 0..4 {
                let (a, b, m) = (s0[w], s1[w], g[w]);
                out[w] = match op {
                    Op::MaskNot => !a & m,
                    Op::MaskAnd => a & b & m,
                    Op::MaskOr => (a | b) & m,
                    Op::MaskXor => (a ^ b) & m,
                    Op::MaskSel => (a & m) | (b & !m),
                    _ => a & m,
                };
            }
        }
    }
    out
}

/// Block step `(r, b)`: the whole mask register, in the block step of its one block.
pub fn exec_block(k: &MaskLogicKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    if plan.active_block(r, b).is_none() {
        return;
    }
    let n = plan.operands.len();
    let srcs = n - 1 - k.masked as usize;
    let s0 = read_mask(mem, &plan.operands[1]);
    let s1 = if srcs > 1 {
        read_mask(mem, &plan.operands[2])
    } else {
        [0; 4]
    };
    let g = if k.masked {
        read_mask(mem, &plan.operands[n - 1])
    } else {
        [u64::MAX; 4]
    };
    let out = compute(k, s0, s1, g);
    let dst = plan.operands[0];
    for lane in 0..written(k.op) {
        write_bits(
            mem,
            &dst,
            lane,
            0,
            out[(lane / 8) as usize] >> (8 * (lane % 8)) & 0xff,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(op: Op, high: bool) -> MaskLogicKernel {
        MaskLogicKernel {
            op,
            high,
            group: 1,
            masked: true,
        }
    }

    #[test]
    fn logic_keeps_the_bits_its_mask_selects_and_zeroes_the_rest() {
        let (a, b, m) = ([0b1100, 0, 0, 0], [0b1010, 0, 0, 0], [0b0111, 0, 0, !0]);
        assert_eq!(compute(&k(Op::MaskAnd, false), a, b, m)[0], 0b0000);
        assert_eq!(compute(&k(Op::MaskOr, false), a, b, m)[0], 0b0110);
        assert_eq!(compute(&k(Op::MaskXor, false), a, b, m)[0], 0b0110);
        // Not of the unselected bits is 0, not 1 (Move's page: invalid elements are 0).
        assert_eq!(compute(&k(Op::MaskNot, false), a, b, m), [0b0011, 0, 0, !0]);
        assert_eq!(compute(&k(Op::MaskMov, false), a, b, m)[0], 0b0100);
        // Select: src0 where the mask is 1, src1 where it is 0.
        assert_eq!(compute(&k(Op::MaskSel, false), a, b, m)[0], 0b1100);
    }

    #[test]
    fn interleave_pairs_elements_and_deinterleave_splits_them() {
        // b16 elements (2 bits each): s0's elements 0..3 are 1, 0, 1; s1's are 0, 1, 1.
        let s0 = [0b01_00_01, 0, 0, 0];
        let s1 = [0b01_01_00, 0, 0, 0];
        let mut ki = k(Op::MaskInterleave, false);
        ki.group = 2;
        // s0[0], s1[0], s0[1], s1[1], s0[2], s1[2] = 1 0 0 1 1 1 (element 0 the lowest bits).
        assert_eq!(compute(&ki, s0, s1, [0; 4])[0], 0b01_01_01_00_00_01);
        ki.high = true;
        assert_eq!(compute(&ki, s0, s1, [0; 4]), [0; 4]);
        // DeInterleave of that and zeros gives s0 and s1 back.
        let z = [0b01_01_01_00_00_01, 0, 0, 0];
        let mut kd = k(Op::MaskDeInterleave, false);
        kd.group = 2;
        assert_eq!(compute(&kd, z, [0; 4], [0; 4]), s0);
        kd.high = true;
        assert_eq!(compute(&kd, z, [0; 4], [0; 4]), s1);
    }

    #[test]
    fn mask_moves_copy_upsample_and_pack() {
        let s = [0b1011, 0, 0, 1 << 63];
        assert_eq!(compute(&k(Op::MaskLoad, false), s, [0; 4], [0; 4]), s);
        assert_eq!(compute(&k(Op::MaskStore, false), s, [0; 4], [0; 4]), s);
        // US: bits 0, 1, 3 become bit pairs 0-1, 2-3, 6-7; the upper 16 bytes are not read.
        assert_eq!(
            compute(&k(Op::MaskLoadUs, false), s, [0; 4], [0; 4]),
            [0b1100_1111, 0, 0, 0]
        );
        // PACK: the even bits, 0 (set) and 2 (clear), become bits 0 and 1; bits 1 and 3 are
        // dropped, and so is bit 255.
        assert_eq!(
            compute(&k(Op::MaskStorePack, false), s, [0; 4], [0; 4]),
            [0b01, 0, 0, 0]
        );
    }

    #[test]
    fn pack_takes_the_even_bits_into_a_half_and_unpack_spreads_a_half() {
        // A b16 mask of 3 elements (bits 0, 2, 4) packs to 3 b8 elements (bits 0, 1, 2).
        let s = [0b10101, 0, 0, 0];
        assert_eq!(
            compute(&k(Op::MaskPack, false), s, [0; 4], [0; 4]),
            [0b111, 0, 0, 0]
        );
        assert_eq!(
            compute(&k(Op::MaskPack, true), s, [0; 4], [0; 4]),
            [0, 0, 0b111, 0]
        );
        // Every bit of src: dst's half full of ones.
        assert_eq!(
            compute(&k(Op::MaskPack, false), [!0; 4], [0; 4], [0; 4]),
            [!0, !0, 0, 0]
        );
        // UnPack is Pack's inverse on the half Pack wrote.
        let u = compute(&k(Op::MaskUnPack, false), [0b111, 0, 0, 0], [0; 4], [0; 4]);
        assert_eq!(u, s);
        // The upper half's bits 63 and 64 (register bits 191, 192) become bits 126 and 128.
        let u = compute(&k(Op::MaskUnPack, true), [0, 0, 1 << 63, 1], [0; 4], [0; 4]);
        assert_eq!(u, [0, 1 << 62, 1, 0]);
    }
}
