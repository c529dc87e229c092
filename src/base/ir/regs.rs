//! Ascend 950's register API in the IR (docs/semantics.md §29): where its registers live in the
//! simulator's address space, and how a mask register is set.
//!
//! A RegTensor is a tensor of `Space::Reg`, `VL` bytes; a MaskReg a tensor of `Space::Mask`,
//! `MASK_BYTES` bytes (one bit per byte of a vector register). Both are placed from
//! [`REG_BASE`], between the UB (below `MAX_UB`) and global memory (from `GM_BASE`), so an
//! address says which memory it is in and the one addressing of `sim::plan` reaches them.

use crate::base::dtype::DType;

/// Where the register file starts in the simulator's address space.
pub const REG_BASE: u32 = 0x4000_0000;

/// Bytes of the register file the simulator holds, all registers together (65,536 vector
/// registers): a kernel's registers are its RegTensor and MaskReg objects, each placed where an
/// ended one was (the device's 32 vector and 8 mask registers are the compiler's business).
pub const MAX_REG_BYTES: u32 = 16 << 20;

/// A vector register's length in bytes (VL, "RegTensor位宽为VL，长度为256B").
pub const VL: u32 = 256;

/// A mask register's length in bytes (VL / 8: one bit per byte of a vector register).
pub const MASK_BYTES: u32 = VL / 8;

/// A register reduction's ReduceType (DK:Reg矢量计算/归约计算/Reduce: SUM, MAX, MIN); PairReduceElem
/// sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceType {
    Sum,
    Max,
    Min,
}

impl ReduceType {
    /// Every type with its C++ name.
    pub const NAMES: [(&'static str, ReduceType); 3] = [
        ("SUM", ReduceType::Sum),
        ("MAX", ReduceType::Max),
        ("MIN", ReduceType::Min),
    ];
}

/// CreateMask's patterns (MaskPattern, DK:Reg矢量计算/寄存器数据类型/MaskReg), by their value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MaskPattern {
    All,
    Vl(u32),
    M3,
    M4,
    H,
    Q,
    Allf,
}

impl MaskPattern {
    /// Every pattern with its C++ name, in the enum's order (ALLF is 15).
    pub const NAMES: [(&'static str, MaskPattern); 15] = [
        ("ALL", MaskPattern::All),
        ("VL1", MaskPattern::Vl(1)),
        ("VL2", MaskPattern::Vl(2)),
        ("VL3", MaskPattern::Vl(3)),
        ("VL4", MaskPattern::Vl(4)),
        ("VL8", MaskPattern::Vl(8)),
        ("VL16", MaskPattern::Vl(16)),
        ("VL32", MaskPattern::Vl(32)),
        ("VL64", MaskPattern::Vl(64)),
        ("VL128", MaskPattern::Vl(128)),
        ("M3", MaskPattern::M3),
        ("M4", MaskPattern::M4),
        ("H", MaskPattern::H),
        ("Q", MaskPattern::Q),
        ("ALLF", MaskPattern::Allf),
    ];

    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("ALL", |(n, _)| n)
    }

    /// Whether element `i` of the `n` elements of a register is selected.
    pub fn selects(self, i: u32, n: u32) -> bool {
        match self {
            MaskPattern::All => true,
            MaskPattern::Vl(k) => i < k,
            MaskPattern::M3 => i % 3 == 0,
            MaskPattern::M4 => i % 4 == 0,
            MaskPattern::H => i < n / 2,
            MaskPattern::Q => i < n / 4,
            MaskPattern::Allf => false,
        }
    }
}

/// LoadAlign's and StoreAlign's distribution (LoadDist, StoreDist) as ascstep simulates them:
/// DIST_NORM, and the unpacking loads / packing stores that move each element of `bits / 2`
/// bits into (out of) the low half of a `bits`-bit group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RegDist {
    #[default]
    Norm,
    /// DIST_UNPACK_B8/B16/B32: VL / 2 bytes of elements of that width, each zero-extended.
    Unpack(u32),
    /// DIST_PACK_B16/B32/B64: the low half of each group of that width, VL / 2 bytes.
    Pack(u32),
}

