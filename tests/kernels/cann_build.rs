//! Kernels compiled as CANN's build compiles them: op_host tiling structs, DT_* macros,
//! CANN's template parameter lists, the argument check through the preprocessor, the library's
//! math headers.

use super::*;

/// A binding to an operator laid out as ops-math's are: parameters whose names end in digits
/// (`x1`, `x2`), the tiling declared with the tiling macros in the host's `optiling`
/// namespace in `op_host/…_tiling.h` (named relative to the binding program), and the kernel
/// naming the struct unqualified through GET_TILING_DATA, with only `kernel_operator.h`.
#[test]
fn a_binding_finds_an_optiling_struct_and_numbered_parameters() {
    let dir = scratch("kernel_optiling");
    std::fs::create_dir_all(dir.join("op_host")).unwrap();
    std::fs::create_dir_all(dir.join("op_kernel")).unwrap();
    std::fs::write(
        dir.join("op_host/scale_tiling.h"),
        "#include \"register/tilingdata_base.h\"\nnamespace optiling {\nBEGIN_TILING_DATA_DEF(ScaleTilingData)\nTILING_DATA_FIELD_DEF(uint32_t, total);\nEND_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(Scale, ScaleTilingData)\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("op_kernel/scale.cpp"),
        "#include \"kernel_operator.h\"\nusing namespace AscendC;\nextern \"C\" __global__ __aicore__ void scale(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)\n{\n    GET_TILING_DATA(t, tiling);\n    GlobalTensor<float> a, b, c;\n    a.SetGlobalBuffer((__gm__ float*)x1);\n    b.SetGlobalBuffer((__gm__ float*)x2);\n    c.SetGlobalBuffer((__gm__ float*)y);\n    TPipe pipe;\n    TBuf<TPosition::VECCALC> buf;\n    pipe.InitBuffer(buf, 3 * 64 * sizeof(float));\n    LocalTensor<float> u = buf.Get<float>();\n    DataCopy(u, a, t.total);\n    DataCopy(u[64], b, t.total);\n    PipeBarrier<PIPE_ALL>();\n    Mul(u[128], u, u[64], t.total);\n    PipeBarrier<PIPE_ALL>();\n    DataCopy(c, u[128], t.total);\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("scale.ron"),
        "Program(\n    code: Kernel(file: \"op_kernel/scale.cpp\", entry: \"scale\"),\n    args: {\n        \"x1\": (dtype: float, len: 64, init: Ramp(start: 0, step: 1)),\n        \"x2\": (dtype: float, len: 64, init: Fill(3)),\n        \"y\": (dtype: float, len: 64),\n        \"workspace\": (dtype: uint8, len: 0),\n        \"tiling\": Tiling(\"ScaleTilingData\", { \"total\": 64 }, \"op_host/scale_tiling.h\"),\n    },\n    expect: [ (tensor: \"y\", values: Ramp(start: 0, step: 3)) ],\n)\n",
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "scale.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..64]", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// format.md §12.2 as CANN's build takes tiling structs: tests/cann_layout is shaped as the
/// operator repositories are. scaled_table's struct is found in its op_host/ header without
/// `header:`; that header includes headers only CANN's host build has and holds host code,
/// none of which is compiled; the struct nests one from a shared header whose array is
/// sized by a constant there; END_TILING_DATA_DEF is written without `;`. The kernel's own
/// `constexpr static __gm__ half table[16]` is global memory (and needs half in a constant
/// expression). Its includes resolve only as CANN's build lays kernels out (the repository's
/// common headers as `../inc/`, another op's as `../mul_helper/`, opbase's `atvoss/` from
/// tests/opbase beside the tree). y[i] = 2·x[i] + i % 16 with x = 0…63, the binding's
/// expectation.
#[test]
fn tiling_structs_are_taken_from_op_host_headers_as_cann_builds_them() {
    let dir = root("tests/cann_layout/math/scaled_table");
    let r = ascstep_in(&dir, &["run", "scaled_table.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..64]", &r);
    // Compiled through CANN's ascendc/ layout (`../inc/`, `../mul_helper/`, opbase's
    // `atvoss/` beside the tree), positions still in the checkout's own files.
    let r = ascstep_in(&dir, &["import", "scaled_table.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(
        &r.stdout,
        "Muls(dst: \"xLocal[16]\", src: \"xLocal\", scalar: 2, count: 16), // mul_helper.h:9:5",
        &r,
    );
    has(&r.stdout, "count: 16), // add_in_place.h:10:5", &r);
    // The same header named explicitly, and a struct it does not declare.
    let scratch_dir = scratch("tiling_header");
    let text = std::fs::read_to_string(dir.join("scaled_table.ron")).unwrap();
    let kernel = dir.join("op_kernel/scaled_table.cpp");
    let header = dir.join("op_host/scaled_table_tiling.h");
    let named = text
        .replace(
            "\"op_kernel/scaled_table.cpp\"",
            &format!("{:?}", kernel.display().to_string()),
        )
        .replace(
            "\"shape.dims\": [4, 0, 0, 0] })",
            &format!(
                "\"shape.dims\": [4, 0, 0, 0] }}, header: {:?})",
                header.display().to_string()
            ),
        );
    std::fs::write(scratch_dir.join("named.ron"), &named).unwrap();
    let r = ascstep_in(
        &scratch_dir,
        &["run", "named.ron", "--allow-files-anywhere"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    std::fs::write(
        scratch_dir.join("wrong.ron"),
        named.replace(
            "Tiling(\"ScaledTableTilingData\"",
            "Tiling(\"ScaledTilingData\"",
        ),
    )
    .unwrap();
    let r = ascstep_in(
        &scratch_dir,
        &["run", "wrong.ron", "--allow-files-anywhere"],
        &[],
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "declares no tiling struct `ScaledTilingData` with BEGIN_TILING_DATA_DEF; it declares ScaledTableTilingData, ShapeTiling", &r);
    // Found nowhere: the error says where ascstep looked.
    std::fs::write(
        scratch_dir.join("nowhere.ron"),
        text.replace(
            "\"op_kernel/scaled_table.cpp\"",
            &format!("{:?}", kernel.display().to_string()),
        )
        .replace(
            "Tiling(\"ScaledTableTilingData\"",
            "Tiling(\"NoSuchTilingData\"",
        ),
    )
    .unwrap();
    let r = ascstep_in(
        &scratch_dir,
        &["run", "nowhere.ron", "--allow-files-anywhere"],
        &[],
    );
    assert_eq!(r.code, 3, "{}", r.dump());
    has(
        &r.stderr,
        "tiling struct `NoSuchTilingData` is defined nowhere ascstep looked",
        &r,
    );
    has(&r.stderr, "scaled_table/op_host", &r);
    let _ = std::fs::remove_dir_all(&scratch_dir);
}

/// format.md §12.2: a struct declared with the tiling macros in an op_kernel header the kernel
/// does not include (only the op's host tiling does) is given to the kernel, as CANN's build
/// generates it, though an Ascend 950 struct of the same name lies in its `arch35/`.
#[test]
fn a_tiling_struct_beside_the_kernel_but_not_included_by_it_is_given_to_it() {
    let dir = root("tests/cann_layout/math/negate");
    let r = ascstep_in(&dir, &["run", "negate.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..64]", &r);
}

/// format.md §12.3: the DT_* macros have ge::DataType's values (DT_BF16 is 27) and compare in
/// `#if` with an ORIG_DTYPE_* macro the build gives; half and bfloat16_t convert in constant
/// expressions (1.5 and 2.5 are exact in both) and are trivial types, as the device compiler's,
/// so unions may hold them (ops-nn's sgd reads a bfloat16_t's bits so).
#[test]
fn dtype_macros_and_constexpr_half() {
    let (dir, _) = kernel(
        "dt_macros",
        "    static_assert(float(half(1.5f)) == 1.5f && float(bfloat16_t(2.5f)) == 2.5f);\n    static_assert(std::is_trivial_v<half> && std::is_trivial_v<bfloat16_t>);\n    union { uint16_t u; bfloat16_t b; } bits;\n    bits.u = 0x3fc0;\n    static_assert(sizeof(bits) == 2);\n    constexpr half table[2] = {1, 2};\n    static_assert(float(table[1]) == 2.0f);\n#if ORIG_DTYPE_X == DT_BF16 && DT_FLOAT == 0 && DT_FLOAT16 == 1 && DT_INT64 == 9\n    AscendC::Duplicate(t, float(DT_BF16), 64);\n#else\n    AscendC::Duplicate(t, -1.0f, 64);\n#endif",
    );
    let r = ascstep_in(
        &dir,
        &["import", "dt_macros.asc", "-D", "ORIG_DTYPE_X=DT_BF16"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "scalar: 27", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// format.md §12.3: CANN's template parameter lists, named explicitly as pyasc's generated code
/// and kernels write them (`Duplicate<half, true>`, `LeakyRelu<half, true>`,
/// `ShiftLeft<int16_t, true>`, `Axpy<half, half, true>`, `Add<half, false>`), the bitwise-mask
/// Duplicate, and `set_ffts_base_addr`: each records the instruction its arguments say.
#[test]
fn apis_take_cann_template_parameter_lists() {
    let (dir, _) = kernel(
        "cann_templates",
        "    set_ffts_base_addr(0);\n    AscendC::LocalTensor<half> h = t.ReinterpretCast<half>();\n    AscendC::LocalTensor<int16_t> s = t[128].ReinterpretCast<int16_t>();\n    uint64_t bits[2] = {0xff, 0};\n    AscendC::Duplicate<half, true>(h, half(1.0f), 128, 1, 1, 8);\n    AscendC::Duplicate<half, true>(h, half(3.0f), bits, 1, 1, 8);\n    AscendC::LeakyRelu<half, true>(h, h, half(0.5f), 128, 1, {1, 1, 8, 8});\n    AscendC::Axpy<half, half, true>(h, h, half(2.0f), 128, 1, {1, 1, 8, 8});\n    AscendC::Add<half, false>(h, h, h, 128, 1, {1, 1, 1, 8, 8, 8});\n    AscendC::Duplicate<int16_t, true>(s, int16_t(1), 128, 1, 1, 8);\n    AscendC::ShiftLeft<int16_t, true>(s, s, int16_t(2), 128, 1, {1, 1, 8, 8});",
    );
    imports_with(
        &dir,
        "cann_templates.asc",
        &[
            "Duplicate(dst: \"h\", scalar: 1, mask: 128, repeat_times: 1",
            "Duplicate(dst: \"h\", scalar: 3, mask: [255, 0], repeat_times: 1",
            "LeakyRelu(dst: \"h\", src: \"h\", scalar: 0.5, mask: 128",
            "Axpy(dst: \"h\", src: \"h\", scalar: 2, mask: 128",
            "Add(dst: \"h\", src0: \"h\", src1: \"h\", mask: Placeholder",
            "ShiftLeft(dst: \"s\", src: \"s\", scalar: 2, mask: 128",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scratch directory holding `op_kernel/k.cpp` with `kernel` and the binding `k.ron`.
pub(crate) fn binding_dir(name: &str, kernel: &str, ron: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::create_dir_all(dir.join("op_kernel")).unwrap();
    std::fs::write(dir.join("op_kernel/k.cpp"), kernel).unwrap();
    std::fs::write(dir.join("k.ron"), ron).unwrap();
    dir
}

/// format.md §12.2: the binding's argument check reads the entry the compile sees. An entry
/// defined in two `#if` branches (Ascend 950's, `__NPU_ARCH__ == 3510`, with other parameter
/// names) is checked against the branch of the product run.
#[test]
fn the_argument_check_follows_the_preprocessor() {
    let dir = binding_dir(
        "two_branches",
        "#include \"kernel_operator.h\"\n#if __NPU_ARCH__ == 3510\nextern \"C\" __global__ __aicore__ void k(GM_ADDR a950, GM_ADDR b950) {}\n#else\nextern \"C\" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y)\n{\n    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)y, 8);\n    g.SetValue(0, 1.0f);\n}\n#endif\n",
        "Program(code: Kernel(file: \"op_kernel/k.cpp\", entry: \"k\"),\n  args: { \"x\": (dtype: float, len: 8), \"y\": (dtype: float, len: 8) },\n  expect: [(tensor: \"y\", values: Values([1, 0, 0, 0, 0, 0, 0, 0]))])\n",
    );
    let r = ascstep_in(&dir, &["run", "k.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..8]", &r);
    let r = ascstep_in(&dir, &["run", "k.ron", "--product", "ascend_950"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "must be the parameters of `k(a950, b950)`", &r);
    let _ = std::fs::remove_dir_all(&dir);
    // Parameters a macro stands for (ops-nn's inplace_apply_adagrad_v2): the names it expands
    // to are the ones the binding gives; a binding naming others is told those names.
    let kernel = "#include \"kernel_operator.h\"\n#define K_PARAMS GM_ADDR x, GM_ADDR y\nextern \"C\" __global__ __aicore__ void k(K_PARAMS)\n{\n    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)y, 8);\n    g.SetValue(0, 2.0f);\n}\n";
    let dir = binding_dir(
        "macro_params",
        kernel,
        "Program(code: Kernel(file: \"op_kernel/k.cpp\", entry: \"k\"),\n  args: { \"x\": (dtype: float, len: 8), \"y\": (dtype: float, len: 8) },\n  expect: [(tensor: \"y\", values: Values([2, 0, 0, 0, 0, 0, 0, 0]))])\n",
    );
    let r = ascstep_in(&dir, &["run", "k.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..8]", &r);
    std::fs::write(
        dir.join("k.ron"),
        "Program(code: Kernel(file: \"op_kernel/k.cpp\", entry: \"k\"),\n  args: { \"x\": (dtype: float, len: 8), \"z\": (dtype: float, len: 8) })\n",
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "k.ron"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "must be the parameters of `k(x, y)`", &r);
    // A binding naming the macro itself as the one argument (as the text reads) is told the
    // names too, not left to the C++ compiler's "too few arguments".
    std::fs::write(
        dir.join("k.ron"),
        "Program(code: Kernel(file: \"op_kernel/k.cpp\", entry: \"k\"),\n  args: { \"K_PARAMS\": (dtype: float, len: 8) })\n",
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "k.ron"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    has(&r.stderr, "must be the parameters of `k(x, y)`", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's math headers (format.md §12.3, docs/semantics.md §21): opbase's
/// atvoss/util/vec.h style of include (`adv_api/math/log.h`) finds ascstep's; Log, Log2 and
/// Log10 are Ln (then a Muls by 1/ln 2 or 1/ln 10): main checks them against the C library's
/// log, log2 and log10 within 1e-6 relative (float Ln and one float multiply). A call of an
/// API declared but not simulated (Ascend 950's Clamp) is a compile error naming it.
#[test]
fn library_log_is_ln_and_unsimulated_math_is_named_at_compile_time() {
    let dir = scratch("adv_log");
    std::fs::write(
        dir.join("logs.asc"),
        r#"#include "acl/acl.h"
#include "kernel_operator.h"
#include "adv_api/math/log.h"
#include <cmath>
#include <cstdio>
constexpr uint32_t N = 8;
__global__ __vector__ void logs(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 4 * N * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, N);
    yGm.SetGlobalBuffer((__gm__ float*)y, 3 * N);
    AscendC::LocalTensor<float> in = buf.Get<float>();
    AscendC::LocalTensor<float> out = in[N];
    AscendC::DataCopy(in, xGm, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Log(out, in, N);
    AscendC::Log2(out[N], in, N);
    AscendC::Log10(out[2 * N], in);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, out, 3 * N);
}
int main()
{
    float xs[N] = {1, 2, 4, 8, 10, 1024, 0.5f, 1000};
    float ys[3 * N];
    uint8_t *x, *y;
    aclrtMalloc((void**)&x, sizeof xs, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&y, sizeof ys, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(x, sizeof xs, xs, sizeof xs, ACL_MEMCPY_HOST_TO_DEVICE);
    logs<<<1, nullptr, nullptr>>>(x, y);
    aclrtMemcpy(ys, sizeof ys, y, sizeof ys, ACL_MEMCPY_DEVICE_TO_HOST);
    for (uint32_t i = 0; i < N; i++) {
        double want[3] = {std::log(double(xs[i])), std::log2(double(xs[i])), std::log10(double(xs[i]))};
        for (int k = 0; k < 3; k++) {
            double got = ys[k * N + i];
            if (std::fabs(got - want[k]) > 1e-6 * std::fmax(1.0, std::fabs(want[k]))) {
                std::printf("log kind %d of %g: %.9g, expected %.9g\n", k, xs[i], got, want[k]);
                return 1;
            }
        }
    }
    return 0;
}
"#,
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "logs.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let (dir2, _) = kernel("adv_clamp", "    AscendC::Clamp(t, t, 0.0f, 1.0f, 64);");
    let src = std::fs::read_to_string(dir2.join("adv_clamp.asc")).unwrap();
    std::fs::write(
        dir2.join("adv_clamp.asc"),
        format!("#include \"kernel_operator.h\"\n#include \"adv_api/math/clamp.h\"\n{src}"),
    )
    .unwrap();
    let r = ascstep_in(&dir2, &["run", "adv_clamp.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    // Said at the kernel's call, not in ascstep's header.
    said_at(
        &r,
        &dir2.join("adv_clamp.asc"),
        "AscendC::Clamp(",
        "ascstep does not simulate AscendC::Clamp yet",
    );
    // The library's SoftmaxFlashV2 (the SoftMax family's members not simulated yet): its types
    // exist, a call is named where the kernel makes it (and CANN's PRELOAD, an instruction-cache
    // hint, compiles to nothing before it).
    let (dir3, file3) = kernel(
        "adv_softmax",
        "    PRELOAD(2);\n    SoftMaxTiling tiling;\n    AscendC::SoftMaxShapeInfo shape{1, 64, 1, 64};\n    AscendC::SoftmaxFlashV2<float>(t, t, t, t, t, t, tiling, shape);",
    );
    let r = ascstep_in(&dir3, &["run", "adv_softmax.asc"], &[]);
    assert_eq!(r.code, 3, "{}", r.dump());
    said_at(
        &r,
        &file3,
        "AscendC::SoftmaxFlashV2<",
        "ascstep does not simulate AscendC::SoftmaxFlashV2 yet",
    );
    // SoftMax's sum and max form with CANN's template parameters given (pyasc's asc.adv.softmax
    // prints them so): taken, and simulated (docs/semantics.md §27): the row's max of 64 equal
    // values is the value, its sum 64, its softmax 1/64 each.
    let (dir4, _) = kernel(
        "adv_softmax_sum_max",
        "    SoftMaxTiling tiling;\n    AscendC::SoftMaxShapeInfo shape{1, 64, 1, 64};\n    AscendC::Duplicate(t[128], 3.0f, 64);\n    AscendC::PipeBarrier<PIPE_V>();\n    AscendC::SoftMax<float, false, false, false>(t, t[64], t[72], t[128], tiling, shape);\n    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);\n    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);\n    std::printf(\"%g %g %g\\n\", t.GetValue(63), t.GetValue(64), t.GetValue(72));",
    );
    let r = ascstep_in(&dir4, &["run", "adv_softmax_sum_max.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(r.stdout, "0.015625 64 3\n", "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
    let _ = std::fs::remove_dir_all(&dir3);
    let _ = std::fs::remove_dir_all(&dir4);
}

/// Whether the run's diagnostic says `what` at the line of `file` holding `call`
/// (`FILE:LINE:COL: what`, not only in the compiler's output it quotes).
fn said_at(r: &Run, file: &std::path::Path, call: &str, what: &str) {
    let src = std::fs::read_to_string(file).unwrap();
    let line = 1 + src.lines().position(|l| l.contains(call)).unwrap();
    let name = file.file_name().unwrap().to_string_lossy();
    let at = format!("{name}:{line}:");
    let said = r.stderr.lines().any(|l| {
        l.find(&at)
            .is_some_and(|k| l[k..].contains(&format!(": {what}")))
    });
    assert!(said, "{at} … {what}\n{}", r.dump());
}

/// format.md §12.2: an `op_host/arch35/` tiling header that shares its include guard with the
/// kernel's `op_kernel/arch35/` header (ops-nn's embedding_hash_table_export) leaves the
/// kernel's header its guard: the generated struct does not define it, so the kernel's own
/// header is still read (it was skipped, and its namespace "is not a namespace-name").
#[test]
fn an_arch35_host_header_sharing_the_kernels_guard_hides_nothing() {
    let dir = scratch("arch35_guard");
    for d in ["op_host/arch35", "op_kernel/arch35"] {
        std::fs::create_dir_all(dir.join(d)).unwrap();
    }
    std::fs::write(
        dir.join("op_host/arch35/k_tiling_arch35.h"),
        "#ifndef K_H_\n#define K_H_\n#include \"register/tilingdata_base.h\"\nBEGIN_TILING_DATA_DEF(KTilingData)\nTILING_DATA_FIELD_DEF(float, value);\nEND_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(k, KTilingData)\n#endif\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("op_kernel/arch35/k.h"),
        "#ifndef K_H_\n#define K_H_\n#include \"kernel_operator.h\"\nnamespace KKernel {\ninline void Fill(GM_ADDR y, float v)\n{\n    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)y, 8);\n    g.SetValue(0, v);\n}\n}\n#endif\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("op_kernel/k.cpp"),
        "#include \"./arch35/k.h\"\nusing namespace KKernel;\nextern \"C\" __global__ __aicore__ void k(GM_ADDR y, GM_ADDR tiling)\n{\n    GET_TILING_DATA(t, tiling);\n    Fill(y, t.value);\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("k.ron"),
        "Program(product: ascend_950, code: Kernel(file: \"op_kernel/k.cpp\", entry: \"k\"),\n  args: { \"y\": (dtype: float, len: 8), \"tiling\": Tiling(\"KTilingData\", { \"value\": 2.5 }) },\n  expect: [(tensor: \"y\", at: 0, len: 1, values: Values([2.5]))])\n",
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "k.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..1]", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// format.md §12.2: a tiling struct that is a class template (ops-math's mem_set:
/// `template <int len> struct MemSetTilingData`) is named with its arguments,
/// `Tiling("TData<4>", {…})`, and found by its name.
#[test]
fn a_class_template_tiling_struct_is_named_with_its_arguments() {
    let dir = binding_dir(
        "tpl_struct",
        "#include \"kernel_operator.h\"\ntemplate <int N>\nstruct TData {\n    int32_t v[N];\n    float s;\n};\nextern \"C\" __global__ __aicore__ void k(GM_ADDR y, GM_ADDR tiling)\n{\n    GET_TILING_DATA_WITH_STRUCT(TData<4>, t, tiling);\n    AscendC::GlobalTensor<float> g;\n    g.SetGlobalBuffer((__gm__ float*)y, 8);\n    g.SetValue(0, t.s * 2);\n}\n",
        "Program(code: Kernel(file: \"op_kernel/k.cpp\", entry: \"k\"),\n  args: { \"y\": (dtype: float, len: 8), \"tiling\": Tiling(\"TData<4>\", { \"s\": 1.25 }) },\n  expect: [(tensor: \"y\", at: 0, len: 1, values: Values([2.5]))])\n",
    );
    let r = ascstep_in(&dir, &["run", "k.ron"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "pass  y[0..1]", &r);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A UT build that defines `float16_t` as a macro (ops-nn's log_softmax_grad passes
/// `-Dfloat16_t=uint16_t`: CANN's CPU debug library lacks the name) compiles: ascstep's own
/// `float16_t` alias steps aside for the build's macro.
#[test]
fn a_build_may_define_float16_t_as_a_macro() {
    let (dir, _) = kernel(
        "f16_macro",
        "    float16_t bits = 0x3c00;\n    static_assert(sizeof(bits) == 2);\n    t.SetValue(0, float(bits));",
    );
    let r = ascstep_in(
        &dir,
        &["run", "f16_macro.asc", "-D", "float16_t=uint16_t"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    // Without the macro, float16_t is the half type, as on the device.
    let r = ascstep_in(&dir, &["run", "f16_macro.asc"], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A kernel's fallback `#ifndef bfloat16_t` typedef (ops-math's cast_v3: `typedef uint16_t
/// bfloat16_t`) is skipped, as under CANN's build, so bfloat16_t stays the bfloat16 type (2.5
/// converts exactly, where a uint16_t would hold 2); a kernel's own `#define bfloat16_t
/// int16_t` (ops-nn's norm kernels off Atlas A2) still replaces the name.
#[test]
fn a_kernel_s_bfloat16_t_fallback_and_its_own_define_compile_as_under_cann() {
    for (name, head, check) in [
        (
            "bf16_fallback",
            "#ifndef bfloat16_t\ntypedef uint16_t bfloat16_t;\n#endif\n",
            "static_assert(float(bfloat16_t(2.5f)) == 2.5f);",
        ),
        (
            "bf16_define",
            "#define bfloat16_t int16_t\n",
            "static_assert(std::is_same_v<bfloat16_t, int16_t>);",
        ),
    ] {
        let (dir, file) = kernel(name, &format!("    {check}\n    t.SetValue(0, 1.0f);"));
        let src = std::fs::read_to_string(&file).unwrap();
        let src = src.replacen("__global__", &format!("{head}__global__"), 1);
        std::fs::write(&file, src).unwrap();
        let r = ascstep_in(&dir, &["run", &format!("{name}.asc")], &[]);
        assert_eq!(r.code, 0, "{}", r.dump());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Ascend 950's complex element types (CANN's `AscendC::Complex<T>`, `complex32`, `complex64`):
/// a kernel names them in the branch its dtype does not take (ops-math's muls); the parts lie
/// side by side and a real converts with a zero imaginary part. Other products have no such
/// names, as CANN's headers define them for 950 only.
#[test]
fn complex_types_exist_on_ascend_950_only() {
    let (dir, _) = kernel(
        "complex950",
        "    static_assert(sizeof(complex32) == 4 && sizeof(complex64) == 8);\n    complex64 c(2.0f);\n    t.SetValue(0, c.real + 10 * c.imag);",
    );
    let r = ascstep_in(
        &dir,
        &["import", "complex950.asc", "--product", "ascend_950"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.dump());
    has(&r.stdout, "SetValue(dst: \"t\", src: 2)", &r);
    let r = ascstep_in(&dir, &["run", "complex950.asc"], &[]);
    assert_ne!(r.code, 0, "{}", r.dump());
    has(&r.stderr, "complex32", &r);
    let _ = std::fs::remove_dir_all(&dir);
}
