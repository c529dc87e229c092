//! The iteration plan: the one place where the address formula and the mask walk live
//! (docs/semantics.md §1.2, §2). Every family describes its operands as `OpAddr`s plus a lane source;
//! the machine, the checks and the events all go through these functions.

use crate::base::dtype::DType;
use crate::base::ir::{Operand, Program};
use crate::sim::mask::{LaneSource, Lanes};
use std::ops::Range;

mod extent;

/// Data blocks per repeat (docs/semantics.md §1.1).
pub const BLOCKS: u32 = 8;

/// Read or written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AccessKind {
    Read,
    Write,
}

/// How one operand maps lanes to bytes:
/// `addr(r, k) = base + rep_unit·rep·r + blk_unit·blk·(k div per_block) + size·(k mod per_block)`.
/// Ordinary operands use 32-byte units and `per_block = 32 / size` (docs/semantics.md §1.2); reduction
/// destinations use their own units (§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpAddr {
    pub role: &'static str,
    pub tensor: usize,
    pub kind: AccessKind,
    pub dtype: DType,
    pub base: u32,
    pub blk: u32,
    pub rep: u32,
    pub blk_unit: u32,
    pub rep_unit: u32,
    /// Elements that share one block of this operand.
    pub per_block: u32,
    /// Which elements of this operand a block step touches.
    pub index: Indexing,
    /// Plan repeats per API repeat (1 unless the lanes are `LaneSource::Grouped`): plan repeat
    /// `r` is part `r % group` of API repeat `r / group`, and its element `e` is element
    /// `(r % group) · group_elems + e` of that API repeat.
    pub group: u32,
    pub group_elems: u32,
}

/// How an operand's elements relate to the lanes of a repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Indexing {
    /// Element k is lane k (elementwise operands and reduction sources).
    Lanes,
    /// Element q is the pair of lanes 2q, 2q+1 (PairReduceSum dst, docs/semantics.md §5.3); `all`
    /// when pairs with no active lane are written too (zeroing products).
    Pairs { all: bool },
    /// Element b is data block b (BlockReduce dst, §5.1); `all` when empty blocks are filled.
    PerBlock { all: bool },
    /// `elems` elements per repeat, written after the last block (WholeReduce dst, §5.2).
    PerRepeat { elems: u32 },
    /// Packed bits, one bit per lane, LSB first: element e is byte e, which holds lanes
    /// 8e..8e+7 (Compare dst, Select selMask, GatherMask pattern; docs/semantics.md §4.6). A block
    /// step touches the bytes of its lanes that have an active lane, or all of them when
    /// `all` (Compare on products that write every bit of a repeat).
    Bits { all: bool },
    /// Written one after another where the data decides (GatherMask dst, §4.6): block step
    /// `(r, b)` writes elements `packed[i]..packed[i + 1]`, `i = r·8 + b` (`Plan::packed`).
    Packed,
    /// `elems` elements written after the last block of the last repeat (ReduceSum,
    /// ReduceMax, ReduceMin dst).
    AtEnd { elems: u32 },
    /// `elems` elements per repeat, one after another, all touched by the repeat's first block
    /// step (the lists Sort32 and MrgSort read whole before they write, §24).
    FirstBlock { elems: u32 },
}

impl OpAddr {
    /// An ordinary operand with block and repeat strides in 32-byte blocks.
    pub fn standard(
        role: &'static str,
        tensor: usize,
        kind: AccessKind,
        dtype: DType,
        base: u32,
        blk: u32,
        rep: u32,
    ) -> OpAddr {
        OpAddr {
            role,
            tensor,
            kind,
            dtype,
            base,
            blk,
            rep,
            blk_unit: 32,
            rep_unit: 32,
            per_block: dtype.per_block(),
            index: Indexing::Lanes,
            group: 1,
            group_elems: 0,
        }
    }

