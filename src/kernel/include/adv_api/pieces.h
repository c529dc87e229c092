// ascstep: what the library's composites share on Atlas A2 (asc-devkit impl/adv_api/detail/…):
// the stack buffer as the temporary when none is given, counter mode over pieces of it (SetMaskCount, the piece's count in the mask,
// each piece, the tail's count, SetMaskNorm, ResetMask), and half computed in float (Cast to
// float into a buffer, the float computation, Cast back with CAST_NONE).
#pragma once
#include "kernel_operator.h"

// One vector step of a library composite and the barrier the library puts after it (a step
// holding commas is written in parentheses); `p` is the caller's position.
#define ASCSTEP_V(CALL) \
    CALL;               \
    PipeBarrier<PIPE_V>(p)

// A library unary function NAME with CANN's overloads: (dst, src[, sharedTmpBuffer][, calCount]),
// the temporary buffer the stack buffer and the count the source's size when not given, and the
// exact count form for code that takes it by address (ASCSTEP_EXACT). Its template parameters
// are <T, isReuseSource TPARAMS> (TPARAMS: `, const XConfig& config = defaultXConfig` or
// nothing; TARGS: `, config` or nothing); IMPL<T>(dst, src, tmp, count, p) computes it.
#define ASCSTEP_LIBRARY_UNARY(NAME, TPARAMS, TARGS, IMPL)                                                              \
    template <typename T, bool isReuseSource = false TPARAMS>                                                          \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                        \
              const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, Pos p = Pos::current()) {          \
        IMPL<T TARGS>(dstTensor, srcTensor, sharedTmpBuffer, calCount, p);                                              \
    }                                                                                                                  \
    template <typename T, bool isReuseSource = false TPARAMS>                                                          \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,               \
              Pos p = Pos::current()) {                                                                                \
        NAME<T, isReuseSource TARGS>(dstTensor, srcTensor, detail::stack_buffer(p), calCount, p);                      \
    }                                                                                                                  \
    template <typename T, bool isReuseSource = false TPARAMS>                                                          \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                        \
              const LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {                                   \
        NAME<T, isReuseSource TARGS>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), p);                   \
    }                                                                                                                  \
    template <typename T, bool isReuseSource = false TPARAMS>                                                          \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, Pos p = Pos::current()) {              \
        NAME<T, isReuseSource TARGS>(dstTensor, srcTensor, srcTensor.GetSize(), p);                                    \
    }                                                                                                                  \
    template <typename T, bool isReuseSource = false TPARAMS, ASCSTEP_EXACT(C, uint32_t)>                              \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const C calCount) {                    \
        NAME<T, isReuseSource TARGS>(dstTensor, srcTensor, uint32_t(calCount), Pos::current());                        \
    }

