// Compare, Compares, Select, and the CmpMask register's calls (DK:比较与选择).
#pragma once
#include "kernel_operator_vec_vconv_intf.h"

namespace AscendC {
template <class T, class U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmp, uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compare(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", cmp: " + name(cmp) + ", count: " + num(count) + ")");
}
template <class T, class U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmp, uint64_t mask, uint8_t repeatTimes,
             const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compare(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", cmp: " + name(cmp) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
// Compares and its old name CompareScalar (DK:比较与选择/Compares): the count form and the mask
// forms, all recorded as Compares.
#define ASCSTEP_COMPARES(NAME)                                                                                             \
    template <class T, class U, class S, class = std::enable_if_t<!detail::is_local<S>::value>>                          \
    void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src, const S& scalar, CMPMODE cmp, uint32_t count,         \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalar) + \
                                ", cmp: " + name(cmp) + ", count: " + num(count) + ")");                                 \
    }                                                                                                                      \
    template <class T, class U, bool isSetMask = true, class S = T, class = std::enable_if_t<!detail::is_local<S>::value>> \
    void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src, const S& scalar, CMPMODE cmp, uint64_t mask,          \
              uint8_t repeatTimes, const UnaryRepeatParams& params, Pos p = Pos::current()) {                          \
        ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalar) + \
                                ", cmp: " + name(cmp) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +             \
                                ", params: " + params.ron() + ")");                                                      \
    }                                                                                                                      \
    template <class T, class U, bool isSetMask = true, class S = T, class = std::enable_if_t<!detail::is_local<S>::value>> \
    void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src, const S& scalar, CMPMODE cmp, const uint64_t mask[],  \
              uint8_t repeatTimes, const UnaryRepeatParams& params, Pos p = Pos::current()) {                          \
        ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalar) + \
                                ", cmp: " + name(cmp) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +             \
                                ", params: " + params.ron() + ")");                                                      \
    }
ASCSTEP_COMPARES(Compares)
ASCSTEP_COMPARES(CompareScalar)
#undef ASCSTEP_COMPARES
// 950's flexible Compares and CompareScalar (DK:比较与选择/Compares（灵活标量位置）): a value or a
// tensor's element on either side, config.scalarTensorIndex choosing between two tensors. T0/T1
// are CANN's unused leading parameters (`CompareScalar<uint8_t>(mask, x, 1.0f, GE, n)` names T0).
#define ASCSTEP_FLEX_COMPARES(NAME)                                                                                   \
    template <class T0 = BinaryDefaultType, class T1 = BinaryDefaultType, bool isSetMask = true,                      \
              const BinaryConfig& config = DEFAULT_BINARY_CONFIG, class T2, class T3, class T4>                       \
    void NAME(const T2& dst, const T3& src0, const T4& src1, CMPMODE cmp, uint32_t count, Pos p = Pos::current()) {   \
        ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) + \
                                ", cmp: " + name(cmp) + ", count: " + num(count) + ")");                              \
    }                                                                                                                 \
    template <class T0 = BinaryDefaultType, class T1 = BinaryDefaultType, bool isSetMask = true,                      \
              const BinaryConfig& config = DEFAULT_BINARY_CONFIG, class T2, class T3, class T4>                       \
    void NAME(const T2& dst, const T3& src0, const T4& src1, CMPMODE cmp, const uint64_t mask, uint8_t repeatTimes,   \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                              \
        ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) + \
                                ", cmp: " + name(cmp) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +          \
                                ", params: " + params.ron() + ")");                                                   \
    }                                                                                                                 \
    template <class T0 = BinaryDefaultType, class T1 = BinaryDefaultType, bool isSetMask = true,                      \
              const BinaryConfig& config = DEFAULT_BINARY_CONFIG, class T2, class T3, class T4>                       \
    void NAME(const T2& dst, const T3& src0, const T4& src1, CMPMODE cmp, const uint64_t mask[], uint8_t repeatTimes, \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                              \
        ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) + \
                                ", cmp: " + name(cmp) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +          \
                                ", params: " + params.ron() + ")");                                                   \
    }
ASCSTEP_FLEX_COMPARES(Compares)
ASCSTEP_FLEX_COMPARES(CompareScalar)
#undef ASCSTEP_FLEX_COMPARES
// Select between two tensors; in VSEL_TENSOR_SCALAR_MODE two tensors are 950's flexible form,
// src1's element the scalar (the default BinaryConfig).
template <class T, class U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, const LocalTensor<T>& src1, SELMODE mode,
            uint32_t count, Pos p = Pos::current()) {
    const char* second = mode == SELMODE::VSEL_TENSOR_SCALAR_MODE ? ", scalar: " : ", src1: ";
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() + second + src1.ron() +
                            ", sel_mode: " + name(mode) + ", count: " + num(count) + ")");
}
// 950's flexible Select (DK:比较与选择/Select（灵活标量位置）): in VSEL_TENSOR_SCALAR_MODE a value or
// a tensor's element on either side, config.scalarTensorIndex choosing between two tensors.
template <class T = BinaryDefaultType, class U = uint8_t, const BinaryConfig& config = DEFAULT_BINARY_CONFIG, class D, class M,
          class S, class V>
