// The library's Pad and UnPad (adv_api/pad/pad.h; DK:高阶API/张量变换/Pad, UnPad), made of the
// steps of CANN's Atlas A2/A3 implementation (its v220 pad implementation), so a user steps
// through what the device runs (docs/semantics.md §30). The PadTiling/UnPadTiling fields are
// the host's PadTilingFunc/UnPadTilingFunc results (ascstep/pad_tiling.h), used as given.
//
// Pad of a height × width tensor along its width:
// - width 32-byte aligned (its last columns spare): a DataCopy of the whole, then a Duplicate of
//   padValue under a mask of the rightPad columns after oriWidth in each row's last block, up to
//   255 rows a call;
// - otherwise, per output row and per piece of 16·B columns (B = tmpBuffer1BlockNum): src's
//   elements broadcast one per 32-byte block into tmp1 (Brcb, in pieces of 254 repeats), copied
//   block by block into tmp2 after leftPad blocks of padValue (first piece) and before rightPad
//   (last piece), tmp2 transposed in place (TransDataTo5HD) so its first row holds the piece's
//   values, which a strided DataCopy takes to dst's row (rows of width + leftPad + rightPad).
// UnPad: one GatherMask (pattern 7, count width − rightPad per repeat, a row a repeat).
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
struct PadParams {
    uint16_t leftPad = 0;
    uint16_t rightPad = 0;
    int32_t padValue = 0;
};
struct UnPadParams {
    uint16_t leftPad = 0;
    uint16_t rightPad = 0;
};

namespace detail {
namespace pad {
template <class T>
void check(const char* api, Pos p) {
    static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                  "Pad/UnPad: the data types are int16_t, uint16_t, half, int32_t, uint32_t and float");
#if __NPU_ARCH__ != 2201
    ascstep_rt::stop(p, std::string("AscendC::") + api +
                            " is simulated on Atlas A2/A3 only: the other products' library builds it differently "
                            "(docs/semantics.md §30)");
#endif
    (void)api;
    (void)p;
}

// Rows of the aligned case: the last block of each of `rows` rows from `at`, the rightPad columns
// after oriWidth set to padValue.
template <class T>
void aligned(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PadParams& pp, const PadTiling& t, Pos p) {
    const uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    DataCopy(dst, src, t.srcHeight * t.srcWidth, p);
    PipeBarrier<PIPE_V>(p);
    uint64_t mask[2] = {((uint64_t(1) << pp.rightPad) - 1) << (per_block - (t.srcWidth - t.srcOriWidth)), 0};
    for (uint32_t i = 0; i < t.heightFractal; i++) {
        Duplicate<T, true>(dst[i * t.mainLoopOffset + t.widthWithoutLastBlock], static_cast<T>(pp.padValue), mask,
                           uint8_t(t.heightTiling), 1, uint8_t(t.blocksPerRow), p);
    }
    if (t.heightFractalTail) {
        Duplicate<T, true>(dst[t.tailBlockOffset], static_cast<T>(pp.padValue), mask, uint8_t(t.heightFractalTail), 1,
                           uint8_t(t.blocksPerRow), p);
    }
}

// The stream of src's elements, each broadcast to a block of tmp1, refilled a piece at a time.
template <class T>
struct Broadcasts {
    const LocalTensor<T>& src;
    const LocalTensor<T>& tmp1;
    const PadTiling& t;
    uint32_t full, used, piece = 0;