    /// A packed-bit operand (`Indexing::Bits`) for `par` lanes per repeat: byte e of repeat r
    /// at `base + rep_bytes · r + e`.
    pub fn bits(
        role: &'static str,
        tensor: usize,
        kind: AccessKind,
        base: u32,
        par: u32,
        rep_bytes: u32,
        all: bool,
    ) -> OpAddr {
        let per = (par / BLOCKS / 8).max(1);
        OpAddr {
            role,
            tensor,
            kind,
            dtype: DType::UInt8,
            base,
            blk: 1,
            rep: 1,
            blk_unit: per,
            rep_unit: rep_bytes,
            per_block: per,
            index: Indexing::Bits { all },
            group: 1,
            group_elems: 0,
        }
    }

    /// Elements written one after another from `base` (`Indexing::Packed`, `AtEnd`).
    pub fn sequential(
        role: &'static str,
        tensor: usize,
        kind: AccessKind,
        dtype: DType,
        base: u32,
        index: Indexing,
    ) -> OpAddr {
        OpAddr {
            role,
            tensor,
            kind,
            dtype,
            base,
            blk: 0,
            rep: 0,
            blk_unit: 0,
            rep_unit: 0,
            per_block: u32::MAX,
            index,
            group: 1,
            group_elems: 0,
        }
    }

    /// An ordinary operand of `program`: `"x[64]"` becomes its tensor, dtype and byte address.
    pub fn of(
        program: &Program,
        o: &Operand,
        role: &'static str,
        kind: AccessKind,
        blk: u32,
        rep: u32,
    ) -> OpAddr {
        let t = &program.tensors[o.tensor];
        let base = t.addr + t.dtype.byte_of(o.offset as u64) as u32;
        OpAddr::standard(role, o.tensor, kind, t.dtype, base, blk, rep)
    }

    pub fn size(&self) -> u32 {
        self.dtype.size()
    }

    /// The bytes from one repeat to the next and from one block to the next.
    #[inline(always)]
    pub fn steps(&self) -> (u64, u64) {
        (
            self.rep as u64 * self.rep_unit as u64,
            self.blk as u64 * self.blk_unit as u64,
        )
    }

    /// Byte address of lane `k` in repeat `r` (u64: strides may push it past u32).
    #[inline(always)]
    pub fn addr(&self, r: u32, k: u32) -> u64 {
        let (r, k) = if self.group <= 1 {
            (r, k)
        } else {
            (r / self.group, (r % self.group) * self.group_elems + k)
        };
        self.base as u64
            + self.rep_unit as u64 * self.rep as u64 * r as u64
            + self.blk_unit as u64 * self.blk as u64 * (k / self.per_block) as u64
            + self.size() as u64 * (k % self.per_block) as u64
    }

    /// The byte range of lanes `k0..k1` when they are contiguous in memory for this operand
    /// (they always are within one block of the operand).
    #[inline(always)]
    pub fn span(&self, r: u32, k0: u32, k1: u32) -> Range<u64> {
        self.addr(r, k0)..self.addr(r, k1 - 1) + self.size() as u64
    }

    /// True when lanes 0..par of one repeat are one contiguous run of bytes.
    pub fn repeat_contiguous(&self, par: u32) -> bool {
        par <= self.per_block
            || self.blk as u64 * self.blk_unit as u64 == (self.per_block * self.size()) as u64
    }

    /// Same bytes for every lane of every repeat (in-place use, docs/semantics.md §7 item 4).
    pub fn same_geometry(&self, o: &OpAddr) -> bool {
        self.base == o.base
            && self.size() == o.size()
            && self.blk as u64 * self.blk_unit as u64 == o.blk as u64 * o.blk_unit as u64
            && self.rep as u64 * self.rep_unit as u64 == o.rep as u64 * o.rep_unit as u64
            && self.per_block == o.per_block
    }
}

