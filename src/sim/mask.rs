//! The 128-bit vector mask register and per-repeat lane sets (docs/semantics.md §2).
//!
//! Owns: `MaskReg` (bits + normal/counter mode), `Lanes` (up to 256 active lanes of one
//! repeat), the `SetMask(len)` expansion of contiguous masks (§2.2), and `LaneSource`, which
//! says how each repeat's lanes are chosen. This is the only place the mask walk lives.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MaskMode {
    Normal,
    Counter,
}

/// The mask register. In normal mode bit k enables lane k (low word first); in counter mode
/// the low word is an element count (docs/semantics.md §2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaskReg {
    pub low: u64,
    pub high: u64,
    pub mode: MaskMode,
}

impl Default for MaskReg {
    /// A program starts with all ones in normal mode (docs/format.md §6).
    fn default() -> Self {
        MaskReg {
            low: u64::MAX,
            high: u64::MAX,
            mode: MaskMode::Normal,
        }
    }
}

/// `AscendCUtils::SetMask<T>(len)` (docs/semantics.md §2.2): the 128-bit pattern that the contiguous
/// overload writes into the register.
pub fn expand_len(len: u64, par: u32) -> (u64, u64) {
    if len == 64 {
        (u64::MAX, 0)
    } else if len == par as u64 || len >= 128 {
        (u64::MAX, u64::MAX)
    } else if len > 64 {
        (u64::MAX, (1u64 << (len - 64)) - 1)
    } else {
        ((1u64 << len) - 1, 0)
    }
}

/// The active lanes of one repeat, lane k ↔ bit k (up to 256 lanes for 8-bit types on 950).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Lanes(pub [u64; 4]);

impl Lanes {
    pub const NONE: Lanes = Lanes([0; 4]);

    /// Lanes 0..n.
    pub fn first(n: u32) -> Lanes {
        let mut w = [0u64; 4];
        for (i, word) in w.iter_mut().enumerate() {
            let lo = i as u32 * 64;
            if n >= lo + 64 {
                *word = u64::MAX;
            } else if n > lo {
                *word = (1u64 << (n - lo)) - 1;
            }
        }
        Lanes(w)
    }

    /// Keeps only lanes below `par`.
    pub fn limit(self, par: u32) -> Lanes {
        let f = Lanes::first(par);
        Lanes([
            self.0[0] & f.0[0],
            self.0[1] & f.0[1],
            self.0[2] & f.0[2],
            self.0[3] & f.0[3],
        ])
    }

    #[inline(always)]
    pub fn has(&self, k: u32) -> bool {
        self.0[(k / 64) as usize] >> (k % 64) & 1 == 1
    }

    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The first and last active lanes, if any.
    pub fn first_last(&self) -> Option<(u32, u32)> {
        let first = self.0.iter().position(|&w| w != 0)?;
        let last = self.0.iter().rposition(|&w| w != 0)?;
        Some((
            first as u32 * 64 + self.0[first].trailing_zeros(),
            last as u32 * 64 + 63 - self.0[last].leading_zeros(),
        ))
    }

    /// The bits of lanes `k0..k1` (at most 64 lanes, inside one word), shifted down to bit 0.
    #[inline(always)]
    fn window(&self, k0: u32, k1: u32) -> Option<u64> {
        if k1 <= k0 || k1 - k0 > 64 || k0 / 64 != (k1 - 1) / 64 {
            return None;
        }
        let w = self.0[(k0 / 64) as usize] >> (k0 % 64);
        let n = k1 - k0;
        Some(if n == 64 { w } else { w & ((1u64 << n) - 1) })
    }

    /// True when all lanes in `k0..k1` are active.
    #[inline]
    pub fn all_in(&self, k0: u32, k1: u32) -> bool {
        match self.window(k0, k1) {
            Some(w) => w.count_ones() == k1 - k0,
            None => (k0..k1).all(|k| self.has(k)),
        }
    }

