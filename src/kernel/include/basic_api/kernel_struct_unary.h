// UnaryRepeatParams (CANN's kernel_struct_unary.h).
#pragma once
#include "kernel_tpipe.h"

namespace AscendC {
struct UnaryRepeatParams {
    uint16_t dstBlkStride = 1, srcBlkStride = 1;
    uint8_t dstRepStride = 8, srcRepStride = 8;
    UnaryRepeatParams() = default;
    UnaryRepeatParams(uint16_t a, uint16_t b, uint8_t c, uint8_t d) : dstBlkStride(a), srcBlkStride(b), dstRepStride(c), srcRepStride(d) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", dstBlkStride, srcBlkStride, dstRepStride, srcRepStride); }
};
}  // namespace AscendC
