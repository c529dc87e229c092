//! The one element-equality rule, shared by `expect` (exact values), `ascstep diff` and the
//! debugger's divergence pane, so that they can never disagree (docs/format.md §8):
//!
//! - two initialised elements are equal when their bits are equal, except that any NaN equals
//!   any NaN (whatever its sign or payload: the hardware's NaN payloads are not specified);
//! - +0 and −0 are different (their bits differ, and Max/Min order them, docs/semantics.md §6);
//! - an uninitialised element equals only another uninitialised element.
//!
//! Ground floor.

use crate::base::dtype::{DType, Value};

/// Whether two elements of type `dtype` are the same; `None` is an uninitialised element, a
/// slice holds at least `dtype.size()` little-endian bytes.
pub fn same_element(dtype: DType, a: Option<&[u8]>, b: Option<&[u8]>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            let n = dtype.size() as usize;
            x[..n] == y[..n] || (is_nan(dtype, x) && is_nan(dtype, y))
        }
        _ => false,
    }
}

fn is_nan(dtype: DType, bytes: &[u8]) -> bool {
    matches!(dtype.decode(bytes), Value::Float(v) if v.is_nan())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nan_payloads_signed_zeros_and_uninitialised() {
        let h = |bits: u16| bits.to_le_bytes();
        let (qnan, neg_nan, payload) = (h(0x7e00), h(0xfe00), h(0x7c01));
        assert!(same_element(DType::Half, Some(&qnan), Some(&neg_nan)));
        assert!(same_element(DType::Half, Some(&qnan), Some(&payload)));
        assert!(!same_element(
            DType::Half,
            Some(&h(0x0000)),
            Some(&h(0x8000))
        ));
        assert!(same_element(DType::Half, None, None));
        assert!(!same_element(DType::Half, None, Some(&h(0))));
        // 0x7c01 as int16 is a number, not a NaN: integers compare bits only.
        assert!(!same_element(DType::Int16, Some(&qnan), Some(&payload)));
    }
}
