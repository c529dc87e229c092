// Ascend 950's register API (DK:Reg矢量计算; docs/format.md §12.5): its registers and types.
// A RegTensor or MaskReg object is a register ascstep holds (docs/semantics.md §29): each
// constructed object takes a free register slot, declared to ascstep with the variable's
// name; each call of the API is one instruction, recorded as the memory API's calls are.
#pragma once
#include <mutex>
#include <vector>
#include "../kernel_tensor.h"
#include "../kernel_operator_precision_config.h"

#define __simd_vf__
#define __simd_callee__
#define __local_mem__
#define __VEC_SCOPE__

namespace AscendC {
// VL: a vector register's bytes (DK:Reg矢量计算/寄存器数据类型/RegTensor).
__aicore__ constexpr uint32_t GetVecLen() { return 256; }

// The special-purpose registers (DK:系统变量访问/GetSpr, ClearSpr): AR, to which Squeeze's (and
// GatherMask's) STORE_REG adds the bytes it kept and which StoreUnAlign's AR form reads
// (kernel_reg_compute_gather_mask_intf.h): GetSpr reads it, ClearSpr zeroes it.
enum class SpecialPurposeReg { AR = 0 };
namespace detail {
inline int64_t& spr_ar() {
    thread_local int64_t ar = 0;
    return ar;
}
}  // namespace detail
template <SpecialPurposeReg spr>
__aicore__ inline int64_t GetSpr() {
    return detail::spr_ar();
}
template <SpecialPurposeReg spr>
__aicore__ inline void ClearSpr() {
    detail::spr_ar() = 0;
}

namespace MicroAPI {
enum class MaskPattern { ALL, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4, H, Q, ALLF = 15 };
enum class MaskMergeMode { UNKNOWN, MERGING, ZEROING };
enum class PostLiteral { POST_MODE_NORMAL, POST_MODE_UPDATE };
enum class LoadDist {
    DIST_NORM, DIST_BRC_B8, DIST_BRC_B16, DIST_BRC_B32, DIST_US_B8, DIST_US_B16, DIST_DS_B8, DIST_DS_B16,
    DIST_UNPACK_B8, DIST_UNPACK_B16, DIST_BLK, DIST_E2B_B16, DIST_E2B_B32, DIST_UNPACK_B32, DIST_UNPACK4_B8,
    DIST_DINTLV_B8, DIST_DINTLV_B16, DIST_DINTLV_B32
};
enum class StoreDist {
    DIST_NORM, DIST_NORM_B8, DIST_NORM_B16, DIST_NORM_B32, DIST_FIRST_ELEMENT_B8, DIST_FIRST_ELEMENT_B16,
    DIST_FIRST_ELEMENT_B32, DIST_PACK_B16, DIST_PACK_B32, DIST_PACK_B64, DIST_PACK4_B32, DIST_INTLV_B8,
    DIST_INTLV_B16, DIST_INTLV_B32
};
enum class SatMode { UNKNOWN = -1, NO_SAT, SAT };
enum class RegLayout { UNKNOWN = -1, ZERO, ONE, TWO, THREE };
enum class HighLowPart { LOWEST, HIGHEST };
enum class IndexOrder { INCREASE_ORDER, DECREASE_ORDER };
// A mask register's moves (DIST_US on loads and DIST_PACK on stores are both 1, as CANN has them).
enum class MaskDist { DIST_NORM, DIST_US = 1, DIST_DS = 2, DIST_PACK = 1 };
// Cast's configuration (DK:Reg矢量计算/类型转换/Cast): UNKNOWN layout is ZERO, UNKNOWN merge
// ZEROING, UNKNOWN saturation SAT; an UNKNOWN round mode is the device's CAST_HYBRID.
struct CastTrait {
    RegLayout layoutMode = RegLayout::UNKNOWN;
    SatMode satMode = SatMode::UNKNOWN;
    MaskMergeMode mrgMode = MaskMergeMode::UNKNOWN;
    RoundMode roundMode = RoundMode::UNKNOWN;
};
// The SpecificMode of Exp … Div (DK:Reg矢量计算/基础算术): its merge mode and algorithm, passed
// by address as the call's `mode` (`Div<T, &mode>(…)`).
#define ASCSTEP_SPECIFIC(NAME, ALGO) \
    struct NAME {                    \
        MaskMergeMode mrgMode = MaskMergeMode::ZEROING; \
        ALGO algo = ALGO::INTRINSIC; \
    };
ASCSTEP_SPECIFIC(ExpSpecificMode, ExpAlgo)
ASCSTEP_SPECIFIC(LnSpecificMode, LnAlgo)
ASCSTEP_SPECIFIC(LogSpecificMode, LogAlgo)
ASCSTEP_SPECIFIC(Log2SpecificMode, Log2Algo)
ASCSTEP_SPECIFIC(Log10SpecificMode, Log10Algo)
#undef ASCSTEP_SPECIFIC
struct DivSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    bool precisionMode = false;
    DivAlgo algo = DivAlgo::INTRINSIC;
};
struct SqrtSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    bool precisionMode = false;
    SqrtAlgo algo = SqrtAlgo::INTRINSIC;
};
constexpr CastTrait castTrait = {RegLayout::UNKNOWN, SatMode::UNKNOWN, MaskMergeMode::UNKNOWN, RoundMode::UNKNOWN};
struct DefaultType {};
// RegTraitNumOne: one VL register; RegTraitNumTwo: two (b64, complex), not simulated.
struct RegTrait {
    int regNum;
};
constexpr RegTrait RegTraitNumOne = {1};
constexpr RegTrait RegTraitNumTwo = {2};

