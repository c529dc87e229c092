//! Global memory and the GM ↔ UB moves (docs/semantics.md §18, docs/format.md §11). Values
//! derived by hand from DK:数据搬运/GM与UB数据搬运 (DataCopy: 连续, 高维切分 示例2; DataCopyPad:
//! GMToUB 示例2 and 调用示例 场景2, UBToGM 非32字节对齐场景).

use super::*;

pub(crate) fn gm_cases() -> Vec<Case> {
    let mut v = Vec::new();
    let a_half = r#""a": (dtype: half, addr: 0x000, len: 256, init: Fill(-1)),"#;
    let x_ramp = r#""xGm": (dtype: half, len: 512, init: Ramp(start: 1, step: 1)),"#;

    // 连续搬运: count elements from an operand offset of the GM tensor.
    v.push(
        case(
            "DataCopy GM → UB, count 128 from xGm[16]",
            A2,
            a_half,
            r#"DataCopy(dst: "a", src: "xGm[16]", count: 128),"#,
        )
        .gm(x_ramp)
        .at("a", 0, ramp_f(17.0, 1.0, 128))
        .at("a", 128, rep(F(-1.0), 128)),
    );
    // count·sizeof(T) = 200 bytes: rounded down to 192 (96 halves), "向下取整到32字节对齐".
    v.push(
        case(
            "DataCopy GM → UB, count 100 half: 96 moved",
            A2,
            a_half,
            r#"DataCopy(dst: "a", src: "xGm", count: 100),"#,
        )
        .gm(x_ramp)
        .at("a", 0, ramp_f(1.0, 1.0, 96))
        .at("a", 96, rep(F(-1.0), 8))
        .warns("data-copy-truncated"),
    );
    // 高维切分 示例2 (half, 1 × 112): blockCount 2, blockLen 3, srcGap 1, dstGap 2. Burst 0:
    // src blocks 0..3 (elements 0..48) → dst blocks 0..3; burst 1: src blocks 4..7 (64..112)
    // → dst blocks 5..8 (80..128). Every product has the GM path, 200I/500 A2 included.
    let params = case(
        "DataCopy GM → UB, DataCopyParams {2, 3, 1, 2}: DK 示例2",
        A2,
        a_half,
        r#"DataCopy(dst: "a", src: "xGm", params: [2, 3, 1, 2]),"#,
    )
    .gm(r#""xGm": (dtype: half, len: 112, init: Ramp(start: 0, step: 1)),"#)
    .at("a", 0, ramp_f(0.0, 1.0, 48))
    .at("a", 48, rep(F(-1.0), 32))
    .at("a", 80, ramp_f(64.0, 1.0, 48))
    .at("a", 128, rep(F(-1.0), 128));
    for p in [A2, I200, TRAIN, A950] {
        v.push(params.on(p));
    }
    // UB → GM: the rest of the GM tensor stays uninitialised.
    v.push(
        case(
            "DataCopy UB → GM, count 64 into zGm[64]",
            A2,
            r#""a": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 0.5, step: 1)),"#,
            r#"DataCopy(dst: "zGm[64]", src: "a", count: 64),"#,
        )
        .gm(r#""zGm": (dtype: float, len: 192),"#)
        .at("zGm", 0, unset(64))
        .at("zGm", 64, ramp_f(0.5, 1.0, 64))
        .at("zGm", 128, unset(64)),
    );
    // GMToUB 示例2: blockLen 47 bytes, srcStride 1 byte, dstStride 1 block, no padding. Burst 0
    // reads GM bytes 0..47 (values 1..47) into UB 0..47 and dummy bytes 47..64 repeat the first
    // element (1); burst 1 reads GM 48..95 (values 49..95) into UB 96..143 (64 + 1 block), dummy
    // 143..160 = 49; UB 64..96 is not written.
    v.push(
        case(
            "DataCopyPad GM → UB, int8 blockLen 47: dummy = first element (DK 示例2)",
            A2,
            r#""u": (dtype: int8, addr: 0x000, len: 192, init: Fill(-1)),"#,
            r#"DataCopyPad(dst: "u", src: "xGm", params: [2, 47, 1, 1], pad: [false, 0, 0, 0]),"#,
        )
        .gm(r#""xGm": (dtype: int8, len: 120, init: Ramp(start: 1, step: 1)),"#)
        .at("u", 0, ramp_i(1, 1, 47))
        .at("u", 47, rep(I(1), 17))
        .at("u", 64, rep(I(-1), 32))
        .at("u", 96, ramp_i(49, 1, 47))
        .at("u", 143, rep(I(49), 17))
        .at("u", 160, rep(I(-1), 32)),
    );
    // 调用示例 场景2 (two rows instead of 32): float rows of 59, isPad true, rightPadding 5,
    // paddingValue 0: each UB row is 64 floats, 59 data and 5 zeros.
    let rows = r#""w": (dtype: float, addr: 0x000, len: 128, init: Fill(7)),"#;
    let src = r#""xGm": (dtype: float, len: 118, init: Ramp(start: 1, step: 1)),"#;
    v.push(
        case(
            "DataCopyPad GM → UB, isPad, rightPadding 5: DK 场景2",
            A3,
            rows,
            r#"DataCopyPad(dst: "w", src: "xGm", params: [2, 236, 0, 0], pad: [true, 0, 5, 0]),"#,
        )
        .gm(src)
        .at("w", 0, ramp_f(1.0, 1.0, 59))
        .at("w", 59, rep(F(0.0), 5))
        .at("w", 64, ramp_f(60.0, 1.0, 59))
        .at("w", 123, rep(F(0.0), 5)),
    );
    // isPad false with padding: "左右两侧填充的数据值和dummy值均为随机值": uninitialised.
    v.push(
        case(
            "DataCopyPad GM → UB, rightPadding without isPad: padding undefined",
            A2,
            rows,
            r#"DataCopyPad(dst: "w", src: "xGm", params: [2, 236, 0, 0], pad: (is_pad: false, left_padding: 0, right_padding: 5, padding_value: 0)),"#,
        )
        .gm(src)
        .at("w", 0, ramp_f(1.0, 1.0, 59))
        .at("w", 59, unset(5))
        .at("w", 64, ramp_f(60.0, 1.0, 59))
        .at("w", 123, unset(5)),
    );
    // Left padding 2 and paddingValue 9, half, blockLen 40 bytes: a burst is
    // ceil32(4 + 40) = 64 bytes: 2 × 9, 20 data, then 10 × 9 (pad and dummy take the value).
    v.push(
        case(
            "DataCopyPad GM → UB, leftPadding 2, isPad, value 9",
            A950,
            a_half,
            r#"DataCopyPad(dst: "a", src: "xGm[4]", params: [1, 40, 0, 0], pad: [true, 2, 0, 9]),"#,
        )
        .gm(x_ramp)
        .at("a", 0, rep(F(9.0), 2))
        .at("a", 2, ramp_f(5.0, 1.0, 20))
        .at("a", 22, rep(F(9.0), 10))
        .at("a", 32, rep(F(-1.0), 8)),
    );
    // UBToGM: blockLen 20 bytes (5 floats), src stride 0 blocks, dst stride 8 bytes. Burst 0:
    // UB 0..20 → GM 0..20; burst 1: UB from ceil32(20) = 32 (element 8) → GM 28 (element 7).
    v.push(
        case(
            "DataCopyPad UB → GM, blockLen 20, dstStride 8 bytes",
            A2,
            r#""a": (dtype: float, addr: 0x000, len: 16, init: Ramp(start: 1, step: 1)),"#,
            r#"DataCopyPad(dst: "zGm", src: "a", params: [2, 20, 0, 8]),"#,
        )
        .gm(r#""zGm": (dtype: float, len: 16, init: Fill(0)),"#)
        .at("zGm", 0, ramp_f(1.0, 1.0, 5))
        .at("zGm", 5, rep(F(0.0), 2))
        .at("zGm", 7, ramp_f(9.0, 1.0, 5))
        .at("zGm", 12, rep(F(0.0), 4)),
    );
    // GlobalTensor::GetValue / SetValue reach global memory directly.
    v.push(
        case(
            "GetValue and SetValue on a GM tensor",
            A2,
            "",
            r#"GetValue(dst: "s", src: "xGm[9]"),
               SetValue(dst: "xGm[0]", src: "s"),"#,
        )
        .gm(r#""xGm": (dtype: int32, len: 16, init: Ramp(start: 100, step: 1)),"#)
        .scalars(r#""s": (dtype: int32),"#)
        .scalar("s", I(109))
        .at("xGm", 0, ints(&[109, 101])),
    );
    // Product tables ("产品支持情况", "数据类型").
    let pad = case(
        "DataCopyPad is not on training or inference",
        TRAIN,
        rows,
        r#"DataCopyPad(dst: "w", src: "xGm", params: [1, 236, 0, 0]),"#,
    )
    .gm(src)
    .fails("unsupported-instruction");
    v.push(pad.clone());
    v.push(
        pad.on(Product::AtlasInference)
            .fails("unsupported-instruction"),
    );
    v.push(
        case(
            "DataCopy GM → UB of bfloat16 on training",
            TRAIN,
            r#""b": (dtype: bfloat16, addr: 0x000, len: 16),"#,
            r#"DataCopy(dst: "b", src: "bGm", count: 16),"#,
        )
        .gm(r#""bGm": (dtype: bfloat16, len: 16, init: Fill(1)),"#)
        .fails("unsupported-dtype"),
    );
    v.push(
        case(
            "DataCopyPad of int64 on 200I/500 A2",
            I200,
            r#""q": (dtype: int64, addr: 0x000, len: 4),"#,
            r#"DataCopyPad(dst: "q", src: "qGm", params: [1, 32, 0, 0]),"#,
        )
        .gm(r#""qGm": (dtype: int64, len: 4, init: Fill(1)),"#)
        .fails("unsupported-dtype"),
    );
    // Constraints of the DataCopyPad pages.
    v.push(
        case(
            "DataCopyPad blockLen not a multiple of sizeof(float)",
            A2,
            rows,
            r#"DataCopyPad(dst: "w", src: "xGm", params: [1, 30, 0, 0]),"#,
        )
        .gm(src)
        .fails("bad-params"),
    );
    v.push(
        case(
            "DataCopyPad rightPadding of 9 floats is 36 bytes, over 32",
            A2,
            rows,
            r#"DataCopyPad(dst: "w", src: "xGm", params: [1, 16, 0, 0], pad: [true, 0, 9, 0]),"#,
        )
        .gm(src)
        .fails("bad-params"),
    );
    // The padded burst (64 floats per row) must fit the dst tensor: 3 rows need 192.
    v.push(
        case(
            "DataCopyPad padded bursts beyond the dst tensor",
            A2,
            rows,
            r#"DataCopyPad(dst: "w", src: "xGm", params: [3, 200, 0, 0], pad: [true, 0, 5, 0]),"#,
        )
        .gm(src)
        .fails("outside-tensor"),
    );
    v.push(
        case(
            "DataCopy reading past the end of its GM tensor",
            A2,
            a_half,
            r#"DataCopy(dst: "a", src: "xGm[448]", count: 128),"#,
        )
        .gm(x_ramp)
        .fails("outside-tensor"),
    );
    // "位于Unified Buffer的地址必须32字节对齐": a[8] is 16 bytes in.
    v.push(
        case(
            "DataCopy GM → UB to a UB address that is not 32-byte aligned",
            A2,
            a_half,
            r#"DataCopy(dst: "a[8]", src: "xGm", count: 16),"#,
        )
        .gm(x_ramp)
        .fails("misaligned-operand"),
    );
    // Reading uninitialised global memory warns like a UB read.
    v.push(
        case(
            "DataCopy of uninitialised GM",
            A2,
            a_half,
            r#"DataCopy(dst: "a", src: "xGm", count: 16),"#,
        )
        .gm(r#""xGm": (dtype: half, len: 16),"#)
        .warns("uninitialised-read"),
    );
    // int4b_t, UB → GM, as CANN's quant kernels write their outputs on A2 (docs/semantics.md
    // §18): block_len 16 bytes moves 32 elements, both nibbles of each byte, to yGm[32..64]
    // (bytes 16..32); the GM around them keeps its zeros.
    let nibbles: Vec<i128> = (0..64).map(|i| (i % 16) - 8).collect();
    v.push(
        case(
            "DataCopyPad UB → GM, int4b_t: block_len bytes, two elements a byte",
            A2,
            &format!(
                r#""u": (dtype: int4, addr: 0x000, len: 64, init: Values([{}])),"#,
                nibbles
                    .iter()
                    .map(i128::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            r#"DataCopyPad(dst: "yGm[32]", src: "u[0]", params: [1, 16, 0, 0]),"#,
        )
        .gm(r#""yGm": (dtype: int4, len: 128, init: Fill(0)),"#)
        .at("yGm", 0, ints(&[0; 32]))
        .at("yGm", 32, ints(&nibbles[..32]))
        .at("yGm", 64, ints(&[0; 64]))
        .warns("dtype-not-documented"),
    );
    v
}
