//! The memory the simulator owns: the Unified Buffer and the global-memory arena, each as
//! bytes plus an "initialised" shadow, one bit per byte (docs/semantics.md §7 item 3), and a
//! "written by an instruction" shadow.
//!
//! All live in one 32-bit address space: UB addresses are `0..size()`, Ascend 950's register
//! file (the register API's RegTensor and MaskReg objects, docs/semantics.md §29) starts at
//! [`REG_BASE`], global memory at [`GM_BASE`] (docs/format.md §11). Every address-taking method
//! finds the region itself; a range never spans two. Owns raw storage only; it knows nothing about operands, masks or
//! instructions.

use std::ops::Range;
use std::sync::Arc;

pub use crate::base::ir::{GM_BASE, REG_BASE};

mod bits;
mod region;
mod store;
#[cfg(test)]
mod tests;

pub use bits::strided_end;
use bits::*;
use region::*;
pub use store::GmStore;

/// Which of up to 256 bytes a masked store writes: bit i of `bits[i / 64]` for byte i, and the
/// same as whole bytes (0x00 or 0xff), eight per word, as blends take them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteMask {
    pub bits: [u64; 4],
    pub bytes: [u64; 32],
}

impl ByteMask {
    pub fn new(bits: [u64; 4]) -> ByteMask {
        ByteMask {
            bits,
            bytes: std::array::from_fn(|i| EXPAND[(bits[i / 8] >> (8 * (i % 8)) & 0xff) as usize]),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ub {
    /// The UB of the AI core running now ([`Ub::core`]).
    ub: Region,
    gm: Region,
    /// The register file (grown as a program's registers need it; one for every core: a
    /// register lives within one vector function).
    reg: Region,
    /// Which core's UB `ub` is (docs/semantics.md §20: each launch block's core has its own).
    core: u32,
    /// The other cores' UBs, each parked when another core ran; shared between snapshots
    /// until a core runs again.
    parked: Vec<(u32, Arc<Region>)>,
}

/// A memory frozen for a snapshot (`Ub::freeze`): its regions as shared pages, so that
/// snapshots of a run share what it did not change between them.
#[derive(Clone, Debug)]
pub struct FrozenUb {
    ub: Arc<Frozen>,
    gm: Arc<Frozen>,
    reg: Arc<Frozen>,
    core: u32,
    parked: Vec<(u32, Arc<Region>)>,
}

impl FrozenUb {
    /// The UB's size in bytes.
    pub fn size(&self) -> u32 {
        self.ub.size
    }

    /// Bytes of global memory.
    pub fn gm_size(&self) -> u32 {
        self.gm.size
    }

    /// Each page this memory holds, as (an identity shared by the snapshots that share the
    /// page, its bytes with shadows); the parked cores' UBs as one entry each.
    pub fn pages(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let page = std::mem::size_of::<Page>();
        self.ub
            .pages
            .iter()
            .chain(&self.gm.pages)
            .chain(&self.reg.pages)
            .map(move |p| (Arc::as_ptr(p) as usize, page))
            .chain(self.parked.iter().map(|(_, r)| {
                let bytes = r.words.len() * 8 + r.init.len() * 16;
                (Arc::as_ptr(r) as usize, bytes)
            }))
    }
}

impl Ub {
    /// A UB of `size` bytes and no global memory.
    pub fn new(size: u32) -> Ub {
        Ub::with_gm(size, 0)
    }

    /// A UB of `size` bytes and `gm` bytes of global memory from [`GM_BASE`].
    pub fn with_gm(size: u32, gm: u32) -> Ub {
        Ub {
            ub: Region::new(size),
            gm: Region::new(gm),
            reg: Region::new(0),
            core: 0,
            parked: Vec::new(),
        }
    }

    /// This memory as a snapshot holds it (`FrozenUb`): pages no write reached since the
    /// last freeze or thaw are shared with that one's, the rest copied.
    pub fn freeze(&mut self) -> FrozenUb {
        FrozenUb {
            ub: self.ub.freeze(),
            gm: self.gm.freeze(),
            reg: self.reg.freeze(),
            core: self.core,
            parked: self.parked.clone(),
        }
    }

    /// The memory a snapshot holds, to run on.
    pub fn thaw(f: &FrozenUb) -> Ub {
        Ub {
            ub: Region::thaw(&f.ub),
            gm: Region::thaw(&f.gm),
            reg: Region::thaw(&f.reg),
            core: f.core,
            parked: f.parked.clone(),
        }
    }

    /// This memory made equal to the snapshot's `f` (`Ub::thaw(f)`), copying only the pages
    /// that may differ from it (`Region::rewind`): going back to a recent checkpoint costs
    /// the pages written since, not the whole memory.
    pub fn rewind(&mut self, f: &FrozenUb) {
        self.ub.rewind(&f.ub);
        self.gm.rewind(&f.gm);
        self.reg.rewind(&f.reg);
        self.core = f.core;
        self.parked = f.parked.clone();
    }

    /// The AI core whose UB the UB addresses name now.
    pub fn core(&self) -> u32 {
        self.core
    }

    /// Makes `core`'s UB the one UB addresses name (docs/semantics.md §20); a core that has
    /// not run yet starts with its whole UB uninitialised. Global memory is shared.
    pub fn select_core(&mut self, core: u32) {
        if core == self.core {
            return;
        }
        let next = match self.parked.iter().position(|(c, _)| *c == core) {
            Some(k) => {
                let r = self.parked.swap_remove(k).1;
                Arc::try_unwrap(r).unwrap_or_else(|shared| (*shared).clone())
            }
            None => Region::new(self.ub.size),
        };
        let old = std::mem::replace(&mut self.ub, next);
        self.parked.push((self.core, Arc::new(old)));
        self.core = core;
    }

    /// How many cores' UBs are held (the running one and the parked ones).
    pub fn cores_held(&self) -> usize {
        1 + self.parked.len()
    }

    /// The UB's size in bytes.
    pub fn size(&self) -> u32 {
        self.ub.size
    }

    /// Bytes of global memory.
    pub fn gm_size(&self) -> u32 {
        self.gm.size
    }

    /// Bytes of the register file.
    pub fn reg_size(&self) -> u32 {
        self.reg.size
    }

    /// Grows global memory to `size` bytes (new bytes uninitialised); never shrinks it.
    pub fn grow_gm(&mut self, size: u32) {
        grow(&mut self.gm, size);
    }

    /// Grows the register file to `size` bytes (new bytes uninitialised); never shrinks it.
    pub fn grow_reg(&mut self, size: u32) {
        grow(&mut self.reg, size);
    }

    /// The base address of the region holding address `a` (0, `REG_BASE` or `GM_BASE`).
    #[inline(always)]
    pub fn base_of(a: u64) -> u64 {
        if a >= GM_BASE as u64 {
            GM_BASE as u64
        } else if a >= REG_BASE as u64 {
            REG_BASE as u64
        } else {
            0
        }
    }

    /// The region whose addresses start at `base`.
    #[inline(always)]
    fn region(&self, base: u64) -> &Region {
        match base {
            0 => &self.ub,
            b if b == GM_BASE as u64 => &self.gm,
            _ => &self.reg,
        }
    }

    /// The region holding `r` and `r` relative to it; None when `r` is not inside one region.
    #[inline(always)]
    fn at(&self, r: Range<u64>) -> Option<(&Region, Range<usize>)> {
        let base = Ub::base_of(r.start);
        let reg = self.region(base);
        (r.start <= r.end && r.end - base <= reg.size as u64)
            .then(|| (reg, (r.start - base) as usize..(r.end - base) as usize))
    }

    /// The region holding `r` and `r` relative to it, to change: its pages are marked
    /// touched (every change to memory comes through here).
    #[inline(always)]
    fn at_mut(&mut self, r: Range<u64>) -> Option<(&mut Region, Range<usize>)> {
        let base = Ub::base_of(r.start);
        let reg = match base {
            0 => &mut self.ub,
            b if b == GM_BASE as u64 => &mut self.gm,
            _ => &mut self.reg,
        };
        if r.start > r.end || r.end - base > reg.size as u64 {
            return None;
        }
        let l = (r.start - base) as usize..(r.end - base) as usize;
        reg.touch(&l);
        Some((reg, l))
    }

    /// True when the bytes `r` lie inside the UB or inside global memory.
    #[inline(always)]
    pub fn holds(&self, r: Range<u64>) -> bool {
        self.at(r).is_some()
    }

    /// The UB's bytes (not global memory).
    pub fn bytes(&self) -> &[u8] {
        self.ub.bytes()
    }

    /// The bytes of `r`, None unless `r` lies in one region.
    #[inline(always)]
    pub fn get(&self, r: Range<u64>) -> Option<&[u8]> {
        let (reg, l) = self.at(r)?;
        Some(&reg.bytes()[l])
    }

    /// The bytes of `r`; the caller has checked `r` with `holds` (an empty slice otherwise).
    #[inline(always)]
    pub fn slice(&self, r: Range<u32>) -> &[u8] {
        self.get(r.start as u64..r.end as u64).unwrap_or(&[])
    }

    /// Loads initial contents: writes `data` at `addr` and marks it initialised (not written
    /// by an instruction). Data outside both regions is ignored (the loader refused it).
    pub fn write(&mut self, addr: u32, data: &[u8]) {
        if let Some((reg, l)) = self.at_mut(addr as u64..addr as u64 + data.len() as u64) {
            reg.init_range(l.clone());
            reg.bytes_mut()[l].copy_from_slice(data);
        }
    }

    /// Mutable bytes of `r` for an instruction's store, marking them initialised and written;
    /// the caller has checked `r` with `holds` (an empty slice otherwise).
    #[inline(always)]
    pub fn slice_mut(&mut self, r: Range<u32>) -> &mut [u8] {
        match self.at_mut(r.start as u64..r.end as u64) {
            Some((reg, l)) => {
                reg.init_range(l.clone());
                set_range(&mut reg.written, l.clone());
                &mut reg.bytes_mut()[l]
            }
            None => &mut [],
        }
    }

    /// The whole region that holds `dst`, as mutable bytes, with `dst` marked initialised and
    /// written: (the region's bytes, where `dst` starts in them, the region's base address).
    /// What the contiguous fast path computes on.
    pub fn run_mut(&mut self, dst: Range<u32>) -> Option<(&mut [u8], usize, u64)> {
        let base = Ub::base_of(dst.start as u64);
        let (reg, l) = self.at_mut(dst.start as u64..dst.end as u64)?;
        reg.init_range(l.clone());
        set_range(&mut reg.written, l.clone());
        Some((reg.bytes_mut(), l.start, base))
    }

    /// Stores the bytes of `data` whose bit is set in `mask` (bit i of word i / 64 for byte i;
    /// `data` at most 256 bytes) at `start`, marking just those bytes initialised and written:
    /// one masked repeat in one call, eight bytes and one shadow word at a time. False, storing
    /// nothing, when the range is not in memory.
    pub fn store_masked(&mut self, start: u32, data: &[u8], byte_mask: &ByteMask) -> bool {
        let mask = &byte_mask.bits;
        let n = data.len().min(256);
        let Some((reg, l)) = self.at_mut(start as u64..start as u64 + n as u64) else {
            return false;
        };
        if cfg!(target_endian = "little") && l.start % 8 == 0 && n % 8 == 0 {
            // Whole words (the usual case: operands are 32-byte aligned): every word blended
            // under its expanded mask, a loop the compiler vectorises.
            let words = &mut reg.words[l.start / 8..(l.start + n) / 8];
            for ((d, s), &e) in words
                .iter_mut()
                .zip(data.chunks_exact(8))
                .zip(&byte_mask.bytes)
            {
                let s = u64::from_le_bytes(s.try_into().unwrap_or([0; 8]));
                *d = (*d & !e) | (s & e);
            }
            let m: [u64; 4] = std::array::from_fn(|w| mask[w] & byte_limit(n, w));
            or_bits(&mut reg.init, l.start, &m);
            or_bits(&mut reg.written, l.start, &m);
            return true;
        }
        let bytes = &mut reg.bytes_mut()[l.clone()];
        // 64 bytes per mask word: copied whole, skipped, or blended eight bytes at a time;
        // then what is left of a last word eight bytes at a time.
        let blend = |d: &mut [u8], s: &[u8], m: u64| {
            for (i, (d, s)) in d.chunks_exact_mut(8).zip(s.chunks_exact(8)).enumerate() {
                let e = EXPAND[(m >> (8 * i) & 0xff) as usize];
                if e != 0 {
                    let old = u64::from_le_bytes(d.try_into().unwrap_or([0; 8]));
                    let new = u64::from_le_bytes(s.try_into().unwrap_or([0; 8]));
                    d.copy_from_slice(&((old & !e) | (new & e)).to_le_bytes());
                }
            }
        };
        let words = n / 64 * 64;
        for ((d, s), &m) in bytes[..words]
            .chunks_exact_mut(64)
            .zip(data[..words].chunks_exact(64))
            .zip(mask)
        {
            match m {
                0 => {}
                u64::MAX => d.copy_from_slice(s),
                m => blend(d, s, m),
            }
        }
        let whole = n / 8 * 8;
        if whole > words {
            blend(
                &mut bytes[words..whole],
                &data[words..whole],
                mask[words / 64],
            );
        }
        for j in whole..n {
            if mask[j / 64] >> (j % 64) & 1 == 1 {
                bytes[j] = data[j];
            }
        }
        let m: [u64; 4] = std::array::from_fn(|w| mask[w] & byte_limit(n, w));
        or_bits(&mut reg.init, l.start, &m);
        or_bits(&mut reg.written, l.start, &m);
        true
    }

    /// Copies `n` repeats of strided 32-byte blocks into `out`: block b of repeat i, at
    /// `first + i·rstep + b·bstep`, to `out[(8i + b)·32..]`, for the blocks whose bit is set in
    /// `blocks`. False, copying nothing, when they do not all lie in one region.
    pub fn gather_strided(
        &self,
        first: u64,
        (rstep, bstep): (u64, u64),
        n: usize,
        blocks: u8,
        out: &mut [u8],
    ) -> bool {
        let Some(last) = strided_end(first, (rstep, bstep), n) else {
            return false;
        };
        let Some(span) = self.get(first..last) else {
            return false;
        };
        if out.len() < n * 256 {
            return false;
        }
        for i in 0..n {
            for b in (0..8).filter(|b| blocks >> b & 1 == 1) {
                let s = i * rstep as usize + b * bstep as usize;
                let d = (8 * i + b) * 32;
                out[d..d + 32].copy_from_slice(&span[s..s + 32]);
            }
        }
        true
    }

    /// Stores `n` repeats of strided 32-byte blocks from `data` (block b of repeat i at
    /// `data[(8i + b)·32..]`) at `first + i·rstep + b·bstep`, in repeat-then-block order (a
    /// later block wins, as in block stepping): just the bytes whose bit is set in `masks[b]`
    /// (bit j for byte j), marked initialised and written. False, storing nothing, when they
    /// do not all lie in one region.
    pub fn store_strided(
        &mut self,
        first: u64,
        (rstep, bstep): (u64, u64),
        n: usize,
        masks: &[u32; 8],
        data: &[u8],
    ) -> bool {
        let Some(last) = strided_end(first, (rstep, bstep), n) else {
            return false;
        };
        if data.len() < n * 256 {
            return false;
        }
        let Some((reg, l)) = self.at_mut(first..last) else {
            return false;
        };
        // The bytes and the two shadows as separate borrows (no reloads between stores).
        let Region {
            words,
            size,
            init,
            written,
            ..
        } = reg;
        let bytes = &mut bytemuck::cast_slice_mut::<u64, u8>(words)[..*size as usize];
        let bytes = &mut bytes[l.clone()];
        for i in 0..n {
            for (b, &m) in masks.iter().enumerate().filter(|(_, &m)| m != 0) {
                let p = i * rstep as usize + b * bstep as usize;
                let src: &[u8; 32] = data[(8 * i + b) * 32..][..32]
                    .try_into()
                    .unwrap_or(&[0; 32]);
                let dst: &mut [u8; 32] = match (&mut bytes[p..p + 32]).try_into() {
                    Ok(d) => d,
                    Err(_) => continue,
                };
                if m == u32::MAX {
                    *dst = *src;
                } else {
                    for q in 0..4 {
                        let e = EXPAND[(m >> (8 * q) & 0xff) as usize];
                        let d8 = &mut dst[8 * q..8 * q + 8];
                        let old = u64::from_le_bytes(d8.try_into().unwrap_or([0; 8]));
                        let new =
                            u64::from_le_bytes(src[8 * q..8 * q + 8].try_into().unwrap_or([0; 8]));
                        d8.copy_from_slice(&((old & !e) | (new & e)).to_le_bytes());
                    }
                }
            }
        }
        mark_blocks([init, written], l.start, (rstep, bstep), n, masks);
        true
    }

    /// The bytes of `span` to change, for an instruction that computes in place on strided
    /// blocks (`simd::binary_blocks`): the pages of `dst` (inside `span`) are marked changed,
    /// the shadows left to `mark_blocks`. None unless `span` lies in one region and holds
    /// `dst`.
    pub fn span_mut(&mut self, span: Range<u64>, dst: Range<u64>) -> Option<&mut [u8]> {
        if dst.start < span.start || dst.end > span.end {
            return None;
        }
        let (_, l) = self.at(span)?;
        let (reg, _) = self.at_mut(dst)?;
        Some(&mut reg.bytes_mut()[l])
    }

    /// Marks initialised and written the bytes of `n` repeats of strided 32-byte blocks that
    /// an instruction wrote in place (`span_mut`): block b of repeat i at
    /// `first + i·rstep + b·bstep`, the bytes whose bit is set in `masks[b]`. False when they
    /// do not all lie in one region.
    pub fn mark_blocks(
        &mut self,
        first: u64,
        steps: (u64, u64),
        n: usize,
        masks: &[u32; 8],
    ) -> bool {
        let Some(last) = strided_end(first, steps, n) else {
            return false;
        };
        let Some((reg, l)) = self.at_mut(first..last) else {
            return false;
        };
        mark_blocks([&mut reg.init, &mut reg.written], l.start, steps, n, masks);
        true
    }

    /// The first byte of `start..start + n` (n ≤ 256) whose bit is set in `mask` and that is
    /// not initialised, as an offset from `start`; None when all are (or the range is outside
    /// memory, which the caller has excluded).
    pub fn first_uninit_masked(&self, start: u32, n: usize, mask: &[u64; 4]) -> Option<usize> {
        let (reg, l) = self.at(start as u64..start as u64 + n.min(256) as u64)?;
        (0..4).find_map(|w| {
            let lo = w * 64;
            if lo >= n {
                return None;
            }
            let have = bits_at(&reg.init, l.start + lo);
            let want = if n - lo >= 64 {
                mask[w]
            } else {
                mask[w] & ((1u64 << (n - lo)) - 1)
            };
            let missing = want & !have;
            (missing != 0).then(|| lo + missing.trailing_zeros() as usize)
        })
    }

    /// True when an instruction has written byte `addr`.
    pub fn is_written(&self, addr: u32) -> bool {
        self.at(addr as u64..addr as u64 + 1)
            .is_some_and(|(reg, l)| get_bit(&reg.written, l.start))
    }

    pub fn is_init(&self, addr: u32) -> bool {
        self.at(addr as u64..addr as u64 + 1)
            .is_some_and(|(reg, l)| get_bit(&reg.init, l.start))
    }

    /// Marks every byte of `r` initialised.
    #[inline]
    pub fn mark_init(&mut self, r: Range<u32>) {
        if let Some((reg, l)) = self.at_mut(r.start as u64..r.end as u64) {
            reg.init_range(l);
        }
    }

    /// Marks every byte of `r` uninitialised (what a DMA leaves undefined, docs/semantics.md
    /// §18) and written by an instruction.
    pub fn mark_undefined(&mut self, r: Range<u32>) {
        if let Some((reg, l)) = self.at_mut(r.start as u64..r.end as u64) {
            clear_range(&mut reg.init, l.clone());
            clear_range(&mut reg.full, l.start / PAGE..l.end.div_ceil(PAGE));
            set_range(&mut reg.written, l);
        }
    }

    /// True when every byte of `r` is initialised (false when `r` is outside both regions).
    #[inline]
    pub fn all_init(&self, r: Range<u32>) -> bool {
        self.first_uninit(r.clone()).is_none() && self.holds(r.start as u64..r.end as u64)
    }

    /// The first uninitialised byte of `r`, if any (`r.start` when `r` is outside both
    /// regions).
    #[inline]
    pub fn first_uninit(&self, r: Range<u32>) -> Option<u32> {
        let base = Ub::base_of(r.start as u64) as u32;
        match self.at(r.start as u64..r.end as u64) {
            Some((reg, l)) => first_clear(&reg.init, &reg.full, l).map(|a| a as u32 + base),
            None => (r.start < r.end).then_some(r.start),
        }
    }

    /// Copies bytes and shadows of the UB range both have (every core's), and the whole
    /// global memory.
    /// The same memory with a UB of `size` bytes (bytes beyond the smaller one dropped, new
    /// ones zero and uninitialised), for every core.
    pub fn resized(&self, size: u32) -> Ub {
        let mut u = Ub::new(size);
        u.copy_common(self);
        u
    }

    pub fn copy_common(&mut self, other: &Ub) {
        self.ub.copy_common(&other.ub);
        self.core = other.core;
        self.parked = other
            .parked
            .iter()
            .map(|(c, r)| {
                let mut mine = Region::new(self.ub.size);
                mine.copy_common(r);
                (*c, Arc::new(mine))
            })
            .collect();
        self.gm = other.gm.clone();
        self.reg = other.reg.clone();
    }
}

/// Grows region `g` to `size` bytes (new bytes uninitialised); never shrinks it.
fn grow(g: &mut Region, size: u32) {
    if size <= g.size {
        return;
    }
    g.base = None;
    g.dirty.resize((size as usize).div_ceil(PAGE * 64), 0);
    g.words.resize((size as usize).div_ceil(8), 0);
    g.init.resize((size as usize).div_ceil(64), 0);
    g.full.resize((size as usize).div_ceil(PAGE * 64), 0);
    g.written.resize((size as usize).div_ceil(64), 0);
    g.size = size;
}
