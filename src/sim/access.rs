//! Reading and writing operand lanes through an `OpAddr`: the only code that moves typed lane
//! values between the UB and the family kernels. Stores go through `Ub::slice_mut`, which keeps
//! the initialised and written shadows; `Access`es are recorded when a step is being observed.

use crate::base::dtype::Elem;
use crate::sim::event::Access;
use crate::sim::mask::Lanes;
use crate::sim::plan::{AccessKind, OpAddr};
use crate::sim::ub::Ub;
use std::ops::Range;

/// The machine state a kernel may touch during one step.
pub struct Mem<'a> {
    pub ub: &'a mut Ub,
    /// Present when the step is observed: every access is recorded here.
    pub rec: Option<&'a mut Vec<Access>>,
}

/// True when lanes `ks` of `op` form one contiguous byte run in a repeat.
#[inline(always)]
fn contiguous(op: &OpAddr, ks: &Range<u32>) -> bool {
    ks.start / op.per_block == (ks.end - 1) / op.per_block || op.repeat_contiguous(ks.end)
}

impl Mem<'_> {
    /// The active blocks of `op`'s repeat `r` of `par` lanes as `out`'s lanes, without
    /// recording (the fast path's repeat-at-a-time kernels): the repeat in one piece where it is
    /// one run of bytes, else block by block; false when an active block is not in memory.
    #[inline]
    pub fn read_repeat<T: Elem>(
        &self,
        op: &OpAddr,
        r: u32,
        par: u32,
        lanes: &Lanes,
        out: &mut [T],
    ) -> bool {
        let size = std::mem::size_of::<T>();
        let per = (par / 8) as usize;
        let a0 = op.addr(r, 0);
        let decode = |bytes: &[u8], out: &mut [T]| {
            for (d, c) in out.iter_mut().zip(bytes.chunks_exact(size)) {
                *d = T::load(c);
            }
        };
        if op.repeat_contiguous(par) {
            if let Some(bytes) = self.ub.get(a0..a0 + (par as usize * size) as u64) {
                decode(bytes, &mut out[..par as usize]);
                return true;
            }
        }
        let step = op.blk as u64 * op.blk_unit as u64;
        for b in 0..8usize {
            if !lanes.any_in((b * per) as u32, ((b + 1) * per) as u32) {
                continue;
            }
            let s = a0 + b as u64 * step;
            let Some(bytes) = self.ub.get(s..s + (per * size) as u64) else {
                return false;
            };
            decode(bytes, &mut out[b * per..(b + 1) * per]);
        }
        true
    }

    /// Copies the bytes of the active lanes `ks` of repeat `r` into `out` (lane k at
    /// `(k - ks.start) · size`; inactive lanes keep their bytes) and records a read.
    #[inline]
    pub fn read_bytes(
        &mut self,
        op: &OpAddr,
        r: u32,
        ks: Range<u32>,
        lanes: &Lanes,
        out: &mut [u8],
    ) {
        let size = op.size() as usize;
        if lanes.all_in(ks.start, ks.end) && contiguous(op, &ks) {
            let s = op.span(r, ks.start, ks.end);
            if let Some(src) = self.ub.get(s) {
                out[..src.len()].copy_from_slice(src);
            }
        } else {
            for k in lanes.iter_in(ks.start, ks.end) {
                let a = op.addr(r, k);
                let o = (k - ks.start) as usize * size;
                if let Some(c) = self.ub.get(a..a + size as u64) {
                    out[o..o + size].copy_from_slice(c);
                }
            }
        }
        if self.rec.is_some() {
            let acc = self.snapshot(op, r, ks, lanes, AccessKind::Read);
            if let Some(rec) = self.rec.as_deref_mut() {
                rec.push(acc);
            }
        }
    }

    /// Loads the active lanes `ks` of repeat `r` into `out[k - ks.start]` (inactive lanes hold
    /// zero bits) and records a read.
    #[inline]
    pub fn read<T: Elem>(
        &mut self,
        op: &OpAddr,
        r: u32,
        ks: Range<u32>,
        lanes: &Lanes,
        out: &mut [T],
    ) {
        let size = op.size() as usize;
        let mut buf = [0u8; 256];
        let n = (ks.end - ks.start) as usize;
        self.read_bytes(op, r, ks, lanes, &mut buf[..n * size]);
        for (o, c) in out.iter_mut().zip(buf[..n * size].chunks_exact(size)) {
            *o = T::load(c);
        }
    }

    /// Stores the lane bytes `vals` (lane k at `(k - ks.start) · size`) into the active lanes
    /// `ks` of repeat `r` and records a write with the bytes before and after.
    #[inline]
    pub fn write_bytes(&mut self, op: &OpAddr, r: u32, ks: Range<u32>, lanes: &Lanes, vals: &[u8]) {
        let before = if self.rec.is_some() {
            Some(self.snapshot(op, r, ks.clone(), lanes, AccessKind::Write))
        } else {
            None
        };
        let size = op.size() as usize;
        if lanes.all_in(ks.start, ks.end) && contiguous(op, &ks) {
            let s = op.span(r, ks.start, ks.end);
            let (s0, s1) = (s.start as u32, s.end as u32);
            if self.ub.holds(s.clone()) {
                self.ub
                    .slice_mut(s0..s1)
                    .copy_from_slice(&vals[..(s1 - s0) as usize]);
            }
        } else {
            for k in lanes.iter_in(ks.start, ks.end) {
                let a = op.addr(r, k);
                let o = (k - ks.start) as usize * size;
                if self.ub.holds(a..a + size as u64) {
                    self.ub
                        .slice_mut(a as u32..a as u32 + size as u32)
                        .copy_from_slice(&vals[o..o + size]);
                }
            }
        }
        if let Some(mut acc) = before {
            acc.after = self.bytes_of(&acc.addrs, size);
            if let Some(rec) = self.rec.as_deref_mut() {
                rec.push(acc);
            }
        }
    }

    /// Stores one element at byte `addr` (reduction results), recording it as lane `lane`.
    pub fn write_one<T: Elem>(&mut self, op: &OpAddr, lane: u32, addr: u64, v: T) {
        let size = op.size() as usize;
        if self.rec.is_none() {
            self.put(addr, size, v);
            return;
        }
        let before = self.bytes_of(&[addr as u32], size);
        let was_init = self.elem_init(addr as u32, size as u32);
        self.put(addr, size, v);
        {
            let after = self.bytes_of(&[addr as u32], size);
            self.record_one(op, lane, addr, before, after, was_init);
        }
    }

    /// Stores `vals` as elements `first`, `first + 1`, … of `op` at consecutive addresses from
    /// byte `addr` (a packed run): one store without recording, else element by element.
    pub fn write_run<T: Elem>(&mut self, op: &OpAddr, first: u32, addr: u64, vals: &[T]) {
        let size = op.size() as usize;
        let len = (vals.len() * size) as u64;
        if self.rec.is_none() && size == std::mem::size_of::<T>() && self.ub.holds(addr..addr + len)
        {
            let out = self.ub.slice_mut(addr as u32..(addr + len) as u32);
            for (v, o) in vals.iter().zip(out.chunks_exact_mut(size)) {
                v.store(o);
            }
            return;
        }
        for (i, v) in vals.iter().enumerate() {
            self.write_one(op, first + i as u32, addr + (i * size) as u64, *v);
        }
    }

    /// Records a write of one element (`write_one`, `undefine`).
    fn record_one(
        &mut self,
        op: &OpAddr,
        lane: u32,
        addr: u64,
        before: Vec<u8>,
        after: Vec<u8>,
        was_init: bool,
    ) {
        if let Some(rec) = self.rec.as_deref_mut() {
            rec.push(Access {
                role: op.role,
                tensor: op.tensor,
                kind: AccessKind::Write,
                dtype: op.dtype,
                lanes: vec![lane],
                addrs: vec![addr as u32],
                before,
                after,
                init_before: vec![was_init],
            });
        }
    }

    /// Makes the element at byte `addr` undefined (uninitialised, written by this step: a
    /// DMA's "random" padding), recording it as lane `lane`.
    pub fn undefine(&mut self, op: &OpAddr, lane: u32, addr: u64) {
        let size = op.size();
        if !self.ub.holds(addr..addr + size as u64) {
            return;
        }
        let before = self.bytes_of(&[addr as u32], size as usize);
        let was_init = self.elem_init(addr as u32, size);
        self.ub.mark_undefined(addr as u32..addr as u32 + size);
        if self.rec.is_some() {
            self.record_one(op, lane, addr, before.clone(), before, was_init);
        }
    }

    /// Loads one element at byte `addr` (reduction sources of one element per block, packed
    /// bits), recording it as element `lane`. Bytes outside the UB read as zero (the plan's
    /// bounds checks keep them inside).
    pub fn read_one<T: Elem>(&mut self, op: &OpAddr, lane: u32, addr: u64) -> T {
        let size = op.size() as usize;
        let Some(v) = self.ub.get(addr..addr + size as u64).map(T::load) else {
            return T::load(&[0u8; 8]);
        };
        if self.rec.is_some() {
            let bytes = self.bytes_of(&[addr as u32], size);
            let init = self.elem_init(addr as u32, size as u32);
            if let Some(rec) = self.rec.as_deref_mut() {
                rec.push(Access {
                    role: op.role,
                    tensor: op.tensor,
                    kind: AccessKind::Read,
                    dtype: op.dtype,
                    lanes: vec![lane],
                    addrs: vec![addr as u32],
                    before: bytes.clone(),
                    after: bytes,
                    init_before: vec![init],
                });
            }
        }
        v
    }

    /// True when every byte of the element at `addr` is initialised.
    pub fn is_init(&self, addr: u64, size: u32) -> bool {
        addr <= u32::MAX as u64 && self.elem_init(addr as u32, size)
    }

    fn elem_init(&self, a: u32, size: u32) -> bool {
        a.checked_add(size).is_some_and(|e| self.ub.all_init(a..e))
    }

    #[inline(always)]
    fn put<T: Elem>(&mut self, addr: u64, size: usize, v: T) {
        if self.ub.holds(addr..addr + size as u64) {
            let a = addr as u32;
            v.store(self.ub.slice_mut(a..a + size as u32));
        }
    }

    fn bytes_of(&self, addrs: &[u32], size: usize) -> Vec<u8> {
        let mut v = Vec::with_capacity(addrs.len() * size);
        for &a in addrs {
            match self.ub.get(a as u64..a as u64 + size as u64) {
                Some(c) => v.extend_from_slice(c),
                None => v.extend(std::iter::repeat_n(0, size)),
            }
        }
        v
    }

    fn snapshot(
        &self,
        op: &OpAddr,
        r: u32,
        ks: Range<u32>,
        lanes: &Lanes,
        kind: AccessKind,
    ) -> Access {
        let lanes_v: Vec<u32> = lanes.iter_in(ks.start, ks.end).collect();
        let addrs: Vec<u32> = lanes_v.iter().map(|&k| op.addr(r, k) as u32).collect();
        let before = self.bytes_of(&addrs, op.size() as usize);
        let init_before = addrs
            .iter()
            .map(|&a| self.elem_init(a, op.size()))
            .collect();
        Access {
            role: op.role,
            tensor: op.tensor,
            kind,
            dtype: op.dtype,
            lanes: lanes_v,
            addrs,
            after: before.clone(),
            before,
            init_before,
        }
    }

    /// The first active lane of `ks` in repeat `r` whose bytes are not all initialised.
    pub fn first_uninit(
        &self,
        op: &OpAddr,
        r: u32,
        ks: Range<u32>,
        lanes: &Lanes,
    ) -> Option<(u32, u32)> {
        let size = op.size() as u64;
        if lanes.all_in(ks.start, ks.end) && contiguous(op, &ks) {
            let s = op.span(r, ks.start, ks.end);
            if !self.ub.holds(s.clone()) {
                return None;
            }
            let a = self.ub.first_uninit(s.start as u32..s.end as u32)?;
            let k = ks.start + ((a as u64 - s.start) / size) as u32;
            return Some((k, op.addr(r, k) as u32));
        }
        for k in lanes.iter_in(ks.start, ks.end) {
            let a = op.addr(r, k);
            if self.ub.holds(a..a + size) && !self.ub.all_init(a as u32..(a + size) as u32) {
                return Some((k, a as u32));
            }
        }
        None
    }
}
