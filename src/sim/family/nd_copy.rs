//! The multi-dimensional DataCopy GM → UB (Ascend 950; DK:数据搬运/GM与UB数据搬运/
//! GMToUB多维数据搬运NDDMA(DataCopy); docs/semantics.md §18.4): up to five dimensions, the
//! innermost first, each `left + size + right` destination positions `dst_stride` elements
//! apart; position `j` of a dimension holds data element `j − left` (`src_stride` apart in GM)
//! when every dimension is in its data range, else padding: `pad_value`, or the nearest data
//! element of each dimension (isNearestValueMode).
//!
//! Addresses depend on every dimension, so neither operand is a plan operand: the kernel reads
//! and writes element by element through `Mem::read_one`/`write_one` (recorded, so events and
//! watchpoints see them), and the room checks the extents, alignment and the documented
//! constraints itself. A plan repeat is a run of destination lines (innermost dimension with
//! its padding); its eight block steps each move an eighth of the run's elements.

use crate::base::dtype::{DType, Value};
use crate::base::ir::{Args, Instr, NdLoop, NdPad};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::{Exec, Room};
use crate::sim::lanes::Num;
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::{AccessKind, OpAddr, Plan, BLOCKS};

/// The most plan repeats a move is split into; more lines share a repeat.
const MAX_PLAN_REPEATS: u64 = 4096;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NdKernel {
    pub dtype: DType,
    pub dst: OpAddr,
    pub src: OpAddr,
    pub loops: [NdLoop; 5],
    pub dims: usize,
    pub pad: NdPad,
    /// Destination positions of the innermost dimension (padding included), lines in all, and
    /// lines per plan repeat.
    pub line: u64,
    pub lines: u64,
    pub per_repeat: u64,
}

impl NdKernel {
    fn extent(&self, i: usize) -> u64 {
        let l = self.loops[i];
        l.left as u64 + l.size as u64 + l.right as u64
    }

    /// The destination element and the source element (None: a constant padding) of
    /// destination position `e` (positions counted line after line, innermost fastest).
    fn position(&self, e: u64) -> (u64, Option<u64>) {
        let mut rest = e;
        let (mut dst, mut src, mut inside) = (0u64, 0u64, true);
        for i in 0..self.dims {
            let ext = self.extent(i);
            let j = rest % ext;
            rest /= ext;
            let l = self.loops[i];
            dst += j * l.dst_stride as u64;
            let k = j as i64 - l.left as i64;
            let k = if k < 0 || k >= l.size as i64 {
                inside = false;
                k.clamp(0, (l.size as i64 - 1).max(0))
            } else {
                k
            };
            src += k.max(0) as u64 * l.src_stride;
        }
        let src = (inside || self.pad == NdPad::Nearest).then_some(src);
        (dst, src)
    }

    /// The bytes of the UB the move may write: from dst's start to its farthest element.
    pub fn dst_extent(&self) -> Option<std::ops::Range<u64>> {
        if self.line * self.lines == 0 {
            return None;
        }
        let far: u64 = (0..self.dims)
            .map(|i| (self.extent(i) - 1) * self.loops[i].dst_stride as u64)
            .sum();
        let size = self.dtype.size() as u64;
        Some(self.dst.base as u64..self.dst.base as u64 + (far + 1) * size)
    }

    /// The destination positions of plan repeat `r`.
    fn positions(&self, r: u32) -> std::ops::Range<u64> {
        let first = r as u64 * self.per_repeat;
        let last = (first + self.per_repeat).min(self.lines);
        first * self.line..last * self.line
    }
}

/// Destination positions of a line (the innermost dimension with its padding; 0 without
/// loops), lines in all (0 when a line is empty) and lines per plan repeat.
fn shape(loops: &[NdLoop]) -> (u64, u64, u64) {
    let extent = |l: &NdLoop| l.left as u64 + l.size as u64 + l.right as u64;
    let line = loops.first().map_or(0, extent);
    let lines = if line == 0 {
        0
    } else {
        loops[1..].iter().map(extent).product()
    };
    (line, lines, lines.div_ceil(MAX_PLAN_REPEATS).max(1))
}

fn parts(instr: &Instr) -> Option<(&[NdLoop], NdPad)> {
    match &instr.args {
        Args::NdCopy { loops, pad, .. } => Some((loops, *pad)),
        _ => None,
    }
}

