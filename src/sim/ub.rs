//! The memory the simulator owns: the Unified Buffer and the global-memory arena, each as
//! bytes plus an "initialised" shadow, one bit per byte (docs/semantics.md §7 item 3), and a
//! "written by an instruction" shadow.
//!
//! Both live in one 32-bit address space: UB addresses are `0..size()`, global memory starts
//! at [`GM_BASE`] (docs/format.md §11). Every address-taking method finds the region itself; a
//! range never spans the two. Owns raw storage only; it knows nothing about operands, masks or
//! instructions.

use std::ops::Range;
use std::sync::Arc;

pub use crate::base::ir::GM_BASE;

/// One contiguous region of bytes with its two shadows.
#[derive(Clone, Debug)]
struct Region {
    /// The bytes, stored as 8-byte words so that aligned operands can be viewed as typed
    /// slices (`bytes()` is the little-endian byte view).
    words: Vec<u64>,
    size: u32,
    /// Bit i of word w says byte 64·w + i has been written (by init data or an instruction).
    init: Vec<u64>,
    /// Bit i of word w says an instruction has written byte 64·w + i.
    written: Vec<u64>,
    /// Bit p of word p / 64: every byte of page p is initialised (all of `init`'s words for
    /// it set), so a scan for an uninitialised byte skips it. Never set wrongly, may be
    /// unset: kept where whole runs are initialised (`Region::init_range`) and cleared
    /// wherever bytes become uninitialised.
    full: Vec<u64>,
    /// The frozen copy this region was last frozen to or thawed from: its pages equal this
    /// region's except those marked in `dirty` (`Region::freeze` shares them).
    base: Option<Arc<Frozen>>,
    /// Bit p of word p / 64: page p may differ from `base`'s (every mutable access marks the
    /// pages it reaches, `Ub::at_mut`).
    dirty: Vec<u64>,
}

/// The bytes of a page of memory: what a frozen region shares between snapshots.
const PAGE: usize = 4096;

/// The words of a region's vector of `len` words that page `p` holds, `per_page` of them to
/// a page (fewer, or none, past the region's end).
fn page_words(p: usize, per_page: usize, len: usize) -> Range<usize> {
    let from = (p * per_page).min(len);
    from..(from + per_page).min(len)
}

/// One page of a frozen region: its bytes and the two shadows' bits for them.
#[derive(Debug)]
struct Page {
    words: [u64; PAGE / 8],
    init: [u64; PAGE / 64],
    written: [u64; PAGE / 64],
}

/// A region as a snapshot holds it: shared pages, those no write reached since the previous
/// snapshot the same `Arc` as in it (copy on write by page).
#[derive(Debug)]
struct Frozen {
    size: u32,
    pages: Vec<Arc<Page>>,
}

impl PartialEq for Region {
    fn eq(&self, o: &Region) -> bool {
        self.size == o.size
            && self.words == o.words
            && self.init == o.init
            && self.written == o.written
    }
}

impl Eq for Region {}

impl Region {
    fn new(size: u32) -> Region {
        Region {
            words: vec![0; (size as usize).div_ceil(8)],
            size,
            init: vec![0; (size as usize).div_ceil(64)],
            written: vec![0; (size as usize).div_ceil(64)],
            full: vec![0; (size as usize).div_ceil(PAGE * 64)],
            base: None,
            dirty: vec![0; (size as usize).div_ceil(PAGE * 64)],
        }
    }

    /// Notes that the bytes `l` may change (pages then differ from `base`).
    #[inline(always)]
    fn touch(&mut self, l: &Range<usize>) {
        if self.base.is_some() && l.start < l.end {
            for p in l.start / PAGE..=(l.end - 1) / PAGE {
                self.dirty[p / 64] |= 1 << (p % 64);
            }
        }
    }

