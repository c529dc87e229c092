//! Operand extents (the lowest and the highest byte an operand touches over the whole
//! instruction), in closed form from the repeats that bound them where the indexing allows it,
//! else by walking every element (`Plan::walk`); debug builds check each closed form against
//! the walk.

use super::*;

impl Plan {
    /// The extent, from one repeat's lanes for lane-indexed operands (addresses grow with the
    /// repeat), else by walking.
    pub(super) fn compute_extent(&self, i: usize) -> Option<Range<u64>> {
        let op = &self.operands[i];
        if let Some(e) = self
            .bits_extent(op)
            .or_else(|| self.packed_extent(op))
            .or_else(|| self.first_block_extent(op))
            .or_else(|| self.block_repeat_extent(op))
            .or_else(|| self.pairs_extent(i))
        {
            debug_assert_eq!(e, self.walked_extent(i));
            return e;
        }
        if !self.lane_linear(op) {
            return self.walked_extent(i);
        }
        if self.repeats == 0 {
            return None;
        }
        let shift = self.repeat_shift(i);
        let last = (self.repeats - 1) as u64;
        let span = |lanes: &Lanes, r0: u64, r1: u64| {
            self.repeat0_extent(op, lanes)
                .map(|e| e.start + shift * r0..e.end + shift * r1)
        };
        let union = |a: Option<Range<u64>>, b: Option<Range<u64>>| match (a, b) {
            (Some(a), Some(b)) => Some(a.start.min(b.start)..a.end.max(b.end)),
            (a, b) => a.or(b),
        };
        match self.lanes {
            LaneSource::Fixed { lanes, .. } => span(&lanes, 0, last),
            LaneSource::Grouped { .. } => None, // walked above
            LaneSource::Counted { .. } => {
                let full = (last > 0)
                    .then(|| span(&Lanes::first(self.par), 0, last - 1))
                    .flatten();
                union(full, span(&self.lanes_of(self.repeats - 1), last, last))
            }
        }
    }

    /// The extent of a pair-indexed operand (PairReduceSum's dst) from the repeats that bound
    /// it, without walking the others: its addresses rise with the repeat (a repeat stride is
    /// never negative), every repeat of fixed lanes touches the same pairs, and counted lanes
    /// are full before the last repeat; so repeat 0, the last and (counted) the one before it
    /// hold the lowest and the highest byte. None when a walk must decide (grouped lanes).
    fn pairs_extent(&self, i: usize) -> Option<Option<Range<u64>>> {
        let op = &self.operands[i];
        if !matches!(op.index, Indexing::Pairs { .. })
            || op.group > 1
            || matches!(self.lanes, LaneSource::Grouped { .. })
            || self.repeats == 0
        {
            return None;
        }
        let last = self.repeats - 1;
        let before_last = matches!(self.lanes, LaneSource::Counted { .. }) && last > 0;
        let reps = [Some(0), Some(last), before_last.then(|| last - 1)];
        let size = op.size() as u64;
        let (mut lo, mut hi) = (u64::MAX, 0u64);
        let mut es = Vec::with_capacity(32);
        for r in reps.into_iter().flatten() {
            self.walk_repeat(i, r, &mut es, &mut |_, _, _, a| {
                lo = lo.min(a);
                hi = hi.max(a + size);
                true
            });
        }
        Some((lo < hi).then_some(lo..hi))
    }

    /// The extent of operand `i` by walking every element it touches.
    pub(super) fn walked_extent(&self, i: usize) -> Option<Range<u64>> {
        let size = self.operands[i].size() as u64;
        let (mut lo, mut hi) = (u64::MAX, 0u64);
        self.walk(i, |_, _, _, a| {
            lo = lo.min(a);
            hi = hi.max(a + size);
            true
        });
        (lo < hi).then_some(lo..hi)
    }

