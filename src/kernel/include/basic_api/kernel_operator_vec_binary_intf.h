// The two-source elementwise calls (DK:基础算术, 逻辑计算, 复合计算): Add … MulCast, count and mask forms, each also in CANN's
// exact signature (ASCSTEP_EXACT).
#pragma once
#include "kernel_struct_data_copy.h"
#include "kernel_operator_ctrl_intf.h"
#include <string_view>

namespace AscendC {
namespace detail {
inline std::string mask_text(uint64_t m) { return num(m); }
inline std::string mask_text(const uint64_t* m) { return ascstep_rt::fmt("[%llu, %llu]", (unsigned long long)m[0], (unsigned long long)m[1]); }
template <bool isSetMask, class M>
std::string masked(const M& mask, uint64_t repeat) {
    return std::string("mask: ") + (isSetMask ? mask_text(mask) : std::string("Placeholder")) + ", repeat_times: " + num(repeat);
}
// The end of a two-source call's text: a composite cast's (AddReluCast, SubReluCast, MulCast,
// `cast` true, decided at compile time from the name) carries CTRL[59]'s mode as a Cast does.
constexpr bool cast_name(std::string_view n) { return n.size() > 4 && n.substr(n.size() - 4) == "Cast"; }
template <bool cast>
auto binary_tail() {
    if constexpr (cast)
        return cast_tail();
    else
        return ")";
}
}  // namespace detail

#define ASCSTEP_BINARY(NAME)                                                                                              \
    template <class T, class U = T, class V = T>                                                                          \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, const int32_t& count, \
              Pos p = Pos::current()) {                                                                                \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", count: " + num(count) + detail::binary_tail<detail::cast_name(#NAME)>()); \
    }                                                                                                                     \
    template <class T, bool isSetMask = true, class U = T, class V = T>                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, uint64_t mask,        \
              const uint8_t repeatTimes, const BinaryRepeatParams& params, Pos p = Pos::current()) {                   \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", " +    \
                                detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + detail::binary_tail<detail::cast_name(#NAME)>()); \
    }                                                                                                                     \
    template <class T, bool isSetMask = true, class U = T, class V = T>                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, const uint64_t mask[], \
              const uint8_t repeatTimes, const BinaryRepeatParams& params, Pos p = Pos::current()) {                   \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", " +    \
                                detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + detail::binary_tail<detail::cast_name(#NAME)>()); \
    }                                                                                                                     \
    template <class T, class U, class V, ASCSTEP_EXACT(I, int32_t)>                                                       \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, const I& count) {     \
        NAME(dst, src0, src1, int32_t(count), Pos::current());                                                            \
    }                                                                                                                     \
    template <class T, bool isSetMask = true, class U, class V, ASCSTEP_EXACT(M, uint64_t)>                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, M mask,               \
              const uint8_t repeatTimes, const BinaryRepeatParams& params) {                                             \
        NAME<T, isSetMask, U, V>(dst, src0, src1, uint64_t(mask), repeatTimes, params, Pos::current());                  \
    }                                                                                                                     \
    template <class T, bool isSetMask = true, class U, class V, ASCSTEP_EXACT(M, const uint64_t*)>                        \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, M mask,               \
              const uint8_t repeatTimes, const BinaryRepeatParams& params) {                                             \
        NAME<T, isSetMask, U, V>(dst, src0, src1, (const uint64_t*)mask, repeatTimes, params, Pos::current());           \
    }
ASCSTEP_BINARY(Add)
ASCSTEP_BINARY(Sub)
ASCSTEP_BINARY(Mul)
ASCSTEP_BINARY(Div)
ASCSTEP_BINARY(Max)
ASCSTEP_BINARY(Min)
ASCSTEP_BINARY(And)
ASCSTEP_BINARY(Or)
ASCSTEP_BINARY(AddRelu)
ASCSTEP_BINARY(SubRelu)
ASCSTEP_BINARY(FusedMulAdd)
ASCSTEP_BINARY(MulAddDst)
ASCSTEP_BINARY(MulAddRelu)
ASCSTEP_BINARY(AddReluCast)
ASCSTEP_BINARY(SubReluCast)
ASCSTEP_BINARY(MulCast)
#undef ASCSTEP_BINARY
}  // namespace AscendC
