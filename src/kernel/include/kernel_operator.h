// ascstep's Ascend C (docs/format.md §12.3): the kernel compiled for the host, every API call
// one step of ascstep's simulator with its C++ position. Thin: each call formats itself as the
// RON instruction it is (docs/format.md §6–§11) and ascstep checks and executes it.
#pragma once
//
// The calls live in basic_api/, one header per API family as CANN names them, each including
// the one before it; this header includes them all, then the tiling macros and the library.
#include "basic_api/kernel_base_types.h"
#include "basic_api/kernel_tensor.h"
#include "basic_api/kernel_tpipe.h"
#include "basic_api/kernel_struct_unary.h"
#include "basic_api/kernel_struct_binary.h"
#include "basic_api/kernel_struct_data_copy.h"
#include "basic_api/kernel_operator_vec_binary_intf.h"
#include "basic_api/kernel_operator_vec_unary_intf.h"
#include "basic_api/kernel_operator_vec_binary_scalar_intf.h"
#include "basic_api/kernel_operator_vec_ternary_scalar_intf.h"
#include "basic_api/kernel_operator_vec_duplicate_intf.h"
#include "basic_api/kernel_operator_vec_vconv_intf.h"
#include "basic_api/kernel_operator_vec_cmpsel_intf.h"
#include "basic_api/kernel_operator_symbol_override.h"
#include "basic_api/kernel_operator_vec_reduce_intf.h"
#include "basic_api/kernel_operator_vec_brcb_intf.h"
#include "basic_api/kernel_operator_data_copy_intf.h"
#include "basic_api/kernel_operator_common_intf.h"
#include "basic_api/kernel_operator_vec_gather_mask_intf.h"
#include "basic_api/kernel_operator_proposal_intf.h"
#include "basic_api/kernel_operator_vec_gather_intf.h"
#include "basic_api/kernel_operator_sys_var_intf.h"
#include "basic_api/kernel_operator_atomic_intf.h"
#include "basic_api/kernel_operator_ctrl_intf.h"
#include "basic_api/kernel_operator_limits_intf.h"
#include "basic_api/kernel_operator_dump_tensor_intf.h"
#include "basic_api/kernel_operator_utils_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"


using AscendC::GetTPipePtr;

// The built-in constant ASC_UB_SIZE (DK-guide 编程指南/语言扩展层/SIMD-BuiltIn关键字), the
// UB's bytes; block_idx and block_num are in ascstep/rt.h.
constexpr uint64_t ASC_UB_SIZE = ASCSTEP_UB_SIZE;

template <>
struct ascstep_rt::Dtype<AscendC::int4b_t> {
    static constexpr const char* name = "int4b_t";
};