/// Executes block `b` of repeat `r`: its eighth of the repeat's destination positions.
pub fn exec_block<T: Num>(k: &NdKernel, _plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    let all = k.positions(r);
    let chunk = (all.end - all.start).div_ceil(BLOCKS as u64);
    let from = all.start + b as u64 * chunk;
    let to = (from + chunk).min(all.end);
    let size = k.dtype.size() as u64;
    // Constant padding; the nearest-value mode reads a data element for every position.
    let fill = match k.pad {
        NdPad::Value(v) => Some(T::from_value(v)),
        NdPad::Nearest => None,
    };
    for e in from..to {
        let (d, s) = k.position(e);
        let v = match (s, fill) {
            (Some(s), _) => mem.read_one(&k.src, s as u32, k.src.base as u64 + s * size),
            (None, Some(f)) => f,
            // `position` gives a source for every position in nearest-value mode.
            (None, None) => continue,
        };
        mem.write_one(&k.dst, d as u32, k.dst.base as u64 + d * size, v);
    }
}

/// The room of the multi-dimensional DataCopy.
pub struct NdCopyRoom;

impl Room for NdCopyRoom {
    /// Its plan reads the source's initialised bytes (the uninitialised-read warning).
    fn plan_reads_data(&self) -> bool {
        true
    }

    fn structure(&self, instr: &Instr) -> Result<(), String> {
        match parts(instr) {
            Some((loops, _))
                if instr.dst().is_some()
                    && !instr.src().is_empty()
                    && (1..=5).contains(&loops.len()) =>
            {
                Ok(())
            }
            _ => Err("the multi-dimensional DataCopy needs dst, src and 1 to 5 loops".into()),
        }
    }

    fn vector_lanes(&self) -> bool {
        false
    }

