// Gather and Gatherb (DK:离散与聚合).
#pragma once
#include "kernel_operator_vec_gather_mask_intf.h"

namespace AscendC {
// Gather (DK:离散与聚合/Gather): byte offsets in a uint32 tensor.
template <class T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
            const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Gather(dst: " + dst.ron() + ", src: " + src.ron() + ", offset: " + srcOffset.ron() + ", base_addr: " + num(srcBaseAddr) +
                            ", count: " + num(count) + ")");
}
template <class T, bool isSetMask = true>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
            const uint64_t mask, const uint8_t repeatTime, const uint16_t dstRepStride, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Gather(dst: " + dst.ron() + ", src: " + src.ron() + ", offset: " + srcOffset.ron() + ", base_addr: " + num(srcBaseAddr) +
                            ", " + detail::masked<isSetMask>(mask, repeatTime) + ", dst_rep_stride: " + num(dstRepStride) + ")");
}
template <class T, bool isSetMask = true>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
            const uint64_t mask[], const uint8_t repeatTime, const uint16_t dstRepStride, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Gather(dst: " + dst.ron() + ", src: " + src.ron() + ", offset: " + srcOffset.ron() + ", base_addr: " + num(srcBaseAddr) +
                            ", " + detail::masked<isSetMask>(mask, repeatTime) + ", dst_rep_stride: " + num(dstRepStride) + ")");
}

// Gatherb (DK:离散与聚合/Gatherb(ISASI)): whole 32-byte blocks at the offsets' byte positions;
// of GatherRepeatParams only dstBlkStride and dstRepStride are used (the rest are reserved).
struct GatherRepeatParams {
    uint32_t blockNumber = 8;
    uint16_t dstRepStride = 8;
    uint8_t dstBlkStride = 1, src0BlkStride = 1, src1BlkStride = 1, src0RepStride = 8, src1RepStride = 8;
    bool repeatStrideMode = false, strideSizeMode = false;
    GatherRepeatParams() = default;
    GatherRepeatParams(uint8_t a, uint8_t b) : dstRepStride(b), dstBlkStride(a) {}
};
template <class T>
void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& offset, const uint8_t repeatTime,
             const GatherRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Gatherb(dst: " + dst.ron() + ", src: " + src.ron() + ", offset: " + offset.ron() + ", repeat_times: " + num(repeatTime) +
                            ", dst_blk_stride: " + num(params.dstBlkStride) + ", dst_rep_stride: " + num(params.dstRepStride) + ")");
}
}  // namespace AscendC
