//! The scalar unit (program-format.md §10): named scalars in numeric fields, GetValue, SetValue
//! and Let with C++'s arithmetic, and the synchronisation checks. Float results were derived
//! step by step in binary32 (numpy float32: s / n, + eps, sqrt, 1 / …), independently of
//! ascstep.

use super::*;

const X: &str = r#""x": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 1, step: 1)),
                   "y": (dtype: float, addr: 0x100, len: 64),"#;

/// rstd = 1 / sqrt(8 / 64 + 1e-6) in float, bits 0x403504c3.
const RSTD: f64 = 2.828415632247925;

pub(crate) fn scalar_unit_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // The norm pattern of the format page: y = 2x; s = y[3] = 8; rstd = 1 / sqrt(s / n + eps);
    // y = x · rstd; y[0] = rstd.
    let norm = case(
        "norm: GetValue, Let, a scalar in Muls, SetValue",
        A2,
        X,
        r#"Muls(dst: "y", src: "x", scalar: 2.0, count: "n"),
           PipeBarrier(pipe: PIPE_V),
           GetValue(dst: "s", src: "y[3]"),
           Let(dst: "rstd", expr: "1 / sqrt(s / n + eps)"),
           Muls(dst: "y", src: "x", scalar: "rstd", count: "n"),
           SetValue(dst: "y[0]", src: "rstd"),"#,
    )
    .scalars(
        r#""n": (dtype: int32, value: 64), "eps": (dtype: float, value: 1e-6),
           "s": (dtype: float), "rstd": (dtype: float),"#,
    );
    v.push(
        norm.clone()
            .scalar("s", F(8.0))
            .scalar("rstd", F(RSTD))
            .at("y", 0, fl(&[RSTD, 5.65683126449585, 8.485246658325195]))
            .at("y", 63, fl(&[181.0186004638672])),
    );
    // Without the barrier the scalar may read stale data on hardware: a warning.
    v.push(
        case(
            "GetValue after a vector write without a sync",
            A2,
            X,
            r#"Muls(dst: "y", src: "x", scalar: 2.0, count: 64),
               GetValue(dst: "s", src: "y[3]"),"#,
        )
        .scalars(r#""s": (dtype: float),"#)
        .warns("scalar-read-without-sync")
        .scalar("s", F(8.0)),
    );
    // SetFlag/WaitFlag V_S is a sync too.
    v.push(
        case(
            "GetValue after SetFlag/WaitFlag V_S",
            A2,
            X,
            r#"Muls(dst: "y", src: "x", scalar: 2.0, count: 64),
               SetFlag(event: V_S, id: 0),
               WaitFlag(event: V_S, id: 0),
               GetValue(dst: "s", src: "y[3]"),"#,
        )
        .scalars(r#""s": (dtype: float),"#)
        .scalar("s", F(8.0)),
    );
    // A GM → UB move that overwrites the vector's bytes makes them the move's: synchronised
    // MTE2 → S, the read is of the move's data, no warning; bytes the move left are still the
    // vector's.
    let moved = |read: &str| {
        case(
            &format!("GetValue of {read} after a GM → UB DataCopy over y[0..8]"),
            A2,
            X,
            &format!(
                r#"Muls(dst: "y", src: "x", scalar: 2.0, count: 64),
                   DataCopy(dst: "y", src: "yGm", count: 8),
                   SetFlag(event: MTE2_S, id: 0),
                   WaitFlag(event: MTE2_S, id: 0),
                   GetValue(dst: "s", src: "{read}"),"#
            ),
        )
        .gm(r#""yGm": (dtype: float, len: 8, init: Ramp(start: 100, step: 1)),"#)
        .scalars(r#""s": (dtype: float),"#)
    };
    v.push(moved("y[3]").scalar("s", F(103.0)));
    v.push(
        moved("y[10]")
            .scalar("s", F(22.0))
            .warns("scalar-read-without-sync"),
    );
    // SyncAll waits for every pipe of every block: within one block, PIPE_ALL's effect.
    v.push(
        case(
            "GetValue after SyncAll",
            A2,
            X,
            r#"Muls(dst: "y", src: "x", scalar: 2.0, count: 64),
               SyncAll(),
               GetValue(dst: "s", src: "y[3]"),"#,
        )
        .scalars(r#""s": (dtype: float),"#)
        .scalar("s", F(8.0)),
    );
    v.push(
        case(
            "WaitFlag without SetFlag",
            A2,
            X,
            r#"WaitFlag(event: V_S, id: 1),"#,
        )
        .warns("unpaired-wait-flag"),
    );
    // A vector instruction reading what SetValue wrote, without an S → V sync.
    v.push(
        case(
            "vector read after SetValue without a sync",
            A2,
            X,
            r#"SetValue(dst: "x[0]", src: 100.0),
               Adds(dst: "y", src: "x", scalar: 1.0, count: 64),"#,
        )
        .warns("vector-read-without-sync")
        .at("y", 0, fl(&[101.0, 3.0])),
    );
    // C++ integer arithmetic and conversions on assignment.
    let ints = |expr: &str, dtype: &str, want: E| {
        case(
            &format!("Let {dtype} = {expr}"),
            A2,
            X,
            &format!(r#"Let(dst: "r", expr: "{expr}"),"#),
        )
        .scalars(&format!(
            r#""n": (dtype: int32, value: 7), "h": (dtype: half, value: 1.5), "r": (dtype: {dtype}),"#
        ))
        .scalar("r", want)
    };
    v.push(ints("n / 2", "int32", I(3)));
    v.push(ints("-n / 2", "int32", I(-3)));
    v.push(ints("n % -3", "int32", I(1)));
    v.push(ints("(int32)2.9 + (int32)-2.9", "int32", I(0)));
    v.push(ints("1 << 4 | 1", "int32", I(17)));
    v.push(ints("n > 3 ? 10 : 20", "int32", I(10)));
    v.push(ints("n * 43", "uint8", I(301 - 256)));
    v.push(ints("min(n, 4) + max(n, 4)", "int32", I(11)));
    // half promotes to float; 0.1 is a double literal, converted to half on assignment.
    v.push(ints("h * 2", "float", F(3.0)));
    v.push(ints("0.1", "half", F(0.0999755859375)));
    v.push(ints("bits(1.0f)", "uint32", I(0x3f80_0000)));
    v.push(ints("isfinite(1.0 / 0.0)", "int32", I(0)));
    // Runtime errors at the step.
    let failing = |expr: &str, code: &'static str| {
        let mut c = ints(expr, "int32", U).fails(code);
        c.scalar_checks.clear();
        c
    };
    v.push(failing("n / (n - 7)", "division-by-zero"));
    v.push(failing("3e9", "scalar-out-of-range"));
    // Scalars in the numeric fields of a vector instruction: count, mask, repeat_times and a
    // stride, and the scalar argument (converted to the dst type).
    v.push(
        case(
            "scalars in mask, repeat_times, a stride and the scalar",
            A2,
            X,
            r#"Adds(dst: "y", src: "x", scalar: "k", mask: "m", repeat_times: "r",
                    params: (dst_blk_stride: 1, src_blk_stride: 1, dst_rep_stride: "rs", src_rep_stride: 1)),"#,
        )
        .scalars(
            r#""k": (dtype: int32, value: 10), "m": (dtype: int32, value: 4),
               "r": (dtype: int32, value: 2), "rs": (dtype: int32, value: 2),"#,
        )
        // mask 4, two repeats: repeat 0 writes y[0..4] = x[0..4] + 10; repeat 1 reads one block
        // (8 floats) further, x[8..12], and writes two blocks further, y[16..20].
        .at("y", 0, [fl(&[11.0, 12.0, 13.0, 14.0]), unset(12)].concat())
        .at("y", 16, [fl(&[19.0, 20.0, 21.0, 22.0]), unset(4)].concat()),
    );
    v.push(
        case(
            "an uninitialised scalar in count",
            A2,
            X,
            r#"Adds(dst: "y", src: "x", scalar: 1.0, count: "c"),"#,
        )
        .scalars(r#""c": (dtype: int32),"#)
        .warns("uninitialised-scalar")
        .warns("repeat-zero"),
    );
    // `ret` assigns GatherMask's rsvdCnt to a scalar, which then serves as a count: pattern 1
    // keeps the even lanes of one float repeat (64 lanes): 32 elements, x[0], x[2], … = 1, 3, ….
    v.push(
        case(
            "GatherMask ret into a scalar used as a count",
            A2,
            X,
            r#"GatherMask(dst: "y", src0: "x", pattern: 1, reduce_mode: false, mask: 0, params: [1, 1, 8, 0], ret: "cnt"),
               Adds(dst: "y", src: "y", scalar: 100.0, count: "cnt"),"#,
        )
        .scalars(r#""cnt": (dtype: int32),"#)
        .scalar("cnt", I(32))
        .at("y", 0, fl(&[101.0, 103.0, 105.0]))
        .at("y", 31, fl(&[163.0]))
        .returns(vec![(0, "rsvd_cnt", 32)]),
    );
    // A scalar as an operand's offset: GetValue(x[i]) with i = 5 gives 6; Adds on y[k], x[k]
    // with k = 8 (one block) writes y[8..16] = x[8..16] + 1; an offset past the tensor stops.
    v.push(
        case(
            "scalars as operand offsets",
            A2,
            X,
            r#"GetValue(dst: "s", src: "x[i]"),
               Let(dst: "k", expr: "i + 3"),
               Adds(dst: "y[k]", src: "x[k]", scalar: 1.0, count: 8),
               SetValue(dst: "y[i]", src: "s"),"#,
        )
        .scalars(r#""i": (dtype: int32, value: 5), "k": (dtype: int32), "s": (dtype: float),"#)
        .scalar("s", F(6.0))
        .scalar("k", I(8))
        .at(
            "y",
            5,
            [vec![F(6.0), U, U], ramp_f(10.0, 1.0, 8), vec![U]].concat(),
        ),
    );
    v.push(
        case(
            "a scalar offset past the tensor",
            A2,
            X,
            r#"GetValue(dst: "s", src: "x[i]"),"#,
        )
        .scalars(r#""i": (dtype: int32, value: 64), "s": (dtype: float),"#)
        .fails("scalar-out-of-range"),
    );
    // Scalars in DataCopyParams, Gather's base_addr and GatherMaskParams: the DataCopy example
    // [2, 3, 1, 2] with block_count from a scalar (burst 1 lands at y element 40 = 5 blocks);
    // base_addr 32 bytes = 8 floats; GatherMask pattern 7 (all) over "r" = 2 repeats keeps 128.
    v.push(
        case(
            "scalars in DataCopyParams, base_addr and GatherMaskParams",
            A2,
            r#""x": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
               "y": (dtype: float, addr: 0x200, len: 128),
               "o": (dtype: uint32, addr: 0x400, len: 8, init: Values([0, 4, 8, 12, 16, 20, 24, 28])),
               "g": (dtype: float, addr: 0x500, len: 8),
               "k": (dtype: float, addr: 0x600, len: 128),"#,
            r#"DataCopy(dst: "y", src: "x", params: ["nb", 3, 1, 2]),
               Gather(dst: "g", src: "x", offset: "o", base_addr: "b", count: 8),
               GatherMask(dst: "k", src0: "x", pattern: 7, reduce_mode: false, mask: 0, params: [1, "r", 8, 0]),"#,
        )
        .scalars(r#""nb": (dtype: int32, value: 2), "b": (dtype: uint32, value: 32), "r": (dtype: int32, value: 2),"#)
        .at("y", 0, [ramp_f(0.0, 1.0, 24), unset(16), ramp_f(32.0, 1.0, 24)].concat())
        .at("g", 0, ramp_f(8.0, 1.0, 8))
        .at("k", 0, ramp_f(0.0, 1.0, 128))
        .returns(vec![(2, "rsvd_cnt", 128)]),
    );
    // A scalar offset in the operands that are neither dst nor a source: Gather's offsets from
    // o[j] with j = 8 (o[8..16] = 28, 24, …, 0 bytes: x[7], x[6], …, x[0]); Select's selMask
    // from m[q] with q = 32 (one block: byte 0 = 0b00000101, lanes 0 and 2 from src0 = x,
    // the others from src1 = -1).
    v.push(
        case(
            "scalars as offsets of offset and sel_mask",
            A2,
            r#""x": (dtype: float, addr: 0x000, len: 8, init: Ramp(start: 0, step: 1)),
               "o": (dtype: uint32, addr: 0x020, len: 16, init: Values([0, 0, 0, 0, 0, 0, 0, 0, 28, 24, 20, 16, 12, 8, 4, 0])),
               "g": (dtype: float, addr: 0x060, len: 8),
               "m": (dtype: uint8, addr: 0x080, len: 64, init: Values([255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
               "n": (dtype: float, addr: 0x0c0, len: 8, init: Fill(-1)),
               "d": (dtype: float, addr: 0x0e0, len: 8),"#,
            r#"Gather(dst: "g", src: "x", offset: "o[j]", base_addr: 0, count: 8),
               Select(dst: "d", sel_mask: "m[q]", src0: "x", src1: "n", sel_mode: VSEL_TENSOR_TENSOR_MODE, count: 8),"#,
        )
        .scalars(r#""j": (dtype: int32, value: 8), "q": (dtype: int32, value: 32),"#)
        .at("g", 0, fl(&[7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0, 0.0]))
        .at("d", 0, fl(&[0.0, -1.0, 2.0, -1.0, -1.0, -1.0, -1.0, -1.0])),
    );
    // Scalars as mask words (mask[0] = l = 0b111: lanes 0–2), as SetVectorMask's high/low in
    // normal mode (the same three lanes) and as its len in counter mode (n = 5 elements).
    v.push(
        case(
            "scalars as mask words and SetVectorMask high/low/len",
            A2,
            r#""x": (dtype: float, addr: 0x000, len: 64, init: Ramp(start: 0, step: 1)),
               "y": (dtype: float, addr: 0x100, len: 64, init: Fill(0)),
               "w": (dtype: float, addr: 0x200, len: 64, init: Fill(0)),
               "z": (dtype: float, addr: 0x300, len: 64, init: Fill(0)),"#,
            r#"Adds(dst: "y", src: "x", scalar: 1.0, mask: ["l", "h"], repeat_times: 1, params: [1, 1, 8, 8]),
               SetVectorMask(high: "h", low: "l"),
               Adds(dst: "w", src: "x", scalar: 1.0, mask: Placeholder, repeat_times: 1, params: [1, 1, 8, 8]),
               SetMaskCount(),
               SetVectorMask(len: "n"),
               Adds(dst: "z", src: "x", scalar: 1.0, mask: Placeholder, repeat_times: 1, params: [1, 1, 8, 8]),
               SetMaskNorm(),
               ResetMask(),"#,
        )
        .scalars(r#""h": (dtype: uint64, value: 0), "l": (dtype: uint64, value: 7), "n": (dtype: int32, value: 5),"#)
        .at("y", 0, fl(&[1.0, 2.0, 3.0, 0.0]))
        .at("w", 0, fl(&[1.0, 2.0, 3.0, 0.0]))
        .at("z", 0, fl(&[1.0, 2.0, 3.0, 4.0, 5.0, 0.0])),
    );
    // GetReduceRepeatSumSpr (old name GetAccVal) returns the result of the last count-form
    // ReduceSum (DK:归约计算/寄存器辅助接口/GetReduceRepeatSumSpr: "返回前128个数的和"):
    // 0 + 1 + … + 127 = 127·128/2 = 8128, into a float and, converted as C++ does, an int32.
    // A2, A3 and 950 only; before any count-form ReduceSum the register is unset (the mask
    // form does not set it: the documentation names only the first-n form).
    let spr = case(
        "GetReduceRepeatSumSpr / GetAccVal after ReduceSum(count: 128)",
        A2,
        r#""x": (dtype: float, addr: 0x000, len: 128, init: Ramp(start: 0, step: 1)),
           "y": (dtype: float, addr: 0x200, len: 8, init: Fill(0)),
           "w": (dtype: float, addr: 0x300, len: 64),"#,
        r#"ReduceSum(dst: "y", src: "x", work: "w", mask: 64, repeat_times: 2, src_rep_stride: 8),
           GetAccVal(ret: "t"),
           ReduceSum(dst: "y", src: "x", work: "w", count: 128),
           GetReduceRepeatSumSpr(ret: "s"),
           GetAccVal(ret: "u"),"#,
    )
    .scalars(r#""s": (dtype: float), "t": (dtype: float), "u": (dtype: int32),"#);
    v.push(
        spr.clone()
            .scalar("s", F(8128.0))
            .scalar("u", I(8128))
            .scalar("t", U)
            .warns("reduce-sum-spr-unset"),
    );
    v.push(
        spr.on(A950)
            .scalar("s", F(8128.0))
            .scalar("t", U)
            .warns("reduce-sum-spr-unset"),
    );
    v.push(spr.on(I200).fails("unsupported-instruction"));
    v.push(spr.on(INFER).fails("unsupported-instruction"));
    // GetValue converts to the scalar's type, SetValue to the tensor's (C++ assignment).
    v.push(
        case(
            "GetValue float → int32 truncates; SetValue int32 → half",
            A2,
            r#""a": (dtype: float, addr: 0x000, len: 8, init: Values([2.75, -2.75, 0, 0, 0, 0, 0, 0])),
               "b": (dtype: half, addr: 0x020, len: 16, init: Fill(0)),"#,
            r#"GetValue(dst: "i", src: "a[1]"),
               Let(dst: "j", expr: "i * 1000"),
               SetValue(dst: "b[2]", src: "j"),"#,
        )
        .scalars(r#""i": (dtype: int32), "j": (dtype: int32),"#)
        .scalar("i", I(-2))
        .scalar("j", I(-2000))
        .at("b", 0, fl(&[0.0, 0.0, -2000.0, 0.0])),
    );
    v
}
