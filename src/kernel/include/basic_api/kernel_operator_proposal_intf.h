// Sorting (DK:排序组合（ISASI）/Sort32, MrgSort, GetMrgSortResult; 高阶API/排序操作/Concat, Extract,
// Sort, MrgSort, GetSortLen, GetSortOffset) as CANN's impl/basic_api/kernel_operator_proposal_intf_impl.h
// makes them on Atlas A2: Sort32 and MrgSort are instructions (docs/semantics.md §24); Concat is
// the scores themselves, Extract two GatherMasks, Sort a Sort32 and, for a full sort, the
// library's rounds of four-way MrgSorts (dav_c220 kernel_operator_proposal_impl.h DoFullSort).
#pragma once
#include "kernel_operator_vec_gather_mask_intf.h"
#include "kernel_utils_constants.h"

namespace AscendC {

struct MrgSort4Info {
    MrgSort4Info() {}
    MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN], const bool ifExhaustedSuspensionIn,
                 const uint16_t validBitIn, const uint16_t repeatTimesIn)
        : ifExhaustedSuspension(ifExhaustedSuspensionIn), validBit(validBitIn), repeatTimes(uint8_t(repeatTimesIn)) {
        for (int32_t i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) elementLengths[i] = elementLengthsIn[i];
    }
    uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0};
    bool ifExhaustedSuspension = false;
    uint16_t validBit = 0;
    uint8_t repeatTimes = 1;
};

template <typename T>
struct MrgSortSrcList {
    MrgSortSrcList() {}
    MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In, const LocalTensor<T>& src3In,
                   const LocalTensor<T>& src4In)
        : src1(src1In), src2(src2In), src3(src3In), src4(src4In) {}
    LocalTensor<T> src1;
    LocalTensor<T> src2;
    LocalTensor<T> src3;
    LocalTensor<T> src4;
};

namespace detail {
// The register MrgSort leaves (VMS4_SR: the structures taken from each list, 16 bits each),
// per AI core as the hardware keeps it.
inline uint64_t& mrg_sort_sr() {
    thread_local uint64_t sr = 0;
    return sr;
}
}  // namespace detail

// Sort32 (DK:排序组合（ISASI）/Sort32): 32 scores and their uint32 indices per repeat into 32
// sorted (score, index) structures.
template <typename T>
void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1, const int32_t repeatTime,
            Pos p = Pos::current()) {
    ascstep_rt::call(p, "Sort32(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() +
                            ", repeat_times: " + num(int64_t(repeatTime)) + ")");
}

// MrgSort (DK:排序组合（ISASI）/MrgSort): the lists validBit marks (3: two, 7: three, 15: four;
// another value is refused by the simulator with the documented values).
template <typename T>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params, Pos p = Pos::current()) {
    const int n = params.validBit == 3 ? 2 : params.validBit == 7 ? 3 : 4;
    const LocalTensor<T>* lists[MRG_SORT_ELEMENT_LEN] = {&src.src1, &src.src2, &src.src3, &src.src4};
    std::string srcs, lens;
    for (int i = 0; i < n; ++i) {
        srcs += (i ? ", " : "") + lists[i]->ron();
        lens += (i ? ", " : "") + num(params.elementLengths[i]);
    }
    std::string ron = "MrgSort(dst: " + dst.ron() + ", src: [" + srcs + "], element_lengths: [" + lens +
                      "], valid_bit: " + num(params.validBit) + ", exhausted_suspension: " +
                      (params.ifExhaustedSuspension ? "true" : "false") + ", repeat_times: " + num(params.repeatTimes);
    if (params.ifExhaustedSuspension) {
        detail::mrg_sort_sr() = detail::returning<uint64_t>(p, ron + ", ret: \"$\")");
        return;
    }
    ascstep_rt::call(p, ron + ")");
    // Without suspension every list is used up.
    uint64_t sr = 0;
    for (int i = 0; i < n; ++i) sr |= uint64_t(params.elementLengths[i]) << (16 * i);
    detail::mrg_sort_sr() = sr;
}

// GetMrgSortResult (DK:排序组合（ISASI）/GetMrgSortResult): the structures the last MrgSort took
// from each list.
inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3, uint16_t& mrgSortList4) {
    const uint64_t sr = detail::mrg_sort_sr();
    mrgSortList1 = uint16_t(sr);
    mrgSortList2 = uint16_t(sr >> 16);
    mrgSortList3 = uint16_t(sr >> 32);
    mrgSortList4 = uint16_t(sr >> 48);
}

// The library's MrgSort (高阶API/排序操作/MrgSort): MrgSort4Info from its arguments and, with
// isExhaustedSuspension, the taken counts in sortedNum.
template <typename T, bool isExhaustedSuspension>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList, const uint16_t elementCountList[4], uint32_t sortedNum[4],
             uint16_t validBit, const int32_t repeatTime, Pos p = Pos::current()) {
    MrgSort(dst, sortList, MrgSort4Info(elementCountList, isExhaustedSuspension, validBit, uint16_t(repeatTime)), p);
    if (isExhaustedSuspension) {
        const uint64_t sr = detail::mrg_sort_sr();
        for (int i = 0; i < 4; ++i) sortedNum[i] = uint32_t((sr >> (16 * i)) & 0xFFFF);
    }
}

// Concat (高阶API/排序操作/Concat): on Atlas A2 the scores are Sort's input as they are.
template <typename T>
void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>& tmp, const int32_t repeatTime,
            Pos p = Pos::current()) {
    (void)tmp;
    (void)repeatTime;
    (void)p;
    concat = src;
}

