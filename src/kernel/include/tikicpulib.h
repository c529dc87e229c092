// ascstep's tikicpulib.h (docs/format.md §13): the host surface of CANN's CPU debug library
// that the operator repositories' kernel unit tests use. GmAlloc memory is global memory the
// test reads and writes directly; ICPU_RUN_KF simulates every block of the launch on ascstep
// over it, with every check of §12, and a launch with an error fails the test that made it.
#pragma once
#include "kernel_operator.h"
#include "ascstep/ut.h"
// securec's memcpy_s/memset_s, which CANN's CPU debug library brings to the tests that include
// it (ops-nn's max_pool_with_argmax and max_pool_grad_with_argmax call them undeclared).
#include "securec.h"

// The core a launch runs on (CANN: AscendC::SetKernelMode(KernelMode::AIV_MODE)); ascstep
// simulates the vector core whatever is set.
enum class KernelMode { MIX_MODE = 0, AIC_MODE, AIV_MODE, MIX_AIC_1_1, SIMD, SIMT };

namespace AscendC {
inline void* GmAlloc(size_t size) { return ascstep_rt::gm_alloc(size); }
inline void GmFree(void* p) { ascstep_rt::gm_free(p); }
inline void SetKernelMode(KernelMode) {}
}  // namespace AscendC
using AscendC::GmAlloc;
using AscendC::GmFree;

// The tiling key TILING_KEY_IS compares with, for the next launches.
#define ICPU_SET_TILING_KEY(key) (ascstep_rt::tiling_key() = (uint64_t)(key))

// ICPU_RUN_KF(entry, blockDim, args…): `entry` is a kernel, a template-id in parentheses or a
// lambda.
#define ICPU_RUN_KF(func, blockdim, ...)                                                    \
    ascstep_rt::ut_launch(__FILE__, __LINE__, #func, #__VA_ARGS__, (blockdim), [&](auto... ascstep_a) { (func)(ascstep_a...); }, \
                          __VA_ARGS__)
