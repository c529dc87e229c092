// Brcb (DK:数据填充/Brcb).
#pragma once
#include "kernel_operator_vec_reduce_intf.h"

namespace AscendC {
struct BrcbRepeatParams {
    uint16_t dstBlkStride = 1, dstRepStride = 8;
    BrcbRepeatParams() = default;
    BrcbRepeatParams(uint16_t a, uint16_t b) : dstBlkStride(a), dstRepStride(b) {}
};
template <class T>
void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTimes, const BrcbRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Brcb(dst: " + dst.ron() + ", src: " + src.ron() + ", repeat_times: " + num(repeatTimes) + ", dst_blk_stride: " +
                            num(params.dstBlkStride) + ", dst_rep_stride: " + num(params.dstRepStride) + ")");
}
}  // namespace AscendC
