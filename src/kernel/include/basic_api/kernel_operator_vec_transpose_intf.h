// ascstep: CANN's basic_api/kernel_operator_vec_transpose_intf.h, TransDataTo5HD
// (DK:数据排布转换/TransDataTo5HD; docs/semantics.md §22): 16 destination and 16 source data
// blocks, each named by its own UB address, as the three documented forms give them (an array
// of addresses, a LocalTensor<uint64_t> holding them, an array of LocalTensors).
#pragma once
#include "../kernel_operator.h"

namespace AscendC {

constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

struct TransDataTo5HDParams {
    bool dstHighHalf = false;
    bool srcHighHalf = false;
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0;
    uint16_t srcRepStride = 0;
    TransDataTo5HDParams() = default;
    TransDataTo5HDParams(bool dstHigh, bool srcHigh, uint8_t repeat, uint16_t dstRep, uint16_t srcRep)
        : dstHighHalf(dstHigh), srcHighHalf(srcHigh), repeatTimes(repeat), dstRepStride(dstRep), srcRepStride(srcRep) {}
};

namespace detail {
// The operand at UB byte address `addr` as T: in the widest T view of this launch that holds
// it, else a T view over the widest view of another type that does; an address in no
// LocalTensor stops the kernel at the call (`what` names the operand: "TransDataTo5HD:
// dstList[3]").
template <class T>
std::string ub_operand_at(uint64_t addr, const std::string& what, const Pos& p) {
    const std::string want = ascstep_rt::Dtype<T>::name;
    const std::tuple<std::string, uint32_t, uint32_t>* best = nullptr;
    const std::tuple<std::string, uint32_t, uint32_t>* other = nullptr;
    for (const auto& [key, id] : ub_views()) {
        const auto& [dtype, at, len] = key;
        uint64_t size = ascstep_rt::dtype_size(dtype.c_str());
        if (addr < at || addr >= at + len * size) continue;
        if (dtype == want && (addr - at) % sizeof(T) == 0) {
            if (!best || len > std::get<2>(*best)) best = &key;
        } else if (!other || len * size > std::get<2>(*other) * ascstep_rt::dtype_size(std::get<0>(*other).c_str())) {
            other = &key;
        }
    }
    if (best) {
        int id = ub_views().at(*best);
        return operand(id, (addr - std::get<1>(*best)) / sizeof(T));
    }
    if (other) {
        uint32_t at = std::get<1>(*other);
        uint64_t bytes = std::get<2>(*other) * ascstep_rt::dtype_size(std::get<0>(*other).c_str());
        int id = ub_view(want.c_str(), at, uint32_t(bytes / sizeof(T)), p);
        return operand(id, (addr - at) / sizeof(T));
    }
    ascstep_rt::stop(p, what + ascstep_rt::fmt(" is UB address %#llx, which is in no LocalTensor of this launch",
                                               (unsigned long long)addr));
}

template <class T>
void trans_data(const uint64_t* dst, const uint64_t* src, const TransDataTo5HDParams& params, const Pos& p) {
    std::string d, s;
    for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; i++) {
        d += (i ? ", " : "") + ub_operand_at<T>(dst[i], "TransDataTo5HD: dstList[" + std::to_string(i) + "]", p);
        s += (i ? ", " : "") + ub_operand_at<T>(src[i], "TransDataTo5HD: srcList[" + std::to_string(i) + "]", p);
    }
    ascstep_rt::call(p, "TransDataTo5HD(dst: [" + d + "], src: [" + s + "], repeat_times: " + num(params.repeatTimes) +
                            ", dst_rep_stride: " + num(params.dstRepStride) + ", src_rep_stride: " + num(params.srcRepStride) +
                            ", dst_high_half: " + (params.dstHighHalf ? "true" : "false") +
                            ", src_high_half: " + (params.srcHighHalf ? "true" : "false") + ")");
}
}  // namespace detail

template <typename T>
void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                    const TransDataTo5HDParams& nchwconvParams, Pos p = Pos::current()) {
    detail::trans_data<T>(dstList, srcList, nchwconvParams, p);
}

template <typename T>
void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                    const TransDataTo5HDParams& nchwconvParams, Pos p = Pos::current()) {
    uint64_t d[NCHW_CONV_ADDR_LIST_SIZE], s[NCHW_CONV_ADDR_LIST_SIZE];
    for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; i++) {
        d[i] = dst.GetValue(i, p);
        s[i] = src.GetValue(i, p);
    }
    detail::trans_data<T>(d, s, nchwconvParams, p);
}

template <typename T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE], const TransDataTo5HDParams& nchwconvParams,
                    Pos p = Pos::current()) {
    uint64_t d[NCHW_CONV_ADDR_LIST_SIZE], s[NCHW_CONV_ADDR_LIST_SIZE];
    for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; i++) {
        d[i] = dstList[i].GetPhyAddr();
        s[i] = srcList[i].GetPhyAddr();
    }
    detail::trans_data<T>(d, s, nchwconvParams, p);
}

// Transpose (DK:数据排布转换/Transpose), the plain form: one 16×16 matrix of 16-bit elements (512
// bytes, uint16_t, int16_t, half), dst[j][i] = src[i][j]. It is TransDataTo5HD's 16-bit pass over
// the matrix's 16 rows (docs/semantics.md §22: destination block j, element i = source block i,
// element j), one repeat, and ascstep records it as that instruction.
template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, Pos p = Pos::current()) {
    static_assert(sizeof(T) == 2, "Transpose: the plain form takes 16-bit elements (uint16_t, int16_t, half)");
    uint64_t d[NCHW_CONV_ADDR_LIST_SIZE], s[NCHW_CONV_ADDR_LIST_SIZE];
    for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; i++) {
        d[i] = dst.GetPhyAddr() + uint64_t(ONE_BLK_SIZE) * i;
        s[i] = src.GetPhyAddr() + uint64_t(ONE_BLK_SIZE) * i;
    }
    detail::trans_data<T>(d, s, TransDataTo5HDParams(false, false, 1, 0, 0), p);
}

// CANN's internal TransDataTo5HDImpl, which kernels also call directly with lists of UB
// pointers (`(__ubuf__ T*)tensor.GetPhyAddr() + n`) or of addresses: TransDataTo5HD itself.
template <typename T>
void TransDataTo5HDImpl(T* dstList[NCHW_CONV_ADDR_LIST_SIZE], T* srcList[NCHW_CONV_ADDR_LIST_SIZE],
                        const TransDataTo5HDParams& params, Pos p = Pos::current()) {
    uint64_t d[NCHW_CONV_ADDR_LIST_SIZE], s[NCHW_CONV_ADDR_LIST_SIZE];
    for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; i++) {
        d[i] = uint64_t(reinterpret_cast<uintptr_t>(dstList[i]));
        s[i] = uint64_t(reinterpret_cast<uintptr_t>(srcList[i]));
    }
    detail::trans_data<T>(d, s, params, p);
}
template <typename T>
void TransDataTo5HDImpl(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                        const TransDataTo5HDParams& params, Pos p = Pos::current()) {
    detail::trans_data<T>(dstList, srcList, params, p);
}

}  // namespace AscendC
