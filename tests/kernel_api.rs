//! Ascend C APIs through the C++ path (docs/format.md §12): kernels of our own in
//! `tests/api_kernels/`, each with a binding whose expected values come from numpy.

mod common;

use common::api::{api_kernel, runs_and_passes, variant_stops};
use common::ascstep_in;

/// TransDataTo5HD's three forms (addresses in an array, LocalTensor arrays, addresses held in
/// a LocalTensor<uint64_t>) each transpose a 16×16 half matrix; `import` writes the calls as
/// RON that runs to the same result; TransDataTo5HDImpl with UB pointers is the first form.
#[test]
fn trans_data_to_5hd_runs_in_its_three_forms_and_imports() {
    let (dir, _) = runs_and_passes(
        "trans_data",
        "trans_data_forms",
        "trans_data.ron",
        &["y[0..768]"],
    );
    let imp = ascstep_in(&dir, &["import", "trans_data.ron"]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    assert_eq!(
        imp.stdout.matches("TransDataTo5HD(").count(),
        3,
        "{}",
        imp.stdout
    );
    std::fs::write(dir.join("imported.ron"), &imp.stdout).unwrap();
    let again = ascstep_in(&dir, &["run", "imported.ron"]);
    assert_eq!(again.code, 0, "{}", again.dump());
    // CANN's internal TransDataTo5HDImpl, called directly with lists of UB pointers as kernels
    // do (layer_norm_grad_v3): the same transpose.
    let k = std::fs::read_to_string(dir.join("trans_data.asc")).unwrap();
    let first = "    TransDataTo5HD<half>(dl, sl, params);";
    assert!(k.contains(first));
    std::fs::write(
        dir.join("trans_data.asc"),
        k.replace(
            first,
            "    __ubuf__ half* dp[16];\n    __ubuf__ half* sp[16];\n    for (int i = 0; i < 16; i++) {\n        dp[i] = (__ubuf__ half*)dst.GetPhyAddr() + 16 * i;\n        sp[i] = (__ubuf__ half*)src.GetPhyAddr() + 16 * i;\n    }\n    TransDataTo5HDImpl(dp, sp, params);",
        ),
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "trans_data.ron"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("pass  y[0..768]"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// An address in an address list that no LocalTensor holds stops the kernel at the call, with
/// the list entry and the address.
#[test]
fn trans_data_to_5hd_names_an_address_outside_every_tensor() {
    let dir = api_kernel("trans_data", "trans_data_bad_address");
    variant_stops(
        &dir,
        "trans_data.ron",
        (
            "entry: \"trans_data\")",
            "entry: \"trans_data\", define: {\"BAD_ADDRESS\": \"1\"})",
        ),
        "bad.ron",
        &[
            "trans_data.asc:30:5: error[kernel-stopped]",
            "dstList[3] is UB address 0x20000",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The scalar Cast of a float gives the page's own results (DK:标量计算/Cast（float转half/
/// int32_t）): half 3.142578 for 3.14159 with CAST_ODD (to nearest even would give 3.140625),
/// and each int32_t rounding of 1.5 and 2.5.
#[test]
fn scalar_cast_gives_the_documented_results() {
    let (dir, _) = runs_and_passes(
        "scalar_cast",
        "scalar_cast",
        "scalar_cast.ron",
        &["y[0..9]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The scalar bit counts give their pages' examples and edges (DK:标量计算/CountLeadingZero,
/// CountBitsCntSameAsSignBit, GetSFFValue, GetBitCount), by the new names and the old.
#[test]
fn scalar_bit_counts_give_the_documented_results() {
    let (dir, _) = runs_and_passes(
        "scalar_bits",
        "scalar_bits",
        "scalar_bits.ron",
        &["y[0..16]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the device compiler gives a kernel besides the APIs: `min`/`max` called unqualified
/// (the common type of their operands), `__tiling_data_ptr__`, `__bf16` as `bfloat16_t`, CANN's
/// header names (kernel_type.h, kernel_event.h, kernel_basic_intf.h, kernel_utils.h), the DT_* codes, PRINTF
/// and TQueSync; Trap
/// stops the kernel at its line as CPU mode's assert does (DK:调试接口/异常检测/Trap).
#[test]
fn device_builtins_compile_and_trap_stops_the_kernel() {
    let (dir, r) = runs_and_passes(
        "device_builtins",
        "device_builtins",
        "device_builtins.ron",
        &["y[0..5]"],
    );
    // PRINTF qualified and not; TQueSync<PIPE_S, PIPE_MTE3> is SetFlag<HardEvent::S_MTE3>.
    assert!(r.stdout.starts_with("n=7\ntrap=0\n"), "{}", r.dump());
    // CANN's KERNEL_LOG: the level, the position, the message.
    assert!(
        r.stdout.contains("[WARN][") && r.stdout.contains("device_builtins.asc:53] logged 7\n"),
        "{}",
        r.dump()
    );
    assert!(r.stderr.contains("9 API calls"), "{}", r.dump());
    variant_stops(
        &dir,
        "device_builtins.ron",
        ("Values([7, 0])", "Values([7, 1])"),
        "trap.ron",
        &[
            "device_builtins.asc:42:9: error[kernel-stopped]",
            "Trap: the kernel stopped itself",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// BroadCast / Broadcast on Atlas A2 (DK:高阶API/张量变换/Broadcast): the last axis with rows of
/// whole blocks and not (the GatherMask path, from the stack buffer), the first axis in groups
/// of eight rows and a row at a time, and int8 through half, each against numpy's
/// broadcast_to; the library's own limit (axis 0 needs rows of whole blocks) stops the kernel.
#[test]
fn broadcast_matches_numpy_on_both_axes() {
    let (dir, r) = runs_and_passes(
        "broadcast",
        "broadcast",
        "broadcast.ron",
        &[
            "a[0..80]",
            "b[0..60]",
            "c[0..288]",
            "d[0..120]",
            "e[0..2048]",
            "e[2048..4096]",
        ],
    );
    assert!(!r.stderr.contains("warning"), "{}", r.dump());
    let src = std::fs::read_to_string(dir.join("broadcast.asc")).unwrap();
    std::fs::write(
        dir.join("broadcast.asc"),
        src.replace(
            "cDst[2] = {9, 32}, cSrc[2] = {1, 32}",
            "cDst[2] = {9, 20}, cSrc[2] = {1, 20}",
        ),
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "broadcast.ron"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr
            .contains("broadcast.asc:56:5: error[kernel-stopped]")
            && r.stderr.contains("a row here is 20 elements"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An op_host tiling struct nesting the library's tiling structs (SoftMaxTiling,
/// LayerNormSeparateTiling, as ops-nn's norm ops do) compiles, and the binding's values for
/// their fields reach the kernel (docs/format.md §12.2).
#[test]
fn library_tiling_structs_nest_in_an_ops_tiling_struct() {
    let (dir, _) = runs_and_passes("library_tiling", "library_tiling", "lib.ron", &["y[0..4]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The untyped `GetAccVal()` gives the register's bits, read back as the float sum (136 for
/// 1..16), and the queue's handle forms `EnQue`/`DeQue()` compile and keep the queue in order.
#[test]
fn untyped_get_acc_val_and_queue_handle_forms() {
    let (dir, _) = runs_and_passes(
        "untyped_forms",
        "untyped_forms",
        "untyped_forms.ron",
        &["y[0..8]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sign with the library's steps (Compares, SetCmpMask and register-scalar Selects, an Add)
/// gives numpy's sign on floats (±0, ±inf, a subnormal, pieces with a tail) and halves, with
/// the library's 0 for NaN. On A2 Compare compares whole repeats, so the pieces that are not
/// whole repeats read dst past them: warnings of the library's reads, the values unaffected.
#[test]
fn sign_matches_numpy_with_the_librarys_nan() {
    let (dir, _) = runs_and_passes("sign", "sign", "sign.ron", &["yf[0..296]", "yh[0..128]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Power for float and half with the library's steps (exp(y · ln|x|), its sign, one and NaN masks by
/// Compares and register-scalar Selects) in its three forms, against numpy's power within
/// 1e-5, special values included; where an operand is NaN the library's masks decide, with
/// Atlas A2's Compare NE false for NaN (NaN ^ 2 = 1 there).
#[test]
fn power_matches_numpy_in_its_three_forms() {
    let (dir, _) = runs_and_passes(
        "power",
        "power",
        "power.ron",
        &["a[0..72]", "b[0..72]", "c[0..64]", "d[0..64]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Power for int32_t with the library's square-and-multiply in its three forms (pieces of a 1 KiB
/// buffer and the stack buffer), against numpy's wrapping int32 power, and a negative exponent
/// as the library's trunc(1 / x^|y|) (docs/semantics.md §21.8).
#[test]
fn power_int32_matches_numpy_in_its_three_forms() {
    let (dir, _) = runs_and_passes(
        "power_int",
        "power_int",
        "power_int.ron",
        &["a[0..72]", "b[0..72]", "c[0..40]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Calls in CANN's exact template lists compile and compute: `CompareScalar<T, U, isSetMask>`
/// and `ShiftRight<T, isSetMask>(…, params, roundEn)`, against numpy.
#[test]
fn cann_template_lists_of_compare_scalar_and_shift_right() {
    let (dir, _) = runs_and_passes(
        "cann_signatures",
        "cann_signatures",
        "cann_signatures.ron",
        &["bits[0..8]", "y[0..128]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An operator kernel file holding its host launch (`k<<<…>>>(…)` in a `*_do` wrapper, a template
/// callee among them) compiles in a binding: the launch calls nothing, the entry runs, and the
/// file's quoted include is found from its own directory.
#[test]
fn a_kernel_file_with_its_host_launch_runs_in_a_binding() {
    let (dir, _) = runs_and_passes(
        "host_launch",
        "host_launch",
        "host_launch.ron",
        &["y[0..16]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ascend 950's Mutex (Lock/Unlock between pipes, AllocMutexID/ReleaseMutexID) compiles and
/// changes nothing computed (y = x + 1); on Atlas A2, which has no Mutex, the compile says the
/// kernel uses a name ascstep's Ascend C lacks there.
#[test]
fn mutex_runs_on_ascend_950_only() {
    let (dir, _) = runs_and_passes("mutex", "mutex", "mutex.ron", &["y[0..64]"]);
    variant_stops(
        &dir,
        "mutex.ron",
        ("ascend_950", "atlas_a2"),
        "a2.ron",
        &["the kernel uses `MutexID`"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// APIs taken by address in CANN's exact signatures (a template parameter of function type, a
/// plain function pointer to the mask form) compute what numpy does; a direct call keeps its
/// own line and a call through a pointer is placed in ascstep's header (C++ gives it no caller
/// position).
#[test]
fn apis_taken_by_address_run_and_direct_calls_keep_their_line() {
    let (dir, _) = runs_and_passes(
        "function_pointers",
        "function_pointers",
        "function_pointers.ron",
        &["y[0..320]"],
    );
    let imp = ascstep_in(&dir, &["import", "function_pointers.ron"]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    let line = |call: &str| {
        imp.stdout
            .lines()
            .find(|l| l.trim_start().starts_with(call))
            .unwrap_or_else(|| panic!("{call}\n{}", imp.dump()))
            .to_string()
    };
    assert!(
        line("Add(").contains("function_pointers.asc:42:5"),
        "{}",
        imp.stdout
    );
    for (call, header) in [
        ("Max(", "kernel_operator_vec_binary_intf.h"),
        ("Abs(", "kernel_operator_vec_unary_intf.h"),
        ("Sub(", "kernel_operator_vec_binary_intf.h"),
    ] {
        assert!(line(call).contains(header), "{call}: {}", imp.stdout);
    }
}

/// CANN forms the operator kernels use compile and compute what numpy does: the queue's
/// AllocTensor filling a tensor the caller holds, `(float)halfTensor(i)`, brace-initialised
/// DataCopyPad parameters (only DataCopyParams takes four values, as in CANN); a double tensor
/// (and an Ascend 950 hifloat8_t one) in a branch not taken compiles, and when the branch is
/// taken the view is refused by name; a
/// GlobalTensor set past every allocation stops the kernel only when used.
#[test]
fn cann_tensor_forms_run_and_a_double_view_is_named() {
    let (dir, _) = runs_and_passes(
        "tensor_forms",
        "tensor_forms",
        "tensor_forms.ron",
        &["y[0..64]"],
    );
    variant_stops(
        &dir,
        "tensor_forms.ron",
        ("\"mode\": 0,", "\"mode\": 1,"),
        "double.ron",
        &[
            "tensor_forms.asc:10:26: error[bad-dtype]",
            "element type `double` is not simulated",
        ],
    );
    // Likewise a tensor of Ascend 950's hifloat8_t.
    variant_stops(
        &dir,
        "tensor_forms.ron",
        ("\"mode\": 0,", "\"mode\": 3,"),
        "hifloat8.ron",
        &[
            "tensor_forms.asc:10:26: error[bad-dtype]",
            "element type `hifloat8_t` is not simulated",
        ],
    );
    // A GlobalTensor set past every allocation is no error until an API call uses it; then
    // the kernel stops at the SetGlobalBuffer that set it.
    variant_stops(
        &dir,
        "tensor_forms.ron",
        ("\"mode\": 0,", "\"mode\": 2,"),
        "past.ron",
        &[
            "tensor_forms.asc:48:10: error[kernel-stopped]",
            "an API call uses the GlobalTensor set here",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// BilinearInterpolation (docs/semantics.md §23) on its page's worked example: src0 = 1…512
/// gathered block by block, src1 = 2…33, two horizontal and two vertical repeats; repeatMode
/// false multiplies a repeat by one src1 value, true each block by its own; the sums are the
/// page's, each product and sum rounded to half (`tests/api_kernels/bilinear/gen.py`).
#[test]
fn bilinear_interpolation_gives_its_pages_example() {
    let (dir, _) = runs_and_passes("bilinear", "bilinear", "bilinear.ron", &["y[0..512]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// CrossCoreSetFlag/CrossCoreWaitFlag in mode 0 hold each block until every block has reported:
/// block i reads block i + 1's data, written before that block's report. In mode 2 (the Cube
/// core's, which ascstep does not run) the wait does not hold, and block 0 reads block 1's part
/// before block 1 ran.
#[test]
fn cross_core_flags_order_the_blocks_in_mode_0() {
    let (dir, _) = runs_and_passes(
        "cross_core",
        "cross_core",
        "cross_core.ron",
        &["y[0..32]", "z[0..32]"],
    );
    let k = std::fs::read_to_string(dir.join("cross_core.asc")).unwrap();
    std::fs::write(
        dir.join("cross_core.asc"),
        k.replace("CrossCoreWaitFlag(3);", "CrossCoreWaitFlag<2>(3);"),
    )
    .unwrap();
    let r = ascstep_in(&dir, &["run", "cross_core.ron"]);
    assert_eq!(r.code, 1, "{}", r.dump());
    assert!(
        r.stdout
            .contains("FAIL  z[0..32]: 24 of 32 elements differ"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// CANN's internal DataCopyPadGm2UBImpl and DataCopyUB2GMImpl with raw pointers, as kernels
/// call them: the public DataCopyPad and DataCopy on the tensors holding the addresses (x[8..24]
/// lands in y[16..32], nothing else of y is written).
#[test]
fn data_copy_impl_forms_take_raw_pointers() {
    let (dir, _) = runs_and_passes(
        "data_copy_impl",
        "data_copy_impl",
        "data_copy_impl.ron",
        &["y[16..32]", "y[0..16]", "y[32..64]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Transpose's plain form (docs/semantics.md §22): a 16×16 matrix of 16-bit elements, y = xᵀ.
#[test]
fn transpose_transposes_a_16_by_16_matrix() {
    let (dir, _) = runs_and_passes("transpose", "transpose", "transpose.ron", &["y[0..256]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's Round (docs/semantics.md §21.17): numpy's rint (ties to even) but zeros as +0,
/// floats in one counter-mode Cast, halves through float in pieces with a tail, nothing written
/// past the count (`tests/api_kernels/round/gen.py`).
#[test]
fn round_is_rint_with_zeros_as_positive() {
    let (dir, _) = runs_and_passes("round", "round", "round.ron", &["yf[0..40]", "yh[0..48]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// get_para_base(): the parameter slots in order, then the tiling data inline (CANN's inline
/// tiling), from a GM tensor and from a binding's Tiling struct alike; the kernel reads its
/// inputs and its tiling from there (as ops-math's gcd does).
#[test]
fn get_para_base_gives_the_parameters_and_the_inline_tiling() {
    let (dir, _) = runs_and_passes("para_base", "para_base", "para_base.ron", &["y[0..64]"]);
    let r = ascstep_in(&dir, &["run", "para_base_struct.ron"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("pass  y[0..64]"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The multi-dimensional DataCopy GM → UB as its page's scenarios call it (constant and
/// nearest-value padding, transpose; NdDmaConfig; the old names with a MultiCopyConfig that
/// zeroes every padding) gives numpy's np.pad of the selected source at the destination
/// strides (`tests/api_kernels/nd_dma/gen.py`), on Ascend 950; elsewhere the call is refused at
/// its line as 950's only.
#[test]
fn multi_dimensional_data_copy_gives_numpys_padded_moves() {
    let (dir, _) = runs_and_passes(
        "nd_dma",
        "nd_dma",
        "nd_dma.ron",
        &[
            "pad[0..2048]",
            "near[0..1024]",
            "trans[0..1024]",
            "bcast[0..48]",
        ],
    );
    let r = ascstep_in(&dir, &["run", "nd_dma.ron", "--product", "atlas_a2"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr.contains("nd_dma.asc:33:5")
            && r.stderr.contains("the multi-dimensional DataCopy (NdDmaParams, MultiCopyParams) is not available on atlas_a2"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// SetLoopModePara's loop mode (its page's int8 example into the UB, single bursts back to GM,
/// ResetLoopModePara ending it, a count-form DataCopy under it) and DataCopyPad's
/// PaddingMode::Compact (场景3) give numpy's
/// layouts (`tests/api_kernels/loop_mode/gen.py`) on Ascend 950; on Atlas A2 the loop mode is
/// refused at its line.
#[test]
fn loop_mode_and_compact_padding_give_numpys_layouts() {
    let (dir, _) = runs_and_passes(
        "loop_mode",
        "loop_mode",
        "loop_mode.ron",
        &[
            "ub[0..544]",
            "back[0..160]",
            "compact[0..80]",
            "plain[0..128]",
        ],
    );
    let r = ascstep_in(&dir, &["run", "loop_mode.ron", "--product", "atlas_a2"]);
    assert_ne!(r.code, 0, "{}", r.dump());
    assert!(
        r.stderr.contains("loop_mode.asc:31:5")
            && r.stderr
                .contains("SetLoopModePara is not available on this product: Ascend 950 only"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Div and Sqrt with a precision configuration held as a class template's static constexpr
/// member (as ops-nn's soft_margin_loss_grad holds it; the host's g++ 12 crashed on CANN's
/// reference form) and with the default give numpy's exact quotients and roots.
#[test]
fn div_and_sqrt_take_their_configuration_as_kernels_hold_it() {
    let (dir, _) = runs_and_passes(
        "div_config",
        "div_config",
        "div_config.ron",
        &["q[0..128]", "r[0..64]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// LocalTensor's operators (ops-math's angle_v2 writes `mask1 = imagLocal >= zeroTensor`): each
/// is the count-form call CANN's symbol overrides make, checked against numpy; the import shows
/// one call per operator at the expression's line.
#[test]
fn local_tensor_operators_are_the_api_calls_they_stand_for() {
    let (dir, r) = runs_and_passes(
        "symbol_override",
        "symbol_override",
        "symbol_override.ron",
        &["arith[0..256]", "bits[0..128]", "masks[0..192]"],
    );
    // 4 copies in, Duplicate, barrier, + - * /, & |, six comparisons, barrier, 3 copies out.
    assert!(r.stderr.contains("22 API calls"), "{}", r.dump());
    let imp = ascstep_in(&dir, &["import", "symbol_override.ron"]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    for (call, line) in [
        ("Add(", 44),
        ("Div(", 47),
        ("And(", 51),
        ("Or(", 52),
        ("cmp: GE", 58),
        ("cmp: NE", 60),
    ] {
        assert!(
            imp.stdout
                .lines()
                .any(|l| l.contains(call) && l.contains(&format!("symbol_override.asc:{line}:"))),
            "{call} at line {line}\n{}",
            imp.stdout
        );
    }
}

/// Ascend 950's register API (docs/format.md §12.5, docs/semantics.md §29): UpdateMask's
/// loop with LoadAlign/StoreAlign's post-update, ZEROING and MERGING, a partial store, the
/// computing calls on float, half and int32 registers, Duplicate without a mask, Cast between
/// half, float and int32 with its layouts and a mask made for the source's type, Compare,
/// CompareScalar and Select, a float mask read as bytes, the unpacking load and packing store;
/// numpy's
/// results (tests/api_kernels/reg_api/gen.py). The import runs to the same result; on Atlas A2
/// the first register call stops the run.
#[test]
fn the_register_api_computes_as_numpy_does_and_imports() {
    let (dir, _) = runs_and_passes(
        "reg_api",
        "reg_api",
        "reg.ron",
        &["yf[0..1408]", "yh[0..640]", "yi[0..192]", "yb[0..256]"],
    );
    let imp = ascstep_in(&dir, &["import", "reg.ron"]);
    assert_eq!(imp.code, 0, "{}", imp.dump());
    assert!(imp.stdout.contains("regs: {"), "{}", imp.stdout);
    assert!(
        imp.stdout
            .contains("Add(dst: \"c\", src0: \"a\", src1: \"b\", mask_reg: \"mask\")"),
        "{}",
        imp.stdout
    );
    std::fs::write(dir.join("imported.ron"), &imp.stdout).unwrap();
    let again = ascstep_in(&dir, &["run", "imported.ron"]);
    assert_eq!(again.code, 0, "{}", again.dump());
    let a2 = ascstep_in(&dir, &["run", "reg.ron", "--product", "atlas_a2"]);
    assert_eq!(a2.code, 3, "{}", a2.dump());
    assert!(
        a2.stderr
            .contains("error[unsupported-instruction]: UpdateMask is not available on atlas_a2"),
        "{}",
        a2.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The mask-register logic (docs/semantics.md §29): MaskAnd, MaskNot, Or and Select on masks
/// (the overloads), MaskXor, Move under a mask and MaskMov without, UnPack and Pack of both
/// halves, each mask then selecting between two float registers or setting bytes; numpy's
/// results (tests/api_kernels/reg_mask/gen.py).
#[test]
fn the_mask_register_logic_computes_as_numpy_does() {
    let (dir, _) = runs_and_passes(
        "reg_mask",
        "reg_mask",
        "reg_mask.ron",
        &["yf[0..960]", "yb[0..576]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The register arithmetic without a memory-API namesake or with a form of its own (docs/semantics.md
/// §29): Neg, Log, Log2, Log10, AbsSub, Prelu, LeakyRelu, Axpy, MulAddDst, MulDstAdd, Xor, the
/// shifts by a scalar (one past the width), Div by a SpecificMode (difference compensation, and
/// an algorithm keeping the subnormal results the default flushes); numpy's results
/// (tests/api_kernels/reg_math/gen.py).
#[test]
fn the_register_arithmetic_computes_as_numpy_does() {
    let (dir, _) = runs_and_passes(
        "reg_math",
        "reg_math",
        "reg_math.ron",
        &["yf[0..1280]", "yi[0..896]", "yw[0..128]", "yn[0..64]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// AddrReg offsets (CreateAddrReg in a loop), LoadUnAlign/StoreUnAlign at addresses off the
/// 32-byte grid with post-updated pointers, and a tail load reaching past its tensor, which the
/// device does and ascstep neither rejects nor warns about (docs/semantics.md §29); numpy's
/// results (tests/api_kernels/reg_move/gen.py).
#[test]
fn address_registers_and_unaligned_moves_move_what_numpy_says() {
    let (dir, r) = runs_and_passes("reg_move", "reg_move", "reg_move.ron", &["y[0..384]"]);
    assert!(!r.stderr.contains("warning"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// LoadAlign's and StoreAlign's distributions (docs/semantics.md §29.1): a broadcast of one
/// element at an unaligned address (half and uint8), up- and down-sampling, the double load's
/// even and odd elements and the double store interleaving them back (its empty mask ignored),
/// a first-element store at an element address, a normal store named DIST_NORM_B16, four-fold
/// unpacking of bytes to 32 bits; ShiftRight/ShiftLeft by a register of amounts; the Memory
/// API's Duplicate of a LocalTensor's first element (950's, made of register calls); numpy's
/// results (tests/api_kernels/reg_dist/gen.py).
#[test]
fn load_and_store_distributions_move_what_numpy_says() {
    let (dir, r) = runs_and_passes(
        "reg_dist",
        "reg_dist",
        "reg_dist.ron",
        &["y[0..1152]", "yb[0..1024]"],
    );
    assert!(!r.stderr.contains("error["), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Squeeze and GatherMask (docs/semantics.md §29): the positive floats of a register packed from
/// lane 0 (the rest 0), three chunks' positives appended by STORE_REG and StoreUnAlign's AR form
/// (and DataCopyUnAlign's, its earlier name, with the two-argument DataCopyUnAlignPost) with
/// Reg::GetSpr<AR> their byte count, uint8 below 100 by the earlier name; numpy's results
/// (tests/api_kernels/reg_squeeze/gen.py). The run reports each count it read back.
#[test]
fn squeeze_packs_the_selected_lanes_and_appends_by_ar() {
    let (dir, r) = runs_and_passes(
        "reg_squeeze",
        "reg_squeeze",
        "reg_squeeze.ron",
        &["y[0..384]", "yb[0..256]"],
    );
    // The loop's Squeeze, once a chunk.
    assert_eq!(
        r.stdout
            .matches("`Squeeze` (reg_squeeze.asc:28:9): kept = ")
            .count(),
        3,
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The register reductions (docs/semantics.md §29): Reduce SUM by the page's binary tree (a
/// half sum a left-to-right order would round differently), under a mask whose left lanes count
/// as 0; MAX with the first of two maxima's index in lane 1; MIN of every third int32; int16
/// summed into int32; ReduceDataBlock MAX with a block the mask leaves (-inf); the older
/// ReduceSumWithDataBlock; PairReduceElem with a lone lane; ReduceMax in place; every other
/// lane of each destination 0; copies of registers, Duplicate of a register's lowest element,
/// Interleave and DeInterleave (in place). numpy's results (tests/api_kernels/reg_reduce/gen.py).
#[test]
fn the_register_reductions_reduce_as_numpy_does() {
    let (dir, _) = runs_and_passes(
        "reg_reduce",
        "reg_reduce",
        "reg_reduce.ron",
        &["yh[0..384]", "yf[0..704]", "yi[0..128]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The register Gather from the UB (docs/semantics.md §29): floats by uint32 indices under a
/// mask (the other lanes 0), halves from a table longer than VL bytes, int8 zero-extended into
/// int16 lanes, DataCopyGather with an index register cast to uint32; numpy's results
/// (tests/api_kernels/reg_gather/gen.py).
#[test]
fn the_register_gather_picks_what_numpy_picks() {
    let (dir, _) = runs_and_passes(
        "reg_gather",
        "reg_gather",
        "reg_gather.ron",
        &["yf[0..64]", "yh[0..128]", "ys[0..128]", "yi[0..64]"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Mula, MulAddDst's other name (CANN's reg_compute binary interface), and FusedMulDstAdd,
/// MulDstAdd's (its fused interface), compute what numpy says MulAddDst and MulDstAdd compute:
/// reg_math with both calls renamed still passes.
#[test]
fn mula_is_mul_add_dst() {
    let dir = api_kernel("reg_math", "reg_mula");
    let asc = dir.join("reg_math.asc");
    let mut text = std::fs::read_to_string(&asc).unwrap();
    for (call, other) in [
        ("Reg::MulAddDst(c, a, a, all);", "Reg::Mula(c, a, a, all);"),
        (
            "Reg::MulDstAdd(c, a, a, all);",
            "Reg::FusedMulDstAdd(c, a, a, all);",
        ),
    ] {
        assert!(text.contains(call));
        text = text.replacen(call, other, 1);
    }
    std::fs::write(&asc, text).unwrap();
    let r = ascstep_in(&dir, &["run", "reg_math.ron"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("pass  yf[0..1280]"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// UnalignRegForLoad and UnalignRegForStore are one type, as CANN's (kernels pass either to a
/// store): reg_move with every UnalignRegForStore written UnalignRegForLoad still passes.
#[test]
fn unaligned_registers_for_loads_and_stores_are_one_type() {
    let dir = api_kernel("reg_move", "reg_move_one_ureg");
    let asc = dir.join("reg_move.asc");
    let text = std::fs::read_to_string(&asc).unwrap();
    assert!(text.contains("UnalignRegForStore"));
    let text = text.replace("UnalignRegForStore", "UnalignRegForLoad");
    std::fs::write(&asc, text).unwrap();
    let r = ascstep_in(&dir, &["run", "reg_move.ron"]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert!(r.stdout.contains("pass  y[0..384]"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Memory API's Interleave and DeInterleave of LocalTensors on Ascend 950 (two sources and
/// the one-source form), counts that are not whole registers: what numpy's zip and split give,
/// nothing written past a destination's part (tests/api_kernels/interleave/gen.py).
#[test]
fn tensors_interleave_and_deinterleave_as_numpy_does() {
    let (dir, r) = runs_and_passes(
        "interleave",
        "interleave",
        "interleave.ron",
        &["z[0..256]", "b[0..256]", "e[0..256]"],
    );
    assert!(!r.stderr.contains("warning"), "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A register-API call ascstep does not simulate yet compiles with CANN's signature and stops
/// the kernel at its line, named (exit 3), rather than failing the build: Scatter here.
#[test]
fn an_unsimulated_register_call_stops_at_its_line_named() {
    let dir = api_kernel("reg_math", "reg_unsimulated");
    let asc = dir.join("reg_math.asc");
    let text = std::fs::read_to_string(&asc).unwrap();
    let call = "    Reg::Neg(c, a, all);\n    Reg::StoreAlign(o, c, all);";
    assert!(text.contains(call));
    let text = text.replacen(call, &format!("    Reg::Scatter(o, c, a, all);\n{call}"), 1);
    std::fs::write(&asc, text).unwrap();
    let r = ascstep_in(&dir, &["run", "reg_math.ron"]);
    assert_eq!(r.code, 3, "{}", r.dump());
    assert!(
        r.stderr
            .contains("reg_math.asc:15:5: error[kernel-stopped]")
            && r.stderr.contains("MicroAPI::Scatter is not simulated yet"),
        "{}",
        r.dump()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
