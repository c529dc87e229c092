// The reductions (DK:归约计算): ReduceSum/Max/Min, Block/Whole/Pair reductions, the 9.1.0 names, and
// the calls that read the reduction registers.
#pragma once
#include "kernel_operator_vec_cmpsel_intf.h"

namespace AscendC {
// isSetMask as CANN declares it (kernel_operator_vec_reduce_intf.h): `false` is RON's
// `is_set_mask: false`, the count taken from the counter-mode mask register where the product
// honours it (docs/semantics.md §2.5).
template <class T, bool isSetMask = true>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const int32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ReduceSum(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", count: " + num(count) +
                            (isSetMask ? ")" : ", is_set_mask: false)"));
}
template <class T>
void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const int32_t count, bool calcIndex = false,
               Pos p = Pos::current()) {
    ascstep_rt::call(p, "ReduceMax(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", count: " + num(count) +
                            ", calc_index: " + (calcIndex ? "true" : "false") + ")");
}
template <class T>
void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const int32_t count, bool calcIndex = false,
               Pos p = Pos::current()) {
    ascstep_rt::call(p, "ReduceMin(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", count: " + num(count) +
                            ", calc_index: " + (calcIndex ? "true" : "false") + ")");
}

#define ASCSTEP_REDUCE(NAME)                                                                                               \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTimes, uint64_t mask,             \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride, Pos p = Pos::current()) { \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + ")");                                          \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTimes, const uint64_t mask[],     \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride, Pos p = Pos::current()) { \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + ")");                                          \
    }
ASCSTEP_REDUCE(PairReduceSum)
ASCSTEP_REDUCE(BlockReduceSum)
ASCSTEP_REDUCE(BlockReduceMax)
ASCSTEP_REDUCE(BlockReduceMin)
#undef ASCSTEP_REDUCE
// RepeatReduceSum's old signature (docs/semantics.md §4.4): repeatTime before mask, then
// dstBlkStride (ignored by the device, checked), srcBlkStride, dstRepStride, srcRepStride.
#define ASCSTEP_REPEAT_REDUCE_SUM(MASK)                                                                                    \
    template <class T, bool isSetMask = true>                                                                              \
    void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTimes, MASK,            \
                         const int32_t dstBlkStride, const int32_t srcBlkStride, const int32_t dstRepStride,             \
                         const int32_t srcRepStride, Pos p = Pos::current()) {                                          \
        ascstep_rt::call(p, "RepeatReduceSum(dst: " + dst.ron() + ", src: " + src.ron() + ", " +                            \
                                detail::masked<isSetMask>(mask, repeatTimes) + ", dst_blk_stride: " + num(dstBlkStride) + \
                                ", src_blk_stride: " + num(srcBlkStride) + ", dst_rep_stride: " + num(dstRepStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + ")");                                         \
    }
ASCSTEP_REPEAT_REDUCE_SUM(uint64_t mask)
ASCSTEP_REPEAT_REDUCE_SUM(const uint64_t mask[])
#undef ASCSTEP_REPEAT_REDUCE_SUM

#define ASCSTEP_WHOLE_REDUCE(NAME, ORDER)                                                                                  \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const int32_t repeatTimes,             \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER,                  \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + order_text + ")");                             \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const int32_t repeatTimes,     \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER,                  \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + order_text + ")");                             \
    }
#define ASCSTEP_NO_ORDER
#define order_text std::string()
ASCSTEP_WHOLE_REDUCE(WholeReduceSum, ASCSTEP_NO_ORDER)
#undef order_text
#define ASCSTEP_ORDER , ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX
#define order_text (std::string(", order: ") + name(order))
ASCSTEP_WHOLE_REDUCE(WholeReduceMax, ASCSTEP_ORDER)
ASCSTEP_WHOLE_REDUCE(WholeReduceMin, ASCSTEP_ORDER)
#undef order_text
#undef ASCSTEP_ORDER
#undef ASCSTEP_NO_ORDER
#undef ASCSTEP_WHOLE_REDUCE

#define ASCSTEP_ORDER_ARG , ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX
#define ASCSTEP_ORDER_TEXT (std::string(", order: ") + name(order))
#define ASCSTEP_CALC_INDEX , bool calIndex = false
#define ASCSTEP_CALC_INDEX_TEXT (std::string(", calc_index: ") + (calIndex ? "true" : "false"))
// The 9.1.0 reduction names (docs/format.md §7): ReduceRepeat, ReduceDataBlock, ReducePairElem.
enum class ReduceType : uint8_t { SUM = 0, MAX, MIN };
inline const char* name(ReduceType r) {
    static const char* n[] = {"SUM", "MAX", "MIN"};
    return n[int(r)];
}
#define ASCSTEP_NEW_REDUCE(NAME, OP, ORDER, ORDER_TEXT)                                                                    \
    template <ReduceType op, class T, class U = T, bool isSetMask = true>                                                \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, uint64_t mask, const int32_t repeatTime,             \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER,                 \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(" OP "dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTime) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + ORDER_TEXT + ")");                             \
    }                                                                                                                      \
    template <ReduceType op, class T, class U = T, bool isSetMask = true>                                                \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[], const int32_t repeatTime,     \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER,                 \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(" OP "dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTime) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + ORDER_TEXT + ")");                             \
    }
