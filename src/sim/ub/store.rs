//! Global memory kept apart from a machine: a kernel unit test records each launch on a machine
//! of its own, and the allocations a launch does not use stay in the store of the launch that
//! last had them, placed into a later machine only when a launch uses them (docs/format.md §13).

use super::bits::*;
use super::region::Region;
use super::Ub;

/// A machine's global memory as it ended: bytes and the initialised shadow.
#[derive(Debug)]
pub struct GmStore(Region);

impl GmStore {
    /// `n` bytes from offset `off` (from GM_BASE); zeros where the store holds none.
    pub fn read(&self, off: u64, n: u64) -> Vec<u8> {
        let mut out = vec![0u8; n as usize];
        let bytes = self.0.bytes();
        let from = (off as usize).min(bytes.len());
        let to = (off.saturating_add(n) as usize).min(bytes.len());
        out[..to - from].copy_from_slice(&bytes[from..to]);
        out
    }
}

impl Ub {
    /// This memory's global memory, copied out.
    pub fn gm_store(&self) -> GmStore {
        GmStore(self.gm.clone())
    }

    /// Places `len` bytes of `from` at offset `src` into this memory's global memory at offset
    /// `dst` (offsets from GM_BASE, both multiples of 64): bytes and initialised bits as the store
    /// has them, none of them written by an instruction here. Global memory grows to hold them.
    pub fn place_gm(&mut self, from: &GmStore, src: u32, dst: u32, len: u32) {
        debug_assert!(src % 64 == 0 && dst % 64 == 0);
        let Some(end) = dst.checked_add(len) else {
            return;
        };
        self.grow_gm(end);
        let (s, g) = (&from.0, &mut self.gm);
        g.base = None;
        let (src, dst, len) = (src as usize, dst as usize, len as usize);
        let have = (s.size as usize).saturating_sub(src).min(len);
        // Bytes: whole words (offsets are 64-aligned), the rest zero.
        let words = have.div_ceil(8);
        g.words[dst / 8..dst / 8 + words].copy_from_slice(&s.words[src / 8..src / 8 + words]);
        g.words[dst / 8 + words..(dst + len).div_ceil(8)].fill(0);
        // Initialised bits: whole shadow words, then the tail bit by bit.
        clear_range(&mut g.init, dst..dst + len);
        clear_range(&mut g.written, dst..dst + len);
        clear_range(
            &mut g.full,
            dst / super::region::PAGE..(dst + len).div_ceil(super::region::PAGE),
        );
        let whole = have / 64;
        g.init[dst / 64..dst / 64 + whole].copy_from_slice(&s.init[src / 64..src / 64 + whole]);
        for i in whole * 64..have {
            if get_bit(&s.init, src + i) {
                set_range(&mut g.init, dst + i..dst + i + 1);
            }
        }
        g.note_full(dst / 64..(dst + len).div_ceil(64));
    }
}
