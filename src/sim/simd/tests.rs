use super::*;
use crate::sim::lanes::Num;
use half::f16;

/// Float: bit for bit the lane functions over special values crossed with each other and
/// random bit patterns (NaN payloads, infinities, subnormals).
#[test]
fn float_binary_matches_the_lane_functions() {
    let special: Vec<u32> = vec![
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x007f_ffff,
        0x0080_0000,
        0x3f80_0000,
        0xbf80_0000,
        0x7f7f_ffff,
        0xff7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7f80_0001,
        0x7fc0_0000,
        0xffc0_1234,
    ];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as u32
    };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for &x in &special {
        for &y in &special {
            a.push(f32::from_bits(x));
            b.push(f32::from_bits(y));
        }
    }
    for _ in 0..200_000 {
        a.push(f32::from_bits(next()));
        b.push(f32::from_bits(next()));
    }
    let n = a.len() / 8 * 8;
    for op in [Op::Add, Op::Sub, Op::Mul] {
        let mut out = vec![0f32; n];
        let done = float_binary(op, &a[..n], &b[..n], &mut out);
        for i in 0..done {
            let want = match op {
                Op::Add => a[i].vadd(b[i]),
                Op::Sub => a[i].vsub(b[i]),
                _ => a[i].vmul(b[i]),
            };
            assert_eq!(
                out[i].to_bits(),
                want.to_bits(),
                "{op:?} {:?} {:?}",
                a[i],
                b[i]
            );
        }
    }
}

/// F16C's conversions give `convert`'s bits in each mode they take, over every rounding
/// boundary of half (every half, its f32 neighbours, the midpoints and one ulp either side,
/// each negated: subnormals, overflow, ties) and random floats; a NaN stops them.
#[test]
fn f16c_conversions_equal_convert() {
    use crate::base::convert::{convert, RoundMode};
    use crate::base::dtype::DType;
    let mut x: Vec<u32> = Vec::new();
    for h in 0..=u16::MAX {
        let v = f16::from_bits(h).to_f32();
        let next = f16::from_bits(h.wrapping_add(1)).to_f32();
        x.extend([
            v.to_bits(),
            v.to_bits().wrapping_add(1),
            v.to_bits().wrapping_sub(1),
        ]);
        if v.is_finite() && next.is_finite() {
            let mid = ((v as f64 + next as f64) / 2.0) as f32;
            x.extend([mid.to_bits(), mid.to_bits() + 1, mid.to_bits() - 1]);
        }
    }
    let mut seed = 0x1234_5678_9abc_def1u64;
    for _ in 0..200_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        x.push(seed as u32);
    }
    x.extend([
        0x7f7f_ffff,
        0x7f80_0000,
        0x0000_0001,
        0x4780_0000,
        0x477f_f000,
    ]);
    let neg: Vec<u32> = x.iter().map(|b| b ^ 0x8000_0000).collect();
    x.extend(neg);
    let x: Vec<u32> = x
        .into_iter()
        .filter(|&b| !f32::from_bits(b).is_nan())
        .collect();
    let n = x.len() / 8 * 8;
    for mode in RoundMode::ALL.into_iter().filter(|&m| m != RoundMode::Odd) {
        let mut out = vec![0u16; n];
        let done = float_to_half(mode, &x[..n], &mut out);
        assert!(done == n || done == 0, "{mode:?}: {done} of {n}");
        for i in 0..done {
            let want = convert(x[i] as u64, DType::Float, DType::Half, mode) as u16;
            assert_eq!(
                out[i],
                want,
                "{mode:?} {:e} ({:#010x})",
                f32::from_bits(x[i]),
                x[i]
            );
        }
    }
    let halves: Vec<u16> = (0..=u16::MAX).filter(|h| h & 0x7fff <= 0x7c00).collect();
    let n = halves.len() / 8 * 8;
    let mut out = vec![0u32; n];
    let done = half_to_float(&halves[..n], &mut out);
    for i in 0..done {
        let want = convert(halves[i] as u64, DType::Half, DType::Float, RoundMode::None);
        assert_eq!(out[i] as u64, want, "{:#06x}", halves[i]);
    }
    // A NaN stops the conversion at its group of eight.
    let mut with_nan = vec![0x3f80_0000u32; 24];
    with_nan[12] = 0x7fc0_0000;
    let mut o = vec![0u16; 24];
    assert_eq!(float_to_half(RoundMode::Rint, &with_nan, &mut o) % 8, 0);
    assert!(float_to_half(RoundMode::Rint, &with_nan, &mut o) <= 8);
}

