//! The DMA atomic mode (DK:原子操作/SetAtomicAdd, SetAtomicMax(ISASI), SetAtomicMin(ISASI),
//! SetAtomicType, DisableDmaAtomic; docs/semantics.md §18.3): a per-core register that makes
//! the following moves into global memory (DataCopy, DataCopyPad UB → GM) combine what they
//! carry with what global memory holds (sum, maximum or minimum in the atomic type) instead of
//! overwriting it. Setting it touches no memory; the moves' rooms (`copy`, `pad`) read it.

use crate::base::catalog::Op;
use crate::base::dtype::DType;
use crate::base::ir::{Args, Instr};
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room};
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::OpAddr;

/// The atomic register of one core: the operation (None: moves overwrite) and the element
/// type it combines in (SetAtomicType sets only the type).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Atomic {
    /// `Add`, `Max` or `Min`.
    pub op: Option<Op>,
    pub dtype: Option<DType>,
}

impl Atomic {
    /// The mode as the debugger shows it: "off", "add float", "max half".
    pub fn text(self) -> String {
        match (self.op, self.dtype) {
            (Some(op), Some(d)) => format!("{} {d}", op.name().to_lowercase()),
            (Some(op), None) => op.name().to_lowercase(),
            (None, _) => "off".into(),
        }
    }

    /// The operation a move into global memory combines with, if the mode is on.
    pub fn combining(self) -> Option<(Op, Option<DType>)> {
        self.op.map(|op| (op, self.dtype))
    }
}

/// The register after atomic instruction `instr` from `now`.
fn apply(instr: &Instr, now: Atomic) -> Atomic {
    let Args::Atomic { dtype } = instr.args else {
        return now;
    };
    match instr.op {
        Op::SetAtomicAdd => Atomic {
            op: Some(Op::Add),
            dtype,
        },
        Op::SetAtomicMax => Atomic {
            op: Some(Op::Max),
            dtype,
        },
        Op::SetAtomicMin => Atomic {
            op: Some(Op::Min),
            dtype,
        },
        Op::SetAtomicType => Atomic { dtype, ..now },
        _ => Atomic::default(),
    }
}

/// The room of the atomic-mode instructions.
pub struct AtomicRoom;

impl Room for AtomicRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        match instr.args {
            Args::Atomic { dtype: None }
                if !matches!(instr.op, Op::DisableDmaAtomic | Op::SetAtomicNone) =>
            {
                Err(format!("{} needs its element type", instr.name()))
            }
            Args::Atomic { .. } => Ok(()),
            _ => Err(format!("{} takes only `dtype`", instr.name())),
        }
    }

    fn unavailable(&self, c: &Ctx) -> String {
        format!(
            "{} is not available on {} (DK:原子操作/{} 产品支持情况; docs/semantics.md §18.3)",
            c.name(),
            c.product,
            c.name()
        )
    }

    fn types(&self, _c: &mut Ctx) -> Option<Types> {
        None
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn vector_lanes(&self) -> bool {
        false
    }

    fn operands(&self, _c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        (Vec::new(), 32)
    }

    /// No lanes; the element type is checked against the page's table of the product.
    fn lanes(&self, c: &mut Ctx, _t: &Types, _par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        if let Args::Atomic { dtype: Some(d) } = c.instr.args {
            let all = c.instr.op.dtypes(c.product);
            if !all.contains(d) {
                let msg = format!("{} does not support {d} on {}", c.name(), c.product);
                let note = format!(
                    "{} supports {} for {} (DK:原子操作/{} 数据类型; docs/semantics.md §18.3)",
                    c.product,
                    all.list(),
                    c.name(),
                    c.name()
                );
                c.err("unsupported-dtype", "dtype", msg).notes.push(note);
            }
        }
        Some(LaneSource::Fixed {
            lanes: Lanes::NONE,
            repeats: 0,
        })
    }

    fn exec(&self, _c: &Ctx, _t: &Types, _lanes: &LaneSource) -> Exec {
        Exec::None
    }

    fn mask_at_end(&self, _c: &Ctx, reg_now: MaskReg) -> MaskReg {
        reg_now
    }

    fn atomic_at_end(&self, c: &Ctx) -> Atomic {
        apply(c.instr, c.atomic)
    }
}

/// What a move into global memory does under the atomic mode `c.atomic`: the operation and the
/// element type it combines in, or None when it overwrites (mode off, not a move into global
/// memory, or an atomic type of another width, which [`check`] rejects).
pub fn combining(c: &Ctx, moved: DType) -> Option<(Op, DType)> {
    let dst = c.instr.dst()?;
    if !c.program.tensors.get(dst.tensor)?.is_gm() {
        return None;
    }
    let (op, dtype) = c.atomic.combining()?;
    let d = dtype.unwrap_or(moved);
    (d.size() == moved.size()).then_some((op, d))
}

/// The atomic mode's checks of a move into global memory: an atomic type whose width differs
/// from the moved elements' is an error (the DMA would combine other lanes than the kernel
/// moves); a same-width type other than the tensor's combines the bytes in the atomic type,
/// with warning `atomic-type` (docs/semantics.md §18.3).
pub fn check(c: &mut Ctx, moved: DType) {
    let gm_dst = c
        .instr
        .dst()
        .and_then(|d| c.program.tensors.get(d.tensor))
        .is_some_and(|t| t.is_gm());
    let (Some((op, Some(d))), true) = (c.atomic.combining(), gm_dst) else {
        return;
    };
    let what = op.name().to_lowercase();
    if d.size() != moved.size() {
        let msg = format!(
            "the atomic {what} combines {d} elements ({} bytes) but this move carries {moved} ({} bytes) (docs/semantics.md §18.3)",
            d.size(),
            moved.size()
        );
        c.err("atomic-type", "dst", msg);
    } else if d != moved {
        let msg = format!(
            "the atomic {what} is set for {d} but this move carries {moved}: global memory combines the bytes as {d} (docs/semantics.md §18.3)"
        );
        c.warn("atomic-type", "dst", msg);
    }
}

/// The extra operand of a combining move: the destination, read before it is written.
pub fn dst_read(ops: &mut Vec<OpAddr>) {
    if let Some(d) = ops.first().copied() {
        ops.push(OpAddr {
            kind: crate::sim::plan::AccessKind::Read,
            ..d
        });
    }
}
