//! Element types (docs/format.md §3): `DType`, decoded values (`Value`) and the `Elem` trait
//! that moves typed values in and out of little-endian bytes. Ground floor: imports nothing
//! of the crate outside `base`.

use half::{bf16, f16};
use std::fmt;

/// An element type as written in a program (`half`, `f16`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    Half,
    BFloat16,
    Float,
    Int8,
    UInt8,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    /// `int4b_t`: 4-bit signed integers, two per byte, element 2i in the low nibble
    /// (docs/format.md §3, docs/semantics.md §4.7). Only Cast reads and writes it.
    Int4,
}

impl DType {
    pub const ALL: [DType; 12] = [
        DType::Half,
        DType::BFloat16,
        DType::Float,
        DType::Int8,
        DType::UInt8,
        DType::Int16,
        DType::UInt16,
        DType::Int32,
        DType::UInt32,
        DType::Int64,
        DType::UInt64,
        DType::Int4,
    ];

    /// Bytes per element; for `int4b_t` the byte that holds it (two elements share one: see
    /// [`DType::bytes_for`] and [`DType::byte_of`]).
    pub const fn size(self) -> u32 {
        match self {
            DType::Int8 | DType::UInt8 | DType::Int4 => 1,
            DType::Half | DType::BFloat16 | DType::Int16 | DType::UInt16 => 2,
            DType::Float | DType::Int32 | DType::UInt32 => 4,
            DType::Int64 | DType::UInt64 => 8,
        }
    }

    /// Whether two elements share a byte (`int4b_t`).
    pub const fn is_nibble(self) -> bool {
        matches!(self, DType::Int4)
    }

    /// Bytes that `n` elements take.
    pub const fn bytes_for(self, n: u64) -> u64 {
        if self.is_nibble() {
            n.div_ceil(2)
        } else {
            n * self.size() as u64
        }
    }

    /// Byte offset of element `i` from the start of its tensor.
    pub const fn byte_of(self, i: u64) -> u64 {
        if self.is_nibble() {
            i / 2
        } else {
            i * self.size() as u64
        }
    }

    /// Lanes per repeat when this is the widest operand: 256 / sizeof (docs/semantics.md §1.1).
    pub const fn par(self) -> u32 {
        256 / self.size()
    }

    /// Elements per 32-byte data block.
    pub const fn per_block(self) -> u32 {
        32 / self.size()
    }

    pub const fn is_float(self) -> bool {
        matches!(self, DType::Half | DType::BFloat16 | DType::Float)
    }

    pub const fn is_signed(self) -> bool {
        matches!(
            self,
            DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 | DType::Int4
        ) || self.is_float()
    }

    /// The canonical name used in programs and reports.
    pub const fn name(self) -> &'static str {
        match self {
            DType::Half => "half",
            DType::BFloat16 => "bfloat16",
            DType::Float => "float",
            DType::Int8 => "int8",
            DType::UInt8 => "uint8",
            DType::Int16 => "int16",
            DType::UInt16 => "uint16",
            DType::Int32 => "int32",
            DType::UInt32 => "uint32",
            DType::Int64 => "int64",
            DType::UInt64 => "uint64",
            DType::Int4 => "int4b_t",
        }
    }

    pub const fn alias(self) -> &'static str {
        match self {
            DType::Half => "f16",
            DType::BFloat16 => "bf16",
            DType::Float => "f32",
            DType::Int8 => "i8",
            DType::UInt8 => "u8",
            DType::Int16 => "i16",
            DType::UInt16 => "u16",
            DType::Int32 => "i32",
            DType::UInt32 => "u32",
            DType::Int64 => "i64",
            DType::UInt64 => "u64",
            DType::Int4 => "int4",
        }
    }

    /// Parses a canonical name or its short alias (docs/format.md §3).
    pub fn parse(s: &str) -> Option<DType> {
        DType::ALL
            .into_iter()
            .find(|d| d.name() == s || d.alias() == s)
    }

    /// Inclusive integer range of an integer type, as i128.
    pub fn int_range(self) -> Option<(i128, i128)> {
        Some(match self {
            DType::Int8 => (i8::MIN as i128, i8::MAX as i128),
            DType::UInt8 => (0, u8::MAX as i128),
            DType::Int16 => (i16::MIN as i128, i16::MAX as i128),
            DType::UInt16 => (0, u16::MAX as i128),
            DType::Int32 => (i32::MIN as i128, i32::MAX as i128),
            DType::UInt32 => (0, u32::MAX as i128),
            DType::Int64 => (i64::MIN as i128, i64::MAX as i128),
            DType::UInt64 => (0, u64::MAX as i128),
            DType::Int4 => (-8, 7),
            _ => return None,
        })
    }

    /// Decodes the element at the start of `bytes` (little-endian) into a display value.
    pub fn decode(self, bytes: &[u8]) -> Value {
        match self {
            DType::Half => Value::Float(<f16 as Elem>::load(bytes).to_f64()),
            DType::BFloat16 => Value::Float(<bf16 as Elem>::load(bytes).to_f64()),
            DType::Float => Value::Float(<f32 as Elem>::load(bytes) as f64),
            DType::Int8 => Value::Int(<i8 as Elem>::load(bytes) as i128),
            DType::UInt8 => Value::Int(<u8 as Elem>::load(bytes) as i128),
            DType::Int16 => Value::Int(<i16 as Elem>::load(bytes) as i128),
            DType::UInt16 => Value::Int(<u16 as Elem>::load(bytes) as i128),
            DType::Int32 => Value::Int(<i32 as Elem>::load(bytes) as i128),
            DType::UInt32 => Value::Int(<u32 as Elem>::load(bytes) as i128),
            DType::Int64 => Value::Int(<i64 as Elem>::load(bytes) as i128),
            DType::UInt64 => Value::Int(<u64 as Elem>::load(bytes) as i128),
            // The low nibble: `Machine::element` shifts the high one down first.
            DType::Int4 => Value::Int(nibble(bytes[0], false) as i128),
        }
    }

    /// Raw bits of the element at the start of `bytes`.
    #[inline]
    pub fn bits(self, bytes: &[u8]) -> u64 {
        // Fixed-size loads (a copy of a variable length is a libc call per element).
        match self.size() {
            1 => bytes[0] as u64,
            2 => u16::from_le_bytes([bytes[0], bytes[1]]) as u64,
            4 => u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as u64,
            _ => u64::from_le_bytes(bytes[..8].try_into().unwrap_or([0; 8])),
        }
    }

    /// Stores the low `size()` bytes of `bits` at the start of `out` (little-endian).
    #[inline]
    pub fn store_bits(self, bits: u64, out: &mut [u8]) {
        let b = bits.to_le_bytes();
        match self.size() {
            1 => out[0] = b[0],
            2 => out[..2].copy_from_slice(&b[..2]),
            4 => out[..4].copy_from_slice(&b[..4]),
            _ => out[..8].copy_from_slice(&b),
        }
    }
}