/// Eight block sums at once equal `Num::sum_tree` block by block, over random repeats,
/// repeats of special values (NaN payloads, infinities of both signs, overflow, subnormals,
/// signed zeros) and ties.
#[test]
fn half_block_sums_equal_the_sum_tree() {
    let special: [u16; 12] = [
        0x0000, 0x8000, 0x0001, 0x83ff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7c01, 0xfe01, 0x3c00,
        0x1400,
    ];
    let mut rng = crate::base::rng::SplitMix64::new(0x5eed_1234_abcd_ef01u64);
    let mut next = || rng.next_u64();
    for round in 0..20_000 {
        let h: [u16; 128] = std::array::from_fn(|_| {
            let r = next();
            match round % 3 {
                0 => r as u16,
                1 => special[(r % special.len() as u64) as usize],
                // Moderate values: sums that round at every level.
                _ => (0x3800 + (r % 0x0c00) as u16) | ((r >> 20) as u16 & 0x8000),
            }
        });
        let mut got = [0u16; 8];
        if !half_block_sums(&h, &mut got) {
            return;
        }
        for b in 0..8 {
            let mut v: Vec<f16> = h[16 * b..16 * b + 16]
                .iter()
                .map(|&x| f16::from_bits(x))
                .collect();
            let want = f16::sum_tree(&mut v).to_bits();
            assert_eq!(
                got[b],
                want,
                "block {b} of {:04x?}",
                &h[16 * b..16 * b + 16]
            );
        }
    }
}

/// float → int32 with AVX gives `convert`'s bits in every mode it takes: around every
/// integer and half-integer tie of small magnitude, the int32 edges, infinities, NaN,
/// subnormals and random patterns.
#[test]
fn avx_float_to_int32_equals_convert() {
    use crate::base::convert::{convert, RoundMode};
    use crate::base::dtype::DType;
    let mut x: Vec<u32> = Vec::new();
    for k in -300i32..300 {
        let v = k as f32 * 0.5;
        x.extend([
            v.to_bits(),
            v.to_bits().wrapping_add(1),
            v.to_bits().wrapping_sub(1),
        ]);
    }
    for e in [
        2_147_483_648.0f32,
        2_147_483_520.0,
        16_777_216.0,
        8_388_608.5,
        1e30,
    ] {
        for v in [e, -e] {
            x.extend([v.to_bits(), v.to_bits() + 1, v.to_bits() - 1]);
        }
    }
    x.extend([
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0xffc0_1234,
        1,
        0x8000_0001,
        0x0080_0000,
    ]);
    let mut seed = 0x7777_1234_5678_9abcu64;
    for _ in 0..200_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        x.push(seed as u32);
    }
    let n = x.len() / 8 * 8;
    for mode in RoundMode::ALL.into_iter().filter(|&m| m != RoundMode::Odd) {
        let mut out = vec![0u32; n];
        let done = float_to_int32(mode, &x[..n], &mut out);
        for i in 0..done {
            let want = convert(x[i] as u64, DType::Float, DType::Int32, mode) as u32;
            assert_eq!(
                out[i],
                want,
                "{mode:?} {:e} ({:#010x})",
                f32::from_bits(x[i]),
                x[i]
            );
        }
    }
}

/// Eight float block sums at once equal `Num::sum_tree` block by block, over random bit
/// patterns, special values and moderate values that round.
#[test]
fn float_block_sums_equal_the_sum_tree() {
    let special: [u32; 10] = [
        0,
        0x8000_0000,
        1,
        0x7f7f_ffff,
        0xff7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7f80_0001,
        0xffc0_1234,
        0x3f80_0000,
    ];
    let mut rng = crate::base::rng::SplitMix64::new(0x0123_4567_89ab_cdefu64);
    let mut next = || rng.next_u64();
    for round in 0..20_000 {
        let x: [u32; 64] = std::array::from_fn(|_| {
            let r = next();
            match round % 3 {
                0 => r as u32,
                1 => special[(r % special.len() as u64) as usize],
                _ => (0x3c00_0000 + (r % 0x0800_0000) as u32) | ((r >> 40) as u32 & 0x8000_0000),
            }
        });
        let mut got = [0u32; 8];
        if !float_block_sums(&x, &mut got) {
            return;
        }
        for b in 0..8 {
            let mut v: Vec<f32> = x[8 * b..8 * b + 8]
                .iter()
                .map(|&y| f32::from_bits(y))
                .collect();
            let want = f32::sum_tree(&mut v).to_bits();
            assert_eq!(got[b], want, "block {b} of {:08x?}", &x[8 * b..8 * b + 8]);
        }
    }
}

/// Bit for bit the lane functions, over special values crossed with each other and two
/// million random pairs (NaN payloads, infinities, subnormals, overflow, ties).
#[test]
fn half_binary_matches_the_lane_functions() {
    let special: Vec<u16> = vec![
        0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00,
        0xfc00, 0x7c01, 0x7e00, 0xfe01, 0x7fff, 0x3555, 0x1400,
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as u16
    };
    let mut a: Vec<u16> = Vec::new();
    let mut b: Vec<u16> = Vec::new();
    for &x in &special {
        for &y in &special {
            a.push(x);
            b.push(y);
        }
    }
    for _ in 0..2_000_000 {
        a.push(next());
        b.push(next());
    }
    let n = a.len() / 8 * 8;
    for op in [Op::Add, Op::Sub, Op::Mul] {
        let mut out = vec![0u16; n];
        let done = half_binary(op, &a[..n], &b[..n], &mut out);
        for i in 0..done {
            let (x, y) = (f16::from_bits(a[i]), f16::from_bits(b[i]));
            let want = match op {
                Op::Add => x.vadd(y),
                Op::Sub => x.vsub(y),
                _ => x.vmul(y),
            };
            assert_eq!(out[i], want.to_bits(), "{op:?} {:#06x} {:#06x}", a[i], b[i]);
        }
    }
}

