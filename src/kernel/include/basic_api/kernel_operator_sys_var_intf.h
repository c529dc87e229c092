// The system values (UB size, block size, workspace, clock, the TPipe pointer) and the calls with
// no effect on data (cache maintenance, task calls).
#pragma once
#include "kernel_operator_vec_gather_intf.h"

namespace AscendC {
// The UB's size (DK:系统资源与变量/GetUBSizeInBytes, GetRuntimeUBSize; the built-in constant
// ASC_UB_SIZE of DK-guide SIMD-BuiltIn关键字): the product's whole UB.
constexpr uint32_t GetUBSizeInBytes() { return ASCSTEP_UB_SIZE; }
inline uint32_t GetRuntimeUBSize() { return ASCSTEP_UB_SIZE; }
// A data block's bytes (basic_api/kernel_operator_sys_var_intf.h: `return ONE_BLK_SIZE;`).
constexpr int16_t GetDataBlockSizeInBytes() { return ONE_BLK_SIZE; }

// Calls with no effect on the simulated data (DK:缓存处理/DataCacheCleanAndInvalid; the
// superkernel task calls WaitPreTaskEnd/SetNextTaskStart): they are not steps.
enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
template <class T, CacheLine entireType = CacheLine::SINGLE_CACHE_LINE, DcciDst dcciDst = DcciDst::CACHELINE_ALL>
void DataCacheCleanAndInvalid(const GlobalTensor<T>&) {}
template <class T, CacheLine entireType = CacheLine::SINGLE_CACHE_LINE, DcciDst dcciDst = DcciDst::CACHELINE_ALL>
void DataCacheCleanAndInvalid(const LocalTensor<T>&) {}
inline void WaitPreTaskEnd() {}
inline void SetNextTaskStart() {}

// The workspace: ascstep keeps no system workspace, so the user's workspace is the whole
// allocation the launch passes.
namespace detail {
inline uint8_t*& sys_workspace() {
    static uint8_t* w = nullptr;
    return w;
}
}  // namespace detail
inline uint8_t* GetUserWorkspace(uint8_t* workspace) { return workspace; }
inline void SetSysWorkspace(uint8_t* workspace) { detail::sys_workspace() = workspace; }
inline uint8_t* GetSysWorkSpacePtr() { return detail::sys_workspace(); }

// A deterministic clock: the number of messages the kernel has sent ascstep so far.
inline int64_t GetSystemCycle() { return int64_t(ascstep_rt::chan().sent); }

inline TPipe* GetTPipePtr() { return tpipe_ptr(); }

inline int64_t GetParaBase() { return ::get_para_base(); }

// Barrier(): CANN's compiler barrier (kfc_comm.h, an empty asm), no effect on data.
inline void Barrier() {}

// Trap (DK:调试接口/异常检测/Trap): the kernel stops itself; "in CPU mode the same as an assert".
// ascstep stops the kernel at the call, as a failed assertion does.
inline void Trap(Pos p = Pos::current()) { ascstep_rt::stop(p, "Trap: the kernel stopped itself"); }
}  // namespace AscendC