    void refill(Pos p) {
        const bool last = piece == t.brcbFractal;
        const uint32_t at = piece * t.brcbTiling;
        const uint32_t whole = last ? t.brcbFractalTailRepeatTimes : t.brcbTilingRepeatTimes;
        const uint32_t rest = last ? t.brcbFractalTailRepeatTimesTail : t.brcbTilingRepeatTimesTail;
        const uint32_t per_block = ONE_BLK_SIZE / sizeof(T), step = t.maxRepeatTimes * 8;
        for (uint32_t i = 0; i < whole; i++) {
            Brcb(tmp1[i * step * per_block], src[at + i * step], uint8_t(t.maxRepeatTimes), BrcbRepeatParams(1, 8), p);
        }
        if (rest) {
            Brcb(tmp1[whole * step * per_block], src[at + whole * step], uint8_t(rest), BrcbRepeatParams(1, 8), p);
        }
        if (last) full = t.brcbFractalTail;
        piece++;
        used = 0;
    }
    // `n` blocks of the stream into tmp2 from block `to`.
    void take(const LocalTensor<T>& tmp2, uint32_t to, uint32_t n, Pos p) {
        const uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
        while (n) {
            PipeBarrier<PIPE_V>(p);
            if (used == full) {
                refill(p);
                // A tiling of another shape: the stream ends before the rows do.
                if (full == 0 || piece > t.brcbFractal + 1) {
                    ascstep_rt::stop(p, "Pad: the tiling's pieces (brcbFractal " + std::to_string(t.brcbFractal) +
                                            ") end before the rows do; was PadTilingFunc given this shape?");
                }
                continue;
            }
            const uint32_t k = std::min(n, full - used);
            DataCopy(tmp2[to * per_block], tmp1[used * per_block], DataCopyParams(1, uint16_t(k), 0, 0), p);
            used += k;
            to += k;
            n -= k;
        }
    }
};

template <class T>
void unaligned(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PadParams& pp, const LocalTensor<T>& tmp,
               const PadTiling& t, Pos p) {
    const uint32_t per_block = ONE_BLK_SIZE / sizeof(T), blocks = t.tmpBuffer1BlockNum;
    const uint32_t row_len = t.srcWidth + pp.leftPad + pp.rightPad;
    if (blocks == 0) {
        ascstep_rt::stop(p, "Pad: the tiling's tmpBuffer1BlockNum is 0 (PadTilingFunc was given no temporary buffer)");
    }
    const LocalTensor<T> tmp1 = tmp, tmp2 = tmp[t.tmpBuffer2Offset];
    Broadcasts<T> stream{src, tmp1, t, t.tmpBuffer1RowNum, t.tmpBuffer1RowNum};
    TransDataTo5HDParams tp;
    tp.repeatTimes = uint8_t(blocks);
    if (blocks > 1) tp.dstRepStride = tp.srcRepStride = 16;
    uint64_t list[NCHW_CONV_ADDR_LIST_SIZE];
    for (uint32_t i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; i++) list[i] = uint64_t(tmp2[i * per_block].GetPhyAddr());
    const uint16_t lines = sizeof(T) == 2 ? 1 : 2;  // blocks of the transposed first row per 16 blocks
    for (uint32_t row = 0; row < t.srcHeight; row++) {
        for (uint32_t piece = 0; piece <= t.widthFractal; piece++) {
            const bool last = piece == t.widthFractal;
            uint32_t filled = 0;
            if (piece == 0 && pp.leftPad) {
                Duplicate<T, true>(tmp2, static_cast<T>(pp.padValue), per_block, uint8_t(pp.leftPad), 1, 1, p);
                filled = pp.leftPad;
            }
            if (last && pp.rightPad) {
                Duplicate<T, true>(tmp2[(t.widthFractalTailAlingned - pp.rightPad) * per_block],
                                   static_cast<T>(pp.padValue), per_block, uint8_t(pp.rightPad), 1, 1, p);
            }
            const uint32_t wanted = last ? t.widthFractalTailAlingned - filled - pp.rightPad : t.tmpBuffer1RowNum - filled;
            stream.take(tmp2, filled, wanted, p);
            PipeBarrier<PIPE_V>(p);
            TransDataTo5HD<T>(list, list, tp, p);
            PipeBarrier<PIPE_V>(p);
            const LocalTensor<T> out = dst[row * row_len + piece * 16 * blocks];
            const uint32_t groups = last ? t.widthFractalTailAlingned / 16 : blocks;
            if (groups) {
                DataCopy(out, tmp2, DataCopyParams(uint16_t(groups), lines, uint16_t(16 - lines), 0), p);
            }
            if (last && sizeof(T) == 4 && t.widthFractalTailAlingned % 16) {
                const uint32_t done = t.widthFractalTailAlingned / 16 * 16;
                DataCopy(out[done], tmp2[done * 8], DataCopyParams(1, 1, 15, 0), p);
            }
        }
    }
}
}  // namespace pad
}  // namespace detail

template <typename T>
void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams,
         const LocalTensor<uint8_t>& sharedTmpBuffer, PadTiling& tiling, Pos p = Pos::current()) {
    detail::pad::check<T>("Pad", p);
    if (tiling.srcWidth * sizeof(T) % ONE_BLK_SIZE == 0) {
        detail::pad::aligned(dstTensor, srcTensor, padParams, tiling, p);
    } else {
        detail::pad::unaligned(dstTensor, srcTensor, padParams, sharedTmpBuffer.ReinterpretCast<T>(p), tiling, p);
    }
}
template <typename T>
void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams, PadTiling& tiling,
         Pos p = Pos::current()) {
    Pad(dstTensor, srcTensor, padParams, detail::stack_buffer(p), tiling, p);
}

template <typename T>
void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams,
           LocalTensor<uint8_t>& sharedTmpBuffer, UnPadTiling& tiling, Pos p = Pos::current()) {
    (void)sharedTmpBuffer;
    detail::pad::check<T>("UnPad", p);
    GatherMaskParams params;
    params.repeatTimes = uint16_t(tiling.srcHeight);
    params.src0RepeatStride = uint16_t(tiling.srcWidth * sizeof(T) / ONE_BLK_SIZE);
    uint64_t kept = 0;
    GatherMask(dstTensor, srcTensor, uint8_t(REDUCEV2_MODE_SEVEN), true, tiling.srcWidth - unPadParams.rightPad, params,
               kept, p);
    ResetMask(p);
}
template <typename T>
void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams,
           UnPadTiling& tiling, Pos p = Pos::current()) {
    LocalTensor<uint8_t> stack = detail::stack_buffer(p);
    UnPad(dstTensor, srcTensor, unPadParams, stack, tiling, p);
}
}  // namespace AscendC