namespace detail {
// A register's slot: its address in ascstep's register file is REG_BASE + 256·slot. Slots of
// ended objects are taken again first (so a loop's registers stay few).
struct Slots {
    std::mutex lock;
    std::vector<uint32_t> free;
    uint32_t next = 0;
    uint32_t take() {
        std::lock_guard<std::mutex> g(lock);
        if (free.empty()) return next++;
        uint32_t s = free.back();
        free.pop_back();
        return s;
    }
    void give(uint32_t s) {
        std::lock_guard<std::mutex> g(lock);
        free.push_back(s);
    }
};
inline Slots& slots() {
    static Slots s;
    return s;
}
// The register declared at a position in a slot, once per (slot, kind, dtype, position): its
// view id. A loop's declaration at the same place in the same slot is the same register.
inline int reg_view(uint32_t slot, char kind, const char* dtype, const Pos& p) {
    static std::mutex lock;
    static std::map<std::tuple<uint32_t, char, std::string, std::string>, int> ids;
    static uint64_t epoch = 0;
    std::string at = ascstep_rt::at(p);
    std::lock_guard<std::mutex> g(lock);
    if (epoch != ascstep_rt::launch_epoch()) {
        epoch = ascstep_rt::launch_epoch();
        ids.clear();
    }
    auto key = std::make_tuple(slot, kind, std::string(dtype), at);
    auto it = ids.find(key);
    if (it != ids.end()) return it->second;
    int id = 2000000 + int(ids.size());
    ids.emplace(key, id);
    ascstep_rt::chan().put(ascstep_rt::fmt("M %d %u %c %s ", id, slot, kind, dtype) + at);
    return id;
}
// A register object: its slot and view. A MaskReg that CreateMask or UpdateMask returns is
// pending until it is assigned to a variable (the call is then recorded into that variable's
// register) or first used (it then takes a register, named after what it initialises).
template <char Kind>
struct Reg {
    mutable uint32_t slot_ = 0;
    mutable int id_ = -1;
    const char* dtype_;
    mutable std::string pending_;  // the call's text around its dst: "Name(dst: " + … + "\x1f" + rest
    mutable Pos pending_at_;
    Reg(const char* dtype, const Pos& p) : slot_(slots().take()), id_(reg_view(slot_, Kind, dtype, p)), dtype_(dtype) {}
    Reg(const char* dtype, std::string call, const Pos& p) : dtype_(dtype), pending_(std::move(call)), pending_at_(p) {}
    Reg(const Reg&) = delete;
    Reg(Reg&& o) noexcept : slot_(o.slot_), id_(o.id_), dtype_(o.dtype_), pending_(std::move(o.pending_)), pending_at_(o.pending_at_) {
        o.id_ = -1;
        o.pending_.clear();
    }
    Reg& operator=(Reg&& o) noexcept {
        if (!o.pending_.empty()) {
            record(o.pending_, o.pending_at_);
            o.pending_.clear();
        } else {
            std::swap(slot_, o.slot_);
            std::swap(id_, o.id_);
        }
        return *this;
    }
    ~Reg() {
        if (id_ >= 0) slots().give(slot_);
    }
    // Records a pending call with this register as its dst.
    void record(const std::string& call, const Pos& p) const {
        size_t cut = call.find('\x1f');
        ascstep_rt::call(p, call.substr(0, cut) + ron() + call.substr(cut + 1));
    }
    std::string ron() const {
        if (id_ < 0) {
            slot_ = slots().take();
            id_ = reg_view(slot_, Kind, dtype_, pending_.empty() ? Pos::current() : pending_at_);
        }
        if (!pending_.empty()) {
            std::string call = std::move(pending_);
            pending_.clear();
            record(call, pending_at_);
        }
        return AscendC::detail::operand(id_, 0);
    }
    // The register seen as elements of type E (a kernel's `(RegTensor<uint32_t>&)reg`): a view
    // of the same slot.
    template <class E>
    std::string ron_as(const Pos& p) const {
        std::string own = ron();
        if (std::string(dtype_) == ascstep_rt::Dtype<E>::name) return own;
        return AscendC::detail::operand(reg_view(slot_, Kind, ascstep_rt::Dtype<E>::name, p), 0);
    }
};
}  // namespace detail

