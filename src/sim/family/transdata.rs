//! TransDataTo5HD (docs/semantics.md §22, DK:数据排布转换/TransDataTo5HD, the C API page
//! asc_transto5hd): each repeat transposes 16 source data blocks, each at its own address,
//! into 16 destination blocks, each at its own address.
//!
//! - 16-bit: destination block j holds element j of source blocks 0..15 (a 16×16 transpose).
//! - 32-bit: pass k (0..8) takes element k of the 16 source blocks as two blocks: sources
//!   0..7 into destination block 2k, sources 8..15 into block 2k + 1.
//! - 8-bit: pass j (0..16) takes element j of the chosen half of each source block
//!   (`src_high_half`: elements 16..31) into the chosen half of destination block j
//!   (`dst_high_half`: bytes 16..31); the other half is not written.
//!
//! Repeat r reads and writes each listed block `r · stride` blocks further, except that with
//! `repeat_times` 1 the single repeat is already one stride further (the page's note on
//! repeatTimes): the plan's bases carry that shift. Each list entry is one plan operand (16
//! writes, then 16 reads) whose lanes all fall in its one (half) block; block step b does
//! destination blocks 2b and 2b + 1, element by element, as Gather does.

use crate::base::dtype::DType;
use crate::base::ir::Args;
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room};
use crate::sim::lanes::Num;
use crate::sim::mask::{LaneSource, MaskReg};
use crate::sim::plan::{AccessKind, OpAddr, Plan};

/// Blocks in each address list (NCHW_CONV_ADDR_LIST_SIZE).
pub const LIST: usize = 16;

const DST: [&str; LIST] = [
    "dst[0]", "dst[1]", "dst[2]", "dst[3]", "dst[4]", "dst[5]", "dst[6]", "dst[7]", "dst[8]",
    "dst[9]", "dst[10]", "dst[11]", "dst[12]", "dst[13]", "dst[14]", "dst[15]",
];
const SRC: [&str; LIST] = [
    "src[0]", "src[1]", "src[2]", "src[3]", "src[4]", "src[5]", "src[6]", "src[7]", "src[8]",
    "src[9]", "src[10]", "src[11]", "src[12]", "src[13]", "src[14]", "src[15]",
];

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TransKernel {
    pub dtype: DType,
}

/// Element `i` of destination block `d`: which source block and which of its elements (in
/// the operand's own numbering: an 8-bit operand's half block is elements 0..15).
pub fn source_of(size: u32, d: u32, i: u32) -> (u32, u32) {
    match size {
        4 => ((d % 2) * 8 + i, d / 2),
        _ => (i, d),
    }
}

/// Elements of one destination operand: a block (16-, 32-bit) or half a block (8-bit).
fn elems(size: u32) -> u32 {
    if size == 1 {
        16
    } else {
        32 / size
    }
}

/// Block step `b` of repeat `r`: destination blocks 2b and 2b + 1 (plan operands 0..16 are the
/// destination list, 16..32 the source list).
pub fn exec_block<T: Num>(k: &TransKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let size = k.dtype.size();
    for d in [2 * b, 2 * b + 1] {
        let dst = &plan.operands[d as usize];
        for i in 0..elems(size) {
            let (s, e) = source_of(size, d, i);
            let src = &plan.operands[LIST + s as usize];
            let v: T = mem.read_one(src, e, src.addr(r, e));
            mem.write_one(dst, i, dst.addr(r, i), v);
        }
    }
}

pub struct TransDataRoom;

impl Room for TransDataRoom {
    fn structure(&self, instr: &crate::base::ir::Instr) -> Result<(), String> {
        match &instr.args {
            Args::TransData { v, dst_rest, .. }
                if v.dst.is_some() && v.src.len() == LIST && dst_rest.len() == LIST - 1 =>
            {
                Ok(())
            }
            _ => Err("TransDataTo5HD needs 16 dst and 16 src blocks".into()),
        }
    }

    /// Its 8-bit types are documented on every product that has it.
    fn vector_lanes(&self) -> bool {
        false
    }

