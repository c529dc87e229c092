// The host side of the library's Pad and UnPad (CANN's tiling/tiling_api.h: GetPadMaxMinTmpSize,
// PadTilingFunc, GetUnPadMaxMinTmpSize, UnPadTilingFunc), computing the PadTiling/UnPadTiling
// fields as CANN's pad tiling does, which the kernel side (adv_api/pad/pad.h) then walks.
#pragma once
#include "ascstep/lib_tiling.h"

namespace AscendC {
namespace detail {
namespace pad {
constexpr uint32_t kBlock = 32, kAddrList = 16, kMaxRepeat = 255, kTmpBuffers = 2;
// Two buffers of 16 blocks per group of 16 elements (the largest: every element at once; the
// least: one group).
inline void tmp_sizes(const ge::Shape& s, uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
    const uint32_t n = uint32_t(s.GetDim(0) * s.GetDim(1));
    const uint32_t per_group = kAddrList * (kBlock / typeSize) * kTmpBuffers * typeSize;
    maxValue = n ? (n - 1) / kAddrList * per_group + per_group : per_group;
    minValue = per_group;
}
}  // namespace pad
}  // namespace detail

inline void GetPadMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
    detail::pad::tmp_sizes(srcShape, typeSize, maxValue, minValue);
}

inline void PadTilingFunc(const ge::Shape& srcShape, const ge::Shape& oriSrcShape, const uint32_t stackBufferSize,
                          const uint32_t typeSize, PadTiling& t) {
    using namespace detail::pad;
    if (typeSize != 2 && typeSize != 4) return;
    const uint32_t height = uint32_t(srcShape.GetDim(0)), width = uint32_t(srcShape.GetDim(1));
    const uint32_t per_block = kBlock / typeSize;
    t.srcHeight = height;
    t.srcWidth = width;
    t.srcOriWidth = uint32_t(oriSrcShape.GetDim(1));
    t.widthWithoutLastBlock = width - per_block;
    t.blocksPerRow = width * typeSize / kBlock;
    t.heightTiling = kMaxRepeat;
    t.heightFractal = height / kMaxRepeat;
    t.heightFractalTail = height % kMaxRepeat;
    t.mainLoopOffset = kMaxRepeat * width;
    t.tailBlockOffset = t.heightFractal * kMaxRepeat * width + t.widthWithoutLastBlock;
    if (stackBufferSize == 0) return;
    // The unaligned case: tmp1 and tmp2 of B groups of 16 blocks each.
    const uint32_t group = kAddrList * kBlock / typeSize;  // elements of 16 blocks
    const uint32_t blocks = stackBufferSize / typeSize / group / kTmpBuffers;
    t.tmpBuffer1BlockNum = blocks;
    t.tmpBuffer1RowNum = kAddrList * blocks;
    t.tmpBuffer2Offset = blocks * group;
    const uint32_t piece = kAddrList * blocks;
    t.widthTiling = piece;
    t.widthFractal = piece ? width / piece : 0;
    t.widthFractalTail = piece ? width % piece : 0;
    t.widthFractalTailAlingned = t.widthFractalTail ? (t.widthFractalTail - 1) / per_block * per_block + per_block : 0;
    t.brcbTiling = piece;
    t.brcbFractal = piece ? height * width / piece : 0;
    t.brcbFractalTail = piece ? height * width % piece : 0;
    t.maxRepeatTimes = 254;  // 255 repeats of 8 blocks would end off a 32-byte boundary
    t.brcbTilingRepeatTimes = piece / 8 / 254;
    t.brcbTilingRepeatTimesTail = piece / 8 % 254;
    t.brcbFractalTailRepeatTimes = t.brcbFractalTail / 8 / 254;
    t.brcbFractalTailRepeatTimesTail = t.brcbFractalTail / 8 % 254;
}

// UnPad on Atlas A2/A3 and Ascend 950 needs no temporary buffer (its GatherMask works in place).
template <class Platform>
void GetUnPadMaxMinTmpSize(const Platform&, const ge::Shape&, const uint32_t, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = 0;
    minValue = 0;
}

inline void UnPadTilingFunc(const ge::Shape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                            UnPadTiling& t) {
    using namespace detail::pad;
    if (typeSize != 2 && typeSize != 4) return;
    t.srcHeight = uint32_t(srcShape.GetDim(0));
    t.srcWidth = uint32_t(srcShape.GetDim(1));
    if (stackBufferSize == 0) return;
    const uint32_t group = kAddrList * kBlock / typeSize;
    const uint32_t blocks = stackBufferSize / typeSize / group / kTmpBuffers;
    t.tmpBuffer1BlockNum = blocks;
    t.tmpBuffer1RowNum = kAddrList * blocks;
    t.tmpBuffer2Offset = blocks * group;
    t.widthTiling = kAddrList * blocks;
    if (blocks == 0) return;
    // A tail piece counts as a piece; without one the last piece is whole.
    t.widthFractal = t.srcWidth / t.widthTiling;
    t.widthFractalTail = t.srcWidth % t.widthTiling;
    if (t.widthFractalTail) {
        t.widthFractal += 1;
    } else {
        t.widthFractalTail = t.widthTiling;
    }
}
}  // namespace AscendC
