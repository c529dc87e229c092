// The library's BroadCast / Broadcast (adv_api/pad/broadcast.h; DK:高阶API/张量变换/Broadcast),
// made with the steps of CANN's Atlas A2 implementation (broadcast_common_impl.h,
// broadcast_v220_impl.h, broadcast_common_utils.h), so a user steps through what the device runs
// (docs/semantics.md §21.6):
// - same size: one counter-mode Copy; a single source element: GetValue (between V_S and S_V
//   flags), then Duplicate;
// - [m, 1] → [m, k] (axis 1): Brcb spreads each source element over a block of the temporary
//   buffer, then a counter-mode Copy of k elements per repeat (a repeat per row, source stride 0)
//   writes the rows; when a row is not a whole number of blocks, the rows go to the buffer
//   rounded up to blocks and a counter-mode GatherMask (pattern 7) packs them into dst; rows are
//   taken in chunks the buffer holds;
// - [1, k] → [m, k] (axis 0; rows of whole blocks only, as the library requires): ORs of the
//   source row with a block of zeros, as uint16: eight rows a call, one block column a repeat
//   (dst block stride = a row), or a counter-mode OR per row when a row has 255 blocks or more;
// - 8-bit types go through half: Cast in, broadcast, Cast back (CAST_NONE).
// The dynamic-shape form with BroadcastTiling (Ascend 950) is declared, not simulated.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"
#include "adv_api/unsimulated.h"

