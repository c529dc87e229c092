// The element types kernels use on the host: half and bfloat16_t as 16-bit storage with
// conversions through float (round to nearest even), and each type's RON dtype name. The
// conversions are constexpr, as CANN's half and bfloat16_t are usable in constant expressions
// (`constexpr static half table[] = {1, 2, …}`).
#pragma once
#include <bit>
#include "rt.h"

namespace ascstep_rt {
constexpr uint16_t f32_to_f16(float f) {
    uint32_t x = std::bit_cast<uint32_t>(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t ex = (x >> 23) & 0xff;
    uint32_t man = x & 0x7fffffu;
    if (ex == 0xff) return uint16_t(sign | 0x7c00u | (man ? 0x200u | (man >> 13) : 0u));
    int e = int(ex) - 127 + 15;
    if (e >= 31) return uint16_t(sign | 0x7c00u);
    if (e <= 0) {
        if (e < -10) return uint16_t(sign);
        man |= 0x800000u;
        uint32_t shift = uint32_t(14 - e);
        uint32_t h = man >> shift;
        uint32_t rem = man & ((1u << shift) - 1);
        uint32_t half_ = 1u << (shift - 1);
        if (rem > half_ || (rem == half_ && (h & 1))) h++;
        return uint16_t(sign | h);
    }
    uint32_t h = (uint32_t(e) << 10) | (man >> 13);
    uint32_t rem = man & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) h++;
    return uint16_t(sign | h);
}
constexpr float f16_to_f32(uint16_t h) {
    uint32_t sign = uint32_t(h & 0x8000u) << 16;
    uint32_t ex = (h >> 10) & 0x1f;
    uint32_t man = h & 0x3ffu;
    uint32_t x = 0;
    if (ex == 0x1f) {
        x = sign | 0x7f800000u | (man << 13);
    } else if (ex == 0) {
        if (man == 0) {
            x = sign;
        } else {
            int e = -1;
            do {
                man <<= 1;
                e++;
            } while (!(man & 0x400u));
            x = sign | (uint32_t(127 - 15 - e) << 23) | ((man & 0x3ffu) << 13);
        }
    } else {
        x = sign | ((ex - 15 + 127) << 23) | (man << 13);
    }
    return std::bit_cast<float>(x);
}
constexpr uint16_t f32_to_bf16(float f) {
    uint32_t x = std::bit_cast<uint32_t>(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return uint16_t((x >> 16) | 0x40u);
    x += 0x7fffu + ((x >> 16) & 1u);
    return uint16_t(x >> 16);
}
constexpr float bf16_to_f32(uint16_t h) {
    return std::bit_cast<float>(uint32_t(h) << 16);
}
}  // namespace ascstep_rt

// Trivial types, as the device compiler's built-in ones: a default-initialised one is
// indeterminate (`half h{};` is zero) and they may be members of unions (ops-nn's sgd).
struct half {
    uint16_t bits;
    half() = default;
    template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
    constexpr half(T v) : bits(ascstep_rt::f32_to_f16(float(v))) {}
    constexpr operator float() const { return ascstep_rt::f16_to_f32(bits); }
    half& operator+=(float o) { return *this = half(float(*this) + o); }
    half& operator-=(float o) { return *this = half(float(*this) - o); }
    half& operator*=(float o) { return *this = half(float(*this) * o); }
    half& operator/=(float o) { return *this = half(float(*this) / o); }
};

struct bfloat16_t {
    uint16_t bits;
    bfloat16_t() = default;
    template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
    constexpr bfloat16_t(T v) : bits(ascstep_rt::f32_to_bf16(float(v))) {}
    constexpr operator float() const { return ascstep_rt::bf16_to_f32(bits); }
};
// Also a macro naming itself, so that a kernel's `#ifndef bfloat16_t` fallback typedef (ops-math's
// cast_v3) is skipped, as under CANN's build, and a kernel's own `#define bfloat16_t int16_t`
// (ops-nn's norm kernels off Atlas A2) still replaces it. Kernels compile with -w, so the
// redefinition is silent.
#define bfloat16_t bfloat16_t

// Ascend 950's 8- and 4-bit floating-point element types, built into its device compiler:
// storage only. A kernel may name them in branches it does not take (`if constexpr` on its
// dtype); a tensor view of one is told that ascstep does not simulate the type.
#define ASCSTEP_STORAGE_TYPE(T)   \
    struct T {                    \
        uint8_t bits = 0;         \
        T() = default;            \
    };
ASCSTEP_STORAGE_TYPE(hifloat8_t)
ASCSTEP_STORAGE_TYPE(fp8_e4m3fn_t)
ASCSTEP_STORAGE_TYPE(fp8_e5m2_t)
ASCSTEP_STORAGE_TYPE(fp8_e8m0_t)
ASCSTEP_STORAGE_TYPE(fp4x2_e2m1_t)
ASCSTEP_STORAGE_TYPE(fp4x2_e1m2_t)
#undef ASCSTEP_STORAGE_TYPE

// The device compiler's built-in names for the same types, which kernels also write (unless the
// build defines the name as a macro: CANN's CPU debug library lacks float16_t, and UT builds pass
// `-Dfloat16_t=uint16_t` for code that names it in discarded branches).
#ifndef float16_t
using float16_t = half;
#endif
#ifndef float32_t
using float32_t = float;
#endif
// The device compiler's bfloat16 type, which CANN's bfloat16_t is: the same type here. (A g++
// that has __bf16 built in, from version 13 on x86, keeps its own, a type apart.)
#ifndef __BFLT16_MANT_DIG__
using __bf16 = bfloat16_t;
#endif

namespace ascstep_rt {
template <class T>
struct Dtype;
#define ASCSTEP_DTYPE(T, N) \
    template <>             \
    struct Dtype<T> {       \
        static constexpr const char* name = N; \
    };
ASCSTEP_DTYPE(half, "half")
ASCSTEP_DTYPE(bfloat16_t, "bfloat16")
ASCSTEP_DTYPE(float, "float")
ASCSTEP_DTYPE(int8_t, "int8")
ASCSTEP_DTYPE(uint8_t, "uint8")
ASCSTEP_DTYPE(int16_t, "int16")
ASCSTEP_DTYPE(uint16_t, "uint16")
ASCSTEP_DTYPE(int32_t, "int32")
ASCSTEP_DTYPE(uint32_t, "uint32")
ASCSTEP_DTYPE(int64_t, "int64")
ASCSTEP_DTYPE(uint64_t, "uint64")
// A bool tensor is bytes of 0 and 1 (LocalTensor<bool>, the compare and select masks kernels
// keep as bool): simulated as uint8.
ASCSTEP_DTYPE(bool, "uint8")
// Not simulated: a kernel may declare double tensors in a branch it does not take; one that
// makes a view of one is told so (the element type is named at the view).
ASCSTEP_DTYPE(double, "double")
ASCSTEP_DTYPE(hifloat8_t, "hifloat8_t")
ASCSTEP_DTYPE(fp8_e4m3fn_t, "fp8_e4m3fn_t")
ASCSTEP_DTYPE(fp8_e5m2_t, "fp8_e5m2_t")
ASCSTEP_DTYPE(fp8_e8m0_t, "fp8_e8m0_t")
ASCSTEP_DTYPE(fp4x2_e2m1_t, "fp4x2_e2m1_t")
ASCSTEP_DTYPE(fp4x2_e1m2_t, "fp4x2_e1m2_t")
#undef ASCSTEP_DTYPE

// The bytes of one element of the dtype named `n` (a name of Dtype<T>; 4-bit types count as
// one byte, an upper bound).
inline uint64_t dtype_size(const char* n) {
    std::string s(n);
    if (s.find("64") != std::string::npos || s == "double") return 8;
    if (s.find("32") != std::string::npos || s == "float") return 4;
    if (s.find("16") != std::string::npos || s == "half") return 2;
    return 1;
}

// A scalar argument as the RON value of element type T: converted to T as the C++ call does.
template <class T, class U>
std::string value(const U& v) {
    if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
        return num(float(T(float(v))));
    } else if constexpr (std::is_same_v<U, half> || std::is_same_v<U, bfloat16_t>) {
        return num(T(float(v)));
    } else {
        return num(T(v));
    }
}

// A value read back from ascstep (GetValue): the text of one number, `?` when uninitialised.
template <class T>
T parse(const std::string& s) {
    if (s == "?" || s.empty()) return T();
    if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_floating_point_v<T>) {
        return T(std::strtod(s.c_str(), nullptr));
    } else if constexpr (std::is_signed_v<T>) {
        return T(std::strtoll(s.c_str(), nullptr, 10));
    } else {
        return T(std::strtoull(s.c_str(), nullptr, 10));
    }
}
}  // namespace ascstep_rt