    /// The extent of a packed-bit operand (`Indexing::Bits`, one byte per 8 lanes, repeats
    /// packed one after another, so addresses grow with the repeat and the lane) from its
    /// first and last repeats, without walking the others; None when a walk must decide.
    fn bits_extent(&self, op: &OpAddr) -> Option<Option<Range<u64>>> {
        let Indexing::Bits { all } = op.index else {
            return None;
        };
        if self.repeats == 0
            || op.group > 1
            || matches!(self.lanes, LaneSource::Grouped { .. })
            || op.blk != 1
            || op.blk_unit != op.per_block
            || op.rep as u64 * op.rep_unit as u64 * 8 < self.par as u64
        {
            return None;
        }
        let bytes = |lanes: &Lanes| {
            if all {
                Some((0, self.par / 8 - 1))
            } else {
                lanes.bounds_in(0, self.par).map(|(a, b)| (a / 8, b / 8))
            }
        };
        let last = self.repeats - 1;
        let (first, _) = bytes(&self.lanes_of(0))?;
        let (_, end) = bytes(&self.lanes_of(last))?;
        Some(Some(op.addr(0, first)..op.addr(last, end) + 1))
    }

    /// The extent of a packed destination (`Indexing::Packed`): elements packed[0] up to
    /// packed[last], one after another from the base; None when a walk must decide.
    fn packed_extent(&self, op: &OpAddr) -> Option<Option<Range<u64>>> {
        if op.index != Indexing::Packed || op.group > 1 {
            return None;
        }
        let (first, last) = (*self.packed.first()?, *self.packed.last()?);
        Some((last > first).then(|| op.addr(0, first)..op.addr(0, last - 1) + op.size() as u64))
    }

    /// The extent of a `FirstBlock` operand whose elements rise with the element and the
    /// repeat (every repeat has lanes: Sort32's and MrgSort's).
    fn first_block_extent(&self, op: &OpAddr) -> Option<Option<Range<u64>>> {
        let Indexing::FirstBlock { elems } = op.index else {
            return None;
        };
        if op.group > 1 || !matches!(self.lanes, LaneSource::Fixed { .. }) {
            return None;
        }
        if self.repeats == 0 || elems == 0 || self.lanes_of(0).is_empty() {
            return Some(None);
        }
        let last = self.repeats - 1;
        Some(Some(
            op.addr(0, 0)..op.addr(last, elems - 1) + op.size() as u64,
        ))
    }

    /// The extent of a per-block or per-repeat operand (BlockReduce's and WholeReduce's dst)
    /// from the repeats that bound it: its addresses never fall with the repeat or the
    /// element (strides are unsigned), every repeat of fixed lanes touches the same elements,
    /// and counted lanes are full before the last repeat; so repeat 0, the last and the one
    /// before it hold the lowest and the highest byte. None when a walk must decide.
    fn block_repeat_extent(&self, op: &OpAddr) -> Option<Option<Range<u64>>> {
        let elems = |lanes: &Lanes| -> Option<(u32, u32)> {
            match op.index {
                Indexing::PerBlock { all } => {
                    let hit = |b: &u32| {
                        let ks = block_lanes(self.par, *b);
                        all || lanes.any_in(ks.start, ks.end)
                    };
                    Some(((0..BLOCKS).find(hit)?, (0..BLOCKS).rev().find(hit)?))
                }
                Indexing::PerRepeat { elems } if elems > 0 && !lanes.is_empty() => {
                    Some((0, elems - 1))
                }
                _ => None,
            }
        };
        if !matches!(
            op.index,
            Indexing::PerBlock { .. } | Indexing::PerRepeat { .. }
        ) || op.group > 1
            || matches!(self.lanes, LaneSource::Grouped { .. })
        {
            return None;
        }
        let last = self.repeats.checked_sub(1)?;
        let size = op.size() as u64;
        let mut ext: Option<Range<u64>> = None;
        for r in [0, last.saturating_sub(1), last] {
            if let Some((lo, hi)) = elems(&self.lanes_of(r)) {
                let e = op.addr(r, lo)..op.addr(r, hi) + size;
                ext = Some(match ext {
                    Some(x) => x.start.min(e.start)..x.end.max(e.end),
                    None => e,
                });
            }
        }
        Some(ext)
    }
}