    /// This region's contents as a frozen copy, sharing every page not touched since the
    /// last freeze or thaw; that copy becomes the base.
    fn freeze(&mut self) -> Arc<Frozen> {
        let n = (self.size as usize).div_ceil(PAGE);
        let base = self.base.take().filter(|b| b.size == self.size);
        let pages = (0..n)
            .map(|p| match &base {
                Some(b) if self.dirty[p / 64] >> (p % 64) & 1 == 0 => b.pages[p].clone(),
                _ => self.page(p),
            })
            .collect();
        let f = Arc::new(Frozen {
            size: self.size,
            pages,
        });
        self.dirty.fill(0);
        self.base = Some(f.clone());
        f
    }

    /// A copy of page `p` (zeros past the region's end), written once, into the page's own
    /// allocation (a `Page` built first and moved in would be copied twice).
    fn page(&self, p: usize) -> Arc<Page> {
        fn chunk(dst: &mut [u64], src: &[u64], p: usize) {
            let w = page_words(p, dst.len(), src.len());
            dst[..w.len()].copy_from_slice(&src[w]);
        }
        let mut page = Arc::new(Page {
            words: [0; PAGE / 8],
            init: [0; PAGE / 64],
            written: [0; PAGE / 64],
        });
        let pg = Arc::get_mut(&mut page).expect("a new page is not shared");
        chunk(&mut pg.words, &self.words, p);
        chunk(&mut pg.init, &self.init, p);
        chunk(&mut pg.written, &self.written, p);
        page
    }

    /// The region a frozen copy holds, with that copy as its base.
    fn thaw(f: &Arc<Frozen>) -> Region {
        let mut r = Region::new(f.size);
        r.rewind(f);
        r
    }

    /// This region made equal to the frozen copy `f`, which becomes its base, copying only
    /// the pages that may differ: a page no write reached since the base was taken, where
    /// the base holds the very page `f` holds (pages are shared between snapshots, never
    /// changed), is equal already. A region of another size is thawed anew.
    fn rewind(&mut self, f: &Arc<Frozen>) {
        if f.size != self.size {
            *self = Region::thaw(f);
            return;
        }
        const WORDS: usize = PAGE / 64;
        let base = self.base.take();
        for (p, pg) in f.pages.iter().enumerate() {
            let kept = !get_bit(&self.dirty, p)
                && base
                    .as_ref()
                    .and_then(|b| b.pages.get(p))
                    .is_some_and(|b| Arc::ptr_eq(b, pg));
            if kept {
                continue;
            }
            let copy = |dst: &mut [u64], src: &[u64]| {
                let w = page_words(p, src.len(), dst.len());
                dst[w.clone()].copy_from_slice(&src[..w.len()]);
            };
            copy(&mut self.words, &pg.words);
            copy(&mut self.init, &pg.init);
            copy(&mut self.written, &pg.written);
            clear_range(&mut self.full, p..p + 1);
            self.note_full(page_words(p, WORDS, self.init.len()));
        }
        self.dirty.fill(0);
        self.base = Some(f.clone());
    }

    /// Marks the bytes `l` initialised, and the pages they cover whole as full.
    #[inline]
    fn init_range(&mut self, l: Range<usize>) {
        set_range(&mut self.init, l.clone());
        // Long runs (a tensor's worth): the pages inside are full, and the two it begins and
        // ends in are checked.
        if l.end - l.start >= 512 {
            set_range(&mut self.full, l.start.div_ceil(PAGE)..l.end / PAGE);
            self.note_full(l.start / 64..l.start / 64 + 1);
            self.note_full((l.end - 1) / 64..(l.end - 1) / 64 + 1);
        }
    }

    /// Sets the full bit of each page that `init` words `w` reach and whose every byte is
    /// initialised (checking its 64 words).
    fn note_full(&mut self, w: Range<usize>) {
        const WORDS: usize = PAGE / 64;
        if w.start >= w.end {
            return;
        }
        for p in w.start / WORDS..=(w.end - 1) / WORDS {
            let words = self.init.get(p * WORDS..(p + 1) * WORDS);
            if words.is_some_and(|ws| ws.iter().all(|&x| x == u64::MAX)) {
                set_range(&mut self.full, p..p + 1);
            }
        }
    }

    fn bytes(&self) -> &[u8] {
        &bytemuck::cast_slice(&self.words)[..self.size as usize]
    }

