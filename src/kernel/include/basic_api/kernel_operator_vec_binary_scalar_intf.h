// The tensor–scalar calls (Adds, Muls, Maxs, Mins, Subs, Divs, Ands, Ors with 950's flexible
// scalar; LeakyRelu, ShiftLeft, ShiftRight).
#pragma once
#include "kernel_operator_vec_unary_intf.h"

namespace AscendC {
// The vector–scalar calls with 950's flexible scalar (the "灵活标量位置" pages; docs/format.md
// §7): src0 and src1 are a tensor and a scalar in either order, or two tensors of which the
// one at config.scalarTensorIndex (1 by default: the right) gives its element as the scalar.
// With a value scalar they are the classic calls on every product.
struct BinaryDefaultType {};
struct BinaryConfig {
    int8_t scalarTensorIndex = 1;
};
constexpr BinaryConfig DEFAULT_BINARY_CONFIG = {1};
namespace detail {
template <class X>
struct is_local : std::false_type {};
template <class X>
struct is_local<LocalTensor<X>> : std::true_type {};
// The operands of a flexible call: "src: <tensor>, scalar: <value or element>", and
// `scalar_first` when the scalar stands on the left. The value takes the tensor's type.
template <class S, class V>
std::string flex_args(const S& src0, const V& src1, int8_t index) {
    if constexpr (is_local<S>::value && is_local<V>::value) {
        if (index == 0) return "src: " + src1.ron() + ", scalar: " + src0.ron() + ", scalar_first: true";
        return "src: " + src0.ron() + ", scalar: " + src1.ron();
    } else if constexpr (is_local<S>::value) {
        return "src: " + src0.ron() + ", scalar: " + ascstep_rt::value<typename S::PrimType>(src1);
    } else {
        return "src: " + src1.ron() + ", scalar: " + ascstep_rt::value<typename V::PrimType>(src0) + ", scalar_first: true";
    }
}
}  // namespace detail
#define ASCSTEP_FLEX(NAME)                                                                                                 \
    template <class T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,     \
              class U, class S, class V>                                                                                   \
    void NAME(const U& dst, const S& src0, const V& src1, const int32_t& count, Pos p = Pos::current()) {                  \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) + \
                                ", count: " + num(count) + ")");                                                           \
    }                                                                                                                      \
    template <class T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,     \
              class U, class S, class V>                                                                                   \
    void NAME(const U& dst, const S& src0, const V& src1, uint64_t mask, const uint8_t repeatTimes,                        \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                                   \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) + \
                                ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")"); \
    }                                                                                                                      \
    template <class T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,     \
              class U, class S, class V>                                                                                   \
    void NAME(const U& dst, const S& src0, const V& src1, const uint64_t mask[], const uint8_t repeatTimes,                \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                                   \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) + \
                                ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")"); \
    }
ASCSTEP_FLEX(Adds)
ASCSTEP_FLEX(Muls)
ASCSTEP_FLEX(Maxs)
ASCSTEP_FLEX(Mins)
ASCSTEP_FLEX(Subs)
ASCSTEP_FLEX(Divs)
ASCSTEP_FLEX(Ands)
ASCSTEP_FLEX(Ors)
#undef ASCSTEP_FLEX

#define ASCSTEP_SCALAR(NAME)                                                                                               \
    template <class T, class S, class = std::enable_if_t<!detail::is_local<S>::value>>                                     \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, const int32_t& count,           \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + \
                                ", count: " + num(count) + ")");                                                         \
    }                                                                                                                      \
    template <class T, bool isSetMask = true, class S, class = std::enable_if_t<!detail::is_local<S>::value>>              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, uint64_t mask,                  \
              const uint8_t repeatTimes, const UnaryRepeatParams& params, Pos p = Pos::current()) {                     \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + \
                                ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")"); \
    }                                                                                                                      \
    template <class T, bool isSetMask = true, class S, class = std::enable_if_t<!detail::is_local<S>::value>>              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, const uint64_t mask[],          \
              const uint8_t repeatTimes, const UnaryRepeatParams& params, Pos p = Pos::current()) {                     \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + \
                                ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")"); \
    }
ASCSTEP_SCALAR(LeakyRelu)
ASCSTEP_SCALAR(ShiftLeft)
ASCSTEP_SCALAR(ShiftRight)
#undef ASCSTEP_SCALAR
// ShiftRight's high-dimensional forms with the trailing `roundEn` (DK:逻辑计算/ShiftRight): RON's
// `round_en`, which only some products take (docs/format.md §7).
template <class T, bool isSetMask = true, class S, class = std::enable_if_t<!detail::is_local<S>::value>>
void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, uint64_t mask,
                const uint8_t repeatTimes, const UnaryRepeatParams& params, bool roundEn, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ShiftRight(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) +
                            ", round_en: " + (roundEn ? "true" : "false") + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", params: " + params.ron() + ")");
}
template <class T, bool isSetMask = true, class S, class = std::enable_if_t<!detail::is_local<S>::value>>
void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, const uint64_t mask[],
                const uint8_t repeatTimes, const UnaryRepeatParams& params, bool roundEn, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ShiftRight(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) +
                            ", round_en: " + (roundEn ? "true" : "false") + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", params: " + params.ron() + ")");
}
// ShiftLeft/ShiftRight by a tensor of shift amounts (950; DK:逻辑计算/ShiftLeft（左移位数为Tensor）).
template <class T, class U>
void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ShiftLeft(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", count: " + num(count) + ")");
}
template <class T, class U>
void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ShiftRight(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", count: " + num(count) + ")");
}
}  // namespace AscendC
