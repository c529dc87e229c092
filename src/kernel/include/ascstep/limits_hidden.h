// No <limits.h> macros of ascstep's own making reach a kernel (docs/format.md §12.3: no name
// of ascstep's leaks into the kernel's namespace). ascstep's runtime needs <thread> and
// <condition_variable>, which bring <climits> with them under C++20; CANN's kernel_operator.h
// does not, and kernels rely on that (ops-nn's gather_elements_v2 declares
// `constexpr int64_t INT_MAX`). Included, on purpose without a guard, at the end of the
// runtime's headers: it removes the macros and resets the include guards, so a kernel that
// includes <climits> or <limits.h> itself (ops-nn's deep_norm_grad) gets them back.
#undef CHAR_BIT
#undef SCHAR_MIN
#undef SCHAR_MAX
#undef UCHAR_MAX
#undef CHAR_MIN
#undef CHAR_MAX
#undef SHRT_MIN
#undef SHRT_MAX
#undef USHRT_MAX
#undef INT_MIN
#undef INT_MAX
#undef UINT_MAX
#undef LONG_MIN
#undef LONG_MAX
#undef ULONG_MAX
#undef LLONG_MIN
#undef LLONG_MAX
#undef ULLONG_MAX
#undef MB_LEN_MAX
// The guards of GCC's, clang's and glibc's limits.h and of libstdc++'s <climits>.
#undef _LIMITS_H___
#undef _GCC_LIMITS_H_
#undef __CLANG_LIMITS_H
#undef _LIBC_LIMITS_H_
#undef _GLIBCXX_CLIMITS
