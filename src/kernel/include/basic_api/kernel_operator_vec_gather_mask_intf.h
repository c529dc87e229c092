// GatherMask (DK:比较与选择/GatherMask).
#pragma once
#include "kernel_operator_common_intf.h"

namespace AscendC {
// GatherMask (DK:比较与选择/GatherMask): rsvdCnt is what ascstep answers. The pattern tensor
// is read as the unsigned type of T's width, as the instruction reads it.
enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
#if __NPU_ARCH__ == 2201
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V2;
#else
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V1;
#endif
struct GatherMaskParams {
    uint8_t src0BlockStride = 1;
    uint16_t repeatTimes = 1, src0RepeatStride = 8;
    uint8_t src1RepeatStride = 8;
    GatherMaskParams() = default;
    GatherMaskParams(uint8_t a, uint16_t b, uint16_t c, uint8_t d) : src0BlockStride(a), repeatTimes(b), src0RepeatStride(c), src1RepeatStride(d) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", src0BlockStride, repeatTimes, src0RepeatStride, src1RepeatStride); }
};
namespace detail {
template <class T>
T returning(const Pos& p, const std::string& ron);
// The register the last GatherMask left its count in (AscendCUtils::GetRsvdCnt), per AI core.
inline uint64_t& rsvd_cnt() {
    thread_local uint64_t n = 0;
    return n;
}
}  // namespace detail
template <class T, class U, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern, const bool reduceMode, const uint32_t mask,
                const GatherMaskParams& params, uint64_t& rsvdCnt, Pos p = Pos::current()) {
    using Bits = std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 1, uint8_t, uint32_t>>;
    LocalTensor<Bits> pattern = src1Pattern.template ReinterpretCast<Bits>(p);
    rsvdCnt = detail::returning<uint64_t>(p, "GatherMask(dst: " + dst.ron() + ", src0: " + src0.ron() + ", pattern: " + pattern.ron() +
                                                 ", reduce_mode: " + (reduceMode ? "true" : "false") + ", mask: " + num(mask) +
                                                 ", params: " + params.ron() + ", ret: \"$\")");
    detail::rsvd_cnt() = rsvdCnt;
}
template <class T, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern, const bool reduceMode, const uint32_t mask,
                const GatherMaskParams& params, uint64_t& rsvdCnt, Pos p = Pos::current()) {
    rsvdCnt = detail::returning<uint64_t>(p, "GatherMask(dst: " + dst.ron() + ", src0: " + src0.ron() + ", pattern: " + num(src1Pattern) +
                                                 ", reduce_mode: " + (reduceMode ? "true" : "false") + ", mask: " + num(mask) +
                                                 ", params: " + params.ron() + ", ret: \"$\")");
    detail::rsvd_cnt() = rsvdCnt;
}
}  // namespace AscendC
