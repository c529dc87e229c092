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
// CrossCoreSetFlag / CrossCoreWaitFlag (DK:同步控制/核间同步): a core reports its flag, and a wait
// holds the core until every core that should have reported has. Mode 0 (all AIV cores) and
// mode 1 (the two AIV cores of one AI Core): ascstep's blocks are the vector cores, and a wait
// is SyncAll over every block still running, so a kernel that reports and then waits reads what
// every block wrote before its report (mode 1 waits for all blocks, not only the pair's
// neighbour, which orders nothing a correct kernel relies on differently). Modes 2 and 4 pair
// vector cores with the Cube core, which ascstep does not run: a wait there does not hold.
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
void CrossCoreSetFlag(uint16_t flagId, Pos p = Pos::current()) {
    static_assert(modeId == 0 || modeId == 1 || modeId == 2 || modeId == 4, "CrossCoreSetFlag: modeId is 0, 1, 2 or 4");
    (void)flagId;
    (void)p;
}
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
void CrossCoreWaitFlag(uint16_t flagId, Pos p = Pos::current()) {
    static_assert(modeId == 0 || modeId == 1 || modeId == 2 || modeId == 4, "CrossCoreWaitFlag: modeId is 0, 1, 2 or 4");
    (void)flagId;
    if (modeId <= 1) {
        ascstep_rt::call(p, "SyncAll()");
        ascstep_rt::sync_all();
    }
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

// TQueSync<src, dst> (DK:同步控制/核内同步/TQueSync): SetFlag/WaitFlag of the event between the two
// pipes, as SetFlag<HardEvent::SRC_DST>.
namespace detail {
constexpr HardEvent pipe_event(pipe_t src, pipe_t dst) {
    constexpr struct {
        pipe_t s, d;
        HardEvent e;
    } events[] = {{PIPE_MTE2, PIPE_V, HardEvent::MTE2_V},     {PIPE_V, PIPE_MTE2, HardEvent::V_MTE2},
                  {PIPE_MTE3, PIPE_V, HardEvent::MTE3_V},     {PIPE_V, PIPE_MTE3, HardEvent::V_MTE3},
                  {PIPE_V, PIPE_V, HardEvent::V_V},           {PIPE_MTE3, PIPE_MTE2, HardEvent::MTE3_MTE2},
                  {PIPE_MTE2, PIPE_MTE3, HardEvent::MTE2_MTE3}, {PIPE_S, PIPE_V, HardEvent::S_V},
                  {PIPE_V, PIPE_S, HardEvent::V_S},           {PIPE_S, PIPE_MTE2, HardEvent::S_MTE2},
                  {PIPE_MTE2, PIPE_S, HardEvent::MTE2_S},     {PIPE_S, PIPE_MTE3, HardEvent::S_MTE3},
                  {PIPE_MTE3, PIPE_S, HardEvent::MTE3_S},     {PIPE_M, PIPE_V, HardEvent::M_V},
                  {PIPE_V, PIPE_M, HardEvent::V_M},           {PIPE_MTE1, PIPE_V, HardEvent::MTE1_V},
                  {PIPE_V, PIPE_MTE1, HardEvent::V_MTE1},     {PIPE_M, PIPE_S, HardEvent::M_S},
                  {PIPE_FIX, PIPE_S, HardEvent::FIX_S}};
    for (const auto& x : events)
        if (x.s == src && x.d == dst) return x.e;
    return HardEvent::MAX;
}
}  // namespace detail
template <pipe_t src, pipe_t dst>
class TQueSync {
    static constexpr HardEvent event = detail::pipe_event(src, dst);
    static_assert(src != dst || src == PIPE_V, "src/dst pipe cannot be same.");
    static_assert(event != HardEvent::MAX, "TQueSync: ascstep knows no event between these two pipes");

public:
    void SetFlag(TEventID id, Pos p = Pos::current()) { AscendC::SetFlag<event>(id, p); }
    void WaitFlag(TEventID id, Pos p = Pos::current()) { AscendC::WaitFlag<event>(id, p); }
};
}  // namespace AscendC
