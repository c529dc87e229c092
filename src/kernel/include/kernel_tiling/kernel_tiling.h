// ascstep's kernel_tiling/kernel_tiling.h (docs/format.md §12.2, §12.3): the kernel-side
// tiling macros. The tiling data is the struct a binding program's `Tiling("Struct", {…})`
// built on the host; GET_TILING_DATA copies it, as the CANN macro does from the tiling
// pointer. ASCSTEP_TILING_TYPE is that struct, defined by ascstep when it compiles a binding.
#pragma once
#include <cstring>
#include "kernel_operator.h"
#include "register/tilingdata_base.h"
#include "kernel_tiling/library_tiling.h"

// The struct GET_TILING_DATA takes: ASCSTEP_TILING_TYPE when ascstep knows it (a binding's
// Tiling(…) argument, the struct a kernel unit test's op registers), else the one the kernel
// names with REGISTER_TILING_DEFAULT(type) earlier in the same function (a local alias), else
// none: the compile stops saying so.
namespace ascstep_rt {
template <class T = void>
struct no_tiling_argument {
    static_assert(!std::is_void_v<T> && false,
                  "GET_TILING_DATA: the binding program passes no Tiling(\"Struct\", {…}) argument and the kernel registers no REGISTER_TILING_DEFAULT, so there is no tiling struct to take (docs/format.md §12.2)");
};
}  // namespace ascstep_rt
// The default tiling struct (REGISTER_TILING_DEFAULT) is the return type of a declaration of
// ascstep_tiling_default: a function declaration is allowed at namespace and at block scope, so
// the macro works where kernels write it (in the entry's body or before it, at file scope); the
// registered declaration (int) hides the fallback (long) in a block and wins over it at file
// scope.
ascstep_rt::no_tiling_argument<> ascstep_tiling_default(long);
#ifndef ASCSTEP_TILING_TYPE
#define ASCSTEP_TILING_TYPE decltype(ascstep_tiling_default(0))
#endif
#define GET_TILING_DATA(var, tiling) \
    ASCSTEP_TILING_TYPE var;         \
    std::memcpy(&var, (const void*)(tiling), sizeof(var))
#define GET_TILING_DATA_WITH_STRUCT(type, var, tiling) \
    type var;                                          \
    std::memcpy(&var, (const void*)(tiling), sizeof(var))
#define GET_TILING_DATA_PTR_WITH_STRUCT(type, var, tiling) const type* var = (const type*)(tiling)
#define GET_TILING_DATA_MEMBER(type, member, var, tiling) \
    decltype(type::member) var;                           \
    std::memcpy(&var, (const char*)(tiling) + offsetof(type, member), sizeof(var))
#define REGISTER_TILING_DEFAULT(type) type ascstep_tiling_default(int)
#define REGISTER_TILING_FOR_TILINGKEY(key, type)
#define TILING_KEY_IS(k) (ascstep_rt::tiling_key() == (uint64_t)(k))
#define KERNEL_TASK_TYPE_DEFAULT(type)
#define KERNEL_TASK_TYPE(key, type)
