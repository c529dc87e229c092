//! Operator kernels as CANN's build compiles them (docs/format.md §12.2): tiling-key
//! templates, the instantiation a binding's `tiling_key` selects.

mod common;

use common::{ascstep_in, scratch, Run};
use std::path::PathBuf;

/// tests/tpl_kernel copied to a scratch directory, with `fill_mode.ron`'s Kernel(…) fields
/// after `entry` replaced by `kernel` and its expected value by `value`.
fn fill_mode(name: &str, kernel: &str, value: i32) -> (std::path::PathBuf, Run) {
    let dir = scratch(&format!("tpl_{name}"));
    let src = common::root("tests/tpl_kernel");
    std::fs::create_dir_all(dir.join("op_kernel")).unwrap();
    for f in [
        "op_kernel/fill_mode.cpp",
        "op_kernel/fill_mode_tiling_key.h",
    ] {
        std::fs::copy(src.join(f), dir.join(f)).unwrap();
    }
    let ron = std::fs::read_to_string(src.join("fill_mode.ron")).unwrap();
    let ron = ron
        .replace("entry: \"fill_mode\", tiling_key: 5", kernel)
        .replace(
            "-4, -4, -4, -4, -4, -4, -4, -4",
            &vec![value.to_string(); 8].join(", "),
        );
    std::fs::write(dir.join("k.ron"), ron).unwrap();
    let r = ascstep_in(&dir, &["run", "k.ron"]);
    (dir, r)
}

