//! Repeat 0 and mask 0 (§1.4, §2.2, §9 rows 6 and 7) for the new families

use super::*;

pub(crate) fn zero_cases() -> Vec<Case> {
    let mut v = Vec::new();
    let cast0 = case(
        "§9 row 7: Cast with mask 0",
        A2,
        r#""s": (dtype: half, addr: 0x000, len: 64, init: Fill(1)),
           "d": (dtype: float, addr: 0x080, len: 64),"#,
        r#"Cast(dst: "d", src: "s", round: CAST_NONE, mask: 0, repeat_times: 1, params: [1, 1, 8, 4]),"#,
    );
    v.push(cast0.on(A2).warns("mask-zero").at("d", 0, unset(64)));
    v.push(cast0.on(I200).fails("mask-out-of-range"));
    let cmp0 = case(
        "§9 row 6: Compare with repeat_times 0",
        A2,
        &cmp_tensors(),
        r#"Compare(dst: "d", src0: "a", src1: "b", cmp: LT, mask: 64, repeat_times: 0, params: [1, 1, 1, 8, 8, 8]),"#,
    );
    v.push(cmp0.on(A2).warns("repeat-zero").at("d", 0, rep(I(0), 32)));
    v.push(cmp0.on(A950).warns("repeat-zero").at("d", 0, rep(I(0), 32)));
    v.push(
        case(
            "§9 row 6: Select, Brcb, GatherMask, ReduceSum with nothing to do",
            A2,
            r#""s": (dtype: half, addr: 0x000, len: 128, init: Fill(1)),
               "m": (dtype: uint8, addr: 0x100, len: 32, init: Fill(255)),
               "d": (dtype: half, addr: 0x200, len: 128),"#,
            r#"Select(dst: "d", sel_mask: "m", src0: "s", src1: "s", sel_mode: VSEL_TENSOR_TENSOR_MODE, count: 0),
               Brcb(dst: "d", src: "s", repeat_times: 0, dst_blk_stride: 1, dst_rep_stride: 8),
               GatherMask(dst: "d", src0: "s", pattern: 7, reduce_mode: false, mask: 0, params: [1, 0, 8, 0]),
               ReduceSum(dst: "d", src: "s", work: "s", count: 0),"#,
        )
        .warns("repeat-zero")
        .at("d", 0, unset(128))
        .returns(vec![(2, "rsvd_cnt", 0)]),
    );
    v
}
