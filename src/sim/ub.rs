//! The Unified Buffer: bytes plus an "initialised" shadow, one bit per byte (semantics.md §7.3).
//!
//! Owns raw storage only; it knows nothing about operands, masks or instructions.

use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ub {
    bytes: Vec<u8>,
    /// Bit i of word w says byte 64·w + i has been written (by init data or an instruction).
    init: Vec<u64>,
    /// Bit i of word w says an instruction has written byte 64·w + i.
    written: Vec<u64>,
}

impl Ub {
    pub fn new(size: u32) -> Ub {
        Ub {
            bytes: vec![0; size as usize],
            init: vec![0; (size as usize).div_ceil(64)],
            written: vec![0; (size as usize).div_ceil(64)],
        }
    }

    pub fn size(&self) -> u32 {
        self.bytes.len() as u32
    }

    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The bytes of `r`; the caller has bounds-checked `r` against `size()`.
    #[inline(always)]
    pub fn slice(&self, r: Range<u32>) -> &[u8] {
        &self.bytes[r.start as usize..r.end as usize]
    }

    /// Loads initial contents: writes `data` at `addr` and marks it initialised (not written
    /// by an instruction).
    #[inline(always)]
    pub fn write(&mut self, addr: u32, data: &[u8]) {
        let a = addr as usize;
        self.bytes[a..a + data.len()].copy_from_slice(data);
        self.mark_init(addr..addr + data.len() as u32);
    }

    /// Mutable bytes of `r` for an instruction's store, marking them initialised and written.
    #[inline(always)]
    pub fn slice_mut(&mut self, r: Range<u32>) -> &mut [u8] {
        self.mark_init(r.clone());
        for_words(r.clone(), |w, m| self.written[w] |= m);
        &mut self.bytes[r.start as usize..r.end as usize]
    }

    /// True when an instruction has written byte `addr`.
    pub fn is_written(&self, addr: u32) -> bool {
        self.written
            .get((addr / 64) as usize)
            .is_some_and(|w| w >> (addr % 64) & 1 == 1)
    }

    /// The written-by-an-instruction words, for snapshots and comparisons.
    pub fn written_words(&self) -> &[u64] {
        &self.written
    }

    pub fn is_init(&self, addr: u32) -> bool {
        self.init[(addr / 64) as usize] >> (addr % 64) & 1 == 1
    }

    /// Marks every byte of `r` initialised.
    #[inline]
    pub fn mark_init(&mut self, r: Range<u32>) {
        for_words(r, |w, m| self.init[w] |= m);
    }

    /// True when every byte of `r` is initialised.
    #[inline]
    pub fn all_init(&self, r: Range<u32>) -> bool {
        let mut ok = true;
        for_words(r, |w, m| ok &= self.init[w] & m == m);
        ok
    }

    /// The first uninitialised byte of `r`, if any.
    pub fn first_uninit(&self, r: Range<u32>) -> Option<u32> {
        let mut found = None;
        for_words(r, |w, m| {
            if found.is_none() {
                let missing = !self.init[w] & m;
                if missing != 0 {
                    found = Some(w as u32 * 64 + missing.trailing_zeros());
                }
            }
        });
        found
    }

    /// The shadow words, for snapshots and comparisons.
    pub fn init_words(&self) -> &[u64] {
        &self.init
    }
}

/// Calls `f(word, mask)` for each 64-bit shadow word that `r` touches.
#[inline(always)]
fn for_words(r: Range<u32>, mut f: impl FnMut(usize, u64)) {
    if r.start >= r.end {
        return;
    }
    let (s, e) = (r.start as u64, r.end as u64);
    let (ws, we) = (s / 64, (e - 1) / 64);
    for w in ws..=we {
        let lo = if w == ws { s % 64 } else { 0 };
        let hi = if w == we { (e - 1) % 64 + 1 } else { 64 };
        let m = if hi - lo == 64 {
            u64::MAX
        } else {
            ((1u64 << (hi - lo)) - 1) << lo
        };
        f(w as usize, m);
    }
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
        assert!(ub.all_init(10..10), "an empty range is trivially initialised");
    }
}