/// CANN's encoding (impl/utils/tiling/template_argument.cpp, EncodeTilingKey): the declared
/// parameters from bit 0 in order, a UINT as the index of its value among those declared in
/// its bit width, a BOOL and a DATATYPE as their values (a DATATYPE passed as its C++ type).
/// MODE (2 bits: 1, 4, 9), NEG (1 bit), D_T (8 bits, C_DT_FLOAT = 0).
#[test]
fn a_bare_template_entry_runs_the_instantiation_its_tiling_key_encodes() {
    // Key 5: MODE index 1 (4), NEG 1: -4.
    let (dir, r) = fill_mode("key5", "entry: \"fill_mode\", tiling_key: 5", -4);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("pass  y[0..8]"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
    // Key 6: MODE index 2, a constexpr constant (3 * 3), NEG 1: -9.
    let (dir, r) = fill_mode("key6", "entry: \"fill_mode\", tiling_key: 6", -9);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
    // No key: key 0, MODE index 0 (1), NEG 0: 1.
    let (dir, r) = fill_mode("key0", "entry: \"fill_mode\"", 1);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
    // Template arguments named in the entry are used as given.
    let (dir, r) = fill_mode("explicit", "entry: \"fill_mode<4, false, float>\"", 4);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A template head written as a macro (atvoss's `template <REDUCE_TPL_PARAM>`) has the
/// parameters the macro stands for, as the compiler sees them.
#[test]
fn a_template_head_given_by_a_macro_is_read_as_the_compiler_reads_it() {
    let (dir, r) = fill_mode("macro_head", "entry: \"fill_mode\", tiling_key: 5", -4);
    assert_eq!(r.code, 0, "{}", r.dump());
    let cpp = dir.join("op_kernel/fill_mode.cpp");
    let text = std::fs::read_to_string(&cpp).unwrap();
    let head = "template <uint32_t MODE, bool NEG, typename D_T>";
    assert!(text.contains(head));
    let macro_head = "#define FILL_MODE_TPL_PARAM uint32_t MODE, bool NEG, typename D_T\ntemplate <FILL_MODE_TPL_PARAM>";
    std::fs::write(&cpp, text.replace(head, macro_head)).unwrap();
    let r = ascstep_in(&dir, &["run", "k.ron"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("pass  y[0..8]"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A declaration split by `#ifdef __CCE_KT_TEST__` (ops-nn's inplace_apply_power_sign: a plain
/// `extern "C"` entry for the unit-test build, the template for the device build): a binding
/// compiles the device branch, so the template's instantiation is taken from the key.
#[test]
fn a_template_head_in_the_device_branch_of_a_unit_test_split_is_instantiated() {
    let (dir, r) = fill_mode("kt_split", "entry: \"fill_mode\", tiling_key: 5", -4);
    assert_eq!(r.code, 0, "{}", r.dump());
    let cpp = dir.join("op_kernel/fill_mode.cpp");
    let text = std::fs::read_to_string(&cpp).unwrap();
    let head =
        "template <uint32_t MODE, bool NEG, typename D_T>\n__global__ __aicore__ void fill_mode(";
    assert!(text.contains(head));
    let split = "#ifdef __CCE_KT_TEST__\nextern \"C\" __global__ __aicore__ void fill_mode(\n#else\ntemplate <uint32_t MODE, bool NEG, typename D_T>\n__global__ __aicore__ void fill_mode(\n#endif\n";
    std::fs::write(&cpp, text.replace(head, split)).unwrap();
    let r = ascstep_in(&dir, &["run", "k.ron"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("pass  y[0..8]"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tiling_key_no_selection_makes_is_refused_with_the_keys_that_exist() {
    // Key 2: MODE 9 with NEG 0, declared but selected by neither ASCENDC_TPL_ARGS_SEL. The
    // selections make keys 0, 1, 4, 5 (MODE 1 or 4, NEG 0 or 1) and 6 (MODE 9, NEG 1).
    let (dir, r) = fill_mode("key2", "entry: \"fill_mode\", tiling_key: 2", 0);
    assert_eq!(r.code, 3, "{}", r.dump());
    for want in [
        "error[binding]: k.ron:3:11: the entry `fill_mode` is a template over (MODE, NEG, D_T)",
        "tiling_key 2 names no instantiation",
        "it encodes MODE=9, NEG=0, D_T=float, which no ASCENDC_TPL_ARGS_SEL selects",
        "0 (MODE=1, NEG=0, D_T=float), 1 (MODE=4, NEG=0, D_T=float), 4 (MODE=1, NEG=1, D_T=float), 5 (MODE=4, NEG=1, D_T=float), 6 (MODE=9, NEG=1, D_T=float)",
    ] {
        assert!(r.stderr.contains(want), "missing {want:?}\n{}", r.dump());
    }
    let _ = std::fs::remove_dir_all(&dir);
    // Key 3: MODE's two bits are 3, and MODE declares three values.
    let (dir, r) = fill_mode("key3", "entry: \"fill_mode\", tiling_key: 3", 0);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr
            .contains("its bits for `MODE` are 3, and `MODE` declares 3 values"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
    // Key 2048: beyond the 11 bits the declaration takes.
    let (dir, r) = fill_mode("key2048", "entry: \"fill_mode\", tiling_key: 2048", 0);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(r.stderr.contains("take 11 bits"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A template entry without ASCENDC_TPL_ARGS_DECL cannot be instantiated from a key.
#[test]
fn a_template_entry_without_a_declaration_asks_for_its_arguments() {
    let dir = scratch("tpl_undeclared");
    std::fs::write(
        dir.join("k.cpp"),
        "#include \"kernel_operator.h\"\ntemplate <int N>\n__global__ __aicore__ void k(GM_ADDR y) {}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("k.ron"),
        "Program(code: Kernel(file: \"k.cpp\", entry: \"k\"), args: { \"y\": (dtype: float, len: 8) })\n",
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "k.ron"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("k.ron:1:15: the entry `k` is a template over (N) and the kernel declares no ASCENDC_TPL_ARGS_DECL: name its arguments, entry: \"k<…>\""),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs tests/cann_layout's op `op` (its `<op>.ron`) and checks it exits 0 with `range` passing
/// its expectation.
fn layout_op_passes(op: &str, range: &str) {
    let dir = common::root(&format!("tests/cann_layout/math/{op}"));
    let r = ascstep_in(&dir, &["run", &format!("{op}.ron")]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains(&format!("pass  {range}")), "{}", r.dump());
}

/// format.md §12.2: a tiling struct this op declares nowhere is found in another op's
/// op_host/ of the same repository (tests/cann_layout's scale_only registers scaled_table's
/// struct, as ops-nn's foreach ops register foreach_utils' ForeachCommonTilingData); the
/// binding's expectation is y = 3x.
#[test]
fn a_tiling_struct_of_another_op_of_the_repository_is_found() {
    layout_op_passes("scale_only", "y[0..32]");
}

/// format.md §12.2, as CANN's build for Atlas A2 compiles tests/cann_layout's dual_entry: the
/// plain `extern "C"` entry, not the tiling-key template of Ascend 950's `#if` branch (its
/// parameters named as the plain one names them); the struct generated from op_host, not the
/// unit-test build's `#ifdef __CCE_KT_TEST__` one of the kernel's header; and the second struct
/// the kernel's header names, from another header of op_host/. The binding's expectation is
/// y = 2.5x.
#[test]
fn an_a2_build_takes_its_own_branch_s_entry_and_the_op_host_structs() {
    layout_op_passes("dual_entry", "y[0..32]");
}

/// format.md §12.2: a struct declared by two other ops (tests/cann_layout's shift and a drifted
/// copy in shift_copy) is the one of the op the kernel's host build depends on
/// (`DEPENDENCIES shift` in shift_grad's op_host/CMakeLists.txt); y = x + 0.5 holds only with
/// shift's layout.
#[test]
fn a_struct_declared_twice_is_taken_from_the_op_the_host_build_depends_on() {
    layout_op_passes("shift_grad", "y[0..16]");
}

/// format.md §12.2: a tiling struct defined in a kernel header of another op, reached only
/// through CANN's ascendc/ layout (`"../other_op/arch35/x.h"` including
/// `"../../third_op/arch35/struct.h"`, as ops-math's pad reaches slice's struct), is the
/// kernel's own: the binding fills it and y = x + 2.5.
#[test]
fn a_tiling_struct_reached_through_the_layout_s_includes_is_the_kernel_s() {
    layout_op_passes("offset_only", "y[0..16]");
}

/// format.md §12.2: a tiling-key template entry whose ASCENDC_TPL declarations (values given by
/// `#define`) sit in another op's header, reached only through CANN's layout
/// (`"../../fill_impl/fill_impl.h"` from `arch35/`, as ops-nn's rms_norm_quant_v3 reaches
/// rms_norm_quant_v2's), is instantiated from its key: key 1 is MODE = 7, so y = 7.
#[test]
fn a_template_entry_declared_through_the_layout_is_instantiated_from_its_key() {
    layout_op_passes("fill_key", "y[0..8]");
}

/// A C++ file starting with a UTF-8 byte-order mark compiles as the compiler takes it alone.
#[test]
fn a_byte_order_mark_at_the_start_of_a_cpp_file_is_skipped() {
    let dir = scratch("bom");
    let src = "\u{feff}#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n__global__ __vector__ void k(GM_ADDR y)\n{\n    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)y, 8);\n    g.SetValue(0, 3.0f);\n}\nint main()\n{\n    float* y;\n    aclrtMallocHost((void**)&y, 32);\n    uint8_t* d;\n    aclrtMalloc((void**)&d, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    k<<<1, nullptr, nullptr>>>(d);\n    aclrtMemcpy(y, 32, d, 32, ACL_MEMCPY_DEVICE_TO_HOST);\n    return y[0] == 3.0f ? 0 : 1;\n}\n";
    std::fs::write(dir.join("bom.asc"), src).unwrap();
    let r = ascstep_in(&dir, &["run", "bom.asc"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs a C++ file made of `kernel` (a `__global__` function `name(GM_ADDR y)`) and a host main
/// that launches it on one block with `bytes` of GM, copies them to `float* y` and runs
/// `check` (C++ statements returning 1 on a mismatch); asserts that main returned 0.
fn kernel_checked(name: &str, kernel: &str, bytes: u32, check: &str) {
    let dir = scratch(name);
    let src = format!(
        "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n#include <cmath>\n#include <cstdio>\n{kernel}\nint main()\n{{\n    float* y;\n    aclrtMallocHost((void**)&y, {bytes});\n    uint8_t* d;\n    aclrtMalloc((void**)&d, {bytes}, ACL_MEM_MALLOC_HUGE_FIRST);\n    {name}<<<1, nullptr, nullptr>>>(d);\n    aclrtMemcpy(y, {bytes}, d, {bytes}, ACL_MEMCPY_DEVICE_TO_HOST);\n{check}\n    return 0;\n}}\n"
    );
    std::fs::write(dir.join(format!("{name}.asc")), src).unwrap();
    let r = ascstep_in(&dir, &["run", &format!("{name}.asc")]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// format.md §12.3: what CANN's kernel_operator.h gives a kernel that includes nothing else:
/// GetDataBlockSizeInBytes (32, a constant expression), TBuf's queue calls (AllocTensor and DeQue are the whole buffer, EnQue and FreeTensor do
/// nothing: CANN's kernel_tpipe_impl), the scalar bfloat16 → float conversion under both its
/// names (Cast, and ToFloat before the rename, also as Ascend 950's kernels name it,
/// `ToFloat<bfloat16_t>`), and the library's Log (kernel_operator_intf.h
/// includes adv_api/math/log.h). main checks: Log(e²) = 2 within float Ln's error, 1.5 as
/// bfloat16 is exactly 1.5 as float.
#[test]
fn kernel_operator_h_alone_gives_tbuf_queue_calls_to_float_and_log() {
    kernel_checked(
        "surface",
        r#"__global__ __vector__ void surface(GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 8 * sizeof(float));
    static_assert(AscendC::GetDataBlockSizeInBytes() == 32, "a data block is 32 bytes");
    AscendC::LocalTensor<float> t = buf.AllocTensor<float>();
    float e2 = AscendC::ToFloat(bfloat16_t(1.5f)) + AscendC::Cast(bfloat16_t(0.5f)) - 2.0f +
               AscendC::ToFloat<bfloat16_t>(bfloat16_t(0.25f)) - 0.25f;
    AscendC::Duplicate(t, float(std::exp(2.0)) + e2, 8);
    buf.EnQue(t);
    AscendC::LocalTensor<float> u = buf.DeQue<float>();
    AscendC::Log(u, u, 8);
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 8);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(g, u, 8);
    buf.FreeTensor(u);
}"#,
        32,
        r#"    for (int i = 0; i < 8; i++) {
        if (std::fabs(y[i] - 2.0f) > 1e-5f) { printf("y[%d] = %f\n", i, y[i]); return 1; }
    }"#,
    );
}

/// docs/semantics.md §21: ArithProgression made as CANN's arithprogression_common_impl.h makes
/// it (a block by SetValue, blocks and repeats by Adds of the scaled step). With steps exactly
/// representable the result is first + i·diff exactly: float 1.5 + 0.25·i for 100 elements (a
/// tail repeat of 36 rounded up to 40: elements 100..103 are written too, as on the device),
/// half 0 + i for 20 (two blocks of 16), int32 −3 + 7·i for 300 (four repeats of 64 and a tail).
#[test]
fn arith_progression_is_first_plus_i_times_diff_as_the_library_makes_it() {
    kernel_checked(
        "ap",
        r#"__global__ __vector__ void ap(GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 4096);
    AscendC::LocalTensor<float> f = buf.Get<float>();
    AscendC::LocalTensor<half> h = f[128].ReinterpretCast<half>();
    AscendC::LocalTensor<int32_t> n = f[256].ReinterpretCast<int32_t>();
    AscendC::Duplicate(f, -1.0f, 128);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::ArithProgression(f, 1.5f, 0.25f, 100);
    AscendC::ArithProgression(h, half(0), half(1), 20);
    AscendC::Arange(n, int32_t(-3), int32_t(7), 300);
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 1024);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(g, f, 1024);
}"#,
        4096,
        r#"    for (int i = 0; i < 104; i++) if (y[i] != 1.5f + 0.25f * i) { printf("f[%d] = %g\n", i, y[i]); return 1; }
    for (int i = 104; i < 128; i++) if (y[i] != -1.0f) { printf("f[%d] = %g written\n", i, y[i]); return 1; }
    const uint16_t* h = (const uint16_t*)(y + 128);
    for (int i = 0; i < 20; i++) if (aclFloat16ToFloat(h[i]) != float(i)) { printf("h[%d]\n", i); return 1; }
    const int32_t* n = (const int32_t*)(y + 256);
    for (int i = 0; i < 300; i++) if (n[i] != -3 + 7 * i) { printf("n[%d] = %d\n", i, n[i]); return 1; }"#,
    );
}

/// docs/semantics.md §21.2: Floor as the library makes it on Atlas A2. Float through the stack
/// buffer (no temporary buffer given), 300 elements over several counter-mode pieces; half
/// through a 256-byte temporary buffer (pieces of 64). main checks against the C library's
/// floorf: −3.5 + 0.25·i, and half (i − 40)·0.375 (exact in half).
#[test]
fn floor_is_the_library_s_cast_composite_and_equals_floor() {
    kernel_checked(
        "fl",
        r#"__global__ __vector__ void fl(GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf, tmp;
    pipe.InitBuffer(buf, 4096);
    pipe.InitBuffer(tmp, 256);
    AscendC::LocalTensor<float> f = buf.Get<float>();
    AscendC::LocalTensor<half> h = f[768].ReinterpretCast<half>();
    for (int i = 0; i < 300; i++) f.SetValue(i, -3.5f + 0.25f * i);
    for (int i = 0; i < 100; i++) h.SetValue(i, half((i - 40) * 0.375f));
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Floor(f[304], f, 300);
    AscendC::Floor(h[112], h, tmp.Get<uint8_t>(), 100);
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 1024);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(g, f, 1024);
}"#,
        4096,
        r#"    for (int i = 0; i < 300; i++) if (y[304 + i] != std::floor(-3.5f + 0.25f * i)) { printf("f[%d] = %g\n", i, y[304 + i]); return 1; }
    const uint16_t* h = (const uint16_t*)(y + 768);
    for (int i = 0; i < 100; i++) if (aclFloat16ToFloat(h[112 + i]) != std::floor((i - 40) * 0.375f)) { printf("h[%d]\n", i); return 1; }"#,
    );
}

/// docs/semantics.md §21.3: Sigmoid as the library makes it on Atlas A2 (Muls −1, Exp, Adds 1,
/// 1 / by Duplicate and Div, in counter-mode pieces). Against 1 / (1 + e^−x) in double: float
/// through the stack buffer within 1e-6 relative (four float roundings), half through a 256-byte
/// temporary buffer (pieces of 128: 200 elements take two) within 2e-3 relative (half's 2^−10,
/// four roundings).
#[test]
fn sigmoid_is_the_library_s_composite_within_its_roundings() {
    kernel_checked(
        "sg",
        r#"__global__ __vector__ void sg(GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf, tmp;
    pipe.InitBuffer(buf, 4096);
    pipe.InitBuffer(tmp, 256);
    AscendC::LocalTensor<float> f = buf.Get<float>();
    AscendC::LocalTensor<half> h = f[512].ReinterpretCast<half>();
    for (int i = 0; i < 64; i++) f.SetValue(i, -4.0f + 0.125f * i);
    for (int i = 0; i < 200; i++) h.SetValue(i, half(-5.0f + 0.05f * i));
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Sigmoid(f[64], f, 64);
    AscendC::Sigmoid(h[224], h, tmp.Get<uint8_t>(), 200);
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 1024);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(g, f, 1024);
}"#,
        4096,
        r#"    for (int i = 0; i < 64; i++) {
        double x = -4.0 + 0.125 * i, want = 1.0 / (1.0 + std::exp(-x));
        if (std::fabs(y[64 + i] - want) > 1e-6 * want) { printf("f[%d] = %.9g, want %.9g\n", i, y[64 + i], want); return 1; }
    }
    const uint16_t* h = (const uint16_t*)(y + 512);
    for (int i = 0; i < 200; i++) {
        double x = aclFloat16ToFloat(h[i]), want = 1.0 / (1.0 + std::exp(-x));
        double got = aclFloat16ToFloat(h[224 + i]);
        if (std::fabs(got - want) > 2e-3 * want) { printf("h[%d] = %g, want %g\n", i, got, want); return 1; }
    }"#,
    );
}

/// docs/semantics.md §21.4: Tanh as the library makes it on Atlas A2 (clip to ±8.8, then
/// (e^2x − 1)/(e^2x + 1) in float). Against tanh in double: float through the stack buffer
/// within 1e-6 absolute (the subtraction e^2x − 1 near 0 loses relative precision, not absolute;
/// beyond the clip, tanh(8.8) = 1 − 4.5e-8), half through a 512-byte temporary buffer (pieces
/// of 64: 100 elements take two) within 1e-3 absolute (half's rounding of the result).
#[test]
fn tanh_is_the_library_s_composite_within_its_roundings() {
    kernel_checked(
        "th",
        r#"__global__ __vector__ void th(GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf, tmp;
    pipe.InitBuffer(buf, 4096);
    pipe.InitBuffer(tmp, 512);
    AscendC::LocalTensor<float> f = buf.Get<float>();
    AscendC::LocalTensor<half> h = f[512].ReinterpretCast<half>();
    for (int i = 0; i < 96; i++) f.SetValue(i, -12.0f + 0.25f * i);
    for (int i = 0; i < 100; i++) h.SetValue(i, half(-3.0f + 0.0625f * i));
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Tanh(f[96], f, 96);
    AscendC::Tanh(h[112], h, tmp.Get<uint8_t>(), 100);
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 1024);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(g, f, 1024);
}"#,
        4096,
        r#"    for (int i = 0; i < 96; i++) {
        double x = -12.0 + 0.25 * i, want = std::tanh(x);
        if (std::fabs(y[96 + i] - want) > 1e-6) { printf("f[%d] = %.9g, want %.9g\n", i, y[96 + i], want); return 1; }
    }
    const uint16_t* h = (const uint16_t*)(y + 512);
    for (int i = 0; i < 100; i++) {
        double x = aclFloat16ToFloat(h[i]), want = std::tanh(x);
        double got = aclFloat16ToFloat(h[112 + i]);
        if (std::fabs(got - want) > 1e-3) { printf("h[%d] = %g, want %g\n", i, got, want); return 1; }
    }"#,
    );
}

/// docs/semantics.md §21.5: Ceil and Trunc as the library makes them on Atlas A2 (a float Cast
/// with CAST_CEIL / CAST_TRUNC in counter-mode pieces; half through float): against the C
/// library's ceilf and truncf on −3.5 + 0.25·i (negative halves and quarters, where ceil and
/// trunc differ from floor and from each other), float through the stack buffer, half through
/// a 256-byte temporary (pieces of 64 halves: 100 elements take two).
#[test]
fn ceil_and_trunc_are_the_library_s_cast_composites() {
    kernel_checked(
        "ct",
        r#"__global__ __vector__ void ct(GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf, tmp;
    pipe.InitBuffer(buf, 4096);
    pipe.InitBuffer(tmp, 256);
    AscendC::LocalTensor<float> f = buf.Get<float>();
    AscendC::LocalTensor<half> h = f[768].ReinterpretCast<half>();
    for (int i = 0; i < 100; i++) f(i) = -3.5f + 0.25f * i;
    for (int i = 0; i < 100; i++) h(i) = half(-3.5f + 0.25f * i);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Ceil(f[128], f, 100);
    AscendC::Trunc(f[256], f, 100);
    AscendC::Ceil(h[128], h, tmp.Get<uint8_t>(), 100);
    AscendC::Trunc(h[256], h, tmp.Get<uint8_t>(), 100);
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 1024);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(g, f, 1024);
}"#,
        4096,
        r#"    const uint16_t* h = (const uint16_t*)(y + 768);
    for (int i = 0; i < 100; i++) {
        float x = -3.5f + 0.25f * i;
        if (y[128 + i] != std::ceil(x)) { printf("ceil f[%d] = %g\n", i, y[128 + i]); return 1; }
        if (y[256 + i] != std::trunc(x)) { printf("trunc f[%d] = %g\n", i, y[256 + i]); return 1; }
        if (aclFloat16ToFloat(h[128 + i]) != std::ceil(x)) { printf("ceil h[%d]\n", i); return 1; }
        if (aclFloat16ToFloat(h[256 + i]) != std::trunc(x)) { printf("trunc h[%d]\n", i); return 1; }
    }"#,
    );
}

/// format.md §12.3: `tensor(i)` reads and assigns element i (GetValue, SetValue at the call's
/// position) of a LocalTensor and of a GlobalTensor (ops-nn's dequant_swiglu_quant reads GM
/// so), and a LocalTensor<bool> is bytes of 0 and 1 (simulated as uint8): main sees the
/// bytes written through operator() and a copy of the bools.
#[test]
fn local_tensor_call_operator_and_bool_tensors() {
    kernel_checked(
        "elem",
        r#"__global__ __vector__ void elem(GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    AscendC::LocalTensor<float> f = buf.Get<float>();
    for (int i = 0; i < 8; i++) f(i) = 1.5f * i;
    for (int i = 0; i < 8; i++) f(8 + i) = f(7 - i) + 1.0f;
    AscendC::LocalTensor<bool> b = f[16].ReinterpretCast<bool>();
    for (int i = 0; i < 32; i++) b(i) = (i % 3 == 0);
    AscendC::LocalTensor<bool> c = f[32].ReinterpretCast<bool>();
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(c, b, 32);
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(g, f, 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    g(40) = g(3) * 2.0f;
}"#,
        256,
        r#"    for (int i = 0; i < 8; i++) if (y[i] != 1.5f * i || y[8 + i] != 1.5f * (7 - i) + 1.0f) { printf("f[%d]\n", i); return 1; }
    if (y[40] != 9.0f) { printf("y[40] = %f\n", y[40]); return 1; }
    const uint8_t* c = (const uint8_t*)(y + 32);
    for (int i = 0; i < 32; i++) if (c[i] != (i % 3 == 0 ? 1 : 0)) { printf("c[%d] = %d\n", i, c[i]); return 1; }"#,
    );
}

/// format.md §12.3: Select's masked forms (mask and repeats with BinaryRepeatParams), here
/// tensor-scalar after a Compares, as a ReLU gradient writes it: z = x > 0 ? y : 0 over 128
/// floats in 2 repeats of 64; and a TQueBind's EnQue/DeQue naming the positions
/// (<GM, VECIN, float>). main checks every element.
#[test]
fn select_masked_forms_and_queue_calls_naming_positions() {
    kernel_checked(
        "selm",
        r#"__global__ __vector__ void selm(GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> q;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf, sel;
    pipe.InitBuffer(q, 1, 512);
    pipe.InitBuffer(buf, 2048);
    pipe.InitBuffer(sel, 256);
    AscendC::LocalTensor<float> x = q.AllocTensor<float>();
    for (int i = 0; i < 128; i++) x.SetValue(i, (i % 5) - 2.0f);
    q.EnQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN, float>(x);
    x = q.DeQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN, float>();
    AscendC::LocalTensor<float> g = buf.Get<float>();
    AscendC::LocalTensor<float> z = g[128];
    for (int i = 0; i < 128; i++) g.SetValue(i, 0.5f * i);
    AscendC::LocalTensor<uint8_t> s = sel.Get<uint8_t>();
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Compares(s, x, 0.0f, AscendC::CMPMODE::GT, 64, 2, AscendC::UnaryRepeatParams{1, 1, 8, 8});
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Select(z, s, g, 0.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 64, 2,
                    AscendC::BinaryRepeatParams{1, 1, 1, 8, 8, 8});
    AscendC::GlobalTensor<float> out;
    out.SetGlobalBuffer((__gm__ float*)y, 256);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(out, g, 256);
}"#,
        1024,
        r#"    for (int i = 0; i < 128; i++) {
        float x = (i % 5) - 2.0f, want = x > 0 ? 0.5f * i : 0.0f;
        if (y[128 + i] != want) { printf("z[%d] = %g, want %g\n", i, y[128 + i], want); return 1; }
    }"#,
    );
}

/// format.md §12.3: kernel_utils' CeilDivision (⌈a/b⌉, 0 for b = 0, a constant expression)
/// and the scalar ToBfloat16 (1.5 exact; bfloat16 steps by 2⁻⁷ above 1, so 1 + 2⁻⁸ is a tie
/// rounding to the even 1, and 1 + 3·2⁻⁸ a tie rounding to the even 1 + 2⁻⁶), written by the
/// kernel into GM for main to check.
#[test]
fn ceil_division_and_to_bfloat16() {
    kernel_checked(
        "cdiv",
        r#"__global__ __vector__ void cdiv(GM_ADDR y)
{
    static_assert(AscendC::CeilDivision(7, 2) == 4, "7 / 2 rounded up");
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64);
    AscendC::LocalTensor<float> t = buf.Get<float>();
    t.SetValue(0, float(AscendC::CeilDivision(7, 2)));
    t.SetValue(1, float(AscendC::CeilDivision(5, 0)));
    t.SetValue(2, float(AscendC::ToBfloat16(1.5f)));
    t.SetValue(3, float(AscendC::ToBfloat16(1.0f + 1.0f / 256)));
    t.SetValue(4, float(AscendC::ToBfloat16(1.0f + 3.0f / 256)));
    for (int i = 5; i < 8; i++) t.SetValue(i, 0.0f);
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 8);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(g, t, 8);
}"#,
        32,
        r#"    if (y[0] != 4.0f || y[1] != 0.0f || y[2] != 1.5f || y[3] != 1.0f || y[4] != 1.015625f) { printf("%g %g %g %g %g\n", y[0], y[1], y[2], y[3], y[4]); return 1; }"#,
    );
}

/// docs/semantics.md §19: Select's register form after a Compare into the CmpMask register, as
/// kernels write a maximum: Compare GT into the register (64 floats, mask 64), then
/// Select<float, VSEL_CMPMASK_SPR>(z, x, y, 1, params) picks x where x > y: main checks
/// z = max(x, y).
#[test]
fn select_by_the_cmp_mask_register() {
    kernel_checked(
        "selr",
        r#"__global__ __vector__ void selr(GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    AscendC::LocalTensor<float> x = buf.Get<float>();
    AscendC::LocalTensor<float> w = x[64];
    AscendC::LocalTensor<float> z = x[128];
    for (int i = 0; i < 64; i++) {
        x.SetValue(i, (i % 7) - 3.0f);
        w.SetValue(i, 1.0f - (i % 5) * 0.5f);
    }
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Compare(x, w, AscendC::CMPMODE::GT, 64, AscendC::BinaryRepeatParams{1, 1, 1, 8, 8, 8});
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Select<float, AscendC::SELMODE::VSEL_CMPMASK_SPR>(z, x, w, 1, AscendC::BinaryRepeatParams{1, 1, 1, 8, 8, 8});
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)y, 192);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(g, x, 192);
}"#,
        768,
        r#"    for (int i = 0; i < 64; i++) {
        float a = (i % 7) - 3.0f, b = 1.0f - (i % 5) * 0.5f, want = a > b ? a : b;
        if (y[128 + i] != want) { printf("z[%d] = %g, want %g\n", i, y[128 + i], want); return 1; }
    }"#,
    );
}