#define ASCSTEP_OP_TEXT std::string("op: ") + name(op) + ", " +
ASCSTEP_NEW_REDUCE(ReduceRepeat, + ASCSTEP_OP_TEXT "", ASCSTEP_ORDER_ARG, ASCSTEP_ORDER_TEXT)
ASCSTEP_NEW_REDUCE(ReduceDataBlock, + ASCSTEP_OP_TEXT "", , std::string())
ASCSTEP_NEW_REDUCE(ReducePairElem, "", , std::string())
#undef ASCSTEP_OP_TEXT
#undef ASCSTEP_NEW_REDUCE

// ReduceMax/Min/Sum in the high-dimensional form (mask, repeatTime, srcRepStride).
#define ASCSTEP_WHOLE_MASKED(NAME, INDEX, INDEX_TEXT)                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, uint64_t mask,           \
              const int32_t repeatTime, const int32_t srcRepStride INDEX, Pos p = Pos::current()) {                      \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", " +         \
                                detail::masked<isSetMask>(mask, repeatTime) + ", src_rep_stride: " + num(srcRepStride) + INDEX_TEXT + ")"); \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const uint64_t mask[],   \
              const int32_t repeatTime, const int32_t srcRepStride INDEX, Pos p = Pos::current()) {                      \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", " +         \
                                detail::masked<isSetMask>(mask, repeatTime) + ", src_rep_stride: " + num(srcRepStride) + INDEX_TEXT + ")"); \
    }
ASCSTEP_WHOLE_MASKED(ReduceSum, , std::string())
ASCSTEP_WHOLE_MASKED(ReduceMax, ASCSTEP_CALC_INDEX, ASCSTEP_CALC_INDEX_TEXT)
ASCSTEP_WHOLE_MASKED(ReduceMin, ASCSTEP_CALC_INDEX, ASCSTEP_CALC_INDEX_TEXT)
#undef ASCSTEP_WHOLE_MASKED

// Calls that return a value: ascstep runs them and answers with the value.
namespace detail {
template <class T>
T returning(const Pos& p, const std::string& ron) {
    ascstep_rt::chan().put("Y " + ascstep_rt::at(p) + " " + ascstep_rt::Dtype<T>::name + " " + ron);
    return ascstep_rt::parse<T>(ascstep_rt::chan().line());
}
}  // namespace detail
template <class T>
T GetReduceRepeatSumSpr(Pos p = Pos::current()) {
    return detail::returning<T>(p, "GetReduceRepeatSumSpr(ret: \"$\")");
}
template <class T>
T GetAccVal(Pos p = Pos::current()) {
    return detail::returning<T>(p, "GetReduceRepeatSumSpr(ret: \"$\")");
}
// The untyped forms (impl kernel_operator_vec_reduce_intf_impl.h: `int64_t
// GetReduceRepeatSumSpr()`, `int64_t GetAccVal()`): the register's bits, which kernels
// reinterpret as the float a float ReduceSum left there (docs/semantics.md §19).
inline int64_t GetReduceRepeatSumSpr(Pos p = Pos::current()) {
    float v = detail::returning<float>(p, "GetReduceRepeatSumSpr(ret: \"$\")");
    uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    return int64_t(bits);
}
inline int64_t GetAccVal(Pos p = Pos::current()) { return GetReduceRepeatSumSpr(p); }
// DK:归约计算/寄存器辅助接口/GetReduceRepeatMaxMinSpr: the extreme of the last ReduceRepeat
// MAX/MIN (or ReduceMax/Min) and its index, stored bit-wise as T; one step.
template <class T>
void GetReduceRepeatMaxMinSpr(T& value, T& index, Pos p = Pos::current()) {
    ascstep_rt::chan().put("Y " + ascstep_rt::at(p) + " " + ascstep_rt::Dtype<T>::name + " GetReduceRepeatMaxMinSpr(value: \"$\", index: \"$2\")");
    std::string both = ascstep_rt::chan().line();
    size_t sp = both.find(' ');
    value = ascstep_rt::parse<T>(both.substr(0, sp));
    index = ascstep_rt::parse<T>(sp == std::string::npos ? std::string() : both.substr(sp + 1));
}
template <class T>
void GetReduceRepeatMaxMinSpr(T& value, Pos p = Pos::current()) {
    value = detail::returning<T>(p, "GetReduceRepeatMaxMinSpr(value: \"$\")");
}
}  // namespace AscendC
