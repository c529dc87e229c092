//! Compare and Compares to memory (semantics.md §4.6): lane k of repeat r compares
//! `src0[k]` with `src1[k]` (or the scalar) and sets bit `k mod 8` of byte `k div 8` of the
//! repeat's PAR/8 destination bytes, LSB first. The output is packed: repeat r's bits follow
//! repeat r−1's, whatever the destination strides say (`Indexing::Bits`).
//!
//! Where the product honours the mask (950, 200I/500 A2) inactive lanes give 0 bits and every
//! byte of the repeat is written; elsewhere the mask is reserved and every lane is compared
//! (the plan then has all lanes active, §9 row 5).

use crate::base::catalog::Op;
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Instr, Program};
use crate::base::modes::CmpMode;
use crate::sim::access::Mem;
use crate::sim::lanes::Num;
use crate::sim::plan::{block_lanes, AccessKind, OpAddr, Plan};

/// What a Compare / Compares computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CmpKernel {
    pub mode: CmpMode,
    /// The source element type.
    pub dtype: DType,
    /// Compares' scalar (of the source type, semantics.md §10); None for Compare.
    pub scalar: Option<Value>,
    pub ne_nan_false: bool,
}

/// The operands: the packed-bit dst (`all` when every byte of a repeat is written), then the
/// sources with their own strides.
pub fn operands(instr: &Instr, program: &Program, par: u32, all: bool) -> Vec<OpAddr> {
    let mut ops = Vec::with_capacity(3);
    if let Some(d) = &instr.dst {
        let t = &program.tensors[d.tensor];
        let base = t.addr + d.offset * t.dtype.size();
        ops.push(OpAddr::bits(
            "dst",
            d.tensor,
            AccessKind::Write,
            base,
            par,
            par / 8,
            all,
        ));
    }
    let roles: [&'static str; 2] = if instr.op == Op::Compare {
        ["src0", "src1"]
    } else {
        ["src", "src1"]
    };
    for (j, s) in instr.src.iter().enumerate().take(2) {
        let t = &program.tensors[s.tensor];
        ops.push(OpAddr::standard(
            roles[j],
            s.tensor,
            AccessKind::Read,
            t.dtype,
            t.addr + s.offset * t.dtype.size(),
            instr.strides.src_blk[j],
            instr.strides.src_rep[j],
        ));
    }
    ops
}

/// Executes block `b` of repeat `r`: compare the block's active lanes, write its bytes.
pub fn exec_block<T: Num>(k: &CmpKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let lanes = plan.lanes_of(r);
    let ks = block_lanes(plan.par, b);
    let n = (ks.end - ks.start) as usize;
    let (mut x, mut y) = ([T::default(); 32], [T::default(); 32]);
    let any = lanes.any_in(ks.start, ks.end);
    if any {
        mem.read(&plan.operands[1], r, ks.clone(), &lanes, &mut x[..n]);
        match plan.operands.get(2) {
            Some(src1) => mem.read(src1, r, ks.clone(), &lanes, &mut y[..n]),
            None => y[..n].fill(T::from_value(k.scalar.unwrap_or(Value::Int(0)))),
        }
    }
    let mut es = Vec::with_capacity(4);
    plan.elems_in_block(0, r, b, &lanes, &mut es);
    let dst = &plan.operands[0];
    for &e in &es {
        let mut byte = 0u8;
        for j in 0..8u32 {
            let lane = e * 8 + j;
            let i = lane.wrapping_sub(ks.start) as usize;
            if i < n
                && lanes.has(lane)
                && k.mode
                    .holds(x[i].to_value(), y[i].to_value(), k.ne_nan_false)
            {
                byte |= 1 << j;
            }
        }
        mem.write_one(dst, e, dst.addr(r, e), byte);
    }
}
