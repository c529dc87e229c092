// The utility calls of CANN's basic API that kernels call directly: AscendCUtils' mask
// setters and GetRsvdCnt (impl/basic_api/kernel_utils_base.h), and InitOutput, the deprecated name of Fill.
#pragma once
#include "../kernel_operator.h"

namespace AscendC {
class AscendCUtils {
public:
    static constexpr int32_t GetBitSize(int32_t byteSize) { return byteSize * 8; }
    // C0: the 32 bytes of a block, in elements of dtypeSize bytes.
    static constexpr int32_t GetC0Size() { return 32; }
    static constexpr int32_t GetC0Count(const int32_t dtypeSize) { return GetC0Size() / dtypeSize; }
    // The count the last GatherMask left in its register (kernel_utils_base.h get_rsvd_cnt()).
    static inline int64_t GetRsvdCnt() { return int64_t(detail::rsvd_cnt()); }

    template <typename T, bool isSetMask = true>
    static inline void SetMask(const uint64_t& maskHigh, const uint64_t& maskLow, Pos p = Pos::current()) {
        if constexpr (isSetMask) SetVectorMask<T>(maskHigh, maskLow, p);
    }
    // The lanes of `len` elements as CANN computes them: 64 is the low word; the elements of
    // one 32-byte block (8 floats, 16 halves) or 128 and more are every lane; otherwise the
    // first len lanes.
    template <typename T, bool isSetMask = true>
    static inline void SetMask(int32_t len, Pos p = Pos::current()) {
        if constexpr (!isSetMask) return;
        constexpr int32_t typeLen = int32_t(32 / sizeof(T));
        constexpr uint64_t full = ~uint64_t(0);
        if (len == 64) {
            SetVectorMask<T>(0, full, p);
        } else if (len == typeLen || len >= 128) {
            SetVectorMask<T>(full, full, p);
        } else {
            uint64_t high = len > 64 ? (uint64_t(1) << uint32_t(len - 64)) - 1 : 0;
            uint64_t low = len > 64 ? full : (uint64_t(1) << uint32_t(len)) - 1;
            SetVectorMask<T>(high, low, p);
        }
    }
};

// Deprecated in CANN for Fill, which it is.
template <class T>
void InitOutput(GlobalTensor<T> gm, uint32_t size, T value = 0, Pos p = Pos::current()) {
    Fill(gm, uint64_t(size), value, p);
}
}  // namespace AscendC
