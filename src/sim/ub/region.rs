//! One contiguous region of memory (the UB, or global memory) with its two shadows, stored
//! as pages that snapshots share copy-on-write: the storage under `Ub`.

use super::bits::*;
use std::ops::Range;
use std::sync::Arc;

/// One contiguous region of bytes with its two shadows.
#[derive(Clone, Debug)]
pub(super) struct Region {
    /// The bytes, stored as 8-byte words so that aligned operands can be viewed as typed
    /// slices (`bytes()` is the little-endian byte view).
    pub(super) words: Vec<u64>,
    pub(super) size: u32,
    /// Bit i of word w says byte 64·w + i has been written (by init data or an instruction).
    pub(super) init: Vec<u64>,
    /// Bit i of word w says an instruction has written byte 64·w + i.
    pub(super) written: Vec<u64>,
    /// Bit p of word p / 64: every byte of page p is initialised (all of `init`'s words for
    /// it set), so a scan for an uninitialised byte skips it. Never set wrongly, may be
    /// unset: kept where whole runs are initialised (`Region::init_range`) and cleared
    /// wherever bytes become uninitialised.
    pub(super) full: Vec<u64>,
    /// The frozen copy this region was last frozen to or thawed from: its pages equal this
    /// region's except those marked in `dirty` (`Region::freeze` shares them).
    pub(super) base: Option<Arc<Frozen>>,
    /// Bit p of word p / 64: page p may differ from `base`'s (every mutable access marks the
    /// pages it reaches, `Ub::at_mut`).
    pub(super) dirty: Vec<u64>,
}

/// The bytes of a page of memory: what a frozen region shares between snapshots.
pub(super) const PAGE: usize = 4096;

/// The words of a region's vector of `len` words that page `p` holds, `per_page` of them to
/// a page (fewer, or none, past the region's end).
pub(super) fn page_words(p: usize, per_page: usize, len: usize) -> Range<usize> {
    let from = (p * per_page).min(len);
    from..(from + per_page).min(len)
}

/// One page of a frozen region: its bytes and the two shadows' bits for them.
#[derive(Debug)]
pub(super) struct Page {
    pub(super) words: [u64; PAGE / 8],
    pub(super) init: [u64; PAGE / 64],
    pub(super) written: [u64; PAGE / 64],
}

/// A region as a snapshot holds it: shared pages, those no write reached since the previous
/// snapshot the same `Arc` as in it (copy on write by page).
#[derive(Debug)]
pub(super) struct Frozen {
    pub(super) size: u32,
    pub(super) pages: Vec<Arc<Page>>,
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
    pub(super) fn new(size: u32) -> Region {
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
    pub(super) fn touch(&mut self, l: &Range<usize>) {
        if self.base.is_some() && l.start < l.end {
            for p in l.start / PAGE..=(l.end - 1) / PAGE {
                self.dirty[p / 64] |= 1 << (p % 64);
            }
        }
    }

    /// This region's contents as a frozen copy, sharing every page not touched since the
    /// last freeze or thaw; that copy becomes the base.
    pub(super) fn freeze(&mut self) -> Arc<Frozen> {
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
    pub(super) fn page(&self, p: usize) -> Arc<Page> {
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
    pub(super) fn thaw(f: &Arc<Frozen>) -> Region {
        let mut r = Region::new(f.size);
        r.rewind(f);
        r
    }

    /// This region made equal to the frozen copy `f`, which becomes its base, copying only
    /// the pages that may differ: a page no write reached since the base was taken, where
    /// the base holds the very page `f` holds (pages are shared between snapshots, never
    /// changed), is equal already. A region of another size is thawed anew.
    pub(super) fn rewind(&mut self, f: &Arc<Frozen>) {
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
    pub(super) fn init_range(&mut self, l: Range<usize>) {
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
    pub(super) fn note_full(&mut self, w: Range<usize>) {
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

    pub(super) fn bytes(&self) -> &[u8] {
        &bytemuck::cast_slice(&self.words)[..self.size as usize]
    }

    /// Copies the bytes and shadows of the range both regions have.
    pub(super) fn copy_common(&mut self, b: &Region) {
        self.base = None;
        let w = self.words.len().min(b.words.len());
        self.words[..w].copy_from_slice(&b.words[..w]);
        let n = self.init.len().min(b.init.len());
        self.init[..n].copy_from_slice(&b.init[..n]);
        self.written[..n].copy_from_slice(&b.written[..n]);
        self.full.fill(0);
        self.note_full(0..self.init.len());
    }

    pub(super) fn bytes_mut(&mut self) -> &mut [u8] {
        &mut bytemuck::cast_slice_mut(&mut self.words)[..self.size as usize]
    }
}