/// tests/cann_layout copied to a scratch directory named `test`, negate's kernel text replaced
/// by `edit(text, entry)` (`entry` the start of its entry's definition): the copy and negate's
/// op directory.
fn negate_edited(test: &str, edit: impl Fn(&str, &str) -> String) -> (PathBuf, PathBuf) {
    let dir = scratch(test);
    common::api::copy_tree(&common::root("tests/cann_layout"), &dir);
    let op = dir.join("math/negate");
    let kernel = op.join("op_kernel/negate.cpp");
    let text = std::fs::read_to_string(&kernel).unwrap();
    let entry = "extern \"C\" __global__ __aicore__ void negate(";
    assert!(text.contains(entry));
    std::fs::write(&kernel, edit(&text, entry)).unwrap();
    (dir, op)
}

/// REGISTER_TILING_DEFAULT written at file scope, before the entry (as ops-nn's rms_norm_quant_v2
/// writes it), compiles as it does inside the entry's body: tests/cann_layout's negate with the
/// macro added there still gives y = −x.
#[test]
fn register_tiling_default_at_file_scope_compiles() {
    let (dir, op) = negate_edited("cann_layout_register_file_scope", |text, entry| {
        text.replacen(
            entry,
            &format!("REGISTER_TILING_DEFAULT(NegateTilingData);\n{entry}"),
            1,
        )
    });
    let r = ascstep_in(&op, &["run", "negate.ron"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("pass  y[0..64]"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// An `extern "C"` entry named after a C library function (ops-math's `abs`, `floor`, `pow` on
/// Ascend 950) compiles, as under CANN's device compiler, which declares no `floor(double)`:
/// tests/cann_layout's negate, its entry renamed `floor` (declared first, then defined), still gives
/// y = −x (the name it is compiled under is never shown: record/mod.rs's short_function test).
#[test]
fn an_entry_named_after_a_c_library_function_compiles() {
    let (dir, op) = negate_edited("cann_layout_c_library_name", |text, entry| {
        let decl = "extern \"C\" __global__ __aicore__ void floor(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);\n";
        text.replacen(
            entry,
            &format!("{decl}{}", entry.replace("negate", "floor")),
            1,
        )
    });
    let ron = op.join("negate.ron");
    let binding = std::fs::read_to_string(&ron).unwrap();
    std::fs::write(
        &ron,
        binding.replace("entry: \"negate\"", "entry: \"floor\""),
    )
    .unwrap();
    let r = ascstep_in(&op, &["run", "negate.ron", "--report", "json"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(
        r.stdout
            .contains(r#""expectations":[{"at":0,"len":64,"passed":true,"tensor":"y"}]"#),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
