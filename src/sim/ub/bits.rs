//! Bit-level helpers of the memory's shadows: ranges of bits set, cleared and searched, the
//! bits of strided blocks, the byte limits of mask words.

use super::region::PAGE;
use std::ops::Range;

/// The bits of mask word `w` that fall within the first `n` bytes.
pub(super) fn byte_limit(n: usize, w: usize) -> u64 {
    let lo = w * 64;
    if lo >= n {
        0
    } else if n - lo >= 64 {
        u64::MAX
    } else {
        (1u64 << (n - lo)) - 1
    }
}

/// ORs into each shadow the bits of strided blocks (as `Ub::mark_blocks`, `start` relative to
/// the region).
pub(super) fn mark_blocks(
    shadows: [&mut [u64]; 2],
    start: usize,
    (rstep, bstep): (u64, u64),
    n: usize,
    masks: &[u32; 8],
) {
    let (rstep, bstep) = (rstep as usize, bstep as usize);
    for shadow in shadows {
        // Blocks on 32-byte boundaries (UB operands always are): on a little-endian host byte
        // p's bit is bit p % 32 of the shadow's 32-bit word p / 32, so each block is one OR.
        if cfg!(target_endian = "little") && (start | rstep | bstep) % 32 == 0 {
            let words = bytemuck::cast_slice_mut::<u64, u32>(shadow);
            // Repeats of 256 bytes in a row (contiguous operands under a bitwise mask): the
            // repeat's eight masks ORed over the whole run at once, a loop that vectorises.
            if bstep == 32 && rstep == 256 {
                let from = start / 32;
                if let Some(run) = words.get_mut(from..from + 8 * n) {
                    for r in run.chunks_exact_mut(8) {
                        for (w, &m) in r.iter_mut().zip(masks) {
                            *w |= m;
                        }
                    }
                }
                continue;
            }
            for i in 0..n {
                let at = (start + i * rstep) / 32;
                for (b, &m) in masks.iter().enumerate() {
                    if let Some(w) = words.get_mut(at + b * (bstep / 32)) {
                        *w |= m;
                    }
                }
            }
            continue;
        }
        for i in 0..n {
            for (b, &m) in masks.iter().enumerate().filter(|(_, &m)| m != 0) {
                let p = start + i * rstep + b * bstep;
                let (w, sh) = (p / 64, p % 64);
                shadow[w] |= (m as u64) << sh;
                if sh > 32 {
                    shadow[w + 1] |= (m as u64) >> (64 - sh);
                }
            }
        }
    }
}

/// The end of `n` repeats of strided 32-byte blocks from `first` (none when it overflows).
pub fn strided_end(first: u64, (rstep, bstep): (u64, u64), n: usize) -> Option<u64> {
    let last = (n.max(1) as u64 - 1)
        .checked_mul(rstep)?
        .checked_add(bstep.checked_mul(7)?)?;
    first.checked_add(last)?.checked_add(32)
}

/// Each bit of a byte spread to the whole byte: `EXPAND[0b101]` = 0x00ff_00ff.
pub(super) const EXPAND: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut v = 0;
    while v < 256 {
        let mut b = 0;
        while b < 8 {
            if v >> b & 1 == 1 {
                t[v] |= 0xff << (8 * b);
            }
            b += 1;
        }
        v += 1;
    }
    t
};

/// ORs the 256 bits of `m` into `bits` from bit `at` on.
pub(super) fn or_bits(bits: &mut [u64], at: usize, m: &[u64; 4]) {
    let (w0, s) = (at / 64, at % 64);
    for (k, &x) in m.iter().enumerate() {
        if x == 0 {
            continue;
        }
        if let Some(w) = bits.get_mut(w0 + k) {
            *w |= x << s;
        }
        if s > 0 {
            if let Some(w) = bits.get_mut(w0 + k + 1) {
                *w |= x >> (64 - s);
            }
        }
    }
}

/// The 64 bits of `bits` from bit `at` on (zeros past the end).
pub(super) fn bits_at(bits: &[u64], at: usize) -> u64 {
    let (w, s) = (at / 64, at % 64);
    let lo = bits.get(w).copied().unwrap_or(0) >> s;
    if s == 0 {
        lo
    } else {
        lo | bits.get(w + 1).copied().unwrap_or(0) << (64 - s)
    }
}

pub(super) fn get_bit(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
}

/// Mask of bits `lo..hi` (0 ≤ lo < hi ≤ 64) of one word.
#[inline(always)]
pub(super) fn word_mask(lo: usize, hi: usize) -> u64 {
    (u64::MAX >> (64 - (hi - lo))) << lo
}

/// Splits byte range `r` into (first word, its mask), full middle words, (last word, mask).
#[inline(always)]
pub(super) fn split(r: &Range<usize>) -> Option<(usize, u64, Range<usize>, usize, u64)> {
    if r.start >= r.end {
        return None;
    }
    let (ws, we) = (r.start / 64, (r.end - 1) / 64);
    let (lo, hi) = (r.start % 64, (r.end - 1) % 64 + 1);
    if ws == we {
        return Some((ws, word_mask(lo, hi), ws + 1..ws + 1, we, 0));
    }
    Some((ws, word_mask(lo, 64), ws + 1..we, we, word_mask(0, hi)))
}

#[inline]
pub(super) fn set_range(bits: &mut [u64], r: Range<usize>) {
    if let Some((ws, ms, mid, we, me)) = split(&r) {
        bits[ws] |= ms;
        bits[mid].fill(u64::MAX);
        bits[we] |= me;
    }
}

pub(super) fn clear_range(bits: &mut [u64], r: Range<usize>) {
    if let Some((ws, ms, mid, we, me)) = split(&r) {
        bits[ws] &= !ms;
        bits[mid].fill(0);
        bits[we] &= !me;
    }
}

/// The first bit of `r` clear in `bits` (an `init` shadow), skipping the pages `full` marks.
#[inline]
pub(super) fn first_clear(bits: &[u64], full: &[u64], r: Range<usize>) -> Option<usize> {
    const WORDS: usize = PAGE / 64;
    let (ws, ms, mid, we, me) = split(&r)?;
    let at = |w: usize, m: u64| {
        let missing = !bits[w] & m;
        (missing != 0).then(|| w * 64 + missing.trailing_zeros() as usize)
    };
    if let Some(a) = at(ws, ms) {
        return Some(a);
    }
    // Whole words a page at a time: a full page skipped, any other ANDed without branches,
    // then the word that has the gap.
    let mut w = mid.start;
    while w < mid.end {
        let p = w / WORDS;
        let end = ((p + 1) * WORDS).min(mid.end);
        let whole = w == p * WORDS && end == (p + 1) * WORDS;
        if !(whole && get_bit(full, p)) {
            let chunk = &bits[w..end];
            if chunk.iter().fold(u64::MAX, |a, &x| a & x) != u64::MAX {
                let i = chunk.iter().position(|&x| x != u64::MAX).unwrap_or(0);
                return at(w + i, u64::MAX);
            }
        }
        w = end;
    }
    at(we, me)
}