    /// True when any lane in `k0..k1` is active.
    #[inline]
    pub fn any_in(&self, k0: u32, k1: u32) -> bool {
        match self.window(k0, k1) {
            Some(w) => w != 0,
            None => (k0..k1).any(|k| self.has(k)),
        }
    }

    /// The first and last active lanes in `k0..k1`.
    #[inline]
    pub fn bounds_in(&self, k0: u32, k1: u32) -> Option<(u32, u32)> {
        match self.window(k0, k1) {
            Some(0) => None,
            Some(w) => Some((k0 + w.trailing_zeros(), k0 + 63 - w.leading_zeros())),
            // Across words: the lanes below k0 and from k1 on masked off.
            None => {
                let (below, upto) = (Lanes::first(k0), Lanes::first(k1));
                let mut m = *self;
                for (w, x) in m.0.iter_mut().enumerate() {
                    *x &= upto.0[w] & !below.0[w];
                }
                m.first_last()
            }
        }
    }

    /// The active lane indices in `k0..k1`.
    pub fn iter_in(&self, k0: u32, k1: u32) -> impl Iterator<Item = u32> + '_ {
        (k0..k1).filter(move |&k| self.has(k))
    }
}

/// How the lanes of each repeat are chosen for one instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneSource {
    /// Normal mode: the same lanes in every one of `repeats` repeats.
    Fixed { lanes: Lanes, repeats: u32 },
    /// Counter mode and the count form: `count` elements, PAR per repeat, the last repeat
    /// partial (docs/semantics.md §2.5, §3).
    Counted { count: u64 },
    /// `groups` API repeats of `per` elements each (GatherMask counter mode, "configuration
    /// 1", docs/semantics.md §4.6). An API repeat of more than PAR elements spans
    /// `ceil(per / PAR)` repeats of the plan, the last one partial; operands map them back
    /// with `OpAddr::group`.
    Grouped { per: u64, groups: u32 },
}

impl LaneSource {
    pub fn repeats(&self, par: u32) -> u32 {
        match *self {
            LaneSource::Fixed { repeats, .. } => repeats,
            LaneSource::Counted { count } => {
                u32::try_from(count.div_ceil(par as u64)).unwrap_or(u32::MAX)
            }
            LaneSource::Grouped { per, groups } => {
                u32::try_from(per.div_ceil(par as u64).saturating_mul(groups as u64))
                    .unwrap_or(u32::MAX)
            }
        }
    }

    /// Plan repeats per API repeat (1 except for `Grouped` sources longer than PAR).
    pub fn group(&self, par: u32) -> u32 {
        match *self {
            LaneSource::Grouped { per, .. } => {
                u32::try_from(per.div_ceil(par as u64).max(1)).unwrap_or(u32::MAX)
            }
            _ => 1,
        }
    }

    /// The end of the run of repeats from `r` (before `end`) whose lanes are those of `r`.
    pub fn same_lanes_until(&self, r: u32, end: u32, par: u32) -> u32 {
        let full = match *self {
            LaneSource::Fixed { .. } => return end,
            // Full repeats until the count runs short; the partial one alone.
            LaneSource::Counted { count } => u32::try_from(count / par as u64).unwrap_or(u32::MAX),
            LaneSource::Grouped { .. } => {
                let mut r1 = r + 1;
                while r1 < end && self.lanes(r1, par) == self.lanes(r, par) {
                    r1 += 1;
                }
                return r1;
            }
        };
        if r < full {
            full.min(end)
        } else {
            (r + 1).min(end)
        }
    }