/// The lanes of block `b` (of the widest operand) in one repeat.
#[inline(always)]
pub fn block_lanes(par: u32, b: u32) -> Range<u32> {
    let per = par / BLOCKS;
    b * per..(b + 1) * per
}

/// The bytes two ranges have in common, if any: the one overlap question of the crate (the
/// overlap rules and the inspector's `!` marks).
pub fn intersection(a: &Range<u64>, b: &Range<u64>) -> Option<Range<u64>> {
    let (lo, hi) = (a.start.max(b.start), a.end.min(b.end));
    (lo < hi).then_some(lo..hi)
}

/// The lanes of one block step (see `Plan::block_step`).
pub struct BlockStep {
    pub lanes: Lanes,
    pub ks: Range<u32>,
    pub n: usize,
}

/// The iteration plan of one instruction: PAR, how lanes are chosen, and its operands.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub par: u32,
    pub lanes: LaneSource,
    pub repeats: u32,
    pub operands: Vec<OpAddr>,
    /// Byte extent of each operand, computed once.
    extents: Vec<Option<Range<u64>>>,
    /// For `Indexing::Packed` operands: where each block step's elements start (blocks + 1
    /// entries; empty when the plan has no packed operand).
    pub packed: Vec<u32>,
    /// The register API's ZEROING: each block step also writes 0 to the destination's
    /// inactive lanes (docs/semantics.md §29).
    pub zeroing: bool,
    /// The destination is written in every lane, active or not (`whole_dst`).
    pub dst_whole: bool,
    /// A register load (LoadAlign, LoadUnAlign): it reads VL bytes whatever its source
    /// tensor's length, and an uninitialised source byte leaves the register's byte
    /// uninitialised rather than being reported (docs/semantics.md §29).
    pub register_load: bool,
}

/// The first place where an operand's active lanes touch bytes outside `limit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outside {
    pub operand: usize,
    pub repeat: u32,
    pub block: u32,
    pub lane: u32,
    pub addr: u64,
}

impl Plan {
    pub fn new(par: u32, lanes: LaneSource, operands: Vec<OpAddr>) -> Plan {
        let mut p = Plan {
            par,
            repeats: lanes.repeats(par),
            lanes,
            operands,
            extents: Vec::new(),
            packed: Vec::new(),
            zeroing: false,
            dst_whole: false,
            register_load: false,
        };
        // A plan over the repeat limit is rejected by the checker; never walk it.
        p.extents = if p.repeats > crate::sim::reach::MAX_REPEATS {
            vec![None; p.operands.len()]
        } else {
            (0..p.operands.len()).map(|i| p.compute_extent(i)).collect()
        };
        p
    }

    /// The destination written in every lane of its repeats, active or not (the register API's
    /// ZEROING, Select): its extent covers them all, so previews and watchpoints see the bytes.
    pub fn whole_dst(&mut self) {
        let Some(d) = self.operands.first() else {
            return;
        };
        self.dst_whole = true;
        let spans = (0..self.repeats).map(|r| d.span(r, 0, self.par));
        let whole = spans.reduce(|a, b| a.start.min(b.start)..a.end.max(b.end));
        if let (Some(w), Some(e)) = (whole, self.extents.first_mut()) {
            *e = Some(match e.take() {
                Some(x) => x.start.min(w.start)..x.end.max(w.end),
                None => w,
            });
        }
    }

    /// Replaces the operands (a family that learns their grouping from the lanes) and recomputes
    /// the extents.
    pub fn set_operands(&mut self, ops: Vec<OpAddr>) {
        self.operands = ops;
        self.extents = (0..self.operands.len())
            .map(|i| self.compute_extent(i))
            .collect();
    }

    /// Sets `counts[i]` packed elements written by block step i (r·8 + b).
    pub fn set_packed(&mut self, counts: &[u32]) {
        let mut at = 0u32;
        self.packed = Vec::with_capacity(counts.len() + 1);
        self.packed.push(0);
        for &c in counts {
            at = at.saturating_add(c);
            self.packed.push(at);
        }
        self.extents = (0..self.operands.len())
            .map(|i| self.compute_extent(i))
            .collect();
    }

