// The CTRL register's bits (DK:特殊寄存器访问/SetCtrlSpr(ISASI), GetCtrlSpr(ISASI),
// ResetCtrlSpr(ISASI); Atlas A2, A3 and Ascend 950). Each block has its own register, starting
// as ascstep simulates it. The bits that change the vector unit's numerics (docs/semantics.md §6,
// §4.7, §18.3) are simulated in one setting each: a write that keeps them so (a kernel saving
// and restoring them) is taken and read back; a write that changes one stops the kernel naming
// the bit, the value and what ascstep simulates, rather than running the other mode silently.
// Other bits are stored and read back.
#pragma once
#include <array>
#include "kernel_tensor.h"

namespace AscendC {
namespace detail {
struct CtrlField {
    int lo, hi;
    uint64_t simulated;
    const char* what;
    // Both settings simulated (the start value is `simulated`).
    bool both = false;
};
#if __NPU_ARCH__ == 3510
inline constexpr std::array<CtrlField, 8> ctrl_fields{{
    {6, 8, 0, "the atomic mode of moves into GM; ascstep simulates it through SetAtomicAdd/SetAtomicType (docs/semantics.md §18.3)"},
    {9, 10, 0, "the atomic operation of moves into GM; ascstep simulates it through SetAtomicAdd/Max/Min (docs/semantics.md §18.3)"},
    {45, 45, 0, "Mmad's fp8 data read as hifloat8; the Cube is not simulated"},
    {48, 48, 1, "saturation of half arithmetic and of float conversions; ascstep simulates inf and NaN kept (docs/semantics.md §6)"},
    {50, 50, 0, "NaN in fp8 conversions; ascstep simulates 0"},
    {53, 53, 0, "saturation of integer arithmetic; ascstep simulates wrapping (docs/semantics.md §6)"},
    {59, 59, 0, "truncation of float and integer → integer conversions (docs/semantics.md §4.7)", true},
    {60, 60, 1, "where conversions take their saturation: 1 CTRL[59], 0 each instruction (docs/semantics.md §6)", true},
}};
#elif __NPU_ARCH__ == 2201
inline constexpr std::array<CtrlField, 1> ctrl_fields{{
    {48, 48, 1, "saturation of half and bfloat16 results; ascstep simulates the inf/NaN mode (docs/semantics.md §6)"},
}};
#else
inline constexpr std::array<CtrlField, 0> ctrl_fields{};  // no CTRL register API on this product
#endif
inline constexpr bool has_ctrl = !ctrl_fields.empty();
constexpr uint64_t ctrl_start() {
    uint64_t v = 0;
    for (const CtrlField& f : ctrl_fields) v |= f.simulated << f.lo;
    return v;
}
inline uint64_t& ctrl() {
    thread_local uint64_t v = ctrl_start();
    return v;
}
template <int8_t startBit, int8_t endBit>
constexpr uint64_t ctrl_mask() {
    static_assert(0 <= startBit && startBit <= endBit && endBit < 64, "CTRL bits are 0..63, startBit <= endBit");
    return endBit - startBit == 63 ? ~uint64_t(0) : (uint64_t(1) << (endBit - startBit + 1)) - 1;
}
// CTRL[59] on Ascend 950 while CTRL[60] = 1 (saturation set globally): 1 is the truncation mode
// of conversions to integers, recorded as the conversion's `saturate: false` (docs/semantics.md
// §4.7); with CTRL[60] = 0 each instruction sets its own (a register Cast its SatMode, a Memory
// API conversion, which has none, saturates). The text closing a Cast's (or a composite cast's)
// call.
inline std::string cast_tail() {
#if __NPU_ARCH__ == 3510
    return (ctrl() >> 59 & 1) && (ctrl() >> 60 & 1) ? ", saturate: false)" : ")";
#else
    return ")";
#endif
}
[[noreturn]] inline void no_ctrl(const char* api, const Pos& p) {
    ascstep_rt::stop(p, std::string(api) + " is not available on this product (DK:特殊寄存器访问/" + api + "(ISASI): Atlas A2, A3 and Ascend 950)");
}
}  // namespace detail

template <int8_t startBit, int8_t endBit>
void SetCtrlSpr(int64_t value, Pos p = Pos::current()) {
    if constexpr (!detail::has_ctrl) detail::no_ctrl("SetCtrlSpr", p);
    constexpr uint64_t m = detail::ctrl_mask<startBit, endBit>();
    uint64_t next = (detail::ctrl() & ~(m << startBit)) | ((uint64_t(value) & m) << startBit);
    for (const detail::CtrlField& f : detail::ctrl_fields) {
        if (f.hi < startBit || f.lo > endBit) continue;
        uint64_t got = (next >> f.lo) & ((uint64_t(1) << (f.hi - f.lo + 1)) - 1);
        if (got != f.simulated && !f.both) {
            std::string bits = f.lo == f.hi ? ascstep_rt::fmt("CTRL[%d]", f.lo) : ascstep_rt::fmt("CTRL[%d:%d]", f.hi, f.lo);
            ascstep_rt::stop(p, ascstep_rt::fmt("SetCtrlSpr<%d, %d>(%lld) sets ", int(startBit), int(endBit), (long long)value) + bits +
                                    ascstep_rt::fmt(" to %llu, where ascstep simulates only %llu: ", (unsigned long long)got, (unsigned long long)f.simulated) +
                                    f.what);
        }
    }
    detail::ctrl() = next;
}
template <int8_t startBit, int8_t endBit>
int64_t GetCtrlSpr(Pos p = Pos::current()) {
    if constexpr (!detail::has_ctrl) detail::no_ctrl("GetCtrlSpr", p);
    return int64_t((detail::ctrl() >> startBit) & detail::ctrl_mask<startBit, endBit>());
}
template <int8_t startBit, int8_t endBit>
void ResetCtrlSpr(Pos p = Pos::current()) {
    if constexpr (!detail::has_ctrl) detail::no_ctrl("ResetCtrlSpr", p);
    constexpr uint64_t m = detail::ctrl_mask<startBit, endBit>() << startBit;
    detail::ctrl() = (detail::ctrl() & ~m) | (detail::ctrl_start() & m);
}
}  // namespace AscendC
