// Ascend 950's scalar atomics on a GM address (DK:原子操作/AtomicAdd, AtomicMax, AtomicMin,
// AtomicCas, AtomicExch): each returns the old value and writes the new one. Recorded as what
// they do, a GetValue of the address and a SetValue of the new value; a launch's blocks run one
// at a time (docs/semantics.md §20), so no other block's access comes between the two.
#pragma once
#include "kernel_tensor.h"

namespace AscendC {
namespace detail {
template <class T, class... Allowed>
constexpr bool atomic_type = (std::is_same_v<T, Allowed> || ...);
template <class T, class F>
T atomic_update(const char* api, __gm__ T* address, F next, const Pos& p) {
#if __NPU_ARCH__ != 3510
    ascstep_rt::stop(p, std::string(api) + " is an Ascend 950 API (DK:原子操作/" + api + "): this product has no scalar atomics on GM");
#endif
    GlobalTensor<T> g(p);
    g.SetGlobalBuffer(address, 1, p);
    T old = g.GetValue(0, p);
    g.SetValue(0, next(old), p);
    return old;
}
}  // namespace detail

template <class T>
T AtomicAdd(__gm__ T* address, T value, Pos p = Pos::current()) {
    static_assert(detail::atomic_type<T, int32_t, uint32_t, float, int64_t, uint64_t>, "AtomicAdd takes int32_t, uint32_t, float, int64_t or uint64_t");
    return detail::atomic_update("AtomicAdd", address, [&](T old) { return T(old + value); }, p);
}
template <class T>
T AtomicMax(__gm__ T* address, T value, Pos p = Pos::current()) {
    static_assert(detail::atomic_type<T, int32_t, uint32_t, float, int64_t, uint64_t>, "AtomicMax takes int32_t, uint32_t, float, int64_t or uint64_t");
    return detail::atomic_update("AtomicMax", address, [&](T old) { return value > old ? value : old; }, p);
}
template <class T>
T AtomicMin(__gm__ T* address, T value, Pos p = Pos::current()) {
    static_assert(detail::atomic_type<T, int32_t, uint32_t, float, int64_t, uint64_t>, "AtomicMin takes int32_t, uint32_t, float, int64_t or uint64_t");
    return detail::atomic_update("AtomicMin", address, [&](T old) { return value < old ? value : old; }, p);
}
template <class T>
T AtomicCas(__gm__ T* address, T value1, T value2, Pos p = Pos::current()) {
    static_assert(detail::atomic_type<T, uint32_t, uint64_t>, "AtomicCas takes uint32_t or uint64_t");
    return detail::atomic_update("AtomicCas", address, [&](T old) { return old == value1 ? value2 : old; }, p);
}
template <class T>
T AtomicExch(__gm__ T* address, T value, Pos p = Pos::current()) {
    static_assert(detail::atomic_type<T, uint32_t, uint64_t>, "AtomicExch takes uint32_t or uint64_t");
    return detail::atomic_update("AtomicExch", address, [&](T) { return value; }, p);
}
}  // namespace AscendC