    /// Copies the bytes and shadows of the range both regions have.
    fn copy_common(&mut self, b: &Region) {
        self.base = None;
        let w = self.words.len().min(b.words.len());
        self.words[..w].copy_from_slice(&b.words[..w]);
        let n = self.init.len().min(b.init.len());
        self.init[..n].copy_from_slice(&b.init[..n]);
        self.written[..n].copy_from_slice(&b.written[..n]);
        self.full.fill(0);
        self.note_full(0..self.init.len());
    }

    fn bytes_mut(&mut self) -> &mut [u8] {
        &mut bytemuck::cast_slice_mut(&mut self.words)[..self.size as usize]
    }
}

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
            core: self.core,
            parked: self.parked.clone(),
        }
    }

    /// The memory a snapshot holds, to run on.
    pub fn thaw(f: &FrozenUb) -> Ub {
        Ub {
            ub: Region::thaw(&f.ub),
            gm: Region::thaw(&f.gm),
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

    /// Grows global memory to `size` bytes (new bytes uninitialised); never shrinks it.
    pub fn grow_gm(&mut self, size: u32) {
        if size <= self.gm.size {
            return;
        }
        let g = &mut self.gm;
        g.base = None;
        g.dirty.resize((size as usize).div_ceil(PAGE * 64), 0);
        g.words.resize((size as usize).div_ceil(8), 0);
        g.init.resize((size as usize).div_ceil(64), 0);
        g.full.resize((size as usize).div_ceil(PAGE * 64), 0);
        g.written.resize((size as usize).div_ceil(64), 0);
        g.size = size;
    }

    /// The region holding `r` and `r` relative to it; None when `r` is not inside one region.
    #[inline(always)]
    fn at(&self, r: Range<u64>) -> Option<(&Region, Range<usize>)> {
        let (reg, base) = if r.start >= GM_BASE as u64 {
            (&self.gm, GM_BASE as u64)
        } else {
            (&self.ub, 0)
        };
        (r.start <= r.end && r.end - base <= reg.size as u64)
            .then(|| (reg, (r.start - base) as usize..(r.end - base) as usize))
    }

    /// The region holding `r` and `r` relative to it, to change: its pages are marked
    /// touched (every change to memory comes through here).
    #[inline(always)]
    fn at_mut(&mut self, r: Range<u64>) -> Option<(&mut Region, Range<usize>)> {
        let (reg, base) = if r.start >= GM_BASE as u64 {
            (&mut self.gm, GM_BASE as u64)
        } else {
            (&mut self.ub, 0)
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
        let base = if dst.start >= GM_BASE {
            GM_BASE as u64
        } else {
            0
        };
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
        let base = if r.start >= GM_BASE { GM_BASE } else { 0 };
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

    /// The global memory of `other`, bytes and shadows (a kernel unit test's next launch
    /// starts from what the last one left).
    pub fn copy_gm(&mut self, other: &Ub) {
        self.gm = other.gm.clone();
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
    }
}

/// Each bit of a byte spread to the whole byte: `EXPAND[0b101]` = 0x00ff_00ff.
/// The bits of mask word `w` that fall within the first `n` bytes.
fn byte_limit(n: usize, w: usize) -> u64 {
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
fn mark_blocks(
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

const EXPAND: [u64; 256] = {
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
fn or_bits(bits: &mut [u64], at: usize, m: &[u64; 4]) {
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
fn bits_at(bits: &[u64], at: usize) -> u64 {
    let (w, s) = (at / 64, at % 64);
    let lo = bits.get(w).copied().unwrap_or(0) >> s;
    if s == 0 {
        lo
    } else {
        lo | bits.get(w + 1).copied().unwrap_or(0) << (64 - s)
    }
}

fn get_bit(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
}

/// Mask of bits `lo..hi` (0 ≤ lo < hi ≤ 64) of one word.
#[inline(always)]
fn word_mask(lo: usize, hi: usize) -> u64 {
    (u64::MAX >> (64 - (hi - lo))) << lo
}

/// Splits byte range `r` into (first word, its mask), full middle words, (last word, mask).
#[inline(always)]
fn split(r: &Range<usize>) -> Option<(usize, u64, Range<usize>, usize, u64)> {
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
fn set_range(bits: &mut [u64], r: Range<usize>) {
    if let Some((ws, ms, mid, we, me)) = split(&r) {
        bits[ws] |= ms;
        bits[mid].fill(u64::MAX);
        bits[we] |= me;
    }
}

fn clear_range(bits: &mut [u64], r: Range<usize>) {
    if let Some((ws, ms, mid, we, me)) = split(&r) {
        bits[ws] &= !ms;
        bits[mid].fill(0);
        bits[we] &= !me;
    }
}

/// The first bit of `r` clear in `bits` (an `init` shadow), skipping the pages `full` marks.
#[inline]
fn first_clear(bits: &[u64], full: &[u64], r: Range<usize>) -> Option<usize> {
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

    #[test]
    fn masked_stores_mark_only_their_bytes() {
        // Start 32 bytes into a shadow word, 256 bytes, every other 2-byte lane (0b0011 …).
        let mut m = Ub::new(1024);
        let data: Vec<u8> = (0..=255).collect();
        let mask = ByteMask::new([0x3333_3333_3333_3333u64; 4]);
        assert!(m.store_masked(96, &data, &mask));
        for i in 0..256u32 {
            let on = i % 4 < 2;
            assert_eq!(m.is_init(96 + i), on, "byte {i}");
            assert_eq!(m.is_written(96 + i), on, "byte {i}");
            let want = if on { i as u8 } else { 0 };
            assert_eq!(m.slice(96 + i..97 + i), &[want], "byte {i}");
        }
        assert!(!m.is_init(95) && !m.is_init(352));
        // The first active byte that is not initialised: byte 2 of the next repeat's range
        // is active and uninitialised where the store above skipped it.
        assert_eq!(m.first_uninit_masked(96, 256, &mask.bits), None);
        assert_eq!(m.first_uninit_masked(96, 256, &[u64::MAX; 4]), Some(2));
        assert_eq!(m.first_uninit_masked(352, 8, &[1, 0, 0, 0]), Some(0));
        assert!(
            !m.store_masked(1000, &data, &mask),
            "beyond the UB: nothing stored"
        );
        // Word-aligned (whole-word blends) and not (bytes): the same bytes and shadows,
        // relative to the start, for a full repeat and for a short odd length.
        let old: Vec<u8> = (0..=255).map(|i: u8| i.wrapping_mul(7) | 1).collect();
        for (len, bits) in [
            (256, [0x0f0f_f0f0_1234_8765u64, 0, u64::MAX, 5]),
            (37, [0x1_5555_0f0f, 0, 0, 0]),
        ] {
            let mask = ByteMask::new(bits);
            let mut u = Ub::new(2048);
            u.write(512, &old);
            u.write(1029, &old);
            assert!(u.store_masked(512, &data[..len], &mask));
            assert!(u.store_masked(1029, &data[..len], &mask));
            for i in 0..256u32 {
                let on = (i as usize) < len && bits[(i / 64) as usize] >> (i % 64) & 1 == 1;
                let want = if on { i as u8 } else { old[i as usize] };
                for at in [512, 1029] {
                    assert_eq!(
                        u.slice(at + i..at + i + 1),
                        &[want],
                        "{len} bytes at {at}, byte {i}"
                    );
                    assert_eq!(u.is_written(at + i), on, "{len} bytes at {at}, byte {i}");
                }
            }
        }
    }

    #[test]
    fn global_memory_is_a_second_region() {
        let mut m = Ub::with_gm(256, 128);
        let g = GM_BASE;
        assert!(m.holds(g as u64..g as u64 + 128));
        assert!(
            !m.holds(g as u64 + 64..g as u64 + 129),
            "past the end of GM"
        );
        assert!(!m.holds(200..300), "past the end of the UB");
        assert!(!m.holds(256..GM_BASE as u64), "between the regions");
        m.write(g + 8, &[9, 8]);
        assert_eq!(m.slice(g + 8..g + 10), &[9, 8]);
        assert_eq!(m.first_uninit(g..g + 16), Some(g));
        assert_eq!(m.first_uninit(g + 8..g + 16), Some(g + 10));
        assert!(!m.is_init(8), "the UB is untouched by a GM write");
        m.slice_mut(g + 32..g + 40).fill(7);
        assert!(m.is_written(g + 39) && !m.is_written(g + 40));
        m.mark_undefined(g + 32..g + 36);
        assert!(!m.is_init(g + 33) && m.is_init(g + 36) && m.is_written(g + 33));
        assert!(
            !m.all_init(300..301),
            "outside both regions is never initialised"
        );
    }

    #[test]
    fn a_snapshot_shares_the_pages_no_write_reached() {
        // A UB of 3 pages and a bit (its last page partial), and 2 pages of GM.
        let mut m = Ub::with_gm(3 * PAGE as u32 + 96, 2 * PAGE as u32);
        m.write(10, &[1; 40]);
        let a = m.freeze();
        assert_eq!(a.ub.pages.len(), 4, "the partial page is a page");
        // One byte in page 2 of the UB: every other page is the first snapshot's.
        m.slice_mut(2 * PAGE as u32 + 5..2 * PAGE as u32 + 6)[0] = 9;
        let b = m.freeze();
        for p in 0..4 {
            assert_eq!(
                Arc::ptr_eq(&a.ub.pages[p], &b.ub.pages[p]),
                p != 2,
                "page {p}"
            );
        }
        assert!(Arc::ptr_eq(&a.gm.pages[0], &b.gm.pages[0]));
        // Each snapshot thaws to the memory as it was when taken.
        let (ta, tb) = (Ub::thaw(&a), Ub::thaw(&b));
        assert_eq!(ta.slice(2 * PAGE as u32 + 5..2 * PAGE as u32 + 6), &[0]);
        assert!(!ta.is_written(2 * PAGE as u32 + 5));
        assert_eq!(tb.slice(2 * PAGE as u32 + 5..2 * PAGE as u32 + 6), &[9]);
        assert!(tb.is_written(2 * PAGE as u32 + 5) && tb.is_init(10));
        assert_eq!(tb, m);
        // A write straddling two pages of GM marks both.
        let g = GM_BASE + PAGE as u32 - 4;
        m.slice_mut(g..g + 8).fill(3);
        let c = m.freeze();
        assert!(!Arc::ptr_eq(&b.gm.pages[0], &c.gm.pages[0]));
        assert!(!Arc::ptr_eq(&b.gm.pages[1], &c.gm.pages[1]));
        assert!(Arc::ptr_eq(&b.ub.pages[2], &c.ub.pages[2]));
    }

    proptest::proptest! {
        /// Every way to change memory marks what it changes: snapshots taken between random
        /// changes (and from thawed memory) thaw to the memory as it was when taken.
        #[test]
        fn snapshots_thaw_to_the_memory_they_were_taken_of(
            ops in proptest::collection::vec((0u8..10, 0u32..20_000, 0u32..600, proptest::prelude::any::<u64>()), 1..60)
        ) {
            let mut m = Ub::with_gm(12_288 + 160, 9_000);
            let mut snaps: Vec<(FrozenUb, Ub)> = Vec::new();
            for (kind, at, len, bits) in ops {
                let gm = bits & 1 == 1;
                let size = if gm { m.gm_size() } else { m.size() };
                let base = if gm { GM_BASE } else { 0 };
                let at = at % size;
                let len = len.min(size - at);
                let a = base + at;
                let data: Vec<u8> = (0..len).map(|i| (i as u64 ^ bits) as u8).collect();
                match kind {
                    0 => m.write(a, &data),
                    1 => m.slice_mut(a..a + len).copy_from_slice(&data),
                    2 => {
                        let _ = m.store_masked(a, &data[..len.min(256) as usize], &ByteMask::new([bits, !bits, bits >> 3, u64::MAX]));
                    }
                    3 => {
                        let masks = [bits as u32, u32::MAX, 0, (bits >> 32) as u32, 1, 0, 7, u32::MAX];
                        let data = vec![(bits >> 8) as u8; 2 * 256];
                        let _ = m.store_strided(a as u64, (320, 64), 2, &masks, &data);
                    }
                    4 => m.mark_undefined(a..a + len),
                    5 => m.mark_init(a..a + len),
                    6 => {
                        if let Some((bytes, off, _)) = m.run_mut(a..a + len) {
                            bytes[off..off + len as usize].fill(bits as u8);
                        }
                    }
                    7 => m.grow_gm(m.gm_size() + len),
                    8 => m.select_core((bits % 3) as u32),
                    _ => {
                        // Go back to an earlier snapshot and go on from there: thawed anew,
                        // or the memory rewound (only the pages that may differ copied).
                        if let Some((f, want)) = snaps.get((bits as usize) % snaps.len().max(1)) {
                            if bits >> 40 & 1 == 0 {
                                m = Ub::thaw(f);
                            } else {
                                m.rewind(f);
                                proptest::prop_assert!(m == *want, "rewound");
                            }
                        }
                    }
                }
                if bits >> 60 < 6 {
                    let copy = m.clone();
                    snaps.push((m.freeze(), copy));
                }
            }
            for (i, (f, want)) in snaps.iter().enumerate() {
                proptest::prop_assert!(Ub::thaw(f) == *want, "snapshot {}", i);
            }
            // The memory rewound to each snapshot in turn, latest first (sharing most pages
            // with the memory's base) then oldest.
            for (i, (f, want)) in snaps.iter().enumerate().rev().chain(snaps.iter().enumerate()) {
                m.rewind(f);
                proptest::prop_assert!(m == *want, "rewound to snapshot {}", i);
            }
        }

        /// The full-page summary never claims a page with an uninitialised byte, and the
        /// first uninitialised byte of any range is the one a byte-by-byte look finds,
        /// through every way to initialise or un-initialise memory, thaws and core switches.
        #[test]
        fn first_uninit_equals_looking_at_every_byte(
            ops in proptest::collection::vec((0u8..9, 0u32..20_000, 0u32..12_000, proptest::prelude::any::<u64>()), 1..40),
            looks in proptest::collection::vec((0u32..20_000, 0u32..12_000), 8)
        ) {
            let mut m = Ub::new(20_000);
            let mut snaps: Vec<FrozenUb> = Vec::new();
            for (kind, at, len, bits) in ops {
                let at = at % m.size();
                let len = len.min(m.size() - at);
                let data = vec![bits as u8; len as usize];
                match kind {
                    0 => m.write(at, &data),
                    1 => m.slice_mut(at..at + len).fill(1),
                    2 => {
                        let _ = m.store_masked(at, &data[..len.min(256) as usize], &ByteMask::new([bits, !bits, u64::MAX, bits >> 5]));
                    }
                    3 => m.mark_undefined(at..at + len.min(bits as u32 % 9_000)),
                    4 | 5 => m.mark_init(at..at + len),
                    6 => {
                        let _ = m.run_mut(at..at + len);
                    }
                    7 => {
                        m.select_core((bits % 2) as u32);
                    }
                    _ => {
                        snaps.push(m.freeze());
                        if let Some(f) = snaps.get((bits as usize) % snaps.len()) {
                            if bits >> 40 & 1 == 0 {
                                m = Ub::thaw(f);
                            } else {
                                m.rewind(f);
                            }
                        }
                    }
                }
                let r = &m.ub;
                for p in 0..(r.size as usize).div_ceil(PAGE) {
                    if get_bit(&r.full, p) {
                        let words = &r.init[p * PAGE / 64..(p + 1) * PAGE / 64];
                        proptest::prop_assert!(words.iter().all(|&w| w == u64::MAX), "page {}", p);
                    }
                }
                for &(a, n) in &looks {
                    let a = a % m.size();
                    let e = (a + n).min(m.size());
                    let want = (a..e).find(|&b| !m.is_init(b));
                    proptest::prop_assert_eq!(m.first_uninit(a..e), want, "{:#x}..{:#x}", a, e);
                }
            }
        }
    }
}