    /// Lanes active in repeat `r`.
    #[inline]
    pub fn lanes(&self, r: u32, par: u32) -> Lanes {
        match *self {
            LaneSource::Fixed { lanes, .. } => lanes,
            LaneSource::Counted { count } => {
                let done = r as u64 * par as u64;
                let left = count.saturating_sub(done).min(par as u64);
                Lanes::first(left as u32)
            }
            LaneSource::Grouped { per, .. } => {
                let g = self.group(par);
                let done = (r % g) as u64 * par as u64;
                Lanes::first(per.saturating_sub(done).min(par as u64) as u32)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_mask_len_expansion() {
        // docs/semantics.md §2.2
        assert_eq!(expand_len(64, 128), (u64::MAX, 0));
        assert_eq!(expand_len(128, 128), (u64::MAX, u64::MAX));
        assert_eq!(expand_len(130, 128), (u64::MAX, u64::MAX));
        assert_eq!(expand_len(70, 128), (u64::MAX, 0b11_1111));
        assert_eq!(expand_len(3, 128), (0b111, 0));
        assert_eq!(
            expand_len(32, 32),
            (u64::MAX, u64::MAX),
            "len == PAR gives all ones"
        );
    }

    #[test]
    fn runs_of_equal_lanes_end_where_the_lanes_change() {
        // Normal mode: every repeat alike; 130 halves counted: 128 lanes, then 2 (§2.5);
        // 300 halves: two full repeats, then 44 lanes.
        let fixed = LaneSource::Fixed {
            lanes: Lanes::first(3),
            repeats: 9,
        };
        assert_eq!(fixed.same_lanes_until(2, 9, 128), 9);
        let c = LaneSource::Counted { count: 130 };
        assert_eq!(c.same_lanes_until(0, 2, 128), 1);
        assert_eq!(c.same_lanes_until(1, 2, 128), 2);
        let c = LaneSource::Counted { count: 300 };
        assert_eq!(c.same_lanes_until(0, 3, 128), 2);
        assert_eq!(c.same_lanes_until(1, 3, 128), 2);
        assert_eq!(c.same_lanes_until(0, 1, 128), 1, "bounded by end");
        assert_eq!(c.same_lanes_until(2, 3, 128), 3);
        // Two API repeats of 200 halves: 128 lanes, 72, 128, 72.
        let g = LaneSource::Grouped {
            per: 200,
            groups: 2,
        };
        assert_eq!(g.same_lanes_until(0, 4, 128), 1);
        assert_eq!(g.same_lanes_until(1, 4, 128), 2);
        for s in [fixed, c, g] {
            for r in 0..s.repeats(128) {
                let e = s.same_lanes_until(r, s.repeats(128), 128);
                assert!((r + 1..e).all(|q| s.lanes(q, 128) == s.lanes(r, 128)));
                assert!(e == s.repeats(128) || s.lanes(e, 128) != s.lanes(r, 128));
            }
        }
    }

    #[test]
    fn counted_lanes_fill_then_tail() {
        // docs/semantics.md §2.5 example: N = 130 half → repeat 0 has 128 lanes, repeat 1 has 2.
        let s = LaneSource::Counted { count: 130 };
        assert_eq!(s.repeats(128), 2);
        assert_eq!(s.lanes(0, 128).count(), 128);
        assert_eq!(s.lanes(1, 128), Lanes::first(2));
    }

    #[test]
    fn lanes_ops() {
        let l = Lanes([0b1010, 1, 0, 0]);
        assert!(l.has(1) && l.has(3) && l.has(64) && !l.has(0));
        assert_eq!(l.count(), 3);
        assert_eq!(l.iter_in(0, 70).collect::<Vec<_>>(), vec![1, 3, 64]);
        assert_eq!(Lanes::first(200).limit(128), Lanes::first(128));
        assert!(Lanes::first(8).all_in(0, 8) && !Lanes::first(8).all_in(0, 9));
        assert_eq!(l.bounds_in(0, 64), Some((1, 3)));
        assert_eq!(l.bounds_in(0, 128), Some((1, 64)));
        assert_eq!(l.bounds_in(4, 64), None);
        assert!(Lanes::first(256).all_in(192, 256) && Lanes::first(130).any_in(120, 136));
    }
}
