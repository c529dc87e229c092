//! API forms a C++ kernel calls: element types, flexible scalars, GetValue, shifts, slices,
//! tensor lists, buffer pools and CANN's constants, each against its documented result.

use super::*;

/// int4b_t through ReinterpretCast (DK:类型转换/Cast 约束说明: two per byte, element 2i in the low
/// nibble): half -2.5 with CAST_FLOOR is -3 (0xd) in both nibbles, the byte 0xdd = -35 as
/// int8; 1024 bytes of float reinterpreted from element 128 (byte 512) hold 1024 int4b_t.
#[test]
fn int4b_t_tensors_pack_two_elements_a_byte() {
    let (dir, _) = kernel(
        "int4",
        "    AscendC::LocalTensor<half> h = t.ReinterpretCast<half>();\n    AscendC::Duplicate(h, half(-2.5f), 128);\n    AscendC::LocalTensor<AscendC::int4b_t> q = t[128].ReinterpretCast<AscendC::int4b_t>();\n    AscendC::Cast(q, h, AscendC::RoundMode::CAST_FLOOR, 128);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::LocalTensor<int8_t> qb = t[128].ReinterpretCast<int8_t>();\n    std::printf(\"%d %u\\n\", int(qb.GetValue(63)), q.GetSize());",
    );
    let r = ascstep_in(&dir, &["run", "int4.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "-35 1024\n", "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// 950's flexible scalar (the "灵活标量位置" pages): with BinaryConfig {0} the left tensor's
/// element is the scalar, on the left: Subs gives b[0] − a = 3 − 5 = −2; a value before the
/// tensor is on the left too: Ors(8, a) = 8 | 5 = 13. Select VSEL_TENSOR_SCALAR_MODE with config
/// {0}: f[32] = 9 is the scalar, chosen where a bit of 0x000f is set (lane 0), the tensor's 1
/// where it is clear (lane 4). On atlas_a2 the element form is refused.
#[test]
fn the_flexible_scalar_forms_run_on_ascend_950() {
    let (dir, _) = kernel(
        "flex",
        "    AscendC::LocalTensor<int16_t> a = t.ReinterpretCast<int16_t>();\n    AscendC::Duplicate(a, int16_t(5), 128);\n    AscendC::LocalTensor<int16_t> b = a[128];\n    AscendC::Duplicate(b, int16_t(3), 16);\n    AscendC::LocalTensor<int16_t> d = a[256];\n    static constexpr AscendC::BinaryConfig cfg = {0};\n    AscendC::Subs<AscendC::BinaryDefaultType, true, cfg>(d, b, a, 32);\n    AscendC::Ors(d[32], int16_t(8), a, 32);\n    AscendC::LocalTensor<float> f = t[160];\n    AscendC::Duplicate(f, 1.0f, 32);\n    AscendC::Duplicate(f[32], 9.0f, 8);\n    AscendC::LocalTensor<uint16_t> mw = t[208].ReinterpretCast<uint16_t>();\n    AscendC::Duplicate(mw, uint16_t(0x000f), 16);\n    AscendC::LocalTensor<uint8_t> m = t[208].ReinterpretCast<uint8_t>();\n    AscendC::Select<AscendC::BinaryDefaultType, uint8_t, cfg>(t[224], m, f[32], f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 32);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%d %d %g %g\\n\", int(d.GetValue(0)), int(d.GetValue(32)), t.GetValue(224), t.GetValue(228));",
    );
    let r = ascstep_in(&dir, &["run", "flex.asc", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "-2 13 9 1\n", "{}", r.dump());
    let r = ascstep_in(&dir, &["run", "flex.asc", "--product", "atlas_a2"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(
        &r.stderr,
        "error[unsupported-instruction]: Subs is not available on atlas_a2",
        &r,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Several values read back on one line each keep their own scalar (their names were once
/// reused from the third on, and the readback answered 0), and the import declares them once.
#[test]
fn three_get_values_on_one_line_read_three_values() {
    let (dir, _) = kernel(
        "getvalues",
        "    AscendC::Duplicate(t, 1.5f, 64);\n    AscendC::Duplicate(t[64], 2.5f, 64);\n    AscendC::Duplicate(t[128], 3.5f, 64);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%g %g %g\\n\", t.GetValue(0), t.GetValue(64), t.GetValue(128));",
    );
    let r = ascstep_in(&dir, &["run", "getvalues.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "1.5 2.5 3.5\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "getvalues.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    std::fs::write(dir.join("g.ron"), &imp.stdout).unwrap();
    let run = ascstep_in(&dir, &["run", "g.ron"], &[]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// ShiftLeft/ShiftRight by a tensor of amounts (950, DK:逻辑计算/ShiftLeft（左移位数为Tensor）): the
/// C++ overload with a LocalTensor src1 records as the shift-by-tensor form: 5 << 3 = 40, 5 >> 3
/// = 0 with 3 in every element of the amounts.
#[test]
fn shifts_by_a_tensor_of_amounts_run_on_ascend_950() {
    let (dir, _) = kernel(
        "shiftv",
        "    AscendC::LocalTensor<int16_t> a = t.ReinterpretCast<int16_t>();\n    AscendC::Duplicate(a, int16_t(5), 16);\n    AscendC::Duplicate(a[16], int16_t(3), 16);\n    AscendC::ShiftLeft(a[32], a, a[16], 16);\n    AscendC::ShiftRight(a[48], a, a[16], 16);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%d %d\\n\", int(a.GetValue(32)), int(a.GetValue(48)));",
    );
    let r = ascstep_in(&dir, &["run", "shiftv.asc", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "40 0\n", "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// DumpTensor prints the elements as they are (`?` uninitialised) and is not a step
/// (DK:调试接口/上板打印/DumpTensor).
#[test]
fn dump_tensor_prints_the_simulated_elements_without_a_step() {
    let (dir, _) = kernel(
        "dump",
        "    AscendC::Duplicate(t, 1.5f, 4);\n    AscendC::DumpTensor(t, 7, 6);",
    );
    let r = ascstep_in(&dir, &["run", "dump.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(
        r.stdout,
        "DumpTensor: desc=7, data_type=float, position=UB, size=6\n[1.5 1.5 1.5 1.5 ? ?]\n",
        "{}",
        r.dump()
    );
    has(&r.stderr, "1 API call recorded", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `if ASCEND_IS_AIV` runs (ascstep is the vector core), `if ASCEND_IS_AIC` does not; a
/// `__cube__`/`__mix__` qualifier compiles; GM beyond a RON program's 8 MiB is allocated.
#[test]
fn core_type_macros_and_large_global_memory() {
    let (dir, file) = kernel(
        "aiv",
        "    if ASCEND_IS_AIV {\n        AscendC::Duplicate(t, 1.0f, 8);\n    }\n    if ASCEND_IS_AIC {\n        AscendC::Duplicate(t, 2.0f, 8);\n    }",
    );
    let src = std::fs::read_to_string(&file).unwrap().replace(
        "aclrtMalloc((void**)&x, 1024,",
        "aclrtMalloc((void**)&x, 64 << 20,",
    );
    std::fs::write(
        &file,
        format!("{src}__global__ __cube__ void c() {{}}\n__global__ __mix__(1, 2) void m() {{}}\n"),
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "aiv.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stderr, "1 API call recorded", &r);
    let imp = ascstep_in(&dir, &["import", "aiv.asc"], &[]);
    has(&imp.stdout, "Duplicate(dst: \"t\", scalar: 1", &imp);
    let _ = std::fs::remove_dir_all(&dir);
}

/// DataCopy with SliceInfo, on the documentation's example (DK:数据搬运/GM与UB切片数据搬运):
/// from a 3 × 87 float tensor, rows 0 and 2 (stride 1 row), in each the slices of 3 blocks
/// (24 floats) from element 16, 7 elements apart (16..39, 47..70), packed into 2 × 48. One
/// count-form DataCopy per slice, at the call's line.
#[test]
fn a_slice_data_copy_moves_the_documented_slices() {
    let (dir, file) = kernel(
        "slice",
        "    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)x);\n    AscendC::SliceInfo src[] = {{16, 70, 7, 3, 87}, {0, 2, 1, 1, 3}};\n    AscendC::SliceInfo dst[] = {{0, 47, 0, 3, 48}, {0, 1, 0, 1, 2}};\n    AscendC::DataCopy(t, g, dst, src, 2);",
    );
    let src = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        src.replace(
            "aclrtMalloc((void**)&x, 1024,",
            "aclrtMalloc((void**)&x, 3 * 87 * 4,",
        ),
    )
    .unwrap();
    let imp = ascstep_in(&dir, &["import", "slice.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    let copies: Vec<&str> = imp
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("DataCopy("))
        .collect();
    let want = [(0, 16), (24, 47), (48, 2 * 87 + 16), (72, 2 * 87 + 47)];
    assert_eq!(copies.len(), want.len(), "{}", imp.stdout);
    for (line, (d, s)) in copies.iter().zip(want) {
        let dst = if d == 0 {
            "\"t\"".to_string()
        } else {
            format!("\"t[{d}]\"")
        };
        assert!(
            line.contains(&format!("DataCopy(dst: {dst}, src: \"x[{s}]\", count: 24)"))
                && line.contains("slice.asc:13:5"),
            "{line}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `TensorList` argument reaches the kernel as CANN's ListTensorDesc (docs/format.md §12.2):
/// GetSize, GetDesc's shape and GetDataPtr give each list tensor, named `inputs_i` for
/// `expect`; a failed expectation names its last writer's C++ position; the
/// `#ifdef __CCE_KT_TEST__` (CPU-debug only) branch is not compiled in.
#[test]
fn a_tensor_list_argument_is_a_list_tensor_desc() {
    let dir = scratch("kernel_tensor_list");
    std::fs::write(
        dir.join("addn.cpp"),
        r#"#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void addn(GM_ADDR inputs, GM_ADDR y, GM_ADDR workspace)
{
#ifdef __CCE_KT_TEST__
    return;
#endif
    ListTensorDesc list((__gm__ void*)inputs);
    uint64_t shape[1];
    TensorDesc<float> desc;
    desc.SetShapeAddr(shape);
    list.GetDesc(desc, 0);
    uint32_t n = desc.GetShape(0);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * 64 * sizeof(float));
    LocalTensor<float> acc = buf.Get<float>();
    LocalTensor<float> x = acc[64];
    Duplicate(acc, 0.0f, n);
    for (uint32_t i = 0; i < list.GetSize(); i++) {
        GlobalTensor<float> g;
        g.SetGlobalBuffer(list.GetDataPtr<float>(i));
        DataCopy(x, g, n);
        PipeBarrier<PIPE_ALL>();
        Add(acc, acc, x, n);
    }
    PipeBarrier<PIPE_ALL>();
    GlobalTensor<float> out;
    out.SetGlobalBuffer((__gm__ float*)y);
    DataCopy(out, acc, n);
}
"#,
    )
    .unwrap();
    let binding = |y_expected: &str| {
        format!(
            "Program(\n    code: Kernel(file: \"addn.cpp\", entry: \"addn\"),\n    args: {{\n        \"inputs\": TensorList([\n            (dtype: float, len: 64, init: Ramp(start: 0, step: 1)),\n            (dtype: float, len: 64, init: Fill(10)),\n            (dtype: float, len: 64, init: Ramp(start: 0, step: 2)),\n        ]),\n        \"y\": (dtype: float, len: 64),\n        \"workspace\": (dtype: uint8, len: 0),\n    }},\n    expect: [\n        (tensor: \"y\", values: {y_expected}),\n        (tensor: \"inputs_1\", values: Fill(10)),\n    ],\n)\n"
        )
    };
    // y = i + 10 + 2i.
    std::fs::write(dir.join("addn.ron"), binding("Ramp(start: 10, step: 3)")).unwrap();
    let r = ascstep_in(&dir, &["run", "addn.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..64]", &r);
    has(&r.stdout, "pass  inputs_1[0..64]", &r);
    std::fs::write(dir.join("wrong.ron"), binding("Ramp(start: 10, step: 4)")).unwrap();
    let r = ascstep_in(&dir, &["run", "wrong.ron"], &[]);
    assert_eq!(r.code, 1, "{}", r.dump());
    // Duplicate (0), three × DataCopy, PipeBarrier, Add (1–9), PipeBarrier (10), DataCopy (11)
    // on line 30.
    has(&r.stdout, "y[1] @ GM+0x804: expected 14, got 13", &r);
    has(
        &r.stdout,
        "last written by instruction 11 `DataCopy` (addn.cpp:30:5)",
        &r,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// CompareScalar (Compares' old name, as ops-nn's kernels call it) and Compares' mask form,
/// both recorded as Compares; the device compiler's `float16_t`/`float32_t` names.
#[test]
fn compare_scalar_and_the_compares_mask_form() {
    let (dir, _) = kernel(
        "cmps",
        "    AscendC::LocalTensor<uint8_t> m = t[128].ReinterpretCast<uint8_t>();\n    AscendC::Duplicate(t, float32_t(3.0f), 64);\n    AscendC::UnaryRepeatParams rp;\n    AscendC::CompareScalar(m, t, 2.0f, AscendC::CMPMODE::GT, 64, 1, rp);\n    AscendC::Compares(m, t, float16_t(2.0f), AscendC::CMPMODE::LT, 64);",
    );
    let imp = ascstep_in(&dir, &["import", "cmps.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    has(
        &imp.stdout,
        "Compares(dst: \"m\", src: \"t\", scalar: 2, cmp: GT, mask: 64, repeat_times: 1, params: [1, 1, 8, 8])",
        &imp,
    );
    has(
        &imp.stdout,
        "Compares(dst: \"m\", src: \"t\", scalar: 2, cmp: LT, count: 64)",
        &imp,
    );
    let _ = std::fs::remove_dir_all(&dir);
    // 950's flexible form with CANN's unused leading T0 named, as ops-math's fresnel_sin writes
    // it (`CompareScalar<uint8_t>(mask, x, s, GE, n)`): 64 floats 0, 1, …, 63 ≥ 60 set bits
    // 60–63, byte 7 = 0xF0 = 240; bytes 0–6 are 0.
    let (dir, _) = kernel(
        "cmps950",
        "    AscendC::LocalTensor<uint8_t> m = t[128].ReinterpretCast<uint8_t>();\n    for (int i = 0; i < 64; i++) t.SetValue(i, float(i));\n    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);\n    AscendC::CompareScalar<uint8_t>(m, t, 60.0f, AscendC::CMPMODE::GE, 64);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%d %d\\n\", int(m.GetValue(0)), int(m.GetValue(7)));",
    );
    let r = ascstep_in(
        &dir,
        &["run", "cmps950.asc", "--product", "ascend_950"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0 240\n", "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// TBufPool (DK:内存管理/TBufPool): a pool carved from the TPipe after its buffers, a sub-pool
/// and a buffer carved from it in order, and a pool sharing another's start (the bytes reused).
#[test]
fn buffer_pools_place_their_buffers_as_tpipe_does() {
    let (dir, _) = kernel(
        "pools",
        "    AscendC::TBufPool<AscendC::TPosition::VECCALC> p0, p1, p2;\n    pipe.InitBufPool(p0, 4096);\n    p0.InitBufPool(p1, 2048);\n    AscendC::TBuf<AscendC::TPosition::VECCALC> a, b, c;\n    p0.InitBuffer(a, 1024);\n    p0.InitBufPool(p2, 2048, p1);\n    p1.InitBuffer(b, 512);\n    p2.InitBuffer(c, 512);\n    AscendC::Duplicate(a.Get<float>(), 1.0f, 8);\n    AscendC::Duplicate(b.Get<float>(), 2.0f, 8);\n    AscendC::Duplicate(c.Get<float>(), 3.0f, 8);",
    );
    let imp = ascstep_in(&dir, &["import", "pools.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    // t: 1024 bytes at 0; p0 at 0x400 (4096 bytes), p1 its first 2048, a after p1 at 0xc00;
    // p2 shares p1's start, so b and c both lie at 0x400.
    let addrs: Vec<&str> = imp
        .stdout
        .lines()
        .filter(|l| l.contains("(dtype: float, addr: "))
        .collect();
    assert_eq!(addrs.len(), 3, "{}", imp.stdout);
    assert!(addrs[0].contains("addr: 0x0, len: 256"), "{}", imp.stdout);
    assert!(addrs[1].contains("addr: 0xc00, len: 256"), "{}", imp.stdout);
    assert!(addrs[2].contains("addr: 0x400, len: 128"), "{}", imp.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

/// CANN's kernel-side names that ops-nn's kernels use: the core type (`g_coreType` is AIV),
/// `likely`, the Vector Unit's constants (ONE_BLK_SIZE 32, ONE_REPEAT_BYTE_SIZE 256) and the
/// `pipe_barrier` intrinsic.
#[test]
fn cann_constants_and_the_core_type() {
    let (dir, _) = kernel(
        "consts",
        "    if (g_coreType == AscendC::AIC) {\n        return;\n    }\n    if (likely(AscendC::ONE_BLK_SIZE == 32)) {\n        AscendC::Duplicate(t, 1.0f, AscendC::ONE_REPEAT_BYTE_SIZE / sizeof(float));\n    }\n    pipe_barrier(PIPE_V);",
    );
    let imp = ascstep_in(&dir, &["import", "consts.asc"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    has(
        &imp.stdout,
        "Duplicate(dst: \"t\", scalar: 1, count: 64)",
        &imp,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// format.md §12.3, names kernels of the operator repositories use: AscendC::Std (the
/// standard type traits, min/max, tuple; the library's own IsSame, Int, is_one_of,
/// ceil_division, and its is_floating_point, which holds half and not bfloat16_t), TypeFromId (a
/// native data-type number's C++ type, void for none), AscendCUtils' mask setters as CANN computes them
/// (64 lanes: the low word; 8 floats, one block: every lane, as CANN's code does; 20: the
/// first 20), GetC0Count (32 bytes of 2-byte elements: 16), InitOutput (Fill's deprecated
/// name: a Duplicate then moves into GM), and CANN's internal reg_others header included
/// directly.
#[test]
fn std_ascendc_utils_and_init_output() {
    let (dir, _) = kernel(
        "utils_std",
        "    static_assert(AscendC::Std::is_same_v<AscendC::Std::remove_cvref_t<const float&>, float>);\n    static_assert(AscendC::Std::min(3, 5) == 3 && AscendC::Std::max(3, 5) == 5);\n    static_assert(AscendC::Std::is_tuple_v<AscendC::Std::tuple<int, float>> && !AscendC::Std::is_tuple_v<int>);\n    constexpr auto tp = AscendC::Std::make_tuple(1, 2.5f);\n    static_assert(AscendC::Std::get<0>(tp) == 1 && AscendC::Std::tuple_size_v<decltype(tp)> == 2);\n    static_assert(AscendC::AscendCUtils::GetC0Count(2) == 16);\n    static_assert(AscendC::Std::IsSame<half, half>::value && AscendC::Std::IsNotSame<half, float>::value);\n    static_assert(AscendC::Std::is_floating_point_v<half> && !AscendC::Std::is_floating_point_v<bfloat16_t> && !AscendC::Std::is_floating_point_v<int>);\n    static_assert(AscendC::Std::is_integral_v<AscendC::Std::Int<3>> && AscendC::Std::is_one_of_v<int, float, int>);\n    static_assert(AscendC::Std::ceil_division(10, 4) == 3 && AscendC::Std::ceil_align(10, 4) == 12);\n    static_assert(std::is_same_v<TypeFromId<C_DT_FLOAT16>::type, half> && std::is_same_v<TypeFromId<C_DT_INT64>::type, int64_t> && std::is_void_v<TypeFromId<99>::type>);\n    AscendC::AscendCUtils::SetMask<float>(64);\n    AscendC::AscendCUtils::SetMask<float>(8);\n    AscendC::AscendCUtils::SetMask<float>(20);\n    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)x, 64);\n    AscendC::InitOutput<float>(g, 64, 2.0f);",
    );
    let src = std::fs::read_to_string(dir.join("utils_std.asc")).unwrap();
    std::fs::write(
        dir.join("utils_std.asc"),
        format!("#include \"kernel_operator.h\"\n#include \"impl/dav_c220/kernel_operator_reg_others_impl.h\"\n#include \"ascendc/host_api/tiling/template_argument.h\"\n{src}"),
    )
    .unwrap();
    imports_with(
        &dir,
        "utils_std.asc",
        &[
            "SetVectorMask(high: 0, low: 18446744073709551615)",
            "SetVectorMask(high: 18446744073709551615, low: 18446744073709551615)",
            "SetVectorMask(high: 0, low: 1048575)",
            "Duplicate(dst:",
            "scalar: 2, count: ",
            // 64 floats: one burst of 256 bytes.
            "DataCopyPad(dst: \"x\", src: \"ub_400\", params: [1, 256, 0, 0])",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An index below zero into a GlobalTensor (`uint64_t`, so it wraps as the device's address
/// arithmetic does: ops-nn's ctc_loss_v3 copies from `tempAlphaGm[… - 1]` of its workspace and
/// overwrites what it did not own) reads the bytes before the allocation, with warning
/// `outside-tensor` at the call; the elements after are the allocation's own (the host's
/// 1..8). Before the first allocation there is no global memory: refused, the index said as -8.
#[test]
fn a_global_tensor_indexed_below_zero_reads_before_its_allocation() {
    let dir = scratch("kernel_before_alloc");
    let src = |first: bool| {
        format!(
            "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n__global__ __vector__ void k(GM_ADDR w, GM_ADDR out)\n{{\n    AscendC::TPipe pipe;\n    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;\n    pipe.InitBuffer(buf, 256);\n    AscendC::LocalTensor<float> t = buf.Get<float>();\n    AscendC::GlobalTensor<float> wg, og;\n    wg.SetGlobalBuffer((__gm__ float*)w, 8);\n    og.SetGlobalBuffer((__gm__ float*)out, 8);\n    int64_t i = 0;\n    AscendC::DataCopy(t, wg[i - 8], 16);\n    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(0);\n    AscendC::DataCopy(og, t[8], 8);\n}}\nint main()\n{{\n    uint8_t *a, *w, *out;\n    {}\n    aclrtMalloc((void**)&w, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    aclrtMalloc((void**)&out, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    float ws[8] = {{1, 2, 3, 4, 5, 6, 7, 8}}, os[8];\n    aclrtMemcpy(w, sizeof ws, ws, sizeof ws, ACL_MEMCPY_HOST_TO_DEVICE);\n    k<<<1, nullptr, nullptr>>>(w, out);\n    aclrtMemcpy(os, sizeof os, out, sizeof os, ACL_MEMCPY_DEVICE_TO_HOST);\n    for (float o : os) std::printf(\"%g \", o);\n    std::printf(\"\\n\");\n    return 0;\n}}\n",
            if first { "" } else { "aclrtMalloc((void**)&a, 64, ACL_MEM_MALLOC_HUGE_FIRST);" }
        )
    };
    std::fs::write(dir.join("before.asc"), src(false)).unwrap();
    let r = ascstep_in(&dir, &["run", "before.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "1 2 3 4 5 6 7 8 \n", "{}", r.dump());
    has(&r.stderr, "before.asc:13:", &r);
    has(
        &r.stderr,
        "warning[outside-tensor]: `w` is indexed 8 element(s) before its start",
        &r,
    );
    std::fs::write(dir.join("first.asc"), src(true)).unwrap();
    let r = ascstep_in(&dir, &["run", "first.asc"], &[]);
    assert_ne!(r.code, 0, "{}", r.dump());
    has(&r.stderr, "that is -8 as a signed 64-bit index", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs kernel file `file` (source `src`) in scratch directory `name` and checks that the kernel
/// stopped at `at` (`file:line:`) saying `said`.
fn stops_at(name: &str, file: &str, src: &str, at: &str, said: &str) {
    let dir = scratch(name);
    std::fs::write(dir.join(file), src).unwrap();
    let r = ascstep_in(&dir, &["run", file], &[]);
    assert_ne!(r.code, 0, "{}", r.dump());
    has(&r.stderr, at, &r);
    has(&r.stderr, said, &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A GlobalTensor set to a null address (an optional input the launch passed as nullptr) is
/// fine until an API call uses it; then the kernel stops at the SetGlobalBuffer line, saying
/// the address was null (before, at a line of ascstep's own header).
#[test]
fn a_null_optional_input_used_stops_at_its_set_global_buffer() {
    stops_at(
        "kernel_null_input",
        "null_input.asc",
        "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n__global__ __vector__ void k(GM_ADDR x, GM_ADDR opt, GM_ADDR out)\n{\n    AscendC::TPipe pipe;\n    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;\n    pipe.InitBuffer(buf, 256);\n    AscendC::LocalTensor<float> t = buf.Get<float>();\n    AscendC::GlobalTensor<float> xg, og, outg;\n    xg.SetGlobalBuffer((__gm__ float*)x, 8);\n    og.SetGlobalBuffer((__gm__ float*)opt, 8);\n    outg.SetGlobalBuffer((__gm__ float*)out, 8);\n    AscendC::DataCopy(t, xg, 8);\n    AscendC::DataCopy(t, og, 8);\n}\nint main()\n{\n    uint8_t *x, *out;\n    aclrtMalloc((void**)&x, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    aclrtMalloc((void**)&out, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    k<<<1, nullptr, nullptr>>>(x, nullptr, out);\n    return 0;\n}\n",
        "null_input.asc:11:",
        "the GlobalTensor set here to a null address (an absent optional input: the launch passed nullptr)",
    );
}

/// A GlobalTensor an API call uses before any SetGlobalBuffer stops the kernel where it was
/// constructed (a position in the kernel, not in ascstep's header): for a member of a class
/// whose constructor is the implicit one, at the class.
#[test]
fn a_global_tensor_used_before_set_global_buffer_stops_at_its_declaration() {
    stops_at(
        "kernel_unset_gm",
        "unset.asc",
        "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\nclass K {\npublic:\n    __aicore__ inline void Run(GM_ADDR x) {\n        AscendC::TPipe pipe;\n        AscendC::TBuf<AscendC::TPosition::VECCALC> buf;\n        pipe.InitBuffer(buf, 256);\n        AscendC::LocalTensor<float> t = buf.Get<float>();\n        AscendC::DataCopy(t, yGm, 8);\n    }\n    AscendC::GlobalTensor<float> yGm;\n};\n__global__ __vector__ void k(GM_ADDR x)\n{\n    K op;\n    op.Run(x);\n}\nint main()\n{\n    uint8_t* x;\n    aclrtMalloc((void**)&x, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    k<<<1, nullptr, nullptr>>>(x);\n    return 0;\n}\n",
        "unset.asc:3:7:",
        "an API call uses the GlobalTensor declared here before any SetGlobalBuffer",
    );
}

/// A LocalTensor an API call uses before it was allocated stops the kernel at the line that
/// constructed it (before, a line of ascstep's header).
#[test]
fn a_local_tensor_used_before_allocation_stops_where_it_was_declared() {
    stops_at(
        "kernel_unallocated_ub",
        "never.asc",
        "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n__global__ __vector__ void k(GM_ADDR x)\n{\n    AscendC::TPipe pipe;\n    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;\n    pipe.InitBuffer(buf, 256);\n    AscendC::LocalTensor<float> t = buf.Get<float>();\n    AscendC::LocalTensor<float> never;\n    AscendC::Add(t, t, never, 8);\n}\nint main()\n{\n    uint8_t* x;\n    aclrtMalloc((void**)&x, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    k<<<1, nullptr, nullptr>>>(x);\n    return 0;\n}\n",
        "never.asc:9:",
        "an API call uses the LocalTensor constructed here before it was allocated",
    );
}

/// Ascend 950's scalar atomics (DK:原子操作/AtomicAdd … AtomicExch) over four blocks, block b
/// adding b + 1: the sum 1 + 2 + 3 + 4 = 10.5 from 0.5, X
/// (b + 1, 1 − b) against 2 and 0, Cas 7 → 8 once (the first block's old value 7 matches; then 8
/// never does), Exch leaving the last block's 40. Each returns the old value: block 3's Add saw
/// 6.5 = 0.5 + 1 + 2 + 3. On Atlas A2 the call stops, naming the product.
#[test]
fn scalar_atomics_update_global_memory_across_blocks_on_ascend_950() {
    let dir = scratch("atomics");
    std::fs::write(
        dir.join("atomics.asc"),
        "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n#include <cstdio>\n__global__ __vector__ void k(GM_ADDR f, GM_ADDR i, GM_ADDR u)\n{\n    int b = AscendC::GetBlockIdx();\n    float seen = AscendC::AtomicAdd((__gm__ float*)f, float(b + 1));\n    AscendC::AtomicMax((__gm__ int32_t*)i, int32_t(b + 1));\n    AscendC::AtomicMin((__gm__ int32_t*)i + 1, int32_t(1 - b));\n    AscendC::AtomicCas((__gm__ uint32_t*)u, uint32_t(7), uint32_t(8));\n    AscendC::AtomicExch((__gm__ uint64_t*)u + 1, uint64_t(10 * (b + 1)));\n    if (b == 3) std::printf(\"seen %g\\n\", seen);\n}\nint main()\n{\n    uint8_t *f, *i, *u;\n    aclrtMalloc((void**)&f, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    aclrtMalloc((void**)&i, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    aclrtMalloc((void**)&u, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    float fs[8] = {0.5f};\n    int32_t is[8] = {2, 0};\n    uint32_t us[8] = {7, 0, 0, 0};\n    aclrtMemcpy(f, sizeof fs, fs, sizeof fs, ACL_MEMCPY_HOST_TO_DEVICE);\n    aclrtMemcpy(i, sizeof is, is, sizeof is, ACL_MEMCPY_HOST_TO_DEVICE);\n    aclrtMemcpy(u, sizeof us, us, sizeof us, ACL_MEMCPY_HOST_TO_DEVICE);\n    k<<<4, nullptr, nullptr>>>(f, i, u);\n    aclrtMemcpy(fs, sizeof fs, f, sizeof fs, ACL_MEMCPY_DEVICE_TO_HOST);\n    aclrtMemcpy(is, sizeof is, i, sizeof is, ACL_MEMCPY_DEVICE_TO_HOST);\n    aclrtMemcpy(us, sizeof us, u, sizeof us, ACL_MEMCPY_DEVICE_TO_HOST);\n    uint64_t x;\n    std::memcpy(&x, &us[2], 8);\n    std::printf(\"%g %d %d %u %llu\\n\", fs[0], is[0], is[1], us[0], (unsigned long long)x);\n    return 0;\n}\n",
    )
    .unwrap();
    let r = ascstep_in(
        &dir,
        &["run", "atomics.asc", "--product", "ascend_950"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "seen 6.5\n10.5 4 -2 8 40\n", "{}", r.dump());
    let r = ascstep_in(&dir, &["run", "atomics.asc", "--product", "atlas_a2"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "AtomicAdd is an Ascend 950 API", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Fma on Ascend 950 (DK:高阶API/数学计算/Fma接口/Fma, `lib/math/fma.h` as ops-math's
/// cosh includes it): one rounding, as CANN's Reg::FusedMulDstAdd: half 1.0009765625 ·
/// 0.9990234375 + (−1) is −2⁻²⁰ = −9.53674e-07 exactly (numpy in float64: −9.5367431640625e-07),
/// where rounding the product first gives 0. Stepped as an Adds of −0 and a MulAddDst.
#[test]
fn the_library_fma_rounds_once_on_ascend_950() {
    let (dir, _) = kernel(
        "fma",
        "    AscendC::LocalTensor<half> h = t.ReinterpretCast<half>();\n    AscendC::Duplicate(h, half(1.0009765625f), 16);\n    AscendC::Duplicate(h[16], half(0.9990234375f), 16);\n    AscendC::Duplicate(h[32], half(-1.0f), 16);\n    AscendC::PipeBarrier<PIPE_V>();\n    AscendC::Fma(h[48], h, h[16], h[32], 16);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%g\\n\", float(h.GetValue(48)));",
    );
    let src = std::fs::read_to_string(dir.join("fma.asc")).unwrap();
    std::fs::write(
        dir.join("fma.asc"),
        format!("#include \"lib/math/fma.h\"\n{src}"),
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "fma.asc", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "-9.53674e-07\n", "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "fma.asc", "--product", "ascend_950"], &[]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    has(
        &imp.stdout,
        "Adds(dst: \"h[48]\", src: \"h[32]\", scalar: -0, count: 16)",
        &imp,
    );
    has(
        &imp.stdout,
        "MulAddDst(dst: \"h[48]\", src0: \"h\", src1: \"h[16]\", count: 16)",
        &imp,
    );
    let r = ascstep_in(&dir, &["run", "fma.asc", "--product", "atlas_a2"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "Fma is an Ascend 950 API", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The CTRL register (DK:特殊寄存器访问/SetCtrlSpr(ISASI)): a block's bits start as ascstep
/// simulates them (Ascend 950: CTRL[60] = 1, saturation set globally, the page's default) and read
/// back what was written; writing a simulated bit to its simulated value is taken, and a bit no
/// mode depends on (CTRL[20]) is stored. Changing one ascstep does not simulate (CTRL[53], the
/// saturation of integer arithmetic) stops the kernel at that line, naming the bit, and what the
/// kernel printed before still shows. Not on 200I/500 A2.
#[test]
fn ctrl_register_bits_read_back_and_an_unsimulated_mode_stops() {
    let (dir, _) = kernel(
        "ctrl",
        "    int64_t g = AscendC::GetCtrlSpr<60, 60>();\n    AscendC::SetCtrlSpr<60, 60>(g);\n    AscendC::SetCtrlSpr<20, 21>(2);\n    int64_t b = AscendC::GetCtrlSpr<20, 21>();\n    AscendC::ResetCtrlSpr<20, 21>();\n    std::printf(\"%lld %lld %lld\\n\", (long long)g, (long long)b, (long long)AscendC::GetCtrlSpr<20, 21>());\n    AscendC::SetCtrlSpr<53, 53>(1);",
    );
    let r = ascstep_in(&dir, &["run", "ctrl.asc", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert_eq!(r.stdout, "1 2 0\n", "{}", r.dump());
    has(&r.stderr, "ctrl.asc:15:5: error[kernel-stopped]", &r);
    has(
        &r.stderr,
        "SetCtrlSpr<53, 53>(1) sets CTRL[53] to 1, where ascstep simulates only 0: saturation of integer arithmetic; ascstep simulates wrapping",
        &r,
    );
    let r = ascstep_in(
        &dir,
        &["run", "ctrl.asc", "--product", "atlas_200i_500_a2"],
        &[],
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "GetCtrlSpr is not available on this product", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// CTRL[60] = 0 on Ascend 950, as the register API's kernels set it (ops-nn's quant_max): each
/// instruction takes its own saturation, so CTRL[59] = 1 no longer truncates a Memory API Cast,
/// which saturates (40000.7 → 32767, −70000.5 → −32768; docs/semantics.md §6); the bit reads back.
#[test]
fn ctrl_60_zero_leaves_saturation_to_each_instruction() {
    let (dir, _) = kernel(
        "persat",
        "    AscendC::Duplicate(t, 0.0f, 64);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    t.SetValue(0, 40000.7f);\n    t.SetValue(1, -70000.5f);\n    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);\n    AscendC::LocalTensor<int16_t> s = t[64].ReinterpretCast<int16_t>();\n    AscendC::SetCtrlSpr<60, 60>(0);\n    AscendC::SetCtrlSpr<59, 59>(1);\n    AscendC::Cast(s, t, AscendC::RoundMode::CAST_TRUNC, 8);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%lld %d %d\\n\", (long long)AscendC::GetCtrlSpr<60, 60>(), int(s.GetValue(0)), int(s.GetValue(1)));",
    );
    let r = ascstep_in(&dir, &["run", "persat.asc", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0 32767 -32768\n", "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// CTRL[59] = 1 on Ascend 950, as ops-math's adds and muls set it around a float → int16 Cast
/// (DK:特殊寄存器访问/SetCtrlSpr(ISASI) 表3, truncation mode: the rounded value's low bits): the
/// casts between its set and reset are recorded with `saturate: false` and wrap as numpy's
/// `np.trunc(x).astype(np.int64).astype(np.int16)` does (40000.7 → −25536, −40000.2 → 25536,
/// 1e10 → −7168, 32767.9 → 32767, −70000.5 → −4464; float → int32 CAST_RINT 3e9 → −1294967296,
/// 5e9 → 705032704, −3e9 → 1294967296), NaN and inf giving 0 (docs/semantics.md §4.7); after
/// the reset the same Cast saturates. On Atlas A2 the bit has no documented meaning: stored, the
/// Cast saturates.
#[test]
fn ctrl_59_truncates_conversions_to_integers_on_ascend_950() {
    let (dir, _) = kernel(
        "trunc",
        "    AscendC::Duplicate(t, 0.0f, 64);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    float v[11] = {40000.7f, -40000.2f, 1e10f, 32767.9f, -70000.5f, __builtin_nanf(\"\"), __builtin_inff(), 0.0f, 3e9f, 5e9f, -3e9f};\n    for (int i = 0; i < 11; i++) t.SetValue(i, v[i]);\n    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);\n    AscendC::LocalTensor<int16_t> s = t[64].ReinterpretCast<int16_t>();\n    AscendC::LocalTensor<int32_t> w = t[128].ReinterpretCast<int32_t>();\n    AscendC::SetCtrlSpr<59, 59>(1);\n    long long on = AscendC::GetCtrlSpr<59, 59>();\n    AscendC::Cast(s, t, AscendC::RoundMode::CAST_TRUNC, 8);\n    AscendC::Cast(w, t[8], AscendC::RoundMode::CAST_RINT, 8);\n    AscendC::SetCtrlSpr<59, 59>(0);\n    AscendC::Cast(s[16], t, AscendC::RoundMode::CAST_TRUNC, 8);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%lld\", on);\n    for (int i = 0; i < 7; i++) std::printf(\" %d\", int(s.GetValue(i)));\n    for (int i = 0; i < 3; i++) std::printf(\" %d\", int(w.GetValue(i)));\n    for (int i = 16; i < 23; i++) std::printf(\" %d\", int(s.GetValue(i)));\n    std::printf(\"\\n\");",
    );
    let r = ascstep_in(&dir, &["run", "trunc.asc", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(
        r.stdout,
        "1 -25536 25536 -7168 32767 -4464 0 0 -1294967296 705032704 1294967296 32767 -32768 32767 32767 -32768 0 32767\n",
        "{}",
        r.dump()
    );
    let imp = ascstep_in(
        &dir,
        &["import", "trunc.asc", "--product", "ascend_950"],
        &[],
    );
    assert_eq!(imp.code, 0, "{}", imp.dump());
    has(
        &imp.stdout,
        "Cast(dst: \"s\", src: \"t\", round: CAST_TRUNC, count: 8, saturate: false)",
        &imp,
    );
    has(
        &imp.stdout,
        "Cast(dst: \"s[16]\", src: \"t\", round: CAST_TRUNC, count: 8),",
        &imp,
    );
    let r = ascstep_in(&dir, &["run", "trunc.asc", "--product", "atlas_a2"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout.starts_with(
            "1 32767 -32768 32767 32767 -32768 0 32767 2147483647 2147483647 -2147483648"
        ),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// NumericLimits (DK:工具接口/NumericLimits工具类, Ascend 950): the values' bits as the pages' tables
/// give them (half Max 0x7BFF, float Min 0x00800000, bfloat16 Infinity 0x7F80, half DeNormMin
/// 0x0001, int16 Lowest −32768) and a vector form filling a tensor's first elements (a Duplicate
/// of +inf, read back). Not on Atlas A2: the compile names the API.
#[test]
fn numeric_limits_give_the_documented_bits() {
    let (dir, _) = kernel(
        "limits",
        "    using AscendC::NumericLimits;\n    static_assert(NumericLimits<half>::Max().bits == 0x7BFF && NumericLimits<bfloat16_t>::Infinity().bits == 0x7F80);\n    static_assert(std::bit_cast<uint32_t>(NumericLimits<float>::Min()) == 0x00800000u && NumericLimits<int16_t>::Lowest() == -32768);\n    static_assert(NumericLimits<half>::DeNormMin().bits == 0x0001 && std::bit_cast<uint32_t>(NumericLimits<float>::SignalingNaN()) == 0x7FA00000u);\n    NumericLimits<float>::Infinity(t, 64);\n    NumericLimits<half>::DeNormMin(t[64].ReinterpretCast<half>(), 16);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%g %g %g\\n\", t.GetValue(0), t.GetValue(63), float(t[64].ReinterpretCast<half>().GetValue(15)));",
    );
    let r = ascstep_in(&dir, &["run", "limits.asc", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "inf inf 5.96046e-08\n", "{}", r.dump());
    let r = ascstep_in(&dir, &["run", "limits.asc", "--product", "atlas_a2"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "NumericLimits is an Ascend 950 API", &r);
    let _ = std::fs::remove_dir_all(&dir);
}
