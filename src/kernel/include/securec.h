// The bounds-checked C functions of Huawei's securec library, which CANN ships and the operator
// repositories' host-side and CPU-mode code include (hicann/opbase's atvoss/util/log.h under
// __CCE_KT_TEST__ calls snprintf_s). Each checks its destination size as securec does and
// returns EOK (0) or an error number; on error the destination is emptied where securec's is.
#pragma once
#include <cerrno>
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>

#ifndef EOK
#define EOK 0
#endif
typedef int errno_t;

inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (dest == nullptr || src == nullptr) return EINVAL;
    if (count > destMax) return ERANGE;
    std::memmove(dest, src, count);
    return EOK;
}

inline errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
    return memcpy_s(dest, destMax, src, count);
}

inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
    if (dest == nullptr) return EINVAL;
    if (count > destMax) return ERANGE;
    std::memset(dest, c, count);
    return EOK;
}

inline errno_t strncpy_s(char* dest, size_t destMax, const char* src, size_t count) {
    if (dest == nullptr || src == nullptr || destMax == 0) return EINVAL;
    size_t n = std::strlen(src);
    if (n > count) n = count;
    if (n >= destMax) {
        dest[0] = '\0';
        return ERANGE;
    }
    std::memcpy(dest, src, n);
    dest[n] = '\0';
    return EOK;
}

inline errno_t strcpy_s(char* dest, size_t destMax, const char* src) {
    return strncpy_s(dest, destMax, src, src == nullptr ? 0 : std::strlen(src));
}

inline errno_t strcat_s(char* dest, size_t destMax, const char* src) {
    if (dest == nullptr || src == nullptr || destMax == 0) return EINVAL;
    size_t have = strnlen(dest, destMax);
    if (have == destMax) return EINVAL;
    return strcpy_s(dest + have, destMax - have, src);
}

inline int vsnprintf_s(char* dest, size_t destMax, size_t count, const char* format, va_list args) {
    if (dest == nullptr || format == nullptr || destMax == 0) return -1;
    size_t room = count < destMax ? count + 1 : destMax;
    int n = std::vsnprintf(dest, room, format, args);
    if (n < 0 || static_cast<size_t>(n) >= room) {
        // Truncated: securec returns -1 and keeps what fits.
        return -1;
    }
    return n;
}

inline int snprintf_s(char* dest, size_t destMax, size_t count, const char* format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsnprintf_s(dest, destMax, count, format, args);
    va_end(args);
    return n;
}

inline int vsprintf_s(char* dest, size_t destMax, const char* format, va_list args) {
    if (dest == nullptr || format == nullptr || destMax == 0) return -1;
    int n = std::vsnprintf(dest, destMax, format, args);
    if (n < 0 || static_cast<size_t>(n) >= destMax) {
        dest[0] = '\0';
        return -1;
    }
    return n;
}

inline int sprintf_s(char* dest, size_t destMax, const char* format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsprintf_s(dest, destMax, format, args);
    va_end(args);
    return n;
}
