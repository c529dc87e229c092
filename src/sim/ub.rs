//! The Unified Buffer: bytes plus an "initialised" shadow, one bit per byte (docs/semantics.md §7 item 3).
//!
//! Owns raw storage only; it knows nothing about operands, masks or instructions.

use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ub {
    /// The bytes, stored as 8-byte words so that aligned operands can be viewed as typed
    /// slices (`bytes()` is the little-endian byte view).
    words: Vec<u64>,
    size: u32,
    /// Bit i of word w says byte 64·w + i has been written (by init data or an instruction).
    init: Vec<u64>,
    /// Bit i of word w says an instruction has written byte 64·w + i.
    written: Vec<u64>,
}

impl Ub {
    pub fn new(size: u32) -> Ub {
        Ub {
            words: vec![0; (size as usize).div_ceil(8)],
            size,
            init: vec![0; (size as usize).div_ceil(64)],
            written: vec![0; (size as usize).div_ceil(64)],
        }
    }

    pub fn size(&self) -> u32 {
        self.size
    }

    pub fn bytes(&self) -> &[u8] {
        &bytemuck::cast_slice(&self.words)[..self.size as usize]
    }

    fn bytes_mut_raw(&mut self) -> &mut [u8] {
        &mut bytemuck::cast_slice_mut(&mut self.words)[..self.size as usize]
    }

    /// The bytes of `r`; the caller has bounds-checked `r` against `size()`.
    #[inline(always)]
    pub fn slice(&self, r: Range<u32>) -> &[u8] {
        &self.bytes()[r.start as usize..r.end as usize]
    }

    /// Loads initial contents: writes `data` at `addr` and marks it initialised (not written
    /// by an instruction).
    #[inline(always)]
    pub fn write(&mut self, addr: u32, data: &[u8]) {
        let a = addr as usize;
        self.bytes_mut_raw()[a..a + data.len()].copy_from_slice(data);
        self.mark_init(addr..addr + data.len() as u32);
    }

    /// Mutable bytes of `r` for an instruction's store, marking them initialised and written.
    #[inline(always)]
    pub fn slice_mut(&mut self, r: Range<u32>) -> &mut [u8] {
        set_range(&mut self.init, r.clone());
        set_range(&mut self.written, r.clone());
        &mut self.bytes_mut_raw()[r.start as usize..r.end as usize]
    }

    /// All bytes, for kernels that have already marked what they store (`slice_mut`).
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        self.bytes_mut_raw()
    }

    /// True when an instruction has written byte `addr`.
    pub fn is_written(&self, addr: u32) -> bool {
        get_bit(&self.written, addr)
    }

    /// The written-by-an-instruction words, for snapshots and comparisons.
    pub fn written_words(&self) -> &[u64] {
        &self.written
    }

    pub fn is_init(&self, addr: u32) -> bool {
        get_bit(&self.init, addr)
    }

    /// Marks every byte of `r` initialised.
    #[inline]
    pub fn mark_init(&mut self, r: Range<u32>) {
        set_range(&mut self.init, r);
    }

    /// True when every byte of `r` is initialised.
    #[inline]
    pub fn all_init(&self, r: Range<u32>) -> bool {
        first_clear(&self.init, r).is_none()
    }

    /// The first uninitialised byte of `r`, if any.
    #[inline]
    pub fn first_uninit(&self, r: Range<u32>) -> Option<u32> {
        first_clear(&self.init, r)
    }

    /// Copies bytes and shadows of the range both UBs have.
    pub fn copy_common(&mut self, other: &Ub) {
        let w = self.words.len().min(other.words.len());
        self.words[..w].copy_from_slice(&other.words[..w]);
        let b = self.init.len().min(other.init.len());
        self.init[..b].copy_from_slice(&other.init[..b]);
        self.written[..b].copy_from_slice(&other.written[..b]);
    }

    /// The shadow words, for snapshots and comparisons.
    pub fn init_words(&self) -> &[u64] {
        &self.init
    }
}

fn get_bit(bits: &[u64], i: u32) -> bool {
    bits.get((i / 64) as usize)
        .is_some_and(|w| w >> (i % 64) & 1 == 1)
}

/// Mask of bits `lo..hi` (0 ≤ lo < hi ≤ 64) of one word.
#[inline(always)]
fn word_mask(lo: u32, hi: u32) -> u64 {
    (u64::MAX >> (64 - (hi - lo))) << lo
}

/// Splits byte range `r` into (first word, its mask), full middle words, (last word, mask).
#[inline(always)]
fn split(r: &Range<u32>) -> Option<(usize, u64, Range<usize>, usize, u64)> {
    if r.start >= r.end {
        return None;
    }
    let (ws, we) = ((r.start / 64) as usize, ((r.end - 1) / 64) as usize);
    let (lo, hi) = (r.start % 64, (r.end - 1) % 64 + 1);
    if ws == we {
        return Some((ws, word_mask(lo, hi), ws + 1..ws + 1, we, 0));
    }
    Some((ws, word_mask(lo, 64), ws + 1..we, we, word_mask(0, hi)))
}

#[inline]
fn set_range(bits: &mut [u64], r: Range<u32>) {
    if let Some((ws, ms, mid, we, me)) = split(&r) {
        bits[ws] |= ms;
        bits[mid].fill(u64::MAX);
        bits[we] |= me;
    }
}

#[inline]
fn first_clear(bits: &[u64], r: Range<u32>) -> Option<u32> {
    let (ws, ms, mid, we, me) = split(&r)?;
    let at = |w: usize, m: u64| {
        let missing = !bits[w] & m;
        (missing != 0).then(|| w as u32 * 64 + missing.trailing_zeros())
    };
    if let Some(a) = at(ws, ms) {
        return Some(a);
    }
    // Whole words, eight at a time without branches, then the word that has the gap.
    let words = &bits[mid.clone()];
    let mut base = mid.start;
    for chunk in words.chunks(8) {
        if chunk.iter().fold(u64::MAX, |a, &w| a & w) != u64::MAX {
            let i = chunk.iter().position(|&w| w != u64::MAX).unwrap_or(0);
            return at(base + i, u64::MAX);
        }
        base += chunk.len();
    }
    at(we, me)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shadow_tracks_written_ranges() {
        let mut ub = Ub::new(256);
        assert!(!ub.all_init(0..1));
        ub.write(60, &[1, 2, 3, 4, 5, 6, 7, 8]);
        assert!(ub.all_init(60..68));
        assert!(!ub.all_init(59..68));
        assert_eq!(ub.first_uninit(0..256), Some(0));
        assert_eq!(ub.first_uninit(60..70), Some(68));
        assert_eq!(ub.first_uninit(60..68), None);
        assert_eq!(ub.slice(60..62), &[1, 2]);
        ub.mark_init(0..256);
        assert!(ub.all_init(0..256));
        assert!(
            ub.all_init(10..10),
            "an empty range is trivially initialised"
        );
    }
}
