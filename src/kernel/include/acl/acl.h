// ascstep's host runtime (docs/format.md §12.1): the acl subset the samples use. Device memory
// is mirrored in ascstep's simulated global memory; every call returns ACL_SUCCESS.
#pragma once
#include "../ascstep/types.h"

typedef int aclError;
typedef void* aclrtStream;
typedef void* aclrtContext;
typedef void* aclrtEvent;
constexpr aclError ACL_SUCCESS = 0;
// Host half values (acl/acl_base.h): 16-bit storage, converted with round to nearest even.
typedef uint16_t aclFloat16;
inline aclFloat16 aclFloatToFloat16(float v) { return ascstep_rt::f32_to_f16(v); }
inline float aclFloat16ToFloat(aclFloat16 v) { return ascstep_rt::f16_to_f32(v); }
constexpr aclError ACL_ERROR_NONE = 0;
typedef enum aclrtMemMallocPolicy {
    ACL_MEM_MALLOC_HUGE_FIRST,
    ACL_MEM_MALLOC_HUGE_ONLY,
    ACL_MEM_MALLOC_NORMAL_ONLY,
    ACL_MEM_MALLOC_HUGE_FIRST_P2P,
    ACL_MEM_MALLOC_HUGE_ONLY_P2P,
    ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
} aclrtMemMallocPolicy;
typedef enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST,
    ACL_MEMCPY_HOST_TO_DEVICE,
    ACL_MEMCPY_DEVICE_TO_HOST,
    ACL_MEMCPY_DEVICE_TO_DEVICE,
    ACL_MEMCPY_DEFAULT,
} aclrtMemcpyKind;

inline aclError aclInit(const char*) { return ACL_SUCCESS; }
inline aclError aclFinalize() { return ACL_SUCCESS; }
inline aclError aclrtSetDevice(int32_t) { return ACL_SUCCESS; }
inline aclError aclrtResetDevice(int32_t) { return ACL_SUCCESS; }
inline aclError aclrtCreateContext(aclrtContext* c, int32_t) {
    *c = nullptr;
    return ACL_SUCCESS;
}
inline aclError aclrtDestroyContext(aclrtContext) { return ACL_SUCCESS; }
inline aclError aclrtCreateStream(aclrtStream* s) {
    *s = nullptr;
    return ACL_SUCCESS;
}
inline aclError aclrtDestroyStream(aclrtStream) { return ACL_SUCCESS; }
inline aclError aclrtSynchronizeStream(aclrtStream) { return ACL_SUCCESS; }
inline aclError aclrtSynchronizeDevice() { return ACL_SUCCESS; }
inline aclError aclrtMalloc(void** p, size_t size, aclrtMemMallocPolicy = ACL_MEM_MALLOC_HUGE_FIRST) {
    *p = ascstep_rt::alloc(size);
    return ACL_SUCCESS;
}
inline aclError aclrtMallocHost(void** p, size_t size) {
    *p = std::malloc(size ? size : 1);
    return ACL_SUCCESS;
}
inline aclError aclrtFree(void*) { return ACL_SUCCESS; }
inline aclError aclrtFreeHost(void* p) {
    std::free(p);
    return ACL_SUCCESS;
}
inline aclError aclrtMemcpy(void* dst, size_t, const void* src, size_t n, aclrtMemcpyKind kind) {
    if (kind == ACL_MEMCPY_HOST_TO_DEVICE || (kind == ACL_MEMCPY_DEFAULT && ascstep_rt::find(dst))) {
        ascstep_rt::to_device(dst, src, n);
    } else if (kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEFAULT) {
        ascstep_rt::to_host(dst, src, n);
    } else if (kind == ACL_MEMCPY_DEVICE_TO_DEVICE) {
        std::vector<char> tmp(n);
        ascstep_rt::to_host(tmp.data(), src, n);
        ascstep_rt::to_device(dst, tmp.data(), n);
    } else {
        std::memcpy(dst, src, n);
    }
    return ACL_SUCCESS;
}
inline aclError aclrtMemset(void* dst, size_t, int value, size_t n) {
    std::vector<unsigned char> tmp(n, (unsigned char)value);
    if (ascstep_rt::find(dst)) {
        ascstep_rt::to_device(dst, tmp.data(), n);
    } else {
        std::memset(dst, value, n);
    }
    return ACL_SUCCESS;
}
