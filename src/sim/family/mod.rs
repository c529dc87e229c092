//! Instruction families, one room each: a family's static checks, its plan (operands, lanes)
//! and its kernel live together in one file, behind the [`Room`] trait; what every family
//! shares (dtype tables, mask resolution, alignment, bounds, overlap) is in `sim::checks`, and
//! the pipeline that reaches an instruction is `sim::reach`.
//!
//! - `elementwise`: unary, binary (incl. AddRelu, SubRelu, FusedMulAdd, MulAddDst, MulAddRelu),
//!   vector–scalar (incl. Axpy) and Duplicate, same element type throughout;
//! - `cast`: Cast, AddReluCast, SubReluCast, MulCast and the half → float forms of MulAddDst
//!   and Axpy (operands of different widths);
//! - `compare`: Compare, Compares (packed bits out); `select`: Select (packed bits in);
//!   `gather`: GatherMask (packed elements out, a returned count);
//! - `fill`: Brcb, CreateVecIndex; `reduce`: pair / block / repeat reductions; `whole`:
//!   ReduceSum, ReduceMax, ReduceMin over a whole tensor; `mask_reg`: the mask-register
//!   instructions; `copy`: the UB → UB moves Copy and DataCopy; `atomic`: the DMA atomic
//!   mode the moves into global memory honour; `transdata`: TransDataTo5HD (16 blocks, each at
//!   its own address); `sort`: Sort32 and MrgSort (8-byte (score, index) structures);
//!   `pad`: DataCopyPad; `nd_copy`: the multi-dimensional DataCopy GM → UB (950); `reg`: the
//!   register API's moves and masks, its mask lanes and ZEROING (950); `reg_reduce` its
//!   reductions, `reg_gather` its gather from the UB.
//!
//! Adding a family: a file with its kernel and a `Room`, a line in [`room`], a line in
//! [`Exec`] and its `exec_block` (and an `Args` variant in `base::ir` plus its reader in the
//! front end when its arguments are new).
pub mod atomic;
pub mod cast;
pub mod compare;
pub mod copy;
pub mod dequant;
pub mod elementwise;
mod elementwise_bulk;
mod elementwise_masked;
mod elementwise_room;
pub mod fill;
pub mod gather;
pub mod gather_index;
pub mod mask_reg;
pub mod nd_copy;
pub mod pad;
pub mod reduce;
pub mod reg;
pub mod reg_cast;
pub mod reg_cmpsel;
pub mod reg_gather;
pub mod reg_lanes;
pub mod reg_mask;
pub mod reg_reduce;
pub mod scalar_unit;
pub mod select;
pub mod sort;
pub mod transdata;
pub mod whole;

use crate::base::catalog::{Family, Pair};
use crate::base::ir::Instr;
use crate::sim::access::Mem;
use crate::sim::checks::{lanes, Ctx, Types};
use crate::sim::mask::{LaneSource, MaskReg};
use crate::sim::plan::{OpAddr, Plan, BLOCKS};
use crate::sim::ub::Ub;

