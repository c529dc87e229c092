// ascstep: CANN's basic_api/kernel_common.h, the part kernels use: Ascend 950's Mutex
// (DK:同步控制/核内同步/Mutex(ISASI): Lock, Unlock; AllocMutexID, ReleaseMutexID), which
// synchronises the asynchronous pipes of one core. ascstep runs a core's pipes in program
// order, so a lock changes nothing it computes: Lock and Unlock are accepted and not stepped,
// and its V ↔ S hazard checks see only PipeBarrier and SetFlag/WaitFlag (a scalar read ordered
// by a Mutex alone still warns `scalar-read-without-sync`; docs/semantics.md §17).
#pragma once
#include "../kernel_operator.h"

#if __NPU_ARCH__ == 3510
namespace AscendC {
using MutexID = uint8_t;
class Mutex {
public:
    template <pipe_t pipe>
    static void Lock(MutexID) {}
    template <pipe_t pipe>
    static void Unlock(MutexID) {}
};
// IDs 0–27 for kernels (28–31 are the framework's, the page says): handed out in turn.
inline MutexID AllocMutexID() {
    static uint8_t next = 0;
    MutexID id = next;
    next = uint8_t((next + 1) % 28);
    return id;
}
inline void ReleaseMutexID(MutexID) {}
}  // namespace AscendC
#endif
