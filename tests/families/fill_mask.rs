//! Duplicate and the mask register (semantics.md §4.5, §2.2–§2.5)

use super::*;

pub(crate) fn fill_mask_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // §4.5 / §3: count 32 writes exactly dst[0..32].
    v.push(
        case(
            "Duplicate int16, count 32",
            A2,
            r#""d": (dtype: int16, addr: 0x000, len: 48),"#,
            r#"Duplicate(dst: "d", scalar: 7, count: 32),"#,
        )
        .at("d", 0, rep(I(7), 32))
        .at("d", 32, unset(16)),
    );
    // §4.5 high-dim + §1.2: mask 64, repeat 2, rep 8 → dst[128r .. 128r + 63].
    v.push(
        case(
            "Duplicate half, mask 64, repeat 2",
            A2,
            r#""d": (dtype: half, addr: 0x000, len: 256),"#,
            r#"Duplicate(dst: "d", scalar: 1.5, mask: 64, repeat_times: 2, dst_blk_stride: 1, dst_rep_stride: 8),"#,
        )
        .at("d", 0, rep(F(1.5), 64))
        .at("d", 64, unset(64))
        .at("d", 128, rep(F(1.5), 64))
        .at("d", 192, unset(64)),
    );
    // §1.2: float, dst_blk_stride 2 → block b (8 floats) at element 16b; the odd blocks stay
    // uninitialised.
    v.push(
        case(
            "Duplicate float, dst_blk_stride 2",
            A2,
            r#""d": (dtype: float, addr: 0x000, len: 128),"#,
            r#"Duplicate(dst: "d", scalar: -2.5, mask: 64, repeat_times: 1, dst_blk_stride: 2, dst_rep_stride: 16),"#,
        )
        .at(
            "d",
            0,
            (0..128)
                .map(|j| if (j / 8) % 2 == 0 { F(-2.5) } else { U })
                .collect(),
        ),
    );
    // §2.3: int32 uses mask[0] only: 0x0F → lanes 0..3; the rest keep 0.
    // uint16 both words: bit 0 of each → lanes 0 and 64.
    v.push(
        case(
            "Duplicate bitwise masks: int32 [0x0F], uint16 [1, 1]",
            A2,
            r#""d32": (dtype: int32, addr: 0x000, len: 8, init: Fill(0)),
               "d16": (dtype: uint16, addr: 0x020, len: 128),"#,
            r#"Duplicate(dst: "d32", scalar: -9, mask: [0x0F, 0], repeat_times: 1, dst_blk_stride: 1, dst_rep_stride: 8),
               Duplicate(dst: "d16", scalar: 0xBEEF, mask: [1, 1], repeat_times: 1, dst_blk_stride: 1, dst_rep_stride: 8),"#,
        )
        .at("d32", 0, ints(&[-9, -9, -9, -9, 0, 0, 0, 0]))
        .at("d16", 0, [ints(&[0xBEEF]), unset(63), ints(&[0xBEEF]), unset(63)].concat()),
    );
    let add16 = r#""a": (dtype: int16, addr: 0x000, len: 128, init: Ramp(start: 1, step: 1)),
                   "b": (dtype: int16, addr: 0x100, len: 128, init: Fill(100)),
                   "d": (dtype: int16, addr: 0x200, len: 128),
                   "e": (dtype: int16, addr: 0x300, len: 128),
                   "t": (dtype: int16, addr: 0x400, len: 16),
                   "g": (dtype: int16, addr: 0x500, len: 128),"#;
    // §2.5 SetVectorMask(maskHigh, maskLow): high word first. high 1, low 0xFF → lanes 0..7
    // and 64. A written lane k holds (k + 1) + 100.
    v.push(
        case(
            "SetVectorMask(high: 1, low: 0xFF) + Placeholder",
            A2,
            add16,
            r#"SetVectorMask(high: 1, low: 0xFF),
               Add(dst: "d", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .at(
            "d",
            0,
            [ramp_i(101, 1, 8), unset(56), ints(&[165]), unset(63)].concat(),
        ),
    );
    // §2.2 / §2.5 SetVectorMask(len) in normal mode = SetMask(len): 20 → lanes 0..19.
    v.push(
        case(
            "SetVectorMask(len: 20) + Placeholder",
            A2,
            add16,
            r#"SetVectorMask(len: 20),
               Add(dst: "d", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .at("d", 0, [ramp_i(101, 1, 20), unset(108)].concat()),
    );
    // §2.2 SetMask<float>(len): 40 → lanes 0..39. len 70 sets the high word too, which is
    // meaningless for b32 (only 64 lanes exist) [inferred in §2.2] → all 64 lanes.
    v.push(
        case(
            "SetVectorMask(len, dtype: float): 40 and 70",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 0, step: 1)),
               "d40": (dtype: float, addr: 0x100, len: 64),
               "d70": (dtype: float, addr: 0x200, len: 64),"#,
            r#"SetVectorMask(len: 40, dtype: float),
               Adds(dst: "d40", src: "s", scalar: 0.5, mask: Placeholder, repeat_times: 1),
               SetVectorMask(len: 70, dtype: float),
               Adds(dst: "d70", src: "s", scalar: 0.5, mask: Placeholder, repeat_times: 1),"#,
        )
        .at("d40", 0, [ramp_f(0.5, 1.0, 40), unset(24)].concat())
        .at("d70", 0, ramp_f(0.5, 1.0, 64)),
    );
    // §2.5 counter mode, the doc example: N = 130 half with {2, 2, 16, 16}. Repeat 0 runs 128
    // lanes, block b at blocks 2b (dst[32b .. 32b + 15]); repeat 1 runs 2 lanes 16 blocks in
    // (dst[256], dst[257]). Adds +1 on src[j] = j → j + 1. After SetMaskNorm + ResetMask a
    // Placeholder call covers all 128 lanes.
    v.push(
        case(
            "SetMaskCount + Placeholder, N = 130, {2, 2, 16, 16} (§2.5)",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 512, init: Ramp(start: 0, step: 1)),
               "d": (dtype: half, addr: 0x400, len: 512),
               "after": (dtype: half, addr: 0x800, len: 128),"#,
            r#"SetMaskCount(),
               SetVectorMask(high: 0, low: 130),
               Adds(dst: "d", src: "s", scalar: 1, mask: Placeholder, repeat_times: 1, params: [2, 2, 16, 16]),
               SetMaskNorm(),
               ResetMask(),
               Adds(dst: "after", src: "s", scalar: 1, mask: Placeholder, repeat_times: 1, params: [1, 1, 8, 8]),"#,
        )
        .at(
            "d",
            0,
            (0..512)
                .map(|j: usize| {
                    if (j < 256 && (j / 16) % 2 == 0) || j == 256 || j == 257 {
                        F(j as f64 + 1.0)
                    } else {
                        U
                    }
                })
                .collect(),
        )
        .at("after", 0, ramp_f(1.0, 1.0, 128)),
    );
    // §2.5 counter mode with float (PAR 64): N = 100 → repeat 0 with 64 lanes, repeat 1 with
    // 36; repeat_times (1) is ignored.
    v.push(
        case(
            "SetMaskCount, float N = 100: repeat_times ignored (§2.5)",
            A2,
            r#""s": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
               "d": (dtype: float, addr: 0x200, len: 128),"#,
            r#"SetMaskCount(),
               SetVectorMask(high: 0, low: 100),
               Muls(dst: "d", src: "s", scalar: 2, mask: Placeholder, repeat_times: 1),
               SetMaskNorm(),
               ResetMask(),"#,
        )
        .at("d", 0, [ramp_f(0.0, 2.0, 100), unset(28)].concat()),
    );
    // §2.5: the count form leaves the register all ones in normal mode, so a later
    // Placeholder call processes all 128 lanes despite the earlier SetVectorMask(0, 0xF).
    v.push(
        case(
            "count form leaves the register all ones (§2.5)",
            A2,
            add16,
            r#"SetVectorMask(high: 0, low: 0xF),
               Adds(dst: "t", src: "a", scalar: 1, count: 16),
               Add(dst: "d", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .at("t", 0, ramp_i(2, 1, 16))
        .at("d", 0, ramp_i(101, 1, 128)),
    );
    // §2.5 / §7 item 9: a count form after SetMaskCount resets the register to all ones in
    // normal mode (warning), so the following Placeholder call runs all 128 lanes.
    v.push(
        case(
            "count form in counter mode resets the register (warning)",
            A2,
            add16,
            r#"SetMaskCount(),
               SetVectorMask(high: 0, low: 5),
               Adds(dst: "t", src: "a", scalar: 1, count: 16),
               Add(dst: "d", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .warns("mask-register-reset")
        .at("t", 0, ramp_i(2, 1, 16))
        .at("d", 0, ramp_i(101, 1, 128)),
    );
    // §2.5 isSetMask = true programs the register from the argument: after Add(mask: 64)
    // a Placeholder call uses lanes 0..63 too. ResetMask restores all ones.
    v.push(
        case(
            "an explicit mask programs the register; ResetMask restores all ones (§2.5)",
            A2,
            add16,
            r#"Add(dst: "d", src0: "a", src1: "b", mask: 64, repeat_times: 1),
               Add(dst: "e", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),
               ResetMask(),
               Add(dst: "g", src0: "a", src1: "b", mask: Placeholder, repeat_times: 1),"#,
        )
        .at("d", 0, [ramp_i(101, 1, 64), unset(64)].concat())
        .at("e", 0, [ramp_i(101, 1, 64), unset(64)].concat())
        .at("g", 0, ramp_i(101, 1, 128)),
    );
    v
}