    fn unavailable(&self, c: &Ctx) -> String {
        format!(
            "the multi-dimensional DataCopy (NdDmaParams, MultiCopyParams) is not available on {}: Ascend 950 only (DK:数据搬运/GMToUB多维数据搬运NDDMA(DataCopy))",
            c.product
        )
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    fn operands(&self, _c: &Ctx, _t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        (Vec::new(), 32)
    }

    fn lanes(&self, c: &mut Ctx, _t: &Types, par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        let (loops, _) = parts(c.instr)?;
        let (_, lines, per) = shape(loops);
        let repeats = lines.div_ceil(per).max(1);
        Some(LaneSource::Fixed {
            lanes: Lanes::first(par),
            repeats: repeats as u32,
        })
    }

    fn exec(&self, c: &Ctx, t: &Types, _lanes: &LaneSource) -> Exec {
        let instr = c.instr;
        let (loops, pad) = parts(instr).map_or((&[][..], NdPad::Value(Value::Int(0))), |p| p);
        let op = |o: Option<&crate::base::ir::Operand>, role, kind| match o {
            Some(o) => OpAddr::of(c.program, o, role, kind, 1, 8),
            None => OpAddr::standard(role, 0, kind, t.dst, 0, 1, 8),
        };
        let mut k = NdKernel {
            dtype: t.dst,
            dst: op(instr.dst(), "dst", AccessKind::Write),
            src: op(instr.src().first(), "src", AccessKind::Read),
            loops: [NdLoop::default(); 5],
            dims: loops.len().min(5),
            pad,
            line: 0,
            lines: 0,
            per_repeat: 1,
        };
        k.loops[..k.dims].copy_from_slice(&loops[..k.dims]);
        (k.line, k.lines, k.per_repeat) = shape(&k.loops[..k.dims]);
        Exec::NdCopy(k)
    }

    /// The documented constraints (约束说明) and where the move reaches: the destination
    /// inside its tensor and the UB, no destination element written twice, the data read
    /// inside the source tensor, 64-bit data padded only with 0 and never with the nearest
    /// value, the destination 32-byte aligned; the first uninitialised source element read.
    fn plan(&self, c: &mut Ctx, exec: &Exec, _plan: &mut Plan, ub: Option<&crate::sim::ub::Ub>) {
        let Exec::NdCopy(k) = exec else {
            return;
        };
        let size = k.dtype.size() as u64;
        if size == 8 {
            match k.pad {
                NdPad::Nearest => {
                    c.err("bad-params", "nearest", "64-bit data pads only with a constant: isNearestValueMode must be false (DK:GMToUB多维数据搬运NDDMA 表3)".into());
                    return;
                }
                NdPad::Value(v) if v != Value::Int(0) && v != Value::Float(0.0) => {
                    c.err("bad-params", "pad_value", format!("a 64-bit pad_value must be 0, not {v} (DK:GMToUB多维数据搬运NDDMA 表4)"));
                    return;
                }
                _ => {}
            }
        }
        if k.pad == NdPad::Nearest {
            if let Some(i) = (0..k.dims).find(|&i| {
                let l = k.loops[i];
                l.size == 0 && (l.left > 0 || l.right > 0)
            }) {
                c.err("bad-params", "loops", format!("loops[{i}] pads a dimension of size 0 with its nearest value: there is no data element to take"));
                return;
            }
        }
        if k.dst.base % 32 != 0 {
            let name = &c.program.tensors[k.dst.tensor].name;
            c.err("misaligned-operand", "dst", format!("dst `{name}` starts at UB address {:#x}, which is not 32-byte aligned (docs/semantics.md §7 item 1)", k.dst.base));
        }
        if k.src.base as u64 % size != 0 {
            let name = &c.program.tensors[k.src.tensor].name;
            c.err("misaligned-operand", "src", format!("src `{name}` starts at a GM address not aligned to its {size}-byte elements (docs/semantics.md §18)"));
        }
        let total = k.line * k.lines;
        if total == 0 {
            return;
        }
        // The farthest elements: every index at its largest.
        let Some(dst_bytes) = k.dst_extent() else {
            return;
        };
        let far_dst = (dst_bytes.end - dst_bytes.start) / size - 1;
        let data = (0..k.dims).all(|i| k.loops[i].size > 0);
        let far_src: u64 = (0..k.dims)
            .map(|i| (k.loops[i].size.max(1) as u64 - 1) * k.loops[i].src_stride)
            .sum();
        let dst_t = c.program.tensors[k.dst.tensor].clone();
        let src_t = c.program.tensors[k.src.tensor].clone();
        let dst_end = k.dst.base as u64 + (far_dst + 1) * size;
        if dst_end > c.ub_size as u64 {
            c.err(
                "outside-ub",
                "dst",
                format!(
                    "dst `{}` writes up to UB address {dst_end:#x}, beyond the {}-byte UB of {}",
                    dst_t.name, c.ub_size, c.product
                ),
            );
            return;
        }
        if dst_end > dst_t.end() {
            let allowed = c.outside_tensor_allowed(&dst_t, k.dst.base as u64, dst_end);
            c.outside_tensor(allowed, "dst", format!("dst `{}` is written up to UB address {dst_end:#x} (element {far_dst} from its start), outside the tensor ({:#x}..{:#x}, {} × {})", dst_t.name, dst_t.addr, dst_t.end(), dst_t.len, dst_t.dtype));
            if !allowed {
                return;
            }
        }
        let src_end = k.src.base as u64 + (far_src + 1) * size;
        if (data || k.pad == NdPad::Nearest) && src_end > src_t.end() {
            let allowed = c.outside_tensor_allowed(&src_t, k.src.base as u64, src_end);
            c.outside_tensor(allowed, "src", format!("src `{}` is read up to element {far_src} from its start, outside the tensor ({} × {})", src_t.name, src_t.len, src_t.dtype));
            if !allowed {
                return;
            }
        }
        // 约束说明: the loops' address spaces must not interleave or overlap.
        if let Ok(n) = usize::try_from(far_dst + 1) {
            let mut seen = vec![false; n];
            for e in 0..total {
                let (d, _) = k.position(e);
                if std::mem::replace(&mut seen[d as usize], true) {
                    c.err("nd-dst-overlap", "loops", format!("destination element {d} of `{}` is written twice (position {e}): the loops' destination address spaces must not interleave or overlap (DK:GMToUB多维数据搬运NDDMA 约束说明)", dst_t.name));
                    return;
                }
            }
        }
        let Some(ub) = ub else {
            return;
        };
        for e in 0..total {
            let (_, Some(s)) = k.position(e) else {
                continue;
            };
            let a = k.src.base as u64 + s * size;
            if !ub.all_init(a as u32..(a + size) as u32) {
                c.warn("uninitialised-read", "src", format!("src `{}` reads uninitialised memory at element {s} (destination position {e})", src_t.name));
                return;
            }
        }
    }

    /// The move does not use the mask register.
    fn mask_at_end(&self, _c: &Ctx, reg_now: MaskReg) -> MaskReg {
        reg_now
    }
}