    /// No block strides.
    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    /// Every listed block 32-byte aligned (the page's 约束说明), whichever half an 8-bit
    /// operand uses.
    fn align(&self, c: &mut Ctx, ops: &[OpAddr], _dst_align: u32, _gm_align: u32) {
        let (dh, sh) = halves(c);
        let shift = single(c);
        for o in ops {
            let half = if o.kind == AccessKind::Write { dh } else { sh };
            let base = o.base - half - if shift { o.rep * 32 } else { 0 };
            if base % 32 != 0 {
                let name = &c.program.tensors[o.tensor].name;
                let msg = format!("{} `{name}` is at UB address {base:#x}, which is not 32-byte aligned (DK:数据排布转换/TransDataTo5HD 约束说明)", o.role);
                c.err(
                    "misaligned-operand",
                    if o.kind == AccessKind::Write {
                        "dst"
                    } else {
                        "src"
                    },
                    msg,
                );
            }
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let Args::TransData { v, dst_rest, .. } = &c.instr.args else {
            return (Vec::new(), 32);
        };
        let (dh, sh) = halves(c);
        let st = c.instr.strides();
        let shift = single(c);
        let per = elems(t.dst.size());
        let op = |o, role, kind, rep: u32, half: u32| {
            let mut a = OpAddr::of(c.program, o, role, kind, 0, rep);
            a.base += half + if shift { rep * 32 } else { 0 };
            a.per_block = per;
            a
        };
        let dsts = v.dst.iter().chain(dst_rest.iter());
        let mut ops: Vec<OpAddr> = dsts
            .zip(DST)
            .map(|(o, role)| op(o, role, AccessKind::Write, st.dst_rep, dh))
            .collect();
        ops.extend(
            v.src
                .iter()
                .zip(SRC)
                .map(|(o, role)| op(o, role, AccessKind::Read, st.src_rep[0], sh)),
        );
        (ops, 32)
    }

    fn lanes(&self, c: &mut Ctx, _t: &Types, par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        crate::sim::family::fill::every_lane(c, par)
    }

    fn exec(&self, _c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        Exec::TransData(TransKernel { dtype: t.dst })
    }

    /// A destination block that is also a source block of the same repeat (the elements move,
    /// so no overlap is "in place"): warning `partial-overlap` (docs/semantics.md §7 item 4, §22).
    fn plan(&self, c: &mut Ctx, _exec: &Exec, plan: &mut Plan, _ub: Option<&crate::sim::ub::Ub>) {
        let span = |o: &OpAddr, r| {
            let a = o.addr(r, 0);
            a..a + (o.per_block * o.size()) as u64
        };
        for r in 0..plan.repeats {
            for (i, d) in plan.operands[..LIST].iter().enumerate() {
                for (j, s) in plan.operands[LIST..].iter().enumerate() {
                    let (dr, sr) = (span(d, r), span(s, r));
                    if dr.start < sr.end && sr.start < dr.end {
                        let name = |o: &OpAddr| c.program.tensors[o.tensor].name.clone();
                        let msg = format!("src[{j}] `{}` ({:#x}..{:#x}) overlaps dst[{i}] `{}` ({:#x}..{:#x}) in repeat {r}: TransDataTo5HD moves elements between blocks, so what a later block step reads may already be written (docs/semantics.md §22, §7 item 4)", name(s), sr.start, sr.end, name(d), dr.start, dr.end);
                        let w = crate::base::diag::Diagnostic::warning("partial-overlap", msg)
                            .at(c.instr.span_of("src"))
                            .in_instr(c.idx)
                            .in_block(r, None);
                        c.warnings.push(w);
                        return;
                    }
                }
            }
        }
    }
}

/// The byte offsets of the halves an 8-bit TransDataTo5HD uses in its destination and source
/// blocks (0 or 16); 0 for wider types, which ignore the flags.
fn halves(c: &Ctx) -> (u32, u32) {
    let Args::TransData {
        dst_high_half,
        src_high_half,
        v,
        ..
    } = &c.instr.args
    else {
        return (0, 0);
    };
    let byte = v.dst.is_some_and(|d| c.dtype_of(&d).size() == 1);
    let h = |on: bool| if byte && on { 16 } else { 0 };
    (h(*dst_high_half), h(*src_high_half))
}

/// `repeat_times` 1: the single repeat starts one repeat stride past the listed blocks.
fn single(c: &Ctx) -> bool {
    matches!(
        c.instr.form(),
        crate::base::ir::Form::Masked {
            repeat_times: 1,
            ..
        }
    )
}
