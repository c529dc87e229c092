// DumpTensor and printf (DK:调试接口).
#pragma once
#include "kernel_operator_sys_var_intf.h"

namespace AscendC {
// DumpTensor (DK:调试接口/上板打印/DumpTensor): the first dumpSize elements, printed to standard
// output with desc; a read that is not a step.
namespace detail {
inline void dump(int id, uint64_t off, uint32_t desc, uint32_t n, const char* dtype, const char* where) {
    ascstep_rt::chan().put(ascstep_rt::fmt("P %d %llu %u", id, (unsigned long long)off, n));
    std::string values = ascstep_rt::chan().line();
    std::printf("DumpTensor: desc=%u, data_type=%s, position=%s, size=%u\n[%s]\n", desc, dtype, where, n, values.c_str());
    std::fflush(stdout);
}
}  // namespace detail
template <class T>
void DumpTensor(const LocalTensor<T>& t, uint32_t desc, uint32_t dumpSize) {
    detail::dump(t.id_, (t.addr_ - t.base_) / sizeof(T), desc, dumpSize, ascstep_rt::Dtype<T>::name, "UB");
}
template <class T>
void DumpTensor(const GlobalTensor<T>& t, uint32_t desc, uint32_t dumpSize) {
    detail::dump(t.id_, t.off_, desc, dumpSize, ascstep_rt::Dtype<T>::name, "GM");
}

template <class... A>
void printf(const char* f, A... a) {
    std::printf(f, a...);
}
// PRINTF, printf's other name: a function as CANN's (`AscendC::PRINTF(…)` and, with the namespace
// used or not, `PRINTF(…)`).
template <class... A>
void PRINTF(const char* f, A... a) {
    std::printf(f, a...);
}
}  // namespace AscendC
using AscendC::PRINTF;
