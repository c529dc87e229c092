use super::elements::ramp_elem;
use super::*;

fn q(d: DType, l: Lit) -> Result<Value, EncodeError> {
    quantize(d, l)
}

fn bits(d: DType, l: Lit) -> u64 {
    let mut out = [0u8; 8];
    store(d, q(d, l).unwrap(), &mut out);
    u64::from_le_bytes(out)
}

#[test]
fn half_rounding_is_nearest_even_from_the_exact_literal() {
    assert_eq!(bits(DType::Half, Lit::Float(1.0)), 0x3c00);
    assert_eq!(bits(DType::Half, Lit::Int(1)), 0x3c00);
    // 1 + 2^-11 is the midpoint between 1 and the next half: ties to even (down).
    assert_eq!(bits(DType::Half, Lit::Float(1.0 + 2f64.powi(-11))), 0x3c00);
    // Just above the midpoint, below the f64 bits the `half` crate truncates: rounds up.
    assert_eq!(
        bits(
            DType::Half,
            Lit::Float(1.0 + 2f64.powi(-11) + 2f64.powi(-40))
        ),
        0x3c01
    );
    assert_eq!(bits(DType::Half, Lit::Float(65504.0)), 0x7bff);
    assert_eq!(bits(DType::Half, Lit::Float(65519.0)), 0x7bff);
    assert!(matches!(
        q(DType::Half, Lit::Float(65520.0)),
        Err(EncodeError::OutOfRange(_))
    ));
    assert!(matches!(
        q(DType::Half, Lit::Float(1e6)),
        Err(EncodeError::OutOfRange(_))
    ));
    assert!(matches!(
        q(DType::Half, Lit::Int(70000)),
        Err(EncodeError::OutOfRange(_))
    ));
    assert_eq!(bits(DType::Half, Lit::Float(f64::INFINITY)), 0x7c00);
    assert_eq!(bits(DType::Half, Lit::Float(f64::NEG_INFINITY)), 0xfc00);
    assert_eq!(bits(DType::Half, Lit::Float(f64::NAN)) & 0x7c00, 0x7c00);
    assert_ne!(bits(DType::Half, Lit::Float(f64::NAN)) & 0x03ff, 0);
    assert_eq!(bits(DType::Half, Lit::Float(-0.0)), 0x8000);
    // Smallest subnormal 2^-24, and half of it rounds to even (zero).
    assert_eq!(bits(DType::Half, Lit::Float(2f64.powi(-24))), 0x0001);
    assert_eq!(bits(DType::Half, Lit::Float(2f64.powi(-25))), 0x0000);
    assert_eq!(bits(DType::Half, Lit::Float(1.5 * 2f64.powi(-24))), 0x0002);
    assert_eq!(bits(DType::Half, Lit::Float(0.1)), 0x2e66);
}

#[test]
fn bfloat16_float_and_big_integers() {
    assert_eq!(bits(DType::BFloat16, Lit::Float(1.0)), 0x3f80);
    assert_eq!(bits(DType::BFloat16, Lit::Float(-2.5)), 0xc020);
    assert_eq!(bits(DType::BFloat16, Lit::Float(2f64.powi(-133))), 0x0001);
    assert_eq!(bits(DType::Float, Lit::Float(0.1)), 0.1f32.to_bits() as u64);
    assert_eq!(bits(DType::Float, Lit::Float(1e-45)), 1);
    assert!(matches!(
        q(DType::Float, Lit::Float(1e39)),
        Err(EncodeError::OutOfRange(_))
    ));
    // 2^100 + 2^92 + 1 rounds up in bfloat16 (above the midpoint), which a detour through
    // f64 would get wrong.
    let v: i128 = (1i128 << 100) + (1i128 << 92) + 1;
    let r = q(DType::BFloat16, Lit::Int(v)).unwrap();
    assert_eq!(r, Value::Float(2f64.powi(100) + 2f64.powi(93)));
    assert_eq!(
        q(DType::Float, Lit::Int(i128::MAX)).unwrap(),
        Value::Float(2f64.powi(127))
    );
}

#[test]
fn integers_range_check_and_store_little_endian() {
    assert_eq!(bits(DType::Int16, Lit::Int(-2)), 0xfffe);
    assert_eq!(bits(DType::UInt64, Lit::Int(u64::MAX as i128)), u64::MAX);
    assert_eq!(bits(DType::Int8, Lit::Int(-128)), 0x80);
    assert!(matches!(
        q(DType::Int8, Lit::Int(300)),
        Err(EncodeError::OutOfRange(_))
    ));
    assert!(matches!(
        q(DType::UInt8, Lit::Int(-1)),
        Err(EncodeError::OutOfRange(_))
    ));
    assert_eq!(
        q(DType::Int32, Lit::Float(2.0)),
        Err(EncodeError::FloatForInteger)
    );
}

#[test]
fn ramp_elements_are_exact() {
    assert_eq!(ramp_elem(Lit::Int(1), Lit::Int(1), 3), Some(Lit::Int(4)));
    assert_eq!(
        ramp_elem(Lit::Float(0.5), Lit::Int(2), 2),
        Some(Lit::Float(4.5))
    );
    assert_eq!(ramp_elem(Lit::Int(1), Lit::Int(i128::MAX), 2), None);
}
