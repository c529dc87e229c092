// The library's CumSum (adv_api/math/cumsum.h; DK:高阶API/数学计算/CumSum) on a [outter, inner]
// row-major tensor, made with the steps of CANN's Atlas A2 implementation
// (cumsum_common_impl.h; docs/semantics.md §21.19), so a debugger shows the device's calls:
// - along the last axis (isLastAxis): rows in groups of 16 (as many as the temporary buffer
//   holds) transposed with TransDataTo5HD into [inner, rows rounded up to 16], the columns
//   added row after row in counter mode (half: in float, Cast in and out with CAST_NONE),
//   transposed back and copied to dst with Adds of 0;
// - along the first axis: row i = row i − 1 + src row i in counter mode (half: in float, and
//   the mask is left in counter mode, as CANN's code leaves it);
// - outputLastRow: the last row copied to lastRowTensor.
#pragma once
#include "kernel_operator.h"
#include "adv_api/pieces.h"

namespace AscendC {
enum class CumSumAlgorithm { CUMSUM_ALGORITHM_LINEBYLINE = 0, CUMSUM_ALGORITHM_SKLANSKY = 1 };
struct CumSumConfig {
    bool isLastAxis{true};
    bool isReuseSource{false};
    bool outputLastRow{false};
    CumSumAlgorithm algorithm{CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
};
struct CumSumInfo {
    uint32_t outter{0};
    uint32_t inner{0};  // 32-byte aligned
};
constexpr CumSumConfig defaultCumSumConfig = {true, false, true};

namespace detail {
// 16 UB addresses for TransDataTo5HD, element `at(n)` of `t` for n = 0..15.
template <class T, class F>
void addr_list(uint64_t (&list)[NCHW_CONV_ADDR_LIST_SIZE], const LocalTensor<T>& t, F&& at) {
    for (int32_t n = 0; n < NCHW_CONV_ADDR_LIST_SIZE; n++) {
        list[n] = (uint64_t)t[at(n)].GetPhyAddr();
    }
}

// The running sum down the `rows` rows of `cols` elements of `buf` (float), in counter mode.
inline void add_rows_down(const LocalTensor<float>& buf, uint32_t rows, uint32_t cols, Pos p) {
    const BinaryRepeatParams binary;
    for (uint32_t row = 1; row < rows; ++row) {
        ASCSTEP_V((Add<float, false>(buf[row * cols], buf[(row - 1) * cols], buf[row * cols], MASK_PLACEHOLDER, 1,
                                     binary, p)));
    }
}

// One group of `o` rows along the last axis; `tmp` the temporary buffer as T.
template <class T>
void cumsum_last_dim(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, uint32_t o,
                     uint32_t inner, Pos p) {
    constexpr uint32_t L = NCHW_CONV_ADDR_LIST_SIZE;
    constexpr uint32_t B = ONE_BLK_SIZE / sizeof(T);  // elements per block
    constexpr bool isFloat = sizeof(T) == sizeof(float);
    const uint32_t a = (o + L - 1) / L * L;  // the rows, rounded up to 16
    uint64_t d[L], s[L];
    // 1. src [o, inner] → tmp [inner, a]: the larger of the two sides is the repeat.
    if (o == a && a > inner) {
        const uint8_t repeat = a / L;
        const uint16_t dstRep = repeat > 1 ? (isFloat ? 2 : 1) : 0;
        const uint16_t srcRep = repeat > 1 ? (isFloat ? inner * 2 : inner) : 0;
        for (uint32_t i = 0; i < inner / B; i++) {
            addr_list(s, src, [&](uint32_t n) { return i * B + n * inner; });
            if constexpr (isFloat) {
                // Two half-blocks of eight floats per destination row pair.
                addr_list(d, tmp, [&](uint32_t n) { return (i * B + n / 2) * a + (n % 2) * B; });
            } else {
                addr_list(d, tmp, [&](uint32_t n) { return i * B * a + a * n; });
            }
            TransDataTo5HD<T>(d, s, TransDataTo5HDParams(false, false, repeat, dstRep, srcRep), p);
        }
    } else {
        const uint8_t repeat = inner / B;
        const TransDataTo5HDParams params(false, false, repeat, repeat > 1 ? a : 0, repeat > 1 ? 1 : 0);
        for (uint32_t i = 0; i < a / L; i++) {
            // Rows past `o` repeat the group's first ones.
            addr_list(s, src, [&](uint32_t n) { return (i * L + n % (o - i * L)) * inner; });
            if constexpr (isFloat) {
                addr_list(d, tmp, [&](uint32_t n) { return i * L + (n / 2) * a + (n % 2) * B; });
            } else {
                addr_list(d, tmp, [&](uint32_t n) { return i * L + a * n; });
            }
            TransDataTo5HD<T>(d, s, params, p);
        }
    }
    PipeBarrier<PIPE_V>(p);
    // 2. Each column's running sum, down the inner rows of `a` elements.
    SetMaskCount(p);
    if constexpr (isFloat) {
        SetVectorMask<float>(0, a, p);
        add_rows_down(tmp, inner, a, p);
    } else {
        SetVectorMask<float, MaskMode::COUNTER>(a * inner, p);
        const LocalTensor<float> f = tmp[a * inner].template ReinterpretCast<float>(p);
        ASCSTEP_V((Cast<float, T, false>(f, tmp, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                         {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
        SetVectorMask<float>(0, a, p);
        add_rows_down(f, inner, a, p);
        SetVectorMask<T, MaskMode::COUNTER>(a * inner, p);
        ASCSTEP_V((Cast<T, float, false>(tmp, f, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                         {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
    }
    SetMaskNorm(p);
    ResetMask(p);
    // 3. tmp [inner, a] → back [o, inner], after tmp's [inner, a].
    const LocalTensor<T> back = tmp[a * inner];
    if (a > inner) {
        const uint8_t repeat = (isFloat ? a / L : a / B);
        const uint16_t dstRep = repeat > 1 ? (isFloat ? inner * 2 : inner) : 0;
        const uint16_t srcRep = repeat > 1 ? (isFloat ? 2 : 1) : 0;
        for (uint32_t i = 0; i < inner / (isFloat ? B : L); i++) {
            if constexpr (isFloat) {
                addr_list(s, tmp, [&](uint32_t n) { return i * B * a + (n % 8) * a + (n / 8) * B; });
                addr_list(d, back, [&](uint32_t n) { return i * B + (n / 2 + (n % 2) * B) * inner; });
            } else {
                addr_list(s, tmp, [&](uint32_t n) { return (i * L + n) * a; });
                addr_list(d, back, [&](uint32_t n) { return i * L + n * inner; });
            }
            TransDataTo5HD<T>(d, s, TransDataTo5HDParams(false, false, repeat, dstRep, srcRep), p);
        }
    } else {
        const uint8_t repeat = inner / B;
        const TransDataTo5HDParams params(false, false, repeat, repeat > 1 ? 1 : 0, repeat > 1 ? a : 0);
        for (uint32_t i = 0; i < a / L; i++) {
            if constexpr (isFloat) {
                addr_list(s, tmp, [&](uint32_t n) { return i * L + (n % 8) * a + (n / 8) * B; });
                addr_list(d, back, [&](uint32_t n) { return (i * L + n / 2 + (n % 2) * 8) * inner; });
            } else {
                addr_list(s, tmp, [&](uint32_t n) { return i * L + a * n; });
                addr_list(d, back, [&](uint32_t n) { return (i * L + n) * inner; });
            }
            TransDataTo5HD<T>(d, s, params, p);
        }
    }
    PipeBarrier<PIPE_V>(p);
    // 4. The group's rows to dst.
    SetMaskCount(p);
    SetVectorMask<T>(0, o * inner, p);
    ASCSTEP_V((Adds<T, false>(dst, back, T(0), MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE},
                              p)));
    SetMaskNorm(p);
    ResetMask(p);
}

template <class T>
void cumsum_first_dim(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                      const CumSumInfo& info, Pos p) {
    const BinaryRepeatParams binary;
    SetMaskCount(p);
    if constexpr (sizeof(T) == sizeof(half)) {
        if (tmp.GetSize() < info.outter * info.inner * sizeof(float)) {
            ascstep_rt::stop(p, "CumSum: the temporary buffer holds " + std::to_string(tmp.GetSize()) +
                                    " bytes; along the first axis it needs outter · inner floats, " +
                                    std::to_string(info.outter * info.inner * sizeof(float)));
        }
        SetVectorMask<float, MaskMode::COUNTER>(info.outter * info.inner, p);
        const LocalTensor<float> f = tmp.ReinterpretCast<float>(p);
        ASCSTEP_V((Cast<float, T, false>(f, src, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                         {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE}, p)));
        SetVectorMask<T>(0, info.inner, p);
        add_rows_down(f, info.outter, info.inner, p);
        SetVectorMask<T, MaskMode::COUNTER>(info.outter * info.inner, p);
        ASCSTEP_V((Cast<T, float, false>(dst, f, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                                         {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
    } else {
        SetVectorMask<T>(0, info.inner, p);
        ASCSTEP_V((Adds<T, false>(dst, src, T(0), MASK_PLACEHOLDER, 1,
                                  {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
        for (uint32_t row = 1; row < info.outter; ++row) {
            ASCSTEP_V((Add<T, false>(dst[row * info.inner], dst[(row - 1) * info.inner], src[row * info.inner],
                                     MASK_PLACEHOLDER, 1, binary, p)));
        }
        SetMaskNorm(p);
        ResetMask(p);
    }
}
}  // namespace detail

template <typename T, const CumSumConfig& config = defaultCumSumConfig>
void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor, const LocalTensor<T>& srcTensor,
            LocalTensor<uint8_t>& sharedTmpBuffer, const CumSumInfo& cumSumInfo, Pos p = Pos::current()) {
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Failed to check the data types, current api support data types are half/float.");
    detail::trig_product("CumSum", p, "§21.19");
    if constexpr (config.isLastAxis) {
        // Both transposes need room for 16 rows; half also its float copy.
        const uint32_t castRoom = sizeof(T) == sizeof(half) ? cumSumInfo.inner * NCHW_CONV_ADDR_LIST_SIZE * 2 : 0;
        const uint32_t minRoom = castRoom + NCHW_CONV_ADDR_LIST_SIZE * cumSumInfo.inner * sizeof(T) * 2;
        const uint32_t room = sharedTmpBuffer.GetSize();
        if (minRoom == 0 || room < minRoom) {
            ascstep_rt::stop(p, "CumSum: the temporary buffer holds " + std::to_string(room) +
                                    " bytes; along the last axis it needs at least " + std::to_string(minRoom) +
                                    " (16 rows of inner = " + std::to_string(cumSumInfo.inner) + ")");
        }
        const uint32_t group = room / minRoom * NCHW_CONV_ADDR_LIST_SIZE;
        const uint32_t groups = cumSumInfo.outter / group;
        const uint32_t tail = cumSumInfo.outter - group * groups;
        const LocalTensor<T> tmp = sharedTmpBuffer.ReinterpretCast<T>(p);
        uint32_t at = 0;
        for (uint32_t i = 0; i < groups; i++) {
            detail::cumsum_last_dim<T>(dstTensor[at], srcTensor[at], tmp, group, cumSumInfo.inner, p);
            at += cumSumInfo.inner * group;
        }
        if (tail != 0) {
            detail::cumsum_last_dim<T>(dstTensor[at], srcTensor[at], tmp, tail, cumSumInfo.inner, p);
        }
    } else {
        detail::cumsum_first_dim<T>(dstTensor, srcTensor, sharedTmpBuffer, cumSumInfo, p);
    }
    if constexpr (config.outputLastRow) {
        SetMaskCount(p);
        SetVectorMask<T>(0, cumSumInfo.inner, p);
        ASCSTEP_V((Adds<T, false>(lastRowTensor, dstTensor[(cumSumInfo.outter - 1) * cumSumInfo.inner], T(0),
                                  MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE}, p)));
        SetMaskNorm(p);
        ResetMask(p);
    }
}

template <typename T, const CumSumConfig& config = defaultCumSumConfig>
void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor, const LocalTensor<T>& srcTensor,
            const CumSumInfo& cumSumInfo, Pos p = Pos::current()) {
    LocalTensor<uint8_t> stack = detail::stack_buffer(p);
    CumSum<T, config>(dstTensor, lastRowTensor, srcTensor, stack, cumSumInfo, p);
}
}  // namespace AscendC
