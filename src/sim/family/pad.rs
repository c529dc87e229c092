//! DataCopyPad (DK:数据搬运/GM与UB数据搬运/GMToUB、UBToGM非对齐数据搬运(DataCopyPad);
//! docs/semantics.md §18): `blockCount` bursts of `blockLen` bytes between global memory and
//! the UB, with byte strides on the GM side and 32-byte-block strides on the UB side.
//!
//! The plan's lanes are the data elements of a burst (`blockLen / sizeof(T)`, one API repeat
//! per burst); the identity kernel moves them. GM → UB, each UB burst is
//! `ceil32(left + blockLen + right)` bytes: `left` padding elements, the data, `right` padding
//! elements and dummy bytes up to the next 32-byte boundary, written after the burst's last
//! block. What the padding holds follows the page (§18): `padding_value` when `is_pad`; the
//! dummy bytes repeat the burst's first element when there is no left or right padding; all
//! other padding is "random" on hardware, so ascstep leaves it uninitialised. PaddingMode::Compact
//! (950): the UB-side bursts follow one another byte for byte, the paddings and the UB-side gap
//! unused, and GM → UB one padding after the last burst up to 32 bytes (`padding_value` when
//! `is_pad`, else undefined).

use crate::base::dtype::Value;
use crate::base::ir::{Args, CopyBlocks, Instr, Padding};
use crate::sim::access::Mem;
use crate::sim::checks::{Ctx, Types};
use crate::sim::family::elementwise::{operands, MapKernel};
use crate::sim::family::{atomic, Exec, Room};
use crate::sim::lanes::Num;
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::{AccessKind, OpAddr, Plan, BLOCKS};
use crate::sim::ub::Ub;

/// What padding bytes hold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fill {
    /// `padding_value`.
    Value(Value),
    /// The burst's first data element (the dummy bytes when there is no left/right padding).
    First,
    /// Undefined on hardware: left uninitialised.
    Undefined,
}

/// The padding of a GM → UB DataCopyPad, per burst.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PadKernel {
    /// The identity move of the data lanes.
    pub map: MapKernel,
    /// The UB destination: its first burst's first byte (left padding included).
    pub dst: OpAddr,
    pub start: u64,
    /// Bytes from one UB burst to the next.
    pub stride: u64,
    /// Bytes of left padding, data, right padding and the whole padded burst.
    pub left: u32,
    pub data: u32,
    pub right: u32,
    pub total: u32,
    /// What the left/right padding and the dummy bytes hold.
    pub pad: Fill,
    pub dummy: Fill,
    /// Plan repeats per burst.
    pub group: u32,
    /// PaddingMode::Compact: bytes of padding after the last of `bursts` bursts (to 32 bytes).
    pub tail: u32,
    pub bursts: u32,
}

/// Executes block `b` of plan repeat `r`: the data lanes, then after the last block of a burst
/// its padding.
pub fn exec_block<T: Num>(k: &PadKernel, plan: &Plan, mem: &mut Mem, r: u32, b: u32) {
    crate::sim::family::elementwise::exec_block::<T>(&k.map, plan, mem, r, b);
    if b != BLOCKS - 1 || (r + 1) % k.group.max(1) != 0 {
        return;
    }
    let burst = r / k.group.max(1);
    let at = k.start + burst as u64 * k.stride;
    let size = k.dst.size() as u64;
    let first = mem
        .ub
        .get(at + k.left as u64..at + k.left as u64 + size)
        .map(T::load);
    let runs = [
        (at, k.left, k.pad),
        (at + (k.left + k.data) as u64, k.right, k.pad),
        (
            at + (k.left + k.data + k.right) as u64,
            k.total - k.left - k.data - k.right,
            k.dummy,
        ),
    ];
    // Compact: one padding after the last burst, up to 32 bytes.
    let tail = (k.tail > 0 && burst + 1 == k.bursts).then_some((at + k.stride, k.tail, k.pad));
    for (from, bytes, fill) in runs.into_iter().chain(tail) {
        let v = match fill {
            Fill::Value(v) => Some(T::from_value(v)),
            Fill::First => first,
            Fill::Undefined => None,
        };
        let elems = bytes as u64 / size;
        for e in 0..elems {
            let a = from + e * size;
            let lane = ((a - at) / size) as u32;
            match v {
                Some(v) => mem.write_one(&k.dst, lane, a, v),
                None => mem.undefine(&k.dst, lane, a),
            }
        }
    }
}

/// The room of DataCopyPad.
pub struct PadRoom;

fn parts(instr: &Instr) -> Option<(CopyBlocks, Option<Padding>)> {
    match instr.args {
        Args::DataCopy {
            blocks: Some(b),
            pad,
            ..
        } => Some((b, pad)),
        _ => None,
    }
}

/// Bytes rounded up to whole 32-byte blocks.
fn ceil32(n: u64) -> u64 {
    n.div_ceil(32) * 32
}