void Select(const D& dst, const M& selMask, const S& src0, const V& src1, SELMODE mode, uint32_t count, Pos p = Pos::current()) {
    std::string args = detail::flex_args(src0, src1, config.scalarTensorIndex);
    if constexpr (detail::is_local<S>::value && detail::is_local<V>::value) {
        if (mode != SELMODE::VSEL_TENSOR_SCALAR_MODE) args = "src: " + src0.ron() + ", src1: " + src1.ron();
    }
    // flex_args names the tensor `src`; Select's is `src0`.
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", " + args.replace(0, 4, "src0:") +
                            ", sel_mode: " + name(mode) + ", count: " + num(count) + ")");
}
template <class T, class U, class S, class = std::enable_if_t<!std::is_same_v<S, LocalTensor<T>>>>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, S scalar, SELMODE mode, uint32_t count,
            Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() + ", scalar: " + ascstep_rt::value<T>(scalar) +
                            ", sel_mode: " + name(mode) + ", count: " + num(count) + ")");
}
// The masked forms (a mask or mask words, repeats, BinaryRepeatParams), between two tensors or
// a tensor and a scalar (VSEL_TENSOR_SCALAR_MODE).
namespace detail {
template <class T, class V>
std::string select_second(const V& src1, SELMODE mode) {
    if constexpr (is_local<V>::value) {
        return (mode == SELMODE::VSEL_TENSOR_SCALAR_MODE ? ", scalar: " : ", src1: ") + src1.ron();
    } else {
        return ", scalar: " + ascstep_rt::value<T>(src1);
    }
}
}  // namespace detail
template <class T, class U, bool isSetMask = true, class V>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, const V& src1, SELMODE mode,
            uint64_t mask, uint8_t repeatTimes, const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() +
                            detail::select_second<T>(src1, mode) + ", sel_mode: " + name(mode) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
template <class T, class U, bool isSetMask = true, class V>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, const V& src1, SELMODE mode,
            const uint64_t mask[], uint8_t repeatTimes, const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() +
                            detail::select_second<T>(src1, mode) + ", sel_mode: " + name(mode) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
// The register forms: Select<T, VSEL_CMPMASK_SPR> by the CmpMask register a Compare without
// dst wrote (no sel_mask), and Select<T, U>(dst, selMask, src0, …) in VSEL_TENSOR_SCALAR_MODE;
// both under the mask register (no mask argument: Placeholder).
template <class T, SELMODE selMode>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint8_t repeatTimes,
            const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", sel_mode: " +
                            name(selMode) + ", " + detail::masked<false>(uint64_t(0), repeatTimes) + ", params: " + params.ron() +
                            ")");
}
template <class T, class U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, uint8_t repeatTimes,
            const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() +
                            ", sel_mode: VSEL_TENSOR_SCALAR_MODE, " + detail::masked<false>(uint64_t(0), repeatTimes) +
                            ", params: " + params.ron() + ")");
}

// Compare into the CmpMask register (no dst) and GetCmpMask (DK:比较与选择/Compare,
// GetCmpMask(ISASI); docs/semantics.md §19).
template <class T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmp, uint64_t mask, const BinaryRepeatParams& params,
             Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compare(src0: " + src0.ron() + ", src1: " + src1.ron() + ", cmp: " + name(cmp) + ", mask: " +
                            (isSetMask ? detail::mask_text(mask) : std::string("Placeholder")) + ", params: " + params.ron() + ")");
}
template <class T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmp, const uint64_t mask[], const BinaryRepeatParams& params,
             Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compare(src0: " + src0.ron() + ", src1: " + src1.ron() + ", cmp: " + name(cmp) + ", mask: " +
                            (isSetMask ? detail::mask_text(mask) : std::string("Placeholder")) + ", params: " + params.ron() + ")");
}
template <class T>
void GetCmpMask(const LocalTensor<T>& dst, Pos p = Pos::current()) {
    ascstep_rt::call(p, "GetCmpMask(dst: " + dst.ron() + ")");
}
// SetCmpMask (DK:比较与选择/SetCmpMask(ISASI)): 16 bytes of src into the register, for the
// Select forms without a mask argument (mode 0: the selMask bits; mode 1: the scalar).
template <class T>
void SetCmpMask(const LocalTensor<T>& src, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetCmpMask(src: " + src.ron() + ")");
}
}  // namespace AscendC