/// One instruction family: what it checks, which operands and lanes its plan has, and which
/// kernel runs it. The shared pipeline (`sim::reach`) calls these in order; the defaults are
/// what most vector families do.
pub trait Room: Sync {
    /// The operands the family needs, for a `Program` built in code rather than loaded
    /// (the loader guarantees them), so kernels never look for a missing one.
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        if instr.src().is_empty() {
            return Err(format!("{} needs dst and a source", instr.name()));
        }
        Ok(())
    }

    /// The element types (docs/semantics.md §1.1): by default the destination's throughout.
    fn types(&self, c: &mut Ctx) -> Option<Types> {
        let o = c.instr.dst().or(c.instr.src().first())?;
        Some(Types::same(c.dtype_of(o)))
    }

    /// Whether the instruction converts between element types (the catalog's pair tables
    /// decide then, not its dtype tables).
    fn mixed(&self, _c: &Ctx, t: &Types) -> bool {
        t.src != t.dst
    }

    /// Whether the instruction runs on vector lanes (8-bit lanes exist only where the profile
    /// says `b8_vectors`); a DMA move does not.
    fn vector_lanes(&self) -> bool {
        true
    }

    /// The field an `unsupported-dtype` error points at.
    fn dtype_field(&self, _c: &Ctx) -> &'static str {
        "dst"
    }

    /// The largest `repeat_times` and the C++ type it is (docs/semantics.md §1.4).
    fn max_repeat(&self) -> (u64, &'static str) {
        (255, "a uint8_t")
    }

    /// The field holding the destination block stride when 0 is undefined behaviour for this
    /// family (docs/semantics.md §1.3); None when the family has no such stride.
    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        Some("params")
    }

    /// Why the instruction is not available on the product (docs/semantics.md §9 row 29).
    fn unavailable(&self, c: &Ctx) -> String {
        format!(
            "{} is not available on {} (docs/semantics.md §9 row 29)",
            c.name(),
            c.product
        )
    }

    /// The family's own checks of its arguments against the pair of a mixed-type instruction
    /// (Cast's round mode).
    fn pair_check(&self, _c: &mut Ctx, _t: &Types, _pair: Pair) {}

    /// The family's own argument checks on this product, after the dtype tables.
    fn check(&self, _c: &mut Ctx, _t: &Types) {}

    /// The family's checks of its strides and scalar, after the shared form checks.
    fn late_check(&self, _c: &mut Ctx, _t: &Types) {}

    /// The alignment a global-memory operand's start needs (the moves' pages, docs/semantics.md
    /// §18): by default the element size.
    fn gm_align(&self, t: &Types) -> u32 {
        t.dst.size()
    }

    /// Checks the operands' alignment (docs/semantics.md §7 item 1).
    fn align(&self, c: &mut Ctx, ops: &[OpAddr], dst_align: u32, gm_align: u32) {
        crate::sim::checks::bounds::align(c, ops, dst_align, gm_align);
    }

    /// The plan's operands (dst first) and the alignment the destination needs.
    fn operands(&self, c: &Ctx, t: &Types, par: u32) -> (Vec<OpAddr>, u32);

    /// Which lanes each repeat has; by default the form's mask resolved against the register.
    fn lanes(&self, c: &mut Ctx, t: &Types, par: u32, reg: &mut MaskReg) -> Option<LaneSource> {
        lanes::resolve(c, par, t.lane, reg)
    }

    /// The kernel that executes it.
    fn exec(&self, c: &Ctx, t: &Types, lanes: &LaneSource) -> Exec;

    /// Checks and adjustments once the plan is built, before the bounds checks: `ub` holds the
    /// UB contents when the instruction is really reached (data-dependent plans).
    fn plan(&self, _c: &mut Ctx, _exec: &Exec, _plan: &mut Plan, _ub: Option<&Ub>) {}

    /// Whether `plan` reads the UB contents (then a preparation depends on data, not only on
    /// the instruction and the registers).
    fn plan_reads_data(&self) -> bool {
        false
    }

    /// Whether `src` may overlap `dst` in a way the overlap rules would report (a documented
    /// usage, such as GatherMask packing src0 into itself).
    fn overlap_allowed(&self, _instr: &Instr, _dst: &OpAddr, _src: &OpAddr) -> bool {
        false
    }

    /// The register when the instruction ends (docs/semantics.md §2.5): the count form leaves all
    /// ones in normal mode, the high-dimensional form what it set.
    fn mask_at_end(&self, c: &Ctx, reg_now: MaskReg) -> MaskReg {
        if c.is_count() {
            MaskReg::default()
        } else {
            reg_now
        }
    }

    /// The atomic register when the instruction ends: unchanged but by the atomic-mode
    /// instructions (docs/semantics.md §18.3).
    fn atomic_at_end(&self, c: &Ctx) -> atomic::Atomic {
        c.atomic
    }
}

/// The room of each family: the registration table.
pub fn room(f: Family) -> &'static dyn Room {
    match f {
        Family::Unary | Family::Binary | Family::Scalar | Family::Duplicate => {
            &elementwise_room::Elementwise
        }
        Family::Cast | Family::CastBinary => &cast::CastRoom,
        Family::Compare => &compare::CompareRoom,
        Family::Select => &select::SelectRoom,
        Family::GatherMask => &gather::GatherRoom,
        Family::Brcb => &fill::BrcbRoom,
        Family::VecIndex => &fill::VecIndexRoom,
        Family::Reduce => &reduce::ReduceRoom,
        Family::Whole => &whole::WholeRoom,
        Family::MaskReg => &mask_reg::MaskRegRoom,
        Family::Copy => &copy::CopyRoom,
        Family::DataCopy => &copy::DataCopyRoom,
        Family::DataCopyPad => &pad::PadRoom,
        Family::NdCopy => &nd_copy::NdCopyRoom,
        Family::Gather => &gather_index::GatherRoom,
        Family::GatherBlock => &gather_index::GatherbRoom,
        Family::TransData => &transdata::TransDataRoom,
        Family::Sort => &sort::SortRoom,
        Family::DeqScale => &dequant::DeqScaleRoom,
        Family::ScalarUnit => &scalar_unit::ScalarUnitRoom,
        Family::Sync => &scalar_unit::SyncRoom,
        Family::Atomic => &atomic::AtomicRoom,
        Family::RegMove => &reg::RegMoveRoom,
        Family::RegMask => &reg::RegMaskRoom,
        Family::RegCast => &reg_cast::RegCastRoom,
        Family::RegCmpSel => &reg_cmpsel::RegCmpSelRoom,
        Family::RegMaskLogic => &reg_mask::RegMaskLogicRoom,
        Family::RegReduce => &reg_reduce::RegReduceRoom,
        Family::RegGather => &reg_gather::RegGatherRoom,
    }
}