/// The lane function of `op` on lanes of type T stored little-endian in a 32-byte block.
fn block_by_lanes<T: Num + bytemuck::Pod>(op: Op, x: &[u8; 32], y: &[u8; 32]) -> [u8; 32] {
    let (x, y): (&[T], &[T]) = (bytemuck::cast_slice(x), bytemuck::cast_slice(y));
    let r: Vec<T> = x
        .iter()
        .zip(y)
        .map(|(&x, &y)| match op {
            Op::Add => x.vadd(y),
            Op::Sub => x.vsub(y),
            _ => x.vmul(y),
        })
        .collect();
    bytemuck::cast_slice(&r).try_into().unwrap()
}

/// Strided blocks computed in place: bit for bit what block stepping gives (each block's
/// sources read, then its active lanes written, in repeat-then-block order, by the lane
/// functions), for half and float, each operation, a second source or a splat scalar,
/// whole blocks or a bitwise lane mask, and layouts with gaps, broadcast blocks (stride
/// 0), a destination that rewrites its own blocks and one that overlaps a source (so the
/// order shows), over random bits.
#[test]
fn strided_blocks_equal_block_stepping() {
    let mut rng = crate::base::rng::SplitMix64::new(0x0dd_b1a5_ed5e_ed00);
    let mut next = || rng.next_u64();
    let w = |first, rstep, bstep| Blocks {
        first,
        rstep,
        bstep,
    };
    // (dst, a, b, repeats, active blocks), each layout with whole blocks and with a
    // bitwise mask.
    let layouts = [
        (w(0, 512, 64), w(4096, 512, 64), w(8192, 512, 64), 7, 0xff),
        (w(0, 256, 32), w(4096, 0, 32), w(8192, 32, 0), 5, 0xff),
        (w(0, 32, 0), w(4096, 256, 32), w(8192, 256, 32), 4, 0x5b),
        (w(64, 96, 64), w(0, 96, 64), w(32, 64, 96), 9, 0xf7),
        (w(0, 256, 32), w(0, 256, 32), w(8192, 256, 32), 3, 0x01),
    ];
    for (half, op) in [true, false]
        .into_iter()
        .flat_map(|h| [Op::Add, Op::Sub, Op::Mul].map(|op| (h, op)))
    {
        let lane = if half { 0x3u32 } else { 0xf };
        for &(d, a, b, n, blocks) in &layouts {
            for (splat, bitwise) in [(false, false), (true, false), (false, true), (true, true)] {
                // A random lane mask per block (a lane's bytes together) or whole blocks.
                let masks: [u32; 8] = std::array::from_fn(|k| {
                    let m = if bitwise {
                        let bits = next();
                        (0..32 / lane.count_ones())
                            .filter(|j| bits >> j & 1 == 1)
                            .fold(0, |m, j| m | lane << (j * lane.count_ones()))
                    } else {
                        u32::MAX
                    };
                    if blocks >> k & 1 == 1 {
                        m
                    } else {
                        0
                    }
                });
                let mut bytes: Vec<u8> = (0..12288).map(|_| next() as u8).collect();
                let mut want = bytes.clone();
                let splat = splat.then(|| next() as u32 & if half { 0xffff } else { !0 });
                let second = splat.map_or(Second::Blocks(b), Second::Splat);
                let bits =
                    std::array::from_fn(|w| masks[2 * w] as u64 | (masks[2 * w + 1] as u64) << 32);
                let mask = ByteMask::new(bits);
                if !binary_blocks(op, half, &mut bytes, (d, a, second), n, &mask) {
                    return; // a host without F16C/AVX: nothing to compare
                }
                let mut sv = [0u8; 32];
                for c in sv.chunks_exact_mut(if half { 2 } else { 4 }) {
                    c.copy_from_slice(&splat.unwrap_or(0).to_le_bytes()[..c.len()]);
                }
                for i in 0..n {
                    for (k, &m) in masks.iter().enumerate() {
                        let x: [u8; 32] = want[a.at(i, k)..][..32].try_into().unwrap();
                        let y: [u8; 32] = match splat {
                            Some(_) => sv,
                            None => want[b.at(i, k)..][..32].try_into().unwrap(),
                        };
                        let r = if half {
                            block_by_lanes::<f16>(op, &x, &y)
                        } else {
                            block_by_lanes::<f32>(op, &x, &y)
                        };
                        let o = &mut want[d.at(i, k)..][..32];
                        for j in (0..32).filter(|j| m >> j & 1 == 1) {
                            o[j] = r[j];
                        }
                    }
                }
                assert!(
                    bytes == want,
                    "{op:?} half {half} {d:?} {a:?} {b:?} {splat:?}"
                );
            }
        }
    }
}
