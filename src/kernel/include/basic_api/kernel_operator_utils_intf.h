// Type utilities, CANN's integer helpers, PopStackBuffer and InitGlobalMemory/Fill.
#pragma once
#include "kernel_operator_dump_tensor_intf.h"

namespace AscendC {
// Type utilities kernels use.
template <bool c, class A, class B>
struct Conditional {
    using type = A;
};
template <class A, class B>
struct Conditional<false, A, B> {
    using type = B;
};
template <class A, class B>
struct IsSameType {
    static constexpr bool value = false;
};
template <class A>
struct IsSameType<A, A> {
    static constexpr bool value = true;
};

// CANN's integer helpers (impl/basic_api/utils/kernel_utils_ceil_oom_que.h), uint32_t as there.
constexpr inline uint32_t DivCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
constexpr inline uint32_t AlignUp(uint32_t a, uint32_t b) { return DivCeil(a, b) * b; }
constexpr inline uint32_t ConstCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
inline uint32_t Ceil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
// The same header's PRELOAD(len): the device preloads `len` units of instruction cache from the
// current pc; it touches no data, and CANN's CPU debug build makes it empty, as here.
#define PRELOAD(len) \
    do {             \
        (void)(len); \
    } while (0)

// DK:资源管理/临时空间管理/PopStackBuffer: all the UB left after the TPipe's buffers, up to the
// UB's end (on __NPU_ARCH__ 2201 64 bytes before it, kept for KFC messages:
// impl/basic_api/kernel_pop_stack_buffer.h GetEndAddress).
inline uint32_t stack_end() {
#if __NPU_ARCH__ == 2201
    return ASCSTEP_UB_SIZE - 64;
#else
    return ASCSTEP_UB_SIZE;
#endif
}
template <class T, TPosition pos>
bool PopStackBuffer(LocalTensor<T>& pop, Pos p = Pos::current()) {
    TPipe* pipe = tpipe_ptr();
    if (pipe == nullptr) ascstep_rt::stop(p, "PopStackBuffer needs a TPipe: it takes the UB after the pipe's buffers");
    if (pipe->used_ + 32 > stack_end()) ascstep_rt::stop(p, "PopStackBuffer: the TPipe's buffers fill the UB, no space is left to pop");
    pop.init(pipe->used_, (stack_end() - pipe->used_) / uint32_t(sizeof(T)), p);
    return true;
}
// InitGlobalMemory (and its name Fill in lib/utils/init_global_memory.h): `size` elements of
// global memory set to `value`, as the library does it (impl/adv_api/detail/utils/
// init_global_memory/init_global_memory_v220_impl.h): Duplicate into the stack buffer (at most
// 255 repeats of 256 bytes), then DataCopyPad bursts into GM; each a step at the call's line.
template <class T>
void InitGlobalMemory(const GlobalTensor<T>& gm, const uint64_t size, const T value, Pos p = Pos::current()) {
    LocalTensor<T> buf;
    PopStackBuffer<T, TPosition::LCM>(buf, p);
    constexpr uint32_t maxBurst = 255 * 256 / sizeof(T);
    const uint32_t pop = buf.GetSize() >= maxBurst ? maxBurst : buf.GetSize();
    const uint64_t round = size / pop, tail = size % pop;
    Duplicate<T>(buf, value, int32_t(pop), p);
    SetFlag<HardEvent::V_MTE3>(0, p);
    WaitFlag<HardEvent::V_MTE3>(0, p);
    DataCopyExtParams params(1, uint32_t(round != 0 ? pop * sizeof(T) : 0), 0, 0, 0);
    uint64_t off = 0;
    for (uint64_t i = 0; i < round; ++i, off += pop) DataCopyPad(gm[off], buf, params, p);
    if (tail != 0) {
        params.blockLen = uint32_t(tail * sizeof(T));
        DataCopyPad(gm[round * pop], buf, params, p);
    }
    PipeBarrier<PIPE_MTE3>(p);
}
template <class T>
void Fill(const GlobalTensor<T>& gm, const uint64_t size, const T value, Pos p = Pos::current()) {
    InitGlobalMemory(gm, size, value, p);
}
}  // namespace AscendC
