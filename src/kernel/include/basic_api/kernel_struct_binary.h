// BinaryRepeatParams (CANN's kernel_struct_binary.h).
#pragma once
#include "kernel_struct_unary.h"

namespace AscendC {
struct BinaryRepeatParams {
    uint8_t dstBlkStride = 1, src0BlkStride = 1, src1BlkStride = 1;
    uint8_t dstRepStride = 8, src0RepStride = 8, src1RepStride = 8;
    BinaryRepeatParams() = default;
    BinaryRepeatParams(uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint8_t e, uint8_t f)
        : dstBlkStride(a), src0BlkStride(b), src1BlkStride(c), dstRepStride(d), src0RepStride(e), src1RepStride(f) {}
    std::string ron() const {
        return ascstep_rt::fmt("[%u, %u, %u, %u, %u, %u]", dstBlkStride, src0BlkStride, src1BlkStride, dstRepStride, src0RepStride, src1RepStride);
    }
};
}  // namespace AscendC