impl RegDist {
    /// The C++ names, LoadAlign's then StoreAlign's.
    pub const NAMES: [(&'static str, RegDist); 7] = [
        ("DIST_NORM", RegDist::Norm),
        ("DIST_UNPACK_B8", RegDist::Unpack(8)),
        ("DIST_UNPACK_B16", RegDist::Unpack(16)),
        ("DIST_UNPACK_B32", RegDist::Unpack(32)),
        ("DIST_PACK_B16", RegDist::Pack(16)),
        ("DIST_PACK_B32", RegDist::Pack(32)),
        ("DIST_PACK_B64", RegDist::Pack(64)),
    ];

    /// (the narrow element's bytes, the group's bytes) of a width-changing distribution.
    pub fn widths(self) -> Option<(u32, u32)> {
        match self {
            RegDist::Norm => None,
            RegDist::Unpack(b) => Some((b / 8, b / 4)),
            RegDist::Pack(b) => Some((b / 16, b / 8)),
        }
    }
}

/// How CreateMask / UpdateMask set a mask register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MaskSet {
    /// CreateMask<T, pattern>.
    Pattern(MaskPattern),
    /// UpdateMask<T>(count): the first min(count, VL / sizeof(T)) elements.
    Count(u64),
}

impl MaskSet {
    /// The mask register's bits for element type `dt`: element i of size s is bit i·s (the
    /// lowest of its s bits, the only one the instructions read).
    pub fn bits(self, dt: DType) -> [u64; 4] {
        let s = dt.size().max(1);
        let n = VL / s;
        let mut w = [0u64; 4];
        for i in 0..n {
            let on = match self {
                MaskSet::Pattern(p) => p.selects(i, n),
                MaskSet::Count(c) => (i as u64) < c,
            };
            if on {
                let bit = i * s;
                w[(bit / 64) as usize] |= 1 << (bit % 64);
            }
        }
        w
    }
}

/// The lanes of element type `dt` a mask register's bits select: lane i is bit i·size.
pub fn lanes_of(bits: &[u64; 4], dt: DType) -> [u64; 4] {
    let s = dt.size().max(1);
    let mut w = [0u64; 4];
    for i in 0..VL / s {
        let bit = i * s;
        if bits[(bit / 64) as usize] >> (bit % 64) & 1 == 1 {
            w[(i / 64) as usize] |= 1 << (i % 64);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_float_mask_holds_every_fourth_bit_and_reads_back_as_its_lanes() {
        // DK MaskReg: b32 elements own 4 bits each, the lowest valid.
        let b = MaskSet::Count(3).bits(DType::Float);
        assert_eq!(b, [0b1_0001_0001, 0, 0, 0]);
        assert_eq!(lanes_of(&b, DType::Float), [0b111, 0, 0, 0]);
        // The same register read as halves selects lanes 0, 2 and 4.
        assert_eq!(lanes_of(&b, DType::Half), [0b10101, 0, 0, 0]);
    }

    #[test]
    fn patterns_select_as_the_page_lists() {
        let n = 64;
        let count = |p: MaskPattern| (0..n).filter(|&i| p.selects(i, n)).count();
        assert_eq!(count(MaskPattern::All), 64);
        assert_eq!(count(MaskPattern::Vl(16)), 16);
        assert_eq!(count(MaskPattern::Vl(128)), 64);
        assert_eq!(count(MaskPattern::M3), 22);
        assert_eq!(count(MaskPattern::M4), 16);
        assert_eq!(count(MaskPattern::H), 32);
        assert_eq!(count(MaskPattern::Q), 16);
        assert_eq!(count(MaskPattern::Allf), 0);
        // UpdateMask past the register: every lane; int8: all 256 bits.
        assert_eq!(MaskSet::Count(1000).bits(DType::Int8), [u64::MAX; 4]);
    }
}
