// The DT_* data type macros kernels compare with their build's ORIG_DTYPE_* macros
// (`#if ORIG_DTYPE_X == DT_FLOAT`): the values of ge::DataType (graph/types.h), as macros so
// that the preprocessor can compare them. A header that defines one itself (a UT tiling header's
// `#define DT_BF16 bfloat16_t`) keeps its own.
#pragma once
#ifndef DT_FLOAT
#define DT_FLOAT 0
#endif
#ifndef DT_FLOAT16
#define DT_FLOAT16 1
#endif
#ifndef DT_INT8
#define DT_INT8 2
#endif
#ifndef DT_INT32
#define DT_INT32 3
#endif
#ifndef DT_UINT8
#define DT_UINT8 4
#endif
#ifndef DT_INT16
#define DT_INT16 6
#endif
#ifndef DT_UINT16
#define DT_UINT16 7
#endif
#ifndef DT_UINT32
#define DT_UINT32 8
#endif
#ifndef DT_INT64
#define DT_INT64 9
#endif
#ifndef DT_UINT64
#define DT_UINT64 10
#endif
#ifndef DT_DOUBLE
#define DT_DOUBLE 11
#endif
#ifndef DT_BOOL
#define DT_BOOL 12
#endif
#ifndef DT_STRING
#define DT_STRING 13
#endif
#ifndef DT_COMPLEX64
#define DT_COMPLEX64 16
#endif
#ifndef DT_COMPLEX128
#define DT_COMPLEX128 17
#endif
#ifndef DT_BF16
#define DT_BF16 27
#endif
#ifndef DT_UNDEFINED
#define DT_UNDEFINED 28
#endif
#ifndef DT_INT4
#define DT_INT4 29
#endif
#ifndef DT_UINT1
#define DT_UINT1 30
#endif
#ifndef DT_INT2
#define DT_INT2 31
#endif
#ifndef DT_UINT2
#define DT_UINT2 32
#endif
#ifndef DT_COMPLEX32
#define DT_COMPLEX32 33
#endif
#ifndef DT_HIFLOAT8
#define DT_HIFLOAT8 34
#endif
#ifndef DT_FLOAT8_E5M2
#define DT_FLOAT8_E5M2 35
#endif
#ifndef DT_FLOAT8_E4M3FN
#define DT_FLOAT8_E4M3FN 36
#endif
#ifndef DT_FLOAT8_E8M0
#define DT_FLOAT8_E8M0 37
#endif
#ifndef DT_FLOAT6_E3M2
#define DT_FLOAT6_E3M2 38
#endif
#ifndef DT_FLOAT6_E2M3
#define DT_FLOAT6_E2M3 39
#endif
#ifndef DT_FLOAT4_E2M1
#define DT_FLOAT4_E2M1 40
#endif
#ifndef DT_FLOAT4_E1M2
#define DT_FLOAT4_E1M2 41
#endif
