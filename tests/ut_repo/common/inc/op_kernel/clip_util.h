// A common kernel header of the repository (common/inc/op_kernel/), which CANN's build lays out
// as ascendc/inc/: kernels reach it as "../inc/clip_util.h" from their op directory.
#ifndef UT_REPO_CLIP_UTIL_H
#define UT_REPO_CLIP_UTIL_H
#include <cstdint>
#ifdef __CCE_KT_TEST__
#include <securec.h>
#endif
// The bytes a block of `n` elements of `size` bytes rounds up to.
inline uint32_t ClipAlignedBytes(uint32_t n, uint32_t size) { return (n * size + 31) / 32 * 32; }
#endif