    /// Packed elements written before block step `(r, b)` and by it.
    pub fn packed_range(&self, r: u32, b: u32) -> Range<u32> {
        let i = (r as usize) * BLOCKS as usize + b as usize;
        match (self.packed.get(i), self.packed.get(i + 1)) {
            (Some(&s), Some(&e)) => s..e,
            _ => 0..0,
        }
    }

    /// Block step `(r, b)`: the repeat's active lanes, the lane range of block `b` and its
    /// length. The one preamble of every kernel's block step.
    #[inline]
    pub fn block_step(&self, r: u32, b: u32) -> BlockStep {
        let ks = block_lanes(self.par, b);
        BlockStep {
            lanes: self.lanes_of(r),
            n: (ks.end - ks.start) as usize,
            ks,
        }
    }

    /// `block_step`, or None when no lane of the block is active (nothing to read or write).
    #[inline]
    pub fn active_block(&self, r: u32, b: u32) -> Option<BlockStep> {
        let s = self.block_step(r, b);
        s.lanes.any_in(s.ks.start, s.ks.end).then_some(s)
    }

    /// Block steps this plan takes.
    pub fn blocks(&self) -> u64 {
        self.repeats as u64 * BLOCKS as u64
    }

    #[inline]
    pub fn lanes_of(&self, r: u32) -> Lanes {
        self.lanes.lanes(r, self.par)
    }

    /// The lanes of repeat `r` whose elements operand `i` touches: the repeat's, or every lane
    /// of a destination written whole (`whole_dst`).
    pub fn touched_lanes(&self, i: usize, r: u32) -> Lanes {
        if i == 0 && self.dst_whole {
            Lanes::first(self.par)
        } else {
            self.lanes_of(r)
        }
    }

    /// The byte ranges operand `i` touches in repeat `r`, one per element, with the block that
    /// touches each (for views of a repeat; the checks use extents).
    pub fn runs(&self, i: usize, r: u32) -> Vec<(u32, Range<u64>)> {
        let lanes = self.lanes_of(r);
        let op = &self.operands[i];
        let size = op.size() as u64;
        let mut runs = Vec::new();
        let mut es = Vec::new();
        for b in 0..BLOCKS {
            self.elems_in_block(i, r, b, &lanes, &mut es);
            for &e in &es {
                let a = op.addr(r, e);
                runs.push((b, a..a + size));
            }
        }
        runs
    }

    /// Elements of operand `i` that block `b` of repeat `r` touches, given the repeat's lanes.
    pub fn elems_in_block(&self, i: usize, r: u32, b: u32, lanes: &Lanes, out: &mut Vec<u32>) {
        out.clear();
        let ks = block_lanes(self.par, b);
        match self.operands[i].index {
            Indexing::Lanes => out.extend(lanes.iter_in(ks.start, ks.end)),
            Indexing::Pairs { all } => {
                for q in ks.start / 2..ks.end / 2 {
                    if all || lanes.has(2 * q) || lanes.has(2 * q + 1) {
                        out.push(q);
                    }
                }
            }
            Indexing::PerBlock { all } => {
                if all || lanes.any_in(ks.start, ks.end) {
                    out.push(b);
                }
            }
            Indexing::PerRepeat { elems } => {
                if b == BLOCKS - 1 && !lanes.is_empty() {
                    out.extend(0..elems);
                }
            }
            Indexing::Bits { all } => {
                // Byte e holds lanes 8e .. 8e + 7 of the repeat: a block's lanes fill whole
                // bytes, or (64-bit elements, 4 lanes a block) half of one it shares with its
                // neighbour.
                for e in ks.start / 8..ks.end.div_ceil(8) {
                    let (k0, k1) = ((e * 8).max(ks.start), (e * 8 + 8).min(ks.end));
                    if all || lanes.any_in(k0, k1) {
                        out.push(e);
                    }
                }
            }
            Indexing::Packed => out.extend(self.packed_range(r, b)),
            Indexing::AtEnd { elems } => {
                if b == BLOCKS - 1 && r + 1 == self.repeats {
                    out.extend(0..elems);
                }
            }
            Indexing::FirstBlock { elems } => {
                if b == 0 && !lanes.is_empty() {
                    out.extend(0..elems);
                }
            }
        }
    }