// Kernel assertions (DK:调试接口/ascendc_assert, ASSERT): a failed one stops the kernel at its
// position with the condition's text; the message arguments after it are not evaluated.
namespace ascstep_rt {
template <class... A>
void check(const Pos& p, const char* what, bool ok, const A&...) {
    if (!ok) stop(p, std::string("assertion failed: ") + what);
}
}  // namespace ascstep_rt
#define ascendc_assert(...) ::ascstep_rt::check(::ascstep_rt::Pos::current(), #__VA_ARGS__, __VA_ARGS__)
#define ASSERT(cond) ::ascstep_rt::check(::ascstep_rt::Pos::current(), #cond, bool(cond))
#define ASCENDC_ASSERT(cond, ...) ::ascstep_rt::check(::ascstep_rt::Pos::current(), #cond, bool(cond))
// CANN's kernel_log.h in CPU mode: `[LEVEL][file:line] message` on standard output; the level one
// of KERNEL_DEBUG, KERNEL_INFO, KERNEL_WARN, KERNEL_ERROR.
#define KERNEL_LOG(level, format, ...) \
    ::std::printf("[%s][%s:%d] " format "\n", &#level[7], __FILE__, __LINE__, ##__VA_ARGS__)

// The kernel-side tiling macros (GET_TILING_DATA, REGISTER_TILING_DEFAULT, TILING_KEY_IS, …)
// come with kernel_operator.h as with CANN's, so an operator kernel that includes only this
// header compiles (docs/format.md §12.3).
#include "kernel_tiling/kernel_tiling.h"
#include "kernel_operator_list_tensor_intf.h"

// The device compiler's barrier intrinsic, which older kernels call directly: PipeBarrier.
inline void pipe_barrier(pipe_t pipe, ascstep_rt::Pos p = ascstep_rt::Pos::current()) {
    ascstep_rt::call(p, std::string("PipeBarrier(pipe: ") + AscendC::name(pipe) + ")");
}

// The device compiler's intrinsic that sets the FFTS (cross-core flag) base address; pyasc's
// kernels call it first with their `ffts_addr` argument. No effect: ascstep's cores synchronise
// through SyncAll.
inline void set_ffts_base_addr(uint64_t) {}

// The device compiler's scalar min and max, which kernels call unqualified (`min(a, b)` in a
// template with no argument depending on it): of two values of any arithmetic types, the
// smaller (larger) in their common type. A kernel's own non-template min(int64_t, int64_t) is
// the better match where it fits, and std::min where `using namespace std` brings it.
template <class T, class U>
constexpr std::common_type_t<T, U> min(const T& a, const U& b) {
    return b < a ? std::common_type_t<T, U>(b) : std::common_type_t<T, U>(a);
}
template <class T, class U>
constexpr std::common_type_t<T, U> max(const T& a, const U& b) {
    return a < b ? std::common_type_t<T, U>(b) : std::common_type_t<T, U>(a);
}

#include "basic_api/kernel_operator_precision_config.h"
#include "basic_api/kernel_utils.h"
#include "basic_api/kernel_operator_scalar_intf.h"
#include "basic_api/kernel_operator_vec_transpose_intf.h"
#include "basic_api/kernel_operator_vec_bilinearinterpolation_intf.h"
#include "basic_api/kernel_operator_data_copy_impl.h"
#include "basic_api/kernel_utils_constants.h"
#include "basic_api/kernel_common.h"

// CANN's kernel_operator.h brings the library's headers too (kernel_operator_intf.h includes
// adv_api/math/…, activation/…, pad/…): a kernel calls Log or Power having included only
// kernel_operator.h. Those of them ascstep has (docs/semantics.md §21).
#include "adv_api/math/log.h"
#include "adv_api/math/exp.h"
#include "adv_api/math/power.h"
#include "adv_api/math/sin.h"
#include "adv_api/math/cos.h"
#include "adv_api/math/atan.h"
#include "adv_api/math/asin.h"
#include "adv_api/math/tan.h"
#include "adv_api/math/sinh.h"
#include "adv_api/math/inverse_hyperbolic.h"
#include "adv_api/math/erf.h"
#include "adv_api/math/erfc.h"
#include "adv_api/math/axpy.h"
#include "adv_api/index/arithprogression.h"
#include "adv_api/math/floor.h"
#include "adv_api/math/ceil.h"
#include "adv_api/math/trunc.h"
#include "adv_api/math/round.h"
#include "adv_api/activation/sigmoid.h"
#include "adv_api/activation/swish.h"
#include "adv_api/activation/swiglu.h"
#include "adv_api/activation/geglu.h"
#include "adv_api/activation/gelu.h"
#include "adv_api/activation/softmax.h"
#include "adv_api/math/tanh.h"
#include "adv_api/pad/broadcast.h"
#include "adv_api/pad/pad.h"
#include "adv_api/math/sign.h"
#include "adv_api/math/xor.h"
#include "adv_api/math/clamp.h"
#include "adv_api/math/frac.h"
#include "adv_api/math/fmod.h"
#include "adv_api/normalization/rmsnorm.h"
#include "adv_api/math/cumsum.h"
#include "adv_api/math/fma.h"
#include "adv_api/reduce/sum.h"
#include "adv_api/reduce/reduce.h"
#include "adv_api/sort/topk.h"
#include "adv_api/select/selectwithbytesmask.h"
#include "basic_api/reg_compute/kernel_reg_compute_unsimulated.h"
#include "basic_api/kernel_operator_vec_interleave.h"
