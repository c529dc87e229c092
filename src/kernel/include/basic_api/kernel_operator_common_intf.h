// The mask register, the synchronisation calls and the DMA atomic mode.
#pragma once
#include "kernel_operator_data_copy_intf.h"

namespace AscendC {
// The mask register and the synchronisation calls.
inline void SetMaskCount(Pos p = Pos::current()) { ascstep_rt::call(p, "SetMaskCount"); }
inline void SetMaskNorm(Pos p = Pos::current()) { ascstep_rt::call(p, "SetMaskNorm"); }
inline void ResetMask(Pos p = Pos::current()) { ascstep_rt::call(p, "ResetMask"); }
template <class T = half, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetVectorMask(high: " + num(maskHigh) + ", low: " + num(maskLow) + ")");
}
template <class T = half, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(int32_t len, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetVectorMask(len: " + num(len) + ")");
}
template <pipe_t pipe>
void PipeBarrier(Pos p = Pos::current()) {
    ascstep_rt::call(p, std::string("PipeBarrier(pipe: ") + name(pipe) + ")");
}
// SyncAll: every block of the launch reaches it before any goes on (docs/format.md §12.2;
// DK:同步控制/核间同步/SyncAll). The software form's flags in gmWorkspace are not written.
struct SyncAllConfig {
    pipe_t triggerPipe;
    pipe_t waitPipe;
};
constexpr SyncAllConfig DEFAULT_SYNC_ALL_CONFIG = {PIPE_ALL, PIPE_ALL};
template <bool isAIVOnly = true, const SyncAllConfig& config = DEFAULT_SYNC_ALL_CONFIG>
void SyncAll(Pos p = Pos::current()) {
    ascstep_rt::call(p, "SyncAll()");
    ascstep_rt::sync_all();
}
template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>&, const LocalTensor<int32_t>&, const int32_t = 0,
             Pos p = Pos::current()) {
    ascstep_rt::call(p, "SyncAll()");
    ascstep_rt::sync_all();
}
// The DMA atomic mode (DK:原子操作; docs/semantics.md §18.3): later moves into global memory
// add to (take the max, the min with) what is there, in T, until DisableDmaAtomic.
#define ASCSTEP_ATOMIC(NAME)                                                                     \
    template <class T>                                                                           \
    void NAME(Pos p = Pos::current()) {                                                          \
        ascstep_rt::call(p, std::string(#NAME "(dtype: ") + ascstep_rt::Dtype<T>::name + ")");   \
    }
ASCSTEP_ATOMIC(SetAtomicAdd)
ASCSTEP_ATOMIC(SetAtomicMax)
ASCSTEP_ATOMIC(SetAtomicMin)
ASCSTEP_ATOMIC(SetAtomicType)
inline void DisableDmaAtomic(Pos p = Pos::current()) { ascstep_rt::call(p, "DisableDmaAtomic()"); }
inline void SetAtomicNone(Pos p = Pos::current()) { ascstep_rt::call(p, "SetAtomicNone()"); }
template <HardEvent e>
void SetFlag(int32_t id, Pos p = Pos::current()) {
    ascstep_rt::call(p, std::string("SetFlag(event: ") + name(e) + ", id: " + num(id) + ")");
}
template <HardEvent e>
void WaitFlag(int32_t id, Pos p = Pos::current()) {
    ascstep_rt::call(p, std::string("WaitFlag(event: ") + name(e) + ", id: " + num(id) + ")");
}
}  // namespace AscendC
