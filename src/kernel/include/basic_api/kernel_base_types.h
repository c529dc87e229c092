// The keywords, enums, constants and element types every other header uses (CANN's
// kernel_base_types.h, kernel_type.h).
#pragma once
#include "ascstep/types.h"
#include "ascstep/data_types.h"
#include "ascstep/std.h"

#ifdef ASCSTEP_KEEP_GLOBAL
// Only for ascstep's look at the preprocessed kernel (which entry the compile sees).
#define __global__ __global__
#else
#define __global__
#endif
#define __aicore__
#define __vector__
#define __cube__
#define __mix__(cube, vector)
#define __gm__
#define __ubuf__
#define GM_ADDR uint8_t*
// The qualifier of a pointer to tiling data (GET_TILING_DATA_PTR_WITH_STRUCT): `const`, as in
// CANN's device build.
#define __tiling_data_ptr__ const
// __CCE_KT_TEST__ stays undefined, as in the device build (CANN defines it only for the
// CPU-debug build): `#ifdef __CCE_KT_TEST__` branches are not taken.

// Which core the code runs on (DK-guide 编程指南/SIMD-BuiltIn关键字): ascstep simulates the
// vector core, so `if ASCEND_IS_AIV { … }` runs and `if ASCEND_IS_AIC { … }` (the Cube) does not.
#define ASCEND_IS_AIV (true)
#define ASCEND_IS_AIC (false)

enum pipe_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_FIX };
// The CCE address calculation mode of the cube's load intrinsics (global, as CANN's CCE
// headers and CPU stubs have it: `addr_cal_mode_t::inc`, `::dec`); no vector API takes it.
enum addr_cal_mode_t { inc = 0, dec = 1 };
enum event_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };

// CANN's branch hints and its kernel-side "no tiling" registration.
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
#define REGISTER_NONE_TILING

// The device compiler's intrinsic for the address of the launch's parameter array (one 8-byte
// slot per entry parameter, in order: GM addresses, scalars' values), which some kernels read
// their inputs from; CANN's `AscendC::GetParaBase()` returns it too.
inline int64_t get_para_base() { return int64_t(reinterpret_cast<uintptr_t>(ascstep_rt::para_base().data())); }

namespace AscendC {
// The core types (CANN's sys_constants.h); ascstep runs the vector core (g_coreType).
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;
// The Vector Unit's constants as CANN's kernel_utils_constants.h names them.
constexpr uint16_t ONE_BLK_SIZE = 32;
constexpr uint32_t ONE_BLOCK_SIZE = 32;
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t DEFAULT_BLOCK_SIZE = 256;
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr uint64_t FULL_MASK = 0xffffffffffffffffull;
}  // namespace AscendC
inline constexpr int32_t g_coreType = AscendC::AIV;

namespace AscendC {
using ascstep_rt::Pos;
using ascstep_rt::num;

enum class TPosition : uint8_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, C2PIPE2GM, C2PIPE2LOCAL, MAX };
using QuePosition = TPosition;
enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };
enum class HardEvent : uint8_t { MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1, MTE1_MTE3, MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S, MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX };
// CAST_HYBRID, CAST_EVEN, CAST_ZERO: Ascend 950's (not simulated: a call naming one stops at its
// RON); UNKNOWN: the register API's CastTrait default.
enum class RoundMode : uint8_t {
    CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD, CAST_HYBRID, CAST_EVEN, CAST_ZERO,
    UNKNOWN = 0xFF
};
enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };
enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };
using TEventID = int8_t;
// The L2 cache hints (DK:GlobalTensor/SetL2CacheHint): no effect on data, so none in ascstep.
enum class CacheMode : uint8_t { CACHE_MODE_DISABLE = 0, CACHE_MODE_NORMAL = 1, CACHE_MODE_LAST = 2, CACHE_MODE_PERSISTENT = 4 };
enum class CacheRwMode : uint8_t { READ = 1, WRITE = 2, RW = 3 };
// 4-bit integers, two per byte, element 2i in the low nibble (DK:类型转换/Cast 约束说明); only
// Cast reads and writes them (docs/semantics.md §4.7).
struct int4b_t {
    uint8_t bits = 0;
};
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
// Ascend 950's complex element type (CANN's kernel_utils_ceil_oom_que.h): the real and imaginary
// parts side by side. Kernels name it (ops-math's muls on complex32); no vector instruction of
// the Memory API takes it, so a tensor of it can be copied, not computed on.
template <class T>
struct Complex {
    using EleType = T;
    Complex() : real(0), imag(0) {}
    Complex(T r, T i) : real(r), imag(i) {}
    template <class U>
    Complex(const U r) : real(T(r)), imag(0) {}
    bool operator==(const Complex& o) const { return real == o.real && imag == o.imag; }
    T real;
    T imag;
};
#endif
namespace detail {
// Bytes of n elements of T and elements in n bytes: int4b_t takes half a byte.
template <class T>
constexpr uint64_t bytes_of(uint64_t n) {
    return std::is_same_v<T, int4b_t> ? n / 2 : n * sizeof(T);
}
template <class T>
constexpr uint64_t elems_of(uint64_t bytes) {
    return std::is_same_v<T, int4b_t> ? bytes * 2 : bytes / sizeof(T);
}
}  // namespace detail
constexpr uint64_t MASK_PLACEHOLDER = 0;