    /// Visits `(repeat, block, element, address)` for every element operand `i` touches, in
    /// execution order. `f` returns false to stop early.
    pub fn walk(&self, i: usize, mut f: impl FnMut(u32, u32, u32, u64) -> bool) {
        let mut es = Vec::with_capacity(32);
        for r in 0..self.repeats {
            if !self.walk_repeat(i, r, &mut es, &mut f) {
                return;
            }
        }
    }

    /// `walk` over repeat `r` alone (`es` a buffer); false when `f` stopped it.
    pub fn walk_repeat(
        &self,
        i: usize,
        r: u32,
        es: &mut Vec<u32>,
        f: &mut impl FnMut(u32, u32, u32, u64) -> bool,
    ) -> bool {
        let op = &self.operands[i];
        let lanes = self.lanes_of(r);
        if self.touches_nothing(i, &lanes) {
            return true;
        }
        for b in 0..BLOCKS {
            self.elems_in_block(i, r, b, &lanes, es);
            for &e in es.iter() {
                if !f(r, b, e, op.addr(r, e)) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether operand `i` touches no element in a repeat whose lanes are `lanes` (none
    /// active, and it is not one that every repeat touches).
    pub fn touches_nothing(&self, i: usize, lanes: &Lanes) -> bool {
        lanes.is_empty()
            && !matches!(
                self.operands[i].index,
                Indexing::Pairs { all: true }
                    | Indexing::PerBlock { all: true }
                    | Indexing::Bits { all: true }
                    | Indexing::AtEnd { .. }
            )
    }

    /// Whether operand `op` is lane-indexed and ungrouped: element k is lane k, and its
    /// addresses in repeat r are repeat 0's, `r · repeat_shift` later.
    fn lane_linear(&self, op: &OpAddr) -> bool {
        op.index == Indexing::Lanes
            && op.group <= 1
            && !matches!(self.lanes, LaneSource::Grouped { .. })
    }

    /// For a lane-linear operand (`lane_linear`): the bytes between the first and the last
    /// byte it touches in repeat 0 if its lanes were `lanes`, None when they touch none;
    /// repeat `r`'s are these `r · repeat_shift(i)` later. None for any other operand (its
    /// bytes are found by `elems_in_block`).
    pub fn lane_repeat0_span(&self, i: usize, lanes: &Lanes) -> Option<Option<Range<u64>>> {
        let op = &self.operands[i];
        self.lane_linear(op)
            .then(|| self.lanes_span(op, 0, 0..self.par, lanes))
    }

    /// The same for block step `(r, b)`: the bytes between the first and the last byte the
    /// active lanes of block `b` (`block_lanes`) touch in repeat `r`.
    pub fn lane_block_span(
        &self,
        i: usize,
        r: u32,
        b: u32,
        lanes: &Lanes,
    ) -> Option<Option<Range<u64>>> {
        let op = &self.operands[i];
        self.lane_linear(op)
            .then(|| self.lanes_span(op, r, block_lanes(self.par, b), lanes))
    }

    /// The first element of operand `i` whose bytes leave `limit`, in execution order.
    pub fn first_outside(&self, i: usize, limit: Range<u64>) -> Option<Outside> {
        // Cheap test first: the extent is exact for lane-indexed operands.
        if let Some(e) = self.extent(i) {
            if e.start >= limit.start && e.end <= limit.end {
                return None;
            }
        } else {
            return None;
        }
        let size = self.operands[i].size() as u64;
        let mut found = None;
        self.walk(i, |r, b, e, a| {
            if a < limit.start || a + size > limit.end {
                found = Some(Outside {
                    operand: i,
                    repeat: r,
                    block: b,
                    lane: e,
                    addr: a,
                });
                return false;
            }
            true
        });
        found
    }

    /// Byte distance between the same lane of consecutive repeats of operand `i`.
    pub fn repeat_shift(&self, i: usize) -> u64 {
        let o = &self.operands[i];
        o.rep_unit as u64 * o.rep as u64
    }

    /// Whether every repeat's lanes are a prefix (fixed prefix lanes or counted ones): what the
    /// fast path's whole-run kernels need.
    pub fn prefix_lanes(&self) -> bool {
        match self.lanes {
            LaneSource::Fixed { lanes, .. } => lanes == Lanes::first(lanes.count()),
            LaneSource::Counted { .. } => true,
            LaneSource::Grouped { .. } => false,
        }
    }

    /// Whether dst's repeats are each one run of bytes and operand 1 lies apart from dst (the
    /// whole-run kernels of Brcb and Gatherb, whose operand 1 is read one element per block).
    pub fn dst_runs_apart_from_first_source(&self) -> bool {
        let (Some(d), Some(s)) = (self.extent(0), self.extent(1)) else {
            return false;
        };
        self.operands[0].repeat_contiguous(self.par) && (s.end <= d.start || s.start >= d.end)
    }

    /// Lowest and highest byte (exclusive) operand `i` touches.
    pub fn extent(&self, i: usize) -> Option<Range<u64>> {
        self.extents.get(i).cloned().flatten()
    }

    /// Byte range of `lanes` of a lane-indexed operand in repeat 0.
    fn repeat0_extent(&self, op: &OpAddr, lanes: &Lanes) -> Option<Range<u64>> {
        self.lanes_span(op, 0, 0..self.par, lanes)
    }

    /// The bytes between the first and the last byte the active lanes `ks` of a lane-indexed
    /// operand touch in repeat `r`.
    fn lanes_span(&self, op: &OpAddr, r: u32, ks: Range<u32>, lanes: &Lanes) -> Option<Range<u64>> {
        let size = op.size() as u64;
        // A block stride that covers a block's data: addresses rise with the lane, so the
        // first and last active lanes bound it.
        if op.steps().1 >= op.per_block as u64 * size {
            let (first, last) = lanes.bounds_in(ks.start, ks.end)?;
            return Some(op.addr(r, first)..op.addr(r, last) + size);
        }
        // Otherwise block by block of this operand (its addresses rise within a block; a
        // narrower operand has more blocks than the widest one's eight).
        let (mut lo, mut hi) = (u64::MAX, 0u64);
        let per = op.per_block.max(1);
        for q in ks.start / per..ks.end.div_ceil(per) {
            let piece = (q * per).max(ks.start)..((q + 1) * per).min(ks.end);
            if let Some((first, last)) = lanes.bounds_in(piece.start, piece.end) {
                lo = lo.min(op.addr(r, first));
                hi = hi.max(op.addr(r, last) + size);
            }
        }
        (lo < hi).then_some(lo..hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn half(base: u32, blk: u32, rep: u32) -> OpAddr {
        OpAddr::standard("src", 0, AccessKind::Read, DType::Half, base, blk, rep)
    }

    #[test]
    fn address_formula_matches_spec_examples() {
        // docs/semantics.md §1.2: element (r, b, i) at base + 32·(r·repStride + b·blkStride) + i·sizeof(T)
        let op = half(0x100, 2, 16);
        assert_eq!(op.addr(0, 0), 0x100);
        assert_eq!(op.addr(0, 15), 0x100 + 30);
        assert_eq!(
            op.addr(0, 16),
            0x100 + 64,
            "block 1 starts two blocks later"
        );
        assert_eq!(op.addr(1, 0), 0x100 + 32 * 16);
        // Add(mask=128, repeat 2, {1,2,1, 8,16,8}) from DK 更多样例-9: src0 block stride 2, rep 16
        let src0 = half(0, 2, 16);
        assert_eq!(src0.addr(1, 127), 32 * 16 + 32 * 2 * 7 + 2 * 15);
    }

    #[test]
    fn counter_mode_example_strides() {
        // docs/semantics.md §2.5: N = 130 half, UnaryRepeatParams{2,2,16,16}: repeat 1 does 2 lanes
        // starting 16 blocks later.
        let p = Plan::new(
            128,
            LaneSource::Counted { count: 130 },
            vec![half(0, 2, 16)],
        );
        assert_eq!(p.repeats, 2);
        let ext = p.extent(0).unwrap();
        assert_eq!(ext.start, 0);
        assert_eq!(ext.end, 32 * 16 + 4, "the last two lanes of repeat 1");
        // The analytic extent agrees with walking every element.
        let (mut lo, mut hi) = (u64::MAX, 0);
        p.walk(0, |_, _, _, a| {
            lo = lo.min(a);
            hi = hi.max(a + 2);
            true
        });
        assert_eq!(lo..hi, ext);
        let fixed = Plan::new(
            128,
            LaneSource::Fixed {
                lanes: Lanes([0b1010, 1 << 63, 0, 0]),
                repeats: 3,
            },
            vec![half(64, 3, 5)],
        );
        let (mut lo, mut hi) = (u64::MAX, 0);
        fixed.walk(0, |_, _, _, a| {
            lo = lo.min(a);
            hi = hi.max(a + 2);
            true
        });
        assert_eq!(fixed.extent(0), Some(lo..hi));
        let out = p.first_outside(0, 0..32 * 16).unwrap();
        assert_eq!((out.repeat, out.block, out.lane), (1, 0, 0));
    }

    #[test]
    fn contiguity_and_geometry() {
        assert!(half(0, 1, 8).repeat_contiguous(128));
        assert!(!half(0, 2, 8).repeat_contiguous(128));
        assert!(half(0, 1, 8).same_geometry(&half(0, 1, 8)));
        assert!(!half(0, 1, 8).same_geometry(&half(32, 1, 8)));
    }

    proptest::proptest! {
        /// The analytic extents (`compute_extent`) equal walking every element, for any
        /// strides (0 included, block strides below a block's data too), lanes, widths and
        /// lane sources.
        #[test]
        fn analytic_extents_equal_walking(
            blk in 0u32..4, rep in 0u32..20, base in 0u32..64, wide in proptest::prelude::any::<bool>(),
            lanes in proptest::prelude::any::<[u64; 2]>(), counted in proptest::option::of(1u64..700),
            repeats in 1u32..5, narrow_blk in 0u32..3,
        ) {
            let (par, dt) = if wide { (64, DType::Float) } else { (128, DType::Half) };
            let source = match counted {
                Some(count) => LaneSource::Counted { count },
                None => LaneSource::Fixed { lanes: Lanes([lanes[0], lanes[1], 0, 0]).limit(par), repeats },
            };
            // A second operand of another width (a Cast's) with its own block stride.
            let other = if wide { DType::Half } else { DType::Float };
            let p = Plan::new(par, source, vec![
                OpAddr::standard("dst", 0, AccessKind::Write, dt, 32 * base, blk, rep),
                OpAddr::standard("src", 1, AccessKind::Read, other, 0x4000, narrow_blk, rep),
            ]);
            for i in 0..2 {
                proptest::prop_assert_eq!(p.compute_extent(i), p.walked_extent(i), "operand {}", i);
            }
        }
    }
}
