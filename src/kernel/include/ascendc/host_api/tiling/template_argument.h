// ascstep: CANN's tiling-key template declarations (ascendc/host_api/tiling/template_argument.h).
// ASCENDC_TPL_ARGS_DECL names a kernel's template parameters with the values each may take and
// its bits in the tiling key; ASCENDC_TPL_SEL lists the combinations the build instantiates.
// In the kernel's compile they expand to nothing, as in CANN's kernel build; when ascstep
// preprocesses the kernel to find the instantiation a binding's `tiling_key` selects
// (docs/format.md §12.2), ASCENDC_TPL_PRE makes them markers it reads, as CANN's build does with
// its own ASCENDC_TPL_PRE pass.
#pragma once
#include <cstdint>

#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 4
#define ASCENDC_TPL_MIX_AIC_1_0 5
#define ASCENDC_TPL_MIX_AIC_1_1 6
#define ASCENDC_TPL_MIX_AIC_1_2 7
#define ASCENDC_TPL_AICORE 8
#define ASCENDC_TPL_VECTORCORE 9
#define ASCENDC_TPL_MIX_AICORE 10
#define ASCENDC_TPL_MIX_VECTOR_CORE 11
#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8
#define ASCENDC_TPL_INPUT_BIAS 100000000
#define ASCENDC_TPL_OUTPUT_BIAS 900000000
#define ASCENDC_TPL_INPUT(x) (ASCENDC_TPL_INPUT_BIAS + (x))
#define ASCENDC_TPL_OUTPUT(x) (ASCENDC_TPL_OUTPUT_BIAS + (x))
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2

// The native data types of DATATYPE declarations: ge::DataType's values (graph/types.h).
#define C_DT_FLOAT 0
#define C_DT_FLOAT16 1
#define C_DT_INT8 2
#define C_DT_INT32 3
#define C_DT_UINT8 4
#define C_DT_INT16 6
#define C_DT_UINT16 7
#define C_DT_UINT32 8
#define C_DT_INT64 9
#define C_DT_UINT64 10
#define C_DT_DOUBLE 11
#define C_DT_BOOL 12
#define C_DT_COMPLEX64 16
#define C_DT_BF16 27
#define C_DT_INT4 29
#define C_DT_UINT1 30
#define C_DT_INT2 31
#define C_DT_COMPLEX32 33
#define C_DT_HIFLOAT8 34
#define C_DT_FLOAT8_E5M2 35
#define C_DT_FLOAT8_E4M3FN 36
#define C_DT_FLOAT4_E2M1 40
#define C_DT_FLOAT4_E1M2 41