// Extract (高阶API/排序操作/Extract): the scores and the indices out of the structures, two
// GatherMasks as CANN's Atlas A2 code does them (its half form gathers the indices over twice
// repeatTime repeats: docs/semantics.md §24).
template <typename T>
void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex, const LocalTensor<T>& sorted, const int32_t repeatTime,
             Pos p = Pos::current()) {
    uint64_t rsvdCnt = 0;
    const LocalTensor<uint32_t> words = sorted.template ReinterpretCast<uint32_t>(p);
    const uint16_t rep = uint16_t(repeatTime);
    if constexpr (sizeof(T) == 2) {
        GatherMask(dstValue, sorted, uint8_t(3), false, 0, GatherMaskParams(1, rep, 8, 0), rsvdCnt, p);
        PipeBarrier<PIPE_V>(p);
        GatherMask(dstIndex, words, uint8_t(2), false, 0, GatherMaskParams(1, uint16_t(rep * 2), 8, 0), rsvdCnt, p);
    } else {
        GatherMask(dstValue, sorted, uint8_t(1), false, 0, GatherMaskParams(1, rep, 8, 0), rsvdCnt, p);
        PipeBarrier<PIPE_V>(p);
        GatherMask(dstIndex, words, uint8_t(2), false, 0, GatherMaskParams(1, rep, 8, 0), rsvdCnt, p);
    }
}

namespace detail {
// DoFullSort (dav_c220 kernel_operator_proposal_impl.h): the Sort32 runs merged four at a time,
// round after round, through tmp.
template <typename T>
void full_sort(const LocalTensor<T>& dst, LocalTensor<T>& tmp, const int32_t repeatTime, Pos p) {
    constexpr uint32_t single = 32, structBytes = 8, four = MRG_SORT_ELEMENT_LEN;
    uint32_t loop = 0;
    for (int32_t q = repeatTime; q > 1; q = int32_t((uint32_t(q) + four - 1) / four)) ++loop;
    uint16_t count = single;
    const uint32_t srcElementCount = uint32_t(repeatTime) * single;
    const uint32_t dstElementCount = srcElementCount * structBytes / sizeof(T);
    int32_t totalQue = repeatTime;
    int32_t tailQue = repeatTime % int32_t(four);
    int32_t queNum = totalQue - tailQue;
    int32_t mergeRepeat = repeatTime / int32_t(four);
    DataCopy(tmp, dst, dstElementCount, p);
    PipeBarrier<PIPE_V>(p);
    for (uint32_t i = 0; i < loop; i++) {
        const uint32_t base = count * structBytes / sizeof(T);
        if (mergeRepeat > 0) {
            const uint16_t lens[4] = {count, count, count, count};
            MrgSort(dst, MrgSortSrcList<T>(tmp[0], tmp[base], tmp[2 * base], tmp[3 * base]),
                    MrgSort4Info(lens, false, 0b1111, uint16_t(mergeRepeat)), p);
        }
        PipeBarrier<PIPE_V>(p);
        const uint16_t tail = srcElementCount % count ? uint16_t(srcElementCount % count) : count;
        if (tailQue > 0) {
            uint16_t lens[4] = {count, count, count, count};
            const uint32_t o0 = four * base * uint32_t(mergeRepeat);
            if (tailQue > 1) {
                uint16_t valid = 0b1111;
                if (tailQue == 2) {
                    lens[1] = tail, lens[2] = 0, lens[3] = 0, valid = 0b0011;
                } else if (tailQue == 3) {
                    lens[2] = tail, lens[3] = 0, valid = 0b0111;
                } else {
                    lens[3] = tail;
                }
                MrgSort(dst[o0], MrgSortSrcList<T>(tmp[o0], tmp[o0 + base], tmp[o0 + 2 * base], tmp[o0 + 3 * base]),
                        MrgSort4Info(lens, false, valid, 1), p);
            } else {
                DataCopy(dst[o0], tmp[o0], uint32_t(tail) * (sizeof(T) == 2 ? 4 : 2), p);
            }
        }
        PipeBarrier<PIPE_V>(p);
        DataCopy(tmp, dst, dstElementCount, p);
        PipeBarrier<PIPE_V>(p);
        count = uint16_t(count * four);
        totalQue = totalQue % int32_t(four) ? totalQue / int32_t(four) + 1 : totalQue / int32_t(four);
        tailQue = totalQue % int32_t(four);
        if (tailQue == 0 && tail != count) tailQue = int32_t(four);
        queNum = totalQue - tailQue;
        mergeRepeat = queNum / int32_t(four);
    }
}
}  // namespace detail

// Sort (高阶API/排序操作/Sort, the form without SortConfig): Sort32 over the repeats and, with
// isFullSort, the merge of all of them.
template <typename T, bool isFullSort>
void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp,
          const int32_t repeatTime, Pos p = Pos::current()) {
    Sort32(dst, concat, index, repeatTime, p);
    if constexpr (isFullSort) {
        PipeBarrier<PIPE_V>(p);
        detail::full_sort(dst, tmp, repeatTime, p);
    }
}

// GetSortOffset / GetSortLen (高阶API/排序操作): elements of T per structure on Atlas A2.
template <typename T>
constexpr uint32_t GetSortOffset(const uint32_t elemOffset) {
    return elemOffset * (sizeof(T) == 2 ? 4 : 2);
}
template <typename T>
constexpr uint32_t GetSortLen(const uint32_t elemCount) {
    return elemCount * (sizeof(T) == 2 ? 4 : 2);
}
}  // namespace AscendC