namespace AscendC {
struct BroadcastTiling {
    uint32_t oriRank;
    uint32_t rank;
    uint32_t dstSize;
    uint32_t srcSize;
    uint32_t loopNum = 0;
    uint32_t oriSrcShape[9];
    uint32_t oriDstShape[9];
    uint32_t dstShape[9];
    uint32_t dstStride[9];
    uint32_t srcStride[10];
};

namespace detail {
template <class T>
void brc_same(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t n, Pos p) {
    SetVectorMask<T, MaskMode::COUNTER>(0, n, p);
    Copy<T, false>(dst, src, MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
    PipeBarrier<PIPE_V>(p);
}

template <class T>
void brc_scalar(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t n, Pos p) {
    SetFlag<HardEvent::V_S>(0, p);
    WaitFlag<HardEvent::V_S>(0, p);
    T v = src.GetValue(0, p);
    SetFlag<HardEvent::S_V>(0, p);
    WaitFlag<HardEvent::S_V>(0, p);
    Duplicate(dst, v, int32_t(n), p);
    PipeBarrier<PIPE_V>(p);
}

// Each of `rows` source elements spread over one block of `blocks` (Brcb, 8 a repeat).
template <class T>
void brc_blocks(const LocalTensor<T>& blocks, const LocalTensor<T>& src, uint32_t rows, Pos p) {
    constexpr uint32_t per = ONE_BLK_SIZE / sizeof(T);
    const uint32_t most = sizeof(T) == sizeof(float) ? 255 : 254;
    uint32_t repeats = (rows + 7) / 8;
    for (uint32_t done = 0; done < repeats;) {
        uint32_t n = repeats - done < most ? repeats - done : most;
        Brcb(blocks[done * 8 * per], src[done * 8], uint8_t(n), {1, DEFAULT_REPEAT_STRIDE}, p);
        done += n;
    }
    PipeBarrier<PIPE_V>(p);
}

// [rows, 1] → [rows, k] with rows of whole blocks, or into `rounded` rows of `kb` blocks.
template <class T>
void brc_last_chunk(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t rows,
                    uint32_t k, Pos p) {
    constexpr uint32_t per = ONE_BLK_SIZE / sizeof(T);
    const uint32_t kb = (k + per - 1) / per;
    const bool aligned = k % per == 0;
    brc_blocks(tmp, src, rows, p);
    LocalTensor<T> rowsOut = aligned ? dst : tmp[rows * per];
    SetVectorMask<T, MaskMode::COUNTER>(0, int32_t(aligned ? k : kb * per), p);
    for (uint32_t done = 0; done < rows;) {
        uint32_t n = rows - done < MAX_REPEAT_TIMES ? rows - done : MAX_REPEAT_TIMES;
        Copy<T, false>(rowsOut[done * kb * per], tmp[done * per], MASK_PLACEHOLDER, uint8_t(n),
                       {1, 0, uint16_t(kb), 1}, p);
        done += n;
    }
    PipeBarrier<PIPE_V>(p);
    if (!aligned) {
        // GatherMask's count is not the kernel's: it goes to no scalar.
        GatherMaskParams params{1, uint16_t(rows), uint16_t(kb), 0};
        ascstep_rt::call(p, "GatherMask(dst: " + dst.ron() + ", src0: " + rowsOut.ron() +
                                ", pattern: 7, reduce_mode: true, mask: " + num(k) + ", params: " + params.ron() + ")");
        SetMaskCount(p);
        PipeBarrier<PIPE_V>(p);
    }
}

template <class T>
void brc_last(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t m, uint32_t k,
              Pos p) {
    constexpr uint32_t per = ONE_BLK_SIZE / sizeof(T);
    const uint32_t kb = (k + per - 1) / per;
    const uint32_t least = per * per + (k % per == 0 ? 0 : per * kb * per);
    const uint32_t chunk = tmp.GetSize() / least * per;
    if (chunk == 0) {
        ascstep_rt::stop(p, "BroadCast: the temporary buffer holds " + std::to_string(tmp.GetSize() * sizeof(T)) +
                                " bytes; broadcasting rows of " + std::to_string(k) + " needs at least " +
                                std::to_string(least * sizeof(T)));
    }
    for (uint32_t r = 0; r < m; r += chunk) {
        brc_last_chunk(dst[r * k], src[r], tmp, m - r < chunk ? m - r : chunk, k, p);
    }
}

template <class T>
void brc_first(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t m, uint32_t k,
               Pos p) {
    constexpr uint32_t per = ONE_BLK_SIZE / sizeof(T);
    if (k % per != 0) {
        ascstep_rt::stop(p, "BroadCast along axis 0 needs rows of whole 32-byte blocks (the library's \"Non-alignment is "
                            "not supported\"); a row here is " + std::to_string(k) + " elements");
    }
    LocalTensor<uint16_t> zero = tmp.template ReinterpretCast<uint16_t>();
    LocalTensor<uint16_t> d = dst.template ReinterpretCast<uint16_t>();
    LocalTensor<uint16_t> s = src.template ReinterpretCast<uint16_t>();
    // One block of zeros, by a masked Duplicate in normal mode (the library's count-form
    // Duplicate inside counter mode would leave the register as the count form does).
    SetMaskNorm(p);
    Duplicate(zero, uint16_t(0), uint64_t(ONE_BLK_SIZE / sizeof(uint16_t)), 1, 1, DEFAULT_REPEAT_STRIDE, p);
    PipeBarrier<PIPE_V>(p);
    const uint32_t row16 = k * sizeof(T) / sizeof(uint16_t);
    const uint32_t rowBlocks = k / per;
    if (rowBlocks >= MAX_REPEAT_TIMES) {
        SetMaskCount(p);
        SetVectorMask<T, MaskMode::COUNTER>(0, int32_t(row16), p);
        for (uint32_t i = 0; i < m; i++) {
            Or<uint16_t, false>(d[i * row16], s, zero, MASK_PLACEHOLDER, 1, {1, 1, 0, 8, 8, 0}, p);
        }
    } else {
        SetMaskNorm(p);
        for (uint32_t r = 0; r < m; r += 8) {
            uint32_t rows = m - r < 8 ? m - r : 8;
            SetVectorMask<uint16_t, MaskMode::NORMAL>(int32_t(rows * 16), p);
            Or<uint16_t, false>(d[r * row16], s, zero, MASK_PLACEHOLDER, uint8_t(rowBlocks),
                                {uint8_t(rowBlocks), 0, 0, 1, 1, 0}, p);
        }
    }
    PipeBarrier<PIPE_V>(p);
}

template <class T, int32_t dim, int32_t axis>
void brc_compute(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t* dstShape,
                 const uint32_t* srcShape, const LocalTensor<T>& tmp, Pos p) {
    uint32_t srcSize = 1, dstSize = 1;
    for (int32_t i = 0; i < dim; i++) {
        srcSize *= srcShape[i];
        dstSize *= dstShape[i];
    }
    if (srcSize == dstSize) {
        brc_same(dst, src, dstSize, p);
    } else if (srcSize == 1) {
        brc_scalar(dst, src, dstSize, p);
    } else if constexpr (dim == 2 && axis == 1) {
        brc_last(dst, src, tmp, dstShape[0], dstShape[1], p);
    } else if constexpr (dim == 2 && axis == 0) {
        brc_first(dst, src, tmp, dstShape[0], dstShape[1], p);
    } else {
        ascstep_rt::stop(p, "BroadCast supports dim 1 and 2 with axis 0 or 1 (DK:高阶API/张量变换/Broadcast)");
    }
}
}  // namespace detail

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {
    static_assert(dim == 1 || dim == 2, "BroadCast: dim is 1 or 2");
    static_assert(axis == 0 || axis == 1, "BroadCast: axis is 0 or 1");
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "BroadCast: 8-, 16- or 32-bit elements");
    SetMaskCount(p);
    if constexpr (sizeof(T) == 1) {
        uint32_t srcSize = 1, dstSize = 1;
        for (int32_t i = 0; i < dim; i++) {
            srcSize *= srcShape[i];
            dstSize *= dstShape[i];
        }
        LocalTensor<half> h = sharedTmpBuffer.ReinterpretCast<half>(p);
        const uint32_t srcAlign = (srcSize + 15) / 16 * 16, dstAlign = (dstSize + 15) / 16 * 16;
        LocalTensor<half> srcHalf = h, dstHalf = h[srcAlign], rest = h[srcAlign + dstAlign];
        SetVectorMask<T, MaskMode::COUNTER>(0, int32_t(srcSize), p);
        Cast<half, T, false>(srcHalf, srcLocal, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                             {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p);
        PipeBarrier<PIPE_V>(p);
        detail::brc_compute<half, dim, axis>(dstHalf, srcHalf, dstShape, srcShape, rest, p);
        SetVectorMask<T, MaskMode::COUNTER>(0, int32_t(dstSize), p);
        Cast<T, half, false>(dstLocal, dstHalf, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                             {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p);
        PipeBarrier<PIPE_V>(p);
    } else {
        detail::brc_compute<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape,
                                          sharedTmpBuffer.ReinterpretCast<T>(p), p);
    }
    SetMaskNorm(p);
    ResetMask(p);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], Pos p = Pos::current()) {
    LocalTensor<uint8_t> stack = detail::stack_buffer(p);
    BroadCast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, stack, p);
}

// The page's current name.
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer, Pos p = Pos::current()) {
    BroadCast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, sharedTmpBuffer, p);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], Pos p = Pos::current()) {
    BroadCast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, p);
}

// Ascend 950's dynamic-shape form and its kernel-side tiling: declared so that code naming them
// compiles; a call stops the compile (docs/format.md §12.4).
template <class T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr,
          bool constSrcInnerPad = false>
void Broadcast(const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t*, const uint32_t*, BroadcastTiling*) {
    static_assert(ascstep_rt::unsimulated<T>, "ascstep does not simulate AscendC::Broadcast with BroadcastTiling yet (docs/format.md §12.4)");
}
template <class T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr>
void GetBroadcastTilingInfo(uint32_t, const uint32_t*, const uint32_t*, bool, BroadcastTiling&) {
    static_assert(ascstep_rt::unsimulated<T>, "ascstep does not simulate AscendC::GetBroadcastTilingInfo yet (docs/format.md §12.4)");
}
}  // namespace AscendC