/// What executing an instruction means: one kernel per variant.
#[derive(Clone, Debug, PartialEq)]
pub enum Exec {
    Map(elementwise::MapKernel),
    Reduce(reduce::ReduceKernel),
    Cast(cast::CastKernel),
    Compare(compare::CmpKernel),
    Select(select::SelKernel),
    GatherMask(gather::GatherKernel),
    Gather(gather_index::IndexKernel),
    Gatherb(gather_index::BlockGatherKernel),
    TransData(transdata::TransKernel),
    Sort(sort::SortKernel),
    Brcb(fill::BrcbKernel),
    VecIndex(fill::VecIndexKernel),
    Whole(whole::WholeKernel),
    /// DataCopyPad GM → UB: the move and each burst's padding.
    Pad(pad::PadKernel),
    /// The multi-dimensional DataCopy GM → UB.
    NdCopy(nd_copy::NdKernel),
    /// CreateMask / UpdateMask: a mask register's bytes.
    RegMask(reg::MaskKernel),
    /// The register API's Cast.
    RegCast(reg_cast::RegCastKernel),
    /// An unpacking load or packing store of the register API.
    RegPack(reg::PackKernel),
    /// The register API's Compare, Compares and Select.
    RegCmpSel(reg_cmpsel::CmpSelKernel),
    /// The register API's mask-register logic.
    RegMaskLogic(reg_mask::MaskLogicKernel),
    /// The register API's reductions.
    RegReduce(reg_reduce::RegReduceKernel),
    /// The register API's gather from the UB.
    RegGather(reg_gather::RegGatherKernel),
    /// A step of the scalar unit (the machine carries it out on its scalar state).
    Scalar(scalar_unit::ScalarStep),
    /// A synchronisation step.
    Sync(crate::base::ir::Sync),
    /// No UB access: mask-register instructions and NOPs.
    None,
}

impl Exec {
    /// Bytes the kernel may write outside its plan's operands (a move whose addresses are not
    /// lanes: the multi-dimensional DataCopy's destination), for the write log.
    pub fn unplanned_writes(&self) -> Option<std::ops::Range<u64>> {
        match self {
            Exec::NdCopy(k) => k.dst_extent(),
            _ => None,
        }
    }

    /// The element type the kernel is instantiated with, if it has one.
    pub fn dtype(&self) -> Option<crate::base::dtype::DType> {
        Some(match self {
            Exec::Map(k) => k.dtype,
            Exec::Reduce(k) => k.dtype,
            Exec::Cast(k) => k.src,
            Exec::Compare(k) => k.dtype,
            Exec::Select(k) => k.dtype,
            Exec::GatherMask(k) => k.dtype,
            Exec::Gather(k) => k.dtype,
            Exec::Gatherb(k) => k.dtype,
            Exec::TransData(k) => k.dtype,
            Exec::Sort(k) => k.dtype,
            Exec::Brcb(k) => k.dtype,
            Exec::VecIndex(k) => k.dtype,
            Exec::Whole(k) => k.dtype,
            Exec::Pad(k) => k.map.dtype,
            Exec::NdCopy(k) => k.dtype,
            Exec::RegCast(k) => k.src,
            Exec::RegCmpSel(k) => k.dtype,
            Exec::RegReduce(k) => k.src,
            Exec::Scalar(_)
            | Exec::Sync(_)
            | Exec::RegMask(_)
            | Exec::RegPack(_)
            | Exec::RegMaskLogic(_)
            | Exec::RegGather(_)
            | Exec::None => return None,
        })
    }