impl Room for PadRoom {
    fn structure(&self, instr: &Instr) -> Result<(), String> {
        match parts(instr) {
            Some(_) if !instr.src().is_empty() && instr.dst().is_some() => Ok(()),
            _ => Err("DataCopyPad needs dst, src and DataCopyExtParams".into()),
        }
    }

    /// A DMA move, not vector lanes.
    fn vector_lanes(&self) -> bool {
        false
    }

    fn dst_blk_field(&self, _c: &Ctx) -> Option<&'static str> {
        None
    }

    /// "位于Global Memory的源地址必须1字节对齐" / "目的地址必须1字节对齐".
    fn gm_align(&self, _t: &Types) -> u32 {
        1
    }

    /// The constraints of both pages: blockLen a multiple of sizeof(T), each padding at most
    /// 32 bytes, a 64-bit padding value 0.
    fn check(&self, c: &mut Ctx, t: &Types) {
        atomic::check(c, t.dst);
        let Some((b, pad)) = parts(c.instr) else {
            return;
        };
        let size = t.dst.size();
        if t.dst.is_nibble() {
            // Not in the pages' lists; CANN's A2/A3 implementation copies every 1-byte type
            // as bytes (docs/semantics.md §18).
            let msg = format!(
                "DataCopyPad of int4b_t on {}: not in the page's list of types; ascstep copies block_len bytes (two elements a byte) as CANN's implementation copies any 1-byte type (docs/semantics.md §18)",
                c.product
            );
            c.warn("dtype-not-documented", "params", msg);
            if pad.is_some_and(|p| p.left != 0 || p.right != 0) {
                let msg = "DataCopyPad of int4b_t with left or right padding: padding counts whole elements and an int4b_t element is half a byte; pad with int8_t".to_string();
                c.err("bad-params", "pad", msg);
            }
        }
        if b.len % size != 0 {
            let msg = format!(
                "DataCopyPad block_len {} bytes is not a multiple of sizeof({}) = {size} (DK:数据搬运/DataCopyPad 约束说明: blockLen必须是sizeof(T)的整数倍)",
                b.len, t.dst
            );
            c.err("bad-params", "params", msg);
        }
        if b.len > 2_097_151 {
            let msg = format!(
                "DataCopyPad block_len {} is beyond 2097151 bytes (DataCopyExtParams.blockLen)",
                b.len
            );
            c.err("bad-params", "params", msg);
        }
        if b.compact && c.product != crate::base::product::Product::Ascend950 {
            let msg = format!(
                "DataCopyPad's PaddingMode::Compact is not available on {}: Ascend 950 only (DK:数据搬运/DataCopyPad)",
                c.product
            );
            c.err("unsupported-instruction", "compact", msg);
        }
        if let Some(p) = pad.filter(|_| !b.compact) {
            for (n, what) in [(p.left, "left_padding"), (p.right, "right_padding")] {
                if n * size > 32 {
                    let msg = format!(
                        "{what} {n} × {size} bytes is more than 32 bytes (DK:数据搬运/DataCopyPad 约束说明: leftPadding、rightPadding所占字节数均不能超过32B)"
                    );
                    c.err("bad-params", "pad", msg);
                }
            }
            if size == 8 && p.value != Value::Int(0) && p.value != Value::Float(0.0) {
                let msg = "a 64-bit padding_value must be 0 (DK:数据搬运/DataCopyPad 约束说明)";
                c.err("bad-params", "pad", msg.into());
            }
        }
    }

    fn operands(&self, c: &Ctx, t: &Types, _par: u32) -> (Vec<OpAddr>, u32) {
        let mut ops = operands(c.instr, c.program);
        let Some((b, pad)) = parts(c.instr) else {
            return (ops, 32);
        };
        let size = t.dst.size() as u64;
        let (len, left, right) = match pad.filter(|_| !b.compact) {
            Some(p) => (b.len as u64, p.left as u64 * size, p.right as u64 * size),
            None => (b.len as u64, 0, 0),
        };
        // GM side: the burst and a gap in bytes; UB side: the 32-byte-aligned burst (with its
        // padding GM → UB) and a gap in blocks; Compact: the bursts one after another, the
        // UB-side gap and the paddings not used (DK:数据搬运/DataCopyPad 约束说明).
        let (ub_burst, ub_gap) = if b.compact {
            (len, 0)
        } else {
            (ceil32(left + len + right), 32)
        };
        let gm_in = pad.is_some();
        let strides = if gm_in {
            [ub_burst + b.dst_gap as u64 * ub_gap, len + b.src_gap as u64]
        } else {
            [len + b.dst_gap as u64, ub_burst + b.src_gap as u64 * ub_gap]
        };
        for (o, stride) in ops.iter_mut().zip(strides) {
            o.blk = 1;
            o.rep = u32::try_from(stride).unwrap_or(u32::MAX);
            o.rep_unit = 1;
        }
        if let Some(d) = ops.first_mut().filter(|_| gm_in) {
            d.base = d.base.saturating_add(left as u32);
        }
        if atomic::combining(c, t.dst).is_some() {
            atomic::dst_read(&mut ops);
        }
        (ops, 32)
    }

    /// The UB operand's own start must be 32-byte aligned (before the left padding).
    fn align(&self, c: &mut Ctx, ops: &[OpAddr], dst_align: u32, gm_align: u32) {
        let mut own = ops.to_vec();
        if let (Some(d), Some((b, Some(p)))) = (own.first_mut(), parts(c.instr)) {
            if !b.compact {
                d.base -= p.left * d.size();
            }
        }
        crate::sim::checks::bounds::align(c, &own, dst_align, gm_align);
    }

    fn lanes(&self, c: &mut Ctx, t: &Types, par: u32, _reg: &mut MaskReg) -> Option<LaneSource> {
        let (b, _) = parts(c.instr)?;
        let per = (b.len / t.dst.size()) as u64;
        if b.count == 0 || per == 0 {
            let what = if b.count == 0 {
                "block_count"
            } else {
                "block_len"
            };
            let msg = format!(
                "DataCopyPad with {what} 0 moves nothing: a NOP (DK:数据搬运/DataCopyPad 约束说明)"
            );
            c.warn("repeat-zero", "params", msg);
            return Some(LaneSource::Fixed {
                lanes: Lanes::NONE,
                repeats: 0,
            });
        }
        Some(if per <= par as u64 {
            LaneSource::Fixed {
                lanes: Lanes::first(per as u32),
                repeats: b.count,
            }
        } else {
            LaneSource::Grouped {
                per,
                groups: b.count,
            }
        })
    }

    fn exec(&self, c: &Ctx, t: &Types, lanes: &LaneSource) -> Exec {
        // UB → GM under the atomic mode: combined with what global memory holds (§18.3).
        let (op, dtype) = atomic::combining(c, t.dst).unwrap_or((c.instr.op, t.dst));
        let map = MapKernel {
            op,
            dtype,
            scalar: Value::Int(0),
            round_en: false,
            ftz: false,
            fused: false,
            scalar_first: false,
        };
        let Some((b, Some(p))) = parts(c.instr) else {
            return Exec::Map(map);
        };
        let (ops, _) = self.operands(c, t, t.lane.par());
        let Some(&dst) = ops.first() else {
            return Exec::Map(map);
        };
        let size = t.dst.size();
        let (left, right) = if b.compact {
            (0, 0)
        } else {
            (p.left * size, p.right * size)
        };
        let total = if b.compact {
            b.len
        } else {
            ceil32((left + b.len + right) as u64) as u32
        };
        let all = b.count as u64 * b.len as u64;
        let tail = if b.compact {
            (ceil32(all) - all) as u32
        } else {
            0
        };
        let fill = if p.is_pad {
            Fill::Value(p.value)
        } else {
            Fill::Undefined
        };
        Exec::Pad(PadKernel {
            map,
            dst: OpAddr {
                kind: AccessKind::Write,
                ..dst
            },
            start: dst.base as u64 - left as u64,
            stride: dst.rep as u64,
            left,
            data: b.len - b.len % size,
            right,
            total,
            pad: fill,
            dummy: if p.left == 0 && p.right == 0 {
                Fill::First
            } else {
                fill
            },
            group: lanes.group(t.lane.par()),
            tail,
            bursts: b.count,
        })
    }

    /// Every padded burst inside the destination tensor; the grouping of a burst longer than
    /// PAR once the lanes are known.
    fn plan(&self, c: &mut Ctx, exec: &Exec, plan: &mut Plan, _ub: Option<&Ub>) {
        if plan.lanes.group(plan.par) > 1 {
            let group = plan.lanes.group(plan.par);
            let mut ops = plan.operands.clone();
            for o in ops.iter_mut() {
                o.group = group;
                o.group_elems = plan.par;
            }
            plan.set_operands(ops);
        }
        let (Exec::Pad(k), Some((b, _))) = (exec, parts(c.instr)) else {
            return;
        };
        if b.count == 0 || plan.repeats == 0 {
            return;
        }
        let t = &c.program.tensors[k.dst.tensor];
        let end = k.start + (b.count as u64 - 1) * k.stride + k.total as u64 + k.tail as u64;
        if end > t.end() {
            let msg = format!(
                "DataCopyPad writes UB {:#x}..{end:#x} with its padding (bursts of {} bytes: {} left, {} data, {} right, {} dummy), beyond `{}` ({:#x}..{:#x})",
                k.start,
                k.total,
                k.left,
                k.data,
                k.right,
                k.total - k.left - k.data - k.right,
                t.name,
                t.addr,
                t.end()
            );
            let allowed = c.outside_tensor_allowed(t, k.start, end);
            c.outside_tensor(allowed, "dst", msg);
        }
    }

    /// DataCopyPad does not use the mask register.
    fn mask_at_end(&self, _c: &Ctx, reg_now: MaskReg) -> MaskReg {
        reg_now
    }
}
