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
#else
#define ASCENDC_TPL_DTYPE_DECL(...)
#define ASCENDC_TPL_DATATYPE_DECL(...)
#define ASCENDC_TPL_FORMAT_DECL(...)
#define ASCENDC_TPL_UINT_DECL(...)
#define ASCENDC_TPL_BOOL_DECL(...)
#define ASCENDC_TPL_KERNEL_TYPE_DECL(...)
#define ASCENDC_TPL_DTYPE_SEL(...)
#define ASCENDC_TPL_DATATYPE_SEL(...)
#define ASCENDC_TPL_FORMAT_SEL(...)
#define ASCENDC_TPL_UINT_SEL(...)
#define ASCENDC_TPL_BOOL_SEL(...)
#define ASCENDC_TPL_TILING_STRUCT_SEL(...)
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_DETERMINISTIC_SEL(...)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_ARGS_DECL(...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_SEL(...)
#endif