template <class T, const RegTrait& regTrait = RegTraitNumOne>
struct RegTensor : detail::Reg<'r'> {
    using ActualT = T;
    RegTensor(Pos p = Pos::current()) : detail::Reg<'r'>(ascstep_rt::Dtype<T>::name, p) {
        if (regTrait.regNum != 1) ascstep_rt::stop(p, "RegTensor with RegTraitNumTwo (two registers) is not simulated (docs/format.md §12.5)");
    }
    RegTensor(RegTensor&&) = default;
    RegTensor& operator=(RegTensor&&) = default;
    // A copy is a register of its own, written by Move of every lane (kernel_reg_compute_intf.h),
    // as the device's register copy.
    RegTensor(const RegTensor& o, Pos p = Pos::current());
    RegTensor& operator=(const RegTensor& o);
};

struct MaskReg : detail::Reg<'m'> {
    MaskReg(Pos p = Pos::current()) : detail::Reg<'m'>("uint8", p) {}
    // A mask a call sets once it has a register: `call` holds '\x1f' where its dst goes.
    MaskReg(std::string call, const Pos& p) : detail::Reg<'m'>("uint8", std::move(call), p) {}
    MaskReg(MaskReg&&) = default;
    MaskReg& operator=(MaskReg&&) = default;
    // A copy is a mask register of its own, written by MaskMov (kernel_reg_compute_maskreg_intf.h).
    MaskReg(const MaskReg& o, Pos p = Pos::current());
    MaskReg& operator=(const MaskReg& o);
};

template <SpecialPurposeReg spr>
__simd_callee__ inline void ClearSpr() {
    AscendC::ClearSpr<spr>();
}
template <SpecialPurposeReg spr>
__simd_callee__ inline int64_t GetSpr() {
    return AscendC::GetSpr<spr>();
}

// LocalMemBar: the order of the vector function's own UB accesses; every instruction ascstep
// runs completes before the next (docs/semantics.md §29).
enum class MemType { VEC_STORE, VEC_LOAD, SCALAR_STORE, SCALAR_LOAD };
template <MemType src, MemType dst>
__aicore__ inline void LocalMemBar() {}

namespace detail {
// A UB operand at byte address `addr` (a `__ubuf__ T*` is its UB address): the same-type
// LocalTensor view holding it, else a view of the register's bytes from it.
template <class T>
std::string ub_at(uint64_t addr, const Pos& p) {
    const char* name = ascstep_rt::Dtype<T>::name;
    for (const auto& [key, id] : AscendC::detail::ub_views()) {
        const auto& [dtype, base, len] = key;
        if (dtype == name && addr >= base && addr < base + uint64_t(len) * sizeof(T) && (addr - base) % sizeof(T) == 0)
            return AscendC::detail::operand(id, (addr - base) / sizeof(T));
    }
    int id = AscendC::detail::ub_view(name, uint32_t(addr), GetVecLen() / sizeof(T), p);
    return AscendC::detail::operand(id, 0);
}
template <class T>
uint64_t ub_addr(__ubuf__ T* a) {
    return uint64_t(reinterpret_cast<uintptr_t>(a));
}
}  // namespace detail
}  // namespace MicroAPI
namespace Reg = MicroAPI;
}  // namespace AscendC

// asc_vf_call<F>(args…): calls the vector function (DK:Reg矢量计算/VF调用/asc_vf_call). A UB
// pointer argument passes to a UB pointer parameter of another element type as the device's
// call does (the vendor's cast sample passes float* to a half* parameter in the branch it
// does not take).
namespace ascstep_vf {
template <class To, class From>
To as(From&& f) {
    if constexpr (std::is_pointer_v<std::decay_t<To>> && std::is_pointer_v<std::decay_t<From>>)
        return reinterpret_cast<std::decay_t<To>>(f);
    else
        return static_cast<To>(std::forward<From>(f));
}
template <auto F, class R, class... P, class... A>
void call(R (*)(P...), A&&... a) {
    static_assert(sizeof...(P) == sizeof...(A), "asc_vf_call: the vector function takes another number of arguments");
    F(as<P>(std::forward<A>(a))...);
}
}  // namespace ascstep_vf
template <auto F, class... A>
__aicore__ inline void asc_vf_call(A&&... a) {
    ascstep_vf::call<F>(F, std::forward<A>(a)...);
}
