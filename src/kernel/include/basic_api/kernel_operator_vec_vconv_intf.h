// Cast, and SetDeqScale with what reads it: CastDequant, AddDeqRelu (DK:类型转换).
#pragma once
#include "kernel_operator_vec_duplicate_intf.h"
#include "kernel_operator_ctrl_intf.h"

namespace AscendC {
template <class T, class U>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& round, const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Cast(dst: " + dst.ron() + ", src: " + src.ron() + ", round: " + name(round) + ", count: " + num(count) + detail::cast_tail());
}
template <class T, class U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& round, uint64_t mask, const uint8_t repeatTimes,
          const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Cast(dst: " + dst.ron() + ", src: " + src.ron() + ", round: " + name(round) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", params: " + params.ron() + detail::cast_tail());
}
template <class T, class U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& round, const uint64_t mask[], const uint8_t repeatTimes,
          const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Cast(dst: " + dst.ron() + ", src: " + src.ron() + ", round: " + name(round) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", params: " + params.ron() + detail::cast_tail());
}

// SetDeqScale and what reads it: CastDequant, AddDeqRelu (DK:类型转换/SetDeqScale,
// DK:复合计算/CastDequant, DK:复合计算/AddDeqRelu; docs/semantics.md §16).
constexpr int32_t VDEQ_TENSOR_SIZE = 16;
struct VdeqInfo {
    VdeqInfo() {}
    VdeqInfo(const float s[VDEQ_TENSOR_SIZE], const int16_t o[VDEQ_TENSOR_SIZE], const bool m[VDEQ_TENSOR_SIZE]) {
        for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
            vdeqScale[i] = s[i];
            vdeqOffset[i] = o[i];
            vdeqSignMode[i] = m[i];
        }
    }
    float vdeqScale[VDEQ_TENSOR_SIZE] = {0};
    int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {0};
    bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {0};
};
inline void SetDeqScale(half scale, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetDeqScale(scale: " + num(float(scale)) + ")");
}
inline void SetDeqScale(float scale, int16_t offset, bool signMode, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetDeqScale(scale: " + num(scale) + ", offset: " + num(offset) + ", sign_mode: " + (signMode ? "true" : "false") + ")");
}
template <class T>
void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& info, Pos p = Pos::current()) {
    std::string s, o, m;
    for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
        const char* sep = i ? ", " : "";
        s += sep + num(info.vdeqScale[i]);
        o += sep + num(info.vdeqOffset[i]);
        m += sep + std::string(info.vdeqSignMode[i] ? "true" : "false");
    }
    ascstep_rt::call(p, "SetDeqScale(vdeq: " + vdeq.ron() + ", scale: [" + s + "], offset: [" + o + "], sign_mode: [" + m + "])");
}
namespace detail {
inline std::string deq_flags(bool vec, bool half_block) {
    return std::string(", vec_deq: ") + (vec ? "true" : "false") + ", half_block: " + (half_block ? "true" : "false");
}
}  // namespace detail
template <class T, class U, bool isVecDeq = true, bool halfBlock = true>
void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "CastDequant(dst: " + dst.ron() + ", src: " + src.ron() + detail::deq_flags(isVecDeq, halfBlock) + ", count: " + num(count) + ")");
}
template <class T, class U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[], uint8_t repeatTime, const UnaryRepeatParams& params,
                 Pos p = Pos::current()) {
    ascstep_rt::call(p, "CastDequant(dst: " + dst.ron() + ", src: " + src.ron() + detail::deq_flags(isVecDeq, halfBlock) + ", " +
                            detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}
template <class T, class U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask, uint8_t repeatTime, const UnaryRepeatParams& params,
                 Pos p = Pos::current()) {
    ascstep_rt::call(p, "CastDequant(dst: " + dst.ron() + ", src: " + src.ron() + detail::deq_flags(isVecDeq, halfBlock) + ", " +
                            detail::masked<isSetMask>(uint64_t(mask), repeatTime) + ", params: " + params.ron() + ")");
}
template <class T, class U>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "AddDeqRelu(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", count: " + num(count) + ")");
}
template <class T, class U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, uint64_t mask, const uint8_t repeatTime,
                const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "AddDeqRelu(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", " +
                            detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}
template <class T, class U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const uint64_t mask[], const uint8_t repeatTime,
                const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "AddDeqRelu(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", " +
                            detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}
}  // namespace AscendC
