// The library's Gelu, FasterGelu and FasterGeluV2 (adv_api/activation/gelu.h; DK:高阶API/激活函数/
// Gelu, FasterGelu, FasterGeluV2), made as CANN's gelu_impl.h makes them on Atlas A2 (docs/
// semantics.md §21.28): in counter mode over pieces of the temporary buffer (its T elements, or
// floats for half with highPrecision, divided by the buffers the formula needs — Gelu 2,
// FasterGelu 1, FasterGeluV2 3, one more to convert half to float with highPrecision — rounded
// down to 32), each piece one repeat of the formula's vector steps with a barrier after each;
// highPerformance takes Reciprocal and Mul where the formula divides. Without a temporary buffer
// the stack buffer serves. Ascend 950's library computes them otherwise: the call stops there.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
namespace detail {
namespace gelu {
template <class T>
struct Bufs {
    LocalTensor<T> a, b, c;
};

#define ASCSTEP_GELU_U(OP, D, S, ...) ASCSTEP_V((OP<T, false>(D, S, ##__VA_ARGS__, MASK_PLACEHOLDER, 1, UnaryRepeatParams(), p)))
#define ASCSTEP_GELU_B(OP, D, S0, S1) ASCSTEP_V((OP<T, false>(D, S0, S1, MASK_PLACEHOLDER, 1, BinaryRepeatParams(), p)))

// dst = x / d, or x · (1/d) with highPerformance (d overwritten then).
template <class T, bool highPerformance>
void divide(const LocalTensor<T>& dst, const LocalTensor<T>& x, const LocalTensor<T>& d, Pos p) {
    if constexpr (highPerformance) {
        ASCSTEP_GELU_U(Reciprocal, d, d);
        ASCSTEP_GELU_B(Mul, dst, x, d);
    } else {
        ASCSTEP_GELU_B(Div, dst, x, d);
    }
}

// Gelu's tanh form, written to avoid overflow: y = 1.5957691216057308·(x + 0.044715·x³),
// x / (e^(−|y|) + 1) · e^(min(y, 0)).
template <class T, bool highPerformance>
void gelu(const LocalTensor<T>& dst, const LocalTensor<T>& x, const Bufs<T>& t, Pos p) {
    ASCSTEP_GELU_B(Mul, t.a, x, x);
    ASCSTEP_GELU_B(Mul, t.b, x, t.a);
    ASCSTEP_GELU_U(Muls, t.a, t.b, T(0.044715));
    ASCSTEP_GELU_B(Add, t.b, x, t.a);
    ASCSTEP_GELU_U(Muls, t.a, t.b, T(1.5957691216057308));
    ASCSTEP_GELU_U(Mins, t.b, t.a, T(0));
    ASCSTEP_GELU_U(Exp, t.b, t.b);
    ASCSTEP_GELU_U(Abs, t.a, t.a);
    ASCSTEP_GELU_U(Muls, t.a, t.a, T(-1));
    ASCSTEP_GELU_U(Exp, t.a, t.a);
    ASCSTEP_GELU_U(Adds, t.a, t.a, T(1));
    divide<T, highPerformance>(t.a, x, t.a, p);
    ASCSTEP_GELU_B(Mul, dst, t.a, t.b);
}

// FasterGelu: x / (1 + e^(−1.702·x)).
template <class T, bool highPerformance>
void faster(const LocalTensor<T>& dst, const LocalTensor<T>& x, const Bufs<T>& t, Pos p) {
    ASCSTEP_GELU_U(Muls, t.a, x, T(-1.702));
    ASCSTEP_GELU_U(Exp, t.a, t.a);
    ASCSTEP_GELU_U(Adds, t.a, t.a, T(1.0));
    divide<T, highPerformance>(dst, x, t.a, p);
}

// FasterGeluV2: x · (sign(x + 1e−12) · (−0.1444·(min(|0.7071·x|, 1.769) − 1.769)² + 0.5) + 0.5),
// the sign as (x + 1e−12) / |x + 1e−12|.
template <class T, bool highPerformance>
void faster_v2(const LocalTensor<T>& dst, const LocalTensor<T>& x, const Bufs<T>& t, Pos p) {
    ASCSTEP_GELU_U(Muls, t.a, x, T(0.7071));
    ASCSTEP_GELU_U(Abs, t.a, t.a);
    ASCSTEP_GELU_U(Mins, t.a, t.a, T(1.769));
    ASCSTEP_GELU_U(Adds, t.a, t.a, T(-1.769));
    ASCSTEP_GELU_B(Mul, t.a, t.a, t.a);
    ASCSTEP_GELU_U(Muls, t.a, t.a, T(-0.1444));
    ASCSTEP_GELU_U(Adds, t.a, t.a, T(0.5));
    ASCSTEP_GELU_U(Adds, t.b, x, T(0.000000000001));
    ASCSTEP_GELU_U(Abs, t.c, t.b);
    divide<T, highPerformance>(t.b, t.b, t.c, p);
    ASCSTEP_GELU_B(Mul, t.a, t.a, t.b);
    ASCSTEP_GELU_U(Adds, t.a, t.a, T(0.5));
    ASCSTEP_GELU_B(Mul, dst, x, t.a);
}
#undef ASCSTEP_GELU_U
#undef ASCSTEP_GELU_B

// The pieces: `bufs` buffers of the formula (plus one to convert half in float when `conv`),
// each the temporary buffer's elements of C / the count rounded down to 32; counter mode over
// the pieces and the tail.
template <class T, class C, uint32_t bufs, class F>
void pieces(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
            uint32_t count, F&& formula, Pos p) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
#if __NPU_ARCH__ != 2201 && __NPU_ARCH__ != 2002
    ascstep_rt::stop(p, std::string(api) + " is simulated with CANN's Atlas A2 steps (gelu_impl.h); on this product the library's steps differ and are not simulated yet (docs/semantics.md §21.28)");
#endif
    constexpr bool conv = !std::is_same<T, C>::value;
    const LocalTensor<C> all = tmp.ReinterpretCast<C>();
    const uint32_t piece = tmp.GetSize() / sizeof(C) / (bufs + (conv ? 1 : 0)) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (piece == 0) {
        ascstep_rt::stop(p, std::string(api) + ": the temporary buffer holds " + std::to_string(tmp.GetSize()) +
                                " bytes, too few for one piece of 32 elements in each of its " +
                                std::to_string(bufs + (conv ? 1 : 0)) + " buffers");
    }
    Bufs<C> t{all, all[piece], all[2 * piece]};
    const LocalTensor<C> f = all[bufs * piece];
    auto one = [&](uint32_t at) {
        if constexpr (conv) {
            Cast<float, half, false>(f, src[at], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                     {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p);
            PipeBarrier<PIPE_V>(p);
            formula(f, f, t);
            Cast<half, float, false>(dst[at], f, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                     {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
            PipeBarrier<PIPE_V>(p);
        } else {
            formula(dst[at], src[at], t);
        }
    };
    counter_pieces<uint8_t>(count, piece, one, p);
}

template <class T, bool highPrecision>
using Calc = typename std::conditional<highPrecision && std::is_same<T, half>::value, float, T>::type;
}  // namespace gelu
}  // namespace detail

#define ASCSTEP_GELU_API(NAME, BUFS, FORMULA)                                                                            \
    template <typename T, bool highPrecision = false, bool highPerformance = false>                                      \
    void NAME(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& sharedTmpBuffer, \
              const uint32_t dataSize, Pos p = Pos::current()) {                                                         \
        using C = detail::gelu::Calc<T, highPrecision>;                                                                  \
        detail::gelu::pieces<T, C, BUFS>(                                                                                \
            #NAME, dstLocal, srcLocal, sharedTmpBuffer, dataSize,                                                        \
            [&](const LocalTensor<C>& d, const LocalTensor<C>& s, const detail::gelu::Bufs<C>& t) {                      \
                detail::gelu::FORMULA<C, highPerformance>(d, s, t, p);                                                   \
            },                                                                                                           \
            p);                                                                                                          \
    }                                                                                                                    \
    template <typename T, bool highPrecision = false, bool highPerformance = false>                                      \
    void NAME(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dataSize,                   \
              Pos p = Pos::current()) {                                                                                  \
        NAME<T, highPrecision, highPerformance>(dstLocal, srcLocal, detail::stack_buffer(p), dataSize, p);               \
    }

ASCSTEP_GELU_API(Gelu, 2, gelu)
ASCSTEP_GELU_API(FasterGelu, 1, faster)
ASCSTEP_GELU_API(FasterGeluV2, 3, faster_v2)
#undef ASCSTEP_GELU_API
}  // namespace AscendC