// CANN's exact signature of an API, for code that takes its address (a template argument
// `ForeachOp<T, Exp>`, `void (*op)(…) = Add;`): the forms with ascstep's trailing position do not
// convert to CANN's function type. `ASCSTEP_EXACT(I, TYPE)` declares a template parameter that
// only TYPE itself fits, so in a direct call the positioned form, whose parameter is TYPE
// outright, is the more specialised and keeps the call's line; a call through the pointer has
// no caller position in C++ and is placed at the exact form in ascstep's header (docs/format.md
// §12.3).
#define ASCSTEP_EXACT(I, TYPE) class I, std::enable_if_t<std::is_same_v<I, TYPE>, int> = 0

inline const char* name(RoundMode r) {
    static const char* n[] = {"CAST_NONE", "CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND",
                              "CAST_TRUNC", "CAST_ODD", "CAST_HYBRID", "CAST_EVEN", "CAST_ZERO"};
    return int(r) < 10 ? n[int(r)] : "UNKNOWN";
}
inline const char* name(CMPMODE c) {
    static const char* n[] = {"LT", "GT", "EQ", "LE", "GE", "NE"};
    return n[int(c)];
}
inline const char* name(SELMODE s) {
    static const char* n[] = {"VSEL_CMPMASK_SPR", "VSEL_TENSOR_SCALAR_MODE", "VSEL_TENSOR_TENSOR_MODE"};
    return n[int(s)];
}
inline const char* name(ReduceOrder o) {
    static const char* n[] = {"ORDER_VALUE_INDEX", "ORDER_INDEX_VALUE", "ORDER_ONLY_VALUE", "ORDER_ONLY_INDEX"};
    return n[int(o)];
}
inline const char* name(HardEvent e) {
    static const char* n[] = {"MTE2_MTE1", "MTE1_MTE2", "MTE1_M", "M_MTE1", "MTE2_V", "V_MTE2", "MTE3_V", "V_MTE3", "M_V", "V_M", "V_V", "MTE3_MTE1", "MTE1_MTE3", "MTE1_V", "MTE2_M", "M_MTE2", "V_MTE1", "M_FIX", "FIX_M", "MTE3_MTE2", "MTE2_MTE3", "S_V", "V_S", "S_MTE2", "MTE2_S", "S_MTE3", "MTE3_S", "MTE2_FIX", "FIX_MTE2", "FIX_S", "M_S", "FIX_MTE3", "MTE1_FIX", "FIX_MTE1", "FIX_FIX"};
    return n[int(e)];
}
inline const char* name(pipe_t p) {
    static const char* n[] = {"PIPE_S", "PIPE_V", "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3", "PIPE_ALL", "PIPE_FIX"};
    return n[int(p)];
}
}  // namespace AscendC
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
using complex32 = AscendC::Complex<half>;
using complex64 = AscendC::Complex<float>;
#endif

#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
// Ascend 950's int4x2_t, the device compiler's type of two 4-bit integers in a byte (element 0
// in the low nibble), which kernels name in their int4 branches (the register Cast to int4).
// Declared so such a kernel compiles and runs its other branches; no register or tensor of it is
// simulated (a call that instantiates one is a compile error naming `Dtype<int4x2_t>`).
struct int4x2_t {
    uint8_t data;
};
#endif