/// The signed 4-bit value in the low (`high` false) or high nibble of `byte`.
pub const fn nibble(byte: u8, high: bool) -> i8 {
    let n = if high { byte >> 4 } else { byte & 0xf };
    ((n << 4) as i8) >> 4
}

impl serde::Serialize for DType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A decoded element, for reports, expectations and display.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Int(i128),
    Float(f64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Float(v) if v.is_nan() => f.write_str("nan"),
            Value::Float(v) if v.is_infinite() => f.write_str(if v > 0.0 { "inf" } else { "-inf" }),
            Value::Float(v) => {
                if v == 0.0 && v.is_sign_negative() {
                    f.write_str("-0")
                } else {
                    write!(f, "{v}")
                }
            }
        }
    }
}

pub use crate::base::text::value_text;

/// A typed element that lives in the UB as little-endian bytes.
pub trait Elem: Copy + Default + PartialEq + fmt::Debug + bytemuck::Pod + 'static {
    const DTYPE: DType;
    fn load(b: &[u8]) -> Self;
    fn store(self, out: &mut [u8]);
}

macro_rules! elem_int {
    ($t:ty, $d:ident) => {
        impl Elem for $t {
            const DTYPE: DType = DType::$d;
            #[inline(always)]
            fn load(b: &[u8]) -> Self {
                <$t>::from_le_bytes(b[..std::mem::size_of::<$t>()].try_into().unwrap())
            }
            #[inline(always)]
            fn store(self, out: &mut [u8]) {
                out[..std::mem::size_of::<$t>()].copy_from_slice(&self.to_le_bytes());
            }
        }
    };
}
elem_int!(i8, Int8);
elem_int!(u8, UInt8);
elem_int!(i16, Int16);
elem_int!(u16, UInt16);
elem_int!(i32, Int32);
elem_int!(u32, UInt32);
elem_int!(i64, Int64);
elem_int!(u64, UInt64);
elem_int!(f32, Float);

impl Elem for f16 {
    const DTYPE: DType = DType::Half;
    #[inline(always)]
    fn load(b: &[u8]) -> Self {
        f16::from_bits(u16::from_le_bytes([b[0], b[1]]))
    }
    #[inline(always)]
    fn store(self, out: &mut [u8]) {
        out[..2].copy_from_slice(&self.to_bits().to_le_bytes());
    }
}

impl Elem for bf16 {
    const DTYPE: DType = DType::BFloat16;
    #[inline(always)]
    fn load(b: &[u8]) -> Self {
        bf16::from_bits(u16::from_le_bytes([b[0], b[1]]))
    }
    #[inline(always)]
    fn store(self, out: &mut [u8]) {
        out[..2].copy_from_slice(&self.to_bits().to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_parse() {
        for d in DType::ALL {
            assert_eq!(DType::parse(d.name()), Some(d));
            assert_eq!(DType::parse(d.alias()), Some(d));
        }
        assert_eq!(DType::parse("float16"), None);
        assert_eq!(DType::Half.par(), 128);
        assert_eq!(DType::Float.par(), 64);
        assert_eq!(DType::Int64.par(), 32);
    }
}