#ifdef ASCENDC_TPL_PRE
// __ascstep_tpl(kind, name, bits, values…): one parameter of a declaration or a selection.
#define ASCENDC_TPL_DTYPE_DECL(x, ...) __ascstep_tpl(DTYPE, x, 8, __VA_ARGS__)
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) __ascstep_tpl(DATATYPE, x, 8, __VA_ARGS__)
#define ASCENDC_TPL_FORMAT_DECL(x, ...) __ascstep_tpl(FORMAT, x, 8, __VA_ARGS__)
#define ASCENDC_TPL_UINT_DECL(x, bw, ...) __ascstep_tpl(UINT, x, bw, __VA_ARGS__)
#define ASCENDC_TPL_BOOL_DECL(x, ...) __ascstep_tpl(BOOL, x, 1, __VA_ARGS__)
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) __ascstep_tpl(SHARED_KERNEL_TYPE, x, 8, __VA_ARGS__)
#define ASCENDC_TPL_DTYPE_SEL(x, ...) __ascstep_tpl(DTYPE, x, 8, __VA_ARGS__)
#define ASCENDC_TPL_DATATYPE_SEL(x, ...) __ascstep_tpl(DATATYPE, x, 8, __VA_ARGS__)
#define ASCENDC_TPL_FORMAT_SEL(x, ...) __ascstep_tpl(FORMAT, x, 8, __VA_ARGS__)
#define ASCENDC_TPL_UINT_SEL(x, ...) __ascstep_tpl(UINT, x, 0, __VA_ARGS__)
#define ASCENDC_TPL_BOOL_SEL(x, ...) __ascstep_tpl(BOOL, x, 1, __VA_ARGS__)
#define ASCENDC_TPL_TILING_STRUCT_SEL(x, ...)
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...) __ascstep_tpl(KERNEL_TYPE, kernel_type, 8, __VA_ARGS__)
#define ASCENDC_TPL_DETERMINISTIC_SEL(...) __ascstep_tpl(DETERMINISTIC, deterministic, 1, __VA_ARGS__)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(x, ...) __ascstep_tpl(SHARED_KERNEL_TYPE, x, 8, __VA_ARGS__)
#define ASCENDC_TPL_ARGS_DECL(x, ...) __ascstep_tpl_decl(x, __VA_ARGS__)
#define ASCENDC_TPL_ARGS_SEL(...) __ascstep_tpl_sel(__VA_ARGS__)
#define ASCENDC_TPL_SEL(...) __ascstep_tpl_sels(__VA_ARGS__)
#elif defined(ASCSTEP_TPL_HOST)
// A kernel unit test's own translation unit (ascstep's UT build defines ASCSTEP_TPL_HOST there),
// as CANN's host build has it: ASCENDC_TPL_ARGS_DECL defines g_tilingDeclareParams and
// GET_TPL_TILING_KEY(values…) encodes a tiling key from it as CANN's FastEncodeTilingKeyDirect
// (utils/tiling/template_argument.h): the declared parameters from bit 0 in order, a UINT as
// the index of its value among the declared ones (a RANGE or MIX declaration expanded), the
// others as the value itself. A UINT value not declared prints CANN's error and gives
// INVALID_TILING_KEY.
#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <vector>
namespace ascstep_tpl {
constexpr uint64_t INVALID_TILING_KEY = 0xFFFFFFFFFFFFFFFFULL;
struct Param {
    const char* name;
    int kind;  // 2: UINT
    uint8_t bits;
    std::vector<uint64_t> vals;
    Param(const char* n, int k, uint8_t b, std::vector<uint64_t> v) : name(n), kind(k), bits(b), vals(std::move(v))
    {
        if (kind != 2 || vals.empty()) return;
        const uint64_t how = vals[0];
        if (how == ASCENDC_TPL_UI_LIST) {
            vals.erase(vals.begin());
            return;
        }
        // RANGE / MIX: a count of [low, high] pairs, then (MIX) single values.
        std::vector<uint64_t> all;
        const size_t ranges = vals.size() > 1 ? size_t(vals[1]) : 0;
        for (size_t i = 1; i <= ranges && 2 * i + 1 < vals.size(); i++) {
            for (uint64_t v = vals[2 * i]; v <= vals[2 * i + 1]; v++) all.push_back(v);
        }
        if (how == ASCENDC_TPL_UI_MIX) {
            for (size_t i = 2 + 2 * ranges; i < vals.size(); i++) all.push_back(vals[i]);
        }
        vals = std::move(all);
    }
};
inline uint64_t encode(const std::vector<Param>& decl, std::initializer_list<uint64_t> args)
{
    uint64_t key = 0;
    unsigned bits = 0;
    auto a = args.begin();
    for (size_t i = 0; i < decl.size() && a != args.end(); i++, a++) {
        uint64_t v = *a;
        if (decl[i].kind == 2) {
            auto at = std::find(decl[i].vals.begin(), decl[i].vals.end(), v);
            if (at == decl[i].vals.end()) {
                std::printf("[ERROR] ASCENDC_TPL_UINT_SEL %s value %lu does not exist in ASCENDC_TPL_UINT_DECL, "
                            "please check it!\n", decl[i].name, (unsigned long)v);
                return INVALID_TILING_KEY;
            }
            v = uint64_t(at - decl[i].vals.begin());
        }
        key |= v << bits;
        bits += decl[i].bits;
    }
    if (bits > 64) {
        std::printf("[ERROR] Tiling key bits %u exceed max bits 64, please check it!\n", bits);
        return INVALID_TILING_KEY;
    }
    return key;
}
}  // namespace ascstep_tpl
#define ASCENDC_TPL_DTYPE_DECL(x, ...) ::ascstep_tpl::Param{#x, 0, 8, {__VA_ARGS__}}
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) ::ascstep_tpl::Param{#x, 0, 8, {__VA_ARGS__}}
#define ASCENDC_TPL_FORMAT_DECL(x, ...) ::ascstep_tpl::Param{#x, 1, 8, {__VA_ARGS__}}
#define ASCENDC_TPL_UINT_DECL(x, bw, ...) ::ascstep_tpl::Param{#x, 2, bw, {__VA_ARGS__}}
#define ASCENDC_TPL_BOOL_DECL(x, ...) ::ascstep_tpl::Param{#x, 3, 1, {__VA_ARGS__}}
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) ::ascstep_tpl::Param{#x, 6, 8, {__VA_ARGS__}}
#define ASCENDC_TPL_ARGS_DECL(x, ...) static const std::vector<::ascstep_tpl::Param> g_tilingDeclareParams{__VA_ARGS__}
#define GET_TPL_TILING_KEY(...) ::ascstep_tpl::encode(g_tilingDeclareParams, {__VA_ARGS__})
// The documentation's definition: the key encoded and set on the tiling context.
#define ASCENDC_TPL_SEL_PARAM(context, ...)              \
    do {                                                 \
        uint64_t ascstep_key = GET_TPL_TILING_KEY(__VA_ARGS__); \
        (context)->SetTilingKey(ascstep_key);            \
    } while (0)
#else
// The kernel's compile, as CANN's kernel build: the declarations expand to nothing.
#define ASCENDC_TPL_DTYPE_DECL(...)
#define ASCENDC_TPL_DATATYPE_DECL(...)
#define ASCENDC_TPL_FORMAT_DECL(...)
#define ASCENDC_TPL_UINT_DECL(...)
#define ASCENDC_TPL_BOOL_DECL(...)
#define ASCENDC_TPL_KERNEL_TYPE_DECL(...)
#define ASCENDC_TPL_ARGS_DECL(...)
#endif
#ifndef ASCENDC_TPL_PRE
// Outside the ASCENDC_TPL_PRE pass the selections are the build's concern: nothing.
#define ASCENDC_TPL_DTYPE_SEL(...)
#define ASCENDC_TPL_DATATYPE_SEL(...)
#define ASCENDC_TPL_FORMAT_SEL(...)
#define ASCENDC_TPL_UINT_SEL(...)
#define ASCENDC_TPL_BOOL_SEL(...)
#define ASCENDC_TPL_TILING_STRUCT_SEL(...)
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_DETERMINISTIC_SEL(...)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_SEL(...)
#endif

// TypeFromId<id>::type: the C++ type of a native data-type number (CANN's
// utils/tiling/template_argument.h), for kernels that map a template parameter themselves;
// void for a number with no type. Only where CANN's header defines it, in the kernel's build
// (ASCENDC_TPL_KERNEL): not in host units, nor in CANN's unit-test build, whose tests declare
// their own (ops-math's adds: `Ops::Base::TypeFromId` in its UT adapter).
#if !defined(ASCSTEP_HOST_UNIT) && !defined(__CCE_KT_TEST__)
#include "ascstep/types.h"
template <int dataTypeId>
struct TypeFromId {
    using type = void;
};
#define ASCSTEP_TYPE_FROM_ID(id, t) \
    template <>                     \
    struct TypeFromId<id> {         \
        using type = t;             \
    }
ASCSTEP_TYPE_FROM_ID(C_DT_FLOAT, float);
ASCSTEP_TYPE_FROM_ID(C_DT_FLOAT16, half);
ASCSTEP_TYPE_FROM_ID(C_DT_INT8, int8_t);
ASCSTEP_TYPE_FROM_ID(C_DT_INT32, int32_t);
ASCSTEP_TYPE_FROM_ID(C_DT_UINT8, uint8_t);
ASCSTEP_TYPE_FROM_ID(C_DT_INT16, int16_t);
ASCSTEP_TYPE_FROM_ID(C_DT_UINT16, uint16_t);
ASCSTEP_TYPE_FROM_ID(C_DT_INT64, int64_t);
ASCSTEP_TYPE_FROM_ID(C_DT_UINT32, uint32_t);
ASCSTEP_TYPE_FROM_ID(C_DT_UINT64, uint64_t);
ASCSTEP_TYPE_FROM_ID(C_DT_DOUBLE, double);
ASCSTEP_TYPE_FROM_ID(C_DT_BOOL, bool);
ASCSTEP_TYPE_FROM_ID(C_DT_BF16, bfloat16_t);
#undef ASCSTEP_TYPE_FROM_ID
#endif  // !ASCSTEP_HOST_UNIT && !__CCE_KT_TEST__