    /// Executes block `b` of repeat `r` of `plan`.
    pub fn exec_block(&self, plan: &Plan, mem: &mut Mem, r: u32, b: u32, scratch: &mut Scratch) {
        match self {
            Exec::Map(k) => {
                crate::with_dtype!(k.dtype, T => elementwise::exec_block::<T>(k, plan, mem, r, b))
            }
            Exec::Reduce(k) => {
                crate::with_dtype!(k.dtype, T => reduce::exec_block::<T>(k, plan, mem, r, b, scratch))
            }
            Exec::Cast(k) => cast::exec_block(k, plan, mem, r, b),
            Exec::Compare(k) => {
                crate::with_dtype!(k.dtype, T => compare::exec_block::<T>(k, plan, mem, r, b, scratch))
            }
            Exec::Select(k) => {
                crate::with_dtype!(k.dtype, T => select::exec_block::<T>(k, plan, mem, r, b))
            }
            Exec::GatherMask(k) => {
                crate::with_dtype!(k.dtype, T => gather::exec_block::<T>(k, plan, mem, r, b, scratch))
            }
            Exec::Gather(k) => {
                crate::with_dtype!(k.dtype, T => gather_index::exec_block::<T>(k, plan, mem, r, b))
            }
            Exec::Gatherb(k) => {
                crate::with_dtype!(k.dtype, T => gather_index::exec_block_gatherb::<T>(k, plan, mem, r, b))
            }
            Exec::TransData(k) => {
                crate::with_dtype!(k.dtype, T => transdata::exec_block::<T>(k, plan, mem, r, b))
            }
            Exec::Sort(k) => sort::exec_block(k, plan, mem, r, b, scratch),
            Exec::Brcb(k) => {
                crate::with_dtype!(k.dtype, T => fill::brcb_block::<T>(plan, mem, r, b))
            }
            Exec::VecIndex(k) => {
                crate::with_dtype!(k.dtype, T => fill::vec_index_block::<T>(k, plan, mem, r, b, scratch))
            }
            Exec::Whole(k) => {
                crate::with_dtype!(k.dtype, T => whole::exec_block::<T>(k, plan, mem, r, b, scratch))
            }
            Exec::Pad(k) => {
                crate::with_dtype!(k.map.dtype, T => pad::exec_block::<T>(k, plan, mem, r, b))
            }
            Exec::NdCopy(k) => {
                crate::with_dtype!(k.dtype, T => nd_copy::exec_block::<T>(k, plan, mem, r, b))
            }
            Exec::RegMask(k) => reg::mask_block(k, plan, mem, r, b),
            Exec::RegCast(k) => reg_cast::exec_block(k, plan, mem, r, b),
            Exec::RegPack(k) => reg::pack_block(k, plan, mem, r, b),
            Exec::RegCmpSel(k) => reg_cmpsel::exec_block(k, plan, mem, r, b),
            Exec::RegMaskLogic(k) => reg_mask::exec_block(k, plan, mem, r, b),
            Exec::RegReduce(k) => reg_reduce::exec_block(k, plan, mem, r, b, scratch),
            Exec::RegGather(k) => reg_gather::exec_block(k, plan, mem, r, b),
            Exec::Scalar(_) | Exec::Sync(_) | Exec::None => {}
        }
        if plan.zeroing {
            reg::zero_block(plan, mem, r, b);
        }
        if plan.register_load {
            reg::carry_uninit(plan, mem, r, b);
        }
    }
}

/// State a kernel carries from one block step to the next within one instruction. It lives in
/// the machine (and so in its snapshots), never in a kernel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scratch {
    /// Per-block partial results of the repeat being reduced: value bits and lane.
    pub partials: [reduce::Partial; BLOCKS as usize],
    /// Per-repeat results of a whole-tensor reduction: value bits and global index.
    pub repeats: Vec<reduce::Partial>,
    /// Per-lane running values (ReduceSum's vector add, CreateVecIndex's last repeat).
    pub lanes: Vec<Option<u64>>,
    /// Elements written so far (GatherMask's packed destination; its `rsvdCnt`).
    pub written: u64,
    /// A reused list of element indices (packed-bit operands of a block step).
    pub elems: Vec<u32>,
    /// The bits of a Compare into the CmpMask register, LSB first.
    pub cmp: [u8; 16],
    /// ReduceRepeat MAX/MIN: the extreme value over the repeats so far (its bits) and its
    /// index counted from the first element of repeat 0 (GetReduceRepeatMaxMinSpr).
    pub best: reduce::Partial,
}