namespace AscendC {
namespace detail {
// The temporary buffer a composite takes when none is given: the stack buffer (PopStackBuffer).
inline LocalTensor<uint8_t> stack_buffer(Pos p) {
    LocalTensor<uint8_t> stack;
    PopStackBuffer<uint8_t, TPosition::LCM>(stack, p);
    return stack;
}

// The products whose library computes its math this way (__NPU_ARCH__ 2002 and 2201: the
// `_common_impl.h` files; Ascend 950's library has other algorithms, except where `on_950` says
// its steps give the same values), `section` the docs/semantics.md section that says so.
inline void trig_product(const char* api, Pos p, const char* section = "§21.9", bool on_950 = false) {
#if __NPU_ARCH__ == 3510
    if (!on_950)
        ascstep_rt::stop(p, std::string(api) + " on Ascend 950 is not simulated yet: its library algorithm (" + api +
                                "Config) differs from Atlas A2's (docs/semantics.md " + section + ")");
    (void)section;
#elif __NPU_ARCH__ != 2002 && __NPU_ARCH__ != 2201
    ascstep_rt::stop(p, std::string(api) + " is not available on this product (adv_api/math: Atlas A2/A3 and Atlas 200I/500 A2)");
#else
    (void)api;
    (void)p;
    (void)section;
    (void)on_950;
#endif
}

// The start of a library math composite: half or float only, the product checked, and the piece
// length: the temporary buffer's `unit`-byte elements / `procedures`, rounded down to 32 (none:
// the kernel stops, as the library's CheckTmpBufferSize fails).
template <class T>
uint32_t library_split(const char* api, const char* section, const LocalTensor<uint8_t>& tmp, uint32_t unit,
                       uint32_t procedures, Pos p, bool on_950 = false) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
    trig_product(api, p, section, on_950);
    const uint32_t split = tmp.GetSize() / unit / procedures / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (split == 0) {
        ascstep_rt::stop(p, std::string(api) + ": the temporary buffer holds " + std::to_string(tmp.GetSize()) +
                                " bytes; it needs at least " + std::to_string(procedures * ONE_BLK_SIZE * unit));
    }
    return split;
}

template <class T, class F>
void counter_pieces(uint32_t count, uint32_t piece, F&& each, Pos p) {
    uint32_t loops = count / piece;
    uint32_t tail = count % piece;
    SetMaskCount(p);
    SetVectorMask<T, MaskMode::COUNTER>(0, piece, p);
    for (uint32_t i = 0; i < loops; ++i) {
        each(i * piece);
    }
    if (tail > 0) {
        SetVectorMask<T, MaskMode::COUNTER>(0, tail, p);
        each(loops * piece);
    }
    SetMaskNorm(p);
    ResetMask(p);
}

// The pages' "不支持源操作数与目的操作数地址重叠": `count` elements of dst at `d` sharing a byte
// with the source `sn` stops the kernel, naming both addresses.
template <class T>
void forbid_overlap(const char* api, const LocalTensor<T>& d, const char* sn, const LocalTensor<T>& s, uint32_t count,
                    Pos p) {
    const uint64_t da = d.GetPhyAddr(), sa = s.GetPhyAddr(), bytes = uint64_t(count) * sizeof(T);
    if (count > 0 && da < sa + bytes && sa < da + bytes) {
        ascstep_rt::stop(p, ascstep_rt::fmt("%s: dst (UB 0x%llx) and %s (UB 0x%llx) overlap over %u elements; the library's page forbids it (约束说明: 不支持源操作数与目的操作数地址重叠)",
                                            api, (unsigned long long)da, sn, (unsigned long long)sa, count));
    }
}

template <class F>
void via_float(const LocalTensor<half>& dst, const LocalTensor<half>& src, const LocalTensor<float>& conv, F&& f,
               Pos p) {
    Cast<float, half, false>(conv, src, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                             {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p);
    PipeBarrier<PIPE_V>(p);
    f(conv);
    Cast<half, float, false>(dst, conv, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                             {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
    PipeBarrier<PIPE_V>(p);
}
// A 950 composite over count-form pieces of the temporary buffer (`procedures` per element, as
// the host sizes say): floats in dst's piece from src's; halves through float, src's piece Cast
// into the buffer after the piece function's `scratch` pieces and the one it computes into, that
// one Cast back with CAST_RINT (the 950 library's castTraitF322F16). `piece(acc, x, buf, split,
// at, len)`; `section` the docs/semantics.md section.
template <class T, class F>
void pieces_950(const char* api, const char* section, const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                uint32_t count, uint32_t procedures, uint32_t scratch, F&& piece, Pos p) {
    const uint32_t split = library_split<T>(api, section, tmp, sizeof(T), procedures, p, true);
    const LocalTensor<float> buf = tmp.ReinterpretCast<float>();
    for (uint32_t at = 0; at < count; at += split) {
        const uint32_t len = count - at < split ? count - at : split;
        if constexpr (std::is_same<T, float>::value) {
            piece(dst[at], src[at], buf, split, at, len);
        } else {
            const LocalTensor<float> acc = buf[scratch * split], x = buf[(scratch + 1) * split];
            ASCSTEP_V(Cast(x, src[at], RoundMode::CAST_NONE, len, p));
            piece(acc, x, buf, split, at, len);
            ASCSTEP_V(Cast(dst[at], acc, RoundMode::CAST_RINT, len, p));
        }
    }
}
// `len` floats of x against `scalar` into the mask bits m, as a 950 library composite's register
// CompareScalar: the mask register's `len` lanes (the count form compares whole 256-byte repeats
// only), every byte of the last repeat written.
inline void compare_950(const LocalTensor<uint8_t>& m, const LocalTensor<float>& x, float scalar, CMPMODE mode,
                        uint32_t len, Pos p) {
    SetMaskCount(p);
    SetVectorMask<float, MaskMode::COUNTER>(0, len, p);
    CompareScalar<float, uint8_t, false>(m, x, scalar, mode, MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p);
    SetMaskNorm(p);
    ResetMask(p);
    PipeBarrier<PIPE_V>(p);
}
}  // namespace detail
}  // namespace AscendC

namespace AscendC {
namespace detail {
// The library's rounding composites on Atlas A2 (Ceil, Trunc: ceil_common_impl.h,
// trunc_common_impl.h and their _v220 parts): pieces of the temporary buffer's bytes / sizeof(T)
// elements (half: halved, both rounded down to a multiple of 32); float: a float→float Cast
// with `mode`; half: through float in the temporary buffer.
template <class T>
void rounded(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
             uint32_t count, RoundMode mode, const char* api, Pos p) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
    uint32_t split = tmp.GetSize() / sizeof(T);
    split = (sizeof(T) == sizeof(half) ? split / 2 : split) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (split == 0) {
        ascstep_rt::stop(p, std::string(api) + ": the temporary buffer holds " + std::to_string(tmp.GetSize()) +
                                " bytes, too few for one piece of 32 elements");
    }
    auto in_float = [&](const LocalTensor<float>& d, const LocalTensor<float>& s) {
        Cast<float, float, false>(d, s, mode, MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE},
                                  p);
        PipeBarrier<PIPE_V>(p);
    };
    counter_pieces<T>(count, split, [&](uint32_t at) {
        if constexpr (std::is_same<T, float>::value) {
            in_float(dst[at], src[at]);
        } else {
            via_float(dst[at], src[at], tmp.ReinterpretCast<float>(),
                      [&](const LocalTensor<float>& f) { in_float(f, f); }, p);
        }
    }, p);
}
}  // namespace detail
}  // namespace AscendC
